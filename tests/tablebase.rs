//! Syzygy probing (src/tablebase/): agreement with python-chess on
//! tests/data/syzygy_reference.txt, root ranking that never gives up the
//! best result, and paths that are empty, wrong, split or damaged.

use jiangjun::chess::Position;
use jiangjun::tablebase::{Tablebases, TbError, Wdl, PATH_SEPARATOR};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The prober keeps its tables in process-wide state: one set at a time.
static PROBER: Mutex<()> = Mutex::new(());

fn exclusive() -> MutexGuard<'static, ()> {
    PROBER.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

struct Reference {
    fen: String,
    wdl: i32,
    dtz: i32,
}

fn reference() -> Vec<Reference> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy_reference.txt");
    let text = fs::read_to_string(path).expect("reference file");
    text.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(';').collect();
            Reference {
                fen: fields[0].to_string(),
                wdl: fields[1].parse().expect("wdl"),
                dtz: fields[2].parse().expect("dtz"),
            }
        })
        .collect()
}

/// A fresh empty folder under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jiangjun-tb-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Copies the tables whose file names satisfy `keep` into `dir`.
fn copy_tables(dir: &Path, keep: impl Fn(&str) -> bool) {
    for entry in fs::read_dir(TABLES).expect("tables") {
        let entry = entry.expect("entry");
        let name = entry.file_name().into_string().expect("name");
        if keep(&name) {
            fs::copy(entry.path(), dir.join(&name)).expect("copy");
        }
    }
}

fn path_of(dir: &Path) -> String {
    dir.to_str().expect("utf-8 path").to_string()
}

#[test]
fn the_full_set_loads_with_its_counts() {
    let _guard = exclusive();
    let tb = Tablebases::load(TABLES).expect("load");
    assert_eq!((tb.wdl_files(), tb.dtz_files(), tb.count()), (35, 35, 70));
    assert_eq!(tb.max_pieces(), 4);
    assert!(tb.summary().starts_with("found 70 tablebases"), "{}", tb.summary());
}

#[test]
fn probes_agree_with_python_chess() {
    let _guard = exclusive();
    let tb = Tablebases::load(TABLES).expect("load");
    let mut wrong = Vec::new();
    for r in reference() {
        let pos = Position::from_fen(&r.fen, false).expect("fen");
        let wdl = tb.probe_wdl(&pos).map(Wdl::value);
        let dtz = tb.probe_dtz(&pos);
        if wdl != Some(r.wdl) || dtz != Some(r.dtz) {
            wrong.push(format!("{}: wdl {wdl:?} dtz {dtz:?}, python-chess {} {}", r.fen, r.wdl, r.dtz));
        }
    }
    assert!(wrong.is_empty(), "{} disagreements:\n{}", wrong.len(), wrong[..wrong.len().min(20)].join("\n"));
}

/// The search probes from every thread at once.
#[test]
fn probes_from_several_threads_agree() {
    use rayon::prelude::*;
    let _guard = exclusive();
    let tb = Tablebases::load(TABLES).expect("load");
    let positions: Vec<Reference> = reference();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(4).build().expect("threads");
    let wrong: usize = pool.install(|| {
        positions
            .par_iter()
            .filter(|r| {
                let pos = Position::from_fen(&r.fen, false).expect("fen");
                tb.probe_wdl(&pos).map(Wdl::value) != Some(r.wdl) || tb.probe_dtz(&pos) != Some(r.dtz)
            })
            .count()
    });
    assert_eq!(wrong, 0);
}

/// Every move the ranking keeps leads to the best result the root has, and
/// the ranking reports that result. Returns how many roots were ranked by
/// WDL alone (DTZ ranking needs no DTZ file when every move zeroes).
fn check_ranking_keeps_the_result(tb: &Tablebases) -> usize {
    let mut wrong = Vec::new();
    let mut by_wdl = 0;
    for r in reference() {
        let pos = Position::from_fen(&r.fen, false).expect("fen");
        let Some(ranking) = tb.rank_root_moves(&pos, true) else {
            assert!(!pos.has_legal_move(), "{}: not ranked", r.fen);
            continue;
        };
        by_wdl += usize::from(!ranking.by_dtz);
        assert_eq!(ranking.moves.len(), pos.legal_moves().len());
        if ranking.wdl().value() != r.wdl {
            wrong.push(format!("{}: ranking says {:?}, python-chess {}", r.fen, ranking.wdl(), r.wdl));
        }
        for kept in ranking.kept() {
            let mut child = pos.clone();
            child.make_move(kept.mv);
            let child_wdl = tb.probe_wdl(&child);
            if child_wdl.map(|w| w.flip().value()) != Some(r.wdl) {
                wrong.push(format!("{}: keeps {:?} leading to {child_wdl:?}", r.fen, kept.mv));
            }
        }
    }
    assert!(wrong.is_empty(), "{} failures:\n{}", wrong.len(), wrong[..wrong.len().min(20)].join("\n"));
    by_wdl
}

