//! Staged move picker: the hash move first (before any generation), then
//! captures and promotions best-first, then quiet moves. Most cut nodes end
//! on the hash move or a capture, so quiet moves are often never generated.

use crate::chess::{Move, MoveList, PieceType, Position};
use crate::eval::PIECE_VALUES;

#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
enum Stage {
    TtMove,
    GenTactical,
    Tactical,
    GenQuiet,
    Quiet,
    Done,
}

pub struct MovePicker {
    stage: Stage,
    tt_move: Move,
    list: MoveList,
    scores: [i32; 256],
    index: usize,
    /// Quiescence: tactical moves only (all evasions when in check).
    tactical_only: bool,
}

/// Most valuable victim, least valuable attacker.
pub fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let attacker = pos.piece_on(m.from()).piece_type();
    let victim = if m.is_en_passant() {
        PieceType::Pawn
    } else {
        let p = pos.piece_on(m.to());
        if p.is_none() {
            // Non-capturing promotion: rank it by what it creates.
            return m.promotion().map_or(0, |p| PIECE_VALUES[p.index()] - 1000);
        }
        p.piece_type()
    };
    let promo = m.promotion().map_or(0, |p| PIECE_VALUES[p.index()]);
    PIECE_VALUES[victim.index()] * 8 + promo - attacker.index() as i32
}

impl MovePicker {
    pub fn new(pos: &Position, tt_move: Move) -> MovePicker {
        let tt_move = if tt_move.is_some() && pos.is_legal(tt_move) { tt_move } else { Move::NONE };
        MovePicker {
            stage: if tt_move.is_some() { Stage::TtMove } else { Stage::GenTactical },
            tt_move,
            list: MoveList::new(),
            scores: [0; 256],
            index: 0,
            tactical_only: false,
        }
    }

    /// For quiescence search: captures and promotions, or every evasion when
    /// in check (so that mate is seen).
    pub fn new_quiescence(pos: &Position, tt_move: Move) -> MovePicker {
        let in_check = pos.in_check();
        let tt_ok = tt_move.is_some() && (in_check || tt_move.is_tactical()) && pos.is_legal(tt_move);
        let tt_move = if tt_ok { tt_move } else { Move::NONE };
        MovePicker {
            stage: if tt_move.is_some() { Stage::TtMove } else { Stage::GenTactical },
            tt_move,
            list: MoveList::new(),
            scores: [0; 256],
            index: 0,
            tactical_only: !in_check,
        }
    }

    /// The next move to try, or `None` when all have been returned.
    pub fn next(&mut self, pos: &Position) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenTactical;
                    return Some(self.tt_move);
                }
                Stage::GenTactical => {
                    self.list.clear();
                    pos.tactical_moves(&mut self.list);
                    for i in 0..self.list.len() {
                        self.scores[i] = mvv_lva(pos, self.list[i]);
                    }
                    self.index = 0;
                    self.stage = Stage::Tactical;
                }
                Stage::Tactical => {
                    if let Some(m) = self.pick_best() {
                        if m == self.tt_move {
                            continue;
                        }
                        // Quiescence skips under-promotions: they almost never
                        // matter for the tactical balance.
                        if self.tactical_only
                            && m.promotion().is_some_and(|p| p != PieceType::Queen)
                        {
                            continue;
                        }
                        return Some(m);
                    }
                    self.stage = if self.tactical_only { Stage::Done } else { Stage::GenQuiet };
                }
                Stage::GenQuiet => {
                    self.list.clear();
                    pos.quiet_moves(&mut self.list);
                    for i in 0..self.list.len() {
                        self.scores[i] = 0;
                    }
                    self.index = 0;
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    if self.index < self.list.len() {
                        let m = self.list[self.index];
                        self.index += 1;
                        if m == self.tt_move {
                            continue;
                        }
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Selection sort step: swap the best remaining move to the front.
    fn pick_best(&mut self) -> Option<Move> {
        let n = self.list.len();
        if self.index >= n {
            return None;
        }
        let mut best = self.index;
        for i in self.index + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.list.as_mut_slice().swap(self.index, best);
        self.scores.swap(self.index, best);
        let m = self.list[self.index];
        self.index += 1;
        Some(m)
    }
}
