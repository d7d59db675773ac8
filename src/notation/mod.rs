//! Reading and writing puzzles as text: line, grid, CSV, killer text, killer TSV, RON,
//! f-puzzles and sudokit's own records.
//!
//! Every format has a parser and a writer that are inverse of each other: reading what
//! [`format_entry`] wrote gives back the same [`Entry`] (apart from its line number). A text
//! may hold many puzzles (a batch); [`parse_each`] returns one result per record, so one bad
//! record does not hide the others, and every error says where (line, column, cell) and why.
//!
//! ```
//! use sudokit::notation::{self, Format};
//!
//! let text = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.. inkala";
//! let entries = notation::parse(text, None)?;
//! assert_eq!(entries[0].name.as_deref(), Some("inkala"));
//! let grid = notation::format(&entries[0].puzzle, Format::Grid)?;
//! assert_eq!(grid.lines().next(), Some("8 . . | . . . | . . ."));
//!
//! let error = notation::parse("8..x", Some(Format::Line)).unwrap_err();
//! assert_eq!(error.to_string(), "line 1: 4 cells, a puzzle line needs n² cells (16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)");
//! # Ok::<(), sudokit::notation::NotationError>(())
//! ```
//!
//! # Alphabet
//!
//! A cell is one character: `1`-`9`, then `A`=10, `B`=11 … `G`=16 … `P`=25 (lowercase is
//! accepted, uppercase is written), and `.` or `0` for an empty cell (`.` is written). A 16×16
//! grid uses `1-9A-G`, a 25×25 grid `1-9A-P`, as in Gecode's and the `vu_kr` data sets. CSV
//! alone writes digits as decimal numbers.
//!
//! # Formats
//!
//! - **line** ([`Format::Line`]): one puzzle per line, its n² cells row-major in one token; the
//!   side n comes from the length and must be a supported side (16, 36, 64, 81, 100, 144 … 625
//!   characters). After the puzzle, whitespace-separated tokens may follow: a full grid of the
//!   same size is the published solution (`-` stands for "no solution" where a name follows);
//!   the rest is the name (kept as written between its first and last token). tdoku's
//!   `puzzle:count[:solution]` form is read too; the count is kept as text in
//!   [`Entry::expected_count`]. Two extension tokens, anywhere after the puzzle:
//!   `diag=both|main|anti` (X rules; `primary-only` and `secondary-only` are read as `main` and
//!   `anti`) and `boxes=<rows>x<columns>` for a box shape other than the usual one. Lines
//!   starting with `#` and blank lines are skipped.
//! - **grid** ([`Format::Grid`]): n rows of n cells. `|`, `-`, `+` and spaces are ignored, and
//!   lines made only of them are skipped. A row of at least 10 space-separated tokens that are
//!   all numbers (at most two digits) or empty marks, with at least one two-digit number, is
//!   read one token per cell, so a 16×16 may be written `16 . 3 …`; any other row is read one
//!   character per cell. Grids are separated by blank lines, or simply follow each other in
//!   blocks of n rows. The first row's first `|` after a cell closes the first box: boxes of
//!   another width that tile the side (a 6×6 grid drawn in 3×2 boxes) are read as drawn, any
//!   other row gets the usual shape. Written with the alphabet, spaces between cells and box
//!   separators.
//! - **csv** ([`Format::Csv`]): n rows of n comma-separated numbers, `0` (or an empty field, or
//!   `.`) for empty; any size; puzzles separated by blank lines or following each other.
//! - **killer** ([`Format::Killer`]): records separated by blank lines (a `name` line also
//!   starts a new record), `#` comment lines, `name <text>`, an n-line cage map (one character
//!   per cell = the cage's label, `.` = no cage), `<label> <sum>` lines, `compare <a> <b>
//!   less|equal|greater`, `givens <line>` and `solution <line>`. Every label in the map forms a
//!   cage (its digits never repeat); a cage without a sum line has no sum. Cages are numbered in
//!   reading order of their first cell, their cells listed in reading order. Two extension
//!   lines of ours: `diagonals both|main|anti` (X rules) and `boxes <rows>x<columns>` (a box
//!   shape other than the usual one for that side). Written in that order: name, boxes,
//!   diagonals, map, sums, compares, givens (always), solution.
//! - **killer-tsv** ([`Format::KillerTsv`]): `name<TAB>cage map (n² characters)<TAB>sums
//!   (label=sum,…)<TAB>solution`, one puzzle per line, `#` comments; the solution field may be
//!   left out or be `-`. Labels as in killer text (krazydad's data uses `A-Z` then `a-k`). It
//!   holds cages with or without sums and nothing else: no givens, comparisons or diagonals.
//! - **ron** ([`Format::Ron`]): the whole puzzle as a readable document, one per text or a
//!   list `[ … ]`; see *RON documents* below.
//! - **fpuzzles** ([`Format::Fpuzzles`]): f-puzzles JSON (`size`, `grid`, `diagonal+`,
//!   `diagonal-`, `killercage`, `title`, `solution`), one document or one per line, or
//!   f-puzzles / SudokuPad links, one per line; see [`fpuzzles`]. Written as one JSON line.
//! - **records** ([`Format::Records`]): sudokit's own JSON Lines records (`puzzles.jsonl` of
//!   `generate` and `book`, `grade --json`), one a line, read with every rule they carry or
//!   refused by line; see [`records`]. Written as `{"name", "puzzle", "solution"}`, the
//!   puzzle in the first notation that holds it (line, killer text, RON).
//!
//! A file may mix them: puzzle lines, sudokit's JSON records, f-puzzles links and
//! documents (one a line, or one over several lines), grid and CSV blocks and killer-text
//! records, in any order, are each read in their own notation, and a bad record refuses only
//! itself, naming its line (see `mixed`). A file is read this way when its first record is a
//! puzzle line, a JSON record, a link, killer text or a damaged document, and when its first
//! line is a grid or CSV row, or no record at all, before records that can only be records
//! of their own (a puzzle line, a JSON record, a link). A document over several lines whose
//! JSON is damaged is one error, with the parser's line and column.
//!
//! Every declared size and count is checked before anything is made by it (a side of a
//! million, cells named `R4294967296C1`), and no document, record or unpacked link longer
//! than [`LONGEST_DOCUMENT`] is parsed: reading any input stays within a few tens of
//! megabytes.
//!
//! # Damaged lines
//!
//! A line holding a control character (a NUL, a form feed; tab and a final carriage return
//! are fine) or U+FFFD (an invalid byte read as text) refuses the one record it stands in,
//! with its line and column; every other record is read. A damaged comment refuses nothing
//! but itself. RON and single f-puzzles documents are one record each and are refused whole.
//!
//! Labels that are not one character, or that are `.`, `#`, `,`, `=` or blank, cannot appear in
//! a cage map; when writing such a puzzle as killer text or TSV, all cages are relabelled
//! `a`-`z`, `A`-`Z`, `0`-`9`, then further letters (enough for 625 one-cell cages).
//!
//! # Writing
//!
//! [`format()`], [`format_entry`] and [`format_entries`] give file contents, ending with a
//! newline; a format that cannot hold part of a puzzle (cages on a line, diagonals in a grid)
//! fails with [`Reason::CannotHold`], naming a format that can. [`format_grid`] gives a grid
//! for printing, without a trailing newline. Reading what was written gives back the same
//! entry for every puzzle these parsers build. The model compares constraints in order, and the
//! parsers build them in one order — diagonals (main, anti), cages, comparisons — with cages in
//! reading order in killer text and TSV; a puzzle built another way describes the same rules
//! after a round trip but may compare unequal.
//!
//! # RON documents
//!
//! ```text
//! Puzzle(
//!     size: 9,
//!     box_rows: 3,
//!     box_columns: 3,
//!     diagonals: [Main],
//!     givens: "8................................................................................",
//!     cages: [
//!         (label: "a", cells: ["r1c2", "r1c3"], sum: Some(3)),
//!         (label: "b", cells: ["r2c1", "r2c2"], sum: None),
//!     ],
//!     comparisons: [
//!         (first: "a", second: "b", relation: Less),
//!     ],
//!     name: Some("example"),
//!     solution: None,
//! )
//! ```
//!
//! Only `size` is required: `box_rows`/`box_columns` default to the usual shape (0 means the
//! same), the lists to empty, `givens` to an empty grid (`""`), `name`, `solution` and
//! `expected_count` (the stated number of solutions, as text) to `None`. Cells are named
//! `r<row>c<column>`, 1-based; comparisons name cages by label; whitespace inside `givens` and
//! `solution` is ignored, so rows may be spaced apart. `Some(…)` may be left out around a value
//! (RON's `implicit_some`). `#` comment lines may stand between documents, as in the other
//! formats.

