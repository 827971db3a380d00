//! Move notation: UCI and SAN round trips over every legal move of every
//! suite position, hand-checked SAN strings, and the castling spellings of
//! standard chess and Chess960.

mod common;

use jiangjun::chess::notation::join_ep_tokens;
use jiangjun::chess::{Move, MoveParseError, Position};
use std::collections::HashSet;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pos960(fen: &str) -> Position {
    Position::from_fen(fen, true).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// SAN of every legal move, sorted.
fn all_san(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_to_san(m)).collect();
    v.sort();
    v
}

fn san_of(p: &Position, uci: &str) -> String {
    let m = p.parse_uci_move(uci).unwrap_or_else(|e| panic!("{}: {e}", p.to_fen()));
    p.move_to_san(m)
}

/// Checks both round trips for every legal move of `p` and that the texts
/// are unique within the position. Returns the number of moves checked.
fn check_round_trips(p: &Position, label: &str) -> usize {
    let moves = p.legal_moves();
    let mut ucis = HashSet::new();
    let mut sans = HashSet::new();
    for &m in moves.iter() {
        let u = p.move_to_uci(m);
        assert_eq!(p.parse_uci_move(&u), Ok(m), "{label}: UCI {u}");
        assert!(ucis.insert(u.clone()), "{label}: two moves print as UCI {u}");
        // Castling spelling: king-takes-rook in Chess960, king's destination otherwise.
        if m.is_castle() {
            let to = &u[2..4];
            if p.is_chess960() {
                assert_eq!(to, m.to().to_string(), "{label}: {u}");
            } else {
                assert!(to.starts_with('g') || to.starts_with('c'), "{label}: {u}");
            }
        }

        let s = p.move_to_san(m);
        assert_eq!(p.parse_san(&s), Ok(m), "{label}: SAN {s}");
        assert!(sans.insert(s.clone()), "{label}: two moves print as SAN {s}");
        // Suffix agrees with the position after the move.
        let mut after = p.clone();
        after.make_move(m);
        let suffix = if after.in_check() {
            if after.legal_moves().is_empty() {
                "#"
            } else {
                "+"
            }
        } else {
            ""
        };
        assert!(s.ends_with(suffix) && (suffix.is_empty() != s.ends_with(['+', '#'])), "{label}: {s}");
        assert_eq!(s.contains('x'), m.is_capture(), "{label}: {s}");
        assert_eq!(s.contains('='), m.is_promotion(), "{label}: {s}");
        assert_eq!(s.starts_with("O-O"), m.is_castle(), "{label}: {s}");
    }
    moves.len()
}

#[test]
fn uci_and_san_round_trip_every_suite_move() {
    let mut n = 0;
    let mut expected = 0;
    for e in common::all_entries() {
        let p = e.position();
        n += check_round_trips(&p, &e.label());
        expected += e.counts.iter().find(|c| c.0 == 1).unwrap().1 as usize;
    }
    assert_eq!(n, expected, "moves checked should equal the sum of the D1 counts");
}

#[test]
fn uci_and_san_round_trip_one_ply_deeper() {
    // The children of every suite position: more promotions, checks and
    // disambiguations.
    let mut n = 0;
    let mut expected = 0;
    for e in common::all_entries() {
        expected += e.counts.iter().find(|c| c.0 == 2).unwrap().1 as usize;
        let p = e.position();
        for &m in p.legal_moves().iter() {
            let mut c = p.clone();
            c.make_move(m);
            n += check_round_trips(&c, &format!("{} after {}", e.label(), p.move_to_uci(m)));
        }
    }
    assert_eq!(n, expected, "moves checked should equal the sum of the D2 counts");
}

