//! The records of `grade`: a rating on HoDoKu's scale or Sudoku Explainer's, each step of
//! its path (`explain`), and the record enum every grading answer holds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::budget::Stopped;
use crate::grade::explainer::{format_tenths, SeRating, SeStop};
use crate::grade::{Grading, Step, Stop};
use crate::model::{Cell, Digit, Puzzle};
use crate::notation::{self, Entry, Format};
use crate::service::answer::Judged;
use crate::service::columns::{techniques_text, text_of, Column, Row};
use crate::service::input::Record;
use crate::service::records::joined;
use crate::service::records::{CountRecord, ErrorRecord};

/// The puzzle as one line of text.
pub fn puzzle_text(entry: &Entry) -> String {
    notation::format_grid(entry.puzzle.givens(), Format::Line)
}

/// Whether a rating reached the end of its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum RatingStatus {
    /// Rated to the end.
    Rated,
    /// Stopped early (the work limit, or no technique applies): no level or rating.
    Beyond,
}

impl RatingStatus {
    fn of(solved: bool) -> RatingStatus {
        if solved {
            RatingStatus::Rated
        } else {
            RatingStatus::Beyond
        }
    }

    fn word(self) -> &'static str {
        match self {
            RatingStatus::Rated => "rated",
            RatingStatus::Beyond => "beyond",
        }
    }
}

/// One step of a path (`explain`): the technique, the explanation, what it changed, and the
/// evidence to draw (cells, houses, digits, groups such as cages with their sums and the
/// combinations they keep).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct StepRecord {
    /// The cells of the pattern.
    pub cells: Vec<String>,
    /// Per group, the digit combinations it keeps.
    pub combinations: Vec<Vec<String>>,
    /// The digits of the pattern.
    pub digits: Vec<u8>,
    /// Candidates removed, `r3c7<>5`.
    pub eliminations: Vec<String>,
    /// Groups of cells (cages and the like).
    pub groups: Vec<Vec<String>>,
    /// The houses of the pattern.
    pub houses: Vec<String>,
    /// Digits placed, `r3c7=5`.
    pub placements: Vec<String>,
    /// The technique's name.
    pub technique: String,
    /// The step in words.
    pub text: String,
    /// The groups' sums.
    pub totals: Vec<i32>,
}

impl StepRecord {
    /// The record of `step` on `puzzle`.
    pub fn new(step: &Step, puzzle: &Puzzle) -> StepRecord {
        let cells =
            |cells: &[Cell]| -> Vec<String> { cells.iter().map(ToString::to_string).collect() };
        let pairs = |pairs: &[(Cell, Digit)], sign: &str| -> Vec<String> {
            pairs
                .iter()
                .map(|(cell, digit)| format!("{cell}{sign}{}", crate::notation::character(*digit)))
                .collect()
        };
        let evidence = &step.evidence;
        StepRecord {
            cells: cells(&evidence.cells),
            combinations: evidence
                .combinations
                .iter()
                .map(|sets| {
                    sets.iter()
                        .map(|set| set.iter().map(crate::notation::character).collect())
                        .collect()
                })
                .collect(),
            digits: evidence.digits.iter().map(|digit| digit.get()).collect(),
            eliminations: pairs(&step.eliminations, "<>"),
            groups: evidence.groups.iter().map(|group| cells(group)).collect(),
            houses: evidence.houses.iter().map(ToString::to_string).collect(),
            placements: pairs(&step.placements, "="),
            technique: step.technique.to_string(),
            text: step.explain(puzzle),
            totals: evidence.totals.clone(),
        }
    }
}

/// What a bank made of a rated record (`serve --bank`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BankNote {
    /// The earlier record of the puzzle (or an isomorph), when the bank knew it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub earlier: Option<crate::service::bank::StoredRecord>,
    /// The new puzzle's id, when it was stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    /// Why neither, on one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `stored`, `seen` or `error`.
    pub status: String,
}

