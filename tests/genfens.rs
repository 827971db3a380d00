//! `jiangjun "genfens N seed S book B" quit`, as OpenBench runs it for
//! book-less workloads: N distinct, legal, playable openings, the same for
//! the same seed.

use jiangjun::chess::Position;
use std::collections::HashSet;
use std::process::{Command, Output};

fn jiangjun(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jiangjun")).args(args).output().expect("run jiangjun")
}

/// The FENs of the `info string genfens` lines; every stdout line must be one.
fn fens(o: &Output) -> Vec<String> {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    out.lines()
        .map(|l| l.strip_prefix("info string genfens ").unwrap_or_else(|| panic!("unexpected line '{l}'")).to_string())
        .collect()
}

#[test]
fn positions_are_legal_distinct_and_playable() {
    let list = fens(&jiangjun(&["genfens 20 seed 123 book None", "quit"]));
    assert_eq!(list.len(), 20);
    let mut keys = HashSet::new();
    for fen in &list {
        let pos = Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.outcome().is_none(), "{fen} is game over");
        assert!(pos.fullmove_number() >= 5, "{fen}: fewer than eight plies");
        assert!(keys.insert(pos.key()), "{fen} repeated");
    }
}

#[test]
fn same_seed_same_positions_other_seed_others() {
    let a = fens(&jiangjun(&["genfens 8 seed 7 book None", "quit"]));
    let b = fens(&jiangjun(&["genfens 8 seed 7 book None", "quit"]));
    let c = fens(&jiangjun(&["genfens 8 seed 8 book None", "quit"]));
    assert_eq!(a, b);
    assert_ne!(a, c);
    let shared = a.iter().filter(|f| c.contains(f)).count();
    assert!(shared < 4, "seeds 7 and 8 share {shared} of 8 positions");
}

#[test]
fn book_positions_are_the_starting_points() {
    // Move 40 in the book: a walk from it cannot look like one from the
    // initial position (move 5 or so).
    let book = std::env::temp_dir().join(format!("jiangjun-genfens-book-{}.epd", std::process::id()));
    std::fs::write(
        &book,
        "# a comment\n\
         r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 40\n\
         rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 1 40\n",
    )
    .unwrap();
    let request = format!("genfens 6 seed 5 book {}", book.display());
    let a = fens(&jiangjun(&[&request, "quit"]));
    let b = fens(&jiangjun(&[&request, "quit"]));
    std::fs::remove_file(&book).ok();
    assert_eq!(a, b);
    assert_eq!(a.len(), 6);
    for fen in &a {
        let pos = Position::from_fen(fen, false).unwrap();
        assert!((41..=42).contains(&pos.fullmove_number()), "{fen} did not start from the book");
    }
}

#[test]
fn quit_ends_the_command_list() {
    let list = fens(&jiangjun(&["genfens 2 seed 1 book None", "quit", "genfens 3 seed 2 book None"]));
    assert_eq!(list.len(), 2);
}

#[test]
fn bad_requests_are_clean_errors() {
    for args in [
        &["genfens x seed 1 book None", "quit"][..],
        &["genfens 0 seed 1 book None"],
        &["genfens 5 seed -1 book None"],
        &["genfens 5 seed 1 book /no/such/book.epd"],
        &["genfens 5 seed 1 book None colour white"],
        &["genfens"],
        &["go depth 3"],
    ] {
        let o = jiangjun(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?} printed {}", String::from_utf8_lossy(&o.stdout));
    }
}

#[test]
fn other_commands_go_to_the_uci_controller() {
    let o = jiangjun(&["isready", "quit"]);
    assert!(o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "readyok");
}
