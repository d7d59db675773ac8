//! `Record`: one generated puzzle as a line of `puzzles.jsonl` (serde), and back to a
//! `Puzzle`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::grade::{self, Level};
use crate::model::variant::Regions;
use crate::model::{
    Cage, CageId, Cell, Comparison, Constraint, Diagonal, Digit, Geometry, Grid, HouseKind, Puzzle,
    Relation, Symmetry,
};
use crate::notation::fpuzzles::FPUZZLES_PREFIX;
use crate::notation::{self, Format};
use crate::preset::{Preset, Variant};

use super::Generated;

/// One generated puzzle, as written to `puzzles.jsonl` (one JSON object per line, fields in
/// this order). Grids are lines of n² characters, `.` for empty, digits `1-9` then `A`=10 …
/// `P`=25 (the `line` notation).
///
/// With the `service` feature its JSON schema is derived from this type (`schemars`), so
/// `/openapi.json` describes what is written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Record {
    /// The preset's name.
    pub preset: String,
    /// The batch's seed.
    pub seed: u64,
    /// The puzzle's index in the batch (0-based; its ChaCha stream number).
    pub index: u64,
    /// `classic` or `x`.
    pub variant: String,
    /// The side n.
    pub size: u8,
    /// Box rows.
    pub box_rows: u8,
    /// Box columns.
    pub box_columns: u8,
    /// The symmetry of the givens' pattern (`rotate-180`, …).
    pub symmetry: String,
    /// The number of givens.
    pub clues: usize,
    /// The givens, one line.
    pub puzzle: String,
    /// The solution, one line.
    pub solution: String,
    /// Jigsaw: each cell's region, one line of n² characters numbered like digits (`1`-`9`,
    /// then `A`=10 …), as the line notation's `regions=` writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<String>,
    /// Killer variants: the cages, in order (comparisons name them by position).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<CageRecord>,
    /// Greater killer: relations between cage sums.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comparisons: Vec<ComparisonRecord>,
    /// Variant rules beyond regions, cages and diagonals (anti-knight, windoku windows,
    /// thermometers, dots, arrows, even/odd cells), each in setters' words with its cells
    /// (`thermometer r2c3-r4c3`); the `fpuzzles` link holds them for reading back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// The f-puzzles link of a puzzle with variant rules (regions included), which
    /// [`Record::to_puzzle`] reads the rules from (the SudokuPad link is the same text after
    /// `https://sudokupad.app/fpuzzles`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fpuzzles: Option<String>,
    /// HoDoKu level; `null` when the grader does not rate one of the rules yet (`unrated`
    /// says which).
    #[cfg_attr(feature = "schema", schemars(schema_with = "level_schema"))]
    pub level: Option<Level>,
    /// HoDoKu score; `null` when not rated.
    pub score: Option<u32>,
    /// Why the puzzle has no level: the grader's refusal naming the first rule it does not
    /// rate yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<String>,
    /// The hardest technique used (`null` when not rated).
    pub hardest: Option<String>,
    /// Trial steps ("Brute Force") on the grader's path; 0 when no guessing is needed.
    #[serde(default)]
    pub trial_steps: usize,
    /// Sudoku Explainer's `ER/EP/ED` (e.g. `7.2/1.2/1.2`), when the preset targets an SE band.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub se: Option<String>,
    /// How often each technique was used, by name.
    pub techniques: BTreeMap<String, usize>,
    /// Candidates dug for this index before this one was kept (itself included).
    ///
    /// A record without a level has empty `techniques` and `trial_steps` 0: nothing was
    /// rated, and `unrated` says so.
    pub attempts: u32,
}

/// One cage of a killer record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CageRecord {
    /// Its cells, as `r1c1` names, in reading order.
    pub cells: Vec<String>,
    /// The sum of its digits, absent where hidden (greater killer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sum: Option<u32>,
}

