//! PGN text to tokens.
//!
//! The lexer never fails outright: text it cannot make sense of comes out
//! as a [`Token::Error`] after which lexing goes on, so the reader can
//! report the game and carry on with the next one.

/// One PGN token. Move numbers, periods and `%` escape lines are dropped
/// here, since they carry nothing the move sequence does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// `[`, opening a tag pair.
    TagOpen,
    /// `]`.
    TagClose,
    /// A quoted string, escapes resolved.
    Str(String),
    /// A tag name, a move, a null move or a game termination marker.
    Symbol(String),
    /// `$n` or a suffix annotation (`!`, `?!`, ...) as its NAG number.
    Nag(u8),
    /// A `{...}` or `;` comment, trimmed, each run of whitespace one space.
    Comment(String),
    /// `(`.
    VariationOpen,
    /// `)`.
    VariationClose,
    /// Text that is not PGN, with the reason.
    Error(String),
}

/// NAG numbers of the suffix annotations (PGN standard, section 10).
const SUFFIXES: [(&str, u8); 6] = [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2)];

pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer over `text`, skipping a UTF-8 byte-order mark.
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text: text.strip_prefix('\u{feff}').unwrap_or(text), pos: 0 }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.bytes()[self.pos - 1] == b'\n'
    }

    /// Byte offset of the end of the current line (before its `\n`).
    fn line_end(&self) -> usize {
        self.text[self.pos..].find('\n').map_or(self.text.len(), |i| self.pos + i)
    }

    /// Skips whitespace and `%` escape lines.
    fn skip_blank(&mut self) {
        while self.pos < self.text.len() {
            let b = self.bytes()[self.pos];
            if b == b'%' && self.at_line_start() {
                self.pos = self.line_end();
            } else if b.is_ascii_whitespace() {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    fn string(&mut self) -> Token {
        // Strings end at their line: a tag value never spans lines, and
        // stopping there keeps a missing quote from eating the next tags.
        let end = self.line_end();
        let mut out = String::new();
        let mut chars = self.text[self.pos + 1..end].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += 1 + i + 1;
                    return Token::Str(out);
                }
                '\\' => match chars.next() {
                    Some((_, e)) => out.push(e),
                    None => break,
                },
                _ => out.push(c),
            }
        }
        self.pos = end;
        Token::Error("unterminated string".into())
    }

    fn brace_comment(&mut self) -> Token {
        let start = self.pos + 1;
        match self.text[start..].find('}') {
            Some(i) => {
                self.pos = start + i + 1;
                Token::Comment(collapse_space(&self.text[start..start + i]))
            }
            None => {
                // Resume at the next tag line so one missing brace costs
                // one game, not the rest of the file.
                self.pos = next_tag_line(self.text, start);
                Token::Error("unterminated comment".into())
            }
        }
    }

    fn line_comment(&mut self) -> Token {
        let end = self.line_end();
        let body = collapse_space(&self.text[self.pos + 1..end]);
        self.pos = end;
        Token::Comment(body)
    }

    fn nag(&mut self) -> Token {
        let start = self.pos + 1;
        let len = self.bytes()[start..].iter().take_while(|b| b.is_ascii_digit()).count();
        self.pos = start + len;
        let digits = &self.text[start..start + len];
        match digits.parse::<u8>() {
            Ok(n) => Token::Nag(n),
            Err(_) => Token::Error(format!("bad NAG '${digits}'")),
        }
    }

    fn suffix(&mut self) -> Token {
        let rest = &self.text[self.pos..];
        let (text, nag) = SUFFIXES.iter().find(|(s, _)| rest.starts_with(s)).copied().unwrap_or(("!", 1));
        self.pos += text.len();
        Token::Nag(nag)
    }

    /// A run of symbol characters; all-digit runs (move numbers) and the
    /// periods after them come back as `None`.
    fn symbol(&mut self) -> Option<Token> {
        let start = self.pos;
        let len = self.bytes()[start..].iter().take_while(|&&b| is_symbol_byte(b)).count();
        self.pos = start + len;
        let s = &self.text[start..self.pos];
        // "0000" is a null move, not a move number.
        if s.bytes().all(|b| b.is_ascii_digit()) && s != "0000" {
            return None;
        }
        Some(Token::Symbol(s.to_string()))
    }

    fn unexpected(&mut self) -> Token {
        let c = self.text[self.pos..].chars().next().unwrap_or('\u{fffd}');
        self.pos += c.len_utf8();
        Token::Error(format!("unexpected character '{c}'"))
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        loop {
            self.skip_blank();
            let b = *self.bytes().get(self.pos)?;
            let token = match b {
                b'[' => self.single(Token::TagOpen),
                b']' => self.single(Token::TagClose),
                b'(' => self.single(Token::VariationOpen),
                b')' => self.single(Token::VariationClose),
                b'*' => self.single(Token::Symbol("*".into())),
                b'.' => {
                    self.pos += 1;
                    continue;
                }
                b'"' => self.string(),
                b'{' => self.brace_comment(),
                b';' => self.line_comment(),
                b'$' => self.nag(),
                b'!' | b'?' => self.suffix(),
                _ if is_symbol_byte(b) => match self.symbol() {
                    Some(t) => t,
                    None => continue,
                },
                _ => self.unexpected(),
            };
            return Some(token);
        }
    }
}

