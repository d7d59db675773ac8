//! `sudokit check`: how many solutions each puzzle has, with a second solution when not one.

use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use serde_json::{json, Map, Value};
use sudokit::model::Grid;
use sudokit::notation::{self, Entry, Format};
use sudokit::sat::TrueCandidates;
use sudokit::Count;

use super::candidates::{self, CandidatesRecord};
use super::input::{each_batch, InputOptions, Record};
use super::output::{verbosity, Verbosity};
use super::records::{self, Style, Writer};
use super::suggest::{self, Advice};
use super::work::{progress_bar, thread_pool};
use super::{engine, parse_jobs, Engine, Outcome};

/// Options of `sudokit check`.
#[derive(Debug, Args)]
#[command(after_help = super::EXIT_CODES)]
pub struct CheckOptions {
    #[command(flatten)]
    pub(super) input: InputOptions,

    /// The engine that answers: `sat` is the independent authority, `native` the fastest,
    /// `both` runs the two and fails loudly if their counts disagree.
    #[arg(long, value_enum, default_value = "sat")]
    engine: Engine,

    /// Count solutions up to N (at least 2) instead of stopping at the second one.
    #[arg(long, alias = "count", value_name = "N", value_parser = parse_limit)]
    limit: Option<usize>,

    /// List every solution, up to --limit (which then defaults to 100). In text, each
    /// solution is printed as soon as the SAT engine finds it; puzzles are then checked one
    /// after another.
    #[arg(long)]
    all: bool,

    /// One JSON object per puzzle read (JSON Lines), in input order: `source` (file:line),
    /// `status` (unique, multiple, none or error), `solutions`, `solution`, `second`,
    /// `differences`, `reason`.
    #[arg(long, conflicts_with = "csv")]
    json: bool,

    /// CSV with a header, one row per puzzle read, in input order; the same fields as --json.
    #[arg(long)]
    csv: bool,

    /// Setter help. Several solutions: the givens to add (digits of the first solution; the
    /// fewest found, each needed), or for a killer a hidden sum to reveal or a cage to split.
    /// No solution: a minimal set of givens and cages that cannot all hold. Confirmed by SAT.
    /// Printed under each verdict; a `suggest` field in --json and --csv.
    #[arg(long, conflicts_with = "all")]
    suggest: bool,

    /// The setter's candidate view: each cell's true candidates, the digits it takes in at
    /// least one solution, found by the SAT engine (at most --limit solutions, default
    /// 1000: the search needs at most one per true candidate, and says when the limit cut
    /// it short). In text a grid of pencil marks; in --json a `candidates` field, row by
    /// row, with `solutions_found` and `complete`.
    #[arg(long, conflicts_with_all = ["all", "suggest", "csv"])]
    pub(super) candidates: bool,

    /// Threads to use: 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = parse_jobs)]
    jobs: Option<usize>,
}

/// The columns of `check --csv --suggest`; without `--suggest`, all but the last.
const COLUMNS: &[&str] = &[
    "source",
    "name",
    "status",
    "solutions",
    "at_least",
    "solution",
    "second",
    "differences",
    "reason",
    "suggest",
];

pub(super) fn parse_limit(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(limit) if limit >= 2 => Ok(limit),
        Ok(limit) => Err(format!(
            "{limit}: a limit below 2 cannot tell unique from multiple (give 2 or more)"
        )),
        Err(_) => Err(format!("{text:?} is not a number (give 2 or more)")),
    }
}

/// What the engine said of one puzzle.
enum Verdict {
    /// The count, with the setter's advice when `--suggest` asked for it.
    Counted(Count, Option<Box<Advice>>),
    Listed(Vec<Grid>),
    /// The true candidates (`--candidates`).
    Candidates(Box<TrueCandidates>),
    Failed(String),
}

/// The most solutions `--candidates` finds when --limit is not given: enough to decide
/// every candidate of a 9×9 (at most one solution per true candidate, 729).
pub const CANDIDATES_LIMIT: usize = 1000;

/// Lines of a one-puzzle-a-line file read and answered at a time.
const BATCH_LINES: usize = 8192;

