//! Setter help: what to add to a puzzle with several solutions so it has one, and which
//! givens and rules of a puzzle with none cannot hold together.
//!
//! [`suggest`] takes a puzzle and the [`Count`] an engine gave it:
//! - **several solutions**: for a killer, first a hidden cage sum to reveal (greater killer)
//!   or a cage to split in two with the sums of the first solution (module `cages`); otherwise,
//!   or when no single reveal or split is enough, givens taken from the first solution
//!   (module `givens`). Every answer is confirmed unique by the SAT engine.
//! - **no solution**: a minimal conflict (module `conflict`): givens, cages, comparisons and extra
//!   houses that together have no solution, each of them needed, confirmed by the SAT engine.
//!
//! The native engine answers the many questions asked along the way; the SAT engine, the
//! independent authority, confirms the final answer. A disagreement is reported as
//! [`SuggestError::NotConfirmed`], never trusted.

mod cages;
mod conflict;
mod givens;
mod meter;

#[cfg(test)]
mod tests;

use crate::budget::{Budget, Stopped};
use rand::Rng;

use crate::count::Count;
use crate::model::{
    Cage, CageId, Cell, Comparison, Constraint, Digit, HouseKind, ModelError, Puzzle,
};
use crate::sat::SatError;

/// What to change in a puzzle so it has exactly one solution, or why it has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Suggestion {
    /// Add these givens (digits of the first solution).
    Givens {
        /// The cells and their digits, in grid order.
        givens: Vec<(Cell, Digit)>,
        /// How small the set is known to be.
        guarantee: Guarantee,
    },
    /// Split one cage into two, each with the sum of its digits in the first solution.
    SplitCage {
        /// The cage as it stands.
        cage: Cage,
        /// The two cages that replace it, with their sums.
        parts: [Cage; 2],
    },
    /// Reveal the hidden sum of one cage (a greater killer's cage with no printed sum).
    RevealSum {
        /// The cage whose sum is hidden, as it stands.
        cage: Cage,
        /// Its sum in the first solution.
        sum: u32,
    },
    /// The puzzle has no solution: these members together have none, and dropping any one
    /// of them leaves a puzzle that has one.
    Conflict(Vec<Member>),
}

/// How small a suggested set of givens is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guarantee {
    /// No smaller set of givens from the first solution makes the puzzle unique: every
    /// single given, or every pair, was tried.
    Minimum,
    /// Every given is needed (dropping any one leaves several solutions), but a smaller
    /// set may exist.
    Minimal,
}

/// One part of a puzzle that a conflict names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Member {
    /// A given digit.
    Given {
        /// Its cell.
        cell: Cell,
        /// Its digit.
        digit: Digit,
    },
    /// A cage: its digits never repeat and add up to its sum, when it has one.
    Cage(Cage),
    /// A comparison of two cages' sums.
    Comparison {
        /// The comparison, by cage ids of the puzzle.
        comparison: Comparison,
        /// The left-hand cage.
        first: Cage,
        /// The right-hand cage.
        second: Cage,
    },
    /// An extra house such as a long diagonal.
    House(HouseKind),
    /// A variant rule (a thermometer, a dot, an arrow …), as the puzzle holds it.
    Rule(Constraint),
}

/// Why no suggestion could be made.
#[derive(Debug, thiserror::Error)]
pub enum SuggestError {
    /// The SAT engine could not answer.
    #[error(transparent)]
    Sat(#[from] SatError),
    /// A changed puzzle could not be built (a bug: the changes keep the rules valid).
    #[error("the changed puzzle is not valid: {0}")]
    Model(#[from] ModelError),
    /// The caller's budget stopped the search.
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// The SAT engine did not confirm what the native engine found.
    #[error("the SAT engine does not confirm the suggestion: {what}")]
    NotConfirmed {
        /// What the SAT engine found instead.
        what: String,
    },
}

/// What to change in `puzzle` so it has one solution (`count` is multiple), or a minimal
/// conflict (`count` is none); `None` when `count` says the puzzle is already unique.
/// `count` must be an engine's answer for `puzzle`: its first solution is the one the
/// suggestion keeps. `rng` draws the sample solutions the greedy choice of givens weighs.
pub fn suggest(
    puzzle: &Puzzle,
    count: &Count,
    rng: &mut impl Rng,
) -> Result<Option<Suggestion>, SuggestError> {
    suggest_within(puzzle, count, rng, &Budget::unlimited())
}

/// [`suggest`], stopping with [`SuggestError::Stopped`] when `budget`'s flag is raised, its
/// deadline passes, or the whole search has spent its work limit: the limit counts every
/// engine call the search makes, in a rating's units (a native branch point counts
/// [`crate::backtrack::BRANCH_WORK`], a SAT call its [`crate::sat::Effort::work`]). Every search
/// looks at them; an answer is trusted only when they have not stopped it.
pub fn suggest_within(
    puzzle: &Puzzle,
    count: &Count,
    rng: &mut impl Rng,
    budget: &Budget,
) -> Result<Option<Suggestion>, SuggestError> {
    let meter = meter::Meter::new(budget);
    let suggestion = match count {
        Count::Unique(_) => Ok(None),
        Count::None { .. } => conflict::minimal_conflict(puzzle, &meter).map(Some),
        Count::Multiple { first, second, .. } => {
            match cages::reveal_or_split(puzzle, first, second, &meter) {
                Ok(Some(suggestion)) => Ok(Some(suggestion)),
                Ok(None) => givens::fewest_givens(puzzle, first, second, rng, &meter).map(Some),
                Err(error) => Err(error),
            }
        }
    };
    // a search the budget cut short may have answered wrongly: nothing it led to is kept
    meter.budget().interrupted()?;
    suggestion
}

/// Asks the SAT engine whether `puzzle` has exactly one solution.
fn confirm_unique(puzzle: &Puzzle, meter: &meter::Meter) -> Result<(), SuggestError> {
    match meter.sat_count(puzzle, 2)? {
        Count::Unique(_) => Ok(()),
        other => Err(SuggestError::NotConfirmed {
            what: format!("the changed puzzle is {}", other.word()),
        }),
    }
}

/// Cells of `cage` joined by `+`, as killer solvers write them: `r1c1+r1c2`.
pub fn cage_cells(cage: &Cage) -> String {
    cage.cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

/// A cage as killer solvers write it: `14(3) r1c1+r1c2+r2c1`, or `?(3) …` with no sum.
pub fn cage_text(cage: &Cage) -> String {
    let sum = cage
        .sum
        .map_or_else(|| "?".to_string(), |sum| sum.to_string());
    format!("{sum}({}) {}", cage.cells.len(), cage_cells(cage))
}

/// The id a cage keeps in `puzzle`, for members that name a comparison.
fn cage_of(puzzle: &Puzzle, id: CageId) -> Cage {
    puzzle.cage(id).clone()
}
