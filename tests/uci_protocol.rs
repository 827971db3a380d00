//! Real UCI conversations with the `jiangjun` binary: the handshake, every
//! command of the protocol, every option, and the extensions (`d`,
//! `go perft`, `bench`). Every search's output is checked line by line
//! (well-formed `info`, legal PVs, a legal `bestmove`).

mod uci_common;

use jiangjun::chess::{Position, START_FEN};
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};
use uci_common::*;

fn startpos() -> Position {
    position(None, &[], false)
}

fn is_mate(p: &Position) -> bool {
    p.in_check() && !p.has_legal_move()
}

/// Whether the side to move mates in at most `n` moves (brute force).
fn mates_within(p: &Position, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    for &m in p.legal_moves().iter() {
        let mut a = p.clone();
        a.make_move(m);
        if is_mate(&a) {
            return true;
        }
        if n > 1 && a.has_legal_move() {
            let all_replies_lose = a.legal_moves().iter().all(|&r| {
                let mut b = a.clone();
                b.make_move(r);
                mates_within(&b, n - 1)
            });
            if all_replies_lose {
                return true;
            }
        }
    }
    false
}

#[test]
fn uci_handshake_lists_every_option() {
    let mut e = Engine::spawn();
    let t0 = Instant::now();
    e.send("uci");
    let mut lines = e.expect("uciok", Duration::from_secs(5), |l| l == "uciok");
    let took = t0.elapsed();
    lines.pop();
    assert!(took < Duration::from_secs(5), "uciok took {took:?}");

    assert!(lines.iter().any(|l| l.starts_with("id name Jiangjun")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ") && l.len() > "id author ".len()), "{lines:?}");
    let expected: &[(&str, &str)] = &[
        ("Hash", "spin"),
        ("Threads", "spin"),
        ("MultiPV", "spin"),
        ("Move Overhead", "spin"),
        ("Ponder", "check"),
        ("UCI_Chess960", "check"),
        ("Clear Hash", "button"),
    ];
    for &(name, kind) in expected {
        let prefix = format!("option name {name} type {kind}");
        let found: Vec<&String> = lines.iter().filter(|l| l.starts_with(&prefix)).collect();
        assert_eq!(found.len(), 1, "option {name}: {lines:?}");
        let toks: Vec<&str> = found[0][prefix.len()..].split_whitespace().collect();
        match kind {
            "spin" => {
                let ["default", d, "min", lo, "max", hi] = toks.as_slice() else {
                    panic!("bad spin declaration {:?}", found[0])
                };
                let (d, lo, hi): (i64, i64, i64) = (d.parse().unwrap(), lo.parse().unwrap(), hi.parse().unwrap());
                assert!(lo <= d && d <= hi, "{:?}", found[0]);
            }
            "check" => assert_eq!(toks, ["default", "false"], "{:?}", found[0]),
            _ => assert!(toks.is_empty(), "{:?}", found[0]),
        }
    }
    // Nothing but id and option lines before uciok.
    for l in &lines {
        assert!(l.starts_with("id ") || l.starts_with("option name "), "unexpected line {l:?}");
    }
    assert!(e.sync().is_empty());
    // A second `uci` is answered the same way.
    assert_eq!(e.handshake(), lines);
    e.quit();
}

/// Every option the engine declares has its row in the README's options
/// table, with the same type, default and range.
#[test]
fn the_readme_documents_every_declared_option() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut e = Engine::spawn();
    let lines = e.handshake();
    e.quit();
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option name ")).collect();
    assert!(options.len() >= 10, "{lines:?}");
    for line in options {
        let rest = &line["option name ".len()..];
        let (name, decl) = rest.split_once(" type ").unwrap();
        let toks: Vec<&str> = decl.split_whitespace().collect();
        let row = match toks.as_slice() {
            ["spin", "default", d, "min", lo, "max", hi] => format!("| `{name}` | spin | {d} | {lo} – {hi} |"),
            ["check", "default", d] => format!("| `{name}` | check | {d} | |"),
            ["string", "default", d] => format!("| `{name}` | string | `{d}` | |"),
            ["button"] => format!("| `{name}` | button | | |"),
            _ => panic!("unexpected declaration {line:?}"),
        };
        assert!(readme.lines().any(|l| l.starts_with(&row)), "README has no row starting {row:?}");
    }
}

#[test]
fn isready_and_position_commands() {
    let mut e = Engine::spawn();
    assert!(e.sync_within(PROMPT).is_empty());
    assert_eq!(e.fen(), START_FEN);
    e.send("position startpos moves e2e4 e7e5 g1f3");
    assert_eq!(e.fen(), position(None, &["e2e4", "e7e5", "g1f3"], false).to_fen());
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    e.send(&format!("position fen {fen}"));
    assert_eq!(e.fen(), fen);
    e.send(&format!("position fen {fen} moves e1c1 h3g2 d5e6"));
    assert_eq!(e.fen(), position(Some(fen), &["e1c1", "h3g2", "d5e6"], false).to_fen());
    // `moves` with nothing after it.
    e.send("position startpos moves");
    assert_eq!(e.fen(), START_FEN);
    // En passant and promotion through the move list.
    e.send("position fen 4k3/1P6/8/8/3p4/8/4P3/4K3 w - - 0 1 moves e2e4 d4e3 b7b8n");
    assert_eq!(
        e.fen(),
        position(Some("4k3/1P6/8/8/3p4/8/4P3/4K3 w - - 0 1"), &["e2e4", "d4e3", "b7b8n"], false).to_fen()
    );
    e.send("ucinewgame");
    assert!(e.sync().is_empty());
    e.quit();
}

#[test]
fn go_with_clocks_depth_nodes_movetime() {
    let mut e = Engine::spawn();
    e.handshake();
    e.send("ucinewgame");
    e.sync();
    let p = position(None, &["e2e4"], false);
    e.send("position startpos moves e2e4");
    e.go("go wtime 2000 btime 2000 winc 100 binc 100 movestogo 10", &p, SEARCH);
    e.go("go wtime 3000 btime 1500 winc 0 binc 20", &p, SEARCH);
    e.go("go btime 800", &p, SEARCH);
    e.go("go movetime 200", &p, SEARCH);
    let out = e.go("go nodes 5000", &p, SEARCH);
    assert!(out.bestmove.is_some());
    // Degenerate limits still give a legal move.
    for go in
        ["go depth 0", "go depth 1", "go nodes 0", "go nodes 1", "go movetime 1", "go wtime 1 btime 1 movestogo 1"]
    {
        e.go(go, &p, SEARCH);
    }

    // A depth search reports every depth in order and plays its PV's move.
    let out = e.go("go depth 5", &p, SEARCH);
    let depths: Vec<u32> = out.infos.iter().map(|i| i.depth).collect();
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "depths out of order: {depths:?}");
    let last = out.last_main().expect("a depth-5 search prints info lines");
    assert_eq!(last.depth, 5);
    assert_eq!(out.bestmove.as_deref(), Some(last.pv[0].as_str()), "bestmove differs from the final PV");
    if let (Some(ponder), Some(second)) = (&out.ponder, last.pv.get(1)) {
        assert_eq!(ponder, second);
    }
    e.quit();
}