/// Runs `check` and prints one answer per puzzle read, in input order, plus a summary.
pub fn run(options: &CheckOptions) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let limit = options.limit.unwrap_or(if options.all {
        100
    } else if options.candidates {
        CANDIDATES_LIMIT
    } else {
        2
    });
    let style = Style::from_flags(options.json, options.csv);
    let columns = if options.suggest {
        COLUMNS
    } else {
        &COLUMNS[..COLUMNS.len() - 1]
    };
    let writer = Writer::new(style, columns);
    let mut tally = Tally::default();
    let mut read = 0;
    if options.all && style == Style::Text {
        each_batch(&options.input, BATCH_LINES, |records| {
            read += records.len();
            for record in &records {
                stream(options, record, limit, &mut tally);
            }
            super::output::flush();
        });
    } else {
        // batch by batch, so memory holds one batch of puzzles however long the file
        let progress = progress_bar(0);
        let pool = thread_pool(options.jobs)?;
        each_batch(&options.input, BATCH_LINES, |records| {
            read += records.len();
            progress.inc_length(records.len() as u64);
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
            progress.suspend(|| {
                for (record, verdict) in records.iter().zip(&verdicts) {
                    report(&writer, style, record, verdict.as_ref(), limit, &mut tally);
                }
                super::output::flush();
            });
        });
        progress.finish_and_clear();
    }
    if read > 1 && verbosity() > Verbosity::Quiet {
        let summary = tally.summary(started.elapsed().as_secs_f64());
        if style.is_record() {
            complain!("{summary}");
        } else {
            say!("{summary}");
        }
    }
    Ok(tally.outcome())
}

fn judge(options: &CheckOptions, entry: &Entry, limit: usize) -> Verdict {
    if options.candidates {
        if options.engine == Engine::Native {
            return Verdict::Failed(
                "true candidates (--candidates) come from the SAT engine: pass --engine sat"
                    .to_string(),
            );
        }
        return match sudokit::sat::true_candidates(&entry.puzzle, limit) {
            Ok(found) => Verdict::Candidates(Box::new(found)),
            Err(error) => Verdict::Failed(format!("SAT engine: {error}")),
        };
    }
    let result = if options.all {
        engine::solutions(options.engine, &entry.puzzle, limit).map(Verdict::Listed)
    } else {
        engine::count(options.engine, &entry.puzzle, limit).map(|count| {
            let advice = options
                .suggest
                .then(|| Box::new(suggest::advise(entry, &count)));
            Verdict::Counted(count, advice)
        })
    };
    result.unwrap_or_else(Verdict::Failed)
}

