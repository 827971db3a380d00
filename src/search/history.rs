//! Move-ordering memory of one search thread: butterfly history (by colour,
//! from and to), continuation history (by the previous moves' piece and
//! destination), pawn history (by piece and destination under the current
//! pawn structure), capture history, counter moves, and the correction history
//! that learns how far the static evaluation tends to be off in a given pawn
//! structure.
//!
//! All history scores follow the "gravity" update `h += b - h*|b|/MAX`, which
//! keeps them within +-MAX and lets recent results outweigh old ones.

use super::params;
use crate::chess::{Color, Move, Piece, PieceType, Position};

pub const HISTORY_MAX: i32 = 16_384;
const CORR_SIZE: usize = 16_384;
/// Pawn-structure buckets of the pawn history.
const PAWN_HIST_SIZE: usize = 512;
const CORR_GRAIN: i32 = 256;
const CORR_MAX: i32 = CORR_GRAIN * 32;

/// (moved piece index 0..12, destination) of a move: the key continuation
/// history is indexed by.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct PieceTo {
    pub piece: u8,
    pub to: u8,
    /// False for the null move and the root (no continuation).
    pub valid: bool,
}

impl PieceTo {
    pub fn new(piece: Piece, m: Move) -> PieceTo {
        PieceTo { piece: piece.index() as u8, to: m.to().index() as u8, valid: true }
    }
}

/// A from-square by to-square table of one history.
type FromTo = [[i16; 64]; 64];
/// A piece by to-square table of one history.
type PieceToTable = [[i16; 64]; 12];

pub struct Histories {
    /// butterfly[colour][from][to]
    butterfly: Box<[FromTo; 2]>,
    /// continuation[prev piece][prev to][piece][to]
    continuation: Box<[[PieceToTable; 64]; 12]>,
    /// capture[piece][to][captured type]
    capture: Box<[[[i16; 6]; 64]; 12]>,
    counter: Box<[[Move; 64]; 12]>,
    /// Quiet moves by piece and target square under one pawn structure:
    /// which plans work depends on where the pawns stand.
    pawn: Box<[PieceToTable; PAWN_HIST_SIZE]>,
    correction: Box<[[i16; CORR_SIZE]; 2]>,
}

/// Stands in for the continuation history where there is no previous move.
static ZERO_TABLE: PieceToTable = [[0; 64]; 12];

/// Combined quiet-move score (butterfly + continuation one and two plies
/// back + pawn history) for the moves of one node; used for ordering and
/// for pruning and reduction decisions.
pub struct QuietScorer<'a> {
    butterfly: &'a FromTo,
    conts: [&'a PieceToTable; 2],
    pawn: &'a PieceToTable,
}

impl QuietScorer<'_> {
    #[inline(always)]
    pub fn score(&self, pos: &Position, m: Move) -> i32 {
        let piece = pos.piece_on(m.from()).index();
        // The colour is already chosen: `butterfly` is the side to move's table.
        let (from, to) = (m.from().index(), m.to().index());
        self.butterfly[from][to] as i32
            + self.conts[0][piece][to] as i32
            + self.conts[1][piece][to] as i32
            + self.pawn[piece][to] as i32
    }
}

/// Types whose all-zero bit pattern is a valid value.
///
/// # Safety
/// An implementor must accept every byte being zero, in every field.
unsafe trait Zeroable {}
// SAFETY: every bit pattern is a valid integer.
unsafe impl Zeroable for i16 {}
// SAFETY: a move is a `u16` newtype; zero is `Move::NONE`.
unsafe impl Zeroable for Move {}
// SAFETY: an array of zeroable elements is zeroable element by element.
unsafe impl<T: Zeroable, const N: usize> Zeroable for [T; N] {}

/// A zeroed table built on the heap directly: the tables are too large to
/// pass through the stack.
fn boxed_zeroed<T: Zeroable>() -> Box<T> {
    let layout = std::alloc::Layout::new::<T>();
    assert!(layout.size() > 0, "history tables are never empty");
    // SAFETY: the layout has a non-zero size (checked above).
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) } as *mut T;
    if ptr.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    // SAFETY: `ptr` is a live allocation of `T`'s layout from the global
    // allocator, and all-zero bytes are a valid `T` (`T: Zeroable`).
    unsafe { Box::from_raw(ptr) }
}

#[inline(always)]
fn gravity(entry: &mut i16, bonus: i32) {
    let e = *entry as i32;
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *entry = (e + b - e * b.abs() / HISTORY_MAX) as i16;
}

/// History bonus for a move that caused (or failed to cause) a cutoff at `depth`.
#[inline(always)]
pub fn bonus(depth: i32) -> i32 {
    (params::hist_bonus_mul() * depth - params::hist_bonus_mul() / 2).clamp(0, params::hist_bonus_max())
}

impl Histories {
    pub fn new() -> Histories {
        Histories {
            butterfly: boxed_zeroed(),
            continuation: boxed_zeroed(),
            capture: boxed_zeroed(),
            counter: boxed_zeroed(),
            pawn: boxed_zeroed(),
            correction: boxed_zeroed(),
        }
    }

