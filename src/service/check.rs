//! `check`: how many solutions each puzzle has (up to a limit), with a second solution and
//! the cells where they differ when there are several; every solution up to the limit with
//! `all`; setter help with `suggest`.

use serde::{Deserialize, Serialize};

use super::answer::{Answer, Judged, Outcome};
use super::columns::{text_of, Column, Row};
use super::input::{read_records, Record};
use super::records::{joined, line, CountRecord, CountStatus, ErrorRecord};
use super::request::{self, RequestError};
use super::suggest::{self, Advice, SuggestRecord};
use super::uniqueness::{self, Engine};
use crate::budget::Budget;
use crate::model::Grid;
use crate::notation::Entry;
use crate::Count;

/// A check request: `POST /v1/check`, or `sudokit check`'s flags.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The puzzle(s), in any notation sudokit reads (line, grid, CSV, killer text or TSV,
    /// RON, f-puzzles JSON or link, SudokuPad link).
    pub puzzle: String,
    /// The notation, when detection should not guess.
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "request::input_format_schema")
    )]
    pub input_format: Option<String>,
    /// `both`, `main` or `anti`: add the X rule.
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "request::diagonals_schema")
    )]
    pub diagonals: Option<String>,
    /// Count solutions up to this many (2 to 1000; default 2, or 100 with `all`).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(min = 2, max = 1000)))]
    pub limit: Option<u32>,
    /// List every solution up to `limit`.
    #[serde(default)]
    pub all: bool,
    /// Setter help for a puzzle that is not unique or has no solution.
    #[serde(default)]
    pub suggest: bool,
}

/// How each puzzle is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckSettings {
    /// The engine that answers.
    pub engine: Engine,
    /// Count (or list) solutions up to this many.
    pub limit: usize,
    /// List every solution up to the limit.
    pub all: bool,
    /// Add setter help.
    pub suggest: bool,
    /// The most work the setter help may do for one puzzle, in a rating's units (none: the
    /// default, [`suggest::DEFAULT_WORK_LIMIT`]); past it the record says the suggestion was
    /// stopped, and the answer stands.
    pub suggest_work_limit: Option<u64>,
}

impl CheckSettings {
    /// The settings of `engine`, `limit` (default 2, or 100 with `all`), `all` and `suggest`.
    pub fn new(engine: Engine, limit: Option<usize>, all: bool, suggest: bool) -> CheckSettings {
        CheckSettings {
            engine,
            limit: limit.unwrap_or(if all { 100 } else { 2 }),
            all,
            suggest,
            suggest_work_limit: None,
        }
    }

    /// The same settings, the setter help within `work_limit` (none: the default).
    pub fn with_suggest_work_limit(mut self, work_limit: Option<u64>) -> CheckSettings {
        self.suggest_work_limit = work_limit;
        self
    }

    /// The budget of one puzzle's setter help: `budget`'s flag and deadline, and the
    /// suggestion's work limit (its own, not `budget`'s, which bounds the count).
    pub fn suggest_budget(&self, budget: &Budget) -> Budget {
        budget.clone().with_work_limit(
            self.suggest_work_limit
                .unwrap_or(suggest::DEFAULT_WORK_LIMIT),
        )
    }
}

/// What the engine said of one puzzle.
pub enum Verdict {
    /// The count, with the setter's advice when it was asked for.
    Counted(Count, Option<Box<Advice>>),
    /// Every solution up to the limit.
    Listed(Vec<Grid>),
    /// Why no engine could answer.
    Failed(String),
}

/// Checks one puzzle within `budget`.
pub fn judge(entry: &Entry, settings: &CheckSettings, budget: &Budget) -> Verdict {
    let result = if settings.all {
        uniqueness::solutions_within(settings.engine, &entry.puzzle, settings.limit, budget)
            .map(Verdict::Listed)
    } else {
        uniqueness::count_within(settings.engine, &entry.puzzle, settings.limit, budget).map(
            |count| {
                let advice = settings.suggest.then(|| {
                    let budget = settings.suggest_budget(budget);
                    Box::new(suggest::advise(entry, &count, &budget))
                });
                Verdict::Counted(count, advice)
            },
        )
    };
    result.unwrap_or_else(Verdict::Failed)
}

/// Every solution found up to the limit (`all`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ListRecord {
    /// The solutions, one line each.
    pub all: Vec<String>,
    /// Whether the listing stopped at the limit.
    pub at_least: bool,
    /// Who set the puzzle, when its document says (f-puzzles' `author`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// The 1-based line of the puzzle in its source.
    pub line: usize,
    /// The puzzle's name, if the notation carries one.
    pub name: Option<String>,
    /// How many solutions were listed.
    pub solutions: usize,
    /// Where: `file:line`.
    pub source: String,
    /// `unique`, `multiple` or `none`.
    pub status: CountStatus,
}

/// One record of `check`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
// a record is built once per puzzle and written at once: boxing its variants saves nothing
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum CheckRecord {
    /// The input could not be read, or no engine answered.
    Error(ErrorRecord),
    /// Every solution up to the limit.
    Listed(ListRecord),
    /// The count.
    Count(CountRecord),
}

pub use super::records::published_mismatch;

