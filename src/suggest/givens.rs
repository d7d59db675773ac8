//! Givens to add from the first solution until the puzzle is unique: a smallest set by
//! implicit hitting sets (within budgets), else a greedy choice weighed on sample solutions
//! pruned so that each given is needed; either way confirmed by the SAT engine.

use crate::budget::Stopped;
use rand::Rng;

use super::meter::Meter;
use super::{confirm_unique, Guarantee, SuggestError, Suggestion};
use crate::backtrack::Solver;
use crate::count::Count;
use crate::model::{Cell, Digit, Grid, Puzzle};

/// Most native counts the search for a smallest set may spend (one per difference learnt).
const SEARCH_BUDGET: usize = 300;

/// Most nodes the hitting-set searches of one puzzle may visit, all sizes together.
const NODE_BUDGET: usize = 400_000;

/// How many solutions the native engine enumerates at the start, in its search order: they
/// differ from one another, and often from the first solution, in few cells.
const ENUMERATED: usize = 2048;

/// How many solutions each round of the hitting-set search enumerates with its givens.
const ENUMERATED_PER_ROUND: usize = 64;

/// How many random solutions the greedy choice weighs cells on.
const SAMPLES: usize = 24;

/// How many random solutions each round of the hitting-set search learns from, besides
/// the one the count shows: fewer rounds, each a little dearer.
const SAMPLES_PER_ROUND: usize = 6;

/// Fewer remaining samples than this and the greedy choice draws fresh ones.
const RESAMPLE_BELOW: usize = 6;

/// The fewest givens from `first` that make `puzzle` unique, as far as the search goes.
/// `second` is another solution of `puzzle`.
pub(super) fn fewest_givens(
    puzzle: &Puzzle,
    first: &Grid,
    second: &Grid,
    rng: &mut impl Rng,
    meter: &Meter,
) -> Result<Suggestion, SuggestError> {
    let mut search = Search {
        solver: Solver::new(puzzle).with_budget(meter.budget()),
        meter,
        base: puzzle.givens().clone(),
        first,
        spent: 0,
        nodes: 0,
    };
    let (mut cells, ruled_out) = match search.smallest(puzzle, second, rng)? {
        Ok(cells) => (cells, usize::MAX),
        Err(ruled_out) => {
            let mut cells = search.greedy(puzzle, rng)?;
            search.prune(&mut cells)?;
            (cells, ruled_out)
        }
    };
    let guarantee = if cells.len() <= ruled_out.saturating_add(1) {
        Guarantee::Minimum
    } else {
        Guarantee::Minimal
    };
    meter.budget().interrupted()?;
    confirm_needed(puzzle, first, &cells, meter)?;
    cells.sort();
    let givens = cells
        .iter()
        .map(|&cell| digit_of(first, cell).map(|digit| (cell, digit)))
        .collect::<Result<_, _>>()?;
    Ok(Suggestion::Givens { givens, guarantee })
}

/// The digit `solution` holds at `cell`; a solution is complete, so this fails only on a bug.
fn digit_of(solution: &Grid, cell: Cell) -> Result<Digit, SuggestError> {
    solution
        .get(cell)
        .ok_or_else(|| SuggestError::NotConfirmed {
            what: format!("the first solution has no digit at {cell}"),
        })
}

/// The native solver for the puzzle's rules, its givens, and the solution added givens copy.
struct Search<'a> {
    solver: Solver,
    /// The caller's flag and deadline, for the solvers the search makes, and the work
    /// limit of the whole search.
    meter: &'a Meter,
    base: Grid,
    first: &'a Grid,
    spent: usize,
    nodes: usize,
}

