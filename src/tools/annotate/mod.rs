//! Game annotation: marking mistakes and naming the tactics that refute them.

pub mod motifs;
