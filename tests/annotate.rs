//! `jiangjun annotate` on short games whose verdict is known: a queen hung
//! to a knight, a mate in two missed, a smothered mate allowed, and a game
//! that cannot be read among them.

use jiangjun::chess::pgn::{read_games, PgnGame};
use std::process::{Command, Output};

const KNOWN: &str = "tests/data/annotate/known.pgn";

fn annotate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jiangjun")).arg("annotate").args(args).output().expect("run jiangjun")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The annotated games of a run (the broken one is left out).
fn annotated(o: &Output) -> Vec<PgnGame> {
    read_games(&text(&o.stdout)).into_iter().map(|g| g.expect("the output reads back")).collect()
}

/// The comment and NAGs of main-line move `index` (0-based ply).
fn mark(game: &PgnGame, index: usize) -> (Vec<u8>, String) {
    let m = &game.line.moves[index];
    (m.nags.clone(), m.comments.join(" "))
}

#[test]
fn known_blunders_get_double_question_marks_and_the_better_move() {
    // Marked on deeper searches (the default) and on the first search alone.
    for recheck in ["4", "1"] {
        known_blunders_with(recheck);
    }
}

fn known_blunders_with(recheck: &str) {
    let o = annotate(&[KNOWN, "--nodes", "20000", "--hash", "4", "--recheck", recheck]);
    let err = text(&o.stderr);
    // One game cannot be read: it is reported by number and move, the others
    // are still annotated, and the exit status says not all were.
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("game 4") && err.contains("Ke3"), "{err}");
    assert!(err.contains("annotated 3 of 4 games"), "{err}");
    let games = annotated(&o);
    assert_eq!(games.len(), 3);

    // 2... Qh4?? hangs the queen to Nf3.
    let (nags, comment) = mark(&games[0], 3);
    assert_eq!(nags.first(), Some(&4), "{comment}");
    assert!(comment.contains("hanging piece"), "{comment}");
    assert!(!games[0].line.moves[3].variations.is_empty(), "a blunder gets the better line");

    // 1. h3?? misses 1. Qxe8+ Rxe8 2. Rxe8#.
    let (nags, comment) = mark(&games[1], 0);
    assert_eq!(nags.first(), Some(&4), "{comment}");
    assert!(comment.contains("Better: Qxe8+"), "{comment}");
    let better = &games[1].line.moves[0].variations[0];
    assert_eq!(better.moves.len(), 3, "the whole mate is shown");
    assert!(comment.contains("back-rank mate"), "{comment}");

    // 5. g3?? allows Nd3#, a smothered mate.
    let (nags, comment) = mark(&games[2], 8);
    assert_eq!(nags.first(), Some(&4), "{comment}");
    assert!(comment.contains("smothered mate") && comment.contains("闷杀"), "{comment}");
    assert!(comment.contains("[%eval #-1]"), "{comment}");

    // Every judged move has its score, and the game its summary.
    for game in &games {
        let summary = game.line.comment_before.join(" ");
        assert!(summary.contains("White:") && summary.contains("Black:") && summary.contains("accuracy"), "{summary}");
        let last = game.line.moves.len() - 1;
        for (i, m) in game.line.moves.iter().enumerate() {
            let mated = i == last && game.result != "*" && m.comments.is_empty();
            assert!(
                mated || m.comments.iter().any(|c| c.starts_with("[%eval ")),
                "move {i} of {:?}",
                game.tag("Event")
            );
        }
    }
    // Good moves are not marked: 3. Nxh4 takes the queen.
    assert!(mark(&games[0], 4).0.is_empty());
}

#[test]
fn a_fixed_node_count_gives_the_same_output_on_any_number_of_threads() {
    let one = annotate(&[KNOWN, "--nodes", "5000", "--hash", "2", "--threads", "1"]);
    let three = annotate(&[KNOWN, "--nodes", "5000", "--hash", "2", "--threads", "3"]);
    assert!(!one.stdout.is_empty());
    assert_eq!(text(&one.stdout), text(&three.stdout));
}

#[test]
fn side_limits_the_judged_moves() {
    let o = annotate(&[KNOWN, "--nodes", "5000", "--hash", "2", "--side", "black"]);
    let games = annotated(&o);
    for game in &games {
        let white_first = game.start_position().unwrap().side_to_move() == jiangjun::chess::Color::White;
        for (i, m) in game.line.moves.iter().enumerate() {
            if (i % 2 == 0) == white_first {
                assert!(m.comments.is_empty() && m.nags.is_empty(), "a White move was judged: {m:?}");
            }
        }
    }
    assert_eq!(mark(&games[0], 3).0.first(), Some(&4));
}

#[test]
fn output_file_and_bad_arguments() {
    let dir = std::env::temp_dir().join(format!("jiangjun-annotate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.pgn");
    let o = annotate(&[KNOWN, "--nodes", "2000", "--hash", "1", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(read_games(&written).len(), 3);
    // The summary goes to standard output when the games go to a file.
    assert!(text(&o.stdout).contains("game 1: A - B 1-0"), "{}", text(&o.stdout));
    std::fs::remove_dir_all(&dir).ok();

    let missing = annotate(&["no/such/file.pgn"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("cannot read"));
    let both = annotate(&[KNOWN, "--nodes", "10", "--depth", "3"]);
    assert_eq!(both.status.code(), Some(2));
    let side = annotate(&[KNOWN, "--side", "red"]);
    assert_eq!(side.status.code(), Some(2));
    for recheck in ["0", "65", "-1"] {
        assert_eq!(annotate(&[KNOWN, "--recheck", recheck]).status.code(), Some(2), "--recheck {recheck}");
    }
}
