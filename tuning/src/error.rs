//! The one error type of the tuning tools.
//!
//! Every subcommand returns `Result<(), Error>`; `main` prints the error as
//! `error: {e}` and exits with status 2. Lines a data file cannot use are a
//! [`Error::Data`] where they are parsed; the subcommands that read many
//! files skip such lines (as they always have) and count them, so one bad
//! line does not end a run over millions of good ones.

use std::fmt;

#[derive(Debug)]
pub enum Error {
    /// A file could not be read, opened or written: `action` is what was
    /// tried ("read", "open", "write").
    Io { path: String, action: &'static str, source: std::io::Error },
    /// One line of a data file (`line` counts from 1) is not in any of the
    /// accepted forms (see `crate::data`).
    Data { path: String, line: usize, message: String },
    /// The input as a whole cannot do the job (too few usable positions, a
    /// book without positions, a source file without its fitted block).
    Input(String),
    /// The labelling engine (or our own search) failed: it did not start,
    /// did not answer in time, or exited.
    Engine(String),
    /// A flag's value is out of its range or badly formed.
    Usage(String),
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: &str, action: &'static str, source: std::io::Error) -> Error {
        Error::Io { path: path.to_string(), action, source }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { path, action, source } => write!(f, "cannot {action} {path}: {source}"),
            Error::Data { path, line, message } => write!(f, "{path}:{line}: {message}"),
            Error::Input(message) | Error::Engine(message) | Error::Usage(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_file_and_line() {
        let e = Error::io("x.txt", "read", std::io::Error::new(std::io::ErrorKind::NotFound, "gone"));
        assert_eq!(e.to_string(), "cannot read x.txt: gone");
        assert!(std::error::Error::source(&e).is_some());
        let e = Error::Data { path: "d.txt".into(), line: 7, message: "no result".into() };
        assert_eq!(e.to_string(), "d.txt:7: no result");
        assert_eq!(
            Error::Usage("--lambda must be between 0 and 1".into()).to_string(),
            "--lambda must be between 0 and 1"
        );
    }
}