#[test]
fn san_disambiguation() {
    // By file: knights on b1 and f3 both reach d2.
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san_of(&p, "b1d2"), "Nbd2");
    assert_eq!(san_of(&p, "f3d2"), "Nfd2");
    assert_eq!(san_of(&p, "b1c3"), "Nc3");
    assert!(matches!(p.parse_san("Nd2"), Err(MoveParseError::Ambiguous(_))));
    assert_eq!(p.parse_san("Nbd2"), p.parse_uci_move("b1d2"));
    assert_eq!(p.parse_san("Nb1d2"), p.parse_uci_move("b1d2"), "over-specified SAN is accepted");

    // By rank: rooks on a1 and a5 both reach a3.
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&p, "a1a3"), "R1a3");
    assert_eq!(san_of(&p, "a5a3"), "R5a3");
    assert_eq!(san_of(&p, "a1b1"), "Rb1");
    assert!(matches!(p.parse_san("Ra3"), Err(MoveParseError::Ambiguous(_))));
    assert!(matches!(p.parse_san("Raa3"), Err(MoveParseError::Ambiguous(_))));
    assert_eq!(p.parse_san("R1a3"), p.parse_uci_move("a1a3"));

    // By both: queens on h4, e4 and h1 all reach e1.
    let p = pos("1k6/8/8/8/4Q2Q/8/8/2K4Q w - - 0 1");
    assert_eq!(san_of(&p, "h4e1"), "Qh4e1");
    assert_eq!(san_of(&p, "e4e1"), "Qee1");
    assert_eq!(san_of(&p, "h1e1"), "Q1e1");
    assert!(matches!(p.parse_san("Qe1"), Err(MoveParseError::Ambiguous(_))));
    assert!(matches!(p.parse_san("Qhe1"), Err(MoveParseError::Ambiguous(_))));
    assert!(matches!(p.parse_san("Q4e1"), Err(MoveParseError::Ambiguous(_))));
    assert_eq!(p.parse_san("Qh4e1"), p.parse_uci_move("h4e1"));
    assert_eq!(p.parse_san("Qh4xe1"), p.parse_uci_move("h4e1"), "a stray x is tolerated");

    // A pinned piece is no rival: knights c3 and g1 both attack e2, but c3
    // is pinned by the b4 bishop, so g1-e2 is written without disambiguation.
    let p = pos("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san_of(&p, "g1e2"), "Ne2");
    assert!(p.parse_uci_move("c3e2").is_err());
}

