//! `Layout`: the tables a grid's geometry implies (houses, peers, cages), computed once per puzzle.

use crate::model::{Cell, Digit, Geometry, HouseKind, Puzzle, Relation};

use super::cellset::CellSet;
use super::techniques::variant::{self, Rule};

/// One all-different house: a row, column, box or extra group such as a diagonal.
#[derive(Clone, Debug)]
pub(crate) struct HouseData<const W: usize> {
    /// Which house.
    pub kind: HouseKind,
    /// Its cells in reading order.
    pub cells: Vec<usize>,
    /// Its cells as a set.
    pub set: CellSet<W>,
}

/// A killer cage.
#[derive(Clone, Debug)]
pub(crate) struct CageData<const W: usize> {
    /// Its cells in the order given.
    pub cells: Vec<usize>,
    /// Its cells as a set.
    pub set: CellSet<W>,
    /// Its sum, if shown.
    pub sum: Option<u32>,
}

/// A comparison between two cages' sums.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ComparisonData {
    /// Left-hand cage (position in `Layout::cages`).
    pub first: usize,
    /// Right-hand cage.
    pub second: usize,
    /// How the sums relate.
    pub relation: Relation,
}

/// The geometry tables of one puzzle. Houses are numbered rows `0..n`, columns `n..2n`,
/// boxes `2n..3n`, then extra houses in the order the puzzle lists them.
#[derive(Clone, Debug)]
pub(crate) struct Layout<const W: usize> {
    /// The puzzle's geometry.
    pub geometry: Geometry,
    /// The side n, which is also the number of digits.
    pub size: usize,
    /// n².
    pub cell_count: usize,
    /// Rows per box.
    pub box_rows: usize,
    /// Columns per box.
    pub box_columns: usize,
    /// Every house.
    pub houses: Vec<HouseData<W>>,
    /// For every cell the houses holding it, in increasing order (row, column, box, extras).
    pub cell_houses: Vec<Vec<usize>>,
    /// For every cell all cells that may not hold the same digit: its houses' and cage's
    /// cells, and the cells a variant rule keeps apart (a chess move away; on one extra
    /// region, renban line or thermometer). What "sees" means to every technique.
    pub peers: Vec<CellSet<W>>,
    /// For every cell the cells a digit placed there leaves at once: its houses' and cage's
    /// cells. The cells only a rule keeps apart lose it by the rule's own step, named
    /// (`anti-knight r4c4=5: r2c3 ≠ 5`).
    pub placement_peers: Vec<CellSet<W>>,
    /// Every cell of the grid.
    pub all_cells: CellSet<W>,
    /// The cages.
    pub cages: Vec<CageData<W>>,
    /// For every cell its cage, if any.
    pub cage_of: Vec<Option<usize>>,
    /// The comparisons between cages.
    pub comparisons: Vec<ComparisonData>,
    /// The variant rules (anti-knight, Kropki dots, thermometers, …), in the puzzle's order.
    pub rules: Vec<Rule>,
}

