//! One line of UCI input in, one typed [`UciCommand`] out; plus the `info`
//! line we print ([`InfoLine`]).
//!
//! This is the single place where GUI input is interpreted. [`parse_line`] is
//! total: it returns `Ok` or `Err(message)` for every `&str` and never panics
//! (there is a seeded fuzz test for that). `Err` is only for a command we
//! recognise given bad arguments (`position fen` with no FEN, `bench abc`);
//! the caller prints it as `info string error: <message>`.
//!
//! # Why our own parser and not `vampirc-uci`
//!
//! `vampirc-uci` 0.11.1 (a dependency in `Cargo.toml`) was checked with a
//! small program, `parse_one(line)` for each line. Its grammar is fine for
//! well-formed lines, but the defects below hit `go`, `position` and
//! `setoption`, which are the commands that matter; those are parsed here by
//! our own code. The commands it does get right (`uci`, `isready`,
//! `ucinewgame`, `stop`, `ponderhit`, `quit`, `debug on|off`) are handed to
//! the crate (`simple_command`). The crate is also used in this file's tests:
//! as a reference on inputs it parses correctly (our result must agree with
//! it), and as a tripwire that fails if an upgrade fixes the non-panicking
//! defects.
//!
//! Defects confirmed in `vampirc-uci` 0.11.1, and how this module handles each:
//!
//! 1. **Panic on a `go` line ending in whitespace.** `"go "`, `"go infinite "`
//!    and `"go wtime 1000 "` reach `unreachable!()` (parser.rs:333, an `EOI`
//!    pair inside `go_full`). *We:* tokenise with
//!    `split_ascii_whitespace`-style splitting, so trailing blanks,
//!    tabs and `\r` never matter.
//! 2. **Panic on `go depth|mate|movestogo` of 256 to 999.** `"go depth 256"`,
//!    `"go mate 256"` and `"go movestogo 256"` call `str::parse::<u8>().unwrap()`
//!    (parser.rs:890). *We:* read every number with our own saturating reader
//!    into `u32`/`u64`/`i64`. `go depth 1000` gives depth 1000; clamping is
//!    the engine's job.
//! 3. **Silent truncation of long numbers.** The grammar allows at most 3
//!    digits (`digits3`) or 12 (`milliseconds`, `digits12`) and then stops
//!    matching without an error, because `parse_one` does not require end of
//!    input. So `"go depth 1000"` becomes depth **100**, and
//!    `"go wtime 99999999999999999999"` becomes wtime 999999999999.
//!    *We:* take all the digits. A value too big for its type saturates:
//!    `i64::MAX` for times, `u32::MAX`/`u64::MAX` for counts.
//! 4. **`go ponder` is lost when time controls follow.** `ponder`,
//!    `infinite`, `movetime` and the clock fields share one `time_control`
//!    slot, and the clock fields overwrite it. So
//!    `"go ponder wtime 1000 btime 1000"` (what Cute Chess sends when
//!    pondering) comes back without ponder, and `"go infinite wtime 100"`
//!    comes back without infinite. *We:* keep `ponder` and `infinite` as
//!    independent flags in [`GoParams`].
//! 5. **Shredder-FEN / X-FEN castling fields are rejected.** The castling rule
//!    only accepts `KQkq`, so
//!    `"position fen nrknqrbb/1p2ppp1/2pp4/Q6p/P2P3P/8/1PP1PPP1/NRKN1RBB w FBfb - 0 9 moves a5a8"`
//!    comes back as `Unknown`. *We:* copy the FEN through verbatim.
//! 6. **FENs without the two move counters are rejected.**
//!    `"position fen 8/8/8/8/8/8/8/K1k5 w - - moves a1a2"` comes back as
//!    `Unknown`. *We:* the FEN is every token after `fen` up to the `moves`
//!    keyword, joined with single spaces. Checking it is the engine's job.
//! 7. **The move list is silently cut at the first token that is not a
//!    move.** `"position startpos moves e2e4 0000 e7e5"` comes back with
//!    moves `[e2e4]`, and `"position startpos garbage"` comes back as plain
//!    startpos. *We:* return every token after `moves` as a raw string, so
//!    the engine checks each one against the position and can report the bad
//!    one. A stray token between `startpos` and `moves` is an error.
//! 8. **Option names that start with "value" are misread.** The name rule is
//!    `!^"value" ~ token`, a case-insensitive *prefix* test, so
//!    `"setoption name Value Scale value 3"` and
//!    `"setoption name valuex value 1"` come back as `Unknown`. *We:* split on
//!    the first whole token that is exactly `value` (lower case, like every
//!    UCI keyword), and never at the first name token. The name has its inner
//!    whitespace collapsed to single spaces. The value is everything after
//!    that `value` token, taken verbatim (inner whitespace kept) and trimmed
//!    at both ends. vampirc also keeps trailing blanks in the value
//!    (`"... value Risky Play "` gives `"Risky Play "`) and turns a bare
//!    trailing `value` into `None`. We give `Some("")`: the value was set to
//!    an empty string.
//! 9. **Extra tokens and case are ignored.** `"UCI"` and `"Isready"` are
//!    accepted (the grammar uses `^"..."`), and so is `"isready now"`,
//!    because of the missing end-of-input check. *We:* command words are
//!    case-sensitive, as UCI specifies: only exact lower case is recognised,
//!    and anything else is [`UciCommand::Unknown`]. Extra tokens after a
//!    command that takes no arguments are ignored, as the UCI spec says to do
//!    with unknown tokens.
//! 10. **`info` serialisation prints the wrong bound.** `Score` with
//!     `lower_bound: Some(false)` is printed as `lowerbound`, because it tests
//!     `is_some()`, not the value. *We:* never use vampirc's `info`
//!     serialisation. [`InfoLine`] with [`Bound`] renders the line itself.
//!
//! # Conventions
//!
//! * A trailing `\r` (CRLF input), leading and trailing whitespace, and runs
//!   of spaces or tabs between tokens are all fine. Tokens are separated by
//!   ASCII whitespace only. Other Unicode whitespace stays inside a token.
//! * The first token decides the command. Unknown command words (`xboard`,
//!   `protover 2`, `hello`, upper-case `UCI`) give
//!   `Unknown(trimmed line)`. `register` is valid UCI, but we have no use for
//!   it, so it is `Unknown` too.
//! * `go` is never an `Err` (except `go perft`), because every `go` must be
//!   answered with a `bestmove`. What is wrong with it goes into
//!   [`GoParams::notes`]: a known keyword with a missing or non-integer value
//!   is dropped, a negative value is read as 0, and tokens that are not `go`
//!   keywords are skipped (the UCI spec says to ignore them). The search runs
//!   with the rest.
//! * Numbers too big for their field saturate. Clamping them to what the
//!   search supports is the engine's job.

