//! Shared code for the `tests/uci_*.rs` integration tests: a handle on a
//! running `jiangjun` process that holds a real UCI conversation, and
//! checkers for what it prints.
//!
//! Every read has a timeout (a reader thread feeds a channel that is read
//! with `recv_timeout`), so a hung engine fails the test instead of hanging
//! CI. A failure message carries the tail of the conversation and the
//! engine's stderr.

#![allow(dead_code)]

use jiangjun::chess::Position;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use crossbeam_channel::{Receiver, RecvTimeoutError};

/// Generous limit for anything the engine should do "at once".
pub const PROMPT: Duration = Duration::from_secs(2);
/// Generous limit for a short search (small depth, node count or clock).
pub const SEARCH: Duration = Duration::from_secs(20);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The conversation so far: `> sent` and `< received` lines.
    transcript: Arc<Mutex<Vec<String>>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Whether the engine's stdout has been closed.
    eof: bool,
}

impl Engine {
    /// Starts `jiangjun` with no arguments (UCI mode).
    pub fn spawn() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start the jiangjun binary");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let mut err_pipe = child.stderr.take().unwrap();
        let transcript = Arc::new(Mutex::new(Vec::new()));
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = crossbeam_channel::unbounded();
        {
            let transcript = Arc::clone(&transcript);
            std::thread::spawn(move || {
                let mut r = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match r.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end_matches(['\n', '\r']).to_string();
                            transcript.lock().unwrap_or_else(|e| e.into_inner()).push(format!("< {line}"));
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            });
        }
        {
            let stderr = Arc::clone(&stderr);
            std::thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                while let Ok(n) = err_pipe.read(&mut chunk) {
                    if n == 0 {
                        break;
                    }
                    stderr.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(&chunk[..n]);
                }
            });
        }
        Engine { child, stdin, lines: rx, transcript, stderr, eof: false }
    }

    /// Fails the test with `msg`, the tail of the conversation and stderr.
    #[track_caller]
    pub fn fail(&self, msg: &str) -> ! {
        // Copy out before panicking, so the reader thread's lock is not poisoned.
        let (tail, shown) = {
            let t = self.transcript.lock().unwrap_or_else(|e| e.into_inner());
            let from = t.len().saturating_sub(60);
            (t[from..].join("\n"), t.len() - from)
        };
        let err = self.stderr_text();
        panic!("{msg}\n--- last {shown} lines of the conversation ---\n{tail}\n--- stderr ---\n{err}");
    }

    /// Sends one line (a newline is added).
    #[track_caller]
    pub fn send(&mut self, line: &str) {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.write_raw(&bytes);
    }

    /// Writes raw bytes: nothing is added.
    #[track_caller]
    pub fn write_raw(&mut self, bytes: &[u8]) {
        let shown = String::from_utf8_lossy(bytes);
        let shown = if shown.len() > 200 {
            format!("{}... ({} bytes)", &shown[..shown.floor_char_boundary_compat(200)], bytes.len())
        } else {
            shown.to_string()
        };
        self.transcript.lock().unwrap_or_else(|e| e.into_inner()).push(format!("> {}", shown.trim_end_matches('\n')));
        let Some(stdin) = self.stdin.as_mut() else { self.fail("write after stdin was closed") };
        if let Err(e) = stdin.write_all(bytes).and_then(|_| stdin.flush()) {
            self.fail(&format!("cannot write to the engine: {e}"));
        }
    }

    /// Closes the engine's stdin (EOF).
    pub fn close_stdin(&mut self) {
        self.transcript.lock().unwrap_or_else(|e| e.into_inner()).push("> <EOF>".to_string());
        self.stdin = None;
    }

    /// The next line, or `None` when nothing arrives within `timeout` or the
    /// engine closed its stdout.
    pub fn try_recv(&mut self, timeout: Duration) -> Option<String> {
        if self.eof {
            return None;
        }
        match self.lines.recv_timeout(timeout) {
            Ok(l) => Some(l),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                None
            }
        }
    }

    /// Reads lines until one satisfies `pred`; returns every line read, the
    /// matching one last. Fails on timeout or end of output.
    #[track_caller]
    pub fn expect(&mut self, what: &str, timeout: Duration, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let now = Instant::now();
            if now >= deadline {
                self.fail(&format!("timed out after {timeout:?} waiting for {what}"));
            }
            match self.lines.recv_timeout(deadline - now) {
                Ok(l) => {
                    let done = pred(&l);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => self.fail(&format!("timed out after {timeout:?} waiting for {what}")),
                Err(RecvTimeoutError::Disconnected) => {
                    self.eof = true;
                    self.fail(&format!("the engine closed its output while we waited for {what}"))
                }
            }
        }
    }

    /// Everything printed within `dur` (reads until the time is up).
    pub fn collect_for(&mut self, dur: Duration) -> Vec<String> {
        let deadline = Instant::now() + dur;
        let mut got = Vec::new();
        loop {
            let now = Instant::now();
            if now >= deadline {
                return got;
            }
            match self.try_recv(deadline - now) {
                Some(l) => got.push(l),
                None if self.eof => return got,
                None => {}
            }
        }
    }

    /// `isready` → `readyok` within `timeout`; returns the lines before it.
    #[track_caller]
    pub fn sync_within(&mut self, timeout: Duration) -> Vec<String> {
        self.send("isready");
        let mut lines = self.expect("readyok", timeout, |l| l == "readyok");
        lines.pop();
        lines
    }

    /// `isready` → `readyok` (generous timeout); returns the lines before it.
    #[track_caller]
    pub fn sync(&mut self) -> Vec<String> {
        self.sync_within(Duration::from_secs(10))
    }

    /// The `uci` handshake; returns the lines before `uciok`.
    #[track_caller]
    pub fn handshake(&mut self) -> Vec<String> {
        self.send("uci");
        let mut lines = self.expect("uciok", Duration::from_secs(5), |l| l == "uciok");
        lines.pop();
        lines
    }

    /// Sends `setoption name <name> value <value>` and syncs; fails if the
    /// engine reports an error. Returns the lines printed before `readyok`.
    #[track_caller]
    pub fn set_option(&mut self, name: &str, value: &str) -> Vec<String> {
        self.send(&format!("setoption name {name} value {value}"));
        let lines = self.sync();
        if let Some(e) = lines.iter().find(|l| l.contains("error")) {
            self.fail(&format!("setoption {name} = {value} gave an error: {e}"));
        }
        lines
    }

    /// The `Fen:` line of the `d` command.
    #[track_caller]
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.sync();
        match lines.iter().filter_map(|l| l.strip_prefix("Fen: ")).collect::<Vec<_>>().as_slice() {
            [fen] => fen.to_string(),
            _ => self.fail("expected one Fen: line from d"),
        }
    }

    /// Sends `go ...` for the root `pos` (which must be the engine's current
    /// position) and reads until `bestmove`. Every line in between must be a
    /// well-formed `info` line with a legal PV, or an `info string`; the
    /// best and ponder moves must be legal and written as `pos` writes them.
    #[track_caller]
    pub fn go(&mut self, go: &str, pos: &Position, timeout: Duration) -> SearchOutput {
        self.send(go);
        self.read_search(pos, timeout)
    }

    /// Reads the rest of a search started earlier (see [`Engine::go`]).
    #[track_caller]
    pub fn read_search(&mut self, pos: &Position, timeout: Duration) -> SearchOutput {
        let lines = self.expect("bestmove", timeout, |l| l.starts_with("bestmove"));
        match check_search_output(pos, &lines) {
            Ok(out) => out,
            Err(e) => self.fail(&e),
        }
    }

    /// Waits for the process to exit.
    #[track_caller]
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status,
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
                Ok(None) => self.fail(&format!("the engine did not exit within {timeout:?}")),
                Err(e) => self.fail(&format!("cannot wait for the engine: {e}")),
            }
        }
    }

    /// What the engine wrote to stderr so far.
    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap_or_else(|e| e.into_inner())).to_string()
    }

    /// Fails if the engine printed a Rust panic message.
    #[track_caller]
    pub fn assert_no_panic(&self) {
        if self.stderr_text().contains("panicked") {
            self.fail("the engine panicked");
        }
    }

    /// Sends `quit` and checks the process exits with success, no panic.
    #[track_caller]
    pub fn quit(mut self) {
        self.send("quit");
        let status = self.wait_exit(Duration::from_secs(10));
        // Give the stderr reader a moment to catch the last bytes.
        std::thread::sleep(Duration::from_millis(20));
        self.assert_no_panic();
        if !status.success() {
            self.fail(&format!("the engine exited with {status}"));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `str::floor_char_boundary` is unstable; this is the same for our use.
trait FloorCharBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl FloorCharBoundary for str {
    fn floor_char_boundary_compat(&self, mut i: usize) -> usize {
        if i >= self.len() {
            return self.len();
        }
        while !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}

// --- checking what the engine prints -------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    Mate(i32),
}

#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: u32,
    pub score: Score,
    /// `Some("lowerbound")` / `Some("upperbound")`, `None` for exact.
    pub bound: Option<String>,
    /// `wdl W D L` in per mille (`UCI_ShowWDL`).
    pub wdl: Option<(u32, u32, u32)>,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    /// Present only when tablebases are loaded.
    pub tbhits: Option<u64>,
    pub time: u64,
    pub pv: Vec<String>,
}

/// Checks `line` against
/// `^info depth \d+ seldepth \d+ multipv \d+ score (cp -?\d+|mate -?\d+)( wdl \d+ \d+ \d+)?( lowerbound| upperbound)? nodes \d+ nps \d+ hashfull \d+( tbhits \d+)? time \d+ pv( [a-h][1-8][a-h][1-8][nbrq]?)+$`
/// plus a few sanity bounds, and parses it.
pub fn parse_info(line: &str) -> Result<Info, String> {
    let bad = |why: &str| Err(format!("malformed info line ({why}): {line:?}"));
    if line.contains("  ") || line.starts_with(' ') || line.ends_with(' ') {
        return bad("stray whitespace");
    }
    let toks: Vec<&str> = line.split(' ').collect();
    if toks.first() != Some(&"info") {
        return bad("no 'info'");
    }
    let mut i = 1;
    fn unsigned(t: Option<&&str>) -> Option<u64> {
        let t = *t?;
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        t.parse().ok()
    }
    fn signed(t: Option<&&str>) -> Option<i64> {
        let t = *t?;
        let digits = t.strip_prefix('-').unwrap_or(t);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        t.parse().ok()
    }
    let num = |key: &str, i: &mut usize| -> Result<u64, String> {
        if toks.get(*i) != Some(&key) {
            return Err(format!("malformed info line (expected '{key}' at token {}): {line:?}", *i));
        }
        let v = unsigned(toks.get(*i + 1))
            .ok_or_else(|| format!("malformed info line (bad value of '{key}'): {line:?}"))?;
        *i += 2;
        Ok(v)
    };
    let depth = num("depth", &mut i)? as u32;
    let seldepth = num("seldepth", &mut i)? as u32;
    let multipv = num("multipv", &mut i)? as u32;
    if toks.get(i) != Some(&"score") {
        return bad("expected 'score'");
    }
    let kind = toks.get(i + 1).copied();
    let v = signed(toks.get(i + 2));
    let score = match (kind, v) {
        (Some("cp"), Some(v)) => Score::Cp(v as i32),
        (Some("mate"), Some(v)) => Score::Mate(v as i32),
        _ => return bad("bad score"),
    };
    i += 3;
    let wdl = if toks.get(i) == Some(&"wdl") {
        let parts: Vec<Option<u64>> = (1..=3).map(|k| unsigned(toks.get(i + k))).collect();
        let [Some(w), Some(d), Some(l)] = parts[..] else {
            return bad("bad wdl");
        };
        if w + d + l != 1000 {
            return bad("wdl does not add up to 1000");
        }
        i += 4;
        Some((w as u32, d as u32, l as u32))
    } else {
        None
    };
    let bound = match toks.get(i) {
        Some(&b @ ("lowerbound" | "upperbound")) => {
            i += 1;
            Some(b.to_string())
        }
        _ => None,
    };
    let nodes = num("nodes", &mut i)?;
    let nps = num("nps", &mut i)?;
    let hashfull = num("hashfull", &mut i)? as u32;
    let tbhits = if toks.get(i) == Some(&"tbhits") { Some(num("tbhits", &mut i)?) } else { None };
    let time = num("time", &mut i)?;
    if toks.get(i) != Some(&"pv") {
        return bad("expected 'pv'");
    }
    i += 1;
    let pv: Vec<String> = toks[i.min(toks.len())..].iter().map(|s| s.to_string()).collect();
    if pv.is_empty() {
        return bad("empty pv");
    }
    for m in &pv {
        let b = m.as_bytes();
        let ok = (b.len() == 4 || b.len() == 5)
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && (b'a'..=b'h').contains(&b[2])
            && (b'1'..=b'8').contains(&b[3])
            && (b.len() == 4 || b"nbrq".contains(&b[4]));
        if !ok {
            return bad(&format!("pv token '{m}' is not a UCI move"));
        }
    }
    // Sanity beyond the grammar.
    if depth == 0 || multipv == 0 {
        return bad("depth and multipv start at 1");
    }
    if hashfull > 1000 {
        return bad("hashfull is per mille");
    }
    match score {
        Score::Cp(cp) if cp.abs() >= 32_000 => return bad("a cp score in the mate range"),
        Score::Mate(0) => return bad("mate 0 with a move to play"),
        _ => {}
    }
    match (score, wdl) {
        (Score::Mate(m), Some(odds)) if (m > 0) != (odds == (1000, 0, 0)) => {
            return bad("a mate score with uncertain odds")
        }
        (Score::Cp(cp), Some((w, _, l))) if (cp > 0 && w < l) || (cp < 0 && w > l) => {
            return bad("odds against the score")
        }
        _ => {}
    }
    Ok(Info { depth, seldepth, multipv, score, bound, wdl, nodes, nps, hashfull, tbhits, time, pv })
}

/// A `currmove` line: `info depth D currmove M currmovenumber K`.
#[derive(Clone, Debug, PartialEq)]
pub struct CurrMove {
    pub depth: u32,
    pub mv: String,
    pub number: u32,
}

/// Checks `line` against `^info depth \d+ currmove <move> currmovenumber \d+$`
/// (depth and number from 1) and parses it.
pub fn parse_currmove(line: &str) -> Result<CurrMove, String> {
    let bad = |why: &str| Err(format!("malformed currmove line ({why}): {line:?}"));
    let toks: Vec<&str> = line.split(' ').collect();
    let ["info", "depth", d, "currmove", m, "currmovenumber", k] = toks.as_slice() else {
        return bad("not 'info depth D currmove M currmovenumber K'");
    };
    let number =
        |t: &str| if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) { t.parse::<u32>().ok() } else { None };
    let (Some(depth), Some(number)) = (number(d), number(k)) else {
        return bad("bad number");
    };
    if depth == 0 || number == 0 {
        return bad("depth and currmovenumber start at 1");
    }
    Ok(CurrMove { depth, mv: m.to_string(), number })
}

