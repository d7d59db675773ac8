//! `sudokit check`: how many solutions each puzzle has, with a second solution when not one.

use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;
use sudokit::model::Grid;
use sudokit::notation::{self, Entry, Format};
use sudokit::Count;

use super::input::{read_records, InputOptions, Record};
use super::{engine, suggest, Engine, Outcome};

/// Options of `sudokit check`.
#[derive(Debug, Args)]
pub struct CheckOptions {
    #[command(flatten)]
    input: InputOptions,

    /// The engine that answers: `sat` is the independent authority, `native` the fastest,
    /// `both` runs the two and fails loudly if they disagree.
    #[arg(long, value_enum, default_value = "sat")]
    engine: Engine,

    /// Count solutions up to N (at least 2) instead of stopping at the second one.
    #[arg(long, value_name = "N", default_value_t = 2)]
    count: usize,

    /// List every solution, up to --count (which then defaults to 100).
    #[arg(long)]
    all: bool,

    /// One JSON object per puzzle instead of text.
    #[arg(long)]
    json: bool,

    /// Setter help. Several solutions: the givens to add (digits of the first solution; the
    /// fewest found, each needed), or for a killer a hidden sum to reveal or a cage to split.
    /// No solution: a minimal set of givens and cages that cannot all hold. Confirmed by SAT.
    #[arg(long)]
    suggest: bool,

    /// Threads to use (default: all cores).
    #[arg(long, value_name = "J")]
    jobs: Option<usize>,
}

/// What the engine said of one puzzle.
enum Verdict {
    Counted(Count),
    Listed(Vec<Grid>),
    Failed(String),
}

/// Runs `check` and prints one answer per puzzle plus a summary.
pub fn run(options: &CheckOptions) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let records = read_records(&options.input);
    let limit = if options.all && options.count == 2 {
        100
    } else {
        options.count.max(2)
    };
    let progress = progress_bar(records.len());
    let pool = thread_pool(options.jobs)?;
    let verdicts: Vec<Option<Verdict>> = pool.install(|| {
        records
            .par_iter()
            .map(|record| {
                let verdict = record
                    .entry
                    .as_ref()
                    .ok()
                    .map(|entry| judge(options, entry, limit));
                progress.inc(1);
                verdict
            })
            .collect()
    });
    progress.finish_and_clear();
    let mut tally = Tally::default();
    for (record, verdict) in records.iter().zip(&verdicts) {
        report(options, record, verdict.as_ref(), limit, &mut tally);
    }
    if records.len() > 1 {
        let summary = tally.summary(started.elapsed().as_secs_f64());
        if options.json {
            eprintln!("{summary}");
        } else {
            say!("{summary}");
        }
    }
    Ok(tally.outcome())
}

fn judge(options: &CheckOptions, entry: &Entry, limit: usize) -> Verdict {
    let result = if options.all {
        engine::solutions(options.engine, &entry.puzzle, limit).map(Verdict::Listed)
    } else {
        engine::count(options.engine, &entry.puzzle, limit).map(Verdict::Counted)
    };
    result.unwrap_or_else(Verdict::Failed)
}