#[test]
fn show_wdl_puts_odds_on_every_score_line() {
    let mut e = Engine::spawn();
    e.handshake();
    let p = startpos();
    e.send("position startpos");
    let out = e.go("go depth 6", &p, SEARCH);
    assert!(out.infos.iter().all(|i| i.wdl.is_none()), "odds printed without UCI_ShowWDL");

    e.set_option("UCI_ShowWDL", "true");
    e.set_option("MultiPV", "3");
    let out = e.go("go depth 6", &p, SEARCH);
    assert!(!out.infos.is_empty());
    for info in &out.infos {
        let (w, d, l) = info.wdl.unwrap_or_else(|| panic!("no wdl with UCI_ShowWDL on: {info:?}"));
        // Near equality every result is possible.
        assert!(w > 100 && d > 100 && l > 100, "{info:?}");
    }

    // A won position: the side to move's odds, a mate is certain.
    e.set_option("MultiPV", "1");
    let won = position(Some("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), &[], false);
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let out = e.go("go depth 4", &won, SEARCH);
    assert_eq!(out.last_main().unwrap().wdl, Some((1000, 0, 0)));
    let lost = position(Some("4k3/pppq4/8/8/8/8/PPP5/4K3 w - - 0 1"), &[], false);
    e.send("position fen 4k3/pppq4/8/8/8/8/PPP5/4K3 w - - 0 1");
    let out = e.go("go depth 8", &lost, SEARCH);
    let (w, _, l) = out.last_main().unwrap().wdl.unwrap();
    assert!(l > 900 && w < 20, "a queen down: {:?}", out.last_main());

    e.set_option("UCI_ShowWDL", "false");
    e.send("position startpos");
    let out = e.go("go depth 3", &p, SEARCH);
    assert!(out.infos.iter().all(|i| i.wdl.is_none()));
    e.quit();
}

#[test]
fn go_mate_finds_the_mate_in_two() {
    // Légal-style: 1.Nf6+ gxf6 2.Bxf7#.
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let p = position(Some(fen), &[], false);
    assert!(mates_within(&p, 2) && !mates_within(&p, 1));
    let mut e = Engine::spawn();
    e.send(&format!("position fen {fen}"));
    let out = e.go("go mate 2", &p, SEARCH);
    assert!(out.infos.iter().any(|i| i.score == Score::Mate(2)), "no 'score mate 2'");
    let best = out.bestmove.unwrap();
    let mut after = p.clone();
    after.make_move(p.parse_uci_move(&best).unwrap());
    assert!(
        after.legal_moves().iter().all(|&r| {
            let mut b = after.clone();
            b.make_move(r);
            mates_within(&b, 1)
        }),
        "{best} does not force mate in 2"
    );

    // A mate in one, with `go depth`: the score is mate 1 and the move mates.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let p = position(Some(fen), &[], false);
    e.send(&format!("position fen {fen}"));
    let out = e.go("go depth 6", &p, SEARCH);
    assert_eq!(out.last_main().unwrap().score, Score::Mate(1));
    assert_eq!(out.bestmove.as_deref(), Some("d1d8"));
    // ... and the side being mated sees `mate -1`.
    let fen = "k7/8/1K6/8/8/8/8/7R b - - 0 1";
    let p = position(Some(fen), &[], false);
    assert!(p.legal_moves().iter().all(|&m| {
        let mut a = p.clone();
        a.make_move(m);
        mates_within(&a, 1)
    }));
    e.send(&format!("position fen {fen}"));
    let out = e.go("go depth 6", &p, SEARCH);
    assert!(matches!(out.last_main().unwrap().score, Score::Mate(m) if m < 0), "{:?}", out.last_main());
    e.quit();
}

#[test]
fn game_over_positions_answer_bestmove_none() {
    let mut e = Engine::spawn();
    // Before `bestmove (none)`, Stockfish's line that tells mate from stalemate.
    for (fen, line) in [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 score cp 0"), // stalemate
        ("3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "info depth 0 score mate 0"), // checkmate
    ] {
        let p = position(Some(fen), &[], false);
        e.send(&format!("position fen {fen}"));
        let out = e.go("go depth 5", &p, SEARCH);
        assert_eq!(out.bestmove, None);
        assert_eq!(out.lines, [line, "bestmove (none)"]);
        let out = e.go("go wtime 1000 btime 1000", &p, SEARCH);
        assert_eq!(out.game_over.as_deref(), Some(line));
        // Even with no move, `go infinite` waits for `stop`.
        e.send("go infinite");
        let early = e.collect_for(Duration::from_millis(300));
        assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{early:?}");
        e.send("stop");
        let mut all = early;
        all.extend(e.expect("bestmove", PROMPT, |l| l.starts_with("bestmove")));
        assert_eq!(all, [line, "bestmove (none)"]);
    }
    e.quit();
}

/// The last main `info` line before `bestmove` is exact and its PV starts
/// with the move played, also when the search ends inside an iteration: the
/// move may then come from a line never shown, or shown only as a bound.
/// Node limits cut the search at every point of an iteration; at some of
/// them the result needs a line of its own (a second line of one depth).
#[test]
fn the_last_info_line_shows_the_move_played() {
    let mut e = Engine::spawn();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let p = position(Some(kiwipete), &[], false);
    let mut corrected = 0;
    for nodes in (2_000..60_000).step_by(1_500) {
        e.send("ucinewgame");
        e.send(&format!("position fen {kiwipete}"));
        let out = e.go(&format!("go nodes {nodes}"), &p, SEARCH); // checks the last line
        let main: Vec<&Info> = out.infos.iter().filter(|i| i.multipv == 1).collect();
        if let [.., before, last] = main.as_slice() {
            if last.depth <= before.depth {
                corrected += 1;
            }
        }
    }
    assert!(corrected > 0, "no node limit cut an iteration after its first move");
    // Timed searches, several threads and several lines are held to the same rule.
    for (threads, multipv, go) in [
        (1, 1, "go movetime 150"),
        (2, 1, "go movetime 150"),
        (2, 3, "go nodes 30000"),
        (1, 2, "go wtime 300 btime 300"),
    ] {
        e.set_option("Threads", &threads.to_string());
        e.set_option("MultiPV", &multipv.to_string());
        e.go(go, &p, SEARCH);
    }
    e.quit();
}

/// After the first second, the main thread names each root move as it
/// starts on it (`currmove`, `currmovenumber`), and never before.
#[test]
fn currmove_lines_after_the_first_second() {
    let mut e = Engine::spawn();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let p = position(Some(kiwipete), &[], false);
    e.send(&format!("position fen {kiwipete}"));
    let out = e.go("go movetime 1600", &p, SEARCH); // checks each line's form and legality
    assert!(!out.currmoves.is_empty(), "no currmove line in a 1.6 s search");
    // No currmove while a later info line still shows under a second.
    let mut seen_currmove = false;
    for l in &out.lines {
        if l.contains(" currmove ") {
            seen_currmove = true;
        } else if let (true, Ok(info)) = (seen_currmove, parse_info(l)) {
            assert!(info.time >= 1000, "a currmove line before {l:?}");
        }
    }
    // Each pass over the root counts up from its first move; each iteration
    // is one deeper than the last.
    for w in out.currmoves.windows(2) {
        let (q, c) = (&w[0], &w[1]);
        let next = (c.depth == q.depth && c.number == q.number + 1)
            || (c.depth == q.depth || c.depth == q.depth + 1) && c.number == 1;
        assert!(next, "{q:?} then {c:?}");
    }
    // Short searches print none.
    let out = e.go("go movetime 200", &p, SEARCH);
    assert!(out.currmoves.is_empty(), "{:?}", out.currmoves);
    e.quit();
}

#[test]
fn go_infinite_answers_only_after_stop() {
    let mut e = Engine::spawn();
    let p = startpos();
    e.send("position startpos");
    e.send("go infinite");
    let early = e.collect_for(Duration::from_millis(800));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "bestmove before stop: {early:?}");
    e.send("stop");
    let rest = e.expect("bestmove after stop", PROMPT, |l| l.starts_with("bestmove"));
    let mut all = early;
    all.extend(rest);
    if let Err(err) = check_search_output(&p, &all) {
        e.fail(&err);
    }
    // Exactly one bestmove: nothing more after a sync, and a second stop is harmless.
    e.send("stop");
    let after = e.sync();
    assert!(!after.iter().any(|l| l.starts_with("bestmove")), "{after:?}");
    // A bare `go` is unbounded too.
    e.send("go");
    let early = e.collect_for(Duration::from_millis(300));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{early:?}");
    e.send("stop");
    e.read_search(&p, PROMPT);
    e.quit();
}

#[test]
fn go_ponder_waits_for_ponderhit_or_stop() {
    let mut e = Engine::spawn();
    e.set_option("Ponder", "true");
    let p = position(None, &["e2e4", "e7e5"], false);
    e.send("position startpos moves e2e4 e7e5");
    // The clock would run out long before the GUI says ponderhit.
    e.send("go ponder wtime 1000 btime 1000 winc 0 binc 0");
    let early = e.collect_for(Duration::from_millis(1500));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "bestmove while pondering: {early:?}");
    e.send("ponderhit");
    let t0 = Instant::now();
    let rest = e.expect("bestmove after ponderhit", Duration::from_secs(5), |l| l.starts_with("bestmove"));
    let took = t0.elapsed();
    let mut all = early;
    all.extend(rest);
    if let Err(err) = check_search_output(&p, &all) {
        e.fail(&err);
    }
    // Generous: the whole clock is 1 s.
    assert!(took < Duration::from_secs(5), "bestmove {took:?} after ponderhit");

    // `stop` while pondering also gives exactly one bestmove.
    e.send("go ponder wtime 1000 btime 1000");
    let early = e.collect_for(Duration::from_millis(300));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{early:?}");
    e.send("stop");
    e.read_search(&p, PROMPT);
    assert!(!e.sync().iter().any(|l| l.starts_with("bestmove")));

    // A ponderhit with no search running is ignored.
    e.send("ponderhit");
    assert!(e.sync().is_empty());
    e.quit();
}

/// Time spent pondering counts toward the move: when the ponder search has
/// already used the move's whole budget (here 3 s of pondering, where a
/// 20 s clock gives a soft limit of about 0.7 s and a hard one of about
/// 2.7 s), `ponderhit` is answered at once instead of starting the budget
/// again from `ponderhit`.
#[test]
fn ponderhit_after_the_budget_is_spent_answers_at_once() {
    let mut e = Engine::spawn();
    e.set_option("Ponder", "true");
    let p = position(None, &["e2e4", "e7e5"], false);
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 20000 btime 20000");
    let early = e.collect_for(Duration::from_millis(3000));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "bestmove while pondering: {early:?}");
    e.send("ponderhit");
    let t0 = Instant::now();
    let rest = e.expect("bestmove after ponderhit", Duration::from_secs(10), |l| l.starts_with("bestmove"));
    let took = t0.elapsed();
    let mut all = early;
    all.extend(rest);
    if let Err(err) = check_search_output(&p, &all) {
        e.fail(&err);
    }
    // A budget restarted at ponderhit would spend at least a good part of
    // the soft limit (20000 / 30 ms) again, and usually the hard limit.
    assert!(took < Duration::from_millis(400), "bestmove {took:?} after ponderhit");
    e.quit();
}

