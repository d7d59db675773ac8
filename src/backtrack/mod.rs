//! The native counting engine: counts solutions up to a limit, fills grids at random and
//! answers the digger's "is there another solution?", for every size from 4×4 to 25×25 and
//! every variant. Independent of the SAT engine: the two must agree on every puzzle.
//!
//! Two engines sit behind [`Solver`]:
//! - plain 9×9 (rows, columns, boxes, nothing else) takes a fast path (`classic.rs`): one
//!   27-bit mask per digit and band of three rows, narrowed by table lookups;
//! - everything else takes the general engine (`general.rs`): one `u32` candidate mask per
//!   cell, propagated to a fixpoint with naked and hidden singles over every house (extra
//!   houses such as diagonals included), box-line locked candidates, cage digit sets
//!   (exact for small cages), innie and outie cages and sums derived from house totals,
//!   comparison bounds between cage sums, and on 25×25 the full matching rule on houses,
//!   digits and bands.
//!
//! Both branch on a cell with the fewest candidates, preferring cells whose rules failed
//! most often in the current call, and copy the state for each branch. [`Solver::new`]
//! builds every per-puzzle table once, so the generator's hot loops (filling, digging,
//! carving) ask many questions of one puzzle's rules without rebuilding anything.
//!
//! With `limit` 1 a search stops at the first solution: [`Count::Unique`] then means "at
//! least one". [`Solver::guesses`] counts branch points, the usual benchmark measure.
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
mod general;
mod killer;
mod layout;
mod locked;
mod matching;
mod propagate;
mod reasons;
mod search;
mod totals;
mod variant;

#[cfg(test)]
mod test_data;
#[cfg(test)]
mod tests;

use rand::Rng;

use crate::budget::{Budget, Stopped};
use crate::count::Count;
use crate::model::{Cell, Grid, Puzzle};

use general::General;
use search::{masks_of, Counter, OtherSolution, RandomFill};

/// Work units one branch point counts against a work limit given in a rating's units (a
/// branch point propagates every cell's candidates, about a thousand of a rating's units on
/// a 9×9): what a uniqueness proof and a suggestion search charge for the native engine.
pub const BRANCH_WORK: u64 = 1_000;

/// Whether `puzzle` is plain 9×9 sudoku, which the fast path in `classic.rs` solves.
fn is_plain_nine(puzzle: &Puzzle) -> bool {
    let geometry = puzzle.geometry();
    geometry.box_rows() == 3 && geometry.box_columns() == 3 && puzzle.constraints().is_empty()
}

/// Counts the solutions of `puzzle`, stopping at `limit` (treated as at least 1).
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> Count {
    // a solver without a budget is never stopped: the reason is never given
    Solver::new(puzzle)
        .with_triad_rule()
        .count(limit)
        .unwrap_or_else(|stopped| Count::None {
            reason: Some(stopped.to_string()),
        })
}

/// What a search for a solution other than a known one found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Second {
    /// There is no other solution.
    None,
    /// There is another solution, not kept.
    Exists,
    /// This other solution.
    Found(Grid),
}

impl Second {
    /// `Exists` or `None`.
    fn from_exists(exists: bool) -> Second {
        if exists {
            Second::Exists
        } else {
            Second::None
        }
    }

    /// Whether there is another solution.
    pub fn exists(&self) -> bool {
        !matches!(self, Second::None)
    }
}

/// A solver prepared once for a puzzle's geometry and constraints, reusable across calls.
#[derive(Clone, Debug)]
pub struct Solver {
    /// The puzzle with its givens, for [`Solver::count`] and [`Solver::solve_random`].
    puzzle: Puzzle,
    /// The same rules with no givens, to check solutions found under other givens.
    #[cfg(debug_assertions)]
    rules_only: Puzzle,
    /// The general engine, built on first use for plain 9×9 (only to word a reason).
    general: Option<General>,
    /// The root state of the plain 9×9 fast path, when the puzzle is one.
    classic: Option<classic::State>,
    guesses: u64,
    /// The caller's budget, whole, for the counting calls (see [`Solver::with_budget`]).
    budget: Option<Budget>,
    /// The same budget's flag and deadline only, for the searches that answer a yes-or-no
    /// question or list solutions.
    interrupts: Option<Budget>,
    /// Whether counts on the 9×9 fast path use the triad rule (see
    /// [`Solver::with_triad_rule`]).
    triads: bool,
}

