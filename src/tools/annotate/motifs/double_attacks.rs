//! The fork: one piece, two targets.

use super::board::threatened;
use super::line::{Replay, MIN_GAIN};
use crate::chess::{Bitboard, PieceType};

/// Fork (捉双): after one of the attacker's moves inside the window, the
/// moved piece (not the king) attacks two or more enemy pieces it threatens
/// to win: the king (it gives check), a piece worth a pawn or more above
/// it, or an undefended piece (pawns do not count). The attacker then
/// captures one of those pieces, still on its square, later in the window,
/// and the line wins material.
pub fn is_fork(r: &Replay) -> bool {
    r.gain() >= MIN_GAIN && r.attacker_plies().any(|i| forks_at(r, i))
}

fn forks_at(r: &Replay, i: usize) -> bool {
    let m = r.moves()[i];
    let after = r.after(i);
    if m.is_castle() || after.piece_on(m.to()).piece_type() == PieceType::King {
        return false;
    }
    let targets = threatened(after, m.to());
    targets.several() && captures_one_later(r, i, targets)
}

/// Does an attacker's move after ply `i` capture one of `targets` that has
/// stayed where it was?
fn captures_one_later(r: &Replay, i: usize, targets: Bitboard) -> bool {
    (i + 2..r.span()).step_by(2).any(|j| {
        let m = r.moves()[j];
        m.is_capture() && targets.contains(m.to()) && r.same_piece(i, j, m.to())
    })
}

#[cfg(test)]
mod tests {
    use super::super::testutil::replay;
    use super::*;

    #[test]
    fn knight_forks_king_and_rook() {
        assert!(is_fork(&replay("r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1", "d5c7 e8d7 c7a8")));
    }

    #[test]
    fn pawn_forks_two_pieces() {
        assert!(is_fork(&replay("4k3/8/2n1b3/8/3P4/8/8/4K3 w - - 0 1", "d4d5 c6e5 d5e6")));
    }

    #[test]
    fn second_target_defended_and_worth_less_is_no_fork() {
        // Bb5 hits the rook and a knight that the b-pawn guards.
        let r = replay("4k3/1p6/2n5/8/r7/8/8/4KB2 w - - 0 1", "f1b5 a4a8 b5c6 b7c6");
        assert!(!is_fork(&r));
    }

    #[test]
    fn forking_piece_taken_at_once_is_no_fork() {
        assert!(!is_fork(&replay("r3k3/8/3b4/3N4/8/8/8/4K3 w - - 0 1", "d5c7 d6c7")));
    }
}
