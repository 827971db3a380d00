//! Tokens to games.

use super::error::{PgnError, PgnErrorKind};
use super::lexer::{Lexer, Token};
use super::{PgnGame, PgnLine, PgnMove};
use crate::chess::moves::Move;
use crate::chess::notation::MoveParseError;
use crate::chess::position::Position;
use crate::chess::types::Color;
use std::iter::Peekable;

/// How deep variations may nest. Games are trees walked recursively when
/// written, compared or dropped, so a bound keeps hostile input from
/// overflowing the stack; real annotation stays far below it.
pub const MAX_VARIATION_DEPTH: usize = 200;

/// The game termination markers.
pub(super) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads every game of `text`, in file order. A game that cannot be read
/// is an `Err` naming it; reading resumes with the game after it.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    let mut reader = Reader { tokens: Lexer::new(text).peekable(), game: 0 };
    std::iter::from_fn(|| reader.next_game()).collect()
}

struct Reader<'a> {
    tokens: Peekable<Lexer<'a>>,
    /// Number of the game being read, from 1.
    game: usize,
}

/// Where a game failed, which decides how much to skip to reach the next.
enum Stage {
    Tags,
    Movetext { depth: usize },
}

/// One line being read: the moves so far and the position after them.
struct Frame {
    line: PgnLine,
    pos: Position,
    /// Plies from the game's start position to `pos`.
    ply: usize,
}

impl Frame {
    fn last_move(&mut self) -> Option<&mut PgnMove> {
        self.line.moves.last_mut()
    }
}

impl Reader<'_> {
    fn next_game(&mut self) -> Option<Result<PgnGame, PgnError>> {
        // Comments before a tag section belong to no game; before movetext
        // they open the main line.
        let mut leading = Vec::new();
        while let Some(Token::Comment(c)) = self.tokens.peek() {
            leading.push(c.clone());
            self.tokens.next();
        }
        let first = self.tokens.peek()?;
        if *first == Token::TagOpen {
            leading.clear();
        }
        self.game += 1;
        Some(self.read_game(leading).map_err(|(mut e, stage)| {
            e.game = self.game;
            self.skip_rest(stage);
            e
        }))
    }

    fn read_game(&mut self, leading: Vec<String>) -> Result<PgnGame, (PgnError, Stage)> {
        let tags = self.read_tags().map_err(|k| (PgnError::new(0, k), Stage::Tags))?;
        let mut game = PgnGame { tags, line: PgnLine::default(), result: String::new() };
        let start = game.start_position().map_err(|e| (e, Stage::Movetext { depth: 0 }))?;
        let (line, result) = self.read_movetext(start, leading)?;
        game.line = line;
        game.result = match result {
            Some(r) => r,
            None => game.tag("Result").filter(|r| RESULTS.contains(r)).unwrap_or("*").to_string(),
        };
        Ok(game)
    }

    fn read_tags(&mut self) -> Result<Vec<(String, String)>, PgnErrorKind> {
        let mut tags = Vec::new();
        while self.tokens.peek() == Some(&Token::TagOpen) {
            self.tokens.next();
            let name = match self.tokens.next() {
                Some(Token::Symbol(s)) => s,
                _ => return Err(PgnErrorKind::BrokenTag("expected a tag name after '['".into())),
            };
            let value = match self.tokens.peek() {
                Some(Token::Str(s)) => s.clone(),
                Some(Token::Error(e)) => return Err(PgnErrorKind::BrokenTag(format!("{name}: {e}"))),
                _ => return Err(PgnErrorKind::BrokenTag(format!("{name} has no quoted value"))),
            };
            self.tokens.next();
            if self.tokens.peek() != Some(&Token::TagClose) {
                return Err(PgnErrorKind::BrokenTag(format!("{name} is not closed by ']'")));
            }
            self.tokens.next();
            tags.push((name, value));
        }
        Ok(tags)
    }

    /// The main line and the game termination marker, if any: movetext
    /// ends at a result, at the next tag section or at the end of the text.
    fn read_movetext(
        &mut self,
        start: Position,
        leading: Vec<String>,
    ) -> Result<(PgnLine, Option<String>), (PgnError, Stage)> {
        let numbering = (start.fullmove_number(), start.side_to_move() == Color::Black);
        let main = PgnLine { comment_before: leading, moves: Vec::new() };
        let mut stack = vec![Frame { line: main, pos: start, ply: 0 }];
        loop {
            let depth = stack.len() - 1;
            let fail = |k: PgnErrorKind| (PgnError::new(0, k), Stage::Movetext { depth });
            let token = match self.tokens.peek() {
                None | Some(Token::TagOpen) if depth > 0 => return Err(fail(PgnErrorKind::UnclosedVariation)),
                None | Some(Token::TagOpen) => break,
                Some(_) => self.tokens.next(),
            };
            let Some(token) = token else { break };
            let top = stack.last_mut().expect("the main line is never popped");
            match token {
                Token::Comment(c) => match top.last_move() {
                    Some(m) => m.comments.push(c),
                    None => top.line.comment_before.push(c),
                },
                Token::Nag(n) => match top.last_move() {
                    Some(m) => m.nags.push(n),
                    None => return Err(fail(PgnErrorKind::AnnotationWithoutMove)),
                },
                Token::VariationOpen => {
                    if depth >= MAX_VARIATION_DEPTH {
                        return Err(fail(PgnErrorKind::Syntax("variations nested too deep".into())));
                    }
                    let frame = open_variation(top).ok_or_else(|| fail(PgnErrorKind::VariationWithoutMove))?;
                    stack.push(frame);
                }
                Token::VariationClose => {
                    if depth == 0 {
                        return Err(fail(PgnErrorKind::UnbalancedParenthesis));
                    }
                    let done = stack.pop().expect("depth > 0").line;
                    let parent = stack.last_mut().expect("depth > 0");
                    parent.last_move().expect("a variation follows a move").variations.push(done);
                }
                Token::Symbol(s) if RESULTS.contains(&s.as_str()) => {
                    if depth > 0 {
                        return Err(fail(PgnErrorKind::ResultInVariation));
                    }
                    let main = stack.pop().expect("the main line").line;
                    return Ok((main, Some(s)));
                }
                Token::Symbol(s) => {
                    play(top, &s).map_err(|k| (move_error(k, top.ply, numbering, s), Stage::Movetext { depth }))?;
                }
                Token::Error(e) => return Err(fail(PgnErrorKind::Syntax(e))),
                Token::TagClose | Token::Str(_) | Token::TagOpen => {
                    return Err(fail(PgnErrorKind::Syntax(format!("unexpected {token:?} in movetext"))))
                }
            }
        }
        Ok((stack.pop().expect("the main line").line, None))
    }

    /// Skips what is left of a failed game: the rest of its tag section if
    /// it failed there, then its movetext up to its result (outside any
    /// variation) or the next tag section.
    fn skip_rest(&mut self, stage: Stage) {
        let mut depth = match stage {
            Stage::Tags => {
                self.skip_tag_section();
                0
            }
            Stage::Movetext { depth } => depth as i64,
        };
        while let Some(t) = self.tokens.peek() {
            match t {
                Token::TagOpen => return,
                Token::VariationOpen => depth += 1,
                Token::VariationClose => depth -= 1,
                Token::Symbol(s) if depth <= 0 && RESULTS.contains(&s.as_str()) => {
                    self.tokens.next();
                    return;
                }
                _ => {}
            }
            self.tokens.next();
        }
    }

    /// Skips tag-shaped tokens: brackets, strings, lexer errors, and a
    /// symbol straight after `[` (a tag name, as opposed to a move).
    fn skip_tag_section(&mut self) {
        let mut after_open = false;
        while let Some(t) = self.tokens.peek() {
            after_open = match t {
                Token::TagOpen => true,
                Token::Symbol(_) if after_open => false,
                Token::TagClose | Token::Str(_) | Token::Error(_) => false,
                _ => return,
            };
            self.tokens.next();
        }
    }
}

