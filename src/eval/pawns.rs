//! Pawn structure: isolated, doubled, backward, connected (supported) and
//! phalanx pawns, candidate passers, and the static part of passed pawns.
//! These depend only on where the pawns are, so the result is cached per
//! pawn key (pawns and kings) in a small per-thread table.

use super::layout::*;
use super::score::S;
use super::trace::Tracer;
use super::weights::WEIGHTS;
use crate::chess::attacks::pawn_attacks_bb;
use crate::chess::{Bitboard, Color, PieceType, Position, Square};
use std::cell::RefCell;

/// What the rest of the evaluation needs from the pawn structure.
#[derive(Clone, Copy, Default)]
pub struct PawnInfo {
    /// Score of the pawn-only terms, White minus Black.
    pub score: S,
    pub passed: [Bitboard; 2],
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    info: PawnInfo,
}

const CACHE_SIZE: usize = 1 << 14;

thread_local! {
    static CACHE: RefCell<Vec<Entry>> = RefCell::new(vec![Entry::default(); CACHE_SIZE]);
}

/// Squares in front of `sq` on its file, from `c`'s point of view.
#[inline(always)]
pub fn forward_file(c: Color, sq: Square) -> Bitboard {
    let file = Bitboard::file(sq.file());
    match c {
        Color::White => file & Bitboard(!0u64 << sq.index() << 1),
        Color::Black => file & Bitboard((1u64 << sq.index()) - 1),
    }
}

#[inline(always)]
pub fn adjacent_files(file: u8) -> Bitboard {
    let f = Bitboard::file(file);
    f.east() | f.west()
}

/// Squares an enemy pawn would have to pass or stand on to stop a pawn of
/// colour `c` on `sq`: the file ahead and both adjacent files ahead.
#[inline(always)]
pub fn passed_span(c: Color, sq: Square) -> Bitboard {
    let ahead = forward_file(c, sq);
    ahead | ahead.east() | ahead.west()
}

/// Squares on adjacent files, level with or behind `sq` (supporters' area).
#[inline(always)]
fn behind_or_level_adjacent(c: Color, sq: Square) -> Bitboard {
    let rank_mask = match c {
        Color::White => Bitboard(((1u64 << 8) << (sq.rank() * 8)) - 1),
        Color::Black => Bitboard(!0u64 << (sq.rank() * 8)),
    };
    adjacent_files(sq.file()) & rank_mask
}

pub fn evaluate<T: Tracer>(pos: &Position, t: &mut T) -> PawnInfo {
    if T::ACTIVE {
        return compute(pos, t);
    }
    let key = pos.pawn_key();
    CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        let slot = &mut cache[(key as usize) & (CACHE_SIZE - 1)];
        if slot.key == key && key != 0 {
            return slot.info;
        }
        let info = compute(pos, t);
        *slot = Entry { key, info };
        info
    })
}

fn compute<T: Tracer>(pos: &Position, t: &mut T) -> PawnInfo {
    let mut info = PawnInfo::default();
    for c in Color::ALL {
        let (s, passed) = side(pos, c, t);
        info.passed[c.index()] = passed;
        match c {
            Color::White => info.score += s,
            Color::Black => info.score -= s,
        }
    }
    info
}

#[inline(always)]
fn term<T: Tracer>(acc: &mut S, t: &mut T, idx: usize, c: Color, count: i32) {
    *acc += WEIGHTS[idx] * count;
    t.add(idx, c, count);
}

fn side<T: Tracer>(pos: &Position, c: Color, t: &mut T) -> (S, Bitboard) {
    let them = c.flip();
    let ours = pos.pieces_of(c, PieceType::Pawn);
    let theirs = pos.pieces_of(them, PieceType::Pawn);
    let our_attacks = pawn_attacks_bb(c, ours);
    let their_attacks = pawn_attacks_bb(them, theirs);
    let mut s = S::ZERO;
    let mut passed = Bitboard::EMPTY;

    for sq in ours {
        let r = c.relative_rank(sq.rank()) as usize;
        let file = sq.file();
        let ahead = forward_file(c, sq);
        let neighbours = ours & adjacent_files(file);
        let opposed = (theirs & ahead).any();
        let supported = (our_attacks & Bitboard::from_square(sq)).any();
        let phalanx = (neighbours & Bitboard::rank(sq.rank())).any();
        let stop = sq.forward(c);

        if neighbours.is_empty() {
            term(&mut s, t, PAWN_ISOLATED, c, 1);
            if !opposed {
                term(&mut s, t, PAWN_ISOLATED_OPEN, c, 1);
            }
        } else if !supported
            && (their_attacks & Bitboard::from_square(stop)).any()
            && (neighbours & behind_or_level_adjacent(c, sq)).is_empty()
        {
            // Cannot advance safely and no neighbour can come to help.
            term(&mut s, t, PAWN_BACKWARD, c, 1);
            if !opposed {
                term(&mut s, t, PAWN_BACKWARD_OPEN, c, 1);
            }
        }
        // Doubled: another own pawn ahead on the same file.
        if (ours & ahead).any() {
            term(&mut s, t, PAWN_DOUBLED, c, 1);
        }
        if supported {
            term(&mut s, t, PAWN_CONNECTED + r, c, 1);
        }
        if phalanx {
            term(&mut s, t, PAWN_PHALANX + r, c, 1);
        }

        let blockers = theirs & passed_span(c, sq);
        if blockers.is_empty() && (ours & ahead).is_empty() {
            passed = passed.with(sq);
            term(&mut s, t, PASSED_RANK + r, c, 1);
            if supported {
                term(&mut s, t, PASSED_SUPPORTED + r, c, 1);
            }
        } else if !opposed {
            // Candidate: only adjacent-file pawns stand in the way and our
            // helpers are at least as many as their guards.
            let guards = (theirs & passed_span(c, sq) & !ahead).count();
            let helpers = (neighbours & behind_or_level_adjacent(c, sq)).count();
            if helpers >= guards {
                term(&mut s, t, PAWN_CANDIDATE + r, c, 1);
            }
        }
    }
    (s, passed)
}
