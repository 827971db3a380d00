//! The `jiangjun` binary: UCI by default, plus command-line tools.

use clap::{Args, CommandFactory, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use jiangjun::chess::{Position, START_FEN};
use jiangjun::search::{Limits, SearchPool, MAX_PLY};
use jiangjun::tools::{analyze, bench, epd, genfens, perft};
use jiangjun::uci::options::{HASH_MAX_MB, MULTIPV_MAX, THREADS_MAX};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

const MAX_DEPTH: u64 = MAX_PLY as u64 - 1;
const MAX_PERFT_DEPTH: u64 = 30;
const MAX_MOVETIME_MS: u64 = 1_000_000_000;
/// Analysis without a limit stops at this depth.
const ANALYZE_DEPTH: u32 = 20;
/// Nodes per position for `annotate` without a limit.
const ANNOTATE_NODES: u64 = 1_000_000;
/// Plies of the better line `annotate` gives as a variation.
const ANNOTATE_LINE_PLIES: usize = 8;
/// An EPD position without a limit gets this many milliseconds.
const EPD_MOVETIME_MS: u64 = 1000;

#[derive(Parser)]
#[command(
    name = "jiangjun",
    version,
    about = "Jiangjun (将军): a UCI chess engine. With no command it speaks UCI on stdin/stdout.",
    after_help = "Arguments that are UCI-style commands rather than the commands above, each one \
                  argument, are run in order and the program exits, as OpenBench does with \
                  `jiangjun \"genfens 10 seed 1 book None\" quit`."
)]
struct Cli {
    /// Set a search parameter before running, e.g. `--param nmp_depth=3`
    /// (repeatable; only in a build with `--features tune`).
    #[arg(long = "param", global = true, value_name = "NAME=VALUE")]
    params: Vec<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// A parser for whole numbers from `lo` to `hi` whose error states the range
/// (a negative number included, which clap would otherwise take for a flag).
fn in_range<T: TryFrom<u64>>(lo: u64, hi: u64) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        let range = format!("expected a whole number from {lo} to {hi}");
        let v: i128 = text.trim().parse().map_err(|_| range.clone())?;
        if v < lo as i128 || v > hi as i128 {
            return Err(range);
        }
        T::try_from(v as u64).map_err(|_| range)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Speak UCI on stdin/stdout (the default).
    Uci,
    /// Count leaf nodes of the legal move tree.
    Perft {
        /// Plies to count, 0-30.
        #[arg(value_parser = in_range::<u32>(0, MAX_PERFT_DEPTH), allow_negative_numbers = true)]
        depth: u32,
        /// Position to count from (default: the initial position).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count under each root move.
        #[arg(long)]
        divide: bool,
        /// Split the root moves over this many threads, 1-1024.
        #[arg(long, default_value_t = 1, value_parser = in_range::<usize>(1, THREADS_MAX as u64), allow_negative_numbers = true)]
        threads: usize,
        /// Read the FEN as Chess960 (X-FEN or Shredder-FEN castling).
        #[arg(long)]
        chess960: bool,
    },
    /// Search a fixed set of positions; prints `N nodes M nps` last.
    Bench {
        /// Depth of each search, 1-64 [default: 11, the signature's depth].
        #[arg(value_parser = in_range::<u32>(1, 64), allow_negative_numbers = true)]
        depth: Option<u32>,
        /// Search threads, 1-1024 (more than one: node count varies).
        #[arg(long, default_value_t = 1, value_parser = in_range::<usize>(1, THREADS_MAX as u64), allow_negative_numbers = true)]
        threads: usize,
        /// Hash table in MB, 1-1048576 (the signature needs the default).
        #[arg(long, default_value_t = 16, value_name = "MB", value_parser = in_range::<usize>(1, HASH_MAX_MB as u64), allow_negative_numbers = true)]
        hash: usize,
    },
    /// Analyse a position and print a table per iteration.
    Analyze(AnalyzeArgs),
    /// Run an EPD test suite (bm/am, STS c0 points, bm #N mates).
    Epd(EpdArgs),
    /// Annotate the games of a PGN file: scores, marks, better lines, motifs.
    Annotate(AnnotateArgs),
    /// Print the static evaluation of a position.
    Eval {
        /// Position to evaluate (default: the initial position).
        #[arg(long)]
        fen: Option<String>,
        /// Read the FEN as Chess960 (X-FEN or Shredder-FEN castling).
        #[arg(long)]
        chess960: bool,
        /// Syzygy tablebase folders (':'-separated; ';' on Windows): also
        /// print the tables' verdict.
        #[arg(long, value_name = "PATH")]
        syzygy: Option<String>,
    },
}