#[test]
fn san_captures_promotions_castling_and_checks() {
    // Piece and pawn captures.
    let p = pos("4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1");
    assert_eq!(san_of(&p, "e4d5"), "exd5");
    assert_eq!(san_of(&p, "c3d5"), "Nxd5");
    assert_eq!(san_of(&p, "e4e5"), "e5");
    // En passant is written as an ordinary pawn capture.
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(san_of(&p, "e5d6"), "exd6");
    assert_eq!(p.parse_san("exd6"), p.parse_uci_move("e5d6"));

    // Promotions, plain and with check.
    let p = pos("3r4/4P3/8/8/8/8/8/K5k1 w - - 0 1");
    assert_eq!(san_of(&p, "e7e8q"), "e8=Q");
    assert_eq!(san_of(&p, "e7e8n"), "e8=N");
    assert_eq!(san_of(&p, "e7d8r"), "exd8=R");
    let p = pos("3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(san_of(&p, "e7d8n"), "exd8=N+");
    assert_eq!(san_of(&p, "e7e8q"), "e8=Q+");
    assert_eq!(san_of(&p, "e7d8q"), "exd8=Q");
    assert_eq!(san_of(&p, "e7e8b"), "e8=B+");
    assert_eq!(san_of(&p, "e7e8r"), "e8=R");
    // Tolerant input: no '=', lower-case piece, missing '+'.
    assert_eq!(p.parse_san("exd8N"), p.parse_uci_move("e7d8n"));
    assert_eq!(p.parse_san("exd8=n"), p.parse_uci_move("e7d8n"));
    assert_eq!(p.parse_san("e8=Q"), p.parse_uci_move("e7e8q"));
    assert!(p.parse_san("e8").is_err(), "a promotion needs its piece");

    // Castling, with SAN checks.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(&p, "e1g1"), "O-O");
    assert_eq!(san_of(&p, "e1c1"), "O-O-O");
    assert_eq!(p.parse_san("O-O"), p.parse_uci_move("e1g1"));
    assert_eq!(p.parse_san("0-0-0"), p.parse_uci_move("e1c1"));
    assert_eq!(san_of(&p, "h1h8"), "Rxh8+");
    let p = pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(san_of(&p, "e1g1"), "O-O+");
    assert_eq!(p.parse_san("O-O+"), p.parse_uci_move("e1g1"));
    assert!(matches!(p.parse_san("O-O-O"), Err(MoveParseError::Illegal(_))));

    // Check and mate.
    let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(san_of(&p, "a1a8"), "Ra8#");
    let p = pos("6k1/5p1p/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(san_of(&p, "a1a8"), "Ra8+");
    // Fool's mate.
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
    assert_eq!(san_of(&p, "d8h4"), "Qh4#");
    // Discovered check.
    let p = pos("4k3/8/8/8/8/8/4N3/4RK2 w - - 0 1");
    assert_eq!(san_of(&p, "e2c3"), "Nc3+");
    // Annotations are ignored on input.
    assert_eq!(p.parse_san("Nc3+!?"), p.parse_uci_move("e2c3"));
}

#[test]
fn castling_uci_spellings() {
    // Standard chess: e1g1 and e1h1 both accepted, e1g1 printed.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = p.parse_uci_move("e1g1").unwrap();
    assert!(oo.is_castle());
    assert_eq!(p.parse_uci_move("e1h1"), Ok(oo));
    assert_eq!(p.move_to_uci(oo), "e1g1");
    let ooo = p.parse_uci_move("e1c1").unwrap();
    assert!(ooo.is_castle());
    assert_eq!(p.parse_uci_move("e1a1"), Ok(ooo));
    assert_eq!(p.move_to_uci(ooo), "e1c1");
    let bp = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(bp.move_to_uci(bp.parse_uci_move("e8h8").unwrap()), "e8g8");
    assert_eq!(bp.move_to_uci(bp.parse_uci_move("e8c8").unwrap()), "e8c8");

    // The same position in Chess960 mode: king takes rook.
    let p = pos960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = p.parse_uci_move("e1h1").unwrap();
    assert!(oo.is_castle());
    assert_eq!(p.move_to_uci(oo), "e1h1");
    let ooo = p.parse_uci_move("e1a1").unwrap();
    assert_eq!(p.move_to_uci(ooo), "e1a1");

    // Chess960, king already on g1: the only spelling is g1h1.
    let p = pos960("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    let c = p.legal_moves().iter().copied().find(|m| m.is_castle()).expect("castling is legal");
    assert_eq!(p.move_to_uci(c), "g1h1");
    assert_eq!(p.parse_uci_move("g1h1"), Ok(c));
    assert_eq!(p.move_to_san(c), "O-O");

    // Chess960, king b1 and rook a1: b1c1 is a plain king move, b1a1 castles.
    let p = pos960("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    let castle = p.parse_uci_move("b1a1").unwrap();
    assert!(castle.is_castle());
    let step = p.parse_uci_move("b1c1").unwrap();
    assert!(!step.is_castle());
    assert_eq!(p.move_to_uci(castle), "b1a1");
    assert_eq!(p.move_to_san(castle), "O-O-O");
    assert_eq!(p.move_to_san(step), "Kc1");

    // Every Chess960 castling move in the suite prints as king-takes-rook.
    let mut seen = 0;
    for e in common::fischer() {
        let p = e.position();
        for &m in p.legal_moves().iter().filter(|m| m.is_castle()) {
            let u = p.move_to_uci(m);
            assert_eq!(
                &u[2..4],
                p.castling_rook(
                    p.side_to_move(),
                    if m.to().file() > m.from().file() {
                        jiangjun::chess::CastleSide::King
                    } else {
                        jiangjun::chess::CastleSide::Queen
                    }
                )
                .unwrap()
                .to_string(),
                "{}",
                e.label()
            );
            seen += 1;
        }
    }
    assert!(seen > 50, "only {seen} castling moves in fischer.epd");
}

#[test]
fn bad_move_text() {
    let p = Position::startpos();
    for t in ["", "e2", "e2e", "e2e4e5", "i2i4", "e0e4", "e2e4k", "e2e4p", "e7e8x"] {
        assert!(matches!(p.parse_uci_move(t), Err(MoveParseError::Syntax(_))), "{t:?}");
    }
    for t in ["e2e5", "e7e5", "e1g1", "a1a2", "g1g3"] {
        assert!(matches!(p.parse_uci_move(t), Err(MoveParseError::Illegal(_))), "{t:?}");
    }
    // A promotion suffix on a non-promotion, and none on a promotion.
    assert!(p.parse_uci_move("e2e4q").is_err());
    let q = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(q.parse_uci_move("a7a8").is_err());
    assert!(q.parse_uci_move("a7a8q").is_ok());
    for t in ["", "x", "Ke9", "Nf9", "Zf3"] {
        assert!(p.parse_san(t).is_err(), "{t:?}");
    }
    for t in ["e5", "Nf4", "O-O", "Ke2", "Bb5"] {
        assert!(matches!(p.parse_san(t), Err(MoveParseError::Illegal(_))), "{t:?}");
    }
    // parse_move takes either notation.
    assert_eq!(p.parse_move("e2e4"), p.parse_san("e4"));
    assert_eq!(p.parse_move("Nf3"), p.parse_uci_move("g1f3"));
    // Move::NONE prints as 0000.
    assert_eq!(p.move_to_uci(Move::NONE), "0000");
}

#[test]
fn start_position_san_list() {
    let p = Position::startpos();
    let mut expected: Vec<String> = [
        "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4", "h3", "h4", "Na3", "Nc3",
        "Nf3", "Nh3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    expected.sort();
    assert_eq!(all_san(&p), expected);
}

/// The rules texts record en passant as `exf6 e.p.`; the mark is accepted
/// with or without the space, with check marks around it, and only on an
/// en-passant capture.
#[test]
fn san_en_passant_mark() {
    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let ep = p.parse_uci_move("e5f6").unwrap();
    assert!(ep.is_en_passant());
    for t in ["exf6 e.p.", "exf6e.p.", "exf6  e.p.", "ef6 e.p.", "exf6 e.p.+", "exf6+ e.p.", " exf6 e.p. "] {
        assert_eq!(p.parse_san(t), Ok(ep), "{t:?}");
        assert_eq!(p.parse_move(t), Ok(ep), "{t:?}");
    }
    // The unmarked spelling still works, and the SAN written has no mark.
    assert_eq!(p.parse_san("exf6"), Ok(ep));
    assert_eq!(p.move_to_san(ep), "exf6");
    // On any other move the mark is an error, with its own message.
    for t in ["e6e.p.", "e6 e.p.", "Nf3 e.p.", "Nf3e.p."] {
        let e = p.parse_san(t).unwrap_err();
        assert_eq!(e, MoveParseError::NotEnPassant(t.to_string()), "{t:?}");
        assert!(e.to_string().contains("en-passant"), "{e}");
    }
    let q = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(q.parse_san("exd5"), q.parse_uci_move("e4d5"));
    assert_eq!(q.parse_san("exd5 e.p."), Err(MoveParseError::NotEnPassant("exd5 e.p.".into())));
    // A mark alone, doubled, or on an illegal capture is not a move.
    for t in ["e.p.", " e.p.", "exf6 e.p. e.p.", "exd6 e.p.", "e.p.exf6"] {
        assert!(p.parse_san(t).is_err(), "{t:?}");
    }
}

/// A command line splits `exf6 e.p.` into two arguments; the mark token is
/// joined to the move before it, and nothing else is touched.
#[test]
fn standalone_en_passant_tokens_join_the_move_before() {
    assert_eq!(
        join_ep_tokens(&["e4", "d5", "e5", "f5", "exf6", "e.p.", "Nf6"]),
        ["e4", "d5", "e5", "f5", "exf6 e.p.", "Nf6"]
    );
    assert_eq!(join_ep_tokens(&["exf6e.p.", "Nf6"]), ["exf6e.p.", "Nf6"]);
    assert_eq!(join_ep_tokens(&["e.p.", "e4"]), ["e.p.", "e4"]);
    assert_eq!(join_ep_tokens::<&str>(&[]), Vec::<String>::new());
    // Played through: the joined list reaches the position after exf6.
    let mut p = Position::startpos();
    for t in join_ep_tokens(&["e4", "d5", "e5", "f5", "exf6", "e.p."]) {
        let m = p.parse_move(&t).unwrap_or_else(|e| panic!("{t}: {e}"));
        p.make_move(m);
    }
    assert_eq!(p.to_fen(), "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    // A mark after a move that is not en passant fails once joined.
    let p = Position::startpos();
    let joined = join_ep_tokens(&["e4", "e.p."]);
    assert_eq!(joined, ["e4 e.p."]);
    assert!(matches!(p.parse_move(&joined[0]), Err(MoveParseError::NotEnPassant(_))));
}
