//! Endgame knowledge that weights cannot express.
//!
//! * Exact verdicts that replace the evaluation: K+P v K from the bitbase;
//!   lone king against a mating force (K+Q, K+R, K+B+B, K+B+N, ...), where
//!   the score drives the lone king to the edge (to the right corner for
//!   K+B+N) and brings the kings together, so the search finds the mate.
//! * Scale factors (out of 128) on the endgame half of the evaluation for
//!   material that rarely wins: insufficient mating material, no pawns and
//!   at most a minor piece ahead, opposite-coloured bishops.

use super::kpk;
use crate::chess::{Bitboard, Color, PieceType, Position, Square};

/// Above any positional score, below mate scores.
pub const KNOWN_WIN: i32 = 10_000;
pub const SCALE_NORMAL: i32 = 128;

/// Pieces other than pawns and the king, in whole pawns (3, 3, 5, 9).
fn material(pos: &Position, c: Color) -> i32 {
    [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen]
        .iter()
        .map(|&pt| pos.pieces_of(c, pt).count() as i32 * (pt.value() / 100))
        .sum()
}

fn has_only_king(pos: &Position, c: Color) -> bool {
    !pos.color_bb(c).several()
}

/// Distance of a square from the board's edge, 0 on the edge, 3 in the centre.
fn edge_distance(sq: Square) -> i32 {
    let f = sq.file().min(7 - sq.file()) as i32;
    let r = sq.rank().min(7 - sq.rank()) as i32;
    f.min(r)
}

fn center_distance(sq: Square) -> i32 {
    let f = (2 * sq.file() as i32 - 7).abs() / 2;
    let r = (2 * sq.rank() as i32 - 7).abs() / 2;
    f + r
}

/// An exact verdict for the position, White's point of view, if one applies.
pub fn special(pos: &Position) -> Option<i32> {
    for strong in Color::ALL {
        let weak = strong.flip();
        if !has_only_king(pos, weak) {
            continue;
        }
        let pawns = pos.pieces_of(strong, PieceType::Pawn).count();
        let npm = material(pos, strong);
        let sign = strong.sign();
        if pawns == 1 && npm == 0 {
            let win = kpk::probe(
                pos.king_square(strong),
                pos.pieces_of(strong, PieceType::Pawn).lsb(),
                pos.king_square(weak),
                strong,
                pos.side_to_move() == strong,
            );
            if !win {
                return Some(0);
            }
            let p = pos.pieces_of(strong, PieceType::Pawn).lsb();
            let rank = strong.relative_rank(p.rank()) as i32;
            return Some(sign * (KNOWN_WIN + 100 + rank * 10));
        }
        if pawns > 0 {
            continue;
        }
        let knights = pos.pieces_of(strong, PieceType::Knight).count();
        let bishops = pos.pieces_of(strong, PieceType::Bishop);
        let majors = pos.pieces_of(strong, PieceType::Rook) | pos.pieces_of(strong, PieceType::Queen);
        let light_b = (bishops & Bitboard::LIGHT_SQUARES).any();
        let dark_b = (bishops & Bitboard::DARK_SQUARES).any();
        let lk = pos.king_square(weak);
        let sk = pos.king_square(strong);
        let closeness = 7 - sk.distance(lk) as i32;

        if majors.is_empty() && bishops.count() == 1 && knights == 1 {
            // K+B+N: mate only in a corner of the bishop's colour.
            let corners: [Square; 2] =
                if dark_b { [Square::A1, Square::H8] } else { [Square::new(7), Square::new(56)] };
            // Manhattan distance changes with every step the king is pushed,
            // so the search always sees progress towards the right corner.
            let manhattan = |a: Square, b: Square| {
                (a.file() as i32 - b.file() as i32).abs() + (a.rank() as i32 - b.rank() as i32).abs()
            };
            let corner_dist = corners.iter().map(|&c| manhattan(c, lk)).min().unwrap_or(14);
            let score = KNOWN_WIN + 100 * (14 - corner_dist) + 30 * closeness + 20 * (3 - edge_distance(lk));
            return Some(sign * score);
        }
        let mating = majors.any() || (light_b && dark_b) || (bishops.any() && knights > 0) || knights >= 3;
        if mating {
            let score =
                KNOWN_WIN + npm * 100 + 100 * (3 - edge_distance(lk)) + 20 * center_distance(lk) + 25 * closeness;
            return Some(sign * score);
        }
        // A lone minor piece, two knights, or bishops of one colour: no mate.
        return Some(0);
    }
    None
}

