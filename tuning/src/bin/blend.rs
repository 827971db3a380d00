//! Blends two labellings of the same positions into one training file.
//!
//! Our own deep search and a stronger teacher (`rescore --engine`) disagree
//! in different ways: our scores are the fixed point the search margins were
//! tuned on, the teacher's know more. Fitting to the mean of both kept the
//! evaluation close to what the search expects and still gained (CHANGELOG,
//! "Evaluation weights refitted to half our 20,000-node score..."). This
//! writes, for every `--teacher` line whose FEN our files also label,
//! `FEN;result;round(w·ours + (1-w)·teacher)` with the teacher line's FEN
//! and result, in the teacher files' order. Where our files
//! label one FEN twice, the later line wins. Ties round to even. These rules
//! are those of the one-off join that made the data of the committed weights,
//! so `--weight 0.5` rebuilds that file byte for byte.

use clap::Parser;
use jiangjun_tuning::{blend_score, parse_line, read_data_file};
use std::collections::HashMap;
use std::io::Write;

#[derive(Parser)]
#[command(about = "Blend our search scores with a teacher's scores of the same positions")]
struct Args {
    /// Files of `FEN;result;score` lines scored by our own search.
    #[arg(long, required = true, num_args = 1..)]
    ours: Vec<String>,
    /// Files of `FEN;result;score` lines scored by the teacher (already on
    /// our scale: `rescore --scale`).
    #[arg(long, required = true, num_args = 1..)]
    teacher: Vec<String>,
    /// Weight of our score; the teacher's gets the rest.
    #[arg(long, default_value_t = 0.5)]
    weight: f64,
    /// Output file (overwritten).
    #[arg(long)]
    out: String,
}

fn main() {
    let args = Args::parse();
    if !(0.0..=1.0).contains(&args.weight) {
        eprintln!("error: --weight must be between 0 and 1");
        std::process::exit(2);
    }
    // Our labels by FEN; where our files hold one FEN twice, the later wins.
    let mut ours: HashMap<String, i32> = HashMap::new();
    let mut bad = 0usize;
    for path in &args.ours {
        for line in read_data_file(path).lines() {
            match parse_line(line) {
                Some((fen, _, Some(score))) => {
                    ours.insert(fen, score);
                }
                _ => bad += 1,
            }
        }
    }
    let mut out = String::new();
    let (mut total, mut kept) = (0usize, 0usize);
    for path in &args.teacher {
        for line in read_data_file(path).lines() {
            total += 1;
            let Some((fen, result, Some(theirs))) = parse_line(line) else {
                bad += 1;
                continue;
            };
            let Some(&mine) = ours.get(&fen) else { continue };
            // The line format `rescore` writes.
            out.push_str(&format!("{fen};{result:.1};{}\n", blend_score(mine, theirs, args.weight)));
            kept += 1;
        }
    }
    let written = std::fs::File::create(&args.out).and_then(|mut f| f.write_all(out.as_bytes()));
    if let Err(e) = written {
        eprintln!("error: cannot write {}: {e}", args.out);
        std::process::exit(2);
    }
    println!(
        "{kept} of {total} teacher lines blended ({} positions of ours, {bad} lines without a score skipped) into {}",
        ours.len(),
        args.out
    );
}
