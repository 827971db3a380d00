//! Blends two labellings of the same positions into one training file.
//!
//! Our own deep search and a stronger teacher (`rescore --engine`) disagree
//! in different ways: our scores are the fixed point the search margins were
//! tuned on, the teacher's know more. Fitting to the mean of both kept the
//! evaluation close to what the search expects and still gained
//! (`docs/experiments/evaluation.md`, "Half our own score, half
//! Stockfish's"). This
//! writes, for every `--teacher` line whose FEN our files also label,
//! `FEN;result;round(w·ours + (1-w)·teacher)` with the teacher line's FEN
//! and result, in the teacher files' order. Where our files
//! label one FEN twice, the later line wins. Ties round to even. These rules
//! are those of the one-off join that made the data of the committed weights,
//! so `--weight 0.5` rebuilds that file byte for byte. Either file may be in
//! either form `crate::data` describes; lines without a score, or
//! malformed, are counted and skipped.

use crate::blend_score;
use crate::data::{format_line, DataFile, Record};
use crate::error::Error;
use crate::setup::write_file;
use std::collections::HashMap;

#[derive(clap::Args)]
#[command(about = "Blend our search scores with a teacher's scores of the same positions")]
pub struct Args {
    /// Files of `FEN;result;score` lines scored by our own search.
    #[arg(long, required = true, num_args = 1..)]
    pub ours: Vec<String>,
    /// Files of `FEN;result;score` lines scored by the teacher (already on
    /// our scale: `rescore --scale`).
    #[arg(long, required = true, num_args = 1..)]
    pub teacher: Vec<String>,
    /// Weight of our score; the teacher's gets the rest.
    #[arg(long, default_value_t = 0.5)]
    pub weight: f64,
    /// Output file (overwritten).
    #[arg(long)]
    pub out: String,
}

pub fn run(args: Args) -> Result<(), Error> {
    if !(0.0..=1.0).contains(&args.weight) {
        return Err(Error::Usage("--weight must be between 0 and 1".to_string()));
    }
    // Our labels by FEN; where our files hold one FEN twice, the later wins.
    let mut ours: HashMap<String, i32> = HashMap::new();
    let mut bad = 0usize;
    for path in &args.ours {
        for record in DataFile::read(path)?.records() {
            match record {
                Ok(Record { fen, score: Some(score), .. }) => {
                    ours.insert(fen.to_string(), score);
                }
                _ => bad += 1,
            }
        }
    }
    let mut out = String::new();
    let (mut total, mut kept) = (0usize, 0usize);
    for path in &args.teacher {
        for record in DataFile::read(path)?.records() {
            total += 1;
            let Ok(Record { fen, result, score: Some(theirs) }) = record else {
                bad += 1;
                continue;
            };
            let Some(&mine) = ours.get(fen) else { continue };
            // The line format `rescore` writes.
            out.push_str(&format_line(fen, result, blend_score(mine, theirs, args.weight)));
            kept += 1;
        }
    }
    write_file(&args.out, &out)?;
    println!(
        "{kept} of {total} teacher lines blended ({} positions of ours, {bad} lines without a score skipped) into {}",
        ours.len(),
        args.out
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both forms blend alike: ours in the own form, the teacher's in the
    /// common one; the later of two labels of one FEN wins, teacher lines
    /// without a label of ours are left out, and the output keeps the
    /// teacher's order in the own form.
    #[test]
    fn blends_in_the_teacher_order_from_either_form() {
        let dir = std::env::temp_dir();
        let name =
            |s: &str| dir.join(format!("jiangjun-blend-{s}-{}.txt", std::process::id())).to_string_lossy().into_owned();
        let (ours, teacher, out) = (name("ours"), name("teacher"), name("out"));
        let a = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let b = "4k3/8/8/8/8/8/3P4/4K3 b - - 0 1";
        let c = "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1";
        std::fs::write(&ours, format!("{a};1.0;100\n{b};0.5;10\n{a};1.0;200\n{c};0.5\nbroken\n")).unwrap();
        std::fs::write(&teacher, format!("{b} | 21 | 1/2-1/2\n{c} | 5 | 0.5\n{a} | 301 | 1-0\n")).unwrap();
        let args = Args { ours: vec![ours.clone()], teacher: vec![teacher.clone()], weight: 0.5, out: out.clone() };
        run(args).unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), format!("{b};0.5;16\n{a};1.0;250\n"));
        for f in [ours, teacher, out] {
            let _ = std::fs::remove_file(f);
        }
    }
}
