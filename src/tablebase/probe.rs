//! Loading a set of Syzygy tables and probing single positions.

use super::adapter::Adapter;
use super::error::TbError;
use crate::chess::{CastlingRights, Color, PieceType, Position};
use pyrrhic_rs::{TBError, TableBases, WdlProbeResult};
use std::path::Path;

/// Folders in a path option are separated as on the platform's PATH.
pub const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// Win/draw/loss for the side to move. The 50-move rule turns a cursed win
/// into a draw and a blessed loss into a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    Loss = -2,
    BlessedLoss = -1,
    Draw = 0,
    CursedWin = 1,
    Win = 2,
}

impl Wdl {
    /// -2 (loss) ..= 2 (win), the numbering Syzygy and python-chess use.
    pub const fn value(self) -> i32 {
        self as i32
    }

    /// The same result seen by the other side.
    pub const fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The word the command line prints.
    pub const fn name(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::BlessedLoss => "blessed loss",
            Wdl::Draw => "draw",
            Wdl::CursedWin => "cursed win",
            Wdl::Win => "win",
        }
    }

    fn from_probe(result: WdlProbeResult) -> Wdl {
        match result {
            WdlProbeResult::Loss => Wdl::Loss,
            WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
            WdlProbeResult::Draw => Wdl::Draw,
            WdlProbeResult::CursedWin => Wdl::CursedWin,
            WdlProbeResult::Win => Wdl::Win,
        }
    }
}

/// A loaded set of tables (possibly none). Only one set with tables can be
/// alive at a time; share it (e.g. in an `Arc`) rather than loading twice.
pub struct Tablebases {
    inner: Option<TableBases<Adapter>>,
    wdl_files: u32,
    dtz_files: u32,
    max_pieces: u32,
    missing_folders: Vec<String>,
}

impl Tablebases {
    /// No tables: every probe answers `None`.
    pub fn none() -> Tablebases {
        Tablebases { inner: None, wdl_files: 0, dtz_files: 0, max_pieces: 0, missing_folders: Vec::new() }
    }

    /// Maps the tables found in `path` (folders separated by
    /// [`PATH_SEPARATOR`]; empty or `<empty>` for none) and checks every
    /// file's header. Folders that do not exist or hold no tables are no
    /// error: the count is then 0. Any damaged or truncated file refuses the
    /// whole set.
    pub fn load(path: &str) -> Result<Tablebases, TbError> {
        if path.contains('\0') {
            return Err(TbError::InvalidPath(path.to_string()));
        }
        let folders: Vec<&str> = path.split(PATH_SEPARATOR).filter(|f| !f.is_empty() && *f != "<empty>").collect();
        let missing_folders = folders.iter().filter(|f| !Path::new(f).is_dir()).map(|f| f.to_string()).collect();
        if folders.is_empty() {
            return Ok(Tablebases::none());
        }
        let joined = folders.join(&PATH_SEPARATOR.to_string());
        match TableBases::<Adapter>::open(joined) {
            Ok(inner) => {
                let (wdl_files, dtz_files) = inner.num_files();
                let max_pieces = inner.max_pieces();
                Ok(Tablebases { inner: Some(inner), wdl_files, dtz_files, max_pieces, missing_folders })
            }
            Err((TBError::BadPath, _)) => Ok(Tablebases { missing_folders, ..Tablebases::none() }),
            Err((TBError::AlreadyInitialized | TBError::NotSingleton, _)) => Err(TbError::InUse),
            Err((TBError::DamagedFiles, files)) => Err(TbError::Damaged(files)),
            Err(_) => Err(TbError::InitFailed),
        }
    }

    /// WDL (.rtbw) files loaded.
    pub fn wdl_files(&self) -> u32 {
        self.wdl_files
    }

    /// DTZ (.rtbz) files loaded.
    pub fn dtz_files(&self) -> u32 {
        self.dtz_files
    }

    /// Files of both kinds, the figure Stockfish reports as "tablebases".
    pub fn count(&self) -> u32 {
        self.wdl_files + self.dtz_files
    }

