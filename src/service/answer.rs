//! One answer to a request: its records, in input order, and the status they come to (the
//! exit code of the command line, as a word).

use serde::{Deserialize, Serialize};

/// How a run ended, the worst of its records: mapped to the command line's exit codes and
/// to an answer's `status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything asked for held (every puzzle unique, every rating complete).
    Success,
    /// Some puzzle was not unique or had no solution, or a rating stopped early, or a
    /// published solution differs.
    NotUnique,
    /// Some input could not be read or answered.
    BadInput,
}

impl Outcome {
    /// The process exit code: 0, 1 or 2.
    pub fn exit_code(self) -> std::process::ExitCode {
        match self {
            Outcome::Success => std::process::ExitCode::SUCCESS,
            Outcome::NotUnique => std::process::ExitCode::from(1),
            Outcome::BadInput => std::process::ExitCode::from(2),
        }
    }

    /// The worse of two outcomes.
    pub fn worst(self, other: Outcome) -> Outcome {
        let rank = |outcome| match outcome {
            Outcome::Success => 0,
            Outcome::NotUnique => 1,
            Outcome::BadInput => 2,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

/// The status of a whole answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum AnswerStatus {
    /// Every puzzle unique, every rating complete.
    Ok,
    /// Some puzzle has several solutions or none (or a published solution differs).
    NotUnique,
    /// Every puzzle unique, but some rating stopped at the work limit.
    Beyond,
    /// An input could not be read (HTTP 422, with the reason).
    Error,
}

/// What a record tells the answer it is part of.
pub trait Judged {
    /// The record's status word (`unique`, `rated`, `beyond`, `error`, …).
    fn status_word(&self) -> &str;
    /// Why it failed, for an `error` record.
    fn failure(&self) -> Option<&str>;
    /// The work its answer took (a rating's work units; 0 elsewhere).
    fn work(&self) -> u64 {
        0
    }
}

/// The records of one request, in input order, and their status.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "{R}Answer"))]
pub struct Answer<R> {
    /// The first record's reason when the status is `error`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// One record per puzzle read.
    pub records: Vec<R>,
    /// `ok`, `not_unique`, `beyond` or `error`.
    pub status: AnswerStatus,
}

impl<R: Judged> Answer<R> {
    /// The answer of `records` whose worst outcome is `outcome`: `error` with the first
    /// failure's reason; `beyond` when nothing is worse than a rating stopped early.
    pub fn new(records: Vec<R>, outcome: Outcome) -> Answer<R> {
        let has = |word: &str| records.iter().any(|record| record.status_word() == word);
        let status = match outcome {
            Outcome::Success => AnswerStatus::Ok,
            // a unique puzzle whose rating stopped at the work limit is not "not unique"
            Outcome::NotUnique if !has("multiple") && !has("none") && has("beyond") => {
                AnswerStatus::Beyond
            }
            Outcome::NotUnique => AnswerStatus::NotUnique,
            Outcome::BadInput => AnswerStatus::Error,
        };
        let reason = (status == AnswerStatus::Error).then(|| {
            records
                .iter()
                .find_map(|record| record.failure())
                .unwrap_or("the input could not be read")
                .to_string()
        });
        Answer {
            reason,
            records,
            status,
        }
    }

    /// The work its records took.
    pub fn work(&self) -> u64 {
        self.records.iter().map(Judged::work).sum()
    }
}

/// A one-line refusal of a whole request: a body that is not the request's JSON, a value a
/// field does not take, a puzzle that cannot be drawn, the server busy or past its time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Refusal {
    /// Why, on one line.
    pub reason: String,
    /// Always `error`.
    pub status: super::records::ErrorStatus,
}

impl Refusal {
    /// The refusal saying `reason`.
    pub fn new(reason: impl Into<String>) -> Refusal {
        Refusal {
            reason: reason.into(),
            status: super::records::ErrorStatus::Error,
        }
    }
}
