//! The `jiangjun` binary: UCI by default, plus command-line tools.

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use jiangjun::chess::{Position, START_FEN};
use jiangjun::search::{Limits, SearchPool};
use jiangjun::tools::{analyze, bench, epd, perft};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(name = "jiangjun", version, about = "Jiangjun (将军): a UCI chess engine. With no command it speaks UCI on stdin/stdout.")]
struct Cli {
    /// Set a search parameter before running, e.g. `--param mdp_on=0`
    /// (repeatable; only in a build with `--features tune`).
    #[arg(long = "param", global = true, value_name = "NAME=VALUE")]
    params: Vec<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak UCI on stdin/stdout (the default).
    Uci,
    /// Count leaf nodes of the legal move tree.
    Perft {
        depth: u32,
        #[arg(long)]
        fen: Option<String>,
        /// Print the count under each root move.
        #[arg(long)]
        divide: bool,
        /// Split the root moves over this many threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Read the FEN as Chess960 (X-FEN or Shredder-FEN castling).
        #[arg(long)]
        chess960: bool,
    },
    /// Search a fixed set of positions; prints `N nodes M nps` last.
    Bench {
        depth: Option<u32>,
        /// Search threads (more than one: time-to-depth, node count varies).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Analyse a position and print a table per iteration.
    Analyze(AnalyzeArgs),
    /// Run an EPD test suite (bm/am, STS c0 points, bm #N mates).
    Epd(EpdArgs),
    /// Print the static evaluation of a position.
    Eval {
        #[arg(long)]
        fen: Option<String>,
        #[arg(long)]
        chess960: bool,
    },
}

#[derive(Args)]
struct LimitArgs {
    /// Search to this depth.
    #[arg(long, group = "limit")]
    depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long, group = "limit")]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, group = "limit")]
    nodes: Option<u64>,
}

impl LimitArgs {
    fn limits(&self, default: Limits) -> Limits {
        if let Some(d) = self.depth {
            Limits::depth(d.clamp(1, 127))
        } else if let Some(ms) = self.movetime {
            Limits::movetime(ms.max(1))
        } else if let Some(n) = self.nodes {
            Limits::nodes(n.max(1))
        } else {
            default
        }
    }
}

#[derive(Args)]
struct AnalyzeArgs {
    #[arg(long)]
    fen: Option<String>,
    /// Moves (UCI or SAN) played from the position before analysing.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    #[command(flatten)]
    limit: LimitArgs,
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 64)]
    hash: usize,
    #[arg(long)]
    chess960: bool,
}

