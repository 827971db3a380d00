//! The interior-node search: principal-variation negamax with the hash
//! table, whole-node pruning (reverse futility, razoring, null move),
//! move-level pruning, extensions, late-move reductions and history updates.

use super::{bound_cuts, refine_eval, score_from_tt, score_to_tt, Worker};
use crate::chess::Move;
use crate::eval::evaluate;
use crate::search::context::SearchContext;
use crate::search::history::{bonus, PieceTo};
use crate::search::movepick::MovePicker;
use crate::search::params;
use crate::search::see::see_ge;
use crate::search::tt::Bound;
use crate::search::{mate_in, mated_in, DRAW, INFINITY, MATE_BOUND, MAX_PLY, TB_WIN, TB_WIN_BOUND};
use arrayvec::ArrayVec;
use std::sync::atomic::Ordering;

impl Worker {
    #[allow(clippy::cognitive_complexity)]
    pub(super) fn negamax(
        &mut self,
        ctx: &SearchContext,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        if depth <= 0 {
            return self.qsearch(ctx, alpha, beta, ply, true);
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
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let excluded = self.frame_ref(ply).excluded;
        let key = self.pos.key();
        let tt_entry = if excluded.is_none() { ctx.tt.probe(key) } else { None };
        let tt_move = tt_entry.map_or(Move::NONE, |e| e.mv);
        let tt_score = tt_entry.map_or(-INFINITY, |e| score_from_tt(e.score, ply));
        let tt_pv = pv_node || tt_entry.is_some_and(|e| e.pv);

        if let Some(e) = tt_entry {
            if !pv_node && e.depth >= depth && self.pos.halfmove_clock() < 90 {
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

        // Tablebases: a win or loss ends the search here when its bound
        // settles the window; at PV nodes it bounds the result instead.
        let mut tb_floor = -INFINITY;
        let mut tb_ceiling = INFINITY;
        if excluded.is_none() {
            if let Some((score, bound)) = self.probe_tablebases(ctx, depth, ply) {
                if bound_cuts(bound, score, alpha, beta) {
                    let depth = (depth + 6).min(MAX_PLY as i32 - 1);
                    ctx.tt.store(key, Move::NONE, score_to_tt(score, ply), 0, depth, bound, tt_pv);
                    return score;
                }
                if pv_node {
                    if bound == Bound::Lower {
                        tb_floor = score;
                        alpha = alpha.max(score);
                    } else {
                        tb_ceiling = score;
                    }
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
        let improving = !in_check && ply >= 2 && {
            let two = self.frame_ref(ply - 2).static_eval;
            two == -INFINITY || static_eval > two
        };
        // Killers of the grandchildren start fresh.
        self.frame(ply + 2).killers = [Move::NONE; 2];

        // ---------------- Whole-node pruning ----------------
        if !pv_node && !in_check && excluded.is_none() {
            // Reverse futility: far above beta, assume it holds. Not at a
            // node that is or was on a principal variation (tt_pv): a line
            // the search once followed is where a deep tactic hides behind
            // a good static eval (Stockfish skips it there too).
            if !tt_pv
                && depth <= params::rfp_depth()
                && eval.abs() < TB_WIN_BOUND
                && eval - params::rfp_margin() * depth + params::rfp_improving() * improving as i32 >= beta
            {
                return (eval + beta) / 2;
            }
            // Razoring: far below alpha, ask quiescence.
            if depth <= params::razor_depth() && eval + params::razor_margin() * depth <= alpha {
                let q = self.qsearch(ctx, alpha, alpha + 1, ply, true);
                if q <= alpha {
                    return q;
                }
            }
            // Null move: if passing still beats beta, a real move will too.
            // Not at tt_pv nodes either, for the same reason: a pass there
            // hides the quiet threats of the line.
            if !tt_pv
                && depth >= params::nmp_depth()
                && eval >= beta
                && static_eval >= beta
                && self.frame_ref(ply).null_ok
                && ply >= self.nmp_min_ply
                && beta.abs() < TB_WIN_BOUND
                && self.has_non_pawn_material()
            {
                let r =
                    params::nmp_base() + depth / params::nmp_div() + ((eval - beta) / params::nmp_eval_div()).min(3);
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
                    // A pass proves no mate and no tablebase win.
                    let score = if score >= TB_WIN_BOUND { beta } else { score };
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
        if depth >= params::iir_depth() && tt_move.is_none() && (pv_node || cut_node) {
            depth -= 1;
        }

        // ---------------- Move loop ----------------
        let original_alpha = alpha;
        let mut best_score = tb_floor;
        let mut best_move = Move::NONE;
        let conts = self.conts(ply);
        let killers = self.frame_ref(ply).killers;
        let prev = self.frame_ref(ply.wrapping_sub(1)).piece_to;
        let counter = self.hist.counter(prev);
        let mut picker = MovePicker::new(&self.pos, tt_move, killers, counter, conts);
        let mut moves_searched = 0;
        // Moves searched without a cutoff, for the history malus (uninitialised
        // storage: most nodes cut off after a move or two).
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let mut captures_tried: ArrayVec<Move, 32> = ArrayVec::new();
        let lmp_limit = (params::lmp_base() + depth * depth) / if improving { 1 } else { 2 };
        let root_node = ply == 0;
        // A capture as the hash move: the quiet moves rarely matter.
        let reduce_quiets_more = tt_move.is_some() && !tt_move.is_quiet();

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
            if !root_node && best_score > -TB_WIN_BOUND && self.has_non_pawn_material() {
                if is_quiet && !gives_check {
                    if depth <= params::lmp_depth() && moves_searched >= lmp_limit {
                        picker.skip_quiets();
                        continue;
                    }
                    if !in_check
                        && depth <= params::fut_depth()
                        && static_eval + params::fut_base() + params::fut_margin() * depth <= alpha
                    {
                        picker.skip_quiets();
                        continue;
                    }
                }
                if depth <= params::see_depth() {
                    let threshold =
                        if is_quiet { -params::see_quiet() * depth } else { -params::see_capture() * depth * depth };
                    if !see_ge(&self.pos, m, threshold) {
                        continue;
                    }
                }
            }

            // The child's hash entry is fetched while the extensions and the
            // move itself are worked out.
            ctx.tt.prefetch(self.pos.key_after(m));

            // ---- Extensions ----
            let mut ext = 0;
            if !root_node
                && m == tt_move
                && excluded.is_none()
                && depth >= params::se_depth()
                && ply < 2 * self.root_depth as usize
            {
                if let Some(e) = tt_entry {
                    if e.depth >= depth - 3 && e.bound != Bound::Upper && tt_score.abs() < TB_WIN_BOUND {
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
                            // Not singular, yet the hash move is expected to
                            // cut off anyway: it is not worth its full depth.
                            ext = -1;
                        }
                    }
                }
            }
            if ext == 0 && gives_check {
                ext = 1;
            }

            // ---- Make the move ----
            let piece = self.pos.piece_on(m.from());
            self.frame(ply).piece_to = PieceTo::new(piece, m);
            self.pos.make_move(m);
            moves_searched += 1;
            // Past 64 quiets (32 captures) the rest go without a malus.
            if is_quiet {
                let _ = quiets_tried.try_push(m);
            } else {
                let _ = captures_tried.try_push(m);
            }
            let new_depth = depth - 1 + ext;

            let mut score;
            if moves_searched > 1 + pv_node as i32 && depth >= params::lmr_min_depth() && reducible {
                // Late-move reduction.
                let mut r = self.lmr[depth.min(63) as usize][(moves_searched as usize).min(63)];
                r -= pv_node as i32;
                r -= tt_pv as i32;
                r += !improving as i32;
                r += params::lmr_cut_node() * cut_node as i32;
                r -= gives_check as i32;
                if is_quiet {
                    r -= hist_score / params::lmr_history();
                    r -= picker.is_refutation(m) as i32;
                    r += reduce_quiets_more as i32;
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
                        self.update_histories(ply, depth, m, &quiets_tried, &captures_tried);
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

        // The tables know better than a search that stops short of the end.
        let best_score = best_score.min(tb_ceiling);
        let bound = if best_score >= beta {
            Bound::Lower
        } else if pv_node && best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };

        if excluded.is_none() {
            // Teach the correction history how wrong the static eval was.
            if !in_check
                && (best_move.is_none() || best_move.is_quiet())
                && !(bound == Bound::Lower && best_score <= static_eval)
                && !(bound == Bound::Upper && best_score >= static_eval)
            {
                self.hist.update_correction(&self.pos, depth, best_score - static_eval);
            }
            ctx.tt.store(
                key,
                best_move,
                score_to_tt(best_score, ply),
                raw_eval.max(-MATE_BOUND + 1),
                depth,
                bound,
                tt_pv,
            );
        }
        best_score
    }

    /// Rewards the move that cut off and punishes the ones tried before it.
    fn update_histories(&mut self, ply: usize, depth: i32, m: Move, quiets: &[Move], captures: &[Move]) {
        let b = bonus(depth);
        let malus = b * params::hist_malus_pct() / 100;
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
                let delta = if q == m { b } else { -malus };
                self.hist.update_quiet(&self.pos, q, &conts, delta);
            }
        } else {
            self.hist.update_capture(&self.pos, m, b);
        }
        for &c in captures {
            if c != m {
                self.hist.update_capture(&self.pos, c, -malus);
            }
        }
    }

    /// The tablebase verdict on this node as a score and the bound it
    /// proves, as Stockfish probes: only positions right after a capture or
    /// pawn move (the WDL tables ignore the 50-move counter), with no more
    /// pieces than the probe limit, and at the limit itself only deep enough.
    fn probe_tablebases(&mut self, ctx: &SearchContext, depth: i32, ply: usize) -> Option<(i32, Bound)> {
        let cardinality = ctx.tb_cardinality;
        if cardinality == 0 || self.pos.halfmove_clock() != 0 {
            return None;
        }
        let pieces = self.pos.occupied().count();
        if pieces > cardinality || (pieces == cardinality && depth < ctx.tb_probe_depth) {
            return None;
        }
        let wdl = ctx.tablebases.probe_wdl(&self.pos)?.value();
        self.tb_hits += 1;
        ctx.tb_hits[self.id].store(self.tb_hits, Ordering::Relaxed);
        // Under the 50-move rule cursed wins and blessed losses are draws,
        // scored a hair off zero so that the search prefers the better one.
        let draw_margin = ctx.tb_rule50 as i32;
        Some(if wdl < -draw_margin {
            (-TB_WIN + ply as i32, Bound::Upper)
        } else if wdl > draw_margin {
            (TB_WIN - ply as i32, Bound::Lower)
        } else {
            (DRAW + 2 * wdl * draw_margin, Bound::Exact)
        })
    }
}
