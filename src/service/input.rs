//! Reading puzzle files, standard input or a request's text into records that remember where
//! they came from: every notation sudokit knows, a batch at a time, one record per puzzle or
//! per failure.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;

use crate::budget::Budget;
use crate::model::{Constraint, Diagonal, Puzzle};
use crate::notation::{self, Entry, Format};

/// Where puzzles come from and how to read them.
#[derive(Debug, Clone, Default)]
pub struct InputOptions {
    /// Puzzle files; `-` reads standard input. A file may hold many puzzles.
    pub files: Vec<PathBuf>,

    /// The notation of the input (detected from the content when absent).
    pub input_format: Option<Format>,

    /// Add the X rule: the long diagonals must also hold every digit.
    pub diagonals: Option<DiagonalChoice>,

    /// Text handed over in the process (a request's puzzle text) instead of files: read as
    /// the one source, named `request`.
    pub text: Option<String>,

    /// What reading may spend: its deadline and flag stop what can run long (unpacking an
    /// f-puzzles link), refusing that record with the reason.
    pub budget: Budget,
}

impl InputOptions {
    /// A request's puzzle text, read as the one source `request`.
    pub fn text(
        text: String,
        input_format: Option<Format>,
        diagonals: Option<DiagonalChoice>,
    ) -> InputOptions {
        InputOptions {
            files: vec![PathBuf::from("-")],
            input_format,
            diagonals,
            text: Some(text),
            budget: Budget::unlimited(),
        }
    }

    /// The same options, reading within `budget`'s deadline and flag.
    pub fn within(mut self, budget: &Budget) -> InputOptions {
        self.budget = budget.clone();
        self
    }
}

/// Which long diagonals a `--diagonals` flag (or a request's `diagonals`) adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagonalChoice {
    /// Both long diagonals (X-sudoku).
    Both,
    /// Only the diagonal from the top-left corner.
    Main,
    /// Only the diagonal from the top-right corner.
    Anti,
}

impl DiagonalChoice {
    /// Every choice, with its name.
    pub const ALL: [(DiagonalChoice, &'static str); 3] = [
        (DiagonalChoice::Both, "both"),
        (DiagonalChoice::Main, "main"),
        (DiagonalChoice::Anti, "anti"),
    ];

    fn diagonals(self) -> &'static [Diagonal] {
        match self {
            DiagonalChoice::Both => &[Diagonal::Main, Diagonal::Anti],
            DiagonalChoice::Main => &[Diagonal::Main],
            DiagonalChoice::Anti => &[Diagonal::Anti],
        }
    }
}

impl std::str::FromStr for DiagonalChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<DiagonalChoice, String> {
        DiagonalChoice::ALL
            .iter()
            .find(|(_, name)| *name == text)
            .map(|(choice, _)| *choice)
            .ok_or_else(|| "give both, main or anti".to_string())
    }
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
    each_batch(
        options,
        usize::MAX,
        |batch| {
            // (most inputs are one batch: taken as it is, not copied record by record)
            if records.is_empty() {
                records = batch;
            } else {
                records.extend(batch);
            }
        },
        |_, _, _| {},
    );
    records
}

/// Hands the records of every source to `handle` in input order, a batch at a time: a file
/// with one puzzle a line (line, killer TSV, f-puzzles links) is read from disk `lines`
/// lines at a time, so a command that answers batch by batch holds one batch of text and
/// puzzles, however long the file. Other formats (grids, killer text, RON, f-puzzles
/// documents) are read whole. After each source, `read` is told its name and how many
/// puzzles it held, and how many records could not be read.
pub fn each_batch(
    options: &InputOptions,
    lines: usize,
    mut handle: impl FnMut(Vec<Record>),
    mut read: impl FnMut(&str, usize, usize),
) {
    let lines = lines.max(1);
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
        let mut reader = match &options.text {
            Some(text) => Chunks::new(Box::new(std::io::Cursor::new(text.clone().into_bytes()))),
            None => match open_source(path) {
                Ok(reader) => Chunks::new(reader),
                Err(reason) => {
                    handle(vec![failure(None, format!("cannot read: {reason}"))]);
                    continue;
                }
            },
        };
        // The first batch tells the format (detection looks at the first lines only).
        let head = match reader.next_lines(lines) {
            Ok(head) => head,
            Err(unread) => {
                handle(vec![failure(
                    unread.line,
                    format!("cannot read: {}", unread.reason),
                )]);
                continue;
            }
        };
        let format = options
            .input_format
            .or_else(|| notation::detect_for_sure(&head));
        let one_a_line = match format {
            Some(Format::Line | Format::KillerTsv | Format::Records) => true,
            Some(Format::Fpuzzles) => !head.trim_start().starts_with('{'),
            _ => false,
        };
        let (mut readable, mut unreadable) = (0, 0);
        let mut count = |batch: &[Record]| {
            readable += batch.iter().filter(|record| record.entry.is_ok()).count();
            unreadable += batch.iter().filter(|record| record.entry.is_err()).count();
        };
        if !one_a_line {
            let text = match reader.rest() {
                Ok(rest) => head + &rest,
                Err(unread) => {
                    handle(vec![failure(
                        unread.line,
                        format!("cannot read: {}", unread.reason),
                    )]);
                    continue;
                }
            };
            let batch = records_of(
                notation::parse_each_within(&text, format, &options.budget),
                options,
                &failure,
                &source,
            );
            count(&batch);
            handle(batch);
            read(&source, readable, unreadable);
            continue;
        }
        let mut chunk = head;
        let mut offset = 0;
        loop {
            let mut results = notation::parse_each_within(&chunk, format, &options.budget);
            let blank = matches!(results.as_slice(), [Err(error)] if error.line.is_none()
                && matches!(error.reason, notation::Reason::NoPuzzle));
            // (a later batch of only blank or comment lines has nothing to read)
            if !blank || offset == 0 {
                shift_lines(&mut results, offset);
                let batch = records_of(results, options, &failure, &source);
                count(&batch);
                handle(batch);
            }
            if reader.finished {
                break;
            }
            offset = reader.lines_read;
            chunk = match reader.next_lines(lines) {
                Ok(chunk) if chunk.is_empty() => break,
                Ok(chunk) => chunk,
                Err(unread) => {
                    let line = unread.line.or(Some(offset + 1));
                    handle(vec![failure(
                        line,
                        format!("cannot read: {}", unread.reason),
                    )]);
                    break;
                }
            };
        }
        read(&source, readable, unreadable);
    }
}

