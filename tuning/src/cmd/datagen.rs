//! Self-play data generation for the Texel tuner.
//!
//! Games start from a random book position (EPD, e.g. noob_2moves.epd) plus
//! a few random legal moves, then both sides search a fixed number of nodes
//! per move. Games end only by the rules (mate, stalemate, threefold
//! repetition, 50-move rule, insufficient material) or by adjudication:
//! a win once the search score has stayed beyond `--win-adj` for several
//! plies in a row, a draw once it has stayed near zero for several plies
//! late in the game (both as OpenBench adjudicates; they save the long
//! mating and shuffling phases, which teach the evaluation little). Quiet
//! positions (not in check, best move not a capture or promotion, no mate
//! score) are written as `FEN;result;score` with the result and the search
//! score (centipawns) from White's view (the format is described in
//! `crate::data`): the tuner can learn from the score as well as from the
//! one bit of the result.
//!
//! Output is appended game by game, so a stopped run can be resumed: the
//! existing positions are counted and generation continues until the target.

use crate::data::format_line;
use crate::error::Error;
use crate::setup::{append, on_threads, own_search, progress_bar, write_all};
use crate::{is_quiet_label, white_view};
use jiangjun::chess::rng::SplitMix64;
use jiangjun::chess::{Color, Outcome, Position};
use jiangjun::search::{Limits, SearchPool, SilentReporter};
use std::io::{BufRead, BufReader};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

#[derive(clap::Args)]
#[command(about = "Generate self-play training positions for the Texel tuner")]
pub struct Args {
    /// Output file (appended to; existing positions count towards --positions).
    #[arg(long, default_value = "tuning/data/selfplay.txt")]
    pub out: String,
    /// Stop once the file holds this many positions.
    #[arg(long, default_value_t = 1_000_000)]
    pub positions: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 6000)]
    pub nodes: u64,
    /// Games played at the same time (one search thread each).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Opening book (EPD, one position per line).
    #[arg(long, default_value = "../shared/data/noob_2moves.epd")]
    pub book: String,
    /// Random legal moves played after the book position.
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// Positions of each game's first plies are not written.
    #[arg(long, default_value_t = 8)]
    pub skip_plies: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Adjudicate a win once the score has been beyond this many centipawns,
    /// for the same side, for `ADJ_PLIES` plies in a row (0: never).
    #[arg(long, default_value_t = 1000)]
    pub win_adj: i32,
    /// Adjudicate a draw from this ply on once the score has been within
    /// `DRAW_ADJ_SCORE` of zero for `ADJ_PLIES` plies in a row (0: never).
    #[arg(long, default_value_t = 80)]
    pub draw_adj_ply: usize,
}

/// Plies in a row a score must hold before a game is adjudicated.
const ADJ_PLIES: usize = 6;
/// Scores this close to zero count towards a draw adjudication.
const DRAW_ADJ_SCORE: i32 = 10;

fn count_lines(path: &str) -> u64 {
    match std::fs::File::open(path) {
        Ok(f) => BufReader::new(f).lines().count() as u64,
        Err(_) => 0,
    }
}

/// Tracks the scores of the last plies and decides when a game may be
/// adjudicated. Scores are from White's view.
struct Adjudicator {
    win_adj: i32,
    draw_adj_ply: usize,
    win_streak: usize,
    win_sign: i32,
    draw_streak: usize,
}

impl Adjudicator {
    fn new(win_adj: i32, draw_adj_ply: usize) -> Adjudicator {
        Adjudicator { win_adj, draw_adj_ply, win_streak: 0, win_sign: 0, draw_streak: 0 }
    }

    /// Records the score of the search at `ply`; returns White's result
    /// once the game can be adjudicated.
    fn record(&mut self, ply: usize, white_score: i32) -> Option<f64> {
        let sign = white_score.signum();
        if self.win_adj > 0 && white_score.abs() >= self.win_adj {
            self.win_streak = if sign == self.win_sign { self.win_streak + 1 } else { 1 };
            self.win_sign = sign;
        } else {
            self.win_streak = 0;
        }
        if white_score.abs() <= DRAW_ADJ_SCORE {
            self.draw_streak += 1;
        } else {
            self.draw_streak = 0;
        }
        if self.win_streak >= ADJ_PLIES {
            return Some(if self.win_sign > 0 { 1.0 } else { 0.0 });
        }
        if self.draw_adj_ply > 0 && ply >= self.draw_adj_ply && self.draw_streak >= ADJ_PLIES {
            return Some(0.5);
        }
        None
    }
}