/// A rating on HoDoKu's scale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct HodokuRecord {
    /// With `serve --bank`: stored, seen, or why neither.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<BankNote>,
    /// An f-puzzles link to play it (`null` where f-puzzles cannot hold the puzzle).
    pub fpuzzles: Option<String>,
    /// The hardest technique used.
    pub hardest: Option<String>,
    /// Easy, Medium, Hard, Unfair or Extreme (`null` when not rated to the end).
    pub level: Option<String>,
    /// Why the level is what it is (`explain`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level_reason: Option<String>,
    /// The 1-based line of the puzzle in its source.
    pub line: usize,
    /// The puzzle's name, if the notation carries one.
    pub name: Option<String>,
    /// The cells where the input's published solution differs from the digits the rating
    /// placed (the only solution's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published_solution_differs_at: Option<Vec<String>>,
    /// The puzzle as one line.
    pub puzzle: String,
    /// Why the rating stopped early.
    pub reason: Option<String>,
    /// The score: the sum of the techniques' base scores (`null` when not rated to the end).
    pub score: Option<u32>,
    /// Whether the path reached the solution.
    pub solved: bool,
    /// Where: `file:line`.
    pub source: String,
    /// `rated` or `beyond`.
    pub status: RatingStatus,
    /// The path, step by step (`explain`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<StepRecord>>,
    /// Why the rating stopped early (the same as `reason`).
    pub stopped: Option<String>,
    /// How many times each technique was used.
    pub techniques: BTreeMap<String, usize>,
    /// The number of trial steps.
    pub trial_steps: usize,
    /// The work the rating took (and its uniqueness proof, when it stopped there).
    pub work: u64,
}

fn hodoku_stop(grading: &Grading) -> Option<&'static str> {
    grading.stop.as_ref().map(|stop| match stop {
        Stop::NothingApplies => "no enabled technique applies",
        Stop::Contradiction => "the candidates contradict each other",
        Stop::NoSolution => "the puzzle has no solution",
        Stop::WorkLimit => "past the work limit (--work-limit)",
        Stop::AboveCeiling(_) => "the next step is above the level asked for",
        Stop::Stopped(Stopped::Cancelled) => "stopped: cancelled",
        Stop::Stopped(_) => "stopped: past the time or work limit",
    })
}

/// The f-puzzles link of a puzzle, where f-puzzles can hold it.
fn fpuzzles(entry: &Entry) -> Option<String> {
    crate::render::links::fpuzzles(&entry.puzzle, entry.name.as_deref()).ok()
}

impl HodokuRecord {
    /// The record of `grading`; with `explain`, its path.
    pub fn new(record: &Record, entry: &Entry, grading: &Grading, explain: bool) -> HodokuRecord {
        let rated = grading.solved;
        let stop = hodoku_stop(grading).map(str::to_string);
        HodokuRecord {
            bank: None,
            fpuzzles: fpuzzles(entry),
            hardest: grading.hardest.map(|technique| technique.to_string()),
            level: rated.then(|| grading.level.to_string()),
            level_reason: explain.then(|| grading.level_reason()),
            line: entry.line,
            name: entry.name.clone(),
            published_solution_differs_at: None,
            puzzle: puzzle_text(entry),
            reason: stop.clone(),
            score: rated.then_some(grading.score),
            solved: grading.solved,
            source: record.place(),
            status: RatingStatus::of(rated),
            steps: explain.then(|| {
                grading
                    .steps
                    .iter()
                    .map(|step| StepRecord::new(step, &entry.puzzle))
                    .collect()
            }),
            stopped: stop,
            techniques: grading
                .counts()
                .iter()
                .map(|(technique, count)| (technique.to_string(), *count))
                .collect(),
            trial_steps: grading.trial_steps,
            work: grading.work,
        }
    }

