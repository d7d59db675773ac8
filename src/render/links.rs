//! Links that open a puzzle to play online: f-puzzles (`?load=`) and SudokuPad
//! (`/fpuzzles`), both carrying the f-puzzles JSON packed with lz-string.

use crate::model::Puzzle;
use crate::notation::fpuzzles::{self, FPUZZLES_PREFIX, SUDOKUPAD_PREFIX};
use crate::notation::NotationError;

/// The f-puzzles link for `puzzle`, titled `name` when given; fails on a rule f-puzzles
/// cannot hold (a sum other than X or V, say).
pub fn fpuzzles(puzzle: &Puzzle, name: Option<&str>) -> Result<String, NotationError> {
    fpuzzles::link(puzzle, name, FPUZZLES_PREFIX)
}

/// The SudokuPad link for `puzzle`: the same payload after `https://sudokupad.app/fpuzzles`.
pub fn sudokupad(puzzle: &Puzzle, name: Option<&str>) -> Result<String, NotationError> {
    fpuzzles::link(puzzle, name, SUDOKUPAD_PREFIX)
}
