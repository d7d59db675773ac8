//! The givens pre-pass: candidates per cell, narrowed by singles and cage sums to a fixpoint.
//!
//! This is the SAT engine's own small propagation, kept apart from the native engine so the
//! two engines stay independent. Every deduction here is sound (it only removes digits no
//! solution can hold), so the CNF built afterwards may drop whatever the pre-pass settled.

use std::collections::VecDeque;

use crate::model::{Cell, Digit, DigitSet, Geometry, Grid, Puzzle, Relation};

use super::sums::{feasible_sets, DigitSets};

/// Why the puzzle has no solution, found directly by the pre-pass (names the cell, house or
/// cage at fault).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Contradiction(pub(super) String);

/// The digits each cell may still hold after the pre-pass.
#[derive(Clone, Debug)]
pub(super) struct Candidates {
    geometry: Geometry,
    sets: Vec<DigitSet>,
}

impl Candidates {
    /// Every digit in every cell, except the givens, which keep only their own digit.
    fn from_givens(puzzle: &Puzzle) -> Candidates {
        let geometry = puzzle.geometry();
        let mut sets = vec![DigitSet::full(geometry.size()); geometry.cell_count()];
        for (cell, digit) in puzzle.givens().filled() {
            sets[cell.index()] = DigitSet::single(digit);
        }
        Candidates { geometry, sets }
    }

    /// The digits `cell` may still hold.
    pub(super) fn of(&self, cell: Cell) -> DigitSet {
        self.sets[cell.index()]
    }

    /// The digit of `cell` if the pre-pass settled it.
    pub(super) fn settled(&self, cell: Cell) -> Option<Digit> {
        let set = self.of(cell);
        if set.len() == 1 {
            set.iter().next()
        } else {
            None
        }
    }

    /// The grid, if the pre-pass settled every cell.
    pub(super) fn solved_grid(&self) -> Option<Grid> {
        let mut grid = Grid::empty(self.geometry);
        for cell in self.geometry.cells() {
            grid.set(cell, Some(self.settled(cell)?));
        }
        Some(grid)
    }
}

/// Propagates the givens: naked and hidden singles over every house, cage sums narrowed to
/// the digit sets that can still reach them, and comparison bounds, until nothing changes.
pub(super) fn propagate(puzzle: &Puzzle) -> Result<Candidates, Contradiction> {
    let mut state = State::new(puzzle);
    for (cell, _) in puzzle.givens().filled() {
        state.queue.push_back(cell);
    }
    loop {
        state.eliminate_placed()?;
        if state.hidden_singles()? {
            continue;
        }
        if state.narrow_cages()? {
            continue;
        }
        break;
    }
    check_comparisons(puzzle, &state.candidates)?;
    Ok(state.candidates)
}

/// The working state of the pre-pass.
struct State<'a> {
    puzzle: &'a Puzzle,
    candidates: Candidates,
    /// Cells sharing a house or a cage with each cell: they can never repeat its digit.
    peers: Vec<Vec<Cell>>,
    /// Settled cells whose digit has not yet been removed from their peers, first in first
    /// out: the givens go first, so a contradiction is named at a deduced cell, not a given.
    queue: VecDeque<Cell>,
    /// Whether each cell's digit has already been removed from its peers.
    eliminated: Vec<bool>,
    /// The cage cells' candidates when each cage was last narrowed, to skip unchanged cages.
    cage_snapshots: Vec<Vec<DigitSet>>,
}

impl<'a> State<'a> {
    fn new(puzzle: &'a Puzzle) -> State<'a> {
        let candidates = Candidates::from_givens(puzzle);
        let cell_count = puzzle.geometry().cell_count();
        State {
            puzzle,
            candidates,
            peers: peers(puzzle),
            queue: VecDeque::new(),
            eliminated: vec![false; cell_count],
            cage_snapshots: vec![Vec::new(); puzzle.cage_count()],
        }
    }

    /// Keeps only `allowed` in `cell`; queues the cell if that settles it.
    fn restrict(&mut self, cell: Cell, allowed: DigitSet) -> Result<bool, Contradiction> {
        let before = self.candidates.sets[cell.index()];
        let after = DigitSet::from_bits(before.bits() & allowed.bits());
        if after == before {
            return Ok(false);
        }
        if after.is_empty() {
            return Err(Contradiction(format!("{cell}: no digit fits")));
        }
        self.candidates.sets[cell.index()] = after;
        if after.len() == 1 {
            self.queue.push_back(cell);
        }
        Ok(true)
    }

    /// Naked singles: removes each settled digit from the cell's peers, to a fixpoint.
    fn eliminate_placed(&mut self) -> Result<(), Contradiction> {
        while let Some(cell) = self.queue.pop_front() {
            if std::mem::replace(&mut self.eliminated[cell.index()], true) {
                continue;
            }
            let digit = self.candidates.of(cell);
            let others = DigitSet::from_bits(!digit.bits());
            for index in 0..self.peers[cell.index()].len() {
                let peer = self.peers[cell.index()][index];
                self.restrict(peer, others)?;
            }
        }
        Ok(())
    }

    /// Hidden singles: a digit with one place left in a house goes there. Returns whether
    /// anything changed.
    fn hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        for house in self.puzzle.houses() {
            for digit in Digit::all(self.puzzle.size()) {
                let mut places = house
                    .cells()
                    .iter()
                    .filter(|&&cell| self.candidates.of(cell).contains(digit));
                let Some(&first) = places.next() else {
                    return Err(Contradiction(format!(
                        "{}: no place for {digit}",
                        house.kind()
                    )));
                };
                if places.next().is_none() {
                    changed |= self.restrict(first, DigitSet::single(digit))?;
                }
            }
            // Settle what this house found before looking at the next one, so each
            // contradiction is reported where it first shows.
            self.eliminate_placed()?;
        }
        Ok(changed)
    }

