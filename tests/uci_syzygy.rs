//! Syzygy tablebases through UCI: the options, a won and a drawn position
//! played from the tables, probes below the root counted in `tbhits`, and
//! paths that hold no tables or damaged ones.

mod uci_common;

use jiangjun::chess::Position;
use jiangjun::tablebase::{Tablebases, Wdl};
use std::fs;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;
use uci_common::*;

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
const SEARCH: Duration = Duration::from_secs(30);

fn engine_with_tables() -> Engine {
    let mut e = Engine::spawn();
    e.handshake();
    let lines = e.set_option("SyzygyPath", TABLES);
    assert!(lines.iter().any(|l| l == "info string found 70 tablebases (35 WDL, 35 DTZ, up to 4 pieces)"), "{lines:?}");
    e
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jiangjun-uci-tb-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The tables in this test process, to check the engine's moves with. The
/// prober allows one set per process, so the tests share it.
fn tables() -> &'static Tablebases {
    static TABLES_HERE: OnceLock<Tablebases> = OnceLock::new();
    TABLES_HERE.get_or_init(|| Tablebases::load(TABLES).expect("tables in the test process"))
}

/// The tables' verdict after `mv` from `pos`, from the mover's side.
fn result_after(pos: &Position, mv: &str) -> Wdl {
    let tables = tables();
    let mut child = pos.clone();
    child.make_move(pos.parse_uci_move(mv).expect("legal"));
    tables.probe_wdl(&child).expect("in the tables").flip()
}

#[test]
fn the_syzygy_options_are_declared_as_in_stockfish() {
    let mut e = Engine::spawn();
    let lines = e.handshake();
    for decl in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name Syzygy50MoveRule type check default true",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(lines.iter().any(|l| l == decl), "missing {decl:?} in {lines:?}");
    }
    e.quit();
}

#[test]
fn a_won_position_gets_a_tablebase_win_and_a_move_that_keeps_it() {
    let mut e = engine_with_tables();
    // K+Q v K+R, White to move and win.
    let fen = "8/8/8/3k4/8/8/6r1/KQ6 w - - 0 1";
    let pos = position(Some(fen), &[], false);
    e.send(&format!("position fen {fen}"));
    let out = e.go("go depth 10", &pos, SEARCH);
    let last = out.last_main().expect("an info line");
    assert!(matches!(last.score, Score::Cp(cp) if cp >= 19_000), "score {:?}", last.score);
    assert!(last.tbhits.is_some_and(|n| n > 0), "{last:?}");
    let best = out.bestmove.expect("a move");
    assert_eq!(result_after(&pos, &best), Wdl::Win, "{best} gives up the win");
    // And it is one of the moves that convert fastest.
    let ranking = tables().rank_root_moves(&pos, true).expect("ranked");
    let kept: Vec<String> = ranking.kept().iter().map(|m| pos.move_to_uci(m.mv)).collect();
    assert!(kept.contains(&best), "{best} not among {kept:?}");
    e.quit();
}

#[test]
fn a_drawn_position_scores_zero_and_holds() {
    let mut e = engine_with_tables();
    // K+R v K+R: a draw unless a rook hangs.
    let fen = "8/3k4/8/8/8/r7/6R1/4K3 w - - 0 1";
    let pos = position(Some(fen), &[], false);
    e.send(&format!("position fen {fen}"));
    let out = e.go("go depth 10", &pos, SEARCH);
    let last = out.last_main().expect("an info line");
    assert!(matches!(last.score, Score::Cp(0)), "score {:?}", last.score);
    let best = out.bestmove.expect("a move");
    assert_eq!(result_after(&pos, &best), Wdl::Draw, "{best} loses");
    e.quit();
}

#[test]
fn the_search_probes_below_the_root() {
    let mut e = engine_with_tables();
    // Five pieces (not in the 4-piece set); captures lead into the tables.
    let fen = "8/8/8/3k4/8/8/1r4R1/KQ6 w - - 0 1";
    let pos = position(Some(fen), &[], false);
    e.send(&format!("position fen {fen}"));
    let out = e.go("go depth 10", &pos, SEARCH);
    let last = out.last_main().expect("an info line");
    assert!(last.tbhits.is_some_and(|n| n > 0), "{last:?}");
    e.quit();
}