/// Plays one game; returns the quiet positions (FEN and White's search
/// score) and the result.
fn play_game(
    pool: &mut SearchPool,
    book: &[String],
    rng: &mut SplitMix64,
    args: &Args,
) -> Option<(Vec<(String, i32)>, f64)> {
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
    let mut adjudicator = Adjudicator::new(args.win_adj, args.draw_adj_ply);
    let result = loop {
        if let Some(o) = pos.outcome() {
            break match o {
                Outcome::Checkmate { winner: Color::White } => 1.0,
                Outcome::Checkmate { winner: Color::Black } => 0.0,
                _ => 0.5,
            };
        }
        let r = pool.search_blocking(&pos, Limits::nodes(args.nodes), 1, Arc::new(SilentReporter));
        let best = r.best_move?;
        let white_score = white_view(&pos, r.score);
        if ply >= args.skip_plies && is_quiet_label(&pos, best, r.score) {
            quiet.push((pos.to_fen(), white_score));
        }
        if let Some(result) = adjudicator.record(ply, white_score) {
            break result;
        }
        pos.make_move(best);
        ply += 1;
    };
    Some((quiet, result))
}

pub fn run(args: Args) -> Result<(), Error> {
    let book: Vec<String> = std::fs::read_to_string(&args.book)
        .map_err(|e| Error::io(&args.book, "read book", e))?
        .lines()
        .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect();
    if book.is_empty() {
        return Err(Error::Input(format!("the book {} holds no positions", args.book)));
    }
    let existing = count_lines(&args.out);
    let written = AtomicU64::new(existing);
    let file = Mutex::new(append(&args.out, true)?);
    let bar = progress_bar(args.positions, "{bar:40} {pos}/{len} positions {per_sec} eta {eta} {msg}");
    bar.set_position(existing);
    let games = AtomicU64::new(0);
    // Set when a worker fails: the others stop after their game.
    let failed = AtomicBool::new(false);
    // Each run continues the random sequence from where the file stands, so
    // a resumed run does not replay the same openings.
    let base_seed = args.seed ^ existing.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let outcome = on_threads(0..args.threads.max(1), |t| {
        let worker = || -> Result<(), Error> {
            let mut rng = SplitMix64::new(base_seed.wrapping_add(t as u64 * 0x1234_5678_9ABC_DEF1) | 1);
            let mut pool = own_search(8)?;
            while written.load(Ordering::Relaxed) < args.positions && !failed.load(Ordering::Relaxed) {
                let Some((fens, result)) = play_game(&mut pool, &book, &mut rng, &args) else { continue };
                let text: String = fens.iter().map(|(f, score)| format_line(f, result, *score)).collect();
                write_all(&mut file.lock().unwrap_or_else(|e| e.into_inner()), &args.out, &text)?;
                let n = written.fetch_add(fens.len() as u64, Ordering::Relaxed) + fens.len() as u64;
                let g = games.fetch_add(1, Ordering::Relaxed) + 1;
                bar.set_position(n.min(args.positions));
                bar.set_message(format!("{g} games"));
            }
            Ok(())
        };
        worker().inspect_err(|_| failed.store(true, Ordering::Relaxed))
    });
    bar.finish();
    outcome?;
    println!(
        "{} positions in {} ({} new games this run)",
        written.load(Ordering::Relaxed),
        args.out,
        games.load(Ordering::Relaxed)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_needs_six_plies_beyond_the_margin_for_one_side() {
        let mut a = Adjudicator::new(1000, 80);
        for ply in 0..5 {
            assert_eq!(a.record(ply, 1200), None);
        }
        // The other side's big score starts a new streak.
        assert_eq!(a.record(5, -1500), None);
        for ply in 6..10 {
            assert_eq!(a.record(ply, -1100), None);
        }
        assert_eq!(a.record(10, -1000), Some(0.0));
        let mut a = Adjudicator::new(1000, 80);
        for ply in 0..5 {
            assert_eq!(a.record(ply, 1200), None);
        }
        assert_eq!(a.record(5, 999), None, "a smaller score breaks the streak");
        assert_eq!(Adjudicator::new(0, 0).record(100, 30_000), None, "0 turns adjudication off");
    }

    #[test]
    fn a_draw_needs_six_quiet_plies_late_in_the_game() {
        let mut a = Adjudicator::new(1000, 80);
        for ply in 0..80 {
            assert_eq!(a.record(ply, 0), None, "not before ply 80");
        }
        assert_eq!(a.record(80, 10), Some(0.5));
        let mut a = Adjudicator::new(1000, 80);
        for ply in 100..105 {
            assert_eq!(a.record(ply, -5), None);
        }
        assert_eq!(a.record(105, 11), None);
        for ply in 106..111 {
            assert_eq!(a.record(ply, 3), None);
        }
        assert_eq!(a.record(111, 3), Some(0.5));
    }
}