impl Solver {
    /// Prepares the tables for `puzzle`'s geometry, houses, cages and comparisons.
    pub fn new(puzzle: &Puzzle) -> Solver {
        let plain_nine = is_plain_nine(puzzle);
        Solver {
            puzzle: puzzle.clone(),
            #[cfg(debug_assertions)]
            rules_only: puzzle
                .with_givens(Grid::empty(puzzle.geometry()))
                .expect("a puzzle without givens is valid when the puzzle is"),
            general: (!plain_nine).then(|| General::new(puzzle)),
            classic: plain_nine.then(classic::State::new),
            guesses: 0,
            budget: None,
            interrupts: None,
            triads: false,
        }
    }

    /// The same solver, counting plain 9×9 with the triad rule as well (each minirow and
    /// minicolumn holds three digits): fewer branch points (a quarter fewer on top1465), the
    /// same counts. The rule visits solutions in another order, so when a count finds two
    /// or more, the plain search is run again for the first two it shows, and a count up
    /// to one solution does without the rule: every answer is the one a solver without the
    /// rule gives, at twice the cost on puzzles with several solutions. Under a work limit,
    /// a search with the rule that runs out gives way to the plain search under the whole
    /// limit: a count answers wherever it answered without the rule (and at times where it
    /// did not), spending up to twice the limit. For callers that mostly meet unique
    /// puzzles (`check`); the generator, whose digging meets several solutions at every
    /// step, does without.
    pub fn with_triad_rule(mut self) -> Solver {
        self.triads = true;
        self
    }

    /// The same solver under `budget`. Every count ([`Solver::count`],
    /// [`Solver::count_with_givens`], [`Solver::count_within`], [`Solver::count_budgeted`])
    /// honours all of it, its work limit counting the branch points of each search (a count
    /// with [`Solver::with_triad_rule`] may search twice), and says
    /// [`Stopped`] when it stopped before the answer was known. The other searches (filling,
    /// listing solutions, "is there another solution?") stop at its flag and deadline only
    /// and answer as if they had found nothing more: a caller must ask
    /// [`Budget::interrupted`] before it trusts their answer, as the generator does.
    pub fn with_budget(mut self, budget: &Budget) -> Solver {
        self.budget = budget.is_limited().then(|| budget.clone());
        let interrupts = budget.clone().without_work_limit();
        self.interrupts = interrupts.is_limited().then_some(interrupts);
        self
    }

    /// A solver that never takes the 9×9 fast path, to test one engine against the other.
    #[cfg(test)]
    fn general(puzzle: &Puzzle) -> Solver {
        let mut solver = Solver::new(puzzle);
        solver.classic = None;
        solver.general = Some(General::new(puzzle));
        solver
    }

    /// Counts the solutions with the puzzle's givens, up to `limit` (at least 1), within the
    /// solver's budget (see [`Solver::with_budget`]; a solver without one is never stopped).
    pub fn count(&mut self, limit: usize) -> Result<Count, Stopped> {
        let givens = self.puzzle.givens().clone();
        self.count_with_givens(&givens, limit)
    }

    /// Counts the solutions under the same rules with other givens, up to `limit` (at least
    /// 1), within the solver's budget (see [`Solver::count`]).
    pub fn count_with_givens(&mut self, givens: &Grid, limit: usize) -> Result<Count, Stopped> {
        self.count_budgeted(givens, limit, &Budget::unlimited())
    }

    /// Counts like [`Solver::count_with_givens`], giving up after `budget` branch points
    /// (none: no limit) or when the solver's own budget says so: `None` when it stopped
    /// before the answer was known.
    pub fn count_within(
        &mut self,
        givens: &Grid,
        limit: usize,
        budget: Option<u64>,
    ) -> Option<Count> {
        let budget = budget.map_or_else(Budget::unlimited, |limit| {
            Budget::unlimited().with_work_limit(limit)
        });
        self.count_budgeted(givens, limit, &budget).ok()
    }

