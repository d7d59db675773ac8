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
    /// The regions the derived rules come from, by number.
    pub regions: Vec<RegionName>,
}

/// Which region a derived rule comes from, named for a person only when a reason needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum RegionName {
    /// One house.
    House(HouseKind),
    /// Rows `first..=last` (zero-based).
    Rows(usize, usize),
    /// Columns `first..=last` (zero-based).
    Columns(usize, usize),
    /// Adjacent boxes, by zero-based number.
    Boxes(Vec<usize>),
}

impl std::fmt::Display for RegionName {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegionName::House(kind) => write!(formatter, "{kind}"),
            RegionName::Rows(first, last) => write!(formatter, "rows {}–{}", first + 1, last + 1),
            RegionName::Columns(first, last) => {
                write!(formatter, "columns {}–{}", first + 1, last + 1)
            }
            RegionName::Boxes(numbers) => {
                let numbers: Vec<String> = numbers.iter().map(|n| (n + 1).to_string()).collect();
                write!(formatter, "boxes {}", numbers.join("+"))
            }
        }
    }
}

/// A set of cells whose digits add up to a known total.
struct Region {
    cells: Bits,
    total: u32,
    name: RegionName,
}

/// Words of a bit set over the cells of the largest grid (625 cells).
const CELL_WORDS: usize = 10;

/// A set of cells, one bit each, for the set arithmetic of regions and cages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Bits([u64; CELL_WORDS]);

impl Bits {
    fn empty() -> Bits {
        Bits([0; CELL_WORDS])
    }

    fn of(cells: impl IntoIterator<Item = u16>) -> Bits {
        let mut bits = Bits::empty();
        for cell in cells {
            bits.0[usize::from(cell / 64)] |= 1 << (cell % 64);
        }
        bits
    }

    fn meets(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    fn within(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    fn add(&mut self, other: &Bits) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a |= b);
    }

    fn minus(&self, other: &Bits) -> Bits {
        let mut result = *self;
        result
            .0
            .iter_mut()
            .zip(&other.0)
            .for_each(|(a, b)| *a &= !b);
        result
    }

    fn count(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// The cells, in increasing order.
    fn cells(&self) -> Vec<u16> {
        let mut cells = Vec::new();
        for (index, &word) in self.0.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                cells.push((index * 64) as u16 + rest.trailing_zeros() as u16);
                rest &= rest - 1;
            }
        }
        cells
    }
}

/// Derives innie and outie cages and sums from every region of `puzzle` (none without cages).
pub(super) fn derive(puzzle: &Puzzle) -> Derived {
    let mut derived = Derived::default();
    if puzzle.cage_count() == 0 {
        return derived;
    }
    let indices = |cells: &[crate::model::Cell]| -> Vec<u16> {
        cells.iter().map(|cell| cell_index(cell.index())).collect()
    };
    let summed: Vec<(Bits, u32)> = puzzle
        .cages()
        .filter_map(|cage| Some((Bits::of(indices(&cage.cells)), cage.sum?)))
        .collect();
    let mut builder = Builder {
        size: usize::from(puzzle.size()),
        summed: &summed,
        houses: puzzle
            .houses()
            .iter()
            .map(|house| Bits::of(indices(house.cells())))
            .collect(),
        seen_cages: puzzle
            .cages()
            .map(|cage| Bits::of(indices(&cage.cells)))
            .collect(),
        seen_sums: BTreeSet::new(),
        derived: &mut derived,
    };
    for region in regions(puzzle) {
        builder.region(region);
    }
    derived
}

/// Every house, every run of 2 to n − 1 adjacent rows or columns, every run of adjacent
/// boxes along a band or a stack (boxes only where the grid has them).
fn regions(puzzle: &Puzzle) -> Vec<Region> {
    let geometry = puzzle.geometry();
    let size = usize::from(puzzle.size());
    let total = (size * (size + 1) / 2) as u32;
    let house_bits = |house: &crate::model::House| {
        Bits::of(house.cells().iter().map(|cell| cell_index(cell.index())))
    };
    let mut regions: Vec<Region> = puzzle
        .houses()
        .iter()
        .map(|house| Region {
            cells: house_bits(house),
            total,
            name: RegionName::House(house.kind()),
        })
        .collect();
    let houses = puzzle.houses();
    // Rows are houses 0..n, columns n..2n, boxes 2n..3n.
    let mut runs = |members: &[usize], name: &dyn Fn(&[usize]) -> RegionName| {
        for length in 2..members.len() {
            for first in 0..=members.len() - length {
                let chosen = &members[first..first + length];
                let mut cells = Bits::empty();
                for &house in chosen {
                    cells.add(&house_bits(&houses[house]));
                }
                regions.push(Region {
                    cells,
                    total: total * length as u32,
                    name: name(chosen),
                });
            }
        }
    };
    let rows: Vec<usize> = (0..size).collect();
    runs(&rows, &|chosen| {
        RegionName::Rows(chosen[0], chosen[chosen.len() - 1])
    });
    let columns: Vec<usize> = (size..2 * size).collect();
    runs(&columns, &|chosen| {
        RegionName::Columns(chosen[0] - size, chosen[chosen.len() - 1] - size)
    });
    if !geometry.has_boxes() {
        // Irregular regions are no boxes: no band or stack of them lines up.
        return regions;
    }
    let across = size / usize::from(geometry.box_columns());
    let down = size / usize::from(geometry.box_rows());
    let boxes =
        |chosen: &[usize]| RegionName::Boxes(chosen.iter().map(|house| house - 2 * size).collect());
    for band in 0..down {
        let members: Vec<usize> = (0..across)
            .map(|stack| 2 * size + band * across + stack)
            .collect();
        runs(&members, &boxes);
    }
    for stack in 0..across {
        let members: Vec<usize> = (0..down)
            .map(|band| 2 * size + band * across + stack)
            .collect();
        runs(&members, &boxes);
    }
    regions
}

