//! Command-line interface: clap definitions, resolved options, and the commands.

mod bench;
mod check;
mod engine;
mod input;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Generate, verify and grade Sudoku puzzles: classic, n×n (4 to 25), X, killer and
/// greater-killer.
#[derive(Debug, Parser)]
#[command(name = "sudokit", version, about, long_about = None)]
pub struct Arguments {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print each puzzle's solution.
    ///
    /// Reads one or more files (or `-` for standard input) holding puzzles in any notation
    /// sudokit knows (detected from the content unless --input-format is given).
    Solve(solve::SolveOptions),
    /// Say whether each puzzle has exactly one solution; show a second one when not.
    ///
    /// Prints `unique`, `multiple` (with a second solution and the cells where the two
    /// differ) or `none` (with the reason when it is a direct clash) for every puzzle.
    ///
    /// Exit codes: 0 every puzzle unique, 1 some puzzle not unique or unsolvable,
    /// 2 bad input (unreadable file, malformed puzzle).
    Check(check::CheckOptions),
    /// Time an engine on puzzle files: puzzles per second, median and spread per puzzle.
    Bench(bench::BenchOptions),
}

/// Which engine answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// The SAT encoding solved by splr: the independent authority.
    Sat,
    /// The native backtracking solver: propagation and branching, fastest.
    Native,
    /// Both, failing loudly if they disagree.
    Both,
}

/// How a run ended, mapped to the documented exit codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything asked for held (every puzzle unique, every solution printed).
    Success,
    /// Some puzzle was not unique or had no solution.
    NotUnique,
    /// Some input could not be read or parsed.
    BadInput,
}

impl Outcome {
    /// The process exit code: 0, 1 or 2.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Success => ExitCode::SUCCESS,
            Outcome::NotUnique => ExitCode::from(1),
            Outcome::BadInput => ExitCode::from(2),
        }
    }

    /// The worse of two outcomes.
    fn worst(self, other: Outcome) -> Outcome {
        let rank = |outcome| match outcome {
            Outcome::Success => 0,
            Outcome::NotUnique => 1,
            Outcome::BadInput => 2,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

/// Runs the command the arguments name.
pub fn run(arguments: Arguments) -> anyhow::Result<Outcome> {
    match arguments.command {
        Command::Solve(options) => solve::run(&options),
        Command::Check(options) => check::run(&options),
        Command::Bench(options) => bench::run(&options),
    }
}
