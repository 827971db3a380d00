//! Texel tuner: fits the evaluation weights to game results.
//!
//! Reads `FEN;result` (or `FEN;result;score`) files, or the common
//! `FEN | score | result` form (`crate::data`), sets aside a held-out
//! share, finds the scaling constant K for the current weights against the
//! results, blends the search scores into the targets (`--lambda`), then
//! runs Adam on the mean squared error of `sigmoid(K·eval/400)`, reporting
//! training and held-out loss, and the held-out loss against the results
//! alone, which stays comparable whatever the blend. Writes the new weight
//! table as Rust source. Deterministic for the same data, seed and options.

use crate::data::{DataFile, Line};
use crate::error::Error;
use crate::setup::{held_out, write_file};
use crate::{
    find_k, gradient, loss, render_weights, result_loss, sample, set_targets, to_floats, to_weights, Adam, Sample,
};
use jiangjun::chess::Position;
use jiangjun::eval::layout::{term_of, TERMS};
use jiangjun::eval::weights::WEIGHTS;
use rayon::prelude::*;
use std::time::Instant;

#[derive(clap::Args)]
#[command(about = "Tune the evaluation weights on self-play results")]
pub struct Args {
    /// Data files of `FEN;result` or `FEN;result;score` lines (or
    /// `FEN | score | result`).
    #[arg(required = true)]
    pub data: Vec<String>,
    /// Where to write the tuned table.
    #[arg(long, default_value = "src/eval/weights.rs")]
    pub out: String,
    #[arg(long, default_value_t = 300)]
    pub epochs: usize,
    /// Adam learning rate (centipawns per step).
    #[arg(long, default_value_t = 1.0)]
    pub lr: f64,
    /// Share of positions held out for validation.
    #[arg(long, default_value_t = 0.1)]
    pub holdout: f64,
    /// Validate on these files instead of a share of the data (`--holdout`
    /// is then not used and every position of `data` trains): one fixed
    /// held-out set makes fits on different amounts of data comparable.
    #[arg(long)]
    pub test: Vec<String>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Use this K instead of fitting it.
    #[arg(long)]
    pub k: Option<f64>,
    /// Use at most this many positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// L2 pull of every weight towards its starting value (per centipawn of
    /// deviation, in the units of the mean loss's gradient). Adam gives every
    /// weight the same step size whatever its gradient's size, so a weight that
    /// few positions touch (a knight on a8) would otherwise wander far on noise.
    #[arg(long, default_value_t = 0.0)]
    pub l2: f64,
    /// The held-out split takes whole blocks of this many consecutive lines:
    /// datagen writes a game's positions together, and positions of one game
    /// on both sides of the split would hide overfitting.
    #[arg(long, default_value_t = 1000)]
    pub holdout_block: usize,
    /// Measure the held-out loss (and keep the best weights) every N epochs.
    #[arg(long, default_value_t = 10)]
    pub report_every: usize,
    /// Tune only the terms of these groups (as `eval` names them, e.g.
    /// "Pawns,Complexity"); the others keep their values. A new term
    /// can then be fitted on less data than the whole table needs.
    #[arg(long, value_delimiter = ',')]
    pub groups: Vec<String>,
    /// Start these groups from zero: with the group left out of `--groups`
    /// that measures the loss without the term, the baseline a new term is
    /// judged against.
    #[arg(long, value_delimiter = ',')]
    pub zero: Vec<String>,
    /// Weight of the game result in the target; the search score (where
    /// the data has one) gets the rest. 1: results only.
    #[arg(long, default_value_t = 1.0)]
    pub lambda: f64,
}