#[test]
fn a_path_without_tables_finds_zero_and_the_engine_goes_on() {
    let mut e = Engine::spawn();
    e.handshake();
    let empty = scratch("empty");
    for path in ["/nonexistent/syzygy", empty.to_str().expect("utf-8"), "<empty>"] {
        let lines = e.set_option("SyzygyPath", path);
        assert!(lines.iter().any(|l| l.starts_with("info string found 0 tablebases")), "{path}: {lines:?}");
    }
    let fen = "8/8/8/3k4/8/8/6r1/KQ6 w - - 0 1";
    let pos = position(Some(fen), &[], false);
    e.send(&format!("position fen {fen}"));
    let out = e.go("go depth 6", &pos, SEARCH);
    assert!(out.infos.iter().all(|i| i.tbhits.is_none()), "tbhits printed without tables");
    e.quit();
    let _ = fs::remove_dir_all(&empty);
}

#[test]
fn a_damaged_set_is_refused_and_the_engine_goes_on() {
    let dir = scratch("damaged");
    for entry in fs::read_dir(TABLES).expect("tables") {
        let entry = entry.expect("entry");
        fs::copy(entry.path(), dir.join(entry.file_name())).expect("copy");
    }
    let victim = dir.join("KQvKR.rtbz");
    fs::OpenOptions::new().write(true).open(&victim).expect("open").set_len(1024 + 16).expect("truncate");
    let mut e = Engine::spawn();
    e.handshake();
    e.send(&format!("setoption name SyzygyPath value {}", dir.display()));
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("info string error: damaged tablebase files") && l.contains("KQvKR.rtbz")),
        "{lines:?}"
    );
    let fen = "8/8/8/3k4/8/8/6r1/KQ6 w - - 0 1";
    let pos = position(Some(fen), &[], false);
    e.send(&format!("position fen {fen}"));
    let out = e.go("go depth 6", &pos, SEARCH);
    assert!(out.infos.iter().all(|i| i.tbhits.is_none()), "tables in use after a refused load");
    // The intact set still loads afterwards.
    e.set_option("SyzygyPath", TABLES);
    e.quit();
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn eval_names_the_tablebase_verdict() {
    let mut e = engine_with_tables();
    e.send("position fen 8/8/8/3k4/8/8/6r1/KQ6 w - - 0 1");
    e.send("eval");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string eval tablebase: win (DTZ ") && l.ends_with("for the side to move")),
        "{lines:?}"
    );
    e.quit();
}

#[test]
fn the_fifty_move_counter_of_the_root_is_respected() {
    let mut e = engine_with_tables();
    let tables = tables();
    // The win needs 3 more plies to the capture of the rook.
    for (clock, won) in [(90, true), (96, true), (98, false)] {
        let fen = format!("8/8/8/3k4/8/8/6r1/KQ6 w - - {clock} 80");
        let pos = position(Some(&fen), &[], false);
        e.send(&format!("position fen {fen}"));
        let out = e.go("go depth 8", &pos, SEARCH);
        let last = out.last_main().expect("an info line").clone();
        let best = out.bestmove.expect("a move");
        let mut child = pos.clone();
        child.make_move(pos.parse_uci_move(&best).expect("legal"));
        if won {
            assert!(matches!(last.score, Score::Cp(20_000)), "clock {clock}: {:?}", last.score);
            // The opponent's distance to the capture still fits the clock.
            let dtz = -tables.probe_dtz(&child).expect("dtz");
            assert!(
                child.halfmove_clock() == 0 || dtz + i32::from(child.halfmove_clock()) <= 100,
                "clock {clock}: {best}"
            );
        } else {
            // Too late: the 50-move rule draws first, shown as a cursed win.
            assert!(matches!(last.score, Score::Cp(1)), "clock {clock}: {:?}", last.score);
        }
    }
    e.quit();
}