/// A frame for a variation replacing `parent`'s last move, or `None` when
/// the parent has no move yet.
fn open_variation(parent: &Frame) -> Option<Frame> {
    let last = parent.line.moves.last()?.mv;
    let mut pos = parent.pos.clone();
    if last == Move::NULL {
        pos.unmake_null_move();
    } else {
        pos.unmake_move(last);
    }
    Some(Frame { line: PgnLine::default(), pos, ply: parent.ply - 1 })
}

/// Reads `text` as a move in `frame`'s position and plays it there.
fn play(frame: &mut Frame, text: &str) -> Result<(), PgnErrorKind> {
    let m = parse_move(&frame.pos, text)?;
    if m == Move::NULL {
        frame.pos.make_null_move();
    } else {
        frame.pos.make_move(m);
    }
    frame.line.moves.push(PgnMove::new(m));
    frame.ply += 1;
    Ok(())
}

/// SAN first (the PGN notation), then UCI long algebraic; the SAN error is
/// the one reported.
fn parse_move(pos: &Position, text: &str) -> Result<Move, PgnErrorKind> {
    if matches!(text, "--" | "Z0" | "0000" | "@@@@") {
        return if pos.in_check() { Err(PgnErrorKind::NullMoveInCheck) } else { Ok(Move::NULL) };
    }
    pos.parse_san(text).or_else(|e| pos.parse_uci_move(text).map_err(|_| e)).map_err(|e| match e {
        MoveParseError::Syntax(_) => PgnErrorKind::NotAMove,
        MoveParseError::Ambiguous(_) => PgnErrorKind::AmbiguousMove,
        MoveParseError::Illegal(_) | MoveParseError::NotEnPassant(_) => PgnErrorKind::IllegalMove,
    })
}

/// The error for a move at `ply` plies from a start position with full-move
/// number and side `(number, black)`. The number is counted from the start,
/// not taken from the position, since null moves do not advance it there.
fn move_error(kind: PgnErrorKind, ply: usize, (number, black): (u32, bool), token: String) -> PgnError {
    let from_start = ply + black as usize;
    PgnError {
        game: 0,
        ply: Some(ply),
        move_number: Some(number.saturating_add((from_start / 2) as u32)),
        black_to_move: from_start % 2 == 1,
        token: Some(token),
        kind,
    }
}
