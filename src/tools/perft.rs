//! Perft in Stockfish's output format: `move: count` per root move, a blank
//! line, then `Nodes searched: N`.

use crate::chess::Position;
use std::time::Instant;

pub struct PerftReport {
    pub lines: Vec<String>,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

pub fn divide(pos: &Position, depth: u32, threads: usize) -> PerftReport {
    let start = Instant::now();
    let (lines, nodes) = if depth == 0 {
        (Vec::new(), 1)
    } else {
        let counts = pos.perft_divide(depth, threads);
        let lines = counts.iter().map(|(m, n)| format!("{}: {}", pos.move_to_uci(*m), n)).collect();
        (lines, counts.iter().map(|(_, n)| n).sum())
    };
    PerftReport { lines, nodes, elapsed_ms: start.elapsed().as_millis() as u64 }
}

/// Total only, single thread: the fastest path, for timing.
pub fn count(pos: &Position, depth: u32) -> PerftReport {
    let start = Instant::now();
    let mut p = pos.clone();
    let nodes = p.perft(depth);
    PerftReport { lines: Vec::new(), nodes, elapsed_ms: start.elapsed().as_millis() as u64 }
}
