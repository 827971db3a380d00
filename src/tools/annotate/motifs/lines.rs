//! Tactics along a slider's line: pin, skewer, discovered attack and check,
//! double check.

use super::board::{attacks_from, behind, is_pinned, is_slider, is_undefended, outranks, threatened};
use super::line::{Replay, MIN_GAIN};
use crate::chess::attacks::between;
use crate::chess::{PieceType, Square};

/// Pin (牵制): the attacker captures, inside the window, a piece that was
/// pinned on the defender's previous turn (so it could not step away): an
/// attacker's slider stood in front of it with, behind it on the line, its
/// king or a piece of its side worth a pawn or more above it. The line wins material.
pub fn is_pin(r: &Replay) -> bool {
    r.gain() >= MIN_GAIN && (2..r.span()).step_by(2).any(|j| wins_pinned_piece(r, j))
}

fn wins_pinned_piece(r: &Replay, j: usize) -> bool {
    let m = r.moves()[j];
    if !m.is_capture() || m.is_en_passant() {
        return false;
    }
    let victim = r.before(j).piece_on(m.to());
    let defenders_turn = r.before(j - 1);
    defenders_turn.piece_on(m.to()) == victim && is_pinned(defenders_turn, m.to())
}

/// Skewer: an attacker's slider moves (inside the window) to attack an enemy
/// piece that must move (the king, a piece worth a pawn or more above the
/// slider, or an undefended one); behind it on the line stands an enemy
/// piece (not a pawn) worth at least a pawn less. The defender moves the
/// front piece, the slider takes the one behind, and the line wins material.
pub fn is_skewer(r: &Replay) -> bool {
    r.gain() >= MIN_GAIN && r.attacker_plies().any(|i| skewers_at(r, i))
}

fn skewers_at(r: &Replay, i: usize) -> bool {
    if i + 2 >= r.span() || r.moves()[i].is_castle() {
        return false;
    }
    let slider = r.moves()[i].to();
    let after = r.after(i);
    let (reply, take) = (r.moves()[i + 1], r.moves()[i + 2]);
    let front = reply.from();
    if take.from() != slider || !take.is_capture() || !attacks_from(after, slider).contains(front) {
        return false;
    }
    let Some(back) = behind(after, slider, front) else { return false };
    let (f, b) = (after.piece_on(front), after.piece_on(back));
    let must_move = outranks(f.piece_type(), after.piece_on(slider).piece_type()) || is_undefended(after, front);
    must_move
        && f.color() == r.defender()
        && b.color() == r.defender()
        && b.piece_type() != PieceType::Pawn
        && outranks(f.piece_type(), b.piece_type())
        && take.to() == back
        && r.same_piece(i, i + 2, back)
}

/// Discovered attack (闪击): an attacker's move (inside the window) steps
/// off a line and uncovers an attack by one of his sliders on an enemy
/// piece other than the king and pawns, one worth a pawn or more above the
/// slider or undefended, while the moved piece itself captures, checks or
/// threatens a piece. The slider later takes the uncovered piece on its
/// square, and the line wins material.
pub fn is_discovered_attack(r: &Replay) -> bool {
    r.gain() >= MIN_GAIN && r.attacker_plies().any(|i| discovers_at(r, i))
}

fn discovers_at(r: &Replay, i: usize) -> bool {
    let m = r.moves()[i];
    let after = r.after(i);
    if m.is_castle() || !(m.is_capture() || after.in_check() || threatened(after, m.to()).any()) {
        return false;
    }
    let a = r.attacker();
    let sliders = after.color_bb(a).without(m.to()).into_iter().filter(|&s| is_slider(after, s));
    sliders.into_iter().any(|s| {
        let uncovered = threatened(after, s) & !after.pieces(PieceType::King);
        uncovered.into_iter().any(|t| between(s, t).contains(m.from()) && slider_takes_later(r, i, s, t))
    })
}

/// Does the slider on `from` capture the piece on `target` after ply `i`,
/// neither having moved in between?
fn slider_takes_later(r: &Replay, i: usize, from: Square, target: Square) -> bool {
    (i + 2..r.span()).step_by(2).any(|j| {
        let m = r.moves()[j];
        m.from() == from && m.to() == target && r.same_piece(i, j, from) && r.same_piece(i, j, target)
    })
}

/// Discovered check (闪将): an attacker's move inside the window gives check
/// with a piece other than the one that moved (so a double check where the
/// moved piece also checks is only a double check), and the line wins.
pub fn is_discovered_check(r: &Replay) -> bool {
    r.wins()
        && r.attacker_plies().any(|i| {
            let m = r.moves()[i];
            let after = r.after(i);
            !m.is_castle() && after.in_check() && !after.checkers().contains(m.to())
        })
}

/// Double check: an attacker's move inside the window checks with two
/// pieces at once, and the line wins.
pub fn is_double_check(r: &Replay) -> bool {
    r.wins() && r.attacker_plies().any(|i| r.after(i).checkers().several())
}

