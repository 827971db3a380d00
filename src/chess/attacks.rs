//! Attack tables: leaper tables (pawn, knight, king) and fancy-magic slider
//! tables (bishop, rook), plus the between/line tables that pin and check
//! detection need.
//!
//! Every table is computed by `const fn` at compile time, so the engine has
//! no start-up cost and the hot path reads plain statics (no lazy-init check).
//! The magic multipliers were found offline by a random search (sparse random
//! numbers, verified collision-free over every occupancy subset); the
//! per-square table is then filled here at compile time and checked against
//! a ray walk by the tests below.

use super::bitboard::Bitboard;
use super::types::{Color, Square};

const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002C03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000A001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021D00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000A0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000A00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040A00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xC100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000A0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040A00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04C1002414824001,
    0x020020000B001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084C0007,
    0x0888221800813004,
    0x4000002840840112,
];
const BISHOP_MAGICS: [u64; 64] = [
    0xA010041108003100,
    0x006082020A002900,
    0x6810010619200000,
    0x08281A0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040A0210245280,
    0x000200210808A402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202C0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208B0542109008A2,
    0x0080084A08040204,
    0x0040E2A80811244C,
    0x2505022008008108,
    0x0430220100420040,
    0x010A040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000A62048043004,
    0x280120048A015004,
    0x006090002A020814,
    0x44042000240800D0,
    0x01102800040A4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500C05021,
    0x0088611002080200,
    0x0116080A00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002E00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221C0400,
    0x0422014022009020,
    0x0210046102100C00,
    0xC004008082029102,
    0x00AA461801101200,
    0x0404080080201108,
    0x020542108C205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400C0,
    0x0200100410A42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800C262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012A02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
];

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Attacks along `dirs` from `sq` stopping at (and including) the first blocker.
const fn ray_attacks(sq: usize, occ: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut att = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i8 + df;
        let mut r = (sq / 8) as i8 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let s = (r * 8 + f) as usize;
            att |= 1u64 << s;
            if occ >> s & 1 != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    att
}

/// Relevant occupancy mask: the rays without their last square.
const fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let mut m = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i8 + df;
        let mut r = (sq / 8) as i8 + dr;
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            m |= 1u64 << (r * 8 + f) as usize;
            f += df;
            r += dr;
        }
        d += 1;
    }
    m
}

#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline(always)]
    const fn index(&self, occ: u64) -> usize {
        self.offset as usize + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

const ROOK_TABLE_SIZE: usize = 102_400;
const BISHOP_TABLE_SIZE: usize = 5_248;

const fn build_magics(dirs: &[(i8, i8); 4], magics: &[u64; 64]) -> [Magic; 64] {
    let mut out = [Magic { mask: 0, magic: 0, shift: 0, offset: 0 }; 64];
    let mut offset = 0u32;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        out[sq] = Magic { mask, magic: magics[sq], shift: 64 - bits, offset };
        offset += 1 << bits;
        sq += 1;
    }
    out
}

const fn build_table<const N: usize>(dirs: &[(i8, i8); 4], magics: &[Magic; 64]) -> [Bitboard; N] {
    let mut table = [Bitboard::EMPTY; N];
    let mut sq = 0;
    while sq < 64 {
        let m = magics[sq];
        // Carry-Rippler enumeration of every subset of the mask.
        let mut sub = 0u64;
        loop {
            table[m.index(sub)] = Bitboard(ray_attacks(sq, sub, dirs));
            sub = sub.wrapping_sub(m.mask) & m.mask;
            if sub == 0 {
                break;
            }
        }
        sq += 1;
    }
    table
}

static ROOK_MAGIC: [Magic; 64] = build_magics(&ROOK_DIRS, &ROOK_MAGICS);
static BISHOP_MAGIC: [Magic; 64] = build_magics(&BISHOP_DIRS, &BISHOP_MAGICS);
static ROOK_ATTACKS: [Bitboard; ROOK_TABLE_SIZE] = build_table(&ROOK_DIRS, &build_magics(&ROOK_DIRS, &ROOK_MAGICS));
static BISHOP_ATTACKS: [Bitboard; BISHOP_TABLE_SIZE] =
    build_table(&BISHOP_DIRS, &build_magics(&BISHOP_DIRS, &BISHOP_MAGICS));

const fn leaper_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut t = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bb = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            let f = (sq % 8) as i8 + deltas[i].0;
            let r = (sq / 8) as i8 + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                bb |= 1u64 << (r * 8 + f) as usize;
            }
            i += 1;
        }
        t[sq] = Bitboard(bb);
        sq += 1;
    }
    t
}