    /// Counts like [`Solver::count_with_givens`] within `budget` and the solver's own (the
    /// stricter of the two, see [`Budget::and`]): the work limit counts branch points, on
    /// the 9×9 fast path as in the general engine. The reason when it stopped before the
    /// answer was known.
    pub fn count_budgeted(
        &mut self,
        givens: &Grid,
        limit: usize,
        budget: &Budget,
    ) -> Result<Count, Stopped> {
        let joined = self.budget.as_ref().map(|own| own.and(budget));
        let budget = joined.as_ref().unwrap_or(budget);
        self.guesses = 0;
        budget.interrupted()?;
        if let Err(reason) = self.prepare(givens) {
            return Ok(Count::None {
                reason: Some(reason),
            });
        }
        let mut counter = Counter::new(limit);
        let budget = budget.is_limited().then_some(budget);
        let stopped = if let Some(root) = &self.classic {
            // a count stopping at one solution shows it: the plain search's first
            let triads = self.triads && limit >= 2;
            let mut search = classic::ClassicSearch::new().with_budget(budget);
            if triads {
                search = search.with_triads();
            }
            search.explore(root, &mut counter);
            self.guesses = search.guesses;
            if triads && (search.stopped.is_some() || counter.found >= 2) {
                // the first two solutions the plain search meets, as without the rule; and
                // where the rule's search ran out of work, the plain search under the whole
                // limit, so that a count answers wherever it answered without the rule
                counter = Counter::new(limit);
                search = classic::ClassicSearch::new().with_budget(budget);
                search.explore(root, &mut counter);
                self.guesses += search.guesses;
            }
            search.stopped
        } else {
            let general = self
                .general
                .as_mut()
                .expect("the general engine serves every puzzle but plain 9×9");
            let (guesses, stopped) = general.search_within(&mut counter, budget);
            self.guesses = guesses;
            stopped
        };
        if let Some(stopped) = stopped {
            return Err(stopped);
        }
        Ok(match counter.found {
            0 => Count::None { reason: None },
            1 => Count::Unique(self.grid(&counter.first, givens)),
            found => Count::Multiple {
                first: self.grid(&counter.first, givens),
                second: self.grid(&counter.second, givens),
                found,
            },
        })
    }

    /// The solutions under the same rules with other givens, up to `limit` (at least 1), in
    /// the engine's search order; empty when there is none.
    pub fn solutions_with_givens(&mut self, givens: &Grid, limit: usize) -> Vec<Grid> {
        self.guesses = 0;
        if self.prepare(givens).is_err() {
            return Vec::new();
        }
        let mut collector = search::Collector::new(limit);
        self.search(&mut collector);
        collector
            .solutions
            .iter()
            .map(|cells| self.grid(cells, givens))
            .collect()
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

    /// Like [`Solver::solve_random`], giving up after `budget` branch points: `None` when
    /// there is no solution or none was found within the budget (the generator then draws
    /// other rules, as for a jigsaw map that no grid fits, which can take long to refute).
    pub fn solve_random_within(&mut self, rng: &mut impl Rng, budget: u64) -> Option<Grid> {
        self.guesses = 0;
        let givens = self.puzzle.givens().clone();
        self.prepare(&givens).ok()?;
        let mut filler = RandomFill::new(rng);
        match self.general.as_mut() {
            Some(general) if self.classic.is_none() => {
                let limit = self
                    .interrupts
                    .clone()
                    .unwrap_or_default()
                    .with_work_limit(budget);
                let (guesses, _) = general.search_within(&mut filler, Some(&limit));
                self.guesses = guesses;
            }
            _ => self.search(&mut filler),
        }
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
            vec![0; self.puzzle.geometry().cell_count()]
        };
        let mut other = OtherSolution::new(&known);
        self.search(&mut other);
        other.found
    }

    /// Whether `givens` have a solution other than `solution`, where `givens` are a puzzle's
    /// givens less the one in `removed`, and that puzzle has `solution` as its only
    /// solution (the minimality question: "can this given go?"). Every other solution then
    /// differs in `removed`, so the search rules its digit out there from the start and
    /// never enters the part of the tree that holds `solution`: on large grids that part
    /// costs as much as proving the whole puzzle unique. Plain 9×9 asks
    /// [`Solver::has_other_solution`], whose answer is the same.
    pub fn has_other_solution_without(
        &mut self,
        givens: &Grid,
        solution: &Grid,
        removed: Cell,
    ) -> bool {
        self.other_solution_without(givens, solution, removed, false)
            .exists()
    }

    /// [`Solver::has_other_solution_without`], with the other solution found when `keep`
    /// (plain 9×9 never finds it).
    fn other_solution_without(
        &mut self,
        givens: &Grid,
        solution: &Grid,
        removed: Cell,
        keep: bool,
    ) -> Second {
        let digit = solution.get(removed).filter(|_| {
            solution.geometry() == self.puzzle.geometry()
                && givens.geometry() == self.puzzle.geometry()
                && givens.get(removed).is_none()
        });
        let (Some(digit), None, Some(general)) = (digit, &self.classic, self.general.as_mut())
        else {
            return Second::from_exists(self.has_other_solution(givens, solution));
        };
        self.guesses = 0;
        if general
            .prepare_excluding(&self.puzzle, givens, Some((removed, digit)))
            .is_err()
        {
            return Second::None;
        }
        let known = masks_of(&solution.values(), usize::from(self.puzzle.size()));
        let mut other = if keep {
            OtherSolution::keeping(&known)
        } else {
            OtherSolution::new(&known)
        };
        self.guesses = general
            .search_within(&mut other, self.interrupts.as_ref())
            .0;
        match other.other {
            Some(cells) => Second::Found(self.grid(&cells, givens)),
            None => Second::from_exists(other.found),
        }
    }

