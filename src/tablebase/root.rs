//! Ranking the root moves of a position in the tables, as Stockfish's
//! `Tablebases::root_probe` (DTZ) and `root_probe_wdl` (WDL only) do, so
//! that the search only considers moves that keep the best result and, when
//! winning, the quickest safe way to the next zeroing move.

use super::probe::{Tablebases, Wdl};
use crate::chess::{Move, Position};

/// Scale of the ranks: larger than any distance to zeroing (Stockfish's MAX_DTZ).
pub const MAX_DTZ: i32 = 1 << 18;

/// One root move with its tablebase verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootMove {
    pub mv: Move,
    /// Higher is better; equal ranks are equally good.
    pub rank: i32,
    /// The result for the side to move at the root after this move, with
    /// the 50-move rule applied when it was asked for.
    pub wdl: Wdl,
    /// Plies from the root to the next zeroing move (signed as in
    /// [`Tablebases::probe_dtz`]); `None` when ranked by WDL alone.
    pub dtz: Option<i32>,
}

/// Every legal root move, best rank first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootRanking {
    pub moves: Vec<RootMove>,
    /// False when the DTZ files were missing and WDL ranked the moves.
    pub by_dtz: bool,
}

impl RootRanking {
    /// The moves sharing the best rank: the ones the search should choose from.
    pub fn kept(&self) -> &[RootMove] {
        let best = self.moves[0].rank;
        let n = self.moves.iter().take_while(|m| m.rank == best).count();
        &self.moves[..n]
    }

    /// The verdict for the root position.
    pub fn wdl(&self) -> Wdl {
        self.moves[0].wdl
    }
}

impl Tablebases {
    /// Ranks the legal moves of `pos` by DTZ, or by WDL when DTZ files are
    /// missing. With `rule50`, a win that needs more than the 100 plies the
    /// root's half-move clock leaves counts as a draw. `None` when the root
    /// is not in the tables or has no legal move.
    pub fn rank_root_moves(&self, pos: &Position, rule50: bool) -> Option<RootRanking> {
        if !self.covers(pos) || !pos.has_legal_move() {
            return None;
        }
        let (mut moves, by_dtz) = match self.rank_by_dtz(pos, rule50) {
            Some(moves) => (moves, true),
            None => (self.rank_by_wdl(pos, rule50)?, false),
        };
        // Stable, so moves of equal rank keep the generator's order.
        moves.sort_by_key(|m| std::cmp::Reverse(m.rank));
        Some(RootRanking { moves, by_dtz })
    }

    fn rank_by_dtz(&self, pos: &Position, rule50: bool) -> Option<Vec<RootMove>> {
        let cnt50 = i32::from(pos.halfmove_clock());
        let repeated = pos.has_repeated();
        let bound = if rule50 { MAX_DTZ / 2 - 100 } else { 1 };
        let mut child = pos.clone();
        let mut ranked = Vec::new();
        for &mv in pos.legal_moves().iter() {
            child.make_move(mv);
            let dtz = self.dtz_after_move(&child);
            child.unmake_move(mv);
            let dtz = dtz?;
            let rank = dtz_rank(dtz, cnt50, repeated);
            ranked.push(RootMove { mv, rank, wdl: rank_to_wdl(rank, bound), dtz: Some(dtz) });
        }
        Some(ranked)
    }

    /// DTZ counted from the root, for the position after a root move.
    fn dtz_after_move(&self, child: &Position) -> Option<i32> {
        let dtz = if child.halfmove_clock() == 0 {
            // A zeroing move: the distance is this move itself.
            dtz_before_zeroing(self.probe_wdl(child)?.flip())
        } else if is_draw_by_rule(child) {
            0
        } else {
            let dtz = -self.probe_dtz(child)?;
            dtz + dtz.signum()
        };
        // Mate in one is a win in one ply however the tables count it.
        if dtz == 2 && child.in_check() && !child.has_legal_move() {
            return Some(1);
        }
        Some(dtz)
    }