/// The record of one puzzle read (`verdict` is `None` for one that could not be read) and
/// the outcome it adds to the run.
pub fn record(
    record: &Record,
    verdict: Option<&Verdict>,
    settings: &CheckSettings,
) -> (CheckRecord, Outcome) {
    let (entry, verdict) = match (&record.entry, verdict) {
        (Ok(entry), Some(verdict)) => (entry, verdict),
        (Err(failure), _) => {
            let error = ErrorRecord::new(record, &failure.reason);
            return (CheckRecord::Error(error), Outcome::BadInput);
        }
        (Ok(_), None) => {
            let error = ErrorRecord::new(record, "no answer was computed");
            return (CheckRecord::Error(error), Outcome::BadInput);
        }
    };
    match verdict {
        Verdict::Failed(reason) => {
            let error = ErrorRecord::new(record, &format!("engine failed: {reason}"));
            (CheckRecord::Error(error), Outcome::BadInput)
        }
        Verdict::Listed(solutions) => {
            let mismatch = solutions
                .first()
                .and_then(|first| published_mismatch(entry, first));
            let outcome = if solutions.len() == 1 && mismatch.is_none() {
                Outcome::Success
            } else {
                Outcome::NotUnique
            };
            let listed = ListRecord {
                all: solutions.iter().map(line).collect(),
                at_least: solutions.len() >= settings.limit,
                author: entry.metadata.author.clone(),
                line: entry.line,
                name: entry.name.clone(),
                solutions: solutions.len(),
                source: record.place(),
                status: CountStatus::of(solutions.len()),
            };
            (CheckRecord::Listed(listed), outcome)
        }
        Verdict::Counted(count, advice) => {
            let mut counted = CountRecord::new(record, entry, count, settings.limit);
            let mismatch = count
                .solution()
                .filter(|_| count.is_unique())
                .and_then(|solution| published_mismatch(entry, solution));
            let outcome = if count.is_unique() && mismatch.is_none() {
                Outcome::Success
            } else {
                Outcome::NotUnique
            };
            counted.published_solution_differs_at = mismatch;
            if let Some(advice) = advice {
                counted.suggest = Some(SuggestRecord::of(advice));
            }
            (CheckRecord::Count(counted), outcome)
        }
    }
}

/// Checks every puzzle of the request, in parallel, within `budget`.
pub fn check(request: &CheckRequest, budget: &Budget) -> Result<Answer<CheckRecord>, RequestError> {
    let input = request::input(
        &request.puzzle,
        request.input_format.as_deref(),
        request.diagonals.as_deref(),
        budget,
    )?;
    let limit = request::listed(request.limit, 2)?;
    let settings = CheckSettings::new(Engine::Sat, limit, request.all, request.suggest);
    let records = read_records(&input);
    let verdicts: Vec<Option<Verdict>> = crate::service::each_in_order(&records, |record| {
        let entry = record.entry.as_ref().ok()?;
        Some(judge(entry, &settings, budget))
    });
    Ok(answer_of(records.iter().zip(&verdicts).map(
        |(read, verdict)| record(read, verdict.as_ref(), &settings),
    )))
}

/// The answer of records and their outcomes.
pub fn answer_of<R: Judged>(answered: impl Iterator<Item = (R, Outcome)>) -> Answer<R> {
    let mut outcome = Outcome::Success;
    let mut records = Vec::new();
    for (record, its) in answered {
        outcome = outcome.worst(its);
        records.push(record);
    }
    Answer::new(records, outcome)
}

impl Judged for CheckRecord {
    fn status_word(&self) -> &str {
        match self {
            CheckRecord::Error(_) => "error",
            CheckRecord::Listed(listed) => listed.status.word(),
            CheckRecord::Count(counted) => counted.status.word(),
        }
    }

    fn failure(&self) -> Option<&str> {
        match self {
            CheckRecord::Error(error) => Some(&error.reason),
            _ => None,
        }
    }
}

impl Row for ErrorRecord {
    fn field(&self, column: Column) -> String {
        match column {
            Column::Source => self.source.clone(),
            Column::Name => text_of(&self.name),
            Column::Status => "error".into(),
            Column::Reason => self.reason.clone(),
            _ => String::new(),
        }
    }
}

impl Row for CountRecord {
    fn field(&self, column: Column) -> String {
        match column {
            Column::Source => self.source.clone(),
            Column::Name => text_of(&self.name),
            Column::Status => self.status.word().into(),
            Column::Puzzle => text_of(&self.puzzle),
            Column::Solutions => self.solutions.to_string(),
            Column::AtLeast => self.at_least.to_string(),
            Column::Solution => text_of(&self.solution),
            Column::Second => text_of(&self.second),
            Column::Differences => joined(&self.differences),
            Column::PublishedSolutionDiffersAt => joined(&self.published_solution_differs_at),
            Column::Reason => text_of(&self.reason.clone().flatten()),
            Column::Suggest => self
                .suggest
                .clone()
                .flatten()
                .map(|suggest| suggest.csv())
                .unwrap_or_default(),
            _ => String::new(),
        }
    }
}

impl Row for ListRecord {
    fn field(&self, column: Column) -> String {
        match column {
            Column::Source => self.source.clone(),
            Column::Name => text_of(&self.name),
            Column::Status => self.status.word().into(),
            Column::Solutions => self.solutions.to_string(),
            Column::AtLeast => self.at_least.to_string(),
            _ => String::new(),
        }
    }
}

impl Row for CheckRecord {
    fn field(&self, column: Column) -> String {
        match self {
            CheckRecord::Error(error) => error.field(column),
            CheckRecord::Listed(listed) => listed.field(column),
            CheckRecord::Count(counted) => counted.field(column),
        }
    }
}
