//! A puzzle book's pages: a title page, a colophon (how to make the same book again), a
//! how-to-play page per rule in the book, the puzzles easiest first in a section per level
//! (1, 2, 4 or 6 to a page, each with its number and level) — or, in a book of sections by
//! variant, a section per variant opening with the how-to-play page of its rule, its
//! puzzles easiest first — the solutions at the back,
//! page numbers and a PDF outline. Pages have mirrored margins whose gutter grows with the
//! page count, grids spaced evenly down the page, no text under 7 pt (14 pt in large print)
//! and no puzzle cell under 8 mm: a layout that would need less is refused (cells printed
//! anyway, with a warning, when asked).

mod pages;
mod plan;

use crate::grade::Level;
use crate::model::{Grid, Puzzle};

use super::board;
use super::book_preset::LevelNames;
use super::drawing::Drawing;
use super::how_to_play;
use super::paper::{Bleed, Length, Paper, KDP_LEAST_PAGES};
use super::pdf::{self, Bookmark, DocumentInfo};
use pages::Writer;
pub use plan::fit_before;
use plan::{grid_of, plan, Furniture};

/// How a book is laid out.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The title on the title page (and in the PDF's information).
    pub title: String,
    /// A line under the title; when `None` the book says what it holds (see [`subtitle`]).
    pub subtitle: Option<String>,
    /// Who made the book, on the title page.
    pub author: Option<String>,
    /// Lines for the colophon: what made the book and how to make it again.
    pub colophon: Vec<String>,
    /// The colophon's copyright line (`© 2026 A. Author`).
    pub copyright: Option<String>,
    /// The ISBN printed in the colophon.
    pub isbn: Option<String>,
    /// The trim size.
    pub paper: Paper,
    /// How far pages reach beyond the trim (for print shops that print to the edge).
    pub bleed: Bleed,
    /// Puzzles per page: 1, 2, 4 or 6.
    pub per_page: usize,
    /// Headings, captions, rules and page numbers half as large again, and every digit at
    /// 14 pt or more.
    pub large_print: bool,
    /// The most solutions on a page (none: as many as keep their digits at 7 pt).
    pub solutions_per_page: Option<usize>,
    /// The names the buyer reads for the levels.
    pub level_names: LevelNames,
    /// Print puzzle cells under 8 mm (with a warning) instead of refusing the layout.
    pub allow_small_cells: bool,
    /// Made for KDP (a cover by its formula): a book under its 24 pages is warned of, as
    /// with [`Bleed::Kdp`].
    pub for_kdp: bool,
    /// A section per variant, in the order the puzzles first come, each opening with the
    /// how-to-play page of its rules and holding its puzzles easiest first; only the rules
    /// every puzzle follows are explained at the front. When false, the puzzles are sorted
    /// by difficulty into a section per level, every rules page at the front.
    pub sections_by_variant: bool,
}

impl Layout {
    /// A layout with just a title: A4, four to a page, no bleed.
    pub fn titled(title: impl Into<String>) -> Layout {
        Layout {
            title: title.into(),
            subtitle: None,
            author: None,
            colophon: Vec::new(),
            copyright: None,
            isbn: None,
            paper: Paper::default(),
            bleed: Bleed::None,
            per_page: 4,
            large_print: false,
            solutions_per_page: None,
            level_names: LevelNames::default(),
            allow_small_cells: false,
            for_kdp: false,
            sections_by_variant: false,
        }
    }
}

