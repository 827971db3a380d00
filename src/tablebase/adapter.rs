//! The engine's attack tables, lent to the Syzygy prober so that it
//! generates moves exactly as the rest of the engine does.

use crate::chess::attacks;
use crate::chess::{Bitboard, Color, Square};
use pyrrhic_rs::EngineAdapter;

#[derive(Clone, Copy)]
pub(crate) struct Adapter;

fn square(index: u64) -> Square {
    Square::new(index as u8)
}

impl EngineAdapter for Adapter {
    fn pawn_attacks(color: pyrrhic_rs::Color, sq: u64) -> u64 {
        let color = match color {
            pyrrhic_rs::Color::White => Color::White,
            pyrrhic_rs::Color::Black => Color::Black,
        };
        attacks::pawn_attacks(color, square(sq)).0
    }

    fn knight_attacks(sq: u64) -> u64 {
        attacks::knight_attacks(square(sq)).0
    }

    fn bishop_attacks(sq: u64, occupied: u64) -> u64 {
        attacks::bishop_attacks(square(sq), Bitboard(occupied)).0
    }

    fn rook_attacks(sq: u64, occupied: u64) -> u64 {
        attacks::rook_attacks(square(sq), Bitboard(occupied)).0
    }

    fn queen_attacks(sq: u64, occupied: u64) -> u64 {
        attacks::queen_attacks(square(sq), Bitboard(occupied)).0
    }

    fn king_attacks(sq: u64) -> u64 {
        attacks::king_attacks(square(sq)).0
    }
}
