//! `grade`: rate each puzzle with exactly one solution by the human techniques its path
//! needs, on HoDoKu's scale or Sudoku Explainer's; a puzzle with none or several is answered
//! with its count, never rated. Uniqueness is proved once, by [`uniqueness::prove`] within
//! the rating's work limit, and the solution handed to the grader.

mod records;

pub use records::{puzzle_text, se_stop, BankNote};

pub use records::{GradeRecord, HodokuRecord, RatingStatus, SeRecord, StepRecord};

use serde::{Deserialize, Serialize};

use super::answer::{Answer, Outcome};
use super::check::answer_of;
use super::input::{read_records, Record};
use super::records::{CountRecord, ErrorRecord};
use super::request::{self, RequestError};
use super::uniqueness::{self, Proof};
use crate::budget::Budget;
use crate::grade::explainer::{SeRater, SeRating, SeTable};
use crate::grade::{Grader, Grading, TechniqueTable};
use crate::notation::Entry;
use crate::Count;

/// A grading request: `POST /v1/grade`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GradeRequest {
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
    /// `hodoku` (default), `se` or `se121`.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(schema_with = "scale_schema"))]
    pub scale: Option<String>,
    /// Add each rated puzzle's path, step by step, with the cells of each step.
    #[serde(default)]
    pub explain: bool,
    /// A work limit below the server's; it bounds the uniqueness proof too.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(range(min = 1)))]
    pub work_limit: Option<u64>,
}

#[cfg(feature = "schema")]
fn scale_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": ["string", "null"],
        "enum": ["hodoku", "se", "se121", null],
        "description": "The difficulty scale: HoDoKu's levels and scores, or Sudoku Explainer's ratings"
    })
}

/// The difficulty scales.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// HoDoKu 2.2: level and score.
    Hodoku,
    /// Sudoku Explainer ER/EP/ED with the Sukaku Explainer fork's techniques.
    Se,
    /// Sudoku Explainer 1.2.1's own techniques.
    Se121,
}

impl std::str::FromStr for Scale {
    type Err = RequestError;

    fn from_str(text: &str) -> Result<Scale, RequestError> {
        match text {
            "hodoku" => Ok(Scale::Hodoku),
            "se" => Ok(Scale::Se),
            "se121" => Ok(Scale::Se121),
            other => Err(RequestError::invalid(
                "scale",
                other,
                "give hodoku, se or se121",
            )),
        }
    }
}

/// The table a rating follows.
#[derive(Debug, Clone)]
pub enum Table {
    /// HoDoKu's scale.
    Hodoku(TechniqueTable),
    /// Sudoku Explainer's scale.
    Se(SeTable),
}

impl Table {
    /// The built-in table of `scale`.
    pub fn builtin(scale: Scale) -> Table {
        match scale {
            Scale::Hodoku => Table::Hodoku(TechniqueTable::default()),
            Scale::Se => Table::Se(SeTable::explainer()),
            Scale::Se121 => Table::Se(SeTable::original()),
        }
    }
}

/// How each puzzle is rated.
#[derive(Debug, Clone)]
pub struct GradeSettings {
    /// The scale's table.
    pub table: Table,
    /// Add each rated puzzle's path (to JSON records).
    pub explain: bool,
    /// The work one puzzle's rating, and its uniqueness proof, may take.
    pub work_limit: u64,
}

impl GradeSettings {
    /// The settings of `table`, with the scale's default work limit when none is given.
    pub fn new(table: Table, explain: bool, work_limit: Option<u64>) -> GradeSettings {
        let default = match table {
            Table::Hodoku(_) => crate::grade::DEFAULT_WORK_LIMIT,
            Table::Se(_) => crate::grade::explainer::DEFAULT_WORK_LIMIT,
        };
        GradeSettings {
            table,
            explain,
            work_limit: work_limit.unwrap_or(default),
        }
    }
}

/// A rating on either scale.
pub enum Rating {
    /// HoDoKu's.
    Hodoku(Box<Grading>),
    /// Sudoku Explainer's.
    Se(Box<SeRating>),
}

/// What grading one puzzle came to.
pub enum Judged {
    /// The puzzle has exactly one solution and was rated.
    Rated(Rating),
    /// The puzzle has no solution or several: it is not rated.
    NotUnique(Count),
    /// Its uniqueness could not be proved within the work limit: the reason.
    Beyond(String),
    /// The engine or the rater failed, or the grader does not rate a rule of the puzzle.
    Failed(String),
}