/// Why part of an input could not be read, and on which line when that is known.
struct Unread {
    line: Option<usize>,
    reason: String,
}

impl Unread {
    fn from_io(error: &std::io::Error) -> Unread {
        Unread {
            line: None,
            reason: error.to_string(),
        }
    }
}

/// The longest line read: past it, the input is refused (no puzzle notation comes close; a
/// source with no line end, such as `/dev/zero`, would otherwise fill the memory).
const LONGEST_LINE: u64 = 16 << 20;

/// The most a format read whole (grids, killer text, RON, f-puzzles documents) may hold.
const LONGEST_INPUT: u64 = 256 << 20;

/// A file or standard input read a number of lines at a time. An invalid byte (not UTF-8)
/// is read as U+FFFD, which the notation refuses on its line alone.
struct Chunks {
    reader: Box<dyn BufRead>,
    /// Lines handed out so far.
    lines_read: usize,
    /// Whether the end of the input was reached.
    finished: bool,
}

impl Chunks {
    fn new(reader: Box<dyn BufRead>) -> Chunks {
        Chunks {
            reader,
            lines_read: 0,
            finished: false,
        }
    }

    /// The next `count` lines (fewer at the end), with their line ends, as text; more, up to
    /// `count` again, while the last one read stands inside a record of several lines (killer
    /// text among puzzle lines), so no record is cut in two.
    fn next_lines(&mut self, count: usize) -> Result<String, Unread> {
        let first_line = self.lines_read + 1;
        let mut bytes = Vec::new();
        let mut read = 0;
        let mut last_start = 0;
        while read < count
            || read < count.saturating_mul(2)
                && !notation::ends_records(&String::from_utf8_lossy(&bytes[last_start..]))
        {
            last_start = bytes.len();
            let got = (&mut self.reader)
                .take(LONGEST_LINE)
                .read_until(b'\n', &mut bytes)
                .map_err(|error| Unread::from_io(&error))?;
            if got == 0 {
                self.finished = true;
                break;
            }
            if got as u64 == LONGEST_LINE && bytes.last() != Some(&b'\n') {
                // /dev/zero, or a binary file: never read into memory whole
                self.finished = true;
                return Err(Unread {
                    line: Some(first_line + read),
                    reason: format!(
                        "a line longer than {} MiB with no line end (not a puzzle file)",
                        LONGEST_LINE >> 20
                    ),
                });
            }
            read += 1;
        }
        self.lines_read += read;
        Ok(self.text(bytes))
    }

    /// Everything left, as text.
    fn rest(&mut self) -> Result<String, Unread> {
        let first_line = self.lines_read + 1;
        let mut bytes = Vec::new();
        (&mut self.reader)
            .take(LONGEST_INPUT + 1)
            .read_to_end(&mut bytes)
            .map_err(|error| Unread::from_io(&error))?;
        self.finished = true;
        if bytes.len() as u64 > LONGEST_INPUT {
            return Err(Unread {
                line: Some(first_line),
                reason: format!(
                    "longer than {} MiB (a file of one puzzle a line is read in batches, of any length)",
                    LONGEST_INPUT >> 20
                ),
            });
        }
        Ok(self.text(bytes))
    }

    /// The bytes as text, an invalid byte read as U+FFFD (refused by the notation on its
    /// line, with its column).
    fn text(&self, bytes: Vec<u8>) -> String {
        match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
        }
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
            Err(error) => failure(error.line, error.within_line()),
        })
        .collect()
}

/// The file at `path`, or standard input for `-`, buffered.
fn open_source(path: &PathBuf) -> Result<Box<dyn BufRead>, String> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(BufReader::new(std::io::stdin())));
    }
    let file = std::fs::File::open(path).map_err(|error| error.to_string())?;
    Ok(Box::new(BufReader::with_capacity(256 * 1024, file)))
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
