//! `sudokit link`: an f-puzzles (or SudokuPad) link for every puzzle, to play it online.

use clap::Args;
use serde_json::json;
use sudokit::render::links;

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
        let location = record.location();
        let entry = match record.entry {
            Ok(entry) => entry,
            Err(reason) => {
                complain!("error: {reason}");
                outcome = Outcome::BadInput;
                continue;
            }
        };
        let name = entry.name.as_deref();
        let (fpuzzles, sudokupad) = match (
            links::fpuzzles(&entry.puzzle, name),
            links::sudokupad(&entry.puzzle, name),
        ) {
            (Ok(fpuzzles), Ok(sudokupad)) => (fpuzzles, sudokupad),
            (Err(error), _) | (_, Err(error)) => {
                complain!("error: {location}: {error}");
                outcome = Outcome::BadInput;
                continue;
            }
        };
        if options.json {
            let document =
                sudokit::notation::format_entry(&entry, sudokit::notation::Format::Fpuzzles)
                    .ok()
                    .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
            let object = json!({
                "source": location,
                "fpuzzles": fpuzzles,
                "sudokupad": sudokupad,
                "document": document,
            });
            say!("{object}");
        } else if options.sudokupad {
            say!("{sudokupad}");
        } else {
            say!("{fpuzzles}");
        }
    }
    Ok(outcome)
}