mod alphabet;
mod csv;
mod error;
pub mod fpuzzles;
mod fpuzzles_document;
mod fpuzzles_keys;
mod fpuzzles_rules;
mod grid;
mod killer;
mod killer_tsv;
mod line;
pub mod lz_string;
mod mixed;
mod qqwing;
pub mod records;
mod ron;
mod ron_rules;

use std::fmt;
use std::str::FromStr;

pub use alphabet::{character, symbol, Symbol};
pub use error::{printable, NotationError, Reason};

use crate::budget::Budget;
use crate::model::{Constraint, Diagonal, Geometry, Grid, HouseKind, Puzzle, MAX_SIZE};

/// The longest f-puzzles document (or RON document, or JSON record) sudokit reads, in
/// characters, and the longest text a link may unpack to: well over the longest a puzzle
/// needs (a 25×25 grid whose every cell carries every key f-puzzles writes, pencil marks
/// included, takes about 0.2 MiB), and short enough that reading it stays within a few tens
/// of megabytes whatever it declares.
pub const LONGEST_DOCUMENT: usize = 1 << 20;

/// A text form of puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One puzzle per line, n² characters (`puzzle [solution] [name]`, or `puzzle:count[:solution]`).
    Line,
    /// n rows of n cells, with optional separators.
    Grid,
    /// n rows of n comma-separated numbers.
    Csv,
    /// Killer text: name, cage map, sums, comparisons, givens, solution.
    Killer,
    /// Killer TSV: `name<TAB>cage map<TAB>sums<TAB>solution`.
    KillerTsv,
    /// RON documents.
    Ron,
    /// f-puzzles JSON (one document, or one per line) or f-puzzles/SudokuPad links.
    Fpuzzles,
    /// sudokit's own records, one JSON object a line (`puzzles.jsonl`); see [`records`].
    Records,
}