static KNIGHT_ATTACKS: [Bitboard; 64] =
    leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING_ATTACKS: [Bitboard; 64] =
    leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// BETWEEN[a][b]: squares strictly between a and b on a shared line, else empty.
/// LINE[a][b]: the full board-edge-to-edge line through a and b, else empty.
const fn line_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if a != b {
                let (fa, ra, fb, rb) = ((a % 8) as i8, (a / 8) as i8, (b % 8) as i8, (b / 8) as i8);
                let (df, dr) = (fb - fa, rb - ra);
                let aligned = df == 0 || dr == 0 || df == dr || df == -dr;
                if aligned {
                    let sf = if df > 0 {
                        1
                    } else if df < 0 {
                        -1
                    } else {
                        0
                    };
                    let sr = if dr > 0 {
                        1
                    } else if dr < 0 {
                        -1
                    } else {
                        0
                    };
                    let mut bb = 0u64;
                    let (mut f, mut r) = (fa + sf, ra + sr);
                    while f != fb || r != rb {
                        bb |= 1u64 << (r * 8 + f) as usize;
                        f += sf;
                        r += sr;
                    }
                    between[a][b] = Bitboard(bb);
                    // Full line: walk both ways from a.
                    let mut full = 1u64 << a;
                    let (mut f, mut r) = (fa + sf, ra + sr);
                    while f >= 0 && f < 8 && r >= 0 && r < 8 {
                        full |= 1u64 << (r * 8 + f) as usize;
                        f += sf;
                        r += sr;
                    }
                    let (mut f, mut r) = (fa - sf, ra - sr);
                    while f >= 0 && f < 8 && r >= 0 && r < 8 {
                        full |= 1u64 << (r * 8 + f) as usize;
                        f -= sf;
                        r -= sr;
                    }
                    line[a][b] = Bitboard(full);
                }
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = line_tables();

#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq.index()]
}

#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][sq.index()]
}

#[inline(always)]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    BISHOP_ATTACKS[BISHOP_MAGIC[sq.index()].index(occ.0)]
}

#[inline(always)]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    ROOK_ATTACKS[ROOK_MAGIC[sq.index()].index(occ.0)]
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    bishop_attacks(sq, occ) | rook_attacks(sq, occ)
}

/// Squares strictly between `a` and `b` if they share a rank, file or diagonal.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.0[a.index()][b.index()]
}

/// The whole line through `a` and `b` (empty if they are not aligned).
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.1[a.index()][b.index()]
}

/// Set of pawn attacks of every pawn in `pawns` of `color`.
#[inline(always)]
pub fn pawn_attacks_bb(color: Color, pawns: Bitboard) -> Bitboard {
    let fwd = pawns.forward(color);
    fwd.east() | fwd.west()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rng(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn sliders_match_ray_walk_on_random_occupancies() {
        let mut s = 0x1234_5678_9abc_def1u64;
        for sq in 0..64 {
            for _ in 0..2000 {
                let occ = rng(&mut s) & rng(&mut s);
                let sqr = Square::new(sq as u8);
                assert_eq!(rook_attacks(sqr, Bitboard(occ)).0, ray_attacks(sq, occ, &ROOK_DIRS));
                assert_eq!(bishop_attacks(sqr, Bitboard(occ)).0, ray_attacks(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn table_sizes_are_exact() {
        let r: u32 = ROOK_MAGIC.iter().map(|m| 1u32 << (64 - m.shift)).sum();
        let b: u32 = BISHOP_MAGIC.iter().map(|m| 1u32 << (64 - m.shift)).sum();
        assert_eq!(r as usize, ROOK_TABLE_SIZE);
        assert_eq!(b as usize, BISHOP_TABLE_SIZE);
    }

    #[test]
    fn leapers() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(knight_attacks(Square::parse("d4").unwrap()).count(), 8);
        assert_eq!(king_attacks(Square::E1).count(), 5);
        assert_eq!(
            pawn_attacks(Color::White, Square::parse("a2").unwrap()),
            Bitboard::from_square(Square::parse("b3").unwrap())
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::parse("h7").unwrap()),
            Bitboard::from_square(Square::parse("g6").unwrap())
        );
    }

    #[test]
    fn between_and_line() {
        let (a1, h8) = (Square::A1, Square::H8);
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(line(a1, h8).count(), 8);
        assert!(between(a1, Square::parse("b3").unwrap()).is_empty());
        assert!(line(a1, Square::parse("b3").unwrap()).is_empty());
        assert_eq!(between(Square::E1, Square::H1).count(), 2);
    }
}