#[test]
fn root_ranking_keeps_the_best_result() {
    let _guard = exclusive();
    let tb = Tablebases::load(TABLES).expect("load");
    assert_eq!(check_ranking_keeps_the_result(&tb), 0);
}

#[test]
fn root_ranking_falls_back_to_wdl_without_dtz_files() {
    let _guard = exclusive();
    let dir = scratch("wdl-only");
    copy_tables(&dir, |name| name.ends_with(".rtbw"));
    let tb = Tablebases::load(&path_of(&dir)).expect("load");
    assert_eq!((tb.wdl_files(), tb.dtz_files()), (35, 0));
    let by_wdl = check_ranking_keeps_the_result(&tb);
    assert!(by_wdl > reference().len() / 2, "only {by_wdl} ranked by WDL");
    drop(tb);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_winning_root_keeps_only_the_fastest_conversion() {
    let _guard = exclusive();
    let tb = Tablebases::load(TABLES).expect("load");
    // KQ v KR, White to move wins.
    let pos = Position::from_fen("8/8/8/8/3k4/8/1r6/KQ6 w - - 0 1", false).expect("fen");
    let root_dtz = tb.probe_dtz(&pos).expect("dtz");
    let ranking = tb.rank_root_moves(&pos, true).expect("ranked");
    assert_eq!(ranking.wdl(), Wdl::Win);
    let kept = ranking.kept();
    let best = kept[0].dtz.expect("dtz");
    assert!(kept.iter().all(|m| m.dtz == Some(best)));
    assert!(best > 0 && best <= root_dtz + 1, "best {best}, root {root_dtz}");
    let slower = ranking.moves.iter().filter(|m| m.wdl == Wdl::Win).all(|m| m.dtz.unwrap() >= best);
    assert!(slower);
}

#[test]
fn the_fifty_move_counter_turns_a_slow_win_into_a_draw() {
    let _guard = exclusive();
    let tb = Tablebases::load(TABLES).expect("load");
    // A KQ v KR win whose conversion needs more plies than the clock leaves.
    let fen_fresh = "8/8/8/8/3k4/8/1r6/KQ6 w - - 0 1";
    let fresh = Position::from_fen(fen_fresh, false).expect("fen");
    let dtz = tb.probe_dtz(&fresh).expect("dtz");
    let late = Position::from_fen(&format!("8/8/8/8/3k4/8/1r6/KQ6 w - - {} 80", 101 - dtz), false).expect("fen");
    let ranking = tb.rank_root_moves(&late, true).expect("ranked");
    assert_eq!(ranking.wdl(), Wdl::CursedWin);
    let ignoring = tb.rank_root_moves(&late, false).expect("ranked");
    assert_eq!(ignoring.wdl(), Wdl::Win);
}

#[test]
fn empty_and_missing_paths_find_no_tables() {
    let _guard = exclusive();
    for path in ["", "<empty>", "/nonexistent/syzygy", &path_of(&scratch("empty"))] {
        let tb = Tablebases::load(path).expect("no error");
        assert_eq!(tb.count(), 0, "{path}");
        assert!(tb.is_empty());
        let pos = Position::from_fen("8/8/8/8/3k4/8/1r6/KQ6 w - - 0 1", false).expect("fen");
        assert_eq!(tb.probe_wdl(&pos), None);
        assert_eq!(tb.rank_root_moves(&pos, true), None);
    }
    let tb = Tablebases::load("/nonexistent/syzygy").expect("no error");
    assert_eq!(tb.missing_folders(), ["/nonexistent/syzygy".to_string()]);
    assert!(tb.summary().contains("found 0 tablebases"), "{}", tb.summary());
}

#[test]
fn several_folders_are_searched() {
    let _guard = exclusive();
    let three = scratch("three");
    let four = scratch("four");
    copy_tables(&three, |name| name.len() == "KQvK.rtbw".len());
    copy_tables(&four, |name| name.len() != "KQvK.rtbw".len());
    let sep = PATH_SEPARATOR;
    let path = format!("{}{sep}{sep}/nonexistent{sep}{}{sep}", path_of(&three), path_of(&four));
    let tb = Tablebases::load(&path).expect("load");
    assert_eq!((tb.wdl_files(), tb.dtz_files()), (35, 35));
    let pos = Position::from_fen("8/8/8/8/3k4/8/1r6/KQ6 w - - 0 1", false).expect("fen");
    assert_eq!(tb.probe_wdl(&pos), Some(Wdl::Win));
    drop(tb);
    let _ = fs::remove_dir_all(&three);
    let _ = fs::remove_dir_all(&four);
}

#[test]
fn a_second_set_waits_for_the_first_to_go() {
    let _guard = exclusive();
    let first = Tablebases::load(TABLES).expect("load");
    assert_eq!(Tablebases::load(TABLES).err(), Some(TbError::InUse));
    // A path without tables holds nothing, so it is always allowed.
    assert_eq!(Tablebases::load("").expect("none").count(), 0);
    drop(first);
    assert_eq!(Tablebases::load(TABLES).expect("reload").count(), 70);
}

/// Loads a copy of the set in which `damage` has been done to `file`, and
/// expects it refused naming that file; the intact set must load after.
fn refused_when_damaged(tag: &str, file: &str, damage: impl Fn(&Path)) {
    let _guard = exclusive();
    let dir = scratch(tag);
    copy_tables(&dir, |_| true);
    damage(&dir.join(file));
    match Tablebases::load(&path_of(&dir)) {
        Err(TbError::Damaged(files)) => {
            assert!(files.iter().any(|f| f.starts_with(file)), "{tag}: {files:?}");
        }
        Err(other) => panic!("{tag}: unexpected error {other}"),
        Ok(tb) => panic!("{tag}: loaded {}", tb.summary()),
    }
    assert_eq!(Tablebases::load(TABLES).expect("intact set").count(), 70);
    let _ = fs::remove_dir_all(&dir);
}

fn truncate_to(path: &Path, len: u64) {
    fs::OpenOptions::new().write(true).open(path).expect("open").set_len(len).expect("truncate");
}

#[test]
fn truncated_files_are_refused() {
    refused_when_damaged("zero", "KQvKR.rtbw", |p| truncate_to(p, 0));
    refused_when_damaged("short", "KRvKP.rtbz", |p| truncate_to(p, 7));
    // Truncated to a length with the right remainder: only the header says so.
    refused_when_damaged("aligned", "KPvKP.rtbw", |p| {
        let len = fs::metadata(p).expect("size").len();
        truncate_to(p, len / 2 / 64 * 64 + 16);
    });
    refused_when_damaged("header-only", "KBNvK.rtbz", |p| truncate_to(p, 64 + 16));
    // Longer than the header says, though still 16 mod 64.
    refused_when_damaged("padded", "KQvKP.rtbz", |p| {
        let len = fs::metadata(p).expect("size").len();
        fs::OpenOptions::new().write(true).open(p).expect("open").set_len(len + 64).expect("extend");
    });
}

#[test]
fn files_with_a_wrong_magic_number_are_refused() {
    refused_when_damaged("magic", "KQvK.rtbw", |p| {
        let mut bytes = fs::read(p).expect("read");
        bytes[0] ^= 0xff;
        fs::write(p, bytes).expect("write");
    });
    // A WDL file under a DTZ name has the other kind's magic number.
    refused_when_damaged("swapped", "KRvK.rtbz", |p| {
        fs::copy(p.with_extension("rtbw"), p).expect("copy");
    });
}

#[test]
fn damaged_headers_are_refused() {
    // The piece list names a bishop where the table has a knight: every
    // size still adds up, only the piece codes are wrong.
    refused_when_damaged("pieces", "KRvKN.rtbw", |p| {
        let mut bytes = fs::read(p).expect("read");
        assert_eq!(bytes[7], 0xaa, "black knight in both halves");
        bytes[7] = 0xbb;
        fs::write(p, bytes).expect("write");
    });
    // An invalid piece code.
    refused_when_damaged("code", "KRvKN.rtbw", |p| {
        let mut bytes = fs::read(p).expect("read");
        bytes[6] = 0x77;
        fs::write(p, bytes).expect("write");
    });
}

/// Damage inside the compressed data cannot be told from the header (only
/// the checksum at the end of the file, which loading does not read, would
/// tell); probing such a file may answer wrongly but must stay inside it.
#[test]
fn probing_damaged_data_stays_in_bounds() {
    let _guard = exclusive();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut loaded = 0;
    for file in ["KQvKR.rtbw", "KQvKR.rtbz", "KRvKP.rtbw", "KRvKP.rtbz", "KPvKP.rtbz", "KBNvK.rtbz"] {
        let dir = scratch("payload");
        copy_tables(&dir, |_| true);
        let path = dir.join(file);
        let mut bytes = fs::read(&path).expect("read");
        let len = bytes.len();
        for _ in 0..64 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // The last quarter, before the checksum: compressed blocks.
            let at = len * 3 / 4 + (seed as usize % (len / 4 - 16));
            bytes[at] = (seed >> 32) as u8;
        }
        fs::write(&path, bytes).expect("write");
        // Damage that reaches the header is refused; otherwise probe away.
        if let Ok(tb) = Tablebases::load(&path_of(&dir)) {
            loaded += 1;
            for r in reference() {
                let pos = Position::from_fen(&r.fen, false).expect("fen");
                let _ = tb.probe_wdl(&pos);
                let _ = tb.probe_dtz(&pos);
                let _ = tb.rank_root_moves(&pos, true);
            }
        }
        let _ = fs::remove_dir_all(&dir);
    }
    assert!(loaded >= 3, "only {loaded} damaged sets loaded: the probes were not exercised");
}
