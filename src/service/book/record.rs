//! [`BookRecord`]: one line of a book's `puzzles.jsonl`, the puzzle's own record (as
//! `generate` wrote it, or as the `--from` file gave it) numbered in book order, with its
//! rating and f-puzzles link. Fields are declared in the order of their names, and a line is
//! written with every key in that order (those the input carried among them), as books have
//! always been written.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::generate::Record;
use crate::grade::Level;
use crate::model::Puzzle;
use crate::notation::{self, Format};
use crate::render::book::RatedPuzzle;
use crate::render::links;
use crate::service::records::{present, CageField, ComparisonField};

/// One line of a book's `puzzles.jsonl`: the puzzle in book order (`number`, from 1), its
/// one solution and its rating, and the fields of the record it came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BookRecord {
    /// The puzzle's f-puzzles link; `null` where f-puzzles cannot hold the puzzle.
    pub fpuzzles: Option<String>,
    /// HoDoKu level (`Easy` … `Extreme`): the record's own, or the book's rating.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub level: Level,
    /// The puzzle's place in the book, from 1.
    pub number: usize,
    /// The puzzle as its record wrote it, or as a line (killer text where no line holds it).
    pub puzzle: String,
    /// HoDoKu score: the record's own, or the book's rating.
    pub score: u32,
    /// The one solution, one line.
    pub solution: String,
    /// Trial steps on the grader's path, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trial_steps: Option<usize>,
    /// What the puzzle's own record said of it beside these.
    #[serde(flatten)]
    pub fields: RecordFields,
}

/// The fields of a puzzle's own record that a book carries into its `puzzles.jsonl`: those
/// `generate` writes, typed, and any other field of sudokit's records (a rating's `source`,
/// a bank's `id`), as written. A field the record did not have is left out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RecordFields {
    /// Candidates dug before the puzzle was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempts: Option<u32>,
    /// Box columns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub box_columns: Option<u8>,
    /// Box rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub box_rows: Option<u8>,
    /// Killer variants: the cages (`cells` as `r1c1` names, an optional `sum`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<CageField>,
    /// The number of givens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clues: Option<usize>,
    /// Greater killer: relations between cage sums (`first`, `relation`, `second`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comparisons: Vec<ComparisonField>,
    /// The hardest technique used (`null` when the record says none).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "present")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub hardest: Option<Option<String>>,
    /// The puzzle's index in its batch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<u64>,
    /// The generator preset's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// Jigsaw: each cell's region, one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<String>,
    /// Variant rules in setters' words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// Sudoku Explainer's `ER/EP/ED` (`null` when the record says none).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "present")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub se: Option<Option<String>>,
    /// The batch's seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The side n.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// The symmetry of the givens' pattern.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<String>,
    /// How often each technique was used, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub techniques: Option<BTreeMap<String, usize>>,
    /// Why the generator's record had no level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<String>,
    /// The variant's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Any other field of the record (sudokit's records only; the reader refuses the rest).
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// Keys a book works out itself, never carried from the input's record.
const RECOMPUTED: [&str; 2] = ["number", "fpuzzles"];

/// What a record read for the book already says of its puzzle.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Given {
    /// The puzzle as the record wrote it.
    pub puzzle: Option<String>,
    /// The solution as the record wrote it.
    pub solution: Option<String>,
    /// Its level, when the record gives one the book knows.
    pub level: Option<Level>,
    /// Its score, when the record gives one.
    pub score: Option<u32>,
    /// Its trial steps, when the record gives them.
    pub trial_steps: Option<usize>,
    /// The record's other fields.
    pub fields: RecordFields,
}

