//! One search thread: iterative deepening over negamax alpha-beta with a
//! quiescence search. Every thread of the pool runs this on its own copy of
//! the root; they share only the transposition table, the stop flag and the
//! node counters (Lazy SMP). Thread 0, the main thread, also owns the clock
//! and the output.

use super::movepick::MovePicker;
use super::pool::SearchContext;
use super::tt::Bound;
use super::{mated_in, IterationInfo, DRAW, INFINITY, MATE_BOUND, MAX_PLY};
use crate::chess::{Move, Position};
use crate::eval::evaluate;
use std::sync::atomic::Ordering;

/// A root move with the result of its latest completed search.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// Score at the current depth, or -INFINITY until searched.
    pub score: i32,
    /// Score at the last completed depth (what is reported and sorted on).
    pub prev_score: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
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
        let child_len = if ply + 1 <= MAX_PLY { self.len[ply + 1] } else { ply + 1 };
        for i in ply + 1..child_len {
            self.moves[ply][i] = self.moves[ply + 1][i];
        }
        self.len[ply] = child_len.max(ply + 1);
    }

    fn root_line(&self) -> Vec<Move> {
        self.moves[0][..self.len[0]].to_vec()
    }
}

pub(crate) struct Worker {
    pub id: usize,
    pos: Position,
    nodes: u64,
    seldepth: usize,
    pv: PvTable,
    pub root_moves: Vec<RootMove>,
    pub completed_depth: u32,
    stopped: bool,
}

/// How often (in nodes) the main thread looks at the clock.
const TIME_CHECK_INTERVAL: u64 = 1024;

impl Worker {
    pub fn new(id: usize) -> Worker {
        Worker {
            id,
            pos: crate::chess::Position::startpos(),
            nodes: 0,
            seldepth: 0,
            pv: PvTable::new(),
            root_moves: Vec::new(),
            completed_depth: 0,
            stopped: false,
        }
    }