    /// The most pieces (kings included) a loaded table covers; 0 for none.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    pub fn is_empty(&self) -> bool {
        self.inner.is_none()
    }

    /// Folders of the path that do not exist (not an error, but worth saying).
    pub fn missing_folders(&self) -> &[String] {
        &self.missing_folders
    }

    /// One line for the user, e.g. "found 70 tablebases (35 WDL, 35 DTZ, up to 4 pieces)".
    pub fn summary(&self) -> String {
        let mut line = format!(
            "found {} tablebases ({} WDL, {} DTZ, up to {} pieces)",
            self.count(),
            self.wdl_files,
            self.dtz_files,
            self.max_pieces
        );
        if !self.missing_folders.is_empty() {
            line.push_str(&format!("; no such folder: {}", self.missing_folders.join(", ")));
        }
        line
    }

    /// Whether `pos` can be looked up: few enough pieces and no castling
    /// rights (tables assume none).
    pub fn covers(&self, pos: &Position) -> bool {
        self.inner.is_some()
            && pos.occupied().count() <= self.max_pieces
            && pos.castling_rights() == CastlingRights::NONE
    }

    /// The position's result with best play, ignoring its own 50-move
    /// counter (exact when the counter is 0). `None` when not in the tables.
    pub fn probe_wdl(&self, pos: &Position) -> Option<Wdl> {
        self.probe(pos, TableBases::probe_wdl).map(Wdl::from_probe)
    }

    /// "win (DTZ 15)", "draw", "loss (DTZ -8)"... for the side to move
    /// (DTZ when its file is loaded); `None` when not in the tables.
    pub fn verdict(&self, pos: &Position) -> Option<String> {
        let wdl = self.probe_wdl(pos)?;
        Some(match self.probe_dtz(pos) {
            Some(dtz) if dtz != 0 => format!("{} (DTZ {dtz})", wdl.name()),
            _ => wdl.name().to_string(),
        })
    }

    /// Distance to zeroing in plies for the side to move, in Stockfish's and
    /// Fathom's convention: positive when winning, negative when losing, 0
    /// for a draw; +-1 when the best move zeroes (pawn move or capture) or
    /// the side to move is mated (-1); 101 or more in size when the 50-move
    /// rule turns the result into a draw. It may be one ply longer than the
    /// true distance. `None` when not in the tables or the DTZ file is missing.
    pub fn probe_dtz(&self, pos: &Position) -> Option<i32> {
        self.probe(pos, TableBases::probe_dtz)
    }

    /// Calls one of the prober's probes with the position's boards, which it
    /// takes as ten separate arguments; `None` when the tables do not cover
    /// the position or the probe fails.
    fn probe<R>(
        &self,
        pos: &Position,
        probe: impl FnOnce(&TableBases<Adapter>, u64, u64, u64, u64, u64, u64, u64, u64, u32, bool) -> Result<R, TBError>,
    ) -> Option<R> {
        let inner = self.inner.as_ref().filter(|_| self.covers(pos))?;
        let b = Boards::of(pos);
        probe(inner, b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns, b.ep, b.white_to_move)
            .ok()
    }
}

/// A position as the prober takes it.
struct Boards {
    white: u64,
    black: u64,
    kings: u64,
    queens: u64,
    rooks: u64,
    bishops: u64,
    knights: u64,
    pawns: u64,
    ep: u32,
    white_to_move: bool,
}

impl Boards {
    fn of(pos: &Position) -> Boards {
        Boards {
            white: pos.color_bb(Color::White).0,
            black: pos.color_bb(Color::Black).0,
            kings: pos.pieces(PieceType::King).0,
            queens: pos.pieces(PieceType::Queen).0,
            rooks: pos.pieces(PieceType::Rook).0,
            bishops: pos.pieces(PieceType::Bishop).0,
            knights: pos.pieces(PieceType::Knight).0,
            pawns: pos.pieces(PieceType::Pawn).0,
            ep: pos.ep_square().map_or(0, |sq| sq.index() as u32),
            white_to_move: pos.side_to_move() == Color::White,
        }
    }
}
