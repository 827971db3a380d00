//! Evaluation properties: colour symmetry on every perft-suite position, and
//! the trace (what the tuner sees) reproducing the evaluation exactly, and
//! complexity, the one non-linear term, on hand-checked FENs.

use jiangjun::chess::Position;
use jiangjun::eval::score::S;
use jiangjun::eval::trace::{Coefficients, NoTrace};
use jiangjun::eval::weights::WEIGHTS;
use jiangjun::eval::{blend, evaluate, evaluate_white};

fn suite_fens() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perftsuite.epd")).unwrap();
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.split(';').next().unwrap().trim().to_string()).collect()
}

/// The position with colours exchanged and the board mirrored top to bottom.
fn flip_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let ranks: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling: String = if f[2] == "-" {
        "-".into()
    } else {
        let mut v: Vec<char> = f[2]
            .chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect();
        v.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
        v.into_iter().collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let b = f[3].as_bytes();
        format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
    };
    format!(
        "{} {} {} {} {} {}",
        ranks.join("/"),
        side,
        castling,
        ep,
        f.get(4).unwrap_or(&"0"),
        f.get(5).unwrap_or(&"1")
    )
}

/// Positions from the suite plus a few plies of every legal continuation.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for fen in suite_fens() {
        let pos = Position::from_fen(&fen, false).unwrap();
        for &m in pos.legal_moves().iter().take(6) {
            let mut p = pos.clone();
            p.make_move(m);
            out.push(p);
        }
        out.push(pos);
    }
    out
}

#[test]
fn evaluation_is_colour_symmetric() {
    let mut checked = 0;
    for pos in positions() {
        let fen = pos.to_fen();
        let flipped = Position::from_fen(&flip_fen(&fen), false).unwrap();
        let a = evaluate_white(&pos, &mut NoTrace);
        let b = evaluate_white(&flipped, &mut NoTrace);
        assert_eq!(a, -b, "{fen} vs {}", flipped.to_fen());
        // From the side to move both are the same position.
        assert_eq!(evaluate(&pos), evaluate(&flipped), "{fen}");
        checked += 1;
    }
    assert!(checked > 500);
}

#[test]
fn trace_reproduces_the_evaluation() {
    for pos in positions() {
        let mut t = Coefficients::new();
        let score = evaluate_white(&pos, &mut t);
        if t.special {
            continue;
        }
        let mut sum = S::ZERO;
        for (i, w) in WEIGHTS.iter().enumerate() {
            sum += *w * (t.white[i] - t.black[i]);
        }
        // Complexity, the one non-linear part: its own weight uses sum to
        // the adjustment, which never turns the endgame score around.
        let c: i32 = t.complexity.iter().map(|&(i, n)| WEIGHTS[i as usize].eg() * n as i32).sum();
        let eg = sum.eg();
        assert_eq!(t.complexity_score, eg.signum() * c.max(-eg.abs()), "{}", pos.to_fen());
        let after = eg + t.complexity_score;
        assert!(after == 0 || after.signum() == eg.signum(), "{}: {eg} -> {after}", pos.to_fen());
        sum += S(0, t.complexity_score);
        assert_eq!(blend(sum, t.phase, t.scale), score, "{}", pos.to_fen());
        // The untraced (cached) path agrees with the traced one.
        assert_eq!(evaluate_white(&pos, &mut NoTrace), score, "{}", pos.to_fen());
    }
}