impl Given {
    /// What a generator's record says (its rating, fields and text).
    pub fn generated(record: Record) -> Given {
        Given {
            puzzle: Some(record.puzzle),
            solution: Some(record.solution),
            level: record.level,
            score: record.score,
            trial_steps: Some(record.trial_steps),
            fields: RecordFields {
                attempts: Some(record.attempts),
                box_columns: Some(record.box_columns),
                box_rows: Some(record.box_rows),
                cages: record
                    .cages
                    .into_iter()
                    .map(|cage| CageField {
                        cells: cage.cells,
                        sum: cage.sum,
                    })
                    .collect(),
                clues: Some(record.clues),
                comparisons: record
                    .comparisons
                    .into_iter()
                    .map(|comparison| ComparisonField {
                        first: comparison.first,
                        relation: comparison.relation,
                        second: comparison.second,
                    })
                    .collect(),
                hardest: Some(record.hardest),
                index: Some(record.index),
                preset: Some(record.preset),
                regions: record.regions,
                rules: record.rules,
                se: record.se.map(Some),
                seed: Some(record.seed),
                size: Some(record.size),
                symmetry: Some(record.symmetry),
                techniques: Some(record.techniques),
                unrated: record.unrated,
                variant: Some(record.variant),
                other: BTreeMap::new(),
            },
        }
    }

    /// What a record read by [`crate::notation::records::read`] says: its level and score
    /// when they are a level and a score (else the book rates the puzzle), its text, and its
    /// other fields typed, or why one is not what sudokit's records hold.
    pub fn read(mut fields: Map<String, Value>) -> Result<Given, String> {
        for key in RECOMPUTED {
            fields.remove(key);
        }
        let mut take = |key: &str| fields.remove(key);
        let text = |value: Option<Value>| match value {
            Some(Value::String(text)) => Some(text),
            _ => None,
        };
        let count = |value: Option<Value>| value.as_ref().and_then(Value::as_u64);
        let level = take("level").and_then(|level| serde_json::from_value::<Level>(level).ok());
        let score = count(take("score")).and_then(|score| u32::try_from(score).ok());
        let trial_steps = count(take("trial_steps")).and_then(|steps| usize::try_from(steps).ok());
        let puzzle = text(take("puzzle"));
        let solution = text(take("solution"));
        let fields = typed(fields)?;
        Ok(Given {
            puzzle,
            solution,
            level,
            score,
            trial_steps,
            fields,
        })
    }
}

/// The record's fields typed, or the first field (by name) that is not what sudokit's
/// records hold there: `"hardest": invalid type: integer `5`, expected a string`.
fn typed(fields: Map<String, Value>) -> Result<RecordFields, String> {
    serde_json::from_value::<RecordFields>(Value::Object(fields.clone())).map_err(|error| {
        let wrong = fields.into_iter().find_map(|(key, value)| {
            let alone = Map::from_iter([(key.clone(), value)]);
            serde_json::from_value::<RecordFields>(Value::Object(alone))
                .err()
                .map(|error| format!("{key:?}: {error}"))
        });
        wrong.unwrap_or_else(|| error.to_string())
    })
}

impl BookRecord {
    /// The record of `rated`, puzzle `number` of the book (from 1), keeping what its own
    /// record said (`given`) and filling in what it did not.
    pub fn new(number: usize, rated: &RatedPuzzle, given: Given) -> BookRecord {
        BookRecord {
            // null where f-puzzles cannot hold the puzzle (the book's own puzzles it always can)
            fpuzzles: links::fpuzzles(&rated.puzzle, None).ok(),
            level: rated.level,
            number,
            puzzle: given.puzzle.unwrap_or_else(|| puzzle_text(&rated.puzzle)),
            score: rated.score,
            solution: given
                .solution
                .unwrap_or_else(|| notation::format_grid(&rated.solution, Format::Line)),
            trial_steps: rated.trial_steps,
            fields: given.fields,
        }
    }

    /// The record as one line of JSON (no line end), its keys in the order of their names.
    pub fn to_line(&self) -> Result<String, serde_json::Error> {
        // through a JSON object, whose keys are kept in order (the carried fields among the
        // typed ones, the fields of cages and comparisons too), as books have been written
        let object: BTreeMap<String, Value> = serde_json::from_value(serde_json::to_value(self)?)?;
        serde_json::to_string(&object)
    }
}

