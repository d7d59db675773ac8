//! A puzzle book's pages: a title page, a colophon (how to make the same book again), a
//! how-to-play page per rule in the book, the puzzles easiest first in a section per level
//! (1, 2, 4 or 6 to a page, each with its number and level) — or, in a book of sections by
//! variant, a section per variant opening with the how-to-play page of its rule, its
//! puzzles easiest first — the solutions at the back,
//! page numbers and a PDF outline. Pages have mirrored margins whose gutter grows with the
//! page count, grids spaced evenly down the page, no text under 7 pt (14 pt in large print)
//! and no puzzle cell under 8 mm: a layout that would need less is refused (cells printed
//! anyway, with a warning, when asked).

use crate::grade::Level;
use crate::model::{Grid, Puzzle};

use super::board::{self, Detail, Frame, LEAST_TEXT};
use super::book_preset::{LevelNames, SOLUTION_GRIDS};
use super::drawing::{point, wrap, Anchor, Drawing, Typeface};
use super::font;
use super::how_to_play::{self, Facts, Rule};
use super::paper::{Bleed, Length, Margins, Paper, KDP_LEAST_PAGES};
use super::pdf::{self, Bookmark, DocumentInfo};

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

/// The sizes of everything on a page but the grids: the text and the bands that hold it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Furniture {
    /// The band above a page's puzzles holding the section heading.
    header: f64,
    /// The band below holding the page number.
    footer: f64,
    /// Room above a grid for its number and caption.
    caption: f64,
    heading_size: f64,
    body_size: f64,
    page_number_size: f64,
    puzzle_caption_size: f64,
    solution_caption_size: f64,
}

impl Furniture {
    /// The usual sizes, or half as large again for large print.
    fn new(large_print: bool) -> Furniture {
        let scale = if large_print { 1.5 } else { 1.0 };
        Furniture {
            header: 30.0 * scale,
            footer: 22.0 * scale,
            caption: 18.0 * scale,
            heading_size: 16.0 * scale,
            body_size: 11.0 * scale,
            page_number_size: if large_print { 14.0 } else { 9.0 },
            puzzle_caption_size: 11.0 * scale,
            solution_caption_size: if large_print { 14.0 } else { 9.0 },
        }
    }
}

impl Furniture {
    /// The band above a grid its number and caption take: from the top of the number's
    /// digits down to the grid (see [`caption_lift`]), on a page of puzzles or `solutions`.
    fn caption_band(&self, solutions: bool) -> f64 {
        let size = if solutions {
            self.solution_caption_size
        } else {
            self.puzzle_caption_size
        };
        caption_lift(size) + font::face(Typeface::Bold).cap_height() * size
    }
}

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

/// The part of a page inside its margins.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Content {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
}

impl Content {
    fn of_page(paper: &Paper, margins: &Margins, number: usize) -> Content {
        let (left, right) = margins.left_and_right(number);
        let (width, height) = paper.size();
        Content {
            left: left.in_points(),
            top: margins.top.in_points(),
            width: width - (left + right).in_points(),
            height: height - (margins.top + margins.bottom).in_points(),
        }
    }

    fn middle(&self) -> f64 {
        self.left + self.width / 2.0
    }

    fn bottom(&self) -> f64 {
        self.top + self.height
    }
}

/// A part of the book: a level's puzzles, or a variant's.
struct Section {
    /// What its pages say at their top: the level's name, or the variant's.
    heading: String,
    /// Whether its puzzles are of one variant (and of any level).
    of_variant: bool,
    /// The how-to-play pages it opens with: its rules not explained before it.
    opening: Vec<Rule>,
    /// Its puzzles' indices, in book order.
    indices: Vec<usize>,
}

/// What the book holds and how it is cut into pages, before anything is drawn.
struct Plan {
    /// Book order, cut into sections of one level (or of one variant).
    sections: Vec<Section>,
    /// The rules explained at the front.
    rules: Vec<Rule>,
    sizes: Vec<u8>,
    columns: usize,
    rows: usize,
    /// The solution pages: each one's columns and rows, and the puzzles (book numbers from
    /// 1, and indices) on it.
    solution_pages: Vec<SolutionPage>,
    margins: Margins,
    page_count: usize,
    /// Cells printed under 8 mm, when allowed.
    warning: Option<String>,
}