    /// The record of a puzzle whose uniqueness was not proved within the work limit.
    pub fn beyond(record: &Record, entry: &Entry, reason: &str, work: u64) -> HodokuRecord {
        HodokuRecord {
            bank: None,
            fpuzzles: fpuzzles(entry),
            hardest: None,
            level: None,
            level_reason: None,
            line: entry.line,
            name: entry.name.clone(),
            published_solution_differs_at: None,
            puzzle: puzzle_text(entry),
            reason: Some(reason.to_string()),
            score: None,
            solved: false,
            source: record.place(),
            status: RatingStatus::Beyond,
            steps: None,
            stopped: Some(reason.to_string()),
            techniques: BTreeMap::new(),
            trial_steps: 0,
            work,
        }
    }
}

/// A rating on Sudoku Explainer's scale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SeRecord {
    /// With `serve --bank`: stored, seen, or why neither.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<BankNote>,
    /// ED, the rating of the first step that places a digit (`null` when not rated).
    pub ed: Option<String>,
    /// EP, the rating of the first step that places a digit (`null` when not rated).
    pub ep: Option<String>,
    /// ER, the hardest step's rating (`null` when not rated).
    pub er: Option<String>,
    /// The puzzle with its rules as an f-puzzles link (`puzzle` holds the givens alone), so
    /// the record reads back; `null` where f-puzzles cannot hold the puzzle.
    pub fpuzzles: Option<String>,
    /// The hardest technique used.
    pub hardest: Option<String>,
    /// The 1-based line of the puzzle in its source.
    pub line: usize,
    /// The puzzle's name, if the notation carries one.
    pub name: Option<String>,
    /// The cells where the input's published solution differs from the digits the rating
    /// placed (the only solution's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published_solution_differs_at: Option<Vec<String>>,
    /// The puzzle as one line.
    pub puzzle: String,
    /// Why the rating stopped early.
    pub reason: Option<String>,
    /// Whether the path reached the solution.
    pub solved: bool,
    /// Where: `file:line`.
    pub source: String,
    /// `rated` or `beyond`.
    pub status: RatingStatus,
    /// Why the rating stopped early (the same as `reason`).
    pub stopped: Option<String>,
    /// How many times each technique was used.
    pub techniques: BTreeMap<String, usize>,
    /// The work the rating took.
    pub work: u64,
}

/// Why an SE rating stopped early.
pub fn se_stop(rating: &SeRating) -> Option<&'static str> {
    rating.stop.map(|stop| match stop {
        SeStop::Beyond => "no technique of the table applies",
        SeStop::WorkLimit => {
            "past the work limit: needs nested forcing chains at more states than a rating affords"
        }
        SeStop::Contradiction => "the candidates contradict each other",
        SeStop::Stopped(Stopped::Cancelled) => "stopped: cancelled",
        SeStop::Stopped(_) => "stopped: past the time or work limit",
    })
}

impl SeRecord {
    /// The record of `rating`.
    pub fn new(record: &Record, entry: &Entry, rating: &SeRating) -> SeRecord {
        let mut techniques = BTreeMap::new();
        for step in &rating.steps {
            *techniques.entry(step.technique.to_string()).or_insert(0) += 1;
        }
        let rated = |tenths: u32| rating.solved.then(|| format_tenths(tenths));
        let stop = se_stop(rating).map(str::to_string);
        SeRecord {
            bank: None,
            ed: rated(rating.ed),
            ep: rated(rating.ep),
            er: rated(rating.er),
            fpuzzles: fpuzzles(entry),
            hardest: rating.hardest.map(|technique| technique.to_string()),
            line: entry.line,
            name: entry.name.clone(),
            published_solution_differs_at: None,
            puzzle: puzzle_text(entry),
            reason: stop.clone(),
            solved: rating.solved,
            source: record.place(),
            status: RatingStatus::of(rating.solved),
            stopped: stop,
            techniques,
            work: rating.work,
        }
    }

