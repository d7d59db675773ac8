//! `NotationError`: why a text could not be read (or written), and where — line, column, cell.

use thiserror::Error;

use super::Format;
use crate::model::{Cell, ModelError};

/// A text that could not be read as a puzzle, or a puzzle that a format cannot hold.
///
/// Shown on one line as `line 3, column 12 (r2c3): unknown character 'x' (expected 1-9, '.' or
/// '0')`.
/// The location is also kept in fields, so a caller that knows the file can print
/// `file:line: reason` itself from [`line`](Self::line) and [`reason`](Self::reason).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", printable(&format!("{}{reason}", location(.line, .column, .cell))))]
pub struct NotationError {
    /// The 1-based line the problem is on; `None` where no line applies (an empty input, or a
    /// puzzle that a format cannot hold).
    pub line: Option<usize>,
    /// The 1-based column (in characters) on that line, where one character is at fault.
    pub column: Option<usize>,
    /// The cell that character stands for, where it is a cell of a grid.
    pub cell: Option<Cell>,
    /// What is wrong.
    pub reason: Reason,
}

fn location(line: &Option<usize>, column: &Option<usize>, cell: &Option<Cell>) -> String {
    match (line, column, cell) {
        (Some(line), Some(column), Some(cell)) => {
            format!("line {line}, column {column} ({cell}): ")
        }
        (Some(line), Some(column), None) => format!("line {line}, column {column}: "),
        (Some(line), None, _) => format!("line {line}: "),
        (None, _, _) => String::new(),
    }
}

impl NotationError {
    /// An error with no location.
    pub fn new(reason: Reason) -> NotationError {
        NotationError {
            line: None,
            column: None,
            cell: None,
            reason,
        }
    }

    /// An error on 1-based `line`.
    pub fn at(line: usize, reason: Reason) -> NotationError {
        NotationError {
            line: Some(line),
            column: None,
            cell: None,
            reason,
        }
    }

    /// An error at 1-based `line` and `column`.
    pub fn at_column(line: usize, column: usize, reason: Reason) -> NotationError {
        NotationError {
            line: Some(line),
            column: Some(column),
            cell: None,
            reason,
        }
    }

    /// The reason with the column and cell but not the line, for a caller that writes
    /// `file:line: ` itself: `column 12 (r2c3): unknown character 'x' (…)`; control
    /// characters escaped.
    pub fn within_line(&self) -> String {
        let text = match (self.column, self.cell) {
            (Some(column), Some(cell)) => format!("column {column} ({cell}): {}", self.reason),
            (Some(column), None) => format!("column {column}: {}", self.reason),
            (None, _) => self.reason.to_string(),
        };
        printable(&text)
    }

    /// The same error, told as being about `cell` (the grid cell its character stands for).
    pub(super) fn in_cell(mut self, cell: Cell) -> NotationError {
        self.cell = Some(cell);
        self
    }

    /// The error for a format that cannot hold part of a puzzle.
    pub(super) fn cannot_hold(format: Format, what: impl Into<String>) -> NotationError {
        NotationError::new(Reason::CannotHold {
            format,
            what: what.into(),
        })
    }

    /// A model error met while building the puzzle of the record on `line`.
    pub(super) fn model(line: usize, error: ModelError) -> NotationError {
        NotationError::at(line, Reason::Model(error))
    }
}