pub fn run(args: Args) -> Result<(), Error> {
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(Error::Usage("--lambda must be between 0 and 1".to_string()));
    }
    if let Some(g) =
        args.groups.iter().chain(&args.zero).find(|g| !TERMS.iter().any(|t| t.group.eq_ignore_ascii_case(g.trim())))
    {
        return Err(Error::Usage(format!("no term group named {g:?}")));
    }
    let t0 = Instant::now();
    let samples = load_samples(&args.data, args.limit)?;
    println!("{} usable samples, loaded in {:.1}s", samples.len(), t0.elapsed().as_secs_f64());
    if samples.len() < 100 {
        return Err(Error::Input(format!("too little data: {} usable samples, at least 100 needed", samples.len())));
    }

    let (mut train, mut test) = if args.test.is_empty() {
        // Deterministic split: a seeded hash of the index decides.
        let mut train = Vec::new();
        let mut test = Vec::new();
        for (i, s) in samples.into_iter().enumerate() {
            if held_out(i, args.holdout_block, args.seed, args.holdout) {
                test.push(s);
            } else {
                train.push(s);
            }
        }
        (train, test)
    } else {
        let test = load_samples(&args.test, None)?;
        println!("{} held-out samples from {}", test.len(), args.test.join(", "));
        if test.is_empty() {
            return Err(Error::Input("the --test files hold no usable samples".to_string()));
        }
        (samples, test)
    };
    let in_groups = |names: &[String], i: usize| {
        let group = term_of(i / 2).0.group;
        names.iter().any(|g| g.trim().eq_ignore_ascii_case(group))
    };
    let mut w = to_floats(&WEIGHTS);
    for (i, wi) in w.iter_mut().enumerate() {
        if in_groups(&args.zero, i) {
            *wi = 0.0;
        }
    }
    let w0 = w.clone();
    let k = args.k.unwrap_or_else(|| find_k(&train, &w));
    println!("K = {k:.4}");
    set_targets(&mut train, args.lambda, k);
    set_targets(&mut test, args.lambda, k);
    let scored = train.iter().chain(&test).filter(|s| s.score.is_some()).count();
    println!("{scored} samples with a search score, lambda {}", args.lambda);
    let start_train = loss(&train, &w, k);
    let start_test = loss(&test, &w, k);
    let start_results = result_loss(&test, &w, k);
    println!("epoch 0: train {start_train:.6} held-out {start_test:.6} results {start_results:.6}");

    let frozen: Vec<bool> = (0..w.len()).map(|i| !args.groups.is_empty() && !in_groups(&args.groups, i)).collect();
    let mut adam = Adam::new(w.len(), args.lr);
    let mut best = (start_test, w.clone(), 0);
    for epoch in 1..=args.epochs {
        let mut g = gradient(&train, &w, k);
        for (((gi, wi), oi), &f) in g.iter_mut().zip(&w).zip(&w0).zip(&frozen) {
            *gi = if f { 0.0 } else { *gi + args.l2 * (wi - oi) };
        }
        adam.step(&mut w, &g);
        if epoch % args.report_every.max(1) == 0 || epoch == args.epochs {
            let tr = loss(&train, &w, k);
            let te = loss(&test, &w, k);
            let re = result_loss(&test, &w, k);
            println!(
                "epoch {epoch}: train {tr:.6} held-out {te:.6} results {re:.6} ({:.0}s)",
                t0.elapsed().as_secs_f64()
            );
            if te < best.0 {
                best = (te, w.clone(), epoch);
            }
        }
    }
    println!("held-out loss {start_test:.6} -> {:.6} (best at epoch {}); writing {}", best.0, best.2, args.out);
    let weights = to_weights(&best.1);
    write_file(&args.out, &render_weights(&weights))
}

/// The usable samples of some data files, at most `limit` lines of them in
/// file order; lines that are malformed or whose FEN does not parse are
/// skipped.
fn load_samples(paths: &[String], limit: Option<usize>) -> Result<Vec<Sample>, Error> {
    let files = DataFile::read_all(paths)?;
    let mut lines: Vec<Line> = files.iter().flat_map(|f| f.lines()).collect();
    if let Some(n) = limit {
        lines.truncate(n);
    }
    Ok(lines
        .par_iter()
        .filter_map(|l| {
            let r = l.record().ok()?;
            let pos = Position::from_fen(r.fen, false).ok()?;
            sample(&pos, r.result, r.score)
        })
        .collect())
}