#[derive(Args)]
struct EpdArgs {
    file: String,
    #[command(flatten)]
    limit: LimitArgs,
    /// Search threads per position.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 64)]
    hash: usize,
    #[arg(long)]
    chess960: bool,
    /// Stop after this many positions.
    #[arg(long)]
    limit_positions: Option<usize>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(e) = apply_params(&cli.params) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        None | Some(Command::Uci) => {
            jiangjun::uci::run();
            Ok(())
        }
        Some(Command::Perft { depth, fen, divide, threads, chess960 }) => run_perft(depth, fen, divide, threads, chess960),
        Some(Command::Bench { depth, threads, hash }) => {
            run_bench(depth.unwrap_or(bench::DEFAULT_DEPTH), threads, hash);
            Ok(())
        }
        Some(Command::Analyze(a)) => run_analyze(a),
        Some(Command::Epd(e)) => run_epd(e),
        Some(Command::Eval { fen, chess960 }) => run_eval(fen, chess960),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Applies `--param NAME=VALUE` settings; a name, value or build that cannot
/// take them is an error rather than a silently ignored setting.
fn apply_params(list: &[String]) -> Result<(), String> {
    use jiangjun::search::params;
    for p in list {
        let (name, value) = p.split_once('=').ok_or_else(|| format!("--param {p}: expected NAME=VALUE"))?;
        let (canon, _, lo, hi) = params::lookup(name).ok_or_else(|| format!("--param {p}: no search parameter called '{}'", name.trim()))?;
        let value: i32 = value.trim().parse().map_err(|_| format!("--param {p}: '{}' is not a whole number", value.trim()))?;
        if !(lo..=hi).contains(&value) {
            return Err(format!("--param {p}: {canon} takes {lo} to {hi}"));
        }
        if !params::set(canon, value) {
            return Err(format!("--param {p}: search parameters are constants in this build; build with `--features tune`"));
        }
    }
    Ok(())
}

fn load_position(fen: Option<&str>, chess960: bool) -> Result<Position, String> {
    let fen = fen.unwrap_or(START_FEN);
    Position::from_fen(fen, chess960).map_err(|e| format!("invalid FEN '{fen}': {e}"))
}

fn run_perft(depth: u32, fen: Option<String>, divide: bool, threads: usize, chess960: bool) -> Result<(), String> {
    let pos = load_position(fen.as_deref(), chess960)?;
    let report = if divide || threads > 1 { perft::divide(&pos, depth, threads.max(1)) } else { perft::count(&pos, depth) };
    if divide {
        for l in &report.lines {
            println!("{l}");
        }
        println!();
    }
    println!("Nodes searched: {}", report.nodes);
    let nps = report.nodes * 1000 / report.elapsed_ms.max(1);
    eprintln!("time {} ms, {} nodes/s", report.elapsed_ms, nps);
    Ok(())
}

fn run_bench(depth: u32, threads: usize, hash: usize) {
    let r = bench::run_with(depth.clamp(1, 64), threads.clamp(1, 1024), hash.clamp(1, 1 << 20), |i, fen, nodes, ms| {
        eprintln!("{:>2} {:>10} {:>7} ms {fen}", i + 1, nodes, ms);
    });
    eprintln!("time {} ms", r.elapsed_ms);
    println!("{} nodes {} nps", r.nodes, r.nps());
}

fn run_analyze(a: AnalyzeArgs) -> Result<(), String> {
    let mut pos = load_position(a.fen.as_deref(), a.chess960)?;
    for text in &jiangjun::chess::notation::join_ep_tokens(&a.moves) {
        let m = pos.parse_move(text).map_err(|e| format!("--moves: {e}"))?;
        pos.make_move(m);
    }
    let limits = a.limit.limits(Limits::depth(20));
    let mut pool = SearchPool::new(a.threads.clamp(1, 1024), a.hash.max(1))?;
    println!("{}", pos.to_fen());
    println!("{}", analyze::TableReporter::header());
    pool.search_blocking(&pos, limits, a.multipv.clamp(1, 256), Arc::new(analyze::TableReporter));
    Ok(())
}

fn run_epd(e: EpdArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&e.file).map_err(|err| format!("cannot read {}: {err}", e.file))?;
    let (mut records, errors) = epd::parse_suite(&text, e.chess960);
    for err in &errors {
        eprintln!("skipped {err}");
    }
    if let Some(n) = e.limit_positions {
        records.truncate(n);
    }
    if records.is_empty() {
        return Err(format!("no usable positions in {}", e.file));
    }
    let limits = e.limit.limits(Limits::movetime(1000));
    let mut pool = SearchPool::new(e.threads.clamp(1, 1024), e.hash.max(1))?;
    let bar = ProgressBar::new(records.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} solved {msg} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut outcomes = Vec::with_capacity(records.len());
    let mut solved = 0;
    for rec in &records {
        let o = epd::run_one(&mut pool, rec, &limits);
        if o.solved {
            solved += 1;
        }
        outcomes.push(o);
        bar.set_message(solved.to_string());
        bar.inc(1);
    }
    bar.finish_and_clear();

    let total = records.len();
    let mates: Vec<&epd::EpdOutcome> =
        outcomes.iter().zip(&records).filter(|(_, r)| r.mate.is_some()).map(|(o, _)| o).collect();
    if !mates.is_empty() {
        let found = mates.iter().filter(|o| o.mate_found).count();
        let shortest = mates.iter().filter(|o| o.mate_shortest).count();
        println!("mates found {found}/{} (shortest proved {shortest})", mates.len());
    }
    let max_points: u32 = outcomes.iter().map(|o| o.max_points).sum();
    if max_points > 0 {
        let points: u32 = outcomes.iter().map(|o| o.points).sum();
        println!("points {points}/{max_points}");
    }
    println!("solved {solved}/{total}");
    let missed: Vec<&str> = outcomes.iter().filter(|o| !o.solved).map(|o| o.id.as_str()).collect();
    if !missed.is_empty() {
        println!("missed: {}", missed.join(", "));
    }
    Ok(())
}

fn run_eval(fen: Option<String>, chess960: bool) -> Result<(), String> {
    let pos = load_position(fen.as_deref(), chess960)?;
    for line in jiangjun::eval::table::render(&pos) {
        println!("{line}");
    }
    Ok(())
}
