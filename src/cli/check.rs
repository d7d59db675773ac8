//! `sudokit check`: how many solutions each puzzle has, with a second solution when not one.

use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use sudokit::budget::Budget;
use sudokit::model::Grid;
use sudokit::notation::Entry;
use sudokit::sat::TrueCandidates;
use sudokit::service::candidates::{CandidatesAnswerRecord, CandidatesRecord};
use sudokit::service::check::{self as service, CheckSettings, Verdict};
use sudokit::service::columns::Column;
use sudokit::service::records::ErrorRecord;
use sudokit::Count;

use sudokit::service::records::{comparisons_read, how_many, line, not_unique_text};

use super::candidates;
use super::output::{verbosity, Verbosity};
use super::records::{Style, Writer};
use super::sources::{each_batch, InputOptions, Record};
use super::suggest;
use super::work::{progress_bar, thread_pool, Parts};
use super::{parse_jobs, Engine, Outcome};

/// Options of `sudokit check`.
#[derive(Debug, Args)]
#[command(after_help = super::EXIT_CODES)]
#[command(group(clap::ArgGroup::new("searches").args(["candidates", "suggest"]).multiple(true)))]
pub struct CheckOptions {
    #[command(flatten)]
    pub(super) input: InputOptions,

    /// The engine that answers: `sat` is the independent authority, `native` the fastest,
    /// `both` runs the two and fails loudly if their counts disagree.
    #[arg(long, value_enum, default_value = "sat")]
    engine: Engine,

    /// Count solutions up to N (at least 2) instead of stopping at the second one.
    #[arg(long, alias = "count", value_name = "N", value_parser = parse_limit, allow_negative_numbers = true)]
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
    /// Printed under each verdict; a `suggest` field in --json and --csv. The answer comes
    /// first; the search then runs within --work-limit, and when the limit stops it the
    /// answer stands and the suggestion says it was stopped (`{"stopped": …}` in --json).
    #[arg(long, conflicts_with = "all")]
    suggest: bool,

    /// The setter's candidate view: each cell's true candidates, the digits it takes in at
    /// least one solution, found by the SAT engine (at most --limit solutions, default
    /// 1000: the search needs at most one per true candidate, and says when the limit cut
    /// it short). In text a grid of pencil marks; in --json a `candidates` field, row by
    /// row, with `solutions_found` and `complete`.
    #[arg(long, conflicts_with_all = ["all", "suggest", "csv"])]
    pub(super) candidates: bool,

    /// With --candidates: the most work each puzzle's search may do, in the SAT engine's
    /// work units (looked at between solver calls); a search cut by it shows what it found,
    /// says why it stopped, and is `beyond` in --json. With --suggest: the most work each
    /// puzzle's suggestion may do in all its engine calls, in a rating's units (grade's
    /// --work-limit: a native branch point counts 1000, a SAT call its work; default
    /// 1000000000); a suggestion cut by it is reported stopped, the answer unchanged.
    #[arg(long, value_name = "N", requires = "searches", value_parser = super::parse_work_limit, allow_negative_numbers = true)]
    work_limit: Option<u64>,

    /// Threads to use: 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = parse_jobs, allow_negative_numbers = true)]
    jobs: Option<usize>,

    /// What the run may spend (the command line runs unbounded; a caller in the process
    /// may hand a flag and a deadline).
    #[arg(skip)]
    pub(super) budget: Budget,
}

/// The columns of `check --csv --suggest`; without `--suggest`, all but the last.
const COLUMNS: &[Column] = &[
    Column::Source,
    Column::Name,
    Column::Status,
    Column::Solutions,
    Column::AtLeast,
    Column::Solution,
    Column::Second,
    Column::Differences,
    Column::PublishedSolutionDiffersAt,
    Column::Reason,
    Column::Suggest,
];

pub(super) fn parse_limit(text: &str) -> Result<usize, String> {
    if super::is_negative(text) {
        return Err(format!("{}: must be 2 or more", text.trim()));
    }
    match text.trim().parse::<usize>() {
        Ok(limit) if limit >= 2 => Ok(limit),
        Ok(limit) => Err(format!(
            "{limit}: a limit below 2 cannot tell unique from multiple (give 2 or more)"
        )),
        Err(_) => Err(format!("{text:?} is not a number (give 2 or more)")),
    }
}

/// What the engines said of one puzzle: its check, or its true candidates (`--candidates`).
enum Answered {
    Check(Verdict),
    Candidates(Result<Box<TrueCandidates>, String>),
}

