//! `jiangjun analyze`: a readable table per iteration (depth, score in pawns
//! or mate, nodes, speed, PV in SAN), then the best move.

use crate::chess::{Move, Position};
use crate::search::{score_kind, IterationInfo, Reporter, ScoreKind, SearchResult};
use std::io::Write;

/// Formats a score for people: `+0.35`, `-1.20`, `#3`, `#-2`.
pub fn format_score(score: i32) -> String {
    match score_kind(score) {
        ScoreKind::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        ScoreKind::Mate(m) => format!("#{m}"),
    }
}

/// SAN of a line of moves from `root` (stops at the first illegal move,
/// which a sound PV never contains). Move numbers included: `12. Nf3 Nc6`.
pub fn line_to_san(root: &Position, line: &[Move]) -> String {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        if !pos.is_legal(m) {
            break;
        }
        let n = pos.fullmove_number();
        let white = pos.side_to_move() == crate::chess::Color::White;
        let san = pos.move_to_san(m);
        if white {
            out.push(format!("{n}. {san}"));
        } else if i == 0 {
            out.push(format!("{n}... {san}"));
        } else {
            out.push(san);
        }
        pos.make_move(m);
    }
    out.join(" ")
}

fn human_count(n: u64) -> String {
    if n >= 10_000_000 {
        format!("{}M", n / 1_000_000)
    } else if n >= 10_000 {
        format!("{}k", n / 1000)
    } else {
        n.to_string()
    }
}

pub struct TableReporter;

impl TableReporter {
    pub fn header() -> String {
        format!("{:>5} {:>3} {:>8} {:>9} {:>8} {:>8}  {}", "depth", "pv", "score", "nodes", "knps", "time", "principal variation")
    }
}

impl Reporter for TableReporter {
    fn iteration(&self, root: &Position, info: &IterationInfo) {
        let line = format!(
            "{:>2}/{:<2} {:>3} {:>8} {:>9} {:>8} {:>7.2}s  {}",
            info.depth,
            info.seldepth,
            info.multipv,
            format_score(info.score),
            human_count(info.nodes),
            info.nps / 1000,
            info.time_ms as f64 / 1000.0,
            line_to_san(root, &info.pv)
        );
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    fn finished(&self, root: &Position, result: &SearchResult) {
        let mut out = std::io::stdout().lock();
        match result.best_move {
            Some(m) => {
                let _ = writeln!(
                    out,
                    "best move: {} ({})  score {}  depth {}  nodes {}  time {:.2}s",
                    root.move_to_san(m),
                    root.move_to_uci(m),
                    format_score(result.score),
                    result.depth,
                    result.nodes,
                    result.time_ms as f64 / 1000.0
                );
            }
            None => {
                let verdict = match root.outcome() {
                    Some(o) => o.describe(),
                    None => "no legal move",
                };
                let _ = writeln!(out, "no move: {verdict}");
            }
        }
        let _ = out.flush();
    }
}