#[test]
fn go_searchmoves_restricts_the_root() {
    let mut e = Engine::spawn();
    let p = startpos();
    e.send("position startpos");
    let allowed = ["a2a3", "h2h4"];
    let out = e.go("go depth 5 searchmoves a2a3 h2h4", &p, SEARCH);
    assert!(allowed.contains(&out.bestmove.as_deref().unwrap()), "{:?}", out.bestmove);
    for i in &out.infos {
        assert!(allowed.contains(&i.pv[0].as_str()), "{i:?}");
    }
    // A single search move is played even if bad.
    let out = e.go("go depth 4 searchmoves g2g4", &p, SEARCH);
    assert_eq!(out.bestmove.as_deref(), Some("g2g4"));
    // searchmoves with a clock keyword after it.
    let out = e.go("go searchmoves b1c3 wtime 1000 btime 1000", &p, SEARCH);
    assert_eq!(out.bestmove.as_deref(), Some("b1c3"));
    // Standard chess prints castling king-to-destination, whichever spelling
    // the GUI used.
    let fen = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1";
    let p = position(Some(fen), &[], false);
    e.send(&format!("position fen {fen}"));
    for (sm, want) in [("e1g1", "e1g1"), ("e1h1", "e1g1"), ("e1c1", "e1c1"), ("e1a1", "e1c1")] {
        let out = e.go(&format!("go depth 3 searchmoves {sm}"), &p, SEARCH);
        assert_eq!(out.bestmove.as_deref(), Some(want), "searchmoves {sm}");
    }
    e.quit();
}

