//! Rules drawn as lines through cells: thermometers (fast and slow), palindromes, between
//! lines, renban, German whispers, entropic, modular, zipper and region sum lines, double
//! arrows, lockout lines and nabner lines.

use std::fmt;

use super::super::error::ModelError;
use super::super::geometry::{Cell, Geometry};
use super::super::grid::Grid;
use super::{check_cells, check_path, invalid, span, values};

/// Which rule a line carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Digits strictly increase from the bulb (the first cell).
    Thermometer,
    /// Digits never decrease from the bulb (they may stay the same).
    SlowThermometer,
    /// The line reads the same from both ends.
    Palindrome,
    /// Every cell between the two ends holds a digit strictly between theirs (a line of two
    /// cells has none, and asks nothing).
    Between,
    /// The line's digits are distinct and consecutive, in any order.
    Renban,
    /// Neighbours along the line differ by at least this much (German whispers: 5 on 9×9).
    Whispers(u32),
    /// Any three cells in a row along the line hold one low, one middle and one high digit
    /// (the digits split in three equal bands: 1–3, 4–6, 7–9 on 9×9); the two cells of a
    /// line of two hold digits of different bands.
    Entropic,
    /// Any three cells in a row along the line hold digits of three different remainders
    /// when divided by 3; the two cells of a line of two, of different remainders.
    Modular,
    /// Cells the same distance from the line's middle add up to the same total (the middle
    /// cell's digit on a line of odd length).
    Zipper,
    /// The line splits into segments, each a maximal run of cells in one box (region); every
    /// segment adds up to the same total. A line that leaves a box and comes back has two
    /// segments there, each with the common total on its own.
    RegionSum,
    /// The two ends (circles) add up to the sum of the cells between them; a line of two
    /// cells has nothing between its ends and asks nothing (f-puzzles' solver adds no rule).
    DoubleArrow,
    /// The two ends (diamonds) differ by at least [`lockout_difference`] (4 on 9×9), and no
    /// cell between them holds a digit from the smaller end to the larger, inclusive.
    Lockout,
    /// No two digits anywhere on the line are consecutive or equal: every two cells of the
    /// line, neighbours or not, differ by at least 2.
    Nabner,
}

impl fmt::Display for LineKind {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineKind::Thermometer => formatter.write_str("thermometer"),
            LineKind::SlowThermometer => formatter.write_str("slow thermometer"),
            LineKind::Palindrome => formatter.write_str("palindrome"),
            LineKind::Between => formatter.write_str("between line"),
            LineKind::Renban => formatter.write_str("renban"),
            LineKind::Whispers(5) => formatter.write_str("German whispers"),
            LineKind::Whispers(difference) => {
                write!(formatter, "whispers (difference {difference})")
            }
            LineKind::Entropic => formatter.write_str("entropic line"),
            LineKind::Modular => formatter.write_str("modular line"),
            LineKind::Zipper => formatter.write_str("zipper line"),
            LineKind::RegionSum => formatter.write_str("region sum line"),
            LineKind::DoubleArrow => formatter.write_str("double arrow"),
            LineKind::Lockout => formatter.write_str("lockout line"),
            LineKind::Nabner => formatter.write_str("nabner line"),
        }
    }
}

/// A line of cells carrying one rule, its cells in drawing order (a thermometer's bulb
/// first).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// The rule.
    pub kind: LineKind,
    /// The cells, in order along the line.
    pub cells: Vec<Cell>,
}

