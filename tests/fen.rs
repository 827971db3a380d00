//! FEN parsing and writing: round trips, the castling dialects (standard
//! `KQkq`, Shredder file letters, X-FEN), defaults for missing counters, a
//! table of malformed FENs with the exact error each must give, and a fuzz
//! test that no input makes the parser panic.

mod common;

use common::Rng;
use jiangjun::chess::{CastleSide, Color, FenError, Position, Square, START_FEN};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn fields(fen: &str) -> Vec<&str> {
    fen.split_whitespace().collect()
}

// ---------------------------------------------------------------------------
// Round trips
// ---------------------------------------------------------------------------

#[test]
fn round_trip_every_suite_position() {
    for e in common::all_entries() {
        let p1 = e.position();
        assert!(p1.is_consistent(), "{}", e.label());
        let fen1 = p1.to_fen();
        let p2 = Position::from_fen(&fen1, e.chess960)
            .unwrap_or_else(|err| panic!("{}: own FEN {fen1} rejected: {err}", e.label()));
        assert_eq!(p2.key(), p1.key(), "{}", e.label());
        assert_eq!(p2.pawn_key(), p1.pawn_key(), "{}", e.label());
        assert_eq!(p2.to_fen(), fen1, "{}", e.label());
        assert!(p2.is_consistent(), "{}", e.label());

        // The suites write placement, side and castling exactly as we do
        // (KQkq for standard chess, Shredder letters king side first for
        // Chess960); the en-passant square is written only when a capture
        // is legal, and the counters are the file's.
        let (orig, ours) = (fields(&e.fen), fields(&fen1));
        assert_eq!(&ours[..3], &orig[..3], "{}", e.label());
        assert_eq!(&ours[4..], &orig[4..], "{}", e.label());
        if orig[3] == "-" {
            assert_eq!(ours[3], "-", "{}", e.label());
        } else if ours[3] != orig[3] {
            // The file names a square; we dropped it: there must be no legal
            // en-passant capture, and the key must equal the `-` version's.
            assert_eq!(ours[3], "-", "{}", e.label());
            assert!(!p1.legal_moves().iter().any(|m| m.is_en_passant()), "{}", e.label());
        }
    }
}