#[test]
fn multipv_three_distinct_lines_per_depth() {
    let mut e = Engine::spawn();
    e.set_option("MultiPV", "3");
    let p = startpos();
    e.send("position startpos");
    let out = e.go("go depth 5", &p, SEARCH);
    let mut by_depth: BTreeMap<u32, BTreeMap<u32, &Info>> = BTreeMap::new();
    for i in &out.infos {
        assert!((1..=3).contains(&i.multipv), "{i:?}");
        // The last line for each (depth, k) wins (bound lines may come first).
        by_depth.entry(i.depth).or_default().insert(i.multipv, i);
    }
    assert_eq!(by_depth.keys().copied().collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
    for (d, lines) in &by_depth {
        assert_eq!(lines.keys().copied().collect::<Vec<_>>(), vec![1, 2, 3], "depth {d}");
        let firsts: BTreeSet<&str> = lines.values().map(|i| i.pv[0].as_str()).collect();
        assert_eq!(firsts.len(), 3, "depth {d}: first moves not distinct: {lines:?}");
    }
    // Fewer legal moves than MultiPV: one line per move.
    let fen = "k7/8/8/8/8/7P/1r6/K7 w - - 0 1";
    let p = position(Some(fen), &[], false);
    assert_eq!(p.legal_moves().len(), 2);
    e.send(&format!("position fen {fen}"));
    let out = e.go("go depth 3", &p, SEARCH);
    let ks: BTreeSet<u32> = out.infos.iter().map(|i| i.multipv).collect();
    assert_eq!(ks, BTreeSet::from([1, 2]), "{:?}", out.lines);
    // Back to one line.
    e.set_option("MultiPV", "1");
    e.send("position startpos");
    let out = e.go("go depth 4", &startpos(), SEARCH);
    assert!(out.infos.iter().all(|i| i.multipv == 1));
    e.quit();
}

#[test]
fn threads_can_change_between_searches() {
    let mut e = Engine::spawn();
    let p = position(None, &["d2d4", "g8f6"], false);
    e.send("position startpos moves d2d4 g8f6");
    for threads in ["1", "4", "2", "1"] {
        e.set_option("Threads", threads);
        e.go("go depth 6", &p, SEARCH);
        e.go("go nodes 20000", &p, SEARCH);
    }
    e.quit();
}

#[test]
fn isready_and_stop_are_prompt_while_four_threads_search() {
    let mut e = Engine::spawn();
    e.set_option("Threads", "4");
    let p = startpos();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let mut seen = Vec::new();
    for _ in 0..3 {
        let lines = e.sync_within(PROMPT);
        assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
        seen.extend(lines);
        std::thread::sleep(Duration::from_millis(100));
    }
    e.send("stop");
    seen.extend(e.expect("bestmove after stop", PROMPT, |l| l.starts_with("bestmove")));
    if let Err(err) = check_search_output(&p, &seen) {
        e.fail(&err);
    }
    e.quit();
}

#[test]
fn hash_clear_hash_and_move_overhead_options() {
    let mut e = Engine::spawn();
    let p = startpos();
    e.send("position startpos");
    e.set_option("Hash", "1");
    e.go("go depth 5", &p, SEARCH);
    e.set_option("Hash", "32");
    e.go("go depth 5", &p, SEARCH);
    // Absurd: refused or clamped with an info string; the engine carries on.
    e.send("setoption name Hash value 1000000000");
    let lines = e.sync_within(Duration::from_secs(5));
    assert!(!lines.is_empty() && lines.iter().all(|l| l.starts_with("info string")), "{lines:?}");
    e.go("go depth 5", &p, SEARCH);
    e.send("setoption name Hash value lots");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.starts_with("info string error")), "{lines:?}");

    e.send("setoption name Clear Hash");
    assert!(e.sync().is_empty());
    e.go("go depth 4", &p, SEARCH);

    e.set_option("Move Overhead", "30");
    e.go("go movetime 150", &p, SEARCH);
    e.go("go wtime 500 btime 500", &p, SEARCH);
    e.send("setoption name Move Overhead value -5");
    let lines = e.sync();
    assert!(lines.iter().all(|l| l.starts_with("info string")) && !lines.is_empty(), "{lines:?}");
    // Case-insensitive option names.
    e.set_option("move overhead", "10");
    e.set_option("multipv", "1");
    // Unknown option.
    e.send("setoption name NoSuchOption value 3");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.starts_with("info string error")), "{lines:?}");
    e.quit();
}

