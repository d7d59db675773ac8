//! A book's plan: what goes on which page, the sizes of the page furniture, where the grids
//! stand, and the checks that every puzzle and solution fits legibly.

use super::{
    difficulty_order, variant_sections, BookError, Layout, RatedPuzzle, LEAST_CELL,
    LEAST_LARGE_PRINT,
};
use crate::render::board::{self, Detail, Frame, LEAST_TEXT};
use crate::render::book_preset::SOLUTION_GRIDS;
use crate::render::drawing::{point, Typeface};
use crate::render::font;
use crate::render::how_to_play::{self, Rule};
use crate::render::paper::{Length, Margins, Paper};

/// The sizes of everything on a page but the grids: the text and the bands that hold it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Furniture {
    /// The band above a page's puzzles holding the section heading.
    pub(super) header: f64,
    /// The band below holding the page number.
    pub(super) footer: f64,
    /// Room above a grid for its number and caption.
    pub(super) caption: f64,
    pub(super) heading_size: f64,
    pub(super) body_size: f64,
    pub(super) page_number_size: f64,
    pub(super) puzzle_caption_size: f64,
    pub(super) solution_caption_size: f64,
}

impl Furniture {
    /// The usual sizes, or half as large again for large print.
    pub(super) fn new(large_print: bool) -> Furniture {
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
    pub(super) fn caption_band(&self, solutions: bool) -> f64 {
        let size = if solutions {
            self.solution_caption_size
        } else {
            self.puzzle_caption_size
        };
        caption_lift(size) + font::face(Typeface::Bold).cap_height() * size
    }
}

/// Columns and rows of puzzles on a page.
pub(super) fn grid_of(per_page: usize) -> Result<(usize, usize), BookError> {
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
pub(super) struct Content {
    pub(super) left: f64,
    pub(super) top: f64,
    pub(super) width: f64,
    pub(super) height: f64,
}

impl Content {
    pub(super) fn of_page(paper: &Paper, margins: &Margins, number: usize) -> Content {
        let (left, right) = margins.left_and_right(number);
        let (width, height) = paper.size();
        Content {
            left: left.in_points(),
            top: margins.top.in_points(),
            width: width - (left + right).in_points(),
            height: height - (margins.top + margins.bottom).in_points(),
        }
    }

    pub(super) fn middle(&self) -> f64 {
        self.left + self.width / 2.0
    }

    pub(super) fn bottom(&self) -> f64 {
        self.top + self.height
    }
}

/// A part of the book: a level's puzzles, or a variant's.
pub(super) struct Section {
    /// What its pages say at their top: the level's name, or the variant's.
    pub(super) heading: String,
    /// Whether its puzzles are of one variant (and of any level).
    pub(super) of_variant: bool,
    /// The how-to-play pages it opens with: its rules not explained before it.
    pub(super) opening: Vec<Rule>,
    /// Its puzzles' indices, in book order.
    pub(super) indices: Vec<usize>,
}

/// What the book holds and how it is cut into pages, before anything is drawn.
pub(super) struct Plan {
    /// Book order, cut into sections of one level (or of one variant).
    pub(super) sections: Vec<Section>,
    /// The rules explained at the front.
    pub(super) rules: Vec<Rule>,
    pub(super) sizes: Vec<u8>,
    pub(super) columns: usize,
    pub(super) rows: usize,
    /// The solution pages: each one's columns and rows, and the puzzles (book numbers from
    /// 1, and indices) on it.
    pub(super) solution_pages: Vec<SolutionPage>,
    pub(super) margins: Margins,
    pub(super) page_count: usize,
    /// Cells printed under 8 mm, when allowed.
    pub(super) warning: Option<String>,
}

impl Plan {
    pub(super) fn front_pages(&self) -> usize {
        2 + self.rules.len()
    }

    pub(super) fn puzzle_pages(&self) -> usize {
        let per_page = self.columns * self.rows;
        self.sections
            .iter()
            .map(|section| section.opening.len() + section.indices.len().div_ceil(per_page))
            .sum()
    }

    /// The puzzles' indices in book order.
    pub(super) fn order(&self) -> impl Iterator<Item = usize> + '_ {
        self.sections
            .iter()
            .flat_map(|section| section.indices.iter().copied())
    }
}

/// A page of solutions: its arrangement and, for each solution, the puzzle's number in the
/// book and its index in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SolutionPage {
    pub(super) columns: usize,
    pub(super) rows: usize,
    pub(super) solutions: Vec<(usize, usize)>,
}

/// The least room between two grids side by side or one above the other.
pub(super) const LEAST_GAP: f64 = 18.0;

