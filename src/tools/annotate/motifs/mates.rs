//! Named mating patterns, read from the line's final position.

use super::line::Replay;
use crate::chess::attacks::king_attacks;
use crate::chess::{Bitboard, PieceType, Position, Square};

/// Back-rank mate (底线杀): the line ends in mate of the defender, whose king
/// stands on its first rank; every checker is a rook or queen on that rank,
/// and every square in front of the king (its neighbours on the second rank)
/// is taken by one of the king's own pieces.
pub fn is_back_rank_mate(r: &Replay) -> bool {
    if !r.ends_in_mate() {
        return false;
    }
    let pos = r.last();
    let d = r.defender();
    let king = pos.king_square(d);
    let back_rank = Bitboard::relative_rank(d, 0);
    if !back_rank.contains(king) {
        return false;
    }
    let front = king_attacks(king) & Bitboard::relative_rank(d, 1);
    let heavy_on_rank = pos.checkers().into_iter().all(|c| is_heavy(pos, c) && back_rank.contains(c));
    heavy_on_rank && (front & !pos.color_bb(d)).is_empty()
}

/// Smothered mate (闷杀): the line ends in mate given by a knight alone, and
/// every square next to the mated king holds one of its own pieces.
pub fn is_smothered_mate(r: &Replay) -> bool {
    if !r.ends_in_mate() {
        return false;
    }
    let pos = r.last();
    let d = r.defender();
    let checkers = pos.checkers();
    let by_knight = !checkers.several() && pos.piece_on(checkers.lsb()).piece_type() == PieceType::Knight;
    by_knight && (king_attacks(pos.king_square(d)) & !pos.color_bb(d)).is_empty()
}

/// Mate on the 7th rank: the line ends in mate given by a single rook or
/// queen standing on the defender's second rank (the attacker's seventh),
/// with the mated king on its first or second rank. This covers the rook or
/// queen that reaches the seventh and mates there (along the rank, or from
/// in front of a king on the back rank); a back-rank mate is not one.
pub fn is_seventh_rank_mate(r: &Replay) -> bool {
    if !r.ends_in_mate() {
        return false;
    }
    let pos = r.last();
    let d = r.defender();
    let checkers = pos.checkers();
    if checkers.several() {
        return false;
    }
    let checker = checkers.lsb();
    let seventh = Bitboard::relative_rank(d, 1);
    let home = Bitboard::relative_rank(d, 0) | seventh;
    is_heavy(pos, checker) && seventh.contains(checker) && home.contains(pos.king_square(d))
}

fn is_heavy(pos: &Position, sq: Square) -> bool {
    matches!(pos.piece_on(sq).piece_type(), PieceType::Rook | PieceType::Queen)
}

#[cfg(test)]
mod tests {
    use super::super::testutil::replay;
    use super::*;

    #[test]
    fn back_rank_mates() {
        assert!(is_back_rank_mate(&replay("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8")));
        assert!(is_back_rank_mate(&replay("2r3k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "c8c1")));
    }

    #[test]
    fn not_back_rank_mates() {
        // A rook mates along the fifth rank.
        let r = replay("4B3/8/6Pp/7k/6pp/8/8/R5K1 w - - 0 1", "a1a5");
        assert!(r.ends_in_mate());
        assert!(!is_back_rank_mate(&r));
        // The h7 flight square is empty, covered by the bishop.
        let r = replay("6k1/5pp1/8/8/8/8/5PPP/1B1R2K1 w - - 0 1", "d1d8");
        assert!(r.ends_in_mate());
        assert!(!is_back_rank_mate(&r));
    }

    #[test]
    fn smothered_mates() {
        assert!(is_smothered_mate(&replay("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7")));
        // Qxg8+ Rxg8 Nf7#.
        let r = replay("r5rk/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1", "d5g8 a8g8 h6f7");
        assert!(is_smothered_mate(&r));
    }

    #[test]
    fn knight_mates_that_are_not_smothered() {
        // The queen covers g8: the king is not boxed in by its own pieces.
        let r = replay("7k/6pr/8/4N3/8/8/Q7/6K1 w - - 0 1", "e5g6");
        assert!(r.ends_in_mate());
        assert!(!is_smothered_mate(&r));
        assert!(!is_smothered_mate(&replay("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8")));
    }

    #[test]
    fn seventh_rank_mates() {
        // Queen on g7 guarded by a pawn.
        assert!(is_seventh_rank_mate(&replay("7k/5p2/5P2/6Q1/8/8/8/6K1 w - - 0 1", "g5g7")));
        // A rook mates along the seventh, its partner holding the eighth.
        assert!(is_seventh_rank_mate(&replay("1R6/7k/6pp/8/8/8/R7/6K1 w - - 0 1", "a2a7")));
    }

    #[test]
    fn mates_off_the_seventh() {
        assert!(!is_seventh_rank_mate(&replay("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8")));
        // A rook stands on the seventh, but a knight mates.
        let r = replay("6rk/1R4pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7");
        assert!(r.ends_in_mate());
        assert!(!is_seventh_rank_mate(&r));
    }
}