    /// The record of a puzzle whose uniqueness was not proved within the work limit.
    pub fn beyond(record: &Record, entry: &Entry, reason: &str, work: u64) -> SeRecord {
        SeRecord {
            bank: None,
            ed: None,
            ep: None,
            er: None,
            fpuzzles: fpuzzles(entry),
            hardest: None,
            line: entry.line,
            name: entry.name.clone(),
            published_solution_differs_at: None,
            puzzle: puzzle_text(entry),
            reason: Some(reason.to_string()),
            solved: false,
            source: record.place(),
            status: RatingStatus::Beyond,
            stopped: Some(reason.to_string()),
            techniques: BTreeMap::new(),
            work,
        }
    }
}

/// One record of `grade`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
// a record is built once per puzzle and written at once: boxing its variants saves nothing
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum GradeRecord {
    /// The input could not be read, or could not be rated.
    Error(ErrorRecord),
    /// A puzzle with no solution or several: its count, not rated.
    Count(CountRecord),
    /// A rating on HoDoKu's scale.
    Hodoku(HodokuRecord),
    /// A rating on Sudoku Explainer's scale.
    Se(SeRecord),
}

impl GradeRecord {
    /// What a bank made of it (rated records only).
    pub fn set_bank(&mut self, note: BankNote) {
        match self {
            GradeRecord::Hodoku(rated) => rated.bank = Some(note),
            GradeRecord::Se(rated) => rated.bank = Some(note),
            _ => {}
        }
    }
}

impl Judged for GradeRecord {
    fn status_word(&self) -> &str {
        match self {
            GradeRecord::Error(_) => "error",
            GradeRecord::Count(counted) => counted.status.word(),
            GradeRecord::Hodoku(rated) => rated.status.word(),
            GradeRecord::Se(rated) => rated.status.word(),
        }
    }

    fn failure(&self) -> Option<&str> {
        match self {
            GradeRecord::Error(error) => Some(&error.reason),
            _ => None,
        }
    }

    fn work(&self) -> u64 {
        match self {
            GradeRecord::Hodoku(rated) => rated.work,
            GradeRecord::Se(rated) => rated.work,
            _ => 0,
        }
    }
}

impl Row for GradeRecord {
    fn field(&self, column: Column) -> String {
        match self {
            GradeRecord::Error(error) => error.field(column),
            GradeRecord::Count(counted) => counted.field(column),
            GradeRecord::Hodoku(rated) => match column {
                Column::Source => rated.source.clone(),
                Column::Name => text_of(&rated.name),
                Column::Status => rated.status.word().into(),
                Column::Puzzle => rated.puzzle.clone(),
                Column::Level => text_of(&rated.level),
                Column::Score => text_of(&rated.score),
                Column::Hardest => text_of(&rated.hardest),
                Column::TrialSteps => rated.trial_steps.to_string(),
                Column::Solved => rated.solved.to_string(),
                Column::Techniques => techniques_text(&rated.techniques),
                Column::Work => rated.work.to_string(),
                Column::PublishedSolutionDiffersAt => joined(&rated.published_solution_differs_at),
                Column::Reason => text_of(&rated.reason),
                _ => String::new(),
            },
            GradeRecord::Se(rated) => match column {
                Column::Source => rated.source.clone(),
                Column::Name => text_of(&rated.name),
                Column::Status => rated.status.word().into(),
                Column::Puzzle => rated.puzzle.clone(),
                Column::Er => text_of(&rated.er),
                Column::Ep => text_of(&rated.ep),
                Column::Ed => text_of(&rated.ed),
                Column::Hardest => text_of(&rated.hardest),
                Column::Solved => rated.solved.to_string(),
                Column::Techniques => techniques_text(&rated.techniques),
                Column::Work => rated.work.to_string(),
                Column::PublishedSolutionDiffersAt => joined(&rated.published_solution_differs_at),
                Column::Reason => text_of(&rated.reason),
                _ => String::new(),
            },
        }
    }
}