    pub fn clear(&mut self) {
        *self = Histories::new();
    }

    #[inline(always)]
    pub fn capture(&self, pos: &Position, m: Move) -> i32 {
        let piece = pos.piece_on(m.from());
        let victim = captured_type(pos, m);
        self.capture[piece.index()][m.to().index()][victim.index()] as i32
    }

    pub fn counter(&self, prev: PieceTo) -> Move {
        if prev.valid {
            self.counter[prev.piece as usize][prev.to as usize]
        } else {
            Move::NONE
        }
    }

    /// The tables that score the quiet moves of one node, looked up once
    /// per node instead of once per move.
    #[inline(always)]
    pub fn quiet_scorer(&self, pos: &Position, conts: &[PieceTo; 2]) -> QuietScorer<'_> {
        let cont = |prev: PieceTo| {
            if prev.valid {
                &self.continuation[prev.piece as usize][prev.to as usize]
            } else {
                &ZERO_TABLE
            }
        };
        QuietScorer {
            butterfly: &self.butterfly[pos.side_to_move().index()],
            conts: [cont(conts[0]), cont(conts[1])],
            pawn: &self.pawn[pawn_index(pos)],
        }
    }

    /// One move's quiet score, where the node's tables cannot be held
    /// across the move loop (the search below updates them).
    #[inline(always)]
    pub fn quiet_score(&self, pos: &Position, m: Move, conts: &[PieceTo; 2]) -> i32 {
        self.quiet_scorer(pos, conts).score(pos, m)
    }

    pub fn update_quiet(&mut self, pos: &Position, m: Move, conts: &[PieceTo; 2], bonus: i32) {
        let piece = pos.piece_on(m.from());
        self.update_butterfly(pos.side_to_move(), m, bonus);
        gravity(&mut self.pawn[pawn_index(pos)][piece.index()][m.to().index()], bonus);
        for prev in conts {
            if prev.valid {
                gravity(
                    &mut self.continuation[prev.piece as usize][prev.to as usize][piece.index()][m.to().index()],
                    bonus,
                );
            }
        }
    }

    /// Butterfly part of a quiet move's update.
    fn update_butterfly(&mut self, c: Color, m: Move, bonus: i32) {
        gravity(&mut self.butterfly[c.index()][m.from().index()][m.to().index()], bonus);
    }

    pub fn update_capture(&mut self, pos: &Position, m: Move, bonus: i32) {
        let piece = pos.piece_on(m.from());
        let victim = captured_type(pos, m);
        gravity(&mut self.capture[piece.index()][m.to().index()][victim.index()], bonus);
    }

    pub fn set_counter(&mut self, prev: PieceTo, m: Move) {
        if prev.valid {
            self.counter[prev.piece as usize][prev.to as usize] = m;
        }
    }

    /// Correction (in centipawns) to add to the static evaluation.
    #[inline(always)]
    pub fn correction(&self, pos: &Position) -> i32 {
        let idx = (pos.pawn_key() as usize) % CORR_SIZE;
        self.correction[pos.side_to_move().index()][idx] as i32 / CORR_GRAIN
    }

    /// Teaches the correction that the corrected static eval was still
    /// `diff` off (search score minus corrected eval), with more weight for
    /// deeper searches. The entry steps along that remaining error rather
    /// than averaging towards it: since `diff` is measured after the
    /// correction, an average would settle at half the eval's true error.
    pub fn update_correction(&mut self, pos: &Position, depth: i32, diff: i32) {
        let idx = (pos.pawn_key() as usize) % CORR_SIZE;
        let entry = &mut self.correction[pos.side_to_move().index()][idx];
        let weight = (depth + 1).min(16);
        let step = (diff * CORR_GRAIN).clamp(-CORR_MAX, CORR_MAX) * weight / 256;
        *entry = (*entry as i32 + step).clamp(-CORR_MAX, CORR_MAX) as i16;
    }
}

impl Default for Histories {
    fn default() -> Self {
        Self::new()
    }
}

#[inline(always)]
fn pawn_index(pos: &Position) -> usize {
    (pos.pawns_only_key() as usize) % PAWN_HIST_SIZE
}

/// Type of the piece a capture takes (pawn for en passant; pawn stands in
/// for "nothing" on quiet promotions).
#[inline(always)]
pub fn captured_type(pos: &Position, m: Move) -> PieceType {
    if m.is_en_passant() {
        return PieceType::Pawn;
    }
    let p = pos.piece_on(m.to());
    if p.is_none() {
        PieceType::Pawn
    } else {
        p.piece_type()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the static eval is always 20 cp too low (within the table's
    /// limit of 32), the correction must learn all 20, not the half that an
    /// average of the remaining error settles at.
    #[test]
    fn correction_learns_the_whole_eval_error() {
        let pos = Position::startpos();
        let mut hist = Histories::new();
        for _ in 0..200 {
            let remaining = 20 - hist.correction(&pos);
            hist.update_correction(&pos, 8, remaining);
        }
        let learned = hist.correction(&pos);
        assert!((19..=20).contains(&learned), "learned {learned} of 20");
    }
}
