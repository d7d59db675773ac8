//! Killer arithmetic from regions whose total is known (a house, a run of rows or columns,
//! a run of boxes): the cells left over once the summed cages inside are taken off
//! ("innies") and the cage cells sticking out ("outies") have known sums. Sets of cells that
//! share a house become derived cages; the others become [`SumRule`]s, whose digits may
//! repeat.

use std::collections::BTreeSet;

use crate::model::{sum_range, HouseKind, Puzzle};

use super::cages::{CageOrigin, CageRule, CellSet, SumRange};
use super::layout::cell_index;

/// Sum rules whose reachable sums overflow this many bits are dropped: the propagation keeps
/// reachable sums in a `u128`, and larger rules prune little anyway.
const SUM_BITS: usize = 128;

/// Most cells a sum rule may span: larger rules prune too little for their cost.
const MAX_SUM_CELLS: usize = 6;

/// One cell of a sum rule. An outie counts negatively; it enters the sum as `n + 1 - digit`,
/// so every term is a digit from 1 to n and the rule a plain sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Term {
    /// The cell index.
    pub cell: u16,
    /// Whether the cell counts as `n + 1 - digit`.
    pub mirrored: bool,
}

/// `Σ terms = target`, over cells that need not differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SumRule {
    /// The cells.
    pub terms: Vec<Term>,
    /// Their sum.
    pub target: u32,
    /// The region it comes from, by number.
    pub region: u16,
    /// Its cells as a set, to test against the cells that changed.
    pub cell_set: CellSet,
}

/// What the regions of a puzzle give.
#[derive(Debug, Default)]
pub(super) struct Derived {
    /// Derived cages: cells sharing a house, with a known sum.
    pub cages: Vec<CageRule>,
    /// Derived sums over cells that need not differ.
    pub sums: Vec<SumRule>,
    /// The name of each region.
    pub region_names: Vec<String>,
}

/// A set of cells whose digits add up to a known total.
struct Region {
    cells: Vec<u16>,
    total: u32,
    name: String,
}

/// Derives innie and outie cages and sums from every region of `puzzle` (none without cages).
pub(super) fn derive(puzzle: &Puzzle) -> Derived {
    let mut derived = Derived::default();
    if puzzle.cage_count() == 0 {
        return derived;
    }
    let cages: Vec<(Vec<u16>, Option<u32>)> = puzzle
        .cages()
        .map(|cage| {
            let cells = cage
                .cells
                .iter()
                .map(|cell| cell_index(cell.index()))
                .collect();
            (cells, cage.sum)
        })
        .collect();
    let mut builder = Builder {
        puzzle,
        cages: &cages,
        houses: puzzle
            .houses()
            .iter()
            .map(|house| {
                house
                    .cells()
                    .iter()
                    .map(|cell| cell_index(cell.index()))
                    .collect()
            })
            .collect(),
        seen_cages: cages.iter().map(|(cells, _)| sorted(cells)).collect(),
        seen_sums: BTreeSet::new(),
        derived: &mut derived,
    };
    for region in regions(puzzle) {
        builder.region(region);
    }
    derived
}

fn sorted(cells: &[u16]) -> Vec<u16> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    cells
}

/// Every house, every run of 2 to n − 1 adjacent rows or columns, every run of adjacent
/// boxes along a band or a stack.
fn regions(puzzle: &Puzzle) -> Vec<Region> {
    let geometry = puzzle.geometry();
    let size = usize::from(puzzle.size());
    let total = (size * (size + 1) / 2) as u32;
    let mut regions: Vec<Region> = puzzle
        .houses()
        .iter()
        .map(|house| Region {
            cells: house
                .cells()
                .iter()
                .map(|cell| cell_index(cell.index()))
                .collect(),
            total,
            name: house.kind().to_string(),
        })
        .collect();
    let line = |row: usize, column: usize, by_rows: bool| {
        let (row, column) = if by_rows {
            (row, column)
        } else {
            (column, row)
        };
        cell_index(row * size + column)
    };
    for (by_rows, word) in [(true, "rows"), (false, "columns")] {
        for length in 2..size {
            for first in 0..=size - length {
                regions.push(Region {
                    cells: (first..first + length)
                        .flat_map(|outer| (0..size).map(move |inner| line(outer, inner, by_rows)))
                        .collect(),
                    total: total * length as u32,
                    name: format!("{word} {}–{}", first + 1, first + length),
                });
            }
        }
    }
    let boxes: Vec<&[crate::model::Cell]> = puzzle
        .houses()
        .iter()
        .filter(|house| matches!(house.kind(), HouseKind::Box(_)))
        .map(|house| house.cells())
        .collect();
    let across = size / usize::from(geometry.box_columns());
    let down = size / usize::from(geometry.box_rows());
    let mut runs = Vec::new();
    for band in 0..down {
        let row: Vec<usize> = (0..across).map(|stack| band * across + stack).collect();
        runs.push(row);
    }
    for stack in 0..across {
        let column: Vec<usize> = (0..down).map(|band| band * across + stack).collect();
        runs.push(column);
    }
    for run in runs {
        for length in 2..run.len() {
            for first in 0..=run.len() - length {
                let chosen = &run[first..first + length];
                regions.push(Region {
                    cells: chosen
                        .iter()
                        .flat_map(|&number| {
                            boxes[number].iter().map(|cell| cell_index(cell.index()))
                        })
                        .collect(),
                    total: total * length as u32,
                    name: format!(
                        "boxes {}",
                        chosen
                            .iter()
                            .map(|number| (number + 1).to_string())
                            .collect::<Vec<_>>()
                            .join("+")
                    ),
                });
            }
        }
    }
    regions
}

