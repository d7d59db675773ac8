//! Rules between two cells: anti-knight and anti-king, Kropki dots and XV (with the negative
//! constraint), and clones.

use std::fmt;

use super::super::error::ModelError;
use super::super::geometry::{Cell, Geometry};
use super::super::grid::Grid;
use super::{check_cells, invalid, orthogonal, span};

/// A chess move two equal digits may not be apart by, anywhere in the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChessMove {
    /// Anti-knight: no digit a knight's move from itself.
    Knight,
    /// Anti-king: no digit a king's move (diagonally next) from itself.
    King,
}

impl ChessMove {
    /// The cells a move away from `cell`.
    pub fn reach(self, geometry: Geometry, cell: Cell) -> Vec<Cell> {
        let steps: &[(isize, isize)] = match self {
            ChessMove::Knight => &[
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
            // orthogonal neighbours already share a row or column
            ChessMove::King => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
        };
        steps
            .iter()
            .filter_map(|&(down, across)| {
                let row = cell.row().checked_add_signed(down)?;
                let column = cell.column().checked_add_signed(across)?;
                geometry.cell(row, column)
            })
            .collect()
    }

    /// Whether no two cells a move apart hold the same digit.
    pub fn holds(self, grid: &Grid) -> bool {
        let geometry = grid.geometry();
        geometry.cells().all(|cell| {
            self.reach(geometry, cell)
                .into_iter()
                .all(|other| grid.get(cell).is_none() || grid.get(cell) != grid.get(other))
        })
    }
}

impl fmt::Display for ChessMove {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            ChessMove::Knight => "anti-knight",
            ChessMove::King => "anti-king",
        })
    }
}

/// What a dot between two neighbours says about their digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotKind {
    /// A white Kropki dot: the digits differ by this much (1: consecutive).
    Difference(u32),
    /// A black Kropki dot: one digit is this many times the other (usually 2).
    Ratio(u32),
    /// An X (10) or V (5), or any other sum: the digits add up to it.
    Sum(u32),
}

impl DotKind {
    /// Whether two digits stand in this relation.
    pub fn allows(self, first: u32, second: u32) -> bool {
        match self {
            DotKind::Difference(difference) => first.abs_diff(second) == difference,
            DotKind::Ratio(ratio) => first * ratio == second || second * ratio == first,
            DotKind::Sum(sum) => first + second == sum,
        }
    }

    /// The family of marks this dot belongs to, for the negative constraint.
    pub fn family(self) -> DotFamily {
        match self {
            DotKind::Difference(_) => DotFamily::Difference,
            DotKind::Ratio(_) => DotFamily::Ratio,
            DotKind::Sum(_) => DotFamily::Sum,
        }
    }

    /// The value the mark carries.
    pub fn value(self) -> u32 {
        match self {
            DotKind::Difference(value) | DotKind::Ratio(value) | DotKind::Sum(value) => value,
        }
    }
}

impl fmt::Display for DotKind {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DotKind::Difference(1) => formatter.write_str("white Kropki dot"),
            DotKind::Difference(value) => {
                write!(formatter, "white Kropki dot (difference {value})")
            }
            DotKind::Ratio(2) => formatter.write_str("black Kropki dot"),
            DotKind::Ratio(value) => write!(formatter, "black Kropki dot (ratio {value})"),
            DotKind::Sum(10) => formatter.write_str("X"),
            DotKind::Sum(5) => formatter.write_str("V"),
            DotKind::Sum(value) => write!(formatter, "sum {value}"),
        }
    }
}

/// The three families of marks between neighbours, each with its own negative constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotFamily {
    /// White dots (differences).
    Difference,
    /// Black dots (ratios).
    Ratio,
    /// X and V (sums).
    Sum,
}

impl DotFamily {
    /// Whether a mark of this family exempts its pair from `negative`'s constraint. Kropki
    /// dots, white or black, exempt their pair from both Kropki negative constraints
    /// (nonconsecutive and negative ratio), as f-puzzles reads them; X and V exempt from the
    /// XV one only.
    pub fn exempts_from(self, negative: DotFamily) -> bool {
        let kropki = |family| matches!(family, DotFamily::Difference | DotFamily::Ratio);
        self == negative || (kropki(self) && kropki(negative))
    }
}

impl fmt::Display for DotFamily {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            DotFamily::Difference => "white dots",
            DotFamily::Ratio => "black dots",
            DotFamily::Sum => "XV",
        })
    }
}

/// A mark between two orthogonal neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dot {
    /// One cell.
    pub first: Cell,
    /// Its neighbour.
    pub second: Cell,
    /// What the mark says.
    pub kind: DotKind,
}

