//! Why a tablebase path was refused.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TbError {
    /// Another `Tablebases` is still alive: the prober keeps its tables in
    /// process-wide state, so the old set must be dropped before a new one
    /// is loaded.
    InUse,
    /// The path string cannot be handed to the prober (it holds a NUL byte).
    InvalidPath(String),
    /// Damaged or truncated files, one line each (`file: fault`); nothing
    /// was loaded.
    Damaged(Vec<String>),
    /// The prober failed for a reason it does not name.
    InitFailed,
}

impl fmt::Display for TbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TbError::InUse => write!(f, "tablebases are still in use; drop them before loading others"),
            TbError::InvalidPath(path) => write!(f, "invalid tablebase path {path:?}"),
            TbError::Damaged(files) => {
                write!(f, "damaged tablebase files, none loaded: {}", files.join("; "))
            }
            TbError::InitFailed => write!(f, "tablebase initialisation failed"),
        }
    }
}

impl std::error::Error for TbError {}
