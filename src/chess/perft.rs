//! Perft: counts leaf nodes of the legal move tree, the standard check of a
//! move generator against published counts.

use super::moves::Move;
use super::position::Position;
use rayon::prelude::*;

impl Position {
    /// Leaf count at `depth`, bulk-counting the last ply (the length of the
    /// legal move list instead of making each move).
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &m in moves.iter() {
            self.make_move(m);
            nodes += self.perft(depth - 1);
            self.unmake_move(m);
        }
        nodes
    }

    /// Per-root-move counts ("divide"), optionally split over `threads`
    /// rayon workers; the root moves come back in generation order.
    pub fn perft_divide(&self, depth: u32, threads: usize) -> Vec<(Move, u64)> {
        let moves: Vec<Move> = self.legal_moves().iter().copied().collect();
        let count = |m: &Move| {
            let mut p = self.clone();
            p.make_move(*m);
            let n = if depth <= 1 { 1 } else { p.perft(depth - 1) };
            (*m, n)
        };
        if threads <= 1 {
            moves.iter().map(count).collect()
        } else {
            match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                Ok(pool) => pool.install(|| moves.par_iter().map(count).collect()),
                Err(_) => moves.iter().map(count).collect(),
            }
        }
    }
}
