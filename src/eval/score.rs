//! A middlegame/endgame score pair. Every evaluation term has one; the two
//! halves are blended by game phase at the end (tapered evaluation).
//!
//! Both halves are packed in one `i32` (endgame in the high 16 bits), as in
//! Stockfish: the evaluation adds hundreds of these per call, and one
//! integer add or multiply does the work of two. Each half must stay within
//! `i16`, which the evaluation's sums do by a wide margin (a side's whole
//! material is under 10,000).

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct S {
    packed: i32,
}

/// Builds a score from its middlegame and endgame halves. A function with
/// the type's name keeps `S(mg, eg)` reading like a pair in `weights.rs`.
#[allow(non_snake_case)]
#[inline(always)]
pub const fn S(mg: i32, eg: i32) -> S {
    debug_assert!(mg >= i16::MIN as i32 && mg <= i16::MAX as i32);
    debug_assert!(eg >= i16::MIN as i32 && eg <= i16::MAX as i32);
    S { packed: (eg << 16).wrapping_add(mg) }
}

impl S {
    pub const ZERO: S = S(0, 0);

    #[inline(always)]
    pub const fn mg(self) -> i32 {
        self.packed as i16 as i32
    }

    /// The low half borrows one from the high half when it is negative;
    /// adding 0x8000 before the shift gives it back.
    #[inline(always)]
    pub const fn eg(self) -> i32 {
        (self.packed.wrapping_add(0x8000) >> 16) as i16 as i32
    }
}

impl fmt::Debug for S {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "S({}, {})", self.mg(), self.eg())
    }
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S { packed: self.packed + o.packed }
    }
}

impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S { packed: self.packed - o.packed }
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        self.packed += o.packed;
    }
}

impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        self.packed -= o.packed;
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S { packed: self.packed * k }
    }
}

impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S { packed: -self.packed }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packing keeps both halves exact through every operation the
    /// evaluation uses, whatever their signs.
    #[test]
    fn halves_survive_arithmetic() {
        let vals = [-3000, -257, -1, 0, 1, 255, 256, 3000];
        for &a in &vals {
            for &b in &vals {
                let s = S(a, b);
                assert_eq!((s.mg(), s.eg()), (a, b));
                for &c in &vals {
                    for &d in &vals {
                        let t = S(c, d);
                        assert_eq!(((s + t).mg(), (s + t).eg()), (a + c, b + d));
                        assert_eq!(((s - t).mg(), (s - t).eg()), (a - c, b - d));
                    }
                }
                for k in [-7, -1, 0, 1, 5] {
                    assert_eq!(((s * k).mg(), (s * k).eg()), (a * k, b * k));
                }
                assert_eq!(((-s).mg(), (-s).eg()), (-a, -b));
            }
        }
    }
}
