//! The input flags every reading command shares (files, `--input-format`, `--diagonals`),
//! handed to the library's reader (`sudokit::service::input`).

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use sudokit::notation::Format;
use sudokit::service::input::{self, DiagonalChoice as Diagonals};

pub use sudokit::service::input::Record;

/// Where puzzles come from and how to read them.
#[derive(Debug, Args)]
pub struct InputOptions {
    /// Puzzle files; `-` reads standard input. A file may hold many puzzles.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The notation of the input (detected from the content when absent).
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub input_format: Option<Format>,

    /// Add the X rule: the long diagonals must also hold every digit.
    #[arg(long, value_enum, value_name = "WHICH")]
    pub diagonals: Option<DiagonalChoice>,
}

/// Which long diagonals a `--diagonals` flag adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiagonalChoice {
    /// Both long diagonals (X-sudoku).
    Both,
    /// Only the diagonal from the top-left corner.
    Main,
    /// Only the diagonal from the top-right corner.
    Anti,
}

fn parse_format(text: &str) -> Result<Format, String> {
    text.parse::<Format>().map_err(|error| error.to_string())
}

impl InputOptions {
    /// The library's reading options for these flags.
    pub fn reading(&self) -> input::InputOptions {
        input::InputOptions {
            files: self.files.clone(),
            input_format: self.input_format,
            diagonals: self.diagonals.map(|choice| match choice {
                DiagonalChoice::Both => Diagonals::Both,
                DiagonalChoice::Main => Diagonals::Main,
                DiagonalChoice::Anti => Diagonals::Anti,
            }),
            text: None,
            // the command line runs unbounded (no deadline or flag to read within)
            budget: sudokit::budget::Budget::unlimited(),
        }
    }
}

/// Reads every source in order (see [`input::read_records`]); `--verbose` says what each held.
pub fn read_records(options: &InputOptions) -> Vec<Record> {
    let mut records = Vec::new();
    each_batch(options, usize::MAX, |batch| records.extend(batch));
    records
}

/// Hands the records of every source to `handle` in input order, `lines` lines of a
/// one-puzzle-a-line file at a time (see [`input::each_batch`]).
pub fn each_batch(options: &InputOptions, lines: usize, handle: impl FnMut(Vec<Record>)) {
    input::each_batch(
        &options.reading(),
        lines,
        handle,
        |source, readable, unreadable| {
            detail!("read {source}: {readable} puzzle(s), {unreadable} unreadable");
        },
    );
}