#[test]
fn standard_fen_writes_kqkq_and_chess960_writes_shredder_letters() {
    let p = Position::from_fen(START_FEN, false).unwrap();
    assert_eq!(p.to_fen(), START_FEN);
    let p960 = Position::from_fen(START_FEN, true).unwrap();
    assert_eq!(p960.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    // The same position under both flags: same key.
    assert_eq!(p.key(), p960.key());

    // Shredder letters are accepted in standard mode when they name the corner rooks.
    let ps = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", false).unwrap();
    assert_eq!(ps.to_fen(), START_FEN);

    // Partial rights.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1";
    assert_eq!(Position::from_fen(fen, false).unwrap().to_fen(), fen);
    assert_eq!(Position::from_fen(fen, true).unwrap().to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1");

    // set_chess960 switches the writer.
    let mut q = Position::from_fen(fen, false).unwrap();
    q.set_chess960(true);
    assert_eq!(fields(&q.to_fen())[2], "Ha");
    q.set_chess960(false);
    assert_eq!(fields(&q.to_fen())[2], "Kq");

    // A Chess960 setup written in Shredder-FEN, rooks on b and g.
    let fen960 = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
    let p = Position::from_fen(fen960, true).unwrap();
    assert_eq!(p.to_fen(), fen960);
    assert_eq!(p.castling_rook(Color::White, CastleSide::King), Some(sq("g1")));
    assert_eq!(p.castling_rook(Color::White, CastleSide::Queen), Some(sq("b1")));
    assert_eq!(p.castling_rook(Color::Black, CastleSide::King), Some(sq("g8")));
    assert_eq!(p.castling_rook(Color::Black, CastleSide::Queen), Some(sq("b8")));
    // The same setup is not standard chess.
    assert!(matches!(Position::from_fen(fen960, false), Err(FenError::CastlingMismatch('G', _))));
}

/// X-FEN `KQkq` means "the outermost rook on that side". For every fischer.epd
/// position, write each right whose rook is the outermost one as K/Q/k/q
/// (keeping the file letter otherwise, as X-FEN does) and check that the
/// position parses to the same key and the same Shredder FEN.
#[test]
fn xfen_kqkq_accepted_for_chess960_where_unambiguous() {
    let mut converted = 0;
    for e in common::fischer() {
        let p = e.position();
        let mut xfen_rights = String::new();
        for color in Color::ALL {
            let back = if color == Color::White { 0 } else { 7 };
            let ksq = p.king_square(color);
            for side in CastleSide::ALL {
                if !p.castling_rights().has(color, side) {
                    continue;
                }
                let rsq = p.castling_rook(color, side).unwrap();
                let outer_files: Vec<u8> =
                    if side == CastleSide::King { (rsq.file() + 1..8).collect() } else { (0..rsq.file()).collect() };
                let rook = jiangjun::chess::Piece::new(color, jiangjun::chess::PieceType::Rook);
                let outermost = outer_files.iter().all(|&f| p.piece_on(Square::from_coords(f, back)) != rook);
                assert_eq!(ksq.rank(), back);
                let c = if outermost {
                    converted += 1;
                    if side == CastleSide::King {
                        'k'
                    } else {
                        'q'
                    }
                } else {
                    (b'a' + rsq.file()) as char
                };
                xfen_rights.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
            }
        }
        if xfen_rights.is_empty() {
            continue;
        }
        let mut f = fields(&e.fen);
        f[2] = &xfen_rights;
        let xfen = f.join(" ");
        let q =
            Position::from_fen(&xfen, true).unwrap_or_else(|err| panic!("{}: X-FEN {xfen} rejected: {err}", e.label()));
        assert_eq!(q.key(), p.key(), "{xfen}");
        assert_eq!(q.to_fen(), p.to_fen(), "{xfen}");
    }
    assert!(converted > 1000, "only {converted} rights converted to X-FEN letters");

    // The start positions written in X-FEN (as FRC opening books do).
    let p = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true).unwrap();
    assert_eq!(fields(&p.to_fen())[2], "HFhf");
    let p = Position::from_fen("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1", true).unwrap();
    assert_eq!(fields(&p.to_fen())[2], "GBgb");

    // With two rooks on one side, K names the outermost one.
    let p = Position::from_fen("4k3/8/8/8/8/8/8/1K3RR1 w K - 0 1", true).unwrap();
    assert_eq!(p.castling_rook(Color::White, CastleSide::King), Some(sq("g1")));
    assert_eq!(fields(&p.to_fen())[2], "G");
    let p = Position::from_fen("4k3/8/8/8/8/8/8/1K3RR1 w F - 0 1", true).unwrap();
    assert_eq!(p.castling_rook(Color::White, CastleSide::King), Some(sq("f1")));
    assert_eq!(fields(&p.to_fen())[2], "F");
}

#[test]
fn missing_move_counters_default_to_0_1() {
    let p = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", false).unwrap();
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.fullmove_number(), 1);
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(p.key(), Position::startpos().key());

    // Only the half-move clock given.
    let p = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7", false).unwrap();
    assert_eq!(p.halfmove_clock(), 7);
    assert_eq!(p.fullmove_number(), 1);

    // Explicit counters are kept, and extra whitespace is tolerated.
    let p = Position::from_fen("  4k3/8/8/8/8/8/8/4K3   b  -  -  42   117 ", false).unwrap();
    assert_eq!(p.halfmove_clock(), 42);
    assert_eq!(p.fullmove_number(), 117);
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 42 117");
}

