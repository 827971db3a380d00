//! `jiangjun analyze`: a readable table per iteration (depth, score in pawns
//! or mate, win/draw/loss odds, nodes, speed, PV in SAN), then the best move.

use crate::chess::{Color, Move, Position};
use crate::eval::wdl::{self, WdlOdds};
use crate::search::{score_kind, Bound, IterationInfo, Reporter, ScoreKind, SearchResult};
use std::io::Write;
use std::sync::Mutex;

/// Below this many milliseconds a speed is mostly timer resolution, so no
/// speed is printed.
pub const MIN_TIMED_MS: u64 = 10;

/// Nodes per second, or `None` when the time is too short to measure one.
pub fn speed(nodes: u64, ms: u64) -> Option<u64> {
    (ms >= MIN_TIMED_MS).then(|| nodes * 1000 / ms)
}

/// Formats a score for people: `+0.35`, `-1.20`, `#3`, `#-2`.
pub fn format_score(score: i32) -> String {
    match score_kind(score) {
        ScoreKind::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        ScoreKind::Mate(m) => format!("#{m}"),
    }
}

/// The odds of a search score (side to move's view) in `root`.
pub fn score_odds(root: &Position, score: i32) -> WdlOdds {
    match score_kind(score) {
        ScoreKind::Cp(cp) => wdl::odds(root, cp),
        ScoreKind::Mate(m) => wdl::mate_odds(m),
    }
}

/// Odds as whole percentages, win/draw/loss: `52/40/8`.
pub fn format_odds(odds: WdlOdds) -> String {
    // Rounded so that the three still add up to 100.
    let win = (odds.win + 5) / 10;
    let loss = (odds.loss + 5) / 10;
    let loss = loss.min(100 - win);
    format!("{win}/{}/{loss}", 100 - win - loss)
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
        let white = pos.side_to_move() == Color::White;
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

/// The last exact first-line row printed, to tell whether the final result
/// (which may come from an iteration the stop cut short) needs a row too.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Row {
    score: i32,
    best: Move,
}

/// Prints the analysis table. Scores are from the side to move's view unless
/// `white_pov`.
pub struct TableReporter {
    white_pov: bool,
    last: Mutex<Option<Row>>,
}

impl TableReporter {
    pub fn new(white_pov: bool) -> TableReporter {
        TableReporter { white_pov, last: Mutex::new(None) }
    }

    /// Says whose view the scores take, then the column names.
    pub fn header(&self, root: &Position) -> String {
        let side = if root.side_to_move() == Color::White { "White" } else { "Black" };
        let view = if self.white_pov || side == "White" { "White's view" } else { "Black's view (the side to move)" };
        format!(
            "{side} to move; scores in pawns and win/draw/loss odds in % from {view}\n{:>5} {:>3} {:>8} {:>9} {:>9} {:>8} {:>8}  {}",
            "depth", "pv", "score", "w/d/l", "nodes", "knps", "time", "principal variation"
        )
    }

    /// Whether scores are shown from the other side's view than the mover's.
    fn flipped(&self, root: &Position) -> bool {
        self.white_pov && root.side_to_move() == Color::Black
    }

    /// The score as printed: negated for White's view when Black is to move.
    fn shown(&self, root: &Position, score: i32) -> String {
        format_score(if self.flipped(root) { -score } else { score })
    }

    /// The odds as printed, from the same view as the score.
    fn shown_odds(&self, root: &Position, score: i32) -> String {
        let odds = score_odds(root, score);
        format_odds(if self.flipped(root) { odds.flipped() } else { odds })
    }
}

/// One table row; the speed column is `-` when the time is too short.
fn format_row(
    root: &Position,
    depth: &str,
    multipv: u32,
    score: (String, String),
    nodes: u64,
    ms: u64,
    pv: &[Move],
) -> String {
    let knps = speed(nodes, ms).map_or_else(|| "-".to_string(), |s| (s / 1000).to_string());
    let (score, odds) = score;
    format!(
        "{depth:>5} {multipv:>3} {score:>8} {odds:>9} {:>9} {knps:>8} {:>7.2}s  {}",
        human_count(nodes),
        ms as f64 / 1000.0,
        line_to_san(root, pv)
    )
}

