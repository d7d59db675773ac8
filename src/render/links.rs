//! Links that open a puzzle to play online: f-puzzles (`?load=`) and SudokuPad
//! (`/fpuzzles`), both carrying the f-puzzles JSON packed with lz-string.

use crate::model::Puzzle;
use crate::notation::fpuzzles::{self, FPUZZLES_PREFIX, SUDOKUPAD_PREFIX};
use crate::notation::{Entry, NotationError};

/// The f-puzzles link for `puzzle`, titled `name` when given; fails on a rule f-puzzles
/// cannot hold (a sum other than X or V, say).
pub fn fpuzzles(puzzle: &Puzzle, name: Option<&str>) -> Result<String, NotationError> {
    fpuzzles::link(puzzle, name, FPUZZLES_PREFIX)
}

/// The SudokuPad link for `puzzle`: the same payload after `https://sudokupad.app/fpuzzles`.
pub fn sudokupad(puzzle: &Puzzle, name: Option<&str>) -> Result<String, NotationError> {
    fpuzzles::link(puzzle, name, SUDOKUPAD_PREFIX)
}

/// The f-puzzles and SudokuPad links for a setter's `entry`: its title, author, rules text and
/// solution kept in the document, so a link read and written again loses none of them.
pub fn of_entry(entry: &Entry) -> Result<(String, String), NotationError> {
    Ok((
        fpuzzles::entry_link(entry, FPUZZLES_PREFIX)?,
        fpuzzles::entry_link(entry, SUDOKUPAD_PREFIX)?,
    ))
}
