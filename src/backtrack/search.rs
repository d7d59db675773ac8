//! Depth-first search over propagated states: branch where [`Branching`] says, copy the
//! state for every alternative but the last, and let a [`Visitor`] order the alternatives and
//! decide what a solution means (count it, keep it, compare it).

use rand::seq::SliceRandom;
use rand::Rng;

use super::branching::{Branch, Branching};
use super::layout::full_mask;
use super::propagate::{Pass, Rules, Work};
use crate::budget::{Budget, Stopped};

/// The largest number of digits a cell can hold (25×25 grids).
pub(super) const MAX_DIGITS: usize = 25;

/// What the search does at branches and solutions.
pub(super) trait Visitor {
    /// Puts the alternatives of a branch in the order to try them.
    fn order(&mut self, branch: &mut Branch);

    /// Called with the candidates of a solved grid (one digit per cell); `true` stops the search.
    fn solution(&mut self, cells: &[u32]) -> bool;

    /// Whether the search may give up a run and restart from the root (then
    /// [`Visitor::restart`] forgets what the run saw): `false` (the default) when the
    /// visitor's answer depends on the order it sees solutions in.
    fn restartable(&self) -> bool {
        false
    }

    /// Forgets what it saw, before the search restarts from the root.
    fn restart(&mut self) {}
}

/// Counts solutions up to a limit, keeping the first two.
pub(super) struct Counter {
    limit: usize,
    /// How many solutions were found.
    pub found: usize,
    /// The first solution, one digit mask per cell.
    pub first: Vec<u32>,
    /// The second solution.
    pub second: Vec<u32>,
}

impl Counter {
    /// A counter that stops at `limit` solutions (at least 1).
    pub fn new(limit: usize) -> Counter {
        Counter {
            limit: limit.max(1),
            found: 0,
            first: Vec::new(),
            second: Vec::new(),
        }
    }
}

impl Visitor for Counter {
    fn order(&mut self, _branch: &mut Branch) {}

    fn solution(&mut self, cells: &[u32]) -> bool {
        self.found += 1;
        match self.found {
            1 => self.first = cells.to_vec(),
            2 => self.second = cells.to_vec(),
            _ => {}
        }
        self.found >= self.limit
    }

    fn restartable(&self) -> bool {
        true
    }

    fn restart(&mut self) {
        self.found = 0;
    }
}

/// Keeps every solution, up to a limit.
pub(super) struct Collector {
    limit: usize,
    /// The solutions found, one digit mask per cell each.
    pub solutions: Vec<Vec<u32>>,
}

impl Collector {
    /// A collector that stops at `limit` solutions (at least 1).
    pub fn new(limit: usize) -> Collector {
        Collector {
            limit: limit.max(1),
            solutions: Vec::new(),
        }
    }
}

impl Visitor for Collector {
    fn order(&mut self, _branch: &mut Branch) {}

    fn solution(&mut self, cells: &[u32]) -> bool {
        self.solutions.push(cells.to_vec());
        self.solutions.len() >= self.limit
    }
}

/// Finds one solution, trying alternatives in an order drawn from `rng`.
pub(super) struct RandomFill<'r, R: Rng> {
    rng: &'r mut R,
    /// The solution found, if any.
    pub solution: Option<Vec<u32>>,
}

impl<'r, R: Rng> RandomFill<'r, R> {
    /// A filler drawing from `rng`.
    pub fn new(rng: &'r mut R) -> RandomFill<'r, R> {
        RandomFill {
            rng,
            solution: None,
        }
    }
}

impl<R: Rng> Visitor for RandomFill<'_, R> {
    fn order(&mut self, branch: &mut Branch) {
        branch.choices_mut().shuffle(self.rng);
    }

    fn solution(&mut self, cells: &[u32]) -> bool {
        self.solution = Some(cells.to_vec());
        true
    }
}

/// Looks for a solution other than a known one, trying the alternative that agrees with it
/// last in every branch: another solution, if any, tends to show up early.
pub(super) struct OtherSolution<'s> {
    known: &'s [u32],
    /// Whether a different solution was found.
    pub found: bool,
    /// The different solution found (one digit mask per cell), when asked to keep it.
    pub other: Option<Vec<u32>>,
    keep: bool,
}

