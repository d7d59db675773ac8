//! sudokit: generate, verify and grade Sudoku puzzles — classic, n×n, X, killer and
//! greater-killer.
//!
//! - [`model`]: geometry, typed indices (`Cell`, `Digit`), constraints and the checked `Puzzle`.
//! - [`count`]: `Count`, the answer both solving engines give.
//! - [`notation`]: reading and writing puzzles as text (line, grid, CSV, killer, killer TSV, RON).
//! - [`sat`]: the SAT engine (splr), the independent authority on uniqueness.
//! - [`grade`]: the grader: human techniques step by step, rated like HoDoKu.
//! - [`backtrack`]: the native counting engine: candidate bitsets, propagation, branching.
//! - [`render`]: printing: SVG, PDF pages and books, f-puzzles and SudokuPad links.
//! - [`generate`]: the generator: fill, dig under a symmetry, grade to a target, batches.
//! - [`preset`]: presets (RON): what a batch generates, the shipped ones built in.
//! - [`suggest`]: setter help: givens, a cage split or a sum that make a puzzle unique; a
//!   minimal conflict when it has no solution.
#![warn(missing_docs)]

pub mod backtrack;
pub mod count;
pub mod generate;
pub mod grade;
pub mod model;
pub mod notation;
pub mod preset;
pub mod render;
pub mod sat;
pub mod suggest;

pub use count::Count;
