//! The packed 16-bit move and a fixed-capacity move list.
//!
//! Layout: bits 0-5 from, 6-11 to, 12-15 kind. Castling is stored as
//! "king takes own rook" (to = the rook's square), which makes standard chess
//! and Chess960 one code path; the UCI layer prints `e1g1` or `e1h1` as the
//! variant requires.

use super::types::{PieceType, Square};
use arrayvec::ArrayVec;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum MoveKind {
    Quiet = 0,
    DoublePush = 1,
    Castle = 2,
    EnPassant = 3,
    Capture = 4,
    PromoKnight = 8,
    PromoBishop = 9,
    PromoRook = 10,
    PromoQueen = 11,
    PromoCaptureKnight = 12,
    PromoCaptureBishop = 13,
    PromoCaptureRook = 14,
    PromoCaptureQueen = 15,
}

const KIND_CAPTURE_BIT: u16 = 4;
const KIND_PROMO_BIT: u16 = 8;

impl Move {
    /// "No move". a1a1 is never a real move, so the all-zero pattern is free.
    pub const NONE: Move = Move(0);
    /// A null move for null-move pruning (from = to = h8 is never real either).
    pub const NULL: Move = Move(63 | 63 << 6);

    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }

    #[inline(always)]
    pub const fn from_raw(raw: u16) -> Move {
        Move(raw)
    }

    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    #[inline(always)]
    pub const fn kind_bits(self) -> u16 {
        self.0 >> 12
    }

    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            0 => MoveKind::Quiet,
            1 => MoveKind::DoublePush,
            2 => MoveKind::Castle,
            3 => MoveKind::EnPassant,
            4 => MoveKind::Capture,
            8 => MoveKind::PromoKnight,
            9 => MoveKind::PromoBishop,
            10 => MoveKind::PromoRook,
            11 => MoveKind::PromoQueen,
            12 => MoveKind::PromoCaptureKnight,
            13 => MoveKind::PromoCaptureBishop,
            14 => MoveKind::PromoCaptureRook,
            _ => MoveKind::PromoCaptureQueen,
        }
    }

    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// Captures a piece (including en passant and capturing promotions).
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        let k = self.0 >> 12;
        k & KIND_CAPTURE_BIT != 0 || k == MoveKind::EnPassant as u16
    }

    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 >> 12 & KIND_PROMO_BIT != 0
    }

    /// Captures and promotions: the moves quiescence search looks at.
    #[inline(always)]
    pub const fn is_tactical(self) -> bool {
        self.is_capture() || self.is_promotion()
    }

    #[inline(always)]
    pub const fn is_quiet(self) -> bool {
        !self.is_tactical()
    }

    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == MoveKind::Castle as u16
    }

    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == MoveKind::EnPassant as u16
    }

    #[inline(always)]
    pub const fn is_double_push(self) -> bool {
        self.0 >> 12 == MoveKind::DoublePush as u16
    }

    pub const fn promotion(self) -> Option<PieceType> {
        if !self.is_promotion() {
            return None;
        }
        Some(match self.0 >> 12 & 3 {
            0 => PieceType::Knight,
            1 => PieceType::Bishop,
            2 => PieceType::Rook,
            _ => PieceType::Queen,
        })
    }

    pub const fn promo_kind(pt: PieceType, capture: bool) -> MoveKind {
        match (pt, capture) {
            (PieceType::Knight, false) => MoveKind::PromoKnight,
            (PieceType::Bishop, false) => MoveKind::PromoBishop,
            (PieceType::Rook, false) => MoveKind::PromoRook,
            (_, false) => MoveKind::PromoQueen,
            (PieceType::Knight, true) => MoveKind::PromoCaptureKnight,
            (PieceType::Bishop, true) => MoveKind::PromoCaptureBishop,
            (PieceType::Rook, true) => MoveKind::PromoCaptureRook,
            (_, true) => MoveKind::PromoCaptureQueen,
        }
    }
}

impl fmt::Debug for Move {
    /// Raw coordinates (castling shown king-takes-rook); the UCI and SAN
    /// writers in `notation` give the user-facing forms.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.is_none() {
            return write!(f, "0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

pub const MAX_MOVES: usize = 256;

/// A fixed-capacity list: no allocation in the hot path. The largest known
/// number of legal moves in a reachable position is 218.
///
/// The storage is an `ArrayVec`: its slots start uninitialised, so making a
/// list costs nothing, where a plain array would be zeroed (512 bytes) at
/// every search node, most of which generate a few moves or none.
pub struct MoveList {
    moves: ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList { moves: ArrayVec::new() }
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        // Cannot overflow: no position has more than 218 legal moves.
        self.moves.push(m);
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        self.moves.as_slice()
    }

    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        self.moves.as_mut_slice()
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    pub fn clear(&mut self) {
        self.moves.clear();
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Index<usize> for MoveList {
    type Output = Move;
    #[inline(always)]
    fn index(&self, i: usize) -> &Move {
        &self.as_slice()[i]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing() {
        let e7 = Square::parse("e7").unwrap();
        let d8 = Square::parse("d8").unwrap();
        let m = Move::new(e7, d8, MoveKind::PromoCaptureKnight);
        assert_eq!(m.from(), e7);
        assert_eq!(m.to(), d8);
        assert!(m.is_capture() && m.is_promotion() && m.is_tactical());
        assert_eq!(m.promotion(), Some(PieceType::Knight));
        assert_eq!(format!("{m:?}"), "e7d8n");
        let ep = Move::new(e7, d8, MoveKind::EnPassant);
        assert!(ep.is_capture() && !ep.is_promotion());
        let q = Move::new(e7, d8, MoveKind::PromoQueen);
        assert!(!q.is_capture() && q.is_tactical());
        assert!(Move::new(e7, d8, MoveKind::Castle).is_quiet());
    }
}
