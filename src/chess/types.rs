//! The small value types every other part of the engine speaks in: colours,
//! piece types, pieces, squares and castling sides.
//!
//! They are plain `Copy` newtypes/enums over small integers so that they can
//! index arrays directly (`table[sq.index()]`) without bounds-check-hostile
//! conversions in the hot path.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// +1 for White, -1 for Black: turns a White-relative score into a side-relative one.
    #[inline(always)]
    pub const fn sign(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// Rank index (0..8) seen from this colour's side of the board.
    #[inline(always)]
    pub const fn relative_rank(self, rank: u8) -> u8 {
        match self {
            Color::White => rank,
            Color::Black => 7 - rank,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceType {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl PieceType {
    pub const ALL: [PieceType; 6] =
        [PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The textbook value in centipawns, the one scale for exchanges and
    /// material counts. The king is priced above everything else together,
    /// so that an exchange never gives it up.
    #[inline(always)]
    pub const fn value(self) -> i32 {
        [100, 320, 330, 500, 950, 20_000][self as usize]
    }

    #[inline(always)]
    pub const fn from_index(i: usize) -> PieceType {
        match i {
            0 => PieceType::Pawn,
            1 => PieceType::Knight,
            2 => PieceType::Bishop,
            3 => PieceType::Rook,
            4 => PieceType::Queen,
            _ => PieceType::King,
        }
    }

    /// Lower-case letter, as in FEN for Black and in UCI promotion suffixes.
    pub const fn char(self) -> char {
        match self {
            PieceType::Pawn => 'p',
            PieceType::Knight => 'n',
            PieceType::Bishop => 'b',
            PieceType::Rook => 'r',
            PieceType::Queen => 'q',
            PieceType::King => 'k',
        }
    }

    pub fn from_char(c: char) -> Option<PieceType> {
        Some(match c.to_ascii_lowercase() {
            'p' => PieceType::Pawn,
            'n' => PieceType::Knight,
            'b' => PieceType::Bishop,
            'r' => PieceType::Rook,
            'q' => PieceType::Queen,
            'k' => PieceType::King,
            _ => return None,
        })
    }
}

/// A coloured piece, packed as `colour * 8 + type` so that the mailbox can
/// store it in one byte with `Piece::NONE` marking an empty square.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece(u8);

impl Piece {
    pub const NONE: Piece = Piece(16);

    #[inline(always)]
    pub const fn new(color: Color, pt: PieceType) -> Piece {
        Piece((color as u8) << 3 | pt as u8)
    }

    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 16
    }

    #[inline(always)]
    pub const fn is_some(self) -> bool {
        self.0 != 16
    }

    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 & 8 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline(always)]
    pub const fn piece_type(self) -> PieceType {
        PieceType::from_index((self.0 & 7) as usize)
    }

    /// Dense index 0..12 (White pawn .. Black king) for Zobrist and PSQT tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        ((self.0 >> 3) * 6 + (self.0 & 7)) as usize
    }

    pub fn char(self) -> char {
        if self.is_none() {
            return '.';
        }
        let c = self.piece_type().char();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let pt = PieceType::from_char(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece::new(color, pt))
    }
}

/// A square 0..64, a1 = 0, h1 = 7, a8 = 56 (little-endian rank-file mapping).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const A1: Square = Square(0);
    pub const B1: Square = Square(1);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const A8: Square = Square(56);
    pub const C8: Square = Square(58);
    pub const D8: Square = Square(59);
    pub const E8: Square = Square(60);
    pub const F8: Square = Square(61);
    pub const G8: Square = Square(62);
    pub const H8: Square = Square(63);

    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    #[inline(always)]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(rank * 8 + file)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The same square seen from Black's side (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Square relative to `color`: identity for White, rank-mirrored for Black.
    #[inline(always)]
    pub const fn relative(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The square one rank ahead from `color`'s point of view (caller ensures it exists).
    #[inline(always)]
    pub const fn forward(self, color: Color) -> Square {
        match color {
            Color::White => Square(self.0 + 8),
            Color::Black => Square(self.0 - 8),
        }
    }

    #[inline(always)]
    pub const fn offset(self, delta: i8) -> Square {
        Square((self.0 as i8 + delta) as u8)
    }

    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let (f, r) = (b[0], b[1]);
        if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
            return None;
        }
        Some(Square::from_coords(f - b'a', r - b'1'))
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// Chebyshev (king-move) distance.
    #[inline(always)]
    pub fn distance(self, other: Square) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        df.max(dr)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, (b'1' + self.rank()) as char)
    }
}

/// Which way a side castles. Kept distinct from files so that Chess960 works:
/// king side always ends with the king on g and rook on f, queen side on c and d.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum CastleSide {
    King = 0,
    Queen = 1,
}

impl CastleSide {
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Destination file of the king.
    pub const fn king_to_file(self) -> u8 {
        match self {
            CastleSide::King => 6,
            CastleSide::Queen => 2,
        }
    }

    /// Destination file of the rook.
    pub const fn rook_to_file(self) -> u8 {
        match self {
            CastleSide::King => 5,
            CastleSide::Queen => 3,
        }
    }
}

/// Castling rights as a 4-bit set: bit (2 * colour + side).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);

    #[inline(always)]
    pub const fn bit(color: Color, side: CastleSide) -> u8 {
        1 << (2 * color as u8 + side as u8)
    }

    #[inline(always)]
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    #[inline(always)]
    pub fn set(&mut self, color: Color, side: CastleSide) {
        self.0 |= Self::bit(color, side);
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_packing_round_trips() {
        for c in Color::ALL {
            for pt in PieceType::ALL {
                let p = Piece::new(c, pt);
                assert_eq!(p.color(), c);
                assert_eq!(p.piece_type(), pt);
                assert!(p.index() < 12);
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        assert!(Piece::NONE.is_none());
    }

    #[test]
    fn square_names() {
        assert_eq!(Square::parse("a1"), Some(Square::A1));
        assert_eq!(Square::parse("h8"), Some(Square::H8));
        assert_eq!(Square::parse("e4").unwrap().to_string(), "e4");
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a"), None);
    }
}