impl Plan {
    fn front_pages(&self) -> usize {
        2 + self.rules.len()
    }

    fn puzzle_pages(&self) -> usize {
        let per_page = self.columns * self.rows;
        self.sections
            .iter()
            .map(|section| section.opening.len() + section.indices.len().div_ceil(per_page))
            .sum()
    }

    /// The puzzles' indices in book order.
    fn order(&self) -> impl Iterator<Item = usize> + '_ {
        self.sections
            .iter()
            .flat_map(|section| section.indices.iter().copied())
    }
}

/// A page of solutions: its arrangement and, for each solution, the puzzle's number in the
/// book and its index in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SolutionPage {
    columns: usize,
    rows: usize,
    solutions: Vec<(usize, usize)>,
}

/// The least room between two grids side by side or one above the other.
const LEAST_GAP: f64 = 18.0;

/// The grids of a `columns` × `rows` arrangement in `area`, each with a caption band
/// `band` points tall above it: as large as the area allows with [`LEAST_GAP`] between
/// them, the same gap across and down (down measured from a grid to the top of the next
/// row's caption), and the whole block centred in the area, so the room left over lies
/// evenly on both sides of it rather than between some grids and not others.
fn frames(area: Content, columns: usize, rows: usize, band: f64) -> Vec<Frame> {
    let (across, down) = (columns as f64, rows as f64);
    let side = ((area.width - (across - 1.0) * LEAST_GAP) / across)
        .min((area.height - down * band - (down - 1.0) * LEAST_GAP) / down)
        .max(1.0);
    // the gap the tighter direction leaves, used in both
    let gap_across = (columns > 1).then(|| (area.width - across * side) / (across - 1.0));
    let gap_down = (rows > 1).then(|| (area.height - down * (band + side)) / (down - 1.0));
    let gap = match (gap_across, gap_down) {
        (Some(across), Some(down)) => across.min(down),
        (Some(gap), None) | (None, Some(gap)) => gap,
        (None, None) => 0.0,
    }
    .max(0.0);
    let block_width = across * side + (across - 1.0) * gap;
    let block_height = down * (band + side) + (down - 1.0) * gap;
    let left = area.left + (area.width - block_width) / 2.0;
    let top = area.top + (area.height - block_height) / 2.0;
    let mut frames = Vec::new();
    for row in 0..rows {
        for column in 0..columns {
            frames.push(Frame {
                corner: point(
                    left + column as f64 * (side + gap),
                    top + band + row as f64 * (band + side + gap),
                ),
                side,
            });
        }
    }
    frames
}

/// The part of a puzzle or solution page the grids share: the content less the heading
/// and page number bands.
fn grid_area(content: Content, furniture: &Furniture) -> Content {
    Content {
        top: content.top + furniture.header,
        height: content.height - furniture.header - furniture.footer,
        ..content
    }
}

/// The side of the grids in a `columns` × `rows` arrangement on pages with `margins`, of
/// puzzles or of `solutions`.
fn grid_side(
    layout: &Layout,
    margins: &Margins,
    (columns, rows): (usize, usize),
    solutions: bool,
) -> f64 {
    let furniture = Furniture::new(layout.large_print);
    let area = grid_area(Content::of_page(&layout.paper, margins, 1), &furniture);
    frames(area, columns, rows, furniture.caption_band(solutions))[0].side
}

/// The least text size of the layout: 7 pt, or 14 pt in large print.
fn least_text(layout: &Layout) -> f64 {
    if layout.large_print {
        LEAST_LARGE_PRINT
    } else {
        LEAST_TEXT
    }
}