/// What is wrong with a text (the location is in [`NotationError`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Reason {
    /// The text holds no record at all.
    #[error("no puzzle found")]
    NoPuzzle,
    /// A character that is neither a digit of the alphabet nor an empty-cell mark.
    #[error("unknown character {character:?} (expected {expected})")]
    UnknownCharacter {
        /// The character found.
        character: char,
        /// What the grid accepts, such as `1-9, '.' or '0'`.
        expected: String,
    },
    /// A digit character beyond the grid's side, such as `G` (16) in a 9×9 grid.
    #[error("{character:?} stands for {value}, too large for a {size}×{size} grid (expected {expected})")]
    DigitTooLarge {
        /// The character found.
        character: char,
        /// The digit it stands for.
        value: u32,
        /// The grid's side.
        size: u8,
        /// What the grid accepts.
        expected: String,
    },
    /// A cell written as a number beyond the grid's side (grid tokens, CSV fields).
    #[error(
        "{value} is too large for a {size}×{size} grid (expected 1 to {size}, or 0 for empty)"
    )]
    NumberTooLarge {
        /// The number found (saturated at the largest `u32`).
        value: u32,
        /// The grid's side.
        size: u8,
    },
    /// A puzzle line whose length is not the square of a supported side.
    #[error("{}", line_length_message(*cells))]
    LineLength {
        /// How many cells the line has.
        cells: usize,
    },
    /// A row, line or field holding the wrong number of cells.
    #[error("{what} has {found} cells, expected {expected}")]
    CellCount {
        /// What was read: `cage map row`, `grid row`, `givens`, `solution`, …
        what: &'static str,
        /// How many cells it has.
        found: usize,
        /// How many it should have.
        expected: usize,
    },
    /// A grid, CSV block or cage map with the wrong number of rows (a truncated record, say).
    #[error("{what} has {found} rows, expected {expected}")]
    RowCount {
        /// What was read: `grid`, `CSV puzzle`, `cage map`.
        what: &'static str,
        /// How many rows it has.
        found: usize,
        /// How many it should have (the side).
        expected: usize,
    },
    /// A published solution with an empty cell.
    #[error("the solution leaves {cell} empty")]
    IncompleteSolution {
        /// The first empty cell.
        cell: Cell,
    },
    /// The puzzle read breaks a rule of the model (clashing givens, an impossible cage sum…).
    #[error(transparent)]
    Model(ModelError),
    /// A sum line or comparison naming a cage that the cage map does not hold.
    #[error("{context} names cage {label}, which has no cells")]
    UnknownCage {
        /// Where the cage is named: `compare`, `sum line`, `comparison`.
        context: &'static str,
        /// The cage's label.
        label: String,
    },
    /// A cage given a sum twice.
    #[error("cage {label} has a second sum (the first is on line {first_line})")]
    DuplicateSum {
        /// The cage's label.
        label: String,
        /// Where the first sum is.
        first_line: usize,
    },
    /// A line that may appear once in a record appears again.
    #[error("{what} appears twice in one record")]
    Repeated {
        /// What appears twice: `the name line`, `the diag= token`, …
        what: &'static str,
    },
    /// A word or number that is not what its place needs.
    #[error("`{}` is not {what} (expected {expected})", printable(.text))]
    Invalid {
        /// The text found (cut short if long).
        text: String,
        /// What it should be: `a cage sum`, `a relation`, …
        what: &'static str,
        /// What is accepted there.
        expected: &'static str,
    },
    /// A killer-text line that is neither a cage-map row nor a known keyword line.
    #[error("unrecognized line `{}` (expected a cage-map row, `<id> <sum>`, or a line starting with name, compare, givens, solution, diagonals or boxes)", printable(.text))]
    UnrecognizedLine {
        /// The line (cut short if long).
        text: String,
    },
    /// A killer record with no cage map.
    #[error("the record has no cage map")]
    MissingMap,
    /// A tab-separated line with the wrong number of fields.
    #[error("{found} tab-separated fields, expected {expected}")]
    FieldCount {
        /// How many fields the line has.
        found: usize,
        /// What is expected.
        expected: &'static str,
    },
    /// A RON document that does not deserialize.
    #[error("{message}")]
    Ron {
        /// The RON parser's message.
        message: String,
    },
    /// An f-puzzles document or link that cannot be read.
    #[error("{message}")]
    Json {
        /// What is wrong with it.
        message: String,
    },
    /// A record that looks cut short or damaged.
    #[error("{what}")]
    Truncated {
        /// What is missing or wrong.
        what: String,
    },
    /// A byte that is not UTF-8 text (read in as U+FFFD, the replacement character).
    #[error("not UTF-8 text: an invalid byte (read as U+FFFD)")]
    NotUtf8,
    /// A NUL byte or other control character where puzzle text belongs.
    #[error("control character U+{code:04X} in {place}: NUL bytes and control characters are not puzzle text")]
    ControlCharacter {
        /// The character's code point.
        code: u32,
        /// Where it is: `the text`, `the name`.
        place: &'static str,
    },
    /// A format name that is not known, or a text whose format cannot be told for sure.
    #[error("{}", unknown_format(name))]
    UnknownFormat {
        /// The name given.
        name: String,
    },
    /// A puzzle (or part of an entry) that a format has no way to write.
    #[error("the {format} format cannot hold {what}")]
    CannotHold {
        /// The format asked for.
        format: Format,
        /// What it cannot hold, with a hint at a format that can.
        what: String,
    },
}