/// The search limit given, if any (clap allows at most one), else `default`.
fn pick_limits(depth: Option<u32>, movetime: Option<u64>, nodes: Option<u64>, default: Limits) -> Limits {
    match (depth, movetime, nodes) {
        (Some(d), _, _) => Limits::depth(d),
        (_, Some(ms), _) => Limits::movetime(ms),
        (_, _, Some(n)) => Limits::nodes(n),
        _ => default,
    }
}

#[derive(Args)]
struct AnalyzeArgs {
    /// Position to analyse (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves (UCI or SAN) played from the position before analysing.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Search to this depth, 1-127 [default without another limit: 20].
    #[arg(long, group = "limit", value_parser = in_range::<u32>(1, MAX_DEPTH), allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Search this many milliseconds, 1-1000000000 [default: none].
    #[arg(long, group = "limit", value_name = "MS", value_parser = in_range::<u64>(1, MAX_MOVETIME_MS), allow_negative_numbers = true)]
    movetime: Option<u64>,
    /// Search this many nodes, at least 1 [default: none].
    #[arg(long, group = "limit", value_parser = in_range::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// Best lines shown per iteration, 1-256.
    #[arg(long, default_value_t = 1, value_parser = in_range::<usize>(1, MULTIPV_MAX as u64), allow_negative_numbers = true)]
    multipv: usize,
    /// Search threads, 1-1024.
    #[arg(long, default_value_t = 1, value_parser = in_range::<usize>(1, THREADS_MAX as u64), allow_negative_numbers = true)]
    threads: usize,
    /// Hash table in MB, 1-1048576.
    #[arg(long, default_value_t = 64, value_name = "MB", value_parser = in_range::<usize>(1, HASH_MAX_MB as u64), allow_negative_numbers = true)]
    hash: usize,
    /// Show scores from White's view (default: the side to move's).
    #[arg(long)]
    white_pov: bool,
    /// Read the FEN as Chess960 (X-FEN or Shredder-FEN castling).
    #[arg(long)]
    chess960: bool,
    /// Syzygy tablebase folders (':'-separated; ';' on Windows).
    #[arg(long, value_name = "PATH")]
    syzygy: Option<String>,
}

