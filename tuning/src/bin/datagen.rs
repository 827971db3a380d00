//! Self-play data generation for the Texel tuner.
//!
//! Games start from a random book position (EPD, e.g. noob_2moves.epd) plus
//! a few random legal moves, then both sides search a fixed number of nodes
//! per move. Games end only by the rules (mate, stalemate, threefold
//! repetition, 50-move rule, insufficient material). Quiet positions (not in
//! check, best move not a capture or promotion, no mate score) are written as
//! `FEN;result` with the result from White's view.
//!
//! Output is appended game by game, so a stopped run can be resumed: the
//! existing positions are counted and generation continues until the target.

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use jiangjun::chess::{Color, Outcome, Position};
use jiangjun::search::{is_mate_score, Limits, SearchPool, SilentReporter};
use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

#[derive(Parser)]
#[command(about = "Generate self-play training positions for the Texel tuner")]
struct Args {
    /// Output file (appended to; existing positions count towards --positions).
    #[arg(long, default_value = "tuning/data/selfplay.txt")]
    out: String,
    /// Stop once the file holds this many positions.
    #[arg(long, default_value_t = 1_000_000)]
    positions: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 6000)]
    nodes: u64,
    /// Games played at the same time (one search thread each).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Opening book (EPD, one position per line).
    #[arg(long, default_value = "../shared/data/noob_2moves.epd")]
    book: String,
    /// Random legal moves played after the book position.
    #[arg(long, default_value_t = 4)]
    random_plies: usize,
    /// Positions of each game's first plies are not written.
    #[arg(long, default_value_t = 8)]
    skip_plies: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// xorshift64*: small, seedable, good enough for choosing openings.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn count_lines(path: &str) -> u64 {
    match std::fs::File::open(path) {
        Ok(f) => BufReader::new(f).lines().count() as u64,
        Err(_) => 0,
    }
}

/// Plays one game; returns the quiet positions (FEN) and the result.
fn play_game(pool: &mut SearchPool, book: &[String], rng: &mut Rng, args: &Args) -> Option<(Vec<String>, f64)> {
    let fen = &book[rng.below(book.len())];
    let mut pos = Position::from_fen(fen, false).ok()?;
    for _ in 0..args.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.make_move(moves[rng.below(moves.len())]);
    }
    if pos.outcome().is_some() {
        return None;
    }
    pool.clear();
    let mut quiet = Vec::new();
    let mut ply = 0;
    let outcome = loop {
        if let Some(o) = pos.outcome() {
            break o;
        }
        let r = pool.search_blocking(&pos, Limits::nodes(args.nodes), 1, Arc::new(SilentReporter));
        let best = r.best_move?;
        if ply >= args.skip_plies && !pos.in_check() && best.is_quiet() && !is_mate_score(r.score) {
            quiet.push(pos.to_fen());
        }
        pos.make_move(best);
        ply += 1;
    };
    let result = match outcome {
        Outcome::Checkmate { winner: Color::White } => 1.0,
        Outcome::Checkmate { winner: Color::Black } => 0.0,
        _ => 0.5,
    };
    Some((quiet, result))
}

fn main() {
    let args = Args::parse();
    let book: Vec<String> = std::fs::read_to_string(&args.book)
        .unwrap_or_else(|e| {
            eprintln!("error: cannot read book {}: {e}", args.book);
            std::process::exit(2)
        })
        .lines()
        .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect();
    if let Some(dir) = std::path::Path::new(&args.out).parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let existing = count_lines(&args.out);
    let written = Arc::new(AtomicU64::new(existing));
    let file = Arc::new(Mutex::new(
        OpenOptions::new().create(true).append(true).open(&args.out).unwrap_or_else(|e| {
            eprintln!("error: cannot open {}: {e}", args.out);
            std::process::exit(2)
        }),
    ));
    let bar = ProgressBar::new(args.positions);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions {per_sec} eta {eta} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_position(existing);
    let games = Arc::new(AtomicU64::new(0));
    // Each run continues the random sequence from where the file stands, so
    // a resumed run does not replay the same openings.
    let base_seed = args.seed ^ existing.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    std::thread::scope(|s| {
        for t in 0..args.threads.max(1) {
            let (written, file, bar, games, book, args) = (&written, &file, &bar, &games, &book, &args);
            s.spawn(move || {
                let mut rng = Rng(base_seed.wrapping_add(t as u64 * 0x1234_5678_9ABC_DEF1) | 1);
                let mut pool = SearchPool::new(1, 8).expect("8 MB hash");
                while written.load(Ordering::Relaxed) < args.positions {
                    let Some((fens, result)) = play_game(&mut pool, book, &mut rng, args) else { continue };
                    let mut text = String::new();
                    for f in &fens {
                        text.push_str(&format!("{f};{result:.1}\n"));
                    }
                    let mut f = file.lock().unwrap();
                    if f.write_all(text.as_bytes()).and_then(|_| f.flush()).is_err() {
                        eprintln!("error: write failed");
                        std::process::exit(2);
                    }
                    drop(f);
                    let n = written.fetch_add(fens.len() as u64, Ordering::Relaxed) + fens.len() as u64;
                    let g = games.fetch_add(1, Ordering::Relaxed) + 1;
                    bar.set_position(n.min(args.positions));
                    bar.set_message(format!("{g} games"));
                }
            });
        }
    });
    bar.finish();
    println!(
        "{} positions in {} ({} new games this run)",
        written.load(Ordering::Relaxed),
        args.out,
        games.load(Ordering::Relaxed)
    );
}