struct Builder<'a> {
    size: usize,
    /// The cages with a sum: cells and sum.
    summed: &'a [(Bits, u32)],
    houses: Vec<Bits>,
    seen_cages: Vec<Bits>,
    seen_sums: BTreeSet<(Vec<Term>, u32)>,
    derived: &'a mut Derived,
}

impl Builder<'_> {
    /// Adds the innies of `region`, and its outies (or innies minus outies).
    fn region(&mut self, region: Region) {
        let number = u16::try_from(self.derived.regions.len()).expect("few regions");
        // Innies: the cells not in a summed cage lying wholly inside.
        let mut inside = Bits::empty();
        let mut inside_sum = 0;
        let mut touching = Bits::empty();
        let mut touching_sum = 0;
        for (cells, sum) in self.summed {
            if cells.meets(&region.cells) {
                touching.add(cells);
                touching_sum += sum;
                if cells.within(&region.cells) {
                    inside.add(cells);
                    inside_sum += sum;
                }
            }
        }
        let innies = region.cells.minus(&inside);
        let total = i64::from(region.total);
        let mut added = self.add(
            &innies,
            &Bits::empty(),
            total - i64::from(inside_sum),
            number,
        );
        // Outies: the summed cages touching the region stick out by a known amount, less the
        // region's cells outside summed cages.
        let outies = touching.minus(&region.cells);
        if outies.count() > 0 {
            let uncaged = region.cells.minus(&touching);
            added |= self.add(&uncaged, &outies, total - i64::from(touching_sum), number);
        }
        if added {
            self.derived.regions.push(region.name);
        }
    }

    /// Adds `Σ plus − Σ minus = difference` as a cage or a sum rule; whether it was kept.
    fn add(&mut self, plus: &Bits, minus: &Bits, difference: i64, region: u16) -> bool {
        let (plus_count, minus_count) = (plus.count(), minus.count());
        if plus_count + minus_count == 0 {
            return false;
        }
        if minus_count == 0
            && plus_count < self.size
            && self.houses.iter().any(|house| plus.within(house))
        {
            return self.add_cage(plus, difference, region);
        }
        let count = plus_count + minus_count;
        if count > MAX_SUM_CELLS || count * self.size >= SUM_BITS {
            return false;
        }
        // Σ plus − Σ minus = d  ⇔  Σ plus + Σ (n + 1 − minus) = d + (n + 1)·|minus|.
        let target = difference + (self.size as i64 + 1) * minus_count as i64;
        let Ok(target) = u32::try_from(target) else {
            return false;
        };
        let mut terms: Vec<Term> = plus
            .cells()
            .into_iter()
            .map(|cell| Term {
                cell,
                mirrored: false,
            })
            .chain(minus.cells().into_iter().map(|cell| Term {
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

    fn add_cage(&mut self, cells: &Bits, sum: i64, region: u16) -> bool {
        if self.seen_cages.contains(cells) {
            return false;
        }
        self.seen_cages.push(*cells);
        let cells = cells.cells();
        let (minimum, maximum) = sum_range(cells.len(), self.size as u8);
        // An unreachable sum makes an empty range, which the first propagation reports.
        let sum = u32::try_from(sum).unwrap_or(u32::MAX);
        let range = if (minimum..=maximum).contains(&sum) {
            SumRange::new(sum, sum)
        } else {
            SumRange::new(maximum + 1, maximum)
        };
        self.derived.cages.push(CageRule {
            cell_set: CellSet::new(cells.iter().copied()),
            cells,
            initial_range: range,
            origin: CageOrigin::Region(region),
            distinct_only: false,
        });
        true
    }
}
