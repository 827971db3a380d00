//! Tests of the motif list as a whole: names, ordering, odd input.

use super::testutil::parse;
use super::*;
use crate::chess::rng::SplitMix64;
use crate::chess::START_FEN;

#[test]
fn names_are_distinct_and_lower_case() {
    let names: Vec<&str> = Motif::ALL.iter().map(|m| m.name()).collect();
    for (i, n) in names.iter().enumerate() {
        assert!(!names[..i].contains(n), "{n} twice");
        assert_eq!(*n, n.to_lowercase());
    }
    assert_eq!(Motif::BackRankMate.name(), "back-rank mate");
    assert_eq!(Motif::Deflection.chinese(), Some("诱离"));
    assert_eq!(Motif::Decoy.chinese(), Some("引诱"));
    assert_eq!(Motif::Skewer.chinese(), None);
    assert_eq!(Motif::ALL.iter().filter(|m| m.chinese().is_some()).count(), 12);
}

#[test]
fn all_is_in_declaration_order() {
    assert!(Motif::ALL.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn empty_line_has_no_motifs() {
    let pos = Position::from_fen(START_FEN, false).unwrap();
    assert!(motifs_in_line(&pos, &[]).is_empty());
    // Even where a stalemate or mate already stands on the board.
    let pos = Position::from_fen("7k/5Q2/8/8/8/8/8/K7 b - - 0 1", false).unwrap();
    assert!(motifs_in_line(&pos, &[]).is_empty());
}

#[test]
fn several_motifs_come_in_fixed_order() {
    // Rd8+ Qxd8 Nf7+ Kg8 Nxd8: a decoy into a fork.
    let (pos, line) = parse("7k/4q1pp/8/6N1/8/8/8/3R2K1 w - - 0 1", "d1d8 e7d8 g5f7 h8g8 f7d8");
    assert_eq!(motifs_in_line(&pos, &line), vec![Motif::Fork, Motif::Decoy]);
    assert!(has_motif(&pos, &line, Motif::Decoy));
    assert!(!has_motif(&pos, &line, Motif::Pin));
}

#[test]
fn moves_after_an_illegal_one_are_ignored() {
    let (pos, mut line) = parse("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8");
    assert_eq!(motifs_in_line(&pos, &line), vec![Motif::BackRankMate]);
    // Nothing can follow mate; a junk move in front hides the mate.
    line.push(Move::from_raw(0x0f0f));
    assert_eq!(motifs_in_line(&pos, &line), vec![Motif::BackRankMate]);
    line.insert(0, Move::NULL);
    assert!(motifs_in_line(&pos, &line).is_empty());
}

#[test]
fn random_lines_never_panic() {
    let fens = [
        START_FEN,
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "7k/8/8/8/8/8/2q5/K5R1 w - - 0 1",
    ];
    // Seeded, so a failure can be replayed.
    let mut rng = SplitMix64::new(0x9E37_79B9_7F4A_7C15);
    for fen in fens {
        let root = Position::from_fen(fen, false).unwrap();
        for _ in 0..12 {
            let mut pos = root.clone();
            let mut line = Vec::new();
            let plies = 1 + rng.next_u64() % 24;
            for _ in 0..plies {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal.as_slice()[(rng.next_u64() % legal.len() as u64) as usize];
                pos.make_move(m);
                line.push(m);
            }
            let found = motifs_in_line(&root, &line);
            assert!(found.windows(2).all(|w| w[0] < w[1]), "{fen}: {found:?}");
            // Junk moves anywhere only cut the line short.
            let cut = (rng.next_u64() as usize) % (line.len() + 1);
            line.insert(cut, Move::from_raw(rng.next_u64() as u16));
            motifs_in_line(&root, &line);
        }
    }
}
