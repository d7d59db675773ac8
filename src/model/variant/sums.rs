//! Rules about totals and counts: arrows (circles and pills), little killers, the clues
//! outside the grid (sandwich sums, X-sums, skyscrapers), column indexers (159) and free
//! cages (killer cages that overlap another or come in pieces).

use std::fmt;

use super::super::error::ModelError;
use super::super::geometry::{Cell, Geometry};
use super::super::grid::Grid;
use super::super::puzzle::sum_range;
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

/// Which house an indexer cell points into, and so which number it sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexerKind {
    /// A column indexer (f-puzzles `columnindexer`, the 159 rule): the digit d in column c
    /// of a row puts c in column d of that row.
    Column,
    /// A row indexer (`rowindexer`): the digit d in row r of a column puts r in row d of
    /// that column.
    Row,
    /// A box indexer (`boxindexer`): the digit d in the p-th cell of a box (or irregular
    /// region, cells in reading order) puts p in the d-th cell of that box.
    Box,
}

impl IndexerKind {
    /// f-puzzles' key.
    pub fn key(self) -> &'static str {
        match self {
            IndexerKind::Column => "columnindexer",
            IndexerKind::Row => "rowindexer",
            IndexerKind::Box => "boxindexer",
        }
    }
}

impl fmt::Display for IndexerKind {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            IndexerKind::Column => "column indexer",
            IndexerKind::Row => "row indexer",
            IndexerKind::Box => "box indexer",
        })
    }
}

/// Indexer cells of one kind (shaded on the grid): each indexer cell at position p of its
/// house (its row for a column indexer, its column for a row indexer, its box for a box
/// indexer, cells in reading order) holding d says the d-th cell of that house holds p, the
/// numbers from 1. Any set of cells may index, as f-puzzles accepts: a whole column (the 159
/// rule), part of one, or cells here and there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Indexer {
    /// Which house the cells point into.
    pub kind: IndexerKind,
    /// The indexer cells.
    pub cells: Vec<Cell>,
}

impl Indexer {
    /// The whole of column `column` (zero-based) as column indexers.
    pub fn column(geometry: Geometry, column: u8) -> Indexer {
        Indexer {
            kind: IndexerKind::Column,
            cells: (0..usize::from(geometry.size()))
                .filter_map(|row| geometry.cell(row, usize::from(column)))
                .collect(),
        }
    }

    /// The whole column this is, when its cells are one column's every cell.
    pub fn whole_column(&self, geometry: Geometry) -> Option<u8> {
        let first = self.cells.first()?;
        let column = first.column() as u8;
        (self.kind == IndexerKind::Column && *self == Indexer::column(geometry, column))
            .then_some(column)
    }

    /// Checks the cells are inside the grid, none listed twice, and there is at least one.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        if self.cells.is_empty() {
            return Err(invalid(self, "an indexer needs at least one cell"));
        }
        check_cells(geometry, self, &self.cells)
    }

    /// The house `cell` points into, in order (the d-th cell is where digit d points), and
    /// `cell`'s own position in it (from 0). `region_of` names a cell's box (or region).
    pub fn house(
        &self,
        geometry: Geometry,
        region_of: &dyn Fn(Cell) -> usize,
        cell: Cell,
    ) -> (Vec<Cell>, usize) {
        let size = usize::from(geometry.size());
        let house: Vec<Cell> = match self.kind {
            IndexerKind::Column => (0..size)
                .filter_map(|column| geometry.cell(cell.row(), column))
                .collect(),
            IndexerKind::Row => (0..size)
                .filter_map(|row| geometry.cell(row, cell.column()))
                .collect(),
            IndexerKind::Box => {
                let region = region_of(cell);
                geometry
                    .cells()
                    .filter(|&other| region_of(other) == region)
                    .collect()
            }
        };
        let position = house.iter().position(|&other| other == cell).unwrap_or(0);
        (house, position)
    }

    /// Whether every indexer cell's digit points to a cell holding the indexer's position.
    pub fn holds(&self, grid: &Grid, region_of: &dyn Fn(Cell) -> usize) -> bool {
        let geometry = grid.geometry();
        self.cells.iter().all(|&cell| {
            let Some(digit) = grid.get(cell) else {
                return false;
            };
            let (house, position) = self.house(geometry, region_of, cell);
            house
                .get(digit.index())
                .and_then(|&target| grid.get(target))
                .is_some_and(|target| usize::from(target.get()) == position + 1)
        })
    }
}

impl fmt::Display for Indexer {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cells.first() {
            Some(first)
                if self.kind == IndexerKind::Column
                    && self
                        .cells
                        .iter()
                        .all(|cell| cell.column() == first.column()) =>
            {
                write!(
                    formatter,
                    "column indexer in column {} ({})",
                    first.column() + 1,
                    span(&self.cells)
                )
            }
            _ => write!(formatter, "{} {}", self.kind, span(&self.cells)),
        }
    }
}

/// A free cage: a killer cage outside the usual layout, as f-puzzles and its solver accept
/// it. Its digits differ and, with a sum, add up to it; it may share cells with other cages
/// and its cells need not touch. (A `killercage` entry that is connected and overlaps no
/// earlier cage is read as a [`crate::model::Cage`] instead, which the killer techniques,
/// the generator and the canonical key read.)
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FreeCage {
    /// Its cells, in reading order.
    pub cells: Vec<Cell>,
    /// The sum of its digits, or `None` when it shows none.
    pub sum: Option<u32>,
}

impl FreeCage {
    /// Checks the cells are inside the grid, none listed twice, no more than the digits,
    /// and the sum is reachable by that many distinct digits.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        if self.cells.is_empty() {
            return Err(invalid(self, "a cage needs at least one cell"));
        }
        check_cells(geometry, self, &self.cells)?;
        let size = geometry.size();
        if self.cells.len() > usize::from(size) {
            return Err(invalid(
                self,
                format!(
                    "{} cells cannot all differ with {size} digits",
                    self.cells.len()
                ),
            ));
        }
        if let Some(sum) = self.sum {
            let (minimum, maximum) = sum_range(self.cells.len(), size);
            if !(minimum..=maximum).contains(&sum) {
                return Err(invalid(
                    self,
                    format!(
                        "no {} distinct digits from 1 to {size} sum to {sum} (possible: {minimum} to {maximum})",
                        self.cells.len()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Whether its digits differ and add up to its sum, if it has one.
    pub fn holds(&self, grid: &Grid) -> bool {
        let digits = values(grid, &self.cells);
        let distinct = digits
            .iter()
            .enumerate()
            .all(|(index, digit)| *digit != 0 && !digits[..index].contains(digit));
        distinct && self.sum.is_none_or(|sum| digits.iter().sum::<u32>() == sum)
    }
}

impl fmt::Display for FreeCage {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.cells.iter().map(ToString::to_string).collect();
        match self.sum {
            Some(sum) => write!(formatter, "free cage {sum} on {}", cells.join("+")),
            None => write!(formatter, "free cage on {}", cells.join("+")),
        }
    }
}