#[test]
fn perftsuite_line_51_impossible_check_is_accepted() {
    let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    let entries = common::perftsuite();
    assert_eq!(entries[50].fen, fen, "line 51 of perftsuite.epd");
    let mut p = Position::from_fen(fen, false).unwrap();
    // Black is in check from both white bishops at once (through each other's diagonal).
    assert!(p.in_check());
    assert_eq!(p.to_fen(), fen);
    assert_eq!(p.perft(1), 6);
    assert_eq!(p.perft(3), 1829);
}

#[test]
fn en_passant_square_written_only_when_capture_is_legal() {
    // Capture possible: kept.
    let fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    let p = Position::from_fen(fen, false).unwrap();
    assert_eq!(p.ep_square(), Some(sq("d6")));
    assert_eq!(p.to_fen(), fen);
    // No capturer: the square is valid FEN but dropped, and the key is the `-` key.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let p = Position::from_fen(fen, false).unwrap();
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let q = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false).unwrap();
    assert_eq!(p.key(), q.key());
}

// ---------------------------------------------------------------------------
// Malformed FENs
// ---------------------------------------------------------------------------

#[test]
fn bad_fens_give_the_expected_error() {
    use Color::{Black, White};
    use FenError as E;
    let start_tail = " w KQkq - 0 1";
    let with_tail = |placement: &str| format!("{placement}{start_tail}");
    type ErrorCheck = Box<dyn Fn(&FenError) -> bool>;
    let cases: Vec<(String, bool, ErrorCheck)> = vec![
        // Structure.
        ("".into(), false, Box::new(|e| *e == E::Empty)),
        ("   \t ".into(), false, Box::new(|e| *e == E::Empty)),
        ("8/8/8/8/8/8/8/8 w".into(), false, Box::new(|e| *e == E::MissingFields(2))),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra".into(),
            false,
            Box::new(|e| *e == E::TooManyFields(7)),
        ),
        // Rank count.
        (with_tail("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR"), false, Box::new(|e| *e == E::RankCount(7))),
        (with_tail("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR"), false, Box::new(|e| *e == E::RankCount(9))),
        (with_tail("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/"), false, Box::new(|e| *e == E::RankCount(9))),
        // File count: too many and too few, with letters and with digits.
        (
            with_tail("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            false,
            Box::new(|e| *e == E::FileCount { rank: 7, files: 9 }),
        ),
        (
            with_tail("rnbqkbnr/pppppppp/8/8/44p/8/PPPPPPPP/RNBQKBNR"),
            false,
            Box::new(|e| *e == E::FileCount { rank: 4, files: 9 }),
        ),
        (
            with_tail("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            false,
            Box::new(|e| *e == E::FileCount { rank: 7, files: 7 }),
        ),
        (
            with_tail("rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR"),
            false,
            Box::new(|e| *e == E::FileCount { rank: 4, files: 7 }),
        ),
        (
            with_tail("rnbqkbnr/pppppppp/8/8//8/PPPPPPPP/RNBQKBNR"),
            false,
            Box::new(|e| *e == E::FileCount { rank: 4, files: 0 }),
        ),
        (
            with_tail("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN"),
            false,
            Box::new(|e| *e == E::FileCount { rank: 1, files: 7 }),
        ),
        // Piece letters.
        (with_tail("rnbqkbnr/pppppppp/8/8/3x4/8/PPPPPPPP/RNBQKBNR"), false, Box::new(|e| *e == E::UnknownPiece('x'))),
        (with_tail("rnbqkbnr/pppppppp/8/8/9/8/PPPPPPPP/RNBQKBNR"), false, Box::new(|e| *e == E::UnknownPiece('9'))),
        (with_tail("rnbqkbnr/pppppppp/8/8/08/8/PPPPPPPP/RNBQKBNR"), false, Box::new(|e| *e == E::UnknownPiece('0'))),
        (with_tail("rnbqkbnr/pppppppp/8/8/♞7/8/PPPPPPPP/RNBQKBNR"), false, Box::new(|e| *e == E::UnknownPiece('♞'))),
        // Kings.
        ("8/8/8/8/8/8/8/4K3 w - - 0 1".into(), false, Box::new(|e| *e == E::KingCount { color: Black, count: 0 })),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1".into(), false, Box::new(|e| *e == E::KingCount { color: White, count: 0 })),
        ("4k3/8/8/8/8/8/8/K3K3 w - - 0 1".into(), false, Box::new(|e| *e == E::KingCount { color: White, count: 2 })),
        ("k3k3/8/8/8/8/8/8/4K3 w - - 0 1".into(), false, Box::new(|e| *e == E::KingCount { color: Black, count: 2 })),
        // Pawns on the first and last rank.
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1".into(), false, Box::new(|e| *e == E::PawnOnBackRank(sq("a1")))),
        ("4k2p/8/8/8/8/8/8/4K3 w - - 0 1".into(), false, Box::new(|e| *e == E::PawnOnBackRank(sq("h8")))),
        ("4k3/8/8/8/8/8/8/4K1p1 b - - 0 1".into(), false, Box::new(|e| *e == E::PawnOnBackRank(sq("g1")))),
        // Too many pieces (8 pawns + 8 queens + king) and too many pawns.
        (
            "QQQQQQQ1/8/8/8/8/7k/PPPPPPPP/QK6 w - - 0 1".into(),
            false,
            Box::new(|e| *e == E::TooManyPieces { color: White, count: 17 }),
        ),
        (
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1".into(),
            false,
            Box::new(|e| *e == E::TooManyPawns { color: White, count: 9 }),
        ),
        (
            "4k3/pppppppp/7p/8/8/8/8/4K3 w - - 0 1".into(),
            false,
            Box::new(|e| *e == E::TooManyPawns { color: Black, count: 9 }),
        ),
        // Side to move.
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1".into(), false, Box::new(|e| *e == E::SideToMove("x".into()))),
        ("4k3/8/8/8/8/8/8/4K3 white - - 0 1".into(), false, Box::new(|e| *e == E::SideToMove("white".into()))),
        ("4k3/8/8/8/8/8/8/4K3 - - - 0 1".into(), false, Box::new(|e| *e == E::SideToMove("-".into()))),
        // The side not to move in check.
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1".into(), false, Box::new(|e| *e == E::OpponentInCheck)),
        ("4k3/8/8/8/8/3n4/8/4K3 b - - 0 1".into(), false, Box::new(|e| *e == E::OpponentInCheck)),
        ("8/8/8/8/8/8/8/Kk6 w - - 0 1".into(), false, Box::new(|e| *e == E::OpponentInCheck)),
        // Castling rights the board cannot have.
        ("4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1".into(), false, Box::new(|e| matches!(e, E::CastlingMismatch('K', _)))),
        ("4k3/8/8/8/8/8/4K3/R6R w K - 0 1".into(), false, Box::new(|e| matches!(e, E::CastlingMismatch('K', _)))),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1".into(), false, Box::new(|e| matches!(e, E::CastlingMismatch('K', _)))),
        ("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1".into(), false, Box::new(|e| matches!(e, E::CastlingMismatch('K', _)))),
        ("4k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".into(), false, Box::new(|e| matches!(e, E::CastlingMismatch('q', _)))),
        ("r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1".into(), false, Box::new(|e| matches!(e, E::CastlingMismatch('K', _)))),
        ("4k3/8/8/8/8/8/8/4K2R w G - 0 1".into(), true, Box::new(|e| matches!(e, E::CastlingMismatch('G', _)))),
        ("4k3/8/8/8/8/8/8/4K2R w E - 0 1".into(), true, Box::new(|e| matches!(e, E::CastlingMismatch('E', _)))),
        ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1".into(), true, Box::new(|e| matches!(e, E::CastlingMismatch('Q', _)))),
        // Castling field garbage.
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkz - 0 1".into(), false, Box::new(|e| *e == E::CastlingField("KQkz".into()))),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1".into(), false, Box::new(|e| *e == E::CastlingField("KQkqK".into()))),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1".into(), false, Box::new(|e| *e == E::CastlingField("KK".into()))),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1".into(), true, Box::new(|e| *e == E::CastlingField("KH".into()))),
        ("r3k2r/8/8/8/8/8/8/R3K2R w 1 - 0 1".into(), false, Box::new(|e| *e == E::CastlingField("1".into()))),
        ("r3k2r/8/8/8/8/8/8/R3K2R w -- - 0 1".into(), false, Box::new(|e| *e == E::CastlingField("--".into()))),
        // En passant.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1".into(),
            false,
            Box::new(|e| *e == E::EnPassantField("e9".into())),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq x 0 1".into(),
            false,
            Box::new(|e| *e == E::EnPassantField("x".into())),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1".into(),
            false,
            Box::new(|e| matches!(e, E::ImpossibleEnPassant(s, _) if *s == sq("e4"))),
        ),
        // Right rank for the other side to move: wrong.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1".into(),
            false,
            Box::new(|e| matches!(e, E::ImpossibleEnPassant(s, _) if *s == sq("e3"))),
        ),
        // No pawn in front of the square.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1".into(),
            false,
            Box::new(|e| matches!(e, E::ImpossibleEnPassant(s, _) if *s == sq("e3"))),
        ),
        (
            "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2".into(),
            false,
            Box::new(|e| matches!(e, E::ImpossibleEnPassant(s, _) if *s == sq("d6"))),
        ),
        // A piece of the wrong kind or colour in front.
        (
            "rnbqkbnr/pppppppp/8/8/4N3/8/PPPP1PPP/RNBQKB1R b KQkq e3 0 1".into(),
            false,
            Box::new(|e| matches!(e, E::ImpossibleEnPassant(s, _) if *s == sq("e3"))),
        ),
        // The square itself or the pawn's origin occupied.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1".into(),
            false,
            Box::new(|e| matches!(e, E::ImpossibleEnPassant(s, _) if *s == sq("e3"))),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RNBQK1NR b KQkq e3 0 1".into(),
            false,
            Box::new(|e| matches!(e, E::ImpossibleEnPassant(s, _) if *s == sq("e3"))),
        ),
        // Counters.
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1".into(), false, Box::new(|e| *e == E::HalfmoveClock("x".into()))),
        ("4k3/8/8/8/8/8/8/4K3 w - - -1 1".into(), false, Box::new(|e| *e == E::HalfmoveClock("-1".into()))),
        ("4k3/8/8/8/8/8/8/4K3 w - - 99999 1".into(), false, Box::new(|e| *e == E::HalfmoveClock("99999".into()))),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 y".into(), false, Box::new(|e| *e == E::FullmoveNumber("y".into()))),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 -3".into(), false, Box::new(|e| *e == E::FullmoveNumber("-3".into()))),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1.5".into(), false, Box::new(|e| *e == E::FullmoveNumber("1.5".into()))),
    ];
    let mut failures = Vec::new();
    for (fen, c960, ok) in &cases {
        match Position::from_fen(fen, *c960) {
            Ok(p) => failures.push(format!("accepted {fen:?} (chess960 {c960}) as {}", p.to_fen())),
            Err(e) => {
                if !ok(&e) {
                    failures.push(format!("{fen:?} (chess960 {c960}): unexpected error {e:?}"));
                }
                // Every error has a message.
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A few inputs near the bad ones that must be accepted, so that the table
/// above is not passing because the parser rejects everything.
#[test]
fn near_misses_are_accepted() {
    for (fen, c960) in [
        ("4k3/8/8/8/8/8/8/4K3 W - - 0 1", false),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", false),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false),
        ("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", false),
        ("4k3/8/8/8/8/8/8/4K2R w H - 0 1", true),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", true),
        ("rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 1", false),
        ("4k3/pppppppp/8/8/8/8/PPPPPPPP/NNNNKNNN w - - 0 1", false),
    ] {
        let p = Position::from_fen(fen, c960).unwrap_or_else(|e| panic!("{fen} rejected: {e}"));
        assert!(p.is_consistent(), "{fen}");
    }
    let p = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0", false).unwrap();
    assert_eq!(p.fullmove_number(), 1, "move number 0 is read as 1");
}

// ---------------------------------------------------------------------------
// Fuzzing
// ---------------------------------------------------------------------------

const ALPHABET: &[char] = &[
    'p',
    'n',
    'b',
    'r',
    'q',
    'k',
    'P',
    'N',
    'B',
    'R',
    'Q',
    'K',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    '0',
    '/',
    ' ',
    '-',
    'w',
    'a',
    'c',
    'd',
    'e',
    'f',
    'g',
    'h',
    'A',
    'C',
    'D',
    'E',
    'F',
    'G',
    'H',
    'x',
    '\t',
    '\0',
    'é',
    '♞',
    '\u{10FFFF}',
    '+',
];

fn mutate(fen: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        match rng.below(8) {
            // Replace a character.
            0..=2 if !chars.is_empty() => {
                let i = rng.below(chars.len());
                chars[i] = ALPHABET[rng.below(ALPHABET.len())];
            }
            // Insert one.
            3 => {
                let i = rng.below(chars.len() + 1);
                chars.insert(i, ALPHABET[rng.below(ALPHABET.len())]);
            }
            // Delete one.
            4 if !chars.is_empty() => {
                let i = rng.below(chars.len());
                chars.remove(i);
            }
            // Swap two.
            5 if chars.len() >= 2 => {
                let i = rng.below(chars.len());
                let j = rng.below(chars.len());
                chars.swap(i, j);
            }
            // Truncate.
            6 if !chars.is_empty() => {
                let n = rng.below(chars.len());
                chars.truncate(n);
            }
            // Random arbitrary code point.
            _ => {
                let c = char::from_u32((rng.next_u64() % 0x11_0000) as u32).unwrap_or('\u{FFFD}');
                let i = rng.below(chars.len() + 1);
                chars.insert(i, c);
            }
        }
    }
    chars.into_iter().collect()
}

const PIECES: &[char] = &['p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K'];

/// Mutates the meaning rather than the characters: moves, adds and removes
/// pieces, flips the side to move, rewrites the castling and en-passant
/// fields. Produces mostly well-formed FENs, many of them legal, which
/// reach the parser's position checks (castling, en passant, check).
fn mutate_structured(fen: &str, rng: &mut Rng) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let mut board = ['.'; 64];
    for (i, rank) in f[0].split('/').enumerate() {
        let mut file = 0;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
            } else {
                board[(7 - i) * 8 + file] = c;
                file += 1;
            }
        }
    }
    let mut side = f[1].to_string();
    let mut castling = f[2].to_string();
    let mut ep = f[3].to_string();
    for _ in 0..1 + rng.below(3) {
        match rng.below(7) {
            0 | 1 => {
                // Move a piece to a random square.
                let from = rng.below(64);
                let to = rng.below(64);
                if board[from] != '.' {
                    board[to] = board[from];
                    board[from] = '.';
                }
            }
            2 => board[rng.below(64)] = '.',
            3 => board[rng.below(64)] = PIECES[rng.below(PIECES.len())],
            4 => side = if side == "w" { "b".into() } else { "w".into() },
            5 => {
                let letters = [
                    'K', 'Q', 'k', 'q', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h',
                ];
                let n = rng.below(5);
                castling = (0..n).map(|_| letters[rng.below(letters.len())]).collect();
                if castling.is_empty() {
                    castling = "-".into();
                }
            }
            _ => {
                ep = if rng.chance(20) {
                    "-".into()
                } else {
                    let file = (b'a' + rng.below(8) as u8) as char;
                    let rank = ['3', '6', '3', '6', '4', '5'][rng.below(6)];
                    format!("{file}{rank}")
                }
            }
        }
    }
    let mut placement = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let c = board[rank * 8 + file];
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    placement.push_str(&empty.to_string());
                    empty = 0;
                }
                placement.push(c);
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    let mut out = vec![placement, side, castling, ep];
    out.extend(f[4..].iter().map(|s| s.to_string()));
    out.join(" ")
}

