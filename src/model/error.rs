//! Why a puzzle could not be built: each error names the cell, cage or house at fault.

use thiserror::Error;

use super::digit::Digit;
use super::geometry::Cell;

/// A puzzle that breaks the model's rules, found when it is built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModelError {
    /// The side is outside the supported range.
    #[error("a {size}×{size} grid is not supported: sides run from 4 to 25")]
    Size {
        /// The side that was asked for.
        size: usize,
    },
    /// The side has no rectangular box shape (a prime such as 7).
    #[error("a {size}×{size} grid has no rectangular box shape (boxes need at least 2 rows and 2 columns)")]
    NoBoxShape {
        /// The side that was asked for.
        size: usize,
    },
    /// The box shape asked for is not allowed.
    #[error("boxes of {box_rows}×{box_columns} cells are not supported (each side at least 2, grid side at most 25)")]
    BoxShape {
        /// Rows per box.
        box_rows: u8,
        /// Columns per box.
        box_columns: u8,
    },
    /// The givens were laid out for another grid size.
    #[error("the givens are for a {found}×{found} grid, the puzzle is {expected}×{expected}")]
    GivensSize {
        /// The puzzle's side.
        expected: u8,
        /// The givens' side.
        found: u8,
    },
    /// A constraint names a cell outside the grid.
    #[error("{cell} is outside the {size}×{size} grid")]
    CellOutside {
        /// The cell.
        cell: Cell,
        /// The grid's side.
        size: u8,
    },
    /// A given digit larger than the grid allows.
    #[error("{cell}: digit {digit} is too large for a {size}×{size} grid")]
    DigitTooLarge {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
        /// The grid's side.
        size: u8,
    },
    /// An all-different group that does not have exactly n distinct cells.
    #[error("{house} has {found} distinct cells, a house needs {size}")]
    HouseSize {
        /// Which house.
        house: String,
        /// Its number of distinct cells.
        found: usize,
        /// The grid's side.
        size: u8,
    },
    /// The same extra house (a diagonal, say) given twice.
    #[error("{house} is given twice as an extra all-different house")]
    DuplicateHouse {
        /// Which house.
        house: String,
    },
    /// Two givens with the same digit in one house or cage.
    #[error("{second}: {digit} clashes with the {digit} in {first}, both in {group}")]
    GivensClash {
        /// The earlier cell.
        first: Cell,
        /// The later cell.
        second: Cell,
        /// The repeated digit.
        digit: Digit,
        /// The row, column, box, diagonal or cage they share.
        group: String,
    },
    /// Two cages share a label.
    #[error("cage {label} is defined twice")]
    DuplicateCage {
        /// The label.
        label: String,
    },
    /// A cage with no cells.
    #[error("cage {label} has no cells")]
    EmptyCage {
        /// The label.
        label: String,
    },
    /// A cage larger than the grid's side, so its digits would have to repeat.
    #[error("cage {label} has {cells} cells, more than the {size} distinct digits")]
    CageTooLarge {
        /// The label.
        label: String,
        /// Its number of cells.
        cells: usize,
        /// The grid's side.
        size: u8,
    },
    /// A cell listed twice in one cage.
    #[error("{cell} is listed twice in cage {label}")]
    CageCellRepeated {
        /// The label.
        label: String,
        /// The cell.
        cell: Cell,
    },
    /// A cell in two cages.
    #[error("{cell} is in both cage {first} and cage {second}")]
    CagesOverlap {
        /// The cell.
        cell: Cell,
        /// The first cage's label.
        first: String,
        /// The second cage's label.
        second: String,
    },
    /// A cage whose cells do not form one orthogonally connected piece.
    #[error(
        "cage {label} is not connected: {cell} cannot be reached from {start} through the cage"
    )]
    CageNotConnected {
        /// The label.
        label: String,
        /// The cage's first cell.
        start: Cell,
        /// A cell cut off from it.
        cell: Cell,
    },
    /// A sum that no set of distinct digits of that cage's size reaches.
    #[error("cage {label} at {cell}: no {cells} distinct digits from 1 to {size} sum to {sum} (possible: {minimum} to {maximum})")]
    CageSumImpossible {
        /// The label.
        label: String,
        /// The cage's first cell.
        cell: Cell,
        /// Its number of cells.
        cells: usize,
        /// The sum asked for.
        sum: u32,
        /// The grid's side.
        size: u8,
        /// The smallest reachable sum.
        minimum: u32,
        /// The largest reachable sum.
        maximum: u32,
    },
    /// A comparison naming a cage that does not exist.
    #[error("a comparison names cage number {index}, but the puzzle has {count} cages")]
    MissingCage {
        /// The zero-based cage number asked for.
        index: usize,
        /// How many cages there are.
        count: usize,
    },
    /// A comparison of a cage with itself.
    #[error("cage {label} is compared with itself")]
    SelfComparison {
        /// The label.
        label: String,
    },
    /// A variant rule that does not fit the grid (cells outside it, a dot between cells
    /// that do not touch, a thermometer repeating a cell, a region of the wrong size …).
    #[error("{rule}: {reason}")]
    RuleInvalid {
        /// The rule in setters' words, with its cells.
        rule: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An irregular geometry without its regions, or regions on a grid with boxes.
    #[error("{reason}")]
    RegionsMismatch {
        /// What does not match.
        reason: String,
    },
}
