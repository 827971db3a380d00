//! Tools built on the engine: bench, perft output, command-line analysis,
//! game annotation, EPD suites and opening generation for OpenBench
//! (genfens). Shared by the CLI and the UCI extensions.

pub mod analyze;
pub mod annotate;
pub mod bench;
pub mod epd;
pub mod genfens;
pub mod perft;
