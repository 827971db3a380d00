//! The training data: what a data file holds and how it is read.
//!
//! A data file is text, one position a line. Every subcommand reads it with
//! [`parse_line`] (through [`DataFile`]), and the ones that write data
//! (`datagen`, `rescore`, `blend`) write it with [`format_line`]. Two line
//! forms are accepted; both give the same [`Record`]:
//!
//! **The project's own form**, the one the tools write:
//!
//! ```text
//! FEN;result
//! FEN;result;score
//! ```
//!
//! - `FEN`: the position, any non-empty text without `;` (it is not checked
//!   here: a subcommand that needs the position parses it and skips lines
//!   whose FEN it cannot read).
//! - `result`: the game's result from White's view, a number from 0 to 1:
//!   `1.0` White won, `0.5` a draw, `0.0` Black won (`datagen` writes these
//!   three with one decimal; any number in the range is read, e.g. `1` or
//!   `0.25`).
//! - `score` (optional; older files have none): the search score of the
//!   position in centipawns **from White's view** (positive: White is
//!   better, whoever is to move), an integer below 30,000 in size (a mate
//!   score is never written).
//!
//! Fields may have spaces around them; there are exactly two or three.
//!
//! **The common `FEN | score | result` form** of other engines' training
//! data:
//!
//! ```text
//! FEN | score | result
//! ```
//!
//! - `score`: centipawns from White's view, an integer below 30,000 in size
//!   (required in this form).
//! - `result`: from White's view, either a number from 0 to 1 as above
//!   (`1.0`, `0.5`, `0.0`) or a PGN result, `1-0`, `1/2-1/2` or `0-1`.
//!
//! Both forms orient score and result the same way (White's view), so the
//! common form needs no conversion: `FEN | 35 | 1-0` is the same record as
//! `FEN;1.0;35`. A line with a `|` is read in the common form, any other in
//! the project's own; anything else (an empty line, a comment, a result
//! out of range, a fourth field) is malformed: a [`Error::Data`] naming the
//! file and the line. Subcommands skip malformed lines, as they always
//! have, so one bad line does not end a run over millions of good ones.
//!
//! Lines are numbered from 1. Files written by `datagen` keep a game's
//! positions together, which is why the held-out splits of `texel` and
//! `wdlfit` take whole blocks of consecutive lines.

use crate::error::Error;

/// Scores this large (or larger) are mates, never evaluation targets.
pub const MAX_SCORE: u32 = 30_000;

/// One data line: the position, the game's result and the search score, if
/// any, both from White's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Record<'a> {
    pub fen: &'a str,
    /// 1.0 White won, 0.5 draw, 0.0 Black won (or anything between).
    pub result: f64,
    /// Centipawns, White's view.
    pub score: Option<i32>,
}

/// Reads one line in either form (see the module documentation); the error
/// says what is wrong with it.
pub fn parse_line(line: &str) -> Result<Record<'_>, String> {
    if line.contains('|') {
        parse_common(line)
    } else {
        parse_own(line)
    }
}

/// `FEN;result` or `FEN;result;score`.
fn parse_own(line: &str) -> Result<Record<'_>, String> {
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    let (fen, result, score) = match fields[..] {
        [fen, result] => (fen, result, None),
        [fen, result, score] => (fen, result, Some(score)),
        [_] => return Err("expected `FEN;result[;score]` or `FEN | score | result`".to_string()),
        _ => return Err(format!("{} fields separated by `;`, expected 2 or 3", fields.len())),
    };
    let fen = parse_fen(fen)?;
    let result = parse_result(result, false)?;
    let score = score.map(parse_score).transpose()?;
    Ok(Record { fen, result, score })
}

/// `FEN | score | result`.
fn parse_common(line: &str) -> Result<Record<'_>, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Err(format!("{} fields separated by `|`, expected 3 (`FEN | score | result`)", fields.len()));
    };
    Ok(Record { fen: parse_fen(fen)?, result: parse_result(result, true)?, score: Some(parse_score(score)?) })
}

fn parse_fen(fen: &str) -> Result<&str, String> {
    if fen.is_empty() {
        Err("no FEN".to_string())
    } else {
        Ok(fen)
    }
}

/// A number from 0 to 1, or (with `pgn`) a PGN result.
fn parse_result(field: &str, pgn: bool) -> Result<f64, String> {
    match field {
        "1-0" if pgn => return Ok(1.0),
        "1/2-1/2" if pgn => return Ok(0.5),
        "0-1" if pgn => return Ok(0.0),
        _ => {}
    }
    match field.parse::<f64>() {
        Ok(r) if (0.0..=1.0).contains(&r) => Ok(r),
        _ if pgn => Err(format!("result {field:?} is not a number from 0 to 1 nor 1-0, 1/2-1/2 or 0-1")),
        _ => Err(format!("result {field:?} is not a number from 0 to 1")),
    }
}

fn parse_score(field: &str) -> Result<i32, String> {
    match field.parse::<i32>() {
        Ok(s) if s.unsigned_abs() < MAX_SCORE => Ok(s),
        Ok(_) => Err(format!("score {field} is a mate score (30000 or more in size)")),
        Err(_) => Err(format!("score {field:?} is not a whole number of centipawns")),
    }
}

/// A line in the project's own form, as the tools write it: the result with
/// one decimal, the score (White's view) as a whole number.
pub fn format_line(fen: &str, result: f64, score: i32) -> String {
    format!("{fen};{result:.1};{score}\n")
}

/// A whole data file in memory.
pub struct DataFile {
    path: String,
    text: String,
}