impl Search<'_> {
    /// The puzzle's givens plus `first`'s digits at `cells`.
    fn givens_with(&self, cells: &[Cell]) -> Grid {
        let mut givens = self.base.clone();
        for &cell in cells {
            givens.set(cell, self.first.get(cell));
        }
        givens
    }

    /// The native count (up to 2) with `first`'s digits added at `cells`.
    fn count_with(&mut self, cells: &[Cell]) -> Result<Count, Stopped> {
        self.spent += 1;
        let givens = self.givens_with(cells);
        self.meter.native_count(&mut self.solver, &givens, 2)
    }

    /// A solution other than `first` that `count` shows, if any.
    fn other_solution(&self, count: Count) -> Option<Grid> {
        match count {
            Count::Multiple { first, second, .. } => {
                Some(if &first == self.first { second } else { first })
            }
            _ => None,
        }
    }

    /// A smallest set of cells whose digits in `first` make the puzzle unique, by implicit
    /// hitting sets: every other solution differs from `first` somewhere, and a set that
    /// makes the puzzle unique must hold one such cell for each. Starting from `second`, the
    /// first solutions the native engine enumerates and samples, take a smallest set hitting
    /// every difference known so far; if the puzzle is still not unique, the solutions the
    /// engine then shows add differences, and again. Only inclusion-minimal differences are
    /// kept (a set hitting them hits every other). The answer is a minimum, or the largest
    /// size ruled out when a budget runs out first.
    fn smallest(
        &mut self,
        puzzle: &Puzzle,
        second: &Grid,
        rng: &mut impl Rng,
    ) -> Result<Result<Vec<Cell>, usize>, SuggestError> {
        let words = self.first.geometry().cell_count().div_ceil(64);
        let mut family = Family::new(words);
        family.add(&self.first.differences(second));
        let base = self.base.clone();
        self.learn(&mut family, &base, ENUMERATED);
        for sample in self.sample(puzzle, &[], SAMPLES, rng)? {
            family.add(&self.first.differences(&sample));
        }
        let mut size = 1;
        while self.spent < SEARCH_BUDGET {
            let mut hitting = Hitting::new(&family.sets, NODE_BUDGET.saturating_sub(self.nodes));
            let cells = loop {
                match hitting.search(size) {
                    Some(cells) => break cells,
                    None if hitting.exhausted() => return Ok(Err(size - 1)),
                    None => size += 1,
                }
            };
            self.nodes = NODE_BUDGET - hitting.nodes_left;
            let cells: Vec<Cell> = cells
                .into_iter()
                .filter_map(|index| self.first.geometry().cell_at(index))
                .collect();
            let count = self.count_with(&cells)?;
            if count.is_unique() {
                return Ok(Ok(cells));
            }
            let Some(other) = self.other_solution(count) else {
                return Err(SuggestError::NotConfirmed {
                    what: "givens copied from a solution left none".to_string(),
                });
            };
            family.add(&self.first.differences(&other));
            let givens = self.givens_with(&cells);
            self.learn(&mut family, &givens, ENUMERATED_PER_ROUND);
            for sample in self.sample(puzzle, &cells, SAMPLES_PER_ROUND, rng)? {
                family.add(&self.first.differences(&sample));
            }
        }
        Ok(Err(size - 1))
    }

    /// Adds the differences from `first` of the first `limit` solutions with `givens`.
    fn learn(&mut self, family: &mut Family, givens: &Grid, limit: usize) {
        self.spent += 1;
        for solution in self.solver.solutions_with_givens(givens, limit) {
            if &solution != self.first {
                family.add(&self.first.differences(&solution));
            }
        }
    }

    /// Adds, one at a time, the cell whose digit in `first` rules out the most sample
    /// solutions, until the native engine finds the puzzle unique.
    fn greedy(&mut self, puzzle: &Puzzle, rng: &mut impl Rng) -> Result<Vec<Cell>, SuggestError> {
        let mut cells = Vec::new();
        let mut samples: Vec<Grid> = Vec::new();
        loop {
            let count = self.count_with(&cells)?;
            if count.is_unique() {
                return Ok(cells);
            }
            let Some(other) = self.other_solution(count) else {
                return Err(SuggestError::NotConfirmed {
                    what: "givens copied from a solution left none".to_string(),
                });
            };
            samples.retain(|sample| {
                cells
                    .iter()
                    .all(|&cell| sample.get(cell) == self.first.get(cell))
            });
            if samples.len() < RESAMPLE_BELOW {
                samples = self.sample(puzzle, &cells, SAMPLES, rng)?;
            }
            samples.push(other);
            let cell = self
                .best_split(&samples)
                .ok_or_else(|| SuggestError::NotConfirmed {
                    what: "no cell separates the first solution from another".to_string(),
                })?;
            cells.push(cell);
        }
    }

    /// Random solutions of the puzzle with `first`'s digits at `cells`, `first` left out.
    fn sample(
        &self,
        puzzle: &Puzzle,
        cells: &[Cell],
        how_many: usize,
        rng: &mut impl Rng,
    ) -> Result<Vec<Grid>, SuggestError> {
        self.meter.budget().interrupted()?;
        let mut solver = Solver::new(&puzzle.with_givens(self.givens_with(cells))?)
            .with_budget(self.meter.budget());
        Ok((0..how_many)
            .filter_map(|_| solver.solve_random(rng))
            .filter(|sample| sample != self.first)
            .collect())
    }

    /// The cell where the most samples differ from `first` (the first such cell in grid
    /// order on a tie), if any differs.
    fn best_split(&self, samples: &[Grid]) -> Option<Cell> {
        let mut differing = vec![0usize; self.first.geometry().cell_count()];
        for sample in samples {
            for cell in self.first.differences(sample) {
                differing[cell.index()] += 1;
            }
        }
        self.first
            .geometry()
            .cells()
            .filter(|cell| differing[cell.index()] > 0)
            .max_by_key(|cell| (differing[cell.index()], std::cmp::Reverse(cell.index())))
    }

    /// Drops every given whose removal keeps the puzzle unique, earliest chosen first.
    fn prune(&mut self, cells: &mut Vec<Cell>) -> Result<(), Stopped> {
        let mut position = 0;
        while position < cells.len() {
            let mut without = cells.clone();
            without.remove(position);
            if self.count_with(&without)?.is_unique() {
                *cells = without;
            } else {
                position += 1;
            }
        }
        Ok(())
    }
}

