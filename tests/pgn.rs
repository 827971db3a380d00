//! The PGN reader and writer: awkward but valid PGN, broken games among
//! good ones, read-write-read round trips, agreement with python-chess on
//! real-world files, and input that must not panic the reader.

use jiangjun::chess::notation::move_to_uci;
use jiangjun::chess::pgn::{read_games, write_game, PgnError, PgnErrorKind, PgnGame, PgnLine};
use jiangjun::chess::rng::SplitMix64;
use jiangjun::chess::Move;
use std::path::Path;

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read_ok(name: &str) -> Vec<PgnGame> {
    read_games(&data(name))
        .into_iter()
        .enumerate()
        .map(|(i, g)| g.unwrap_or_else(|e| panic!("{name} game {}: {e}", i + 1)))
        .collect()
}

/// A line's moves in UCI, null moves as `0000` (python-chess's spelling).
fn uci(line: &PgnLine, chess960: bool) -> Vec<String> {
    line.moves.iter().map(|m| if m.mv == Move::NULL { "0000".into() } else { move_to_uci(m.mv, chess960) }).collect()
}

fn mainline(g: &PgnGame) -> Vec<String> {
    uci(&g.line, g.chess960())
}

// ---------------------------------------------------------------------------
// Awkward but valid PGN
// ---------------------------------------------------------------------------

#[test]
fn awkward_file_reads_every_game() {
    let games = read_ok("awkward.pgn");
    let plies: Vec<usize> = games.iter().map(|g| g.line.moves.len()).collect();
    assert_eq!(plies, [12, 9, 4, 26, 4, 1, 7, 8, 6, 6, 8, 3, 4, 2, 3]);
}

