//! `genfens N seed S book <None|FILE>`: opening positions for OpenBench's
//! book-less workloads, printed as `info string genfens <FEN>`.
//!
//! Each position is a start (the initial position, or a book position picked
//! by the seed) followed by a few uniformly random legal plies. Positions that
//! end the game, repeat an earlier one, or that a small fixed search scores
//! beyond a margin either way are thrown away, so that both sides start with
//! a game to play. Everything is a function of the seed: the random plies and
//! the single-threaded, freshly cleared, depth-limited search alike.

use crate::chess::rng::SplitMix64;
use crate::chess::Position;
use crate::search::{is_mate_score, Limits, SearchPool, SilentReporter};
use std::collections::HashSet;
use std::sync::Arc;

/// Random plies from the initial position (this or one more).
pub const PLIES_FROM_START: u32 = 8;
/// Random plies from a book position (this or one more): the book gives the
/// variety, the plies make picks of the same book line differ.
pub const PLIES_FROM_BOOK: u32 = 2;
/// Depth of the search that judges balance.
pub const CHECK_DEPTH: u32 = 6;
/// The largest score (centipawns, either side) a kept position may have.
pub const MARGIN_CP: i32 = 120;
/// Tries allowed per position asked for before giving up.
const TRIES_PER_POSITION: usize = 200;
/// The most positions one request may ask for.
pub const MAX_COUNT: usize = 1_000_000;

/// A parsed `genfens` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub count: usize,
    pub seed: u64,
    /// `None` for `book None`.
    pub book: Option<String>,
}

const USAGE: &str = "usage: genfens N seed S book <None|FILE>";

/// Parses `genfens N seed S book B`; `seed` and `book` may come in either
/// order and default to 0 and None.
pub fn parse_request(line: &str) -> Result<Request, String> {
    let mut words = line.split_whitespace();
    if words.next() != Some("genfens") {
        return Err(USAGE.to_string());
    }
    let count_text = words.next().ok_or_else(|| format!("the number of positions is missing; {USAGE}"))?;
    let count = count_text
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_COUNT).contains(n))
        .ok_or_else(|| format!("the number of positions must be 1 to {MAX_COUNT}, not '{count_text}'; {USAGE}"))?;
    let mut req = Request { count, seed: 0, book: None };
    while let Some(key) = words.next() {
        let value = words.next().ok_or_else(|| format!("'{key}' needs a value; {USAGE}"))?;
        match key {
            "seed" => {
                req.seed = value
                    .parse()
                    .map_err(|_| format!("the seed must be a whole number 0 to {}, not '{value}'", u64::MAX))?
            }
            "book" => req.book = (!value.eq_ignore_ascii_case("none")).then(|| value.to_string()),
            _ => return Err(format!("unknown genfens argument '{key}'; {USAGE}")),
        }
    }
    Ok(req)
}

/// Reads a book: one position per line, EPD (four fields and operations) or
/// full FEN. Blank lines and `#` comments are skipped; a line that is neither
/// is an error naming it.
pub fn load_book(path: &str) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read book {path}: {e}"))?;
    let mut book = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        book.push(book_position(line).ok_or_else(|| format!("book {path} line {}: not a FEN or EPD position", i + 1))?);
    }
    if book.is_empty() {
        return Err(format!("book {path} holds no positions"));
    }
    Ok(book)
}

/// A full FEN if the line is one, else its first four fields as EPD.
fn book_position(line: &str) -> Option<Position> {
    let fields: Vec<&str> = line.split(';').next()?.split_whitespace().collect();
    let full = fields.iter().take(6).copied().collect::<Vec<_>>().join(" ");
    Position::from_fen(&full, false)
        .or_else(|_| Position::from_fen(&fields[..fields.len().min(4)].join(" "), false))
        .ok()
}