impl Dot {
    /// Checks the cells are inside the grid and share a side, and the value makes sense.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        check_cells(geometry, self, &[self.first, self.second])?;
        if !orthogonal(self.first, self.second) {
            return Err(invalid(
                self,
                "a dot sits between two cells that share a side",
            ));
        }
        if self.kind.value() == 0 || matches!(self.kind, DotKind::Ratio(1)) {
            return Err(invalid(
                self,
                format!("the value {} says nothing", self.kind.value()),
            ));
        }
        Ok(())
    }

    /// Whether the two digits obey the mark.
    pub fn holds(&self, grid: &Grid) -> bool {
        match (grid.get(self.first), grid.get(self.second)) {
            (Some(first), Some(second)) => self
                .kind
                .allows(u32::from(first.get()), u32::from(second.get())),
            _ => false,
        }
    }
}

impl fmt::Display for Dot {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{} {}-{}", self.kind, self.first, self.second)
    }
}

/// The negative constraint of one family of marks: every pair of orthogonal neighbours
/// without a mark that exempts it stands in none of the relations `values` name (for
/// differences, nonconsecutive is `values == [1]`; for XV, `[5, 10]`). Any Kropki dot, white
/// or black, exempts its pair from both Kropki negative constraints; an X or V exempts its
/// pair from the XV one (see [`DotFamily::exempts_from`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Negative {
    /// Which marks are all given.
    pub family: DotFamily,
    /// The values unmarked neighbours may not show.
    pub values: Vec<u32>,
}

impl Negative {
    /// The relations unmarked neighbours may not stand in.
    pub fn forbidden(&self) -> impl Iterator<Item = DotKind> + '_ {
        self.values.iter().map(move |&value| match self.family {
            DotFamily::Difference => DotKind::Difference(value),
            DotFamily::Ratio => DotKind::Ratio(value),
            DotFamily::Sum => DotKind::Sum(value),
        })
    }

    /// The pairs of orthogonal neighbours this rule covers: those without a mark among `dots`
    /// that exempts them, each pair once (upper or left cell first).
    pub fn unmarked_pairs<'a>(
        &self,
        geometry: Geometry,
        dots: impl Iterator<Item = &'a Dot>,
    ) -> Vec<(Cell, Cell)> {
        let marked: Vec<(Cell, Cell)> = dots
            .filter(|dot| dot.kind.family().exempts_from(self.family))
            .map(|dot| (dot.first.min(dot.second), dot.first.max(dot.second)))
            .collect();
        let mut pairs = Vec::new();
        for cell in geometry.cells() {
            for next in [
                geometry.cell(cell.row(), cell.column() + 1),
                geometry.cell(cell.row() + 1, cell.column()),
            ]
            .into_iter()
            .flatten()
            {
                if !marked.contains(&(cell, next)) {
                    pairs.push((cell, next));
                }
            }
        }
        pairs
    }

    /// Whether no unmarked pair shows a forbidden relation.
    pub fn holds<'a>(&self, grid: &Grid, dots: impl Iterator<Item = &'a Dot>) -> bool {
        self.unmarked_pairs(grid.geometry(), dots)
            .into_iter()
            .all(
                |(first, second)| match (grid.get(first), grid.get(second)) {
                    (Some(first), Some(second)) => self
                        .forbidden()
                        .all(|kind| !kind.allows(u32::from(first.get()), u32::from(second.get()))),
                    _ => true,
                },
            )
    }
}

impl fmt::Display for Negative {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.family, self.values.as_slice()) {
            (DotFamily::Difference, [1]) => formatter.write_str("nonconsecutive"),
            (family, _) => write!(formatter, "negative constraint ({family})"),
        }
    }
}

/// Clones: `first[i]` and `second[i]` hold the same digit, for every i.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CloneRule {
    /// The cells of one shape.
    pub first: Vec<Cell>,
    /// The cells of its clone, in the same order.
    pub second: Vec<Cell>,
}

impl CloneRule {
    /// Checks both shapes are inside the grid, the same size, and without repeats.
    pub fn check(&self, geometry: Geometry) -> Result<(), ModelError> {
        check_cells(geometry, self, &self.first)?;
        check_cells(geometry, self, &self.second)?;
        if self.first.len() != self.second.len() || self.first.is_empty() {
            return Err(invalid(
                self,
                format!(
                    "a clone pairs shapes of one size ({} and {} cells)",
                    self.first.len(),
                    self.second.len()
                ),
            ));
        }
        Ok(())
    }

    /// Whether each cell holds its clone's digit.
    pub fn holds(&self, grid: &Grid) -> bool {
        self.first
            .iter()
            .zip(&self.second)
            .all(|(&first, &second)| grid.get(first) == grid.get(second))
    }
}

impl fmt::Display for CloneRule {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "clone {} = {}",
            span(&self.first),
            span(&self.second)
        )
    }
}
