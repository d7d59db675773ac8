//! The native counting engine: candidate bitsets per cell, propagation to a fixpoint (naked
//! and hidden singles, cage digit sets, comparison bounds) and fewest-candidates branching,
//! counting solutions up to a limit. Every size from 4×4 to 25×25 and every variant.
//!
//! [`Solver`] prepares the per-puzzle tables once, so the generator's hot loops (filling,
//! digging, carving) ask many questions of one geometry without rebuilding anything.
//!
//! ```
//! use sudokit::backtrack::count_solutions;
//! use sudokit::model::{Geometry, Grid, Puzzle};
//!
//! let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
//! let values: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let geometry = Geometry::for_size(9).unwrap();
//! let puzzle = Puzzle::classic(Grid::from_values(geometry, &values).unwrap()).unwrap();
//! assert!(count_solutions(&puzzle, 2).is_unique());
//! ```

mod branching;
mod cages;
mod classic;
mod killer;
mod layout;
mod locked;
mod matching;
mod propagate;
mod search;
mod totals;

#[cfg(test)]
mod test_data;
#[cfg(test)]
mod tests;

use rand::Rng;

use crate::count::Count;
use crate::model::{Grid, Puzzle};

use branching::Branching;
use cages::{CageOrigin, CageRules};
use layout::Layout;
use propagate::{Contradiction, Pass, Rules, Work};
use search::{masks_of, Counter, OtherSolution, RandomFill, Search};

/// Grids larger than this get the full matching rule on houses and digits: on 25×25 it
/// cuts the search by orders of magnitude, on 16×16 and below it costs more than it saves.
const MATCHING_FROM_SIZE: usize = 16;

/// Whether `puzzle` is plain 9×9 sudoku, which the fast path in `classic.rs` solves.
fn is_plain_nine(puzzle: &Puzzle) -> bool {
    let geometry = puzzle.geometry();
    geometry.box_rows() == 3 && geometry.box_columns() == 3 && puzzle.constraints().is_empty()
}

/// Counts the solutions of `puzzle`, stopping at `limit` (treated as at least 1).
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> Count {
    Solver::new(puzzle).count(limit)
}

/// A solver prepared once for a puzzle's geometry and constraints, reusable across calls.
#[derive(Clone, Debug)]
pub struct Solver {
    /// The puzzle with its givens, for [`Solver::count`] and [`Solver::solve_random`].
    puzzle: Puzzle,
    /// The same rules with no givens, to check solutions found under other givens.
    #[cfg(debug_assertions)]
    rules_only: Puzzle,
    rules: Rules,
    work: Work,
    /// Stack of search states, one after another.
    states: Vec<u32>,
    branching: Branching,
    /// The root state of the plain 9×9 fast path, when the puzzle is one.
    classic: Option<classic::State>,
    guesses: u64,
}

impl Solver {
    /// Prepares the tables for `puzzle`'s geometry, houses, cages and comparisons.
    pub fn new(puzzle: &Puzzle) -> Solver {
        let rules = Rules {
            layout: Layout::new(puzzle),
            cages: CageRules::new(puzzle),
            matching: usize::from(puzzle.size()) > MATCHING_FROM_SIZE,
        };
        let work = Work::new(&rules);
        let states = vec![0; rules.state_len()];
        let branching = Branching::new(&rules);
        Solver {
            puzzle: puzzle.clone(),
            #[cfg(debug_assertions)]
            rules_only: puzzle
                .with_givens(Grid::empty(puzzle.geometry()))
                .expect("a puzzle without givens is valid when the puzzle is"),
            rules,
            work,
            states,
            branching,
            classic: is_plain_nine(puzzle).then(classic::State::new),
            guesses: 0,
        }
    }

    /// A solver that never takes the 9×9 fast path, to test one engine against the other.
    #[cfg(test)]
    fn general(puzzle: &Puzzle) -> Solver {
        let mut solver = Solver::new(puzzle);
        solver.classic = None;
        solver
    }

