//! The SAT engine, the independent authority on uniqueness: a givens pre-pass, a CNF of what
//! is left, and splr enumerating solutions one blocking clause at a time.
//!
//! The pipeline: `prepass` narrows every cell's candidates with its own small propagation
//! (never the native engine's code, so the two engines stay independent); `encode` numbers
//! the open (cell, digit) pairs and writes cells and houses, `sums` cages and comparisons,
//! `variant` every other rule (one file per family, as in `model/variant/`); `splr` solves. Each solution found is checked with
//! [`Puzzle::is_solution`] and then excluded by a blocking clause before solving again.

mod candidates;
pub mod effort;
mod encode;
mod prepass;
mod splr;
mod sums;
mod variant;

pub use candidates::{true_candidates, true_candidates_within, TrueCandidates};
pub use effort::Effort;

use crate::budget::{Budget, Stopped};
use crate::count::Count;
use crate::model::{Grid, Puzzle};

/// Why the SAT engine could not answer. None of these means "no solution": that is a
/// [`Count::None`].
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    /// splr itself failed (time out, out of memory, an internal error).
    #[error("the SAT solver failed: {message}")]
    Solver {
        /// What splr reported, and at which stage.
        message: String,
    },
    /// The CNF would be larger than the engine allows.
    #[error("the puzzle's SAT encoding would exceed {limit} literals")]
    TooLarge {
        /// The most literals an encoding may hold.
        limit: usize,
    },
    /// The budget stopped the enumeration before its answer was known.
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// A rule the encoder cannot write as clauses in this puzzle (named, with why): the
    /// engine refuses rather than answer without it.
    #[error("the SAT engine cannot encode {rule}: {reason}")]
    Unencoded {
        /// The rule, in setters' words with its cells.
        rule: String,
        /// Why it cannot be encoded.
        reason: String,
    },
    /// The solver's answer does not decode to a solution of the puzzle: a bug in the
    /// engine, reported rather than trusted.
    #[error("the SAT solver's answer {problem} (a bug in the SAT engine)")]
    BadAnswer {
        /// What is wrong with the answer.
        problem: String,
    },
}

/// Counts the solutions of `puzzle` up to `limit` (at least 1; 0 counts as 1), keeping the
/// first two found. With `limit` 2 this answers "is it unique?" and shows a second solution
/// when there is one.
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> Result<Count, SatError> {
    count_solutions_within(puzzle, limit, &Budget::unlimited())
}

