//! Rules about totals and counts: arrows (circles and pills), little killers, the clues
//! outside the grid (sandwich sums, X-sums, skyscrapers) and column indexers (159).

use std::fmt;

use super::super::error::ModelError;
use super::super::geometry::{Cell, Geometry};
use super::super::grid::Grid;
use super::{check_cells, check_path, invalid, span, values};

/// An arrow: the digits along its shaft add up to the number in its circle (a pill of
/// several cells reads as one number, its digits in order).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The circle (one cell) or pill (several), in reading order.
    pub circle: Vec<Cell>,
    /// The shaft's cells, from the circle outwards.
    pub shaft: Vec<Cell>,
}

impl Arrow {
    /// Checks the arrow has a circle and a shaft, inside the grid, with no cell twice.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        if self.circle.is_empty() {
            return Err(invalid(self, "an arrow needs a circle"));
        }
        if self.shaft.is_empty() {
            return Err(invalid(self, "an arrow needs a shaft of at least one cell"));
        }
        let all: Vec<Cell> = self.circle.iter().chain(&self.shaft).copied().collect();
        check_cells(geometry, self, &all)?;
        check_path(self, &self.shaft)?;
        Ok(())
    }

    /// The circle's number: its digits read in order as one decimal number.
    pub fn circle_value(digits: &[u32]) -> u64 {
        digits.iter().fold(0u64, |number, &digit| {
            let shift = if digit >= 10 { 100 } else { 10 };
            number * shift + u64::from(digit)
        })
    }

    /// Whether the shaft adds up to the circle's number.
    pub fn holds(&self, grid: &Grid) -> bool {
        let circle = values(grid, &self.circle);
        let shaft = values(grid, &self.shaft);
        if circle.contains(&0) || shaft.contains(&0) {
            return false;
        }
        Arrow::circle_value(&circle) == shaft.iter().map(|&digit| u64::from(digit)).sum::<u64>()
    }
}

impl fmt::Display for Arrow {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "arrow {} → {}",
            span(&self.circle),
            span(&self.shaft)
        )
    }
}

/// One of the four diagonal directions a little killer's arrow points in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up and to the left.
    UpLeft,
    /// Up and to the right.
    UpRight,
    /// Down and to the left.
    DownLeft,
    /// Down and to the right.
    DownRight,
}

impl Direction {
    /// The step in rows and columns.
    pub fn step(self) -> (isize, isize) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }

    /// f-puzzles' name: `UL`, `UR`, `DL`, `DR`.
    pub fn code(self) -> &'static str {
        match self {
            Direction::UpLeft => "UL",
            Direction::UpRight => "UR",
            Direction::DownLeft => "DL",
            Direction::DownRight => "DR",
        }
    }
}

/// A little killer: the digits along a diagonal, from a clue outside the grid in the
/// direction its arrow points, add up to the clue (digits may repeat).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LittleKiller {
    /// The clue's position in the frame around the grid, as f-puzzles counts it: row and
    /// column from 0 (above or left of the grid) to n + 1 (below or right).
    pub clue: (u8, u8),
    /// Where the arrow points.
    pub direction: Direction,
    /// The total.
    pub sum: u32,
}

impl LittleKiller {
    /// The cells the arrow passes over, from the clue on.
    pub fn cells(&self, geometry: Geometry) -> Vec<Cell> {
        let size = isize::from(geometry.size());
        let (down, across) = self.direction.step();
        let (mut row, mut column) = (isize::from(self.clue.0) - 1, isize::from(self.clue.1) - 1);
        let mut cells = Vec::new();
        loop {
            row += down;
            column += across;
            if !(0..size).contains(&row) || !(0..size).contains(&column) {
                break;
            }
            cells.extend(geometry.cell(row as usize, column as usize));
        }
        cells
    }

    /// Checks the clue sits outside the grid, points into it, and the sum is reachable.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        let size = geometry.size();
        let (row, column) = self.clue;
        let outside = row == 0 || column == 0 || row == size + 1 || column == size + 1;
        if row > size + 1 || column > size + 1 || !outside {
            return Err(invalid(
                self,
                "a little killer clue sits in the frame around the grid",
            ));
        }
        let cells = self.cells(geometry);
        if cells.is_empty() {
            return Err(invalid(self, "its arrow points away from the grid"));
        }
        let most = cells.len() as u32 * u32::from(size);
        if self.sum < cells.len() as u32 || self.sum > most {
            return Err(invalid(
                self,
                format!(
                    "{} cells cannot add up to {} (possible: {} to {most})",
                    cells.len(),
                    self.sum,
                    cells.len()
                ),
            ));
        }
        Ok(())
    }

    /// Whether the diagonal adds up to the clue.
    pub fn holds(&self, grid: &Grid) -> bool {
        let digits = values(grid, &self.cells(grid.geometry()));
        !digits.contains(&0) && digits.iter().sum::<u32>() == self.sum
    }
}

impl fmt::Display for LittleKiller {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "little killer {} at R{}C{} ({})",
            self.sum,
            self.clue.0,
            self.clue.1,
            self.direction.code()
        )
    }
}

/// The side of the grid a clue sits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above a column, read downwards.
    Top,
    /// Below a column, read upwards.
    Bottom,
    /// Left of a row, read rightwards.
    Left,
    /// Right of a row, read leftwards.
    Right,
}

