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
//! move decides whether the position is quiet. An engine that does not
//! answer within `--engine-timeout` seconds (each step of its handshake, each
//! position's search) or that exits is killed and the run stops with an
//! error; the batches written before stay, and `--skip` resumes after them.
//!
//! The input may be in either form `crate::data` describes; the output is
//! in the project's own form.

use crate::data::{format_line, DataFile, Line};
use crate::error::Error;
use crate::setup::{append, create, on_threads, own_search, progress_bar, write_all};
use crate::teacher::{Teacher, Verdict};
use crate::{is_quiet_label, white_view};
use jiangjun::chess::Position;
use jiangjun::search::{Limits, SearchPool, SilentReporter};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args)]
#[command(about = "Rescore training positions with a deeper search")]
pub struct Args {
    /// Input file of `FEN;result;score` lines (or `FEN | score | result`).
    pub input: String,
    /// Output file (overwritten).
    #[arg(long)]
    pub out: String,
    /// Nodes searched per position.
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// Keep every n-th input line (1: all).
    #[arg(long, default_value_t = 1)]
    pub every: usize,
    /// Stop after this many kept input lines (0: no limit).
    #[arg(long, default_value_t = 0)]
    pub limit: usize,
    /// Start after this many of the selected lines, appending to `--out`:
    /// resumes a run that was cut off (it prints how far it got after each
    /// batch it wrote).
    #[arg(long, default_value_t = 0)]
    pub skip: usize,
    /// Searches run at the same time (one thread each).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// A UCI engine that labels the positions instead of our own search.
    #[arg(long)]
    pub engine: Option<String>,
    /// `NAME=VALUE` sent to `--engine` as a UCI option (repeatable); Threads
    /// 1 and Hash 16 are sent first.
    #[arg(long = "engine-option")]
    pub engine_options: Vec<String>,
    /// Factor from the engine's centipawns to ours (see
    /// `docs/experiments/evaluation.md` for how it was fitted).
    #[arg(long, default_value_t = 1.0)]
    pub scale: f64,
    /// Seconds `--engine` gets for each answer of its handshake (`uciok`,
    /// `readyok`) and for each position's `bestmove` (the search of
    /// `--nodes` nodes must fit in it); an engine that does not answer in
    /// time is killed and the run stops with an error.
    #[arg(long, default_value_t = 30.0, value_name = "SECS")]
    pub engine_timeout: f64,
}

/// Who searches the positions: our own search or an external engine.
enum Labeller {
    Own(SearchPool),
    Engine(Teacher, f64),
}

/// The new label of one line, or `None` if the position is no longer quiet
/// (or the line does not parse, or the engine gave no usable answer); an
/// error when the engine fails.
fn rescore(labeller: &mut Labeller, line: &Line, nodes: u64) -> Result<Option<String>, Error> {
    // Malformed lines are skipped, as every subcommand skips them.
    let Ok(record) = line.record() else { return Ok(None) };
    let Ok(pos) = Position::from_fen(record.fen, false) else { return Ok(None) };
    if pos.in_check() {
        // Not a training position whatever the search says; save the search.
        return Ok(None);
    }
    let (best, score) = match labeller {
        Labeller::Own(pool) => {
            let r = pool.search_blocking(&pos, Limits::nodes(nodes), 1, Arc::new(SilentReporter));
            let Some(best) = r.best_move else { return Ok(None) };
            (best, r.score)
        }
        Labeller::Engine(teacher, scale) => {
            // A mate score is no evaluation target: drop the position.
            let Some(Verdict { score: Some(score), best }) = teacher.search(&pos, nodes)? else { return Ok(None) };
            (best, (score as f64 * *scale).round() as i32)
        }
    };
    if !is_quiet_label(&pos, best, score) {
        return Ok(None);
    }
    Ok(Some(format_line(record.fen, record.result, white_view(&pos, score))))
}

/// Input lines searched between two writes of the output file: a run cut
/// off loses at most one batch, and `--skip` resumes it.
const BATCH_PER_THREAD: usize = 2000;

/// The `--engine-option` flags as `(name, value)` pairs, after Threads 1
/// and Hash 16.
fn engine_options(flags: &[String]) -> Result<Vec<(String, String)>, Error> {
    let mut options = vec![("Threads".to_string(), "1".to_string()), ("Hash".to_string(), "16".to_string())];
    for o in flags {
        let (n, v) =
            o.split_once('=').ok_or_else(|| Error::Usage(format!("--engine-option wants NAME=VALUE, got {o}")))?;
        options.push((n.trim().to_string(), v.trim().to_string()));
    }
    Ok(options)
}

