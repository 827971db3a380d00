//! PGN (Portable Game Notation) input and output.
//!
//! The reader takes PGN as people have it: several games per file, a
//! byte-order mark, comments of both kinds, nested variations, NAGs and
//! suffix annotations, move numbers in any form or none, SAN with or
//! without check marks and with over-disambiguation, UCI moves, null moves,
//! set-up positions and Chess960. A game it cannot read comes back as a
//! [`PgnError`] and the reader goes on with the next game.
//!
//! Two choices differ from python-chess, the reference: a blank line does
//! not end a game's movetext (a game ends at its result, at the next `[` or
//! at the end of the file), and a `)` without `(` or a null move in check
//! makes the game an error where python-chess skips the `)` or plays the
//! null move.

mod error;
mod game;
mod lexer;
mod reader;
mod writer;

pub use error::{PgnError, PgnErrorKind};
pub use lexer::{Lexer, Token};
pub use reader::read_games;
pub use writer::write_game;

use super::moves::Move;

/// One move of a line, with what PGN attaches to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// `Move::NULL` for a null move (`--`, `Z0`, `0000`, `@@@@`).
    pub mv: Move,
    /// `$n` annotations and suffixes (`!` = 1, `?` = 2, `!!` = 3, `??` = 4,
    /// `!?` = 5, `?!` = 6), in text order.
    pub nags: Vec<u8>,
    /// Comments after this move, trimmed, commands like `[%clk ...]` kept.
    pub comments: Vec<String>,
    /// Alternatives to this move, each from the position before it.
    pub variations: Vec<PgnLine>,
}

impl PgnMove {
    pub fn new(mv: Move) -> PgnMove {
        PgnMove { mv, nags: Vec::new(), comments: Vec::new(), variations: Vec::new() }
    }
}

/// A sequence of moves: the main line or one variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnLine {
    /// Comments before the first move of the line.
    pub comment_before: Vec<String>,
    pub moves: Vec<PgnMove>,
}

/// One game: tags, main line and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    pub line: PgnLine,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`: the game termination marker, or the
    /// Result tag where the movetext has none.
    pub result: String,
}