    /// Narrows the cells of every cage with a sum to the digits of the sets that can still
    /// reach it, and places a digit every such set needs where only one cell can take it.
    /// Returns whether anything changed.
    fn narrow_cages(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        let puzzle = self.puzzle;
        for (index, cage) in puzzle.cages().enumerate() {
            let Some(sum) = cage.sum else { continue };
            let snapshot: Vec<DigitSet> = cage
                .cells
                .iter()
                .map(|&cell| self.candidates.of(cell))
                .collect();
            if self.cage_snapshots[index] == snapshot {
                continue;
            }
            let sets = match feasible_sets(puzzle.size(), &cage.cells, Some(sum), &self.candidates)
            {
                DigitSets::Listed(sets) => sets,
                // Too many sets to list: the CNF encodes this cage without the pre-pass.
                DigitSets::TooMany => continue,
            };
            if sets.is_empty() {
                return Err(Contradiction(format!(
                    "cage {}: no digits reach {sum} with the givens",
                    cage.label
                )));
            }
            let union = sets.iter().fold(0, |bits, set| bits | set.bits());
            let needed = sets.iter().fold(u32::MAX, |bits, set| bits & set.bits());
            for &cell in &cage.cells {
                changed |= self.restrict(cell, DigitSet::from_bits(union))?;
            }
            for digit in DigitSet::from_bits(needed).iter() {
                let mut places = cage
                    .cells
                    .iter()
                    .filter(|&&cell| self.candidates.of(cell).contains(digit));
                if let (Some(&only), None) = (places.next(), places.next()) {
                    changed |= self.restrict(only, DigitSet::single(digit))?;
                }
            }
            self.cage_snapshots[index] = cage
                .cells
                .iter()
                .map(|&cell| self.candidates.of(cell))
                .collect();
            self.eliminate_placed()?;
        }
        Ok(changed)
    }
}

/// For each cell, the other cells of its houses and of its cage, each listed once.
fn peers(puzzle: &Puzzle) -> Vec<Vec<Cell>> {
    let cell_count = puzzle.geometry().cell_count();
    let mut peers: Vec<Vec<Cell>> = vec![Vec::new(); cell_count];
    let groups = puzzle
        .houses()
        .iter()
        .map(|house| house.cells())
        .chain(puzzle.cages().map(|cage| cage.cells.as_slice()));
    for group in groups {
        for &cell in group {
            peers[cell.index()].extend(group.iter().copied().filter(|&other| other != cell));
        }
    }
    for list in &mut peers {
        list.sort();
        list.dedup();
    }
    peers
}

/// The smallest and largest sum a cage can still reach, counting each cell's smallest and
/// largest candidate (a loose but sound bound).
fn sum_bounds(cells: &[Cell], sum: Option<u32>, candidates: &Candidates) -> (u32, u32) {
    if let Some(sum) = sum {
        return (sum, sum);
    }
    cells.iter().fold((0, 0), |(low, high), &cell| {
        let set = candidates.of(cell);
        let smallest = set.iter().next().map_or(0, |digit| u32::from(digit.get()));
        let largest = set.iter().last().map_or(0, |digit| u32::from(digit.get()));
        (low + smallest, high + largest)
    })
}

/// Rejects a comparison that no pair of reachable sums satisfies.
fn check_comparisons(puzzle: &Puzzle, candidates: &Candidates) -> Result<(), Contradiction> {
    for comparison in puzzle.comparisons() {
        let first = puzzle.cage(comparison.first);
        let second = puzzle.cage(comparison.second);
        let (first_low, first_high) = sum_bounds(&first.cells, first.sum, candidates);
        let (second_low, second_high) = sum_bounds(&second.cells, second.sum, candidates);
        let possible = match comparison.relation {
            Relation::Less => first_low < second_high,
            Relation::Greater => first_high > second_low,
            Relation::Equal => first_low <= second_high && second_low <= first_high,
        };
        if !possible {
            return Err(Contradiction(format!(
                "cage {} cannot be {} cage {}: their sums lie in {}..={} and {}..={}",
                first.label,
                relation_words(comparison.relation),
                second.label,
                first_low,
                first_high,
                second_low,
                second_high
            )));
        }
    }
    Ok(())
}

/// The relation as it reads between two cage names.
fn relation_words(relation: Relation) -> &'static str {
    match relation {
        Relation::Less => "less than",
        Relation::Equal => "equal to",
        Relation::Greater => "greater than",
    }
}
