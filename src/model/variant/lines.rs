//! Rules drawn as lines through cells: thermometers (fast and slow), palindromes, between
//! lines, renban, German whispers, entropic, modular, zipper and region sum lines.

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
    /// Every cell between the two ends holds a digit strictly between theirs.
    Between,
    /// The line's digits are distinct and consecutive, in any order.
    Renban,
    /// Neighbours along the line differ by at least this much (German whispers: 5 on 9×9).
    Whispers(u32),
    /// Any three cells in a row along the line hold one low, one middle and one high digit
    /// (the digits split in three equal bands: 1–3, 4–6, 7–9 on 9×9).
    Entropic,
    /// Any three cells in a row along the line hold digits of three different remainders
    /// when divided by 3.
    Modular,
    /// Cells the same distance from the line's middle add up to the same total (the middle
    /// cell's digit on a line of odd length).
    Zipper,
    /// The line's digits add up to the same total in every box (region) it passes through.
    RegionSum,
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
        let shortest = match self.kind {
            LineKind::Between => 3,
            _ => 2,
        };
        if self.cells.len() < shortest {
            return Err(invalid(
                self,
                format!("a {} needs at least {shortest} cells", self.kind),
            ));
        }
        match self.kind {
            LineKind::Thermometer | LineKind::Renban if self.cells.len() > size => Err(invalid(
                self,
                format!(
                    "{} cells need {} distinct digits, the grid has {size}",
                    self.cells.len(),
                    self.cells.len()
                ),
            )),
            LineKind::Entropic if size % 3 != 0 => Err(invalid(
                self,
                format!("the digits 1 to {size} do not split in three equal bands"),
            )),
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
            LineKind::Entropic => digits.windows(3).all(|three| {
                let band = |digit: u32| (digit - 1) * 3 / size;
                let bands = [band(three[0]), band(three[1]), band(three[2])];
                bands[0] != bands[1] && bands[1] != bands[2] && bands[0] != bands[2]
            }),
            LineKind::Modular => digits.windows(3).all(|three| {
                let rest = [three[0] % 3, three[1] % 3, three[2] % 3];
                rest[0] != rest[1] && rest[1] != rest[2] && rest[0] != rest[2]
            }),
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
                let mut totals: Vec<(usize, u32)> = Vec::new();
                for (&cell, &digit) in self.cells.iter().zip(&digits) {
                    let region = region_of(cell);
                    match totals.iter_mut().find(|(known, _)| *known == region) {
                        Some((_, total)) => *total += digit,
                        None => totals.push((region, digit)),
                    }
                }
                totals.windows(2).all(|pair| pair[0].1 == pair[1].1)
            }
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{} {}", self.kind, span(&self.cells))
    }
}