pub fn run(args: Args) -> Result<(), Error> {
    let options = engine_options(&args.engine_options)?;
    let timeout = Duration::try_from_secs_f64(args.engine_timeout).ok().filter(|t| !t.is_zero()).ok_or_else(|| {
        Error::Usage(format!("--engine-timeout wants a positive number of seconds, got {}", args.engine_timeout))
    })?;
    let input = DataFile::read(&args.input)?;
    let mut lines: Vec<Line> = input.lines().step_by(args.every.max(1)).collect();
    if args.limit > 0 {
        lines.truncate(args.limit);
    }
    let total = lines.len();
    let skip = args.skip.min(total);
    let threads = args.threads.max(1);
    let bar = progress_bar(total as u64, "{bar:40} {pos}/{len} positions {per_sec} eta {eta}");
    bar.set_position(skip as u64);
    // A resumed run appends to what the cut-off run wrote.
    let mut file = if skip > 0 { append(&args.out, false)? } else { create(&args.out)? };
    let mut labellers: Vec<Labeller> = (0..threads)
        .map(|_| match &args.engine {
            None => own_search(8).map(Labeller::Own),
            Some(path) => Teacher::spawn(path, &options, timeout).map(|t| Labeller::Engine(t, args.scale)),
        })
        .collect::<Result<_, _>>()?;
    // Set when a worker fails: the others stop at once (the batch is lost).
    let failed = AtomicBool::new(false);
    let mut kept = 0;
    let mut done = skip;
    for batch in lines[skip..].chunks(BATCH_PER_THREAD * threads) {
        // Contiguous chunks, one per thread: consecutive lines come from the
        // same game, so each search finds its table warm from the previous one.
        let chunk = batch.len().div_ceil(threads).max(1);
        let outputs = on_threads(batch.chunks(chunk).zip(labellers.iter_mut()), |(part, labeller)| {
            let mut out = String::new();
            for line in part {
                if failed.load(Ordering::Relaxed) {
                    break;
                }
                match rescore(labeller, line, args.nodes) {
                    Ok(Some(l)) => out.push_str(&l),
                    Ok(None) => {}
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                }
                bar.inc(1);
            }
            Ok(out)
        });
        let outputs = outputs.inspect_err(|_| {
            bar.abandon();
            eprintln!("stopped after {done} of {total} input lines (resume with --skip {done})");
        })?;
        for o in &outputs {
            kept += o.lines().count();
            write_all(&mut file, &args.out, o)?;
        }
        done += batch.len();
        bar.suspend(|| eprintln!("{done} of {total} input lines done (resume with --skip {done})"));
    }
    bar.finish();
    println!("{kept} of {} positions kept in {}", total - skip, args.out);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Line<'_> {
        Line { path: "test", number: 1, text }
    }

    #[test]
    fn a_position_that_is_no_longer_quiet_is_dropped() {
        let mut pool = Labeller::Own(SearchPool::new(1, 1).unwrap());
        // White's queen takes the undefended rook on d8: the best move is a capture.
        let l = line("3r2k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1;1.0;50");
        assert_eq!(rescore(&mut pool, &l, 2000).unwrap(), None);
        // In check: not a quiet position either.
        let l = line("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1;0.0;-500");
        assert_eq!(rescore(&mut pool, &l, 2000).unwrap(), None);
    }

    #[test]
    fn a_quiet_position_keeps_its_fen_and_result_with_a_white_view_score() {
        let mut pool = Labeller::Own(SearchPool::new(1, 1).unwrap());
        // Black to move, a queen down: the score must come back from White's view (positive).
        let fen = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3";
        for text in [format!("{fen};1.0;0"), format!("{fen} | 0 | 1-0")] {
            let out = rescore(&mut pool, &line(&text), 2000).unwrap().expect("quiet position kept");
            let fields: Vec<&str> = out.trim_end().split(';').collect();
            assert_eq!(fields[0], fen);
            assert_eq!(fields[1], "1.0");
            assert!(fields[2].parse::<i32>().unwrap() > 500, "{out}");
        }
        // A line that does not parse is skipped, not a panic.
        assert_eq!(rescore(&mut pool, &line("not a fen;0.5;0"), 2000).unwrap(), None);
        assert_eq!(rescore(&mut pool, &line("garbage"), 2000).unwrap(), None);
    }

    #[test]
    fn engine_options_want_name_and_value() {
        let o = engine_options(&["Skill Level = 5".to_string()]).unwrap();
        assert_eq!(o[2], ("Skill Level".to_string(), "5".to_string()));
        assert!(matches!(engine_options(&["Hash".to_string()]), Err(Error::Usage(_))));
    }

    /// A teacher that answers the handshake but never `bestmove` stops the
    /// run with an error after `--engine-timeout`, not a hang.
    #[cfg(unix)]
    #[test]
    fn a_mute_teacher_ends_the_run_with_an_error() {
        let dir = std::env::temp_dir();
        let input = dir.join(format!("jiangjun-rescore-in-{}.txt", std::process::id()));
        let out = dir.join(format!("jiangjun-rescore-out-{}.txt", std::process::id()));
        std::fs::write(&input, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.5;30\n").unwrap();
        let script = "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo uciok ;;\n    isready) echo readyok ;;\n  esac\ndone\n";
        let begin = std::time::Instant::now();
        let result = crate::teacher::fake::with_engine("rescore-mute", script, |engine| {
            run(Args {
                input: input.to_string_lossy().into_owned(),
                out: out.to_string_lossy().into_owned(),
                nodes: 1000,
                every: 1,
                limit: 0,
                skip: 0,
                threads: 1,
                engine: Some(engine.to_string()),
                engine_options: Vec::new(),
                scale: 1.0,
                engine_timeout: 1.0,
            })
        });
        assert!(begin.elapsed() < Duration::from_secs(10), "took {:?}", begin.elapsed());
        match result {
            Err(Error::Engine(message)) => assert!(message.contains("`bestmove`"), "{message}"),
            Err(e) => panic!("expected an engine error, got {e}"),
            Ok(()) => panic!("a mute engine labelled the data"),
        }
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "", "nothing written for the lost batch");
        let _ = std::fs::remove_file(input);
        let _ = std::fs::remove_file(out);
    }
}
