//! The state one search shares among its threads: the root and limits,
//! the hash table, the stop and ponder flags, node counters and the
//! threads' results. The pool creates it and acts on it only through its
//! methods; the workers read it. Neither the pool nor the workers need the
//! other to know it.

use super::limits::Limits;
use super::skill::{Candidate, Skill};
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use super::Reporter;
use crate::chess::{Move, Position};
use crate::tablebase::Tablebases;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

/// A node counter on its own cache line, so threads do not false-share.
#[repr(align(64))]
#[derive(Default)]
pub(crate) struct PaddedCounter(AtomicU64);

impl PaddedCounter {
    /// One zeroed counter per thread.
    pub fn per_thread(threads: usize) -> Vec<PaddedCounter> {
        (0..threads).map(|_| PaddedCounter::default()).collect()
    }
}

impl std::ops::Deref for PaddedCounter {
    type Target = AtomicU64;
    fn deref(&self) -> &AtomicU64 {
        &self.0
    }
}

/// Everything the workers of one search share.
pub(crate) struct SearchContext {
    pub root: Position,
    pub root_moves: Vec<Move>,
    pub limits: Limits,
    /// Lines searched: the `MultiPV` asked for, or more to choose among
    /// when playing at a limited strength.
    pub multipv: usize,
    /// Lines shown: the `MultiPV` asked for.
    pub shown_multipv: usize,
    /// The weakening in force and the seed of this move's choice.
    pub skill: Option<(Skill, u64)>,
    pub tt: Arc<TranspositionTable>,
    pub stop: AtomicBool,
    /// When the `go` arrived. Time spent pondering counts toward the move's
    /// budget, as in Stockfish and Ethereal: the clock sent with `go ponder`
    /// is the clock left at `ponderhit`, so a deadline measured from the
    /// `go` is always inside it, and a predicted move is played at once.
    pub start: Instant,
    pub budget: Option<TimeBudget>,
    pub nodes: Vec<PaddedCounter>,
    pub reporter: Arc<dyn Reporter>,
    pub tablebases: Arc<Tablebases>,
    /// Probe the tables in the search at nodes with at most this many
    /// pieces (0: never).
    pub tb_cardinality: u32,
    /// ... and, with exactly that many, only from this depth on.
    pub tb_probe_depth: i32,
    pub tb_rule50: bool,
    pub tb_hits: Vec<PaddedCounter>,
    /// The tables' verdict on each root move when they ranked the root.
    pub tb_root: Vec<(Move, i32)>,
    /// The stop and ponder protocol and the threads' results: changed only
    /// through this type's methods.
    pub sync: SearchSync,
}

/// The part of a search's shared state that changes while it runs.
pub(crate) struct SearchSync {
    /// Set only by the GUI's `stop` (or `quit`, a new `go`...), never by
    /// the search's own limits: an infinite or ponder search must not
    /// answer until this or `ponderhit`, even when a node or depth limit
    /// (or a mate found) ended the search itself.
    stop_requested: AtomicBool,
    pondering: AtomicBool,
    /// Set by the main thread when an iteration ends during a ponder search
    /// that would have stopped there had it been a normal search: the move
    /// is ready, so `ponderhit` plays it at once.
    stop_on_ponderhit: AtomicBool,
    /// (best move, score, completed depth, pv) of each thread when it ends.
    results: Mutex<Vec<Option<ThreadResult>>>,
    helpers_running: Mutex<usize>,
    helpers_done: Condvar,
}

impl SearchSync {
    pub fn new(threads: usize, ponder: bool) -> SearchSync {
        SearchSync {
            stop_requested: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            stop_on_ponderhit: AtomicBool::new(false),
            results: Mutex::new(vec![None; threads]),
            helpers_running: Mutex::new(threads - 1),
            helpers_done: Condvar::new(),
        }
    }
}

