//! Texel tuner: fits the evaluation weights to game results.
//!
//! Reads `FEN;result` (or `FEN;result;score`) files, sets aside a held-out
//! share, finds the scaling constant K for the current weights against the
//! results, blends the search scores into the targets (`--lambda`), then
//! runs Adam on the mean squared error of `sigmoid(K·eval/400)`, reporting
//! training and held-out loss, and the held-out loss against the results
//! alone, which stays comparable whatever the blend. Writes the new weight
//! table as Rust source. Deterministic for the same data, seed and options.

use clap::Parser;
use jiangjun::chess::Position;
use jiangjun::eval::weights::WEIGHTS;
use jiangjun_tuning::{find_k, gradient, loss, parse_line, read_data_file, render_weights, result_loss, sample, set_targets, to_floats, to_weights, Adam, Sample};
use rayon::prelude::*;
use std::time::Instant;

#[derive(Parser)]
#[command(about = "Tune the evaluation weights on self-play results")]
struct Args {
    /// Data files of `FEN;result` or `FEN;result;score` lines.
    #[arg(required = true)]
    data: Vec<String>,
    /// Where to write the tuned table.
    #[arg(long, default_value = "src/eval/weights.rs")]
    out: String,
    #[arg(long, default_value_t = 300)]
    epochs: usize,
    /// Adam learning rate (centipawns per step).
    #[arg(long, default_value_t = 1.0)]
    lr: f64,
    /// Share of positions held out for validation.
    #[arg(long, default_value_t = 0.1)]
    holdout: f64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Use this K instead of fitting it.
    #[arg(long)]
    k: Option<f64>,
    /// Use at most this many positions.
    #[arg(long)]
    limit: Option<usize>,
    /// L2 pull of every weight towards its starting value (per centipawn of
    /// deviation, in the units of the mean loss's gradient). Adam gives every
    /// weight the same step size whatever its gradient's size, so a weight that
    /// few positions touch (a knight on a8) would otherwise wander far on noise.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// The held-out split takes whole blocks of this many consecutive lines:
    /// datagen writes a game's positions together, and positions of one game
    /// on both sides of the split would hide overfitting.
    #[arg(long, default_value_t = 1000)]
    holdout_block: usize,
    /// Measure the held-out loss (and keep the best weights) every N epochs.
    #[arg(long, default_value_t = 10)]
    report_every: usize,
    /// Tune only the terms of these groups (as `eval` names them, e.g.
    /// "Pawns,Complexity"); the others keep their values. A new term
    /// can then be fitted on less data than the whole table needs.
    #[arg(long, value_delimiter = ',')]
    groups: Vec<String>,
    /// Start these groups from zero: with the group left out of `--groups`
    /// that measures the loss without the term, the baseline a new term is
    /// judged against.
    #[arg(long, value_delimiter = ',')]
    zero: Vec<String>,
    /// Weight of the game result in the target; the search score (where
    /// the data has one) gets the rest. 1: results only.
    #[arg(long, default_value_t = 1.0)]
    lambda: f64,
}

fn main() {
    let args = Args::parse();
    if !(0.0..=1.0).contains(&args.lambda) {
        eprintln!("error: --lambda must be between 0 and 1");
        std::process::exit(2);
    }
    let t0 = Instant::now();
    let mut lines = Vec::new();
    for path in &args.data {
        let text = read_data_file(path);
        lines.extend(text.lines().map(str::to_string));
    }
    if let Some(n) = args.limit {
        lines.truncate(n);
    }
    let samples: Vec<Sample> = lines
        .par_iter()
        .filter_map(|l| {
            let (fen, result, score) = parse_line(l)?;
            let pos = Position::from_fen(&fen, false).ok()?;
            sample(&pos, result, score)
        })
        .collect();
    println!("{} lines, {} usable samples, loaded in {:.1}s", lines.len(), samples.len(), t0.elapsed().as_secs_f64());
    if samples.len() < 100 {
        eprintln!("error: too little data");
        std::process::exit(2);
    }

    // Deterministic split: a seeded hash of the index decides.
    let mut train = Vec::new();
    let mut test = Vec::new();
    for (i, s) in samples.into_iter().enumerate() {
        let block = (i / args.holdout_block.max(1)) as u64;
        let h = (block ^ args.seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        if (h as f64 / (1u64 << 24) as f64) < args.holdout {
            test.push(s);
        } else {
            train.push(s);
        }
    }
    let in_groups = |names: &[String], i: usize| {
        let group = jiangjun::eval::layout::term_of(i / 2).0.group;
        names.iter().any(|g| g.trim().eq_ignore_ascii_case(group))
    };
    if let Some(g) = args.groups.iter().chain(&args.zero).find(|g| !jiangjun::eval::layout::TERMS.iter().any(|t| t.group.eq_ignore_ascii_case(g.trim()))) {
        eprintln!("error: no term group named {g:?}");
        std::process::exit(2);
    }
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
            println!("epoch {epoch}: train {tr:.6} held-out {te:.6} results {re:.6} ({:.0}s)", t0.elapsed().as_secs_f64());
            if te < best.0 {
                best = (te, w.clone(), epoch);
            }
        }
    }
    println!(
        "held-out loss {start_test:.6} -> {:.6} (best at epoch {}); writing {}",
        best.0, best.2, args.out
    );
    let weights = to_weights(&best.1);
    if let Err(e) = std::fs::write(&args.out, render_weights(&weights)) {
        eprintln!("error: cannot write {}: {e}", args.out);
        std::process::exit(2);
    }
}