/// `check --all` in text: each solution printed as the SAT engine finds it, then the verdict.
fn stream(options: &CheckOptions, record: &Record, limit: usize, tally: &mut Tally) {
    let entry = match &record.entry {
        Ok(entry) => entry,
        Err(failure) => {
            tally.unreadable += 1;
            complain!("error: {failure}");
            return;
        }
    };
    let location = record.location();
    if options.engine == Engine::Native {
        tally.failed += 1;
        complain!(
            "error: {location}: listing every solution (--all) uses the SAT engine: pass --engine sat"
        );
        return;
    }
    say!("{location}:");
    let mut first = None;
    let mut number = 0;
    let result = sudokit::sat::each_solution(&entry.puzzle, limit, &mut |solution| {
        number += 1;
        if first.is_none() {
            first = Some(solution.clone());
        }
        say!("  {number:>5}  {}", line(solution));
        // each solution goes out as soon as it is found, even into a pipe
        super::output::flush();
    });
    match result {
        Ok(found) => {
            tally_count(tally, found, entry, first.as_ref());
            say!("{location}: {} ({})", word(found), how_many(found, limit));
        }
        Err(error) => {
            tally.failed += 1;
            complain!("error: {location}: engine failed: SAT engine: {error}");
        }
    }
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
            "summary: {}: {} unique, {} multiple, {} none, {} unreadable",
            super::output::counted(total, "puzzle"),
            self.unique,
            self.multiple,
            self.none,
            self.unreadable
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

/// A grid as one line of text.
pub fn line(grid: &Grid) -> String {
    notation::format_grid(grid, Format::Line)
}

/// The cells where two grids differ, as `r3c7` names.
pub fn cell_list(first: &Grid, second: &Grid) -> Vec<String> {
    first
        .differences(second)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The status word for a number of solutions found.
fn word(found: usize) -> &'static str {
    match found {
        0 => "none",
        1 => "unique",
        _ => "multiple",
    }
}

/// The fields a count adds to a record: `status`, `solutions`, `at_least`, `solution`,
/// `second`, `differences`, `reason`.
pub fn count_fields(object: &mut Map<String, Value>, count: &Count, limit: usize) {
    object.insert("status".into(), json!(count.word()));
    object.insert("solutions".into(), json!(count.found()));
    object.insert(
        "at_least".into(),
        json!(count.found() >= limit && count.found() > 1),
    );
    match count {
        Count::None { reason } => {
            object.insert("reason".into(), json!(reason));
        }
        Count::Unique(solution) => {
            object.insert("solution".into(), json!(line(solution)));
        }
        Count::Multiple { first, second, .. } => {
            object.insert("solution".into(), json!(line(first)));
            object.insert("second".into(), json!(line(second)));
            object.insert("differences".into(), json!(cell_list(first, second)));
        }
    }
}

/// A one-line account of a puzzle that is not unique: `none: reason` or `multiple (…)`.
pub fn not_unique_text(count: &Count, limit: usize) -> Option<String> {
    match count {
        Count::None {
            reason: Some(reason),
        } => Some(format!("none: {reason}")),
        Count::None { reason: None } => Some("none: the puzzle has no solution".to_string()),
        Count::Unique(_) => None,
        Count::Multiple {
            first,
            second,
            found,
        } => {
            let cells = cell_list(first, second);
            Some(format!(
                "multiple ({}); two of them differ at {} ({} cells)",
                how_many(*found, limit),
                cells.join(" "),
                cells.len()
            ))
        }
    }
}

fn report(
    writer: &Writer,
    style: Style,
    record: &Record,
    verdict: Option<&Verdict>,
    limit: usize,
    tally: &mut Tally,
) {
    let (entry, verdict) = match (&record.entry, verdict) {
        (Ok(entry), Some(verdict)) => (entry, verdict),
        (Err(failure), _) => {
            tally.unreadable += 1;
            complain!("error: {failure}");
            writer.write(&records::unreadable(record, failure));
            return;
        }
        (Ok(_), None) => {
            tally.failed += 1;
            let reason = "no answer was computed";
            complain!("error: {}: {reason}", record.location());
            writer.write(&records::error(record, reason));
            return;
        }
    };
    let location = record.location();
    match verdict {
        Verdict::Failed(reason) => {
            tally.failed += 1;
            let reason = format!("engine failed: {reason}");
            complain!("error: {location}: {reason}");
            writer.write(&records::error(record, &reason));
        }
        Verdict::Listed(solutions) => {
            tally_count(tally, solutions.len(), entry, solutions.first());
            // text listings are streamed as found; only records come here
            {
                let mut object = records::header(record, word(solutions.len()));
                object.insert("solutions".into(), json!(solutions.len()));
                object.insert("at_least".into(), json!(solutions.len() >= limit));
                object.insert(
                    "all".into(),
                    json!(solutions.iter().map(line).collect::<Vec<_>>()),
                );
                writer.write(&object);
            }
        }
        Verdict::Candidates(found) => {
            let solved = match found.status() {
                "unique" => 1,
                "none" => 0,
                _ => 2,
            };
            tally_count(tally, solved, entry, found.first_two.first());
            if style.is_record() {
                writer.write(&CandidatesRecord::new(record, found).object());
            } else {
                say!(
                    "{location}: {}\n{}",
                    candidates::summary(found, limit),
                    candidates::grid_text(found)
                );
            }
        }
        Verdict::Counted(count, advice) => {
            tally_count(tally, count.found(), entry, count.solution());
            let mismatch = match (&entry.solution, count) {
                (Some(published), Count::Unique(solution)) if published != solution => {
                    Some(cell_list(solution, published))
                }
                _ => None,
            };
            if style.is_record() {
                let mut object = records::header(record, count.word());
                count_fields(&mut object, count, limit);
                if let Some(cells) = &mismatch {
                    object.insert("published_solution_differs_at".into(), json!(cells));
                }
                if let Some(advice) = advice {
                    let field = match style {
                        Style::Csv => suggest::csv(advice),
                        _ => suggest::json(advice),
                    };
                    object.insert("suggest".into(), field);
                }
                writer.write(&object);
            } else {
                print_count(&location, count, mismatch, limit);
                if let Some(advice) = advice {
                    suggest::print(&location, advice);
                }
            }
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
    if found >= limit && found > 1 {
        format!("at least {found} solutions")
    } else if found == 1 {
        "1 solution".to_string()
    } else {
        format!("{found} solutions")
    }
}

fn print_count(location: &str, count: &Count, mismatch: Option<Vec<String>>, limit: usize) {
    match count {
        Count::Unique(solution) => match mismatch {
            Some(cells) => say!(
                "{location}: unique, but the published solution differs at {}\n  solution   {}",
                cells.join(" "),
                line(solution)
            ),
            None => say!("{location}: unique"),
        },
        Count::None { .. } => {
            let text = not_unique_text(count, limit).unwrap_or_default();
            match count {
                Count::None { reason: None } => say!("{location}: none"),
                _ => say!("{location}: {text}"),
            }
        }
        Count::Multiple { first, second, .. } => {
            let text = not_unique_text(count, limit).unwrap_or_default();
            say!(
                "{location}: {text}\n  first      {}\n  second     {}",
                line(first),
                line(second)
            );
        }
    }
}