/// Asks the SAT engine that the puzzle with `cells` of `first` added is unique, and that
/// it is not with any one of them left out.
fn confirm_needed(
    puzzle: &Puzzle,
    first: &Grid,
    cells: &[Cell],
    meter: &Meter,
) -> Result<(), SuggestError> {
    let with = |cells: &[Cell]| {
        let mut givens = puzzle.givens().clone();
        for &cell in cells {
            givens.set(cell, first.get(cell));
        }
        puzzle.with_givens(givens)
    };
    confirm_unique(&with(cells)?, meter)?;
    for (position, &cell) in cells.iter().enumerate() {
        let mut without = cells.to_vec();
        without.remove(position);
        if meter.sat_count(&with(&without)?, 2)?.is_unique() {
            return Err(SuggestError::NotConfirmed {
                what: format!("the puzzle is unique without {cell}"),
            });
        }
    }
    Ok(())
}

/// Cell sets as bit words, 64 cells to a word.
type Bits = Vec<u64>;

fn bits_of(cells: impl IntoIterator<Item = usize>, words: usize) -> Bits {
    let mut bits = vec![0; words];
    for cell in cells {
        bits[cell / 64] |= 1 << (cell % 64);
    }
    bits
}

fn intersects(first: &[u64], second: &[u64]) -> bool {
    first
        .iter()
        .zip(second)
        .any(|(one, other)| one & other != 0)
}

fn cells_of(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(word, &value)| {
        (0..64)
            .filter(move |bit| value >> bit & 1 == 1)
            .map(move |bit| word * 64 + bit)
    })
}