#[test]
fn debug_on_off_and_ucinewgame() {
    let mut e = Engine::spawn();
    e.send("debug on");
    assert!(e.sync().iter().all(|l| l.starts_with("info")));
    let p = startpos();
    e.send("position startpos");
    e.go("go depth 3", &p, SEARCH);
    e.send("debug off");
    assert!(e.sync().is_empty());
    e.send("debug sideways");
    assert!(e.sync().iter().any(|l| l.starts_with("info string error")));
    e.send("ucinewgame");
    e.sync();
    e.go("go depth 3", &p, SEARCH);
    e.quit();
}

#[test]
fn ucinewgame_during_a_search_does_not_hang() {
    let mut e = Engine::spawn();
    let p = startpos();
    for threads in ["1", "3"] {
        e.set_option("Threads", threads);
        e.send("position startpos");
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(200));
        e.send("ucinewgame");
        let lines = e.sync_within(Duration::from_secs(5));
        let bestmoves = lines.iter().filter(|l| l.starts_with("bestmove")).count();
        assert!(bestmoves <= 1, "{lines:?}");
        if bestmoves == 1 {
            if let Err(err) = check_search_output(&p, &lines) {
                e.fail(&err);
            }
        }
        e.send("stop");
        assert!(!e.sync().iter().any(|l| l.starts_with("bestmove")));
        e.go("go depth 4", &p, SEARCH);
    }
    e.quit();
}

