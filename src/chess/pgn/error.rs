//! Why a game could not be read, and where.

use crate::chess::fen::FenError;
use std::fmt;

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// Text that is no PGN token, an unterminated string or comment, a bad
    /// `$n`: the lexer's complaint.
    Syntax(String),
    /// A tag pair that is not `[Name "value"]`.
    BrokenTag(String),
    IllegalMove,
    AmbiguousMove,
    /// A token in the movetext that is no move at all.
    NotAMove,
    /// A null move while in check, which the rules core cannot play.
    NullMoveInCheck,
    BadFen(FenError),
    UnsupportedVariant(String),
    /// A `)` with no `(` open.
    UnbalancedParenthesis,
    /// The game ended with a `(` still open.
    UnclosedVariation,
    /// A `(` before any move it could be an alternative to.
    VariationWithoutMove,
    /// A NAG or `!`/`?` before any move it could annotate.
    AnnotationWithoutMove,
    /// A game termination marker inside a variation.
    ResultInVariation,
}

/// A game the reader refused. `game` counts from 1 in file order, so the
/// message can be matched to the source; the move fields are set when a
/// move was being read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub game: usize,
    /// Plies from the game's start position to the failed move (0 = the
    /// first move), along the line (main line or variation) it was in.
    pub ply: Option<usize>,
    /// Full-move number of the position the failed move was played from.
    pub move_number: Option<u32>,
    /// Whether that move was Black's (written `14...`).
    pub black_to_move: bool,
    /// The move text that failed.
    pub token: Option<String>,
    pub kind: PgnErrorKind,
}

impl PgnError {
    /// An error outside any move (tags, FEN, variant, lexer).
    pub fn new(game: usize, kind: PgnErrorKind) -> PgnError {
        PgnError { game, ply: None, move_number: None, black_to_move: false, token: None, kind }
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            PgnErrorKind::Syntax(why) => write!(f, "syntax error: {why}"),
            PgnErrorKind::BrokenTag(why) => write!(f, "broken tag: {why}"),
            PgnErrorKind::IllegalMove => write!(f, "illegal in this position"),
            PgnErrorKind::AmbiguousMove => write!(f, "ambiguous in this position"),
            PgnErrorKind::NotAMove => write!(f, "not a move"),
            PgnErrorKind::NullMoveInCheck => write!(f, "null move while in check"),
            PgnErrorKind::BadFen(e) => write!(f, "bad FEN: {e}"),
            PgnErrorKind::UnsupportedVariant(v) => write!(f, "unsupported variant {v}"),
            PgnErrorKind::UnbalancedParenthesis => write!(f, "unbalanced ')'"),
            PgnErrorKind::UnclosedVariation => write!(f, "variation not closed before the end of the game"),
            PgnErrorKind::VariationWithoutMove => write!(f, "variation before any move"),
            PgnErrorKind::AnnotationWithoutMove => write!(f, "annotation before any move"),
            PgnErrorKind::ResultInVariation => write!(f, "game result inside a variation"),
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "game {}: ", self.game)?;
        if let Some(n) = self.move_number {
            write!(f, "move {n}{} ", if self.black_to_move { "..." } else { "." })?;
        }
        if let Some(t) = &self.token {
            write!(f, "{t}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for PgnError {}