#[test]
fn material_and_knowledge_sanity() {
    let eval = |fen: &str| evaluate_white(&Position::from_fen(fen, false).unwrap(), &mut NoTrace);
    // An extra queen is worth a lot.
    assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
    // K+minor v K and K+N+N v K are draws.
    assert_eq!(eval("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), 0);
    assert_eq!(eval("8/8/4k3/8/8/3NKN2/8/8 w - - 0 1"), 0);
    // KBN v K is won.
    assert!(eval("8/8/4k3/8/8/3NKB2/8/8 w - - 0 1") > 5000);
    // A passed pawn is worth more the further it has advanced.
    let p6 = eval("4k3/r7/3P4/8/8/8/R7/4K3 w - - 0 1");
    let p3 = eval("4k3/r7/8/8/8/3P4/R7/4K3 w - - 0 1");
    assert!(p6 > p3, "{p6} {p3}");
    // Opposite-coloured bishops with an extra pawn are drawish.
    let ocb = eval("8/4kb2/8/3P4/2P5/4B3/4K3/8 w - - 0 1");
    let same = eval("8/4k1b1/8/3P4/2P5/4B3/4K3/8 w - - 0 1");
    assert!(ocb < same, "{ocb} {same}");
}

fn trace(fen: &str) -> Coefficients {
    let mut t = Coefficients::new();
    evaluate_white(&Position::from_fen(fen, false).unwrap(), &mut t);
    t
}

#[test]
fn complexity_follows_the_pawns() {
    // A rook ending a pawn up with every pawn on one wing: drawish, the
    // endgame score is pulled towards zero.
    let t = trace("r5k1/5ppp/8/8/8/8/4PPPP/R5K1 w - - 0 1");
    assert!(t.complexity_score < 0, "{}", t.complexity_score);
    // A pawn ending a pawn up with pawns on both wings: winning chances
    // grow, the score is pushed away from zero.
    let t = trace("6k1/p4ppp/8/8/8/8/PP3PPP/6K1 w - - 0 1");
    assert!(t.complexity_score > 0, "{}", t.complexity_score);
}

/// Uses of one weight by (White, Black) in a hand-checked position.
fn uses(fen: &str, index: usize) -> (i32, i32) {
    let t = trace(fen);
    assert!(!t.special, "{fen}");
    (t.white[index], t.black[index])
}

#[test]
fn terms_count_what_they_say_on_hand_checked_fens() {
    use jiangjun::eval::layout::*;
    // Knight d3 behind the d4 pawn, bishop e6 behind White's e5 pawn (a
    // pawn of either side counts); each two squares from its king.
    let fen = "r3k3/8/4b3/4P3/3P4/3N4/8/R3K3 w - - 0 1";
    assert_eq!(uses(fen, MINOR_BEHIND_PAWN), (1, 1));
    assert_eq!(uses(fen, KING_PROTECTOR), (2, 0));
    assert_eq!(uses(fen, KING_PROTECTOR + 1), (0, 2));
    // d3-d4 would attack the knight on c5 from a square Black does not hit;
    // with a black pawn on e5 guarding d4 it would not be safe.
    assert_eq!(uses("r3k3/8/8/2n5/8/3P4/8/R3K3 w - - 0 1", THREAT_PAWN_PUSH), (1, 0));
    assert_eq!(uses("r3k3/8/8/2n1p3/8/3P4/8/R3K3 w - - 0 1", THREAT_PAWN_PUSH), (0, 0));
    // The rook attacks d5; the e6 pawn defends it.
    assert_eq!(uses("r3k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", WEAK_PAWN), (1, 0));
    assert_eq!(uses("r3k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", WEAK_PAWN), (0, 0));
    // Both sides reach d7 (king e8, rook d1), d8 (Black twice: king and
    // rook a8, so Black's hold there is strong) and a1 (the two rooks).
    // White scores d7 and a1, Black all three. A white pawn
    // on c6 makes White's hold on d7 strong.
    assert_eq!(uses("r3k3/8/8/8/8/8/8/3R3K w - - 0 1", RESTRICTED), (2, 3));
    assert_eq!(uses("r3k3/8/2P5/8/8/8/8/3R3K w - - 0 1", RESTRICTED), (2, 2));
    // Knight g1 can reach f3, which hits the queen on e5; a black pawn on
    // e4 guards f3.
    assert_eq!(uses("r3k3/8/8/4q3/8/8/8/R3K1N1 w - - 0 1", THREAT_ON_QUEEN), (1, 0));
    assert_eq!(uses("r3k3/8/8/4q3/4p3/8/8/R3K1N1 w - - 0 1", THREAT_ON_QUEEN), (0, 0));
    // Rook d1 would hit the queen from d5, which the knight on c3 backs up.
    assert_eq!(uses("r3k3/8/8/4q3/8/2N5/8/3RK3 w - - 0 1", THREAT_ON_QUEEN + 1), (1, 0));
    assert_eq!(uses("r3k3/8/8/4q3/8/8/8/3RK3 w - - 0 1", THREAT_ON_QUEEN + 1), (0, 0));
    // Kings on the e-file: the flank is c-f; a pawn on d2 covers it for both.
    assert_eq!(uses("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", KING_PAWNLESS_FLANK), (1, 1));
    assert_eq!(uses("r3k3/8/8/8/8/8/3P4/R3K3 w - - 0 1", KING_PAWNLESS_FLANK), (0, 0));
}

#[test]
fn piece_and_king_terms_count_what_they_say_on_hand_checked_fens() {
    use jiangjun::eval::layout::*;
    // The b2 bishop sees d4 and e5 past the pawns; a pawn on c3 cuts it off,
    // one on d4 leaves it only d4.
    assert_eq!(uses("r3k3/8/8/8/8/8/1B6/R3K3 w - - 0 1", BISHOP_LONG_DIAGONAL), (1, 0));
    assert_eq!(uses("r3k3/8/8/8/8/2p5/1B6/R3K3 w - - 0 1", BISHOP_LONG_DIAGONAL), (0, 0));
    assert_eq!(uses("r3k3/8/8/8/3P4/8/1B6/R3K3 w - - 0 1", BISHOP_LONG_DIAGONAL), (0, 0));
    // One own pawn on the c1 bishop's colour (d4), blocked in the centre by d5.
    assert_eq!(uses("r3k3/8/8/3p4/3P4/8/8/R1B1K3 w - - 0 1", BAD_BISHOP_BLOCKED), (1, 0));
    assert_eq!(uses("r3k3/8/8/8/3P4/8/8/R1B1K3 w - - 0 1", BAD_BISHOP_BLOCKED), (0, 0));
    // The e3 knight reaches d5 and f5, guarded by e4; an e6 pawn would take
    // both away.
    assert_eq!(uses("r3k3/8/8/8/4P3/4N3/8/R3K3 w - - 0 1", OUTPOST_REACHABLE), (1, 0));
    assert_eq!(uses("r3k3/8/4p3/8/4P3/4N3/8/R3K3 w - - 0 1", OUTPOST_REACHABLE), (0, 0));
    // The h1 rook behind its uncastled king on f1 (twice: no castling left);
    // beside a king that can still castle, once.
    assert_eq!(uses("r3k3/8/8/8/8/8/6PP/5K1R w - - 0 1", ROOK_TRAPPED), (2, 0));
    assert_eq!(uses("r3k3/8/8/8/8/8/6PP/4K2R w K - 0 1", ROOK_TRAPPED), (1, 0));
    assert_eq!(uses("r3k3/8/8/8/8/8/6PP/R3K3 w - - 0 1", ROOK_TRAPPED), (0, 0));
    assert_eq!(uses("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", ROOK_ON_QUEEN_FILE), (1, 0));
    // The d2 knight alone between the d1 queen and the d8 rook; with the
    // knight gone it is a plain attack, with a second piece no pin.
    assert_eq!(uses("3rk3/8/8/8/8/8/3N4/3QK3 w - - 0 1", WEAK_QUEEN), (1, 0));
    assert_eq!(uses("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", WEAK_QUEEN), (0, 0));
    assert_eq!(uses("3rk3/8/8/8/3P4/8/3N4/3QK3 w - - 0 1", WEAK_QUEEN), (0, 0));
    // Passed pawns by their distance from the edge: a5 (0), d2 (3).
    let fen = "r3k3/8/8/P7/8/8/3p4/R6K w - - 0 1";
    assert_eq!(uses(fen, PASSED_FILE), (1, 0));
    assert_eq!(uses(fen, PASSED_FILE + 3), (0, 1));
    // King e1 three steps from the h4 pawn, king e8 four.
    assert_eq!(uses("r3k3/8/8/8/7P/8/8/R3K3 w - - 0 1", KING_PAWN_DISTANCE), (3, 4));
    // The e1 king attacks the undefended d2 knight; defended from c3 it does not count.
    assert_eq!(uses("r3k3/8/8/8/8/8/3n4/R3K3 w - - 0 1", THREAT_BY_KING), (1, 0));
    assert_eq!(uses("r3k3/8/8/8/8/2b5/3n4/R3K3 w - - 0 1", THREAT_BY_KING), (0, 0));
}

#[test]
fn a_pinned_piece_moves_only_along_its_pin() {
    use jiangjun::eval::layout::*;
    // The d2 bishop, pinned by the a5 bishop to the e1 king, keeps c3, b4
    // and a5 (mobility 3); unpinned it would have nine squares.
    let pinned = "4k2r/8/8/b7/8/8/3B4/R3K3 w - - 0 1";
    assert_eq!(uses(pinned, MOBILITY_BISHOP + 3).0, 1);
    let free = "4k2r/8/8/b7/8/8/3B4/R4K2 w - - 0 1";
    assert_eq!(uses(free, MOBILITY_BISHOP + 3).0, 0);
}
