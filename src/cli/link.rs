//! `sudokit link`: an f-puzzles (or SudokuPad) link for every puzzle, to play it online.

use clap::Args;
use sudokit::service::link::{self, LinkAnswerRecord};

use super::sources::{read_records, InputOptions};
use super::Outcome;

/// Options of `sudokit link`.
#[derive(Debug, Args)]
pub struct LinkOptions {
    #[command(flatten)]
    input: InputOptions,

    /// Print SudokuPad links (`https://sudokupad.app/fpuzzles…`) instead of f-puzzles ones.
    #[arg(long, conflicts_with = "json")]
    sudokupad: bool,

    /// One JSON object per puzzle: source, fpuzzles and sudokupad links, and the f-puzzles
    /// document itself.
    #[arg(long)]
    json: bool,
}

/// Runs `link`: one line per puzzle, in input order.
pub fn run(options: &LinkOptions) -> anyhow::Result<Outcome> {
    let mut outcome = Outcome::Success;
    for record in read_records(&options.input) {
        match link::link(&record) {
            LinkAnswerRecord::Error(error) => {
                complain!("error: {}: {}", record.location(), error.reason);
                outcome = Outcome::BadInput;
            }
            LinkAnswerRecord::Link(links) if options.json => match serde_json::to_string(&links) {
                Ok(text) => say!("{text}"),
                Err(error) => complain!("error: a record could not be written: {error}"),
            },
            LinkAnswerRecord::Link(links) if options.sudokupad => say!("{}", links.sudokupad),
            LinkAnswerRecord::Link(links) => say!("{}", links.fpuzzles),
        }
    }
    Ok(outcome)
}