    /// Whether `givens` have a solution other than `solution`, where `givens` are a puzzle's
    /// givens less those in `removed`, and that puzzle has `solution` as its only solution
    /// (the digging question: "can this orbit go?"). Every other solution differs from
    /// `solution` in some removed cell, so one search per removed cell looks for a solution
    /// differing there first (the earlier removed cells put back): no search enters the
    /// part of the tree that holds `solution`. Plain 9×9 asks
    /// [`Solver::has_other_solution`], whose answer is the same.
    pub fn has_other_solution_without_cells(
        &mut self,
        givens: &Grid,
        solution: &Grid,
        removed: &[Cell],
    ) -> bool {
        if self.classic.is_some() {
            return self.has_other_solution(givens, solution);
        }
        self.other_solution_without_cells(givens, solution, removed, false)
            .exists()
    }

    /// What [`Solver::has_other_solution_without_cells`] finds, with the other solution
    /// itself when `keep` and the general engine (the one
    /// [`Solver::rules_out_removed_digits`] speaks of) found it, so that it may answer
    /// later questions. Plain 9×9 only says whether there is one.
    pub fn other_solution_without_cells(
        &mut self,
        givens: &Grid,
        solution: &Grid,
        removed: &[Cell],
        keep: bool,
    ) -> Second {
        if self.classic.is_some() {
            return Second::from_exists(self.has_other_solution(givens, solution));
        }
        let mut trial = givens.clone();
        let mut guesses = 0;
        for &cell in removed {
            let second = self.other_solution_without(&trial, solution, cell, keep);
            if second.exists() {
                self.guesses += guesses;
                return second;
            }
            guesses += self.guesses;
            trial.set(cell, solution.get(cell));
        }
        self.guesses = guesses;
        Second::None
    }

    /// Whether [`Solver::has_other_solution_without`] rules the removed given's digit out
    /// of its cell (the general engine); the 9×9 fast path asks the plain question instead.
    pub fn rules_out_removed_digits(&self) -> bool {
        self.classic.is_none() && self.general.is_some()
    }

    /// Branch points visited by the last call.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Writes the root state for `givens` and propagates it; the reason when it fails.
    fn prepare(&mut self, givens: &Grid) -> Result<(), String> {
        let geometry = self.puzzle.geometry();
        if givens.geometry() != geometry {
            return Err(format!(
                "the givens are for a {size}×{size} grid, the puzzle is {}×{}",
                geometry.size(),
                geometry.size(),
                size = givens.geometry().size(),
            ));
        }
        if let Some((cell, digit)) = givens
            .filled()
            .find(|(_, digit)| digit.get() > geometry.size())
        {
            return Err(format!(
                "{cell}: digit {digit} is too large for a {size}×{size} grid",
                size = geometry.size()
            ));
        }
        if self.classic.is_some() {
            let mut root = classic::State::new();
            let placed = givens
                .digits()
                .enumerate()
                .filter_map(|(cell, digit)| digit.map(|digit| (cell, digit)))
                .try_for_each(|(cell, digit)| root.place(cell, digit.index()));
            if placed.and_then(|()| root.propagate()).is_ok() {
                self.classic = Some(root);
                return Ok(());
            }
            // A dead end: the general engine words the reason.
            let general = self
                .general
                .get_or_insert_with(|| General::new(&self.puzzle));
            return Err(general
                .prepare(&self.puzzle, givens)
                .err()
                .unwrap_or_else(|| "no solution: a digit has no place".to_string()));
        }
        self.general
            .as_mut()
            .expect("the general engine serves every puzzle but plain 9×9")
            .prepare(&self.puzzle, givens)
    }

    fn search(&mut self, visitor: &mut impl search::Visitor) {
        let budget = self.interrupts.as_ref();
        if let Some(root) = &self.classic {
            let mut search = classic::ClassicSearch::new().with_budget(budget);
            search.explore(root, visitor);
            self.guesses = search.guesses;
            return;
        }
        let general = self
            .general
            .as_mut()
            .expect("the general engine serves every puzzle but plain 9×9");
        self.guesses = general.search_within(visitor, budget).0;
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
}