#[test]
fn commands_during_a_search() {
    let mut e = Engine::spawn();
    let p = startpos();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(150));
    // `position` and `d` during a search do not disturb it.
    e.send("position startpos moves e2e4");
    e.send("d");
    assert!(!e.sync_within(PROMPT).iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    e.read_search(&p, PROMPT);
    let p2 = position(None, &["e2e4"], false);
    e.go("go depth 3", &p2, SEARCH);

    // Commands that need the search to end answer it first (one bestmove),
    // then do their job; none hangs.
    for (cmd, threads) in [
        ("go depth 3", "1"),
        ("setoption name Threads value 2", "1"),
        ("setoption name Hash value 8", "2"),
        ("setoption name Clear Hash", "2"),
        ("go perft 2", "3"),
        ("ucinewgame", "1"),
    ] {
        e.set_option("Threads", threads);
        for go in ["go infinite", "go ponder"] {
            e.send(go);
            std::thread::sleep(Duration::from_millis(100));
            e.send(cmd);
            e.read_search(&p2, Duration::from_secs(5));
            if cmd.starts_with("go depth") {
                e.read_search(&p2, SEARCH);
            }
            let rest = e.sync_within(Duration::from_secs(5));
            assert!(!rest.iter().any(|l| l.starts_with("bestmove")), "{cmd} after {go}: {rest:?}");
            if cmd.starts_with("go perft") {
                let perft2: usize = p2
                    .legal_moves()
                    .iter()
                    .map(|&m| {
                        let mut q = p2.clone();
                        q.make_move(m);
                        q.legal_moves().len()
                    })
                    .sum();
                let want = format!("Nodes searched: {perft2}");
                assert!(rest.contains(&want), "{rest:?}");
            }
        }
    }
    e.set_option("Threads", "1");
    e.go("go depth 4", &p2, SEARCH);
    e.quit();
}

