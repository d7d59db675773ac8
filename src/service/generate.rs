//! Generating for a request (`POST /v1/generate`): puzzles from a built-in preset (never a
//! path), a seed and a count, as the records of `generate`'s `puzzles.jsonl`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::answer::AnswerStatus;
use super::request::RequestError;
use crate::budget::Budget;
use crate::generate::{Generator, Record};
use crate::preset::Preset;

/// A generation request.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// A built-in preset's name (`sudokit presets`).
    pub preset: String,
    /// The seed (default 1).
    #[serde(default = "one")]
    pub seed: u64,
    /// How many puzzles (default 1; at most the server's limit).
    #[serde(default = "one")]
    #[schemars(range(min = 1))]
    pub count: u64,
}

fn one() -> u64 {
    1
}

/// The records of a generation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GenerateAnswer {
    /// One record per puzzle, by index (the lines of `generate`'s `puzzles.jsonl`).
    #[schemars(schema_with = "records_schema")]
    pub records: Vec<Record>,
    /// Always `ok` (a puzzle not made is a refusal).
    pub status: AnswerStatus,
}

fn records_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "array",
        "items": {
            "type": "object",
            "description": "One line of generate's puzzles.jsonl",
            "required": ["preset", "seed", "index", "variant", "size", "box_rows", "box_columns",
                "symmetry", "clues", "puzzle", "solution", "level", "score", "hardest",
                "techniques", "attempts"],
            "properties": {
                "preset": {"type": "string"},
                "seed": {"type": "integer", "minimum": 0},
                "index": {"type": "integer", "minimum": 0},
                "variant": {"type": "string"},
                "size": {"type": "integer"},
                "box_rows": {"type": "integer"},
                "box_columns": {"type": "integer"},
                "symmetry": {"type": "string"},
                "clues": {"type": "integer"},
                "puzzle": {"type": "string"},
                "solution": {"type": "string"},
                "regions": {"type": "string"},
                "cages": {"type": "array", "items": {"type": "object", "required": ["cells"],
                    "properties": {"cells": {"type": "array", "items": {"type": "string"}},
                        "sum": {"type": "integer"}}}},
                "comparisons": {"type": "array", "items": {"type": "object"}},
                "level": {"type": "string"},
                "score": {"type": "integer"},
                "hardest": {"type": ["string", "null"]},
                "trial_steps": {"type": "integer"},
                "se": {"type": "string"},
                "techniques": {"type": "object", "additionalProperties": {"type": "integer"}},
                "attempts": {"type": "integer"}
            }
        }
    })
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
