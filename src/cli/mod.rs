//! Command-line interface: clap definitions, resolved options, and the commands.

/// `println!` to standard output, ending quietly when the reader has gone.
macro_rules! say {
    () => {
        $crate::cli::output::emit(format_args!(""), true)
    };
    ($($argument:tt)*) => {
        $crate::cli::output::emit(format_args!($($argument)*), true)
    };
}

/// `print!` to standard output, ending quietly when the reader has gone.
macro_rules! say_inline {
    ($($argument:tt)*) => {
        $crate::cli::output::emit(format_args!($($argument)*), false)
    };
}

mod bench;
mod check;
mod engine;
mod grade;
mod grade_se;
mod input;
mod output;
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
    /// Rate each puzzle by the human techniques it needs (HoDoKu's scale).
    ///
    /// Solves like a person, one step at a time, always with the first technique in
    /// HoDoKu's order that makes progress. The score is the sum of the techniques' base
    /// scores along the path; the level (Easy, Medium, Hard, Unfair, Extreme) is the highest
    /// level used, raised while the score exceeds that level's cap (800, 1000, 1600, 1800).
    /// Exit codes: 0 every puzzle solved by the path, 1 some not, 2 bad input.
    Grade(grade::GradeOptions),
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
        Command::Grade(options) => grade::run(&options),
        Command::Bench(options) => bench::run(&options),
    }
}
