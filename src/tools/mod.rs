//! Tools built on the engine: bench, perft output, command-line analysis
//! and EPD suites. Shared by the CLI and the UCI extensions.

pub mod analyze;
pub mod bench;
pub mod epd;
pub mod perft;
