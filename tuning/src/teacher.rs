//! A UCI engine run as a child process to label training positions.
//!
//! Our own search labels the evaluation with what a deeper look of the same
//! evaluation finds; once the weights sit at the fixed point of their own
//! search, more of those labels teach nothing new. A stronger engine's scores
//! know things the evaluation does not, and the tuner can pull the weights
//! towards them.
//!
//! The engine's output is read on a thread of its own that passes each line
//! down a channel, and every wait on that channel has a deadline: the
//! handshake (`uci`/`uciok`, `isready`/`readyok`) gets the timeout for each
//! answer, and each search gets it from its `go` to its `bestmove`. An engine
//! that stays silent, hangs or exits is killed, and the caller gets an
//! [`Error::Engine`] that names the engine and what it was waiting for, so a
//! labelling run can never block forever.

use crate::error::Error;
use jiangjun::chess::{Move, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What the teacher said about one position: its score (centipawns, side to
/// move's view; `None` for a mate score) and its best move.
pub struct Verdict {
    pub score: Option<i32>,
    pub best: Move,
}

pub struct Teacher {
    /// The engine's path, as errors name it.
    path: String,
    child: Child,
    input: ChildStdin,
    /// The engine's output, line by line, from the reader thread; closed
    /// when the engine closes its output.
    output: Receiver<String>,
    /// How long to wait for one answer.
    timeout: Duration,
    /// Set once the engine has been killed after a failure.
    dead: bool,
}

/// How long a dropped teacher gets to obey `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(2);

impl Teacher {
    /// Starts the engine and waits for `uciok` and `readyok`, at most
    /// `timeout` for each; `options` are `(name, value)` pairs sent as
    /// `setoption`.
    pub fn spawn(path: &str, options: &[(String, String)], timeout: Duration) -> Result<Teacher, Error> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Error::Engine(format!("cannot start engine {path}: {e}")))?;
        let (Some(input), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Error::Engine(format!("engine {path}: no pipe to its input or output")));
        };
        let (lines, output) = mpsc::channel();
        let reader = std::thread::Builder::new().name("teacher output".to_string()).spawn(move || {
            let mut stdout = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match stdout.read_until(b'\n', &mut buf) {
                    // End of output or a read error: the channel closes.
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if lines.send(String::from_utf8_lossy(&buf).into_owned()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut t = Teacher { path: path.to_string(), child, input, output, timeout, dead: false };
        if let Err(e) = reader {
            return Err(t.fail(&format!("cannot start a thread to read its output: {e}")));
        }
        t.send("uci")?;
        t.wait_for("uciok", "`uciok` after `uci`")?;
        for (name, value) in options {
            t.send(&format!("setoption name {name} value {value}"))?;
        }
        t.send("isready")?;
        t.wait_for("readyok", "`readyok` after `isready`")?;
        Ok(t)
    }

    /// Kills the engine and returns the error that says why.
    fn fail(&mut self, why: &str) -> Error {
        if !self.dead {
            self.dead = true;
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        Error::Engine(format!("engine {}: {why}", self.path))
    }

    fn send(&mut self, line: &str) -> Result<(), Error> {
        if self.dead {
            return Err(Error::Engine(format!("engine {}: already stopped after an error", self.path)));
        }
        let sent = writeln!(self.input, "{line}").and_then(|_| self.input.flush());
        sent.map_err(|e| self.fail(&format!("cannot send `{line}` (has it exited?): {e}")))
    }

    /// The next line of output, waiting until `deadline` at most; `what`
    /// says what the caller is waiting for, for the error.
    fn read_line(&mut self, deadline: Instant, what: &str) -> Result<String, Error> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(self.fail(&format!("no {what} within {:?}; killed it", self.timeout)))
            }
            Err(RecvTimeoutError::Disconnected) => Err(self.fail(&format!("exited while waiting for {what}"))),
        }
    }

    fn wait_for(&mut self, token: &str, what: &str) -> Result<(), Error> {
        let deadline = Instant::now() + self.timeout;
        while self.read_line(deadline, what)?.trim() != token {}
        Ok(())
    }

    /// Searches `pos` for `nodes` nodes, waiting at most the timeout for its
    /// `bestmove`. The score is that of the last `info` line with an exact
    /// score (a bound only when there is nothing else), so an aspiration fail
    /// at the node limit does not become the label. `Ok(None)`: the engine
    /// answered but gave no usable score or move.
    pub fn search(&mut self, pos: &Position, nodes: u64) -> Result<Option<Verdict>, Error> {
        let fen = pos.to_fen();
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go nodes {nodes}"))?;
        let deadline = Instant::now() + self.timeout;
        let what = format!("`bestmove` after `go nodes {nodes}` on {fen}");
        let (mut exact, mut bound): (Option<Option<i32>>, Option<Option<i32>>) = (None, None);
        loop {
            let line = self.read_line(deadline, &what)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    if let Some((score, is_bound)) = parse_score(&line) {
                        if is_bound {
                            bound = Some(score);
                        } else {
                            exact = Some(score);
                        }
                    }
                }
                Some("bestmove") => {
                    let best = words.next().and_then(|m| pos.parse_uci_move(m).ok());
                    let score = exact.or(bound);
                    return Ok(match (best, score) {
                        (Some(best), Some(score)) => Some(Verdict { score, best }),
                        _ => None,
                    });
                }
                _ => {}
            }
        }
    }
}