/// One comparison of a greater-killer record: `sum(cages[first]) relation sum(cages[second])`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ComparisonRecord {
    /// The left cage's position in `cages`.
    pub first: usize,
    /// The right cage's position in `cages`.
    pub second: usize,
    /// `Less`, `Equal` or `Greater`.
    #[cfg_attr(feature = "schema", schemars(schema_with = "relation_schema"))]
    pub relation: Relation,
}

/// The schema of a record's `level`: HoDoKu's level names as serde writes them (the
/// grader's `Level` has no schema of its own), or `null`.
#[cfg(feature = "schema")]
fn level_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let mut names: Vec<serde_json::Value> = Level::ALL
        .iter()
        .filter_map(|level| serde_json::to_value(level).ok())
        .collect();
    names.push(serde_json::Value::Null);
    schemars::json_schema!({
        "type": ["string", "null"],
        "enum": names,
        "description": "HoDoKu level; null when the grader does not rate one of the rules yet"
    })
}

/// The schema of a comparison's `relation`, as serde writes a [`Relation`].
#[cfg(feature = "schema")]
fn relation_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let names: Vec<serde_json::Value> = [Relation::Less, Relation::Equal, Relation::Greater]
        .iter()
        .filter_map(|relation| serde_json::to_value(relation).ok())
        .collect();
    schemars::json_schema!({
        "type": "string",
        "enum": names,
        "description": "How the first cage's sum relates to the second's"
    })
}

/// A record that does not describe a valid puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("record {index}: {reason}")]
pub struct RecordError {
    /// The record's index.
    pub index: u64,
    /// What is wrong.
    pub reason: String,
}

impl Record {
    /// The record of a generated puzzle.
    pub fn new(preset: &Preset, generated: &Generated) -> Record {
        let geometry = generated.puzzle.geometry();
        let grading = generated.grading.as_ref();
        Record {
            preset: preset.name.clone(),
            seed: generated.seed,
            index: generated.index,
            variant: preset.variant.name().to_string(),
            size: geometry.size(),
            box_rows: geometry.box_rows(),
            box_columns: geometry.box_columns(),
            // killer cages are carved with no pattern of givens to keep symmetric
            symmetry: if preset.variant.is_killer() {
                Symmetry::None.name().to_string()
            } else {
                preset.symmetry.name().to_string()
            },
            clues: generated.puzzle.givens().filled_count(),
            puzzle: notation::format_grid(generated.puzzle.givens(), Format::Line),
            solution: notation::format_grid(&generated.solution, Format::Line),
            regions: generated.puzzle.regions().map(|regions| {
                let mut map = Grid::empty(geometry);
                for cell in geometry.cells() {
                    let number = u8::try_from(regions.region_of(cell) + 1).ok();
                    map.set(cell, number.and_then(Digit::new));
                }
                notation::format_grid(&map, Format::Line)
            }),
            cages: generated
                .puzzle
                .cages()
                .map(|cage| CageRecord {
                    cells: cage.cells.iter().map(Cell::to_string).collect(),
                    sum: cage.sum,
                })
                .collect(),
            comparisons: generated
                .puzzle
                .comparisons()
                .map(|comparison| ComparisonRecord {
                    first: comparison.first.index(),
                    second: comparison.second.index(),
                    relation: comparison.relation,
                })
                .collect(),
            rules: generated
                .puzzle
                .constraints()
                .iter()
                .filter(|rule| carried_as_rule(rule))
                .map(Constraint::to_string)
                .collect(),
            fpuzzles: generated
                .puzzle
                .constraints()
                .iter()
                .any(|rule| carried_as_rule(rule) || matches!(rule, Constraint::Regions(_)))
                .then(|| notation::fpuzzles::link(&generated.puzzle, None, FPUZZLES_PREFIX).ok())
                .flatten(),
            level: grading.map(|grading| grading.level),
            score: grading.map(|grading| grading.score),
            unrated: grade::unrated_rule(&generated.puzzle),
            hardest: grading
                .and_then(|grading| grading.hardest)
                .map(|technique| technique.to_string()),
            trial_steps: grading.map_or(0, |grading| grading.trial_steps),
            se: generated
                .se
                .as_ref()
                .map(|rating| rating.ed_text().trim_start_matches("ED=").to_string()),
            techniques: grading
                .map(|grading| {
                    grading
                        .counts()
                        .into_iter()
                        .map(|(technique, count)| (technique.to_string(), count))
                        .collect()
                })
                .unwrap_or_default(),
            attempts: generated.attempts,
        }
    }

