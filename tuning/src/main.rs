//! `tuning`: the evaluation tuner's one binary. See `tuning --help` and the
//! subcommands in `jiangjun_tuning::cmd`.

use clap::Parser;
use jiangjun_tuning::cmd::Cli;
use std::process::ExitCode;

fn main() -> ExitCode {
    match Cli::parse().command.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
