//! Relabels training positions with deeper search scores.
//!
//! `datagen` scores each position with the search that played the game (a
//! few thousand nodes). Tuned on such scores the evaluation settles at the
//! fixed point of its own shallow search; a deeper search of the same
//! positions gives labels that know more than the evaluation does. Reads
//! `FEN;result;score` lines, keeps every `--every`-th, searches each for
//! `--nodes` nodes and writes `FEN;result;new score` (White's view), but only
//! for positions that are still quiet at that depth: not in check, best move
//! not a capture or promotion, no mate score. Lines are split over
//! `--threads` searches; the output keeps the input order and is written
//! batch by batch, so a run cut off keeps what it finished and `--skip`
//! resumes it.
//!
//! With `--engine PATH` another UCI engine labels the positions instead
//! (one process per thread, `go nodes N`); its scores are multiplied by
//! `--scale` to bring them to this evaluation's centipawns, and its best
//! move decides whether the position is quiet.

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use jiangjun::chess::Position;
use jiangjun::search::{Limits, SearchPool, SilentReporter};
use jiangjun_tuning::teacher::Teacher;
use jiangjun_tuning::{is_quiet_label, parse_line, read_data_file, white_view};
use std::io::Write;
use std::sync::Arc;

#[derive(Parser)]
#[command(about = "Rescore training positions with a deeper search")]
struct Args {
    /// Input file of `FEN;result;score` lines.
    input: String,
    /// Output file (overwritten).
    #[arg(long)]
    out: String,
    /// Nodes searched per position.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Keep every n-th input line (1: all).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// Stop after this many kept input lines (0: no limit).
    #[arg(long, default_value_t = 0)]
    limit: usize,
    /// Start after this many of the selected lines, appending to `--out`:
    /// resumes a run that was cut off (it prints how far it got after each
    /// batch it wrote).
    #[arg(long, default_value_t = 0)]
    skip: usize,
    /// Searches run at the same time (one thread each).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// A UCI engine that labels the positions instead of our own search.
    #[arg(long)]
    engine: Option<String>,
    /// `NAME=VALUE` sent to `--engine` as a UCI option (repeatable); Threads
    /// 1 and Hash 16 are sent first.
    #[arg(long = "engine-option")]
    engine_options: Vec<String>,
    /// Factor from the engine's centipawns to ours (see the CHANGELOG for how
    /// it was fitted).
    #[arg(long, default_value_t = 1.0)]
    scale: f64,
}

/// Who searches the positions: our own search or an external engine.
enum Labeller {
    Own(SearchPool),
    Engine(Teacher, f64),
}

/// The new label of one line, or `None` if the position is no longer quiet
/// (or the line does not parse, or the engine gave no usable answer).
fn rescore(labeller: &mut Labeller, line: &str, nodes: u64) -> Option<String> {
    let (fen, result, _) = parse_line(line)?;
    let pos = Position::from_fen(&fen, false).ok()?;
    if pos.in_check() {
        // Not a training position whatever the search says; save the search.
        return None;
    }
    let (best, score) = match labeller {
        Labeller::Own(pool) => {
            let r = pool.search_blocking(&pos, Limits::nodes(nodes), 1, Arc::new(SilentReporter));
            (r.best_move?, r.score)
        }
        Labeller::Engine(teacher, scale) => {
            let v = match teacher.search(&pos, nodes) {
                Ok(v) => v?,
                Err(e) => {
                    eprintln!("error: the labelling engine failed: {e}");
                    std::process::exit(2)
                }
            };
            // A mate score is no evaluation target: drop the position.
            (v.best, (v.score? as f64 * *scale).round() as i32)
        }
    };
    if !is_quiet_label(&pos, best, score) {
        return None;
    }
    Some(format!("{fen};{result:.1};{}\n", white_view(&pos, score)))
}

/// Input lines searched between two writes of the output file: a run cut
/// off loses at most one batch, and `--skip` resumes it.
const BATCH_PER_THREAD: usize = 2000;

