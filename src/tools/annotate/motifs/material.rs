//! Pieces lost for want of a defender or of a square: hanging and trapped
//! pieces.

use super::line::{Replay, MIN_GAIN};
use crate::chess::{Piece, PieceType};
use crate::search::see::see_ge;

/// Hanging piece: the attacker's first move captures a piece (not a pawn)
/// that the defender cannot take back (no legal recapture on its square),
/// and the line keeps that material, give or take a pawn.
pub fn is_hanging_piece(r: &Replay) -> bool {
    let Some(&m) = r.moves().first() else { return false };
    if !m.is_capture() || m.is_en_passant() {
        return false;
    }
    let victim = r.before(0).piece_on(m.to()).piece_type();
    let after = r.after(0);
    let retake = after.legal_moves().iter().any(|x| x.is_capture() && x.to() == m.to());
    victim != PieceType::Pawn && !retake && r.gain() >= victim.value() - PieceType::Pawn.value()
}

/// Trapped piece: the attacker captures, inside the window, a piece (not a
/// pawn or king) that on the defender's previous turn was attacked, was not
/// pinned, with its king not in check, and had no safe move: every legal
/// move of it lost material by SEE. The line wins material.
pub fn is_trapped_piece(r: &Replay) -> bool {
    r.gain() >= MIN_GAIN && (2..r.span()).step_by(2).any(|j| wins_trapped_piece(r, j))
}

fn wins_trapped_piece(r: &Replay, j: usize) -> bool {
    let m = r.moves()[j];
    if !m.is_capture() || m.is_en_passant() {
        return false;
    }
    let sq = m.to();
    let victim = r.before(j).piece_on(sq);
    let turn = r.before(j - 1);
    if turn.piece_on(sq) != victim || is_pawn_or_king(victim) || turn.in_check() || turn.pinned().contains(sq) {
        return false;
    }
    let attacked = (turn.attackers_to(sq, turn.occupied()) & turn.color_bb(r.attacker())).any();
    attacked && turn.legal_moves().iter().filter(|x| x.from() == sq).all(|&x| !see_ge(turn, x, 0))
}

fn is_pawn_or_king(p: Piece) -> bool {
    matches!(p.piece_type(), PieceType::Pawn | PieceType::King)
}

#[cfg(test)]
mod tests {
    use super::super::testutil::replay;
    use super::*;

    #[test]
    fn hanging_pieces() {
        assert!(is_hanging_piece(&replay("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5 e8e7")));
        assert!(is_hanging_piece(&replay("2r1k3/8/8/8/8/2B5/8/4K3 b - - 0 1", "c8c3 e1d2")));
    }

    #[test]
    fn not_hanging_pieces() {
        // The e-pawn takes back.
        assert!(!is_hanging_piece(&replay("4k3/4p3/3n4/8/8/8/8/3RK3 w - - 0 1", "d1d6 e7d6")));
        // An undefended pawn is not a hanging piece.
        assert!(!is_hanging_piece(&replay("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5 e8e7")));
    }

    #[test]
    fn trapped_pieces() {
        // b3 shuts in the bishop on a2; the king collects it.
        let r = replay("4k3/8/8/8/8/8/bPP5/2K5 w - - 0 1", "b2b3 e8d7 c1b2 d7c6 b2a2");
        assert!(is_trapped_piece(&r));
        // A knight in the corner with both squares covered.
        let r = replay("4k3/8/8/8/8/8/P2K4/n7 w - - 0 1", "d2c1 e8d7 c1b2 d7c6 b2a1");
        assert!(is_trapped_piece(&r));
    }

    #[test]
    fn not_trapped_pieces() {
        // The knight had squares to go to and stayed.
        let r = replay("4k3/8/8/3n4/8/8/8/R3K3 w - - 0 1", "a1d1 e8e7 d1d5");
        assert!(!is_trapped_piece(&r));
        // A pinned knight lost to a pawn is pinned, not trapped.
        assert!(!is_trapped_piece(&replay("4k3/8/4n3/8/3P4/8/8/4R1K1 w - - 0 1", "d4d5 e8f8 d5e6")));
    }
}
