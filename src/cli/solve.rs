//! `sudokit solve`: print each puzzle's solution.

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde_json::json;
use sudokit::notation::{self, Format};
use sudokit::Count;

use super::check::{progress_bar, thread_pool};
use super::input::{read_records, InputOptions};
use super::{engine, Engine, Outcome};

/// How solutions are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    /// One line of n² characters per solution.
    Line,
    /// n rows with box separators, a blank line between puzzles.
    Grid,
    /// n rows of comma-separated numbers, a blank line between puzzles.
    Csv,
    /// One JSON object per puzzle.
    Json,
}

/// Options of `sudokit solve`.
#[derive(Debug, Args)]
pub struct SolveOptions {
    #[command(flatten)]
    input: InputOptions,

    /// The engine that solves (`native` is the fastest; `sat` the independent authority).
    #[arg(long, value_enum, default_value = "native")]
    engine: Engine,

    /// How to print each solution.
    #[arg(long, value_enum, default_value = "grid")]
    format: OutputFormat,

    /// Threads to use (default: all cores).
    #[arg(long, value_name = "J")]
    jobs: Option<usize>,
}

/// Runs `solve`: one solution per puzzle, `none` where there is none.
pub fn run(options: &SolveOptions) -> anyhow::Result<Outcome> {
    let records = read_records(&options.input);
    let progress = progress_bar(records.len());
    let answers: Vec<Option<Result<Count, String>>> = thread_pool(options.jobs)?.install(|| {
        records
            .par_iter()
            .map(|record| {
                let answer = record
                    .entry
                    .as_ref()
                    .ok()
                    .map(|entry| engine::count(options.engine, &entry.puzzle, 1));
                progress.inc(1);
                answer
            })
            .collect()
    });
    progress.finish_and_clear();
    let mut outcome = Outcome::Success;
    for (index, (record, answer)) in records.iter().zip(answers).enumerate() {
        let location = record.location();
        let count = match (&record.entry, answer) {
            (Err(reason), _) => {
                eprintln!("error: {reason}");
                outcome = outcome.worst(Outcome::BadInput);
                continue;
            }
            (Ok(_), Some(Ok(count))) => count,
            (Ok(_), Some(Err(reason))) => {
                eprintln!("error: {location}: engine failed: {reason}");
                outcome = outcome.worst(Outcome::BadInput);
                continue;
            }
            (Ok(_), None) => continue,
        };
        let Some(solution) = count.solution() else {
            let reason = match &count {
                Count::None {
                    reason: Some(reason),
                } => format!(": {reason}"),
                _ => String::new(),
            };
            eprintln!("{location}: no solution{reason}");
            if options.format == OutputFormat::Json {
                say!("{}", json!({"source": location, "solution": null}));
            }
            outcome = outcome.worst(Outcome::NotUnique);
            continue;
        };
        match options.format {
            OutputFormat::Line => say!("{}", notation::format_grid(solution, Format::Line)),
            OutputFormat::Grid | OutputFormat::Csv => {
                let format = if options.format == OutputFormat::Grid {
                    Format::Grid
                } else {
                    Format::Csv
                };
                if index > 0 {
                    say!();
                }
                if records.len() > 1 {
                    say!("# {location}");
                }
                say_inline!(
                    "{}",
                    ensure_newline(notation::format_grid(solution, format))
                );
            }
            OutputFormat::Json => say!(
                "{}",
                json!({
                    "source": location,
                    "solution": notation::format_grid(solution, Format::Line),
                })
            ),
        }
    }
    Ok(outcome)
}

fn ensure_newline(mut text: String) -> String {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}
