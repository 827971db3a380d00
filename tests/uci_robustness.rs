//! The UCI front end under bad input: invalid FENs and moves, unknown
//! commands, negative clocks, non-UTF-8 bytes, CRLF line ends, every input
//! that trips `vampirc-uci` 0.11.1 (see `src/uci/parse.rs`), and a seeded
//! stream of random garbage. The engine must answer, carry on, and never
//! print an illegal move.

mod uci_common;

use jiangjun::chess::{Position, START_FEN};
use jiangjun::uci::parse::{parse_line, UciCommand};
use std::time::Duration;
use uci_common::*;

fn has_error(lines: &[String]) -> bool {
    lines.iter().any(|l| l.starts_with("info string error"))
}

/// After a rejected `position`, `go` answers the null move (with an error)
/// and `d` has no position to show; a valid `position` brings back normal
/// answers.
#[track_caller]
fn assert_no_position(e: &mut Engine, bad: &str) {
    e.send(bad);
    assert_no_position_after(e, bad);
}

#[track_caller]
fn assert_no_position_after(e: &mut Engine, bad: &str) {
    let lines = e.sync();
    assert!(has_error(&lines), "no error for {bad:?}: {lines:?}");
    e.send("go depth 4");
    let lines = e.expect("bestmove", PROMPT, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 0000", "after {bad:?}: {lines:?}");
    assert!(lines.iter().any(|l| l.contains("no valid position")), "after {bad:?}: {lines:?}");
    e.send("d");
    let lines = e.sync();
    assert!(has_error(&lines) && !lines.iter().any(|l| l.starts_with("Fen:")), "d after {bad:?}: {lines:?}");
}

#[test]
fn invalid_fen_leaves_no_position() {
    let mut e = Engine::spawn();
    let p = position(None, &["e2e4", "c7c5"], false);
    for bad in [
        "position fen garbage",
        "position fen 4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K2K w - - 0 1",
        "position fen P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 w - - -5 0",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
        "position fen rnbqkbnr/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
        "position fen rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen k7/8/8/8/8/8/8/7K b - - 0 1 extra",
        "position fen 将军/8/8/8/8/8/8/8 w - - 0 1",
        "position fen",
        "position fen moves e2e4",
        "position",
        "position startpos garbage",
        "position middlegame",
    ] {
        e.send("position startpos moves e2e4 c7c5");
        assert_eq!(e.fen(), p.to_fen());
        assert_no_position(&mut e, bad);
    }
    e.send("position startpos moves e2e4 c7c5");
    e.go("go depth 4", &p, SEARCH);
    e.quit();
}

#[test]
fn illegal_move_in_the_list_leaves_no_position() {
    let mut e = Engine::spawn();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let p = position(Some(fen), &["e1g1"], false);
    for bad in [
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e5",
        "position startpos moves e7e5",
        "position startpos moves e2e4 xyz",
        "position startpos moves e2e4 0000 e7e5",
        "position startpos moves e2e4 e7e5 e4e5",
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5 e1g1",
        "position startpos moves a7a8q",
        "position startpos moves e2e4q",
        "position startpos moves E2E4",
        "position startpos moves e2e4 e7e5 e2e4",
        &format!("position fen {fen} moves e1g1 e8c8 g1h1 h8h1"),
        "position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8",
        "position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8k",
        "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1 e8d8 g1e1 d8e8 e1g1",
    ] {
        e.send(&format!("position fen {fen} moves e1g1"));
        assert_eq!(e.fen(), p.to_fen());
        assert_no_position(&mut e, bad);
    }
    e.send(&format!("position fen {fen} moves e1g1"));
    e.go("go depth 4", &p, SEARCH);
    e.quit();
}

/// Issue 48: the previous position used to stay after a rejected one, so
/// the engine answered a White move with Black to move.
#[test]
fn no_answer_for_a_position_the_gui_did_not_send() {
    let mut e = Engine::spawn();
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 zz99");
    e.send("go depth 3");
    let lines = e.expect("bestmove", PROMPT, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 0000", "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info string error") && l.contains("no valid position")), "{lines:?}");
    // A new game alone does not bring a position back.
    e.send("ucinewgame");
    e.send("go wtime 1000 btime 1000");
    assert_eq!(e.expect("bestmove", PROMPT, |l| l.starts_with("bestmove")).last().unwrap(), "bestmove 0000");
    // Infinite and ponder searches still hold the answer until stop / ponderhit.
    for (go, end) in [("go infinite", "stop"), ("go ponder wtime 1000 btime 1000", "ponderhit"), ("go ponder", "stop")]
    {
        e.send(go);
        let early = e.sync();
        assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{go}: {early:?}");
        e.send(end);
        let lines = e.sync();
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove")).collect::<Vec<_>>(),
            ["bestmove 0000"],
            "{go}: {lines:?}"
        );
    }
    // A running search answers first, then the go without a position.
    e.send("position startpos");
    e.send("go infinite");
    e.send("position startpos moves e2e5");
    e.send("go depth 2");
    let lines = e.expect("bestmove 0000", PROMPT, |l| l == "bestmove 0000");
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(moves.len(), 2, "{lines:?}");
    if let Err(err) = check_search_output(&Position::startpos(), &[moves[0].clone()]) {
        e.fail(&err);
    }
    // A parse error of a position command counts as a rejected position too.
    e.send("position startpos");
    e.go("go depth 2", &Position::startpos(), SEARCH);
    e.send("position startpos garbage");
    e.send("go depth 2");
    assert_eq!(e.expect("bestmove", PROMPT, |l| l.starts_with("bestmove")).last().unwrap(), "bestmove 0000");
    // A valid position brings normal answers back, for the side the GUI has to move.
    let p = position(None, &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"], false);
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5");
    e.go("go depth 3", &p, SEARCH);
    assert!(!e.sync().iter().any(|l| l.starts_with("bestmove")));
    e.quit();
}

/// Every `go` gets exactly one `bestmove`, whatever is wrong with its
/// fields: the bad field is reported and dropped (or read as 0 when
/// negative, or cut to a whole number) and the search runs with the rest.
#[test]
fn every_go_is_answered_once_whatever_its_fields() {
    let mut e = Engine::spawn();
    let p = position(None, &["d2d4"], false);
    e.send("position startpos moves d2d4");
    // (line, answers without stop): what is left of a line with no limit
    // is a plain `go`, which searches until `stop`.
    for (go, bounded) in [
        ("go depth -1", true),
        ("go depth abc", false),
        ("go depth", false),
        ("go movetime", false),
        ("go nodes -5", true),
        ("go mate -3", false),
        ("go movestogo -1", false),
        ("go wtime abc", false),
        ("go wtime 1000.5", true),
        ("go wtime 1000.5 btime 1000.5 winc 0.5 binc 0.5", true),
        ("go movetime -5", true),
        ("go wtime -100", true),
        ("go wtime -100 btime -100 winc -1 binc -1", true),
        ("go depth abc nodes 2000", true),
        ("go wtime btime 300", true),
        ("go go go", false),
        ("go depth 2 frobnicate 7", true),
        ("go frobnicate depth 2", true),
    ] {
        e.send(go);
        let lines = if bounded {
            e.expect("bestmove", SEARCH, |l| l.starts_with("bestmove"))
        } else {
            let early = e.sync();
            if early.iter().any(|l| l.starts_with("bestmove")) {
                e.fail(&format!("{go:?} left no limit but answered before stop"));
            }
            e.send("stop");
            let mut all = early;
            all.extend(e.expect("bestmove", PROMPT, |l| l.starts_with("bestmove")));
            all
        };
        if let Err(err) = check_search_output(&p, &lines) {
            e.fail(&format!("{go:?}: {err}"));
        }
        if !has_error(&lines) {
            e.fail(&format!("no info string error for {go:?}"));
        }
        e.send("stop");
        if e.sync().iter().any(|l| l.starts_with("bestmove")) {
            e.fail(&format!("two bestmoves for {go:?}"));
        }
    }
    // What was ignored is named.
    for (go, named) in
        [("go go go", "'go go'"), ("go depth 2 frobnicate 7", "'frobnicate 7'"), ("go depth abc", "'abc'")]
    {
        e.send(go);
        e.send("stop");
        let lines = e.expect("bestmove", SEARCH, |l| l.starts_with("bestmove"));
        assert!(lines.iter().any(|l| l.starts_with("info string error") && l.contains(named)), "{go}: {lines:?}");
    }
    // Good lines get no error.
    let out = e.go("go depth 2 searchmoves e7e5", &p, SEARCH);
    assert!(!has_error(&out.lines), "{:?}", out.lines);
    e.quit();
}

#[test]
fn unknown_commands_get_an_info_string_and_the_engine_carries_on() {
    let mut e = Engine::spawn();
    for cmd in [
        "xboard",
        "hello world",
        "protover 2",
        "UCI",
        "Isready",
        "register later",
        "new",
        "usermove e2e4",
        "goo",
        "go_depth 3",
    ] {
        e.send(cmd);
        let lines = e.sync();
        assert!(!lines.is_empty() && lines.iter().all(|l| l.starts_with("info string")), "{cmd:?} gave {lines:?}");
    }
    // Bad arguments to known commands that are not searches: an error, and
    // no search starts.
    for cmd in [
        "go perft",
        "go perft x",
        "go depth 3 perft 2",
        "bench many",
        "setoption",
        "setoption Hash 5",
        "setoption name",
    ] {
        e.send(cmd);
        let lines = e.sync();
        assert!(has_error(&lines), "{cmd:?} gave {lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    }
    // Blank and whitespace-only lines are ignored.
    e.send("");
    e.send("   \t ");
    assert!(e.sync().is_empty());
    e.handshake();
    e.send("position startpos");
    e.go("go depth 3", &Position::startpos(), SEARCH);
    e.quit();
}

#[test]
fn negative_and_zero_clocks_still_give_a_prompt_legal_move() {
    let mut e = Engine::spawn();
    let p = position(None, &["g1f3"], false);
    e.send("position startpos moves g1f3");
    let prompt = Duration::from_secs(5);
    for go in [
        "go wtime -100 btime -100",
        "go wtime -100 btime -100 winc -5 binc -5 movestogo 0",
        "go wtime 0 btime 0",
        "go btime 1 wtime 1",
        "go movetime -1",
        "go movetime 0",
        "go wtime -9223372036854775808 btime -99999999999999999999",
    ] {
        e.go(go, &p, prompt);
    }
    e.send("position startpos");
    e.go("go wtime -100 btime -100", &Position::startpos(), prompt);
    e.quit();
}

#[test]
fn non_utf8_bytes_crlf_tabs_and_long_lines() {
    let mut e = Engine::spawn();
    e.write_raw(b"\xff\xfe garbage\n");
    let lines = e.sync();
    assert!(!lines.is_empty() && lines.iter().all(|l| l.starts_with("info string")), "{lines:?}");
    e.write_raw(b"\xc3\x28\x00\x01\x7f\n");
    e.sync();
    // CRLF.
    e.write_raw(b"isready\r\n");
    e.expect("readyok after CRLF", PROMPT, |l| l == "readyok");
    e.write_raw(b"uci\r\n");
    e.expect("uciok after CRLF", Duration::from_secs(5), |l| l == "uciok");
    e.write_raw(b"position startpos moves e2e4 e7e5\r\n");
    let p = position(None, &["e2e4", "e7e5"], false);
    assert_eq!(e.fen(), p.to_fen());
    e.write_raw(b"go depth 3\r\n");
    e.read_search(&p, SEARCH);
    // Tabs and runs of blanks between tokens, a lone CR line.
    e.write_raw(b"\r\n");
    e.write_raw(b"go\tdepth \t 3  \r\n");
    e.read_search(&p, SEARCH);
    // A non-UTF-8 byte inside a move list is an error, not a crash.
    e.write_raw(b"position startpos moves e2e4 \xff\xff\n");
    assert_no_position_after(&mut e, "a move list with non-UTF-8 bytes");
    // A very long line.
    let mut long = b"hello ".repeat(50_000);
    long.push(b'\n');
    e.write_raw(&long);
    let lines = e.sync();
    assert!(lines.iter().all(|l| l.len() < 1000), "an echo of a huge line");
    let mut long = b"position startpos moves".to_vec();
    // A 200-ply legal game (knights shuffling), then the engine must search it.
    let mut moves = Vec::new();
    for _ in 0..50 {
        moves.extend(["g1f3", "g8f6", "f3g1", "f6g8"]);
    }
    for m in &moves {
        long.extend_from_slice(b" ");
        long.extend_from_slice(m.as_bytes());
    }
    long.push(b'\n');
    e.write_raw(&long);
    let p = position(None, &moves, false);
    assert_eq!(e.fen(), p.to_fen());
    e.go("go depth 4", &p, SEARCH);
    e.quit();
}

/// Every input that trips `vampirc-uci` 0.11.1, through the real binary.
#[test]
fn vampirc_defect_inputs_work() {
    let mut e = Engine::spawn();
    let start = Position::startpos();
    e.send("position startpos");
    // 1. Trailing whitespace on `go`.
    e.go("go depth 5 ", &start, SEARCH);
    e.go("go wtime 1000 btime 1000 ", &start, SEARCH);
    e.send("go infinite ");
    assert!(!e.collect_for(Duration::from_millis(300)).iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    e.read_search(&start, PROMPT);
    e.send("go ");
    assert!(!e.collect_for(Duration::from_millis(200)).iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    e.read_search(&start, PROMPT);
    // 2./3. Numbers past 255 and long numbers.
    e.send("go depth 300");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    e.read_search(&start, PROMPT);
    e.go("go movestogo 300 wtime 1000 btime 1000", &start, SEARCH);
    e.send("go mate 256");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    e.read_search(&start, PROMPT);
    e.send("go depth 1000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    e.read_search(&start, PROMPT);
    e.send("go wtime 99999999999999999999 btime 99999999999999999999");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    e.read_search(&start, PROMPT);
    e.send("go nodes 18446744073709551615");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    e.read_search(&start, PROMPT);
    // A mate with a mate limit far beyond it finishes by itself.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let p = position(Some(fen), &[], false);
    e.send(&format!("position fen {fen}"));
    let out = e.go("go mate 256", &p, SEARCH);
    assert_eq!(out.bestmove.as_deref(), Some("d1d8"));
    assert!(out.infos.iter().any(|i| i.score == Score::Mate(1)));

    // 4. `go ponder` with clocks stays a ponder search; `go infinite` with a clock stays infinite.
    let p = position(None, &["e2e4", "e7e5"], false);
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 1000 btime 1000");
    let early = e.collect_for(Duration::from_millis(1200));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "ponder answered before ponderhit: {early:?}");
    e.send("ponderhit");
    e.read_search(&p, Duration::from_secs(5));
    e.send("go infinite wtime 100 btime 100");
    let early = e.collect_for(Duration::from_millis(600));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "infinite answered before stop: {early:?}");
    e.send("stop");
    e.read_search(&p, PROMPT);

    // 5. Shredder-FEN castling field in Chess960.
    e.set_option("UCI_Chess960", "true");
    let fen = "nrknqrbb/1p2ppp1/2pp4/Q6p/P2P3P/8/1PP1PPP1/NRKN1RBB w FBfb - 0 9";
    let p = position(Some(fen), &["a5a8"], true);
    e.send(&format!("position fen {fen} moves a5a8"));
    assert_eq!(e.fen(), p.to_fen());
    e.go("go depth 4", &p, SEARCH);
    e.set_option("UCI_Chess960", "false");

    // 6. FENs without the move counters; castling spelt e1g1 or e1h1 in standard chess.
    let want = position(Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), &["e1g1"], false);
    for m in ["e1g1", "e1h1"] {
        e.send("position startpos");
        e.send(&format!("position fen 4k3/8/8/8/8/8/8/4K2R w K - moves {m}"));
        assert_eq!(e.fen(), want.to_fen(), "castling spelt {m}");
    }
    let want = position(Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"), &["a1a2"], false);
    e.send("position fen 8/8/8/8/8/8/8/K1k5 w - - moves a1a2");
    assert_eq!(e.fen(), want.to_fen());
    e.send("position fen 4k3/8/8/8/8/8/8/4K2R w K -");
    let p = position(Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), &[], false);
    assert_eq!(e.fen(), p.to_fen());
    e.go("go depth 5", &p, SEARCH);

    // 7. A bad token in the move list is reported, not silently cut.
    assert_no_position(&mut e, "position startpos moves e2e4 0000 e7e5");

    // 8. Option names.
    e.set_option("Move Overhead", "30");
    e.send("setoption name Value Scale value 3");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("Value Scale")), "{lines:?}");
    e.send("setoption name valuex value 1");
    assert!(has_error(&e.sync()));
    // 9. Upper case is not a command.
    e.send("UCI");
    let lines = e.sync();
    assert!(lines.iter().all(|l| l.starts_with("info string")) && !lines.is_empty());
    e.quit();
}

// --- random garbage ----------------------------------------------------

#[rustfmt::skip]
const WORDS: &[&str] = &[
    "uci", "debug", "on", "off", "isready", "setoption", "name", "value", "Value", "register",
    "ucinewgame", "position", "startpos", "fen", "moves", "go", "searchmoves", "ponder", "wtime",
    "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime", "infinite",
    "perft", "stop", "ponderhit", "quit", "d", "eval", "bench", "xboard", "e2e4", "e7e5", "g1f3",
    "e1g1", "e1h1", "a7a8q", "0000", "Hash", "Threads", "MultiPV", "Move", "Overhead", "Ponder",
    "UCI_Chess960", "Clear", "true", "false", START_FEN, "8/8/8/8/8/8/8/8", "w", "b", "KQkq",
    "HAha", "-", "+", "UCI", "GO", "\t", "\r", "\u{0}", "\u{7f}", "\u{fffd}", "é", "将军", "\u{a0}",
    "\u{feff}", "１２３",
];

#[rustfmt::skip]
const NUMBERS: &[&str] = &[
    "0", "1", "2", "3", "7", "255", "256", "999", "1000", "65535", "4294967295", "4294967296",
    "-0", "-1", "+1", "-256", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "18446744073709551615", "18446744073709551616", "99999999999999999999",
    "-99999999999999999999999999999999999999999", "1.5", "1e9", "0x10", "00000000000000000000001",
    "1000000000",
];

#[rustfmt::skip]
const COMMANDS: &[&str] = &[
    "uci", "isready", "ucinewgame", "position startpos moves e2e4 e7e5 g1f3",
    "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8", "go depth 3",
    "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20", "go nodes 3000", "go movetime 20",
    "go searchmoves e2e4 d2d4 depth 3", "go ponder wtime 500 btime 500", "ponderhit", "stop",
    "setoption name MultiPV value 2", "setoption name Move Overhead value 30",
    "setoption name UCI_Chess960 value true", "setoption name UCI_Chess960 value false",
    "setoption name Clear Hash", "setoption name Threads value 2", "setoption name Hash value 8",
    "debug on", "debug off", "d", "eval", "go perft 2", "go mate 3", "go infinite",
];

/// One random line (raw bytes, no `\n`).
fn random_line(rng: &mut Rng, games: &[Vec<String>]) -> Vec<u8> {
    match rng.below(10) {
        // Random bytes.
        0 => (0..rng.below(60)).map(|_| rng.below(256) as u8).filter(|&b| b != b'\n').collect(),
        // A real command cut short (possibly mid-character).
        1 => {
            let c = rng.pick(COMMANDS).as_bytes();
            c[..rng.below(c.len() + 1)].to_vec()
        }
        // A real command as is.
        2 => rng.pick(COMMANDS).as_bytes().to_vec(),
        // A position from a random game, sometimes with a bad move at the end.
        3 => {
            let g = &games[rng.below(games.len())];
            let n = rng.below(g.len() + 1);
            let mut s = String::from("position startpos moves");
            for m in &g[..n] {
                s.push(' ');
                s.push_str(m);
            }
            if rng.below(3) == 0 {
                s.push(' ');
                s.push_str(rng.pick(WORDS));
            }
            s.into_bytes()
        }
        // `go` / `setoption` with random (often huge) numbers.
        4 => {
            let mut s = String::from("go");
            for _ in 0..rng.below(4) {
                s.push(' ');
                s.push_str(rng.pick(&[
                    "wtime",
                    "btime",
                    "winc",
                    "binc",
                    "movestogo",
                    "depth",
                    "nodes",
                    "mate",
                    "movetime",
                    "ponder",
                    "infinite",
                    "searchmoves",
                    "e2e4",
                ]));
                s.push(' ');
                s.push_str(rng.pick(NUMBERS));
            }
            s.into_bytes()
        }
        5 => {
            let name = rng.pick(&[
                "Hash",
                "Threads",
                "MultiPV",
                "Move Overhead",
                "Ponder",
                "UCI_Chess960",
                "Clear Hash",
                "hash",
                "Nope",
            ]);
            let value = if rng.below(2) == 0 { rng.pick(NUMBERS).to_string() } else { rng.pick(WORDS).to_string() };
            format!("setoption name {name} value {value}").into_bytes()
        }
        // Random vocabulary, usually after a command word.
        _ => {
            let mut s = String::new();
            if rng.below(4) != 0 {
                s.push_str(rng.pick(&["go", "position", "setoption name", "debug", "position fen", "go searchmoves"]));
            }
            for _ in 0..rng.below(10) {
                s.push_str(rng.pick(&[" ", " ", "  ", "\t", ""]));
                match rng.below(4) {
                    0 | 1 => s.push_str(rng.pick(WORDS)),
                    2 => s.push_str(rng.pick(NUMBERS)),
                    _ => s.push_str(&(rng.next_u64() as i64).to_string()),
                }
            }
            if rng.below(6) == 0 {
                s.push('\r');
            }
            s.into_bytes()
        }
    }
}

/// Whether the engine may be sent `line` in the garbage stream: no `quit`,
/// and nothing that legitimately takes minutes or gigabytes (deep perft,
/// bench, a big hash table, many threads). Decided with the engine's own
/// parser on the text its stdin reader would produce, so it sees what the
/// engine will see.
fn allowed(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    let text = text.trim_end_matches(['\n', '\r']);
    let small = |v: &Option<String>, max: i128| match v.as_deref().map(str::trim).map(str::parse::<i128>) {
        Some(Ok(n)) => n <= max,
        _ => true, // not a number: an error message
    };
    match parse_line(text) {
        Ok(UciCommand::Quit) | Ok(UciCommand::Bench(_)) => false,
        Ok(UciCommand::Perft(d)) => d <= 3,
        Ok(UciCommand::SetOption { name, value }) => {
            let name = name.to_ascii_lowercase();
            match name.as_str() {
                "hash" => small(&value, 16),
                "threads" => small(&value, 4),
                _ => true,
            }
        }
        _ => true,
    }
}

fn is_isready(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    matches!(parse_line(text.trim_end_matches(['\n', '\r'])), Ok(UciCommand::IsReady))
}

#[test]
fn a_stream_of_random_garbage() {
    let mut rng = Rng::new(0x4A69_616E_676A_756E); // "Jiangjun"
                                                   // Random legal games, for position lines.
    let games: Vec<Vec<String>> = (0..20)
        .map(|_| {
            let mut p = Position::startpos();
            let mut g = Vec::new();
            for _ in 0..rng.below(60) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[rng.below(moves.len())];
                g.push(p.move_to_uci(m));
                p.make_move(m);
            }
            g
        })
        .collect();

    let mut e = Engine::spawn();
    let mut sent = 0;
    let mut output = Vec::new();
    // `isready` lines sent and not yet answered (the garbage has some too),
    // so that a sync waits for its own `readyok`, not a stale one.
    let mut pending_ready = 0usize;
    let sync = |e: &mut Engine, pending: &mut usize, out: &mut Vec<String>| {
        e.send("isready");
        *pending += 1;
        while *pending > 0 {
            let lines = e.expect("readyok", Duration::from_secs(10), |l| l == "readyok");
            out.extend_from_slice(&lines[..lines.len() - 1]);
            *pending -= 1;
        }
    };
    while sent < 3000 {
        let mut line = random_line(&mut rng, &games);
        if !allowed(&line) {
            continue;
        }
        if is_isready(&line) {
            pending_ready += 1;
        }
        line.push(b'\n');
        e.write_raw(&line);
        sent += 1;
        if sent % 25 == 0 {
            e.send("stop");
        }
        if sent % 300 == 0 {
            e.send("stop");
            sync(&mut e, &mut pending_ready, &mut output);
        }
    }
    // Back to a known state, then a normal search.
    e.send("stop");
    e.send("setoption name UCI_Chess960 value false");
    e.send("setoption name MultiPV value 1");
    e.send("ucinewgame"); // waits for any search to end
    sync(&mut e, &mut pending_ready, &mut output);
    e.send("position startpos");
    let out = e.go("go depth 3", &Position::startpos(), SEARCH);
    assert!(out.bestmove.is_some());

    // All the engine said along the way was well-formed.
    for l in &output {
        if l.starts_with("info depth") {
            if let Err(err) = check_info_depth_line(l) {
                e.fail(&err);
            }
        } else if let Some(rest) = l.strip_prefix("bestmove ") {
            let toks: Vec<&str> = rest.split(' ').collect();
            let ok = matches!(toks.as_slice(), ["(none)"] | [_] | [_, "ponder", _]);
            assert!(ok, "malformed {l:?}");
        }
    }
    assert!(output.iter().any(|l| l.starts_with("bestmove")), "the garbage never started a search?");
    e.quit();
}
