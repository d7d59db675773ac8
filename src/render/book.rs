//! A puzzle book's pages: a title page, the puzzles easiest first (1, 2, 4 or 6 to a page,
//! each with its number and level), the solutions at the back, page numbers below.

use serde::{Deserialize, Serialize};

use crate::grade::Level;
use crate::model::{Grid, Puzzle};

use super::board::{self, Detail, Frame};
use super::drawing::{fitting_size, point, Anchor, Drawing, Typeface};
use super::pdf;

/// Paper sizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Paper {
    /// 210 × 297 mm.
    #[default]
    A4,
    /// 8.5 × 11 inches.
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// How a book is laid out.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The title on the title page (and in the PDF's information).
    pub title: String,
    /// Lines under the title (the seed, say).
    pub notes: Vec<String>,
    /// Paper size.
    pub paper: Paper,
    /// Puzzles per page: 1, 2, 4 or 6.
    pub per_page: usize,
}

/// Why a book cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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
}

/// The order the book prints puzzles in: by level, then score, then input position.
pub fn difficulty_order(puzzles: &[RatedPuzzle]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..puzzles.len()).collect();
    order.sort_by_key(|&index| (puzzles[index].level, puzzles[index].score, index));
    order
}

const MARGIN: f64 = 48.0;
const CAPTION: f64 = 18.0;
const FOOTER: f64 = 30.0;

/// Columns and rows of puzzles on a page.
fn grid_of(per_page: usize) -> Result<(usize, usize), BookError> {
    match per_page {
        1 => Ok((1, 1)),
        2 => Ok((1, 2)),
        4 => Ok((2, 2)),
        6 => Ok((2, 3)),
        other => Err(BookError::PerPage(other)),
    }
}

/// Columns and rows of solutions on a page: more of them, and smaller, than the puzzles.
fn solution_grid_of(largest: u8) -> (usize, usize) {
    match largest {
        0..=9 => (3, 4),
        10..=16 => (2, 3),
        _ => (2, 2),
    }
}

/// The book's pages, puzzles in [`difficulty_order`], numbered from 1 in that order.
pub fn pages(puzzles: &[RatedPuzzle], layout: &Layout) -> Result<Vec<Drawing>, BookError> {
    let (columns, rows) = grid_of(layout.per_page)?;
    if puzzles.is_empty() {
        return Err(BookError::Empty);
    }
    if let Some(index) = puzzles
        .iter()
        .position(|rated| !rated.puzzle.is_solution(&rated.solution))
    {
        return Err(BookError::WrongSolution { number: index + 1 });
    }
    let order = difficulty_order(puzzles);
    let (width, height) = layout.paper.size();
    let puzzle_pages = order.len().div_ceil(columns * rows);
    let largest = puzzles
        .iter()
        .map(|rated| rated.puzzle.size())
        .max()
        .unwrap_or(9);
    let (solution_columns, solution_rows) = solution_grid_of(largest);
    let first_solution_page = 2 + puzzle_pages;
    let mut pages = vec![title_page(puzzles, layout, first_solution_page)];
    for (page_index, chunk) in order.chunks(columns * rows).enumerate() {
        let mut page = Drawing::new(width, height);
        let slots = slots(width, height, columns, rows, 0.0);
        for (slot_index, (&index, slot)) in chunk.iter().zip(slots).enumerate() {
            let number = page_index * columns * rows + slot_index + 1;
            let rated = &puzzles[index];
            let caption = format!("{} · {}", rated.level, rated.score);
            place(&mut page, slot, number, &caption, rated, None);
        }
        footer(&mut page, pages.len() + 1);
        pages.push(page);
    }
    let per_solution_page = solution_columns * solution_rows;
    for (page_index, chunk) in order.chunks(per_solution_page).enumerate() {
        let mut page = Drawing::new(width, height);
        page.text(
            point(width / 2.0, MARGIN + 4.0),
            "Solutions",
            16.0,
            Typeface::Bold,
            Anchor::Middle,
        );
        let slots = slots(width, height, solution_columns, solution_rows, 28.0);
        for (slot_index, (&index, slot)) in chunk.iter().zip(slots).enumerate() {
            let number = page_index * per_solution_page + slot_index + 1;
            let rated = &puzzles[index];
            place(&mut page, slot, number, "", rated, Some(&rated.solution));
        }
        footer(&mut page, pages.len() + 1);
        pages.push(page);
    }
    Ok(pages)
}

