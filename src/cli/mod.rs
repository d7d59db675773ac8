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

/// A problem with one input on standard error (its record says it too).
macro_rules! complain {
    ($($argument:tt)*) => {{
        $crate::cli::output::flush();
        eprintln!($($argument)*);
    }};
}

/// A status line on standard error (a summary, what was written), left out by `--quiet`.
macro_rules! note {
    ($($argument:tt)*) => {
        if $crate::cli::output::verbosity() >= $crate::cli::output::Verbosity::Normal {
            $crate::cli::output::flush();
            eprintln!($($argument)*);
        }
    };
}

/// A detail on standard error, said only with `--verbose`.
macro_rules! detail {
    ($($argument:tt)*) => {
        if $crate::cli::output::verbosity() >= $crate::cli::output::Verbosity::Verbose {
            $crate::cli::output::flush();
            eprintln!($($argument)*);
        }
    };
}

mod bank;
mod bench;
mod book;
mod candidates;
mod check;
mod engine;
mod generate;
mod grade;
mod judging;
mod link;
mod merge;
pub(crate) mod output;
mod presets;
mod records;
mod render;
mod shell;
mod solve;
mod sources;
mod suggest;
mod table;
mod work;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Generate, verify and grade Sudoku puzzles: classic, n×n (4 to 25), X, killer and
/// greater-killer.
///
/// `Server` is `serve`'s options: the binary (`main.rs`) names them and runs the server, so
/// that the command line imports nothing of the HTTP door.
#[derive(Debug, Parser)]
#[command(name = "sudokit", version, about, long_about = None)]
pub struct Arguments<Server: Args> {
    #[command(subcommand)]
    command: Command<Server>,

    /// Errors and warnings only: no progress bar, summary or "wrote" line. Answers still go
    /// to standard output.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    quiet: bool,

    /// Say more on standard error: each file read and how many puzzles it held, the threads
    /// used, time per stage (generate) and the run's total time.
    #[arg(short, long, global = true)]
    verbose: bool,
}

