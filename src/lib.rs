//! sudokit: generate, verify and grade Sudoku puzzles — classic, n×n, X, killer and
//! greater-killer.
//!
//! - [`model`]: geometry, typed indices (`Cell`, `Digit`), constraints and the checked `Puzzle`.
//! - [`count`]: `Count`, the answer both solving engines give.
//! - [`grade`]: the grader: human techniques step by step, rated like HoDoKu.
#![warn(missing_docs)]

pub mod count;
pub mod grade;
pub mod model;

pub use count::Count;
