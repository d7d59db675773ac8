//! sudokit: generate, verify and grade Sudoku puzzles — classic, n×n, X, killer and
//! greater-killer.
//!
//! - [`budget`]: a work limit, a deadline and a cancel flag that stop long computations.
//! - [`model`]: geometry, typed indices (`Cell`, `Digit`), constraints and the checked `Puzzle`.
//! - [`count`]: `Count`, the answer both solving engines give.
//! - [`notation`]: reading and writing puzzles as text (line, grid, CSV, killer, killer TSV, RON).
//! - [`sat`]: the SAT engine (splr), the independent authority on uniqueness.
//! - [`grade`]: the grader: human techniques step by step, rated like HoDoKu.
//! - [`backtrack`]: the native counting engine: candidate bitsets, propagation, branching.
//! - [`render`]: printing: SVG, PDF pages and books, f-puzzles and SudokuPad links.
//! - [`generate`]: the generator: fill, dig under a symmetry, grade to a target, batches.
//! - [`preset`]: presets (RON): what a batch generates, the shipped ones built in.
//! - `bank` (feature `bank`): the puzzle bank: rated puzzles in one SQLite file, one row per canonical key.
//! - [`canonical`]: the canonical key of a puzzle under its variant's symmetries (minlex for
//!   classic grids), so that isomorphs are recognised as one puzzle.
//! - `service` (feature `service`): the front both doors call: typed requests in, typed records out, one
//!   uniqueness policy.
//! - [`shard`]: shard i of N of a run, its contiguous block, and a scheduler's shard read
//!   from its environment (Slurm job arrays, Kubernetes Indexed Jobs).
//! - [`suggest`]: setter help: givens, a cage split or a sum that make a puzzle unique; a
//!   minimal conflict when it has no solution.
//!
//! # Check a puzzle
//!
//! Read any notation the command line reads, then ask both engines how many solutions it
//! has (up to a limit: 2 answers "is it unique?" and shows a second solution when not).
//!
//! ```
//! use sudokit::{backtrack, notation, sat, Count};
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let entry = notation::parse(text, None)?.remove(0);
//! let native = backtrack::count_solutions(&entry.puzzle, 2);
//! let sat = sat::count_solutions(&entry.puzzle, 2)?;
//! assert!(matches!(native, Count::Unique(_)));
//! assert_eq!(native, sat); // the same one solution
//!
//! // Remove a given and the puzzle has several solutions, two of them shown.
//! let loose = "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let entry = notation::parse(loose, None)?.remove(0);
//! assert!(matches!(sat::count_solutions(&entry.puzzle, 2)?, Count::Multiple { .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Grade it
//!
//! The grader solves step by step with human techniques and rates the path on HoDoKu's scale
//! (the Sudoku Explainer scale is in [`grade::explainer`]).
//!
//! ```
//! use sudokit::{grade, notation};
//!
//! let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let puzzle = notation::parse(text, None)?.remove(0).puzzle;
//! let grading = grade::grade(&puzzle);
//! assert!(grading.solved);
//! assert_eq!(grading.level, grade::Level::Easy);
//! println!("{} {}", grading.level, grading.score);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Generate one from a preset
//!
//! The same preset, seed and index always give the same puzzle, confirmed unique by the SAT
//! engine and graded to the preset's target.
//!
//! ```
//! use sudokit::{generate, preset::Preset};
//!
//! let preset = Preset::builtin("classic-easy")?;
//! let made = generate::puzzle(&preset, 7, 0)?;
//! let grading = made.grading.as_ref().expect("classic puzzles are rated");
//! assert!(preset.target.accepts(grading.level, grading.score));
//! assert_eq!(made.puzzle, generate::puzzle(&preset, 7, 0)?.puzzle);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Render it
//!
//! ```
//! use sudokit::{notation, render};
//!
//! let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let puzzle = notation::parse(text, None)?.remove(0).puzzle;
//! let svg = render::puzzle_svg(&puzzle, None);
//! assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/library_tour.rs` runs the four together (`cargo run --example library_tour`).
#![warn(missing_docs)]

pub mod backtrack;
#[cfg(feature = "bank")]
pub mod bank;
pub mod budget;
pub mod canonical;
pub mod count;
pub mod generate;
pub mod grade;
pub mod model;
pub mod notation;
pub mod preset;
pub mod render;
pub mod sat;
#[cfg(feature = "service")]
pub mod service;
pub mod shard;
pub mod suggest;

pub use count::Count;
