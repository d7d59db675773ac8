//! True candidates (f-puzzles' name): the digits each cell takes in at least one solution.
//!
//! Each solution found marks its digits; then one question settles every unmarked
//! candidate at once: "is there a solution holding at least one of them?" (a clause of
//! them all). Each yes is a new solution that marks at least one more; the no ends the
//! search with every unmarked candidate proved false. So the solver runs at most once per
//! true candidate plus once, usually far fewer times, rather than once per candidate.
//!
//! Within a [`Budget`], the search stops when its flag is raised or its deadline passes
//! (within a few milliseconds, even inside a solver call) or when the work of the solver
//! calls done passes its work limit (looked at between calls, in [`Effort::work`]'s units);
//! what was found so far is kept, marked [`TrueCandidates::stopped`].

use std::sync::Arc;

use crate::budget::{Budget, Stopped};
use crate::model::{Digit, DigitSet, Geometry, Grid, Puzzle};

use super::encode::{self, Term};
use super::{prepare_within, splr, sums, Effort, Prepared, SatError};

/// The digits each cell can hold in a solution, as far as the search went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    geometry: Geometry,
    digits: Vec<DigitSet>,
    /// How many solutions the search found (each marks at least one new candidate).
    pub solutions_found: usize,
    /// Whether every candidate is decided. False when the solution limit stopped the
    /// search: the digits listed then each appear in a solution, and the digits missing
    /// are undecided, not ruled out.
    pub complete: bool,
    /// Two solutions found, when the puzzle has several (the first two).
    pub first_two: Vec<Grid>,
    /// Why there is no solution, where the pre-pass found it directly.
    pub reason: Option<String>,
    /// Why the budget stopped the search before every candidate was decided (then
    /// `complete` is false: the digits listed each appear in a solution, the others are
    /// undecided).
    pub stopped: Option<Stopped>,
    /// What the solver calls did (see [`Effort::work`]).
    pub effort: Effort,
}

impl TrueCandidates {
    /// The grid's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The digits `cell` takes in at least one solution found.
    pub fn of(&self, cell: crate::model::Cell) -> DigitSet {
        self.digits[cell.index()]
    }

    /// `unique`, `multiple` or `none` (a complete search that found one solution proves it
    /// the only one: any other would hold an unmarked candidate); `unknown` when the
    /// solution limit stopped the search at the first solution, `stopped` when the budget
    /// stopped it before two were found.
    pub fn status(&self) -> &'static str {
        match self.solutions_found {
            0 | 1 if self.stopped.is_some() => "stopped",
            0 => "none",
            1 if self.complete => "unique",
            1 => "unknown",
            _ => "multiple",
        }
    }
}

/// The true candidates of `puzzle`, finding at most `limit` solutions (0 counts as 1).
pub fn true_candidates(puzzle: &Puzzle, limit: usize) -> Result<TrueCandidates, SatError> {
    true_candidates_within(puzzle, limit, &Budget::unlimited())
}

/// [`true_candidates`] within `budget`: when it stops the search, the candidates found so
/// far, with [`TrueCandidates::stopped`] saying why (never an error).
pub fn true_candidates_within(
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<TrueCandidates, SatError> {
    let geometry = puzzle.geometry();
    let mut result = TrueCandidates {
        geometry,
        digits: vec![DigitSet::default(); geometry.cell_count()],
        solutions_found: 0,
        complete: true,
        first_two: Vec::new(),
        reason: None,
        stopped: None,
        effort: Effort::default(),
    };
    match search(puzzle, limit.max(1), budget, &mut result) {
        Ok(()) => Ok(result),
        Err(SatError::Stopped(stopped)) => {
            result.stopped = Some(stopped);
            result.complete = false;
            Ok(result)
        }
        Err(error) => Err(error),
    }
}

/// The search of [`true_candidates_within`], marking what it finds in `result`.
fn search(
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
    result: &mut TrueCandidates,
) -> Result<(), SatError> {
    let geometry = puzzle.geometry();
    let encode::Encoding {
        clauses,
        cells,
        contradiction,
    } = match prepare_within(puzzle, sums::SELECTOR_LITERAL_LIMIT, budget)? {
        Prepared::NoSolution(reason) => {
            result.reason = reason;
            return Ok(());
        }
        Prepared::Solved(grid) => {
            // The pre-pass left one grid: its digits are the only candidates, if it holds.
            if puzzle.is_solution(&grid) {
                result.mark(grid);
            }
            return Ok(());
        }
        Prepared::Encoded(encoding) => encoding,
    };
    if contradiction {
        return Ok(());
    }
    // the clauses change between calls (a question pushed and popped): shared with the
    // solver's thread, copied only when that thread still holds them
    let mut clauses = Arc::new(clauses);
    loop {
        let unmarked: Vec<i32> = geometry
            .cells()
            .flat_map(|cell| Digit::all(geometry.size()).map(move |digit| (cell, digit)))
            .filter(|&(cell, digit)| !result.digits[cell.index()].contains(digit))
            .filter_map(|(cell, digit)| match cells.term(cell, digit) {
                Term::Literal(literal) => Some(literal),
                Term::True | Term::False => None,
            })
            .collect();
        let asking = result.solutions_found > 0;
        if asking {
            if unmarked.is_empty() {
                break;
            }
            if result.solutions_found >= limit {
                result.complete = false;
                break;
            }
            Arc::make_mut(&mut clauses).push(unmarked);
        }
        // the work limit between calls (splr cannot be stopped after so many conflicts): a
        // call starts when its loading fits
        let loading = Effort::loading(&clauses).work();
        budget.check(result.effort.work().saturating_add(loading))?;
        let solved = splr::solve_within(&clauses, budget)?;
        result.effort += solved.effort;
        if asking {
            Arc::make_mut(&mut clauses).pop();
        }
        let Some(model) = solved.model else { break };
        let grid = cells.decode(&model)?;
        if !puzzle.is_solution(&grid) {
            return Err(SatError::BadAnswer {
                problem: "is not a solution of the puzzle".to_string(),
            });
        }
        result.mark(grid);
    }
    Ok(())
}

impl TrueCandidates {
    /// Marks the digits of `solution`, one more found.
    fn mark(&mut self, solution: Grid) {
        for (cell, digit) in solution.filled() {
            self.digits[cell.index()].insert(digit);
        }
        self.solutions_found += 1;
        if self.first_two.len() < 2 {
            self.first_two.push(solution);
        }
    }
}