use std::fmt;

/// One parsed line of GUI input.
#[derive(Clone, Debug, PartialEq)]
pub enum UciCommand {
    Uci,
    Debug(bool),
    IsReady,
    /// `name` has its inner whitespace collapsed to single spaces. `value` is
    /// `None` without a `value` token and `Some("")` for a bare trailing
    /// `value`.
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    /// `fen: None` means the start position. `moves` are the raw tokens after
    /// `moves`; the engine checks them against the position.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    // --- extensions ---
    /// `d`: print the board.
    Display,
    /// `go perft N`.
    Perft(u32),
    /// `bench [depth]`.
    Bench(Option<u32>),
    /// `eval`: print the static evaluation.
    Eval,
    /// A blank or whitespace-only line.
    Empty,
    /// Anything else, holding the trimmed line. The caller prints an info string.
    Unknown(String),
}

/// Parameters of `go`. A field is `None`/`false`/empty when its keyword was
/// absent or its value was not an integer. Values are as given, except that a
/// negative one is 0: the engine clamps them (0 ms is "move now"; depth or
/// nodes 0 is the smallest search; mate or movestogo 0 is no limit).
#[derive(Default, Clone, Debug, PartialEq)]
pub struct GoParams {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<i64>,
    pub infinite: bool,
    pub ponder: bool,
    pub searchmoves: Vec<String>,
    /// What was wrong with the line, one message per problem, each to be
    /// printed as `info string error: <note>`.
    pub notes: Vec<String>,
}

/// Parses one line of UCI input. It never panics.
///
/// `Err(message)` is only for a recognised command with bad arguments. The
/// message is meant to be printed as `info string error: <message>`.
pub fn parse_line(line: &str) -> Result<UciCommand, String> {
    let toks = tokenize(line);
    let Some(first) = toks.first() else {
        return Ok(UciCommand::Empty);
    };
    let args = &toks[1..];
    if let Some(cmd) = simple_command(first.text, args) {
        return Ok(cmd);
    }
    Ok(match first.text {
        "uci" => UciCommand::Uci,
        "debug" => match args.first().map(|t| t.text) {
            Some("on") => UciCommand::Debug(true),
            Some("off") => UciCommand::Debug(false),
            Some(other) => return Err(format!("debug: expected 'on' or 'off', got '{}'", shorten(other))),
            None => return Err("debug: expected 'on' or 'off'".to_string()),
        },
        "isready" => UciCommand::IsReady,
        "setoption" => parse_setoption(line, args)?,
        "ucinewgame" => UciCommand::UciNewGame,
        "position" => parse_position(args)?,
        "go" => parse_go(args)?,
        "stop" => UciCommand::Stop,
        "ponderhit" => UciCommand::PonderHit,
        "quit" => UciCommand::Quit,
        "d" => UciCommand::Display,
        "eval" => UciCommand::Eval,
        "bench" => match args.first() {
            None => UciCommand::Bench(None),
            Some(t) => UciCommand::Bench(Some(read_u32("bench", t.text)?)),
        },
        _ => UciCommand::Unknown(trimmed(line, &toks).to_string()),
    })
}

/// The first word of a line (the command, if it is one), for the caller to
/// tell which command an `Err` of [`parse_line`] was about.
pub fn command_word(line: &str) -> Option<&str> {
    tokenize(line).first().map(|t| t.text)
}

/// The argument-free commands (and `debug on|off`), which `vampirc-uci`
/// parses correctly: they are handed to the crate. Only exact lower-case
/// command words get here (defect 9), and the crate sees the canonical form
/// of the line, so its other defects cannot be reached.
fn simple_command(word: &str, args: &[Tok<'_>]) -> Option<UciCommand> {
    use vampirc_uci::UciMessage;
    let canonical = match word {
        "uci" | "isready" | "ucinewgame" | "stop" | "ponderhit" | "quit" => word.to_string(),
        "debug" => match args.first().map(|t| t.text) {
            Some(v @ ("on" | "off")) => format!("debug {v}"),
            _ => return None, // our own error message below
        },
        _ => return None,
    };
    match vampirc_uci::parse_one(&canonical) {
        UciMessage::Uci => Some(UciCommand::Uci),
        UciMessage::IsReady => Some(UciCommand::IsReady),
        UciMessage::UciNewGame => Some(UciCommand::UciNewGame),
        UciMessage::Stop => Some(UciCommand::Stop),
        UciMessage::PonderHit => Some(UciCommand::PonderHit),
        UciMessage::Quit => Some(UciCommand::Quit),
        UciMessage::Debug(on) => Some(UciCommand::Debug(on)),
        _ => None,
    }
}

/// A token and its byte offset in the line.
#[derive(Clone, Copy, Debug)]
struct Tok<'a> {
    start: usize,
    text: &'a str,
}

impl Tok<'_> {
    fn end(&self) -> usize {
        self.start + self.text.len()
    }
}

/// Splits on ASCII whitespace (space, tab, CR, LF, FF). An ASCII byte is
/// never part of a multi-byte UTF-8 sequence, so every offset is a char
/// boundary and slicing `line` with them cannot panic.
fn tokenize(line: &str) -> Vec<Tok<'_>> {
    let bytes = line.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        toks.push(Tok { start, text: &line[start..i] });
    }
    toks
}

