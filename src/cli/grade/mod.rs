//! `sudokit grade`: rate each puzzle by the human techniques its solving path needs, on
//! HoDoKu's scale (`hodoku`) or Sudoku Explainer's (`explainer`); the options are shared.

mod explainer;
mod hodoku;

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use sudokit::budget::Budget;
use sudokit::grade::explainer::SeTable;
use sudokit::grade::TechniqueTable;
use sudokit::service::columns::Column;
use sudokit::service::grade::{self as service, GradeSettings, Judged, Rating, Table};

use super::judging::published_differs;
use super::records::{Style, Writer};
use super::sources::{read_records, InputOptions};
use super::work::{progress_bar, thread_pool, Parts};
use super::Outcome;
use sudokit::service::input::Record;
use sudokit::service::records::not_unique_text;

/// Options of `sudokit grade`.
#[derive(Debug, Args)]
#[command(after_help = super::EXIT_CODES)]
pub struct GradeOptions {
    #[command(flatten)]
    pub(super) input: InputOptions,

    /// CSV with a header, one row per puzzle read, in input order: the fields of --json
    /// (techniques as `name xN; …`).
    #[arg(long, conflicts_with = "json")]
    csv: bool,

    /// One JSON object per puzzle read (JSON Lines), in input order: `source` (file:line),
    /// `status` (`rated`; `beyond` when the rating stopped early; `multiple` or `none`, never
    /// rated, with the cells where two solutions differ; `error` with the reason for an input
    /// that could not be read), puzzle, level, score (both null for `beyond`), hardest,
    /// trial_steps (the number of trial steps), solved, work, and the count of each technique
    /// used.
    #[arg(long)]
    json: bool,

    /// Print the solving path as readable steps after each puzzle's line; with `--json`, each
    /// record gets a `steps` array (technique, text, placements, eliminations, and the cells,
    /// houses, digits and groups to draw, with killer cages' sums and combinations).
    #[arg(long, conflicts_with = "csv")]
    explain: bool,

    /// A RON technique table (levels, base scores, switches, order) replacing HoDoKu's;
    /// with `--scale se` or `se121`, a RON table of SE ratings replacing the built-in one.
    /// `sudokit table [--scale S]` prints the built-in one to start from.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,

    /// The difficulty scale: HoDoKu's levels and scores, or Sudoku Explainer's ratings
    /// (`puzzle ED=er/ep/ed` lines, as SE's batch rater prints them) with the Sukaku
    /// Explainer fork's techniques (`se`, which rated the published banks) or SE 1.2.1's
    /// alone (`se121`).
    #[arg(long, value_enum, default_value_t = Scale::Hodoku)]
    scale: Scale,

    /// How much work one puzzle's rating may take before it answers `beyond` (status
    /// `beyond`, exit 1). Work, not time, so that every machine gives the same answer. On
    /// HoDoKu's scale: the candidates on the grid counted once per technique search, plus
    /// the sets the combinatorial searches try (default 100 million; the hardest 9×9 puzzles
    /// we know need under a million). With `--scale se`
    /// or `se121`: implications (candidates found on or off by following assumptions) the chain
    /// searches may derive (default 100 million; nested forcing chains, SE 9.5 and up, can need
    /// hundreds of millions).
    #[arg(long, value_name = "N", value_parser = super::parse_work_limit, allow_negative_numbers = true)]
    work_limit: Option<u64>,

    /// Threads to use: 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = super::parse_jobs, allow_negative_numbers = true)]
    jobs: Option<usize>,

    /// What the run may spend (the command line runs unbounded; a caller in the process
    /// may hand a flag and a deadline).
    #[arg(skip)]
    pub(super) budget: Budget,