/// [`count_solutions`] within `budget` (its flag and deadline, looked at every few
/// milliseconds while splr works; its work limit, in [`Effort::work`]'s units, between
/// solver calls: see [`SatError::Stopped`]).
pub fn count_solutions_within(
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<Count, SatError> {
    count_solutions_measured(puzzle, limit, budget).map(|(count, _)| count)
}

/// [`count_solutions_within`], with what the solver did to answer (see [`Effort::work`]).
pub fn count_solutions_measured(
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<(Count, Effort), SatError> {
    let Enumeration {
        solutions,
        reason,
        effort,
    } = enumerate_with(
        puzzle,
        limit,
        sums::SELECTOR_LITERAL_LIMIT,
        budget,
        &mut |_| {},
    )?;
    let found = solutions.len();
    let mut solutions = solutions.into_iter();
    let count = match (solutions.next(), solutions.next()) {
        (None, _) => Count::None { reason },
        (Some(only), None) => Count::Unique(only),
        (Some(first), Some(second)) => Count::Multiple {
            first,
            second,
            found,
        },
    };
    Ok((count, effort))
}

/// Up to `limit` distinct solutions of `puzzle` (0 counts as 1), in the order found.
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>, SatError> {
    solutions_within(puzzle, limit, &Budget::unlimited())
}

/// [`solutions`] within `budget`.
pub fn solutions_within(
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<Vec<Grid>, SatError> {
    let enumeration = enumerate_with(
        puzzle,
        limit,
        sums::SELECTOR_LITERAL_LIMIT,
        budget,
        &mut |_| {},
    )?;
    Ok(enumeration.solutions)
}

/// Like [`solutions`], handing each solution to `found` as soon as the solver finds it (so a
/// long enumeration shows progress); returns how many were found.
pub fn each_solution(
    puzzle: &Puzzle,
    limit: usize,
    found: &mut dyn FnMut(&Grid),
) -> Result<usize, SatError> {
    each_solution_within(puzzle, limit, &Budget::unlimited(), found)
}

/// [`each_solution`] within `budget`.
pub fn each_solution_within(
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
    found: &mut dyn FnMut(&Grid),
) -> Result<usize, SatError> {
    let enumeration = enumerate_with(puzzle, limit, sums::SELECTOR_LITERAL_LIMIT, budget, found)?;
    Ok(enumeration.solutions.len())
}

/// What the pre-pass and the encoding make of a puzzle.
enum Prepared {
    /// No solution, with the reason when the pre-pass found a direct one.
    NoSolution(Option<String>),
    /// The pre-pass left one digit in every cell: this grid.
    Solved(Grid),
    /// The CNF of what is left.
    Encoded(encode::Encoding),
}

/// The givens pre-pass, then the CNF of what is left.
fn prepare(puzzle: &Puzzle, selector_limit: usize) -> Result<Prepared, SatError> {
    let candidates = match prepass::propagate(puzzle) {
        Ok(candidates) => candidates,
        Err(prepass::Contradiction(reason)) => return Ok(Prepared::NoSolution(Some(reason))),
    };
    if let Some(grid) = candidates.solved_grid() {
        return Ok(Prepared::Solved(grid));
    }
    Ok(Prepared::Encoded(encode::encode(
        puzzle,
        &candidates,
        selector_limit,
    )?))
}

/// [`prepare`] within `budget`: the pre-pass and the encoding of a large grid take long too,
/// so with a budget that can stop they run where the caller can leave them.
fn prepare_within(
    puzzle: &Puzzle,
    selector_limit: usize,
    budget: &Budget,
) -> Result<Prepared, SatError> {
    budget.interrupted()?;
    if budget.is_limited() {
        let owned = puzzle.clone();
        splr::on_own_thread(budget, move || prepare(&owned, selector_limit))?
    } else {
        prepare(puzzle, selector_limit)
    }
}

/// The solutions found, why there are none where that is direct, and the solver's effort.
struct Enumeration {
    solutions: Vec<Grid>,
    reason: Option<String>,
    effort: Effort,
}

impl Enumeration {
    fn none(reason: Option<String>, effort: Effort) -> Enumeration {
        Enumeration {
            solutions: Vec::new(),
            reason,
            effort,
        }
    }
}

/// Pre-pass, encode, then solve and block until unsatisfiable or `limit` solutions.
/// `selector_limit` is the most literals a cage's digit-set selectors may take before the
/// cage is encoded by partial sums instead (tests set it to 0 to check that encoding).
#[cfg(test)]
fn enumerate(
    puzzle: &Puzzle,
    limit: usize,
    selector_limit: usize,
) -> Result<Enumeration, SatError> {
    enumerate_with(
        puzzle,
        limit,
        selector_limit,
        &Budget::unlimited(),
        &mut |_| {},
    )
}

/// Pre-pass, encode, then solve and block until unsatisfiable or `limit` solutions, within
/// `budget`, calling `found` with each solution as it is found.
fn enumerate_with(
    puzzle: &Puzzle,
    limit: usize,
    selector_limit: usize,
    budget: &Budget,
    found: &mut dyn FnMut(&Grid),
) -> Result<Enumeration, SatError> {
    let limit = limit.max(1);
    let prepared = prepare_within(puzzle, selector_limit, budget)?;
    let encode::Encoding {
        clauses,
        cells,
        contradiction,
    } = match prepared {
        Prepared::NoSolution(reason) => return Ok(Enumeration::none(reason, Effort::default())),
        Prepared::Solved(grid) => {
            // The pre-pass only removes digits no solution holds, so this grid is the only
            // candidate left; no solver call is needed either way.
            if puzzle.is_solution(&grid) {
                found(&grid);
                return Ok(Enumeration {
                    solutions: vec![grid],
                    reason: None,
                    effort: Effort::default(),
                });
            }
            let reason =
                "the only grid the givens leave breaks a cage sum, a comparison or a variant rule";
            return Ok(Enumeration::none(
                Some(reason.to_string()),
                Effort::default(),
            ));
        }
        Prepared::Encoded(encoding) => encoding,
    };
    if contradiction {
        return Ok(Enumeration::none(None, Effort::default()));
    }
    budget.interrupted()?;
    // shared with the solver's thread while it loads them (see `splr::solve_within`)
    let mut clauses = std::sync::Arc::new(clauses);
    let mut solutions = Vec::new();
    let mut effort = Effort::default();
    while solutions.len() < limit {
        // the work limit between calls (splr cannot be stopped after so many conflicts): a
        // call starts when its loading fits
        budget.check(
            effort
                .work()
                .saturating_add(Effort::loading(&clauses).work()),
        )?;
        let solved = splr::solve_within(&clauses, budget)?;
        effort += solved.effort;
        let Some(model) = solved.model else {
            break;
        };
        let grid = cells.decode(&model)?;
        if !puzzle.is_solution(&grid) || solutions.contains(&grid) {
            return Err(SatError::BadAnswer {
                problem: format!(
                    "is not a new solution: {}",
                    grid.values()
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                ),
            });
        }
        std::sync::Arc::make_mut(&mut clauses).push(cells.blocking_clause(&grid));
        found(&grid);
        solutions.push(grid);
    }
    Ok(Enumeration {
        solutions,
        reason: None,
        effort,
    })
}

#[cfg(test)]
mod tests;
