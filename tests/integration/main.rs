//! Integration tests: real puzzles from `tests/data` (see its PROVENANCE.md) and the CLI.

mod bank;
mod book_pages;
mod carving;
mod cli;
mod differential;
mod flags;
mod generation;
mod grading;
mod helpers;
mod killers;
mod preflight;
mod print_ready;
mod readers;
mod render;
mod se_rating;
mod seeds;
mod serve;
mod shell;
mod sizes;
mod solution_counts;
mod suggest;
mod trust;
