//! Jiangjun (将军, "check"): a UCI chess engine with a hand-crafted evaluation.
//!
//! Layout by responsibility: `chess` is the rules core, `eval` the static
//! evaluation, `search` the Lazy-SMP alpha-beta pool, `uci` the protocol
//! front end.

pub mod chess;
pub mod eval;
pub mod search;
pub mod tablebase;
pub mod tools;
pub mod uci;