/// Anything `from_fen` accepts must be a sound position: consistent, round
/// trips through its own FEN, and survives move generation and make/unmake.
fn exercise(p: &Position, c960: bool, input: &str) {
    assert!(p.is_consistent(), "{input:?}");
    let fen = p.to_fen();
    let q = Position::from_fen(&fen, c960).unwrap_or_else(|e| panic!("{input:?} -> {fen} rejected: {e}"));
    assert_eq!(q.key(), p.key(), "{input:?} -> {fen}");
    assert_eq!(q.to_fen(), fen, "{input:?}");
    let mut p = p.clone();
    let moves = p.legal_moves();
    for &m in moves.iter() {
        assert!(p.is_legal(m), "{input:?}: generated move {m:?} not is_legal");
        p.make_move(m);
        assert!(p.is_consistent(), "{input:?} after {m:?}");
        let _ = p.legal_moves();
        p.unmake_move(m);
    }
    assert_eq!(p.to_fen(), fen, "{input:?}");
    let _ = p.outcome();
}

#[test]
fn fuzzed_fens_never_panic() {
    let mut seeds: Vec<(String, bool)> = Vec::new();
    for e in common::perftsuite().iter().step_by(3) {
        seeds.push((e.fen.clone(), false));
    }
    for e in common::fischer().iter().step_by(20) {
        seeds.push((e.fen.clone(), true));
    }
    seeds.push((START_FEN.to_string(), false));
    seeds.push(("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3".to_string(), false));

    let mut rng = Rng::new(0xF00D_CAFE);
    let mut accepted = 0;
    let mut rejected = 0;
    let mut panics = Vec::new();
    const N: usize = 8000;
    for i in 0..N {
        let (base, c960) = &seeds[i % seeds.len()];
        // Parse each input both ways half the time, to cover both validators.
        let c960 = if rng.chance(25) { !*c960 } else { *c960 };
        let input = if i % 2 == 0 { mutate(base, &mut rng) } else { mutate_structured(base, &mut rng) };
        let result = std::panic::catch_unwind(|| match Position::from_fen(&input, c960) {
            Ok(p) => {
                exercise(&p, c960, &input);
                true
            }
            Err(e) => {
                let _ = e.to_string();
                false
            }
        });
        match result {
            Ok(true) => accepted += 1,
            Ok(false) => rejected += 1,
            Err(_) => panics.push(format!("{input:?} (chess960 {c960})")),
        }
    }
    eprintln!("fuzz: accepted {accepted}, rejected {rejected}");
    assert!(panics.is_empty(), "{} inputs panicked:\n{}", panics.len(), panics.join("\n"));
    // Both outcomes must be common, or the mutations are not testing much.
    assert!(accepted > N / 20 && rejected > N / 4, "accepted {accepted}, rejected {rejected}");
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng::new(12345);
    for _ in 0..3000 {
        let len = rng.below(100);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        let s = String::from_utf8_lossy(&bytes).into_owned();
        for c960 in [false, true] {
            let r = std::panic::catch_unwind(|| Position::from_fen(&s, c960).is_ok());
            assert!(r.is_ok(), "panic on {s:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// Pawns-only key (the pawn history's index)
// ---------------------------------------------------------------------------

#[test]
fn pawns_only_key_depends_on_the_pawns_alone() {
    let parse = |fen: &str| Position::from_fen(fen, false).unwrap();
    let a = parse("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
    // Same pawns, kings elsewhere, other side to move.
    let b = parse("6k1/pp6/8/8/8/8/PP6/6K1 b - - 0 1");
    assert_ne!(a.pawn_key(), b.pawn_key());
    assert_eq!(a.pawns_only_key(), b.pawns_only_key());
    // One pawn on another square.
    let c = parse("4k3/pp6/8/8/8/P7/1P6/4K3 w - - 0 1");
    assert_ne!(a.pawns_only_key(), c.pawns_only_key());
    // No pawns at all: nothing left to hash.
    assert_eq!(parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").pawns_only_key(), 0);
    // Kept right through moves: a king move leaves it, a pawn move gives
    // the fresh parse's value.
    let mut p = a.clone();
    let king_move = p.legal_moves().iter().copied().find(|m| m.from() == sq("e1")).unwrap();
    p.make_move(king_move);
    assert_eq!(p.pawns_only_key(), a.pawns_only_key());
    let pawn_move = p.legal_moves().iter().copied().find(|m| m.from() == sq("a7") && m.to() == sq("a5")).unwrap();
    p.make_move(pawn_move);
    assert_eq!(p.pawns_only_key(), parse(&p.to_fen()).pawns_only_key());
    assert_ne!(p.pawns_only_key(), a.pawns_only_key());
}

/// A move gives check with the piece that moved plus at most one discovered
/// check, which only a bishop, rook or queen can give; after a double push
/// (named by the en-passant square) only the pawn or a line through the
/// square it left can check, and never both.
#[test]
fn impossible_checks_are_rejected() {
    let rejected = [
        ("4k3/8/8/8/1b6/3n4/8/r3K3 w - - 0 1", "three checkers"),
        ("4k3/8/8/3p1p2/4K3/8/8/8 w - - 0 1", "two pawns"),
        ("4k3/8/8/3p4/4K3/2n5/8/8 w - - 0 1", "pawn and knight"),
        ("4k3/8/3n4/8/4K3/2n5/8/8 w - - 0 1", "two knights"),
        ("8/8/8/8/4k3/2NP4/8/4K3 b - - 0 1", "pawn and knight, black to move"),
        ("4k3/8/8/3p4/4K3/8/8/4r3 w - d6 0 1", "double check after a double push"),
        ("4k3/8/8/3p4/8/8/8/r3K3 w - d6 0 1", "a check the double push did not discover"),
    ];
    for (fen, why) in rejected {
        match Position::from_fen(fen, false) {
            Err(e @ FenError::ImpossibleCheck(_)) => assert!(e.to_string().starts_with("impossible check"), "{e}"),
            other => panic!("{why}: {fen} gave {other:?}"),
        }
    }
    let accepted = [
        ("4k3/8/8/3p4/4K3/8/8/4r3 w - - 0 1", "pawn and rook: the rook's check discovered"),
        ("4k3/8/8/8/4K3/2n5/8/4r3 w - - 0 1", "knight and rook"),
        ("4k3/8/8/3p4/4K3/8/8/8 w - d6 0 1", "the pushed pawn checks"),
        ("2b1k3/8/8/3p4/8/7K/8/8 w - d6 0 1", "the double push discovers the bishop"),
        ("4k3/8/8/3p4/8/8/8/r3K3 w - - 0 1", "the same rook check without the en-passant claim"),
    ];
    for (fen, why) in accepted {
        let p = Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{why}: {fen}: {e}"));
        assert!(p.in_check(), "{why}");
    }
    // The error reaches the caller with a reason.
    let e = Position::from_fen("4k3/8/8/8/1b6/3n4/8/r3K3 w - - 0 1", false).unwrap_err();
    assert_eq!(e.to_string(), "impossible check: 3 pieces give check; a move can give at most two");
}

/// Any half-move clock that fits is accepted and written back (a clock past
/// 100 is a claimable draw, not an illegal position); a larger one is a
/// parse error, not a wrapped or clamped value.
#[test]
fn half_move_clock_range() {
    for clock in [0u32, 99, 100, 150, 65535] {
        let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - {clock} 1");
        let p = Position::from_fen(&fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(u32::from(p.halfmove_clock()), clock);
        assert_eq!(p.to_fen(), fen);
    }
    for bad in ["65536", "100000", "-1", "1.5"] {
        let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - {bad} 1");
        assert_eq!(Position::from_fen(&fen, false).unwrap_err(), FenError::HalfmoveClock(bad.to_string()), "{bad}");
    }
}