fn plan(puzzles: &[RatedPuzzle], layout: &Layout) -> Result<Plan, BookError> {
    let (columns, rows) = grid_of(layout.per_page)?;
    let mut sections: Vec<Section> = Vec::new();
    let mut rules: Vec<Rule> = puzzles
        .iter()
        .flat_map(|rated| how_to_play::rules_of(&rated.puzzle))
        .collect();
    rules.sort();
    rules.dedup();
    if layout.sections_by_variant {
        // the front explains what every puzzle follows; each section what it adds
        rules.retain(|rule| {
            puzzles
                .iter()
                .all(|rated| how_to_play::rules_of(&rated.puzzle).contains(rule))
        });
        let mut explained = rules.clone();
        for (name, indices) in variant_sections(puzzles, layout) {
            let mut opening: Vec<Rule> = indices
                .iter()
                .flat_map(|&index| how_to_play::rules_of(&puzzles[index].puzzle))
                .filter(|rule| !explained.contains(rule))
                .collect();
            opening.sort();
            opening.dedup();
            explained.extend(&opening);
            sections.push(Section {
                heading: name.unwrap_or_default(),
                of_variant: true,
                opening,
                indices,
            });
        }
    } else {
        for index in difficulty_order(puzzles) {
            let level = puzzles[index].level;
            let heading = layout.level_names.of(level);
            match sections.last_mut() {
                Some(section) if puzzles[section.indices[0]].level == level => {
                    section.indices.push(index)
                }
                _ => sections.push(Section {
                    heading: heading.to_string(),
                    of_variant: false,
                    opening: Vec::new(),
                    indices: vec![index],
                }),
            }
        }
    }
    let mut sizes: Vec<u8> = puzzles.iter().map(|rated| rated.puzzle.size()).collect();
    sizes.sort();
    sizes.dedup();
    let mut plan = Plan {
        sections,
        rules,
        sizes,
        columns,
        rows,
        solution_pages: Vec::new(),
        margins: Margins::for_pages(0),
        page_count: 0,
        warning: None,
    };
    // the gutter grows with the page count, and the solutions' pages depend on the room the
    // gutter leaves: settle both together (the gutter only grows, so this ends)
    let mut page_count = plan.front_pages() + plan.puzzle_pages() + 1;
    for _ in 0..8 {
        plan.margins = Margins::for_pages(page_count);
        plan.warning = check_puzzles_fit(puzzles, layout, &plan)?;
        plan.solution_pages = solution_pages(puzzles, layout, &plan)?;
        let count = plan.front_pages() + plan.puzzle_pages() + plan.solution_pages.len();
        plan.page_count = count;
        if count == page_count {
            break;
        }
        page_count = count;
    }
    Ok(plan)
}

/// The smallest text of the puzzles on grids `side` points wide, and what it sets.
fn smallest_text(puzzles: &[RatedPuzzle], side: f64) -> Option<(f64, &'static str)> {
    puzzles
        .iter()
        .map(|rated| board::text_sizes(&rated.puzzle, side, Detail::Full).smallest())
        .min_by(|first, second| first.0.total_cmp(&second.0))
}

/// Refuses a layout whose smallest puzzle text would be under 7 pt (14 pt in large print),
/// or whose cells would be under 8 mm unless the layout allows it; gives the warning then.
fn check_puzzles_fit(
    puzzles: &[RatedPuzzle],
    layout: &Layout,
    plan: &Plan,
) -> Result<Option<String>, BookError> {
    let side = grid_side(layout, &plan.margins, (plan.columns, plan.rows), false);
    let least = least_text(layout);
    if let Some((size, what)) = smallest_text(puzzles, side) {
        if size < least - 1e-9 {
            let (per_page, paper) = (layout.per_page, layout.paper.name.clone());
            return Err(if layout.large_print {
                BookError::TooSmallForLargePrint {
                    per_page,
                    paper,
                    what,
                    size,
                }
            } else {
                BookError::TooSmall {
                    per_page,
                    paper,
                    what,
                    size,
                }
            });
        }
    }
    let largest = plan.sizes.last().copied().unwrap_or(9);
    let cell_at = |columns: usize, rows: usize| {
        grid_side(layout, &plan.margins, (columns, rows), false) / f64::from(largest)
    };
    let cell = cell_at(plan.columns, plan.rows);
    if cell >= LEAST_CELL.in_points() - 1e-9 {
        return Ok(None);
    }
    let fits = [6, 4, 2, 1]
        .into_iter()
        .filter(|&per_page| per_page < layout.per_page)
        .find(|&per_page| {
            grid_of(per_page).is_ok_and(|(columns, rows)| {
                cell_at(columns, rows) >= LEAST_CELL.in_points() - 1e-9
            })
        });
    let error = BookError::SmallCells {
        per_page: layout.per_page,
        paper: layout.paper.name.clone(),
        side: largest,
        cell: Length::points(cell).in_inches() * 25.4,
        fits,
    };
    if layout.allow_small_cells {
        let message = error.to_string();
        let reason = message.split(": ").next().unwrap_or(&message);
        Ok(Some(format!("{reason}; printed anyway, as --force asks")))
    } else {
        Err(error)
    }
}

