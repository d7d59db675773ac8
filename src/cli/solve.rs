//! `sudokit solve`: print each puzzle's solution, and say so when there is none or several.

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use sudokit::budget::Budget;
use sudokit::model::Grid;
use sudokit::notation::{self, Format};
use sudokit::service::columns::Column;
use sudokit::service::solve::{self as service, SolveSettings, Solved};
use sudokit::Count;

use super::records::{Style, Writer};
use super::sources::{read_records, InputOptions, Record};
use super::work::{progress_bar, thread_pool, Parts};
use super::{Engine, Outcome};
use sudokit::service::records::not_unique_text;

/// How solutions are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    /// One line per puzzle read, in input order: its solution (n² characters); with --limit
    /// and several solutions, each of them on that line separated by spaces; in place of a
    /// solution the word `none` (no solution), `multiple` (several, not listed) or `error`
    /// (unreadable, or no engine answered), so line N always answers puzzle N.
    Line,
    /// n rows with box separators, a blank line between puzzles.
    Grid,
    /// n rows of comma-separated numbers, a blank line between puzzles.
    Csv,
    /// One JSON object per puzzle (the same as --json; kept for old scripts).
    #[value(hide = true)]
    Json,
}

/// Options of `sudokit solve`.
#[derive(Debug, Args)]
#[command(after_help = super::EXIT_CODES)]
pub struct SolveOptions {
    #[command(flatten)]
    pub(super) input: InputOptions,

    /// The engine that solves (`auto`: native, then SAT past a budget of branch points;
    /// `native` alone; `sat` the independent authority; `both` fails loudly if their
    /// counts disagree).
    #[arg(long, value_enum, default_value = "auto")]
    engine: Engine,

    /// The notation each solution is printed in (named as --input-format names them).
    #[arg(long, alias = "format", value_enum, default_value = "grid")]
    output_format: OutputFormat,

    /// For a puzzle with several solutions, print up to N of them (listed by the SAT
    /// engine) instead of none; the exit code is still 1.
    #[arg(long, value_name = "N", value_parser = parse_solve_limit, allow_negative_numbers = true)]
    limit: Option<u32>,

    /// One JSON object per puzzle read (JSON Lines), in input order: `source` (file:line),
    /// `status` (unique, multiple, none or error), `solution`, and for several solutions
    /// `second`, `differences` and, with --limit, `all`.
    #[arg(long, conflicts_with = "csv")]
    json: bool,

    /// CSV with a header, one row per puzzle read, in input order: the fields of --json.
    #[arg(long)]
    csv: bool,

    /// Threads to use: 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = super::parse_jobs, allow_negative_numbers = true)]
    jobs: Option<usize>,

    /// What the run may spend (the command line runs unbounded; a caller in the process
    /// may hand a flag and a deadline).
    #[arg(skip)]
    pub(super) budget: Budget,
}

/// Reads `--limit`: 1 to 100 000 solutions.
fn parse_solve_limit(text: &str) -> Result<u32, String> {
    const MOST: u32 = 100_000;
    if super::is_negative(text) {
        return Err(format!("{}: must be 1 or more", text.trim()));
    }
    match text.trim().parse::<u32>() {
        Ok(limit) if (1..=MOST).contains(&limit) => Ok(limit),
        Ok(_) => Err(format!("{}: give 1 to {MOST}", text.trim())),
        Err(_) => Err(format!("{text:?} is not a number (give 1 to {MOST})")),
    }
}

/// The columns of `solve --csv`.
const COLUMNS: &[Column] = &[
    Column::Source,
    Column::Name,
    Column::Status,
    Column::Solution,
    Column::Second,
    Column::Differences,
    Column::PublishedSolutionDiffersAt,
    Column::Reason,
];

/// Runs `solve`: the solution of every puzzle with exactly one; for the others, what is
/// wrong on standard error (and up to --limit solutions when asked).
pub fn run(options: &SolveOptions) -> anyhow::Result<Outcome> {
    let records = read_records(&options.input);
    let progress = progress_bar(records.len());
    let settings = SolveSettings {
        engine: options.engine.into(),
        limit: options.limit.map(|limit| limit as usize),
    };
    let style = if options.output_format == OutputFormat::Json {
        Style::Json
    } else {
        Style::from_flags(options.json, options.csv)
    };
    let writer = Writer::new(style, COLUMNS);
    let mut answers = Answers {
        options,
        settings: &settings,
        writer: &writer,
        style,
        // the line format keeps line N for puzzle N: a word where there is no single solution
        one_line_each: !style.is_record()
            && matches!(
                options.output_format,
                OutputFormat::Line | OutputFormat::Json
            ),
        headed: records.len() > 1,
        printed: 0,
        outcome: Outcome::Success,
    };
    let pool = thread_pool(options.jobs)?;
    // solved a part at a time and written in order after each, so a standard output that
    // cannot be written stops the run after the first part's work (64 puzzles), not the
    // whole file's
    for range in Parts::growing_to(WRITTEN_EVERY).cut(records.len()) {
        let part = &records[range];
        let solved: Vec<Option<Result<Solved, String>>> = pool.install(|| {
            part.par_iter()
                .map(|record| {
                    let answer = record
                        .entry
                        .as_ref()
                        .ok()
                        .map(|entry| service::solve(&entry.puzzle, &settings, &options.budget));
                    progress.inc(1);
                    answer
                })
                .collect()
        });
        progress.suspend(|| {
            for (record, answer) in part.iter().zip(solved) {
                answers.write(record, answer);
            }
            super::output::flush();
        });
    }
    progress.finish_and_clear();
    Ok(answers.outcome)
}