impl Format {
    /// Every format, in the order of their names in help texts.
    pub const ALL: [Format; 8] = [
        Format::Line,
        Format::Grid,
        Format::Csv,
        Format::Killer,
        Format::KillerTsv,
        Format::Ron,
        Format::Fpuzzles,
        Format::Records,
    ];

    /// The format's name: `line`, `grid`, `csv`, `killer`, `killer-tsv`, `ron`, `fpuzzles` or
    /// `records`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Grid => "grid",
            Format::Csv => "csv",
            Format::Killer => "killer",
            Format::KillerTsv => "killer-tsv",
            Format::Ron => "ron",
            Format::Fpuzzles => "fpuzzles",
            Format::Records => "records",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Format, NotationError> {
        let wanted = text.trim().to_ascii_lowercase().replace('_', "-");
        Format::ALL
            .into_iter()
            .find(|format| format.name() == wanted)
            .ok_or_else(|| {
                NotationError::new(Reason::UnknownFormat {
                    name: error::excerpt(text),
                })
            })
    }
}

/// One record of a text: a puzzle with what its source says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The 1-based line where the record starts.
    pub line: usize,
    /// The record's name, if it has one.
    pub name: Option<String>,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The published solution, if the record carries one.
    pub solution: Option<Grid>,
    /// The number of solutions the source states (tdoku's `puzzle:count`), as written.
    pub expected_count: Option<String>,
    /// What the setter's document says beside the puzzle (f-puzzles' `author` and `ruleset`).
    pub metadata: Metadata,
}

/// A setter's words beside a puzzle, kept so a round trip does not lose them: f-puzzles'
/// `author` and `ruleset` (its `title` is the entry's name, its `solution` the entry's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    /// Who set the puzzle.
    pub author: Option<String>,
    /// The rules as the setter wrote them.
    pub ruleset: Option<String>,
    /// Whether the puzzle's cage-sum comparisons were read from `text` marks `<`, `=`, `>`
    /// between two killer cages: sudokit's reading (the greater-killer convention), which
    /// f-puzzles' solver ignores, so the answer names them.
    pub comparisons_from_text: bool,
}

impl Entry {
    /// An entry holding only `puzzle`.
    pub fn new(puzzle: Puzzle) -> Entry {
        Entry {
            line: 1,
            name: None,
            puzzle,
            solution: None,
            expected_count: None,
            metadata: Metadata::default(),
        }
    }
}

/// The optional parts of an entry that a writer may have room for.
#[derive(Clone, Copy, Default)]
struct Extras<'entry> {
    name: Option<&'entry str>,
    solution: Option<&'entry Grid>,
    expected_count: Option<&'entry str>,
    author: Option<&'entry str>,
    ruleset: Option<&'entry str>,
}

