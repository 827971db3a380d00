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
    for bad in ["no_such_param=1", "nmp_depth", "nmp_depth=x", "nmp_depth=70"] {
        let o = jiangjun(&["--param", bad, "perft", "1"]);
        assert_eq!(o.status.code(), Some(2), "--param {bad}");
        assert!(stderr(&o).contains("--param"), "{bad}: {}", stderr(&o));
    }
}

#[test]
fn param_needs_a_tune_build() {
    let o = jiangjun(&["--param", "nmp_depth=3", "perft", "1"]);
    if cfg!(feature = "tune") {
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("Nodes searched: 20"));
    } else {
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("--features tune"), "{}", stderr(&o));
    }
}

/// No panic, a message, exit status 2.
fn assert_clean_error(o: &Output, what: &str) {
    assert_eq!(o.status.code(), Some(2), "{what}: {}", stderr(o));
    assert!(stderr(o).contains("error"), "{what}: {}", stderr(o));
    assert!(!stderr(o).contains("panicked"), "{what}: {}", stderr(o));
}

#[test]
fn oversized_hash_is_an_error_everywhere() {
    for args in [
        &["bench", "1", "--hash", "2000000"][..],
        &["analyze", "--depth", "1", "--hash", "2000000"],
        &["epd", "tests/data/perftsuite.epd", "--depth", "1", "--hash", "2000000"],
    ] {
        let o = jiangjun(args);
        assert_clean_error(&o, &args.join(" "));
        assert!(stderr(&o).contains("from 1 to 1048576"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn out_of_range_numbers_state_the_range() {
    for (args, range) in [
        (&["perft", "-1"][..], "from 0 to 30"),
        (&["perft", "2", "--threads", "0"], "from 1 to 1024"),
        (&["bench", "-3"], "from 1 to 64"),
        (&["bench", "1", "--threads", "-2"], "from 1 to 1024"),
        (&["analyze", "--depth", "-1"], "from 1 to 127"),
        (&["analyze", "--movetime", "-5"], "from 1 to 1000000000"),
        (&["analyze", "--nodes", "-5"], "from 1 to"),
        (&["analyze", "--multipv", "0"], "from 1 to 256"),
        (&["analyze", "--hash", "-1"], "from 1 to 1048576"),
        (&["epd", "x.epd", "--limit-positions", "-1"], "from 1 to"),
    ] {
        let o = jiangjun(args);
        assert_clean_error(&o, &args.join(" "));
        assert!(stderr(&o).contains(range), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("-- -"), "{args:?} offers clap's tip: {}", stderr(&o));
    }
}

#[test]
fn zero_nodes_is_an_error() {
    let o = jiangjun(&["analyze", "--nodes", "0"]);
    assert_clean_error(&o, "--nodes 0");
    assert!(!stdout(&o).contains("#0"), "{}", stdout(&o));
}

#[test]
fn every_argument_has_a_help_line() {
    for sub in ["perft", "bench", "analyze", "epd", "eval"] {
        let o = jiangjun(&[sub, "--help"]);
        assert!(o.status.success());
        let help = stdout(&o);
        let lines: Vec<&str> = help.lines().collect();
        for (i, raw) in lines.iter().enumerate() {
            let line = raw.trim_start();
            if !(line.starts_with('-') || line.starts_with('<') || line.starts_with('[')) {
                continue;
            }
            // The description follows on the line, or (long names) indented below.
            let same_line = line.split("  ").filter(|p| !p.trim().is_empty()).count() >= 2;
            let below = lines.get(i + 1).is_some_and(|n| {
                let t = n.trim_start();
                n.len() - t.len() > raw.len() - line.len() && !t.is_empty() && !t.starts_with('-')
            });
            assert!(same_line || below, "{sub}: no description for '{line}'\n{help}");
        }
    }
    let defaults = [
        ("bench", ["default: 11", "Hash table in MB", "[default: 16]"]),
        ("analyze", ["another limit: 20]", "Hash table in MB", "[default: 64]"]),
        ("epd", ["another limit: 1000]", "Hash table in MB", "[default: 64]"]),
    ];
    for (sub, wanted) in defaults {
        let help = stdout(&jiangjun(&[sub, "--help"]));
        for w in wanted {
            assert!(help.contains(w), "{sub} --help lacks '{w}':\n{help}");
        }
    }
}

/// Black to move, a queen up.
const BLACK_AHEAD: &str = "4k3/8/8/8/8/8/q7/4K3 b - - 0 1";

/// The score column of the table rows (after the header) and the summary's.
fn table_scores(out: &str) -> (Vec<String>, String) {
    let rows = out
        .lines()
        .skip(3)
        .filter(|l| !l.starts_with("best move"))
        .map(|l| l.split_whitespace().nth(2).unwrap().to_string())
        .collect();
    let summary = out.lines().find(|l| l.starts_with("best move")).expect("summary line");
    let score = summary.split("score ").nth(1).unwrap().split_whitespace().next().unwrap().to_string();
    (rows, score)
}

#[test]
fn analyze_says_whose_view_the_score_takes() {
    let o = jiangjun(&["analyze", "--fen", BLACK_AHEAD, "--depth", "3", "--hash", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Black's view (the side to move)"), "{out}");
    let (rows, summary) = table_scores(&out);
    assert!(rows.iter().chain([&summary]).all(|s| s.starts_with('+')), "{out}");

    let o = jiangjun(&["analyze", "--fen", BLACK_AHEAD, "--depth", "3", "--hash", "1", "--white-pov"]);
    let out = stdout(&o);
    assert!(out.contains("from White's view"), "{out}");
    let (rows, summary) = table_scores(&out);
    assert!(rows.iter().chain([&summary]).all(|s| s.starts_with('-')), "{out}");
}

#[test]
fn analyze_summary_repeats_the_last_first_line_score() {
    // A node limit stops this search inside an iteration after its first
    // line finished (the summary used to give that line's score, -0.19,
    // under a table ending at -0.34). Single-threaded, so deterministic.
    let o = jiangjun(&["analyze", "--moves", "e4", "e5", "Nf3", "--nodes", "50000", "--multipv", "3", "--hash", "16"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let last_first_line = out.lines().rfind(|l| l.split_whitespace().nth(1) == Some("1")).expect("a first-line row");
    let (_, summary) = table_scores(&out);
    assert_eq!(last_first_line.split_whitespace().nth(2), Some(summary.as_str()), "{out}");
}

#[test]
fn no_speed_from_an_unmeasurable_time() {
    let o = jiangjun(&["perft", "1"]);
    assert!(o.status.success());
    assert!(!stderr(&o).contains("nodes/s"), "{}", stderr(&o));
    let o = jiangjun(&["analyze", "--depth", "2", "--hash", "1"]);
    let out = stdout(&o);
    for row in out.lines().filter(|l| l.contains(" 0.00s  ")) {
        assert_eq!(row.split_whitespace().nth(5), Some("-"), "{out}");
    }
    assert!(out.lines().any(|l| l.contains(" 0.00s  ")), "{out}");
}

#[test]
fn epd_skips_records_without_bm_or_am() {
    let path = std::env::temp_dir().join(format!("jiangjun-cli-keyless-{}.epd", std::process::id()));
    std::fs::write(
        &path,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"keyed\";\n4k3/8/8/8/8/8/8/R3K3 w - - id \"bare\";\n",
    )
    .unwrap();
    let o = jiangjun(&["epd", path.to_str().unwrap(), "--depth", "3", "--hash", "1"]);
    std::fs::remove_file(&path).ok();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("skipped 1 of 2 positions (no bm or am)"), "{out}");
    assert!(out.contains("solved 1/1"), "{out}");
    assert!(!out.contains("bare"), "{out}");
}
