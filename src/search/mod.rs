//! The search: a Lazy-SMP pool of alpha-beta workers sharing one
//! transposition table. The search knows the evaluation only through
//! `eval::evaluate`.

mod context;
mod history;
mod limits;
mod movepick;
pub mod params;
mod pool;
pub(crate) mod see;
pub mod skill;
pub(crate) mod time;
mod tt;
mod worker;

pub use limits::Limits;
pub use pool::{SearchPool, SearchResult, TbOptions};
pub use skill::Skill;
pub use tt::Bound;

use crate::chess::{Move, Position};

pub const MAX_PLY: usize = 128;
pub const INFINITY: i32 = 32_001;
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates (a mate found within MAX_PLY plies).
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A tablebase win at the root; `TB_WIN - ply` at `ply` plies. Just below
/// the mates and above any evaluation.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores beyond this are tablebase results or mates: not evaluations.
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;
pub const DRAW: i32 = 0;

/// Mate in `ply` plies from the root, from the mating side's view.
#[inline(always)]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

#[inline(always)]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

pub fn is_mate_score(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A tablebase win (positive) or loss, not a mate.
pub fn is_tb_score(score: i32) -> bool {
    (TB_WIN_BOUND..MATE_BOUND).contains(&score.abs())
}

/// Mate distance in moves (positive: the side to move mates), if any.
pub fn mate_moves(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

/// A score as the user reads it: centipawns or moves to mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    Cp(i32),
    Mate(i32),
}

/// What a tablebase win at the root shows in centipawns (as in Stockfish),
/// less one per ply to it.
pub const TB_WIN_CP: i32 = 20_000;

pub fn score_kind(score: i32) -> ScoreKind {
    match mate_moves(score) {
        Some(m) => ScoreKind::Mate(m),
        None if is_tb_score(score) => ScoreKind::Cp(score.signum() * (TB_WIN_CP - (TB_WIN - score.abs()))),
        None => ScoreKind::Cp(score),
    }
}

/// One line of search output: an iteration's result for one PV.
#[derive(Clone, Debug)]
pub struct IterationInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based MultiPV index.
    pub multipv: u32,
    pub score: i32,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    /// Tablebase probes that found the position (root ranking included);
    /// `None` when no tables are loaded.
    pub tbhits: Option<u64>,
    pub time_ms: u64,
    pub pv: Vec<Move>,
}

/// Where a search sends its progress and result. The UCI front end prints
/// protocol lines; the command-line tools print tables or collect results.
pub trait Reporter: Send + Sync {
    /// Called from the main search thread as each PV line completes.
    fn iteration(&self, root: &Position, info: &IterationInfo);
    /// Called from the main search thread as the root starts on move
    /// `number` (1-based) of the iteration at `depth`, once the search has
    /// run a while (UCI `currmove`). Ignored by default.
    fn root_move(&self, _root: &Position, _depth: u32, _mv: Move, _number: usize) {}
    /// Called once when the search is over (after `stop`/`ponderhit` for
    /// infinite and ponder searches).
    fn finished(&self, root: &Position, result: &SearchResult);
}

/// A reporter that prints nothing (bench, tests, data generation).
pub struct SilentReporter;

impl Reporter for SilentReporter {
    fn iteration(&self, _: &Position, _: &IterationInfo) {}
    fn finished(&self, _: &Position, _: &SearchResult) {}
}