impl<'entry> Extras<'entry> {
    fn of(entry: &'entry Entry) -> Extras<'entry> {
        Extras {
            name: entry.name.as_deref(),
            solution: entry.solution.as_ref(),
            expected_count: entry.expected_count.as_deref(),
            author: entry.metadata.author.as_deref(),
            ruleset: entry.metadata.ruleset.as_deref(),
        }
    }
}

/// The format of `text`, judged from its first records: f-puzzles by a JSON object or a
/// link, RON by its brackets, killer text by its keyword or `<label> <sum>` lines, killer TSV
/// by tab-separated `label=sum` fields, CSV by commas, line by a first token of n² cells;
/// anything else is read as grids. [`parse_each`] refuses a text whose format this guess
/// cannot be sure of (see `detect_surely`).
pub fn detect(text: &str) -> Format {
    match detect_surely(text) {
        Ok(format) | Err((format, _)) => format,
    }
}

/// The format of `text` when [`detect`] is sure of it (the format [`parse_each`] would read it
/// in), `None` when it would refuse the text as of no format it can tell.
pub fn detect_for_sure(text: &str) -> Option<Format> {
    detect_surely(text).ok()
}

/// [`detect`], or — with the best guess — why the guess is not sure: a first line that is
/// no puzzle line, grid row or record of another format, which read as a grid would give a
/// grid of a size its author cannot have meant.
fn detect_surely(text: &str) -> Result<Format, (Format, Reason)> {
    let is_comment =
        |line: &str| (line.starts_with('#') && !line.starts_with("#![")) || line.starts_with("//");
    // rules between bands of boxes say nothing about the format (and may be n² long)
    let is_rule = |line: &str| {
        line.chars()
            .all(|character| character.is_whitespace() || "|-+=".contains(character))
    };
    let text = without_byte_order_mark(text);
    let content: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !is_comment(line) && !is_rule(line))
        .take(65)
        .collect();
    let Some((&first, after)) = content.split_first() else {
        return Ok(Format::Line);
    };
    let guess = detect_by_first(text, first, after);
    // a first line of no format, or a grid row, before records that are surely records of
    // their own (puzzle lines, JSON records, links): a file of records, each read alone
    if matches!(guess, Ok(Format::Grid | Format::Csv) | Err(_))
        && content.iter().any(|line| is_surely_one_line(line))
    {
        return Ok(Format::Line);
    }
    guess
}

/// A line that can only be a record of its own: a JSON record, an f-puzzles link or
/// document, or a puzzle line longer than any grid row.
fn is_surely_one_line(line: &str) -> bool {
    let first_token = line.split_whitespace().next().unwrap_or("");
    records::is_record(line)
        || line.starts_with('{') && line.ends_with('}')
        || is_link(first_token)
        || fpuzzles::looks_like(line) && !line.starts_with('{')
        || !first_token.contains(['|', ','])
            && looks_like_line(first_token)
            && first_token.split(':').next().unwrap_or("").chars().count() > usize::from(MAX_SIZE)
}

/// The format told by the first line of content (and the lines after it, for killer text).
fn detect_by_first(text: &str, first: &str, after: &[&str]) -> Result<Format, (Format, Reason)> {
    let first_token = first.split_whitespace().next().unwrap_or("");
    if records::is_record(first) {
        Ok(Format::Records)
    } else if fpuzzles::looks_like(first)
        || text.trim_start().starts_with('{')
        || is_link(first_token)
    {
        Ok(Format::Fpuzzles)
    } else if looks_like_ron(first, first_token) {
        Ok(Format::Ron)
    } else if looks_like_killer(first, after) {
        Ok(Format::Killer)
    } else if first
        .split('\t')
        .nth(2)
        .is_some_and(|sums| sums.contains('='))
    {
        Ok(Format::KillerTsv)
    } else if first_token.contains(',') {
        Ok(Format::Csv)
    } else if looks_like_line(first_token) || after.is_empty() && is_puzzle_length(first_token) {
        // a lone token of n² cells is a puzzle line with a wrong character (told by cell), not
        // the first row of a grid with no other row (a 4×4 line is as wide as a 16×16 row)
        Ok(Format::Line)
    } else {
        let width = grid::row_width(first);
        let side = usize::from(MAX_SIZE);
        if (4..=side).contains(&width) && Geometry::for_size(width).is_ok() {
            Ok(Format::Grid)
        } else {
            Err((
                Format::Grid,
                Reason::UnknownFormat {
                    name: format!(
                        // the excerpt is printable already: quoted, not escaped a second time
                        "the first line \"{}\" is no puzzle line (n² cells), grid row (4 to 25 cells), CSV row, killer text, killer TSV, RON or f-puzzles record",
                        error::excerpt(first)
                    ),
                },
            ))
        }
    }
}