/// The densest arrangement of solutions that keeps `rated`'s digits at 7 pt or more (14 pt
/// in large print).
fn solution_grid(
    rated: &RatedPuzzle,
    layout: &Layout,
    margins: &Margins,
) -> Result<(usize, usize), BookError> {
    let least = least_text(layout);
    let digits_at = |columns: usize, rows: usize| {
        let side = grid_side(layout, margins, (columns, rows), true);
        board::text_sizes(&rated.puzzle, side, Detail::Plain).digits
    };
    let most = layout.solutions_per_page.unwrap_or(usize::MAX);
    SOLUTION_GRIDS
        .iter()
        .copied()
        .filter(|&(columns, rows)| columns * rows <= most)
        .find(|&(columns, rows)| digits_at(columns, rows) >= least - 1e-9)
        .ok_or_else(|| BookError::SolutionsTooSmall {
            paper: layout.paper.name.clone(),
            size: digits_at(1, 1),
            least,
            who: if layout.large_print {
                "of large print"
            } else {
                "a printer accepts"
            },
        })
}

/// The solutions in book order, each page in the densest arrangement its grids allow: a
/// new page starts where the grid size (and so the arrangement) changes.
fn solution_pages(
    puzzles: &[RatedPuzzle],
    layout: &Layout,
    plan: &Plan,
) -> Result<Vec<SolutionPage>, BookError> {
    let mut pages: Vec<SolutionPage> = Vec::new();
    for (position, index) in plan.order().enumerate() {
        let (columns, rows) = solution_grid(&puzzles[index], layout, &plan.margins)?;
        let solution = (position + 1, index);
        match pages.last_mut() {
            Some(page)
                if (page.columns, page.rows) == (columns, rows)
                    && page.solutions.len() < columns * rows =>
            {
                page.solutions.push(solution)
            }
            _ => pages.push(SolutionPage {
                columns,
                rows,
                solutions: vec![solution],
            }),
        }
    }
    // a page alone in its arrangement and not full (one 16×16 solution among 9×9 ones) takes
    // the sparsest arrangement that holds its solutions, so they are drawn as large as the
    // page allows rather than in a corner of it
    let arrangement = |page: Option<&SolutionPage>| page.map(|page| (page.columns, page.rows));
    let lone: Vec<bool> = (0..pages.len())
        .map(|at| {
            let own = arrangement(pages.get(at));
            (at == 0 || arrangement(pages.get(at - 1)) != own)
                && arrangement(pages.get(at + 1)) != own
        })
        .collect();
    for (at, lone) in lone.into_iter().enumerate() {
        let count = pages[at].solutions.len();
        if lone && count < pages[at].columns * pages[at].rows {
            let sparsest = SOLUTION_GRIDS
                .iter()
                .rev()
                .find(|(columns, rows)| columns * rows >= count);
            if let Some(&(columns, rows)) = sparsest {
                pages[at].columns = columns;
                pages[at].rows = rows;
            }
        }
    }
    Ok(pages)
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

/// Draws the pages one after another.
struct Writer<'a> {
    layout: &'a Layout,
    furniture: Furniture,
    plan: &'a Plan,
    pages: Vec<Drawing>,
    bookmarks: Vec<Bookmark>,
}