impl<const W: usize> Layout<W> {
    /// The houses holding every cell of `cells` (none when `cells` is empty).
    pub(crate) fn houses_holding<'a>(
        &'a self,
        cells: &'a CellSet<W>,
    ) -> impl Iterator<Item = usize> + 'a {
        let first = cells.first();
        first
            .into_iter()
            .flat_map(move |first| self.cell_houses[first].iter().copied())
            .filter(move |&house| cells.is_subset(&self.houses[house].set))
    }

    /// Builds the tables for `puzzle`; `W` must be wide enough for its cells.
    pub(crate) fn new(puzzle: &Puzzle) -> Layout<W> {
        let geometry = puzzle.geometry();
        let size = usize::from(geometry.size());
        let cell_count = geometry.cell_count();
        assert!(cell_count <= W * 64, "cell set too narrow for the grid");
        let houses: Vec<HouseData<W>> = puzzle
            .houses()
            .iter()
            .map(|house| {
                let cells: Vec<usize> = house.cells().iter().map(|cell| cell.index()).collect();
                HouseData {
                    kind: house.kind(),
                    set: cells.iter().copied().collect(),
                    cells,
                }
            })
            .collect();
        let mut cell_houses = vec![Vec::new(); cell_count];
        for (number, house) in houses.iter().enumerate() {
            for &cell in &house.cells {
                cell_houses[cell].push(number);
            }
        }
        let cages: Vec<CageData<W>> = puzzle
            .cages()
            .map(|cage| {
                let cells: Vec<usize> = cage.cells.iter().map(|cell| cell.index()).collect();
                CageData {
                    set: cells.iter().copied().collect(),
                    cells,
                    sum: cage.sum,
                }
            })
            .collect();
        let mut cage_of = vec![None; cell_count];
        for (number, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                cage_of[cell] = Some(number);
            }
        }
        let mut placement_peers = vec![CellSet::EMPTY; cell_count];
        for (cell, peer) in placement_peers.iter_mut().enumerate() {
            for &house in &cell_houses[cell] {
                *peer |= houses[house].set;
            }
            if let Some(cage) = cage_of[cell] {
                *peer |= cages[cage].set;
            }
            peer.remove(cell);
        }
        let rules = variant::rules_of(puzzle);
        let mut peers = placement_peers.clone();
        for (first, second) in rules.iter().flat_map(|rule| rule.apart_pairs(geometry)) {
            peers[first].insert(second);
            peers[second].insert(first);
        }
        let comparisons = puzzle
            .comparisons()
            .map(|comparison| ComparisonData {
                first: comparison.first.index(),
                second: comparison.second.index(),
                relation: comparison.relation,
            })
            .collect();
        Layout {
            geometry,
            size,
            cell_count,
            box_rows: usize::from(geometry.box_rows()),
            box_columns: usize::from(geometry.box_columns()),
            houses,
            cell_houses,
            peers,
            placement_peers,
            all_cells: (0..cell_count).collect(),
            cages,
            cage_of,
            comparisons,
            rules,
        }
    }

    /// Zero-based row of a cell.
    #[inline]
    pub(crate) fn row(&self, cell: usize) -> usize {
        cell / self.size
    }

    /// Zero-based column of a cell.
    #[inline]
    pub(crate) fn column(&self, cell: usize) -> usize {
        cell % self.size
    }

    /// Zero-based box of a cell.
    #[inline]
    pub(crate) fn box_number(&self, cell: usize) -> usize {
        let band = self.row(cell) / self.box_rows;
        let stack = self.column(cell) / self.box_columns;
        band * (self.size / self.box_columns) + stack
    }

    /// House number of row `row`.
    #[inline]
    pub(crate) fn row_house(&self, row: usize) -> usize {
        row
    }

    /// House number of column `column`.
    #[inline]
    pub(crate) fn column_house(&self, column: usize) -> usize {
        self.size + column
    }

    /// House number of box `number`.
    #[inline]
    pub(crate) fn box_house(&self, number: usize) -> usize {
        2 * self.size + number
    }

    /// The cell at `row`, `column`.
    #[inline]
    pub(crate) fn index(&self, row: usize, column: usize) -> usize {
        row * self.size + column
    }

    /// Whether the house is a row or a column.
    #[inline]
    pub(crate) fn is_line(&self, house: usize) -> bool {
        house < 2 * self.size
    }

    /// Whether the house is a box.
    #[inline]
    pub(crate) fn is_box(&self, house: usize) -> bool {
        (2 * self.size..3 * self.size).contains(&house)
    }

    /// Whether two cells may not hold the same digit.
    #[inline]
    pub(crate) fn sees(&self, first: usize, second: usize) -> bool {
        self.peers[first].contains(second)
    }

    /// The first rule (in the puzzle's order) that keeps two cells apart when no house or
    /// cage does: the reason one sees the other, for a step's explanation.
    pub(crate) fn rule_between(&self, first: usize, second: usize) -> Option<&Rule> {
        if self.placement_peers[first].contains(second) || !self.sees(first, second) {
            return None;
        }
        let (first, second) = (self.cell(first), self.cell(second));
        self.rules
            .iter()
            .find(|rule| rule.keeps_apart(self.geometry, first, second))
    }

    /// Cells that see every cell of `cells` (the cells themselves excluded).
    pub(crate) fn common_peers(&self, cells: &CellSet<W>) -> CellSet<W> {
        let mut common = self.all_cells;
        for cell in cells.iter() {
            common &= self.peers[cell];
        }
        common
    }

    /// The model's cell at a position.
    #[inline]
    pub(crate) fn cell(&self, index: usize) -> Cell {
        self.geometry
            .cell_at(index)
            .expect("cell index inside the grid")
    }

    /// The model's digit at a zero-based position.
    #[inline]
    pub(crate) fn digit(&self, index: usize) -> Digit {
        Digit::from_index(index)
    }

    /// The mask of all digits.
    #[inline]
    pub(crate) fn all_digits(&self) -> u32 {
        (1u32 << self.size) - 1
    }
}