#[cfg(test)]
mod tests {
    use super::super::testutil::replay;
    use super::*;

    #[test]
    fn pinned_pieces_won() {
        // Knight pinned to the king on the e-file, won by a pawn.
        assert!(is_pin(&replay("4k3/8/4n3/8/3P4/8/8/4R1K1 w - - 0 1", "d4d5 e8f8 d5e6")));
        // Knight pinned to the queen by Bg5, won by a pawn.
        assert!(is_pin(&replay("3qk3/8/5n2/6B1/4P3/8/8/4K3 w - - 0 1", "e4e5 e8f7 e5f6")));
    }

    #[test]
    fn lost_pieces_that_were_not_pinned() {
        // Same file, but no king behind the knight: it could have moved.
        assert!(!is_pin(&replay("5k2/8/4n3/8/3P4/8/8/4R1K1 w - - 0 1", "d4d5 f8g7 d5e6")));
        // A pinned knight taken by a rook that the pawn takes back.
        let r = replay("4k3/p4p2/4n3/8/8/8/P7/4R1K1 w - - 0 1", "a2a3 a7a6 e1e6 f7e6");
        assert!(!is_pin(&r));
    }

    #[test]
    fn skewers() {
        // Check on the e-file; the queen behind the king falls.
        assert!(is_skewer(&replay("4q3/8/8/4k3/8/8/8/R5K1 w - - 0 1", "a1e1 e5d6 e1e8")));
        // Bishop hits the queen; the rook behind it falls.
        assert!(is_skewer(&replay("4r1k1/3q4/8/8/P7/8/8/5BK1 w - - 0 1", "f1b5 d7d6 b5e8")));
    }

    #[test]
    fn not_skewers() {
        // Only a pawn behind the king.
        assert!(!is_skewer(&replay("8/4p3/8/4k3/8/8/8/R5K1 w - - 0 1", "a1e1 e5f4 e1e7")));
        // The queen takes the unguarded bishop instead of stepping aside.
        assert!(!is_skewer(&replay("4r1k1/3q4/8/8/8/8/8/5BK1 w - - 0 1", "f1b5 d7b5")));
    }

    #[test]
    fn discovered_attacks() {
        // The knight hits the queen and uncovers the bishop on the rook.
        assert!(is_discovered_attack(&replay("3qk2r/8/8/8/3N4/8/8/B3K3 w - - 0 1", "d4c6 d8d7 a1h8")));
        // Bxh7+ uncovers the rook on the queen.
        assert!(is_discovered_attack(&replay("6k1/4q2p/8/8/4B3/8/8/4R1K1 w - - 0 1", "e4h7 g8h7 e1e7")));
    }

    #[test]
    fn not_discovered_attacks() {
        // The knight steps away with no threat of its own.
        assert!(!is_discovered_attack(&replay("3qk2r/8/8/8/3N4/8/8/B3K3 w - - 0 1", "d4b3 e8e7 a1h8")));
        // The uncovered knight is guarded and worth less than the rook.
        let r = replay("6k1/3p4/4n3/8/4B3/8/8/4R1K1 w - - 0 1", "e4h7 g8h7 e1e6 d7e6");
        assert!(!is_discovered_attack(&r));
    }

    #[test]
    fn discovered_checks() {
        assert!(is_discovered_check(&replay("q3k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1", "e4a8 e8d7")));
        assert!(is_discovered_check(&replay("7k/3q4/8/4N3/8/8/1B6/6K1 w - - 0 1", "e5d7 h8g8")));
    }

    #[test]
    fn not_discovered_checks() {
        // A direct check by the moved rook.
        assert!(!is_discovered_check(&replay("4k3/8/8/8/8/8/8/R5K1 w - - 0 1", "a1a8 e8e7")));
        // A discovered check that wins nothing.
        assert!(!is_discovered_check(&replay("4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1", "e4d5 e8d8")));
        // Double check with the moved knight giving one of the checks.
        assert!(!is_discovered_check(&replay("3qkb2/3p1p2/4N3/8/8/8/8/4R1K1 w - - 0 1", "e6c7")));
    }

    #[test]
    fn double_checks() {
        assert!(is_double_check(&replay("3qkb2/3p1p2/4N3/8/8/8/8/4R1K1 w - - 0 1", "e6c7")));
        assert!(is_double_check(&replay("4k3/8/8/7q/4B3/8/8/4R1K1 w - - 0 1", "e4g6 e8d8 g6h5")));
    }

    #[test]
    fn single_checks_are_not_double() {
        assert!(!is_double_check(&replay("q3k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1", "e4a8 e8d7")));
        assert!(!is_double_check(&replay("4k3/8/4N3/8/8/8/8/4R1K1 w - - 0 1", "e6d4 e8d7")));
    }
}