/// A progress bar on standard error, drawn only when it is a terminal.
pub fn progress_bar(length: usize) -> ProgressBar {
    let bar = ProgressBar::new(length as u64);
    if length < 2 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// A rayon pool with the asked number of threads (all cores by default).
pub fn thread_pool(jobs: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    Ok(builder.build()?)
}

#[derive(Default)]
struct Tally {
    unique: usize,
    multiple: usize,
    none: usize,
    mismatched: usize,
    unreadable: usize,
    failed: usize,
}

impl Tally {
    fn outcome(&self) -> Outcome {
        if self.unreadable > 0 || self.failed > 0 {
            Outcome::BadInput
        } else if self.multiple + self.none + self.mismatched > 0 {
            Outcome::NotUnique
        } else {
            Outcome::Success
        }
    }

    fn summary(&self, seconds: f64) -> String {
        let total = self.unique + self.multiple + self.none + self.unreadable + self.failed;
        let mut summary = format!(
            "summary: {total} puzzles: {} unique, {} multiple, {} none, {} unreadable",
            self.unique, self.multiple, self.none, self.unreadable
        );
        if self.mismatched > 0 {
            summary += &format!(", {} differ from their published solution", self.mismatched);
        }
        if self.failed > 0 {
            summary += &format!(", {} engine failures", self.failed);
        }
        summary + &format!(" ({seconds:.2} s)")
    }
}

fn line(grid: &Grid) -> String {
    notation::format_grid(grid, Format::Line)
}

fn cell_list(first: &Grid, second: &Grid) -> Vec<String> {
    first
        .differences(second)
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn report(
    options: &CheckOptions,
    record: &Record,
    verdict: Option<&Verdict>,
    limit: usize,
    tally: &mut Tally,
) {
    let (entry, verdict) = match (&record.entry, verdict) {
        (Ok(entry), Some(verdict)) => (entry, verdict),
        (Err(reason), _) => {
            tally.unreadable += 1;
            eprintln!("error: {reason}");
            return;
        }
        (Ok(_), None) => {
            tally.failed += 1;
            eprintln!("error: {}: no answer was computed", record.location());
            return;
        }
    };
    let location = record.location();
    match verdict {
        Verdict::Failed(reason) => {
            tally.failed += 1;
            eprintln!("error: {location}: engine failed: {reason}");
        }
        Verdict::Listed(solutions) => {
            tally_count(tally, solutions.len(), entry, solutions.first());
            print_listing(options, &location, solutions, limit);
        }
        Verdict::Counted(count) => {
            tally_count(tally, count.found(), entry, count.solution());
            print_count(options, &location, entry, count, limit);
        }
    }
}

fn tally_count(tally: &mut Tally, found: usize, entry: &Entry, solution: Option<&Grid>) {
    match found {
        0 => tally.none += 1,
        1 => {
            tally.unique += 1;
            if let (Some(published), Some(solution)) = (&entry.solution, solution) {
                if published != solution {
                    tally.mismatched += 1;
                }
            }
        }
        _ => tally.multiple += 1,
    }
}

fn how_many(found: usize, limit: usize) -> String {
    if found >= limit {
        format!("at least {found} solutions")
    } else {
        format!("{found} solutions")
    }
}

fn print_count(options: &CheckOptions, location: &str, entry: &Entry, count: &Count, limit: usize) {
    let mismatch = match (&entry.solution, count) {
        (Some(published), Count::Unique(solution)) if published != solution => {
            Some(cell_list(solution, published))
        }
        _ => None,
    };
    if options.json {
        let mut object = json!({
            "source": location,
            "line": entry.line,
            "name": entry.name,
            "result": count.word(),
            "solutions": count.found(),
            "at_least": count.found() >= limit && count.found() > 1,
        });
        match count {
            Count::None { reason } => object["reason"] = json!(reason),
            Count::Unique(solution) => object["solution"] = json!(line(solution)),
            Count::Multiple { first, second, .. } => {
                object["solution"] = json!(line(first));
                object["second"] = json!(line(second));
                object["differences"] = json!(cell_list(first, second));
            }
        }
        if let Some(cells) = &mismatch {
            object["published_solution_differs_at"] = json!(cells);
        }
        if options.suggest {
            object["suggest"] = suggest::json(entry, count);
        }
        say!("{object}");
        return;
    }
    match count {
        Count::None {
            reason: Some(reason),
        } => say!("{location}: none: {reason}"),
        Count::None { reason: None } => say!("{location}: none"),
        Count::Unique(solution) => match mismatch {
            Some(cells) => say!(
                "{location}: unique, but the published solution differs at {}\n  solution   {}",
                cells.join(" "),
                line(solution)
            ),
            None => say!("{location}: unique"),
        },
        Count::Multiple {
            first,
            second,
            found,
        } => {
            let cells = cell_list(first, second);
            say!(
                "{location}: multiple ({}); two of them differ at {} ({} cells)\n  first      {}\n  second     {}",
                how_many(*found, limit),
                cells.join(" "),
                cells.len(),
                line(first),
                line(second)
            );
        }
    }
    if options.suggest {
        suggest::print(location, entry, count);
    }
}

fn print_listing(options: &CheckOptions, location: &str, solutions: &[Grid], limit: usize) {
    let word = match solutions.len() {
        0 => "none",
        1 => "unique",
        _ => "multiple",
    };
    if options.json {
        let object = json!({
            "source": location,
            "result": word,
            "solutions": solutions.len(),
            "at_least": solutions.len() >= limit,
            "all": solutions.iter().map(line).collect::<Vec<_>>(),
        });
        say!("{object}");
        return;
    }
    say!("{location}: {word} ({})", how_many(solutions.len(), limit));
    for (number, solution) in solutions.iter().enumerate() {
        say!("  {:>5}  {}", number + 1, line(solution));
    }
}