/// How much of the endgame score the side ahead (by `eg`, White's view)
/// can expect to keep, out of 128.
pub fn scale(pos: &Position, eg: i32) -> i32 {
    // Fast path: with queens or rooks and pawns on both sides none of the
    // rules below applies.
    let heavy = pos.pieces(PieceType::Queen) | pos.pieces(PieceType::Rook);
    if heavy.any()
        && pos.pieces_of(Color::White, PieceType::Pawn).several()
        && pos.pieces_of(Color::Black, PieceType::Pawn).several()
    {
        return SCALE_NORMAL;
    }
    let strong = if eg >= 0 { Color::White } else { Color::Black };
    let weak = strong.flip();
    if pos.insufficient_material() {
        return 0;
    }
    let strong_pawns = pos.pieces_of(strong, PieceType::Pawn).count();
    let strong_npm = material(pos, strong);
    let weak_npm = material(pos, weak);
    if strong_pawns == 0 {
        // No pawns: a minor piece up (or less) is almost never enough.
        if strong_npm - weak_npm <= 3 {
            return if strong_npm <= 3 { 0 } else { 16 };
        }
        // Rook against a minor piece and similar: drawish.
        if strong_npm - weak_npm <= 4 && weak_npm > 0 {
            return 32;
        }
    }
    // Opposite-coloured bishops.
    let wb = pos.pieces_of(Color::White, PieceType::Bishop);
    let bb = pos.pieces_of(Color::Black, PieceType::Bishop);
    if wb.count() == 1 && bb.count() == 1 {
        let opposite = ((wb | bb) & Bitboard::LIGHT_SQUARES).count() == 1;
        if opposite {
            let others = pos.pieces(PieceType::Knight) | pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen);
            return if others.is_empty() {
                // Pure bishops: even two extra pawns often do not win.
                let diff = (strong_pawns as i32 - pos.pieces_of(weak, PieceType::Pawn).count() as i32).max(0);
                (32 + 16 * diff).min(96)
            } else {
                96
            };
        }
    }
    // The side ahead has a single pawn and no extra piece: the defender can
    // often sacrifice for it.
    if strong_pawns == 1 && strong_npm <= weak_npm && weak_npm > 0 {
        return 64;
    }
    SCALE_NORMAL
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, false).unwrap()
    }

    #[test]
    fn lone_minor_and_two_knights_are_draws() {
        assert_eq!(special(&pos("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")), Some(0));
        assert_eq!(special(&pos("8/8/4k3/8/8/3BK3/8/8 b - - 0 1")), Some(0));
        assert_eq!(special(&pos("8/8/4k3/8/8/3NKN2/8/8 w - - 0 1")), Some(0));
    }

    #[test]
    fn mating_material_is_a_known_win_that_improves_towards_the_edge() {
        let centre = special(&pos("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")).unwrap();
        let edge = special(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")).unwrap();
        assert!(centre > KNOWN_WIN && edge > centre);
        let black = special(&pos("r3k3/8/8/8/8/8/8/4K3 w - - 0 1")).unwrap();
        assert!(black < -KNOWN_WIN);
    }

    #[test]
    fn kbnk_prefers_the_bishops_corner() {
        // Dark-squared bishop (c1): a1/h8 are the mating corners.
        let right = special(&pos("8/8/8/8/8/2K5/8/k1B1N3 w - - 0 1")).unwrap();
        let wrong = special(&pos("k7/8/1K6/8/8/8/8/2B1N3 w - - 0 1")).unwrap();
        assert!(right > wrong, "{right} {wrong}");
    }

    #[test]
    fn kpk_uses_the_bitbase() {
        assert_eq!(special(&pos("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1")).map(|s| s > KNOWN_WIN), Some(true));
        // Rook pawn, defender in the corner.
        assert_eq!(special(&pos("k7/8/1K6/P7/8/8/8/8 w - - 0 1")), Some(0));
    }

    #[test]
    fn drawish_scales() {
        // Opposite-coloured bishops, one extra pawn.
        let p = pos("8/4kb2/8/3P4/2P5/4B3/4K3/8 w - - 0 1");
        assert!(scale(&p, 100) < SCALE_NORMAL);
        // Rook against bishop, no pawns.
        assert!(scale(&pos("8/4kb2/8/8/8/R7/4K3/8 w - - 0 1"), 100) <= 32);
        assert_eq!(scale(&pos("8/4k3/8/8/8/R7/4KP2/8 w - - 0 1"), 100), SCALE_NORMAL);
    }
}