/// The line with its leading and trailing whitespace removed (inner whitespace kept).
fn trimmed<'a>(line: &'a str, toks: &[Tok<'a>]) -> &'a str {
    match (toks.first(), toks.last()) {
        (Some(a), Some(b)) => &line[a.start..b.end()],
        _ => "",
    }
}

fn join(toks: &[Tok<'_>]) -> String {
    toks.iter().map(|t| t.text).collect::<Vec<_>>().join(" ")
}

/// Shortens a token for an error message. It cuts on a char boundary.
fn shorten(s: &str) -> String {
    const MAX: usize = 32;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(MAX).collect();
        out.push_str("...");
        out
    }
}

/// `setoption name <name...> [value <value...>]`. The value separator is the
/// first whole token `value` that comes after at least one name token, so a
/// name may itself start with "value" or "Value" (vampirc defect 8).
fn parse_setoption(line: &str, args: &[Tok<'_>]) -> Result<UciCommand, String> {
    match args.first().map(|t| t.text) {
        Some("name") => {}
        Some(other) => return Err(format!("setoption: expected 'name', got '{}'", shorten(other))),
        None => return Err("setoption: expected 'name <id> [value <x>]'".to_string()),
    }
    let rest = &args[1..];
    if rest.is_empty() {
        return Err("setoption: missing option name".to_string());
    }
    let split = rest.iter().skip(1).position(|t| t.text == "value").map(|i| i + 1);
    let (name_toks, value) = match split {
        None => (rest, None),
        Some(i) => {
            let vals = &rest[i + 1..];
            let value = match (vals.first(), vals.last()) {
                (Some(a), Some(b)) => line[a.start..b.end()].to_string(),
                _ => String::new(),
            };
            (&rest[..i], Some(value))
        }
    };
    Ok(UciCommand::SetOption { name: join(name_toks), value })
}

/// `position (startpos | fen <fields...>) [moves <m1> <m2> ...]`.
/// The FEN and the moves go through as written (vampirc defects 5, 6 and 7).
fn parse_position(args: &[Tok<'_>]) -> Result<UciCommand, String> {
    let moves_at = args.iter().position(|t| t.text == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&args[..i], args[i + 1..].iter().map(|t| t.text.to_string()).collect()),
        None => (args, Vec::new()),
    };
    let fen = match head.first().map(|t| t.text) {
        Some("startpos") => {
            if let Some(extra) = head.get(1) {
                return Err(format!("position startpos: unexpected '{}' (expected 'moves')", shorten(extra.text)));
            }
            None
        }
        Some("fen") => {
            if head.len() < 2 {
                return Err("position fen: missing FEN".to_string());
            }
            Some(join(&head[1..]))
        }
        Some(other) => return Err(format!("position: expected 'startpos' or 'fen', got '{}'", shorten(other))),
        None => return Err("position: expected 'startpos' or 'fen'".to_string()),
    };
    Ok(UciCommand::Position { fen, moves })
}

#[rustfmt::skip]
const GO_KEYWORDS: &[&str] = &[
    "searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes",
    "mate", "movetime", "infinite", "perft",
];

/// Parses the arguments of `go` with our own code (vampirc defects 1-4).
///
/// Every `go` must be answered with a `bestmove`, so a bad field never
/// rejects the command: it goes into [`GoParams::notes`] and the search runs
/// with the rest. A missing or non-integer value drops its field; a negative
/// one is read as 0 (see [`GoParams`]). `go perft` is not a search and stays
/// an `Err` when malformed.
fn parse_go(args: &[Tok<'_>]) -> Result<UciCommand, String> {
    if args.iter().any(|t| t.text == "perft") {
        return match args {
            [kw, n] if kw.text == "perft" => Ok(UciCommand::Perft(read_u32("go perft", n.text)?)),
            [kw] if kw.text == "perft" => Err("go perft: missing depth".to_string()),
            _ => Err("go perft: expected exactly 'go perft <depth>'".to_string()),
        };
    }
    let mut p = GoParams::default();
    let mut unknown: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let kw = args[i].text;
        i += 1;
        if !GO_KEYWORDS.contains(&kw) {
            unknown.push(kw);
            continue;
        }
        report_unknown(&mut p.notes, &mut unknown);
        // The value token of a keyword that takes one. It may not be another keyword.
        let value = match args.get(i) {
            Some(t) if !GO_KEYWORDS.contains(&t.text) => Some(t.text),
            _ => None,
        };
        let takes_value = !matches!(kw, "ponder" | "infinite" | "searchmoves");
        if takes_value {
            let Some(v) = value else {
                p.notes.push(format!("go {kw}: missing value; ignored"));
                continue;
            };
            i += 1;
            if let Err(e) = set_go_field(&mut p, kw, v) {
                p.notes.push(e);
            }
            continue;
        }
        match kw {
            "ponder" => p.ponder = true,
            "infinite" => p.infinite = true,
            _ => {
                while let Some(t) = args.get(i) {
                    if GO_KEYWORDS.contains(&t.text) {
                        break;
                    }
                    p.searchmoves.push(t.text.to_string());
                    i += 1;
                }
            }
        }
    }
    report_unknown(&mut p.notes, &mut unknown);
    Ok(UciCommand::Go(p))
}

/// The UCI spec says to ignore unknown tokens; we still say so, once per run
/// of them, since a typo would otherwise pass unnoticed.
fn report_unknown(notes: &mut Vec<String>, unknown: &mut Vec<&str>) {
    if unknown.is_empty() {
        return;
    }
    let text = unknown.join(" ");
    notes.push(format!("go: unknown '{}' ignored", shorten(&text)));
    unknown.clear();
}

/// Sets the `go` field `kw` from its value token `v`. A value that is not a
/// number is an `Err` (the field stays unset). A decimal fraction is cut off
/// and a negative number read as 0, each with a note in `p.notes`.
fn set_go_field(p: &mut GoParams, kw: &str, v: &str) -> Result<(), String> {
    let what = format!("go {kw}");
    let (int_part, fraction) = match v.split_once('.') {
        Some((i, f)) if !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()) => (i, true),
        _ => (v, false),
    };
    let Some((negative, magnitude)) = read_int(int_part) else {
        return Err(format!("{what}: expected an integer, got '{}'; ignored", shorten(v)));
    };
    let negative = negative && magnitude > 0;
    if negative {
        p.notes.push(format!("{what}: {} is negative; read as 0", shorten(v)));
    } else if fraction {
        p.notes.push(format!("{what}: {} is not a whole number; read as {magnitude}", shorten(v)));
    }
    let count = if negative { 0 } else { magnitude };
    let time = Some(i64::try_from(count).unwrap_or(i64::MAX));
    let small = Some(u32::try_from(count).unwrap_or(u32::MAX));
    match kw {
        "wtime" => p.wtime = time,
        "btime" => p.btime = time,
        "winc" => p.winc = time,
        "binc" => p.binc = time,
        "movetime" => p.movetime = time,
        "movestogo" => p.movestogo = small,
        "depth" => p.depth = small,
        "mate" => p.mate = small,
        "nodes" => p.nodes = Some(count),
        _ => {} // only keywords that take a value get here
    }
    Ok(())
}

/// Reads an optionally signed decimal integer. It returns (negative, magnitude),
/// with the magnitude saturating at `u64::MAX`. `None` means it is not an integer.
fn read_int(tok: &str) -> Option<(bool, u64)> {
    let (negative, digits) = match tok.as_bytes().first() {
        // The first byte is ASCII, so slicing at 1 is on a char boundary.
        Some(b'-') => (true, &tok[1..]),
        Some(b'+') => (false, &tok[1..]),
        _ => (false, tok),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.bytes().fold(0u64, |acc, b| acc.saturating_mul(10).saturating_add(u64::from(b - b'0')));
    Some((negative, magnitude))
}

fn read_u64(what: &str, tok: &str) -> Result<u64, String> {
    match read_int(tok) {
        Some((false, m)) | Some((true, m @ 0)) => Ok(m),
        _ => Err(format!("{what}: expected a non-negative integer, got '{}'", shorten(tok))),
    }
}

fn read_u32(what: &str, tok: &str) -> Result<u32, String> {
    read_u64(what, tok).map(|m| u32::try_from(m).unwrap_or(u32::MAX))
}

// ---------------------------------------------------------------------------
// Output: the `info` line (vampirc defect 10).
// ---------------------------------------------------------------------------

/// Whether the score is exact or failed outside the aspiration window.
pub use crate::search::Bound;
/// A search score as UCI prints it: centipawns from the side to move's
/// point of view, or mate in this many moves (negative: being mated).
pub use crate::search::ScoreKind as Score;

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

impl Bound {
    /// The UCI keyword after the score, if any: `lowerbound` for a fail
    /// high, `upperbound` for a fail low.
    pub fn keyword(self) -> Option<&'static str> {
        match self {
            Bound::Exact | Bound::None => None,
            Bound::Lower => Some("lowerbound"),
            Bound::Upper => Some("upperbound"),
        }
    }
}

/// One `info` line for the search result. `Display` renders
/// `info depth D seldepth S multipv K score (cp X|mate M) [lowerbound|upperbound]
/// nodes N nps N hashfull H time T pv m1 m2 ...`.
/// The fields always come in this order. `pv` is last and left out when the
/// line is empty.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoLine {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: u32,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    /// Printed only when tablebases are loaded.
    pub tbhits: Option<u64>,
    pub time_ms: u64,
    /// Win/draw/loss odds in per mille (`UCI_ShowWDL`).
    pub wdl: Option<(u32, u32, u32)>,
    pub pv: Vec<String>,
}