/// Why a book cannot be laid out.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BookError {
    /// A page count other than 1, 2, 4 or 6.
    #[error("{0} puzzles per page is not offered (1, 2, 4 or 6)")]
    PerPage(usize),
    /// Nothing to print.
    #[error("the book has no puzzles")]
    Empty,
    /// A solution that does not solve its puzzle.
    #[error("puzzle {number}: its solution does not solve it")]
    WrongSolution {
        /// The puzzle's 1-based position in the input.
        number: usize,
    },
    /// The paper is too small for the puzzles at this many to a page.
    #[error(
        "on {paper} paper, {per_page} {puzzles} to a page would set {what} at {size:.1} pt, under the 7 pt a printer accepts: {advice}",
        puzzles = if *per_page == 1 { "puzzle" } else { "puzzles" },
        advice = if *per_page == 1 { "print on larger paper" } else { "print fewer to a page or on larger paper" }
    )]
    TooSmall {
        /// Puzzles per page.
        per_page: usize,
        /// The paper's name.
        paper: String,
        /// The smallest text (digits, cage sums).
        what: &'static str,
        /// Its size in points.
        size: f64,
    },
    /// Large print with digits under 14 pt.
    #[error(
        "on {paper} paper, {per_page} {puzzles} to a page would set {what} at {size:.1} pt, under the 14 pt of large print: {advice}",
        puzzles = if *per_page == 1 { "puzzle" } else { "puzzles" },
        advice = if *per_page == 1 { "print on larger paper" } else { "print fewer to a page or on larger paper" }
    )]
    TooSmallForLargePrint {
        /// Puzzles per page.
        per_page: usize,
        /// The paper's name.
        paper: String,
        /// The smallest text (digits, cage sums).
        what: &'static str,
        /// Its size in points.
        size: f64,
    },
    /// Puzzle cells too small to write a digit in.
    #[error(
        "on {paper} paper, {per_page} {puzzles} to a page would make {side}×{side} cells {cell:.1} mm wide, under the 8 mm a solver writes in: {advice}",
        puzzles = if *per_page == 1 { "puzzle" } else { "puzzles" },
        advice = match fits {
            Some(fits) => format!("at most {fits} to a page fits (--per-page {fits}), or --force prints them anyway"),
            None => "print on larger paper, or --force prints them anyway".to_string(),
        }
    )]
    SmallCells {
        /// Puzzles per page.
        per_page: usize,
        /// The paper's name.
        paper: String,
        /// The grid's side in cells.
        side: u8,
        /// The cell's width in millimetres.
        cell: f64,
        /// The most puzzles to a page that keep every cell at 8 mm, if any.
        fits: Option<usize>,
    },
    /// A rule no how-to-play page explains: the book would print a puzzle its reader cannot
    /// know the rules of.
    #[error("puzzle {number}: the book has no how-to-play page for its rule {rule}")]
    Unexplained {
        /// The puzzle's 1-based position in the input.
        number: usize,
        /// The rule in setters' words.
        rule: String,
    },
    /// A comparison of cages that do not touch: a book's grid has no border to put its sign
    /// on, and no room beside it for words.
    #[error("puzzle {number}: the comparison {words} is between cages that do not touch, which a book cannot draw")]
    DistantComparison {
        /// The puzzle's 1-based position in the input.
        number: usize,
        /// The comparison in words.
        words: String,
    },
    /// The page is too small for even one solution grid with legible digits.
    #[error("on {paper} paper, solution digits would be {size:.1} pt, under the {least} pt {who}: print on larger paper")]
    SolutionsTooSmall {
        /// The paper's name.
        paper: String,
        /// The digits' size in points.
        size: f64,
        /// The least size allowed (7, or 14 in large print).
        least: f64,
        /// Who asks for it.
        who: &'static str,
    },
    /// The pages cannot be written as PDF (a character the font cannot draw, say).
    #[error(transparent)]
    Pdf(#[from] pdf::PdfError),
}

/// A puzzle for the book with its solution and rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedPuzzle {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Grid,
    /// Its level.
    pub level: Level,
    /// Its score on the same scale.
    pub score: u32,
    /// How many trial steps (a guess followed to a contradiction) its grading needed, when
    /// known: the rules page promises "no guessing" only when every puzzle has none.
    pub trial_steps: Option<usize>,
    /// The setter's credit printed under the grid (an f-puzzles document's title and
    /// author), if the puzzle was read with one.
    pub credit: Option<String>,
}

/// The smallest puzzle cell the book prints: 8 mm, room for a pencilled digit.
pub const LEAST_CELL: Length = Length::millimetres(8.0);

/// The least digit size of large print.
pub const LEAST_LARGE_PRINT: f64 = 14.0;

/// The order the book prints puzzles in: by level, then score, then input position.
pub fn difficulty_order(puzzles: &[RatedPuzzle]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..puzzles.len()).collect();
    order.sort_by_key(|&index| (puzzles[index].level, puzzles[index].score, index));
    order
}

/// The order `layout` prints the puzzles in, which numbers them: [`difficulty_order`], or
/// in a book of sections by variant, the variants in the order they first come and each
/// one's puzzles in difficulty order.
pub fn book_order(puzzles: &[RatedPuzzle], layout: &Layout) -> Vec<usize> {
    variant_sections(puzzles, layout)
        .into_iter()
        .flat_map(|(_, indices)| indices)
        .collect()
}

/// The puzzles' indices in book order, cut where the variant changes (a book of sections
/// by variant, each named) or in one piece.
fn variant_sections(puzzles: &[RatedPuzzle], layout: &Layout) -> Vec<(Option<String>, Vec<usize>)> {
    let order = difficulty_order(puzzles);
    if !layout.sections_by_variant {
        return vec![(None, order)];
    }
    let names: Vec<String> = puzzles
        .iter()
        .map(|rated| how_to_play::variant_name(&rated.puzzle))
        .collect();
    let mut first_seen: Vec<&String> = Vec::new();
    for name in &names {
        if !first_seen.contains(&name) {
            first_seen.push(name);
        }
    }
    first_seen
        .into_iter()
        .map(|name| {
            let indices = order
                .iter()
                .copied()
                .filter(|&index| names[index] == *name)
                .collect();
            (Some(name.clone()), indices)
        })
        .collect()
}

