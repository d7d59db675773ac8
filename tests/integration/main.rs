//! Integration tests: real puzzles from `tests/data` (see its PROVENANCE.md) and the CLI.

mod cli;
mod differential;
mod grading;
mod helpers;
mod killers;
mod se_rating;
mod seeds;
mod sizes;
mod solution_counts;
