//! Grid geometry: the side n = box rows × box columns, cells, and the houses it implies.

use std::fmt;

use super::digit::MAX_SIZE;
use super::error::ModelError;

/// One cell of the grid, by row and column (both zero-based inside, `r1c1` when shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    index: u16,
    row: u8,
    column: u8,
}

impl Cell {
    /// Row-major position of the cell in its grid, for indexing tables.
    pub fn index(self) -> usize {
        usize::from(self.index)
    }

    /// Zero-based row.
    pub fn row(self) -> usize {
        usize::from(self.row)
    }

    /// Zero-based column.
    pub fn column(self) -> usize {
        usize::from(self.column)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "r{}c{}", self.row + 1, self.column + 1)
    }
}

/// Which of the two long diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Diagonal {
    /// From the top-left corner to the bottom-right one (`diagonal-` in f-puzzles).
    Main,
    /// From the top-right corner to the bottom-left one (`diagonal+` in f-puzzles).
    Anti,
}

/// What kind of all-different group a house is, and which one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row, zero-based.
    Row(u8),
    /// A column, zero-based.
    Column(u8),
    /// A box, zero-based, numbered row-major.
    Box(u8),
    /// A long diagonal.
    Diagonal(Diagonal),
    /// An irregular region (jigsaw), zero-based, standing where boxes stand in a regular grid.
    Region(u8),
    /// An extra region of n cells (windoku and the like), zero-based in the order given.
    Extra(u8),
    /// A disjoint group: the cells at one position inside every box, zero-based row-major.
    Disjoint(u8),
}

impl fmt::Display for HouseKind {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HouseKind::Row(row) => write!(formatter, "row {}", row + 1),
            HouseKind::Column(column) => write!(formatter, "column {}", column + 1),
            HouseKind::Box(number) => write!(formatter, "box {}", number + 1),
            HouseKind::Diagonal(Diagonal::Main) => write!(formatter, "the main diagonal"),
            HouseKind::Diagonal(Diagonal::Anti) => write!(formatter, "the anti-diagonal"),
            HouseKind::Region(number) => write!(formatter, "region {}", number + 1),
            HouseKind::Extra(number) => write!(formatter, "extra region {}", number + 1),
            HouseKind::Disjoint(number) => write!(formatter, "disjoint group {}", number + 1),
        }
    }
}

/// A group of n cells that must hold every digit once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    kind: HouseKind,
    cells: Vec<Cell>,
}

impl House {
    /// A house of any kind from its cells; [`crate::model::Puzzle::new`] checks it has n
    /// distinct cells inside the grid.
    pub fn new(kind: HouseKind, cells: Vec<Cell>) -> House {
        House { kind, cells }
    }

    /// Which house this is.
    pub fn kind(&self) -> HouseKind {
        self.kind
    }

    /// Its cells, in reading order along the house.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

/// The shape of an n×n grid with rectangular boxes of `box_rows` × `box_columns` cells, or
/// an irregular grid whose regions (jigsaw pieces) come with the puzzle.
///
/// An irregular geometry answers `box_rows() == 1` and `box_columns() == n`, so code that
/// cuts the grid into boxes sees boxes equal to rows (real houses, so nothing it infers is
/// wrong); [`Geometry::has_boxes`] tells the two apart, and the puzzle's houses hold its
/// regions where a regular grid's hold boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    box_rows: u8,
    box_columns: u8,
    irregular: bool,
}

impl Geometry {
    /// A grid of boxes `box_rows` high and `box_columns` wide; the side is their product.
    pub fn new(box_rows: u8, box_columns: u8) -> Result<Geometry, ModelError> {
        let size = u16::from(box_rows) * u16::from(box_columns);
        if box_rows < 2 || box_columns < 2 || size > u16::from(MAX_SIZE) {
            return Err(ModelError::BoxShape {
                box_rows,
                box_columns,
            });
        }
        Ok(Geometry {
            box_rows,
            box_columns,
            irregular: false,
        })
    }

