//! Game outcome by the rules: the one query both the search (draws inside the
//! tree) and the front end (adjudicating a game) use.

use super::position::Position;
use super::types::Color;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is mated; the other colour wins.
    Checkmate {
        winner: Color,
    },
    Stalemate,
    ThreefoldRepetition,
    FiftyMoveRule,
    InsufficientMaterial,
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// PGN result string.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Checkmate { winner: Color::White } => "1-0",
            Outcome::Checkmate { winner: Color::Black } => "0-1",
            _ => "1/2-1/2",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate => "stalemate",
            Outcome::ThreefoldRepetition => "threefold repetition",
            Outcome::FiftyMoveRule => "50-move rule",
            Outcome::InsufficientMaterial => "insufficient material",
        }
    }
}

impl Position {
    /// The game's result if it has ended by rule, else `None`. Mate takes
    /// precedence over the 50-move rule (a mate on the 100th ply stands);
    /// repetition counts positions since the game's start as far as this
    /// object has seen them (set up with `position ... moves ...`).
    pub fn outcome(&self) -> Option<Outcome> {
        let has_move = self.has_legal_move();
        if !has_move {
            return Some(if self.in_check() {
                Outcome::Checkmate { winner: self.side_to_move().flip() }
            } else {
                Outcome::Stalemate
            });
        }
        if self.insufficient_material() {
            return Some(Outcome::InsufficientMaterial);
        }
        if self.fifty_move_rule() {
            return Some(Outcome::FiftyMoveRule);
        }
        if self.repetitions(2) {
            return Some(Outcome::ThreefoldRepetition);
        }
        None
    }
}