/// What one thread found, handed in when it ends.
#[derive(Clone, Debug)]
pub(crate) struct ThreadResult {
    pub best: Move,
    pub score: i32,
    pub shown_score: i32,
    pub depth: u32,
    pub seldepth: u32,
    pub pv: Vec<Move>,
    /// The main thread's best lines of its last completed iteration, when
    /// playing at a limited strength.
    pub candidates: Vec<Candidate>,
}

impl SearchContext {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }

    pub fn total_tb_hits(&self) -> u64 {
        self.tb_root.len() as u64 + self.tb_hits.iter().map(|n| n.load(Ordering::Relaxed)).sum::<u64>()
    }

    /// Tablebase hits as the output shows them: `None` without tables.
    pub fn shown_tb_hits(&self) -> Option<u64> {
        (!self.tablebases.is_empty()).then(|| self.total_tb_hits())
    }

    /// The score to show for a root move: the tables' verdict when they
    /// ranked the root, unless the search has found a mate.
    pub fn reported_score(&self, mv: Move, score: i32) -> i32 {
        match self.tb_root.iter().find(|(m, _)| *m == mv) {
            Some(&(_, tb)) if !super::is_mate_score(score) => tb,
            _ => score,
        }
    }

    pub fn is_pondering(&self) -> bool {
        self.sync.pondering.load(Ordering::Acquire)
    }

    /// Time spent on this move since the `go`, pondering included.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Called by the main thread when an iteration ends and the time
    /// budget says the move is ready. Returns whether to stop now: not while
    /// pondering, where the decision is left for `ponderhit` to act on.
    pub fn time_is_up(&self) -> bool {
        if !self.is_pondering() {
            return true;
        }
        // Paired with `ponderhit`'s store and load (both SeqCst): either it
        // sees this flag, or this thread sees that pondering has ended.
        self.sync.stop_on_ponderhit.store(true, Ordering::SeqCst);
        !self.sync.pondering.load(Ordering::SeqCst)
    }

    /// The GUI's `stop` (or a new command that ends the search): the search
    /// finishes now and still reports a move. A stopped ponder search is
    /// over too.
    pub fn request_stop(&self) {
        self.sync.pondering.store(false, Ordering::Release);
        self.sync.stop_requested.store(true, Ordering::Release);
        self.stop.store(true, Ordering::Release);
    }

    /// Whether the GUI asked the search to stop (its own limits do not count).
    pub fn stop_requested(&self) -> bool {
        self.sync.stop_requested.load(Ordering::Acquire)
    }

    /// The opponent played the expected move: the ponder search becomes a
    /// normal timed search. If an iteration already ended past the soft
    /// limit, the move is played now.
    pub fn ponderhit(&self) {
        if self.is_pondering() {
            // Paired with `time_is_up` (both SeqCst): either that thread
            // sees pondering has ended, or this one sees its flag.
            self.sync.pondering.store(false, Ordering::SeqCst);
            if self.sync.stop_on_ponderhit.load(Ordering::SeqCst) {
                self.stop.store(true, Ordering::Release);
            }
        }
    }

    /// Hands in thread `id`'s result.
    pub fn record(&self, id: usize, result: ThreadResult) {
        self.sync.results.lock().unwrap()[id] = Some(result);
    }

    /// Every thread's result (`None` for a thread that found nothing).
    pub fn results(&self) -> Vec<Option<ThreadResult>> {
        self.sync.results.lock().unwrap().clone()
    }

    /// Called by each helper thread when its search has ended.
    pub fn helper_finished(&self) {
        let mut n = self.sync.helpers_running.lock().unwrap();
        *n -= 1;
        self.sync.helpers_done.notify_all();
    }

    /// Blocks the main thread until every helper has ended.
    pub fn wait_for_helpers(&self) {
        let mut n = self.sync.helpers_running.lock().unwrap();
        while *n > 0 {
            n = self.sync.helpers_done.wait(n).unwrap();
        }
    }
}
