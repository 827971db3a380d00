//! The command-line tools: known answers, and bad arguments rejected with a
//! non-zero exit and a message instead of a panic.

use std::process::{Command, Output};

fn jiangjun(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jiangjun")).args(args).output().expect("run jiangjun")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_counts_kiwipete() {
    let o = jiangjun(&["perft", "3", "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("Nodes searched: 97862"), "{}", stdout(&o));
}

#[test]
fn bad_fen_is_an_error() {
    let o = jiangjun(&["perft", "2", "--fen", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("invalid FEN"), "{}", stderr(&o));
}

#[test]
fn analyze_finds_mate_in_one() {
    // Scholar's mate: Qxf7#.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let o = jiangjun(&["analyze", "--fen", fen, "--depth", "4", "--hash", "1"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("Qxf7#"), "{out}");
}

#[test]
fn param_errors_are_reported() {
    for bad in ["no_such_param=1", "mdp_on", "mdp_on=x", "mdp_on=7"] {
        let o = jiangjun(&["--param", bad, "perft", "1"]);
        assert_eq!(o.status.code(), Some(2), "--param {bad}");
        assert!(stderr(&o).contains("--param"), "{bad}: {}", stderr(&o));
    }
}

#[test]
fn param_needs_a_tune_build() {
    let o = jiangjun(&["--param", "mdp_on=0", "perft", "1"]);
    if cfg!(feature = "tune") {
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("Nodes searched: 20"));
    } else {
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("--features tune"), "{}", stderr(&o));
    }
}
