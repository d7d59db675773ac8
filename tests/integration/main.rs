//! Integration tests: real puzzles from `tests/data` (see its PROVENANCE.md) and the CLI.

mod cli;
mod differential;
mod grading;
mod helpers;
mod killers;
mod render;
mod seeds;
mod sizes;
mod solution_counts;
