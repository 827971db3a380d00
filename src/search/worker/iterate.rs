//! Iterative deepening: one iteration per depth, each wrapped in an
//! aspiration window around the previous score; the root move loop; the
//! decision to stop after an iteration (time management); and the reports
//! sent to the front end.

use super::{Candidate, Frame, RootMove, Worker};
use crate::chess::Move;
use crate::eval::evaluate;
use crate::search::context::SearchContext;
use crate::search::history::PieceTo;
use crate::search::params;
use crate::search::tt::Bound;
use crate::search::{IterationInfo, INFINITY, MATE, MATE_BOUND, MAX_PLY, TB_WIN_BOUND};
use std::time::Duration;

impl Worker {
    // ------------------------------------------------------------------
    // Iterative deepening
    // ------------------------------------------------------------------

    /// Runs iterative deepening until the context says stop.
    pub fn search(&mut self, ctx: &SearchContext) {
        self.pos = ctx.root.clone();
        self.nodes = 0;
        self.completed_depth = 0;
        self.stopped = false;
        self.nmp_min_ply = 0;
        self.best_move_changes = 0.0;
        self.tb_hits = 0;
        self.skill_candidates.clear();
        #[cfg(feature = "tune")]
        Self::fill_lmr(&mut self.lmr);
        for f in self.stack.iter_mut() {
            *f = Frame { null_ok: true, ..Frame::default() };
        }
        self.root_moves = ctx
            .root_moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITY,
                prev_score: -INFINITY,
                last_score: -INFINITY,
                pv: vec![mv],
                seldepth: 0,
                nodes: 0,
            })
            .collect();
        if self.root_moves.is_empty() {
            return;
        }
        let multipv = ctx.multipv.min(self.root_moves.len());
        let max_depth = ctx.limits.depth.map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));
        let mut prev_best = Move::NONE;
        let mut stable_iterations = 0u32;
        let mut prev_iter_score = 0;

        let mut depth = 1u32;
        while depth <= max_depth {
            // Lazy SMP: helpers skip some depths so that threads spread over
            // several depths instead of all searching the same tree.
            if !self.is_main() && depth > 1 {
                let i = (self.id - 1) % SKIP_SIZE.len();
                if ((depth as usize + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1 {
                    depth += 1;
                    continue;
                }
            }
            self.root_depth = depth as i32;
            self.best_move_changes *= 0.5;
            for pv_idx in 0..multipv {
                self.seldepth = 0;
                self.aspiration(ctx, depth as i32, pv_idx);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            if self.is_main() {
                if ctx.skill.is_some() {
                    self.skill_candidates = self.root_moves[..multipv]
                        .iter()
                        .map(|rm| Candidate { mv: rm.mv, score: rm.prev_score, pv: rm.pv.clone() })
                        .collect();
                }
                self.report(ctx, depth, multipv);
                let best = self.root_moves[0].mv;
                if best == prev_best {
                    stable_iterations += 1;
                } else {
                    stable_iterations = 0;
                }
                prev_best = best;
                let score = self.root_moves[0].prev_score;
                if self.should_stop_after_iteration(ctx, depth, stable_iterations, prev_iter_score - score) {
                    break;
                }
                prev_iter_score = score;
            }
            depth += 1;
        }
    }

    /// Searches one MultiPV line at `depth` with an aspiration window around
    /// the previous score, widening on failure.
    fn aspiration(&mut self, ctx: &SearchContext, depth: i32, pv_idx: usize) {
        let prev = self.root_moves[pv_idx].prev_score;
        let use_window = depth >= params::asp_min_depth() && prev.abs() < TB_WIN_BOUND;
        let mut delta = params::asp_delta();
        let (mut alpha, mut beta) = if use_window {
            ((prev - delta).max(-INFINITY), (prev + delta).min(INFINITY))
        } else {
            (-INFINITY, INFINITY)
        };
        // Fail highs in a row: each re-search goes one ply shallower, since
        // a fail high is usually confirmed at lower depth.
        let mut fail_highs = 0;
        loop {
            for rm in &mut self.root_moves[pv_idx..] {
                rm.score = -INFINITY;
            }
            let search_depth = (depth - fail_highs).max(1);
            let score = self.search_root(ctx, alpha, beta, search_depth, pv_idx);
            // Sort what was searched. On an abort keep the partial result only
            // when the first move finished at this depth.
            let first_done = self.root_moves[pv_idx].score != -INFINITY;
            if self.stopped && !first_done {
                return;
            }
            self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if self.stopped {
                self.commit_scores(pv_idx);
                return;
            }
            if score <= alpha {
                // Fail low: widen downwards, pull beta in.
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                fail_highs = 0;
                if self.is_main() && ctx.elapsed_ms() > 2000 {
                    self.report_bound(ctx, depth as u32, pv_idx, score, Bound::Upper);
                }
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                fail_highs = (fail_highs + 1).min(3);
                if self.is_main() && ctx.elapsed_ms() > 2000 {
                    self.report_bound(ctx, depth as u32, pv_idx, score, Bound::Lower);
                }
            } else {
                self.commit_scores(pv_idx);
                return;
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn commit_scores(&mut self, pv_idx: usize) {
        for rm in &mut self.root_moves[pv_idx..] {
            if rm.score != -INFINITY {
                rm.prev_score = rm.score;
            }
        }
    }

    fn should_stop_after_iteration(&self, ctx: &SearchContext, depth: u32, stable: u32, score_drop: i32) -> bool {
        if ctx.limits.depth.is_some_and(|d| depth >= d) {
            return true;
        }
        let best = self.root_moves[0].prev_score;
        if let Some(m) = ctx.limits.mate {
            if best >= MATE_BOUND && (MATE - best + 1) / 2 <= m as i32 {
                return true;
            }
        }
        let Some(b) = ctx.budget else { return false };
        if ctx.limits.movetime.is_some() {
            return false; // fixed time: use it all
        }
        let mut soft = b.soft_ms as f64 * params::tm_soft_pct() as f64 / 100.0;
        if depth >= 6 {
            // Stable best move: spend less; a falling score or a best move
            // that keeps changing: spend more.
            let stability = [1.6, 1.25, 1.0, 0.85, 0.75][stable.min(4) as usize];
            let drop = (1.0 + score_drop.clamp(0, 100) as f64 / 100.0).min(1.8);
            let changes = 1.0 + self.best_move_changes.min(3.0) * 0.25;
            // Share of nodes spent on the best move: a dominant one needs less.
            let total: u64 = self.root_moves.iter().map(|r| r.nodes).sum::<u64>().max(1);
            let share = self.root_moves[0].nodes as f64 / total as f64;
            let node_factor = (1.6 - share) * 1.1;
            soft *= stability * drop * changes * node_factor;
        }
        ctx.elapsed_ms() as f64 >= soft.min(b.hard_ms as f64) && ctx.time_is_up()
    }

    fn info_for(&self, ctx: &SearchContext, depth: u32, i: usize, score: i32, bound: Bound) -> IterationInfo {
        let nodes = ctx.total_nodes();
        let time_ms = ctx.start.elapsed().as_millis() as u64;
        let rm = &self.root_moves[i];
        IterationInfo {
            depth,
            seldepth: rm.seldepth.max(self.seldepth).max(depth as usize) as u32,
            multipv: i as u32 + 1,
            score: ctx.reported_score(rm.mv, score),
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: ctx.tt.hashfull(),
            tbhits: ctx.shown_tb_hits(),
            time_ms,
            pv: rm.pv.clone(),
        }
    }

    fn report(&self, ctx: &SearchContext, depth: u32, multipv: usize) {
        for i in 0..multipv.min(ctx.shown_multipv) {
            let info = self.info_for(ctx, depth, i, self.root_moves[i].prev_score, Bound::Exact);
            ctx.reporter.iteration(&ctx.root, &info);
        }
    }

    fn report_bound(&self, ctx: &SearchContext, depth: u32, pv_idx: usize, score: i32, bound: Bound) {
        let info = self.info_for(ctx, depth, pv_idx, score, bound);
        ctx.reporter.iteration(&ctx.root, &info);
    }

    // ------------------------------------------------------------------
    // Root
    // ------------------------------------------------------------------

    /// PVS over the root moves from `pv_idx` on (earlier ones belong to
    /// better MultiPV lines and are excluded). Returns the best score.
    fn search_root(&mut self, ctx: &SearchContext, mut alpha: i32, beta: i32, depth: i32, pv_idx: usize) -> i32 {
        self.pv.clear(0);
        let mut best = -INFINITY;
        let in_check = self.pos.in_check();
        let static_eval = if in_check { -INFINITY } else { evaluate(&self.pos) };
        self.frame(0).static_eval = static_eval;
        for i in pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            if self.is_main() && ctx.start.elapsed() > CURRMOVE_AFTER {
                ctx.reporter.root_move(&ctx.root, self.root_depth as u32, m, i + 1);
            }
            let nodes_before = self.nodes;
            let gives_check = self.pos.gives_check(m);
            let piece = self.pos.piece_on(m.from());
            self.frame(0).piece_to = PieceTo::new(piece, m);
            self.pos.make_move(m);
            self.nodes += 1;
            let ext = gives_check as i32;
            let new_depth = depth - 1 + ext;
            let searched = i - pv_idx;
            let mut score;
            if searched == 0 {
                score = -self.negamax(ctx, -beta, -alpha, new_depth, 1, false);
            } else {
                // Late root moves get a modest reduction too.
                let mut r = 0;
                if depth >= 3 && m.is_quiet() && !gives_check && searched > 3 {
                    r = (self.lmr[depth.min(63) as usize][searched.min(63)] - 1).max(0);
                }
                score = -self.negamax(ctx, -alpha - 1, -alpha, new_depth - r, 1, true);
                if score > alpha && r > 0 {
                    score = -self.negamax(ctx, -alpha - 1, -alpha, new_depth, 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(ctx, -beta, -alpha, new_depth, 1, false);
                }
            }
            self.pos.unmake_move(m);
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                return best;
            }
            let rm = &mut self.root_moves[i];
            if searched == 0 || score > alpha {
                rm.score = score;
                rm.last_score = score;
                rm.seldepth = self.seldepth;
                self.pv.update(0, m);
                rm.pv = self.pv.line(0);
                if searched > 0 && pv_idx == 0 {
                    self.best_move_changes += 1.0;
                }
            } else {
                // Below the best line: its exact value is unknown.
                rm.score = -INFINITY + 1;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                if score >= beta {
                    return score;
                }
                alpha = score;
            }
        }
        best
    }
}

/// Root moves are announced only after this much time: in a short search
/// they would flood the GUI for nothing.
const CURRMOVE_AFTER: Duration = Duration::from_millis(1000);

/// Lazy-SMP depth skipping pattern (helpers skip alternate depth blocks with
/// different phases), after the scheme early Stockfish used.
const SKIP_SIZE: [usize; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [usize; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