    /// An n×n grid without boxes, for puzzles with irregular regions (any side from 4 to
    /// 25, primes such as 7 included).
    pub fn irregular(size: usize) -> Result<Geometry, ModelError> {
        if !(4..=usize::from(MAX_SIZE)).contains(&size) {
            return Err(ModelError::Size { size });
        }
        Ok(Geometry {
            box_rows: 1,
            box_columns: u8::try_from(size).expect("size checked above"),
            irregular: true,
        })
    }

    /// Whether the grid has rectangular boxes (false for irregular regions).
    pub fn has_boxes(self) -> bool {
        !self.irregular
    }

    /// The usual geometry for an n×n grid: boxes as square as possible, wider than high
    /// (6×6 → 2×3, 8×8 → 2×4, 12×12 → 3×4). Sizes with no such shape (primes such as 7)
    /// are refused.
    pub fn for_size(size: usize) -> Result<Geometry, ModelError> {
        if !(4..=usize::from(MAX_SIZE)).contains(&size) {
            return Err(ModelError::Size { size });
        }
        let box_rows = (2..=size)
            .take_while(|rows| rows * rows <= size)
            .filter(|rows| size.is_multiple_of(*rows))
            .last()
            .ok_or(ModelError::NoBoxShape { size })?;
        let rows = u8::try_from(box_rows).expect("size checked above");
        let columns = u8::try_from(size / box_rows).expect("size checked above");
        Geometry::new(rows, columns)
    }

    /// The side n of the grid, which is also the number of digits.
    pub fn size(self) -> u8 {
        self.box_rows * self.box_columns
    }

    /// How many rows a box spans.
    pub fn box_rows(self) -> u8 {
        self.box_rows
    }

    /// How many columns a box spans.
    pub fn box_columns(self) -> u8 {
        self.box_columns
    }

    /// How many cells the grid has (n²).
    pub fn cell_count(self) -> usize {
        usize::from(self.size()) * usize::from(self.size())
    }

    /// The cell at zero-based `row` and `column`, if both are inside the grid.
    pub fn cell(self, row: usize, column: usize) -> Option<Cell> {
        let size = usize::from(self.size());
        if row >= size || column >= size {
            return None;
        }
        Some(Cell {
            index: u16::try_from(row * size + column).expect("grid at most 25×25"),
            row: u8::try_from(row).expect("grid at most 25×25"),
            column: u8::try_from(column).expect("grid at most 25×25"),
        })
    }

    /// The cell at row-major position `index`, if inside the grid.
    pub fn cell_at(self, index: usize) -> Option<Cell> {
        let size = usize::from(self.size());
        self.cell(index / size, index % size)
    }

