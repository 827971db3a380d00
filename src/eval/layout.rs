//! The shape of the weight table: every evaluation term, its number of
//! weights and the group it is shown under by `eval`. The weights themselves
//! live in `weights.rs`, one flat table of (middlegame, endgame) pairs that
//! the Texel tuner reads and rewrites; this layout gives each term its offset
//! into that table.

pub struct Term {
    pub name: &'static str,
    pub len: usize,
    pub group: &'static str,
}

macro_rules! layout {
    ($( $name:ident [$len:expr] $group:literal ),* $(,)?) => {
        pub const TERMS: &[Term] = &[ $( Term { name: stringify!($name), len: $len, group: $group } ),* ];
        layout!(@offsets 0usize; $( $name $len ),*);
        pub const NUM_WEIGHTS: usize = 0 $( + $len )*;
    };
    (@offsets $acc:expr; $name:ident $len:expr $(, $rest_name:ident $rest_len:expr)*) => {
        pub const $name: usize = $acc;
        layout!(@offsets $acc + $len; $( $rest_name $rest_len ),*);
    };
    (@offsets $acc:expr;) => {};
}

layout! {
    // Material: pawn, knight, bishop, rook, queen.
    PIECE_VALUE[5] "Material",
    // Piece-square tables, White's view, a1 = 0; Black reads them mirrored.
    PSQT[6 * 64] "Piece-square",
    // The bishop pair, by the number of pawns left / 2 (open vs closed).
    BISHOP_PAIR[9] "Imbalance",
    // Knights gain and rooks lose value as pawns (own) remain: by pawn count.
    KNIGHT_PAWNS[9] "Imbalance",
    ROOK_PAWNS[9] "Imbalance",
    PAWN_ISOLATED[1] "Pawns",
    PAWN_ISOLATED_OPEN[1] "Pawns",
    PAWN_DOUBLED[1] "Pawns",
    PAWN_BACKWARD[1] "Pawns",
    PAWN_BACKWARD_OPEN[1] "Pawns",
    // By relative rank.
    PAWN_CONNECTED[8] "Pawns",
    PAWN_PHALANX[8] "Pawns",
    PAWN_CANDIDATE[8] "Pawns",
    PASSED_RANK[8] "Passed pawns",
    // The path to promotion is empty / not attacked.
    PASSED_FREE[8] "Passed pawns",
    PASSED_SAFE[8] "Passed pawns",
    PASSED_SUPPORTED[8] "Passed pawns",
    // Per square of king distance to the square in front of the pawn, by rank.
    PASSED_OWN_KING[8] "Passed pawns",
    PASSED_ENEMY_KING[8] "Passed pawns",
    // The lone king cannot catch it (pawn endings).
    PASSED_UNSTOPPABLE[1] "Passed pawns",
    // By the pawn's distance from the edge (a/h file 0 .. d/e file 3).
    PASSED_FILE[4] "Passed pawns",
    MOBILITY_KNIGHT[9] "Mobility",
    MOBILITY_BISHOP[14] "Mobility",
    MOBILITY_ROOK[15] "Mobility",
    MOBILITY_QUEEN[28] "Mobility",
    ROOK_OPEN[1] "Pieces",
    ROOK_HALF_OPEN[1] "Pieces",
    ROOK_SEVENTH[1] "Pieces",
    QUEEN_OPEN[1] "Pieces",
    // Knight, bishop on a square no enemy pawn can attack, guarded by a pawn.
    OUTPOST[2] "Pieces",
    // Per own pawn on the bishop's square colour.
    BAD_BISHOP[1] "Pieces",
    // Knight, bishop with a pawn (either side's) on the square in front.
    MINOR_BEHIND_PAWN[1] "Pieces",
    // Knight, bishop: per square of distance from the own king.
    KING_PROTECTOR[2] "Pieces",
    // A bishop that sees both centre squares of its colour past the pawns.
    BISHOP_LONG_DIAGONAL[1] "Pieces",
    // Per own pawn on the bishop's colour, times own blocked pawns on files c-f.
    BAD_BISHOP_BLOCKED[1] "Pieces",
    // A knight that can reach an empty outpost square.
    OUTPOST_REACHABLE[1] "Pieces",
    // A rook with little mobility shut in by its own uncastled king
    // (counted twice when the king can no longer castle).
    ROOK_TRAPPED[1] "Pieces",
    // A rook on the file of an enemy queen.
    ROOK_ON_QUEEN_FILE[1] "Pieces",
    // The queen is pinned to, or stands in front of, an enemy rook or bishop's line.
    WEAK_QUEEN[1] "Pieces",
    // Per piece type (knight, bishop, rook, queen) attacking the king zone.
    KING_ATTACKER[4] "King safety",
    // By number of attackers (0..7+): makes the danger grow faster than linearly.
    KING_ATTACKERS[8] "King safety",
    KING_ZONE_ATTACKS[1] "King safety",
    // Safe checks available, per checking piece type.
    SAFE_CHECK[4] "King safety",
    // Own pawn shelter in front of the king, [king file or not][relative rank, 0 = none].
    KING_SHELTER[16] "King safety",
    // Enemy pawns storming the king, by their distance (relative rank).
    KING_STORM[8] "King safety",
    KING_OPEN_FILE[1] "King safety",
    // No pawn of either side on the king's flank.
    KING_PAWNLESS_FLANK[1] "King safety",
    // Per square of distance from the king to the nearest pawn (either side's).
    KING_PAWN_DISTANCE[1] "King safety",
    // Pieces attacked by a pawn / minor piece / rook, by victim type.
    THREAT_BY_PAWN[6] "Threats",
    THREAT_BY_MINOR[6] "Threats",
    THREAT_BY_ROOK[6] "Threats",
    HANGING[1] "Threats",
    // Enemy pieces a safe pawn push would attack.
    THREAT_PAWN_PUSH[1] "Threats",
    // Enemy pawns we attack that nothing defends.
    WEAK_PAWN[1] "Threats",
    // Squares we attack that the enemy defends, but not strongly (Stockfish's restricted pieces).
    RESTRICTED[1] "Threats",
    // Safe squares from which a knight / a slider (backed up) would attack the lone enemy queen.
    THREAT_ON_QUEEN[2] "Threats",
    // Enemy pieces or pawns our king attacks that nothing defends.
    THREAT_BY_KING[1] "Threats",
    // Safe squares behind own pawns in the centre, weighted by piece count.
    SPACE[1] "Space",
    // Complexity (endgame halves only): per pawn on the board, per passed
    // pawn, pawns on both wings, a pure pawn ending, and a constant.
    COMPLEXITY_PAWNS[1] "Complexity",
    COMPLEXITY_PASSED[1] "Complexity",
    COMPLEXITY_FLANKS[1] "Complexity",
    COMPLEXITY_PAWN_ENDING[1] "Complexity",
    COMPLEXITY_BASE[1] "Complexity",
    TEMPO[1] "Tempo",
}

/// Offset of the piece-square entry for a piece type and (White-view) square.
#[inline(always)]
pub const fn psqt(pt: usize, sq: usize) -> usize {
    PSQT + pt * 64 + sq
}

/// The term a flat weight index belongs to, and the index within it.
pub fn term_of(index: usize) -> (&'static Term, usize) {
    let mut start = 0;
    for t in TERMS {
        if index < start + t.len {
            return (t, index - start);
        }
        start += t.len;
    }
    panic!("weight index {index} out of range");
}
