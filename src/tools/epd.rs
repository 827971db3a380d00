//! EPD test suites: `bm`/`am` suites (WAC, ECM, ...), STS scoring by the
//! points in `c0` ("f5=10, Be5+=2, ..."), and mate suites written
//! `bm #N` (mates2000: N > 0 the side to move mates in N).

use crate::chess::{Move, Position};
use crate::search::{mate_moves, Limits, SearchPool, SilentReporter};
use std::sync::Arc;

/// One parsed EPD record.
#[derive(Clone, Debug)]
pub struct EpdRecord {
    pub line_no: usize,
    pub id: String,
    pub pos: Position,
    pub best: Vec<Move>,
    pub avoid: Vec<Move>,
    /// STS-style points per move, from `c0`.
    pub points: Vec<(Move, u32)>,
    /// `bm #N`: mate in N moves (negative: the side to move is mated).
    pub mate: Option<i32>,
}

impl EpdRecord {
    /// Whether the record says what to play or avoid (`bm`, `am`, `bm #N`);
    /// one without cannot be solved or missed.
    pub fn has_key(&self) -> bool {
        !self.best.is_empty() || !self.avoid.is_empty() || self.mate.is_some()
    }
}

/// Splits an EPD line into its FEN part and its operations.
fn split_ops(line: &str) -> (String, Vec<(String, String)>) {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let fen_len = fields.len().min(4);
    let fen = fields[..fen_len].join(" ");
    let rest = fields[fen_len..].join(" ");
    let mut ops = Vec::new();
    // Operations are `opcode operands;` with operands possibly quoted.
    let mut cur = String::new();
    let mut in_quote = false;
    for c in rest.chars() {
        match c {
            '"' => {
                in_quote = !in_quote;
                cur.push(c);
            }
            ';' if !in_quote => {
                push_op(&mut ops, &cur);
                cur.clear();
            }
            _ => cur.push(c),
        }
    }
    push_op(&mut ops, &cur);
    (fen, ops)
}

fn push_op(ops: &mut Vec<(String, String)>, text: &str) {
    let t = text.trim();
    if t.is_empty() {
        return;
    }
    let (op, arg) = t.split_once(' ').unwrap_or((t, ""));
    ops.push((op.to_string(), arg.trim().trim_matches('"').to_string()));
}

/// Parses a suite; lines that cannot be read are returned as errors with
/// their line numbers, not silently skipped.
pub fn parse_suite(text: &str, chess960: bool) -> (Vec<EpdRecord>, Vec<String>) {
    let mut records = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, ops) = split_ops(line);
        let pos = match Position::from_fen(&fen, chess960) {
            Ok(p) => p,
            Err(e) => {
                errors.push(format!("line {}: {e}", i + 1));
                continue;
            }
        };
        let mut rec = EpdRecord {
            line_no: i + 1,
            id: format!("line {}", i + 1),
            pos,
            best: Vec::new(),
            avoid: Vec::new(),
            points: Vec::new(),
            mate: None,
        };
        let mut bad = None;
        for (op, arg) in &ops {
            match op.as_str() {
                "id" => rec.id = arg.clone(),
                "bm" | "am" => {
                    if let Some(n) = arg.strip_prefix('#') {
                        match n.trim().parse::<i32>() {
                            Ok(n) => rec.mate = Some(n),
                            Err(_) => bad = Some(format!("bad mate '{arg}'")),
                        }
                        continue;
                    }
                    for san in arg.split_whitespace() {
                        match rec.pos.parse_move(san) {
                            Ok(m) => {
                                if op == "bm" {
                                    rec.best.push(m)
                                } else {
                                    rec.avoid.push(m)
                                }
                            }
                            Err(e) => bad = Some(format!("{op} {e}")),
                        }
                    }
                }
                "c0" => {
                    // STS: "f5=10, Be5+=2, Bf2=3".
                    for part in arg.split(',') {
                        if let Some((mv, pts)) = part.trim().split_once('=') {
                            if let (Ok(m), Ok(p)) = (rec.pos.parse_move(mv.trim()), pts.trim().parse::<u32>()) {
                                rec.points.push((m, p));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        match bad {
            Some(e) => errors.push(format!("line {} ({}): {e}", i + 1, rec.id)),
            None => records.push(rec),
        }
    }
    (records, errors)
}

/// The result of one position.
#[derive(Clone, Debug)]
pub struct EpdOutcome {
    pub id: String,
    pub chosen: Option<Move>,
    pub solved: bool,
    pub points: u32,
    pub max_points: u32,
    /// For mate records: mate found, and found at the stated distance.
    pub mate_found: bool,
    pub mate_shortest: bool,
}

pub fn run_one(pool: &mut SearchPool, rec: &EpdRecord, limits: &Limits) -> EpdOutcome {
    pool.clear();
    let r = pool.search_blocking(&rec.pos, limits.clone(), 1, Arc::new(SilentReporter));
    let chosen = r.best_move;
    let max_points = rec.points.iter().map(|p| p.1).max().unwrap_or(0);
    let points = chosen.and_then(|c| rec.points.iter().find(|p| p.0 == c)).map_or(0, |p| p.1);
    let (mut mate_found, mut mate_shortest) = (false, false);
    let solved = if let Some(n) = rec.mate {
        if let Some(m) = r.known_score().and_then(mate_moves) {
            mate_found = m.signum() == n.signum();
            mate_shortest = m == n;
        }
        mate_found
    } else {
        let best_ok = rec.best.is_empty() || chosen.is_some_and(|c| rec.best.contains(&c));
        let avoid_ok = chosen.is_some_and(|c| !rec.avoid.contains(&c));
        (!rec.best.is_empty() || !rec.avoid.is_empty()) && best_ok && avoid_ok
    };
    EpdOutcome { id: rec.id.clone(), chosen, solved, points, max_points, mate_found, mate_shortest }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_without_bm_or_am_have_no_key() {
        let text = "4k3/8/8/8/8/8/8/Q3K3 w - - id \"bare\";\n\
                    4k3/8/8/8/8/8/8/Q3K3 w - - bm Qa8+; id \"bm\";\n\
                    4k3/8/8/8/8/8/8/Q3K3 w - - am Qa2; id \"am\";\n\
                    4k3/8/8/8/8/8/8/Q3K3 w - - bm #2; id \"mate\";\n";
        let (records, errors) = parse_suite(text, false);
        assert!(errors.is_empty(), "{errors:?}");
        let keyed: Vec<&str> = records.iter().filter(|r| r.has_key()).map(|r| r.id.as_str()).collect();
        assert_eq!(keyed, ["bm", "am", "mate"]);
    }
}
