//! Zobrist hashing keys, generated at compile time from a fixed-seed PRNG so
//! that keys (and therefore `bench` node counts) are identical on every build.

use super::rng::splitmix;
use super::types::{CastlingRights, Piece, Square};

pub struct Keys {
    pub piece_square: [[u64; 64]; 12],
    /// One key per castling-rights *set* (16), each the XOR of the keys of its
    /// rights, so that updating rights is a single XOR of two table entries.
    pub castling: [u64; 16],
    pub ep_file: [u64; 8],
    pub side: u64,
}

const fn build() -> Keys {
    let mut state = 0x4A49_414E_474A_554Eu64; // "JIANGJUN"
    let mut piece_square = [[0u64; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            let (ns, v) = splitmix(state);
            state = ns;
            piece_square[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let mut rights = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (ns, v) = splitmix(state);
        state = ns;
        rights[i] = v;
        i += 1;
    }
    let mut castling = [0u64; 16];
    let mut set = 0;
    while set < 16 {
        let mut k = 0u64;
        let mut b = 0;
        while b < 4 {
            if set >> b & 1 != 0 {
                k ^= rights[b];
            }
            b += 1;
        }
        castling[set] = k;
        set += 1;
    }
    let mut ep_file = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        let (ns, v) = splitmix(state);
        state = ns;
        ep_file[f] = v;
        f += 1;
    }
    let (_, side) = splitmix(state);
    Keys { piece_square, castling, ep_file, side }
}

pub static KEYS: Keys = build();

#[inline(always)]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    KEYS.piece_square[piece.index()][sq.index()]
}

#[inline(always)]
pub fn castling(rights: CastlingRights) -> u64 {
    KEYS.castling[rights.index()]
}

#[inline(always)]
pub fn ep_file(file: u8) -> u64 {
    KEYS.ep_file[file as usize]
}

#[inline(always)]
pub fn side() -> u64 {
    KEYS.side
}
