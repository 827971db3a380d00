//! Chess960 through UCI: Shredder-FEN and X-FEN positions, castling written
//! king-takes-rook (`b1a1`), and short self-play games from several start
//! positions in which every move the engine plays is replayed into the
//! `position ... moves ...` list and checked with the crate.

mod uci_common;

use jiangjun::chess::{PieceType, Position, START_FEN};
use std::collections::BTreeSet;
use uci_common::*;

/// Start positions: Chess960 openings (X-FEN and Shredder-FEN castling
/// fields) taken from `tests/data/fischer.epd`, one from the
/// `vampirc-uci` defect list, and true Chess960 start positions.
const STARTS: &[&str] = &[
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "bnrkrqnb/pppppppp/8/8/8/8/PPPPPPPP/BNRKRQNB w ECec - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "nrknqrbb/1p2ppp1/2pp4/Q6p/P2P3P/8/1PP1PPP1/NRKN1RBB w FBfb - 0 9",
];

/// Checks a castling move is written king-takes-rook.
fn check_castle_notation(pos: &Position, text: &str) {
    let m = pos.parse_uci_move(text).unwrap();
    if m.is_castle() {
        let rook_sq = &text[2..4];
        let to = m.to();
        assert_eq!(to.to_string(), rook_sq);
        let piece = pos.piece_on(to);
        assert!(
            piece.piece_type() == PieceType::Rook && piece.color() == pos.side_to_move(),
            "castling {text} in {} does not take the king to its own rook",
            pos.to_fen()
        );
    }
}

#[test]
fn castling_is_written_king_takes_rook() {
    let mut e = Engine::spawn();
    e.set_option("UCI_Chess960", "true");
    // King on b1 between rooks on a1 and h1: O-O-O is b1a1, O-O is b1h1.
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
    let p = position(Some(fen), &[], true);
    e.send(&format!("position fen {fen}"));
    e.send("go perft 1");
    let lines = e.expect("perft total", SEARCH, |l| l.starts_with("Nodes searched"));
    let listed: BTreeSet<String> = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| m.len() <= 5)
        .map(|(m, _)| m.to_string())
        .collect();
    let legal: BTreeSet<String> = p.legal_moves().iter().map(|&m| p.move_to_uci(m)).collect();
    assert_eq!(listed, legal);
    assert!(listed.contains("b1a1") && listed.contains("b1h1"), "{listed:?}");
    assert_eq!(lines.last().unwrap(), &format!("Nodes searched: {}", legal.len()));

    for castle in ["b1a1", "b1h1"] {
        let out = e.go(&format!("go depth 4 searchmoves {castle}"), &p, SEARCH);
        assert_eq!(out.bestmove.as_deref(), Some(castle));
        check_castle_notation(&p, castle);
        e.send(&format!("position fen {fen} moves {castle}"));
        let after = position(Some(fen), &[castle], true);
        assert_eq!(e.fen(), after.to_fen());
        e.send(&format!("position fen {fen}"));
    }

    // King on f1: f1g1 is a plain king step, castling O-O is f1h1.
    let fen = "r4k1r/8/8/8/8/8/8/R4K1R w HAha - 0 1";
    let p = position(Some(fen), &[], true);
    e.send(&format!("position fen {fen}"));
    let out = e.go("go depth 3 searchmoves f1h1", &p, SEARCH);
    assert_eq!(out.bestmove.as_deref(), Some("f1h1"));
    let king_step = position(Some(fen), &["f1g1"], true);
    assert_eq!(king_step.piece_on(jiangjun::chess::Square::from_coords(7, 0)).piece_type(), PieceType::Rook);
    let castled = position(Some(fen), &["f1h1"], true);
    e.send(&format!("position fen {fen} moves f1h1"));
    assert_eq!(e.fen(), castled.to_fen());
    e.send(&format!("position fen {fen} moves f1g1"));
    assert_eq!(e.fen(), king_step.to_fen());

    // The standard start position in Chess960 mode: castling is e1h1.
    let moves = ["g1f3", "g8f6", "g2g3", "g7g6", "f1g2", "f8g7", "e1h1"];
    let p = position(None, &moves, true);
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(e.fen(), p.to_fen());
    let pre = position(None, &moves[..6], true);
    e.send(&format!("position startpos moves {}", moves[..6].join(" ")));
    let out = e.go("go depth 3 searchmoves e1h1", &pre, SEARCH);
    assert_eq!(out.bestmove.as_deref(), Some("e1h1"));
    // X-FEN (KQkq) is fine in Chess960 mode too.
    e.send(&format!("position fen {START_FEN} moves {}", moves.join(" ")));
    assert_eq!(e.fen(), p.to_fen());

    // Back to standard chess: the same castling prints e1g1.
    e.set_option("UCI_Chess960", "false");
    let pre = position(None, &moves[..6], false);
    e.send(&format!("position startpos moves {}", moves[..6].join(" ")));
    let out = e.go("go depth 3 searchmoves e1h1", &pre, SEARCH);
    assert_eq!(out.bestmove.as_deref(), Some("e1g1"));
    e.quit();
}

