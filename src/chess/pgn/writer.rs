//! Games to PGN text, in the export format of the PGN standard (section 8)
//! with two choices of ours: tags are written in the order the game holds
//! them (file order for a game that was read, so a read-write-read round
//! trip gives the same game; callers wanting the Seven Tag Roster first
//! reorder `tags`), and a game without tags is written without a tag
//! section.

use super::reader::RESULTS;
use super::{PgnGame, PgnLine};
use crate::chess::moves::Move;
use crate::chess::position::Position;
use crate::chess::types::Color;

/// Longest movetext line, as the export format asks.
const WIDTH: usize = 80;

/// The game as PGN text, ending with a blank line. Moves must be legal
/// from the game's start position: a line is cut before a move that is
/// not, with a comment saying so, and a game whose start position cannot
/// be set up (bad FEN, unsupported variant) is written without moves.
pub fn write_game(game: &PgnGame) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        out.push_str(&format!("[{name} \"{}\"]\n", escape_tag_value(value)));
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let mut pieces = Vec::new();
    match game.start_position() {
        Ok(pos) => {
            let numbering = (pos.fullmove_number(), pos.side_to_move() == Color::Black);
            write_line(&mut pieces, &game.line, &pos, 0, numbering);
        }
        Err(e) => push_comment(&mut pieces, &format!("moves not written: {}", e.kind)),
    }
    // Anything else would be read back as a move.
    let result = if RESULTS.contains(&game.result.as_str()) { &game.result } else { "*" };
    pieces.push(Chunk::Word(result.to_string()));
    out.push_str(&wrap(&glue(pieces)));
    out.push_str("\n\n");
    out
}

fn escape_tag_value(v: &str) -> String {
    // A line break would end the string early for any reader.
    v.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// A piece of movetext: a word, or a delimiter glued to its neighbour.
enum Chunk {
    Word(String),
    /// `(` or `{`, joined to the word after it.
    Open(&'static str),
    /// `)` or `}`, joined to the word before it.
    Close(&'static str),
}

/// Appends the pieces of `line`, played from `start` at `ply` plies from
/// the game's start position, whose full-move number and side are
/// `numbering`.
fn write_line(out: &mut Vec<Chunk>, line: &PgnLine, start: &Position, ply: usize, numbering: (u32, bool)) {
    for c in &line.comment_before {
        push_comment(out, c);
    }
    let mut pos = start.clone();
    // Black's moves get a number at the start of a line and after a
    // comment or variation interrupts the moves.
    let mut number_black = true;
    for (i, pm) in line.moves.iter().enumerate() {
        if !is_playable(&pos, pm.mv) {
            push_comment(out, &format!("line cut: illegal move {}", pos.move_to_uci(pm.mv)));
            return;
        }
        let (number, black) = move_number(ply + i, numbering);
        if !black {
            out.push(Chunk::Word(format!("{number}.")));
        } else if number_black {
            out.push(Chunk::Word(format!("{number}...")));
        }
        out.push(Chunk::Word(if pm.mv == Move::NULL { "--".to_string() } else { pos.move_to_san(pm.mv) }));
        out.extend(pm.nags.iter().map(|n| Chunk::Word(format!("${n}"))));
        for c in &pm.comments {
            push_comment(out, c);
        }
        for v in &pm.variations {
            out.push(Chunk::Open("("));
            write_line(out, v, &pos, ply + i, numbering);
            out.push(Chunk::Close(")"));
        }
        number_black = !pm.comments.is_empty() || !pm.variations.is_empty();
        if pm.mv == Move::NULL {
            pos.make_null_move();
        } else {
            pos.make_move(pm.mv);
        }
    }
}

fn is_playable(pos: &Position, m: Move) -> bool {
    if m == Move::NULL {
        !pos.in_check()
    } else {
        pos.legal_moves().contains(m)
    }
}

/// Full-move number and side of the move at `ply` plies from a start with
/// full-move number and side `(number, black)`.
fn move_number(ply: usize, (number, black): (u32, bool)) -> (u32, bool) {
    let from_white = ply + black as usize;
    (number.saturating_add((from_white / 2) as u32), from_white % 2 == 1)
}

/// A comment as separate words, so wrapping can break it; a `}` inside
/// would end it early and is written as `)`. An embedded command such as
/// `[%eval -3.55]` stays one word: readers that look for `[%eval ` with a
/// space would miss it if a line break fell inside.
fn push_comment(out: &mut Vec<Chunk>, text: &str) {
    out.push(Chunk::Open("{ "));
    let mut command: Option<String> = None;
    for w in text.split_whitespace() {
        let w = w.replace('}', ")");
        let word = match command.take() {
            Some(mut c) => {
                c.push(' ');
                c.push_str(&w);
                c
            }
            None => w,
        };
        if word.starts_with("[%") && !word.contains(']') {
            command = Some(word);
        } else {
            out.push(Chunk::Word(word));
        }
    }
    // A command never closed: written as it came.
    out.extend(command.map(Chunk::Word));
    out.push(Chunk::Close(" }"));
}

/// Joins delimiters to their neighbours, giving the units that wrapping
/// must not split.
fn glue(pieces: Vec<Chunk>) -> Vec<String> {
    let mut units: Vec<String> = Vec::with_capacity(pieces.len());
    let mut open = String::new();
    for p in pieces {
        match p {
            Chunk::Open(d) => open.push_str(d),
            Chunk::Close(d) if open.is_empty() && !units.is_empty() => {
                units.last_mut().expect("checked non-empty").push_str(d);
            }
            // An empty comment or variation: the opener is still pending.
            Chunk::Close(d) => units.push(std::mem::take(&mut open).trim_end().to_string() + d),
            Chunk::Word(w) => units.push(std::mem::take(&mut open) + &w),
        }
    }
    units
}
/// Lines of at most `WIDTH` columns (longer only for a single long unit).
/// A unit starting with `%` is never put first on a line, where a reader
/// would take it for an escape line.
fn wrap(units: &[String]) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for u in units {
        if line_len == 0 {
            out.push_str(u);
            line_len = u.len();
        } else if line_len + 1 + u.len() <= WIDTH || u.starts_with('%') {
            out.push(' ');
            out.push_str(u);
            line_len += 1 + u.len();
        } else {
            out.push('\n');
            out.push_str(u);
            line_len = u.len();
        }
    }
    out
}