#[derive(Args)]
struct AnnotateArgs {
    /// PGN file of one or more games.
    games: String,
    /// Write the annotated games here [default: standard output].
    #[arg(short, long, value_name = "OUT.pgn")]
    output: Option<String>,
    /// Nodes per position, at least 1 [default without another limit: 1000000].
    #[arg(long, group = "limit", value_parser = in_range::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// Milliseconds per position, 1-1000000000 (the output then varies from run to run).
    #[arg(long, group = "limit", value_name = "MS", value_parser = in_range::<u64>(1, MAX_MOVETIME_MS), allow_negative_numbers = true)]
    movetime: Option<u64>,
    /// Depth per position, 1-127.
    #[arg(long, group = "limit", value_parser = in_range::<u32>(1, MAX_DEPTH), allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Games annotated at the same time (one search thread each), 1-1024.
    #[arg(long, default_value_t = 1, value_parser = in_range::<usize>(1, THREADS_MAX as u64), allow_negative_numbers = true)]
    threads: usize,
    /// Hash table per game in MB, 1-1048576.
    #[arg(long, default_value_t = 64, value_name = "MB", value_parser = in_range::<usize>(1, HASH_MAX_MB as u64), allow_negative_numbers = true)]
    hash: usize,
    /// Syzygy tablebase folders (':'-separated; ';' on Windows).
    #[arg(long, value_name = "PATH")]
    syzygy: Option<String>,
    /// Whose moves are judged.
    #[arg(long, value_enum, default_value_t = SideArg::Both)]
    side: SideArg,
    /// Before a move is marked, search its two positions again with this
    /// many times the nodes or time (depth: that many times the cost), 1-64;
    /// 1 marks on the first search alone.
    #[arg(long, default_value_t = 4, value_parser = in_range::<u64>(1, 64), allow_negative_numbers = true)]
    recheck: u64,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum SideArg {
    White,
    Black,
    Both,
}

#[derive(Args)]
struct EpdArgs {
    /// EPD file: a position a line with bm, am, bm #N or c0.
    file: String,
    /// Search each position to this depth, 1-127 [default: none].
    #[arg(long, group = "limit", value_parser = in_range::<u32>(1, MAX_DEPTH), allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Milliseconds per position, 1-1000000000 [default without another limit: 1000].
    #[arg(long, group = "limit", value_name = "MS", value_parser = in_range::<u64>(1, MAX_MOVETIME_MS), allow_negative_numbers = true)]
    movetime: Option<u64>,
    /// Nodes per position, at least 1 [default: none].
    #[arg(long, group = "limit", value_parser = in_range::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// Search threads per position, 1-1024.
    #[arg(long, default_value_t = 1, value_parser = in_range::<usize>(1, THREADS_MAX as u64), allow_negative_numbers = true)]
    threads: usize,
    /// Hash table in MB, 1-1048576, cleared for each position.
    #[arg(long, default_value_t = 64, value_name = "MB", value_parser = in_range::<usize>(1, HASH_MAX_MB as u64), allow_negative_numbers = true)]
    hash: usize,
    /// Read the FENs as Chess960 (X-FEN or Shredder-FEN castling).
    #[arg(long)]
    chess960: bool,
    /// Stop after this many positions, at least 1 [default: all].
    #[arg(long, value_name = "N", value_parser = in_range::<usize>(1, usize::MAX as u64), allow_negative_numbers = true)]
    limit_positions: Option<usize>,
    /// Syzygy tablebase folders (':'-separated; ';' on Windows).
    #[arg(long, value_name = "PATH")]
    syzygy: Option<String>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if is_command_list(&args) {
        return run_commands(&args);
    }
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
        Some(Command::Perft { depth, fen, divide, threads, chess960 }) => {
            run_perft(depth, fen, divide, threads, chess960)
        }
        Some(Command::Bench { depth, threads, hash }) => {
            run_bench(depth.unwrap_or(bench::DEFAULT_DEPTH), threads, hash)
        }
        Some(Command::Analyze(a)) => run_analyze(a),
        Some(Command::Annotate(a)) => match run_annotate(a) {
            Ok(code) => return code,
            Err(e) => Err(e),
        },
        Some(Command::Epd(e)) => run_epd(e),
        Some(Command::Eval { fen, chess960, syzygy }) => run_eval(fen, chess960, syzygy),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// First words that make the arguments a list of UCI-style commands (one
/// argument each) rather than a subcommand with its options.
const COMMAND_WORDS: &[&str] = &["genfens", "quit", "isready", "setoption", "ucinewgame", "position", "debug"];

/// OpenBench runs `jiangjun "genfens 10 seed 1 book None" quit`. Such an
/// argument list starts with a command word or with an argument holding
/// spaces; anything that names a subcommand or starts with `-` is clap's.
fn is_command_list(args: &[String]) -> bool {
    let Some(first) = args.first() else { return false };
    let word = first.split_whitespace().next().unwrap_or("");
    if first.starts_with('-') || word.is_empty() || (word == first && Cli::command().find_subcommand(word).is_some()) {
        return false;
    }
    COMMAND_WORDS.contains(&word) || first.contains(char::is_whitespace)
}

/// Runs each argument as a command, in order, until `quit` or the last
/// one. `genfens` is handled here; other commands go to the UCI controller,
/// except `go`: nothing could stop a search started from the command line.
fn run_commands(args: &[String]) -> ExitCode {
    let mut controller: Option<jiangjun::uci::Controller> = None;
    for arg in args {
        let word = arg.split_whitespace().next().unwrap_or("");
        match word {
            "quit" => break,
            "genfens" => match genfens::run(arg) {
                Ok(lines) => print_lines(&lines),
                Err(e) => {
                    eprintln!("error: {arg}: {e}");
                    return ExitCode::from(2);
                }
            },
            "go" => {
                eprintln!(
                    "error: '{arg}': searches are not run from command-line arguments; use the UCI loop (no arguments)"
                );
                return ExitCode::from(2);
            }
            _ => {
                if !controller.get_or_insert_with(jiangjun::uci::Controller::new).handle_line(arg, Instant::now()) {
                    break;
                }
            }
        }
    }
    ExitCode::SUCCESS
}

fn print_lines(lines: &[String]) {
    let mut out = std::io::stdout().lock();
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let _ = out.flush();
}

/// Applies `--param NAME=VALUE` settings; a name, value or build that cannot
/// take them is an error rather than a silently ignored setting.
fn apply_params(list: &[String]) -> Result<(), String> {
    use jiangjun::search::params;
    for p in list {
        let (name, value) = p.split_once('=').ok_or_else(|| format!("--param {p}: expected NAME=VALUE"))?;
        let (canon, _, lo, hi) =
            params::lookup(name).ok_or_else(|| format!("--param {p}: no search parameter called '{}'", name.trim()))?;
        let value: i32 =
            value.trim().parse().map_err(|_| format!("--param {p}: '{}' is not a whole number", value.trim()))?;
        if !(lo..=hi).contains(&value) {
            return Err(format!("--param {p}: {canon} takes {lo} to {hi}"));
        }
        if !params::set(canon, value) {
            return Err(format!(
                "--param {p}: search parameters are constants in this build; build with `--features tune`"
            ));
        }
    }
    Ok(())
}

fn load_position(fen: Option<&str>, chess960: bool) -> Result<Position, String> {
    let fen = fen.unwrap_or(START_FEN);
    Position::from_fen(fen, chess960).map_err(|e| format!("invalid FEN '{fen}': {e}"))
}

/// `time N ms`, with the speed only when the time is long enough to measure.
fn timing_line(nodes: u64, ms: u64) -> String {
    match analyze::speed(nodes, ms) {
        Some(nps) => format!("time {ms} ms, {nps} nodes/s"),
        None => format!("time {ms} ms"),
    }
}

fn run_perft(depth: u32, fen: Option<String>, divide: bool, threads: usize, chess960: bool) -> Result<(), String> {
    let pos = load_position(fen.as_deref(), chess960)?;
    let report = if divide || threads > 1 { perft::divide(&pos, depth, threads) } else { perft::count(&pos, depth) };
    if divide {
        for l in &report.lines {
            println!("{l}");
        }
        println!();
    }
    println!("Nodes searched: {}", report.nodes);
    eprintln!("{}", timing_line(report.nodes, report.elapsed_ms));
    Ok(())
}

fn run_bench(depth: u32, threads: usize, hash: usize) -> Result<(), String> {
    let r = bench::run_with(depth, threads, hash, |i, fen, nodes, ms| {
        eprintln!("{:>2} {:>10} {:>7} ms {fen}", i + 1, nodes, ms);
    })?;
    eprintln!("time {} ms", r.elapsed_ms);
    // OpenBench reads this line: always `N nodes M nps`.
    println!("{} nodes {} nps", r.nodes, r.nps());
    Ok(())
}

fn run_analyze(a: AnalyzeArgs) -> Result<(), String> {
    let mut pos = load_position(a.fen.as_deref(), a.chess960)?;
    for text in &jiangjun::chess::notation::join_ep_tokens(&a.moves) {
        let m = pos.parse_move(text).map_err(|e| format!("--moves: {e}"))?;
        pos.make_move(m);
    }
    let limits = pick_limits(a.depth, a.movetime, a.nodes, Limits::depth(ANALYZE_DEPTH));
    let mut pool = SearchPool::new(a.threads, a.hash)?;
    let reporter = Arc::new(analyze::TableReporter::new(a.white_pov));
    println!("{}", pos.to_fen());
    if let Some(path) = &a.syzygy {
        let tables = pool.set_tablebases(path).map_err(|e| format!("--syzygy: {e}"))?;
        println!("{}", tables.summary());
        if let Some(verdict) = tables.verdict(&pos) {
            println!("tablebase: {verdict} for the side to move");
        }
    }
    println!("{}", reporter.header(&pos));
    pool.search_blocking(&pos, limits, a.multipv, reporter);
    Ok(())
}

/// Annotates a PGN file. Exit status 0 when every game was annotated, 1
/// when some could not be (each is reported; the others are written).
fn run_annotate(a: AnnotateArgs) -> Result<ExitCode, String> {
    use jiangjun::tools::annotate::{batch, review};
    let bytes = std::fs::read(&a.games).map_err(|e| format!("cannot read {}: {e}", a.games))?;
    let text = String::from_utf8_lossy(&bytes);
    let games = jiangjun::chess::pgn::read_games(&text);
    if games.is_empty() {
        return Err(format!("no games in {}", a.games));
    }
    let limits = pick_limits(a.depth, a.movetime, a.nodes, Limits::nodes(ANNOTATE_NODES));
    let limit_text = match (a.depth, a.movetime) {
        (Some(d), _) => format!("depth {d}"),
        (_, Some(ms)) => format!("{ms} ms"),
        _ => format!("{} nodes", a.nodes.unwrap_or(ANNOTATE_NODES)),
    };
    let sides = match a.side {
        SideArg::White => review::Sides::White,
        SideArg::Black => review::Sides::Black,
        SideArg::Both => review::Sides::Both,
    };
    let settings = review::ReviewSettings {
        limits,
        hash_mb: a.hash,
        syzygy: a.syzygy.clone(),
        sides,
        line_plies: ANNOTATE_LINE_PLIES,
        recheck: a.recheck,
    };
    // Fail early on a table that cannot be allocated or tables that cannot
    // be read, rather than once per game.
    let mut probe = SearchPool::new(1, a.hash)?;
    if let Some(path) = &a.syzygy {
        probe.set_tablebases(path).map_err(|e| format!("--syzygy: {e}"))?;
    }
    drop(probe);

    let bar = ProgressBar::new(batch::positions_to_search(&games));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let header = format!("Jiangjun {}, {limit_text} a position.", env!("CARGO_PKG_VERSION"));
    let started = Instant::now();
    let progress = |p: review::Progress| match p {
        review::Progress::Searched => bar.inc(1),
        review::Progress::Queued(n) => bar.inc_length(n),
    };
    let outcomes = batch::annotate_games(games, &settings, a.threads, &header, &progress)?;
    bar.finish_and_clear();

    let mut pgn = String::new();
    let mut failed = 0;
    // The summary goes where it does not mix with the games.
    let report = |line: &str| if a.output.is_some() { println!("{line}") } else { eprintln!("{line}") };
    for (i, outcome) in outcomes.iter().enumerate() {
        match outcome {
            batch::GameOutcome::Annotated { game, summary } => {
                pgn.push_str(&jiangjun::chess::pgn::write_game(game));
                let players = format!("{} - {}", game.tag("White").unwrap_or("?"), game.tag("Black").unwrap_or("?"));
                report(&format!("game {}: {players} {}", i + 1, game.result));
                for s in summary {
                    report(&format!("  {}", s.describe()));
                }
            }
            batch::GameOutcome::Failed(e) => {
                failed += 1;
                report(&format!("not annotated: {e}"));
            }
        }
    }
    match &a.output {
        Some(path) => std::fs::write(path, &pgn).map_err(|e| format!("cannot write {path}: {e}"))?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(pgn.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| format!("cannot write the games: {e}"))?;
        }
    }
    report(&format!(
        "annotated {} of {} games in {:.1} s",
        outcomes.len() - failed,
        outcomes.len(),
        started.elapsed().as_secs_f64()
    ));
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn run_epd(e: EpdArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&e.file).map_err(|err| format!("cannot read {}: {err}", e.file))?;
    let (records, errors) = epd::parse_suite(&text, e.chess960);
    for err in &errors {
        eprintln!("skipped {err}");
    }
    // Records without bm/am give nothing to solve: neither solved nor missed.
    let read = records.len();
    let mut records: Vec<_> = records.into_iter().filter(|r| r.has_key()).collect();
    if records.len() < read {
        println!("skipped {} of {read} positions (no bm or am)", read - records.len());
    }
    if let Some(n) = e.limit_positions {
        records.truncate(n);
    }
    if records.is_empty() {
        return Err(format!("no usable positions in {}", e.file));
    }
    let limits = pick_limits(e.depth, e.movetime, e.nodes, Limits::movetime(EPD_MOVETIME_MS));
    let mut pool = SearchPool::new(e.threads, e.hash)?;
    if let Some(path) = &e.syzygy {
        let tables = pool.set_tablebases(path).map_err(|err| format!("--syzygy: {err}"))?;
        eprintln!("{}", tables.summary());
    }
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

fn run_eval(fen: Option<String>, chess960: bool, syzygy: Option<String>) -> Result<(), String> {
    let pos = load_position(fen.as_deref(), chess960)?;
    for line in jiangjun::eval::table::render(&pos) {
        println!("{line}");
    }
    if let Some(path) = syzygy {
        let tables = jiangjun::tablebase::Tablebases::load(&path).map_err(|e| format!("--syzygy: {e}"))?;
        match tables.verdict(&pos) {
            Some(verdict) => println!("tablebase: {verdict} for the side to move"),
            None => println!("tablebase: not in the tables ({})", tables.summary()),
        }
    }
    Ok(())
}
