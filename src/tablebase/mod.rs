//! Syzygy endgame tablebases: loading, probing single positions (WDL and
//! DTZ) and ranking root moves. The probing itself is the `pyrrhic-rs`
//! crate (a patched copy in vendor/pyrrhic-rs), driven by the engine's own
//! attack tables. Sits beside `eval`: it knows the rules core, not the search.

mod adapter;
mod error;
mod probe;
mod root;

pub use error::TbError;
pub use probe::{Tablebases, Wdl, PATH_SEPARATOR};
pub use root::{RootMove, RootRanking, MAX_DTZ};