impl Writer<'_> {
    /// A new blank page and its content area.
    fn new_page(&self) -> (Drawing, Content) {
        let (width, height) = self.layout.paper.size();
        let number = self.pages.len() + 1;
        (
            Drawing::new(width, height),
            Content::of_page(&self.layout.paper, &self.plan.margins, number),
        )
    }

    /// Adds the page, numbered at its outside corner below the content.
    fn finish_page(&mut self, mut page: Drawing, content: Content, numbered: bool) {
        let number = self.pages.len() + 1;
        if numbered {
            let (x, anchor) = if number % 2 == 1 {
                (content.left + content.width, Anchor::End)
            } else {
                (content.left, Anchor::Start)
            };
            // the font's descent (0.24 of the size) stays inside the margin too
            let size = self.furniture.page_number_size;
            page.text(
                point(x, content.bottom() - 0.3 * size),
                number.to_string(),
                size,
                Typeface::Regular,
                anchor,
            );
        }
        self.pages.push(page);
    }

    fn bookmark(&mut self, title: String) {
        self.bookmarks.push(Bookmark {
            title,
            page: self.pages.len(),
        });
    }

    /// Sets `text` wrapped to the content width, centred or from the left; returns the
    /// baseline below the last line.
    fn paragraph(
        page: &mut Drawing,
        content: Content,
        text: &str,
        (size, typeface): (f64, Typeface),
        mut baseline: f64,
        centred: bool,
    ) -> f64 {
        let leading = size * 1.35;
        for line in wrap(text, typeface, size, content.width) {
            let (x, anchor) = if centred {
                (content.middle(), Anchor::Middle)
            } else {
                (content.left, Anchor::Start)
            };
            page.text(point(x, baseline), line, size, typeface, anchor);
            baseline += leading;
        }
        baseline
    }

    fn title_page(&mut self, puzzles: &[RatedPuzzle]) {
        let (mut page, content) = self.new_page();
        let layout = self.layout;
        let made = subtitle(puzzles, &layout.level_names);
        let subtitle = Some(layout.subtitle.as_ref().unwrap_or(&made));
        let mut baseline = content.top + content.height * 0.3;
        baseline = Self::paragraph(
            &mut page,
            content,
            &layout.title,
            (28.0, Typeface::Bold),
            baseline,
            true,
        );
        if let Some(subtitle) = subtitle {
            baseline = Self::paragraph(
                &mut page,
                content,
                subtitle,
                (16.0, Typeface::Regular),
                baseline + 8.0,
                true,
            );
        }
        if let Some(author) = &layout.author {
            let at = (content.top + content.height * 0.7).max(baseline + 24.0);
            Self::paragraph(
                &mut page,
                content,
                author,
                (14.0, Typeface::Regular),
                at,
                true,
            );
        }
        self.finish_page(page, content, false);
    }

    fn colophon_page(&mut self, puzzles: &[RatedPuzzle]) {
        let (mut page, content) = self.new_page();
        let body_size = self.furniture.body_size;
        let body = (body_size, Typeface::Regular);
        let names = &self.layout.level_names;
        let counts: Vec<String> = Level::ALL
            .iter()
            .filter_map(|&level| {
                let count = puzzles.iter().filter(|rated| rated.level == level).count();
                (count > 0).then(|| format!("{} {count}", names.of(level)))
            })
            .collect();
        let mut lines = vec![
            format!("{}: {}.", subtitle(puzzles, names), counts.join(", ")),
            format!(
                "Every puzzle has exactly one solution, confirmed by a computer. Its level says \
                 how advanced the solving methods it needs are, from {} (each digit has only \
                 one place to go) to {}.",
                names.of(Level::Easy),
                names.of(Level::Extreme)
            ),
        ];
        if let Some(copyright) = &self.layout.copyright {
            lines.push(copyright.clone());
        }
        if let Some(isbn) = &self.layout.isbn {
            lines.push(format!("ISBN {}", isbn.trim_start_matches("ISBN").trim()));
        }
        lines.extend(self.layout.colophon.iter().cloned());
        lines.push(format!(
            "Made with sudokit {}. Set in DejaVu Sans (free licence).",
            env!("CARGO_PKG_VERSION")
        ));
        // the colophon sits low on the page, as in printed books
        let leading = body_size * 1.35;
        let line_count: usize = lines
            .iter()
            .map(|line| wrap(line, Typeface::Regular, body_size, content.width).len())
            .sum();
        let height = line_count as f64 * leading + (lines.len() - 1) as f64 * 6.0;
        let mut baseline =
            (content.bottom() - self.furniture.footer - height).max(content.top + body_size);
        for line in &lines {
            baseline = Self::paragraph(&mut page, content, line, body, baseline, false) + 6.0;
        }
        self.finish_page(page, content, true);
    }

    /// What the rules pages may say of these puzzles: of all of them at the front, of a
    /// section's (`only`) on its opening pages.
    fn facts(&self, puzzles: &[RatedPuzzle], only: Option<&[usize]>) -> Facts {
        let in_book_order: Vec<&RatedPuzzle> =
            self.plan.order().map(|index| &puzzles[index]).collect();
        let has_givens = |rated: &&RatedPuzzle| {
            rated
                .puzzle
                .givens()
                .values()
                .iter()
                .any(|&value| value != 0)
        };
        let needing_trial = in_book_order
            .iter()
            .enumerate()
            .map(|(position, rated)| rated.trial_steps.map(|steps| (position + 1, steps)))
            .collect::<Option<Vec<(usize, usize)>>>()
            .map(|steps| {
                steps
                    .into_iter()
                    .filter(|&(_, steps)| steps > 0)
                    .map(|(number, _)| number)
                    .collect()
            });
        let described: Vec<&Puzzle> = match only {
            Some(indices) => indices
                .iter()
                .map(|&index| &puzzles[index].puzzle)
                .collect(),
            None => in_book_order.iter().map(|rated| &rated.puzzle).collect(),
        };
        let (mut every_mark_shown, mut some_marks_shown) = (Vec::new(), Vec::new());
        for rule in [Rule::Kropki, Rule::Consecutive, Rule::Xv] {
            let with_rule: Vec<&&Puzzle> = described
                .iter()
                .filter(|puzzle| how_to_play::rules_of(puzzle).contains(&rule))
                .collect();
            let shown = with_rule
                .iter()
                .filter(|puzzle| how_to_play::shows_every_mark(puzzle, rule))
                .count();
            if !with_rule.is_empty() && shown == with_rule.len() {
                every_mark_shown.push(rule);
            } else if !with_rule.is_empty() && shown == 0 {
                some_marks_shown.push(rule);
            }
        }
        Facts {
            sizes: self.plan.sizes.clone(),
            has_givens: in_book_order.iter().any(has_givens),
            killers_have_givens: in_book_order
                .iter()
                .filter(|rated| rated.puzzle.cage_count() > 0)
                .any(has_givens),
            needing_trial,
            every_mark_shown,
            some_marks_shown,
            sections_by_variant: self.layout.sections_by_variant,
        }
    }

    fn rules_pages(&mut self, puzzles: &[RatedPuzzle]) {
        let facts = self.facts(puzzles, None);
        for (position, &rule) in self.plan.rules.iter().enumerate() {
            if position == 0 {
                self.bookmark("How to play".to_string());
            }
            self.rules_page(rule, &facts);
        }
    }

    /// A how-to-play page: the rule's heading, what it says of these puzzles and a small
    /// example with its solution.
    fn rules_page(&mut self, rule: Rule, facts: &Facts) {
        let (mut page, content) = self.new_page();
        let furniture = self.furniture;
        let mut baseline = content.top + furniture.heading_size;
        baseline = Self::paragraph(
            &mut page,
            content,
            how_to_play::heading(rule),
            (furniture.heading_size, Typeface::Bold),
            baseline,
            false,
        ) + 6.0;
        for paragraph in how_to_play::paragraphs(rule, facts) {
            baseline = Self::paragraph(
                &mut page,
                content,
                &paragraph,
                (furniture.body_size, Typeface::Regular),
                baseline,
                false,
            ) + 6.0;
        }
        self.example(&mut page, content, baseline, rule);
        self.finish_page(page, content, true);
    }

    /// A small example of `rule` under its rules (4×4, or 6×6), the puzzle and its
    /// solution side by side, when they fit legibly.
    fn example(&self, page: &mut Drawing, content: Content, top: f64, rule: Rule) {
        let (puzzle, solution) = how_to_play::example(rule);
        let furniture = self.furniture;
        let least = least_text(self.layout);
        let room = content.bottom() - furniture.footer - top - furniture.caption;
        // a 4×4 at most 150 points wide (220 in large print), a 6×6 as much larger as its
        // cells are more, so its marks are as large
        let most = if self.layout.large_print {
            220.0
        } else {
            150.0
        } * f64::from(puzzle.size().max(4))
            / 4.0;
        let side = room.min((content.width - LEAST_GAP * 2.0) / 2.0).min(most);
        if side < 60.0 || board::text_sizes(&puzzle, side, Detail::Full).smallest().0 < least {
            return;
        }
        let top = top + furniture.caption;
        let gap = LEAST_GAP * 2.0;
        let left = content.middle() - side - gap / 2.0;
        for (column, caption, grid) in [
            (0.0, "Example", None),
            (1.0, "Its solution", Some(&solution)),
        ] {
            let corner = point(left + column * (side + gap), top);
            page.text(
                point(
                    corner.x,
                    corner.y - caption_lift(furniture.puzzle_caption_size),
                ),
                caption,
                furniture.puzzle_caption_size,
                Typeface::Regular,
                Anchor::Start,
            );
            board::draw(page, &puzzle, grid, Frame { corner, side }, Detail::Full);
        }
    }

    fn heading(&self, page: &mut Drawing, content: Content, text: &str) {
        let size = self.furniture.heading_size;
        page.text(
            point(content.left, content.top + size),
            text,
            size,
            Typeface::Bold,
            Anchor::Start,
        );
    }

    fn puzzle_pages(&mut self, puzzles: &[RatedPuzzle]) {
        let plan = self.plan;
        let per_page = plan.columns * plan.rows;
        let level_names = &self.layout.level_names;
        let named_variants = {
            let mut names: Vec<String> = puzzles
                .iter()
                .map(|rated| how_to_play::variant_name(&rated.puzzle))
                .collect();
            names.sort();
            names.dedup();
            names.len() > 1
        };
        let mut number = 0;
        for section in &plan.sections {
            let (name, indices) = (&section.heading, &section.indices);
            self.bookmark(if indices.len() == 1 {
                format!("{name}: puzzle {}", number + 1)
            } else {
                format!("{name}: puzzles {}–{}", number + 1, number + indices.len())
            });
            if !section.opening.is_empty() {
                let facts = self.facts(puzzles, Some(indices));
                for &rule in &section.opening {
                    self.rules_page(rule, &facts);
                }
            }
            for chunk in indices.chunks(per_page) {
                let (mut page, content) = self.new_page();
                self.heading(&mut page, content, name);
                let frames = frames(
                    grid_area(content, &self.furniture),
                    plan.columns,
                    plan.rows,
                    self.furniture.caption_band(false),
                );
                for (&index, frame) in chunk.iter().zip(frames) {
                    number += 1;
                    let rated = &puzzles[index];
                    let caption = if section.of_variant {
                        // the heading names the variant; the caption too, and the level
                        format!("{name} · {}", level_names.of(rated.level))
                    } else if named_variants {
                        format!("{} · {name}", how_to_play::variant_name(&rated.puzzle))
                    } else {
                        name.clone()
                    };
                    place(
                        &mut page,
                        frame,
                        number,
                        &caption,
                        rated,
                        None,
                        &self.furniture,
                    );
                }
                self.finish_page(page, content, true);
            }
        }
    }

    fn solution_pages(&mut self, puzzles: &[RatedPuzzle]) {
        let plan = self.plan;
        self.bookmark("Solutions".to_string());
        for solution_page in &plan.solution_pages {
            let (mut page, content) = self.new_page();
            self.heading(&mut page, content, "Solutions");
            let frames = frames(
                grid_area(content, &self.furniture),
                solution_page.columns,
                solution_page.rows,
                self.furniture.caption_band(true),
            );
            for (&(number, index), frame) in solution_page.solutions.iter().zip(frames) {
                let rated = &puzzles[index];
                place(
                    &mut page,
                    frame,
                    number,
                    "",
                    rated,
                    Some(&rated.solution),
                    &self.furniture,
                );
            }
            self.finish_page(page, content, true);
        }
    }
}

/// How far above a grid its caption's baseline sits: clear of the grid's top line by the
/// caption's descenders and a little white.
fn caption_lift(size: f64) -> f64 {
    size * 0.3 + 2.5
}

/// Draws a puzzle (or its solution) in its frame, its number and caption above it.
fn place(
    page: &mut Drawing,
    frame: Frame,
    number: usize,
    caption: &str,
    rated: &RatedPuzzle,
    solution: Option<&Grid>,
    furniture: &Furniture,
) {
    let (corner, side) = (frame.corner, frame.side);
    let text_size = if solution.is_some() {
        furniture.solution_caption_size
    } else {
        furniture.puzzle_caption_size
    };
    let baseline = corner.y - caption_lift(text_size);
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
    board::draw(page, &rated.puzzle, solution, frame, detail);
}