    /// Counts the solutions with the puzzle's givens, up to `limit` (at least 1).
    pub fn count(&mut self, limit: usize) -> Count {
        let givens = self.puzzle.givens().clone();
        self.count_with_givens(&givens, limit)
    }

    /// Counts the solutions under the same rules with other givens, up to `limit` (at least 1).
    pub fn count_with_givens(&mut self, givens: &Grid, limit: usize) -> Count {
        self.guesses = 0;
        if let Err(reason) = self.prepare(givens) {
            return Count::None {
                reason: Some(reason),
            };
        }
        let mut counter = Counter::new(limit);
        self.search(&mut counter);
        match counter.found {
            0 => Count::None { reason: None },
            1 => Count::Unique(self.grid(&counter.first, givens)),
            found => Count::Multiple {
                first: self.grid(&counter.first, givens),
                second: self.grid(&counter.second, givens),
                found,
            },
        }
    }

    /// A solution from the puzzle's givens (usually none), trying digits in an order drawn
    /// from `rng`: the generator's grid filler. `None` when there is no solution.
    pub fn solve_random(&mut self, rng: &mut impl Rng) -> Option<Grid> {
        self.guesses = 0;
        let givens = self.puzzle.givens().clone();
        self.prepare(&givens).ok()?;
        let mut filler = RandomFill::new(rng);
        self.search(&mut filler);
        let solution = filler.solution?;
        Some(self.grid(&solution, &givens))
    }

    /// Whether the rules with `givens` have a solution that differs from `solution`.
    pub fn has_other_solution(&mut self, givens: &Grid, solution: &Grid) -> bool {
        self.guesses = 0;
        if self.prepare(givens).is_err() {
            return false;
        }
        let known = if solution.geometry() == self.puzzle.geometry() {
            masks_of(&solution.values(), usize::from(self.puzzle.size()))
        } else {
            vec![0; self.rules.layout.cell_count]
        };
        let mut other = OtherSolution::new(&known);
        self.search(&mut other);
        other.found
    }

    /// Branch points visited by the last call.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Writes the root state for `givens` and propagates it; the reason when it fails.
    fn prepare(&mut self, givens: &Grid) -> Result<(), String> {
        if self.classic.is_some() && givens.geometry() == self.puzzle.geometry() {
            let mut root = classic::State::new();
            let placed = givens
                .filled()
                .try_for_each(|(cell, digit)| root.place(cell.index(), digit.index()));
            if placed.and_then(|()| root.propagate()).is_ok() {
                self.classic = Some(root);
                return Ok(());
            }
            // Dead end: the general engine words the reason.
            return Err(self
                .prepare_general(givens)
                .err()
                .unwrap_or_else(|| "no digit fits some cell".to_string()));
        }
        self.prepare_general(givens)
    }

    /// [`Solver::prepare`] for the general engine.
    fn prepare_general(&mut self, givens: &Grid) -> Result<(), String> {
        if givens.geometry() != self.puzzle.geometry() {
            return Err(format!(
                "the givens are for a {}×{} grid, the puzzle is {}×{}",
                givens.geometry().size(),
                givens.geometry().size(),
                self.puzzle.size(),
                self.puzzle.size()
            ));
        }
        let length = self.rules.state_len();
        let state = &mut self.states[..length];
        self.rules.reset(state);
        let mut pass = Pass::new(&self.rules, &mut self.work, state);
        pass.check_everything();
        let placed = givens
            .filled()
            .try_for_each(|(cell, digit)| pass.place(cell.index(), 1 << digit.index()));
        placed.and_then(|()| pass.run()).map_err(|contradiction| {
            self.reason_from_givens(givens)
                .unwrap_or_else(|| self.reason(contradiction))
        })
    }

