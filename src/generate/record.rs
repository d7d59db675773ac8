//! `Record`: one generated puzzle as a line of `puzzles.jsonl` (serde), and back to a
//! `Puzzle`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::grade::Level;
use crate::model::{Constraint, Diagonal, Geometry, Grid, Puzzle};
use crate::notation::{self, Format};
use crate::preset::Preset;

use super::Generated;

/// One generated puzzle, as written to `puzzles.jsonl` (one JSON object per line, fields in
/// this order). Grids are lines of n² characters, `.` for empty, digits `1-9` then `A`=10 …
/// `P`=25 (the `line` notation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// HoDoKu level.
    pub level: Level,
    /// HoDoKu score.
    pub score: u32,
    /// The hardest technique used.
    pub hardest: Option<String>,
    /// How often each technique was used, by name.
    pub techniques: BTreeMap<String, usize>,
    /// Candidates dug for this index before this one was kept (itself included).
    pub attempts: u32,
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
        let grading = &generated.grading;
        Record {
            preset: preset.name.clone(),
            seed: generated.seed,
            index: generated.index,
            variant: preset.variant.name().to_string(),
            size: geometry.size(),
            box_rows: geometry.box_rows(),
            box_columns: geometry.box_columns(),
            symmetry: preset.symmetry.name().to_string(),
            clues: generated.puzzle.givens().filled_count(),
            puzzle: notation::format_grid(generated.puzzle.givens(), Format::Line),
            solution: notation::format_grid(&generated.solution, Format::Line),
            level: grading.level,
            score: grading.score,
            hardest: grading.hardest.map(|technique| technique.to_string()),
            techniques: grading
                .counts()
                .into_iter()
                .map(|(technique, count)| (technique.to_string(), count))
                .collect(),
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
        let geometry =
            Geometry::new(self.box_rows, self.box_columns).map_err(|e| error(e.to_string()))?;
        let constraints = match self.variant.as_str() {
            "classic" => Vec::new(),
            "x" => vec![
                Constraint::diagonal(geometry, Diagonal::Main),
                Constraint::diagonal(geometry, Diagonal::Anti),
            ],
            other => return Err(error(format!("unknown variant {other:?}"))),
        };
        let givens =
            read_grid(geometry, &self.puzzle).map_err(|e| error(format!("puzzle: {e}")))?;
        Puzzle::new(geometry, givens, constraints).map_err(|e| error(e.to_string()))
    }

    /// The solution as a grid.
    pub fn solution_grid(&self) -> Result<Grid, RecordError> {
        let geometry = Geometry::new(self.box_rows, self.box_columns).map_err(|e| RecordError {
            index: self.index,
            reason: e.to_string(),
        })?;
        read_grid(geometry, &self.solution).map_err(|reason| RecordError {
            index: self.index,
            reason: format!("solution: {reason}"),
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