/// The book as a PDF file.
pub fn pdf(puzzles: &[RatedPuzzle], layout: &Layout) -> Result<Vec<u8>, BookError> {
    Ok(pdf::to_pdf(&pages(puzzles, layout)?, &layout.title)?)
}

/// A rectangle of the page for one puzzle: left, top, width, height.
type Slot = (f64, f64, f64, f64);

fn slots(width: f64, height: f64, columns: usize, rows: usize, header: f64) -> Vec<Slot> {
    let slot_width = (width - 2.0 * MARGIN) / columns as f64;
    let slot_height = (height - 2.0 * MARGIN - FOOTER - header) / rows as f64;
    let mut slots = Vec::new();
    for row in 0..rows {
        for column in 0..columns {
            slots.push((
                MARGIN + column as f64 * slot_width,
                MARGIN + header + row as f64 * slot_height,
                slot_width,
                slot_height,
            ));
        }
    }
    slots
}

/// Draws a puzzle (or its solution) centred in its slot, its number and caption above it.
fn place(
    page: &mut Drawing,
    slot: Slot,
    number: usize,
    caption: &str,
    rated: &RatedPuzzle,
    solution: Option<&Grid>,
) {
    let (left, top, slot_width, slot_height) = slot;
    let gap = (slot_width.min(slot_height) * 0.08).min(24.0);
    let side = (slot_width - gap).min(slot_height - gap - CAPTION);
    let corner = point(
        left + (slot_width - side) / 2.0,
        top + CAPTION + (slot_height - CAPTION - side) / 2.0,
    );
    let text_size = if solution.is_some() { 9.0 } else { 11.0 };
    let baseline = corner.y - 5.0;
    page.text(
        point(corner.x, baseline),
        number.to_string(),
        text_size,
        Typeface::Bold,
        Anchor::Start,
    );
    if !caption.is_empty() {
        page.text(
            point(corner.x + side, baseline),
            caption,
            text_size,
            Typeface::Regular,
            Anchor::End,
        );
    }
    let detail = if solution.is_some() {
        Detail::Plain
    } else {
        Detail::Full
    };
    board::draw(
        page,
        &rated.puzzle,
        solution,
        Frame { corner, side },
        detail,
    );
}

fn footer(page: &mut Drawing, number: usize) {
    let (width, height) = (page.width, page.height);
    page.text(
        point(width / 2.0, height - MARGIN + 10.0),
        number.to_string(),
        10.0,
        Typeface::Regular,
        Anchor::Middle,
    );
}

fn title_page(puzzles: &[RatedPuzzle], layout: &Layout, first_solution_page: usize) -> Drawing {
    let (width, height) = layout.paper.size();
    let mut page = Drawing::new(width, height);
    let middle = width / 2.0;
    let mut y = height * 0.33;
    let room = width - 2.0 * MARGIN;
    page.text(
        point(middle, y),
        layout.title.clone(),
        fitting_size(&layout.title, Typeface::Bold, 30.0, room),
        Typeface::Bold,
        Anchor::Middle,
    );
    y += 44.0;
    let mut lines = vec![format!(
        "{} puzzles, easiest first · solutions from page {first_solution_page}",
        puzzles.len()
    )];
    let counts: Vec<String> = Level::ALL
        .iter()
        .filter_map(|&level| {
            let count = puzzles.iter().filter(|rated| rated.level == level).count();
            (count > 0).then(|| format!("{level}: {count}"))
        })
        .collect();
    lines.push(counts.join(" · "));
    lines.extend(layout.notes.iter().cloned());
    for line in lines {
        let size = fitting_size(&line, Typeface::Regular, 13.0, room);
        page.text(
            point(middle, y),
            line,
            size,
            Typeface::Regular,
            Anchor::Middle,
        );
        y += 20.0;
    }
    page.text(
        point(middle, height - MARGIN),
        "Levels and scores on HoDoKu's scale, rated by sudokit",
        9.0,
        Typeface::Regular,
        Anchor::Middle,
    );
    page
}