impl Drop for Teacher {
    /// Asks the engine to quit, and kills it if it has not after a grace
    /// period: dropping a teacher never hangs either.
    fn drop(&mut self) {
        if self.dead {
            return;
        }
        let _ = writeln!(self.input, "quit").and_then(|_| self.input.flush());
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The score of an `info` line: `Some((Some(cp), bound))`, or
/// `Some((None, bound))` for a mate; `None` when the line has no score.
pub fn parse_score(line: &str) -> Option<(Option<i32>, bool)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score")?;
    let value = match (words.get(at + 1)?, words.get(at + 2)?) {
        (&"cp", v) => Some(v.parse::<i32>().ok()?),
        (&"mate", v) => {
            v.parse::<i32>().ok()?;
            None
        }
        _ => return None,
    };
    let bound = matches!(words.get(at + 3), Some(&"lowerbound") | Some(&"upperbound"));
    Some((value, bound))
}

/// Fake engines for tests: shell scripts written to temporary files.
#[cfg(all(test, unix))]
pub(crate) mod fake {
    use std::sync::Mutex;

    /// Writing an executable and starting it is serialised: a fork by
    /// another test between the write and the start would hold the file
    /// open for writing, and starting it would fail with ETXTBSY.
    static SPAWN: Mutex<()> = Mutex::new(());

