//! Tactics against a defender: deflection, decoy, removal of the guard.

use super::board::attacks_from;
use super::line::Replay;
use crate::chess::{Bitboard, Color, PieceType, Position, Square};

/// How much more than it takes a piece must be worth for its move to count
/// as a sacrifice: a pawn, so that bishop-for-knight trades are not.
const SACRIFICE: i32 = 100;

/// Deflection (诱离): an attacker's capture or check (inside the window)
/// makes a defending piece move away, by taking back or by escaping the
/// check, from a square it guarded; on his next move the attacker captures
/// on that square, or mates there, and the line wins.
pub fn is_deflection(r: &Replay) -> bool {
    r.wins() && r.attacker_plies().any(|i| deflects_at(r, i))
}

fn deflects_at(r: &Replay, i: usize) -> bool {
    if i + 2 >= r.len() {
        return false;
    }
    let [m, reply, exploit] = [r.moves()[i], r.moves()[i + 1], r.moves()[i + 2]];
    let forcing = m.is_capture() || r.after(i).in_check();
    if !forcing || reply.is_castle() || exploit.is_castle() {
        return false;
    }
    let t = exploit.to();
    if t == m.to() || t == reply.to() {
        return false;
    }
    let guarded = attacks_from(r.before(i), reply.from()).contains(t);
    let still = attacks_from(r.before(i + 2), reply.to()).contains(t);
    guarded && !still && exploits_square(r, i + 2)
}

/// The attacker's ply `j` takes a piece on its destination, or mates there.
fn exploits_square(r: &Replay, j: usize) -> bool {
    r.moves()[j].is_capture() || (j + 1 == r.len() && r.ends_in_mate())
}

/// Decoy (引诱): the attacker sacrifices a piece inside the window (it is
/// worth at least a pawn more than what it takes) on a square where an
/// enemy piece takes it; the attacker's next move, not a recapture there
/// nor any capture, checks that piece if it is the king or else attacks
/// it with the moved piece, and the line wins.
pub fn is_decoy(r: &Replay) -> bool {
    r.wins() && r.attacker_plies().any(|i| decoys_at(r, i))
}

fn decoys_at(r: &Replay, i: usize) -> bool {
    if i + 2 >= r.len() {
        return false;
    }
    let [m, reply, exploit] = [r.moves()[i], r.moves()[i + 1], r.moves()[i + 2]];
    if m.is_castle() || m.is_en_passant() || exploit.is_castle() {
        return false;
    }
    let s = m.to();
    let taken = r.before(i).piece_on(s);
    let taken_value = if taken.is_some() { taken.piece_type().value() } else { 0 };
    let sacrificed = r.after(i).piece_on(s).piece_type().value() - taken_value >= SACRIFICE;
    if !sacrificed || !reply.is_capture() || reply.to() != s || exploit.is_capture() {
        return false;
    }
    let lured = r.after(i + 1).piece_on(s);
    let after = r.after(i + 2);
    if lured.piece_type() == PieceType::King {
        after.in_check()
    } else {
        attacks_from(after, exploit.to()).contains(s)
    }
}

/// Removal of the guard (消除保护): the attacker captures, inside the window,
/// the only defender (kings aside) of a square; after the reply that square
/// has no such defender, and the attacker's next move captures the piece on
/// it or mates there. The line wins.
pub fn is_removal_of_guard(r: &Replay) -> bool {
    r.wins() && r.attacker_plies().any(|i| removes_guard_at(r, i))
}

fn removes_guard_at(r: &Replay, i: usize) -> bool {
    if i + 2 >= r.len() {
        return false;
    }
    let [m, exploit] = [r.moves()[i], r.moves()[i + 2]];
    if !m.is_capture() || m.is_en_passant() || exploit.is_castle() {
        return false;
    }
    let t = exploit.to();
    let d = r.defender();
    t != m.to()
        && guards(r.before(i), t, d) == Bitboard::from_square(m.to())
        && guards(r.before(i + 2), t, d).is_empty()
        && exploits_square(r, i + 2)
}

/// Pieces of `d`, the king excepted, guarding `sq`.
fn guards(pos: &Position, sq: Square, d: Color) -> Bitboard {
    pos.attackers_to(sq, pos.occupied()) & pos.color_bb(d) & !pos.pieces(PieceType::King)
}

#[cfg(test)]
mod tests {
    use super::super::testutil::replay;
    use super::*;

    #[test]
    fn deflections() {
        // The b-pawn guards both knights; taking one pulls it off the other.
        assert!(is_deflection(&replay("6k1/1p6/n1n5/8/8/8/4B3/2R3K1 w - - 0 1", "e2a6 b7a6 c1c6")));
        // A check drives the king away from its knight.
        assert!(is_deflection(&replay("8/5k2/4n3/8/8/8/R7/4R1K1 w - - 0 1", "a2f2 f7g7 e1e6")));
    }

    #[test]
    fn not_deflections() {
        // A second guard (the d-pawn) still covers c6.
        assert!(!is_deflection(&replay("6k1/1p1p4/n1n5/8/8/8/4B3/2R3K1 w - - 0 1", "e2a6 b7a6 c1c6")));
        // The checked king never guarded the knight.
        assert!(!is_deflection(&replay("8/7k/4n3/8/8/8/R7/4R1K1 w - - 0 1", "a2h2 h7g7 e1e6")));
    }

    #[test]
    fn decoys() {
        // Rh8+ draws the king to h8 for Qh5+ and mate.
        let r = replay("5rk1/5pp1/8/8/8/3B4/8/3Q2KR w - - 0 1", "h1h8 g8h8 d1h5 h8g8 h5h7");
        assert!(is_decoy(&r));
        // Rd8+ draws the queen to d8, into the knight fork.
        assert!(is_decoy(&replay("7k/4q1pp/8/6N1/8/8/8/3R2K1 w - - 0 1", "d1d8 e7d8 g5f7 h8g8 f7d8")));
    }

    #[test]
    fn not_decoys() {
        // The second rook simply takes back: an exchange, then mate.
        assert!(!is_decoy(&replay("7k/4q1pp/8/8/8/8/3R4/3R2K1 w - - 0 1", "d2d8 e7d8 d1d8")));
        // Rxd8 takes the queen: no sacrifice, though a fork follows.
        let r = replay("3q2rk/6pp/8/6N1/8/8/8/3R2K1 w - - 0 1", "d1d8 g8d8 g5f7 h8g8 f7d8");
        assert!(!is_decoy(&r));
    }

    #[test]
    fn removals_of_the_guard() {
        // Bxc6 removes the only guard of the e5 bishop.
        assert!(is_removal_of_guard(&replay("4k3/3p4/2n5/1B2b3/8/8/8/4R1K1 w - - 0 1", "b5c6 d7c6 e1e5")));
        // Bxf6 removes the knight guarding h7, then Qh7 mates.
        let r = replay("5rk1/5pp1/5n2/6B1/8/3B4/8/6KQ w - - 0 1", "g5f6 g7f6 h1h7");
        assert!(is_removal_of_guard(&r));
    }

    #[test]
    fn not_removals_of_the_guard() {
        // The d6 pawn is a second guard of e5.
        let r = replay("4k3/3p4/2np4/1B2b3/8/8/8/4R1K1 w - - 0 1", "b5c6 d7c6 e1e5 d6e5");
        assert!(!is_removal_of_guard(&r));
        // The knight never guarded the e4 bishop, which hung anyway.
        assert!(!is_removal_of_guard(&replay("4k3/3p4/2n5/1B6/4b3/8/8/4R1K1 w - - 0 1", "b5c6 d7c6 e1e4")));
    }
}
