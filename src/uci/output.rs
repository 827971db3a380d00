//! Writing protocol lines. Every line is written whole under the stdout lock
//! and flushed at once, so lines from the search thread and the command
//! thread never interleave and a GUI never waits on a buffer.

use super::parse::{InfoLine, Score};
use crate::chess::{Move, Position};
use crate::eval::wdl;
use crate::search::{score_kind, Bound, IterationInfo, Reporter, SearchResult};
use std::io::Write;
use std::sync::Mutex;

/// Writes one line to stdout and flushes it. A closed stdout (the GUI went
/// away) is ignored: the engine will see EOF on stdin and quit.
pub fn send(line: &str) {
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    let _ = lock.write_all(line.as_bytes());
    let _ = lock.write_all(b"\n");
    let _ = lock.flush();
}

/// `info string ...`: free text for the user, legal anywhere in UCI.
pub fn info_string(text: &str) {
    // A newline inside would start a malformed line.
    let clean: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    send(&format!("info string {clean}"));
}

pub fn error(text: &str) {
    info_string(&format!("error: {text}"));
}

/// Prints search progress as UCI `info` lines and the result as `bestmove`.
/// One line per completed iteration and PV (plus bound lines and `currmove`
/// in long searches) keeps the rate low enough for any GUI. One reporter
/// serves one search.
#[derive(Default)]
pub struct UciReporter {
    /// `UCI_ShowWDL`: print the odds of every score.
    show_wdl: bool,
    /// The last `multipv 1` line sent, to tell whether the result still needs
    /// its own line before `bestmove`, and the last exact one.
    last_main: Mutex<(Option<Shown>, Option<Shown>)>,
}

/// What a GUI shows for the main line: the search result must match it.
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    depth: u32,
    score: i32,
    exact: bool,
    pv: Vec<Move>,
}

impl UciReporter {
    pub fn new(show_wdl: bool) -> UciReporter {
        UciReporter { show_wdl, ..UciReporter::default() }
    }
}

/// The `wdl W D L` odds of a score, from the side to move's view.
pub fn wdl_of(root: &Position, score: Score) -> (u32, u32, u32) {
    let odds = match score {
        Score::Cp(cp) => wdl::odds(root, cp),
        Score::Mate(m) => wdl::mate_odds(m),
    };
    (odds.win, odds.draw, odds.loss)
}

pub fn info_line(root: &Position, info: &IterationInfo, show_wdl: bool) -> InfoLine {
    let score = score_kind(info.score);
    let bound = info.bound;
    // Only legal moves are printed: walk the PV on a copy of the root.
    let mut pos = root.clone();
    let mut pv = Vec::with_capacity(info.pv.len());
    for &m in &info.pv {
        if !pos.is_legal(m) {
            break;
        }
        pv.push(pos.move_to_uci(m));
        pos.make_move(m);
    }
    InfoLine {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score,
        bound,
        nodes: info.nodes,
        nps: info.nps,
        hashfull: info.hashfull,
        tbhits: info.tbhits,
        time_ms: info.time_ms,
        wdl: show_wdl.then(|| wdl_of(root, score)),
        pv,
    }
}

impl Reporter for UciReporter {
    fn iteration(&self, root: &Position, info: &IterationInfo) {
        if info.multipv == 1 {
            let shown =
                Shown { depth: info.depth, score: info.score, exact: info.bound == Bound::Exact, pv: info.pv.clone() };
            let mut last = self.last_main.lock().unwrap_or_else(|e| e.into_inner());
            if shown.exact {
                last.1 = Some(shown.clone());
            }
            last.0 = Some(shown);
        }
        send(&info_line(root, info, self.show_wdl).to_string());
    }

    fn root_move(&self, root: &Position, depth: u32, mv: Move, number: usize) {
        if root.is_legal(mv) {
            send(&format!("info depth {depth} currmove {} currmovenumber {number}", root.move_to_uci(mv)));
        }
    }

    fn finished(&self, root: &Position, result: &SearchResult) {
        if let Some(line) = game_over_line(root, result) {
            send(line);
        } else if let Some(mut info) = final_info(result) {
            let (last, last_exact) = self.last_main.lock().unwrap_or_else(|e| e.into_inner()).clone();
            // A fail high cut short leaves only the first move of the line
            // it started from: show that line whole again.
            if let Some(e) = last_exact {
                if e.depth == info.depth && e.score == info.score && e.pv.starts_with(&info.pv) {
                    info.pv = e.pv;
                }
            }
            let shown = Shown { depth: info.depth, score: info.score, exact: true, pv: info.pv.clone() };
            // A search cut inside an iteration may play a move whose line was
            // never shown, or was shown only as a bound.
            if last.as_ref() != Some(&shown) {
                send(&info_line(root, &info, self.show_wdl).to_string());
            }
        }
        send(&bestmove_line(root, result));
    }
}

/// Stockfish's line for a root without a legal move, so that a GUI can tell
/// mate (`score mate 0`) from stalemate (`score cp 0`).
fn game_over_line(root: &Position, result: &SearchResult) -> Option<&'static str> {
    if result.best_move.is_some() || root.has_legal_move() {
        return None;
    }
    Some(if root.in_check() { "info depth 0 score mate 0" } else { "info depth 0 score cp 0" })
}

/// The exact line of the result that `bestmove` plays: its PV and score.
/// `None` when no move got a score (stopped before the first one finished).
fn final_info(result: &SearchResult) -> Option<IterationInfo> {
    let best = result.best_move?;
    let score = result.known_score()?;
    if result.pv.first() != Some(&best) {
        return None;
    }
    // A move played from an iteration cut short has a score at depth 1 at least.
    let depth = result.depth.max(1);
    Some(IterationInfo {
        depth,
        seldepth: result.seldepth.max(depth),
        multipv: 1,
        score,
        bound: Bound::Exact,
        nodes: result.nodes,
        nps: result.nodes * 1000 / result.time_ms.max(1),
        hashfull: result.hashfull,
        tbhits: result.tbhits,
        time_ms: result.time_ms,
        pv: result.pv.clone(),
    })
}

/// `bestmove M [ponder P]`, or `bestmove (none)` when there is no legal move
/// (the form Stockfish uses, which GUIs and python-chess accept).
pub fn bestmove_line(root: &Position, result: &SearchResult) -> String {
    match result.best_move {
        Some(m) if root.is_legal(m) => {
            let mut s = format!("bestmove {}", root.move_to_uci(m));
            if let Some(p) = result.ponder_move {
                let mut after = root.clone();
                after.make_move(m);
                if after.is_legal(p) {
                    s.push_str(&format!(" ponder {}", after.move_to_uci(p)));
                }
            }
            s
        }
        _ => {
            // Never print an illegal move: fall back to any legal one.
            match root.legal_moves().iter().next() {
                Some(&m) => format!("bestmove {}", root.move_to_uci(m)),
                None => "bestmove (none)".to_string(),
            }
        }
    }
}
