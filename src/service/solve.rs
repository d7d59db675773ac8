//! `solve`: each puzzle's solution; for one with several, up to a limit of them listed by the
//! SAT engine.

use serde::{Deserialize, Serialize};

use super::answer::{Answer, Judged, Outcome};
use super::check::answer_of;
use super::columns::{Column, Row};
use super::input::{read_records, Record};
use super::records::{line, CountRecord, ErrorRecord};
use super::request::{self, RequestError};
use super::uniqueness::{self, Engine};
use crate::budget::Budget;
use crate::model::{Grid, Puzzle};
use crate::notation::Entry;
use crate::Count;

/// A solving request: `POST /v1/solve`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The puzzle(s), in any notation sudokit reads.
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
    /// For a puzzle with several solutions, list up to this many (1 to 1000).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = 1000)))]
    pub limit: Option<u32>,
}

/// How each puzzle is solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveSettings {
    /// The engine that counts.
    pub engine: Engine,
    /// For a puzzle with several solutions, list up to this many.
    pub limit: Option<usize>,
}

/// One puzzle's answer: its count, and the solutions listed when asked.
pub struct Solved {
    /// The count, up to 2.
    pub count: Count,
    /// The solutions listed (several solutions and a limit).
    pub listed: Vec<Grid>,
}

impl Solved {
    /// The count to report and the limit it was counted to: the listing's, when there is
    /// one (13 solutions listed under a limit of 100 are 13, not "at least 2").
    pub fn counted(&self, listed_up_to: Option<usize>) -> (Count, usize) {
        match (&self.count, listed_up_to) {
            (Count::Multiple { first, second, .. }, Some(limit)) if self.listed.len() > 1 => (
                Count::Multiple {
                    first: first.clone(),
                    second: second.clone(),
                    found: self.listed.len(),
                },
                limit,
            ),
            (count, _) => (count.clone(), 2),
        }
    }
}

/// Counts up to 2 with the chosen engine, and lists up to the limit of solutions (SAT
/// engine) when there are several.
pub fn solve(puzzle: &Puzzle, settings: &SolveSettings, budget: &Budget) -> Result<Solved, String> {
    let count = uniqueness::count_within(settings.engine, puzzle, 2, budget)?;
    let listed = match (&count, settings.limit) {
        (Count::Multiple { .. }, Some(limit)) => {
            uniqueness::solutions_within(Engine::Sat, puzzle, limit, budget)?
        }
        _ => Vec::new(),
    };
    Ok(Solved { count, listed })
}

/// The cells where the puzzle's published solution differs from `grid` (full or not: every
/// digit a rating placed is the only solution's), if it does.
pub fn published_differs(entry: &Entry, grid: &Grid) -> Option<Vec<String>> {
    let published = entry.solution.as_ref()?;
    let cells: Vec<String> = grid
        .filled()
        .filter(|&(cell, digit)| published.get(cell) != Some(digit))
        .map(|(cell, _)| cell.to_string())
        .collect();
    (!cells.is_empty()).then_some(cells)
}

/// One record of `solve`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
// a record is built once per puzzle and written at once: boxing its variants saves nothing
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum SolveRecord {
    /// The input could not be read, or no engine answered.
    Error(ErrorRecord),
    /// The count, the solution, and the solutions listed.
    Count(CountRecord),
}

/// The record of one puzzle read and the outcome it adds to the run.
pub fn record(
    record: &Record,
    solved: Option<&Result<Solved, String>>,
    settings: &SolveSettings,
) -> (SolveRecord, Outcome) {
    let (entry, solved) = match (&record.entry, solved) {
        (Err(failure), _) => {
            let error = ErrorRecord::new(record, &failure.reason);
            return (SolveRecord::Error(error), Outcome::BadInput);
        }
        (Ok(entry), Some(Ok(solved))) => (entry, solved),
        (Ok(_), Some(Err(reason))) => {
            let error = ErrorRecord::new(record, &format!("engine failed: {reason}"));
            return (SolveRecord::Error(error), Outcome::BadInput);
        }
        (Ok(_), None) => {
            let error = ErrorRecord::new(record, "no answer was computed");
            return (SolveRecord::Error(error), Outcome::BadInput);
        }
    };
    let (count, limit) = solved.counted(settings.limit);
    let mut outcome = if count.is_unique() {
        Outcome::Success
    } else {
        Outcome::NotUnique
    };
    if let Count::Unique(solution) = &solved.count {
        if published_differs(entry, solution).is_some() {
            outcome = Outcome::NotUnique;
        }
    }
    let mut counted = CountRecord::new(record, entry, &count, limit);
    if !solved.listed.is_empty() {
        counted.all = Some(solved.listed.iter().map(line).collect());
    }
    (SolveRecord::Count(counted), outcome)
}

/// Solves every puzzle of the request, in parallel, within `budget`.
pub fn answer(
    request: &SolveRequest,
    budget: &Budget,
) -> Result<Answer<SolveRecord>, RequestError> {
    let input = request::input(
        &request.puzzle,
        request.input_format.as_deref(),
        request.diagonals.as_deref(),
        budget,
    )?;
    let settings = SolveSettings {
        engine: Engine::Auto,
        limit: request::listed(request.limit, 1)?,
    };
    let records = read_records(&input);
    let solved: Vec<Option<Result<Solved, String>>> =
        crate::service::each_in_order(&records, |record| {
            let entry = record.entry.as_ref().ok()?;
            Some(solve(&entry.puzzle, &settings, budget))
        });
    Ok(answer_of(records.iter().zip(&solved).map(
        |(read, solved)| record(read, solved.as_ref(), &settings),
    )))
}

impl Judged for SolveRecord {
    fn status_word(&self) -> &str {
        match self {
            SolveRecord::Error(_) => "error",
            SolveRecord::Count(counted) => counted.status.word(),
        }
    }

    fn failure(&self) -> Option<&str> {
        match self {
            SolveRecord::Error(error) => Some(&error.reason),
            SolveRecord::Count(_) => None,
        }
    }
}

impl Row for SolveRecord {
    fn field(&self, column: Column) -> String {
        match self {
            SolveRecord::Error(error) => error.field(column),
            SolveRecord::Count(counted) => counted.field(column),
        }
    }
}