/// Plays `plies` random legal moves; `None` when the game ends on the way
/// or at the end.
fn random_walk(start: &Position, plies: u32, rng: &mut SplitMix64) -> Option<Position> {
    let mut pos = start.clone();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.make_move(moves[rng.below(moves.len())]);
    }
    pos.outcome().is_none().then_some(pos)
}

/// Whether a small search finds the position playable for both sides.
fn is_balanced(pool: &mut SearchPool, pos: &Position) -> bool {
    pool.clear();
    let r = pool.search_blocking(pos, Limits::depth(CHECK_DEPTH), 1, Arc::new(SilentReporter));
    r.depth > 0 && !is_mate_score(r.score) && r.score.abs() <= MARGIN_CP
}

/// `count` distinct balanced positions as FENs, from the initial position
/// (empty `book`) or from book positions chosen by the seed.
pub fn generate(count: usize, seed: u64, book: &[Position]) -> Result<Vec<String>, String> {
    let mut rng = SplitMix64::new(seed);
    let mut pool = SearchPool::new(1, 1)?;
    let startpos = Position::startpos();
    let mut seen = HashSet::new();
    let mut fens = Vec::with_capacity(count);
    let tries = count.saturating_mul(TRIES_PER_POSITION).max(1000);
    for _ in 0..tries {
        if fens.len() == count {
            break;
        }
        let (start, base) = if book.is_empty() {
            (&startpos, PLIES_FROM_START)
        } else {
            (&book[rng.below(book.len())], PLIES_FROM_BOOK)
        };
        let plies = base + (rng.next_u64() & 1) as u32;
        let Some(pos) = random_walk(start, plies, &mut rng) else { continue };
        if seen.contains(&pos.key()) || !is_balanced(&mut pool, &pos) {
            continue;
        }
        seen.insert(pos.key());
        fens.push(pos.to_fen());
    }
    if fens.len() < count {
        return Err(format!("found only {} of {count} distinct balanced positions in {tries} tries", fens.len()));
    }
    Ok(fens)
}

/// Runs one `genfens` command: the output lines, or an error.
pub fn run(line: &str) -> Result<Vec<String>, String> {
    let req = parse_request(line)?;
    let book = match &req.book {
        Some(path) => load_book(path)?,
        None => Vec::new(),
    };
    Ok(generate(req.count, req.seed, &book)?.into_iter().map(|f| format!("info string genfens {f}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_openbench_requests() {
        let r = parse_request("genfens 10 seed 123 book None").unwrap();
        assert_eq!(r, Request { count: 10, seed: 123, book: None });
        let r = parse_request("genfens 5 book openings.epd seed 7").unwrap();
        assert_eq!(r, Request { count: 5, seed: 7, book: Some("openings.epd".into()) });
    }

    #[test]
    fn rejects_bad_requests() {
        for bad in [
            "genfens",
            "genfens 0 seed 1",
            "genfens -3 seed 1",
            "genfens x seed 1",
            "genfens 5 seed",
            "genfens 5 seed -1",
            "genfens 5 colour white",
            "genfen 5",
        ] {
            assert!(parse_request(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn book_lines_may_be_epd_or_fen() {
        let epd = book_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";").unwrap();
        let fen = book_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!(epd.key(), fen.key());
        assert!(book_position("not a position").is_none());
    }

    #[test]
    fn walks_that_end_the_game_are_dropped() {
        let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false).unwrap();
        assert!(random_walk(&stalemate, 2, &mut SplitMix64::new(1)).is_none());
        // One ply from here can mate (Qf8#) or stalemate (Qf7): such walks
        // are dropped, every kept one still has a game to play.
        let start = Position::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", false).unwrap();
        let mut rng = SplitMix64::new(3);
        let walks: Vec<Option<Position>> = (0..300).map(|_| random_walk(&start, 1, &mut rng)).collect();
        assert!(walks.iter().any(|w| w.is_none()));
        assert!(walks.iter().flatten().all(|p| p.outcome().is_none()));
    }
}
