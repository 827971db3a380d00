//! `--syzygy PATH` on the command line: `analyze`, `eval` and `epd` read
//! the tables, and a damaged set is an error with a non-zero exit.

use std::fs;
use std::process::{Command, Output};

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
/// K+Q v K+R, White wins: DTZ 3 (the queen forks king and rook).
const WON: &str = "8/8/8/3k4/8/8/6r1/KQ6 w - - 0 1";

fn jiangjun(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jiangjun")).args(args).output().expect("run jiangjun")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn analyze_prints_the_verdict_and_a_tablebase_score() {
    let o = jiangjun(&["analyze", "--fen", WON, "--depth", "6", "--hash", "1", "--syzygy", TABLES]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("found 70 tablebases"), "{out}");
    assert!(out.contains("tablebase: win (DTZ 3) for the side to move"), "{out}");
    assert!(out.contains("score +200.00"), "{out}");
}

#[test]
fn eval_prints_the_verdict() {
    let o = jiangjun(&["eval", "--fen", "8/3k4/8/8/8/r7/6R1/4K3 w - - 0 1", "--syzygy", TABLES]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("tablebase: draw for the side to move"), "{}", stdout(&o));
    let o = jiangjun(&["eval", "--fen", WON, "--syzygy", "/nonexistent"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("tablebase: not in the tables (found 0 tablebases"), "{}", stdout(&o));
}

#[test]
fn epd_takes_the_tables() {
    let dir = std::env::temp_dir().join(format!("jiangjun-cli-tb-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("scratch");
    let suite = dir.join("tb.epd");
    fs::write(&suite, format!("{} bm Qb7+; id \"kqkr\";\n", &WON[..WON.len() - 4])).expect("write");
    let o = jiangjun(&["epd", suite.to_str().expect("utf-8"), "--depth", "4", "--hash", "1", "--syzygy", TABLES]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("solved 1/1"), "{}", stdout(&o));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_set_is_an_error() {
    let dir = std::env::temp_dir().join(format!("jiangjun-cli-tb-bad-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("scratch");
    fs::write(dir.join("KQvK.rtbw"), b"").expect("write");
    let o = jiangjun(&["analyze", "--fen", WON, "--depth", "2", "--syzygy", dir.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--syzygy: damaged tablebase files") && err.contains("KQvK.rtbw"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}
