//! What every record shares: where its puzzle came from, the `error` record of an input that
//! could not be read or answered, and the fields a solution count adds. Fields are declared
//! in the order of their names, the order the records have always been written in.

use serde::{Deserialize, Serialize};

use super::input::Record;
use crate::model::{Grid, Relation};
use crate::notation::{self, Entry, Format};
use crate::Count;

/// A field written as `null` when known to be empty and left out when it does not apply:
/// `None` leaves it out, `Some(None)` writes `null`.
pub mod present {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes the inner value (`null` for `Some(None)`); `None` is skipped by the field.
    pub fn serialize<T: Serialize, S: Serializer>(
        value: &Option<Option<T>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(inner) => inner.serialize(serializer),
            None => serializer.serialize_none(),
        }
    }

    /// A present field, `null` or not, is `Some`.
    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        Option::<T>::deserialize(deserializer).map(Some)
    }
}

/// The one status of an `error` record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ErrorStatus {
    /// The input could not be read or answered.
    Error,
}

/// The record of an input that could not be read, or a puzzle no engine could answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ErrorRecord {
    /// The 1-based line of the record or the fault, when one applies.
    pub line: Option<usize>,
    /// The puzzle's name, when it was read.
    pub name: Option<String>,
    /// What is wrong, on one line.
    pub reason: String,
    /// Where: `file:line` (`request:line` for a request's text).
    pub source: String,
    /// Always `error`.
    pub status: ErrorStatus,
}

impl ErrorRecord {
    /// The record of `record` that could not be answered, with the reason.
    pub fn new(record: &Record, reason: &str) -> ErrorRecord {
        let (line, name) = match &record.entry {
            Ok(entry) => (Some(entry.line), entry.name.clone()),
            Err(failure) => (failure.line, None),
        };
        ErrorRecord {
            line,
            name,
            reason: reason.to_string(),
            source: record.place(),
            status: ErrorStatus::Error,
        }
    }

    /// The record of `record` that could not be read (its failure's reason), if it was not.
    pub fn unreadable(record: &Record) -> Option<ErrorRecord> {
        match &record.entry {
            Ok(_) => None,
            Err(failure) => Some(ErrorRecord::new(record, &failure.reason)),
        }
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

/// How many solutions a count found, in words: `at least N solutions` when the search
/// stopped at its limit.
pub fn how_many(found: usize, limit: usize) -> String {
    if found >= limit && found > 1 {
        format!("at least {found} solutions")
    } else if found == 1 {
        "1 solution".to_string()
    } else {
        format!("{found} solutions")
    }
}

/// The status of a solution count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum CountStatus {
    /// Exactly one solution.
    Unique,
    /// Several solutions.
    Multiple,
    /// No solution.
    None,
}

impl CountStatus {
    /// The status of `found` solutions.
    pub fn of(found: usize) -> CountStatus {
        match found {
            0 => CountStatus::None,
            1 => CountStatus::Unique,
            _ => CountStatus::Multiple,
        }
    }

    /// The word: `unique`, `multiple` or `none`.
    pub fn word(self) -> &'static str {
        match self {
            CountStatus::Unique => "unique",
            CountStatus::Multiple => "multiple",
            CountStatus::None => "none",
        }
    }
}

/// A puzzle's solution count (`check`, `solve`, and `grade` for a puzzle it does not rate):
/// the solutions found (up to the limit), the first and second, and where they differ.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CountRecord {
    /// The solutions listed, up to the limit (`solve` with a limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all: Option<Vec<String>>,
    /// Whether the count stopped at the limit (there may be more).
    pub at_least: bool,
    /// Who set the puzzle, when its document says (f-puzzles' `author`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// Every comparison of cage sums the puzzle holds, in words (`cage A at r1c1 > cage B at
    /// r1c3`), so none is read in silence: in an f-puzzles document these come from `text`
    /// marks `<`, `>`, `=` between two killer cages, sudokit's reading (the greater-killer
    /// convention), which f-puzzles' solver ignores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comparisons: Option<Vec<String>>,
    /// The cells where the first two solutions differ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub differences: Option<Vec<String>>,
    /// The 1-based line of the puzzle in its source.
    pub line: usize,
    /// The puzzle's name, if the notation carries one.
    pub name: Option<String>,
    /// The cells where the solution differs from the one the input published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published_solution_differs_at: Option<Vec<String>>,
    /// The puzzle as one line (`grade`, which did not rate it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// Why there is no solution (`null` when no direct clash explains it).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "present")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub reason: Option<Option<String>>,
    /// A second solution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<String>,
    /// The solution (the first, when there are several).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// How many solutions were found.
    pub solutions: usize,
    /// Where: `file:line`.
    pub source: String,
    /// `unique`, `multiple` or `none`.
    pub status: CountStatus,
    /// Setter help (`check --suggest`): `null` for a unique puzzle.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "present")]
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<super::suggest::SuggestRecord>")
    )]
    pub suggest: Option<Option<super::suggest::SuggestRecord>>,
}

impl CountRecord {
    /// The record of `count` (counted up to `limit`) for the puzzle read as `record`.
    pub fn new(record: &Record, entry: &Entry, count: &Count, limit: usize) -> CountRecord {
        let mut counted = CountRecord {
            all: None,
            at_least: count.found() >= limit && count.found() > 1,
            author: entry.metadata.author.clone(),
            comparisons: comparisons_read(&entry.puzzle),
            differences: None,
            line: entry.line,
            name: entry.name.clone(),
            published_solution_differs_at: None,
            puzzle: None,
            reason: None,
            second: None,
            solution: None,
            solutions: count.found(),
            source: record.place(),
            status: CountStatus::of(count.found()),
            suggest: None,
        };
        match count {
            Count::None { reason } => counted.reason = Some(reason.clone()),
            Count::Unique(solution) => {
                counted.solution = Some(line(solution));
                counted.published_solution_differs_at = published_mismatch(entry, solution);
            }
            Count::Multiple { first, second, .. } => {
                counted.solution = Some(line(first));
                counted.second = Some(line(second));
                counted.differences = Some(cell_list(first, second));
            }
        }
        counted
    }
}

/// Every comparison of cage sums `puzzle` holds, in words, or `None` when it has none.
pub fn comparisons_read(puzzle: &crate::model::Puzzle) -> Option<Vec<String>> {
    let words: Vec<String> = puzzle
        .comparisons()
        .map(|comparison| puzzle.comparison_words(comparison))
        .collect();
    (!words.is_empty()).then_some(words)
}

/// The cells where a unique solution differs from the one the input published, if it does.
pub fn published_mismatch(entry: &Entry, solution: &Grid) -> Option<Vec<String>> {
    match &entry.solution {
        Some(published) if published != solution => Some(cell_list(solution, published)),
        _ => None,
    }
}

/// The CSV text of a list: its items joined by spaces.
pub fn joined(items: &Option<Vec<String>>) -> String {
    items
        .as_deref()
        .map(|items| items.join(" "))
        .unwrap_or_default()
}

/// One cage of a killer's record, as `generate` writes it and the record reader reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CageField {
    /// Its cells, as `r1c1` names.
    pub cells: Vec<String>,
    /// The sum of its digits, absent where hidden (greater killer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sum: Option<u32>,
}

/// One comparison of a greater killer's record: `sum(cages[first]) relation
/// sum(cages[second])`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ComparisonField {
    /// The left cage's position in `cages`.
    pub first: usize,
    /// `Less`, `Equal` or `Greater`.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub relation: Relation,
    /// The right cage's position in `cages`.
    pub second: usize,
}
