//! Printing puzzles: SVG pictures, PDF pages and books, f-puzzles/SudokuPad links. Every
//! function returns bytes or strings; the caller writes the files.
//!
//! - [`drawing`]: what a page holds (lines, fills, text) independent of the file format.
//! - [`board`]: one puzzle or solution grid drawn into a square, for every variant;
//!   [`variant`]: the marks of the variant rules (lines, arrows, dots, clues outside).
//! - `book` (feature `pdf`): a book's pages: title page, colophon, how to play, puzzles easiest first by
//!   level, solutions at the back; [`book_preset`]: the RON presets that say what goes in a
//!   book; [`paper`]: trim sizes, bleed and mirrored margins; [`how_to_play`]: the rules
//!   pages' text and the variants' names.
//! - `cover` (feature `pdf`): a paperback's full-wrap cover sheet, sized by KDP's formula.
//! - [`ink`]: where items put ink; strokes cut around glyphs; the no-overlap check.
//! - [`svg`] and `pdf` (feature `pdf`): a drawing (or pages of them) as an SVG or PDF file; [`font`]: the
//!   DejaVu Sans faces both use, shipped inside the binary.
//! - [`links`]: f-puzzles and SudokuPad links (packed by [`crate::notation::lz_string`]).
//!
//! ```
//! use sudokit::notation;
//! use sudokit::render::{self, links};
//!
//! let text = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
//! let puzzle = &notation::parse(text, None)?[0].puzzle;
//! let svg = render::puzzle_svg(puzzle, None);
//! assert!(svg.starts_with("<svg"));
//! # #[cfg(feature = "pdf")] {
//! let pdf = render::puzzle_pdf(&[(puzzle, None, None)], "one puzzle")?;
//! assert!(pdf.starts_with(b"%PDF-"));
//! # }
//! assert!(links::fpuzzles(puzzle, None)?.starts_with("https://www.f-puzzles.com/?load=N4Ig"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod board;
#[cfg(feature = "pdf")]
pub mod book;
pub mod book_preset;
#[cfg(feature = "pdf")]
pub mod cover;
pub mod drawing;
pub mod font;
pub mod how_to_play;
pub mod ink;
pub mod links;
mod number;
pub mod paper;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod svg;
pub mod variant;

use crate::model::{Grid, Puzzle};

use board::{Detail, Frame};
#[cfg(feature = "pdf")]
use drawing::fitting_size;
use drawing::{point, Anchor, Drawing, Typeface};

/// Points per cell of a single picture, shrunk for big grids so the picture stays within
/// about 7.5 inches.
fn picture_cell(size: u8) -> f64 {
    (540.0 / f64::from(size)).min(40.0)
}

/// The size of the lines under a grid that give the comparisons of cages that do not touch.
const NOTE_SIZE: f64 = 11.0;

/// The lines, at most `room` points wide, that give in words the comparisons of cages that
/// do not touch (their signs have no border to sit on): `Cage sums: cage e at r8c8 < cage A
/// at r1c1`.
fn comparison_notes(puzzle: &Puzzle, room: f64) -> Vec<String> {
    board::distant_comparisons(puzzle)
        .iter()
        .flat_map(|words| {
            drawing::wrap(
                &format!("Cage sums: {words}"),
                Typeface::Regular,
                NOTE_SIZE,
                room,
            )
        })
        .collect()
}

/// Writes `notes` from `top` down, one line each, starting at `left`.
fn write_notes(drawing: &mut Drawing, notes: &[String], left: f64, top: f64) {
    for (index, note) in notes.iter().enumerate() {
        drawing.text(
            point(left, top + NOTE_SIZE * 1.3 * (index as f64 + 1.0)),
            note,
            NOTE_SIZE,
            Typeface::Regular,
            Anchor::Start,
        );
    }
}

/// One puzzle as a picture with a small margin: its givens (or `solution`'s digits, givens
/// bold) and everything its variant draws; comparisons of cages that do not touch are
/// written under the grid.
pub fn puzzle_drawing(puzzle: &Puzzle, solution: Option<&Grid>) -> Drawing {
    let margin = 12.0;
    // a frame of one cell around the grid for clues outside it
    let frame_cells = if variant::has_outside_clues(puzzle) {
        2
    } else {
        0
    };
    let side = picture_cell(puzzle.size()) * f64::from(puzzle.size() + frame_cells);
    let notes = comparison_notes(puzzle, side);
    let below = notes.len() as f64 * NOTE_SIZE * 1.3;
    let mut drawing = Drawing::new(side + 2.0 * margin, side + 2.0 * margin + below);
    let frame = Frame {
        corner: point(margin, margin),
        side,
    };
    board::draw(&mut drawing, puzzle, solution, frame, Detail::Full);
    write_notes(&mut drawing, &notes, margin, margin + side);
    drawing
}

/// [`puzzle_drawing`] as SVG text.
pub fn puzzle_svg(puzzle: &Puzzle, solution: Option<&Grid>) -> String {
    svg::to_svg(&puzzle_drawing(puzzle, solution))
}

#[cfg(feature = "pdf")]
/// A PDF with one A4 page per puzzle: its name (if any) above it, comparisons of cages that
/// do not touch written under it, and its solution on the next page when one is given; an
/// error names a character the font cannot draw.
pub fn puzzle_pdf(
    puzzles: &[(&Puzzle, Option<&str>, Option<&Grid>)],
    title: &str,
) -> Result<Vec<u8>, pdf::PdfError> {
    let paper = paper::Paper::a4();
    let (width, height) = paper.size();
    let side = (width - 2.0 * 56.0).min(height - 2.0 * 56.0);
    let frame = Frame {
        corner: point((width - side) / 2.0, 110.0),
        side,
    };
    let page = |heading: &str, puzzle: &Puzzle, solution: Option<&Grid>, detail: Detail| {
        let mut page = Drawing::new(width, height);
        page.text(
            point(width / 2.0, 80.0),
            heading,
            fitting_size(heading, Typeface::Bold, 16.0, side).max(board::LEAST_TEXT),
            Typeface::Bold,
            Anchor::Middle,
        );
        board::draw(&mut page, puzzle, solution, frame, detail);
        if detail == Detail::Full {
            let notes = comparison_notes(puzzle, side);
            write_notes(
                &mut page,
                &notes,
                frame.corner.x,
                frame.corner.y + side + 6.0,
            );
        }
        page
    };
    let mut pages = Vec::new();
    for &(puzzle, name, solution) in puzzles {
        let heading = name.unwrap_or(title);
        pages.push(page(heading, puzzle, None, Detail::Full));
        if let Some(solution) = solution {
            let heading = format!("{heading}: solution");
            pages.push(page(&heading, puzzle, Some(solution), Detail::Plain));
        }
    }
    pdf::to_pdf(&pages, title)
}