/// A web address: read as a link (f-puzzles or SudokuPad), which says clearly when it is
/// not one that carries a puzzle.
fn is_link(first_token: &str) -> bool {
    let lower = first_token.to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("www.")
}

/// An attribute, a bracket, or a struct name followed by `(`.
fn looks_like_ron(first: &str, first_token: &str) -> bool {
    let named = first_token.split_once('(').is_some_and(|(name, _)| {
        name.chars()
            .all(|character| character.is_ascii_alphanumeric() || character == '_')
    });
    first.starts_with("#![") || first.starts_with('(') || first.starts_with('[') || named
}

/// A keyword line first, or a one-token map row followed by keyword or sum lines.
fn looks_like_killer(first: &str, after: &[&str]) -> bool {
    let is_map_row = first.split_whitespace().count() == 1;
    killer::is_keyword_line(first)
        || is_map_row
            && after
                .iter()
                .any(|line| killer::is_keyword_line(line) || killer::is_sum_line(line))
}

/// n² cells of the alphabet (or more than a grid row can hold, so a line with a typo).
fn looks_like_line(first_token: &str) -> bool {
    let puzzle = first_token.split(':').next().unwrap_or("");
    let cells = puzzle.chars().count();
    let largest_side = usize::from(MAX_SIZE);
    cells > largest_side
        || alphabet::side_for_cells(cells).is_some_and(|side| alphabet::fits(puzzle, side))
}

/// Whether a line's puzzle (before any `:`) has n² cells for a supported side n.
fn is_puzzle_length(first_token: &str) -> bool {
    let puzzle = first_token.split(':').next().unwrap_or("");
    alphabet::side_for_cells(puzzle.chars().count()).is_some()
}