    /// The record as one JSON line (no newline).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The puzzle the record describes: geometry, variant and givens.
    pub fn to_puzzle(&self) -> Result<Puzzle, RecordError> {
        let error = |reason: String| RecordError {
            index: self.index,
            reason,
        };
        let geometry = self.geometry()?;
        let variant = Variant::from_name(&self.variant)
            .ok_or_else(|| error(format!("unknown variant {:?}", self.variant)))?;
        let mut constraints = Vec::new();
        if let Some(map) = &self.regions {
            let numbers = read_grid(geometry, map).map_err(|e| error(format!("regions: {e}")))?;
            let of_cell = numbers
                .digits()
                .map(|digit| digit.map_or(u8::MAX, |digit| digit.get() - 1))
                .collect();
            let regions = Regions::new(geometry, of_cell).map_err(|e| error(e.to_string()))?;
            constraints.push(Constraint::Regions(regions));
        }
        if variant.has_diagonals() {
            constraints.push(Constraint::diagonal(geometry, Diagonal::Main));
            constraints.push(Constraint::diagonal(geometry, Diagonal::Anti));
        }
        for (position, cage) in self.cages.iter().enumerate() {
            let cells = cage
                .cells
                .iter()
                .map(|name| {
                    parse_cell(geometry, name)
                        .ok_or_else(|| error(format!("cage {}: bad cell {name:?}", position + 1)))
                })
                .collect::<Result<Vec<Cell>, RecordError>>()?;
            constraints.push(Constraint::Cage(Cage {
                label: (position + 1).to_string(),
                cells,
                sum: cage.sum,
            }));
        }
        if let Some(link) = &self.fpuzzles {
            constraints.extend(self.rules_from_link(link)?);
        }
        for comparison in &self.comparisons {
            constraints.push(Constraint::Compare(Comparison {
                first: CageId::new(comparison.first.min(usize::from(u16::MAX))),
                second: CageId::new(comparison.second.min(usize::from(u16::MAX))),
                relation: comparison.relation,
            }));
        }
        let givens =
            read_grid(geometry, &self.puzzle).map_err(|e| error(format!("puzzle: {e}")))?;
        Puzzle::new(geometry, givens, constraints).map_err(|e| error(e.to_string()))
    }

    /// The variant rules the record's f-puzzles link holds (not its regions, diagonals or
    /// cages, which the record's own fields carry), checked against the `rules` list.
    fn rules_from_link(&self, link: &str) -> Result<Vec<Constraint>, RecordError> {
        let error = |reason: String| RecordError {
            index: self.index,
            reason,
        };
        let entries = notation::parse(link, Some(Format::Fpuzzles))
            .map_err(|e| error(format!("fpuzzles: {e}")))?;
        let [entry] = entries.as_slice() else {
            return Err(error(format!(
                "fpuzzles: {} puzzles in the link, expected one",
                entries.len()
            )));
        };
        let rules: Vec<Constraint> = entry
            .puzzle
            .constraints()
            .iter()
            .filter(|rule| carried_as_rule(rule))
            .cloned()
            .collect();
        let mut named: Vec<String> = rules.iter().map(Constraint::to_string).collect();
        let mut listed = self.rules.clone();
        named.sort();
        listed.sort();
        if named != listed {
            return Err(error(
                "fpuzzles: the link's rules differ from the record's `rules` list".to_string(),
            ));
        }
        Ok(rules)
    }

