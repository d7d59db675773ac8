//! sudokit: generate, verify and grade Sudoku puzzles — classic, n×n, X, killer and
//! greater-killer.
//!
//! - [`model`]: geometry, typed indices (`Cell`, `Digit`), constraints and the checked `Puzzle`.
//! - [`count`]: `Count`, the answer both solving engines give.
//! - [`backtrack`]: the native counting engine: candidate bitsets, propagation, branching.
#![warn(missing_docs)]

pub mod backtrack;
pub mod count;
pub mod model;

pub use count::Count;