/// Difference sets kept inclusion-minimal: a set holding another adds nothing, since a
/// set of cells hitting the smaller hits it too.
struct Family {
    words: usize,
    sets: Vec<Bits>,
}

impl Family {
    fn new(words: usize) -> Family {
        Family {
            words,
            sets: Vec::new(),
        }
    }

    /// Adds the set of `cells` unless it holds a set already kept; drops the kept sets
    /// that hold it.
    fn add(&mut self, cells: &[Cell]) {
        let set = bits_of(cells.iter().map(|cell| cell.index()), self.words);
        let within = |small: &Bits, large: &Bits| {
            small
                .iter()
                .zip(large)
                .all(|(small, large)| small & !large == 0)
        };
        if self.sets.iter().any(|kept| within(kept, &set)) {
            return;
        }
        self.sets.retain(|kept| !within(&set, kept));
        self.sets.push(set);
    }
}

/// An exact smallest hitting set of cell sets, by depth-first search within a node budget.
/// Branching on an unhit set's cells, a branch forbids the cells earlier branches chose, so
/// each set of cells is visited once; pairwise disjoint unhit sets bound the depth needed.
struct Hitting {
    sets: Vec<Bits>,
    chosen: Bits,
    forbidden: Bits,
    picked: Vec<usize>,
    nodes_left: usize,
}

impl Hitting {
    fn new(sets: &[Bits], nodes_left: usize) -> Hitting {
        let words = sets.first().map_or(1, Vec::len);
        let mut sets = sets.to_vec();
        sets.sort_by_key(|set| set.iter().map(|word| word.count_ones()).sum::<u32>());
        Hitting {
            sets,
            chosen: vec![0; words],
            forbidden: vec![0; words],
            picked: Vec::new(),
            nodes_left,
        }
    }

    /// A set of `size` cells (indices) hitting every set, if the search finds one.
    fn search(&mut self, size: usize) -> Option<Vec<usize>> {
        self.depth_first(size).then(|| self.picked.clone())
    }

    /// Whether the node budget ran out, so a failed search proves nothing.
    fn exhausted(&self) -> bool {
        self.nodes_left == 0
    }

    /// The open cells (not forbidden) of every set not hit yet.
    fn unhit(&self) -> Vec<Bits> {
        self.sets
            .iter()
            .filter(|set| !intersects(set, &self.chosen))
            .map(|set| {
                set.iter()
                    .zip(&self.forbidden)
                    .map(|(word, forbidden)| word & !forbidden)
                    .collect()
            })
            .collect()
    }

    fn depth_first(&mut self, left: usize) -> bool {
        if self.nodes_left == 0 {
            return false;
        }
        self.nodes_left -= 1;
        let unhit = self.unhit();
        if unhit.is_empty() {
            return true;
        }
        let size = |set: &Bits| set.iter().map(|word| word.count_ones()).sum::<u32>();
        if left == 0 || unhit.iter().any(|set| size(set) == 0) {
            return false;
        }
        let mut used = vec![0; self.chosen.len()];
        let mut disjoint = 0;
        for set in &unhit {
            if !intersects(set, &used) {
                disjoint += 1;
                used.iter_mut()
                    .zip(set)
                    .for_each(|(word, bits)| *word |= bits);
            }
        }
        if disjoint > left {
            return false;
        }
        let Some(branch) = unhit.iter().min_by_key(|set| size(set)) else {
            return true;
        };
        let branch: Vec<usize> = cells_of(branch).collect();
        let mut found = false;
        for &cell in &branch {
            self.chosen[cell / 64] |= 1 << (cell % 64);
            self.picked.push(cell);
            if self.depth_first(left - 1) {
                found = true;
                break;
            }
            self.picked.pop();
            self.chosen[cell / 64] &= !(1 << (cell % 64));
            self.forbidden[cell / 64] |= 1 << (cell % 64);
        }
        for &cell in &branch {
            self.forbidden[cell / 64] &= !(1 << (cell % 64));
        }
        found
    }
}