    fn rank_by_wdl(&self, pos: &Position, rule50: bool) -> Option<Vec<RootMove>> {
        const WDL_TO_RANK: [i32; 5] = [-MAX_DTZ, -MAX_DTZ + 101, 0, MAX_DTZ - 101, MAX_DTZ];
        let mut child = pos.clone();
        let mut ranked = Vec::new();
        for &mv in pos.legal_moves().iter() {
            child.make_move(mv);
            let wdl = if is_draw_by_rule(&child) { Some(Wdl::Draw) } else { self.probe_wdl(&child).map(Wdl::flip) };
            child.unmake_move(mv);
            let wdl = wdl?;
            let shown = if rule50 { wdl } else { ignore_rule50(wdl) };
            ranked.push(RootMove { mv, rank: WDL_TO_RANK[(wdl.value() + 2) as usize], wdl: shown, dtz: None });
        }
        Some(ranked)
    }
}

/// Threefold repetition, or the 50-move rule (unless the move mated).
fn is_draw_by_rule(pos: &Position) -> bool {
    pos.repetitions(2) || pos.fifty_move_draw()
}

/// The DTZ of a position whose best move zeroes, from its WDL.
fn dtz_before_zeroing(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Win => 1,
        Wdl::CursedWin => 101,
        Wdl::Draw => 0,
        Wdl::BlessedLoss => -101,
        Wdl::Loss => -1,
    }
}

/// Stockfish's rank with its DTZ refinement on: certain wins first, the
/// shortest first; then wins the 50-move counter threatens; draws; losses
/// that the counter may save; certain losses, the longest first.
fn dtz_rank(dtz: i32, cnt50: i32, repeated: bool) -> i32 {
    if dtz > 0 {
        if dtz + cnt50 <= 99 && !repeated {
            MAX_DTZ - dtz
        } else {
            MAX_DTZ / 2 - (dtz + cnt50)
        }
    } else if dtz < 0 {
        if -dtz * 2 + cnt50 < 100 {
            -MAX_DTZ - dtz
        } else {
            -MAX_DTZ / 2 + (-dtz + cnt50)
        }
    } else {
        0
    }
}

fn rank_to_wdl(rank: i32, bound: i32) -> Wdl {
    match rank {
        r if r >= bound => Wdl::Win,
        r if r > 0 => Wdl::CursedWin,
        0 => Wdl::Draw,
        r if r > -bound => Wdl::BlessedLoss,
        _ => Wdl::Loss,
    }
}

fn ignore_rule50(wdl: Wdl) -> Wdl {
    match wdl {
        Wdl::CursedWin => Wdl::Win,
        Wdl::BlessedLoss => Wdl::Loss,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn certain_wins_outrank_threatened_ones_and_draws() {
        assert!(dtz_rank(5, 0, false) > dtz_rank(7, 0, false));
        assert!(dtz_rank(7, 0, false) > dtz_rank(5, 95, false));
        assert!(dtz_rank(5, 95, false) > 0);
        assert!(dtz_rank(-3, 0, false) < dtz_rank(-60, 0, false));
        assert!(dtz_rank(-60, 0, false) < 0);
    }

    #[test]
    fn a_win_past_the_fifty_move_horizon_is_shown_as_cursed() {
        let bound = MAX_DTZ / 2 - 100;
        assert_eq!(rank_to_wdl(dtz_rank(3, 0, false), bound), Wdl::Win);
        assert_eq!(rank_to_wdl(dtz_rank(30, 80, false), bound), Wdl::CursedWin);
        assert_eq!(rank_to_wdl(dtz_rank(30, 80, false), 1), Wdl::Win);
        assert_eq!(rank_to_wdl(dtz_rank(-30, 80, false), bound), Wdl::BlessedLoss);
        assert_eq!(rank_to_wdl(0, bound), Wdl::Draw);
    }
}
