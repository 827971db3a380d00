//! The UCI front end. A reader thread turns stdin into lines (as bytes, so a
//! stray non-UTF-8 byte cannot kill it) and sends them over a channel; the
//! controller applies each command to the engine state. Searches run on the
//! pool's threads, so `isready`, `stop`, `ponderhit` and `quit` are answered
//! at once while the engine thinks. This layer only translates text to calls.

pub mod options;
pub(crate) mod output;
pub mod parse;

use crate::chess::{Move, Position};
use crate::search::skill::SKILL_MAX;
use crate::search::{Limits, SearchPool, Skill};
use crate::tools;
use crossbeam_channel::{unbounded, Receiver};
use options::Change;
use output::{error, info_string, send, UciReporter};
use parse::{GoParams, UciCommand};
use std::io::BufRead;
use std::sync::Arc;
use std::time::Instant;

pub const ENGINE_NAME: &str = concat!("Jiangjun ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the Jiangjun developers";

pub struct Controller {
    pos: Position,
    /// False after a `position` command was rejected, until a valid one
    /// arrives: `pos` is then stale and must not be searched (the GUI thinks
    /// the game is somewhere else).
    pos_valid: bool,
    /// A `go infinite` or `go ponder` without a valid position owes a
    /// `bestmove 0000`, sent at `stop` or `ponderhit` as UCI asks.
    null_bestmove_owed: bool,
    pool: SearchPool,
    multipv: usize,
    chess960: bool,
    debug: bool,
    limit_strength: bool,
    elo: u32,
    skill_level: u32,
    /// `Seed`: 0 for a fresh random seed at each new game.
    seed: u64,
    /// `UCI_ShowWDL`: odds beside every score.
    show_wdl: bool,
}

impl Controller {
    pub fn new() -> Controller {
        let pool = SearchPool::new(1, 16).expect("a 16 MB hash table must be available");
        Controller {
            pos: Position::startpos(),
            pos_valid: true,
            null_bestmove_owed: false,
            pool,
            multipv: 1,
            chess960: false,
            debug: false,
            limit_strength: false,
            elo: crate::search::skill::ELO_MIN,
            skill_level: SKILL_MAX,
            seed: 0,
            show_wdl: false,
        }
    }

    /// Handles one input line that arrived at `at` (clocks run from then);
    /// returns false on `quit`.
    pub fn handle_line(&mut self, line: &str, at: Instant) -> bool {
        let cmd = match parse::parse_line(line) {
            Ok(c) => c,
            Err(e) => {
                if parse::command_word(line) == Some("position") {
                    self.reject_position(&e);
                } else {
                    error(&e);
                }
                return true;
            }
        };
        self.handle(cmd, at)
    }

    fn handle(&mut self, cmd: UciCommand, at: Instant) -> bool {
        if matches!(cmd, UciCommand::Go(_) | UciCommand::Stop | UciCommand::PonderHit | UciCommand::Quit) {
            self.pay_null_bestmove();
        }
        match cmd {
            UciCommand::Uci => {
                send(&format!("id name {ENGINE_NAME}"));
                send(&format!("id author {ENGINE_AUTHOR}"));
                for spec in options::SPECS {
                    send(&options::declaration(spec));
                }
                for line in options::param_declarations() {
                    send(&line);
                }
                send("uciok");
            }
            UciCommand::IsReady => send("readyok"),
            UciCommand::Debug(on) => self.debug = on,
            UciCommand::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciCommand::UciNewGame => {
                self.pool.clear();
                self.pool.reseed(self.seed);
            }
            UciCommand::Position { fen, moves } => self.set_position(fen.as_deref(), &moves),
            UciCommand::Go(params) => self.go(params, at),
            UciCommand::Stop => self.pool.stop(),
            UciCommand::PonderHit => self.pool.ponderhit(),
            UciCommand::Quit => {
                self.pool.stop();
                self.pool.wait();
                return false;
            }
            UciCommand::Display | UciCommand::Eval | UciCommand::Perft(_) if !self.pos_valid => no_position_error(),
            UciCommand::Display => self.display(),
            UciCommand::Perft(depth) => {
                self.pool.stop();
                self.pool.wait();
                let depth = depth.min(20);
                let threads = self.pool.thread_count();
                let report = tools::perft::divide(&self.pos, depth, threads);
                for l in &report.lines {
                    send(l);
                }
                send("");
                send(&format!("Nodes searched: {}", report.nodes));
            }
            UciCommand::Bench(depth) => {
                self.pool.stop();
                self.pool.wait();
                let r = tools::bench::run(depth.unwrap_or(tools::bench::DEFAULT_DEPTH).clamp(1, 64), |_, _, _, _| {});
                info_string(&format!("bench {} nodes {} nps", r.nodes, r.nps()));
                send(&format!("{} nodes {} nps", r.nodes, r.nps()));
            }
            UciCommand::Eval => {
                // Each row as an info string so a GUI never sees a malformed line.
                for line in crate::eval::table::render(&self.pos) {
                    info_string(&format!("eval {line}"));
                }
                if let Some(verdict) = self.pool.tablebases().verdict(&self.pos) {
                    info_string(&format!("eval tablebase: {verdict} for the side to move"));
                }
            }
            UciCommand::Empty => {}
            UciCommand::Unknown(text) => {
                let shown: String = text.chars().take(80).collect();
                info_string(&format!("unknown command '{shown}'"));
            }
        }
        true
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let parsed = match options::parse(name, value) {
            Ok(p) => p,
            Err(e) => {
                error(&e);
                return;
            }
        };
        if let Some(note) = parsed.note {
            info_string(&note);
        }
        match parsed.change {
            Change::Hash(mb) => {
                if let Err(e) = self.pool.set_hash(mb) {
                    error(&format!("{e}; keeping the {} MB table", self.pool.hash_mb()));
                }
            }
            Change::Threads(n) => self.pool.set_threads(n),
            Change::MultiPv(n) => self.multipv = n,
            Change::MoveOverhead(ms) => self.pool.move_overhead_ms = ms,
            Change::Ponder(_) => {} // pondering is driven by `go ponder`
            Change::Chess960(on) => {
                self.chess960 = on;
                // A Chess960 castling setup cannot be played or written as
                // standard chess (O-O-O from b1 would print as b1c1, the same
                // text as the king's step): such a position is dropped.
                if !self.pos_valid {
                    // Nothing to convert: the next valid `position` replaces it.
                } else if Position::from_fen(&self.pos.to_fen(), on).is_ok() {
                    self.pos.set_chess960(on);
                } else {
                    self.pos = Position::startpos();
                    self.pos.set_chess960(on);
                    info_string("the position has Chess960 castling rights; position reset to the start position");
                }
            }
            Change::ClearHash => self.pool.clear_hash(),
            Change::SyzygyPath(path) => match self.pool.set_tablebases(&path) {
                Ok(tables) => info_string(&tables.summary()),
                Err(e) => error(&format!("{e}; no tablebases in use")),
            },
            Change::SyzygyProbeDepth(d) => self.pool.tb.probe_depth = d,
            Change::Syzygy50MoveRule(on) => self.pool.tb.rule50 = on,
            Change::SyzygyProbeLimit(n) => self.pool.tb.probe_limit = n,
            Change::LimitStrength(on) => {
                self.limit_strength = on;
                self.apply_strength();
            }
            Change::Elo(elo) => {
                self.elo = elo;
                self.apply_strength();
            }
            Change::SkillLevel(level) => {
                self.skill_level = level;
                self.apply_strength();
            }
            Change::Seed(seed) => {
                self.seed = seed;
                self.pool.reseed(seed);
            }
            Change::ShowWdl(on) => self.show_wdl = on,
            Change::Param(name, v) => {
                crate::search::params::set(name, v);
            }
        }
    }

    /// `UCI_LimitStrength` with `UCI_Elo` decides when on; otherwise a
    /// `Skill Level` below the top; otherwise full strength.
    fn apply_strength(&mut self) {
        self.pool.skill =
            if self.limit_strength { Some(Skill::from_elo(self.elo)) } else { Skill::from_level(self.skill_level) };
    }

    /// Sets up a position. On any error there is no position until the next
    /// valid `position` command (see [`Controller::pos_valid`]).
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) {
        let base = match fen {
            None => {
                let mut p = Position::startpos();
                p.set_chess960(self.chess960);
                Ok(p)
            }
            Some(f) => Position::from_fen(f, self.chess960),
        };
        let mut pos = match base {
            Ok(p) => p,
            Err(e) => {
                self.reject_position(&format!("invalid FEN: {e}"));
                return;
            }
        };
        for (i, text) in moves.iter().enumerate() {
            match pos.parse_uci_move(text) {
                Ok(m) => pos.make_move(m),
                Err(e) => {
                    self.reject_position(&format!("move {} of the position command: {e}", i + 1));
                    return;
                }
            }
        }
        self.pos = pos;
        self.pos_valid = true;
    }

    /// A `position` command was rejected: searching the previous position
    /// would answer for a position the GUI does not have.
    fn reject_position(&mut self, why: &str) {
        error(&format!("{why}; no valid position until the next valid position command"));
        self.pos_valid = false;
    }

    fn pay_null_bestmove(&mut self) {
        if std::mem::take(&mut self.null_bestmove_owed) {
            send("bestmove 0000");
        }
    }

    fn go(&mut self, params: GoParams, at: Instant) {
        // The previous search answers first, so this go's errors follow its bestmove.
        self.pool.stop();
        self.pool.wait();
        for note in &params.notes {
            error(note);
        }
        if !self.pos_valid {
            // Still exactly one bestmove for this go: the UCI null move.
            no_position_error();
            if params.infinite || params.ponder {
                self.null_bestmove_owed = true;
            } else {
                send("bestmove 0000");
            }
            return;
        }
        // The parser reads negative numbers as 0.
        let ms = |v: Option<i64>| v.map(|t| t.max(0) as u64);
        let mut searchmoves: Vec<Move> = Vec::new();
        for text in &params.searchmoves {
            match self.pos.parse_uci_move(text) {
                Ok(m) => searchmoves.push(m),
                Err(e) => info_string(&format!("error: searchmoves: {e}; ignored")),
            }
        }
        let limits = Limits {
            wtime: ms(params.wtime),
            btime: ms(params.btime),
            winc: ms(params.winc),
            binc: ms(params.binc),
            movestogo: params.movestogo.filter(|&m| m > 0),
            movetime: ms(params.movetime),
            depth: params.depth.map(|d| d.clamp(1, 127)),
            nodes: params.nodes.map(|n| n.max(1)),
            mate: params.mate.filter(|&m| m > 0),
            infinite: params.infinite,
            ponder: params.ponder,
            searchmoves,
            received: Some(at),
        };
        self.pool.start(&self.pos, limits, self.multipv, Arc::new(UciReporter::new(self.show_wdl)));
    }

    fn display(&self) {
        let mut board = String::new();
        for rank in (0..8).rev() {
            board.push_str(" +---+---+---+---+---+---+---+---+\n");
            for file in 0..8 {
                let p = self.pos.piece_on(crate::chess::Square::from_coords(file, rank));
                board.push_str(&format!(" | {}", if p.is_none() { ' ' } else { p.char() }));
            }
            board.push_str(&format!(" | {}\n", rank + 1));
        }
        board.push_str(" +---+---+---+---+---+---+---+---+\n   a   b   c   d   e   f   g   h\n");
        for l in board.lines() {
            send(l);
        }
        send("");
        send(&format!("Fen: {}", self.pos.to_fen()));
        send(&format!("Key: {:016X}", self.pos.key()));
        let checkers: Vec<String> = self.pos.checkers().iter().map(|s| s.to_string()).collect();
        send(&format!("Checkers: {}", checkers.join(" ")));
    }
}

fn no_position_error() {
    error("no valid position (the last position command was rejected); send a new position");
}

impl Default for Controller {
    fn default() -> Self {
        Self::new()
    }
}

/// Spawns the stdin reader: lines as lossy UTF-8 with CR/LF stripped; EOF
/// (the GUI closed the pipe) becomes `quit`.
fn spawn_reader() -> Receiver<(Instant, String)> {
    let (tx, rx) = unbounded();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            let mut buf = Vec::with_capacity(256);
            loop {
                buf.clear();
                match lock.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send((Instant::now(), "quit".to_string()));
                        break;
                    }
                    Ok(_) => {
                        // Stamped on arrival: the GUI's clock started when it
                        // sent the line, not when the controller gets to it.
                        let at = Instant::now();
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send((at, line)).is_err() {
                            break;
                        }
                    }
                }
            }
        })
        .expect("cannot spawn the stdin reader");
    rx
}

/// The UCI loop: runs until `quit` or end of input.
pub fn run() {
    let lines = spawn_reader();
    let mut controller = Controller::new();
    while let Ok((at, line)) = lines.recv() {
        if !controller.handle_line(&line, at) {
            break;
        }
    }
}