/// What a clue outside the grid counts along its row or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutsideKind {
    /// The digits between the 1 and the n add up to the clue.
    Sandwich,
    /// The first X digits from the clue add up to it, X being the first digit.
    XSum,
    /// The clue counts the digits seen from its side, each taller than all before it.
    Skyscraper,
}

impl fmt::Display for OutsideKind {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            OutsideKind::Sandwich => "sandwich",
            OutsideKind::XSum => "X-sum",
            OutsideKind::Skyscraper => "skyscraper",
        })
    }
}

/// A clue outside the grid about the row or column it faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutsideClue {
    /// What it counts.
    pub kind: OutsideKind,
    /// Which side it sits on.
    pub side: Side,
    /// The zero-based row (left, right) or column (top, bottom) it faces.
    pub index: u8,
    /// The clue.
    pub value: u32,
}

impl OutsideClue {
    /// The row or column's cells, from the clue inwards.
    pub fn cells(&self, geometry: Geometry) -> Vec<Cell> {
        let size = usize::from(geometry.size());
        let index = usize::from(self.index);
        (0..size)
            .filter_map(|step| match self.side {
                Side::Top => geometry.cell(step, index),
                Side::Bottom => geometry.cell(size - 1 - step, index),
                Side::Left => geometry.cell(index, step),
                Side::Right => geometry.cell(index, size - 1 - step),
            })
            .collect()
    }

    /// Checks the row or column exists and the clue can be met at all.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        let size = u32::from(geometry.size());
        if u32::from(self.index) >= size {
            return Err(invalid(
                self,
                format!("the grid has {size} rows and columns"),
            ));
        }
        let most = match self.kind {
            // every digit but the 1 and the n
            OutsideKind::Sandwich => size * (size + 1) / 2 - 1 - size,
            OutsideKind::XSum => size * (size + 1) / 2,
            OutsideKind::Skyscraper => size,
        };
        let least = match self.kind {
            OutsideKind::Sandwich => 0,
            OutsideKind::XSum | OutsideKind::Skyscraper => 1,
        };
        if !(least..=most).contains(&self.value) {
            return Err(invalid(
                self,
                format!(
                    "no row of 1 to {size} gives {} (possible: {least} to {most})",
                    self.value
                ),
            ));
        }
        Ok(())
    }

    /// Whether the row or column, read from the clue, meets it.
    pub fn holds(&self, grid: &Grid) -> bool {
        let digits = values(grid, &self.cells(grid.geometry()));
        if digits.contains(&0) {
            return false;
        }
        OutsideClue::meets(
            self.kind,
            &digits,
            u32::from(grid.geometry().size()),
            self.value,
        )
    }

    /// Whether a full line of digits, read from the clue, gives `value`.
    pub fn meets(kind: OutsideKind, digits: &[u32], size: u32, value: u32) -> bool {
        match kind {
            OutsideKind::Sandwich => {
                let one = digits.iter().position(|&digit| digit == 1);
                let top = digits.iter().position(|&digit| digit == size);
                match (one, top) {
                    (Some(one), Some(top)) => {
                        let (from, to) = (one.min(top), one.max(top));
                        digits[from + 1..to].iter().sum::<u32>() == value
                    }
                    _ => false,
                }
            }
            OutsideKind::XSum => {
                let count = digits[0] as usize;
                count <= digits.len() && digits[..count].iter().sum::<u32>() == value
            }
            OutsideKind::Skyscraper => {
                let mut tallest = 0;
                let mut seen = 0;
                for &digit in digits {
                    if digit > tallest {
                        tallest = digit;
                        seen += 1;
                    }
                }
                seen == value
            }
        }
    }
}

impl fmt::Display for OutsideClue {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, number) = match self.side {
            Side::Top | Side::Bottom => ("column", self.index + 1),
            Side::Left | Side::Right => ("row", self.index + 1),
        };
        let side = match self.side {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        };
        write!(
            formatter,
            "{} {} on {line} {number} ({side})",
            self.kind, self.value
        )
    }
}

/// A column indexer (the 159 rule for columns 1, 5 and 9): in every row, the digit d in this
/// column says that this column's number sits in column d of that row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Indexer {
    /// The zero-based column that indexes.
    pub column: u8,
}

impl Indexer {
    /// Checks the column exists.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        if self.column >= geometry.size() {
            return Err(invalid(
                self,
                format!("the grid has {} columns", geometry.size()),
            ));
        }
        Ok(())
    }

    /// Whether every row places this column's number where its digit here points.
    pub fn holds(&self, grid: &Grid) -> bool {
        let geometry = grid.geometry();
        (0..usize::from(geometry.size())).all(|row| {
            let Some(here) = geometry.cell(row, usize::from(self.column)) else {
                return false;
            };
            let Some(digit) = grid.get(here) else {
                return false;
            };
            geometry
                .cell(row, digit.index())
                .and_then(|target| grid.get(target))
                .is_some_and(|target| usize::from(target.get()) == usize::from(self.column) + 1)
        })
    }
}

impl fmt::Display for Indexer {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "column indexer in column {}", self.column + 1)
    }
}