impl Line {
    /// Checks the cells are inside the grid, distinct, each touching the next, and long
    /// enough for the rule to make sense.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        check_cells(geometry, self, &self.cells)?;
        check_path(self, &self.cells)?;
        let size = usize::from(geometry.size());
        // a between line of two cells has nothing between its ends: f-puzzles accepts it,
        // and it asks nothing of the digits
        let shortest = 2;
        if self.cells.len() < shortest {
            return Err(invalid(
                self,
                format!("a {} needs at least {shortest} cells", self.kind),
            ));
        }
        match self.kind {
            LineKind::Thermometer | LineKind::Renban | LineKind::Nabner
                if self.cells.len() > size =>
            {
                Err(invalid(
                    self,
                    format!(
                        "{} cells need {} distinct digits, the grid has {size}",
                        self.cells.len(),
                        self.cells.len()
                    ),
                ))
            }
            LineKind::Whispers(difference) if difference == 0 || difference as usize >= size => {
                Err(invalid(
                    self,
                    format!("no two digits from 1 to {size} differ by {difference} or more"),
                ))
            }
            _ => Ok(()),
        }
    }

    /// Whether the filled digits obey the line's rule. `region_of` names the box (or
    /// irregular region) of a cell, for region sum lines.
    pub fn holds(&self, grid: &Grid, region_of: &dyn Fn(Cell) -> usize) -> bool {
        let digits = values(grid, &self.cells);
        if digits.contains(&0) {
            return false;
        }
        let size = u32::from(grid.geometry().size());
        match self.kind {
            LineKind::Thermometer => digits.windows(2).all(|pair| pair[0] < pair[1]),
            LineKind::SlowThermometer => digits.windows(2).all(|pair| pair[0] <= pair[1]),
            LineKind::Palindrome => digits.iter().eq(digits.iter().rev()),
            LineKind::Between => {
                let (first, last) = (digits[0], digits[digits.len() - 1]);
                let (low, high) = (first.min(last), first.max(last));
                digits[1..digits.len() - 1]
                    .iter()
                    .all(|&digit| low < digit && digit < high)
            }
            LineKind::Renban => {
                let mut sorted = digits.clone();
                sorted.sort_unstable();
                sorted.windows(2).all(|pair| pair[1] == pair[0] + 1)
            }
            LineKind::Whispers(difference) => digits
                .windows(2)
                .all(|pair| pair[0].abs_diff(pair[1]) >= difference),
            // Any three in a row differ, and so does a line of two cells (as f-puzzles'
            // solver reads it): any two cells fewer than three apart differ.
            LineKind::Entropic => close_pairs_differ(&digits, |digit| entropic_band(digit, size)),
            LineKind::Modular => close_pairs_differ(&digits, |digit| digit % 3),
            LineKind::Zipper => {
                let length = digits.len();
                let pairs: Vec<u32> = (0..length / 2)
                    .map(|index| digits[index] + digits[length - 1 - index])
                    .collect();
                let target = if length % 2 == 1 {
                    digits[length / 2]
                } else {
                    pairs[0]
                };
                pairs.iter().all(|&sum| sum == target)
            }
            LineKind::RegionSum => {
                let mut start = 0;
                let totals: Vec<u32> = segment_ends(&self.cells, region_of)
                    .into_iter()
                    .map(|end| {
                        let total = digits[start..end].iter().sum();
                        start = end;
                        total
                    })
                    .collect();
                totals.windows(2).all(|pair| pair[0] == pair[1])
            }
            LineKind::DoubleArrow => {
                let length = digits.len();
                length < 3
                    || digits[0] + digits[length - 1] == digits[1..length - 1].iter().sum::<u32>()
            }
            LineKind::Lockout => {
                let (first, last) = (digits[0], digits[digits.len() - 1]);
                let (low, high) = (first.min(last), first.max(last));
                high - low >= lockout_difference(size)
                    && digits[1..digits.len() - 1]
                        .iter()
                        .all(|&digit| digit < low || digit > high)
            }
            LineKind::Nabner => digits.iter().enumerate().all(|(position, &digit)| {
                digits[position + 1..]
                    .iter()
                    .all(|&other| digit.abs_diff(other) >= NABNER_GAP)
            }),
        }
    }
}

/// The least difference between any two digits of a nabner line: no two are consecutive
/// (and so none repeats).
pub const NABNER_GAP: u32 = 2;

/// The least difference between a lockout line's two ends on a grid of side `size`, as
/// f-puzzles' solver sets it: half the side, rounded down (4 on 9×9, 3 on 6×6, 2 on 4×4).
pub fn lockout_difference(size: u32) -> u32 {
    size / 2
}

/// The band (0 low, 1 middle, 2 high) of `digit` on an entropic line of a grid of side
/// `size`, as f-puzzles' solver splits 1 to n: thirds when n is a multiple of 3; otherwise
/// the low and high bands take ⌊n/3⌋ digits each when the middle then takes ⌈n/3⌉, and
/// ⌈n/3⌉ each when not (4: 1 | 2 3 | 4; 5: 1 2 | 3 | 4 5; 7: 1 2 | 3 4 5 | 6 7; 8: 1 2 3 |
/// 4 5 | 6 7 8).
pub fn entropic_band(digit: u32, size: u32) -> u32 {
    let (floor, ceiling) = (size / 3, size.div_ceil(3));
    let outer = if 2 * floor + ceiling == size {
        floor
    } else {
        ceiling
    };
    if digit <= outer {
        0
    } else if digit > size - outer {
        2
    } else {
        1
    }
}