    /// The grid's geometry: irregular when the record has regions, else its boxes.
    fn geometry(&self) -> Result<Geometry, RecordError> {
        let geometry = if self.regions.is_some() {
            Geometry::irregular(usize::from(self.size))
        } else {
            Geometry::new(self.box_rows, self.box_columns)
        };
        geometry.map_err(|e| RecordError {
            index: self.index,
            reason: e.to_string(),
        })
    }

    /// The solution as a grid.
    pub fn solution_grid(&self) -> Result<Grid, RecordError> {
        let geometry = self.geometry()?;
        read_grid(geometry, &self.solution).map_err(|reason| RecordError {
            index: self.index,
            reason: format!("solution: {reason}"),
        })
    }

    /// The puzzle as `puzzles.txt` holds it: one line for puzzles defined by givens
    /// ([`Record::to_line`]); for killers a killer-text record (name `<preset> <index>`,
    /// cage map, sums, comparisons, solution) ending in a blank line; for puzzles with
    /// variant rules one line of f-puzzles JSON (title `<preset> <index>`, solution).
    pub fn to_text(&self) -> Result<String, RecordError> {
        let format = if !self.rules.is_empty() {
            Format::Fpuzzles
        } else if !self.cages.is_empty() {
            Format::Killer
        } else {
            return self.to_line();
        };
        let entry = notation::Entry {
            line: 0,
            name: Some(format!("{} {}", self.preset, self.index)),
            puzzle: self.to_puzzle()?,
            solution: Some(self.solution_grid()?),
            expected_count: None,
            metadata: Default::default(),
        };
        let text = notation::format_entry(&entry, format).map_err(|e| RecordError {
            index: self.index,
            reason: e.to_string(),
        })?;
        Ok(match format {
            Format::Killer => format!("{}\n", text.trim_end()),
            _ => text.trim_end().to_string(),
        })
    }

    /// The puzzle in the `line` notation, as `puzzles.txt` holds it (with `diag=both` for X
    /// and `boxes=RxC` for an unusual box shape), without a newline.
    pub fn to_line(&self) -> Result<String, RecordError> {
        let puzzle = self.to_puzzle()?;
        notation::format(&puzzle, Format::Line)
            .map(|text| text.trim_end().to_string())
            .map_err(|e| RecordError {
                index: self.index,
                reason: e.to_string(),
            })
    }
}

/// Whether a record lists `rule` in `rules` (and reads it from the link): every rule but
/// regions, long diagonals, cages and comparisons, which have fields of their own.
fn carried_as_rule(rule: &Constraint) -> bool {
    match rule {
        Constraint::Distinct(house) => !matches!(house.kind(), HouseKind::Diagonal(_)),
        Constraint::Regions(_) => false,
        other => other.is_variant_rule(),
    }
}

/// A cell from its `r3c7` name.
fn parse_cell(geometry: Geometry, name: &str) -> Option<Cell> {
    let (row, column) = name.strip_prefix('r')?.split_once('c')?;
    let row: usize = row.parse().ok()?;
    let column: usize = column.parse().ok()?;
    geometry.cell(row.checked_sub(1)?, column.checked_sub(1)?)
}

/// A grid from n² characters of the line alphabet.
fn read_grid(geometry: Geometry, text: &str) -> Result<Grid, String> {
    let values = text
        .chars()
        .map(|character| match character {
            '.' | '0' => Ok(0),
            _ => character
                .to_digit(36)
                .filter(|&value| value > 0)
                .map(|value| value as u8)
                .ok_or_else(|| format!("{character:?} is not a digit")),
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Grid::from_values(geometry, &values).ok_or_else(|| {
        format!(
            "expected {} cells of digits up to {}",
            geometry.cell_count(),
            geometry.size()
        )
    })
}
