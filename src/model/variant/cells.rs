//! Rules on single cells and small groups: even/odd cells, minimum/maximum cells,
//! quadruples.

use std::fmt;

use super::super::digit::Digit;
use super::super::error::ModelError;
use super::super::geometry::{Cell, Geometry};
use super::super::grid::Grid;
use super::{check_cells, check_digits, invalid};

/// An even (square) or odd (circle) cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Parity {
    /// The cell.
    pub cell: Cell,
    /// True for even, false for odd.
    pub even: bool,
}

impl Parity {
    /// Checks the cell is inside the grid.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        check_cells(geometry, self, &[self.cell])
    }

    /// Whether `digit` has the cell's parity.
    pub fn allows(&self, digit: Digit) -> bool {
        digit.get().is_multiple_of(2) == self.even
    }

    /// Whether the cell's digit has its parity.
    pub fn holds(&self, grid: &Grid) -> bool {
        grid.get(self.cell).is_some_and(|digit| self.allows(digit))
    }
}

impl fmt::Display for Parity {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = if self.even { "even" } else { "odd" };
        write!(formatter, "{word} cell {}", self.cell)
    }
}

/// Given pencil marks (f-puzzles' `givenPencilMarks`): the cell holds one of these digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PencilMarks {
    /// The cell.
    pub cell: Cell,
    /// The digits it may hold, in rising order, none twice.
    pub digits: Vec<Digit>,
}

impl PencilMarks {
    /// Checks the cell is inside the grid and the marks are digits of the grid, at least one.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        check_cells(geometry, self, &[self.cell])?;
        if self.digits.is_empty() {
            return Err(invalid(self, "no digit is marked"));
        }
        check_digits(geometry, self, &self.digits)
    }

    /// Whether `digit` is one of the marks.
    pub fn allows(&self, digit: Digit) -> bool {
        self.digits.contains(&digit)
    }

    /// Whether the cell's digit is one of the marks.
    pub fn holds(&self, grid: &Grid) -> bool {
        grid.get(self.cell).is_some_and(|digit| self.allows(digit))
    }
}

impl fmt::Display for PencilMarks {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> = self.digits.iter().map(|d| d.get().to_string()).collect();
        write!(formatter, "pencil marks {} {}", self.cell, digits.join(","))
    }
}

/// Whether a minimum/maximum cell is below or above its neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExtremumKind {
    /// Smaller than every orthogonal neighbour.
    Minimum,
    /// Larger than every orthogonal neighbour.
    Maximum,
}

/// A minimum or maximum cell: its digit is below (above) every orthogonal neighbour's,
/// except neighbours that are cells of the same kind (see [`Extremum::compared_neighbours`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Extremum {
    /// The cell.
    pub cell: Cell,
    /// Below or above.
    pub kind: ExtremumKind,
}

impl Extremum {
    /// Checks the cell is inside the grid.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        check_cells(geometry, self, &[self.cell])
    }

    /// The neighbours the cell is compared with: its orthogonal neighbours except those that
    /// are themselves cells of its kind among `extrema` (two maximum cells side by side are
    /// each above their other neighbours, not above each other — as f-puzzles' solver reads
    /// them).
    pub fn compared_neighbours(&self, geometry: Geometry, extrema: &[Extremum]) -> Vec<Cell> {
        geometry
            .neighbours(self.cell)
            .filter(|&neighbour| {
                !extrema
                    .iter()
                    .any(|other| other.kind == self.kind && other.cell == neighbour)
            })
            .collect()
    }

    /// Whether the cell's digit is below (above) each neighbour's it is compared with, the
    /// puzzle's minimum and maximum cells being `extrema`.
    pub fn holds_among(&self, grid: &Grid, extrema: &[Extremum]) -> bool {
        let Some(digit) = grid.get(self.cell) else {
            return false;
        };
        self.compared_neighbours(grid.geometry(), extrema)
            .into_iter()
            .all(|neighbour| match (grid.get(neighbour), self.kind) {
                (Some(other), ExtremumKind::Minimum) => digit < other,
                (Some(other), ExtremumKind::Maximum) => digit > other,
                (None, _) => false,
            })
    }

    /// Whether the cell's digit is below (above) every orthogonal neighbour's: the rule when
    /// no other cell of its kind touches it (in a puzzle, ask [`Extremum::holds_among`]).
    pub fn holds(&self, grid: &Grid) -> bool {
        self.holds_among(grid, &[])
    }
}

impl fmt::Display for Extremum {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.kind {
            ExtremumKind::Minimum => "minimum",
            ExtremumKind::Maximum => "maximum",
        };
        write!(formatter, "{word} cell {}", self.cell)
    }
}

/// A quadruple: the digits in the circle on a corner all appear in the cells around it (a
/// digit listed twice appears twice).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Quadruple {
    /// The two to four cells around the corner.
    pub cells: Vec<Cell>,
    /// The digits in the circle, with repeats.
    pub digits: Vec<Digit>,
}

impl Quadruple {
    /// Checks the cells are inside the grid, around one corner, and the digits fit in them.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        check_cells(geometry, self, &self.cells)?;
        let rows = self.cells.iter().map(|cell| cell.row());
        let columns = self.cells.iter().map(|cell| cell.column());
        let spread = |values: Vec<usize>| {
            values.iter().max().copied().unwrap_or(0) - values.iter().min().copied().unwrap_or(0)
        };
        if self.cells.is_empty()
            || self.cells.len() > 4
            || spread(rows.collect()) > 1
            || spread(columns.collect()) > 1
        {
            return Err(invalid(
                self,
                "a quadruple covers the cells around one corner",
            ));
        }
        if self.digits.is_empty() || self.digits.len() > self.cells.len() {
            return Err(invalid(
                self,
                format!(
                    "{} digits cannot all appear in {} cells",
                    self.digits.len(),
                    self.cells.len()
                ),
            ));
        }
        check_digits(geometry, self, &self.digits)
    }

    /// Whether every listed digit appears in the cells as often as it is listed.
    pub fn holds(&self, grid: &Grid) -> bool {
        self.digits.iter().all(|&digit| {
            let wanted = self.digits.iter().filter(|&&other| other == digit).count();
            let found = self
                .cells
                .iter()
                .filter(|&&cell| grid.get(cell) == Some(digit))
                .count();
            found >= wanted
        })
    }
}

impl fmt::Display for Quadruple {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> = self.digits.iter().map(|digit| digit.to_string()).collect();
        let corner = self.cells.iter().min().copied();
        match corner {
            Some(cell) => write!(formatter, "quadruple {} at {cell}", digits.join("")),
            None => write!(formatter, "quadruple {}", digits.join("")),
        }
    }
}
