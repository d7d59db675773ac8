//! `link` and `read` as records: a puzzle's f-puzzles and SudokuPad links with its f-puzzles
//! document, and a puzzle as it was read (where, its name, its givens, its rich RON form).

use serde::{Deserialize, Serialize};

use super::grade::puzzle_text;
use super::input::Record;
use super::records::{line, ErrorRecord};
use crate::notation::{self, Format};
use crate::render::links;

/// The links of one puzzle (`sudokit link --json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LinkRecord {
    /// The f-puzzles document the links carry (`null` when it cannot be written).
    pub document: Option<serde_json::Value>,
    /// The f-puzzles link.
    pub fpuzzles: String,
    /// Where: `file:line`, and the puzzle's name when it has one.
    pub source: String,
    /// The SudokuPad link.
    pub sudokupad: String,
}

/// One record of `link`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum LinkAnswerRecord {
    /// The input could not be read, or has a rule the links cannot carry.
    Error(ErrorRecord),
    /// The links.
    Link(LinkRecord),
}

/// The links of the puzzle read as `record`, or the error record saying why there are none.
pub fn link(record: &Record) -> LinkAnswerRecord {
    let entry = match &record.entry {
        Ok(entry) => entry,
        Err(failure) => return LinkAnswerRecord::Error(ErrorRecord::new(record, &failure.reason)),
    };
    match links::of_entry(entry) {
        Ok((fpuzzles, sudokupad)) => LinkAnswerRecord::Link(LinkRecord {
            document: notation::format_entry(entry, Format::Fpuzzles)
                .ok()
                .and_then(|text| serde_json::from_str(&text).ok()),
            fpuzzles,
            source: record.location(),
            sudokupad,
        }),
        Err(error) => LinkAnswerRecord::Error(ErrorRecord::new(record, &error.to_string())),
    }
}

/// The one status of a puzzle read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ReadStatus {
    /// The puzzle was read.
    Read,
}

/// A puzzle as it was read: enough to find it again and to hand it to any command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PuzzleRecord {
    /// The 1-based line of the puzzle in its source.
    pub line: usize,
    /// The puzzle's name, if the notation carries one.
    pub name: Option<String>,
    /// The givens as one line.
    pub puzzle: String,
    /// The whole puzzle (rules, cages, givens) in sudokit's RON notation, which every
    /// command reads back.
    pub ron: String,
    /// The side of the grid (9 for a 9×9).
    pub size: usize,
    /// The solution the source published, as one line.
    pub solution: Option<String>,
    /// Where: `file:line`.
    pub source: String,
    /// Always `read`.
    pub status: ReadStatus,
}

/// One record of `read`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum ReadRecord {
    /// The input could not be read.
    Error(ErrorRecord),
    /// The puzzle.
    Puzzle(PuzzleRecord),
}

/// The record of the puzzle read as `record`.
pub fn read(record: &Record) -> ReadRecord {
    let entry = match &record.entry {
        Ok(entry) => entry,
        Err(failure) => return ReadRecord::Error(ErrorRecord::new(record, &failure.reason)),
    };
    match notation::format_entry(entry, Format::Ron) {
        Ok(ron) => ReadRecord::Puzzle(PuzzleRecord {
            line: entry.line,
            name: entry.name.clone(),
            puzzle: puzzle_text(entry),
            ron,
            size: usize::from(entry.puzzle.geometry().size()),
            solution: entry.solution.as_ref().map(line),
            source: record.place(),
            status: ReadStatus::Read,
        }),
        Err(error) => ReadRecord::Error(ErrorRecord::new(record, &error.to_string())),
    }
}
