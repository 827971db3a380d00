//! One search thread: iterative deepening with aspiration windows over a
//! principal-variation search (negamax alpha-beta) and a quiescence search.
//! Every thread of the pool runs this on its own copy of the root with its
//! own histories; they share only the transposition table, the stop flag and
//! the node counters (Lazy SMP). Thread 0, the main thread, also owns the
//! clock and the output.
//!
//! Each pruning, reduction and extension technique is switched and sized by
//! `params`, where its measured result is noted in CHANGELOG.md.

use super::history::{bonus, Histories, PieceTo};
use super::movepick::MovePicker;
use super::params;
use super::pool::SearchContext;
use super::see::{see_ge, value};
use super::tt::Bound;
use super::{mate_in, mated_in, IterationInfo, DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::chess::{Move, PieceType, Position};
use crate::eval::evaluate;
use std::sync::atomic::Ordering;

/// A root move with the result of its latest search.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// Score in the current iteration, or -INFINITY until searched.
    pub score: i32,
    /// Score of the last completed iteration (what is reported and sorted on).
    pub prev_score: i32,
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
        #[cfg(feature = "tune")]
        Self::fill_lmr(&mut self.lmr);
        for f in self.stack.iter_mut() {
            *f = Frame { null_ok: true, ..Frame::default() };
        }
        self.root_moves = ctx
            .root_moves
            .iter()
            .map(|&mv| RootMove { mv, score: -INFINITY, prev_score: -INFINITY, pv: vec![mv], seldepth: 0, nodes: 0 })
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
            if !self.is_main() && params::smp_skip_on() != 0 && depth > 1 {
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
        let use_window = params::asp_on() != 0 && depth >= params::asp_min_depth() && prev.abs() < MATE_BOUND;
        let mut delta = params::asp_delta();
        let (mut alpha, mut beta) =
            if use_window { ((prev - delta).max(-INFINITY), (prev + delta).min(INFINITY)) } else { (-INFINITY, INFINITY) };
        loop {
            for rm in &mut self.root_moves[pv_idx..] {
                rm.score = -INFINITY;
            }
            let score = self.search_root(ctx, alpha, beta, depth, pv_idx);
            // Sort what was searched. On an abort keep the partial result only
            // when the first move finished at this depth.
            let first_done = self.root_moves[pv_idx].score != -INFINITY;
            if self.stopped && !first_done {
                return;
            }
            self.root_moves[pv_idx..].sort_by(|a, b| b.score.cmp(&a.score));
            if self.stopped {
                self.commit_scores(pv_idx);
                return;
            }
            if score <= alpha {
                // Fail low: widen downwards, pull beta in.
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                if self.is_main() && ctx.elapsed_ms() > 2000 {
                    self.report_bound(ctx, depth as u32, pv_idx, score, Bound::Upper);
                }
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
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
        if ctx.is_pondering() {
            return false;
        }
        let Some(b) = ctx.budget else { return false };
        if ctx.limits.movetime.is_some() {
            return false; // fixed time: use it all
        }
        let mut soft = b.soft_ms as f64;
        if params::tm_dynamic_on() != 0 && depth >= 6 {
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
        ctx.elapsed_ms() as f64 >= soft.min(b.hard_ms as f64)
    }

    fn info_for(&self, ctx: &SearchContext, depth: u32, i: usize, score: i32, bound: Bound) -> IterationInfo {
        let nodes = ctx.total_nodes();
        let time_ms = ctx.start.elapsed().as_millis() as u64;
        let rm = &self.root_moves[i];
        IterationInfo {
            depth,
            seldepth: rm.seldepth.max(self.seldepth).max(depth as usize) as u32,
            multipv: i as u32 + 1,
            score,
            bound,
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: ctx.tt.hashfull(),
            time_ms,
            pv: rm.pv.clone(),
        }
    }

    fn report(&self, ctx: &SearchContext, depth: u32, multipv: usize) {
        for i in 0..multipv {
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
            let nodes_before = self.nodes;
            let gives_check = self.pos.gives_check(m);
            let piece = self.pos.piece_on(m.from());
            self.frame(0).piece_to = PieceTo::new(piece, m);
            self.pos.make_move(m);
            self.nodes += 1;
            let ext = if gives_check && params::check_ext_on() != 0 { 1 } else { 0 };
            let new_depth = depth - 1 + ext;
            let searched = i - pv_idx;
            let mut score;
            if searched == 0 {
                score = -self.negamax(ctx, -beta, -alpha, new_depth, 1, false);
            } else {
                // Late root moves get a modest reduction too.
                let mut r = 0;
                if params::lmr_on() != 0 && depth >= 3 && m.is_quiet() && !gives_check && searched > 3 {
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

    // ------------------------------------------------------------------
    // Interior nodes
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
                if (single || self.nodes % TIME_CHECK_INTERVAL == 0)
                    && (if single { self.nodes } else { ctx.total_nodes() }) >= limit
                {
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

    #[inline(always)]
    fn is_draw(&self, ply: usize) -> bool {
        self.pos.is_repetition_draw(ply)
            || self.pos.insufficient_material()
            || (self.pos.fifty_move_rule() && !(self.pos.in_check() && !self.pos.has_legal_move()))
    }

    fn has_non_pawn_material(&self) -> bool {
        let us = self.pos.side_to_move();
        (self.pos.color_bb(us) & !(self.pos.pieces(PieceType::Pawn) | self.pos.pieces(PieceType::King))).any()
    }

    /// Static evaluation corrected by what the correction history learnt.
    fn corrected_eval(&self, raw: i32) -> i32 {
        if params::corr_on() == 0 {
            return raw;
        }
        (raw + self.hist.correction(&self.pos)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    #[allow(clippy::cognitive_complexity)]
    fn negamax(&mut self, ctx: &SearchContext, mut alpha: i32, mut beta: i32, mut depth: i32, ply: usize, cut_node: bool) -> i32 {
        let pv_node = beta - alpha > 1;
        if depth <= 0 {
            return self.qsearch(ctx, alpha, beta, ply);
        }
        self.pv.clear(ply);
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_draw(ply) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if self.pos.in_check() { DRAW } else { evaluate(&self.pos) };
        }
        // Mate distance pruning: no line from here can beat a mate already
        // found closer to the root.
        if params::mdp_on() != 0 {
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        let excluded = self.frame_ref(ply).excluded;
        let key = self.pos.key();
        let tt_entry = if excluded.is_none() { ctx.tt.probe(key) } else { None };
        let tt_move = tt_entry.map_or(Move::NONE, |e| e.mv);
        let tt_score = tt_entry.map_or(-INFINITY, |e| score_from_tt(e.score, ply));
        let tt_pv = pv_node || tt_entry.is_some_and(|e| e.pv);

        if let Some(e) = tt_entry {
            if params::tt_cut_on() != 0 && !pv_node && e.depth >= depth && self.pos.halfmove_clock() < 90 {
                let cut = bound_cuts(e.bound, tt_score, alpha, beta);
                if cut {
                    // A quiet hash move that still refutes earns history credit.
                    if tt_score >= beta && tt_move.is_some() && tt_move.is_quiet() && self.pos.is_legal(tt_move) {
                        let conts = self.conts(ply);
                        self.hist.update_quiet(&self.pos, tt_move, &conts, bonus(depth));
                    }
                    return tt_score;
                }
            }
        }

        let in_check = self.pos.in_check();
        let raw_eval;
        let static_eval;
        let mut eval;
        if in_check {
            raw_eval = -INFINITY;
            static_eval = -INFINITY;
            eval = -INFINITY;
        } else if excluded.is_some() {
            // Singular verification: same node, the eval is already known.
            raw_eval = self.frame_ref(ply).static_eval;
            static_eval = raw_eval;
            eval = raw_eval;
        } else {
            raw_eval = match tt_entry {
                Some(e) if e.eval.abs() < MATE_BOUND && e.eval != 0 => e.eval,
                _ => evaluate(&self.pos),
            };
            static_eval = self.corrected_eval(raw_eval);
            eval = static_eval;
            // The hash score is a better guess when its bound agrees.
            if let Some(e) = &tt_entry {
                eval = refine_eval(eval, e, tt_score);
            }
            if tt_entry.is_none() {
                ctx.tt.store(key, Move::NONE, 0, raw_eval, -2, Bound::None, tt_pv);
            }
        }
        self.frame(ply).static_eval = static_eval;
        let improving = !in_check
            && ply >= 2
            && {
                let two = self.frame_ref(ply - 2).static_eval;
                two == -INFINITY || static_eval > two
            };
        // Killers of the grandchildren start fresh.
        self.frame(ply + 2).killers = [Move::NONE; 2];

        // ---------------- Whole-node pruning ----------------
        if !pv_node && !in_check && excluded.is_none() {
            // Reverse futility: far above beta, assume it holds.
            if params::rfp_on() != 0
                && depth <= params::rfp_depth()
                && eval.abs() < MATE_BOUND
                && eval - params::rfp_margin() * depth + params::rfp_improving() * improving as i32 >= beta
            {
                return (eval + beta) / 2;
            }
            // Razoring: far below alpha, ask quiescence.
            if params::razor_on() != 0 && depth <= params::razor_depth() && eval + params::razor_margin() * depth <= alpha {
                let q = self.qsearch(ctx, alpha, alpha + 1, ply);
                if q <= alpha {
                    return q;
                }
            }
            // Null move: if passing still beats beta, a real move will too.
            if params::nmp_on() != 0
                && depth >= params::nmp_depth()
                && eval >= beta
                && static_eval >= beta
                && self.frame_ref(ply).null_ok
                && ply >= self.nmp_min_ply
                && beta.abs() < MATE_BOUND
                && self.has_non_pawn_material()
            {
                let r = params::nmp_base()
                    + depth / params::nmp_div()
                    + ((eval - beta) / params::nmp_eval_div()).min(3);
                self.frame(ply).piece_to = PieceTo::default();
                self.pos.make_null_move();
                self.frame(ply + 1).null_ok = false;
                let score = -self.negamax(ctx, -beta, -beta + 1, depth - r, ply + 1, false);
                self.frame(ply + 1).null_ok = true;
                self.pos.unmake_null_move();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    let score = if score >= MATE_BOUND { beta } else { score };
                    if depth < params::nmp_verify_depth() || self.nmp_min_ply > 0 {
                        return score;
                    }
                    // Deep null cutoffs are verified by a reduced search in
                    // which this side may not pass (zugzwang safety).
                    self.nmp_min_ply = ply + 3 * (depth - r) as usize / 4;
                    let v = self.negamax(ctx, beta - 1, beta, depth - r, ply, false);
                    self.nmp_min_ply = 0;
                    if v >= beta {
                        return score;
                    }
                }
            }
        }

        // Internal iterative reduction: without a hash move this node was not
        // searched before, so search it shallower first.
        if params::iir_on() != 0 && depth >= params::iir_depth() && tt_move.is_none() && (pv_node || cut_node) {
            depth -= 1;
        }

        // ---------------- Move loop ----------------
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NONE;
        let conts = self.conts(ply);
        let killers = if params::killers_on() != 0 { self.frame_ref(ply).killers } else { [Move::NONE; 2] };
        let prev = self.frame_ref(ply.wrapping_sub(1)).piece_to;
        let counter = if params::counter_on() != 0 { self.hist.counter(prev) } else { Move::NONE };
        let mut picker = MovePicker::new(&self.pos, tt_move, killers, counter, conts);
        let mut moves_searched = 0;
        let mut quiets_tried: [Move; 64] = [Move::NONE; 64];
        let mut n_quiets = 0;
        let mut captures_tried: [Move; 32] = [Move::NONE; 32];
        let mut n_captures = 0;
        let lmp_limit = (params::lmp_base() + depth * depth) / if improving { 1 } else { 2 };
        let root_node = ply == 0;

        while let Some(m) = picker.next(&self.pos, &self.hist) {
            if m == excluded {
                continue;
            }
            let is_quiet = m.is_quiet();
            // Losing captures come last from the picker; they may be reduced.
            let reducible = is_quiet || picker.in_bad_captures();
            let gives_check = self.pos.gives_check(m);
            let hist_score = if is_quiet { self.hist.quiet_score(&self.pos, m, &conts) } else { 0 };

            // ---- Move-level pruning (never before a line avoids mate) ----
            if !root_node && best_score > -MATE_BOUND && self.has_non_pawn_material() {
                if is_quiet && !gives_check {
                    if params::lmp_on() != 0 && depth <= params::lmp_depth() && moves_searched >= lmp_limit {
                        picker.skip_quiets();
                        continue;
                    }
                    if params::fut_on() != 0
                        && !in_check
                        && depth <= params::fut_depth()
                        && static_eval + params::fut_base() + params::fut_margin() * depth <= alpha
                    {
                        picker.skip_quiets();
                        continue;
                    }
                    if params::hist_prune_on() != 0
                        && depth <= params::hist_prune_depth()
                        && hist_score < -params::hist_prune_margin() * depth
                        && !picker.is_refutation(m)
                    {
                        continue;
                    }
                }
                if params::see_on() != 0 && depth <= params::see_depth() {
                    let threshold = if is_quiet {
                        -params::see_quiet() * depth
                    } else {
                        -params::see_capture() * depth * depth
                    };
                    if !see_ge(&self.pos, m, threshold) {
                        continue;
                    }
                }
            }

            // ---- Extensions ----
            let mut ext = 0;
            if params::se_on() != 0
                && !root_node
                && m == tt_move
                && excluded.is_none()
                && depth >= params::se_depth()
                && ply < 2 * self.root_depth as usize
            {
                if let Some(e) = tt_entry {
                    if e.depth >= depth - 3 && e.bound != Bound::Upper && tt_score.abs() < MATE_BOUND {
                        // Is the hash move much better than every other move?
                        let s_beta = tt_score - 2 * depth;
                        self.frame(ply).excluded = m;
                        let s = self.negamax(ctx, s_beta - 1, s_beta, (depth - 1) / 2, ply, cut_node);
                        self.frame(ply).excluded = Move::NONE;
                        if self.stopped {
                            return 0;
                        }
                        if s < s_beta {
                            ext = 1;
                            if !pv_node && s < s_beta - params::se_double_margin() {
                                ext = 2;
                            }
                        } else if s_beta >= beta {
                            // Multi-cut: several moves beat beta.
                            return s_beta;
                        } else if tt_score >= beta {
                            ext = -1;
                        }
                    }
                }
            }
            if ext == 0 && gives_check && params::check_ext_on() != 0 {
                ext = 1;
            }

            // ---- Make the move ----
            let piece = self.pos.piece_on(m.from());
            self.frame(ply).piece_to = PieceTo::new(piece, m);
            self.pos.make_move(m);
            ctx.tt.prefetch(self.pos.key());
            moves_searched += 1;
            if is_quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = m;
                n_quiets += 1;
            } else if !is_quiet && n_captures < captures_tried.len() {
                captures_tried[n_captures] = m;
                n_captures += 1;
            }
            let new_depth = depth - 1 + ext;

            let mut score;
            if moves_searched > 1 + pv_node as i32 && depth >= 3 && params::lmr_on() != 0 && reducible {
                // Late-move reduction.
                let mut r = self.lmr[depth.min(63) as usize][(moves_searched as usize).min(63)];
                r -= pv_node as i32;
                r -= tt_pv as i32;
                r += !improving as i32;
                r += cut_node as i32;
                r -= gives_check as i32;
                if is_quiet {
                    r -= hist_score / params::lmr_history();
                    r -= picker.is_refutation(m) as i32;
                }
                let r = r.max(0).min((new_depth - 1).max(0));
                score = -self.negamax(ctx, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if score > alpha && r > 0 {
                    score = -self.negamax(ctx, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
            } else if !pv_node || moves_searched > 1 {
                score = -self.negamax(ctx, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            } else {
                score = alpha + 1; // force the full-window search below
            }
            if pv_node && (moves_searched == 1 || (score > alpha && score < beta)) {
                score = -self.negamax(ctx, -beta, -alpha, new_depth, ply + 1, false);
            }
            self.pos.unmake_move(m);
            if self.stopped {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        self.pv.update(ply, m);
                    }
                    if score >= beta {
                        self.update_histories(ply, depth, m, &quiets_tried[..n_quiets], &captures_tried[..n_captures]);
                        break;
                    }
                    alpha = score;
                }
            }
        }

        if moves_searched == 0 {
            return if excluded.is_some() {
                alpha
            } else if in_check {
                mated_in(ply)
            } else {
                DRAW
            };
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if pv_node && best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };

        if excluded.is_none() {
            // Teach the correction history how wrong the static eval was.
            if params::corr_on() != 0
                && !in_check
                && (best_move.is_none() || best_move.is_quiet())
                && !(bound == Bound::Lower && best_score <= static_eval)
                && !(bound == Bound::Upper && best_score >= static_eval)
            {
                self.hist.update_correction(&self.pos, depth, best_score - static_eval);
            }
            ctx.tt.store(key, best_move, score_to_tt(best_score, ply), raw_eval.max(-MATE_BOUND + 1), depth, bound, tt_pv);
        }
        best_score
    }

    /// Rewards the move that cut off and punishes the ones tried before it.
    fn update_histories(&mut self, ply: usize, depth: i32, m: Move, quiets: &[Move], captures: &[Move]) {
        let b = bonus(depth);
        let conts = self.conts(ply);
        if m.is_quiet() {
            let f = self.frame(ply);
            if f.killers[0] != m {
                f.killers[1] = f.killers[0];
                f.killers[0] = m;
            }
            let prev = self.frame_ref(ply.wrapping_sub(1)).piece_to;
            self.hist.set_counter(prev, m);
            for &q in quiets {
                let delta = if q == m { b } else { -b };
                self.hist.update_quiet(&self.pos, q, &conts, delta);
            }
        } else {
            self.hist.update_capture(&self.pos, m, b);
        }
        for &c in captures {
            if c != m {
                self.hist.update_capture(&self.pos, c, -b);
            }
        }
    }

    // ------------------------------------------------------------------
    // Quiescence
    // ------------------------------------------------------------------

    fn qsearch(&mut self, ctx: &SearchContext, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let pv_node = beta - alpha > 1;
        if pv_node {
            self.pv.clear(ply);
        }
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.pos.insufficient_material() {
            return DRAW;
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { evaluate(&self.pos) };
        }

        let key = self.pos.key();
        let tt_entry = ctx.tt.probe(key);
        let tt_move = tt_entry.map_or(Move::NONE, |e| e.mv);
        if let Some(e) = tt_entry {
            let s = score_from_tt(e.score, ply);
            if !pv_node && params::tt_cut_on() != 0 && bound_cuts(e.bound, s, alpha, beta) {
                return s;
            }
        }

        let mut best_score;
        let raw_eval;
        let stand_pat;
        if in_check {
            best_score = -INFINITY;
            raw_eval = -INFINITY;
            stand_pat = -INFINITY;
        } else {
            raw_eval = match tt_entry {
                Some(e) if e.eval.abs() < MATE_BOUND && e.eval != 0 => e.eval,
                _ => evaluate(&self.pos),
            };
            let mut sp = self.corrected_eval(raw_eval);
            if let Some(e) = &tt_entry {
                sp = refine_eval(sp, e, score_from_tt(e.score, ply));
            }
            stand_pat = sp;
            if stand_pat >= beta {
                if tt_entry.is_none() {
                    ctx.tt.store(key, Move::NONE, score_to_tt(stand_pat, ply), raw_eval, -1, Bound::Lower, false);
                }
                return stand_pat;
            }
            if stand_pat > alpha {
                alpha = stand_pat;
            }
            best_score = stand_pat;
        }

        let mut picker = MovePicker::new_quiescence(&self.pos, tt_move);
        let mut best_move = Move::NONE;
        let mut searched = 0;
        while let Some(m) = picker.next(&self.pos, &self.hist) {
            if !in_check {
                // Delta pruning: even winning this piece cannot reach alpha.
                if params::delta_on() != 0 && !m.is_promotion() {
                    let victim = if m.is_en_passant() { 100 } else { value(self.pos.piece_on(m.to()).piece_type()) };
                    if stand_pat + victim + params::delta_margin() <= alpha {
                        best_score = best_score.max(stand_pat + victim + params::delta_margin());
                        continue;
                    }
                }
                // Captures that lose material are not worth a look.
                if params::qsee_on() != 0 && !see_ge(&self.pos, m, 0) {
                    continue;
                }
            }
            self.pos.make_move(m);
            ctx.tt.prefetch(self.pos.key());
            let score = -self.qsearch(ctx, -beta, -alpha, ply + 1);
            self.pos.unmake_move(m);
            searched += 1;
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        self.pv.update(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && searched == 0 {
            return mated_in(ply);
        }
        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        ctx.tt.store(key, best_move, score_to_tt(best_score, ply), raw_eval.max(-MATE_BOUND + 1), 0, bound, false);
        best_score
    }
}

/// Lazy-SMP depth skipping pattern (helpers skip alternate depth blocks with
/// different phases), after the scheme early Stockfish used.
const SKIP_SIZE: [usize; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [usize; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

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
    if better && tt_score.abs() < MATE_BOUND {
        tt_score
    } else {
        eval
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
