//! Staged move picker. Moves come in the order most likely to cut off, and
//! each group is generated only when the previous ones are used up:
//!
//! 1. the hash move (no generation at all);
//! 2. captures and promotions that do not lose material (SEE), best victim
//!    first, adjusted by capture history;
//! 3. the two killer moves and the counter-move;
//! 4. quiet moves by butterfly + continuation + pawn history, plus a bonus for direct checks
//!    that do not lose material (SEE);
//! 5. captures that lose material.
//!
//! Quiescence uses stages 1-2 (plus every evasion when in check).

use super::history::{Histories, PieceTo};
use super::params;
use super::see::see_ge;
use crate::chess::{Bitboard, Move, MoveList, PieceType, Position, MAX_MOVES};
use arrayvec::ArrayVec;

#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
enum Stage {
    TtMove,
    GenCaptures,
    GoodCaptures,
    Killer1,
    Killer2,
    Counter,
    GenQuiets,
    Quiets,
    BadCaptures,
    Done,
}

pub struct MovePicker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    conts: [PieceTo; 2],
    /// One buffer for the whole node: the captures first, the quiets appended
    /// after them. The picker lives on the stack of every node, so a single
    /// list (about 1.5 KB) instead of one per stage keeps the search's stack
    /// small and cheap to set up.
    moves: MoveList,
    /// Ordering scores, pushed in step with `moves` (same index, same
    /// uninitialised-until-used storage).
    scores: ArrayVec<i32, MAX_MOVES>,
    /// Next index to hand out, and the end of the current stage's range.
    cur: usize,
    end: usize,
    /// Losing captures are parked in `moves[..bad_end]`, slots of captures
    /// already handed out, and come back in the last stage.
    bad_end: usize,
    /// Quiescence: no quiet stages unless in check.
    qsearch: bool,
    skip_quiets: bool,
}

/// Capture ordering score: victim value dominates, attacker breaks ties,
/// capture history refines.
#[inline(always)]
fn capture_score(pos: &Position, m: Move, hist: &Histories) -> i32 {
    let victim = if m.is_en_passant() {
        PieceType::Pawn
    } else {
        let p = pos.piece_on(m.to());
        if p.is_none() {
            // Quiet promotion: rank it by the piece it makes.
            return m.promotion().map_or(0, |p| p.value() * 8 - 8000);
        }
        p.piece_type()
    };
    let promo = m.promotion().map_or(0, PieceType::value);
    victim.value() * 16 + promo * 16 - pos.piece_on(m.from()).piece_type().index() as i32 + hist.capture(pos, m) / 8
}

