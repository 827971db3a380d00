//! Perft against the published counts of the two suites in `tests/data/`.
//!
//! The default tests check every depth whose count is at most 2,000,000
//! nodes. The `#[ignore]`d ones check every depth in the files (up to D6:
//! 4.8 billion nodes for perftsuite.epd, about a minute; 524 billion for
//! fischer.epd, most of an hour on two cores):
//!
//!     cargo test --release --test perft_suite -- --ignored --nocapture
//!
//! Set `PERFT_MAX_NODES` to cap the ignored tests at a smaller count, e.g.
//! `PERFT_MAX_NODES=20000000` for everything up to 20 million nodes.

mod common;

use common::Entry;
use jiangjun::chess::Position;
use rayon::prelude::*;

const LIMIT: u64 = 2_000_000;

/// Runs perft on every (position, depth) with a published count <= `limit`,
/// in parallel over positions. Returns the number of (position, depth) checks.
fn check_suite(entries: &[Entry], limit: u64, progress: bool) -> usize {
    let results: Vec<(usize, Vec<String>)> = entries
        .par_iter()
        .map(|e| {
            let mut pos = e.position();
            let fen_before = pos.to_fen();
            let key_before = pos.key();
            let mut checked = 0;
            let mut errors = Vec::new();
            for &(depth, expected) in &e.counts {
                if expected > limit {
                    continue;
                }
                let got = pos.perft(depth);
                checked += 1;
                if got != expected {
                    errors.push(format!("{}: D{depth} expected {expected}, got {got}", e.label()));
                }
            }
            if pos.to_fen() != fen_before || pos.key() != key_before {
                errors.push(format!("{}: perft did not restore the position", e.label()));
            }
            if progress {
                eprintln!("{}:{} done ({checked} depths)", e.file, e.line);
            }
            (checked, errors)
        })
        .collect();
    let checked: usize = results.iter().map(|r| r.0).sum();
    let errors: Vec<&String> = results.iter().flat_map(|r| r.1.iter()).collect();
    assert!(
        errors.is_empty(),
        "{} perft mismatches:\n{}",
        errors.len(),
        errors.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
    checked
}

#[test]
fn perftsuite_to_two_million_nodes() {
    let entries = common::perftsuite();
    let checked = check_suite(&entries, LIMIT, false);
    // Every position has at least D1..D3 under the limit.
    assert!(checked >= 3 * entries.len(), "only {checked} depths checked");
}

#[test]
fn fischer_to_two_million_nodes() {
    let entries = common::fischer();
    assert!(entries.iter().all(|e| e.chess960));
    let checked = check_suite(&entries, LIMIT, false);
    assert!(checked >= 3 * entries.len(), "only {checked} depths checked");
}

/// The well-known values, independent of the files: a guard against a data
/// file being swapped or truncated.
#[test]
fn famous_counts() {
    let mut start = Position::startpos();
    assert_eq!(start.perft(1), 20);
    assert_eq!(start.perft(2), 400);
    assert_eq!(start.perft(3), 8_902);
    assert_eq!(start.perft(4), 197_281);

    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut kp = Position::from_fen(kiwipete, false).unwrap();
    assert_eq!(kp.perft(1), 48);
    assert_eq!(kp.perft(2), 2_039);
    assert_eq!(kp.perft(3), 97_862);

    // CPW "Position 3" to "Position 5" (not in perftsuite.epd).
    let mut p3 = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false).unwrap();
    assert_eq!(p3.perft(4), 43_238);
    assert_eq!(p3.perft(5), 674_624);
    let mut p4 = Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false).unwrap();
    assert_eq!(p4.perft(3), 9_467);
    assert_eq!(p4.perft(4), 422_333);
    let mut p5 = Position::from_fen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false).unwrap();
    assert_eq!(p5.perft(3), 62_379);

    // CPW Chess960 perft position 1 (= fischer.epd line 1).
    let mut c960 =
        Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true).unwrap();
    assert_eq!(c960.perft(3), 12_189);
    assert_eq!(c960.perft(4), 326_672);
}

#[test]
fn divide_sums_to_perft() {
    for e in common::perftsuite().iter().step_by(9).chain(common::fischer().iter().step_by(97)) {
        let mut pos = e.position();
        let total = pos.perft(3);
        for threads in [1, 2] {
            let div = pos.perft_divide(3, threads);
            assert_eq!(div.len(), pos.legal_moves().len(), "{}", e.label());
            assert_eq!(div.iter().map(|d| d.1).sum::<u64>(), total, "{} threads {threads}", e.label());
            for (m, n) in &div {
                let mut child = pos.clone();
                child.make_move(*m);
                assert_eq!(child.perft(2), *n, "{} root move {}", e.label(), pos.move_to_uci(*m));
            }
        }
    }
}

/// Node limit for the ignored tests: `PERFT_MAX_NODES`, or no limit.
fn full_limit() -> u64 {
    match std::env::var("PERFT_MAX_NODES") {
        Ok(v) => v.trim().parse().unwrap_or_else(|_| panic!("PERFT_MAX_NODES={v:?} is not a number")),
        Err(_) => u64::MAX,
    }
}

#[test]
#[ignore = "full-depth perft of perftsuite.epd; slow"]
fn perftsuite_full_depth() {
    let entries = common::perftsuite();
    check_suite(&entries, full_limit(), true);
}

#[test]
#[ignore = "full-depth perft of fischer.epd (D6 for 960 positions); very slow"]
fn fischer_full_depth() {
    let entries = common::fischer();
    check_suite(&entries, full_limit(), true);
}
