//! Quiescence search: captures (and every evasion when in check) until the
//! position is quiet, so that the static evaluation is only trusted there.
//! At its first ply it also looks for a quiet mate in one: a mate threat
//! one move past the horizon (often what a null move or a reduction left
//! there) is otherwise invisible to a capture-only search.

use super::{bound_cuts, refine_eval, score_from_tt, score_to_tt, Worker};
use crate::chess::{Move, MoveList};
use crate::eval::evaluate;
use crate::search::context::SearchContext;
use crate::search::history::captured_type;
use crate::search::movepick::MovePicker;
use crate::search::params;
use crate::search::see::see_ge;
use crate::search::tt::Bound;
use crate::search::{mate_in, mated_in, DRAW, INFINITY, MATE_BOUND, MAX_PLY};

impl Worker {
    // ------------------------------------------------------------------
    // Quiescence
    // ------------------------------------------------------------------

    pub(super) fn qsearch(&mut self, ctx: &SearchContext, mut alpha: i32, beta: i32, ply: usize, first: bool) -> i32 {
        let pv_node = beta - alpha > 1;
        if pv_node {
            self.pv.clear(ply);
        }
        if self.tick(ctx) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // The same draw rules as in negamax: a position drawn by the 50-move
        // rule or a repetition must not be scored by its material (nor by a
        // mate that would only come after the draw).
        if self.is_draw(ply) {
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
            if !pv_node && bound_cuts(e.bound, s, alpha, beta) {
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
            let corrected = self.corrected_eval(raw_eval);
            stand_pat = match &tt_entry {
                Some(e) => refine_eval(corrected, e, score_from_tt(e.score, ply)),
                None => corrected,
            };
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
                // A capture that gives check is exempt: it may mate or win more.
                if !m.is_promotion() {
                    let optimistic = stand_pat + captured_type(&self.pos, m).value() + params::delta_margin();
                    if optimistic <= alpha && !self.pos.gives_check(m) {
                        best_score = best_score.max(optimistic);
                        continue;
                    }
                }
                // Captures that lose material are not worth a look.
                if !see_ge(&self.pos, m, 0) {
                    continue;
                }
            }
            ctx.tt.prefetch(self.pos.key_after(m));
            self.pos.make_move(m);
            let score = -self.qsearch(ctx, -beta, -alpha, ply + 1, false);
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
        // A quiet mate in one just past the horizon: captures cannot see it.
        if first && !in_check && best_score < beta {
            if let Some(m) = self.quiet_mate_in_one() {
                best_score = mate_in(ply + 1);
                best_move = m;
                if pv_node {
                    self.pv.update(ply, m);
                }
            }
        }
        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        ctx.tt.store(key, best_move, score_to_tt(best_score, ply), raw_eval.max(-MATE_BOUND + 1), 0, bound, false);
        best_score
    }

    /// A quiet move of the side to move that checkmates at once, if any.
    fn quiet_mate_in_one(&mut self) -> Option<Move> {
        let mut list = MoveList::new();
        self.pos.quiet_checks(&mut list);
        for &m in list.iter() {
            self.pos.make_move(m);
            let mate = !self.pos.has_legal_move();
            self.pos.unmake_move(m);
            if mate {
                return Some(m);
            }
        }
        None
    }
}
