//! Static questions about one position that several detectors ask: what a
//! piece attacks, whether a piece is defended, what lies behind a piece on a
//! slider's line.

use crate::chess::attacks::{between, line, pawn_attacks};
use crate::chess::{Bitboard, PieceType, Position, Square};

/// Squares attacked by the piece on `sq` (empty square: none).
pub fn attacks_from(pos: &Position, sq: Square) -> Bitboard {
    let p = pos.piece_on(sq);
    if p.is_none() {
        return Bitboard::EMPTY;
    }
    match p.piece_type() {
        PieceType::Pawn => pawn_attacks(p.color(), sq),
        pt => Position::piece_attacks(pt, sq, pos.occupied()),
    }
}

/// Is the piece on `sq` without a defender? Its king counts only when no
/// second enemy piece covers the square (one is the piece that would take).
pub fn is_undefended(pos: &Position, sq: Square) -> bool {
    let owner = pos.piece_on(sq).color();
    let attackers = pos.attackers_to(sq, pos.occupied());
    let defenders = attackers & pos.color_bb(owner);
    let king = pos.pieces(PieceType::King);
    if (defenders & !king).any() {
        return false;
    }
    defenders.is_empty() || (attackers & pos.color_bb(owner.flip())).several()
}

/// Enemy pieces the piece on `sq` attacks that it threatens to win: the king
/// (a check), a piece that outranks it, or an undefended piece. Pawns are
/// not counted: winning one is not what a player calls a tactic.
pub fn threatened(pos: &Position, sq: Square) -> Bitboard {
    let p = pos.piece_on(sq);
    if p.is_none() {
        return Bitboard::EMPTY;
    }
    let victims = attacks_from(pos, sq) & pos.color_bb(p.color().flip()) & !pos.pieces(PieceType::Pawn);
    let mut out = Bitboard::EMPTY;
    for t in victims {
        let pt = pos.piece_on(t).piece_type();
        if outranks(pt, p.piece_type()) || is_undefended(pos, t) {
            out = out.with(t);
        }
    }
    out
}

/// Is a piece of type `a` worth at least a pawn more than one of type `b`?
/// Bishop and knight count as equal.
pub fn outranks(a: PieceType, b: PieceType) -> bool {
    a.value() - b.value() >= PieceType::Pawn.value()
}

/// Is the piece on `sq` a slider (bishop, rook, queen)?
pub fn is_slider(pos: &Position, sq: Square) -> bool {
    let p = pos.piece_on(sq);
    p.is_some() && matches!(p.piece_type(), PieceType::Bishop | PieceType::Rook | PieceType::Queen)
}

/// The first piece behind `front` on the line from the slider on `slider`,
/// which must attack `front`.
pub fn behind(pos: &Position, slider: Square, front: Square) -> Option<Square> {
    let p = pos.piece_on(slider);
    if !is_slider(pos, slider) || !attacks_from(pos, slider).contains(front) {
        return None;
    }
    let occ = pos.occupied().without(front);
    let seen = Position::piece_attacks(p.piece_type(), slider, occ) & occ & line(slider, front);
    seen.into_iter().find(|&s| between(slider, s).contains(front))
}

/// Is the defender's piece on `sq` pinned by an enemy slider, to its king or
/// to a piece that outranks it (it cannot move without losing that)?
pub fn is_pinned(pos: &Position, sq: Square) -> bool {
    let p = pos.piece_on(sq);
    if p.is_none() || p.piece_type() == PieceType::King {
        return false;
    }
    let enemy = p.color().flip();
    let sliders = (pos.diagonal_sliders(enemy) | pos.orthogonal_sliders(enemy)).into_iter();
    sliders.filter_map(|s| behind(pos, s, sq)).any(|b| {
        let back = pos.piece_on(b);
        back.color() == p.color() && outranks(back.piece_type(), p.piece_type())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, false).unwrap()
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn king_defends_only_when_the_square_is_not_covered_twice() {
        let p = pos("4k3/4n3/8/8/8/8/8/4RK2 w - - 0 1");
        assert!(!is_undefended(&p, sq("e7")));
        let p = pos("4k3/4n3/8/8/1B6/8/8/4RK2 w - - 0 1");
        assert!(is_undefended(&p, sq("e7")));
    }

    #[test]
    fn minor_pieces_do_not_outrank_each_other() {
        assert!(outranks(PieceType::King, PieceType::Queen));
        assert!(outranks(PieceType::Rook, PieceType::Bishop));
        assert!(!outranks(PieceType::Bishop, PieceType::Knight));
        assert!(!outranks(PieceType::Knight, PieceType::Knight));
    }

    #[test]
    fn pins_to_king_and_to_a_bigger_piece() {
        let p = pos("4k3/4n3/8/8/8/8/8/4RK2 w - - 0 1");
        assert!(is_pinned(&p, sq("e7")));
        let p = pos("3qk3/2n5/8/B7/8/8/8/5K2 w - - 0 1");
        assert!(is_pinned(&p, sq("c7")));
        // A queen in front of a rook is not pinned: moving it costs less.
        let p = pos("4k3/8/8/8/1r6/2q5/8/4B1K1 w - - 0 1");
        assert!(!is_pinned(&p, sq("c3")));
        let p = pos("4k3/8/8/8/1q6/2n5/8/4B1K1 w - - 0 1");
        assert!(is_pinned(&p, sq("c3")));
        // Own pieces behind do not pin.
        let p = pos("4k3/8/8/8/1Q6/2n5/8/4B1K1 w - - 0 1");
        assert!(!is_pinned(&p, sq("c3")));
    }
}