/// `text` without the byte order mark some editors put at the start of a file.
fn without_byte_order_mark(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Whether a text of one puzzle a line may be cut after `line` without cutting a record of
/// several lines in two: a blank line, or a record of its own (a puzzle line, a JSON record,
/// an f-puzzles link).
pub fn ends_records(line: &str) -> bool {
    line.trim().is_empty() || mixed::is_one_line(line)
}

/// Reads every record of `text` in `format` (`None`: [`detect`] it). Fails on the first bad
/// record, or with "no puzzle found" if there is none.
pub fn parse(text: &str, format: Option<Format>) -> Result<Vec<Entry>, NotationError> {
    parse_each(text, format).into_iter().collect()
}

/// Reads `text` in `format` (`None`: [`detect`] it), one result per record, so one bad record
/// does not hide the others. A text with no record gives one "no puzzle found" error.
pub fn parse_each(text: &str, format: Option<Format>) -> Vec<Result<Entry, NotationError>> {
    parse_each_within(text, format, &Budget::unlimited())
}

/// [`parse_each`] within `budget`: reading stops where it can run long (unpacking an
/// f-puzzles link) when the deadline passes or the flag is raised, and that record is
/// refused with the reason (its work limit, in an engine's unit, does not apply).
pub fn parse_each_within(
    text: &str,
    format: Option<Format>,
    budget: &Budget,
) -> Vec<Result<Entry, NotationError>> {
    let text = without_byte_order_mark(text);
    let format = match format {
        Some(format) => format,
        None => match detect_surely(text) {
            Ok(format) => format,
            Err((_, reason)) => return vec![Err(NotationError::at(1, reason))],
        },
    };
    let first_line = text
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("");
    let damaged = damaged_lines(text);
    // a document alone is read whole; a damaged one, or one among other records, is read
    // to the end of its block by the mixed reader, which says where the JSON breaks
    let fpuzzles_lines = format == Format::Fpuzzles
        && !(fpuzzles::is_document(text)
            && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok());
    let one_record_a_line = matches!(format, Format::KillerTsv) || fpuzzles_lines;
    let whole_document = matches!(format, Format::Ron | Format::Fpuzzles) && !one_record_a_line;
    if let Some(error) = damaged.values().next().filter(|_| whole_document) {
        // a document is one record: a damaged line may stand anywhere in it
        return vec![Err(error.clone())];
    }
    let cleaned;
    let text = if damaged.is_empty()
        || matches!(format, Format::Line | Format::Killer | Format::Records)
        || fpuzzles_lines
    {
        text
    } else {
        // each damaged line becomes its own error; the parser sees it blank, so the grid
        // it stood in is refused for a missing row, and no other record is touched
        cleaned = text
            .lines()
            .enumerate()
            .map(|(index, line)| {
                if damaged.contains_key(&(index + 1)) {
                    ""
                } else {
                    line
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        &cleaned
    };
    let mut results = match format {
        Format::Line | Format::Killer | Format::Records => {
            return named_plainly(mixed::parse_each(text, format, &damaged, budget));
        }
        // links and one-line documents may stand among records of any notation
        Format::Fpuzzles if fpuzzles_lines => {
            return named_plainly(mixed::parse_each(text, format, &damaged, budget));
        }
        Format::Grid => grid::parse_each(text),
        Format::Csv if qqwing::is_header(first_line) => qqwing::parse_each(text),
        Format::Csv => csv::parse_each(text),
        Format::KillerTsv => killer_tsv::parse_each(text),
        Format::Ron => ron::parse_each(text),
        Format::Fpuzzles => fpuzzles::parse_each(text, budget),
    };
    if !damaged.is_empty() {
        results.extend(damaged.into_values().map(Err));
        results.sort_by_key(|result| match result {
            Ok(entry) => entry.line,
            Err(error) => error.line.unwrap_or(0),
        });
    }
    named_plainly(results)
}

/// The results with a name holding a control character refused, and "no puzzle found" for
/// a text with none.
fn named_plainly(
    mut results: Vec<Result<Entry, NotationError>>,
) -> Vec<Result<Entry, NotationError>> {
    for result in &mut results {
        let bad_name = result.as_ref().ok().and_then(|entry| {
            let name = entry.name.as_deref()?;
            let character = name
                .chars()
                .find(|&character| character.is_control() && character != '\t')?;
            Some((entry.line, character))
        });
        if let Some((line, character)) = bad_name {
            *result = Err(NotationError::at(
                line,
                Reason::ControlCharacter {
                    code: u32::from(character),
                    place: "the name",
                },
            ));
        }
    }
    if results.is_empty() {
        vec![Err(NotationError::new(Reason::NoPuzzle))]
    } else {
        results
    }
}

/// The error of each damaged line, by 1-based line: its first control character (other than
/// tab, and a carriage return ending it) or invalid byte (read in as U+FFFD), with its column.
fn damaged_lines(text: &str) -> std::collections::BTreeMap<usize, NotationError> {
    text.lines()
        .enumerate()
        .filter_map(|(index, line)| {
            // a carriage return may end a line (Windows line ends), nowhere else
            let line = line.strip_suffix('\r').unwrap_or(line);
            line.chars()
                .enumerate()
                .find(|&(_, character)| {
                    character.is_control() && character != '\t'
                        || character == char::REPLACEMENT_CHARACTER
                })
                .map(|(column, character)| {
                    let reason = if character == char::REPLACEMENT_CHARACTER {
                        Reason::NotUtf8
                    } else {
                        Reason::ControlCharacter {
                            code: u32::from(character),
                            place: "the text",
                        }
                    };
                    (
                        index + 1,
                        NotationError::at_column(index + 1, column + 1, reason),
                    )
                })
        })
        .collect()
}

/// Writes `puzzle` in `format`, ending with a newline; fails if the format cannot hold part
/// of it (cages in a line, say).
pub fn format(puzzle: &Puzzle, format: Format) -> Result<String, NotationError> {
    write(puzzle, Extras::default(), format)
}

/// Writes `entry` in `format` with its name, solution and expected count where the format
/// has room for them (killer text: name and solution; killer TSV: name and solution; line:
/// all three; RON: all three; grid and CSV: the puzzle only).
pub fn format_entry(entry: &Entry, format: Format) -> Result<String, NotationError> {
    write(&entry.puzzle, Extras::of(entry), format)
}

/// Writes every entry in `format` as one text that [`parse`] reads back: lines one after
/// another, blocks separated by blank lines, RON documents in a list.
pub fn format_entries(entries: &[Entry], format: Format) -> Result<String, NotationError> {
    let texts = entries
        .iter()
        .map(|entry| format_entry(entry, format))
        .collect::<Result<Vec<String>, NotationError>>()?;
    Ok(match format {
        Format::Line | Format::KillerTsv | Format::Fpuzzles | Format::Records => texts.concat(),
        Format::Grid | Format::Csv | Format::Killer => texts.join("\n"),
        Format::Ron => ron::list(&texts),
    })
}

fn write(puzzle: &Puzzle, extras: Extras<'_>, format: Format) -> Result<String, NotationError> {
    match format {
        Format::Line => line::write(puzzle, extras),
        Format::Grid => grid::write(puzzle),
        Format::Csv => csv::write(puzzle),
        Format::Killer => killer::write(puzzle, extras),
        Format::KillerTsv => killer_tsv::write(puzzle, extras),
        Format::Ron => ron::write(puzzle, extras),
        Format::Fpuzzles => fpuzzles::write(puzzle, extras),
        Format::Records => records::write(puzzle, extras),
    }
}

/// Writes a grid (a solution, say) for printing, without a trailing newline: one line of n²
/// characters, rows with box separators, or CSV rows. Killer text and killer TSV have no grid
/// form of their own and get the line; RON gets the line as a RON string.
pub fn format_grid(grid: &Grid, format: Format) -> String {
    let mut text = match format {
        Format::Grid => grid::write_grid(grid),
        Format::Csv => csv::write_grid(grid),
        Format::Ron => format!("\"{}\"", alphabet::grid_line(grid)),
        Format::Line | Format::Killer | Format::KillerTsv | Format::Fpuzzles | Format::Records => {
            alphabet::grid_line(grid)
        }
    };
    text.truncate(text.trim_end().len());
    text
}

/// The diagonals a word names: `both`, `main`, `anti` or `none` (and `primary-only`,
/// `secondary-only` as in the X-sudoku data set; case is ignored). `None` for any other word.
pub fn parse_diagonals(word: &str) -> Option<Vec<Diagonal>> {
    match word.to_ascii_lowercase().as_str() {
        "both" => Some(vec![Diagonal::Main, Diagonal::Anti]),
        "main" | "primary" | "primary-only" => Some(vec![Diagonal::Main]),
        "anti" | "secondary" | "secondary-only" => Some(vec![Diagonal::Anti]),
        "none" => Some(Vec::new()),
        _ => None,
    }
}

/// The word for a set of diagonals, inverse of [`parse_diagonals`]: `both`, `main`, `anti`,
/// or `none` for no diagonal.
pub fn diagonals_word(diagonals: &[Diagonal]) -> &'static str {
    let main = diagonals.contains(&Diagonal::Main);
    let anti = diagonals.contains(&Diagonal::Anti);
    match (main, anti) {
        (true, true) => "both",
        (true, false) => "main",
        (false, true) => "anti",
        (false, false) => "none",
    }
}

/// A whitespace-separated token with its position among the line's tokens and its byte offset.
#[derive(Clone, Copy, Debug)]
struct Token<'text> {
    position: usize,
    start: usize,
    text: &'text str,
}

/// The whitespace-separated tokens of a line.
fn tokens(line: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (offset, character) in line.char_indices().chain([(line.len(), ' ')]) {
        match (start, character.is_whitespace()) {
            (None, false) => start = Some(offset),
            (Some(first), true) => {
                tokens.push(Token {
                    position: tokens.len(),
                    start: first,
                    text: &line[first..offset],
                });
                start = None;
            }
            _ => {}
        }
    }
    tokens
}

/// What parts of a puzzle a format can write.
#[derive(Clone, Copy)]
struct Holds {
    /// X rules.
    diagonals: bool,
    /// A box shape other than the usual one for the side.
    box_shapes: bool,
    /// Cages and comparisons.
    cages: bool,
    /// Irregular regions (a region map).
    regions: bool,
    /// Every other variant rule (thermometers, dots, extra regions …).
    variants: bool,
}

impl Holds {
    /// Fails with a clear error if `puzzle` has a part `format` cannot write.
    fn check(self, puzzle: &Puzzle, format: Format) -> Result<(), NotationError> {
        let rule = puzzle.constraints().iter().find(|constraint| {
            constraint.is_variant_rule() && !matches!(constraint, Constraint::Regions(_))
        });
        if let Some(rule) = rule.filter(|_| !self.variants) {
            return Err(NotationError::cannot_hold(
                format,
                format!("the {rule} (use fpuzzles or ron)"),
            ));
        }
        if puzzle.regions().is_some() && !self.regions {
            return Err(NotationError::cannot_hold(
                format,
                "irregular regions (use killer, fpuzzles or ron)",
            ));
        }
        if !self.cages && puzzle.cage_count() > 0 {
            return Err(NotationError::cannot_hold(
                format,
                "cages (use killer or ron)",
            ));
        }
        if !self.cages && puzzle.comparisons().next().is_some() {
            return Err(NotationError::cannot_hold(
                format,
                "comparisons (use killer or ron)",
            ));
        }
        if !self.regions && puzzle.regions().is_some() {
            return Err(NotationError::cannot_hold(
                format,
                "irregular regions (use line or ron)",
            ));
        }
        if !self.diagonals && !puzzle.diagonals().is_empty() {
            return Err(NotationError::cannot_hold(
                format,
                "diagonals (use line, killer or ron)",
            ));
        }
        if let Some(shape) = unusual_box_shape(puzzle).filter(|_| !self.box_shapes) {
            let size = puzzle.size();
            return Err(NotationError::cannot_hold(
                format,
                format!("{shape} boxes in a {size}×{size} grid (use line, grid, killer or ron)"),
            ));
        }
        let other_house = puzzle
            .constraints()
            .iter()
            .find_map(|constraint| match constraint {
                Constraint::Distinct(house) if !matches!(house.kind(), HouseKind::Diagonal(_)) => {
                    Some(house.kind())
                }
                _ => None,
            });
        if let Some(kind) = other_house.filter(|_| !self.variants) {
            return Err(NotationError::cannot_hold(
                format,
                format!("{kind} as an extra all-different constraint"),
            ));
        }
        Ok(())
    }
}

/// Fails if a solution to be written is not a full grid of the puzzle's shape.
fn check_solution(
    puzzle: &Puzzle,
    extras: Extras<'_>,
    format: Format,
) -> Result<(), NotationError> {
    match extras.solution {
        Some(solution) if solution.geometry() != puzzle.geometry() => Err(
            NotationError::cannot_hold(format, "a solution of another grid shape than the puzzle"),
        ),
        Some(solution) if !solution.is_complete() => Err(NotationError::cannot_hold(
            format,
            "a solution with empty cells",
        )),
        _ => Ok(()),
    }
}

/// What the word after `diagonals`/`diag=` may be, for errors.
const DIAGONAL_WORDS: &str = "both, main or anti";

/// The constraints for a set of diagonals, main before anti (the order every parser uses).
fn diagonal_constraints(geometry: Geometry, diagonals: &[Diagonal]) -> Vec<Constraint> {
    [Diagonal::Main, Diagonal::Anti]
        .into_iter()
        .filter(|diagonal| diagonals.contains(diagonal))
        .map(|diagonal| Constraint::diagonal(geometry, diagonal))
        .collect()
}

/// Reads a box shape `<rows>x<columns>` (also `×`), such as `3x2`.
fn parse_box_shape(text: &str) -> Option<(u8, u8)> {
    let (rows, columns) = text.split_once(['x', 'X', '×'])?;
    Some((rows.parse().ok()?, columns.parse().ok()?))
}

/// The box shape written for `puzzle` if it is not the usual one for its side (none for
/// irregular regions, which are written as a map).
fn unusual_box_shape(puzzle: &Puzzle) -> Option<String> {
    let geometry = puzzle.geometry();
    if !geometry.has_boxes() {
        // an irregular grid's regions are written by the formats that hold them
        return None;
    }
    let usual = Geometry::for_size(usize::from(geometry.size())).ok();
    (usual != Some(geometry)).then(|| format!("{}x{}", geometry.box_rows(), geometry.box_columns()))
}

/// The geometry for side `size`, with an explicit box shape if one was given.
fn geometry_for(
    size: usize,
    box_shape: Option<(u8, u8)>,
) -> Result<crate::model::Geometry, Reason> {
    let Some((rows, columns)) = box_shape else {
        return Geometry::for_size(size).map_err(Reason::Model);
    };
    let geometry = Geometry::new(rows, columns).map_err(Reason::Model)?;
    if usize::from(geometry.size()) == size {
        Ok(geometry)
    } else {
        Err(Reason::Invalid {
            text: format!("{rows}x{columns}"),
            what: "a box shape for this grid",
            expected: "box rows × box columns = the side of the grid",
        })
    }
}

#[cfg(test)]
mod tests;
