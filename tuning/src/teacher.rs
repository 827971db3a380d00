//! A UCI engine run as a child process to label training positions.
//!
//! Our own search labels the evaluation with what a deeper look of the same
//! evaluation finds; once the weights sit at the fixed point of their own
//! search, more of those labels teach nothing new. A stronger engine's scores
//! know things the evaluation does not, and the tuner can pull the weights
//! towards them.

use jiangjun::chess::{Move, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// What the teacher said about one position: its score (centipawns, side to
/// move's view; `None` for a mate score) and its best move.
pub struct Verdict {
    pub score: Option<i32>,
    pub best: Move,
}

pub struct Teacher {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Teacher {
    /// Starts the engine and waits for `uciok` and `readyok`; `options` are
    /// `(name, value)` pairs sent as `setoption`.
    pub fn spawn(path: &str, options: &[(String, String)]) -> std::io::Result<Teacher> {
        let mut child = Command::new(path).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn()?;
        let input = child.stdin.take().ok_or_else(|| std::io::Error::other("no stdin"))?;
        let output = BufReader::new(child.stdout.take().ok_or_else(|| std::io::Error::other("no stdout"))?);
        let mut t = Teacher { child, input, output };
        t.send("uci")?;
        t.wait_for("uciok")?;
        for (name, value) in options {
            t.send(&format!("setoption name {name} value {value}"))?;
        }
        t.send("isready")?;
        t.wait_for("readyok")?;
        Ok(t)
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    fn read_line(&mut self) -> std::io::Result<String> {
        let mut line = String::new();
        if self.output.read_line(&mut line)? == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "the engine closed its output"));
        }
        Ok(line)
    }

    fn wait_for(&mut self, token: &str) -> std::io::Result<()> {
        while self.read_line()?.trim() != token {}
        Ok(())
    }

    /// Searches `pos` for `nodes` nodes. The score is that of the last
    /// `info` line with an exact score (a bound only when there is nothing
    /// else), so an aspiration fail at the node limit does not become the label.
    pub fn search(&mut self, pos: &Position, nodes: u64) -> std::io::Result<Option<Verdict>> {
        self.send(&format!("position fen {}", pos.to_fen()))?;
        self.send(&format!("go nodes {nodes}"))?;
        let (mut exact, mut bound): (Option<Option<i32>>, Option<Option<i32>>) = (None, None);
        loop {
            let line = self.read_line()?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    if let Some((score, is_bound)) = parse_score(&line) {
                        if is_bound {
                            bound = Some(score);
                        } else {
                            exact = Some(score);
                        }
                    }
                }
                Some("bestmove") => {
                    let best = words.next().and_then(|m| pos.parse_uci_move(m).ok());
                    let score = exact.or(bound);
                    return Ok(match (best, score) {
                        (Some(best), Some(score)) => Some(Verdict { score, best }),
                        _ => None,
                    });
                }
                _ => {}
            }
        }
    }
}

impl Drop for Teacher {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The score of an `info` line: `Some((Some(cp), bound))`, or
/// `Some((None, bound))` for a mate; `None` when the line has no score.
pub fn parse_score(line: &str) -> Option<(Option<i32>, bool)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score")?;
    let value = match (words.get(at + 1)?, words.get(at + 2)?) {
        (&"cp", v) => Some(v.parse::<i32>().ok()?),
        (&"mate", v) => {
            v.parse::<i32>().ok()?;
            None
        }
        _ => return None,
    };
    let bound = matches!(words.get(at + 3), Some(&"lowerbound") | Some(&"upperbound"));
    Some((value, bound))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_bounds_and_mates_are_read_from_info_lines() {
        let l = "info depth 11 seldepth 13 multipv 1 score cp -222 upperbound nodes 20025 pv e8g8";
        assert_eq!(parse_score(l), Some((Some(-222), true)));
        let l = "info depth 8 seldepth 9 multipv 1 score cp 35 nodes 2318 pv e8g8 d2d3";
        assert_eq!(parse_score(l), Some((Some(35), false)));
        assert_eq!(parse_score("info depth 3 score mate -2 pv a1a2"), Some((None, false)));
        assert_eq!(parse_score("info string hello"), None);
        assert_eq!(parse_score("info depth 3 score cp x"), None);
    }
}