/// The grids of a `columns` × `rows` arrangement in `area`, each with a caption band
/// `band` points tall above it: as large as the area allows with [`LEAST_GAP`] between
/// them, the same gap across and down (down measured from a grid to the top of the next
/// row's caption), and the whole block centred in the area, so the room left over lies
/// evenly on both sides of it rather than between some grids and not others.
pub(super) fn frames(area: Content, columns: usize, rows: usize, band: f64) -> Vec<Frame> {
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
/// and page number bands, and at its sides half the widest outer border a grid is drawn
/// with, so the border's ink stays inside the margins.
pub(super) fn grid_area(content: Content, furniture: &Furniture) -> Content {
    let half_border = half_border();
    Content {
        left: content.left + half_border,
        top: content.top + furniture.header,
        width: content.width - 2.0 * half_border,
        height: content.height - furniture.header - furniture.footer,
    }
}

/// Half the widest outer border a grid is drawn with ([`board::bold_width`]): how far
/// inside the margins a grid's edge stands so the border's ink does too.
pub(super) fn half_border() -> f64 {
    board::bold_width(f64::INFINITY) / 2.0
}

/// The side of the grids in a `columns` × `rows` arrangement on pages with `margins`, of
/// puzzles or of `solutions`.
pub(super) fn grid_side(
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
pub(super) fn least_text(layout: &Layout) -> f64 {
    if layout.large_print {
        LEAST_LARGE_PRINT
    } else {
        LEAST_TEXT
    }
}

pub(super) fn plan(puzzles: &[RatedPuzzle], layout: &Layout) -> Result<Plan, BookError> {
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
pub(super) fn smallest_text(puzzles: &[RatedPuzzle], side: f64) -> Option<(f64, &'static str)> {
    puzzles
        .iter()
        .map(|rated| board::text_sizes(&rated.puzzle, side, Detail::Full).smallest())
        .min_by(|first, second| first.0.total_cmp(&second.0))
}

/// Refuses a layout whose smallest puzzle text would be under 7 pt (14 pt in large print),
/// or whose cells would be under 8 mm unless the layout allows it; gives the warning then.
pub(super) fn check_puzzles_fit(
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
    let Some(error) = small_cells(layout, &plan.margins, largest, layout.per_page) else {
        return Ok(None);
    };
    if layout.allow_small_cells {
        let message = error.to_string();
        let reason = message.split(": ").next().unwrap_or(&message);
        Ok(Some(format!("{reason}; printed anyway, as --force asks")))
    } else {
        Err(error)
    }
}

/// Whether grids `largest` cells wide, `per_page` to a page with `margins`, have cells of
/// 8 mm or more: `None` when they do, else the refusal, naming the most to a page that fit.
fn small_cells(
    layout: &Layout,
    margins: &Margins,
    largest: u8,
    per_page: usize,
) -> Option<BookError> {
    let cell_at = |(columns, rows): (usize, usize)| {
        grid_side(layout, margins, (columns, rows), false) / f64::from(largest)
    };
    let fit = |per_page: usize| {
        grid_of(per_page).is_ok_and(|shape| cell_at(shape) >= LEAST_CELL.in_points() - 1e-9)
    };
    let cell = cell_at(grid_of(per_page).ok()?);
    if fit(per_page) {
        return None;
    }
    let fits = [6, 4, 2, 1]
        .into_iter()
        .filter(|&fewer| fewer < per_page)
        .find(|&fewer| fit(fewer));
    Some(BookError::SmallCells {
        per_page,
        paper: layout.paper.name.clone(),
        side: largest,
        cell: Length::points(cell).in_inches() * 25.4,
        fits,
    })
}

/// The margins of the thinnest book `count` puzzles can make at `per_page`: a title page,
/// a colophon, one rules page, the puzzle pages and one page of solutions. The gutter only
/// grows with the page count, so cells too small on these margins are too small in the book.
fn thinnest_margins(count: usize, per_page: usize) -> Margins {
    Margins::for_pages(3 + count.div_ceil(per_page.max(1)) + 1)
}

/// Checks `layout` for `count` puzzles on grids `sizes` cells wide before any is made: a
/// layout whose cells would be under 8 mm is refused (unless it allows small cells), and
/// with `choose_per_page` the most puzzles to a page that keep them at 8 mm, up to the
/// layout's own count, is chosen. Judged on the thinnest book the puzzles can make, so a
/// layout that fits is never refused here; the book checks its pages again when laid out.
pub fn fit_before(
    layout: &Layout,
    sizes: &[u8],
    count: usize,
    choose_per_page: bool,
) -> Result<Layout, BookError> {
    let (Some(&largest), true) = (sizes.iter().max(), count > 0) else {
        return Ok(layout.clone());
    };
    grid_of(layout.per_page)?;
    let error_at = |per_page: usize| {
        small_cells(
            layout,
            &thinnest_margins(count, per_page),
            largest,
            per_page,
        )
    };
    let Some(error) = error_at(layout.per_page) else {
        return Ok(layout.clone());
    };
    if choose_per_page {
        let fewer = [4, 2, 1]
            .into_iter()
            .filter(|&fewer| fewer < layout.per_page)
            .find(|&fewer| error_at(fewer).is_none());
        if let Some(per_page) = fewer {
            return Ok(Layout {
                per_page,
                ..layout.clone()
            });
        }
    }
    if layout.allow_small_cells {
        Ok(layout.clone())
    } else {
        Err(error)
    }
}

/// The densest arrangement of solutions that keeps `rated`'s digits at 7 pt or more (14 pt
/// in large print).
pub(super) fn solution_grid(
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
pub(super) fn solution_pages(
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

/// How far above a grid its caption's baseline sits: clear of the grid's top line by the
/// caption's descenders and a little white.
pub(super) fn caption_lift(size: f64) -> f64 {
    size * 0.3 + 2.5
}
