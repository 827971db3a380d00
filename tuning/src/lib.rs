//! Texel tuning of Jiangjun's evaluation weights.
//!
//! The evaluation is linear in its weights once a position's phase and
//! endgame scale are known: `eval = (mg·phase + eg·(24-phase)·scale/128)/24`
//! with `mg = Σ cᵢ·wᵢ.mg` and `eg = Σ cᵢ·wᵢ.eg`, where the coefficients cᵢ
//! (White's uses minus Black's) come from the engine's own evaluation
//! trace. Complexity is the one non-linear part: its sum `C` (endgame
//! halves, its own coefficients) moves the endgame score `eg` by
//! `sign(eg)·max(C, -|eg|)`, and the gradient follows it through the kink.
//! The tuner fits `sigmoid(K·eval/400)` to a target by minimising the mean
//! squared error with Adam. The target is the game result, or, for data
//! that carries the search score too, a blend `λ·result + (1-λ)·
//! sigmoid(K·score/400)`: a game gives one bit for all its positions,
//! while the score is a measurement of each position on its own.
//!
//! The crate builds one binary, `tuning`, whose subcommands (`datagen`,
//! `rescore`, `texel`, `blend`, `wdlfit`) are the modules of [`cmd`]; the
//! data files they read and write are described in [`data`], their one
//! error type is [`Error`], and the setup they share is in [`setup`].

pub mod cmd;
pub mod data;
pub mod error;
pub mod setup;
pub mod teacher;

pub use error::Error;

use jiangjun::chess::{Move, Position};
use jiangjun::eval::layout::NUM_WEIGHTS;
use jiangjun::eval::score::S;
use jiangjun::eval::trace::Coefficients;
use jiangjun::eval::{evaluate_white, MAX_PHASE};
use jiangjun::search::is_mate_score;
use rayon::prelude::*;

/// One training position: sparse coefficients and what blending needs.
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: Vec<(u16, i16)>,
    pub phase: i32,
    pub scale: i32,
    /// Complexity coefficients.
    pub complexity: Vec<(u16, i16)>,
    /// Game result from White's view: 1, 0.5 or 0.
    pub result: f64,
    /// The search score (centipawns, White's view) when the data has one.
    pub score: Option<i32>,
    /// What the loss fits: the result until `set_targets` blends in the score.
    pub target: f64,
}

/// `weight·ours + (1-weight)·teacher`, rounded with ties to even: the blended
/// label `blend` writes (the rounding matches the one-off join that made the
/// first blended data, so its weights can be rebuilt).
pub fn blend_score(ours: i32, teacher: i32, weight: f64) -> i32 {
    (weight * ours as f64 + (1.0 - weight) * teacher as f64).round_ties_even() as i32
}

/// A search score (side to move's view) from White's point of view, as the
/// data files hold it.
pub fn white_view(pos: &Position, score: i32) -> i32 {
    pos.side_to_move().sign() * score
}

/// Whether a searched position earns a training line: not in check, its best
/// move neither a capture nor a promotion (the static evaluation is only
/// trusted where nothing is hanging), and no mate score. `datagen` and
/// `rescore` share this rule, so both write the same kind of position.
pub fn is_quiet_label(pos: &Position, best: Move, score: i32) -> bool {
    !pos.in_check() && best.is_quiet() && !is_mate_score(score)
}

/// Turns a position into a sample; `None` for positions decided by special
/// endgame knowledge (their score does not depend on the weights).
pub fn sample(pos: &Position, result: f64, score: Option<i32>) -> Option<Sample> {
    let mut t = Coefficients::new();
    evaluate_white(pos, &mut t);
    if t.special {
        return None;
    }
    let complexity = std::mem::take(&mut t.complexity);
    Some(Sample { features: t.sparse(), phase: t.phase, scale: t.scale, complexity, result, score, target: result })
}

/// Sets each sample's target to `lambda·result + (1-lambda)·sigmoid(K·score/400)`;
/// samples without a score keep the result.
pub fn set_targets(samples: &mut [Sample], lambda: f64, k: f64) {
    for s in samples {
        s.target = match s.score {
            Some(score) => lambda * s.result + (1.0 - lambda) * sigmoid(k, score as f64),
            None => s.result,
        };
    }
}