impl Lexer<'_> {
    fn single(&mut self, t: Token) -> Token {
        self.pos += 1;
        t
    }
}

/// Characters of tag names and moves (SAN, UCI, castling with `O` or `0`,
/// null moves `--`, results `1/2-1/2`, drops `N@f3` so they fail as one).
fn is_symbol_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/' | b'@')
}

/// Comment text with each run of whitespace made one space and the ends
/// trimmed: line breaks in a comment are layout, and the writer rewraps.
fn collapse_space(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Start of the first line at or after `from` that begins with `[`, or the
/// end of the text.
fn next_tag_line(text: &str, from: usize) -> usize {
    let mut at = from;
    while let Some(i) = text[at..].find('\n') {
        at += i + 1;
        if text[at..].trim_start_matches([' ', '\t']).starts_with('[') {
            return at;
        }
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex(s: &str) -> Vec<Token> {
        Lexer::new(s).collect()
    }

    fn sym(s: &str) -> Token {
        Token::Symbol(s.into())
    }

    #[test]
    fn suffix_annotations_become_nags() {
        let t = lex("e4! e5? Nf3!! Nc6?? Bb5!? a6?! Ba4!?!");
        assert_eq!(
            t,
            vec![
                sym("e4"),
                Token::Nag(1),
                sym("e5"),
                Token::Nag(2),
                sym("Nf3"),
                Token::Nag(3),
                sym("Nc6"),
                Token::Nag(4),
                sym("Bb5"),
                Token::Nag(5),
                sym("a6"),
                Token::Nag(6),
                sym("Ba4"),
                Token::Nag(5),
                Token::Nag(1),
            ]
        );
    }

    #[test]
    fn dollar_nags_and_bad_ones() {
        assert_eq!(lex("$0 $14 $255"), vec![Token::Nag(0), Token::Nag(14), Token::Nag(255)]);
        assert!(matches!(lex("$256")[0], Token::Error(_)));
        assert!(matches!(lex("$ e4")[0], Token::Error(_)));
    }

    #[test]
    fn move_numbers_in_every_form_vanish() {
        for text in ["1. e4 e5", "1.e4 1...e5", "1. e4 1. ... e5", "1 .e4 e5", "e4 e5", "1.e4 1…e5"] {
            let t = lex(text);
            // The ellipsis character is not PGN: it must show up as an error.
            if text.contains('…') {
                assert!(t.iter().any(|x| matches!(x, Token::Error(_))));
                continue;
            }
            assert_eq!(t, vec![sym("e4"), sym("e5")], "{text}");
        }
        assert_eq!(lex("12.Nf3 0000"), vec![sym("Nf3"), sym("0000")]);
    }

    #[test]
    fn results_castling_and_nulls_are_symbols() {
        assert_eq!(
            lex("1-0 0-1 1/2-1/2 * O-O-O 0-0 -- Z0"),
            ["1-0", "0-1", "1/2-1/2", "*", "O-O-O", "0-0", "--", "Z0"].map(sym).to_vec()
        );
    }

    #[test]
    fn comments_of_both_kinds() {
        let t = lex("e4 {  a\nmulti-line [%clk 0:01:00] } e5 ; rest of line\nNf3 {}");
        assert_eq!(
            t,
            vec![
                sym("e4"),
                Token::Comment("a multi-line [%clk 0:01:00]".into()),
                sym("e5"),
                Token::Comment("rest of line".into()),
                sym("Nf3"),
                Token::Comment(String::new()),
            ]
        );
    }

    #[test]
    fn escape_lines_only_at_line_start() {
        let unexpected = Token::Error("unexpected character '%'".into());
        assert_eq!(lex("% skipped e4\ne4 %e5"), vec![sym("e4"), unexpected, sym("e5")]);
    }

    #[test]
    fn tag_strings_with_escapes() {
        assert_eq!(
            lex(r#"[Event "a \"quoted\" back\\slash"]"#),
            vec![Token::TagOpen, sym("Event"), Token::Str(r#"a "quoted" back\slash"#.into()), Token::TagClose]
        );
    }

    #[test]
    fn unterminated_string_stops_at_its_line() {
        let t = lex("[Event \"open\n[Site \"x\"]");
        assert_eq!(t[2], Token::Error("unterminated string".into()));
        assert_eq!(&t[3..], &[Token::TagOpen, sym("Site"), Token::Str("x".into()), Token::TagClose]);
    }

    #[test]
    fn unterminated_comment_resumes_at_next_tag_line() {
        let t = lex("e4 { open\ne5\n[Event \"x\"]");
        assert_eq!(t[1], Token::Error("unterminated comment".into()));
        assert_eq!(t[2], Token::TagOpen);
    }

    #[test]
    fn byte_order_mark_is_skipped() {
        assert_eq!(lex("\u{feff}[A \"b\"]")[0], Token::TagOpen);
    }
}
