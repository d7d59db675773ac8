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

    /// Text handed over in the process (a `serve` request's body) instead of files: read as
    /// the one source, named `request`.
    #[arg(skip)]
    pub text: Option<String>,
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
    /// The puzzle and what came with it, or why it could not be read.
    pub entry: Result<Entry, Failure>,
}

/// Why a record could not be read: where (the line, when one applies) and why.
#[derive(Debug)]
pub struct Failure {
    /// The file name, or `-` for standard input.
    pub source: String,
    /// The 1-based line the record (or the fault) is on, when one applies.
    pub line: Option<usize>,
    /// What is wrong, on one line, without the location.
    pub reason: String,
}

impl Failure {
    /// `file:line`, or the file alone.
    pub fn location(&self) -> String {
        match self.line {
            Some(line) => format!("{}:{line}", self.source),
            None => self.source.clone(),
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{}: {}", self.location(), self.reason)
    }
}

impl Record {
    /// `file:line`, and the puzzle's name when it has one.
    pub fn location(&self) -> String {
        match &self.entry {
            Ok(entry) => match &entry.name {
                Some(name) => format!("{}:{} {}", self.source, entry.line, name),
                None => format!("{}:{}", self.source, entry.line),
            },
            Err(failure) => failure.location(),
        }
    }

    /// `file:line`, without the name: the key that joins an answer to its input.
    pub fn place(&self) -> String {
        match &self.entry {
            Ok(entry) => format!("{}:{}", self.source, entry.line),
            Err(failure) => failure.location(),
        }
    }
}

/// Reads every source in order; failures become records too, so one bad file or puzzle
/// never hides the others, and every command answers once per record, in input order.
pub fn read_records(options: &InputOptions) -> Vec<Record> {
    let mut records = Vec::new();
    each_batch(options, usize::MAX, |batch| records.extend(batch));
    records
}

/// Hands the records of every source to `handle` in input order, a batch at a time: a file
/// with one puzzle a line (line, killer TSV, f-puzzles links) is read `lines` lines at a
/// time, so a command that answers batch by batch holds one batch of puzzles, not the file's.
pub fn each_batch(options: &InputOptions, lines: usize, mut handle: impl FnMut(Vec<Record>)) {
    for path in &options.files {
        let source = match options.text {
            Some(_) => "request".to_string(),
            None => path.display().to_string(),
        };
        let failure = |line: Option<usize>, reason: String| Record {
            source: source.clone(),
            entry: Err(Failure {
                source: source.clone(),
                line,
                reason,
            }),
        };
        let text = match options.text.clone().map_or_else(|| read_source(path), Ok) {
            Ok(text) => text,
            Err(reason) => {
                handle(vec![failure(None, format!("cannot read: {reason}"))]);
                continue;
            }
        };
        let format = options
            .input_format
            .or_else(|| notation::detect_for_sure(&text));
        let one_a_line = match format {
            Some(Format::Line | Format::KillerTsv) => true,
            Some(Format::Fpuzzles) => !text.trim_start().starts_with('{'),
            _ => false,
        };
        let chunks: Vec<(usize, String)> = if one_a_line && text.lines().nth(lines).is_some() {
            let all: Vec<&str> = text.lines().collect();
            all.chunks(lines.max(1))
                .enumerate()
                .map(|(index, chunk)| (index * lines, chunk.join("\n")))
                .collect()
        } else {
            vec![(0, text)]
        };
        let (mut readable, mut unreadable) = (0, 0);
        for (number, (offset, chunk)) in chunks.iter().enumerate() {
            let mut results = notation::parse_each(chunk, format);
            let blank = matches!(results.as_slice(), [Err(error)] if error.line.is_none()
                && matches!(error.reason, notation::Reason::NoPuzzle));
            if number > 0 && blank {
                // a later batch of only blank or comment lines: nothing to read there
                continue;
            }
            shift_lines(&mut results, *offset);
            let batch = records_of(results, options, &failure, &source);
            readable += batch.iter().filter(|record| record.entry.is_ok()).count();
            unreadable += batch.iter().filter(|record| record.entry.is_err()).count();
            handle(batch);
        }
        detail!("read {source}: {readable} puzzle(s), {unreadable} unreadable");
    }
}

/// Moves the line numbers of a batch's results past the `offset` lines before it.
fn shift_lines(results: &mut [Result<Entry, notation::NotationError>], offset: usize) {
    if offset == 0 {
        return;
    }
    for result in results {
        match result {
            Ok(entry) => entry.line += offset,
            Err(error) => {
                if let Some(line) = error.line.as_mut() {
                    *line += offset;
                }
            }
        }
    }
}

/// The records of one batch's results.
fn records_of(
    results: Vec<Result<Entry, notation::NotationError>>,
    options: &InputOptions,
    failure: &dyn Fn(Option<usize>, String) -> Record,
    source: &str,
) -> Vec<Record> {
    results
        .into_iter()
        .map(|result| match result {
            Ok(entry) => match add_diagonals(entry, options.diagonals) {
                Ok(entry) => Record {
                    source: source.to_string(),
                    entry: Ok(entry),
                },
                Err((line, reason)) => failure(Some(line), reason),
            },
            Err(error) => {
                let reason = match error.column {
                    Some(column) => format!("column {column}: {}", error.reason),
                    None => error.reason.to_string(),
                };
                failure(error.line, notation::printable(&reason))
            }
        })
        .collect()
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

fn add_diagonals(entry: Entry, choice: Option<DiagonalChoice>) -> Result<Entry, (usize, String)> {
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
        .map_err(|error| (entry.line, error.to_string()))?;
    Ok(Entry { puzzle, ..entry })
}