/// Weights as floats: index 2i is the middlegame half, 2i+1 the endgame half.
pub fn to_floats(w: &[S]) -> Vec<f64> {
    w.iter().flat_map(|s| [s.mg() as f64, s.eg() as f64]).collect()
}

pub fn to_weights(v: &[f64]) -> Vec<S> {
    v.chunks(2).map(|c| S(c[0].round() as i32, c[1].round() as i32)).collect()
}

#[inline(always)]
fn dot(features: &[(u16, i16)], w: &[f64]) -> (f64, f64) {
    let mut mg = 0.0;
    let mut eg = 0.0;
    for &(i, c) in features {
        mg += c as f64 * w[2 * i as usize];
        eg += c as f64 * w[2 * i as usize + 1];
    }
    (mg, eg)
}

/// The unblended halves of a sample's evaluation, and how the endgame half
/// responds to complexity: (mg, eg, d eg / d eg-before-complexity,
/// d eg / d C).
#[inline(always)]
fn mg_eg(s: &Sample, w: &[f64]) -> (f64, f64, f64, f64) {
    let (mg, eg) = dot(&s.features, w);
    let c = dot(&s.complexity, w).1;
    // As the engine's integer signum: no side ahead, no adjustment.
    let sign = if eg > 0.0 {
        1.0
    } else if eg < 0.0 {
        -1.0
    } else {
        0.0
    };
    if sign == 0.0 || c > -eg.abs() {
        (mg, eg + sign * c, 1.0, sign)
    } else {
        (mg, 0.0, 0.0, 0.0)
    }
}

/// The evaluation of a sample under weights `w` (continuous: no rounding).
#[inline(always)]
pub fn eval(s: &Sample, w: &[f64]) -> f64 {
    let (mg, eg, _, _) = mg_eg(s, w);
    blend(s, mg, eg)
}

#[inline(always)]
fn blend(s: &Sample, mg: f64, eg: f64) -> f64 {
    let p = s.phase as f64;
    let full = MAX_PHASE as f64;
    (mg * p + eg * (full - p) * s.scale as f64 / 128.0) / full
}

#[inline(always)]
pub fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e / 400.0).exp())
}

/// Fixed-size chunks reduced in order: results do not depend on how rayon
/// schedules the work, so a run is deterministic for given data and seed.
const CHUNK: usize = 4096;

/// Mean squared error of `sigmoid(K·eval/400)` against each sample's target.
pub fn loss(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    mean_squared_error(samples, w, k, |s| s.target)
}

/// The same error against the game results alone, whatever the targets:
/// the measure that compares runs with different blends.
pub fn result_loss(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    mean_squared_error(samples, w, k, |s| s.result)
}

fn mean_squared_error(samples: &[Sample], w: &[f64], k: f64, target: impl Fn(&Sample) -> f64 + Sync) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let parts: Vec<f64> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            chunk
                .iter()
                .map(|s| {
                    let d = target(s) - sigmoid(k, eval(s, w));
                    d * d
                })
                .sum::<f64>()
        })
        .collect();
    parts.iter().sum::<f64>() / samples.len() as f64
}

/// Gradient of `loss` with respect to every weight half.
pub fn gradient(samples: &[Sample], w: &[f64], k: f64) -> Vec<f64> {
    let n = w.len();
    let parts: Vec<Vec<f64>> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut g = vec![0.0; n];
            let full = MAX_PHASE as f64;
            for s in chunk {
                let (mg, eg, eg_factor, c_factor) = mg_eg(s, w);
                let sg = sigmoid(k, blend(s, mg, eg));
                // d/dE of (R - σ(kE/400))² = -2 (R - σ) σ (1 - σ) k / 400
                let de = -2.0 * (s.target - sg) * sg * (1.0 - sg) * k / 400.0;
                let p = s.phase as f64;
                let dmg = de * p / full;
                let deg_total = de * (full - p) * s.scale as f64 / 128.0 / full;
                let deg = deg_total * eg_factor;
                for &(i, c) in &s.complexity {
                    g[2 * i as usize + 1] += deg_total * c_factor * c as f64;
                }
                for &(i, c) in &s.features {
                    g[2 * i as usize] += dmg * c as f64;
                    g[2 * i as usize + 1] += deg * c as f64;
                }
            }
            g
        })
        .collect();
    let mut total = vec![0.0; n];
    for p in parts {
        for (t, v) in total.iter_mut().zip(p) {
            *t += v;
        }
    }
    let inv = 1.0 / samples.len().max(1) as f64;
    total.iter_mut().for_each(|v| *v *= inv);
    total
}

