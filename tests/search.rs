//! Search behaviour that a reference can check: mate scores at a given depth,
//! and a known tactic found within a node budget.

use jiangjun::chess::Position;
use jiangjun::search::{mate_in, Limits, SearchPool, SilentReporter, MATE_BOUND};
use std::sync::Arc;

fn search_depth(fen: &str, depth: u32) -> (i32, String) {
    search_depth_hash(fen, depth, 1)
}

fn search_depth_hash(fen: &str, depth: u32, hash_mb: usize) -> (i32, String) {
    let pos = Position::from_fen(fen, false).expect("test FEN");
    let mut pool = SearchPool::new(1, hash_mb).expect("hash table");
    let r = pool.search_blocking(&pos, Limits::depth(depth), 1, Arc::new(SilentReporter));
    (r.score, r.best_move.map(|m| pos.move_to_uci(m)).unwrap_or_default())
}

/// A mate in two whose mating move is quiet: 1. Kc7 (or Kb6) and 2. Ra1#
/// (or Rh8#), hand-checked. A two-ply search reaches the mating move only
/// in quiescence, where the quiet mate-in-one probe must see it: the score
/// is mate in 2 (three plies) already at depth 2.
#[test]
fn a_quiet_mate_just_past_the_horizon_is_seen() {
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    let (score, best) = search_depth(fen, 2);
    assert_eq!(score, mate_in(3), "best {best}");
    assert!(best == "c6c7" || best == "c6b6", "best {best}");
    // No mate in one exists: one ply sees no mate.
    let (score1, _) = search_depth(fen, 1);
    assert!(score1 < mate_in(3), "{score1}");
}

/// WAC.196 (Win at Chess; key move Nb4, hand-checked: 1... Nb4 2. cxb4 Rb6
/// traps the queen on a6). The knight sacrifice pays only five plies later,
/// behind a quiet rook move, so the line lives or dies by pruning at nodes
/// that were once on the principal variation (no reverse futility or null
/// move there). The property: one thread with 16 MB of hash solves it
/// within a node budget. Today it needs about 0.9 million nodes (depth 19);
/// the budget leaves room for search changes that only move the node count,
/// and fails when a change hides the tactic.
#[test]
fn a_queen_trap_behind_a_knight_sacrifice_is_found() {
    let fen = "rr4k1/p1pq2pp/Q1n1pn2/2bpp3/4P3/2PP1NN1/PP3PPP/R1B1K2R b KQ - 0 1";
    let pos = Position::from_fen(fen, false).expect("test FEN");
    let mut pool = SearchPool::new(1, 16).expect("hash table");
    let r = pool.search_blocking(&pos, Limits::nodes(3_000_000), 1, Arc::new(SilentReporter));
    let best = r.best_move.map(|m| pos.move_to_uci(m)).unwrap_or_default();
    assert_eq!(best, "c6b4", "score {}", r.score);
    assert!(r.score > 50, "Nb4 wins material: {}", r.score);
}

/// Halfmove clock 99: every move but the pawn's completes 100 plies and
/// draws (no move mates), so quiescence must score those children as draws
/// rather than by material: Rh7 is worth 0, and a2a3 or a2a4, which reset
/// the clock, keep the win.
#[test]
fn quiescence_scores_the_fifty_move_draw() {
    let fen = "k7/8/2K5/8/8/8/P7/7R w - - 99 80";
    for depth in [1, 2] {
        let (score, best) = search_depth(fen, depth);
        assert!(best == "a2a3" || best == "a2a4", "depth {depth}: {best} {score}");
        assert!(score > 300 && score < MATE_BOUND, "depth {depth}: {score}");
    }
    // Without the pawn every line is drawn by the 50-move rule.
    let (score, best) = search_depth("k7/8/2K5/8/8/8/8/7R w - - 99 80", 1);
    assert_eq!(score, 0, "{best}");
}

/// The quiet mate in two of `a_quiet_mate_just_past_the_horizon_is_seen`
/// with the clock at 98: Black's reply completes 100 plies and draws before
/// White can mate, so no mate may be reported.
#[test]
fn no_mate_after_the_fifty_move_draw() {
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 98 80";
    for depth in [2, 3, 4] {
        let (score, best) = search_depth(fen, depth);
        assert_eq!(score, 0, "depth {depth}: {best}");
    }
}

/// A mate delivered on the 100th ply wins: Rh8# from clock 99 is mate in 1,
/// whether the mated position is reached in the main search or quiescence.
#[test]
fn mate_on_the_hundredth_ply_is_mate() {
    let fen = "k7/8/1K6/8/8/8/8/7R w - - 99 80";
    for depth in [1, 2, 3] {
        let (score, best) = search_depth(fen, depth);
        assert_eq!((score, best.as_str()), (mate_in(1), "h1h8"), "depth {depth}");
    }
}

/// A clock loaded at its maximum stays past the 50-move mark after a move
/// (it used to wrap to 0 and the rook ending scored as a win).
#[test]
fn a_saturated_clock_still_draws() {
    let (score, best) = search_depth("4k3/8/8/8/8/8/8/R3K3 w - - 65535 1", 4);
    assert_eq!(score, 0, "{best}");
}
