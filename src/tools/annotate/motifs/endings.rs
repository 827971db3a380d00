//! How a line ends: a new queen, or a draw saved by perpetual check or by
//! stalemate.

use super::line::Replay;

/// Promotion (兵升变): the attacker promotes a pawn inside the window and the
/// new piece is not taken on the defender's next move (or, where the line
/// stops there, cannot be).
pub fn is_promotion(r: &Replay) -> bool {
    r.attacker_plies().any(|i| {
        let m = r.moves()[i];
        m.is_promotion() && !taken_at_once(r, i)
    })
}

/// Is the piece that arrived on ply `i` captured on the next ply, or, at the
/// end of the line, capturable?
fn taken_at_once(r: &Replay, i: usize) -> bool {
    let sq = r.moves()[i].to();
    match r.moves().get(i + 1) {
        Some(reply) => reply.is_capture() && reply.to() == sq,
        None => r.after(i).legal_moves().iter().any(|x| x.is_capture() && x.to() == sq),
    }
}

/// Perpetual check (长将): a position of the line repeats one seen before
/// (in the line or the game that led to the root), and every attacker's move
/// up to that point gives check, at least two of them. A drawing resource:
/// the line does not end in mate.
pub fn is_perpetual_check(r: &Replay) -> bool {
    if r.ends_in_mate() {
        return false;
    }
    let Some(k) = (0..r.len()).find(|&k| r.after(k).repetitions(1)) else { return false };
    let mut checks = (0..=k).step_by(2).map(|i| r.after(i).in_check());
    k >= 2 && checks.all(|c| c)
}

/// Stalemate trick (逼和): the line ends with the attacker to move,
/// stalemated: he has rid himself of every legal move. A drawing resource.
pub fn is_stalemate_trick(r: &Replay) -> bool {
    let last = r.last();
    !r.is_empty() && last.side_to_move() == r.attacker() && !last.in_check() && !last.has_legal_move()
}

#[cfg(test)]
mod tests {
    use super::super::testutil::replay;
    use super::*;

    #[test]
    fn promotions() {
        assert!(is_promotion(&replay("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8q g7h6")));
        // Black promotes by taking the rook, with check.
        assert!(is_promotion(&replay("4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1", "b2a1q e1d2")));
    }

    #[test]
    fn not_promotions() {
        // The new queen is taken at once.
        assert!(!is_promotion(&replay("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q b8a8")));
        // The defender promotes, not the attacker.
        assert!(!is_promotion(&replay("8/8/8/8/8/8/1p6/4K2k w - - 0 1", "e1d2 b2b1q")));
    }

    #[test]
    fn perpetual_checks() {
        let r = replay("6k1/6p1/7p/5Q2/8/8/r5PP/6K1 w - - 0 1", "f5c8 g8h7 c8f5 h7g8 f5c8");
        assert!(is_perpetual_check(&r));
        let r = replay("6k1/R5pp/8/8/5q2/7P/6P1/6K1 b - - 0 1", "f4c1 g1h2 c1f4 h2g1");
        assert!(is_perpetual_check(&r));
    }

    #[test]
    fn not_perpetual_checks() {
        // Checks, but the king walks into new positions.
        let r = replay("6k1/6p1/7p/5Q2/8/8/r5PP/6K1 w - - 0 1", "f5c8 g8h7 c8f5 g7g6 f5f7 h7h8");
        assert!(!is_perpetual_check(&r));
        // A repetition without checks.
        let r = replay("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h2 e8d8 h2h1 d8e8 h1h2");
        assert!(!is_perpetual_check(&r));
    }

    #[test]
    fn stalemate_tricks() {
        // The last rook gives itself up with check: White is stalemated.
        assert!(is_stalemate_trick(&replay("7k/8/8/8/8/8/2q5/K5R1 w - - 0 1", "g1g8 h8g8")));
        assert!(is_stalemate_trick(&replay("k5r1/2Q5/8/8/8/8/8/7K b - - 0 1", "g8g1 h1g1")));
    }

    #[test]
    fn not_stalemate_tricks() {
        // The attacker stalemates the other side.
        assert!(!is_stalemate_trick(&replay("7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "g6f7")));
        // A pawn move is left: no stalemate.
        assert!(!is_stalemate_trick(&replay("7k/8/8/8/8/8/2q4P/K5R1 w - - 0 1", "g1g8 h8g8")));
    }
}
