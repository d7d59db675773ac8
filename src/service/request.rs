//! What every puzzle request carries (the puzzle text, its notation, the X rule) and the one
//! error a request can have before any work: a value that is not one the field takes.

use super::input::{DiagonalChoice, InputOptions};
use crate::budget::Budget;
use crate::notation::Format;

/// A request asked for something its fields cannot mean; the text names the field, the value
/// and what it takes, on one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RequestError(pub String);

impl RequestError {
    /// `invalid value 'x' for field: what it takes`.
    pub fn invalid(
        field: &str,
        value: impl std::fmt::Display,
        takes: impl std::fmt::Display,
    ) -> RequestError {
        RequestError(format!("invalid value '{value}' for {field}: {takes}"))
    }
}

/// The most solutions a request may ask to list or find (`limit`).
pub const MOST_LISTED: u32 = 1000;

/// The reading options of a request's puzzle text, notation and diagonals, read within
/// `budget` (the request's deadline and flag stop the reading too).
pub fn input(
    puzzle: &str,
    input_format: Option<&str>,
    diagonals: Option<&str>,
    budget: &Budget,
) -> Result<InputOptions, RequestError> {
    let format = match input_format {
        None => None,
        Some(name) => Some(
            name.parse::<Format>()
                .map_err(|error| RequestError::invalid("input_format", name, error))?,
        ),
    };
    let diagonals = match diagonals {
        None => None,
        Some(name) => Some(
            name.parse::<DiagonalChoice>()
                .map_err(|error| RequestError::invalid("diagonals", name, error))?,
        ),
    };
    Ok(InputOptions::text(puzzle.to_string(), format, diagonals).within(budget))
}

/// A request's `limit` of solutions to list: past [`MOST_LISTED`] it is refused, never cut.
pub fn listed(limit: Option<u32>, least: u32) -> Result<Option<usize>, RequestError> {
    match limit {
        None => Ok(None),
        Some(limit) if limit > MOST_LISTED => Err(RequestError(format!(
            "limit {limit}: the server lists at most {MOST_LISTED} solutions (use the command line for more)"
        ))),
        Some(limit) if limit < least && least == 2 => Err(RequestError(format!(
            "limit {limit}: a limit below 2 cannot tell unique from multiple (give 2 or more)"
        ))),
        Some(limit) if limit < least => Err(RequestError(format!(
            "limit {limit}: must be {least} or more"
        ))),
        Some(limit) => Ok(Some(limit as usize)),
    }
}

/// The JSON schema of a `diagonals` field.
#[cfg(feature = "schema")]
pub fn diagonals_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": ["string", "null"],
        "enum": ["both", "main", "anti", null],
        "description": "Add the X rule: both long diagonals, or only the main or the anti one"
    })
}

/// The JSON schema of an `input_format` field.
#[cfg(feature = "schema")]
pub fn input_format_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let names: Vec<serde_json::Value> = Format::ALL
        .iter()
        .map(|format| serde_json::Value::from(format.name()))
        .chain([serde_json::Value::Null])
        .collect();
    schemars::json_schema!({
        "type": ["string", "null"],
        "enum": names,
        "description": "The notation of the puzzle text (detected from the content when absent)"
    })
}