fn main() {
    let args = Args::parse();
    let text = read_data_file(&args.input);
    let mut lines: Vec<&str> = text.lines().step_by(args.every.max(1)).collect();
    if args.limit > 0 {
        lines.truncate(args.limit);
    }
    let total = lines.len();
    let skip = args.skip.min(total);
    let threads = args.threads.max(1);
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions {per_sec} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_position(skip as u64);
    // A resumed run appends to what the cut-off run wrote.
    let file = if skip > 0 {
        std::fs::OpenOptions::new().append(true).open(&args.out)
    } else {
        std::fs::File::create(&args.out)
    };
    let mut file = file.unwrap_or_else(|e| {
        eprintln!("error: cannot open {}: {e}", args.out);
        std::process::exit(2)
    });
    let mut options = vec![("Threads".to_string(), "1".to_string()), ("Hash".to_string(), "16".to_string())];
    for o in &args.engine_options {
        match o.split_once('=') {
            Some((n, v)) => options.push((n.trim().to_string(), v.trim().to_string())),
            None => {
                eprintln!("error: --engine-option wants NAME=VALUE, got {o}");
                std::process::exit(2)
            }
        }
    }
    let mut labellers: Vec<Labeller> = (0..threads)
        .map(|_| match &args.engine {
            None => Labeller::Own(SearchPool::new(1, 8).expect("8 MB hash")),
            Some(path) => Labeller::Engine(
                Teacher::spawn(path, &options).unwrap_or_else(|e| {
                    eprintln!("error: cannot start {path}: {e}");
                    std::process::exit(2)
                }),
                args.scale,
            ),
        })
        .collect();
    let mut kept = 0;
    let mut done = skip;
    for batch in lines[skip..].chunks(BATCH_PER_THREAD * threads) {
        // Contiguous chunks, one per thread: consecutive lines come from the
        // same game, so each search finds its table warm from the previous one.
        let chunk = batch.len().div_ceil(threads).max(1);
        let outputs: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = batch
                .chunks(chunk)
                .zip(labellers.iter_mut())
                .map(|(part, labeller)| {
                    let (bar, nodes) = (&bar, args.nodes);
                    s.spawn(move || {
                        let mut out = String::new();
                        for line in part {
                            if let Some(l) = rescore(labeller, line, nodes) {
                                out.push_str(&l);
                            }
                            bar.inc(1);
                        }
                        out
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("rescore thread panicked")).collect()
        });
        for o in &outputs {
            kept += o.lines().count();
            if file.write_all(o.as_bytes()).is_err() {
                eprintln!("error: write to {} failed", args.out);
                std::process::exit(2);
            }
        }
        done += batch.len();
        bar.suspend(|| eprintln!("{done} of {total} input lines done (resume with --skip {done})"));
    }
    bar.finish();
    println!("{kept} of {} positions kept in {}", total - skip, args.out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_that_is_no_longer_quiet_is_dropped() {
        let mut pool = Labeller::Own(SearchPool::new(1, 1).unwrap());
        // White's queen takes the undefended rook on d8: the best move is a capture.
        let line = "3r2k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1;1.0;50";
        assert_eq!(rescore(&mut pool, line, 2000), None);
        // In check: not a quiet position either.
        let line = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1;0.0;-500";
        assert_eq!(rescore(&mut pool, line, 2000), None);
    }

    #[test]
    fn a_quiet_position_keeps_its_fen_and_result_with_a_white_view_score() {
        let mut pool = Labeller::Own(SearchPool::new(1, 1).unwrap());
        // Black to move, a queen down: the score must come back from White's view (positive).
        let line = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3;1.0;0";
        let out = rescore(&mut pool, line, 2000).expect("quiet position kept");
        let fields: Vec<&str> = out.trim_end().split(';').collect();
        assert_eq!(fields[0], "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
        assert_eq!(fields[1], "1.0");
        assert!(fields[2].parse::<i32>().unwrap() > 500, "{out}");
        // A line that does not parse is skipped, not a panic.
        assert_eq!(rescore(&mut pool, "not a fen;0.5;0", 2000), None);
    }
}
