//! The laws of chess beyond plain piece movement: game outcomes and draw
//! rules, castling conditions (standard and Chess960), en passant and
//! promotion.

use jiangjun::chess::{CastleSide, Color, Move, MoveKind, Outcome, PieceType, Position, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pos960(fen: &str) -> Position {
    Position::from_fen(fen, true).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// Plays UCI moves, each of which must be legal.
fn play(p: &mut Position, moves: &str) {
    for u in moves.split_whitespace() {
        let m = p.parse_uci_move(u).unwrap_or_else(|e| panic!("{} in {}: {e}", u, p.to_fen()));
        p.make_move(m);
        assert!(p.is_consistent(), "after {u}");
    }
}

fn castles(p: &Position) -> Vec<CastleSide> {
    p.legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| if m.to().file() > m.from().file() { CastleSide::King } else { CastleSide::Queen })
        .collect()
}

/// Castling moves present in the legal list, cross-checked with `is_legal`
/// on the hand-built king-takes-rook move for each right.
fn check_castles(p: &Position, expected: &[CastleSide]) {
    let got = castles(p);
    assert_eq!(got.len(), expected.len(), "{}: castles {got:?}, expected {expected:?}", p.to_fen());
    for s in expected {
        assert!(got.contains(s), "{}: castles {got:?}, expected {expected:?}", p.to_fen());
    }
    let us = p.side_to_move();
    for side in CastleSide::ALL {
        if let Some(rsq) = p.castling_rook(us, side) {
            let m = Move::new(p.king_square(us), rsq, MoveKind::Castle);
            assert_eq!(
                p.is_legal(m),
                expected.contains(&side) && p.castling_rights().has(us, side),
                "{} {side:?}",
                p.to_fen()
            );
        }
    }
}

fn fen_fields(p: &Position) -> Vec<String> {
    p.to_fen().split_whitespace().map(String::from).collect()
}

// ---------------------------------------------------------------------------
// Outcomes
// ---------------------------------------------------------------------------

#[test]
fn stalemate() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Stalemate));
    assert_eq!(Outcome::Stalemate.result(), "1/2-1/2");
    // King in the corner behind a pawn.
    let p = pos("k7/P7/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::Stalemate));
    // Not stalemate: the same placement with White to move, and a black
    // king with a free square.
    assert_eq!(pos("k7/P7/1K6/8/8/8/8/8 w - - 0 1").outcome(), None);
    assert_eq!(pos("k7/P7/2K5/8/8/8/8/8 b - - 0 1").outcome(), None);
    // A blocked pawn does not save the king; a pawn that can move does.
    let p = pos("7k/5Q2/6K1/8/8/p7/P7/8 b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::Stalemate));
    let p = pos("7k/5Q2/6K1/8/p7/8/P7/8 b - - 0 1");
    assert_eq!(p.outcome(), None);
}

#[test]
fn checkmate() {
    let p = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    assert_eq!(p.outcome().unwrap().result(), "1-0");
    // Fool's mate.
    let mut p = Position::startpos();
    play(&mut p, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(p.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
    assert_eq!(p.outcome().unwrap().result(), "0-1");
    // In check but with an escape: not over.
    let p = pos("7k/8/6K1/8/8/8/8/6Q1 b - - 0 1");
    assert!(!p.in_check());
    let p = pos("7k/6Q1/8/8/8/8/8/6K1 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.outcome(), None, "Kxg7 escapes");
    // Double check: only king moves.
    let p = pos("4k3/8/5N2/8/8/8/8/4R1K1 b - - 0 1");
    assert!(p.checkers().several());
    assert!(p.legal_moves().iter().all(|m| m.from() == sq("e8")));
}

#[test]
fn threefold_repetition_by_knight_moves() {
    let mut p = Position::startpos();
    let start_key = p.key();
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for (i, u) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(p.outcome(), None, "before ply {}", i + 1);
        play(&mut p, u);
        let plies = i + 1;
        assert_eq!(p.repetitions(1), plies >= 4, "ply {plies}");
        assert_eq!(p.repetitions(2), plies == 8, "ply {plies}");
        if plies == 4 {
            // The search's rule: a single repetition counts when it lies
            // inside the search (within `search_ply` plies), not before the root.
            assert!(!p.is_repetition_draw(0));
            assert!(!p.is_repetition_draw(4));
            assert!(p.is_repetition_draw(5));
        }
    }
    assert_eq!(p.key(), start_key);
    assert_eq!(p.outcome(), Some(Outcome::ThreefoldRepetition));
    // Inside a search, one repetition after the root is enough.
    assert!(p.is_repetition_draw(100));
}

#[test]
fn repetition_needs_same_castling_rights() {
    // Rg1/Rh1 and ...Rg8/Rh8 restore the start placement, but without the
    // king-side rights: not the start position.
    let mut p = Position::startpos();
    let start_key = p.key();
    play(&mut p, "g1f3 g8f6 h1g1 h8g8 g1h1 g8h8");
    // Knights out, rooks home: the placement after 1. Nf3 Nf6 again.
    assert_eq!(fen_fields(&p)[0], "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R");
    assert!(!p.repetitions(1), "differs from the position after 1. Nf3 Nf6 by castling rights");
    play(&mut p, "f3g1 f6g8");
    assert_eq!(fen_fields(&p)[0], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_eq!(fen_fields(&p)[2], "Qq");
    assert_ne!(p.key(), start_key);
    assert!(!p.repetitions(1), "differs from the start position by castling rights");
    // Two more knight cycles: the rights-less position occurs a third time.
    play(&mut p, "g1f3 g8f6 f3g1 f6g8");
    assert!(p.repetitions(1) && !p.repetitions(2));
    assert_eq!(p.outcome(), None);
    play(&mut p, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(p.outcome(), Some(Outcome::ThreefoldRepetition));
}

#[test]
fn repetition_needs_same_en_passant_possibility() {
    // 1. a2a4 lets ...b4xa3 e.p.; after the knights go out and back the
    // placement and side repeat, but the en-passant capture is gone.
    let mut p = pos("4k1n1/8/8/8/1p6/8/P7/4K1N1 w - - 0 1");
    play(&mut p, "a2a4");
    assert_eq!(p.ep_square(), Some(sq("a3")));
    let with_ep = p.key();
    let with_ep_fields = fen_fields(&p);
    play(&mut p, "g8f6 g1f3 f6g8 f3g1");
    assert_eq!(fen_fields(&p)[..3], with_ep_fields[..3], "same placement, side and rights");
    assert_eq!(p.ep_square(), None);
    assert_ne!(p.key(), with_ep);
    assert!(!p.repetitions(1));
    play(&mut p, "g8f6 g1f3 f6g8 f3g1");
    assert!(p.repetitions(1) && !p.repetitions(2), "only two occurrences without e.p.");
    assert_eq!(p.outcome(), None);
    play(&mut p, "g8f6 g1f3 f6g8 f3g1");
    assert_eq!(p.outcome(), Some(Outcome::ThreefoldRepetition));
}

#[test]
fn repetition_stops_at_irreversible_moves() {
    let mut p = Position::startpos();
    play(&mut p, "g1f3 g8f6 f3g1 f6g8");
    assert!(p.repetitions(1));
    play(&mut p, "e2e3 e7e6 g1f3 g8f6 f3g1 f6g8");
    // The start placement cannot recur after pawn moves; the position after
    // e3 e6 has occurred twice now.
    assert!(p.repetitions(1) && !p.repetitions(2));
}

#[test]
fn fifty_move_rule() {
    // 99 plies: not yet.
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert!(!p.fifty_move_rule());
    assert_eq!(p.outcome(), None);
    // A quiet move makes 100.
    play(&mut p, "a1a2");
    assert_eq!(p.halfmove_clock(), 100);
    assert!(p.fifty_move_rule());
    assert_eq!(p.outcome(), Some(Outcome::FiftyMoveRule));
    // A pawn move or a capture on the 100th ply resets the clock instead.
    let mut p = pos("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    play(&mut p, "a2a3");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.outcome(), None);
    let mut p = pos("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80");
    play(&mut p, "a1a2");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.outcome(), None);
    // Check (not mate) on the 100th ply: still a draw.
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut p, "a1a8");
    assert!(p.in_check());
    assert_eq!(p.outcome(), Some(Outcome::FiftyMoveRule));
}

/// The clock saturates instead of wrapping: a position loaded with the
/// largest clock stays drawn by the 50-move rule after further moves.
#[test]
fn half_move_clock_saturates() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 65535 1");
    assert_eq!(p.outcome(), Some(Outcome::FiftyMoveRule));
    play(&mut p, "a1a2 e8d8");
    assert_eq!(p.halfmove_clock(), u16::MAX);
    assert!(p.fifty_move_rule());
    assert_eq!(p.outcome(), Some(Outcome::FiftyMoveRule));
    assert_eq!(p.to_fen(), "3k4/8/8/8/8/8/R7/4K3 w - - 65535 2");
    p.make_null_move();
    assert_eq!(p.halfmove_clock(), u16::MAX);
    p.unmake_null_move();
    // Taking the moves back restores the clock exactly.
    let m = p.parse_uci_move("a2a3").unwrap();
    p.make_move(m);
    p.unmake_move(m);
    assert_eq!(p.halfmove_clock(), u16::MAX);
    // A pawn move or capture still resets it.
    let mut p = pos("4k3/8/8/8/8/8/P7/R3K3 w - - 65535 1");
    play(&mut p, "a2a4");
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn checkmate_on_the_hundredth_ply_is_checkmate() {
    let mut p = pos("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(&mut p, "a1a8");
    assert_eq!(p.halfmove_clock(), 100);
    assert!(p.fifty_move_rule());
    assert_eq!(p.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
}

#[test]
fn insufficient_material() {
    let yes = [
        ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", "K v K"),
        ("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "K+B v K"),
        ("8/8/8/4k3/8/8/8/4Kn2 w - - 0 1", "K v K+N"),
        ("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "K+B v K+B, both bishops dark"),
        ("2b5/8/8/4k3/8/8/8/3BK3 w - - 0 1", "K+B v K+B, both bishops light"),
        ("8/8/4k3/8/8/8/1B6/B1B1K3 w - - 0 1", "three bishops on dark squares"),
    ];
    for (fen, what) in yes {
        let p = pos(fen);
        assert!(p.insufficient_material(), "{what}");
        assert_eq!(p.outcome(), Some(Outcome::InsufficientMaterial), "{what}");
    }
    let no = [
        ("2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", "K+B v K+B, opposite colours"),
        ("8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", "K+N+N v K"),
        ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", "K+P v K"),
        ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "K+R v K"),
        ("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", "K+Q v K"),
        ("8/8/8/4k3/8/8/8/2B1Kn2 w - - 0 1", "K+B v K+N"),
        ("8/8/8/4k3/8/8/8/1BB1K3 w - - 0 1", "K+B+B v K, bishops on both colours"),
        ("8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1", "K+B+N v K"),
    ];
    for (fen, what) in no {
        let p = pos(fen);
        assert!(!p.insufficient_material(), "{what}");
        assert_eq!(p.outcome(), None, "{what}");
    }
}

// ---------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------

const CASTLE_FEN: &str = "r3k2r/7p/8/8/8/8/7P/R3K2R w KQkq - 0 1";

#[test]
fn castling_both_sides_when_nothing_prevents_it() {
    let p = pos(CASTLE_FEN);
    check_castles(&p, &[CastleSide::King, CastleSide::Queen]);
    let mut q = p.clone();
    play(&mut q, "e1g1");
    assert_eq!(fen_fields(&q)[0], "r3k2r/7p/8/8/8/8/7P/R4RK1");
    assert_eq!(fen_fields(&q)[2], "kq");
    // The f1 rook now covers f8, which Black's king would cross.
    check_castles(&q, &[CastleSide::Queen]);
    play(&mut q, "e8c8");
    assert_eq!(fen_fields(&q)[0], "2kr3r/7p/8/8/8/8/7P/R4RK1");
    assert_eq!(fen_fields(&q)[2], "-");
    let mut q = p.clone();
    play(&mut q, "e1c1");
    assert_eq!(fen_fields(&q)[0], "r3k2r/7p/8/8/8/8/7P/2KR3R");
}

#[test]
fn castling_rights_lost_when_the_king_moves_even_if_it_returns() {
    let mut p = pos(CASTLE_FEN);
    play(&mut p, "e1f1 h7h6 f1e1 h6h5");
    assert_eq!(fen_fields(&p)[2], "kq");
    assert!(!p.castling_rights().has(Color::White, CastleSide::King));
    assert!(!p.castling_rights().has(Color::White, CastleSide::Queen));
    check_castles(&p, &[]);
    // A king capture also loses the rights.
    let mut p = pos("r3k2r/8/8/8/8/8/3q4/R3K2R w KQkq - 0 1");
    play(&mut p, "e1d2");
    assert_eq!(fen_fields(&p)[2], "kq");
}

#[test]
fn castling_right_lost_when_its_rook_moves() {
    let mut p = pos(CASTLE_FEN);
    play(&mut p, "h1g1 h7h6 g1h1 h6h5");
    assert_eq!(fen_fields(&p)[2], "Qkq");
    check_castles(&p, &[CastleSide::Queen]);
    let mut p = pos(CASTLE_FEN);
    play(&mut p, "a1b1 h7h6 b1a1 h6h5");
    assert_eq!(fen_fields(&p)[2], "Kkq");
    check_castles(&p, &[CastleSide::King]);
}

#[test]
fn castling_right_lost_when_its_rook_is_captured() {
    // Rxa8 and Rxh8 take the opposing rooks.
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, "h1h8");
    assert_eq!(fen_fields(&p)[2], "Qq");
    let mut p = pos("r3k2r/8/8/8/8/8/1b6/R3K2R b KQkq - 0 1");
    play(&mut p, "b2a1");
    assert_eq!(fen_fields(&p)[2], "Kkq");
    check_castles(&p, &[CastleSide::King]);
    // A rook that is not the castling rook may be captured without effect.
    let mut p = pos("r3k2r/8/8/8/8/8/1b6/R1R1K2R b KQkq - 0 1");
    assert_eq!(fen_fields(&p)[2], "KQkq");
    play(&mut p, "b2c1");
    assert_eq!(fen_fields(&p)[2], "KQkq");
}

#[test]
fn castling_blocked_by_pieces_between() {
    check_castles(&pos("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1"), &[CastleSide::King]);
    check_castles(&pos("r3k2r/8/8/8/8/8/8/R1B1K2R w KQkq - 0 1"), &[CastleSide::King]);
    check_castles(&pos("r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1"), &[CastleSide::King]);
    check_castles(&pos("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1"), &[CastleSide::Queen]);
    check_castles(&pos("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1"), &[CastleSide::Queen]);
    // An enemy piece blocks too.
    check_castles(&pos("r3k2r/8/8/8/8/8/8/R3K1nR w KQkq - 0 1"), &[CastleSide::Queen]);
    check_castles(&pos("rn2k1nr/8/8/8/8/8/8/R3K2R b KQkq - 0 1"), &[]);
}

#[test]
fn no_castling_out_of_through_or_into_check() {
    // King in check.
    check_castles(&pos("r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &[CastleSide::King, CastleSide::Queen]);
    check_castles(&pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &[]);
    check_castles(&pos("6k1/8/8/8/8/3n4/8/R3K2R w KQ - 0 1"), &[]);
    // Passing through an attacked square.
    check_castles(&pos("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &[CastleSide::Queen]);
    check_castles(&pos("3r2k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &[CastleSide::King]);
    check_castles(&pos("6k1/8/8/8/8/8/4p3/R3K2R w KQ - 0 1"), &[]); // pawn e2 hits d1 and f1
                                                                    // Landing on an attacked square.
    check_castles(&pos("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &[CastleSide::Queen]);
    check_castles(&pos("1kr5/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &[CastleSide::King]);
    // b1 attacked: the king does not cross b1, so O-O-O is legal.
    check_castles(&pos("1r1k4/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &[CastleSide::King, CastleSide::Queen]);
    // Rooks attacked (a1 by a8, h1 by h8) do not matter either.
    check_castles(&pos("r5kr/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &[CastleSide::King, CastleSide::Queen]);
    // Black, mirrored.
    check_castles(&pos("r3k2r/8/8/8/8/8/8/5RK1 b kq - 0 1"), &[CastleSide::Queen]);
    check_castles(&pos("r3k2r/8/8/8/8/8/8/2KR4 b kq - 0 1"), &[CastleSide::King]);
    check_castles(&pos("r3k2r/8/8/8/8/8/8/1R4K1 b kq - 0 1"), &[CastleSide::King, CastleSide::Queen]);
}

#[test]
fn chess960_king_or_rook_already_on_its_destination() {
    // King on g1 already: only the rook moves (h1 -> f1).
    let mut p = pos960("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    check_castles(&p, &[CastleSide::King]);
    play(&mut p, "g1h1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Rook on f1 already: only the king moves (e1 -> g1).
    let mut p = pos960("4k3/8/8/8/8/8/8/4KR2 w F - 0 1");
    check_castles(&p, &[CastleSide::King]);
    play(&mut p, "e1f1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King f1, rook g1: they swap.
    let mut p = pos960("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    check_castles(&p, &[CastleSide::King]);
    play(&mut p, "f1g1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Queen side: king on c1 already, rook a1 -> d1.
    let mut p = pos960("4k3/8/8/8/8/8/8/R1K5 w A - 0 1");
    check_castles(&p, &[CastleSide::Queen]);
    play(&mut p, "c1a1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // Queen side: rook on d1 already, king e1 -> c1.
    let mut p = pos960("4k3/8/8/8/8/8/8/3RK3 w D - 0 1");
    check_castles(&p, &[CastleSide::Queen]);
    play(&mut p, "e1d1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // Queen side: king d1, rook c1 swap.
    let mut p = pos960("4k3/8/8/8/8/8/8/2RK4 w C - 0 1");
    check_castles(&p, &[CastleSide::Queen]);
    play(&mut p, "d1c1");
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // Black: king b8, rook a8 -> king c8, rook d8.
    let mut p = pos960("rk6/8/8/8/8/8/8/6K1 b a - 0 1");
    check_castles(&p, &[CastleSide::Queen]);
    play(&mut p, "b8a8");
    assert_eq!(p.to_fen(), "2kr4/8/8/8/8/8/8/6K1 w - - 1 2");
}

#[test]
fn chess960_castling_paths() {
    // King b1, rook a1: the rook crosses b1 (the king) and c1 to d1; a piece
    // on d1 blocks although the king only goes to c1.
    check_castles(&pos960("4k3/8/8/8/8/8/8/RK6 w A - 0 1"), &[CastleSide::Queen]);
    check_castles(&pos960("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1"), &[]);
    // A piece beyond both paths does not block.
    check_castles(&pos960("4k3/8/8/8/8/8/8/RK2N3 w A - 0 1"), &[CastleSide::Queen]);
    // King g1, rook h1: f1 must be empty for the rook.
    check_castles(&pos960("4k3/8/8/8/8/8/8/5NKR w H - 0 1"), &[]);
    // King b1, rook h1 king side: every square from c1 to g1 must be empty and safe.
    check_castles(&pos960("4k3/8/8/8/8/8/8/1K5R w H - 0 1"), &[CastleSide::King]);
    check_castles(&pos960("3rk3/8/8/8/8/8/8/1K5R w H - 0 1"), &[]);
    check_castles(&pos960("4k3/8/8/8/8/8/8/1K2B2R w H - 0 1"), &[]);
    // King on g1 with the rook on h1: g1 attacked means check, no castling.
    check_castles(&pos960("4k1r1/8/8/8/8/8/8/6KR w H - 0 1"), &[]);
    // Rook on f1 already, king e1: the king crosses f1, so f1 must not be
    // attacked even though the castling rook stands there; g1 neither.
    check_castles(&pos960("4k3/8/8/8/8/8/8/4KR2 w F - 0 1"), &[CastleSide::King]);
    check_castles(&pos960("4kr2/8/8/8/8/8/8/4KR2 w F - 0 1"), &[]);
    check_castles(&pos960("4k1r1/8/8/8/8/8/8/4KR2 w F - 0 1"), &[]);
}

#[test]
fn chess960_rook_leaving_opens_a_line_on_the_king() {
    // Black king c8, rook b8, white queen a8. O-O-O leaves the king on c8
    // and takes the rook to d8: then the queen attacks c8 along the rank.
    let p = pos960("Qrk5/8/8/8/8/8/8/4K3 b b - 0 1");
    assert!(!p.in_check());
    check_castles(&p, &[]);
    // Without the queen on the rank, the same castling is legal.
    let mut p = pos960("1rk5/8/8/8/8/8/8/Q3K3 b b - 0 1");
    check_castles(&p, &[CastleSide::Queen]);
    play(&mut p, "c8b8");
    assert_eq!(fen_fields(&p)[0], "2kr4/8/8/8/8/8/8/Q3K3");
    // White: king c1, rook b1, black rook a1 behind it.
    let p = pos960("4k3/8/8/8/8/8/8/rRK5 w B - 0 1");
    assert!(!p.in_check());
    check_castles(&p, &[]);
    check_castles(&pos960("4k3/8/8/8/8/8/r7/1RK5 w B - 0 1"), &[CastleSide::Queen]);

    // The suite position (fischer.epd): after Qxa8 the queen stands behind
    // the b8 rook. Castling c8b8 is then illegal twice over (the d8 knight
    // blocks the rook's path too); once the knight has gone, only the
    // queen's line forbids it.
    let mut p = pos960("nrknqrbb/1p2ppp1/2pp4/Q6p/P2P3P/8/1PP1PPP1/NRKN1RBB w FBfb - 0 9");
    play(&mut p, "a5a8");
    assert!(p.castling_rights().has(Color::Black, CastleSide::Queen));
    assert!(p.parse_uci_move("c8b8").is_err());
    play(&mut p, "d8e6 g2g3");
    assert!(p.castling_rights().has(Color::Black, CastleSide::Queen));
    assert!(!p.in_check());
    assert!(p.parse_uci_move("c8b8").is_err(), "castling would open the a8-c8 line");
    assert!(!p.is_legal(Move::new(sq("c8"), sq("b8"), MoveKind::Castle)));
    check_castles(&p, &[]);
    // Control: the same moves without the capture on a8 (queen elsewhere).
    let mut p = pos960("nrknqrbb/1p2ppp1/2pp4/Q6p/P2P3P/8/1PP1PPP1/NRKN1RBB w FBfb - 0 9");
    play(&mut p, "a5a6 d8e6 g2g3");
    assert!(p.parse_uci_move("c8b8").unwrap().is_castle());
}

#[test]
fn chess960_rights_follow_the_rooks() {
    let mut p = pos960("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    play(&mut p, "g1h1");
    assert_eq!(fen_fields(&p)[2], "Bgb");
    play(&mut p, "b8a8");
    assert_eq!(fen_fields(&p)[2], "Bg");
    play(&mut p, "e1f1");
    assert_eq!(fen_fields(&p)[2], "g");
    check_castles(&p, &[CastleSide::King]);
    play(&mut p, "e8g8");
    assert_eq!(fen_fields(&p)[0], "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R");
    assert_eq!(fen_fields(&p)[2], "-");
}

// ---------------------------------------------------------------------------
// En passant and promotion
// ---------------------------------------------------------------------------

#[test]
fn en_passant_only_immediately_after_the_double_step() {
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut p, "d7d5");
    assert_eq!(p.ep_square(), Some(sq("d6")));
    let ep = p.parse_uci_move("e5d6").unwrap();
    assert!(ep.is_en_passant() && ep.is_capture());
    let mut q = p.clone();
    play(&mut q, "e5d6");
    assert_eq!(q.to_fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    // One tempo later the capture is gone.
    play(&mut p, "e1e2 e8e7");
    assert_eq!(p.ep_square(), None);
    assert!(p.parse_uci_move("e5d6").is_err());
    assert!(!p.is_legal(ep));
    // A single step twice does not allow it either.
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut p, "d7d6 e1e2 d6d5");
    assert!(p.legal_moves().iter().all(|m| !m.is_en_passant()));
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_not_generated() {
    let p = pos("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
    assert_eq!(p.ep_square(), None, "no legal e.p. capture, so no e.p. square");
    assert!(p.legal_moves().iter().all(|m| !m.is_en_passant()));
    assert!(!p.is_legal(Move::new(sq("b5"), sq("c6"), MoveKind::EnPassant)));
    assert_eq!(p.key(), pos("8/8/8/KPp4r/8/8/8/7k w - - 0 2").key());
    // Reached by the double step itself.
    let mut p = pos("8/2p5/8/KP5r/8/8/8/7k b - - 0 1");
    play(&mut p, "c7c5");
    assert_eq!(p.ep_square(), None);
    assert!(p.parse_uci_move("b5c6").is_err());
    // With the rook off the rank, the capture is legal and recorded.
    let mut p = pos("8/2p4r/8/KP6/8/8/8/7k b - - 0 1");
    play(&mut p, "c7c5");
    assert_eq!(p.ep_square(), Some(sq("c6")));
    assert!(p.parse_uci_move("b5c6").unwrap().is_en_passant());
    assert_ne!(p.key(), pos("8/7r/8/KPp5/8/8/8/7k w - - 0 2").key());
    assert_eq!(p.key(), pos("8/7r/8/KPp5/8/8/8/7k w - c6 0 2").key());
    // Diagonal pin on the capturer: b5 is pinned along a6-d3 and the
    // capture leaves that diagonal.
    let p = pos("8/8/K7/1Pp5/8/3b4/8/7k w - c6 0 2");
    assert!(p.legal_moves().iter().all(|m| !m.is_en_passant()));
    assert_eq!(p.ep_square(), None);
    // Pinned along a4-e8, the capture b5xc6 stays on the pin ray: legal.
    let p = pos("4b3/8/8/1Pp5/K7/8/8/7k w - c6 0 2");
    assert!(p.parse_uci_move("b5c6").unwrap().is_en_passant());
    assert_eq!(p.ep_square(), Some(sq("c6")));
    // The capture that removes the checking pawn is an evasion.
    let mut p = pos("8/8/8/2k5/8/8/3P4/4K3 w - - 0 1");
    play(&mut p, "d2d4");
    assert!(p.in_check());
    assert_eq!(p.ep_square(), None, "no black pawn to capture with");
    let mut p = pos("8/8/8/2k5/4p3/8/3P4/4K3 w - - 0 1");
    play(&mut p, "d2d4");
    assert!(p.in_check());
    assert!(p.parse_uci_move("e4d3").unwrap().is_en_passant(), "e.p. removes the checker");
}

#[test]
fn en_passant_key_only_when_a_capture_exists() {
    // Double step with no enemy pawn beside: no e.p. square, same key as '-'.
    let mut p = Position::startpos();
    play(&mut p, "e2e4");
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.key(), pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
    assert_eq!(p.key(), pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").key());
    // With one: recorded, and the key differs.
    play(&mut p, "d7d5 e4e5 f7f5");
    assert_eq!(p.ep_square(), Some(sq("f6")));
    assert_ne!(p.key(), pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").key());
    assert_eq!(p.key(), pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").key());
    // Black's c4 pawn pinned by a bishop: recorded when the capture stays on
    // the pin ray (a2-b3-c4-d5), not when it leaves it (f1-e2-d3-c4-b5).
    let mut p = pos("8/8/8/3k4/2p5/8/BP6/K7 w - - 0 1");
    play(&mut p, "b2b4");
    assert_eq!(p.ep_square(), Some(sq("b3")), "capture along the pin ray");
    let mut p = pos("8/8/8/1k6/2p5/8/1P6/K4B2 w - - 0 1");
    play(&mut p, "b2b4");
    assert_eq!(p.ep_square(), None, "c4 is pinned by the f1 bishop");
    assert_eq!(p.key(), pos("8/8/8/1k6/1Pp5/8/8/K4B2 b - - 0 1").key());
}

#[test]
fn promotions_to_all_four_pieces() {
    let p = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let moves = p.legal_moves();
    let mut promos: Vec<(String, PieceType)> =
        moves.iter().filter(|m| m.is_promotion()).map(|m| (m.to().to_string(), m.promotion().unwrap())).collect();
    promos.sort_by_key(|(s, pt)| (s.clone(), pt.index()));
    let expected: Vec<(String, PieceType)> = ["a8", "b8"]
        .iter()
        .flat_map(|s| {
            [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen].map(|pt| (s.to_string(), pt))
        })
        .collect();
    assert_eq!(promos, expected);
    // All promotions are tactical, none quiet.
    let mut tactical = jiangjun::chess::MoveList::new();
    p.tactical_moves(&mut tactical);
    let mut quiet = jiangjun::chess::MoveList::new();
    p.quiet_moves(&mut quiet);
    assert_eq!(tactical.iter().filter(|m| m.is_promotion()).count(), 8);
    assert_eq!(quiet.iter().filter(|m| m.is_promotion()).count(), 0);
    // Each one makes the right piece.
    for &m in moves.iter().filter(|m| m.is_promotion()) {
        let mut q = p.clone();
        q.make_move(m);
        let placed = q.piece_on(m.to());
        assert_eq!(placed.piece_type(), m.promotion().unwrap());
        assert_eq!(placed.color(), Color::White);
        assert!(q.is_consistent());
    }
    // Black promotes on the first rank.
    let p = pos("4k3/8/8/8/8/8/6p1/4K2R b - - 0 1");
    let n = p.legal_moves().iter().filter(|m| m.is_promotion()).count();
    assert_eq!(n, 8, "g1 and xh1, four pieces each");
    // A pawn pinned along a8-d5 may only promote by capturing the pinner.
    let p = pos("b1r1k3/1P6/8/3K4/8/8/8/8 w - - 0 1");
    let promos: Vec<Move> = p.legal_moves().iter().copied().filter(|m| m.is_promotion()).collect();
    assert_eq!(promos.len(), 4);
    assert!(promos.iter().all(|m| m.to() == sq("a8") && m.is_capture()));
}
