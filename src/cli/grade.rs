//! `sudokit grade`: rate each puzzle by the human techniques its solving path needs.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde_json::json;
use sudokit::grade::{Grader, Grading, Stop, TechniqueTable};
use sudokit::notation::{self, Entry, Format};

use super::check::{progress_bar, thread_pool};
use super::input::{read_records, InputOptions, Record};
use super::Outcome;

/// Options of `sudokit grade`.
#[derive(Debug, Args)]
pub struct GradeOptions {
    #[command(flatten)]
    input: InputOptions,

    /// CSV with a header: puzzle, level, score, hardest, solved, techniques.
    #[arg(long, conflicts_with = "json")]
    csv: bool,

    /// One JSON object per puzzle: puzzle, level, score, hardest, solved, and the count of
    /// each technique used.
    #[arg(long)]
    json: bool,

    /// Print the solving path as readable steps after each puzzle's line.
    #[arg(long, conflicts_with_all = ["csv", "json"])]
    explain: bool,

    /// A RON technique table (levels, base scores, switches, order) replacing HoDoKu's;
    /// with `--scale se` or `se121`, a RON table of SE ratings replacing the built-in one.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,

    /// The difficulty scale: HoDoKu's levels and scores, or Sudoku Explainer's ratings
    /// (`puzzle ED=er/ep/ed` lines, as SE's batch rater prints them) with the Sukaku
    /// Explainer fork's techniques (`se`, which rated the published banks) or SE 1.2.1's
    /// alone (`se121`).
    #[arg(long, value_enum, default_value_t = Scale::Hodoku)]
    scale: Scale,

    /// With `--scale se` or `se121`: how many implications (candidates found on or off by
    /// following assumptions) the chain searches of one rating may derive before it answers
    /// `beyond`; nested forcing chains (SE 9.5 and up) can need hundreds of millions. Work, not
    /// time, so that every machine gives the same answer.
    #[arg(long, value_name = "N", default_value_t = sudokit::grade::explainer::DEFAULT_WORK_LIMIT)]
    work_limit: u64,

    /// Threads to use (default: all cores).
    #[arg(long, value_name = "J")]
    jobs: Option<usize>,
}

/// The difficulty scales `grade` speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Scale {
    /// HoDoKu 2.2: level and score.
    Hodoku,
    /// Sudoku Explainer ER/EP/ED with the Sukaku Explainer fork's techniques (strong-link
    /// chains, WXYZ-Wings, aligned triplet exclusion).
    Se,
    /// Sudoku Explainer 1.2.1's own techniques: ER/EP/ED.
    Se121,
}

/// Runs `grade`: one line (or CSV row, or JSON object) per puzzle, in input order.
pub fn run(options: &GradeOptions) -> anyhow::Result<Outcome> {
    if matches!(options.scale, Scale::Se | Scale::Se121) {
        return super::grade_se::run(&GradeSe {
            original: options.scale == Scale::Se121,
            input: &options.input,
            csv: options.csv,
            json: options.json,
            explain: options.explain,
            table: options.table.as_deref(),
            jobs: options.jobs,
            work_limit: options.work_limit,
        });
    }
    let table = match &options.table {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("{}: cannot read", path.display()))?;
            ron::from_str::<TechniqueTable>(&text)
                .with_context(|| format!("{}: not a technique table", path.display()))?
        }
        None => TechniqueTable::default(),
    };
    let records = read_records(&options.input);
    let gradings = rate_in_parallel(&records, options.jobs, |entry| {
        Grader::with_table(&entry.puzzle, table.clone()).grade()
    })?;
    if options.csv {
        say!("source,puzzle,level,score,hardest,solved,techniques");
    }
    let mut outcome = Outcome::Success;
    for (record, grading) in records.iter().zip(&gradings) {
        let (entry, grading) = match (&record.entry, grading) {
            (Ok(entry), Some(grading)) => (entry, grading),
            (Err(reason), _) => {
                eprintln!("error: {reason}");
                outcome = outcome.worst(Outcome::BadInput);
                continue;
            }
            (Ok(_), None) => continue,
        };
        if !grading.solved {
            outcome = outcome.worst(Outcome::NotUnique);
        }
        print_grading(options, &record.location(), entry, grading);
    }
    Ok(outcome)
}