impl MovePicker {
    pub fn new(pos: &Position, tt_move: Move, killers: [Move; 2], counter: Move, conts: [PieceTo; 2]) -> MovePicker {
        let tt_move = if tt_move.is_some() && pos.is_legal(tt_move) { tt_move } else { Move::NONE };
        MovePicker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            counter,
            conts,
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            cur: 0,
            end: 0,
            bad_end: 0,
            qsearch: false,
            skip_quiets: false,
        }
    }

    /// Quiescence: captures and promotions, or every evasion when in check.
    pub fn new_quiescence(pos: &Position, tt_move: Move) -> MovePicker {
        let in_check = pos.in_check();
        let tt_ok = tt_move.is_some() && (in_check || tt_move.is_tactical()) && pos.is_legal(tt_move);
        let mut p = MovePicker::new(pos, Move::NONE, [Move::NONE; 2], Move::NONE, [PieceTo::default(); 2]);
        p.tt_move = if tt_ok { tt_move } else { Move::NONE };
        p.qsearch = !in_check;
        p
    }

    /// Stop returning quiet moves (late-move and futility pruning).
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// Is this move one of the special quiet moves (killer or counter)?
    pub fn is_refutation(&self, m: Move) -> bool {
        m == self.killers[0] || m == self.killers[1] || m == self.counter
    }

    /// Is the picker handing out the captures that lose material?
    pub fn in_bad_captures(&self) -> bool {
        self.stage == Stage::BadCaptures
    }

    fn special_ok(&self, pos: &Position, m: Move) -> bool {
        m.is_some() && m != self.tt_move && m.is_quiet() && pos.is_legal(m)
    }

    pub fn next(&mut self, pos: &Position, hist: &Histories) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenCaptures;
                    if self.tt_move.is_some() {
                        return Some(self.tt_move);
                    }
                }
                Stage::GenCaptures => {
                    pos.tactical_moves(&mut self.moves);
                    self.end = self.moves.len();
                    for i in 0..self.end {
                        self.scores.push(capture_score(pos, self.moves[i], hist));
                    }
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    match pick_best(&mut self.moves, &mut self.scores, &mut self.cur, self.end) {
                        Some(m) => {
                            if m == self.tt_move {
                                continue;
                            }
                            if self.qsearch {
                                // Under-promotions almost never matter in quiescence.
                                if m.promotion().is_some_and(|p| p != PieceType::Queen) {
                                    continue;
                                }
                                return Some(m);
                            }
                            // Losing captures wait until after the quiet moves.
                            if !see_ge(pos, m, 0) {
                                // bad_end < cur: the slot held a capture already returned.
                                self.moves.as_mut_slice()[self.bad_end] = m;
                                self.bad_end += 1;
                                continue;
                            }
                            return Some(m);
                        }
                        None => {
                            self.stage = if self.qsearch { Stage::Done } else { Stage::Killer1 };
                        }
                    }
                }
                Stage::Killer1 => {
                    self.stage = Stage::Killer2;
                    let k = self.killers[0];
                    if !self.skip_quiets && self.special_ok(pos, k) {
                        return Some(k);
                    }
                }
                Stage::Killer2 => {
                    self.stage = Stage::Counter;
                    let k = self.killers[1];
                    if !self.skip_quiets && k != self.killers[0] && self.special_ok(pos, k) {
                        return Some(k);
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::GenQuiets;
                    let c = self.counter;
                    if !self.skip_quiets && c != self.killers[0] && c != self.killers[1] && self.special_ok(pos, c) {
                        return Some(c);
                    }
                }
                Stage::GenQuiets => {
                    if !self.skip_quiets {
                        debug_assert_eq!(self.scores.len(), self.moves.len());
                        self.cur = self.moves.len();
                        pos.quiet_moves(&mut self.moves);
                        self.end = self.moves.len();
                        // Quiet checks first among equals: a sacrifice's
                        // follow-up is often a check with no history yet.
                        let bonus = params::quiet_check_bonus();
                        let checks = if bonus != 0 {
                            PieceType::ALL.map(|pt| pos.check_squares(pt))
                        } else {
                            [Bitboard::EMPTY; 6]
                        };
                        let scorer = hist.quiet_scorer(pos, &self.conts);
                        for i in self.cur..self.end {
                            let m = self.moves[i];
                            let pt = pos.piece_on(m.from()).piece_type();
                            // A check that just loses the checking piece is
                            // not worth the early try.
                            let check =
                                checks[pt.index()].contains(m.to()) && see_ge(pos, m, -params::check_see_margin());
                            self.scores.push(scorer.score(pos, m) + bonus * check as i32);
                        }
                    }
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if !self.skip_quiets {
                        if let Some(m) = pick_best(&mut self.moves, &mut self.scores, &mut self.cur, self.end) {
                            if m == self.tt_move || m == self.killers[0] || m == self.killers[1] || m == self.counter {
                                continue;
                            }
                            return Some(m);
                        }
                    }
                    self.stage = Stage::BadCaptures;
                    self.cur = 0;
                }
                Stage::BadCaptures => {
                    if self.cur < self.bad_end {
                        let m = self.moves[self.cur];
                        self.cur += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

/// Selection sort step: the best move of `list[index..end]`, swapped to `index`.
#[inline(always)]
fn pick_best(list: &mut MoveList, scores: &mut [i32], index: &mut usize, end: usize) -> Option<Move> {
    if *index >= end {
        return None;
    }
    // Slicing once lets the scan run without a bounds check per move.
    let window = &scores[*index..end];
    let mut best = 0;
    let mut best_score = window[0];
    for (i, &s) in window.iter().enumerate().skip(1) {
        if s > best_score {
            best = i;
            best_score = s;
        }
    }
    let best = *index + best;
    list.as_mut_slice().swap(*index, best);
    scores.swap(*index, best);
    let m = list[*index];
    *index += 1;
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The picker returns every legal move exactly once, whatever hints it gets.
    #[test]
    fn returns_each_legal_move_once() {
        let hist = Histories::new();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
            "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen, false).unwrap();
            let legal = pos.legal_moves();
            let tt = legal[legal.len() / 2];
            let k1 = legal.iter().copied().find(|m| m.is_quiet()).unwrap_or(Move::NONE);
            let mut picker = MovePicker::new(&pos, tt, [k1, Move::NONE], k1, [PieceTo::default(); 2]);
            let mut seen = Vec::new();
            while let Some(m) = picker.next(&pos, &hist) {
                assert!(legal.contains(m), "{fen}: {m:?} not legal");
                assert!(!seen.contains(&m), "{fen}: {m:?} twice");
                seen.push(m);
            }
            assert_eq!(seen.len(), legal.len(), "{fen}");
            assert_eq!(seen[0], tt);
        }
    }
}
