//! The variant rules setters publish on f-puzzles and SudokuPad, one file per family: what
//! each rule holds, how it is checked when a puzzle is built, and what it means on a filled
//! grid ([`crate::model::Puzzle::is_solution`] asks each rule). The engines encode and
//! propagate them in their own files of the same names (`sat/variant/`, `backtrack/variant/`);
//! a rule read as a shape over a few cells, and the search for its supports, is [`tuple`](mod@tuple),
//! shared by the native engine and the grader.

mod cells;
mod lines;
mod pairs;
mod regions;
mod sums;
mod table;
pub mod tuple;

pub use cells::{Extremum, ExtremumKind, Parity, PencilMarks, Quadruple};
pub use lines::{entropic_band, lockout_difference, segment_ends, Line, LineKind, NABNER_GAP};
pub use pairs::{ChessMove, CloneRule, Dot, DotFamily, DotKind, Negative};
pub use regions::Regions;
pub use sums::{
    Arrow, Direction, FreeCage, Indexer, IndexerKind, LittleKiller, OutsideClue, OutsideKind, Side,
};
pub use table::{rule_keys, rule_of_key, RuleRow, RULES};

use super::digit::Digit;
use super::error::ModelError;
use super::geometry::{Cell, Geometry};
use super::grid::Grid;

/// The refusal for a rule that does not fit the grid: names the rule (with its cells) and why.
pub(crate) fn invalid(rule: impl std::fmt::Display, reason: impl Into<String>) -> ModelError {
    ModelError::RuleInvalid {
        rule: rule.to_string(),
        reason: reason.into(),
    }
}

/// Checks every digit a rule names is a digit of the grid.
pub(crate) fn check_digits(
    geometry: Geometry,
    rule: &dyn std::fmt::Display,
    digits: &[Digit],
) -> Result<(), ModelError> {
    match digits.iter().find(|digit| digit.get() > geometry.size()) {
        Some(digit) => Err(invalid(
            rule,
            format!(
                "digit {digit} is too large for a {0}×{0} grid",
                geometry.size()
            ),
        )),
        None => Ok(()),
    }
}

/// Checks every cell is inside the grid and none is listed twice.
pub(crate) fn check_cells(
    geometry: Geometry,
    rule: &dyn std::fmt::Display,
    cells: &[Cell],
) -> Result<(), ModelError> {
    let mut seen = vec![false; geometry.cell_count()];
    for &cell in cells {
        if geometry.cell(cell.row(), cell.column()) != Some(cell) {
            return Err(invalid(
                rule,
                format!("{cell} is outside the {0}×{0} grid", geometry.size()),
            ));
        }
        if std::mem::replace(&mut seen[cell.index()], true) {
            return Err(invalid(rule, format!("{cell} is listed twice")));
        }
    }
    Ok(())
}

/// Whether two cells share a side.
pub(crate) fn orthogonal(first: Cell, second: Cell) -> bool {
    first.row().abs_diff(second.row()) + first.column().abs_diff(second.column()) == 1
}

/// Whether each consecutive pair of `cells` touches (by side or corner), as a drawn line's do.
pub(crate) fn check_path(rule: &dyn std::fmt::Display, cells: &[Cell]) -> Result<(), ModelError> {
    for pair in cells.windows(2) {
        let (first, second) = (pair[0], pair[1]);
        if first.row().abs_diff(second.row()) > 1 || first.column().abs_diff(second.column()) > 1 {
            return Err(invalid(
                rule,
                format!("{first} and {second} follow each other on the line but do not touch"),
            ));
        }
    }
    Ok(())
}

/// The digit values of `cells` on a complete grid (0 for an empty cell).
pub(crate) fn values(grid: &Grid, cells: &[Cell]) -> Vec<u32> {
    cells
        .iter()
        .map(|&cell| grid.get(cell).map_or(0, |digit| u32::from(digit.get())))
        .collect()
}

/// The `r1c1-r1c4`-style name of a run of cells: first and last (one cell: itself).
pub fn span(cells: &[Cell]) -> String {
    match (cells.first(), cells.last()) {
        (Some(first), Some(last)) if first != last => format!("{first}-{last}"),
        (Some(first), _) => first.to_string(),
        _ => "(no cells)".to_string(),
    }
}