/// The options of `grade --scale se`, resolved.
pub struct GradeSe<'a> {
    /// Where the puzzles come from.
    pub input: &'a InputOptions,
    /// CSV output.
    pub csv: bool,
    /// JSON Lines output.
    pub json: bool,
    /// Print the path.
    pub explain: bool,
    /// A replacement SE table.
    pub table: Option<&'a std::path::Path>,
    /// Use SE 1.2.1's own table rather than the fork's.
    pub original: bool,
    /// Threads.
    pub jobs: Option<usize>,
    /// Implications the chain searches of one rating may derive.
    pub work_limit: u64,
}

/// `rate` applied to every readable record on `jobs` threads (all cores when absent), with a
/// progress bar; `None` for the records that did not read.
pub fn rate_in_parallel<T: Send>(
    records: &[Record],
    jobs: Option<usize>,
    rate: impl Fn(&Entry) -> T + Sync,
) -> anyhow::Result<Vec<Option<T>>> {
    let progress = progress_bar(records.len());
    let rated = thread_pool(jobs)?.install(|| {
        records
            .par_iter()
            .map(|record| {
                let rating = record.entry.as_ref().ok().map(&rate);
                progress.inc(1);
                rating
            })
            .collect()
    });
    progress.finish_and_clear();
    Ok(rated)
}

/// The puzzle as one line of text.
pub fn puzzle_text(entry: &Entry) -> String {
    notation::format_grid(entry.puzzle.givens(), Format::Line)
}

fn hardest(grading: &Grading) -> String {
    grading
        .hardest
        .map_or_else(|| "none".to_string(), |technique| technique.to_string())
}

fn stop_reason(grading: &Grading) -> Option<&'static str> {
    grading.stop.as_ref().map(|stop| match stop {
        Stop::NothingApplies => "no enabled technique applies",
        Stop::Contradiction => "the candidates contradict each other",
        Stop::NoSolution => "the puzzle has no solution",
    })
}

fn technique_list(grading: &Grading) -> String {
    grading
        .counts()
        .iter()
        .map(|(technique, count)| format!("{technique} x{count}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A CSV field, quoted when needed.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn print_grading(options: &GradeOptions, location: &str, entry: &Entry, grading: &Grading) {
    if options.json {
        let techniques: serde_json::Map<String, serde_json::Value> = grading
            .counts()
            .iter()
            .map(|(technique, count)| (technique.to_string(), json!(count)))
            .collect();
        let object = json!({
            "source": location,
            "puzzle": puzzle_text(entry),
            "level": grading.level.to_string(),
            "score": grading.score,
            "hardest": grading.hardest.map(|technique| technique.to_string()),
            "solved": grading.solved,
            "stopped": stop_reason(grading),
            "techniques": techniques,
            "fpuzzles": sudokit::render::links::fpuzzles(&entry.puzzle, entry.name.as_deref()),
        });
        say!("{object}");
        return;
    }
    if options.csv {
        say!(
            "{},{},{},{},{},{},{}",
            csv_field(location),
            puzzle_text(entry),
            grading.level,
            grading.score,
            csv_field(&hardest(grading)),
            grading.solved,
            csv_field(&technique_list(grading))
        );
        return;
    }
    let stopped = stop_reason(grading)
        .map(|reason| format!("  (not solved: {reason})"))
        .unwrap_or_default();
    say!(
        "{location}: {} {}  hardest: {}{stopped}",
        grading.level,
        grading.score,
        hardest(grading)
    );
    if options.explain {
        for (number, step) in grading.steps.iter().enumerate() {
            say!("  {:>3}. {}", number + 1, step.explain(&entry.puzzle));
        }
    }
}
