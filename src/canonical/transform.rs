//! A transformation of a puzzle that keeps its rules: rows and columns reordered (bands and
//! stacks kept), an optional transposition and an optional renaming of the digits; what the
//! canonical search finds, and what the benchmarks and tests shuffle puzzles with.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::model::{
    Cage, CageId, Cell, Comparison, Constraint, Diagonal, Digit, Geometry, Grid, HouseKind,
    ModelError, Puzzle, Relation,
};

/// Cell (i, j) of the image holds what the puzzle holds at (`rows[i]`, `columns[j]`), or at
/// (`columns[j]`, `rows[i]`) when `transpose`; digit d becomes `digits[d − 1]` when given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transformation {
    /// Whether the puzzle is mirrored in its main diagonal first.
    pub transpose: bool,
    /// The original row of each row of the image (of the transposed grid when `transpose`).
    pub rows: Vec<usize>,
    /// The original column of each column of the image, likewise.
    pub columns: Vec<usize>,
    /// The new name of each digit (`digits[0]` for 1 …), or `None` to keep them.
    pub digits: Option<Vec<u8>>,
}

/// A random order of `0..size` that keeps blocks of `block` together.
fn block_order(rng: &mut impl Rng, size: usize, block: usize) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..size / block).collect();
    blocks.shuffle(rng);
    let mut order = Vec::with_capacity(size);
    for chosen in blocks {
        let mut inside: Vec<usize> = (chosen * block..(chosen + 1) * block).collect();
        inside.shuffle(rng);
        order.extend(inside);
    }
    order
}

impl Transformation {
    /// A random member of a classic grid's group: bands, rows within them, stacks, columns
    /// within them, a transposition (square boxes only), and digits renamed when `relabel`.
    pub fn random(puzzle: &Puzzle, relabel: bool, rng: &mut impl Rng) -> Transformation {
        let geometry = puzzle.geometry();
        let size = usize::from(geometry.size());
        let rows = block_order(rng, size, usize::from(geometry.box_rows()));
        let columns = block_order(rng, size, usize::from(geometry.box_columns()));
        let transpose = geometry.box_rows() == geometry.box_columns() && rng.random_bool(0.5);
        let mut digits: Vec<u8> = (1..=geometry.size()).collect();
        digits.shuffle(rng);
        Transformation {
            transpose,
            rows,
            columns,
            digits: relabel.then_some(digits),
        }
    }

    /// Where each cell of the puzzle goes (by cell index), or `None` when the transformation
    /// does not fit the puzzle's size.
    fn destinations(&self, puzzle: &Puzzle) -> Option<Vec<Cell>> {
        let geometry = puzzle.geometry();
        let size = usize::from(geometry.size());
        if self.rows.len() != size || self.columns.len() != size {
            return None;
        }
        let mut destination = vec![None; geometry.cell_count()];
        for (row, &original_row) in self.rows.iter().enumerate() {
            for (column, &original_column) in self.columns.iter().enumerate() {
                let (from_row, from_column) = if self.transpose {
                    (original_column, original_row)
                } else {
                    (original_row, original_column)
                };
                *destination.get_mut(from_row * size + from_column)? = geometry.cell(row, column);
            }
        }
        destination.into_iter().collect()
    }

    fn digit(&self, digit: Digit) -> Option<Digit> {
        match &self.digits {
            Some(names) => Digit::new(*names.get(digit.index())?),
            None => Some(digit),
        }
    }

    /// The grid moved and renamed (a solution follows its puzzle this way).
    pub fn apply_to_grid(&self, puzzle: &Puzzle, grid: &Grid) -> Option<Grid> {
        let destination = self.destinations(puzzle)?;
        let mut moved = Grid::empty(grid.geometry());
        for (cell, digit) in grid.filled() {
            moved.set(destination[cell.index()], Some(self.digit(digit)?));
        }
        Some(moved)
    }

    /// The puzzle moved and renamed: givens, diagonals, cages and comparisons. `None` when
    /// the transformation does not fit the puzzle's size, when the puzzle has rules it does
    /// not move (see [`moves_with_its_cells`]), or when the image breaks a rule the puzzle
    /// checks (a cage no longer connected, a diagonal that is not one any more).
    pub fn apply(&self, puzzle: &Puzzle) -> Option<Puzzle> {
        if !moves_with_its_cells(puzzle) {
            return None;
        }
        let geometry = puzzle.geometry();
        let destination = self.destinations(puzzle)?;
        let givens = self.apply_to_grid(puzzle, puzzle.givens())?;
        let moved = |cell: Cell| destination[cell.index()];
        let constraints = puzzle
            .constraints()
            .iter()
            .map(|constraint| match constraint {
                Constraint::Cage(cage) => moved_cage(cage, |cell| Some(moved(cell))),
                // a diagonal (the only house left) goes where its cells go: onto a diagonal,
                // or the transformation does not keep the rules
                Constraint::Distinct(house) => {
                    let mut cells: Vec<usize> = house
                        .cells()
                        .iter()
                        .map(|&cell| moved(cell).index())
                        .collect();
                    cells.sort_unstable();
                    [Diagonal::Main, Diagonal::Anti]
                        .into_iter()
                        .find(|&diagonal| {
                            let mut target: Vec<usize> = geometry
                                .diagonal(diagonal)
                                .iter()
                                .map(|cell| cell.index())
                                .collect();
                            target.sort_unstable();
                            target == cells
                        })
                        .map(|diagonal| Constraint::diagonal(geometry, diagonal))
                }
                other => Some(other.clone()),
            })
            .collect::<Option<Vec<_>>>()?;
        Puzzle::new(geometry, givens, constraints).ok()
    }
}