/// One line of a [`DataFile`], with where it comes from.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub path: &'a str,
    /// Counted from 1.
    pub number: usize,
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// The line's record, or a [`Error::Data`] naming the file and line.
    pub fn record(&self) -> Result<Record<'a>, Error> {
        parse_line(self.text).map_err(|message| Error::Data { path: self.path.to_string(), line: self.number, message })
    }
}

impl DataFile {
    /// Reads the whole of `path`.
    pub fn read(path: &str) -> Result<DataFile, Error> {
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, "read", e))?;
        Ok(DataFile { path: path.to_string(), text })
    }

    /// Reads every file of `paths`, in order.
    pub fn read_all(paths: &[String]) -> Result<Vec<DataFile>, Error> {
        paths.iter().map(|p| DataFile::read(p)).collect()
    }

    /// A data file made from text (`path` only names it in errors).
    pub fn from_text(path: &str, text: &str) -> DataFile {
        DataFile { path: path.to_string(), text: text.to_string() }
    }

    pub fn path(&self) -> &str {
        &self.path
    }

    /// Every line, malformed ones included.
    pub fn lines(&self) -> impl Iterator<Item = Line<'_>> {
        self.text.lines().enumerate().map(|(i, text)| Line { path: &self.path, number: i + 1, text })
    }

    /// Every line's record, or its error.
    pub fn records(&self) -> impl Iterator<Item = Result<Record<'_>, Error>> {
        self.lines().map(|l| l.record())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: &str = "8/8/8/8/8/8/8/K1k5 w - - 0 1";

    #[test]
    fn the_own_form_with_and_without_a_score() {
        assert_eq!(parse_line(&format!("{FEN};0.5")), Ok(Record { fen: FEN, result: 0.5, score: None }));
        assert_eq!(parse_line(&format!("{FEN};1.0;-35")), Ok(Record { fen: FEN, result: 1.0, score: Some(-35) }));
        assert_eq!(parse_line(&format!(" {FEN} ; 0 ; 12 ")), Ok(Record { fen: FEN, result: 0.0, score: Some(12) }));
        assert!(parse_line("garbage").is_err());
        assert!(parse_line("fen;2.0").is_err());
        assert!(parse_line(";0.5").is_err());
        assert!(parse_line("").is_err());
        assert!(parse_line(&format!("{FEN};1.0;x")).is_err());
        assert!(parse_line(&format!("{FEN};1.0;")).is_err());
        assert!(parse_line(&format!("{FEN};1.0;5;6")).is_err());
        assert!(parse_line(&format!("{FEN};1.0;30000")).is_err());
        assert!(parse_line(&format!("{FEN};1.0;-2147483648")).is_err());
        assert!(parse_line(&format!("{FEN};1-0;5")).is_err(), "PGN results are for the common form");
        assert_eq!(parse_line(&format!("{FEN};1.0;-29999")).unwrap().score, Some(-29_999));
    }

    #[test]
    fn both_forms_parse_to_the_same_record() {
        let pairs = [
            ("1.0;35", "35 | 1.0"),
            ("1.0;35", "35 | 1-0"),
            ("0.5;-12", "-12 | 0.5"),
            ("0.5;-12", "-12 | 1/2-1/2"),
            ("0.0;-400", "-400 | 0.0"),
            ("0.0;-400", "-400|0-1"),
        ];
        for (own, common) in pairs {
            let own = format!("{FEN};{own}");
            let common = format!("{FEN} | {common}");
            let (a, b) = (parse_line(&own).unwrap(), parse_line(&common).unwrap());
            assert_eq!(a, b, "{own} vs {common}");
            // Written back in the own form, both give the own line.
            assert_eq!(format_line(b.fen, b.result, b.score.unwrap()).trim_end(), own);
        }
    }

    #[test]
    fn malformed_common_lines_are_rejected() {
        assert!(parse_line(&format!("{FEN} | 35")).is_err(), "the score and the result are both needed");
        assert!(parse_line(&format!("{FEN} | 35 | 1-0 | x")).is_err());
        assert!(parse_line(&format!("{FEN} | 1-0 | 35")).is_err(), "score first, then result");
        assert!(parse_line(&format!("{FEN} | 35.5 | 1.0")).is_err());
        assert!(parse_line(&format!("{FEN} | 35 | 2-0")).is_err());
        assert!(parse_line(&format!("{FEN} | 31000 | 1-0")).is_err());
        assert!(parse_line(" | 35 | 1-0").is_err());
    }

    #[test]
    fn malformed_lines_give_a_data_error_with_the_line_number() {
        let file = DataFile::from_text("sample.txt", &format!("{FEN};1.0;5\n{FEN} | 5 | 1-0\n\n{FEN};7.0\n"));
        let records: Vec<Result<Record, Error>> = file.records().collect();
        assert_eq!(records.len(), 4);
        assert_eq!(records[0].as_ref().unwrap(), records[1].as_ref().unwrap());
        for (index, line) in [(2, 3), (3, 4)] {
            match &records[index] {
                Err(Error::Data { path, line: number, message }) => {
                    assert_eq!((path.as_str(), *number), ("sample.txt", line));
                    assert!(!message.is_empty());
                }
                other => panic!("line {line}: expected a data error, got {other:?}"),
            }
        }
        let e = records[3].as_ref().unwrap_err().to_string();
        assert!(e.starts_with("sample.txt:4: ") && e.contains("7.0"), "{e}");
    }

    #[test]
    fn a_missing_file_is_an_io_error() {
        match DataFile::read("/nonexistent/jiangjun/data.txt") {
            Err(Error::Io { path, action: "read", .. }) => assert_eq!(path, "/nonexistent/jiangjun/data.txt"),
            Err(e) => panic!("wrong error {e}"),
            Ok(_) => panic!("read a file that is not there"),
        }
    }
}
