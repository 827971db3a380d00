//! A line replayed from its root, with the position before and after every
//! ply, and the material bookkeeping the detectors share.

use crate::chess::{Color, Move, PieceType, Position, Square};
use crate::search::see::see_ge;

/// Plies from the root that the detectors search for a motif; a tactic that
/// only shows after this is not what the line is about. Mates, stalemates
/// and repetitions are read at the line's end whatever its length.
pub const WINDOW: usize = 10;

/// Material (in SEE centipawns) a line must win for a tactic to count: more
/// than a pawn, so that a minor piece or the exchange qualifies.
pub const MIN_GAIN: i32 = 150;

/// A line played out from its root. Moves stop at the first one that is not
/// legal where it is played, so any input can be replayed.
pub struct Replay {
    positions: Vec<Position>,
    moves: Vec<Move>,
    gain: i32,
}

impl Replay {
    pub fn new(root: &Position, line: &[Move]) -> Replay {
        let mut positions = vec![root.clone()];
        let mut moves = Vec::new();
        for &m in line {
            let cur = &positions[positions.len() - 1];
            if !cur.legal_moves().contains(m) {
                break;
            }
            let mut next = cur.clone();
            next.make_move(m);
            positions.push(next);
            moves.push(m);
        }
        let gain = settled_gain(&positions, &moves);
        Replay { positions, moves, gain }
    }

    /// The side to move at the root, who plays the even plies.
    pub fn attacker(&self) -> Color {
        self.positions[0].side_to_move()
    }

    pub fn defender(&self) -> Color {
        self.attacker().flip()
    }

    /// The legal prefix of the line.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The position in which ply `ply` is played.
    pub fn before(&self, ply: usize) -> &Position {
        &self.positions[ply]
    }

    /// The position after ply `ply`.
    pub fn after(&self, ply: usize) -> &Position {
        &self.positions[ply + 1]
    }

    /// The position at the end of the line.
    pub fn last(&self) -> &Position {
        &self.positions[self.moves.len()]
    }

    /// Plies the detectors look at: the first `WINDOW` of the line.
    pub fn span(&self) -> usize {
        self.moves.len().min(WINDOW)
    }

    /// The attacker's plies inside the window.
    pub fn attacker_plies(&self) -> impl Iterator<Item = usize> {
        (0..self.span()).step_by(2)
    }

    /// Material won by the attacker over the window, once exchanges in
    /// progress at its end are settled (see `settled_gain`).
    pub fn gain(&self) -> i32 {
        self.gain
    }

    /// Does the line end with the defender checkmated?
    pub fn ends_in_mate(&self) -> bool {
        let last = self.last();
        last.side_to_move() == self.defender() && last.in_check() && !last.has_legal_move()
    }

    /// The line pays off: it mates, or wins at least `MIN_GAIN`.
    pub fn wins(&self) -> bool {
        self.ends_in_mate() || self.gain >= MIN_GAIN
    }

    /// Does the piece on `sq` after ply `ply` still stand there before ply
    /// `later`? (One that left and came back counts as the same.)
    pub fn same_piece(&self, ply: usize, later: usize, sq: Square) -> bool {
        let p = self.after(ply).piece_on(sq);
        p.is_some() && self.before(later).piece_on(sq) == p
    }
}

/// Material of `c`, kings excluded.
fn material(pos: &Position, c: Color) -> i32 {
    PieceType::ALL[..5].iter().map(|&pt| pos.pieces_of(c, pt).count() as i32 * pt.value()).sum()
}

/// The attacker's material lead in `pos`.
fn balance(pos: &Position, attacker: Color) -> i32 {
    material(pos, attacker) - material(pos, attacker.flip())
}

/// Material the attacker wins over the window. The window is stretched to
/// finish an exchange (a capture is followed by the reply in the line) and
/// to end on the defender's move when the line allows; if the line itself
/// stops with the defender to move, his best capture there (by SEE) is
/// taken back, since an engine line often ends before the recapture.
fn settled_gain(positions: &[Position], moves: &[Move]) -> i32 {
    let attacker = positions[0].side_to_move();
    let mut end = moves.len().min(WINDOW);
    while end < moves.len() && (end % 2 == 1 || moves[end - 1].is_capture()) {
        end += 1;
    }
    let last = &positions[end];
    let mut gain = balance(last, attacker) - balance(&positions[0], attacker);
    if last.side_to_move() != attacker {
        gain -= best_capture(last);
    }
    gain
}

/// The most the side to move wins with one capture, by SEE (0 if none wins).
fn best_capture(pos: &Position) -> i32 {
    pos.legal_moves().iter().filter(|m| m.is_capture()).map(|&m| see_value(pos, m)).max().unwrap_or(0).max(0)
}

/// The SEE value of `m`, from the SEE threshold test: the largest threshold
/// it passes, found by bisection (a capture wins at most a queen).
fn see_value(pos: &Position, m: Move) -> i32 {
    if !see_ge(pos, m, 1) {
        return 0;
    }
    let (mut lo, mut hi) = (1, PieceType::Queen.value() + 1);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if see_ge(pos, m, mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::super::testutil::replay;
    use super::*;

    #[test]
    fn illegal_move_ends_the_replay() {
        let r = replay("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1e2 e8d8");
        assert_eq!(r.len(), 2);
        let root = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false).unwrap();
        let bad = [Move::NONE, root.parse_uci_move("e1e2").unwrap()];
        assert!(Replay::new(&root, &bad).is_empty());
    }

    #[test]
    fn gain_settles_a_recapture_left_out_of_the_line() {
        // Nxe5 wins a pawn only on paper: ...dxe5 is not in the line.
        let r = replay("4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5");
        assert_eq!(r.gain(), 100 - 320);
        // Against an undefended pawn the capture stands.
        let r = replay("4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5");
        assert_eq!(r.gain(), 100);
    }

    #[test]
    fn mate_is_read_at_the_end() {
        let r = replay("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8");
        assert!(r.ends_in_mate() && r.wins());
    }
}