/// The most solutions `--candidates` finds when --limit is not given.
pub const CANDIDATES_LIMIT: usize = sudokit::service::candidates::CANDIDATES_LIMIT;

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
    // in text the answer goes out first and the suggestion after it, as it is found: a
    // suggestion can take long, and the answer should not wait for it
    let suggest_after = options.suggest && style == Style::Text;
    let settings = CheckSettings::new(
        options.engine.into(),
        Some(limit),
        options.all,
        options.suggest && !suggest_after,
    )
    .with_suggest_work_limit(options.work_limit.filter(|_| options.suggest));
    let suggest_budget = settings.suggest_budget(&options.budget);
    let later = suggest_after.then_some(&suggest_budget);
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
        // batch by batch, so memory holds one batch of puzzles however long the file; each
        // batch answered in parts that grow from a few puzzles, so the first answers are
        // written (and a standard output that cannot be written stops the run, exit 2)
        // after a few puzzles' work, not a whole batch's
        let progress = progress_bar(0);
        let pool = thread_pool(options.jobs)?;
        let mut parts = Parts::growing_to(BATCH_LINES);
        each_batch(&options.input, BATCH_LINES, |records| {
            read += records.len();
            progress.inc_length(records.len() as u64);
            for range in parts.cut(records.len()) {
                let part = &records[range];
                let verdicts: Vec<Option<Answered>> = pool.install(|| {
                    part.par_iter()
                        .map(|record| {
                            let verdict = record
                                .entry
                                .as_ref()
                                .ok()
                                .map(|entry| judge(options, &settings, entry));
                            progress.inc(1);
                            verdict
                        })
                        .collect()
                });
                progress.suspend(|| {
                    for (record, verdict) in part.iter().zip(&verdicts) {
                        report(
                            &writer,
                            style,
                            record,
                            verdict.as_ref(),
                            &settings,
                            &mut tally,
                            later,
                        );
                    }
                    super::output::flush();
                });
            }
        });
        progress.finish_and_clear();
    }
    if read > 1 && verbosity() > Verbosity::Quiet {
        // on standard error, as every summary: standard output holds the answers alone
        let summary = tally.summary(started.elapsed().as_secs_f64());
        complain!("{summary}");
    }
    Ok(tally.outcome())
}

fn judge(options: &CheckOptions, settings: &CheckSettings, entry: &Entry) -> Answered {
    if options.candidates {
        if options.engine == Engine::Native {
            return Answered::Candidates(Err(
                "true candidates (--candidates) come from the SAT engine: pass --engine sat"
                    .to_string(),
            ));
        }
        let budget = match options.work_limit {
            Some(limit) => options.budget.clone().with_work_limit(limit),
            None => options.budget.clone().without_work_limit(),
        };
        return Answered::Candidates(
            sudokit::service::candidates::judge(entry, settings.limit, &budget).map(Box::new),
        );
    }
    Answered::Check(service::judge(entry, settings, &options.budget))
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

/// The status word for a number of solutions found.
fn word(found: usize) -> &'static str {
    match found {
        0 => "none",
        1 => "unique",
        _ => "multiple",
    }
}

/// Writes the answer for one puzzle; with `suggest_later`, in text, the setter's suggestion
/// is then sought within that budget and printed after the answer.
fn report(
    writer: &Writer,
    style: Style,
    record: &Record,
    verdict: Option<&Answered>,
    settings: &CheckSettings,
    tally: &mut Tally,
    suggest_later: Option<&Budget>,
) {
    let limit = settings.limit;
    let location = record.location();
    let (entry, verdict) = match (&record.entry, verdict) {
        (Ok(entry), Some(Answered::Check(verdict))) => (entry, verdict),
        (Ok(entry), Some(Answered::Candidates(Ok(found)))) => {
            let solved = match found.status() {
                "unique" => 1,
                "none" => 0,
                _ => 2,
            };
            tally_count(tally, solved, entry, found.first_two.first());
            if style.is_record() {
                writer.write(&CandidatesAnswerRecord::Candidates(CandidatesRecord::new(
                    record, found,
                )));
            } else {
                say!(
                    "{location}: {}\n{}",
                    candidates::summary(found, limit),
                    candidates::grid_text(found)
                );
            }
            return;
        }
        (Ok(_), Some(Answered::Candidates(Err(reason)))) => {
            tally.failed += 1;
            let reason = format!("engine failed: {reason}");
            complain!("error: {location}: {reason}");
            writer.write(&ErrorRecord::new(record, &reason));
            return;
        }
        (Err(failure), _) => {
            tally.unreadable += 1;
            complain!("error: {failure}");
            writer.write(&ErrorRecord::new(record, &failure.reason));
            return;
        }
        (Ok(_), None) => {
            tally.failed += 1;
            let reason = "no answer was computed";
            complain!("error: {location}: {reason}");
            writer.write(&ErrorRecord::new(record, reason));
            return;
        }
    };
    let (typed, _) = service::record(record, Some(verdict), settings);
    match verdict {
        Verdict::Failed(reason) => {
            tally.failed += 1;
            complain!("error: {location}: engine failed: {reason}");
        }
        Verdict::Listed(solutions) => {
            // text listings are streamed as found; only records come here
            tally_count(tally, solutions.len(), entry, solutions.first());
        }
        Verdict::Counted(count, advice) => {
            tally_count(tally, count.found(), entry, count.solution());
            if !style.is_record() {
                let mismatch = count
                    .solution()
                    .filter(|_| count.is_unique())
                    .and_then(|solution| service::published_mismatch(entry, solution));
                print_count(&location, count, mismatch, limit);
                let read = entry.metadata.comparisons_from_text;
                if let Some(from_text) = read.then(|| comparisons_read(&entry.puzzle)).flatten() {
                    complain!(
                        "note: {location}: read from text marks as cage-sum comparisons \
                         (f-puzzles' solver ignores text): {}",
                        from_text.join("; ")
                    );
                }
                if let Some(advice) = advice {
                    suggest::print(&location, advice);
                } else if let Some(budget) = suggest_later {
                    super::output::flush();
                    let advice = sudokit::service::suggest::advise(entry, count, budget);
                    suggest::print(&location, &advice);
                }
            }
        }
    }
    writer.write(&typed);
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
