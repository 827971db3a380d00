//! Tactical motifs of a line: given the position and the engine's line that
//! refutes a mistake (or that the better move wins by), name the tactic the
//! line turns on, in the terms of the rules texts.
//!
//! Every detector is a pure function over the replayed line and errs on the
//! side of silence: a wrong tag misleads more than a missing one. The first
//! move of a line is the attacker's; see each detector for its definition.

mod board;
mod double_attacks;
mod endings;
mod guards;
mod line;
mod lines;
mod material;
mod mates;

use crate::chess::{Move, Position};

pub use double_attacks::is_fork;
pub use endings::{is_perpetual_check, is_promotion, is_stalemate_trick};
pub use guards::{is_decoy, is_deflection, is_removal_of_guard};
pub use line::{Replay, MIN_GAIN, WINDOW};
pub use lines::{is_discovered_attack, is_discovered_check, is_double_check, is_pin, is_skewer};
pub use material::{is_hanging_piece, is_trapped_piece};
pub use mates::{is_back_rank_mate, is_seventh_rank_mate, is_smothered_mate};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Motif {
    Fork,
    Pin,
    Skewer,
    DiscoveredAttack,
    DiscoveredCheck,
    DoubleCheck,
    BackRankMate,
    SmotheredMate,
    SeventhRankMate,
    Deflection,
    Decoy,
    RemovalOfGuard,
    Promotion,
    HangingPiece,
    TrappedPiece,
    PerpetualCheck,
    StalemateTrick,
}

impl Motif {
    /// Every motif, in the order `motifs_in_line` reports them.
    pub const ALL: [Motif; 17] = [
        Motif::Fork,
        Motif::Pin,
        Motif::Skewer,
        Motif::DiscoveredAttack,
        Motif::DiscoveredCheck,
        Motif::DoubleCheck,
        Motif::BackRankMate,
        Motif::SmotheredMate,
        Motif::SeventhRankMate,
        Motif::Deflection,
        Motif::Decoy,
        Motif::RemovalOfGuard,
        Motif::Promotion,
        Motif::HangingPiece,
        Motif::TrappedPiece,
        Motif::PerpetualCheck,
        Motif::StalemateTrick,
    ];

    /// The English name, as a player writes it in a comment.
    pub fn name(self) -> &'static str {
        match self {
            Motif::Fork => "fork",
            Motif::Pin => "pin",
            Motif::Skewer => "skewer",
            Motif::DiscoveredAttack => "discovered attack",
            Motif::DiscoveredCheck => "discovered check",
            Motif::DoubleCheck => "double check",
            Motif::BackRankMate => "back-rank mate",
            Motif::SmotheredMate => "smothered mate",
            Motif::SeventhRankMate => "mate on the 7th rank",
            Motif::Deflection => "deflection",
            Motif::Decoy => "decoy",
            Motif::RemovalOfGuard => "removal of the guard",
            Motif::Promotion => "promotion",
            Motif::HangingPiece => "hanging piece",
            Motif::TrappedPiece => "trapped piece",
            Motif::PerpetualCheck => "perpetual check",
            Motif::StalemateTrick => "stalemate trick",
        }
    }

    /// The rules texts' term, where they have one.
    pub fn chinese(self) -> Option<&'static str> {
        match self {
            Motif::Fork => Some("捉双"),
            Motif::Pin => Some("牵制"),
            Motif::DiscoveredAttack => Some("闪击"),
            Motif::DiscoveredCheck => Some("闪将"),
            Motif::BackRankMate => Some("底线杀"),
            Motif::SmotheredMate => Some("闷杀"),
            Motif::Decoy => Some("引诱"),
            Motif::Deflection => Some("诱离"),
            Motif::RemovalOfGuard => Some("消除保护"),
            Motif::Promotion => Some("兵升变"),
            Motif::PerpetualCheck => Some("长将"),
            Motif::StalemateTrick => Some("逼和"),
            Motif::Skewer | Motif::DoubleCheck | Motif::SeventhRankMate | Motif::HangingPiece | Motif::TrappedPiece => {
                None
            }
        }
    }

    /// Does the replayed line show this motif?
    pub fn found_in(self, r: &Replay) -> bool {
        match self {
            Motif::Fork => is_fork(r),
            Motif::Pin => is_pin(r),
            Motif::Skewer => is_skewer(r),
            Motif::DiscoveredAttack => is_discovered_attack(r),
            Motif::DiscoveredCheck => is_discovered_check(r),
            Motif::DoubleCheck => is_double_check(r),
            Motif::BackRankMate => is_back_rank_mate(r),
            Motif::SmotheredMate => is_smothered_mate(r),
            Motif::SeventhRankMate => is_seventh_rank_mate(r),
            Motif::Deflection => is_deflection(r),
            Motif::Decoy => is_decoy(r),
            Motif::RemovalOfGuard => is_removal_of_guard(r),
            Motif::Promotion => is_promotion(r),
            Motif::HangingPiece => is_hanging_piece(r),
            Motif::TrappedPiece => is_trapped_piece(r),
            Motif::PerpetualCheck => is_perpetual_check(r),
            Motif::StalemateTrick => is_stalemate_trick(r),
        }
    }
}

/// The motifs of `line`, played from `pos` (the first move is by the side to
/// move, the attacker; moves alternate), in `Motif::ALL` order, without
/// duplicates. Moves after the first illegal one are ignored.
pub fn motifs_in_line(pos: &Position, line: &[Move]) -> Vec<Motif> {
    let r = Replay::new(pos, line);
    if r.is_empty() {
        return Vec::new();
    }
    Motif::ALL.into_iter().filter(|m| m.found_in(&r)).collect()
}

/// Does `line`, played from `pos`, show `motif`?
pub fn has_motif(pos: &Position, line: &[Move], motif: Motif) -> bool {
    motif.found_in(&Replay::new(pos, line))
}

#[cfg(test)]
pub(crate) mod testutil {
    use super::Replay;
    use crate::chess::{Move, Position};

    /// The position and the moves (UCI or SAN, space-separated); panics on a
    /// bad test case, which is what a test wants.
    pub fn parse(fen: &str, moves: &str) -> (Position, Vec<Move>) {
        let root = Position::from_fen(fen, false).expect("test FEN");
        let mut pos = root.clone();
        let mut line = Vec::new();
        for text in moves.split_whitespace() {
            let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
            pos.make_move(m);
            line.push(m);
        }
        (root, line)
    }

    pub fn replay(fen: &str, moves: &str) -> Replay {
        let (root, line) = parse(fen, moves);
        Replay::new(&root, &line)
    }
}

#[cfg(test)]
mod tests;