    /// Forget everything learnt from earlier games (`ucinewgame`).
    pub fn clear(&mut self) {}

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Runs iterative deepening until the context says stop.
    pub fn search(&mut self, ctx: &SearchContext) {
        self.pos = ctx.root.clone();
        self.nodes = 0;
        self.completed_depth = 0;
        self.stopped = false;
        self.root_moves = ctx
            .root_moves
            .iter()
            .map(|&mv| RootMove { mv, score: -INFINITY, prev_score: -INFINITY, pv: vec![mv], seldepth: 0 })
            .collect();
        if self.root_moves.is_empty() {
            return;
        }
        let multipv = ctx.multipv.min(self.root_moves.len());
        let max_depth = ctx.limits.depth.map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));

        for depth in 1..=max_depth {
            for pv_idx in 0..multipv {
                self.seldepth = 0;
                for rm in &mut self.root_moves[pv_idx..] {
                    rm.score = -INFINITY;
                }
                self.search_root(ctx, depth as i32, pv_idx);
                // Sort what was searched; on an abort keep the partial result
                // only if the previous best was re-searched at this depth.
                let first_done = self.root_moves[pv_idx].score != -INFINITY;
                if self.stopped && !first_done {
                    break;
                }
                self.root_moves[pv_idx..].sort_by(|a, b| b.score.cmp(&a.score));
                for rm in &mut self.root_moves[pv_idx..] {
                    if rm.score != -INFINITY {
                        rm.prev_score = rm.score;
                    }
                }
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            if self.is_main() {
                self.report(ctx, depth, multipv);
                if self.should_stop_after_iteration(ctx, depth) {
                    break;
                }
            }
        }
    }

    fn should_stop_after_iteration(&self, ctx: &SearchContext, depth: u32) -> bool {
        if ctx.limits.depth.is_some_and(|d| depth >= d) {
            return true;
        }
        let best = self.root_moves[0].prev_score;
        if let Some(m) = ctx.limits.mate {
            if best >= MATE_BOUND && (super::MATE - best + 1) / 2 <= m as i32 {
                return true;
            }
        }
        if ctx.is_pondering() {
            return false;
        }
        if let Some(b) = ctx.budget {
            if ctx.elapsed_ms() >= b.soft_ms {
                return true;
            }
        }
        false
    }

    fn report(&self, ctx: &SearchContext, depth: u32, multipv: usize) {
        let nodes = ctx.total_nodes();
        let time_ms = ctx.start.elapsed().as_millis() as u64;
        let nps = nodes * 1000 / time_ms.max(1);
        let hashfull = ctx.tt.hashfull();
        for (i, rm) in self.root_moves[..multipv].iter().enumerate() {
            let info = IterationInfo {
                depth,
                seldepth: rm.seldepth.max(depth as usize) as u32,
                multipv: i as u32 + 1,
                score: rm.prev_score,
                bound: Bound::Exact,
                nodes,
                nps,
                hashfull,
                time_ms,
                pv: rm.pv.clone(),
            };
            ctx.reporter.iteration(&ctx.root, &info);
        }
    }

    /// Alpha-beta over the root moves from `pv_idx` on (earlier ones belong
    /// to better MultiPV lines and are excluded).
    fn search_root(&mut self, ctx: &SearchContext, depth: i32, pv_idx: usize) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        self.pv.clear(0);
        for i in pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            self.pos.make_move(m);
            self.nodes += 1;
            let score = -self.negamax(ctx, -beta, -alpha, depth - 1, 1);
            self.pos.unmake_move(m);
            if self.stopped {
                return;
            }
            let rm = &mut self.root_moves[i];
            if score > alpha {
                alpha = score;
                rm.score = score;
                rm.seldepth = self.seldepth;
                self.pv.update(0, m);
                rm.pv = self.pv.root_line();
            } else {
                // Failed low: below the best line, exact value unknown.
                rm.score = -INFINITY + 1;
            }
        }
    }

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
                let total = if ctx.nodes.len() == 1 { self.nodes } else { ctx.total_nodes() };
                if total >= limit && (ctx.nodes.len() == 1 || self.nodes % TIME_CHECK_INTERVAL == 0) {
                    self.stop_all(ctx);
                    return true;
                }
            }
            if self.nodes % TIME_CHECK_INTERVAL == 0 && self.completed_depth > 0 {
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

    fn is_draw(&self, ply: usize) -> bool {
        self.pos.is_repetition_draw(ply)
            || self.pos.insufficient_material()
            || (self.pos.fifty_move_rule() && !(self.pos.in_check() && !self.pos.has_legal_move()))
    }

    fn negamax(&mut self, ctx: &SearchContext, mut alpha: i32, beta: i32, mut depth: i32, ply: usize) -> i32 {
        self.pv.clear(ply);
        if self.pos.in_check() {
            depth += 1; // check extension
        }
        if depth <= 0 {
            return self.qsearch(ctx, alpha, beta, ply);
        }
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_draw(ply) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(&self.pos);
        }

        let key = self.pos.key();
        let tt_entry = ctx.tt.probe(key);
        let tt_move = tt_entry.map_or(Move::NONE, |e| e.mv);
        if let Some(e) = tt_entry {
            if e.depth >= depth {
                let s = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return s;
                }
            }
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NONE;
        let mut picker = MovePicker::new(&self.pos, tt_move);
        let mut searched = 0;
        while let Some(m) = picker.next(&self.pos) {
            self.pos.make_move(m);
            ctx.tt.prefetch(self.pos.key());
            let score = -self.negamax(ctx, -beta, -alpha, depth - 1, ply + 1);
            self.pos.unmake_move(m);
            searched += 1;
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    self.pv.update(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if searched == 0 {
            return if self.pos.in_check() { mated_in(ply) } else { DRAW };
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        ctx.tt.store(key, best_move, score_to_tt(best_score, ply), 0, depth, bound, false);
        best_score
    }

    fn qsearch(&mut self, ctx: &SearchContext, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return evaluate(&self.pos);
        }
        let in_check = self.pos.in_check();
        let mut best_score;
        if in_check {
            best_score = -INFINITY;
        } else {
            let stand_pat = evaluate(&self.pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            if stand_pat > alpha {
                alpha = stand_pat;
            }
            best_score = stand_pat;
        }
        let mut picker = MovePicker::new_quiescence(&self.pos, Move::NONE);
        let mut searched = 0;
        while let Some(m) = picker.next(&self.pos) {
            self.pos.make_move(m);
            let score = -self.qsearch(ctx, -beta, -alpha, ply + 1);
            self.pos.unmake_move(m);
            searched += 1;
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && searched == 0 {
            return mated_in(ply);
        }
        best_score
    }
}

/// Mate scores are stored relative to the node, not the root, so that a
/// transposition reached at another ply reads the right distance.
#[inline(always)]
pub(crate) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline(always)]
pub(crate) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
