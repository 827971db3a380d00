//! The subcommands of the `tuning` binary, one module each, each a
//! `run(args) -> Result<(), Error>`.

pub mod blend;
pub mod datagen;
pub mod rescore;
pub mod texel;
pub mod wdlfit;

use crate::error::Error;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "tuning", about = "Jiangjun's evaluation tuning: self-play data, relabelling and the fits")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    Datagen(datagen::Args),
    Rescore(rescore::Args),
    Texel(texel::Args),
    Blend(blend::Args),
    Wdlfit(wdlfit::Args),
}

impl Command {
    pub fn run(self) -> Result<(), Error> {
        match self {
            Command::Datagen(args) => datagen::run(args),
            Command::Rescore(args) => rescore::run(args),
            Command::Texel(args) => texel::run(args),
            Command::Blend(args) => blend::run(args),
            Command::Wdlfit(args) => wdlfit::run(args),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Command {
        Cli::try_parse_from(std::iter::once("tuning").chain(args.iter().copied())).map(|c| c.command).unwrap()
    }

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_subcommand_keeps_its_flags_and_defaults() {
        let Command::Datagen(a) = parse(&["datagen"]) else { panic!() };
        assert_eq!((a.out.as_str(), a.positions, a.nodes, a.threads), ("tuning/data/selfplay.txt", 1_000_000, 6000, 2));
        assert_eq!((a.book.as_str(), a.random_plies, a.skip_plies), ("../shared/data/noob_2moves.epd", 4, 8));
        assert_eq!((a.seed, a.win_adj, a.draw_adj_ply), (1, 1000, 80));

        let Command::Rescore(a) = parse(&["rescore", "in.txt", "--out", "out.txt"]) else { panic!() };
        assert_eq!(
            (a.input.as_str(), a.out.as_str(), a.nodes, a.every, a.limit, a.skip),
            ("in.txt", "out.txt", 20_000, 1, 0, 0)
        );
        assert_eq!((a.threads, a.engine, a.engine_options.len(), a.scale, a.engine_timeout), (2, None, 0, 1.0, 30.0));
        let Command::Rescore(a) = parse(&[
            "rescore",
            "i",
            "--out",
            "o",
            "--engine",
            "sf",
            "--engine-option",
            "A=1",
            "--engine-option",
            "B=2",
            "--engine-timeout",
            "5",
        ]) else {
            panic!()
        };
        assert_eq!(
            (a.engine.as_deref(), a.engine_options, a.engine_timeout),
            (Some("sf"), vec!["A=1".to_string(), "B=2".to_string()], 5.0)
        );
        assert!(Cli::try_parse_from(["tuning", "rescore", "in.txt"]).is_err(), "--out is required");

        let Command::Texel(a) = parse(&["texel", "a.txt", "b.txt", "--groups", "Pawns,Complexity", "--k", "2.83"])
        else {
            panic!()
        };
        assert_eq!(
            (a.data, a.out.as_str(), a.epochs, a.lr, a.holdout),
            (vec!["a.txt".to_string(), "b.txt".to_string()], "src/eval/weights.rs", 300, 1.0, 0.1)
        );
        assert_eq!((a.seed, a.k, a.limit, a.l2, a.holdout_block, a.report_every), (1, Some(2.83), None, 0.0, 1000, 10));
        assert_eq!((a.groups, a.zero.len(), a.lambda), (vec!["Pawns".to_string(), "Complexity".to_string()], 0, 1.0));
        assert!(Cli::try_parse_from(["tuning", "texel"]).is_err(), "texel needs data");

        let Command::Blend(a) = parse(&["blend", "--ours", "a", "b", "--teacher", "c", "--out", "o"]) else { panic!() };
        assert_eq!((a.ours.len(), a.teacher.len(), a.weight, a.out.as_str()), (2, 1, 0.5, "o"));

        let Command::Wdlfit(a) = parse(&["wdlfit", "d.txt"]) else { panic!() };
        assert_eq!((a.inputs.len(), a.holdout, a.holdout_block, a.seed, a.iterations), (1, 0.2, 1000, 1, 3000));
        assert_eq!((a.max_score, a.write), (3000, None));
    }
}