#[test]
fn tags_with_escapes_escape_lines_and_move_numbers() {
    let g = &read_ok("awkward.pgn")[0];
    assert_eq!(g.tag("Event"), Some(r#"Escapes "quoted" and back\slash"#));
    assert_eq!(g.tags.len(), 7);
    assert_eq!(g.tags[6], ("Result".to_string(), "1-0".to_string()));
    assert_eq!(g.result, "1-0");
    assert_eq!(
        mainline(g),
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1", "b7b5"]
    );
    assert_eq!(g.line.moves[5].comments, ["a rest-of-line comment"]);
}

#[test]
fn comments_and_nags() {
    let g = &read_ok("awkward.pgn")[1];
    let m = &g.line.moves;
    assert_eq!(g.line.comment_before, ["Before the first move."]);
    assert_eq!(m[0].comments, ["[%clk 0:10:00] [%eval 0.3]"]);
    assert_eq!(m[1].nags, [1, 14]);
    let nags: Vec<&[u8]> = m[2..8].iter().map(|x| x.nags.as_slice()).collect();
    assert_eq!(nags, [&[5][..], &[6], &[1], &[4], &[3], &[2]]);
    assert_eq!(m[7].comments, ["A comment over two lines", "and a second"]);
    assert_eq!(m[8].nags, [2]);
    assert_eq!(g.result, "0-1");
}

#[test]
fn nested_variations() {
    let g = &read_ok("awkward.pgn")[2];
    assert_eq!(mainline(g), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    let e4 = &g.line.moves[0];
    assert_eq!(e4.variations.len(), 2);
    let d4_line = &e4.variations[0];
    assert_eq!(uci(d4_line, false), ["d2d4", "d7d5", "c2c4"]);
    let nf6_line = &d4_line.moves[1].variations[0];
    assert_eq!(uci(nf6_line, false), ["g8f6", "c2c4"]);
    let nf3_line = &nf6_line.moves[1].variations[0];
    assert_eq!(uci(nf3_line, false), ["g1f3", "g7g6"]);
    assert_eq!(uci(&nf3_line.moves[1].variations[0], false), ["d7d5"]);
    assert_eq!(uci(&e4.variations[1], false), ["c2c4"]);
    assert_eq!(e4.variations[1].moves[0].comments, ["English"]);
    let bc4_line = &g.line.moves[2].variations[0];
    assert_eq!(bc4_line.comment_before, ["Also"]);
    assert_eq!(uci(bc4_line, false), ["f1c4"]);
    assert_eq!(g.result, "*");
}

#[test]
fn san_forms_captures_castling_and_over_disambiguation() {
    let g = &read_ok("awkward.pgn")[3];
    let m = mainline(g);
    assert_eq!(&m[..2], ["g1f3", "g8f6"]);
    assert_eq!(m[9], "e8g8");
    assert_eq!(&m[14..18], ["c4d5", "f6d5", "h4e7", "d8e7"]);
    assert_eq!(m[22], "e1c1");
}

#[test]
fn promotions_from_a_fen_without_setup() {
    let g = &read_ok("awkward.pgn")[4];
    assert_eq!(mainline(g), ["b2b1q", "a7a8q", "c2c1q", "b7b8n"]);
    let text = write_game(g);
    assert!(text.contains("50... b1=Q 51. a8=Q c1=Q 52. b8=N *"), "{text}");
}

#[test]
fn setup_fen_uci_moves_and_null_moves() {
    let games = read_ok("awkward.pgn");
    assert_eq!(mainline(&games[5]), ["a1a8"]);
    assert_eq!(games[5].start_position().unwrap().to_fen(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(mainline(&games[6]), ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]);
    let nulls = &games[7];
    assert_eq!(mainline(nulls), ["e2e4", "0000", "d2d4", "0000", "g1f3", "0000", "c2c4", "e7e5"]);
    assert_eq!(uci(&nulls.line.moves[5].variations[0], false), ["e7e5", "f3e5"]);
}

#[test]
fn chess960_castling_with_every_variant_spelling() {
    let games = read_ok("awkward.pgn");
    for g in &games[8..10] {
        assert!(g.chess960(), "{:?}", g.tag("Variant"));
        // King takes rook: g1 is the rook, d8 the rook the king stays beside.
        assert_eq!(mainline(g), ["f1g3", "c8d6", "e1g1", "e8d8", "d2d4", "e7e5"]);
        assert!(write_game(g).contains("2. O-O O-O-O 3. d4 e5"));
    }
    assert!(games[10].chess960());
    assert_eq!(&mainline(&games[10])[6..], ["e1h1", "e8h8"]);
}

#[test]
fn no_tags_blank_lines_variant_names_and_unfinished_games() {
    let games = read_ok("awkward.pgn");
    assert!(games[11].tags.is_empty());
    assert_eq!(mainline(&games[11]), ["d2d4", "d7d5", "c2c4"]);
    assert_eq!(games[12].tag("Variant"), Some("Standard"));
    assert_eq!(mainline(&games[12]), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(games[12].result, "1/2-1/2");
    assert!(!games[13].chess960());
    assert_eq!(mainline(&games[13]), ["e2e4", "e8d7"]);
    // No termination marker: the result comes from the tag.
    assert_eq!(mainline(&games[14]), ["e2e4", "c7c5", "g1f3"]);
    assert_eq!(games[14].result, "1-0");
}

// ---------------------------------------------------------------------------
// Broken games among good ones
// ---------------------------------------------------------------------------

#[test]
fn broken_games_are_refused_and_the_others_read() {
    let games = read_games(&data("broken.pgn"));
    assert_eq!(games.len(), 13);
    let err = |i: usize| -> &PgnError { games[i - 1].as_ref().err().unwrap_or_else(|| panic!("game {i} read")) };
    let ok = |i: usize| -> &PgnGame { games[i - 1].as_ref().unwrap_or_else(|e| panic!("{e}")) };

    assert_eq!(mainline(ok(1)), ["e2e4", "e7e5", "g1f3", "b8c6"]);

    let e = err(2);
    assert_eq!((e.game, e.ply, e.move_number, e.black_to_move), (2, Some(3), Some(2), true));
    assert_eq!(e.token.as_deref(), Some("Nxe5"));
    assert_eq!(e.kind, PgnErrorKind::IllegalMove);
    assert_eq!(e.to_string(), "game 2: move 2... Nxe5: illegal in this position");

    assert_eq!(uci(&ok(3).line.moves[0].variations[0], false), ["e2e4", "e7e5"]);

    let e = err(4);
    assert_eq!(e.kind, PgnErrorKind::AmbiguousMove);
    assert_eq!(e.to_string(), "game 4: move 3. Ne2: ambiguous in this position");

    assert!(matches!(err(5).kind, PgnErrorKind::BrokenTag(_)), "{}", err(5));
    assert!(err(5).to_string().starts_with("game 5: broken tag"));

    assert_eq!(ok(6).line.moves.len(), 4);
    assert_eq!(ok(6).result, "0-1");

    assert!(matches!(err(7).kind, PgnErrorKind::BadFen(_)), "{}", err(7));
    assert_eq!(err(8).to_string(), "game 8: unsupported variant Atomic");
    assert_eq!(err(9).kind, PgnErrorKind::UnbalancedParenthesis);
    assert_eq!(mainline(ok(10)), ["c2c4"]);
    assert!(matches!(err(11).kind, PgnErrorKind::BrokenTag(_)), "{}", err(11));

    let e = err(12);
    assert_eq!(e.token.as_deref(), Some("Kxe8"));
    assert_eq!(e.to_string(), "game 12: move 1... Kxe8: illegal in this position");
    // The game after it has no tags: skipping must stop at game 12's result.
    assert_eq!(mainline(ok(13)), ["g1f3", "d7d5"]);
}

#[test]
fn unclosed_variations_and_stray_annotations_are_errors() {
    let cases: [(&str, PgnErrorKind); 5] = [
        ("1. e4 (1. d4 d5", PgnErrorKind::UnclosedVariation),
        ("1. e4 (1. d4 d5\n[Event \"next\"]\n1. e4 *", PgnErrorKind::UnclosedVariation),
        ("( 1. e4 ) *", PgnErrorKind::VariationWithoutMove),
        ("$1 1. e4 *", PgnErrorKind::AnnotationWithoutMove),
        ("1. e4 (1. d4 1-0) *", PgnErrorKind::ResultInVariation),
    ];
    for (text, kind) in &cases {
        let games = read_games(text);
        assert_eq!(games[0].as_ref().err().map(|e| &e.kind), Some(kind), "{text}");
    }
    // The game after an unclosed variation is still read.
    assert_eq!(read_games(cases[1].0)[1].as_ref().map(mainline), Ok(vec!["e2e4".to_string()]));
    let in_check = read_games("1. e4 f6 2. Qh5+ -- *");
    assert_eq!(in_check[0].as_ref().err().map(|e| &e.kind), Some(&PgnErrorKind::NullMoveInCheck));
}

#[test]
fn deep_variations_read_up_to_the_bound() {
    let nest = |depth: usize| format!("1. e4 {}{} *", "(1. e4 ".repeat(depth), ")".repeat(depth));
    let games = read_games(&nest(100));
    let g = games[0].as_ref().expect("100 deep is fine");
    assert_eq!(read_games(&write_game(g))[0].as_ref(), Ok(g));
    assert!(read_games(&nest(1000))[0].is_err());
}

// ---------------------------------------------------------------------------
// Round trips
// ---------------------------------------------------------------------------

/// Every game of `text` that reads comes back the same after writing.
fn assert_round_trip(name: &str, text: &str) -> usize {
    let mut n = 0;
    for (i, g) in read_games(text).into_iter().enumerate() {
        let Ok(g) = g else { continue };
        let written = write_game(&g);
        assert!(written.ends_with("\n\n"), "{name} game {}", i + 1);
        assert!(written.lines().all(|l| l.len() <= 80), "{name} game {}:\n{written}", i + 1);
        let again = read_games(&written);
        assert_eq!(again.len(), 1, "{name} game {}:\n{written}", i + 1);
        assert_eq!(again[0].as_ref(), Ok(&g), "{name} game {}:\n{written}", i + 1);
        n += 1;
    }
    n
}

#[test]
fn round_trip_awkward_and_broken_files() {
    assert_eq!(assert_round_trip("awkward.pgn", &data("awkward.pgn")), 15);
    assert_eq!(assert_round_trip("broken.pgn", &data("broken.pgn")), 5);
}

#[test]
fn round_trip_real_world_files() {
    for (file, games, refused, _) in PYTHON_CHESS {
        assert_eq!(assert_round_trip(file, &data(&format!("python-chess/{file}"))), games - refused, "{file}");
    }
}

#[test]
fn writer_escapes_and_wraps() {
    let mut g = read_games("[Event \"a\\\"b\"]\n\n1. e4 {x} e5 *").remove(0).unwrap();
    g.line.moves[0].comments = vec!["closing } brace".into(), "%not an escape line ".repeat(20)];
    let text = write_game(&g);
    assert!(text.starts_with("[Event \"a\\\"b\"]\n\n1. e4 { closing ) brace }"), "{text}");
    assert!(text.lines().all(|l| !l.starts_with('%')), "{text}");
    let back = read_games(&text).remove(0).unwrap();
    assert_eq!(back.line.moves[0].comments[0], "closing ) brace");
    assert_eq!(back.line.moves[0].comments[1], g.line.moves[0].comments[1].trim());
}

#[test]
fn writer_never_breaks_inside_an_embedded_command() {
    // Comments whose `[%eval ...]` would straddle column 80 at one offset or
    // another: the command must stay on one line, with its single space.
    for pad in 0..40 {
        let mut g = read_games("[Event \"a\"]\n\n1. e4 e5 2. Nf3 *").remove(0).unwrap();
        for (i, m) in g.line.moves.iter_mut().enumerate() {
            m.comments = vec![format!("{} [%eval -3.5{i}] [%clk 0:01:02] tail", "x".repeat(pad + i))];
        }
        let text = write_game(&g);
        for i in 0..3 {
            assert!(text.contains(&format!("[%eval -3.5{i}]")), "pad {pad}: {text}");
        }
        assert_eq!(text.matches("[%clk 0:01:02]").count(), 3, "pad {pad}: {text}");
    }
    // An unclosed command is kept as written.
    let mut g = read_games("[Event \"a\"]\n\n1. e4 *").remove(0).unwrap();
    g.line.moves[0].comments = vec!["[%eval 0.3 no end".into()];
    assert!(write_game(&g).contains("{ [%eval 0.3 no end }"));
}

// ---------------------------------------------------------------------------
// Agreement with python-chess
// ---------------------------------------------------------------------------

/// Per file of tests/data/pgn/python-chess: games, games refused, and the
/// main line's ply count of each game read. From python-chess 1.11.2 through
/// tuning/scripts/pgn_reference.py (which counts the variant games as
/// refused, since Jiangjun only plays standard chess and Chess960).
const PYTHON_CHESS: [(&str, usize, usize, &[usize]); 12] = [
    ("anastasian-lewis.pgn", 1, 0, &[84]),
    ("antichess-programfox.pgn", 2, 2, &[]),
    ("chessbase-empty-line.pgn", 1, 0, &[134]),
    ("cutechess-fischerrandom.pgn", 4, 0, &[120, 99, 70, 107]),
    ("kasparov-deep-blue-1997.pgn", 6, 0, &[89, 89, 95, 111, 98, 37]),
    ("knightvuillaume-jannlee-zh-lichess.pgn", 1, 1, &[]),
    ("molinari-bordais-1979.pgn", 1, 0, &[10]),
    ("nepomniachtchi-liren-game1.pgn", 1, 0, &[97]),
    ("saturs-jannlee-zh-lichess.pgn", 1, 1, &[]),
    ("stockfish-learning.pgn", 1, 0, &[154]),
    ("uci-moves.pgn", 1, 0, &[113]),
    ("utf8-bom.pgn", 2, 0, &[0, 0]),
];

#[test]
fn real_world_files_agree_with_python_chess_counts() {
    for (file, games, refused, plies) in PYTHON_CHESS {
        let read = read_games(&data(&format!("python-chess/{file}")));
        assert_eq!(read.len(), games, "{file}");
        let errors: Vec<&PgnError> = read.iter().filter_map(|g| g.as_ref().err()).collect();
        assert_eq!(errors.len(), refused, "{file}: {errors:?}");
        for e in errors {
            assert!(matches!(e.kind, PgnErrorKind::UnsupportedVariant(_)), "{file}: {e}");
            assert!(e.to_string().contains("unsupported variant"), "{file}: {e}");
        }
        let ours: Vec<usize> = read.iter().filter_map(|g| g.as_ref().ok()).map(|g| g.line.moves.len()).collect();
        assert_eq!(ours, plies, "{file}");
    }
}

/// The moves too: REFERENCE.txt holds python-chess's main lines in UCI.
#[test]
fn real_world_files_agree_with_python_chess_moves() {
    let reference = data("python-chess/REFERENCE.txt");
    let mut games: Vec<Result<PgnGame, PgnError>> = Vec::new();
    let mut file = String::new();
    let mut checked = 0;
    for line in reference.lines() {
        if let Some(name) = line.strip_prefix("# ") {
            file = name.to_string();
            games = read_games(&data(&format!("python-chess/{file}")));
            continue;
        }
        let mut words = line.split(' ');
        let n: usize = words.next().and_then(|w| w.parse().ok()).expect("game number");
        let ours = &games[n - 1];
        match words.next() {
            Some("ok") => {
                let g = ours.as_ref().unwrap_or_else(|e| panic!("{file}: {e}"));
                let plies: usize = words.next().and_then(|w| w.parse().ok()).expect("ply count");
                let moves: Vec<String> = words.filter(|w| !w.is_empty()).map(String::from).collect();
                assert_eq!(moves.len(), plies, "{file} game {n}");
                assert_eq!(mainline(g), moves, "{file} game {n}");
            }
            _ => assert!(ours.is_err(), "{file} game {n}: python-chess refused it: {line}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 22);
}

// ---------------------------------------------------------------------------
// Input that must not panic
// ---------------------------------------------------------------------------

#[test]
fn every_prefix_of_a_game_reads_without_panicking() {
    let text = data("broken.pgn");
    let sample = &text[..text.find("[Event \"4").expect("game 4")];
    for end in (0..=sample.len()).filter(|&i| sample.is_char_boundary(i)) {
        let games = read_games(&sample[..end]);
        for g in games.iter().flatten() {
            read_games(&write_game(g));
        }
    }
}

#[test]
fn garbage_reads_without_panicking() {
    const PIECES: [&str; 32] = [
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "\"",
        "\\",
        "e4",
        "e5",
        "Nf3",
        "O-O",
        "0-0-0",
        "$",
        "$300",
        "!",
        "?",
        "1-0",
        "*",
        "\n",
        "%",
        ";",
        "--",
        "Z0",
        "1.",
        "...",
        "[FEN \"",
        "8/8/8/8/8/8/8/8 w - -",
        "[Variant \"chess960\"]",
        "e8=Q",
        "\u{feff}",
        "é",
    ];
    let mut rng = SplitMix64::new(0x5047_4E21);
    for _ in 0..300 {
        let n = rng.below(60);
        let text: String = (0..n).map(|_| PIECES[rng.below(PIECES.len())]).collect::<Vec<_>>().join(" ");
        read_games(&text);
        let bytes: Vec<u8> = (0..n * 3).map(|_| rng.next_u64() as u8).collect();
        read_games(&String::from_utf8_lossy(&bytes));
    }
}
