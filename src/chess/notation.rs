//! Moves as text: UCI long algebraic and Standard Algebraic Notation.
//!
//! UCI castling is `e1g1` (king to its destination) in standard chess and
//! `e1h1` (king takes rook) in Chess960; both spellings are accepted for
//! standard chess on input, since some GUIs send king-takes-rook always.

use super::moves::Move;
use super::position::Position;
use super::types::{CastleSide, PieceType, Square};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseError {
    Syntax(String),
    Illegal(String),
    Ambiguous(String),
    /// Marked `e.p.` but not an en-passant capture.
    NotEnPassant(String),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            MoveParseError::Syntax(s) => write!(f, "'{s}' is not a move"),
            MoveParseError::Illegal(s) => write!(f, "'{s}' is not legal in this position"),
            MoveParseError::Ambiguous(s) => write!(f, "'{s}' is ambiguous"),
            MoveParseError::NotEnPassant(s) => write!(f, "'{s}' is marked e.p. but is not an en-passant capture"),
        }
    }
}

impl std::error::Error for MoveParseError {}

impl Position {
    /// The move in UCI long algebraic notation.
    pub fn move_to_uci(&self, m: Move) -> String {
        move_to_uci(m, self.chess960)
    }

    /// Parses a UCI move and returns it only if it is legal here.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, MoveParseError> {
        let syntax = || MoveParseError::Syntax(text.to_string());
        let b = text.as_bytes();
        if b.len() != 4 && b.len() != 5 {
            return Err(syntax());
        }
        let from = Square::parse(&text[0..2]).ok_or_else(syntax)?;
        let to = Square::parse(&text[2..4]).ok_or_else(syntax)?;
        let promo = if b.len() == 5 {
            let p = PieceType::from_char(b[4] as char).ok_or_else(syntax)?;
            if matches!(p, PieceType::Pawn | PieceType::King) {
                return Err(syntax());
            }
            Some(p)
        } else {
            None
        };
        let legal = self.legal_moves();
        // Exact coordinate match (castling compared king-takes-rook).
        for &m in legal.iter() {
            // In standard chess this also accepts king-takes-rook castling (e1h1).
            if m.from() == from && m.to() == to && m.promotion() == promo {
                return Ok(m);
            }
        }
        // King-to-destination castling spelling (e1g1, or in Chess960 a GUI
        // that writes the king's target when it is not a plain king move).
        if promo.is_none() {
            for &m in legal.iter() {
                if m.is_castle() && m.from() == from {
                    let side = if m.to().file() > m.from().file() { CastleSide::King } else { CastleSide::Queen };
                    let (kto, _) = Position::castle_destinations(self.side, side);
                    if kto == to && kto != from {
                        return Ok(m);
                    }
                }
            }
        }
        Err(MoveParseError::Illegal(text.to_string()))
    }

    /// The move in SAN, with `+`/`#` suffixes. The move must be legal.
    pub fn move_to_san(&self, m: Move) -> String {
        let mut s = self.san_without_suffix(m);
        let mut after = self.clone();
        after.make_move(m);
        if after.in_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    fn san_without_suffix(&self, m: Move) -> String {
        if m.is_castle() {
            return if m.to().file() > m.from().file() { "O-O".into() } else { "O-O-O".into() };
        }
        let from = m.from();
        let to = m.to();
        let pt = self.piece_on(from).piece_type();
        let mut s = String::with_capacity(8);
        if pt == PieceType::Pawn {
            if m.is_capture() {
                s.push((b'a' + from.file()) as char);
                s.push('x');
            }
            s.push_str(&to.to_string());
            if let Some(p) = m.promotion() {
                s.push('=');
                s.push(p.char().to_ascii_uppercase());
            }
            return s;
        }
        s.push(pt.char().to_ascii_uppercase());
        if pt != PieceType::King {
            // Disambiguate among other legal moves of the same piece type to `to`.
            let others: Vec<Square> = self
                .legal_moves()
                .iter()
                .filter(|o| {
                    o.to() == to && o.from() != from && !o.is_castle() && self.piece_on(o.from()).piece_type() == pt
                })
                .map(|o| o.from())
                .collect();
            if !others.is_empty() {
                let same_file = others.iter().any(|o| o.file() == from.file());
                let same_rank = others.iter().any(|o| o.rank() == from.rank());
                if !same_file {
                    s.push((b'a' + from.file()) as char);
                } else if !same_rank {
                    s.push((b'1' + from.rank()) as char);
                } else {
                    s.push_str(&from.to_string());
                }
            }
        }
        if m.is_capture() {
            s.push('x');
        }
        s.push_str(&to.to_string());
        s
    }

    /// Parses SAN (tolerating missing or extra `+`/`#`, `x`, `=`, `0-0`,
    /// annotation marks like `!?`, and lower-case promotion letters). The
    /// suffix `e.p.` that the rules texts write after an en-passant capture
    /// (`exf6 e.p.` or `exf6e.p.`) is accepted on such a capture only.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveParseError> {
        let (body, marked_ep) = split_ep_suffix(text);
        let m = self.parse_san_body(body, text)?;
        if marked_ep && !m.is_en_passant() {
            return Err(MoveParseError::NotEnPassant(text.to_string()));
        }
        Ok(m)
    }

    /// SAN without an `e.p.` suffix; errors quote `original`.
    fn parse_san_body(&self, text: &str, original: &str) -> Result<Move, MoveParseError> {
        let t: String = text
            .trim()
            .trim_end_matches(['+', '#', '!', '?'])
            .chars()
            .filter(|&c| c != 'x' && c != '-' && c != '=' && c != ':')
            .collect();
        let legal = self.legal_moves();
        let syntax = || MoveParseError::Syntax(original.to_string());
        if t == "OO" || t == "00" || t == "OOO" || t == "000" {
            let side = if t.len() == 2 { CastleSide::King } else { CastleSide::Queen };
            return legal
                .iter()
                .copied()
                .find(|m| {
                    m.is_castle()
                        && (if m.to().file() > m.from().file() { CastleSide::King } else { CastleSide::Queen }) == side
                })
                .ok_or_else(|| MoveParseError::Illegal(original.to_string()));
        }
        let chars: Vec<char> = t.chars().collect();
        if chars.len() < 2 {
            return Err(syntax());
        }
        let (piece, rest) = match chars[0] {
            'N' | 'B' | 'R' | 'Q' | 'K' => (PieceType::from_char(chars[0]).unwrap(), &chars[1..]),
            _ => (PieceType::Pawn, &chars[..]),
        };
        // Optional promotion suffix.
        let (promo, rest) = match rest.last() {
            Some(&c) if piece == PieceType::Pawn && "NBRQnbrq".contains(c) && rest.len() >= 3 => {
                (Some(PieceType::from_char(c).unwrap()), &rest[..rest.len() - 1])
            }
            _ => (None, rest),
        };
        if rest.len() < 2 {
            return Err(syntax());
        }
        let dest: String = rest[rest.len() - 2..].iter().collect();
        let to = Square::parse(&dest).ok_or_else(syntax)?;
        let disamb = &rest[..rest.len() - 2];
        let mut from_file = None;
        let mut from_rank = None;
        for &c in disamb {
            match c {
                'a'..='h' => from_file = Some(c as u8 - b'a'),
                '1'..='8' => from_rank = Some(c as u8 - b'1'),
                _ => return Err(syntax()),
            }
        }
        let candidates: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                !m.is_castle()
                    && m.to() == to
                    && self.piece_on(m.from()).piece_type() == piece
                    && from_file.is_none_or(|f| m.from().file() == f)
                    && from_rank.is_none_or(|r| m.from().rank() == r)
                    && m.promotion() == promo
            })
            .collect();
        match candidates.len() {
            1 => Ok(candidates[0]),
            0 => Err(MoveParseError::Illegal(original.to_string())),
            _ => Err(MoveParseError::Ambiguous(original.to_string())),
        }
    }

    /// Parses either notation: UCI first, then SAN.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        self.parse_uci_move(text).or_else(|_| self.parse_san(text))
    }
}