struct Builder<'a> {
    puzzle: &'a Puzzle,
    cages: &'a [(Vec<u16>, Option<u32>)],
    houses: Vec<Vec<u16>>,
    seen_cages: Vec<Vec<u16>>,
    seen_sums: BTreeSet<(Vec<Term>, u32)>,
    derived: &'a mut Derived,
}

impl Builder<'_> {
    /// Adds the innies of `region`, and its outies (or innies minus outies).
    fn region(&mut self, region: Region) {
        let number = u16::try_from(self.derived.region_names.len()).expect("few regions");
        let in_region = |cell: &u16| region.cells.contains(cell);
        let summed = || {
            self.cages
                .iter()
                .filter_map(|(cells, sum)| sum.map(|sum| (cells, sum)))
        };
        // Innies: the cells not in a summed cage lying wholly inside.
        let inside: Vec<(&Vec<u16>, u32)> = summed()
            .filter(|(cells, _)| cells.iter().all(in_region))
            .collect();
        let inside_sum: u32 = inside.iter().map(|(_, sum)| sum).sum();
        let innies: Vec<u16> = region
            .cells
            .iter()
            .copied()
            .filter(|cell| !inside.iter().any(|(cells, _)| cells.contains(cell)))
            .collect();
        let mut added = self.add(
            &innies,
            &[],
            i64::from(region.total) - i64::from(inside_sum),
            number,
        );
        // Outies: the summed cages touching the region stick out by a known amount, less the
        // region's cells outside summed cages.
        let touching: Vec<(&Vec<u16>, u32)> = summed()
            .filter(|(cells, _)| cells.iter().any(in_region))
            .collect();
        let touching_sum: u32 = touching.iter().map(|(_, sum)| sum).sum();
        let outies: Vec<u16> = touching
            .iter()
            .flat_map(|(cells, _)| cells.iter().copied())
            .filter(|cell| !in_region(cell))
            .collect();
        if !outies.is_empty() {
            let uncaged: Vec<u16> = region
                .cells
                .iter()
                .copied()
                .filter(|cell| !touching.iter().any(|(cells, _)| cells.contains(cell)))
                .collect();
            let difference = i64::from(region.total) - i64::from(touching_sum);
            added |= self.add(&uncaged, &outies, difference, number);
        }
        if added {
            self.derived.region_names.push(region.name);
        }
    }

    /// Adds `Σ plus − Σ minus = difference` as a cage or a sum rule; whether it was kept.
    fn add(&mut self, plus: &[u16], minus: &[u16], difference: i64, region: u16) -> bool {
        let size = usize::from(self.puzzle.size());
        if plus.is_empty() && minus.is_empty() {
            return false;
        }
        if minus.is_empty() && plus.len() < size && self.share_a_house(plus) {
            return self.add_cage(plus, difference, region);
        }
        let count = plus.len() + minus.len();
        if count > MAX_SUM_CELLS || count * size >= SUM_BITS {
            return false;
        }
        // Σ plus − Σ minus = d  ⇔  Σ plus + Σ (n + 1 − minus) = d + (n + 1)·|minus|.
        let target = difference + (size as i64 + 1) * minus.len() as i64;
        let Ok(target) = u32::try_from(target) else {
            return false;
        };
        let mut terms: Vec<Term> = plus
            .iter()
            .map(|&cell| Term {
                cell,
                mirrored: false,
            })
            .chain(minus.iter().map(|&cell| Term {
                cell,
                mirrored: true,
            }))
            .collect();
        terms.sort_unstable();
        if !self.seen_sums.insert((terms.clone(), target)) {
            return false;
        }
        self.derived.sums.push(SumRule {
            cell_set: CellSet::new(terms.iter().map(|term| term.cell)),
            terms,
            target,
            region,
        });
        true
    }

    fn add_cage(&mut self, cells: &[u16], sum: i64, region: u16) -> bool {
        let cells = sorted(cells);
        let (minimum, maximum) = sum_range(cells.len(), self.puzzle.size());
        // An unreachable sum makes an empty range, which the first propagation reports.
        let sum = u32::try_from(sum).unwrap_or(u32::MAX);
        let range = if (minimum..=maximum).contains(&sum) {
            SumRange::new(sum, sum)
        } else {
            SumRange::new(maximum + 1, maximum)
        };
        if self.seen_cages.contains(&cells) {
            return false;
        }
        self.seen_cages.push(cells.clone());
        self.derived.cages.push(CageRule {
            cell_set: CellSet::new(cells.iter().copied()),
            cells,
            initial_range: range,
            origin: CageOrigin::Region(region),
        });
        true
    }

    fn share_a_house(&self, cells: &[u16]) -> bool {
        self.houses
            .iter()
            .any(|house| cells.iter().all(|cell| house.contains(cell)))
    }
}