#[derive(Debug, Subcommand)]
enum Command<Server: Args> {
    /// Print each puzzle's solution.
    ///
    /// Reads one or more files (or `-` for standard input) holding puzzles in any notation
    /// sudokit knows (detected from the content unless --input-format is given). A puzzle
    /// with no solution or several is named on standard error, with the cells where two
    /// solutions differ; --limit N prints up to N of them.
    Solve(solve::SolveOptions),
    /// Say whether each puzzle has exactly one solution; show a second one when not.
    ///
    /// Prints `unique`, `multiple` (with a second solution and the cells where the two
    /// differ) or `none` (with the reason when it is a direct clash) for every puzzle.
    Check(check::CheckOptions),
    /// Rate each puzzle by the human techniques it needs (HoDoKu's scale).
    ///
    /// Solves like a person, one step at a time, always with the first technique in
    /// HoDoKu's order that makes progress. The score is the sum of the techniques' base
    /// scores along the path; the level (Easy, Medium, Hard, Unfair, Extreme) is the highest
    /// level used, raised while the score exceeds that level's cap: on 9×9 HoDoKu's 800,
    /// 1000, 1600 and 1800; on 16×16 1500, 2200 and 3700 with pairs and triples Hard and
    /// forcing chains Unfair (calibrated on krazydad's books); killers and variant rules take
    /// their hardest step's level, raised at most once (`sudokit table` prints every rule).
    /// Only a puzzle with exactly one solution is rated: one with none or several is
    /// answered `none` or `multiple` (with the cells where two solutions differ).
    Grade(grade::GradeOptions),
    /// Time an engine on puzzle files: puzzles per second, median and spread per puzzle.
    Bench(bench::BenchOptions),
    /// Draw puzzles as SVG pictures or as a PDF with one page per puzzle.
    Render(render::RenderOptions),
    /// Print an f-puzzles (or SudokuPad) link for every puzzle, to play it online.
    Link(link::LinkOptions),
    /// Make a print-ready PDF book: title page, colophon, how to play, puzzles easiest first
    /// by level, solutions at the back.
    ///
    /// Writes `book.pdf` (PDF/A-2b, fonts embedded, trim size from --paper with mirrored
    /// margins, no text under 7 pt), `puzzles.jsonl` (the puzzles in book order, with
    /// their number, level, score, solution and f-puzzles link) and `puzzles.txt` (the same
    /// puzzles, named `puzzle <number>`, as lines or killer text that `check` reads back)
    /// into the output directory.
    /// Shipped book presets: book-classic, book-killer, book-x, book-mixed, book-jigsaw,
    /// book-variety, book-large-print.
    Book(book::BookOptions),
    /// Generate a batch of unique puzzles from a preset and a seed into output/<preset>/.
    ///
    /// Classic, n×n and X puzzles are dug from a full grid under the preset's symmetry;
    /// killer, killer X and greater-killer puzzles are carved into cages. Writes
    /// puzzles.jsonl (puzzle, solution, cages and comparisons for killers, level, score,
    /// technique counts, preset, seed, index) and puzzles.txt (one line each, or killer-text
    /// records for killers). Every puzzle is confirmed unique by the SAT engine, checked
    /// against its solution and graded before it is written. Exit codes: 0 every puzzle made, 1 some
    /// puzzles (not all) not made within the preset's attempts, 2 none made, or a bad preset,
    /// flags or output folder.
    Generate(generate::GenerateOptions),
    /// Join the shard folders of one batch (generate --shard, or a scheduler's shards) into the
    /// folder one machine would have written, byte for byte.
    ///
    /// Checks that every shard belongs to the same preset and seed, is complete, and that
    /// together they hold every index once, then writes batch.ron, puzzles.jsonl and
    /// puzzles.txt into --out (each through a temporary file).
    Merge(merge::MergeOptions),
    /// List the shipped presets, one line each (or print one with --show).
    Presets(presets::PresetsOptions),
    /// Print a built-in difficulty table as RON, to edit and pass back with `grade --table`.
    ///
    /// HoDoKu's scale (the default): per technique its level, base score and whether it may be
    /// used, then the order in which techniques are tried and the level caps. `--scale se` or
    /// `se121`: Sudoku Explainer's base rating of each technique.
    Table(table::TableOptions),
    /// Answer checks, ratings, solutions, pictures and puzzles over HTTP, with a page for setters.
    ///
    /// A JSON API under /v1 (check, grade, solve, render, generate) answering the same
    /// records as --json, /openapi.json, /healthz, /metrics (Prometheus), and at / a page
    /// where a setter pastes a puzzle and sees its board, uniqueness, ratings and path.
    /// Requests are bounded in body size, time and concurrency; SIGTERM or Ctrl-C stops the
    /// server once the requests in flight are answered (exit 0).
    Serve(Server),
    /// Keep rated puzzles in a SQLite bank and find them again: add, query, export, stats.
    ///
    /// `bank add` checks, rates (HoDoKu and Sudoku Explainer) and stores puzzles under their
    /// canonical form, so a puzzle sent again relabelled, turned or with rows swapped is
    /// answered with its earlier record instead of being stored twice. One file, WAL mode,
    /// safe with several processes adding at once; each run is one transaction.
    Bank(bank::BankOptions),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    ///
    /// For example `sudokit completions bash > ~/.local/share/bash-completion/completions/sudokit`.
    Completions(shell::CompletionsOptions),
    /// Print the manual page (roff), or write one page per command with --out DIR.
    ///
    /// For example `sudokit man | man -l -`, or `sudokit man --out ~/.local/share/man/man1`.
    Man(shell::ManOptions),
}

/// Which engine answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// The SAT encoding solved by splr: the independent authority.
    Sat,
    /// The native backtracking solver: propagation and branching, fastest.
    Native,
    /// Both, failing loudly if their counts (or, for a unique puzzle, their solutions)
    /// disagree.
    Both,
    /// The native engine within a budget of branch points, then, if the budget runs out,
    /// the SAT engine from the start: native speed on ordinary puzzles, clause learning on
    /// the hard large ones.
    Auto,
}

