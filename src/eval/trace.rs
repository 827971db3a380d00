//! Tracing the evaluation: the same code that scores a position can report,
//! for each weight, how many times each side used it. The engine uses the
//! no-op tracer (compiled away); the Texel tuner and the `eval` command use
//! `Coefficients`, so tuning and display can never drift from what the
//! engine actually computes.

use super::layout::NUM_WEIGHTS;
use crate::chess::Color;

pub trait Tracer {
    const ACTIVE: bool;
    fn add(&mut self, index: usize, color: Color, count: i32);
    /// The position was scored by special endgame knowledge, not by the
    /// weights (the tuner skips such positions).
    fn special(&mut self) {}
    fn scale(&mut self, _scale: i32) {}
    fn phase(&mut self, _phase: i32) {}
    /// A complexity weight used `count` times (not part of the linear score).
    fn complexity(&mut self, _index: usize, _count: i32) {}
    /// The endgame adjustment complexity made (White's view).
    fn complexity_score(&mut self, _eg: i32) {}
}

pub struct NoTrace;

impl Tracer for NoTrace {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn add(&mut self, _: usize, _: Color, _: i32) {}
}

/// Per-weight use counts for White and Black, plus the blend inputs.
#[derive(Clone)]
pub struct Coefficients {
    pub white: Vec<i32>,
    pub black: Vec<i32>,
    pub phase: i32,
    /// Endgame scale, 0..=128.
    pub scale: i32,
    pub special: bool,
    /// Complexity weight uses: (index, count).
    pub complexity: Vec<(u16, i16)>,
    pub complexity_score: i32,
}

impl Coefficients {
    pub fn new() -> Coefficients {
        Coefficients {
            white: vec![0; NUM_WEIGHTS],
            black: vec![0; NUM_WEIGHTS],
            phase: 0,
            scale: 128,
            special: false,
            complexity: Vec::new(),
            complexity_score: 0,
        }
    }

    /// Non-zero (index, white - black) pairs: what a linear evaluation needs.
    pub fn sparse(&self) -> Vec<(u16, i16)> {
        (0..NUM_WEIGHTS)
            .filter_map(|i| {
                let d = self.white[i] - self.black[i];
                (d != 0).then_some((i as u16, d.clamp(i16::MIN as i32, i16::MAX as i32) as i16))
            })
            .collect()
    }
}

impl Default for Coefficients {
    fn default() -> Self {
        Self::new()
    }
}

impl Tracer for Coefficients {
    const ACTIVE: bool = true;
    #[inline(always)]
    fn add(&mut self, index: usize, color: Color, count: i32) {
        match color {
            Color::White => self.white[index] += count,
            Color::Black => self.black[index] += count,
        }
    }
    fn special(&mut self) {
        self.special = true;
    }
    fn scale(&mut self, scale: i32) {
        self.scale = scale;
    }
    fn phase(&mut self, phase: i32) {
        self.phase = phase;
    }
    fn complexity(&mut self, index: usize, count: i32) {
        self.complexity.push((index as u16, count.clamp(i16::MIN as i32, i16::MAX as i32) as i16));
    }
    fn complexity_score(&mut self, eg: i32) {
        self.complexity_score = eg;
    }
}
