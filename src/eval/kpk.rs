//! King and pawn against king, solved exactly: a bitbase built by retrograde
//! analysis the first time it is needed (about 200k positions; a few
//! milliseconds). Positions are normalised so that the pawn is White's and
//! stands on files a-d.

use crate::chess::attacks::{king_attacks, pawn_attacks};
use crate::chess::{Color, Square};
use std::sync::OnceLock;

const STATES: usize = 2 * 24 * 64 * 64;

#[derive(Clone, Copy, PartialEq, Eq)]
enum R {
    Invalid,
    Unknown,
    Draw,
    Win,
}

static BITBASE: OnceLock<Vec<u64>> = OnceLock::new();

/// Index: side to move, pawn (file a-d, rank 2-7 → 24), white king, black king.
fn index(stm: usize, wk: usize, bk: usize, p: usize) -> usize {
    let pidx = (p / 8 - 1) * 4 + (p % 8);
    ((stm * 24 + pidx) * 64 + wk) * 64 + bk
}

fn build() -> Vec<u64> {
    let mut res = vec![R::Unknown; STATES];
    // Initial classification.
    for stm in 0..2 {
        for p in pawn_squares() {
            for wk in 0..64 {
                for bk in 0..64 {
                    res[index(stm, wk, bk, p)] = classify_initial(stm, wk, bk, p);
                }
            }
        }
    }
    // Iterate until nothing changes.
    loop {
        let mut changed = false;
        for stm in 0..2 {
            for p in pawn_squares() {
                for wk in 0..64 {
                    for bk in 0..64 {
                        let i = index(stm, wk, bk, p);
                        if res[i] == R::Unknown {
                            let r = classify(&res, stm, wk, bk, p);
                            if r != R::Unknown {
                                res[i] = r;
                                changed = true;
                            }
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut bits = vec![0u64; STATES.div_ceil(64)];
    for (i, r) in res.iter().enumerate() {
        if *r == R::Win {
            bits[i / 64] |= 1 << (i % 64);
        }
    }
    bits
}

fn pawn_squares() -> impl Iterator<Item = usize> {
    (8..56).filter(|s| s % 8 < 4)
}

fn sq(i: usize) -> Square {
    Square::new(i as u8)
}

fn classify_initial(stm: usize, wk: usize, bk: usize, p: usize) -> R {
    if wk == bk || wk == p || bk == p {
        return R::Invalid;
    }
    if king_attacks(sq(wk)).contains(sq(bk)) {
        return R::Invalid;
    }
    // White to move while Black's king is attacked by the pawn: impossible.
    if stm == 0 && pawn_attacks(Color::White, sq(p)).contains(sq(bk)) {
        return R::Invalid;
    }
    if stm == 0 {
        // Promotes at once, and the new queen cannot be taken for free.
        if p / 8 == 6 {
            let q = p + 8;
            if q != wk && q != bk && (!king_attacks(sq(bk)).contains(sq(q)) || king_attacks(sq(wk)).contains(sq(q))) {
                return R::Win;
            }
        }
    } else {
        let bk_moves = king_attacks(sq(bk)) & !king_attacks(sq(wk)) & !pawn_attacks(Color::White, sq(p));
        // Stalemate, or the pawn can be taken safely.
        if bk_moves.is_empty() {
            return R::Draw;
        }
        if bk_moves.contains(sq(p)) {
            return R::Draw;
        }
    }
    R::Unknown
}

fn classify(res: &[R], stm: usize, wk: usize, bk: usize, p: usize) -> R {
    if stm == 0 {
        // White: a win if any move wins; a draw if every move draws.
        let mut all_draw = true;
        for to in king_attacks(sq(wk)) {
            let to = to.index();
            if to == p || king_attacks(sq(bk)).contains(sq(to)) {
                continue;
            }
            match res[index(1, to, bk, p)] {
                R::Win => return R::Win,
                R::Unknown => all_draw = false,
                _ => {}
            }
        }
        let one = p + 8;
        if p / 8 < 6 && one != wk && one != bk {
            match res[index(1, wk, bk, one)] {
                R::Win => return R::Win,
                R::Unknown => all_draw = false,
                _ => {}
            }
            let two = p + 16;
            if p / 8 == 1 && two != wk && two != bk {
                match res[index(1, wk, bk, two)] {
                    R::Win => return R::Win,
                    R::Unknown => all_draw = false,
                    _ => {}
                }
            }
        }
        if all_draw {
            R::Draw
        } else {
            R::Unknown
        }
    } else {
        // Black: a draw if any move draws; a win for White if every move loses.
        let mut all_win = true;
        for to in king_attacks(sq(bk)) {
            let to = to.index();
            if king_attacks(sq(wk)).contains(sq(to)) || pawn_attacks(Color::White, sq(p)).contains(sq(to)) {
                continue;
            }
            if to == p {
                return R::Draw;
            }
            match res[index(0, wk, to, p)] {
                R::Draw => return R::Draw,
                R::Unknown => all_win = false,
                _ => {}
            }
        }
        if all_win {
            R::Win
        } else {
            R::Unknown
        }
    }
}

/// Does the side with the pawn win? Squares are given from that side's
/// point of view: `strong` owns the pawn and `stm_strong` says whether it is
/// that side's move.
pub fn probe(strong_king: Square, pawn: Square, weak_king: Square, strong: Color, stm_strong: bool) -> bool {
    let bits = BITBASE.get_or_init(build);
    // Normalise: White pawn, files a-d.
    let norm = |s: Square| {
        let s = if strong == Color::Black { s.flip_rank() } else { s };
        if pawn_file_mirrored(pawn) {
            Square::from_coords(7 - s.file(), s.rank())
        } else {
            s
        }
    };
    let (wk, p, bk) = (norm(strong_king).index(), norm(pawn).index(), norm(weak_king).index());
    let i = index(if stm_strong { 0 } else { 1 }, wk, bk, p);
    bits[i / 64] >> (i % 64) & 1 != 0
}

fn pawn_file_mirrored(pawn: Square) -> bool {
    pawn.file() >= 4
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn known_kpk_results() {
        // King on the sixth in front of its pawn wins whoever moves.
        assert!(probe(s("e6"), s("e5"), s("e8"), Color::White, false));
        assert!(probe(s("e6"), s("e5"), s("e8"), Color::White, true));
        // Ke5 Pe4 v Ke7: the side to move loses the opposition.
        assert!(!probe(s("e5"), s("e4"), s("e7"), Color::White, true));
        assert!(probe(s("e5"), s("e4"), s("e7"), Color::White, false));
        // Rook pawn with the defending king in the corner: draw.
        assert!(!probe(s("b6"), s("a6"), s("a8"), Color::White, true));
        // The pawn runs away from a distant king.
        assert!(probe(s("a1"), s("g6"), s("a8"), Color::White, true));
        // The same opposition position for Black (Kd4 Pd5 v Kd2).
        assert!(!probe(s("d4"), s("d5"), s("d2"), Color::Black, true));
        assert!(probe(s("d4"), s("d5"), s("d2"), Color::Black, false));
    }
}
