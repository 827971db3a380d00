//! One search thread: iterative deepening with aspiration windows over a
//! principal-variation search (negamax alpha-beta) and a quiescence search.
//! Every thread of the pool runs this on its own copy of the root with its
//! own histories; they share only the transposition table, the stop flag and
//! the node counters (Lazy SMP). Thread 0, the main thread, also owns the
//! clock and the output.
//!
//! Each pruning, reduction and extension technique is sized by `params`;
//! what each is worth is recorded in `docs/experiments/search.md`.

use super::context::SearchContext;
use super::history::{Histories, PieceTo};
use super::params;
use super::skill::Candidate;
use super::tt::Bound;
use super::{MAX_PLY, TB_WIN_BOUND};
use crate::chess::{Move, PieceType, Position};
use std::sync::atomic::Ordering;

mod iterate;
mod negamax;
mod qsearch;

/// A root move with the result of its latest search.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// Score in the current iteration, or -INFINITY until searched.
    pub score: i32,
    /// Score of the last completed iteration (what is reported and sorted on).
    pub prev_score: i32,
    /// The latest score this move got, a bound included: what a GUI is shown
    /// for it when the search ends before `prev_score` has one.
    pub last_score: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
    /// Nodes spent below this move (time management).
    pub nodes: u64,
}

struct PvTable {
    moves: Vec<[Move; MAX_PLY + 1]>,
    len: [usize; MAX_PLY + 1],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable { moves: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1], len: [0; MAX_PLY + 1] }
    }

    #[inline(always)]
    fn clear(&mut self, ply: usize) {
        self.len[ply] = ply;
    }

    /// PV at `ply` = `m` followed by the child's PV.
    #[inline(always)]
    fn update(&mut self, ply: usize, m: Move) {
        self.moves[ply][ply] = m;
        let child_len = self.len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.moves[ply][i] = self.moves[ply + 1][i];
        }
        self.len[ply] = child_len;
    }

    fn line(&self, ply: usize) -> Vec<Move> {
        self.moves[ply][ply..self.len[ply]].to_vec()
    }
}

/// Per-ply search state.
#[derive(Clone, Copy, Default)]
struct Frame {
    static_eval: i32,
    /// The move made from this ply (for continuation history of the child).
    piece_to: PieceTo,
    killers: [Move; 2],
    excluded: Move,
    /// Null move searches below are not allowed to null again right away.
    null_ok: bool,
}

pub(crate) struct Worker {
    pub id: usize,
    pos: Position,
    nodes: u64,
    seldepth: usize,
    pv: PvTable,
    /// Index `ply + STACK_OFFSET`, so that ply - 2 is always valid.
    stack: Vec<Frame>,
    hist: Histories,
    lmr: Box<[[i32; 64]; 64]>,
    pub root_moves: Vec<RootMove>,
    pub completed_depth: u32,
    stopped: bool,
    /// Null-move verification: no null moves below this ply for one side.
    nmp_min_ply: usize,
    /// Root depth of the iteration in progress (Lazy SMP skip pattern).
    root_depth: i32,
    /// Best-move changes during this search, decayed each iteration (TM).
    best_move_changes: f64,
    /// Tablebase probes that found the position, this search.
    tb_hits: u64,
    /// Limited strength: the best lines of the last completed iteration.
    pub skill_candidates: Vec<Candidate>,
}

const STACK_OFFSET: usize = 4;
/// How often (in nodes) the main thread looks at the clock.
const TIME_CHECK_INTERVAL: u64 = 1024;

impl Worker {
    pub fn new(id: usize) -> Worker {
        let mut lmr = Box::new([[0; 64]; 64]);
        Self::fill_lmr(&mut lmr);
        Worker {
            id,
            pos: Position::startpos(),
            nodes: 0,
            seldepth: 0,
            pv: PvTable::new(),
            stack: vec![Frame::default(); MAX_PLY + STACK_OFFSET + 4],
            hist: Histories::new(),
            lmr,
            root_moves: Vec::new(),
            completed_depth: 0,
            stopped: false,
            nmp_min_ply: 0,
            root_depth: 0,
            best_move_changes: 0.0,
            tb_hits: 0,
            skill_candidates: Vec::new(),
        }
    }