/// The most puzzles solved between two writes of their answers.
const WRITTEN_EVERY: usize = 8192;

/// What the answers of a run are written with, and what the run has written so far.
struct Answers<'run> {
    options: &'run SolveOptions,
    settings: &'run SolveSettings,
    writer: &'run Writer,
    style: Style,
    /// The line format: one line per puzzle read.
    one_line_each: bool,
    /// Whether grids are headed by their puzzle's location (the input holds several).
    headed: bool,
    /// Solutions printed so far (a blank line goes between two grids).
    printed: usize,
    outcome: Outcome,
}

impl Answers<'_> {
    /// In the line format, `word` on the line of a puzzle with no single solution shown.
    fn placeholder(&self, word: &str) {
        if self.one_line_each {
            say!("{word}");
        }
    }

    /// Writes the answer of one puzzle and adds its outcome to the run's.
    fn write(&mut self, record: &Record, answer: Option<Result<Solved, String>>) {
        let (options, settings, writer, style) =
            (self.options, self.settings, self.writer, self.style);
        let location = record.location();
        let (typed, _) = service::record(record, answer.as_ref(), settings);
        let answer = match (&record.entry, answer) {
            (Err(failure), _) => {
                complain!("error: {failure}");
                writer.write(&typed);
                self.placeholder("error");
                self.outcome = self.outcome.worst(Outcome::BadInput);
                return;
            }
            (Ok(_), Some(Ok(answer))) => answer,
            (Ok(_), Some(Err(reason))) => {
                complain!("error: {location}: engine failed: {reason}");
                writer.write(&typed);
                self.placeholder("error");
                self.outcome = self.outcome.worst(Outcome::BadInput);
                return;
            }
            (Ok(_), None) => {
                self.placeholder("error");
                return;
            }
        };
        if let Count::Unique(solution) = &answer.count {
            if let Ok(entry) = &record.entry {
                if super::judging::published_differs(record, entry, solution) {
                    self.outcome = self.outcome.worst(Outcome::NotUnique);
                }
            }
        }
        if options.engine == Engine::Both {
            // a disagreement is an error above; say that the two counts were compared
            complain!(
                "{location}: native and SAT engines agree: {}",
                answer.count.word()
            );
        }
        // with --limit, the listing counted the solutions up to it: say how many it found
        let (count, limit) = answer.counted(settings.limit);
        if let Some(text) = not_unique_text(&count, limit) {
            self.outcome = self.outcome.worst(Outcome::NotUnique);
            let hint = match (&answer.count, options.limit) {
                (Count::Multiple { .. }, None) => "; pass --limit N to print up to N of them",
                _ => "",
            };
            complain!("{location}: {text}{hint}");
        }
        if style.is_record() {
            writer.write(&typed);
            return;
        }
        let shown: Vec<&Grid> = match &answer.count {
            Count::Unique(solution) => vec![solution],
            _ => answer.listed.iter().collect(),
        };
        if self.one_line_each {
            match shown.as_slice() {
                [] => self.placeholder(answer.count.word()),
                solutions => say!(
                    "{}",
                    solutions
                        .iter()
                        .map(|solution| notation::format_grid(solution, Format::Line))
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            }
            return;
        }
        let several = shown.len() > 1;
        for (number, solution) in shown.into_iter().enumerate() {
            print_solution(
                options.output_format,
                solution,
                &location,
                several.then_some(number + 1),
                self.headed || several,
                self.printed > 0,
            );
            self.printed += 1;
        }
    }
}

/// Prints one solution in `format`; `number` counts the solutions of a puzzle with several,
/// `headed` puts a `# location` line before a grid, `after` a blank line.
fn print_solution(
    format: OutputFormat,
    solution: &Grid,
    location: &str,
    number: Option<usize>,
    headed: bool,
    after: bool,
) {
    match format {
        OutputFormat::Line | OutputFormat::Json => {
            say!("{}", notation::format_grid(solution, Format::Line))
        }
        OutputFormat::Grid | OutputFormat::Csv => {
            let format = if format == OutputFormat::Grid {
                Format::Grid
            } else {
                Format::Csv
            };
            if after {
                say!();
            }
            match (headed, number) {
                (true, Some(number)) => say!("# {location} solution {number}"),
                (true, None) => say!("# {location}"),
                (false, _) => {}
            }
            say_inline!(
                "{}",
                ensure_newline(notation::format_grid(solution, format))
            );
        }
    }
}

fn ensure_newline(mut text: String) -> String {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}
