//! The book pipeline: a book's puzzles generated from its sections' presets or read from a
//! file, each proved to have one solution and rated (in parallel), put in difficulty order
//! and laid out as a print-ready PDF, with the `puzzles.jsonl` records, a `puzzles.txt`
//! every command reads back, and the cover when asked. Nothing here writes a file or
//! prints: [`make_book`] returns the book's bytes and reports its progress to the caller.
//!
//! ```
//! use sudokit::budget::Budget;
//! use sudokit::render::book::Layout;
//! use sudokit::service::book::{make_book, BookPuzzles, BookRequest};
//!
//! let request = BookRequest {
//!     puzzles: BookPuzzles::Read {
//!         text: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
//!             .to_string(),
//!         source: "hard.txt".to_string(),
//!     },
//!     layout: Layout::titled("One Puzzle"),
//!     cover: None,
//!     jobs: Some(1),
//!     choose_per_page: false,
//! };
//! let book = make_book(&request, &Budget::unlimited(), &|_| {})?;
//! assert!(book.pdf.starts_with(b"%PDF"));
//! assert_eq!(book.records.len(), 1);
//! assert_eq!(book.records[0].number, 1);
//! // puzzles.txt: the puzzle, its solution and its name in the book, on one line
//! assert!(book.text.ends_with(" puzzle 1\n"), "{}", book.text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod rate;
pub mod record;

use crate::budget::{Budget, Stopped};
use crate::notation::{self, Entry, Format};
use crate::preset::Preset;
use crate::render::book::{self, Layout, RatedPuzzle};
use crate::render::cover::{self, CoverText};
use crate::render::paper::PaperStock;
use crate::render::pdf::PdfError;

pub use record::{BookRecord, Given, RecordFields};

/// What a book is made of and how it is laid out.
pub struct BookRequest {
    /// Where its puzzles come from.
    pub puzzles: BookPuzzles,
    /// The layout: title, paper, bleed, puzzles per page, colophon.
    pub layout: Layout,
    /// The cover sheet, when asked for.
    pub cover: Option<CoverRequest>,
    /// Threads for generating and rating (all cores when `None`); the book does not depend
    /// on it.
    pub jobs: Option<usize>,
    /// The layout's puzzles per page are the most, not a demand: fewer are printed when the
    /// paper needs them for cells of 8 mm (the paper was chosen, the count was not).
    pub choose_per_page: bool,
}

/// Where a book's puzzles come from.
pub enum BookPuzzles {
    /// Generated, section by section, with one seed; indices run on across the sections, so
    /// a preset named twice gives different puzzles.
    Generate {
        /// The sections, in order.
        sections: Vec<Section>,
        /// The seed: the same sections and seed give the same book, byte for byte.
        seed: u64,
    },
    /// Read from a file's text: sudokit's JSON Lines records (through the one record reader,
    /// [`crate::notation::records::read`]) or any puzzle notation.
    Read {
        /// The file's text.
        text: String,
        /// Its name, for errors (`file:line`).
        source: String,
    },
}

/// One section of a generated book.
pub struct Section {
    /// The generator preset.
    pub preset: Preset,
    /// How many puzzles it gives.
    pub count: usize,
}

/// What a cover asks for beyond the book's own title and author.
#[derive(Clone, Debug, PartialEq)]
pub struct CoverRequest {
    /// The paper the book is printed on (the spine's width).
    pub stock: PaperStock,
    /// The back's text.
    pub blurb: Option<String>,
}

/// A book made: every file's content.
pub struct Book {
    /// `book.pdf`.
    pub pdf: Vec<u8>,
    /// `cover.pdf`, when asked for.
    pub cover: Option<Vec<u8>>,
    /// The lines of `puzzles.jsonl`, in book order.
    pub records: Vec<BookRecord>,
    /// `puzzles.txt`: the puzzles in book order, each in a notation `check` reads.
    pub text: String,
    /// What the layout warns of (a book under KDP's page minimum, small cells printed).
    pub warnings: Vec<String>,
    /// The puzzles printed to a page: the layout's, or fewer when chosen to fit the paper.
    pub per_page: usize,
}

impl Book {
    /// `puzzles.jsonl`: one record a line.
    pub fn records_text(&self) -> Result<String, BookError> {
        let mut lines = String::new();
        for record in &self.records {
            lines.push_str(&record.to_line().map_err(|error| BookError::Record {
                number: record.number,
                reason: error.to_string(),
            })?);
            lines.push('\n');
        }
        Ok(lines)
    }
}

/// The stage of the work a [`Progress`] report is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage<'a> {
    /// Generating a section's puzzles with its preset (by name).
    Generating {
        /// The preset's name.
        preset: &'a str,
    },
    /// Proving and rating the puzzles read.
    Rating,
}

