//! The work a suggestion search may spend, counted across every engine call it makes in the
//! units of a rating's work limit: a native branch point counts [`BRANCH_WORK`], a SAT call
//! what [`sat::Effort::work`] says it did. Each call is given what is left of the limit, so
//! the whole search stops once the limit is spent, however many questions it asks.

use std::cell::Cell;

use crate::backtrack::{Solver, BRANCH_WORK};
use crate::budget::{Budget, Stopped};
use crate::count::Count;
use crate::model::{Grid, Puzzle};
use crate::sat::{self, SatError};

/// The caller's flag and deadline, and the work limit of the whole search with what it has
/// spent of it so far.
pub(super) struct Meter {
    /// The caller's budget without its work limit (the meter keeps that).
    budget: Budget,
    /// The most work the whole search may do (none: no limit).
    limit: Option<u64>,
    /// The work charged so far.
    spent: Cell<u64>,
}

impl Meter {
    /// A meter for a search within `budget`: its work limit bounds the whole search.
    pub(super) fn new(budget: &Budget) -> Meter {
        Meter {
            budget: budget.clone().without_work_limit(),
            limit: budget.work_limit(),
            spent: Cell::new(0),
        }
    }

    /// The caller's flag and deadline, for the searches that look at nothing else (random
    /// solutions, listings).
    pub(super) fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The work charged so far.
    #[cfg(test)]
    pub(super) fn spent(&self) -> u64 {
        self.spent.get()
    }

    /// What is left of the limit (none: no limit), or why the search must stop now.
    fn left(&self) -> Result<Option<u64>, Stopped> {
        self.budget.interrupted()?;
        match self.limit {
            None => Ok(None),
            Some(limit) => match limit.saturating_sub(self.spent.get()) {
                0 => Err(Stopped::WorkLimit { limit }),
                left => Ok(Some(left)),
            },
        }
    }

    fn charge(&self, work: u64) {
        self.spent.set(self.spent.get().saturating_add(work));
    }

    /// A call's stop, said of the whole search: its work limit is the meter's.
    fn whole(&self, stopped: Stopped) -> Stopped {
        match (stopped, self.limit) {
            (Stopped::WorkLimit { .. }, Some(limit)) => Stopped::WorkLimit { limit },
            (other, _) => other,
        }
    }

    /// The native count of solutions (up to `limit`) with `givens` under `solver`'s rules,
    /// charged its branch points.
    pub(super) fn native_count(
        &self,
        solver: &mut Solver,
        givens: &Grid,
        limit: usize,
    ) -> Result<Count, Stopped> {
        let within = match self.left()? {
            None => Budget::unlimited(),
            Some(left) => Budget::unlimited().with_work_limit((left / BRANCH_WORK).max(1)),
        };
        let counted = solver.count_budgeted(givens, limit, &within);
        self.charge(solver.guesses().saturating_mul(BRANCH_WORK));
        counted.map_err(|stopped| self.whole(stopped))
    }

    /// The native count of `puzzle`'s solutions up to `limit` (a solver of its own, stopped
    /// by the caller's flag and deadline too).
    pub(super) fn native_count_of(&self, puzzle: &Puzzle, limit: usize) -> Result<Count, Stopped> {
        let mut solver = Solver::new(puzzle).with_budget(&self.budget);
        self.native_count(&mut solver, puzzle.givens(), limit)
    }

    /// The SAT engine's count of `puzzle`'s solutions up to `limit`, charged its work.
    pub(super) fn sat_count(&self, puzzle: &Puzzle, limit: usize) -> Result<Count, SatError> {
        let within = match self.left()? {
            None => self.budget.clone(),
            Some(left) => self.budget.clone().with_work_limit(left),
        };
        match sat::count_solutions_measured(puzzle, limit, &within) {
            Ok((count, effort)) => {
                self.charge(effort.work());
                Ok(count)
            }
            Err(SatError::Stopped(stopped)) => Err(SatError::Stopped(self.whole(stopped))),
            Err(error) => Err(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(line: &str) -> Puzzle {
        crate::notation::parse(line, None).unwrap().remove(0).puzzle
    }

    const EMPTY: &str =
        ".................................................................................";

    #[test]
    fn each_call_is_charged_and_the_whole_search_stops_at_the_limit() {
        let empty = puzzle(EMPTY);
        // unlimited: nothing stops it, and the work is still counted
        let meter = Meter::new(&Budget::unlimited());
        assert!(meter.native_count_of(&empty, 2).unwrap().found() == 2);
        assert!(meter.sat_count(&empty, 2).unwrap().found() == 2);
        assert!(meter.spent() > 0);
        // a limit one call spends: the next call is refused before it starts, and the
        // reason names the whole search's limit
        let spent = {
            let meter = Meter::new(&Budget::unlimited());
            meter.sat_count(&empty, 2).unwrap();
            meter.spent()
        };
        let meter = Meter::new(&Budget::unlimited().with_work_limit(spent));
        meter.sat_count(&empty, 2).unwrap();
        assert_eq!(
            meter.native_count_of(&empty, 2),
            Err(Stopped::WorkLimit { limit: spent })
        );
        assert!(matches!(
            meter.sat_count(&empty, 2),
            Err(SatError::Stopped(Stopped::WorkLimit { limit })) if limit == spent
        ));
    }
}
