//! The one narrow question both engines answer: how many solutions, up to a limit?

use crate::model::Grid;

/// How many solutions a puzzle has, as far as a search up to some limit went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// No solution.
    None {
        /// Why, where the contradiction is direct (a cell left with no digit, say).
        reason: Option<String>,
    },
    /// Exactly one solution.
    Unique(Grid),
    /// More than one solution.
    Multiple {
        /// The first solution found.
        first: Grid,
        /// A second, different solution.
        second: Grid,
        /// How many solutions were found before the search stopped: exact when below the
        /// limit, "at least" when equal to it.
        found: usize,
    },
}

impl Count {
    /// How many solutions were found (0, 1, or the number found up to the limit).
    pub fn found(&self) -> usize {
        match self {
            Count::None { .. } => 0,
            Count::Unique(_) => 1,
            Count::Multiple { found, .. } => *found,
        }
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        matches!(self, Count::Unique(_))
    }

    /// The first solution found, if any.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Count::None { .. } => None,
            Count::Unique(solution) => Some(solution),
            Count::Multiple { first, .. } => Some(first),
        }
    }

    /// A one-word summary: `none`, `unique` or `multiple`.
    pub fn word(&self) -> &'static str {
        match self {
            Count::None { .. } => "none",
            Count::Unique(_) => "unique",
            Count::Multiple { .. } => "multiple",
        }
    }
}