fn print_line(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

impl Reporter for TableReporter {
    fn iteration(&self, root: &Position, info: &IterationInfo) {
        // A bound from an aspiration re-search is marked, never shown as if exact.
        let mark = match info.bound {
            Bound::Lower => ">=",
            Bound::Upper => "<=",
            _ => "",
        };
        if info.multipv == 1 && mark.is_empty() {
            if let Some(&best) = info.pv.first() {
                *self.last.lock().unwrap() = Some(Row { score: info.score, best });
            }
        }
        let depth = format!("{:>2}/{:<2}", info.depth, info.seldepth);
        let score = (format!("{mark}{}", self.shown(root, info.score)), self.shown_odds(root, info.score));
        print_line(&format_row(root, &depth, info.multipv, score, info.nodes, info.time_ms, &info.pv));
    }

    fn finished(&self, root: &Position, result: &SearchResult) {
        let Some(m) = result.best_move else {
            let verdict = root.outcome().map_or("no legal move", |o| o.describe());
            print_line(&format!("no move: {verdict}"));
            return;
        };
        let move_text = format!("best move: {} ({})", root.move_to_san(m), root.move_to_uci(m));
        if result.depth == 0 {
            print_line(&format!("{move_text}  no iteration completed, no score  nodes {}", result.nodes));
            return;
        }
        // A stop inside an iteration keeps its first line when that finished,
        // so the result can be newer than every row: show it as a row of its
        // own so that the summary repeats a score the table shows.
        let Some(score) = result.known_score() else {
            print_line(&format!("{move_text}  no score  nodes {}", result.nodes));
            return;
        };
        let last = *self.last.lock().unwrap();
        if last != Some(Row { score, best: m }) {
            let shown = (self.shown(root, score), self.shown_odds(root, score));
            print_line(&format_row(root, "final", 1, shown, result.nodes, result.time_ms, &result.pv));
        }
        print_line(&format!(
            "{move_text}  score {} (w/d/l {}%)  depth {}  nodes {}  time {:.2}s",
            self.shown(root, score),
            self.shown_odds(root, score),
            result.depth,
            result.nodes,
            result.time_ms as f64 / 1000.0
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_speed_under_a_measurable_time() {
        assert_eq!(speed(197_281, 0), None);
        assert_eq!(speed(197_281, MIN_TIMED_MS - 1), None);
        assert_eq!(speed(20_000, 20), Some(1_000_000));
    }

    #[test]
    fn white_view_flips_black_to_move_scores() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/q7/4K3 b - - 0 1", false).unwrap();
        assert_eq!(TableReporter::new(false).shown(&pos, 1020), "+10.20");
        assert_eq!(TableReporter::new(true).shown(&pos, 1020), "-10.20");
        let white = Position::from_fen("4k3/8/8/8/8/8/Q7/4K3 w - - 0 1", false).unwrap();
        assert_eq!(TableReporter::new(true).shown(&white, 1020), "+10.20");
        let odds = TableReporter::new(false).shown_odds(&pos, 150);
        let flipped = TableReporter::new(true).shown_odds(&pos, 150);
        let parts = |s: &str| s.split('/').map(|x| x.parse::<u32>().unwrap()).collect::<Vec<_>>();
        let (a, b) = (parts(&odds), parts(&flipped));
        assert_eq!((a[0], a[1], a[2]), (b[2], b[1], b[0]));
        assert!(a[0] > a[2]);
    }

    #[test]
    fn odds_in_percent_add_up_to_a_hundred() {
        assert_eq!(format_odds(WdlOdds { win: 1000, draw: 0, loss: 0 }), "100/0/0");
        assert_eq!(format_odds(WdlOdds { win: 335, draw: 330, loss: 335 }), "34/32/34");
        assert_eq!(format_odds(WdlOdds { win: 995, draw: 0, loss: 5 }), "100/0/0");
        for w in (0..=1000).step_by(7) {
            for l in (0..=1000 - w).step_by(13) {
                let parts: Vec<u32> = format_odds(WdlOdds { win: w, draw: 1000 - w - l, loss: l })
                    .split('/')
                    .map(|x| x.parse().unwrap())
                    .collect();
                assert_eq!(parts.iter().sum::<u32>(), 100);
            }
        }
    }
}