/// The puzzle as text: a line where it fits, killer text otherwise.
fn puzzle_text(puzzle: &Puzzle) -> String {
    notation::format(puzzle, Format::Line)
        .or_else(|_| notation::format(puzzle, Format::Killer))
        .map(|text| text.trim_end().to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Relation;

    /// The fields of a JSON object.
    fn fields(line: &str) -> Map<String, Value> {
        match serde_json::from_str(line) {
            Ok(Value::Object(fields)) => fields,
            other => panic!("not an object: {other:?}"),
        }
    }

    #[test]
    fn a_records_level_score_and_text_are_kept_and_its_fields_typed() {
        let given = Given::read(fields(
            r#"{"preset":"classic-easy","seed":2,"index":0,"variant":"classic","size":9,"box_rows":3,"box_columns":3,"symmetry":"rotate-180","clues":30,"puzzle":"p","solution":"s","level":"Easy","score":120,"hardest":null,"trial_steps":0,"techniques":{"Full House":3},"attempts":1,"number":7,"fpuzzles":"old","source":"bank"}"#,
        ))
        .unwrap();
        assert_eq!(given.level, Some(Level::Easy));
        assert_eq!(given.score, Some(120));
        assert_eq!(given.trial_steps, Some(0));
        assert_eq!(given.puzzle.as_deref(), Some("p"));
        assert_eq!(given.solution.as_deref(), Some("s"));
        assert_eq!(given.fields.preset.as_deref(), Some("classic-easy"));
        assert_eq!(given.fields.hardest, Some(None), "a null is kept as null");
        assert_eq!(given.fields.se, None, "an absent field stays absent");
        assert_eq!(
            given.fields.techniques,
            Some(BTreeMap::from([("Full House".to_string(), 3)]))
        );
        // number and fpuzzles are the book's own; other fields of sudokit's records are kept
        assert_eq!(
            given.fields.other,
            BTreeMap::from([("source".to_string(), Value::from("bank"))])
        );
    }

    #[test]
    fn a_level_the_book_does_not_know_leaves_the_puzzle_to_be_rated() {
        let given = Given::read(fields(r#"{"puzzle":"p","level":"beyond","score":"x"}"#)).unwrap();
        assert_eq!((given.level, given.score), (None, None));
    }

    #[test]
    fn a_field_of_the_wrong_type_is_refused_by_name() {
        let refusal = Given::read(fields(r#"{"puzzle":"p","seed":1,"hardest":5}"#)).unwrap_err();
        assert_eq!(
            refusal,
            "\"hardest\": invalid type: integer `5`, expected a string"
        );
        let refusal = Given::read(fields(r#"{"puzzle":"p","cages":[{"sum":3}]}"#)).unwrap_err();
        assert!(
            refusal.starts_with("\"cages\": missing field `cells`"),
            "{refusal}"
        );
    }

    #[test]
    fn a_line_keeps_its_keys_in_the_order_of_their_names_and_reads_back() {
        let line = r#"{"cages":[{"cells":["r1c1","r1c2"],"sum":3}],"comparisons":[{"first":0,"relation":"Less","second":1}],"fpuzzles":null,"hardest":"Naked Single","level":"Hard","name":null,"number":3,"puzzle":"p","score":1400,"solution":"s","source":"a.jsonl:3","trial_steps":2}"#;
        let record: BookRecord = serde_json::from_str(line).unwrap();
        assert_eq!(record.number, 3);
        assert_eq!(record.level, Level::Hard);
        assert_eq!(record.fields.comparisons[0].relation, Relation::Less);
        assert_eq!(record.fields.other.len(), 2, "name and source carried");
        assert_eq!(record.to_line().unwrap(), line);
    }
}