#[test]
fn self_play_games_from_chess960_starts() {
    let mut e = Engine::spawn();
    e.set_option("UCI_Chess960", "true");
    let mut castles = 0;
    let mut plies_total = 0;
    for (g, start) in STARTS.iter().enumerate() {
        e.send("ucinewgame");
        e.sync();
        let mut pos = position(Some(start), &[], true);
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..40 {
            if pos.outcome().is_some() {
                break;
            }
            let cmd = if moves.is_empty() {
                format!("position fen {start}")
            } else {
                format!("position fen {start} moves {}", moves.join(" "))
            };
            e.send(&cmd);
            let go = if (ply + g) % 2 == 0 { "go nodes 2000" } else { "go depth 3" };
            let out = e.go(go, &pos, SEARCH);
            let Some(best) = out.bestmove else {
                e.fail(&format!("bestmove (none) in {} but the game is not over", pos.to_fen()));
            };
            check_castle_notation(&pos, &best);
            let m = pos.parse_uci_move(&best).unwrap();
            if m.is_castle() {
                castles += 1;
            }
            pos.make_move(m);
            moves.push(best);
            plies_total += 1;
            if ply % 10 == 9 {
                e.send(&format!("position fen {start} moves {}", moves.join(" ")));
                assert_eq!(e.fen(), pos.to_fen(), "game {g} after {} plies", moves.len());
            }
        }
    }
    assert!(plies_total >= 40, "the games were too short: {plies_total} plies");
    eprintln!("chess960 self-play: {plies_total} plies, {castles} castlings");
    e.quit();
}

#[test]
fn switching_chess960_off_never_leaves_ambiguous_castling() {
    let mut e = Engine::spawn();
    // A standard position survives both switches.
    let p = position(None, &["e2e4", "c7c5", "g1f3"], false);
    e.send("position startpos moves e2e4 c7c5 g1f3");
    e.set_option("UCI_Chess960", "true");
    assert_eq!(e.fen(), position(None, &["e2e4", "c7c5", "g1f3"], true).to_fen());
    e.set_option("UCI_Chess960", "false");
    assert_eq!(e.fen(), p.to_fen());
    e.go("go depth 3", &p, SEARCH);

    // A Chess960 setup cannot be expressed in standard chess: after the
    // switch, O-O-O from b1 would print as b1c1, exactly the king's step.
    e.set_option("UCI_Chess960", "true");
    e.send("position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1");
    e.send("setoption name UCI_Chess960 value false");
    let lines = e.sync();
    assert!(lines.iter().all(|l| l.starts_with("info string")), "{lines:?}");
    e.send("go perft 1");
    let lines = e.expect("perft total", SEARCH, |l| l.starts_with("Nodes searched"));
    let listed: Vec<&str> =
        lines.iter().filter(|l| !l.starts_with("Nodes")).filter_map(|l| l.split_once(": ")).map(|(m, _)| m).collect();
    let distinct: BTreeSet<&str> = listed.iter().copied().collect();
    assert_eq!(listed.len(), distinct.len(), "a move text listed twice: {listed:?}");
    // Whatever position the engine now holds, it plays legal standard-chess moves from it.
    let fen = e.fen();
    let now = position(Some(&fen), &[], false);
    e.go("go depth 3", &now, SEARCH);
    e.quit();
}