/// A puzzle whose boxes are taller than wide (3×2 on a 6×6 grid) mirrored in its main
/// diagonal as a whole, boxes included (2×3): the one transformation that takes a puzzle to
/// the other box shape. Cages, comparisons and diagonals move with their cells (each long
/// diagonal onto itself). `None` for a puzzle with rules that do not move
/// ([`moves_with_its_cells`]) or with square or irregular boxes.
pub fn transposed_whole(puzzle: &Puzzle) -> Option<Puzzle> {
    let geometry = puzzle.geometry();
    if !geometry.has_boxes()
        || geometry.box_rows() <= geometry.box_columns()
        || !moves_with_its_cells(puzzle)
    {
        return None;
    }
    let turned = Geometry::new(geometry.box_columns(), geometry.box_rows()).ok()?;
    let mirror = |cell: Cell| turned.cell(cell.column(), cell.row());
    let mut givens = Grid::empty(turned);
    for (cell, digit) in puzzle.givens().filled() {
        givens.set(mirror(cell)?, Some(digit));
    }
    let constraints = puzzle
        .constraints()
        .iter()
        .map(|constraint| match constraint {
            Constraint::Cage(cage) => moved_cage(cage, mirror),
            Constraint::Distinct(house) => match house.kind() {
                HouseKind::Diagonal(diagonal) => Some(Constraint::diagonal(turned, diagonal)),
                _ => None,
            },
            other => Some(other.clone()),
        })
        .collect::<Option<Vec<_>>>()?;
    Puzzle::new(turned, givens, constraints).ok()
}

/// The cage with each cell moved by `moved` (`None` when a cell has no image).
fn moved_cage(cage: &Cage, moved: impl Fn(Cell) -> Option<Cell>) -> Option<Constraint> {
    Some(Constraint::Cage(Cage {
        label: cage.label.clone(),
        cells: cage
            .cells
            .iter()
            .map(|&cell| moved(cell))
            .collect::<Option<Vec<_>>>()?,
        sum: cage.sum,
    }))
}

/// Whether every rule of the puzzle beyond rows, columns and boxes is a long diagonal, a cage
/// or a comparison: the rules a [`Transformation`] moves (and the canonical key reads).
/// Windoku regions, disjoint groups, jigsaw regions and the variant rules (thermometers,
/// dots, …) are not moved.
pub fn moves_with_its_cells(puzzle: &Puzzle) -> bool {
    puzzle
        .constraints()
        .iter()
        .all(|constraint| match constraint {
            Constraint::Distinct(house) => matches!(house.kind(), HouseKind::Diagonal(_)),
            Constraint::Cage(_) | Constraint::Compare(_) => true,
            _ => false,
        })
}

/// The puzzle with its rules written in one order: diagonals first, then the cages by their
/// first cell (row-major), each cage's cells in order and labelled 1, 2, 3…, then the
/// comparisons with the earlier cage first, sorted; so that two orientations moved onto the
/// same canonical image write the same definition.
/// A puzzle with rules a transformation does not move ([`moves_with_its_cells`]) is answered
/// as it is.
pub fn in_standard_order(puzzle: &Puzzle) -> Result<Puzzle, ModelError> {
    if !moves_with_its_cells(puzzle) {
        return Ok(puzzle.clone());
    }
    let mut order: Vec<(usize, usize)> = puzzle
        .cages()
        .enumerate()
        .map(|(index, cage)| {
            let first = cage.cells.iter().map(|cell| cell.index()).min();
            (first.unwrap_or(0), index)
        })
        .collect();
    order.sort_unstable();
    let mut new_id = vec![0; order.len()];
    for (position, &(_, index)) in order.iter().enumerate() {
        new_id[index] = position;
    }
    let mut diagonals = puzzle.diagonals();
    diagonals.sort_by_key(|&diagonal| diagonal == Diagonal::Anti);
    let mut constraints: Vec<Constraint> = diagonals
        .into_iter()
        .map(|diagonal| Constraint::diagonal(puzzle.geometry(), diagonal))
        .collect();
    for (position, &(_, index)) in order.iter().enumerate() {
        let cage = puzzle.cage(CageId::new(index));
        let mut cells = cage.cells.clone();
        cells.sort_by_key(|cell| cell.index());
        constraints.push(Constraint::Cage(Cage {
            label: (position + 1).to_string(),
            cells,
            sum: cage.sum,
        }));
    }
    let mut comparisons: Vec<Comparison> = puzzle
        .comparisons()
        .map(|comparison| {
            let first = new_id[comparison.first.index()];
            let second = new_id[comparison.second.index()];
            if first <= second {
                (first, second, comparison.relation)
            } else {
                (second, first, flipped(comparison.relation))
            }
        })
        .map(|(first, second, relation)| Comparison {
            first: CageId::new(first),
            second: CageId::new(second),
            relation,
        })
        .collect();
    comparisons.sort_by_key(|comparison| {
        (
            comparison.first,
            comparison.second,
            comparison.relation.symbol(),
        )
    });
    constraints.extend(comparisons.into_iter().map(Constraint::Compare));
    Puzzle::new(puzzle.geometry(), puzzle.givens().clone(), constraints)
}

/// The relation seen from the other side: `a < b` is `b > a`.
pub fn flipped(relation: Relation) -> Relation {
    match relation {
        Relation::Less => Relation::Greater,
        Relation::Equal => Relation::Equal,
        Relation::Greater => Relation::Less,
    }
}
