//! The SAT engine, the independent authority on uniqueness: a givens pre-pass, a CNF of what
//! is left, and splr enumerating solutions one blocking clause at a time.
//!
//! The pipeline: `prepass` narrows every cell's candidates with its own small propagation
//! (never the native engine's code, so the two engines stay independent); `encode` numbers
//! the open (cell, digit) pairs and writes cells and houses, `sums` cages and comparisons,
//! `variant` every other rule (one file per family, as in `model/variant/`); `splr` solves. Each solution found is checked with
//! [`Puzzle::is_solution`] and then excluded by a blocking clause before solving again.

mod candidates;
mod encode;
mod prepass;
mod splr;
mod sums;
mod variant;

pub use candidates::{true_candidates, TrueCandidates};

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
    let Enumeration { solutions, reason } = enumerate(puzzle, limit, sums::SELECTOR_LITERAL_LIMIT)?;
    let found = solutions.len();
    let mut solutions = solutions.into_iter();
    Ok(match (solutions.next(), solutions.next()) {
        (None, _) => Count::None { reason },
        (Some(only), None) => Count::Unique(only),
        (Some(first), Some(second)) => Count::Multiple {
            first,
            second,
            found,
        },
    })
}

/// Up to `limit` distinct solutions of `puzzle` (0 counts as 1), in the order found.
pub fn solutions(puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>, SatError> {
    Ok(enumerate(puzzle, limit, sums::SELECTOR_LITERAL_LIMIT)?.solutions)
}

/// Like [`solutions`], handing each solution to `found` as soon as the solver finds it (so a
/// long enumeration shows progress); returns how many were found.
pub fn each_solution(
    puzzle: &Puzzle,
    limit: usize,
    found: &mut dyn FnMut(&Grid),
) -> Result<usize, SatError> {
    let enumeration = enumerate_with(puzzle, limit, sums::SELECTOR_LITERAL_LIMIT, found)?;
    Ok(enumeration.solutions.len())
}

/// The solutions found, and why there are none where that is direct.
struct Enumeration {
    solutions: Vec<Grid>,
    reason: Option<String>,
}

impl Enumeration {
    fn none(reason: Option<String>) -> Enumeration {
        Enumeration {
            solutions: Vec::new(),
            reason,
        }
    }
}

/// Pre-pass, encode, then solve and block until unsatisfiable or `limit` solutions.
/// `selector_limit` is the most literals a cage's digit-set selectors may take before the
/// cage is encoded by partial sums instead (tests set it to 0 to check that encoding).
fn enumerate(
    puzzle: &Puzzle,
    limit: usize,
    selector_limit: usize,
) -> Result<Enumeration, SatError> {
    enumerate_with(puzzle, limit, selector_limit, &mut |_| {})
}

/// [`enumerate`], calling `found` with each solution as it is found.
fn enumerate_with(
    puzzle: &Puzzle,
    limit: usize,
    selector_limit: usize,
    found: &mut dyn FnMut(&Grid),
) -> Result<Enumeration, SatError> {
    let limit = limit.max(1);
    let candidates = match prepass::propagate(puzzle) {
        Ok(candidates) => candidates,
        Err(prepass::Contradiction(reason)) => return Ok(Enumeration::none(Some(reason))),
    };
    if let Some(grid) = candidates.solved_grid() {
        // The pre-pass only removes digits no solution holds, so this grid is the only
        // candidate left; no solver call is needed either way.
        if puzzle.is_solution(&grid) {
            found(&grid);
            return Ok(Enumeration {
                solutions: vec![grid],
                reason: None,
            });
        }
        let reason =
            "the only grid the givens leave breaks a cage sum, a comparison or a variant rule";
        return Ok(Enumeration::none(Some(reason.to_string())));
    }
    let encode::Encoding {
        mut clauses,
        cells,
        contradiction,
    } = encode::encode(puzzle, &candidates, selector_limit)?;
    if contradiction {
        return Ok(Enumeration::none(None));
    }
    let mut solutions = Vec::new();
    while solutions.len() < limit {
        let Some(model) = splr::solve(&clauses)? else {
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
        clauses.push(cells.blocking_clause(&grid));
        found(&grid);
        solutions.push(grid);
    }
    Ok(Enumeration {
        solutions,
        reason: None,
    })
}

#[cfg(test)]
mod tests;
