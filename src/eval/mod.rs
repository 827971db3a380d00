//! Static evaluation. The search sees it only through `evaluate`, which
//! returns centipawns from the side to move's point of view.
//!
//! This is the baseline of the playing-engine stage: material (P 100, N 300,
//! B 320, R 500, Q 900) plus the piece-square tables of Tomasz Michniewski's
//! "Simplified Evaluation Function", with the king's endgame table used once
//! little material is left.

use crate::chess::{Color, PieceType, Position};

pub const PIECE_VALUES: [i32; 6] = [100, 300, 320, 500, 900, 0];

// Tables are written as seen from White with rank 8 on top, so index them with
// the square mirrored for White and as-is for Black.
#[rustfmt::skip]
const PAWN: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i32; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i32; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i32; 64] = [
      0,  0,  0,  0,  0,  0,  0,  0,
      5, 10, 10, 10, 10, 10, 10,  5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
      0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i32; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MIDDLE: [i32; 64] = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];
#[rustfmt::skip]
const KING_END: [i32; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

/// Evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let white = side_score(pos, Color::White);
    let black = side_score(pos, Color::Black);
    let score = white - black;
    match pos.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    }
}

fn non_pawn_material(pos: &Position, c: Color) -> i32 {
    [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen]
        .iter()
        .map(|&pt| pos.pieces_of(c, pt).count() as i32 * PIECE_VALUES[pt.index()])
        .sum()
}

fn side_score(pos: &Position, c: Color) -> i32 {
    let endgame = non_pawn_material(pos, Color::White) + non_pawn_material(pos, Color::Black) <= 1300;
    let mut score = 0;
    for pt in PieceType::ALL {
        let table: &[i32; 64] = match pt {
            PieceType::Pawn => &PAWN,
            PieceType::Knight => &KNIGHT,
            PieceType::Bishop => &BISHOP,
            PieceType::Rook => &ROOK,
            PieceType::Queen => &QUEEN,
            PieceType::King => {
                if endgame {
                    &KING_END
                } else {
                    &KING_MIDDLE
                }
            }
        };
        for sq in pos.pieces_of(c, pt) {
            let idx = match c {
                Color::White => sq.flip_rank().index(),
                Color::Black => sq.index(),
            };
            score += PIECE_VALUES[pt.index()] + table[idx];
        }
    }
    score
}
