//! True candidates (`check --candidates`, `POST /v1/candidates`): each cell's digits that
//! appear in at least one solution, found by the SAT engine, as a typed record. The search
//! of each puzzle runs within the caller's budget: stopped, its record is `beyond`, with
//! what was found so far and the reason in `stopped`.

use serde::{Deserialize, Serialize};

use super::answer::{Answer, Judged, Outcome};
use super::check::answer_of;
use super::columns::{text_of, Column, Row};
use super::input::{read_records, Record};
use super::records::{line, ErrorRecord};
use super::request::{self, RequestError};
use crate::budget::Budget;
use crate::model::Digit;
use crate::notation::Entry;
use crate::sat::TrueCandidates;

/// The most solutions the search finds when no limit is given: enough to decide every
/// candidate of a 9×9 (at most one solution per true candidate, 729).
pub const CANDIDATES_LIMIT: usize = 1000;

/// A true-candidates request: `POST /v1/candidates`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CandidatesRequest {
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
    /// The most solutions the search finds (2 to 1000; default 1000); a record with
    /// `complete` false was cut short.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(min = 2, max = 1000)))]
    pub limit: Option<u32>,
    /// The most work each puzzle's search may do, in the SAT engine's work units (see
    /// `sat::Effort`), looked at between solver calls; a record cut by it is `beyond`.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(min = 1)))]
    pub work_limit: Option<u64>,
}

/// The status of a true-candidates search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum CandidatesStatus {
    /// Exactly one solution.
    Unique,
    /// Several.
    Multiple,
    /// None.
    None,
    /// The limit stopped the search at the first solution.
    Unknown,
    /// The budget (work limit, time limit or a cancel) stopped the search before two
    /// solutions were found: `stopped` says why.
    Beyond,
}

/// The record of one puzzle's true candidates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CandidatesRecord {
    /// Each cell's candidates, row by row: `candidates[row][column]` lists its digits.
    pub candidates: Vec<Vec<Vec<u8>>>,
    /// Whether every candidate is decided; when false (the limit stopped the search) the
    /// digits listed each appear in a solution, and the others are undecided.
    pub complete: bool,
    /// Its line in the source.
    pub line: Option<usize>,
    /// Its name, if the notation carries one.
    pub name: Option<String>,
    /// Why there is no solution, when the pre-pass found it directly.
    pub reason: Option<String>,
    /// The grid's size n.
    pub size: u8,
    /// The first two solutions found, when there are several (line notation).
    pub solutions: Vec<String>,
    /// How many solutions the search found (not how many there are: each one found marks
    /// at least one new candidate, and the search stops when no solution holds another).
    pub solutions_found: usize,
    /// Where the puzzle came from (`file:line`).
    pub source: String,
    /// `unique`, `multiple` or `none`; `unknown` when the limit stopped the search at the
    /// first solution; `beyond` when the budget stopped it before two were found.
    pub status: CandidatesStatus,
    /// Why the budget stopped the search (`complete` is then false), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// The search's work, in the SAT engine's work units.
    pub work: u64,
}