#[test]
fn quit_during_a_search_exits_promptly() {
    for (threads, go) in
        [("1", "go infinite"), ("4", "go infinite"), ("2", "go ponder wtime 1000 btime 1000"), ("1", "go depth 100")]
    {
        let mut e = Engine::spawn();
        e.set_option("Threads", threads);
        e.send("position startpos");
        e.send(go);
        std::thread::sleep(Duration::from_millis(200));
        let t0 = Instant::now();
        e.send("quit");
        let status = e.wait_exit(Duration::from_secs(5));
        assert!(status.success(), "exit status {status}");
        assert!(t0.elapsed() < Duration::from_secs(5));
        e.assert_no_panic();
    }
}

#[test]
fn eof_during_a_search_exits() {
    for (threads, go) in [("1", "go infinite"), ("2", "go infinite"), ("1", "go ponder")] {
        let mut e = Engine::spawn();
        e.set_option("Threads", threads);
        e.send("position startpos");
        e.send(go);
        std::thread::sleep(Duration::from_millis(200));
        e.close_stdin();
        let status = e.wait_exit(Duration::from_secs(5));
        assert!(status.success(), "exit status {status}");
        e.assert_no_panic();
    }
    // EOF right after start-up too.
    let mut e = Engine::spawn();
    e.close_stdin();
    assert!(e.wait_exit(Duration::from_secs(5)).success());
}