/// The K that best fits the current evaluation to the results (golden-section
/// search on the loss, which is unimodal in K).
pub fn find_k(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut a, mut b) = (0.1f64, 5.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - phi * (b - a);
        let d = a + phi * (b - a);
        if loss(samples, w, c) < loss(samples, w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Adam optimiser state.
pub struct Adam {
    pub lr: f64,
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    pub fn new(n: usize, lr: f64) -> Adam {
        Adam { lr, m: vec![0.0; n], v: vec![0.0; n], t: 0 }
    }

    pub fn step(&mut self, w: &mut [f64], g: &[f64]) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        const EPS: f64 = 1e-8;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for i in 0..w.len() {
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * g[i];
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * g[i] * g[i];
            let mh = self.m[i] / c1;
            let vh = self.v[i] / c2;
            w[i] -= self.lr * mh / (vh.sqrt() + EPS);
        }
    }
}

/// Renders `weights.rs` for the engine: same layout, new numbers.
pub fn render_weights(w: &[S]) -> String {
    use jiangjun::eval::layout::TERMS;
    assert_eq!(w.len(), NUM_WEIGHTS);
    let mut out = String::new();
    out.push_str("//! Evaluation weights, (middlegame, endgame) centipawns, in the order of\n");
    out.push_str("//! `layout.rs`. Written by the Texel tuner (`cargo run --release -p\n");
    out.push_str("//! jiangjun-tuning -- texel`); edit by hand only to seed a new term.\n\n");
    out.push_str("use super::layout::NUM_WEIGHTS;\nuse super::score::S;\n\n#[rustfmt::skip]\n");
    out.push_str("pub static WEIGHTS: [S; NUM_WEIGHTS] = [\n");
    let mut i = 0;
    for term in TERMS {
        out.push_str(&format!("    // {}\n", term.name));
        for row in w[i..i + term.len].chunks(8) {
            let cells: Vec<String> = row.iter().map(|s| format!("S({}, {}),", s.mg(), s.eg())).collect();
            out.push_str(&format!("    {}\n", cells.join(" ")));
        }
        i += term.len;
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun::eval::weights::WEIGHTS;

    fn tiny_set() -> Vec<Sample> {
        let data = [
            ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 0.5),
            ("4k3/8/3P4/8/8/8/R7/4K3 w - - 0 1", 1.0),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0.5),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0.0),
            ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1.0),
            ("rnbqkb1r/pp2pppp/5n2/2pp4/3P4/2P2N2/PP2PPPP/RNBQKB1R b KQkq - 0 4", 0.0),
        ];
        data.iter().filter_map(|(f, r)| sample(&Position::from_fen(f, false).unwrap(), *r, None)).collect()
    }

    /// A rook ending a pawn up with every pawn on one wing: complexity pulls
    /// the endgame score towards zero.
    const ENDGAME: &str = "r5k1/5ppp/8/8/8/8/4PPPP/R5K1 w - - 0 1";

    #[test]
    fn blended_scores_weigh_both_labels_and_round_ties_to_even() {
        assert_eq!(blend_score(100, 200, 0.5), 150);
        assert_eq!(blend_score(100, 200, 0.3), 170);
        assert_eq!(blend_score(-100, 200, 1.0), -100);
        assert_eq!(blend_score(-100, 200, 0.0), 200);
        // Halves go to the even neighbour, as Python's round() does.
        assert_eq!(blend_score(1, 2, 0.5), 2);
        assert_eq!(blend_score(2, 3, 0.5), 2);
        assert_eq!(blend_score(-1, -2, 0.5), -2);
        assert_eq!(blend_score(-3, 0, 0.5), -2);
    }

    #[test]
    fn float_eval_matches_engine_eval() {
        let w = to_floats(&WEIGHTS);
        for fen in ["r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ENDGAME] {
            let pos = Position::from_fen(fen, false).unwrap();
            let s = sample(&pos, 0.5, None).unwrap();
            let engine = evaluate_white(&pos, &mut jiangjun::eval::trace::NoTrace);
            assert!((eval(&s, &w) - engine as f64).abs() <= 1.0, "{} vs {engine}", eval(&s, &w));
        }
    }

    /// The analytic gradient agrees with central finite differences.
    #[test]
    fn gradient_matches_finite_differences() {
        let samples = tiny_set();
        assert!(samples.len() >= 5);
        let w = to_floats(&WEIGHTS);
        let k = 1.1;
        let g = gradient(&samples, &w, k);
        let mut checked = 0;
        for i in 0..w.len() {
            if g[i] == 0.0 {
                continue;
            }
            let h = 1e-3;
            let mut wp = w.clone();
            wp[i] += h;
            let mut wm = w.clone();
            wm[i] -= h;
            let fd = (loss(&samples, &wp, k) - loss(&samples, &wm, k)) / (2.0 * h);
            let tol = 1e-6 + 1e-3 * fd.abs().max(g[i].abs());
            assert!((fd - g[i]).abs() <= tol, "weight {i}: analytic {} finite {}", g[i], fd);
            checked += 1;
        }
        assert!(checked > 50, "only {checked} weights used by the tiny set");
        use jiangjun::eval::layout::{COMPLEXITY_BASE, COMPLEXITY_PAWNS};
        let complexity_checked = (COMPLEXITY_PAWNS..=COMPLEXITY_BASE).filter(|&i| g[2 * i + 1] != 0.0).count();
        assert!(complexity_checked >= 3, "complexity gradient reached only {complexity_checked} weights");
    }

    #[test]
    fn adam_reduces_the_loss() {
        let samples = tiny_set();
        let mut w = to_floats(&WEIGHTS);
        let k = 1.0;
        let before = loss(&samples, &w, k);
        let mut adam = Adam::new(w.len(), 1.0);
        for _ in 0..50 {
            let g = gradient(&samples, &w, k);
            adam.step(&mut w, &g);
        }
        assert!(loss(&samples, &w, k) < before);
    }

    #[test]
    fn rendered_weights_round_trip_the_layout() {
        let text = render_weights(&WEIGHTS);
        assert_eq!(text.matches("S(").count(), NUM_WEIGHTS);
        assert!(text.contains("// PIECE_VALUE") && text.contains("// TEMPO"));
    }

    /// The blended target: the result at lambda 1, the score's win chance at
    /// lambda 0, and the result alone where the data has no score.
    #[test]
    fn targets_blend_result_and_score() {
        let pos = Position::from_fen("4k3/8/3P4/8/8/8/R7/4K3 w - - 0 1", false).unwrap();
        let mut v = vec![
            sample(&pos, 1.0, Some(0)).unwrap(),
            sample(&pos, 0.0, Some(400)).unwrap(),
            sample(&pos, 1.0, None).unwrap(),
        ];
        set_targets(&mut v, 1.0, 1.0);
        assert_eq!([v[0].target, v[1].target, v[2].target], [1.0, 0.0, 1.0]);
        set_targets(&mut v, 0.0, 1.0);
        assert!((v[0].target - 0.5).abs() < 1e-12);
        assert!((v[1].target - 1.0 / (1.0 + (-1.0f64).exp())).abs() < 1e-12);
        assert_eq!(v[2].target, 1.0);
        set_targets(&mut v, 0.5, 1.0);
        assert!((v[0].target - 0.75).abs() < 1e-12);
        let w = to_floats(&WEIGHTS);
        let by_result = result_loss(&v, &w, 1.0);
        set_targets(&mut v, 1.0, 1.0);
        assert_eq!(loss(&v, &w, 1.0), by_result, "result_loss measures against the results");
    }
}