    /// Logarithmic reduction table: r = base + ln(depth) * ln(moves) / div.
    fn fill_lmr(t: &mut [[i32; 64]; 64]) {
        let base = params::lmr_base() as f64 / 100.0;
        let div = params::lmr_div() as f64 / 100.0;
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (d as f64).ln() * (m as f64).ln() / div) as i32;
            }
        }
    }

    /// Forget everything learnt from earlier games (`ucinewgame`).
    pub fn clear(&mut self) {
        self.hist.clear();
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    #[inline(always)]
    fn frame(&mut self, ply: usize) -> &mut Frame {
        &mut self.stack[ply + STACK_OFFSET]
    }

    #[inline(always)]
    fn frame_ref(&self, ply: usize) -> &Frame {
        &self.stack[ply + STACK_OFFSET]
    }

    /// The previous one and two moves' (piece, to), for continuation history.
    #[inline(always)]
    fn conts(&self, ply: usize) -> [PieceTo; 2] {
        [self.frame_ref(ply.wrapping_sub(1)).piece_to, self.frame_ref(ply.wrapping_sub(2)).piece_to]
    }

    // ------------------------------------------------------------------
    // Helpers shared by the searches
    // ------------------------------------------------------------------

    /// Counts a node and polls the stop conditions.
    #[inline(always)]
    fn tick(&mut self, ctx: &SearchContext) -> bool {
        self.nodes += 1;
        ctx.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        if self.stopped {
            return true;
        }
        if ctx.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return true;
        }
        if self.is_main() {
            if let Some(limit) = ctx.limits.nodes {
                let single = ctx.nodes.len() == 1;
                // At a limited strength every move is looked at once first.
                if (single || self.nodes.is_multiple_of(TIME_CHECK_INTERVAL))
                    && (if single { self.nodes } else { ctx.total_nodes() }) >= limit
                    && (self.completed_depth > 0 || ctx.skill.is_none())
                {
                    self.stop_all(ctx);
                    return true;
                }
            }
            if self.nodes.is_multiple_of(TIME_CHECK_INTERVAL) && self.completed_depth > 0 {
                if let Some(b) = ctx.budget {
                    if !ctx.is_pondering() && ctx.elapsed_ms() >= b.hard_ms {
                        self.stop_all(ctx);
                        return true;
                    }
                }
            }
        }
        false
    }

    fn stop_all(&mut self, ctx: &SearchContext) {
        self.stopped = true;
        ctx.stop.store(true, Ordering::Relaxed);
    }

    /// Drawn by rule (repetition, insufficient material, 50 moves), tested
    /// on entry by both negamax and quiescence; `DRAW` is the score of each.
    #[inline(always)]
    fn is_draw(&self, ply: usize) -> bool {
        self.pos.is_repetition_draw(ply) || self.pos.insufficient_material() || self.pos.fifty_move_draw()
    }

    fn has_non_pawn_material(&self) -> bool {
        let us = self.pos.side_to_move();
        (self.pos.color_bb(us) & !(self.pos.pieces(PieceType::Pawn) | self.pos.pieces(PieceType::King))).any()
    }

    /// Static evaluation corrected by what the correction history learnt.
    fn corrected_eval(&self, raw: i32) -> i32 {
        (raw + self.hist.correction(&self.pos)).clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
    }
}

/// Does a hash entry's bound let its score stand for this node's value
/// within (alpha, beta)?
#[inline(always)]
fn bound_cuts(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
        Bound::None => false,
    }
}

/// The hash score replaces the static evaluation when its bound says the
/// true value lies on the far side of it.
#[inline(always)]
fn refine_eval(eval: i32, e: &super::tt::TtEntry, tt_score: i32) -> i32 {
    let better = match e.bound {
        Bound::Lower => tt_score > eval,
        Bound::Upper => tt_score < eval,
        Bound::Exact => true,
        Bound::None => false,
    };
    if better && tt_score.abs() < TB_WIN_BOUND {
        tt_score
    } else {
        eval
    }
}

/// Mate and tablebase scores are stored relative to the node, not the
/// root, so that a transposition reached at another ply reads the right
/// distance.
#[inline(always)]
pub(crate) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score + ply as i32
    } else if score <= -TB_WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline(always)]
pub(crate) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score - ply as i32
    } else if score <= -TB_WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
