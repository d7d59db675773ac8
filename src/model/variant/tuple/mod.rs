//! Tuple rules: a variant rule read as a shape over a few cells in a fixed order, and the
//! digits of each cell that some filling of those cells meeting the rule uses (its
//! supports). The native engine propagates with them and the grader's rule steps remove
//! what they leave out: one reading of each rule, one search, shared by both.

mod automaton;
mod judge;
mod search;

pub use search::{supports, Completion, MAX_TUPLE_CELLS};

use super::super::geometry::Cell;
use super::{lockout_difference, segment_ends, DotKind, LineKind, OutsideKind};

/// What the digits of a tuple rule's cells must satisfy, reading them in the rule's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// All different (an extra region of fewer than n cells).
    Distinct,
    /// The two digits stand in this relation (a Kropki dot, an X or a V).
    Relation(DotKind),
    /// The two digits stand in none of these relations (the negative constraint).
    Forbidden(Vec<DotKind>),
    /// The one digit is even (`true`) or odd.
    Parity(bool),
    /// The first digit is below (`true`: a minimum) or above every other.
    Extremum(bool),
    /// Every listed digit appears, as often as listed.
    Quadruple(Vec<u32>),
    /// Digits rise along the cells (never fall, when `slow`).
    Thermometer {
        /// A slow thermometer: digits may stay the same.
        slow: bool,
    },
    /// The cells read the same from both ends.
    Palindrome,
    /// The two digits are equal (a cell and its clone).
    Equal,
    /// Neighbours along the cells differ by at least this much.
    Whispers(u32),
    /// Distinct, consecutive digits.
    Renban,
    /// The two ends first, then the cells between: each strictly between the ends (two
    /// cells alone ask nothing).
    Between,
    /// The two ends first, differing by at least this much, then the cells between: each
    /// outside the ends, inclusive (a lockout line).
    Lockout(u32),
    /// Every two digits at least [`super::NABNER_GAP`] apart (a nabner line).
    Nabner,
    /// Any two cells fewer than three apart fall in different bands (low, middle, high).
    Entropic,
    /// Any two cells fewer than three apart have different remainders mod 3.
    Modular,
    /// The middle cell first when `odd`, then the pairs from the ends inwards: each pair adds
    /// up to the middle digit (odd) or to the first pair's total.
    Zipper {
        /// Whether the line has a middle cell (read first).
        odd: bool,
    },
    /// The cells grouped in segments, segment `g` ending (exclusive) at position `ends[g]`:
    /// every segment adds up to the same total (no segment: nothing asked).
    RegionSum(Vec<usize>),
    /// The first `circle` cells read as one number, equal to the sum of the others.
    Arrow(usize),
    /// The digits add up to this (a little killer; repeats where cells do not see each other).
    Sum(u32),
    /// All different, adding up to the sum if there is one (a free cage).
    Cage(Option<u32>),
    /// A whole row or column from the clue on, meeting a sandwich, X-sum or skyscraper clue.
    Outside(OutsideKind, u32),
    /// An indexer cell's house, in order: the digit d in the cell at this position puts the
    /// position's number (from 1) in the d-th cell.
    Indexer(usize),
}

/// A line read as a tuple rule: its cells in the order the shape reads them, so a prefix of
/// the digits decides as much as it can, and the shape. A between line's, a double arrow's
/// and a lockout line's two ends come first, then the cells between; a zipper line's middle
/// cell first (odd length), then the pairs from the ends inwards; any other line along its
/// drawing. `size` is the grid's side; `region_of` names the region of a cell (region sum
/// lines).
pub fn line_tuple(
    kind: LineKind,
    cells: &[Cell],
    size: u32,
    region_of: &dyn Fn(Cell) -> usize,
) -> (Vec<Cell>, Shape) {
    let length = cells.len();
    let shape = match kind {
        LineKind::Thermometer => Shape::Thermometer { slow: false },
        LineKind::SlowThermometer => Shape::Thermometer { slow: true },
        LineKind::Palindrome => Shape::Palindrome,
        LineKind::Renban => Shape::Renban,
        LineKind::Whispers(difference) => Shape::Whispers(difference),
        LineKind::Entropic => Shape::Entropic,
        LineKind::Modular => Shape::Modular,
        LineKind::Between => Shape::Between,
        LineKind::Zipper => Shape::Zipper {
            odd: length % 2 == 1,
        },
        // the two ends as one segment, the cells between as the other
        LineKind::DoubleArrow if length < 3 => Shape::RegionSum(Vec::new()),
        LineKind::DoubleArrow => Shape::RegionSum(vec![2, length]),
        LineKind::Lockout => Shape::Lockout(lockout_difference(size)),
        LineKind::Nabner => Shape::Nabner,
        // segments in line order: each maximal run of cells in one region
        LineKind::RegionSum => Shape::RegionSum(segment_ends(cells, region_of)),
    };
    (reading_order(kind, cells), shape)
}

/// The order a line's tuple rule reads its cells (see [`line_tuple`]).
pub fn reading_order(kind: LineKind, cells: &[Cell]) -> Vec<Cell> {
    let length = cells.len();
    match kind {
        LineKind::Between | LineKind::DoubleArrow | LineKind::Lockout if length >= 2 => {
            let mut order = vec![cells[0], cells[length - 1]];
            order.extend_from_slice(&cells[1..length - 1]);
            order
        }
        LineKind::Zipper => {
            let mut order = Vec::with_capacity(length);
            if length % 2 == 1 {
                order.push(cells[length / 2]);
            }
            for index in 0..length / 2 {
                order.push(cells[index]);
                order.push(cells[length - 1 - index]);
            }
            order
        }
        _ => cells.to_vec(),
    }
}

impl Shape {
    /// Whether the shape asks nothing of any filling of `length` cells (a between line of
    /// two cells, a line of one segment), so an engine may leave it out.
    pub fn asks_nothing(&self, length: usize) -> bool {
        match self {
            Shape::Between => length < 3,
            Shape::RegionSum(ends) => ends.len() < 2,
            _ => false,
        }
    }

    /// Whether the shape reads a whole row or column from its clue, so an automaton over
    /// its cells gives its supports (`automaton.rs`) rather than the search.
    fn reads_a_line(&self) -> bool {
        matches!(self, Shape::Outside(..))
    }
}

#[cfg(test)]
mod tests;