    /// Writes `script` to a temporary executable, runs `f` with its path
    /// (while no other test writes or starts a fake engine), then removes it.
    pub(crate) fn with_engine<R>(name: &str, script: &str, f: impl FnOnce(&str) -> R) -> R {
        use std::os::unix::fs::PermissionsExt;
        let _guard = SPAWN.lock().unwrap_or_else(|e| e.into_inner());
        let path = std::env::temp_dir().join(format!("jiangjun-fake-{name}-{}.sh", std::process::id()));
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        let result = f(&path.to_string_lossy());
        let _ = std::fs::remove_file(&path);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_bounds_and_mates_are_read_from_info_lines() {
        let l = "info depth 11 seldepth 13 multipv 1 score cp -222 upperbound nodes 20025 pv e8g8";
        assert_eq!(parse_score(l), Some((Some(-222), true)));
        let l = "info depth 8 seldepth 9 multipv 1 score cp 35 nodes 2318 pv e8g8 d2d3";
        assert_eq!(parse_score(l), Some((Some(35), false)));
        assert_eq!(parse_score("info depth 3 score mate -2 pv a1a2"), Some((None, false)));
        assert_eq!(parse_score("info string hello"), None);
        assert_eq!(parse_score("info depth 3 score cp x"), None);
    }

    /// Tests against fake engines (`fake::with_engine`).
    #[cfg(unix)]
    mod fake_engines {
        use super::super::*;

        /// Starts `script` as a teacher with a one-second timeout.
        fn start(name: &str, script: &str) -> (Result<Teacher, Error>, String) {
            fake::with_engine(name, script, |path| {
                (
                    Teacher::spawn(path, &[("Hash".to_string(), "16".to_string())], Duration::from_secs(1)),
                    path.to_string(),
                )
            })
        }

        fn engine_error(r: Result<impl Sized, Error>) -> String {
            match r {
                Err(Error::Engine(message)) => message,
                Err(e) => panic!("expected an engine error, got {e}"),
                Ok(_) => panic!("expected an engine error"),
            }
        }

        /// An engine that answers the handshake; `go` gets `on_go`.
        fn answering(on_go: &str) -> String {
            format!(
                "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name fake'; echo uciok ;;\n    \
                 isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
            )
        }

        #[test]
        fn a_silent_engine_times_out_in_the_handshake() {
            let begin = Instant::now();
            let (teacher, path) = start("silent", "#!/bin/sh\nexec sleep 60\n");
            let message = engine_error(teacher);
            assert!(begin.elapsed() < Duration::from_secs(10), "took {:?}", begin.elapsed());
            assert!(message.contains(&path) && message.contains("`uciok`"), "{message}");
        }

        #[test]
        fn an_engine_without_bestmove_times_out_in_the_search() {
            let (teacher, path) = start("mute", &answering(":"));
            let mut teacher = teacher.expect("the handshake works");
            let pos = Position::from_fen(jiangjun::chess::START_FEN, false).unwrap();
            let begin = Instant::now();
            let message = engine_error(teacher.search(&pos, 1000));
            let took = begin.elapsed();
            assert!(took >= Duration::from_millis(900) && took < Duration::from_secs(10), "took {took:?}");
            assert!(message.contains(&path) && message.contains("`bestmove`"), "{message}");
            assert!(message.contains(&pos.to_fen()), "the error names the position: {message}");
            // The engine is gone: the next search fails at once.
            assert!(teacher.search(&pos, 1000).is_err());
            drop(teacher);
        }

        #[test]
        fn an_engine_that_exits_is_an_error_not_a_hang() {
            let (teacher, path) = start("exits", &answering("exit 3"));
            let mut teacher = teacher.expect("the handshake works");
            let pos = Position::from_fen(jiangjun::chess::START_FEN, false).unwrap();
            let message = engine_error(teacher.search(&pos, 1000));
            assert!(
                message.contains(&path) && message.contains("exited") && message.contains("`bestmove`"),
                "{message}"
            );
            // One that exits at once fails the handshake (whether the `uci`
            // finds its input still open or not).
            let (teacher, path2) = start("gone", "#!/bin/sh\nexit 0\n");
            assert!(engine_error(teacher).contains(&path2));
        }

        #[test]
        fn a_prompt_engine_gives_its_verdict() {
            let on_go =
                "echo 'info depth 1 score cp 12'; echo 'info depth 2 score cp 50 lowerbound'; echo 'bestmove e2e4'";
            let (teacher, _) = start("prompt", &answering(on_go));
            let mut teacher = teacher.expect("the handshake works");
            let pos = Position::from_fen(jiangjun::chess::START_FEN, false).unwrap();
            let verdict = teacher.search(&pos, 1000).unwrap().expect("a verdict");
            assert_eq!(verdict.score, Some(12), "the exact score beats a later bound");
            assert_eq!(pos.move_to_uci(verdict.best), "e2e4");
            // Dropping it asks it to quit; it does, at once.
            let begin = Instant::now();
            drop(teacher);
            assert!(begin.elapsed() < QUIT_GRACE);
        }
    }
}