/// What [`make_book`] tells its caller as it goes (from several threads at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress<'a> {
    /// A stage begins, with its number of puzzles and the threads it runs on.
    Started {
        /// Which stage.
        stage: Stage<'a>,
        /// How many puzzles it makes or rates.
        puzzles: usize,
        /// The threads it runs on.
        threads: usize,
    },
    /// One more puzzle of the stage is done.
    Done,
    /// The stage is over.
    Finished,
}

/// Why a book cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// A section's preset cannot make puzzles.
    #[error("section preset {preset}: {reason}")]
    SectionPreset {
        /// The preset's name.
        preset: String,
        /// Why not.
        reason: String,
    },
    /// A section's puzzle could not be made, or made with a rating.
    #[error("section {preset}: {reason}")]
    Section {
        /// The preset's name.
        preset: String,
        /// Why not.
        reason: String,
    },
    /// A puzzle read cannot be printed, or the file not read.
    #[error("{place}: {reason}")]
    Input {
        /// `file:line`, or the file.
        place: String,
        /// Why not, on one line.
        reason: String,
    },
    /// The pages cannot be laid out.
    #[error(transparent)]
    Layout(#[from] book::BookError),
    /// The cover cannot be drawn.
    #[error(transparent)]
    Cover(#[from] PdfError),
    /// A puzzle that no notation `puzzles.txt` writes holds.
    #[error("puzzle {number}: no notation holds it")]
    NoNotation {
        /// Its place in the book, from 1.
        number: usize,
    },
    /// A record that cannot be written as JSON.
    #[error("puzzle {number}: its record cannot be written: {reason}")]
    Record {
        /// Its place in the book, from 1.
        number: usize,
        /// Why not.
        reason: String,
    },
    /// The threads could not be started.
    #[error("cannot start the threads: {0}")]
    Threads(String),
    /// The budget ran out: its flag was raised or its deadline passed.
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// Makes the book `request` asks for within `budget` (its flag and deadline stop the
/// generating, proving and rating between puzzles and within each), telling `progress` how
/// the work goes.
pub fn make_book(
    request: &BookRequest,
    budget: &Budget,
    progress: &(dyn Fn(Progress<'_>) + Sync),
) -> Result<Book, BookError> {
    let pool = thread_pool(request.jobs)?;
    // the layout is judged before any puzzle is made or rated: the grids' sizes and the
    // count are known from the sections or the file read
    let fitted = |sizes: &[u8], count: usize| {
        book::fit_before(&request.layout, sizes, count, request.choose_per_page)
    };
    let (rated, layout) = match &request.puzzles {
        BookPuzzles::Generate { sections, seed } => {
            let sizes: Vec<u8> = sections.iter().map(|section| section.preset.size).collect();
            let count = sections.iter().map(|section| section.count).sum();
            let layout = fitted(&sizes, count)?;
            (
                rate::generate(sections, *seed, &pool, budget, progress)?,
                layout,
            )
        }
        BookPuzzles::Read { text, source } => {
            let candidates = rate::candidates(text, source)?;
            let sizes: Vec<u8> = candidates.iter().map(rate::Candidate::size).collect();
            let layout = fitted(&sizes, candidates.len())?;
            (rate::rate(candidates, &pool, budget, progress)?, layout)
        }
    };
    budget.interrupted()?;
    assemble(rated, &layout, request.cover.as_ref())
}

/// A rayon pool of `jobs` threads (all cores when `None`).
fn thread_pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, BookError> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    builder
        .build()
        .map_err(|error| BookError::Threads(error.to_string()))
}

/// The book's files from its rated puzzles (in the order made or read).
fn assemble(
    rated: Vec<(RatedPuzzle, Given)>,
    layout: &Layout,
    cover: Option<&CoverRequest>,
) -> Result<Book, BookError> {
    let (puzzles, givens): (Vec<RatedPuzzle>, Vec<Given>) = rated.into_iter().unzip();
    let laid_out = book::book(&puzzles, layout)?;
    let pdf = book::book_pdf(&laid_out, layout)?;
    let order = book::book_order(&puzzles, layout);
    let cover = match cover {
        Some(request) => {
            let text = CoverText {
                title: layout.title.clone(),
                subtitle: Some(
                    layout
                        .subtitle
                        .clone()
                        .unwrap_or_else(|| book::subtitle(&puzzles, &layout.level_names)),
                ),
                author: layout.author.clone(),
                blurb: request.blurb.clone(),
            };
            // the front shows the book's last (hardest) puzzle
            let shown = order.last().map_or(&puzzles[0], |&index| &puzzles[index]);
            Some(cover::pdf(
                &layout.paper,
                laid_out.pages.len(),
                request.stock,
                &text,
                &shown.puzzle,
            )?)
        }
        None => None,
    };
    let text = puzzles_text(&order, &puzzles)?;
    let mut givens: Vec<Option<Given>> = givens.into_iter().map(Some).collect();
    let records = order
        .iter()
        .enumerate()
        .map(|(position, &index)| {
            let given = givens[index].take().unwrap_or_default();
            BookRecord::new(position + 1, &puzzles[index], given)
        })
        .collect();
    Ok(Book {
        pdf,
        cover,
        records,
        text,
        warnings: laid_out.warnings.clone(),
        per_page: layout.per_page,
    })
}

/// `puzzles.txt`: the book's puzzles in book order, each named `puzzle <number>` with its
/// solution, in the first notation that holds all its rules and that `check` reads back in
/// one file: a line (with its `diag=`, `boxes=`, `regions=` tokens), killer text between
/// blank lines, an f-puzzles document on one line, or else a record line.
fn puzzles_text(order: &[usize], puzzles: &[RatedPuzzle]) -> Result<String, BookError> {
    let mut text = String::new();
    for (position, &index) in order.iter().enumerate() {
        let number = position + 1;
        let rated = &puzzles[index];
        let mut entry = Entry::new(rated.puzzle.clone());
        entry.name = Some(format!("puzzle {number}"));
        entry.solution = Some(rated.solution.clone());
        let written = [
            Format::Line,
            Format::Killer,
            Format::Fpuzzles,
            Format::Records,
        ]
        .into_iter()
        .find_map(|format| notation::format_entry(&entry, format).ok())
        .ok_or(BookError::NoNotation { number })?;
        let written = written.trim_end();
        if written.contains('\n') {
            // killer text: a block of its own
            if !text.is_empty() && !text.ends_with("\n\n") {
                text.push('\n');
            }
            text.push_str(written);
            text.push_str("\n\n");
        } else {
            text.push_str(written);
            text.push('\n');
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::budget::Cancel;

    /// Two classic puzzles from the test data (tests/data/classic/rated_hodoku.txt's first
    /// two lines would do as well: any unique puzzle).
    const TWO: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
        52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";

    fn read(text: &str) -> BookRequest {
        BookRequest {
            puzzles: BookPuzzles::Read {
                text: text.to_string(),
                source: "two.txt".to_string(),
            },
            layout: Layout::titled("Two"),
            cover: None,
            jobs: Some(2),
            choose_per_page: false,
        }
    }

    #[test]
    fn progress_tells_each_puzzle_rated_between_start_and_finish() {
        let events = Mutex::new(Vec::new());
        let progress = |event: Progress<'_>| {
            let word = match event {
                Progress::Started {
                    stage: Stage::Rating,
                    puzzles,
                    threads,
                } => format!("rating {puzzles} on {threads}"),
                Progress::Started { .. } => "generating".to_string(),
                Progress::Done => "done".to_string(),
                Progress::Finished => "finished".to_string(),
            };
            events.lock().unwrap().push(word);
        };
        let book = make_book(&read(TWO), &Budget::unlimited(), &progress).unwrap();
        assert_eq!(
            events.into_inner().unwrap(),
            ["rating 2 on 2", "done", "done", "finished"]
        );
        // book order: easiest first, numbered from 1, each with its one solution
        assert_eq!(book.records.len(), 2);
        assert!(book.records[0].level <= book.records[1].level);
        assert_eq!(book.records[0].number, 1);
        assert_eq!(book.records[1].number, 2);
        assert_eq!(book.records_text().unwrap().lines().count(), 2);
        assert_eq!(book.text.lines().count(), 2);
    }

    #[test]
    fn a_raised_flag_stops_the_book_with_the_reason() {
        let cancel = Cancel::new();
        cancel.cancel();
        let budget = Budget::unlimited().with_cancel(&cancel);
        let error = make_book(&read(TWO), &budget, &|_| {}).err();
        assert!(
            matches!(error, Some(BookError::Stopped(Stopped::Cancelled))),
            "{error:?}"
        );
    }

    #[test]
    fn a_puzzle_with_two_solutions_is_refused_by_its_line() {
        let text = format!(
            "{TWO}......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
        );
        let error = make_book(&read(&text), &Budget::unlimited(), &|_| {})
            .err()
            .map(|error| error.to_string());
        assert_eq!(
            error.as_deref(),
            Some(
                "two.txt:3: multiple (at least 2 solutions); two of them differ at r6c7 r6c9 r9c7 r9c9 (4 cells); a book prints only puzzles with exactly one solution"
            )
        );
    }
}
