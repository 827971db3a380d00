//! Fits the win/draw/loss model (`src/eval/wdl.rs`) to self-play results.
//!
//! Reads `FEN;result;score` lines (White's view, as `datagen` writes them;
//! or `FEN | score | result`, see `crate::data`)
//! and finds the coefficients of the two cubics, midpoint `a(m)` and width
//! `b(m)` of the win curve in the material count `m`, that maximise the
//! likelihood of the games' results. The held-out split takes whole blocks of
//! consecutive lines, so one game's positions stay on one side. It reports
//! the held-out log-loss of the model beside two baselines (the results'
//! frequencies alone, and one curve for every material count) and a table of
//! predicted against observed results by score and material, then prints
//! the coefficients or, with `--write`, rewrites the block between
//! `// BEGIN FITTED` and `// END FITTED` in the model's source file.

use crate::data::{DataFile, Record};
use crate::error::Error;
use crate::setup::{held_out, read_file, write_file};
use jiangjun::chess::Position;
use jiangjun::eval::wdl::{material_count, WdlModel, MATERIAL_MAX, MATERIAL_MIN, MATERIAL_SCALE, SCORE_CLAMP};

#[derive(clap::Args)]
#[command(about = "Fit the win/draw/loss model to self-play results")]
pub struct Args {
    /// Data files of `FEN;result;score` lines.
    pub inputs: Vec<String>,
    /// Share of the data held out to measure the fit.
    #[arg(long, default_value_t = 0.2)]
    pub holdout: f64,
    /// The held-out split takes whole blocks of this many consecutive lines.
    #[arg(long, default_value_t = 1000)]
    pub holdout_block: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Full-batch Adam steps.
    #[arg(long, default_value_t = 3000)]
    pub iterations: usize,
    /// Positions whose score is beyond this (centipawns) are left out: they
    /// are mates and tablebase wins, whose odds are not a curve's business.
    #[arg(long, default_value_t = 3000)]
    pub max_score: i32,
    /// Source file whose fitted block is rewritten (src/eval/wdl.rs).
    #[arg(long)]
    pub write: Option<String>,
}

/// Positions with one score from White's view, material count and White's
/// result (0 loss, 1 draw, 2 win), and how many there are: identical
/// samples are merged, which makes each step of the fit several times
/// faster without changing it.
#[derive(Clone, Copy)]
struct Sample {
    v: f64,
    m: f64,
    outcome: u8,
    count: f64,
}

/// Merges identical samples (see [`Sample`]).
fn merge(samples: Vec<(i32, i32, u8)>) -> Vec<Sample> {
    let mut counts = std::collections::BTreeMap::new();
    for key in samples {
        *counts.entry(key).or_insert(0u32) += 1;
    }
    counts
        .into_iter()
        .map(|((v, material, outcome), n)| Sample {
            v: v as f64,
            m: material as f64 / MATERIAL_SCALE,
            outcome,
            count: n as f64,
        })
        .collect()
}

fn total(data: &[Sample]) -> f64 {
    data.iter().map(|s| s.count).sum()
}

pub fn run(args: Args) -> Result<(), Error> {
    if args.inputs.is_empty() {
        return Err(Error::Usage("no data files given".to_string()));
    }
    let (train, test) = load(&args)?;
    println!("{} positions for fitting, {} held out", total(&train), total(&test));
    report_frequencies(&train, &test);

    let flat = fit(&train, args.iterations, false);
    let model = fit(&train, args.iterations, true);
    let base = frequency_loss(&train, &test);
    println!("held-out log-loss per position:");
    println!("  result frequencies only          {base:.5}");
    println!("  one curve for all material       {:.5}", log_loss(&flat, &test));
    println!("  curve by material (the model)    {:.5}", log_loss(&model, &test));
    println!("  the model on the fitted part     {:.5}", log_loss(&model, &train));
    calibration(&model, &test);
    let block = fitted_block(&model);
    match &args.write {
        Some(path) => write_block(path, &block)?,
        None => println!("{block}"),
    }
    Ok(())
}