    /// The plainest reason the givens alone show, if any: two equal givens that see each
    /// other, or an empty cell whose peers' givens take every digit. Propagation may stumble
    /// on a consequence elsewhere first; this names the cause.
    fn reason_from_givens(&self, givens: &Grid) -> Option<String> {
        let layout = &self.rules.layout;
        let values = givens.values();
        let mask = |cell: usize| match values[cell] {
            0 => 0,
            value => 1u32 << (value - 1),
        };
        let cell_name = |cell: usize| {
            givens
                .geometry()
                .cell_at(cell)
                .expect("cell inside the grid")
        };
        for (cell, &value) in values.iter().enumerate() {
            let seen = layout
                .peers_of(cell)
                .iter()
                .fold(0, |seen, &peer| seen | mask(usize::from(peer)));
            if value == 0 && seen & layout.all_digits == layout.all_digits {
                return Some(format!("{}: no digit fits", cell_name(cell)));
            }
            if seen & mask(cell) != 0 {
                return Some(format!(
                    "{}: {} is already seen by a peer",
                    cell_name(cell),
                    value
                ));
            }
        }
        None
    }

    fn search(&mut self, visitor: &mut impl search::Visitor) {
        if let Some(root) = &self.classic {
            let mut search = classic::ClassicSearch::new();
            search.explore(root, visitor);
            self.guesses = search.guesses;
            return;
        }
        let mut search = Search::new(
            &self.rules,
            &mut self.work,
            &mut self.states,
            &mut self.branching,
        );
        search.run(visitor);
        self.guesses = search.guesses;
    }

    /// A solution's digit masks as a grid.
    fn grid(&self, cells: &[u32], givens: &Grid) -> Grid {
        let values: Vec<u8> = cells
            .iter()
            .map(|mask| mask.trailing_zeros() as u8 + 1)
            .collect();
        let grid = Grid::from_values(self.puzzle.geometry(), &values)
            .expect("a solution holds one digit of the grid per cell");
        #[cfg(debug_assertions)]
        {
            debug_assert!(
                self.rules_only.is_solution(&grid),
                "not a solution: {values:?}"
            );
            debug_assert!(givens
                .filled()
                .all(|(cell, digit)| grid.get(cell) == Some(digit)));
        }
        let _ = givens;
        grid
    }

    /// Words a direct contradiction for a person.
    fn reason(&self, contradiction: Contradiction) -> String {
        let geometry = self.puzzle.geometry();
        match contradiction {
            Contradiction::NoDigit { cell } => {
                let cell = geometry
                    .cell_at(usize::from(cell))
                    .expect("cell inside the grid");
                format!("{cell}: no digit fits")
            }
            Contradiction::NoPlace { house, digit } => format!(
                "{}: no place for {}",
                self.puzzle.houses()[usize::from(house)].kind(),
                digit + 1
            ),
            Contradiction::Cage { cage } => {
                let cage = usize::from(cage);
                match self.rules.cages.cages[cage].origin {
                    CageOrigin::Puzzle => {
                        let cage = self.puzzle.cage(crate::model::CageId::new(cage));
                        match cage.sum {
                            Some(sum) => {
                                format!("cage {}: no digits fit the sum {sum}", cage.label)
                            }
                            None => format!("cage {}: no digits fit", cage.label),
                        }
                    }
                    CageOrigin::Region(region) => format!(
                        "{}: the cells left over by its cages cannot make up its total",
                        self.rules.cages.regions[usize::from(region)]
                    ),
                }
            }
            Contradiction::Sum { sum } => {
                let region = self.rules.cages.sums[usize::from(sum)].region;
                format!(
                    "{}: the cells in and out of its cages cannot make up its total",
                    self.rules.cages.regions[usize::from(region)]
                )
            }
            Contradiction::Comparison { comparison } => {
                let comparison = self
                    .puzzle
                    .comparisons()
                    .nth(usize::from(comparison))
                    .expect("comparison exists");
                format!(
                    "cage {} {} cage {} cannot hold",
                    self.puzzle.cage(comparison.first).label,
                    comparison.relation.symbol(),
                    self.puzzle.cage(comparison.second).label
                )
            }
        }
    }
}