impl<'s> OtherSolution<'s> {
    /// Looks for a solution differing from `known` (one digit mask per cell, 0 where unknown).
    pub fn new(known: &'s [u32]) -> OtherSolution<'s> {
        OtherSolution {
            known,
            found: false,
            other: None,
            keep: false,
        }
    }

    /// The same, keeping the different solution found in [`OtherSolution::other`].
    pub fn keeping(known: &'s [u32]) -> OtherSolution<'s> {
        OtherSolution {
            keep: true,
            ..OtherSolution::new(known)
        }
    }
}

impl Visitor for OtherSolution<'_> {
    fn order(&mut self, branch: &mut Branch) {
        let choices = branch.choices_mut();
        let agrees = |choice: &super::branching::Choice| {
            self.known[usize::from(choice.cell)] == choice.digit
        };
        if let Some(position) = choices.iter().position(agrees) {
            choices[position..].rotate_left(1);
        }
    }

    fn solution(&mut self, cells: &[u32]) -> bool {
        self.found = cells != self.known;
        if self.found && self.keep {
            self.other = Some(cells.to_vec());
        }
        self.found
    }
}

/// The search over a stack of states, `rules.state_len()` words each; state 0 must already
/// be propagated.
pub(super) struct Search<'a> {
    rules: &'a Rules,
    work: &'a mut Work,
    states: &'a mut Vec<u32>,
    branching: &'a mut Branching,
    /// Branch points visited.
    pub guesses: u64,
    /// The most branch points to visit, the deadline and the cancel flag (none: no limit).
    budget: Option<&'a Budget>,
    /// Why the search stopped before the visitor asked it to, if it did.
    pub stopped: Option<Stopped>,
    /// Branch points earlier runs of the same call visited, counted against the budget.
    earlier: u64,
    /// The branch points after which this run gives up so the call can restart (none: never).
    cutoff: Option<u64>,
    /// Whether this run gave up at its cutoff.
    pub cut_off: bool,
}

impl<'a> Search<'a> {
    /// A search from `states[..rules.state_len()]`.
    pub fn new(
        rules: &'a Rules,
        work: &'a mut Work,
        states: &'a mut Vec<u32>,
        branching: &'a mut Branching,
    ) -> Search<'a> {
        branching.restart(rules);
        Search::resuming(rules, work, states, branching, 0)
    }

    /// A search from the same root that keeps `branching`'s weights, after earlier runs of
    /// the same call visited `earlier` branch points.
    pub fn resuming(
        rules: &'a Rules,
        work: &'a mut Work,
        states: &'a mut Vec<u32>,
        branching: &'a mut Branching,
        earlier: u64,
    ) -> Search<'a> {
        Search {
            rules,
            work,
            states,
            branching,
            guesses: 0,
            budget: None,
            stopped: None,
            earlier,
            cutoff: None,
            cut_off: false,
        }
    }

    /// The same search, giving up after `cutoff` branch points (see [`Search::cut_off`]).
    pub fn with_cutoff(mut self, cutoff: Option<u64>) -> Search<'a> {
        self.cutoff = cutoff;
        self
    }

    /// The same search, giving up when `budget` says so at a branch point (its work limit
    /// counts branch points; see [`Search::stopped`]).
    pub fn with_budget(mut self, budget: Option<&'a Budget>) -> Search<'a> {
        self.budget = budget;
        self
    }

    /// Explores every branch from the root state until the visitor stops.
    pub fn run(&mut self, visitor: &mut impl Visitor) {
        self.explore(0, visitor);
    }

    /// Explores the state at `depth`; `true` when the visitor asked to stop.
    fn explore(&mut self, depth: usize, visitor: &mut impl Visitor) -> bool {
        let length = self.rules.state_len();
        let cell_count = self.rules.layout.cell_count;
        let start = depth * length;
        let candidates = &self.states[start..start + cell_count];
        let Some(mut branch) = self.branching.choose(candidates) else {
            // The safety net: a rule whose propagation is incomplete is still obeyed.
            if !self.rules.variants.holds(candidates) {
                return false;
            }
            return visitor.solution(candidates);
        };
        self.guesses += 1;
        let work = self.earlier + self.guesses;
        if let Some(Err(stopped)) = self.budget.map(|budget| budget.check(work)) {
            self.stopped = Some(stopped);
            return true;
        }
        if self.cutoff.is_some_and(|cutoff| self.guesses > cutoff) {
            self.cut_off = true;
            return true;
        }
        visitor.order(&mut branch);
        let (last, others) = branch
            .choices()
            .split_last()
            .expect("a branch has two alternatives or more");
        for choice in others {
            let child = start + length;
            if self.states.len() < child + length {
                self.states.resize(child + length, 0);
            }
            self.states.copy_within(start..child, child);
            if self.try_choice(child, choice.cell, choice.digit) && self.explore(depth + 1, visitor)
            {
                return true;
            }
        }
        // The parent state is not needed after its last branch: reuse it instead of copying.
        self.try_choice(start, last.cell, last.digit) && self.explore(depth, visitor)
    }

    /// Places `digit` in `cell` in the state at `start` and propagates; `false` on a
    /// contradiction, which the branching rule hears about.
    fn try_choice(&mut self, start: usize, cell: u16, digit: u32) -> bool {
        let length = self.rules.state_len();
        let state = &mut self.states[start..start + length];
        let mut pass = Pass::new(self.rules, self.work, state);
        match pass
            .place(usize::from(cell), digit)
            .and_then(|()| pass.run())
        {
            Ok(()) => true,
            Err(contradiction) => {
                self.branching.failed(self.rules, contradiction);
                false
            }
        }
    }
}

/// Digit masks (one per cell) of a full grid from its values, 0 where empty.
pub(super) fn masks_of(values: &[u8], size: usize) -> Vec<u32> {
    values
        .iter()
        .map(|&value| {
            if value == 0 || usize::from(value) > size {
                0
            } else {
                (1u32 << (value - 1)) & full_mask(size)
            }
        })
        .collect()
}
