//! Setup the subcommands share: output files, progress bars, worker
//! threads, our own search, the held-out split.

use crate::error::Error;
use indicatif::{ProgressBar, ProgressStyle};
use jiangjun::search::SearchPool;
use std::fs::{File, OpenOptions};
use std::io::Write;

/// A progress bar of `len` steps drawn with `template` (indicatif's
/// template language), or a plain bar if the template does not parse.
pub fn progress_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar
}

/// Creates (or truncates) `path` for writing.
pub fn create(path: &str) -> Result<File, Error> {
    File::create(path).map_err(|e| Error::io(path, "open", e))
}

/// Opens `path` to append to it; with `create`, a missing file is created
/// (and so is its directory).
pub fn append(path: &str, create: bool) -> Result<File, Error> {
    if create {
        if let Some(dir) = std::path::Path::new(path).parent() {
            // Any failure shows when the file is opened.
            let _ = std::fs::create_dir_all(dir);
        }
    }
    OpenOptions::new().create(create).append(true).open(path).map_err(|e| Error::io(path, "open", e))
}

/// Writes `text` to `file` (named `path` in the error).
pub fn write_all(file: &mut File, path: &str, text: &str) -> Result<(), Error> {
    file.write_all(text.as_bytes()).and_then(|_| file.flush()).map_err(|e| Error::io(path, "write", e))
}

/// Writes the whole of `path`.
pub fn write_file(path: &str, text: &str) -> Result<(), Error> {
    std::fs::write(path, text).map_err(|e| Error::io(path, "write", e))
}

/// Reads the whole of `path`.
pub fn read_file(path: &str) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|e| Error::io(path, "read", e))
}

/// One search thread of our own engine with `hash_mb` of hash, as datagen
/// and rescore give each of their workers.
pub fn own_search(hash_mb: usize) -> Result<SearchPool, Error> {
    SearchPool::new(1, hash_mb).map_err(|e| Error::Engine(format!("cannot start our own search: {e}")))
}

/// Runs `work` on every item, each on a thread of its own, and returns the
/// results in the items' order, or the first item's error (by order). A
/// worker that panics takes the caller down with it.
pub fn on_threads<I: Send, T: Send>(
    items: impl IntoIterator<Item = I>,
    work: impl Fn(I) -> Result<T, Error> + Sync,
) -> Result<Vec<T>, Error> {
    let work = &work;
    std::thread::scope(|s| {
        let handles: Vec<_> = items.into_iter().map(|item| s.spawn(move || work(item))).collect();
        let results: Vec<Result<T, Error>> =
            handles.into_iter().map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect();
        results.into_iter().collect()
    })
}

/// Whether the line (or sample) at `index` falls in the held-out share: a
/// seeded hash of its block of `block_len` consecutive indices decides, so
/// one game's positions stay on one side of the split and a run is
/// repeatable. `texel` and `wdlfit` split their data this way.
pub fn held_out(index: usize, block_len: usize, seed: u64, share: f64) -> bool {
    let block = (index / block_len.max(1)) as u64;
    let h = (block ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
    (h as f64 / (1u64 << 24) as f64) < share
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_results_keep_their_order_and_the_first_error_wins() {
        let squares = on_threads(0..8u64, |i| Ok(i * i)).unwrap();
        assert_eq!(squares, [0, 1, 4, 9, 16, 25, 36, 49]);
        let failed = on_threads(0..8, |i| if i % 3 == 2 { Err(Error::Usage(format!("item {i}"))) } else { Ok(i) });
        assert_eq!(failed.unwrap_err().to_string(), "item 2");
    }

    #[test]
    fn the_held_out_share_takes_whole_blocks() {
        let picked: Vec<bool> = (0..100_000).map(|i| held_out(i, 100, 1, 0.2)).collect();
        for block in picked.chunks(100) {
            assert!(block.iter().all(|&b| b == block[0]), "a block split in two");
        }
        let share = picked.iter().filter(|&&b| b).count() as f64 / picked.len() as f64;
        assert!((share - 0.2).abs() < 0.05, "held out {share}");
        assert!(!(0..1000).any(|i| held_out(i, 10, 1, 0.0)));
    }
}