/// The line before `bestmove (none)`: Stockfish's way of telling mate from
/// stalemate at the root.
pub const MATED_LINE: &str = "info depth 0 score mate 0";
pub const STALEMATE_LINE: &str = "info depth 0 score cp 0";

/// Checks any line the engine may print that starts with `info depth`.
pub fn check_info_depth_line(line: &str) -> Result<(), String> {
    if line.contains(" currmove ") {
        parse_currmove(line).map(|_| ())
    } else if line == MATED_LINE || line == STALEMATE_LINE {
        Ok(())
    } else {
        parse_info(line).map(|_| ())
    }
}

/// Replays `moves` from `pos`: each must be legal and spelt exactly as the
/// crate spells it (so castling is `e1g1` in standard chess and king-takes-
/// rook in Chess960). Returns the final position.
pub fn replay(pos: &Position, moves: &[String]) -> Result<Position, String> {
    let mut p = pos.clone();
    for (k, text) in moves.iter().enumerate() {
        let m = p
            .parse_uci_move(text)
            .map_err(|e| format!("move {} '{text}' of {moves:?} from {}: {e}", k + 1, pos.to_fen()))?;
        let canonical = p.move_to_uci(m);
        if &canonical != text {
            return Err(format!("move '{text}' in {} should be written '{canonical}'", p.to_fen()));
        }
        p.make_move(m);
    }
    Ok(p)
}

