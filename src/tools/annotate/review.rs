//! Searching every position of a game and judging each move.
//!
//! Each position of the line is searched once (the position before a move
//! and the one after it are neighbours, so `n` moves cost `n + 1` searches).
//! Two searches of neighbouring positions differ by the search's noise as
//! well as by the move, so before a move is marked, both of its positions
//! are searched again with several times the effort, and the move is judged
//! on those deeper scores (marks that fall below the threshold go). So is a
//! move the search chose itself when the search after it finds a drop of a
//! mistake or more: one of the two searches missed something.
//! A move is judged by the mover's chances before it (the best the search
//! found) against his chances after it (the opponent's best answer, seen
//! from the mover's side). A game is reviewed on a search pool of its own,
//! one thread, positions in order: with a node limit the review is the
//! same on every run and whatever other games run beside it.

use super::judge::{centipawn_loss, move_accuracy, Judgement};
use super::motifs::{motifs_in_line, Motif};
use crate::chess::{Color, Move, Position};
use crate::eval::wdl::{self, WdlOdds};
use crate::search::{score_kind, Bound, IterationInfo, Limits, Reporter, ScoreKind, SearchPool, SearchResult, MATE};
use std::sync::{Arc, Mutex};

/// Which side's moves are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    White,
    Black,
    Both,
}

impl Sides {
    pub fn includes(self, c: Color) -> bool {
        match self {
            Sides::White => c == Color::White,
            Sides::Black => c == Color::Black,
            Sides::Both => true,
        }
    }
}

#[derive(Clone, Debug)]
pub struct ReviewSettings {
    pub limits: Limits,
    pub hash_mb: usize,
    pub syzygy: Option<String>,
    pub sides: Sides,
    /// Plies of the better line given as a variation.
    pub line_plies: usize,
    /// The positions around a move that would be marked are searched again
    /// with this many times the effort (1: not searched again).
    pub recheck: u64,
}

/// `limits` with `factor` times the effort: nodes and time multiplied, the
/// depth deepened by the plies that cost about as much (each ply about
/// doubles the nodes).
pub fn scaled_limits(limits: &Limits, factor: u64) -> Limits {
    let factor = factor.max(1);
    Limits {
        nodes: limits.nodes.map(|n| n.saturating_mul(factor)),
        movetime: limits.movetime.map(|ms| ms.saturating_mul(factor)),
        depth: limits.depth.map(|d| d.saturating_add(factor.ilog2()).min(crate::search::MAX_PLY as u32 - 1)),
        ..limits.clone()
    }
}

/// What the search said about one position.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionEval {
    /// Search score from the side to move's view (`-MATE` when mated, 0 for
    /// a finished draw).
    pub score: i32,
    pub best: Option<Move>,
    pub pv: Vec<Move>,
}

impl PositionEval {
    /// Odds for the side to move in `pos`.
    pub fn odds(&self, pos: &Position) -> WdlOdds {
        match score_kind(self.score) {
            ScoreKind::Cp(cp) => wdl::odds(pos, cp),
            ScoreKind::Mate(m) => wdl::mate_odds(m),
        }
    }

    /// Centipawns for the side to move, a mate counting as a large score.
    pub fn centipawns(&self) -> i32 {
        match score_kind(self.score) {
            ScoreKind::Cp(cp) => cp,
            ScoreKind::Mate(m) if m > 0 => MATE,
            ScoreKind::Mate(_) => -MATE,
        }
    }
}

/// The verdict on one move of the line.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Index of the move in the line (0 = first move).
    pub index: usize,
    pub mover: Color,
    pub played: Move,
    /// Mover's expected score (0..1) before and after the move.
    pub before: f64,
    pub after: f64,
    pub cp_loss: i32,
    pub accuracy: f64,
    pub judgement: Option<Judgement>,
    /// The search's choice and its line, from the position before the move,
    /// when it differs from the move played.
    pub better: Option<Vec<Move>>,
    /// Motifs of the opponent's best answer (what the move allowed).
    pub refuted_by: Vec<Motif>,
    /// Motifs of the better line (what the move missed).
    pub missed: Vec<Motif>,
    /// The search chose this move, yet the search after it found a drop
    /// that would mark it: one of the two searches is wrong, and a deeper
    /// look at both settles which.
    pub disputed: bool,
}

/// A reviewed line: the evaluation of every position (`moves.len() + 1`,
/// the start included) and a review of each judged move.
#[derive(Clone, Debug, PartialEq)]
pub struct LineReview {
    pub evals: Vec<PositionEval>,
    pub moves: Vec<MoveReview>,
}

/// The positions of a line: `start`, then after each move. A null move is
/// played as a pass; the positions stay legal, since PGN puts one only
/// where the side to move is not in check.
pub fn positions_of(start: &Position, moves: &[Move]) -> Vec<Position> {
    let mut out = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    out.push(pos.clone());
    for &m in moves {
        if m == Move::NULL {
            pos.make_null_move();
        } else {
            pos.make_move(m);
        }
        out.push(pos.clone());
    }
    out
}

/// What `review_line` reports as it goes, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// One position searched.
    Searched,
    /// This many more searches are to come (the deeper searches before
    /// marking, which the first count of positions does not include).
    Queued(u64),
}

