//! Static exchange evaluation: would the capture sequence on a move's
//! destination, each side recapturing with its least valuable attacker and
//! either side free to stop, gain at least `threshold`? Sliders behind the
//! pieces that move away join in (x-rays).

use crate::chess::attacks::{bishop_attacks, rook_attacks};
use crate::chess::{Bitboard, Move, PieceType, Position};

/// Does `m` win at least `threshold` centipawns of material by exchange?
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    // Castling, en passant and promotions are scored as even exchanges:
    // rare enough that precision there does not pay.
    if m.is_castle() || m.is_en_passant() || m.is_promotion() {
        return 0 >= threshold;
    }
    let from = m.from();
    let to = m.to();
    let victim = pos.piece_on(to);
    let mut swap = if victim.is_some() { victim.piece_type().value() } else { 0 } - threshold;
    if swap < 0 {
        return false;
    }
    swap = pos.piece_on(from).piece_type().value() - swap;
    if swap <= 0 {
        return true;
    }

    let mut occ = pos.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
    let mut stm = pos.side_to_move();
    let mut attackers = pos.attackers_to(to, occ);
    let diag = pos.pieces(PieceType::Bishop) | pos.pieces(PieceType::Queen);
    let orth = pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen);
    let mut res = true;

    loop {
        stm = stm.flip();
        attackers &= occ;
        let ours = attackers & pos.color_bb(stm);
        if ours.is_empty() {
            break;
        }
        res = !res;
        // Least valuable attacker.
        let mut found = None;
        for pt in PieceType::ALL {
            let bb = ours & pos.pieces(pt);
            if bb.any() {
                found = Some((pt, bb.lsb()));
                break;
            }
        }
        let (pt, sq) = found.expect("attackers set is not empty");
        if pt == PieceType::King {
            // The king may only take if the other side has nothing left.
            let theirs = attackers & pos.color_bb(stm.flip());
            return if theirs.any() { !res } else { res };
        }
        swap = pt.value() - swap;
        if swap < res as i32 {
            break;
        }
        occ ^= Bitboard::from_square(sq);
        match pt {
            PieceType::Pawn | PieceType::Bishop => attackers |= bishop_attacks(to, occ) & diag,
            PieceType::Rook => attackers |= rook_attacks(to, occ) & orth,
            PieceType::Queen => attackers |= (bishop_attacks(to, occ) & diag) | (rook_attacks(to, occ) & orth),
            _ => {}
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen, false).unwrap();
        let m = pos.parse_move(mv).unwrap();
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn undefended_piece_is_won() {
        // Rook takes an undefended pawn: +100.
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(fen, "Rxe5", 100));
        assert!(!see(fen, "Rxe5", 101));
    }

    #[test]
    fn defended_pawn_costs_the_knight() {
        // Nxe5 is answered by Rxe5... white's knight for a pawn.
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert!(!see(fen, "Nxe5", 0));
        assert!(see(fen, "Nxe5", -220));
    }

    #[test]
    fn xray_recapture_counts() {
        // Two white rooks doubled on the e-file against one defender.
        let fen = "4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1";
        assert!(see(fen, "Rxe5", 100));
        // A single rook against a defended pawn loses the exchange.
        let fen2 = "4r1k1/8/8/4p3/8/8/8/4R1K1 w - - 0 1";
        assert!(!see(fen2, "Rxe5", 0));
    }

    #[test]
    fn quiet_move_to_attacked_square() {
        // Queen steps where a pawn takes it.
        let fen = "4k3/8/4p3/8/8/8/8/3QK3 w - - 0 1";
        assert!(!see(fen, "Qd5", 0));
        assert!(see(fen, "Qd4", 0));
    }
}