#[derive(Clone, Debug)]
pub struct SearchOutput {
    pub infos: Vec<Info>,
    pub currmoves: Vec<CurrMove>,
    /// The `info depth 0 ...` line before `bestmove (none)`.
    pub game_over: Option<String>,
    /// `None` for `bestmove (none)`.
    pub bestmove: Option<String>,
    pub ponder: Option<String>,
    /// Every line read, `bestmove` last.
    pub lines: Vec<String>,
}

impl SearchOutput {
    /// The last info line with multipv 1.
    pub fn last_main(&self) -> Option<&Info> {
        self.infos.iter().rev().find(|i| i.multipv == 1)
    }
}

/// Checks the lines of one search, from `go` to `bestmove` (last): every
/// line is well-formed and legal; a root without a legal move gets its
/// `score mate 0` / `score cp 0` line; otherwise the last main (multipv 1)
/// info line, if any, is exact and its PV starts with the best move.
pub fn check_search_output(pos: &Position, lines: &[String]) -> Result<SearchOutput, String> {
    let (last, rest) = lines.split_last().ok_or("no output")?;
    let mut infos = Vec::new();
    let mut currmoves = Vec::new();
    let mut game_over = None;
    let legal = pos.legal_moves().len() as u32;
    for l in rest {
        if l.starts_with("info string") {
            continue;
        }
        if l.starts_with("bestmove") {
            return Err(format!("two bestmoves for one go: {l:?} then {last:?}"));
        }
        if l == MATED_LINE || l == STALEMATE_LINE {
            let want = if pos.in_check() { MATED_LINE } else { STALEMATE_LINE };
            if pos.has_legal_move() || l != want {
                return Err(format!("{l:?} in {}", pos.to_fen()));
            }
            game_over = Some(l.clone());
            continue;
        }
        if l.contains(" currmove ") {
            let c = parse_currmove(l)?;
            replay(pos, std::slice::from_ref(&c.mv)).map_err(|e| format!("illegal currmove in {l:?}: {e}"))?;
            if c.number > legal {
                return Err(format!("currmovenumber beyond the {legal} legal moves: {l:?}"));
            }
            currmoves.push(c);
            continue;
        }
        let info = parse_info(l)?;
        replay(pos, &info.pv).map_err(|e| format!("illegal pv in {l:?}: {e}"))?;
        infos.push(info);
    }
    let toks: Vec<&str> = last.split(' ').collect();
    let (bestmove, ponder) = match toks.as_slice() {
        ["bestmove", "(none)"] => (None, None),
        ["bestmove", m] => (Some(m.to_string()), None),
        ["bestmove", m, "ponder", p] => (Some(m.to_string()), Some(p.to_string())),
        _ => return Err(format!("malformed bestmove line {last:?}")),
    };
    match &bestmove {
        None => {
            if pos.has_legal_move() {
                return Err(format!("bestmove (none) but {} has legal moves", pos.to_fen()));
            }
            if game_over.is_none() {
                return Err("bestmove (none) without 'score mate 0' or 'score cp 0' before it".to_string());
            }
        }
        Some(m) => {
            let mut seq = vec![m.clone()];
            seq.extend(ponder.clone());
            replay(pos, &seq).map_err(|e| format!("illegal bestmove line {last:?}: {e}"))?;
            if let Some(main) = infos.iter().rev().find(|i| i.multipv == 1) {
                if main.bound.is_some() || main.pv.first() != Some(m) {
                    return Err(format!(
                        "the last main info line before {last:?} is not exact with a pv from the best move"
                    ));
                }
            }
        }
    }
    Ok(SearchOutput { infos, currmoves, game_over, bestmove, ponder, lines: lines.to_vec() })
}