impl fmt::Display for InfoLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "info depth {} seldepth {} multipv {} score {}",
            self.depth, self.seldepth, self.multipv, self.score
        )?;
        // Stockfish's order: the odds follow the score, the bound follows them.
        if let Some((w, d, l)) = self.wdl {
            write!(f, " wdl {w} {d} {l}")?;
        }
        if let Some(word) = self.bound.keyword() {
            write!(f, " {word}")?;
        }
        write!(f, " nodes {} nps {} hashfull {}", self.nodes, self.nps, self.hashfull)?;
        if let Some(hits) = self.tbhits {
            write!(f, " tbhits {hits}")?;
        }
        write!(f, " time {}", self.time_ms)?;
        if !self.pv.is_empty() {
            f.write_str(" pv")?;
            for m in &self.pv {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> UciCommand {
        match parse_line(line) {
            Ok(c) => c,
            Err(e) => panic!("parse_line({line:?}) returned Err({e:?})"),
        }
    }

    fn err(line: &str) -> String {
        match parse_line(line) {
            Ok(c) => panic!("parse_line({line:?}) returned Ok({c:?}), expected Err"),
            Err(e) => e,
        }
    }

    fn go(line: &str) -> GoParams {
        match ok(line) {
            UciCommand::Go(p) => p,
            other => panic!("parse_line({line:?}) = {other:?}, expected Go"),
        }
    }

    fn pos(fen: Option<&str>, moves: &[&str]) -> UciCommand {
        UciCommand::Position { fen: fen.map(str::to_string), moves: moves.iter().map(|m| m.to_string()).collect() }
    }

    fn opt(name: &str, value: Option<&str>) -> UciCommand {
        UciCommand::SetOption { name: name.to_string(), value: value.map(str::to_string) }
    }

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    // --- simple commands -------------------------------------------------

    #[test]
    fn simple_commands() {
        assert_eq!(ok("uci"), UciCommand::Uci);
        assert_eq!(ok("isready"), UciCommand::IsReady);
        assert_eq!(ok("ucinewgame"), UciCommand::UciNewGame);
        assert_eq!(ok("stop"), UciCommand::Stop);
        assert_eq!(ok("ponderhit"), UciCommand::PonderHit);
        assert_eq!(ok("quit"), UciCommand::Quit);
        assert_eq!(ok("d"), UciCommand::Display);
        assert_eq!(ok("eval"), UciCommand::Eval);
        assert_eq!(ok("debug on"), UciCommand::Debug(true));
        assert_eq!(ok("debug off"), UciCommand::Debug(false));
    }

    #[test]
    fn debug_bad_argument_is_error() {
        assert!(err("debug").contains("debug"));
        assert!(err("debug maybe").contains("maybe"));
        assert!(err("debug ON").contains("ON"));
    }

    #[test]
    fn bench() {
        assert_eq!(ok("bench"), UciCommand::Bench(None));
        assert_eq!(ok("bench 10"), UciCommand::Bench(Some(10)));
        assert_eq!(ok("bench 99999999999999"), UciCommand::Bench(Some(u32::MAX)));
        assert!(err("bench abc").contains("abc"));
        assert!(err("bench -3").contains("-3"));
    }

    #[test]
    fn whitespace_crlf_and_tabs() {
        assert_eq!(ok(""), UciCommand::Empty);
        assert_eq!(ok("   \t  "), UciCommand::Empty);
        assert_eq!(ok("\r"), UciCommand::Empty);
        assert_eq!(ok("\r\n"), UciCommand::Empty);
        assert_eq!(ok("isready\r"), UciCommand::IsReady);
        assert_eq!(ok("isready\r\n"), UciCommand::IsReady);
        assert_eq!(ok("  \tuci  \t"), UciCommand::Uci);
        assert_eq!(ok("debug\ton\r"), UciCommand::Debug(true));
        assert_eq!(ok("position\tstartpos\t moves  e2e4\t\te7e5 \r"), pos(None, &["e2e4", "e7e5"]));
        assert_eq!(go("go\tdepth\t7\r").depth, Some(7));
    }

    #[test]
    fn commands_are_case_sensitive_and_unknown_words_are_unknown() {
        assert_eq!(ok("UCI"), UciCommand::Unknown("UCI".into()));
        assert_eq!(ok("Isready"), UciCommand::Unknown("Isready".into()));
        assert_eq!(ok("GO depth 3"), UciCommand::Unknown("GO depth 3".into()));
        assert_eq!(ok("xboard"), UciCommand::Unknown("xboard".into()));
        assert_eq!(ok("protover 2"), UciCommand::Unknown("protover 2".into()));
        assert_eq!(ok("  hello  world \r"), UciCommand::Unknown("hello  world".into()));
        assert_eq!(ok("\u{0}\u{7f}\u{fffd}"), UciCommand::Unknown("\u{0}\u{7f}\u{fffd}".into()));
        // `register` is valid UCI, but the engine has no use for it.
        assert_eq!(ok("register later"), UciCommand::Unknown("register later".into()));
    }

    #[test]
    fn extra_tokens_after_argumentless_commands_are_ignored() {
        // vampirc defect 9 is only that it is case-insensitive. Ignoring
        // unknown trailing tokens is what the UCI spec asks for.
        assert_eq!(ok("isready now"), UciCommand::IsReady);
        assert_eq!(ok("stop please"), UciCommand::Stop);
    }

    // --- setoption (vampirc defect 8) ------------------------------------

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(ok("setoption name Hash value 64"), opt("Hash", Some("64")));
        assert_eq!(ok("setoption name Move Overhead value 30"), opt("Move Overhead", Some("30")));
        assert_eq!(ok("setoption name Clear Hash"), opt("Clear Hash", None));
        assert_eq!(ok("setoption name  Move \t Overhead   value 30 \r"), opt("Move Overhead", Some("30")));
        // The value keeps its inner whitespace and loses only the outer.
        assert_eq!(
            ok("setoption name SyzygyPath value  C:\\My  Tables\\x  \r"),
            opt("SyzygyPath", Some("C:\\My  Tables\\x"))
        );
        assert_eq!(ok("setoption name Style value Risky Play "), opt("Style", Some("Risky Play")));
        // Only the first standalone `value` separates, so later ones belong to the value.
        assert_eq!(ok("setoption name A value value b"), opt("A", Some("value b")));
        // A bare trailing `value` sets an empty string.
        assert_eq!(ok("setoption name UCI_Opponent value"), opt("UCI_Opponent", Some("")));
        assert_eq!(ok("setoption name UCI_Opponent value   "), opt("UCI_Opponent", Some("")));
    }

    #[test]
    fn regression_setoption_name_beginning_with_value() {
        // vampirc 0.11.1 returns Unknown for both of these.
        assert_eq!(ok("setoption name Value Scale value 3"), opt("Value Scale", Some("3")));
        assert_eq!(ok("setoption name valuex value 1"), opt("valuex", Some("1")));
        assert_eq!(ok("setoption name value value 1"), opt("value", Some("1")));
        assert_eq!(ok("setoption name value"), opt("value", None));
        assert_eq!(ok("setoption name Values Of Pieces"), opt("Values Of Pieces", None));
        // Only lower-case `value` is the keyword.
        assert_eq!(ok("setoption name A Value 3"), opt("A Value 3", None));
    }

    #[test]
    fn setoption_errors() {
        assert!(err("setoption").contains("name"));
        assert!(err("setoption name").contains("name"));
        assert!(err("setoption name   \r").contains("name"));
        assert!(err("setoption Hash value 3").contains("Hash"));
    }

    // --- position (vampirc defects 5, 6, 7) ------------------------------

    #[test]
    fn position_startpos() {
        assert_eq!(ok("position startpos"), pos(None, &[]));
        assert_eq!(ok("position startpos moves"), pos(None, &[]));
        assert_eq!(ok("position startpos moves "), pos(None, &[]));
        assert_eq!(ok("position startpos moves e2e4 e7e5"), pos(None, &["e2e4", "e7e5"]));
        assert_eq!(ok("position startpos moves e7e8q e1g1"), pos(None, &["e7e8q", "e1g1"]));
    }

    #[test]
    fn position_fen() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(ok(&format!("position fen {start}")), pos(Some(start), &[]));
        assert_eq!(ok(&format!("position fen {start} moves")), pos(Some(start), &[]));
        assert_eq!(ok(&format!("position fen {start} moves e2e4 e7e5")), pos(Some(start), &["e2e4", "e7e5"]));
        // Runs of whitespace inside the FEN collapse to single spaces.
        assert_eq!(
            ok("position fen  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w KQkq -  0 1 \r"),
            pos(Some(start), &[])
        );
    }

    #[test]
    fn regression_position_shredder_fen_passes_through() {
        // vampirc 0.11.1: Unknown (its castling field only accepts KQkq).
        assert_eq!(
            ok("position fen nrknqrbb/1p2ppp1/2pp4/Q6p/P2P3P/8/1PP1PPP1/NRKN1RBB w FBfb - 0 9 moves a5a8"),
            pos(Some("nrknqrbb/1p2ppp1/2pp4/Q6p/P2P3P/8/1PP1PPP1/NRKN1RBB w FBfb - 0 9"), &["a5a8"])
        );
        // X-FEN style castling letters as well.
        assert_eq!(
            ok("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
            pos(Some("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"), &[])
        );
    }

    #[test]
    fn regression_position_fen_without_move_counters() {
        // vampirc 0.11.1: Unknown.
        assert_eq!(
            ok("position fen 8/8/8/8/8/8/8/K1k5 w - - moves a1a2"),
            pos(Some("8/8/8/8/8/8/8/K1k5 w - -"), &["a1a2"])
        );
        assert_eq!(ok("position fen 8/8/8/8/8/8/8/K1k5 w - -"), pos(Some("8/8/8/8/8/8/8/K1k5 w - -"), &[]));
        // The FEN is not checked here, even a malformed one. That is the engine's job.
        assert_eq!(ok("position fen garbage"), pos(Some("garbage"), &[]));
    }

    #[test]
    fn regression_position_moves_are_not_truncated() {
        // vampirc 0.11.1 silently stops at `0000` and returns only [e2e4].
        assert_eq!(ok("position startpos moves e2e4 0000 e7e5"), pos(None, &["e2e4", "0000", "e7e5"]));
        assert_eq!(ok("position startpos moves E2E4 zz"), pos(None, &["E2E4", "zz"]));
    }

    #[test]
    fn position_errors() {
        assert!(err("position").contains("startpos"));
        assert!(err("position fen").contains("FEN"));
        assert!(err("position fen   \r").contains("FEN"));
        assert!(err("position fen moves e2e4").contains("FEN"));
        assert!(err("position moves e2e4").contains("startpos"));
        assert!(err("position startpos garbage").contains("garbage"));
        assert!(err("position startpos e2e4").contains("e2e4"));
        assert!(err("position Startpos").contains("Startpos"));
    }

    // --- go (vampirc defects 1-4) ----------------------------------------

    #[test]
    fn go_basic() {
        assert_eq!(go("go"), GoParams::default());
        assert_eq!(go("go infinite"), GoParams { infinite: true, ..Default::default() });
        assert_eq!(go("go movetime 100").movetime, Some(100));
        assert_eq!(go("go nodes 1000").nodes, Some(1000));
        assert_eq!(go("go mate 3").mate, Some(3));
        assert_eq!(go("go depth 12").depth, Some(12));
        assert_eq!(
            go("go wtime 300000 btime 299000 winc 2000 binc 1000 movestogo 40"),
            GoParams {
                wtime: Some(300000),
                btime: Some(299000),
                winc: Some(2000),
                binc: Some(1000),
                movestogo: Some(40),
                ..Default::default()
            }
        );
    }

    #[test]
    fn regression_go_trailing_whitespace_does_not_panic() {
        // vampirc 0.11.1 panics (unreachable!) on all three.
        assert_eq!(go("go "), GoParams::default());
        assert_eq!(go("go infinite "), GoParams { infinite: true, ..Default::default() });
        assert_eq!(go("go wtime 1000 ").wtime, Some(1000));
        assert_eq!(go("go wtime 1000\t\r").wtime, Some(1000));
    }

    #[test]
    fn regression_go_u8_overflow_does_not_panic() {
        // vampirc 0.11.1 panics (u8 parse unwrap) on 256..=999.
        assert_eq!(go("go depth 256").depth, Some(256));
        assert_eq!(go("go mate 256").mate, Some(256));
        assert_eq!(go("go movestogo 256").movestogo, Some(256));
        assert_eq!(go("go depth 999").depth, Some(999));
    }

    #[test]
    fn regression_go_long_numbers_are_not_truncated() {
        // vampirc 0.11.1 silently gives depth 100 and wtime 999999999999.
        assert_eq!(go("go depth 1000").depth, Some(1000));
        assert_eq!(go("go wtime 1000000000000").wtime, Some(1_000_000_000_000));
    }

    #[test]
    fn go_huge_numbers_saturate_and_negative_ones_are_zero_with_a_note() {
        assert_eq!(go("go wtime 99999999999999999999").wtime, Some(i64::MAX));
        assert_eq!(go("go wtime 9223372036854775807").wtime, Some(i64::MAX));
        assert_eq!(go("go wtime 9223372036854775808").wtime, Some(i64::MAX));
        let p = go("go btime -99999999999999999999");
        assert_eq!(p.btime, Some(0));
        assert_eq!(p.notes.len(), 1, "{:?}", p.notes);
        assert!(p.notes[0].contains("btime") && p.notes[0].contains("negative"), "{:?}", p.notes);
        let p = go("go wtime -5 btime -7 winc -1 binc +3 movetime -100");
        assert_eq!((p.wtime, p.btime, p.winc, p.binc, p.movetime), (Some(0), Some(0), Some(0), Some(3), Some(0)));
        assert_eq!(p.notes.len(), 4, "{:?}", p.notes);
        let p = go("go depth -1 nodes -5 mate -3 movestogo -1");
        assert_eq!((p.depth, p.nodes, p.mate, p.movestogo), (Some(0), Some(0), Some(0), Some(0)));
        assert_eq!(p.notes.len(), 4, "{:?}", p.notes);
        assert_eq!(go("go depth 99999999999").depth, Some(u32::MAX));
        assert_eq!(go("go nodes 18446744073709551615").nodes, Some(u64::MAX));
        assert_eq!(go("go nodes 999999999999999999999999999999").nodes, Some(u64::MAX));
        // Minus zero is zero, not negative.
        let p = go("go depth -0");
        assert_eq!((p.depth, p.notes.len()), (Some(0), 0));
        assert_eq!(go("go movestogo 0").movestogo, Some(0));
    }

    #[test]
    fn regression_go_ponder_is_kept_with_time_controls() {
        // vampirc 0.11.1 drops ponder here (and infinite in the second line).
        let p = go("go ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 5");
        assert!(p.ponder);
        assert_eq!(
            (p.wtime, p.btime, p.winc, p.binc, p.movestogo),
            (Some(1000), Some(2000), Some(10), Some(20), Some(5))
        );
        let p = go("go wtime 1000 btime 2000 ponder");
        assert!(p.ponder && p.wtime == Some(1000));
        let p = go("go infinite wtime 100");
        assert!(p.infinite && p.wtime == Some(100));
        assert!(go("go ponder").ponder);
    }

    #[test]
    fn go_searchmoves_end_at_the_next_keyword() {
        let p = go("go searchmoves e2e4 d2d4 wtime 100");
        assert_eq!(p.searchmoves, strings(&["e2e4", "d2d4"]));
        assert_eq!(p.wtime, Some(100));
        let p = go("go infinite searchmoves e2e4 g1f3");
        assert!(p.infinite);
        assert_eq!(p.searchmoves, strings(&["e2e4", "g1f3"]));
        assert_eq!(go("go searchmoves").searchmoves, Vec::<String>::new());
        let p = go("go searchmoves a7a8q ponder depth 3");
        assert_eq!(p.searchmoves, strings(&["a7a8q"]));
        assert!(p.ponder);
        assert_eq!(p.depth, Some(3));
    }

    #[test]
    fn go_perft() {
        assert_eq!(ok("go perft 5"), UciCommand::Perft(5));
        assert_eq!(ok("go perft 5 "), UciCommand::Perft(5));
        assert_eq!(ok("go perft 0"), UciCommand::Perft(0));
        assert_eq!(ok("go perft 99999999999"), UciCommand::Perft(u32::MAX));
        assert!(err("go perft").contains("perft"));
        assert!(err("go perft x").contains("'x'"));
        assert!(err("go perft -1").contains("-1"));
        assert!(err("go depth 3 perft 5").contains("perft"));
        assert!(err("go perft 5 6").contains("perft"));
    }

    /// The notes of a `go` line, which must parse.
    fn notes(line: &str) -> Vec<String> {
        go(line).notes
    }

    #[test]
    fn go_bad_values_are_dropped_with_a_note() {
        for (line, quoted) in [
            ("go depth abc", "abc"),
            ("go depth", "depth"),
            ("go depth ", "depth"),
            ("go nodes 1e6", "1e6"),
            ("go movetime .5", ".5"),
            ("go movetime 100.", "100."),
            ("go movetime 1.2.3", "1.2.3"),
            ("go movetime", "movetime"),
            ("go wtime", "wtime"),
            ("go wtime -", "'-'"),
            ("go wtime +", "'+'"),
            // Arabic-Indic digits are not ASCII digits.
            ("go wtime ١٢٣", "wtime"),
        ] {
            let p = go(line);
            assert_eq!(p.notes.len(), 1, "{line:?}: {:?}", p.notes);
            assert!(p.notes[0].contains(quoted), "{line:?}: {:?}", p.notes);
            assert_eq!(GoParams { notes: Vec::new(), ..p }, GoParams::default(), "{line:?}");
        }
        // A decimal fraction is cut off, with a note.
        let p = go("go wtime 1000.5 btime 999.9 movetime -5.5");
        assert_eq!((p.wtime, p.btime, p.movetime), (Some(1000), Some(999), Some(0)));
        assert_eq!(p.notes.len(), 3, "{:?}", p.notes);
        assert!(p.notes[0].contains("1000.5") && p.notes[0].contains("read as 1000"), "{:?}", p.notes);
        assert!(p.notes[2].contains("negative"), "{:?}", p.notes);
        // A keyword is never taken as the value of the one before it.
        let p = go("go wtime btime 100");
        assert_eq!((p.wtime, p.btime), (None, Some(100)));
        assert!(p.notes[0].contains("wtime"), "{:?}", p.notes);
        // The rest of the line still counts.
        let p = go("go depth abc nodes 500");
        assert_eq!((p.depth, p.nodes, p.notes.len()), (None, Some(500), 1));
        // Notes quote at most 32 chars of the bad token.
        let n = notes(&format!("go depth {}", "x".repeat(10_000)));
        assert!(n[0].len() < 100, "{n:?}");
        let n = notes(&format!("go depth {}", "é".repeat(100)));
        assert!(n[0].contains("...'"), "{n:?}");
    }

    #[test]
    fn go_unknown_tokens_are_skipped_with_a_note_and_last_duplicate_wins() {
        let p = go("go foo wtime 100 bar 7 depth 3 depth 4");
        assert_eq!((p.wtime, p.depth), (Some(100), Some(4)));
        assert_eq!(p.notes.len(), 2, "{:?}", p.notes);
        assert!(p.notes[0].contains("'foo'") && p.notes[1].contains("'bar 7'"), "{:?}", p.notes);
        let p = go("go go go");
        assert_eq!(p.notes.len(), 1, "{:?}", p.notes);
        assert!(p.notes[0].contains("'go go'"), "{:?}", p.notes);
        let p = go("go depth 2 frobnicate 7");
        assert_eq!(p.depth, Some(2));
        assert!(p.notes[0].contains("'frobnicate 7'"), "{:?}", p.notes);
        // Searchmoves take every token up to the next keyword: no note.
        assert!(notes("go searchmoves e2e4 zz99 depth 3").is_empty());
        assert!(notes("go").is_empty());
        assert!(notes("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5 ponder").is_empty());
    }

    // --- info output (vampirc defect 10) ---------------------------------

    fn info(score: Score, bound: Bound, pv: &[&str]) -> InfoLine {
        InfoLine {
            depth: 12,
            seldepth: 18,
            multipv: 1,
            score,
            bound,
            nodes: 123456,
            nps: 987654,
            hashfull: 42,
            tbhits: None,
            time_ms: 125,
            wdl: None,
            pv: strings(pv),
        }
    }

    #[test]
    fn info_prints_wdl_after_the_score_as_stockfish_does() {
        let mut line = info(Score::Cp(35), Bound::Lower, &["e2e4"]);
        line.wdl = Some((120, 850, 30));
        assert_eq!(
            line.to_string(),
            "info depth 12 seldepth 18 multipv 1 score cp 35 wdl 120 850 30 lowerbound nodes 123456 nps 987654 hashfull 42 time 125 pv e2e4"
        );
    }

    #[test]
    fn info_prints_tbhits_only_with_tables() {
        let mut line = info(Score::Cp(5), Bound::Exact, &["e2e4"]);
        assert!(!line.to_string().contains("tbhits"));
        line.tbhits = Some(7);
        assert!(line.to_string().contains(" hashfull 42 tbhits 7 time 125 pv e2e4"), "{line}");
    }

    #[test]
    fn info_exact_bound_prints_no_bound_word() {
        assert_eq!(
            info(Score::Cp(35), Bound::Exact, &["e2e4", "e7e5", "g1f3"]).to_string(),
            "info depth 12 seldepth 18 multipv 1 score cp 35 nodes 123456 nps 987654 hashfull 42 time 125 pv e2e4 e7e5 g1f3"
        );
    }

    #[test]
    fn info_lower_and_upper_bound_words() {
        assert_eq!(
            info(Score::Cp(-20), Bound::Lower, &["d2d4"]).to_string(),
            "info depth 12 seldepth 18 multipv 1 score cp -20 lowerbound nodes 123456 nps 987654 hashfull 42 time 125 pv d2d4"
        );
        assert_eq!(
            info(Score::Cp(-20), Bound::Upper, &["d2d4"]).to_string(),
            "info depth 12 seldepth 18 multipv 1 score cp -20 upperbound nodes 123456 nps 987654 hashfull 42 time 125 pv d2d4"
        );
        assert_eq!(Bound::Exact.keyword(), None);
    }

    #[test]
    fn info_mate_scores_and_empty_pv() {
        assert_eq!(
            info(Score::Mate(3), Bound::Exact, &[]).to_string(),
            "info depth 12 seldepth 18 multipv 1 score mate 3 nodes 123456 nps 987654 hashfull 42 time 125"
        );
        assert_eq!(
            info(Score::Mate(-2), Bound::Upper, &["a1a2"]).to_string(),
            "info depth 12 seldepth 18 multipv 1 score mate -2 upperbound nodes 123456 nps 987654 hashfull 42 time 125 pv a1a2"
        );
    }

    // --- never panics ----------------------------------------------------

    /// The crate's own generator, so the fuzz test gives the same inputs
    /// every run.
    use crate::chess::rng::SplitMix64 as Rng;

    #[rustfmt::skip]
    const WORDS: &[&str] = &[
        "uci", "debug", "on", "off", "isready", "setoption", "name", "value", "Value", "valuex",
        "register", "ucinewgame", "position", "startpos", "fen", "moves", "go", "searchmoves",
        "ponder", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate",
        "movetime", "infinite", "perft", "stop", "ponderhit", "quit", "d", "eval", "bench",
        "xboard", "protover", "e2e4", "e7e8q", "0000",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "b", "KQkq", "FBfb", "-", "+", "--",
        "UCI", "GO", "", " ", "\t", "\r", "\n", "\r\n", "\u{0}", "\u{7f}", "\u{fffd}", "é", "将军",
        "\u{a0}", "\u{2028}", "\u{200b}", "🂡", "\u{feff}", "１２３", "٣", "𝟙𝟚",
    ];

    #[rustfmt::skip]
    const NUMBERS: &[&str] = &[
        "0", "1", "7", "255", "256", "999", "1000", "65535", "4294967295", "4294967296", "-0",
        "-1", "+1", "-256", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "99999999999999999999", "-99999999999999999999999999999999999999999", "1.5", "1e9", "0x10",
        "00000000000000000000001",
    ];

    fn random_line(rng: &mut Rng) -> String {
        let n = rng.below(12);
        let mut s = String::new();
        // Often start with a real command, so the argument parsers get exercised.
        if rng.below(4) != 0 {
            s.push_str(rng.pick(&["go", "position", "setoption", "debug", "bench", "go perft", "position fen"]));
        }
        for _ in 0..n {
            s.push_str(rng.pick(&[" ", " ", " ", "\t", "  ", "", "\r"]));
            match rng.below(6) {
                0 | 1 => s.push_str(rng.pick(WORDS)),
                2 => s.push_str(rng.pick(NUMBERS)),
                3 => s.push_str(&(rng.next_u64() as i64).to_string()),
                4 => {
                    // Random chars, including control chars and assorted Unicode ranges.
                    for _ in 0..rng.below(6) {
                        let c = match rng.below(3) {
                            0 => char::from(rng.below(128) as u8),
                            1 => char::from_u32(rng.below(0x800) as u32).unwrap_or('?'),
                            _ => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{fffd}'),
                        };
                        s.push(c);
                    }
                }
                _ => {}
            }
        }
        if rng.below(8) == 0 {
            s.push_str(rng.pick(&[" ", "\r", "\r\n", "\t "]));
        }
        s
    }

    #[test]
    fn fuzz_parse_line_never_panics() {
        let mut rng = Rng::new(0x4A69_616E_676A_756E); // "Jiangjun"
        for i in 0..20_000 {
            let line = random_line(&mut rng);
            let result = std::panic::catch_unwind(|| parse_line(&line));
            assert!(result.is_ok(), "parse_line panicked on input #{i}: {line:?}");
        }
        // Also every input that panics vampirc-uci 0.11.1.
        for line in ["go ", "go infinite ", "go wtime 1000 ", "go depth 256", "go mate 256", "go movestogo 256"] {
            assert!(std::panic::catch_unwind(|| parse_line(line)).is_ok(), "{line:?}");
        }
    }

    // --- vampirc-uci as a reference and a tripwire -----------------------

    /// What vampirc-uci says about `line`, in our types. It returns `None` for
    /// messages we do not map.
    fn vampirc_view(line: &str) -> Option<UciCommand> {
        use vampirc_uci::{UciMessage, UciTimeControl};
        Some(match vampirc_uci::parse_one(line) {
            UciMessage::Uci => UciCommand::Uci,
            UciMessage::Debug(b) => UciCommand::Debug(b),
            UciMessage::IsReady => UciCommand::IsReady,
            UciMessage::SetOption { name, value } => UciCommand::SetOption { name, value },
            UciMessage::UciNewGame => UciCommand::UciNewGame,
            UciMessage::Stop => UciCommand::Stop,
            UciMessage::PonderHit => UciCommand::PonderHit,
            UciMessage::Quit => UciCommand::Quit,
            UciMessage::Position { startpos, fen, moves } => UciCommand::Position {
                fen: if startpos { None } else { fen.map(|f| f.0) },
                moves: moves.iter().map(|m| m.to_string()).collect(),
            },
            UciMessage::Go { time_control, search_control } => {
                let mut p = GoParams::default();
                match time_control {
                    Some(UciTimeControl::Ponder) => p.ponder = true,
                    Some(UciTimeControl::Infinite) => p.infinite = true,
                    Some(UciTimeControl::MoveTime(d)) => p.movetime = Some(d.num_milliseconds()),
                    Some(UciTimeControl::TimeLeft {
                        white_time,
                        black_time,
                        white_increment,
                        black_increment,
                        moves_to_go,
                    }) => {
                        p.wtime = white_time.map(|d| d.num_milliseconds());
                        p.btime = black_time.map(|d| d.num_milliseconds());
                        p.winc = white_increment.map(|d| d.num_milliseconds());
                        p.binc = black_increment.map(|d| d.num_milliseconds());
                        p.movestogo = moves_to_go.map(u32::from);
                    }
                    None => {}
                }
                if let Some(s) = search_control {
                    p.depth = s.depth.map(u32::from);
                    p.mate = s.mate.map(u32::from);
                    p.nodes = s.nodes;
                    p.searchmoves = s.search_moves.iter().map(|m| m.to_string()).collect();
                }
                UciCommand::Go(p)
            }
            UciMessage::Unknown(..) => UciCommand::Unknown(line.trim().to_string()),
            _ => return None,
        })
    }

    #[test]
    fn agrees_with_vampirc_where_vampirc_is_right() {
        for line in [
            "uci",
            "isready",
            "ucinewgame",
            "stop",
            "ponderhit",
            "quit",
            "debug on",
            "debug off",
            "setoption name Hash value 64",
            "setoption name Move Overhead value 30",
            "setoption name Clear Hash",
            "setoption name Style value Risky Play",
            "position startpos",
            "position startpos moves e2e4 e7e5 g1f3",
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4",
            "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "go",
            "go infinite",
            "go ponder",
            "go movetime 100",
            "go depth 12",
            "go nodes 1000",
            "go mate 3",
            "go wtime 300000 btime 299000 winc 2000 binc 1000 movestogo 40",
            "go wtime 5 btime 7",
            "go searchmoves e2e4 d2d4 wtime 100",
            "xboard",
        ] {
            assert_eq!(Some(ok(line)), vampirc_view(line), "{line:?}");
        }
    }

    /// If this fails, a `vampirc-uci` upgrade fixed one of the non-panicking
    /// defects in the module doc. Update the doc, and consider using the crate
    /// for that command again.
    #[test]
    fn vampirc_defects_still_present() {
        let cases = [
            "go ponder wtime 1000 btime 1000",
            "go infinite wtime 100",
            "go depth 1000",
            "go wtime 99999999999999999999",
            "position fen nrknqrbb/1p2ppp1/2pp4/Q6p/P2P3P/8/1PP1PPP1/NRKN1RBB w FBfb - 0 9 moves a5a8",
            "position fen 8/8/8/8/8/8/8/K1k5 w - - moves a1a2",
            "position startpos moves e2e4 0000 e7e5",
            "setoption name Value Scale value 3",
            "setoption name valuex value 1",
            "UCI",
        ];
        for line in cases {
            assert_ne!(Some(ok(line)), vampirc_view(line), "vampirc now agrees on {line:?}");
        }
        use vampirc_uci::{Serializable, UciInfoAttribute, UciMessage};
        let score = UciInfoAttribute::Score { cp: Some(10), mate: None, lower_bound: Some(false), upper_bound: None };
        assert_eq!(UciMessage::Info(vec![score]).serialize(), "info score cp 10 lowerbound");
    }
}
