//! What a `go` command asks for, already validated: clocks are non-negative
//! and `searchmoves` are legal moves of the root position.

use crate::chess::Move;
use std::time::Instant;

#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// Restrict the root to these moves (empty = all).
    pub searchmoves: Vec<Move>,
    /// When the `go` arrived: the clock runs from here (default: the start
    /// of the search).
    pub received: Option<Instant>,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }

    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), ..Limits::default() }
    }

    pub fn movetime(ms: u64) -> Limits {
        Limits { movetime: Some(ms), ..Limits::default() }
    }

    /// True when nothing bounds the search but `stop`.
    pub fn is_unbounded(&self) -> bool {
        self.wtime.is_none()
            && self.btime.is_none()
            && self.movetime.is_none()
            && self.depth.is_none()
            && self.nodes.is_none()
            && self.mate.is_none()
    }
}