/// The position after `moves` from `fen` (`None`: the start position).
pub fn position(fen: Option<&str>, moves: &[&str], chess960: bool) -> Position {
    let mut p = match fen {
        None => {
            let mut p = Position::startpos();
            p.set_chess960(chess960);
            p
        }
        Some(f) => Position::from_fen(f, chess960).unwrap_or_else(|e| panic!("bad test FEN {f}: {e}")),
    };
    for m in moves {
        let mv = p.parse_uci_move(m).unwrap_or_else(|e| panic!("bad test move {m}: {e}"));
        p.make_move(mv);
    }
    p
}

/// The crate's own generator: seeded, so a failing case can be replayed.
#[allow(unused_imports)]
pub use jiangjun::chess::rng::SplitMix64 as Rng;

#[cfg(test)]
mod self_tests {
    use super::*;

    #[test]
    fn info_checker() {
        let ok = "info depth 12 seldepth 18 multipv 1 score cp -35 lowerbound nodes 123 nps 9 hashfull 42 time 125 pv e2e4 e7e5 a7a8q";
        let i = parse_info(ok).unwrap();
        assert_eq!((i.depth, i.score, i.bound.as_deref(), i.pv.len()), (12, Score::Cp(-35), Some("lowerbound"), 3));
        assert!(parse_info("info depth 1 seldepth 1 multipv 1 score mate 2 nodes 1 nps 1 hashfull 0 time 0 pv e2e4")
            .is_ok());
        for bad in [
            "info depth 1 seldepth 1 multipv 1 score cp 5 nodes 1 nps 1 hashfull 0 time 0",
            "info depth 1 seldepth 1 multipv 1 score cp 5 nodes 1 nps 1 hashfull 0 time 0 pv",
            "info depth 1 seldepth 1 multipv 1 score cp 5 nodes 1 nps 1 hashfull 0 time 0 pv e2e9",
            "info depth 1 seldepth 1 multipv 1 score cp 5 nodes 1 nps 1 hashfull 0 time 0 pv e2e4 ",
            "info depth 1 seldepth 1 multipv 1 score cp 5 exact nodes 1 nps 1 hashfull 0 time 0 pv e2e4",
            "info depth 1 multipv 1 score cp 5 nodes 1 nps 1 hashfull 0 time 0 pv e2e4",
            "info depth 1 seldepth 1 multipv 1 score cp -x nodes 1 nps 1 hashfull 0 time 0 pv e2e4",
            "info depth 1 seldepth 1 multipv 1 score cp 5 nodes -1 nps 1 hashfull 0 time 0 pv e2e4",
            "info depth 1 seldepth 1 multipv 1 score cp 5 nodes 1 nps 1 hashfull 0 time 0 pv e2e4k",
        ] {
            assert!(parse_info(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn currmove_checker() {
        let c = parse_currmove("info depth 7 currmove e2e4 currmovenumber 3").unwrap();
        assert_eq!(c, CurrMove { depth: 7, mv: "e2e4".into(), number: 3 });
        for bad in [
            "info depth 7 currmove e2e4 currmovenumber 0",
            "info depth 0 currmove e2e4 currmovenumber 1",
            "info depth 7 currmove e2e4 currmovenumber",
            "info depth 7 currmove e2e4  currmovenumber 1",
            "info depth x currmove e2e4 currmovenumber 1",
            "info currmove e2e4 currmovenumber 1",
        ] {
            assert!(parse_currmove(bad).is_err(), "{bad}");
        }
        assert!(check_info_depth_line(MATED_LINE).is_ok());
        assert!(check_info_depth_line("info depth 0 score mate 1").is_err());
    }
}