/// Rates one puzzle within `budget`: uniqueness proved once (see [`uniqueness::prove`]),
/// the solution handed to the grader.
pub fn judge(entry: &Entry, settings: &GradeSettings, budget: &Budget) -> Judged {
    if let Some(reason) = crate::grade::unrated_rule(&entry.puzzle) {
        return Judged::Failed(reason);
    }
    let solution = match uniqueness::prove(&entry.puzzle, settings.work_limit, budget) {
        Ok(Proof::Counted(Count::Unique(solution), _)) => solution,
        Ok(Proof::Counted(count, _)) => return Judged::NotUnique(count),
        Ok(Proof::Beyond(reason)) => return Judged::Beyond(reason),
        Err(reason) => return Judged::Failed(format!("engine failed: {reason}")),
    };
    match &settings.table {
        Table::Hodoku(table) => Judged::Rated(Rating::Hodoku(Box::new(
            Grader::with_table(&entry.puzzle, table.clone())
                .with_unique_solution(&solution)
                .with_work_limit(settings.work_limit)
                .with_budget(budget)
                .grade(),
        ))),
        Table::Se(table) => match SeRater::with_table(&entry.puzzle, table.clone()) {
            Ok(rater) => Judged::Rated(Rating::Se(Box::new(
                rater
                    .with_unique_solution(&solution)
                    .with_work_limit(settings.work_limit)
                    .with_budget(budget)
                    .rate(),
            ))),
            Err(error) => Judged::Failed(error.to_string()),
        },
    }
}

/// The record of one puzzle read (`judged` is `None` for one that could not be read) and
/// the outcome it adds to the run.
pub fn record(
    record: &Record,
    judged: Option<&Judged>,
    settings: &GradeSettings,
) -> (GradeRecord, Outcome) {
    let entry = match (&record.entry, judged) {
        (Err(failure), _) => {
            let error = ErrorRecord::new(record, &failure.reason);
            return (GradeRecord::Error(error), Outcome::BadInput);
        }
        (Ok(entry), Some(_)) => entry,
        (Ok(_), None) => {
            let error = ErrorRecord::new(record, "no answer was computed");
            return (GradeRecord::Error(error), Outcome::BadInput);
        }
    };
    let scale_is_se = matches!(settings.table, Table::Se(_));
    match judged {
        Some(Judged::Failed(reason)) => (
            GradeRecord::Error(ErrorRecord::new(record, reason)),
            Outcome::BadInput,
        ),
        Some(Judged::NotUnique(count)) => {
            let mut counted = CountRecord::new(record, entry, count, 2);
            counted.puzzle = Some(records::puzzle_text(entry));
            (GradeRecord::Count(counted), Outcome::NotUnique)
        }
        Some(Judged::Beyond(reason)) if scale_is_se => (
            GradeRecord::Se(SeRecord::beyond(record, entry, reason, settings.work_limit)),
            Outcome::NotUnique,
        ),
        Some(Judged::Beyond(reason)) => (
            GradeRecord::Hodoku(HodokuRecord::beyond(
                record,
                entry,
                reason,
                settings.work_limit,
            )),
            Outcome::NotUnique,
        ),
        Some(Judged::Rated(Rating::Hodoku(grading))) => {
            let outcome = if grading.solved
                && super::solve::published_differs(entry, &grading.grid).is_none()
            {
                Outcome::Success
            } else {
                Outcome::NotUnique
            };
            let mut rated = HodokuRecord::new(record, entry, grading, settings.explain);
            rated.published_solution_differs_at =
                super::solve::published_differs(entry, &grading.grid);
            (GradeRecord::Hodoku(rated), outcome)
        }
        Some(Judged::Rated(Rating::Se(rating))) => {
            let outcome = if rating.solved
                && super::solve::published_differs(entry, &rating.grid).is_none()
            {
                Outcome::Success
            } else {
                Outcome::NotUnique
            };
            let mut rated = SeRecord::new(record, entry, rating);
            rated.published_solution_differs_at =
                super::solve::published_differs(entry, &rating.grid);
            (GradeRecord::Se(rated), outcome)
        }
        None => unreachable!("an unjudged entry is answered above"),
    }
}

/// The settings of a request, its work limit capped at `most` (the server's).
pub fn settings(request: &GradeRequest, most: u64) -> Result<GradeSettings, RequestError> {
    let scale = match &request.scale {
        Some(name) => name.parse::<Scale>()?,
        None => Scale::Hodoku,
    };
    if request.work_limit == Some(0) {
        // as the schema says (its minimum is 1), and as `check` refuses it
        return Err(RequestError("work_limit 0: must be 1 or more".to_string()));
    }
    let work_limit = request.work_limit.unwrap_or(most).min(most);
    Ok(GradeSettings::new(
        Table::builtin(scale),
        request.explain,
        Some(work_limit),
    ))
}

/// Rates every puzzle of the request, in parallel, within `budget`, its work limit capped at
/// `most`. Also hands back the entries read, in record order (a bank keeps the rated ones).
pub fn grade(
    request: &GradeRequest,
    most: u64,
    budget: &Budget,
) -> Result<(Answer<GradeRecord>, Vec<Record>), RequestError> {
    let input = request::input(
        &request.puzzle,
        request.input_format.as_deref(),
        request.diagonals.as_deref(),
        budget,
    )?;
    let settings = settings(request, most)?;
    let records = read_records(&input);
    let judged: Vec<Option<Judged>> = crate::service::each_in_order(&records, |record| {
        let entry = record.entry.as_ref().ok()?;
        Some(judge(entry, &settings, budget))
    });
    let answer = answer_of(
        records
            .iter()
            .zip(&judged)
            .map(|(read, judged)| record(read, judged.as_ref(), &settings)),
    );
    Ok((answer, records))
}