impl CandidatesRecord {
    /// The record of `found` for the puzzle read as `record`.
    pub fn new(record: &Record, found: &TrueCandidates) -> CandidatesRecord {
        let geometry = found.geometry();
        let size = usize::from(geometry.size());
        let candidates = (0..size)
            .map(|row| {
                (0..size)
                    .map(|column| {
                        geometry
                            .cell(row, column)
                            .map(|cell| found.of(cell).iter().map(Digit::get).collect())
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .collect();
        let (line_number, name) = match &record.entry {
            Ok(entry) => (Some(entry.line), entry.name.clone()),
            Err(failure) => (failure.line, None),
        };
        CandidatesRecord {
            candidates,
            complete: found.complete,
            line: line_number,
            name,
            reason: found.reason.clone(),
            size: geometry.size(),
            solutions: if found.solutions_found > 1 {
                found.first_two.iter().map(line).collect()
            } else {
                Vec::new()
            },
            solutions_found: found.solutions_found,
            source: record.place(),
            status: match found.status() {
                "unique" => CandidatesStatus::Unique,
                "none" => CandidatesStatus::None,
                "multiple" => CandidatesStatus::Multiple,
                "stopped" => CandidatesStatus::Beyond,
                _ => CandidatesStatus::Unknown,
            },
            stopped: found.stopped.map(|stopped| stopped.to_string()),
            work: found.effort.work(),
        }
    }
}

/// One record of a true-candidates answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
// a record is built once per puzzle and written at once: boxing its variants saves nothing
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum CandidatesAnswerRecord {
    /// The input could not be read, or the engine failed.
    Error(ErrorRecord),
    /// The candidates.
    Candidates(CandidatesRecord),
}

/// The true candidates of one puzzle, finding at most `limit` solutions, within `budget`
/// (its work limit in the SAT engine's units): stopped, the candidates found so far with
/// the reason (see [`TrueCandidates::stopped`]).
pub fn judge(entry: &Entry, limit: usize, budget: &Budget) -> Result<TrueCandidates, String> {
    crate::sat::true_candidates_within(&entry.puzzle, limit, budget)
        .map_err(|error| format!("SAT engine: {error}"))
}

/// The outcome a search adds to a run: as its count would (a stopped search is not a
/// success: the answer is then `beyond`, or `not_unique` beside a puzzle that is).
pub fn outcome(found: &TrueCandidates) -> Outcome {
    if found.status() == "unique" {
        Outcome::Success
    } else {
        Outcome::NotUnique
    }
}

/// The true candidates of every puzzle of the request, each search within `budget` (with
/// the request's work limit for each puzzle, when it gives one).
pub fn candidates(
    request: &CandidatesRequest,
    budget: &Budget,
) -> Result<Answer<CandidatesAnswerRecord>, RequestError> {
    let input = request::input(
        &request.puzzle,
        request.input_format.as_deref(),
        request.diagonals.as_deref(),
        budget,
    )?;
    let limit = request::listed(request.limit, 2)?.unwrap_or(CANDIDATES_LIMIT);
    let budget = match request.work_limit {
        Some(0) => return Err(RequestError("work_limit 0: must be 1 or more".to_string())),
        Some(work_limit) => budget.clone().with_work_limit(work_limit),
        None => budget.clone().without_work_limit(),
    };
    let records = read_records(&input);
    let found: Vec<Option<Result<TrueCandidates, String>>> =
        crate::service::each_in_order(&records, |record| {
            let entry = record.entry.as_ref().ok()?;
            Some(judge(entry, limit, &budget))
        });
    Ok(answer_of(
        records
            .iter()
            .zip(found)
            .map(|(read, found)| record(read, found)),
    ))
}

/// The record of one puzzle read (`found` is `None` for one that could not be read) and the
/// outcome it adds to the run.
pub fn record(
    read: &Record,
    found: Option<Result<TrueCandidates, String>>,
) -> (CandidatesAnswerRecord, Outcome) {
    match (found, ErrorRecord::unreadable(read)) {
        (_, Some(error)) => (CandidatesAnswerRecord::Error(error), Outcome::BadInput),
        (Some(Ok(found)), None) => (
            CandidatesAnswerRecord::Candidates(CandidatesRecord::new(read, &found)),
            outcome(&found),
        ),
        (Some(Err(reason)), None) => (
            CandidatesAnswerRecord::Error(ErrorRecord::new(
                read,
                &format!("engine failed: {reason}"),
            )),
            Outcome::BadInput,
        ),
        (None, None) => (
            CandidatesAnswerRecord::Error(ErrorRecord::new(read, "no answer was computed")),
            Outcome::BadInput,
        ),
    }
}

impl Judged for CandidatesAnswerRecord {
    fn status_word(&self) -> &str {
        match self {
            CandidatesAnswerRecord::Error(_) => "error",
            CandidatesAnswerRecord::Candidates(found) => match found.status {
                CandidatesStatus::Unique => "unique",
                CandidatesStatus::Multiple => "multiple",
                CandidatesStatus::None => "none",
                CandidatesStatus::Unknown => "unknown",
                CandidatesStatus::Beyond => "beyond",
            },
        }
    }

    fn failure(&self) -> Option<&str> {
        match self {
            CandidatesAnswerRecord::Error(error) => Some(&error.reason),
            CandidatesAnswerRecord::Candidates(_) => None,
        }
    }
}

impl Row for CandidatesAnswerRecord {
    fn field(&self, column: Column) -> String {
        match self {
            CandidatesAnswerRecord::Error(error) => error.field(column),
            CandidatesAnswerRecord::Candidates(found) => match column {
                Column::Source => found.source.clone(),
                Column::Name => text_of(&found.name),
                Column::Status => self.status_word().to_string(),
                Column::Reason => text_of(&found.reason),
                _ => String::new(),
            },
        }
    }
}