/// The fitting and the held-out samples of every input file. Lines without
/// a score, malformed ones and those whose FEN does not parse are skipped;
/// they still count in the line index that places the held-out blocks.
fn load(args: &Args) -> Result<(Vec<Sample>, Vec<Sample>), Error> {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut index = 0usize;
    for path in &args.inputs {
        for record in DataFile::read(path)?.records() {
            index += 1;
            let Ok(Record { fen, result, score: Some(score) }) = record else { continue };
            if score.abs() > args.max_score {
                continue;
            }
            let Ok(pos) = Position::from_fen(fen, false) else { continue };
            let outcome = if result > 0.75 {
                2
            } else if result < 0.25 {
                0
            } else {
                1
            };
            let material = material_count(&pos).clamp(MATERIAL_MIN, MATERIAL_MAX);
            let sample = (score.clamp(-SCORE_CLAMP, SCORE_CLAMP), material, outcome);
            if held_out(index, args.holdout_block, args.seed, args.holdout) {
                test.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    if train.is_empty() || test.is_empty() {
        return Err(Error::Input("not enough positions with scores to fit and to test".to_string()));
    }
    Ok((merge(train), merge(test)))
}

fn report_frequencies(train: &[Sample], test: &[Sample]) {
    let all = train.iter().chain(test);
    let mut counts = [0f64; 3];
    for s in all {
        counts[s.outcome as usize] += s.count;
    }
    let n = total(train) + total(test);
    println!(
        "results (White's view): win {:.1}%, draw {:.1}%, loss {:.1}%",
        100.0 * counts[2] / n,
        100.0 * counts[1] / n,
        100.0 * counts[0] / n
    );
}

fn poly(c: &[f64; 4], m: f64) -> f64 {
    ((c[3] * m + c[2]) * m + c[1]) * m + c[0]
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Probabilities of White's loss, draw and win for one sample.
fn probabilities(model: &WdlModel, s: &Sample) -> [f64; 3] {
    let (a, b) = (poly(&model.a, s.m), poly(&model.b, s.m).max(1.0));
    let win = sigmoid((s.v - a) / b);
    let loss = sigmoid((-s.v - a) / b);
    [loss, (1.0 - win - loss).max(1e-9), win]
}

fn log_loss(model: &WdlModel, data: &[Sample]) -> f64 {
    let sum: f64 = data.iter().map(|s| -s.count * probabilities(model, s)[s.outcome as usize].max(1e-12).ln()).sum();
    sum / total(data)
}

/// Log-loss of predicting the fitted part's result frequencies everywhere.
fn frequency_loss(train: &[Sample], test: &[Sample]) -> f64 {
    let mut counts = [0f64; 3];
    for s in train {
        counts[s.outcome as usize] += s.count;
    }
    let p = counts.map(|c| c / total(train));
    test.iter().map(|s| -s.count * p[s.outcome as usize].ln()).sum::<f64>() / total(test)
}

/// Gradient of the mean negative log-likelihood in (a, b) at one sample.
fn sample_gradient(model: &WdlModel, s: &Sample) -> (f64, f64) {
    let (a, b) = (poly(&model.a, s.m), poly(&model.b, s.m).max(1.0));
    let win = sigmoid((s.v - a) / b);
    let loss = sigmoid((-s.v - a) / b);
    let (dwin_da, dwin_db) = (-win * (1.0 - win) / b, -win * (1.0 - win) * (s.v - a) / (b * b));
    let (dloss_da, dloss_db) = (-loss * (1.0 - loss) / b, -loss * (1.0 - loss) * (-s.v - a) / (b * b));
    let (p, dp_da, dp_db) = match s.outcome {
        2 => (win, dwin_da, dwin_db),
        0 => (loss, dloss_da, dloss_db),
        _ => (1.0 - win - loss, -dwin_da - dloss_da, -dwin_db - dloss_db),
    };
    let p = p.max(1e-12);
    (-s.count * dp_da / p, -s.count * dp_db / p)
}

/// Material counts (scaled) at which the fit holds the two cubics' values.
/// A cubic is fixed by its values at four points; Adam moves those values,
/// all in centipawns and of one size, where the coefficients themselves
/// (which cancel each other across the range) would crawl.
const NODES: [f64; 4] = [
    MATERIAL_MIN as f64 / MATERIAL_SCALE,
    30.0 / MATERIAL_SCALE,
    54.0 / MATERIAL_SCALE,
    MATERIAL_MAX as f64 / MATERIAL_SCALE,
];

/// The Lagrange basis at `m`: the weights of the four node values.
fn basis(m: f64) -> [f64; 4] {
    let mut out = [1.0; 4];
    for (k, w) in out.iter_mut().enumerate() {
        for (j, &x) in NODES.iter().enumerate() {
            if j != k {
                *w *= (m - x) / (NODES[k] - x);
            }
        }
    }
    out
}

/// The coefficients (constant first) of the cubic through `values` at the
/// nodes: Gaussian elimination on the 4x4 Vandermonde system.
fn coefficients(values: &[f64]) -> [f64; 4] {
    let mut rows: Vec<[f64; 5]> = NODES.iter().zip(values).map(|(&x, &y)| [1.0, x, x * x, x * x * x, y]).collect();
    for col in 0..4 {
        let pivot = (col..4).max_by(|&a, &b| rows[a][col].abs().total_cmp(&rows[b][col].abs())).unwrap_or(col);
        rows.swap(col, pivot);
        let pivot_row = rows[col];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (x, p) in row.iter_mut().zip(pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    [0, 1, 2, 3].map(|i| rows[i][4] / rows[i][i])
}

/// Full-batch Adam on the values of `a` and `b` at the four nodes (or one
/// value each, the same at every node, when `by_material` is off: the
/// one-curve baseline).
fn fit(data: &[Sample], iterations: usize, by_material: bool) -> WdlModel {
    // Start from a plausible curve: midpoint 2 pawns, width 1 pawn.
    let mut params = [200.0, 200.0, 200.0, 200.0, 100.0, 100.0, 100.0, 100.0];
    let (mut first, mut second) = ([0f64; 8], [0f64; 8]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let n = total(data);
    let bases: Vec<[f64; 4]> = data.iter().map(|s| basis(s.m)).collect();
    for step in 1..=iterations {
        let model = to_model(&params);
        let mut grad = [0f64; 8];
        for (s, w) in data.iter().zip(&bases) {
            let (ga, gb) = sample_gradient(&model, s);
            for k in 0..4 {
                grad[k] += ga * w[k];
                grad[4 + k] += gb * w[k];
            }
        }
        if !by_material {
            // Tied nodes: one shared value per curve.
            let (ga, gb) = (grad[..4].iter().sum::<f64>(), grad[4..].iter().sum::<f64>());
            grad = [ga, ga, ga, ga, gb, gb, gb, gb];
        }
        // Learning rate in centipawns per step, lowered towards the end so
        // the last steps settle instead of circling the optimum.
        let lr = if step < iterations * 3 / 4 { 1.0 } else { 0.1 };
        for i in 0..8 {
            let g = grad[i] / n;
            first[i] = beta1 * first[i] + (1.0 - beta1) * g;
            second[i] = beta2 * second[i] + (1.0 - beta2) * g * g;
            let m_hat = first[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = second[i] / (1.0 - beta2.powi(step as i32));
            params[i] -= lr * m_hat / (v_hat.sqrt() + 1e-12);
        }
    }
    to_model(&params)
}

/// The model whose cubics take the node values `p` (a's four, then b's).
fn to_model(p: &[f64; 8]) -> WdlModel {
    WdlModel { a: coefficients(&p[..4]), b: coefficients(&p[4..]) }
}

/// Predicted against observed expected score (White's view) by score band
/// and material band, on the held-out positions.
fn calibration(model: &WdlModel, data: &[Sample]) {
    const SCORES: [(f64, f64); 7] = [
        (-3000.0, -300.0),
        (-300.0, -150.0),
        (-150.0, -50.0),
        (-50.0, 50.0),
        (50.0, 150.0),
        (150.0, 300.0),
        (300.0, 3001.0),
    ];
    const MATERIAL: [(i32, i32); 3] = [(0, 30), (31, 55), (56, 200)];
    println!("held-out expected score, predicted / observed (positions):");
    print!("{:>14}", "score \\ mat");
    for (lo, hi) in MATERIAL {
        print!("  {:>22}", format!("{lo}-{}", hi.min(78)));
    }
    println!();
    for (slo, shi) in SCORES {
        print!("{:>14}", format!("[{slo}, {shi})"));
        for (mlo, mhi) in MATERIAL {
            let (lo, hi) = (mlo.max(MATERIAL_MIN) as f64 / MATERIAL_SCALE, mhi as f64 / MATERIAL_SCALE);
            let cell: Vec<&Sample> =
                data.iter().filter(|s| s.v >= slo && s.v < shi && s.m >= lo - 1e-9 && s.m <= hi + 1e-9).collect();
            if cell.is_empty() {
                print!("  {:>22}", "-");
                continue;
            }
            let n: f64 = cell.iter().map(|s| s.count).sum();
            let predicted: f64 = cell
                .iter()
                .map(|s| {
                    let p = probabilities(model, s);
                    s.count * (p[2] + p[1] / 2.0)
                })
                .sum::<f64>()
                / n;
            let observed: f64 = cell.iter().map(|s| s.count * s.outcome as f64 / 2.0).sum::<f64>() / n;
            print!("  {:>22}", format!("{predicted:.3} / {observed:.3} ({n})"));
        }
        println!();
    }
}

fn fitted_block(model: &WdlModel) -> String {
    let list = |c: &[f64; 4]| c.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>().join(", ");
    format!(
        "// BEGIN FITTED (rewritten by `wdlfit --write`)\n\
         /// The model fitted to self-play; see the module documentation.\n\
         pub const MODEL: WdlModel = WdlModel {{\n    a: [{}],\n    b: [{}],\n}};\n// END FITTED",
        list(&model.a),
        list(&model.b)
    )
}

fn write_block(path: &str, block: &str) -> Result<(), Error> {
    let text = read_file(path)?;
    let (Some(start), Some(end)) = (text.find("// BEGIN FITTED"), text.find("// END FITTED")) else {
        return Err(Error::Input(format!("{path} has no BEGIN FITTED / END FITTED block")));
    };
    let end = end + "// END FITTED".len();
    write_file(path, &format!("{}{}{}", &text[..start], block, &text[end..]))?;
    println!("rewrote the fitted block of {path}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_values_give_back_the_cubic() {
        let c = [284.6, -312.1, 46.0, 58.7];
        let values: Vec<f64> = NODES.iter().map(|&m| poly(&c, m)).collect();
        let back = coefficients(&values);
        for (x, y) in c.iter().zip(back) {
            assert!((x - y).abs() < 1e-6, "{c:?} -> {back:?}");
        }
        for m in [0.3, 0.7, 1.1, 1.34] {
            let by_basis: f64 = basis(m).iter().zip(&values).map(|(w, v)| w * v).sum();
            assert!((by_basis - poly(&c, m)).abs() < 1e-6);
        }
    }

    #[test]
    fn the_fit_finds_the_curve_that_made_the_data() {
        // Results drawn from a known model come back as that model.
        let truth = WdlModel { a: [150.0, 40.0, 0.0, 0.0], b: [60.0, 20.0, 0.0, 0.0] };
        let mut data = Vec::new();
        for material in (17..=78).step_by(6) {
            let m = material as f64 / MATERIAL_SCALE;
            for v in (-600..=600).step_by(25) {
                let win = truth.win_chance(v, material);
                let loss = truth.win_chance(-v, material);
                for (outcome, p) in [(2u8, win), (1, 1.0 - win - loss), (0, loss)] {
                    data.push(Sample { v: v as f64, m, outcome, count: 1000.0 * p });
                }
            }
        }
        let fitted = fit(&data, 3000, true);
        for material in [20, 40, 60, 78] {
            for v in [-300, 0, 120, 400] {
                let (a, b) = (truth.win_chance(v, material), fitted.win_chance(v, material));
                assert!((a - b).abs() < 0.01, "v {v} material {material}: {a} vs {b}");
            }
        }
    }
}