#[test]
fn extension_d_perft_and_bench() {
    let mut e = Engine::spawn();
    e.send("position startpos moves e2e4");
    e.send("d");
    let lines = e.expect("Fen:", Duration::from_secs(5), |l| l.starts_with("Fen: "));
    assert!(lines.iter().filter(|l| l.starts_with(" +---")).count() == 9, "{lines:?}");
    assert_eq!(lines.last().unwrap(), &format!("Fen: {}", position(None, &["e2e4"], false).to_fen()));
    e.sync();

    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.expect("Nodes searched", Duration::from_secs(10), |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    let n = lines.len();
    assert_eq!(lines[n - 2], "", "a blank line before the total: {lines:?}");
    let divide = &lines[..n - 2];
    assert_eq!(divide.len(), 20, "{lines:?}");
    let p = startpos();
    let mut sum = 0u64;
    let mut moves = BTreeSet::new();
    for l in divide {
        let (m, c) = l.split_once(": ").unwrap_or_else(|| panic!("bad perft line {l:?}"));
        replay(&p, &[m.to_string()]).unwrap();
        moves.insert(m.to_string());
        sum += c.parse::<u64>().unwrap();
    }
    assert_eq!((moves.len(), sum), (20, 8902));

    e.send("bench 3");
    let lines = e.expect("bench result", Duration::from_secs(40), |l| l.ends_with(" nps") && !l.starts_with("info"));
    let last: Vec<&str> = lines.last().unwrap().split(' ').collect();
    assert!(
        matches!(last.as_slice(), [n, "nodes", s, "nps"] if n.parse::<u64>().is_ok_and(|n| n > 0) && s.parse::<u64>().is_ok()),
        "{last:?}"
    );
    // The engine is still usable after the tools.
    e.send("position startpos");
    e.go("go depth 3", &p, SEARCH);
    e.send("eval");
    assert!(e.sync().iter().any(|l| l.starts_with("info string eval")));
    e.quit();
}

/// `infinite` and `ponder` hold the answer back whatever other limit comes
/// with them: a node or depth limit may end the search itself, but the
/// `bestmove` waits for `stop` (or `ponderhit`).
#[test]
fn infinite_and_ponder_wait_even_with_other_limits() {
    let mut e = Engine::spawn();
    let p = position(None, &["e2e4", "e7e5"], false);
    e.send("position startpos moves e2e4 e7e5");
    for go in [
        "go infinite wtime 100 btime 100",
        "go infinite nodes 1000",
        "go infinite depth 2",
        "go infinite movetime 50",
        "go infinite mate 1",
        "go ponder nodes 1000",
        "go ponder depth 2",
        "go ponder movetime 50",
        "go ponder wtime 100 btime 100 winc 0 binc 0",
    ] {
        for threads in ["1", "2"] {
            e.set_option("Threads", threads);
            e.send(go);
            let early = e.collect_for(Duration::from_millis(400));
            if early.iter().any(|l| l.starts_with("bestmove")) {
                e.fail(&format!("'{go}' answered before stop/ponderhit (Threads {threads})"));
            }
            // ponderhit ends a ponder search whose own limit is reached;
            // stop ends an infinite one.
            e.send(if go.contains("ponder") { "ponderhit" } else { "stop" });
            let mut all = early;
            all.extend(e.expect("bestmove", Duration::from_secs(5), |l| l.starts_with("bestmove")));
            if let Err(err) = check_search_output(&p, &all) {
                e.fail(&err);
            }
        }
    }
    e.quit();
}