fn unknown_format(name: &str) -> String {
    if name.starts_with("the first line") {
        format!("cannot tell the format for sure: {name}; give --input-format line, grid, csv, killer, killer-tsv, ron or fpuzzles")
    } else {
        format!("unknown format {name:?} (expected line, grid, csv, killer, killer-tsv, ron or fpuzzles)")
    }
}

/// The accepted lengths of a puzzle line: n² for every supported side n.
/// Why a line of `cells` cells is no puzzle: a square side with no box shape (7×7) is named.
fn line_length_message(cells: usize) -> String {
    let side = (1..=usize::from(crate::model::MAX_SIZE)).find(|side| side * side == cells);
    match side {
        Some(side) if side >= 4 => format!(
            "{cells} cells make a {side}×{side} grid, which has no rectangular box shape (supported lines have {} cells)",
            line_lengths()
        ),
        _ => format!("{cells} cells, a puzzle line needs n² cells ({})", line_lengths()),
    }
}

fn line_lengths() -> String {
    let lengths: Vec<String> = super::alphabet::supported_sides()
        .map(|side| (side * side).to_string())
        .collect();
    match lengths.split_last() {
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `text` cut to at most 40 characters, for quoting in an error, control characters escaped.
pub(super) fn excerpt(text: &str) -> String {
    const LIMIT: usize = 40;
    if text.chars().count() <= LIMIT {
        printable(text)
    } else {
        let mut short = printable(&text.chars().take(LIMIT).collect::<String>());
        short.push('…');
        short
    }
}

/// `text` with every control character written as `\u{…}`, so an error never echoes a NUL
/// byte or a terminal escape raw.
pub fn printable(text: &str) -> String {
    text.chars()
        .flat_map(|character| -> Box<dyn Iterator<Item = char>> {
            if character.is_control() {
                Box::new(character.escape_unicode())
            } else {
                Box::new(std::iter::once(character))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Geometry;

    #[test]
    fn location_prefixes() {
        let error = NotationError::at_column(
            3,
            12,
            Reason::UnknownCharacter {
                character: 'x',
                expected: "1-9, '.' or '0'".to_string(),
            },
        );
        assert_eq!(
            error.to_string(),
            "line 3, column 12: unknown character 'x' (expected 1-9, '.' or '0')"
        );
        let cell = Geometry::for_size(9).unwrap().cell(1, 2).unwrap();
        assert_eq!(
            error.in_cell(cell).to_string(),
            "line 3, column 12 (r2c3): unknown character 'x' (expected 1-9, '.' or '0')"
        );
        assert_eq!(
            NotationError::new(Reason::NoPuzzle).to_string(),
            "no puzzle found"
        );
        let error = NotationError::at(1, Reason::LineLength { cells: 80 });
        assert_eq!(
            error.to_string(),
            "line 1: 80 cells, a puzzle line needs n² cells (16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)"
        );
    }

    #[test]
    fn excerpts_are_short() {
        assert_eq!(excerpt("abc"), "abc");
        let long = "x".repeat(100);
        assert_eq!(excerpt(&long).chars().count(), 41);
    }
}