/// Reviews a line on a search pool of its own, reporting each search to
/// `progress`.
pub fn review_line(
    start: &Position,
    moves: &[Move],
    settings: &ReviewSettings,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<LineReview, String> {
    let mut pool = SearchPool::new(1, settings.hash_mb)?;
    if let Some(path) = &settings.syzygy {
        pool.set_tablebases(path).map_err(|e| format!("--syzygy: {e}"))?;
    }
    let positions = positions_of(start, moves);
    let mut evals: Vec<PositionEval> = positions
        .iter()
        .map(|pos| {
            let eval = evaluate(&mut pool, pos, &settings.limits);
            progress(Progress::Searched);
            eval
        })
        .collect();
    let judged = |evals: &[PositionEval]| -> Vec<MoveReview> {
        moves
            .iter()
            .enumerate()
            .filter(|&(i, &m)| m != Move::NULL && settings.sides.includes(positions[i].side_to_move()))
            .filter_map(|(i, &m)| judge_move(i, m, &positions, evals, settings.line_plies))
            .collect()
    };
    let mut reviews = judged(&evals);
    if settings.recheck > 1 {
        // A deeper score can mark a neighbouring move in turn, so repeat
        // until every marked move stands on deeper scores (each position is
        // searched again at most once).
        let deeper = scaled_limits(&settings.limits, settings.recheck);
        let mut rechecked = vec![false; positions.len()];
        loop {
            let mut pending: Vec<usize> = reviews
                .iter()
                .filter(|r| r.judgement.is_some() || r.disputed)
                .flat_map(|r| [r.index, r.index + 1])
                .filter(|&i| !rechecked[i])
                .collect();
            pending.dedup();
            if pending.is_empty() {
                break;
            }
            progress(Progress::Queued(pending.len() as u64));
            for i in pending {
                rechecked[i] = true;
                evals[i] = evaluate(&mut pool, &positions[i], &deeper);
                progress(Progress::Searched);
            }
            reviews = judged(&evals);
        }
    }
    Ok(LineReview { evals, moves: reviews })
}

/// Keeps the last exact main line: a search stopped by its node limit
/// inside an iteration returns only the first move of a line it had
/// finished before, and the better line shown should be the whole one.
#[derive(Default)]
struct LineRecorder {
    last_exact: Mutex<Option<(i32, Vec<Move>)>>,
}

impl Reporter for LineRecorder {
    fn iteration(&self, _: &Position, info: &IterationInfo) {
        if info.multipv == 1 && info.bound == Bound::Exact {
            *self.last_exact.lock().unwrap_or_else(|e| e.into_inner()) = Some((info.score, info.pv.clone()));
        }
    }

    fn finished(&self, _: &Position, _: &SearchResult) {}
}

/// Searches one position, or scores it by the rules when the game is over.
fn evaluate(pool: &mut SearchPool, pos: &Position, limits: &Limits) -> PositionEval {
    if let Some(outcome) = pos.outcome() {
        let score = if outcome.winner().is_some() { -MATE } else { 0 };
        return PositionEval { score, best: None, pv: Vec::new() };
    }
    let recorder = Arc::new(LineRecorder::default());
    let result = pool.search_blocking(pos, limits.clone(), 1, recorder.clone());
    let score = result.known_score().unwrap_or(result.score);
    let mut pv = result.pv;
    if let Some((last_score, line)) = recorder.last_exact.lock().unwrap_or_else(|e| e.into_inner()).take() {
        if last_score == score && line.starts_with(&pv) {
            pv = line;
        }
    }
    PositionEval { score, best: result.best_move, pv }
}

/// Judges the move from `positions[i]` to `positions[i + 1]`. `None` when the
/// position after it was not searched (cannot happen for a whole line).
fn judge_move(
    i: usize,
    played: Move,
    positions: &[Position],
    evals: &[PositionEval],
    line_plies: usize,
) -> Option<MoveReview> {
    let (before_pos, after_pos) = (&positions[i], positions.get(i + 1)?);
    let (before_eval, after_eval) = (&evals[i], evals.get(i + 1)?);
    let before = before_eval.odds(before_pos).expected_score();
    let after = after_eval.odds(after_pos).flipped().expected_score();
    // The search's own choice is never marked: a difference between two
    // searches of neighbouring positions is the search's noise, not a slip.
    let chose_best = before_eval.best == Some(played);
    let drop = Judgement::of_drop(before - after);
    let judgement = if chose_best { None } else { drop };
    let better = (!chose_best && before_eval.best.is_some())
        .then(|| before_eval.pv.iter().copied().take(line_plies.max(1)).collect::<Vec<Move>>());
    let (refuted_by, missed) = match judgement {
        Some(Judgement::Mistake | Judgement::Blunder) => (
            motifs_in_line(after_pos, &after_eval.pv),
            better.as_ref().map_or_else(Vec::new, |_| motifs_in_line(before_pos, &before_eval.pv)),
        ),
        _ => (Vec::new(), Vec::new()),
    };
    Some(MoveReview {
        index: i,
        mover: before_pos.side_to_move(),
        played,
        before,
        after,
        cp_loss: if chose_best { 0 } else { centipawn_loss(before_eval.centipawns(), -after_eval.centipawns()) },
        accuracy: if chose_best { 100.0 } else { move_accuracy(before, after) },
        judgement,
        better,
        refuted_by,
        missed,
        disputed: chose_best && drop.is_some_and(|j| j != Judgement::Inaccuracy),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_limits_multiply_the_effort() {
        let l = scaled_limits(&Limits::nodes(100_000), 4);
        assert_eq!((l.nodes, l.depth, l.movetime), (Some(400_000), None, None));
        assert_eq!(scaled_limits(&Limits::movetime(250), 4).movetime, Some(1000));
        assert_eq!(scaled_limits(&Limits::depth(12), 4).depth, Some(14));
        assert_eq!(scaled_limits(&Limits::depth(12), 1).depth, Some(12));
        assert_eq!(scaled_limits(&Limits::depth(126), 64).depth, Some(127));
        assert_eq!(scaled_limits(&Limits::nodes(u64::MAX), 2).nodes, Some(u64::MAX));
    }
}
