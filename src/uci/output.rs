//! Writing protocol lines. Every line is written whole under the stdout lock
//! and flushed at once, so lines from the search thread and the command
//! thread never interleave and a GUI never waits on a buffer.

use super::parse::{Bound as UciBound, InfoLine, Score};
use crate::chess::Position;
use crate::search::{score_kind, Bound, IterationInfo, Reporter, ScoreKind, SearchResult};
use std::io::Write;

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
/// One line per completed iteration and PV keeps the rate low enough for any
/// GUI.
pub struct UciReporter;

pub fn info_line(root: &Position, info: &IterationInfo) -> InfoLine {
    let score = match score_kind(info.score) {
        ScoreKind::Cp(cp) => Score::Cp(cp),
        ScoreKind::Mate(m) => Score::Mate(m),
    };
    let bound = match info.bound {
        Bound::Lower => UciBound::Lower,
        Bound::Upper => UciBound::Upper,
        _ => UciBound::Exact,
    };
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
        time_ms: info.time_ms,
        pv,
    }
}

impl Reporter for UciReporter {
    fn iteration(&self, root: &Position, info: &IterationInfo) {
        send(&info_line(root, info).to_string());
    }

    fn finished(&self, root: &Position, result: &SearchResult) {
        send(&bestmove_line(root, result));
    }
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
