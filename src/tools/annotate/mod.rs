//! `jiangjun annotate`: a whole game searched move by move, each move judged
//! by what it did to the mover's chances, mistakes shown with the better line
//! and the tactic that decides it, and a summary per side.

pub mod batch;
pub mod judge;
pub mod motifs;
pub mod render;
pub mod review;
pub mod summary;
