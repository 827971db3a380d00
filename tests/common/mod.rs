//! Helpers shared by the integration tests: the perft suites in
//! `tests/data/` and a small seeded random number generator (the tests must
//! be deterministic, and the crate has no `rand` dependency).

#![allow(dead_code)]

use jiangjun::chess::{Move, Position};
use rayon::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `f` on every item in parallel and fails (on the test's own thread,
/// so the messages reach the test report) listing every item whose check
/// panicked. Returns the results of the items that passed.
pub fn par_check<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let results: Vec<Result<R, String>> = items
        .par_iter()
        .map(|it| {
            catch_unwind(AssertUnwindSafe(|| f(it))).map_err(|e| {
                e.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "non-string panic".to_string())
            })
        })
        .collect();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} items failed; the first ones:\n{}",
        failures.len(),
        items.len(),
        failures.iter().take(8).map(|s| s.as_str()).collect::<Vec<_>>().join("\n---\n")
    );
    results.into_iter().map(|r| r.ok().unwrap()).collect()
}

/// One line of a perft EPD file.
#[derive(Clone, Debug)]
pub struct Entry {
    /// File name, for messages.
    pub file: &'static str,
    /// 1-based line number in the file.
    pub line: usize,
    pub fen: String,
    /// `(depth, nodes)` pairs as published.
    pub counts: Vec<(u32, u64)>,
    pub chess960: bool,
}

impl Entry {
    pub fn position(&self) -> Position {
        Position::from_fen(&self.fen, self.chess960)
            .unwrap_or_else(|e| panic!("{}:{}: {} does not parse: {e}", self.file, self.line, self.fen))
    }

    pub fn label(&self) -> String {
        format!("{}:{} {}", self.file, self.line, self.fen)
    }
}

pub fn data_path(name: &str) -> String {
    format!("{}/tests/data/{}", env!("CARGO_MANIFEST_DIR"), name)
}

/// Parses `FEN ;D1 n ;D2 n ...` lines.
pub fn load(file: &'static str, chess960: bool) -> Vec<Entry> {
    let path = data_path(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        let mut counts = Vec::new();
        for p in parts {
            let p = p.trim();
            let (d, n) = p.split_once(' ').unwrap_or_else(|| panic!("{file}:{}: bad field '{p}'", i + 1));
            assert!(d.starts_with('D'), "{file}:{}: bad depth '{d}'", i + 1);
            let d: u32 = d[1..].parse().unwrap();
            let n: u64 = n.trim().parse().unwrap();
            counts.push((d, n));
        }
        out.push(Entry { file, line: i + 1, fen, counts, chess960 });
    }
    out
}

pub fn perftsuite() -> Vec<Entry> {
    let v = load("perftsuite.epd", false);
    assert_eq!(v.len(), 126, "perftsuite.epd should hold 126 positions");
    v
}

pub fn fischer() -> Vec<Entry> {
    let v = load("fischer.epd", true);
    assert_eq!(v.len(), 960, "fischer.epd should hold 960 positions");
    v
}

/// Both suites, standard first.
pub fn all_entries() -> Vec<Entry> {
    let mut v = perftsuite();
    v.extend(fischer());
    v
}

/// The crate's own generator: seeded, so a failing case can be replayed.
pub use jiangjun::chess::rng::SplitMix64 as Rng;

/// Plays up to `plies` random legal moves from `start` and returns every
/// position reached (the start not included), each a full `Position` with its
/// move history. Stops early when the side to move has no legal move.
pub fn random_playout(start: &Position, plies: usize, rng: &mut Rng) -> Vec<Position> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(plies);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Uniform choice, except that an available promotion is played half
        // the time: random play rarely reaches promotions otherwise.
        let m: Move = match moves.iter().find(|m| m.is_promotion()) {
            Some(&p) if rng.chance(50) => p,
            _ => moves[rng.below(moves.len())],
        };
        pos.make_move(m);
        out.push(pos.clone());
    }
    out
}

/// Suite positions plus positions from seeded random playouts from a sample
/// of them: a broad, fixed set of positions for property tests.
pub fn property_positions() -> Vec<Position> {
    let entries = all_entries();
    let mut out: Vec<Position> = entries.iter().map(Entry::position).collect();
    let mut rng = Rng::new(0x6A69_616E_676A_756E); // "jiangjun"
    for (i, e) in entries.iter().enumerate() {
        // Every standard position and every 8th Chess960 one.
        if e.chess960 && i % 8 != 0 {
            continue;
        }
        let start = e.position();
        out.extend(random_playout(&start, 80, &mut rng));
    }
    out.extend(random_playout(&Position::startpos(), 200, &mut rng));
    out
}
