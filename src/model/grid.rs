//! A grid of cells, each empty or holding a digit: givens, partial states and solutions.

use super::digit::Digit;
use super::geometry::{Cell, Geometry};

/// An n×n grid of optional digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    geometry: Geometry,
    cells: Vec<Option<Digit>>,
}

impl Grid {
    /// An empty grid.
    pub fn empty(geometry: Geometry) -> Grid {
        Grid {
            geometry,
            cells: vec![None; geometry.cell_count()],
        }
    }

    /// A grid from row-major values, `0` for empty. `None` if the length is not n² or a
    /// value is larger than n.
    pub fn from_values(geometry: Geometry, values: &[u8]) -> Option<Grid> {
        if values.len() != geometry.cell_count() {
            return None;
        }
        let mut grid = Grid::empty(geometry);
        for (slot, &value) in grid.cells.iter_mut().zip(values) {
            if value > geometry.size() {
                return None;
            }
            *slot = Digit::new(value);
        }
        Some(grid)
    }

    /// The grid's geometry.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The digit in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[cell.index()]
    }

    /// Puts `digit` into `cell` (or empties it).
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit;
    }

    /// Row-major contents, `None` for empty.
    pub fn digits(&self) -> impl ExactSizeIterator<Item = Option<Digit>> + '_ {
        self.cells.iter().copied()
    }

    /// Row-major values, `0` for empty.
    pub fn values(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|digit| digit.map_or(0, Digit::get))
            .collect()
    }

    /// The filled cells with their digits, row-major.
    pub fn filled(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        self.geometry
            .cells()
            .filter_map(|cell| self.get(cell).map(|digit| (cell, digit)))
    }

    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|digit| digit.is_some()).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The cells where two grids of the same geometry differ.
    pub fn differences(&self, other: &Grid) -> Vec<Cell> {
        self.geometry
            .cells()
            .filter(|&cell| self.get(cell) != other.get(cell))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        let geometry = Geometry::for_size(4).unwrap();
        let values = [1, 0, 0, 4, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 3];
        let grid = Grid::from_values(geometry, &values).unwrap();
        assert_eq!(grid.values(), values);
        assert_eq!(grid.filled_count(), 5);
        assert!(Grid::from_values(geometry, &[5; 16]).is_none());
        assert!(Grid::from_values(geometry, &[1; 15]).is_none());
    }
}