/// A book's pages and the outline that leads into them.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    /// The pages at trim size.
    pub pages: Vec<Drawing>,
    /// One bookmark per part: how to play, each level's section, the solutions.
    pub bookmarks: Vec<Bookmark>,
    /// What the maker should know before printing: cells printed under 8 mm, fewer pages
    /// than KDP prints.
    pub warnings: Vec<String>,
}

/// The book: its pages and outline, puzzles in [`difficulty_order`] numbered from 1.
pub fn book(puzzles: &[RatedPuzzle], layout: &Layout) -> Result<Book, BookError> {
    grid_of(layout.per_page)?;
    if puzzles.is_empty() {
        return Err(BookError::Empty);
    }
    if let Some(index) = puzzles
        .iter()
        .position(|rated| !rated.puzzle.is_solution(&rated.solution))
    {
        return Err(BookError::WrongSolution { number: index + 1 });
    }
    for (index, rated) in puzzles.iter().enumerate() {
        if let Some(rule) = how_to_play::unexplained(&rated.puzzle) {
            return Err(BookError::Unexplained {
                number: index + 1,
                rule,
            });
        }
        if let Some(words) = board::distant_comparisons(&rated.puzzle).into_iter().next() {
            return Err(BookError::DistantComparison {
                number: index + 1,
                words,
            });
        }
    }
    let plan = plan(puzzles, layout)?;
    let mut writer = Writer {
        layout,
        furniture: Furniture::new(layout.large_print),
        plan: &plan,
        pages: Vec::new(),
        bookmarks: Vec::new(),
    };
    writer.title_page(puzzles);
    writer.colophon_page(puzzles);
    writer.rules_pages(puzzles);
    writer.puzzle_pages(puzzles);
    writer.solution_pages(puzzles);
    let mut warnings: Vec<String> = plan.warning.iter().cloned().collect();
    // a book made for KDP (its bleed, or a cover by its formula) is told KDP's least
    if (layout.bleed == Bleed::Kdp || layout.for_kdp) && writer.pages.len() < KDP_LEAST_PAGES {
        warnings.push(format!(
            "the book has {} pages, fewer than the {KDP_LEAST_PAGES} KDP prints: add puzzles, or print fewer to a page",
            writer.pages.len()
        ));
    }
    Ok(Book {
        pages: writer.pages,
        bookmarks: writer.bookmarks,
        warnings,
    })
}

/// What the book holds, in words for its title page: how many puzzles, of which kinds,
/// from which level to which (`24 Sudoku puzzles, Easy to Expert`).
pub fn subtitle(puzzles: &[RatedPuzzle], names: &LevelNames) -> String {
    let order = difficulty_order(puzzles);
    let mut kinds: Vec<String> = Vec::new();
    for &index in &order {
        let kind = how_to_play::variant_name(&puzzles[index].puzzle);
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    let count = puzzles.len();
    let noun = if count == 1 { "puzzle" } else { "puzzles" };
    let what = match kinds.as_slice() {
        [kind] => format!("{count} {kind} {noun}"),
        _ => format!("{count} {noun}: {}", how_to_play::listed(&kinds)),
    };
    let levels = (
        order.first().map(|&index| puzzles[index].level),
        order.last().map(|&index| puzzles[index].level),
    );
    match levels {
        (Some(first), Some(last)) if first != last => {
            format!("{what}, {} to {}", names.of(first), names.of(last))
        }
        (Some(level), _) => format!("{what}, all {}", names.of(level)),
        _ => what,
    }
}

/// The book's pages at trim size.
pub fn pages(puzzles: &[RatedPuzzle], layout: &Layout) -> Result<Vec<Drawing>, BookError> {
    Ok(book(puzzles, layout)?.pages)
}

/// The book as a PDF file.
pub fn pdf(puzzles: &[RatedPuzzle], layout: &Layout) -> Result<Vec<u8>, BookError> {
    let book = book(puzzles, layout)?;
    book_pdf(&book, layout)
}

/// A laid-out book as a PDF file.
pub fn book_pdf(book: &Book, layout: &Layout) -> Result<Vec<u8>, BookError> {
    let info = DocumentInfo {
        title: layout.title.clone(),
        author: layout.author.clone(),
        bookmarks: book.bookmarks.clone(),
        bleed: layout.bleed,
    };
    Ok(pdf::to_pdf_with(&book.pages, &info)?)
}