/// The en-passant mark of the rules texts.
const EP_SUFFIX: &str = "e.p.";

/// Splits a trailing `e.p.` (with or without a space before it, and with
/// any check or annotation marks around it) off a SAN move.
fn split_ep_suffix(text: &str) -> (&str, bool) {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    match t.strip_suffix(EP_SUFFIX) {
        Some(body) => (body.trim_end(), true),
        None => (text, false),
    }
}

/// Joins a standalone `e.p.` token to the move before it, for move lists
/// split on whitespace (a command line gives `exf6 e.p.` as two arguments).
/// A leading `e.p.` is kept as it is, to fail as a move of its own.
pub fn join_ep_tokens<S: AsRef<str>>(tokens: &[S]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(tokens.len());
    for t in tokens {
        let t = t.as_ref();
        match out.last_mut() {
            Some(prev) if t.trim() == EP_SUFFIX => {
                prev.push(' ');
                prev.push_str(t.trim());
            }
            _ => out.push(t.to_string()),
        }
    }
    out
}

/// UCI text of a move without a position (castling needs the variant).
pub fn move_to_uci(m: Move, chess960: bool) -> String {
    if m.is_none() {
        return "0000".into();
    }
    let from = m.from();
    let mut to = m.to();
    if m.is_castle() && !chess960 {
        let file = if to.file() > from.file() { 6 } else { 2 };
        to = Square::from_coords(file, from.rank());
    }
    let mut s = format!("{from}{to}");
    if let Some(p) = m.promotion() {
        s.push(p.char());
    }
    s
}
