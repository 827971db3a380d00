//! The Lazy-SMP pool. `Threads` persistent worker threads wait for jobs, so
//! starting a search costs a channel send, not a thread spawn. Each worker
//! searches its own copy of the root with its own histories; they share one
//! `SearchContext` (the hash table, the stop flag, node counters). Worker 0
//! (the main thread) watches the clock, prints progress, waits out
//! `infinite`/`ponder`, stops the helpers, picks the move by a vote over the
//! threads' results and reports it.

use super::context::{PaddedCounter, SearchContext, SearchSync, ThreadResult};
use super::skill::Skill;
use super::time;
use super::tt::TranspositionTable;
use super::worker::Worker;
use super::{Limits, Reporter, INFINITY, MATE};
use crate::chess::rng::SplitMix64;
use crate::chess::{Move, Position};
use crate::tablebase::{Tablebases, TbError, Wdl};
use crossbeam_channel::{unbounded, Receiver, Sender};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` when the root has no legal move.
    pub best_move: Option<Move>,
    pub ponder_move: Option<Move>,
    pub score: i32,
    /// The score to show with the move: `score`, or when that is unknown
    /// (the move rose to the top in an iteration cut short) the latest bound
    /// it got. Beyond `MATE` when the move got no score at all.
    pub shown_score: i32,
    pub depth: u32,
    /// Deepest ply reached below the chosen move.
    pub seldepth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
    pub time_ms: u64,
    pub hashfull: u32,
    /// As in [`super::IterationInfo`]: `None` without tables.
    pub tbhits: Option<u64>,
}

impl SearchResult {
    /// The score of the move played, when it has one: a search stopped
    /// before its chosen move finished any window has none.
    pub fn known_score(&self) -> Option<i32> {
        (self.shown_score.abs() < MATE).then_some(self.shown_score)
    }
}

enum Job {
    Search(Arc<SearchContext>),
    Clear,
    Quit,
}

struct Thread {
    jobs: Sender<Job>,
    handle: Option<JoinHandle<()>>,
}

/// Shared "is a search running" flag the front end can wait on.
#[derive(Default)]
struct Running {
    busy: Mutex<bool>,
    idle: Condvar,
}

pub struct SearchPool {
    threads: Vec<Thread>,
    tt: Arc<TranspositionTable>,
    running: Arc<Running>,
    current: Option<Arc<SearchContext>>,
    /// Acknowledgements of `Clear` jobs.
    acks: (Sender<()>, Receiver<()>),
    pub move_overhead_ms: u64,
    tablebases: Arc<Tablebases>,
    pub tb: TbOptions,
    /// Limited strength, if chosen.
    pub skill: Option<Skill>,
    /// Draws the seed of each move's choice at a limited strength.
    rng: SplitMix64,
}

/// How the search uses the tablebases (the Syzygy UCI options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TbOptions {
    /// Minimum depth for a probe at nodes with the most pieces probed.
    pub probe_depth: i32,
    /// Most pieces for a probe (the tables' own maximum if lower).
    pub probe_limit: u32,
    /// Count wins and losses the 50-move rule turns into draws as draws.
    pub rule50: bool,
}

impl Default for TbOptions {
    fn default() -> Self {
        TbOptions { probe_depth: 1, probe_limit: 7, rule50: true }
    }
}

/// The root moves after the tables have had their say.
struct TbRoot {
    moves: Vec<Move>,
    scores: Vec<(Move, i32)>,
    cardinality: u32,
    probe_depth: i32,
}

const WORKER_STACK: usize = 32 * 1024 * 1024;

impl SearchPool {
    pub fn new(threads: usize, hash_mb: usize) -> Result<SearchPool, String> {
        let tt = Arc::new(TranspositionTable::new(hash_mb)?);
        let mut pool = SearchPool {
            threads: Vec::new(),
            tt,
            running: Arc::new(Running::default()),
            current: None,
            acks: unbounded(),
            move_overhead_ms: time::DEFAULT_MOVE_OVERHEAD,
            tablebases: Arc::new(Tablebases::none()),
            tb: TbOptions::default(),
            skill: None,
            rng: SplitMix64::from_entropy(),
        };
        pool.set_threads(threads);
        Ok(pool)
    }

    pub fn thread_count(&self) -> usize {
        self.threads.len()
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Replaces the workers (waits for any running search first).
    pub fn set_threads(&mut self, n: usize) {
        let n = n.max(1);
        self.stop();
        self.wait();
        self.shutdown_threads();
        for id in 0..n {
            let (tx, rx) = unbounded::<Job>();
            let running = Arc::clone(&self.running);
            let ack = self.acks.0.clone();
            let handle = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(WORKER_STACK)
                .spawn(move || worker_loop(id, rx, running, ack))
                .expect("cannot spawn a search thread");
            self.threads.push(Thread { jobs: tx, handle: Some(handle) });
        }
    }

    fn shutdown_threads(&mut self) {
        for t in &self.threads {
            let _ = t.jobs.send(Job::Quit);
        }
        for t in &mut self.threads {
            if let Some(h) = t.handle.take() {
                let _ = h.join();
            }
        }
        self.threads.clear();
    }

    /// Resizes the hash table; on failure the old table stays in use.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        self.stop();
        self.wait();
        self.current = None; // drop the last search's reference to the table
        let new = TranspositionTable::new(mb)?;
        self.tt = Arc::new(new);
        Ok(())
    }

    /// Empties the hash table and every worker's histories (`ucinewgame`).
    pub fn clear(&mut self) {
        self.stop();
        self.wait();
        self.tt.clear(self.threads.len());
        for t in &self.threads {
            let _ = t.jobs.send(Job::Clear);
        }
        for _ in 0..self.threads.len() {
            let _ = self.acks.1.recv();
        }
    }

    pub fn clear_hash(&mut self) {
        self.stop();
        self.wait();
        self.tt.clear(self.threads.len());
    }

    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    pub fn tablebases(&self) -> &Tablebases {
        &self.tablebases
    }

    /// Replaces the tables with those found in `path` (empty: none). On an
    /// error the engine goes on without tables.
    pub fn set_tablebases(&mut self, path: &str) -> Result<&Tablebases, TbError> {
        self.stop();
        self.wait();
        self.current = None;
        // The workers drop their handle on the last search just after
        // reporting it; the old tables must be gone before new ones load.
        let deadline = Instant::now() + Duration::from_secs(5);
        while Arc::strong_count(&self.tablebases) > 1 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        self.tablebases = Arc::new(Tablebases::none());
        let loaded = Tablebases::load(path)?;
        self.tablebases = Arc::new(loaded);
        Ok(&self.tablebases)
    }

    /// Ranks the root moves with the tables when the root is in them: only
    /// the moves that keep the best result (and, with DTZ, reach the next
    /// capture or pawn move soonest) are searched, and the search itself
    /// probes only when the ranking needed WDL alone and is winning.
    fn tablebase_root(&self, root: &Position, moves: Vec<Move>) -> TbRoot {
        let tables = &self.tablebases;
        let max = tables.max_pieces();
        let (mut cardinality, mut probe_depth) = (self.tb.probe_limit.min(max), self.tb.probe_depth);
        if self.tb.probe_limit > max {
            probe_depth = 0;
        }
        let ranking = match tables.rank_root_moves(root, self.tb.rule50) {
            Some(r) => r,
            None => return TbRoot { moves, scores: Vec::new(), cardinality, probe_depth },
        };
        let candidates: Vec<_> = ranking.moves.iter().filter(|r| moves.contains(&r.mv)).collect();
        let best = candidates[0];
        if ranking.by_dtz || best.wdl <= Wdl::Draw {
            cardinality = 0;
        }
        TbRoot {
            moves: candidates.iter().filter(|r| r.rank == best.rank).map(|r| r.mv).collect(),
            scores: ranking.moves.iter().map(|r| (r.mv, tb_score(r.wdl))).collect(),
            cardinality,
            probe_depth,
        }
    }

    /// Restarts the choices of limited-strength play from `seed` (0: from
    /// a fresh random seed), so that a game can be replayed.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = if seed == 0 { SplitMix64::from_entropy() } else { SplitMix64::new(seed) };
    }

    /// Starts a search and returns at once; the reporter receives the
    /// progress and the result from the main search thread.
    pub fn start(&mut self, root: &Position, mut limits: Limits, multipv: usize, reporter: Arc<dyn Reporter>) {
        self.stop();
        self.wait();
        let shown_multipv = multipv.max(1);
        let skill = self.skill.map(|s| (s, self.rng.next_u64()));
        let multipv = match skill {
            Some((s, _)) => {
                limits.nodes = Some(limits.nodes.map_or(s.nodes, |n| n.min(s.nodes)));
                shown_multipv.max(s.lines)
            }
            None => shown_multipv,
        };
        let legal = root.legal_moves();
        let all: Vec<Move> = legal.iter().copied().collect();
        let filtered: Vec<Move> = all.iter().copied().filter(|m| limits.searchmoves.contains(m)).collect();
        // `searchmoves` naming no legal move is ignored rather than leaving
        // the engine without a move.
        let root_moves = if filtered.is_empty() { all } else { filtered };
        let tb_root = self.tablebase_root(root, root_moves);
        // `go infinite` searches until `stop`, whatever clock fields come with it.
        let budget =
            if limits.infinite { None } else { time::budget(&limits, root.side_to_move(), self.move_overhead_ms) };
        self.tt.new_search();
        let threads = self.threads.len();
        let ctx = Arc::new(SearchContext {
            root: root.clone(),
            root_moves: tb_root.moves,
            multipv,
            shown_multipv,
            skill,
            tt: Arc::clone(&self.tt),
            stop: AtomicBool::new(false),
            start: limits.received.unwrap_or_else(Instant::now),
            budget,
            nodes: PaddedCounter::per_thread(threads),
            reporter,
            tablebases: Arc::clone(&self.tablebases),
            tb_cardinality: tb_root.cardinality,
            tb_probe_depth: tb_root.probe_depth,
            tb_rule50: self.tb.rule50,
            tb_hits: PaddedCounter::per_thread(threads),
            tb_root: tb_root.scores,
            sync: SearchSync::new(threads, limits.ponder),
            limits,
        });
        *self.running.busy.lock().unwrap() = true;
        self.current = Some(Arc::clone(&ctx));
        // Helpers first, so they are searching by the time the main thread
        // starts printing.
        for t in self.threads.iter().skip(1) {
            let _ = t.jobs.send(Job::Search(Arc::clone(&ctx)));
        }
        let _ = self.threads[0].jobs.send(Job::Search(ctx));
    }

    /// Asks a running search to finish now (it still reports a move).
    pub fn stop(&self) {
        if let Some(ctx) = &self.current {
            ctx.request_stop();
        }
    }

    /// The opponent played the expected move: the ponder search becomes a
    /// normal timed search whose budget has been running since the `go`.
    /// If an iteration already ended past the soft limit, the move is played
    /// now; otherwise the search goes on until its limits, which the time
    /// spent pondering has brought closer.
    pub fn ponderhit(&self) {
        if let Some(ctx) = &self.current {
            ctx.ponderhit();
        }
    }

    /// Blocks until the current search (if any) has reported its result.
    pub fn wait(&self) {
        let mut busy = self.running.busy.lock().unwrap();
        while *busy {
            busy = self.running.idle.wait(busy).unwrap();
        }
    }

    /// Convenience for tools and tests: search synchronously.
    pub fn search_blocking(
        &mut self,
        root: &Position,
        limits: Limits,
        multipv: usize,
        reporter: Arc<dyn Reporter>,
    ) -> SearchResult {
        let capture = Arc::new(CapturingReporter { inner: reporter, result: Mutex::new(None) });
        self.start(root, limits, multipv, capture.clone());
        self.wait();
        let r = capture.result.lock().unwrap().take();
        r.expect("a finished search always reports a result")
    }
}

impl Drop for SearchPool {
    fn drop(&mut self) {
        self.stop();
        self.wait();
        self.shutdown_threads();
    }
}

struct CapturingReporter {
    inner: Arc<dyn Reporter>,
    result: Mutex<Option<SearchResult>>,
}

impl Reporter for CapturingReporter {
    fn iteration(&self, root: &Position, info: &super::IterationInfo) {
        self.inner.iteration(root, info);
    }
    fn root_move(&self, root: &Position, depth: u32, mv: Move, number: usize) {
        self.inner.root_move(root, depth, mv, number);
    }
    fn finished(&self, root: &Position, result: &SearchResult) {
        *self.result.lock().unwrap() = Some(result.clone());
        self.inner.finished(root, result);
    }
}

fn worker_loop(id: usize, jobs: Receiver<Job>, running: Arc<Running>, ack: Sender<()>) {
    let mut worker = Box::new(Worker::new(id));
    while let Ok(job) = jobs.recv() {
        match job {
            Job::Quit => break,
            Job::Clear => {
                worker.clear();
                let _ = ack.send(());
            }
            Job::Search(ctx) => {
                worker.search(&ctx);
                record_result(&worker, &ctx);
                if id == 0 {
                    finish_search(&ctx);
                    let mut busy = running.busy.lock().unwrap();
                    *busy = false;
                    running.idle.notify_all();
                } else {
                    ctx.helper_finished();
                }
            }
        }
    }
}

fn record_result(worker: &Worker, ctx: &SearchContext) {
    if let Some(rm) = worker.root_moves.first() {
        let r = ThreadResult {
            best: rm.mv,
            score: rm.prev_score,
            shown_score: if rm.prev_score.abs() < MATE { rm.prev_score } else { rm.last_score },
            depth: worker.completed_depth,
            seldepth: rm.seldepth as u32,
            pv: rm.pv.clone(),
            candidates: worker.skill_candidates.clone(),
        };
        ctx.record(worker.id, r);
    }
}

/// Main thread epilogue: honour infinite/ponder, stop and collect the
/// helpers, choose the move, report it.
fn finish_search(ctx: &SearchContext) {
    // UCI: never answer an infinite or ponder search before stop/ponderhit.
    // `ctx.stop` is not enough: the search sets it itself at a node limit.
    while !ctx.stop_requested() && (ctx.is_pondering() || ctx.limits.infinite || is_unbounded(ctx)) {
        std::thread::sleep(Duration::from_millis(1));
    }
    ctx.stop.store(true, Ordering::Release);
    ctx.wait_for_helpers();
    let results = ctx.results();
    let chosen = match ctx.skill {
        Some((skill, seed)) => {
            results[0].as_ref().and_then(|main| choose_weaker(main, skill, seed)).or_else(|| vote(&results))
        }
        None => vote(&results),
    };
    let time_ms = ctx.start.elapsed().as_millis() as u64;
    let result = match chosen {
        Some(r) => {
            let ponder = ponder_move(ctx, &r);
            SearchResult {
                best_move: Some(r.best),
                ponder_move: ponder,
                score: r.score,
                // A real score (not the "none" mark) yields to the tables' verdict.
                shown_score: if r.shown_score.abs() < MATE {
                    ctx.reported_score(r.best, r.shown_score)
                } else {
                    r.shown_score
                },
                depth: r.depth,
                seldepth: r.seldepth,
                nodes: ctx.total_nodes(),
                pv: r.pv.clone(),
                time_ms,
                hashfull: ctx.tt.hashfull(),
                tbhits: ctx.shown_tb_hits(),
            }
        }
        None => SearchResult {
            best_move: ctx.root_moves.first().copied(),
            ponder_move: None,
            score: 0,
            shown_score: -INFINITY,
            depth: 0,
            seldepth: 0,
            nodes: ctx.total_nodes(),
            pv: ctx.root_moves.first().copied().into_iter().collect(),
            time_ms,
            hashfull: ctx.tt.hashfull(),
            tbhits: ctx.shown_tb_hits(),
        },
    };
    ctx.reporter.finished(&ctx.root, &result);
}

/// Limited strength: the main thread's result with the move replaced by the
/// skill's choice among its best lines (none before a complete iteration).
fn choose_weaker(main: &ThreadResult, skill: Skill, seed: u64) -> Option<ThreadResult> {
    let c = main.candidates.get(skill.pick(&main.candidates, seed))?;
    Some(ThreadResult { best: c.mv, score: c.score, shown_score: c.score, pv: c.pv.clone(), ..main.clone() })
}

/// The score shown for a root move the tables have judged.
fn tb_score(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Win => super::TB_WIN,
        Wdl::CursedWin => 1,
        Wdl::Draw => super::DRAW,
        Wdl::BlessedLoss => -1,
        Wdl::Loss => -super::TB_WIN,
    }
}

/// A search with no limit at all ("go" alone) runs until `stop`, like
/// `go infinite`.
fn is_unbounded(ctx: &SearchContext) -> bool {
    ctx.limits.is_unbounded()
}

/// Lazy-SMP move choice: each thread votes for its best move with weight
/// growing with its score and completed depth; the thread whose move has the
/// most votes (deepest on ties) supplies the move and PV.
fn vote(results: &[Option<ThreadResult>]) -> Option<ThreadResult> {
    let done: Vec<&ThreadResult> = results.iter().flatten().filter(|r| r.depth > 0).collect();
    if done.is_empty() {
        // Nothing completed even depth 1 (stopped at once): main's first move.
        return results.first().cloned().flatten();
    }
    let min_score = done.iter().map(|r| r.score).min().unwrap_or(0);
    let weight = |r: &ThreadResult| ((r.score - min_score) as i64 + 20) * r.depth as i64;
    let mut best = done[0];
    let mut best_votes = i64::MIN;
    for r in &done {
        let votes: i64 = done.iter().filter(|o| o.best == r.best).map(|o| weight(o)).sum();
        // A mate found by any thread is trusted outright.
        let better = votes > best_votes || (votes == best_votes && r.depth > best.depth);
        if better || (r.score >= super::MATE_BOUND && r.score > best.score) {
            best = r;
            best_votes = votes;
        }
    }
    Some(best.clone())
}

/// The expected reply: the PV's second move, else the hash table's move in
/// the position after the best move (always checked for legality).
fn ponder_move(ctx: &SearchContext, r: &ThreadResult) -> Option<Move> {
    let mut pos = ctx.root.clone();
    if !pos.is_legal(r.best) {
        return None;
    }
    pos.make_move(r.best);
    if let Some(&m) = r.pv.get(1) {
        if pos.is_legal(m) {
            return Some(m);
        }
    }
    let e = ctx.tt.probe(pos.key())?;
    if pos.is_legal(e.mv) {
        Some(e.mv)
    } else {
        None
    }
}