/// Where each segment of a region sum line ends (exclusive positions along `cells`): a
/// segment is a maximal run of consecutive cells in one region, so a line that leaves a
/// region and comes back starts a new segment there. The last end is `cells.len()`.
pub fn segment_ends(cells: &[Cell], region_of: &dyn Fn(Cell) -> usize) -> Vec<usize> {
    let mut ends = Vec::new();
    for (position, pair) in cells.windows(2).enumerate() {
        if region_of(pair[0]) != region_of(pair[1]) {
            ends.push(position + 1);
        }
    }
    if !cells.is_empty() {
        ends.push(cells.len());
    }
    ends
}

/// Whether every two digits fewer than three apart along the line fall in different
/// classes: for three or more cells, each three in a row take the three classes.
fn close_pairs_differ(digits: &[u32], class: impl Fn(u32) -> u32) -> bool {
    (1..3).all(|step| {
        digits
            .windows(step + 1)
            .all(|pair| class(pair[0]) != class(pair[step]))
    })
}

impl fmt::Display for Line {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{} {}", self.kind, span(&self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_of(kind: LineKind, values: &[u8]) -> (Line, Grid) {
        let geometry = Geometry::for_size(9).unwrap();
        let cells: Vec<Cell> = (0..values.len())
            .map(|column| geometry.cell(0, column).unwrap())
            .collect();
        let mut row = values.to_vec();
        row.resize(81, 0);
        (
            Line { kind, cells },
            Grid::from_values(geometry, &row).unwrap(),
        )
    }

    /// f-puzzles' solver links the two cells of a short modular or entropic line: they
    /// differ in remainder (band), as any two of three in a row do.
    #[test]
    fn two_cell_modular_and_entropic_lines_differ() {
        let region = |_: Cell| 0;
        let (line, grid) = line_of(LineKind::Modular, &[1, 4]);
        assert!(!line.holds(&grid, &region));
        let (line, grid) = line_of(LineKind::Modular, &[1, 5]);
        assert!(line.holds(&grid, &region));
        let (line, grid) = line_of(LineKind::Entropic, &[1, 3]);
        assert!(!line.holds(&grid, &region));
        let (line, grid) = line_of(LineKind::Entropic, &[1, 4, 7, 2, 5]);
        assert!(line.holds(&grid, &region));
        let (line, grid) = line_of(LineKind::Entropic, &[1, 4, 7, 5]);
        assert!(!line.holds(&grid, &region));
    }

    /// A nabner line compares every two of its cells, not only neighbours: no two digits
    /// consecutive, none repeated.
    #[test]
    fn nabner_lines_keep_every_two_digits_apart() {
        let region = |_: Cell| 0;
        let (line, grid) = line_of(LineKind::Nabner, &[1, 3, 5, 7, 9]);
        assert!(line.holds(&grid, &region));
        let (line, grid) = line_of(LineKind::Nabner, &[8, 1, 6, 3]);
        assert!(line.holds(&grid, &region));
        // 4 and 5 are not neighbours on the line, and still consecutive
        let (line, grid) = line_of(LineKind::Nabner, &[4, 9, 1, 5]);
        assert!(!line.holds(&grid, &region));
        // a repeat is a difference of 0
        let (line, grid) = line_of(LineKind::Nabner, &[2, 7, 2]);
        assert!(!line.holds(&grid, &region));
    }

    /// A line that leaves a box and comes back starts a new segment there (issue 38): each
    /// run has the common total on its own, the visits are not added.
    #[test]
    fn region_sum_segments_are_runs_not_regions() {
        let box_of = |cell: Cell| cell.row() / 3 * 3 + cell.column() / 3;
        let geometry = Geometry::for_size(9).unwrap();
        let cells: Vec<Cell> = [(0, 2), (0, 3), (1, 2)]
            .iter()
            .map(|&(row, column)| geometry.cell(row, column).unwrap())
            .collect();
        assert_eq!(segment_ends(&cells, &box_of), vec![1, 2, 3]);
        let mut values = vec![0u8; 81];
        for (index, digit) in [(2, 4), (3, 4), (11, 4)] {
            values[index] = digit;
        }
        let line = Line {
            kind: LineKind::RegionSum,
            cells: cells.clone(),
        };
        assert!(line.holds(&Grid::from_values(geometry, &values).unwrap(), &box_of));
        // 1 + 3 in box 1 against 4 in box 2: the old reading's totals, not the rule's
        values[2] = 1;
        values[11] = 3;
        assert!(!line.holds(&Grid::from_values(geometry, &values).unwrap(), &box_of));
    }
}