    /// Rate only shard i of N of the puzzles read: a contiguous block, so the shards'
    /// outputs, concatenated in order, are the whole run's. When absent, read from a Slurm
    /// job array or a Kubernetes Indexed Job, as `generate --shard` does.
    #[arg(long, value_name = "i/N")]
    shard: Option<sudokit::shard::Shard>,
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

impl From<Scale> for service::Scale {
    fn from(scale: Scale) -> service::Scale {
        match scale {
            Scale::Hodoku => service::Scale::Hodoku,
            Scale::Se => service::Scale::Se,
            Scale::Se121 => service::Scale::Se121,
        }
    }
}

/// The columns of `grade --csv` on HoDoKu's scale.
const HODOKU_COLUMNS: &[Column] = &[
    Column::Source,
    Column::Name,
    Column::Status,
    Column::Puzzle,
    Column::Level,
    Column::Score,
    Column::Hardest,
    Column::TrialSteps,
    Column::Solved,
    Column::Techniques,
    Column::Work,
    Column::Differences,
    Column::PublishedSolutionDiffersAt,
    Column::Reason,
];

/// The columns of `grade --scale se --csv`.
const SE_COLUMNS: &[Column] = &[
    Column::Source,
    Column::Name,
    Column::Status,
    Column::Puzzle,
    Column::Er,
    Column::Ep,
    Column::Ed,
    Column::Hardest,
    Column::Solved,
    Column::Work,
    Column::Differences,
    Column::PublishedSolutionDiffersAt,
    Column::Reason,
];

/// The table `--table` names, or the scale's built-in one.
fn table(options: &GradeOptions) -> anyhow::Result<Table> {
    let Some(path) = &options.table else {
        return Ok(Table::builtin(options.scale.into()));
    };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{}: cannot read", path.display()))?;
    Ok(match options.scale {
        Scale::Hodoku => Table::Hodoku(
            ron::from_str::<TechniqueTable>(&text)
                .with_context(|| format!("{}: not a technique table", path.display()))?,
        ),
        Scale::Se | Scale::Se121 => Table::Se(
            SeTable::from_ron(&text)
                .with_context(|| format!("{}: not an SE rating table", path.display()))?,
        ),
    })
}

/// Runs `grade`: one line (or CSV row, or JSON object) per puzzle read, in input order, on
/// the scale asked for.
pub fn run(options: &GradeOptions) -> anyhow::Result<Outcome> {
    let settings = GradeSettings::new(
        table(options)?,
        options.explain && options.json,
        options.work_limit,
    );
    let records = read_records(&options.input);
    let records = match super::generate::resolve_shard(options.shard)? {
        Some(shard) => {
            let block = shard.block(records.len() as u64);
            detail!(
                "shard {} of {}: puzzles {}..{}",
                shard.index,
                shard.count,
                block.start,
                block.end
            );
            shard.take(records)
        }
        None => records,
    };
    let progress = progress_bar(records.len());
    let budget = &options.budget;
    let pool = thread_pool(options.jobs)?;
    let style = Style::from_flags(options.json, options.csv);
    let columns = match options.scale {
        Scale::Hodoku => HODOKU_COLUMNS,
        Scale::Se | Scale::Se121 => SE_COLUMNS,
    };
    let writer = Writer::new(style, columns);
    let mut outcome = Outcome::Success;
    // rated a part at a time and written in order after each, so a standard output that
    // cannot be written stops the run after the first part's work (64 puzzles), not the
    // whole file's
    for range in Parts::growing_to(WRITTEN_EVERY).cut(records.len()) {
        let block = &records[range];
        let judged: Vec<Option<Judged>> = pool.install(|| {
            block
                .par_iter()
                .map(|record| {
                    let judged = record
                        .entry
                        .as_ref()
                        .ok()
                        .map(|entry| service::judge(entry, &settings, budget));
                    progress.inc(1);
                    judged
                })
                .collect()
        });
        progress.suspend(|| {
            let answers = Answers {
                options,
                settings: &settings,
                writer: &writer,
                style,
            };
            answers.write(block, &judged, &mut outcome);
            super::output::flush();
        });
    }
    progress.finish_and_clear();
    Ok(outcome)
}

/// The most puzzles rated between two writes of their answers.
const WRITTEN_EVERY: usize = 256;

/// What the answers of a run are written with.
struct Answers<'run> {
    options: &'run GradeOptions,
    settings: &'run GradeSettings,
    writer: &'run Writer,
    style: Style,
}

impl Answers<'_> {
    /// Writes the answers of a block of puzzles, in order, and adds their outcomes to `outcome`.
    fn write(&self, records: &[Record], judged: &[Option<Judged>], outcome: &mut Outcome) {
        let Answers {
            options,
            settings,
            writer,
            style,
        } = *self;
        for (record, judged) in records.iter().zip(judged) {
            let (typed, its) = service::record(record, judged.as_ref(), settings);
            *outcome = outcome.worst(its);
            let location = record.location();
            let entry = match (&record.entry, judged) {
                (Err(failure), _) => {
                    complain!("error: {failure}");
                    writer.write(&typed);
                    continue;
                }
                (Ok(entry), Some(_)) => entry,
                (Ok(_), None) => {
                    complain!("error: {location}: no answer was computed");
                    writer.write(&typed);
                    continue;
                }
            };
            match judged {
                Some(Judged::Failed(reason)) => {
                    complain!("error: {location}: {reason}");
                    writer.write(&typed);
                }
                Some(Judged::NotUnique(count)) => {
                    let text = not_unique_text(count, 2).unwrap_or_default();
                    if style.is_record() {
                        writer.write(&typed);
                        complain!("{location}: not rated: {text}");
                    } else {
                        say!("{location}: {text}");
                    }
                }
                Some(Judged::Beyond(reason)) => {
                    complain!("{location}: not rated to the end: {reason}");
                    if style.is_record() {
                        writer.write(&typed);
                    } else if options.scale == Scale::Hodoku {
                        say!("{location}: beyond  hardest so far: none  (not solved: {reason})");
                    } else {
                        say!("{} ED=beyond", sudokit::service::grade::puzzle_text(entry));
                    }
                }
                Some(Judged::Rated(Rating::Hodoku(grading))) => {
                    published_differs(record, entry, &grading.grid);
                    hodoku::report(options, writer, record, entry, grading, &typed);
                }
                Some(Judged::Rated(Rating::Se(rating))) => {
                    published_differs(record, entry, &rating.grid);
                    explainer::report(options, writer, record, entry, rating, &typed);
                }
                None => {}
            }
        }
    }
}
