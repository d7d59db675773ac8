//! Reading puzzle files (or standard input) into records that remember where they came from.

use std::io::Read;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use sudokit::model::{Constraint, Diagonal, Puzzle};
use sudokit::notation::{self, Entry, Format};

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

impl DiagonalChoice {
    fn diagonals(self) -> &'static [Diagonal] {
        match self {
            DiagonalChoice::Both => &[Diagonal::Main, Diagonal::Anti],
            DiagonalChoice::Main => &[Diagonal::Main],
            DiagonalChoice::Anti => &[Diagonal::Anti],
        }
    }
}

fn parse_format(text: &str) -> Result<Format, String> {
    text.parse::<Format>().map_err(|error| error.to_string())
}

/// One puzzle read from a source, or why it could not be read.
#[derive(Debug)]
pub struct Record {
    /// The file name, or `-` for standard input.
    pub source: String,
    /// The puzzle and what came with it, or a one-line reason naming where it went wrong.
    pub entry: Result<Entry, String>,
}

impl Record {
    /// `file:line`, and the puzzle's name when it has one.
    pub fn location(&self) -> String {
        match &self.entry {
            Ok(entry) => match &entry.name {
                Some(name) => format!("{}:{} {}", self.source, entry.line, name),
                None => format!("{}:{}", self.source, entry.line),
            },
            Err(_) => self.source.clone(),
        }
    }
}

/// Reads every source in order; failures become records too, so one bad file or puzzle
/// never hides the others.
pub fn read_records(options: &InputOptions) -> Vec<Record> {
    let mut records = Vec::new();
    for path in &options.files {
        let source = path.display().to_string();
        let text = match read_source(path) {
            Ok(text) => text,
            Err(reason) => {
                records.push(Record {
                    source: source.clone(),
                    entry: Err(format!("{source}: cannot read: {reason}")),
                });
                continue;
            }
        };
        let parsed = notation::parse_each(&text, options.input_format);
        if parsed.is_empty() {
            records.push(Record {
                source: source.clone(),
                entry: Err(format!("{source}: no puzzle found")),
            });
        }
        for result in parsed {
            let entry = result
                .map_err(|error| error.to_string())
                .and_then(|entry| add_diagonals(entry, options.diagonals))
                .map_err(|reason| format!("{source}: {reason}"));
            records.push(Record {
                source: source.clone(),
                entry,
            });
        }
    }
    records
}

fn read_source(path: &PathBuf) -> Result<String, String> {
    let bytes = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|error| error.to_string())?;
        bytes
    } else {
        std::fs::read(path).map_err(|error| error.to_string())?
    };
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "not UTF-8 text (invalid byte at offset {})",
            error.utf8_error().valid_up_to()
        )
    })
}

fn add_diagonals(entry: Entry, choice: Option<DiagonalChoice>) -> Result<Entry, String> {
    let Some(choice) = choice else {
        return Ok(entry);
    };
    let puzzle = &entry.puzzle;
    let present = puzzle.diagonals();
    let mut constraints = puzzle.constraints().to_vec();
    for &diagonal in choice.diagonals() {
        if !present.contains(&diagonal) {
            constraints.push(Constraint::diagonal(puzzle.geometry(), diagonal));
        }
    }
    let puzzle = Puzzle::new(puzzle.geometry(), puzzle.givens().clone(), constraints)
        .map_err(|error| format!("line {}: {error}", entry.line))?;
    Ok(Entry { puzzle, ..entry })
}