    /// The cells orthogonally next to `cell` (up, down, left, right), fewer at the edges.
    pub fn neighbours(self, cell: Cell) -> impl Iterator<Item = Cell> {
        let (row, column) = (cell.row(), cell.column());
        [
            row.checked_sub(1).and_then(|up| self.cell(up, column)),
            self.cell(row + 1, column),
            column.checked_sub(1).and_then(|left| self.cell(row, left)),
            self.cell(row, column + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Every cell, row-major.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        let size = self.size();
        (0..size).flat_map(move |row| {
            (0..size).map(move |column| Cell {
                index: u16::from(row) * u16::from(size) + u16::from(column),
                row,
                column,
            })
        })
    }

    /// Zero-based number of the box holding `cell`, row-major.
    pub fn box_of(self, cell: Cell) -> usize {
        let band = cell.row() / usize::from(self.box_rows);
        let stack = cell.column() / usize::from(self.box_columns);
        band * self.boxes_per_band() + stack
    }

    /// How many boxes sit side by side in one band of box rows.
    fn boxes_per_band(self) -> usize {
        usize::from(self.size() / self.box_columns)
    }

    /// The cells of one long diagonal, top to bottom.
    pub fn diagonal(self, diagonal: Diagonal) -> Vec<Cell> {
        let size = usize::from(self.size());
        (0..size)
            .filter_map(|row| match diagonal {
                Diagonal::Main => self.cell(row, row),
                Diagonal::Anti => self.cell(row, size - 1 - row),
            })
            .collect()
    }

    /// The rows, columns and boxes, in that order (no boxes for an irregular grid: its
    /// regions come with the puzzle).
    pub fn houses(self) -> Vec<House> {
        let size = usize::from(self.size());
        let mut houses = Vec::with_capacity(3 * size);
        for row in 0..size {
            houses.push(House {
                kind: HouseKind::Row(row as u8),
                cells: (0..size)
                    .filter_map(|column| self.cell(row, column))
                    .collect(),
            });
        }
        for column in 0..size {
            houses.push(House {
                kind: HouseKind::Column(column as u8),
                cells: (0..size).filter_map(|row| self.cell(row, column)).collect(),
            });
        }
        if self.irregular {
            return houses;
        }
        let (box_rows, box_columns) = (usize::from(self.box_rows), usize::from(self.box_columns));
        for number in 0..size {
            let top = number / self.boxes_per_band() * box_rows;
            let left = number % self.boxes_per_band() * box_columns;
            houses.push(House {
                kind: HouseKind::Box(number as u8),
                cells: (top..top + box_rows)
                    .flat_map(|row| (left..left + box_columns).map(move |column| (row, column)))
                    .filter_map(|(row, column)| self.cell(row, column))
                    .collect(),
            });
        }
        houses
    }

    /// The house holding the cells of one long diagonal.
    pub fn diagonal_house(self, diagonal: Diagonal) -> House {
        House {
            kind: HouseKind::Diagonal(diagonal),
            cells: self.diagonal(diagonal),
        }
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.irregular {
            return write!(
                formatter,
                "{size}×{size} with irregular regions",
                size = self.size()
            );
        }
        write!(
            formatter,
            "{size}×{size} with {}×{} boxes",
            self.box_rows,
            self.box_columns,
            size = self.size()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boxes are built band by band; each holds, in row-major order, exactly the cells whose
    /// `box_of` is its number, on every shape.
    #[test]
    fn boxes_hold_the_cells_box_of_names() {
        for size in 1..=25u8 {
            for box_rows in 1..=size {
                if size % box_rows != 0 {
                    continue;
                }
                let Ok(geometry) = Geometry::new(box_rows, size / box_rows) else {
                    continue;
                };
                let houses = geometry.houses();
                for number in 0..usize::from(size) {
                    let expected: Vec<Cell> = geometry
                        .cells()
                        .filter(|&cell| geometry.box_of(cell) == number)
                        .collect();
                    let house = &houses[2 * usize::from(size) + number];
                    assert_eq!(house.kind(), HouseKind::Box(number as u8));
                    assert_eq!(
                        house.cells(),
                        expected.as_slice(),
                        "{geometry} box {number}"
                    );
                }
            }
        }
    }

    #[test]
    fn usual_box_shapes() {
        for (size, rows, columns) in [
            (4, 2, 2),
            (6, 2, 3),
            (8, 2, 4),
            (9, 3, 3),
            (12, 3, 4),
            (16, 4, 4),
            (25, 5, 5),
        ] {
            let geometry = Geometry::for_size(size).unwrap();
            assert_eq!(
                (geometry.box_rows(), geometry.box_columns()),
                (rows, columns)
            );
        }
        assert!(matches!(
            Geometry::for_size(7),
            Err(ModelError::NoBoxShape { size: 7 })
        ));
        assert!(Geometry::for_size(26).is_err());
    }

    #[test]
    fn houses_partition_the_grid() {
        for size in [4, 6, 8, 9, 12, 16, 25] {
            let geometry = Geometry::for_size(size).unwrap();
            let houses = geometry.houses();
            assert_eq!(houses.len(), 3 * size);
            let mut seen = vec![0; geometry.cell_count()];
            for house in &houses {
                assert_eq!(house.cells().len(), size);
                for cell in house.cells() {
                    seen[cell.index()] += 1;
                }
            }
            assert!(seen.iter().all(|&count| count == 3));
        }
    }

    #[test]
    fn box_numbering_is_row_major() {
        let geometry = Geometry::for_size(6).unwrap();
        let cell = geometry.cell(2, 4).unwrap();
        assert_eq!(geometry.box_of(cell), 3);
        assert_eq!(cell.to_string(), "r3c5");
    }
}