/// The exit codes of the commands that answer per puzzle (`check`, `grade`, `solve`).
pub const EXIT_CODES: &str =
    "Exit codes: 0 every puzzle has exactly one solution (and, for grade, \
was rated to the end); 1 some puzzle has several solutions or none (or, for grade, was not \
rated to the end); 2 some input could not be read (its record says why), a flag is wrong, or \
the output could not be written (the command stops at the first failed write).";

/// Whether a flag's value is a negative whole number (`-1`): answered "must be 1 or more"
/// rather than read as an unknown flag or "not a number".
pub fn is_negative(text: &str) -> bool {
    text.trim().strip_prefix('-').is_some_and(|digits| {
        !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
    })
}

/// Reads `--work-limit`: a whole number of work units, 1 or more (0 would stop every
/// puzzle before its first step).
pub fn parse_work_limit(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if is_negative(text) {
        return Err(format!(
            "{text}: a work limit is a count of work units, 1 or more (not negative)"
        ));
    }
    match text.parse::<u64>() {
        Ok(0) => Err("0: a work limit of 0 stops every puzzle before its first step (give 1 or more, or leave --work-limit out for the default)".to_string()),
        Ok(limit) => Ok(limit),
        Err(_) => Err(format!("{text:?} is not a whole number (give 1 or more)")),
    }
}

/// Reads `--seed`: a whole number from 0 to 18446744073709551615.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if is_negative(text) {
        return Err(format!(
            "{text}: a seed is a whole number from 0 to {} (not negative)",
            u64::MAX
        ));
    }
    text.parse::<u64>().map_err(|_| {
        format!(
            "{text:?} is not a seed (give a whole number from 0 to {})",
            u64::MAX
        )
    })
}

/// Reads `--jobs`: 1 to 256 threads.
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    const MOST: usize = 256;
    if is_negative(text) {
        return Err(format!("{}: must be 1 or more", text.trim()));
    }
    match text.trim().parse::<usize>() {
        Ok(0) => Err(
            "0 threads cannot do any work: give 1 or more, or leave --jobs out to use every core"
                .into(),
        ),
        Ok(jobs) if jobs > MOST => Err(format!(
            "{jobs} threads is more than the {MOST} sudokit allows (this machine has {} cores)",
            std::thread::available_parallelism().map_or(1, usize::from)
        )),
        Ok(jobs) => Ok(jobs),
        Err(_) => Err(format!(
            "{text:?} is not a number of threads (give 1 to {MOST})"
        )),
    }
}

/// How a run ended, mapped to the documented exit codes (the library's, shared with the
/// service's answers).
pub use sudokit::service::Outcome;

/// Runs the command the arguments name; `serve` runs the server with its options.
pub fn run<Server: Args>(
    arguments: Arguments<Server>,
    serve: impl FnOnce(Server) -> anyhow::Result<Outcome>,
) -> anyhow::Result<Outcome> {
    output::set_verbosity(if arguments.quiet {
        output::Verbosity::Quiet
    } else if arguments.verbose {
        output::Verbosity::Verbose
    } else {
        output::Verbosity::Normal
    });
    let started = std::time::Instant::now();
    let outcome = match arguments.command {
        Command::Solve(options) => solve::run(&options),
        Command::Check(options) => check::run(&options),
        Command::Grade(options) => grade::run(&options),
        Command::Bench(options) => bench::run(&options),
        Command::Render(options) => render::run(&options),
        Command::Link(options) => link::run(&options),
        Command::Book(options) => book::run(&options),
        Command::Generate(options) => generate::run(&options),
        Command::Presets(options) => presets::run(&options),
        Command::Table(options) => table::run(&options),
        Command::Merge(options) => merge::run(&options),
        Command::Serve(options) => serve(options),
        Command::Bank(options) => bank::run(&options),
        Command::Completions(options) => shell::completions::<Server>(&options),
        Command::Man(options) => shell::man::<Server>(&options),
    };
    detail!("done in {:.3} s", started.elapsed().as_secs_f64());
    outcome
}
