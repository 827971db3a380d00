//! Search behaviour that a reference can check: mate scores at a given depth.

use jiangjun::chess::Position;
use jiangjun::search::{mate_in, Limits, SearchPool, SilentReporter};
use std::sync::Arc;

fn search_depth(fen: &str, depth: u32) -> (i32, String) {
    let pos = Position::from_fen(fen, false).expect("test FEN");
    let mut pool = SearchPool::new(1, 1).expect("1 MB table");
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
