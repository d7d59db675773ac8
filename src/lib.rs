//! sudokit: generate, verify and grade Sudoku puzzles — classic, n×n, X, killer and
//! greater-killer.
//!
//! - [`model`]: geometry, typed indices (`Cell`, `Digit`), constraints and the checked `Puzzle`.
//! - [`count`]: `Count`, the answer both solving engines give.
//! - [`notation`]: reading and writing puzzles as text (line, grid, CSV, killer, killer TSV, RON).
#![warn(missing_docs)]

pub mod count;
pub mod model;
pub mod notation;

pub use count::Count;
