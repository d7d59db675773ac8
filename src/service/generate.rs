//! Generating for a request (`POST /v1/generate`): puzzles from a built-in preset (never a
//! path), a seed and a count, as the records of `generate`'s `puzzles.jsonl`.

use serde::{Deserialize, Serialize};

use super::answer::AnswerStatus;
use super::request::RequestError;
use crate::budget::Budget;
use crate::generate::{Generator, Record};
use crate::preset::Preset;

/// A generation request.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// A built-in preset's name (`sudokit presets`).
    pub preset: String,
    /// The seed (default 1).
    #[serde(default = "one")]
    pub seed: u64,
    /// How many puzzles (default 1; at most the server's limit).
    #[serde(default = "one")]
    #[cfg_attr(feature = "schema", schemars(range(min = 1)))]
    pub count: u64,
}

fn one() -> u64 {
    1
}

/// The records of a generation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GenerateAnswer {
    /// One record per puzzle, by index (the lines of `generate`'s `puzzles.jsonl`); its
    /// schema is derived from [`Record`].
    pub records: Vec<Record>,
    /// Always `ok` (a puzzle not made is a refusal).
    pub status: AnswerStatus,
}

/// Makes the request's puzzles within `budget`; `most` is the largest count allowed.
pub fn generate(
    request: &GenerateRequest,
    most: u64,
    budget: &Budget,
) -> Result<GenerateAnswer, RequestError> {
    if request.count == 0 || request.count > most {
        return Err(RequestError(format!(
            "count {}: give 1 to {most} (the server's --generate-limit)",
            request.count
        )));
    }
    let preset =
        Preset::builtin(&request.preset).map_err(|error| RequestError(error.to_string()))?;
    let generator = Generator::new(&preset)
        .map_err(|error| RequestError(error.to_string()))?
        .with_budget(budget);
    let mut records = Vec::new();
    for index in 0..request.count {
        let generated = generator
            .puzzle(request.seed, index)
            .map_err(|error| RequestError(format!("puzzle {index}: {error}")))?;
        records.push(Record::new(&preset, &generated));
    }
    Ok(GenerateAnswer {
        records,
        status: AnswerStatus::Ok,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "schema")]
    fn the_records_schema_is_derived_from_the_record_type() {
        let schema = serde_json::to_value(schemars::schema_for!(GenerateAnswer)).unwrap();
        let text = schema.to_string();
        // every field of a record and of its cages and comparisons, with the level's and
        // the relation's names as serde writes them
        for word in [
            "\"attempts\"",
            "\"techniques\"",
            "\"trial_steps\"",
            "\"fpuzzles\"",
            "\"unrated\"",
            "\"relation\"",
            "\"Greater\"",
            "\"Extreme\"",
            "Candidates dug for this index",
        ] {
            assert!(text.contains(word), "{word} missing from {text}");
        }
    }
}
