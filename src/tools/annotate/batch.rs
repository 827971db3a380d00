//! Annotating a file of games: games side by side on `threads` threads,
//! results in the order of the input.

use super::render::annotate_game;
use super::review::{review_line, Progress, ReviewSettings};
use super::summary::SideSummary;
use crate::chess::pgn::{PgnError, PgnGame};
use crate::chess::{Color, Move};
use rayon::prelude::*;

/// What became of one game of the input.
#[derive(Debug)]
pub enum GameOutcome {
    Annotated {
        game: Box<PgnGame>,
        summary: [SideSummary; 2],
    },
    /// Not read (the reader's error names the game and the move) or not
    /// searched.
    Failed(String),
}

/// Positions the review of `games` searches once each (for a progress bar;
/// the deeper searches before marking are reported as they are queued).
pub fn positions_to_search(games: &[Result<PgnGame, PgnError>]) -> u64 {
    games.iter().filter_map(|g| g.as_ref().ok()).map(|g| g.line.moves.len() as u64 + 1).sum()
}

/// Reviews and annotates every readable game, reporting each search (and
/// the searches to come) to `progress`. `header` opens each game's summary comment.
pub fn annotate_games(
    games: Vec<Result<PgnGame, PgnError>>,
    settings: &ReviewSettings,
    threads: usize,
    header: &str,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<GameOutcome>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    Ok(pool.install(|| games.into_par_iter().map(|game| annotate_one(game, settings, header, progress)).collect()))
}

fn annotate_one(
    game: Result<PgnGame, PgnError>,
    settings: &ReviewSettings,
    header: &str,
    progress: &(dyn Fn(Progress) + Sync),
) -> GameOutcome {
    let mut game = match game {
        Ok(g) => g,
        Err(e) => return GameOutcome::Failed(e.to_string()),
    };
    let start = match game.start_position() {
        Ok(p) => p,
        Err(e) => return GameOutcome::Failed(e.to_string()),
    };
    let moves: Vec<Move> = game.line.moves.iter().map(|m| m.mv).collect();
    match review_line(&start, &moves, settings, progress) {
        Ok(review) => {
            annotate_game(&mut game, &start, &review, header);
            let summary = [Color::White, Color::Black].map(|c| SideSummary::of(c, &review.moves));
            GameOutcome::Annotated { game: Box::new(game), summary }
        }
        Err(e) => GameOutcome::Failed(e),
    }
}
