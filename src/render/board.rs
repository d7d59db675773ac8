//! One puzzle or solution grid drawn into a square: cell and box lines, X diagonals, killer
//! cages (dashed outlines inset from the cell edges, sum small in the top-left cell; faint
//! and without sums on a solution), free cages (finer dashes further in, so they nest inside
//! the cages they overlap, an outline around each piece; the sum small in a top corner of
//! the first cell where no other number stands), greater-killer signs on the border between compared
//! cages, digits as the notation writes them (givens bold). Strokes pass behind digits,
//! sums and signs with a white gap; the variant rules' marks come from
//! [`super::variant`].

use crate::model::variant::FreeCage;
use crate::model::{Cage, Cell, Constraint, Grid, Puzzle, Relation};
use crate::notation;

use super::drawing::{point, Anchor, Drawing, Item, Point, Typeface};
use super::font;
use super::ink::{self, Rectangle};
use super::variant;

/// What to draw of a puzzle besides its grid and digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Everything: diagonals, cages with their sums, comparison signs (a puzzle to solve).
    Full,
    /// The diagonals and faint cage outlines, no sums or signs: a solution grid, whose
    /// digits stay what the eye reads.
    Plain,
}

/// A square on the page that a grid fills.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Top-left corner.
    pub corner: Point,
    /// Side length in points.
    pub side: f64,
}

/// The smallest text a printer accepts, in points: small text is lifted to it where the
/// cell has room (see [`TextSizes`]).
pub const LEAST_TEXT: f64 = 7.0;

/// The thinnest line drawn, in points: thinner lines may not print.
pub const THINNEST_LINE: f64 = 0.5;

/// The sizes of a grid's text, in points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextSizes {
    /// Digits (givens and solution digits).
    pub digits: f64,
    /// Cage sums, when the grid shows cages.
    pub sums: Option<f64>,
    /// The smallest variant clue (outside the grid, in a quadruple, an X or V), if any.
    pub clues: Option<f64>,
}

impl TextSizes {
    /// The sizes for cells `cell` points wide: a share of the cell, lifted to [`LEAST_TEXT`]
    /// while that share stays within what the cell holds (digits up to 0.75 of the cell,
    /// sums up to 0.32, above the digit), smaller only when the cell is too small.
    pub fn for_cell(cell: f64, has_cages: bool) -> TextSizes {
        let lifted = |share: f64, most: f64| (cell * share).max(LEAST_TEXT.min(cell * most));
        TextSizes {
            digits: lifted(if has_cages { 0.52 } else { 0.6 }, 0.75),
            sums: has_cages.then(|| lifted(0.24, 0.32)),
            clues: None,
        }
    }

    /// The smallest of them, and what it sets.
    pub fn smallest(&self) -> (f64, &'static str) {
        let mut smallest = (self.digits, "digits");
        for (size, what) in [(self.sums, "cage sums"), (self.clues, "clues")] {
            match size {
                Some(size) if size < smallest.0 => smallest = (size, what),
                _ => {}
            }
        }
        smallest
    }
}

/// The text sizes [`draw`] uses for `puzzle` in a square `side` points wide.
pub fn text_sizes(puzzle: &Puzzle, side: f64, detail: Detail) -> TextSizes {
    let frame = Frame {
        corner: point(0.0, 0.0),
        side,
    };
    let cell = variant::grid_frame(puzzle, frame, detail).side / f64::from(puzzle.size());
    let mut sizes = TextSizes::for_cell(cell, detail == Detail::Full && shows_cages(puzzle));
    if detail == Detail::Full {
        sizes.clues = variant::smallest_clue_text(puzzle, cell);
    }
    sizes
}

/// The width of box borders (and irregular regions' borders) in a grid of `cell`-point
/// cells.
pub fn bold_width(cell: f64) -> f64 {
    (cell * 0.08).clamp(1.2, 2.4)
}

/// Whether the grid shows cages (killer cages or free cages): their sums take the cells'
/// top corners, and the digits sit a little lower.
pub fn shows_cages(puzzle: &Puzzle) -> bool {
    puzzle.cage_count() > 0 || free_cages(puzzle).next().is_some()
}

/// The free cages of `puzzle` (killer cages that overlap another or come in pieces).
fn free_cages(puzzle: &Puzzle) -> impl Iterator<Item = &FreeCage> + '_ {
    puzzle
        .constraints()
        .iter()
        .filter_map(|constraint| match constraint {
            Constraint::FreeCage(cage) => Some(cage),
            _ => None,
        })
}

/// Units per cell for the integer geometry of cage outlines (so segments meet exactly).
const UNITS: i64 = 1000;
/// How far cage outlines sit inside the cell edges, in units.
const INSET: i64 = 90;
/// How far free cages' outlines sit inside the cell edges, in units: inside a cage's
/// outline, and a free cage that shares a cell with earlier ones further in than theirs
/// (see [`free_levels`]), so overlapping outlines stay apart.
const FREE_INSETS: [i64; 3] = [170, 240, 310];

/// Each free cage's inset level: the lowest level no earlier free cage sharing a cell with
/// it took (a greedy colouring), so up to three free cages on one cell keep apart.
fn free_levels(cages: &[&FreeCage]) -> Vec<usize> {
    let mut levels: Vec<usize> = Vec::with_capacity(cages.len());
    for (index, cage) in cages.iter().enumerate() {
        let taken: Vec<usize> = (0..index)
            .filter(|&earlier| {
                cages[earlier]
                    .cells
                    .iter()
                    .any(|cell| cage.cells.contains(cell))
            })
            .map(|earlier| levels[earlier])
            .collect();
        let level = (0..).find(|level| !taken.contains(level)).unwrap_or(0);
        levels.push(level);
    }
    levels
}

/// Draws `puzzle` into `frame`: its givens, or `grid`'s digits when one is given (a
/// solution), givens bold either way. Every stroke passes behind the digits, cage sums and
/// comparison signs with a white gap (it is cut there), and signs are placed clear of the
/// sums and digits. A puzzle with clues outside the grid keeps a
/// frame of one cell around the grid for them, inside `frame`.
pub fn draw(
    drawing: &mut Drawing,
    puzzle: &Puzzle,
    grid: Option<&Grid>,
    frame: Frame,
    detail: Detail,
) {
    let frame = variant::grid_frame(puzzle, frame, detail);
    let size = usize::from(puzzle.size());
    let cell = frame.side / size as f64;
    let full = detail == Detail::Full;
    let has_cages = shows_cages(puzzle);
    let sizes = TextSizes::for_cell(cell, full && has_cages);
    let widths = LineWidths::for_cell(cell);
    let board = variant::Board::new(puzzle, frame, full && has_cages);
    variant::draw_shading(drawing, puzzle, &board, detail);
    let mut glyphs: Vec<Item> = Vec::new();
    digits(&mut glyphs, puzzle, grid, frame, cell, &sizes);
    if full {
        for cage in puzzle.cages() {
            cage_sum(&mut glyphs, cage, frame, cell, &sizes, &widths);
        }
        for cage in free_cages(puzzle) {
            free_cage_sum(&mut glyphs, cage, frame, cell, &sizes, &widths);
        }
        signs(&mut glyphs, puzzle, frame, cell, &widths);
    }
    let boxes: Vec<Rectangle> = glyphs.iter().filter_map(ink::item_text_box).collect();
    let gap = white_gap(cell);
    let mut strokes: Vec<Stroke> = Vec::new();
    diagonals(&mut strokes, puzzle, frame, cell, &widths);
    if has_cages {
        // a solution shows its cages faintly, so the digits stay what the eye reads
        let grey = if full { 0.0 } else { FAINT_CAGE };
        let cage_dash = (cell * 0.07, cell * 0.05);
        let free_dash = (cell * 0.035, cell * 0.04);
        let free: Vec<&FreeCage> = free_cages(puzzle).collect();
        let outlines = puzzle
            .cages()
            .map(|cage| (&cage.cells, INSET, cage_dash))
            .chain(free.iter().zip(free_levels(&free)).map(|(cage, level)| {
                let inset = FREE_INSETS[level % FREE_INSETS.len()];
                (&cage.cells, inset, free_dash)
            }));
        for (cells, inset, dash) in outlines {
            let outline = Outline { inset, dash, grey };
            cage_outline(&mut strokes, puzzle, cells, frame, cell, &widths, outline);
        }
    }
    grid_lines(&mut strokes, puzzle, frame, cell, &widths);
    for stroke in strokes {
        for (from, to) in ink::cut_around(
            stroke.from,
            stroke.to,
            stroke.width,
            stroke.dash.is_none(),
            &boxes,
            gap,
        ) {
            drawing.items.push(Item::Line {
                from,
                to,
                width: stroke.width,
                grey: stroke.grey,
                dash: stroke.dash,
            });
        }
    }
    // the givens (bold at the digits' size) stop every line and arrow at their halo
    let given_boxes: Vec<Rectangle> = glyphs
        .iter()
        .filter(|item| {
            matches!(item, Item::Text { typeface: Typeface::Bold, size, .. } if *size == sizes.digits)
        })
        .filter_map(ink::item_text_box)
        .collect();
    variant::draw_marks(drawing, puzzle, &board, detail, &given_boxes, gap);
    drawing.items.extend(glyphs);
    variant::draw_clues(drawing, puzzle, &board, detail);
}

/// The grey of a solution's cage outlines.
const FAINT_CAGE: f64 = 0.6;

/// The white left between a glyph and a stroke passing behind it.
fn white_gap(cell: f64) -> f64 {
    (cell * 0.03).max(0.6)
}

/// A stroke before it is cut around the glyphs.
struct Stroke {
    from: Point,
    to: Point,
    width: f64,
    grey: f64,
    dash: Option<(f64, f64)>,
}

/// The stroke widths of a grid with cells `cell` points wide.
struct LineWidths {
    thin: f64,
    thick: f64,
    diagonal: f64,
    cage: f64,
}

impl LineWidths {
    fn for_cell(cell: f64) -> LineWidths {
        LineWidths {
            thin: (cell * 0.025).clamp(THINNEST_LINE, 0.8),
            thick: (cell * 0.08).clamp(1.2, 2.4),
            diagonal: (cell * 0.03).max(THINNEST_LINE),
            cage: (cell * 0.02).clamp(THINNEST_LINE, 0.7),
        }
    }
}

fn at(frame: Frame, cell: f64, row: f64, column: f64) -> Point {
    point(frame.corner.x + column * cell, frame.corner.y + row * cell)
}

fn diagonals(
    strokes: &mut Vec<Stroke>,
    puzzle: &Puzzle,
    frame: Frame,
    cell: f64,
    widths: &LineWidths,
) {
    let size = f64::from(puzzle.size());
    for diagonal in puzzle.diagonals() {
        let (from, to) = match diagonal {
            crate::model::Diagonal::Main => {
                (at(frame, cell, 0.0, 0.0), at(frame, cell, size, size))
            }
            crate::model::Diagonal::Anti => {
                (at(frame, cell, 0.0, size), at(frame, cell, size, 0.0))
            }
        };
        strokes.push(Stroke {
            from,
            to,
            width: widths.diagonal,
            grey: 0.6,
            dash: None,
        });
    }
}

fn grid_lines(
    strokes: &mut Vec<Stroke>,
    puzzle: &Puzzle,
    frame: Frame,
    cell: f64,
    widths: &LineWidths,
) {
    let geometry = puzzle.geometry();
    let size = usize::from(geometry.size());
    let end = size as f64;
    // an irregular grid has no boxes: its regions' borders are drawn by `variant`
    let boxes = geometry.has_boxes();
    let width_at = |index: usize, box_side: u8| {
        let border = index == 0 || index == size;
        if border || (boxes && index.is_multiple_of(usize::from(box_side))) {
            widths.thick
        } else {
            widths.thin
        }
    };
    let mut line = |from: Point, to: Point, width: f64| {
        strokes.push(Stroke {
            from,
            to,
            width,
            grey: 0.0,
            dash: None,
        })
    };
    for index in 0..=size {
        let position = index as f64;
        line(
            at(frame, cell, position, 0.0),
            at(frame, cell, position, end),
            width_at(index, geometry.box_rows()),
        );
        line(
            at(frame, cell, 0.0, position),
            at(frame, cell, end, position),
            width_at(index, geometry.box_columns()),
        );
    }
}

fn digits(
    glyphs: &mut Vec<Item>,
    puzzle: &Puzzle,
    grid: Option<&Grid>,
    frame: Frame,
    cell: f64,
    sizes: &TextSizes,
) {
    let givens = puzzle.givens();
    let size = sizes.digits;
    for place in puzzle.geometry().cells() {
        let given = givens.get(place);
        let Some(digit) = grid.and_then(|grid| grid.get(place)).or(given) else {
            continue;
        };
        let typeface = if given.is_some() {
            Typeface::Bold
        } else {
            Typeface::Regular
        };
        let center = at(
            frame,
            cell,
            place.row() as f64 + 0.5,
            place.column() as f64 + 0.5,
        );
        // digits stand the font's cap height tall: half of it below the centre (a little
        // lower under a cage sum)
        let half_height = size * font::face(typeface).cap_height() / 2.0;
        let baseline = point(
            center.x,
            center.y
                + half_height
                + if sizes.sums.is_some() {
                    cell * 0.05
                } else {
                    0.0
                },
        );
        glyphs.push(Item::Text {
            at: baseline,
            text: notation::character(digit).to_string(),
            size,
            typeface,
            anchor: Anchor::Middle,
            grey: 0.0,
        });
    }
}

/// The cage's sum, small in its top-left cell, clear of the cell's edges; the outline is
/// cut around it.
fn cage_sum(
    glyphs: &mut Vec<Item>,
    cage: &Cage,
    frame: Frame,
    cell: f64,
    sizes: &TextSizes,
    widths: &LineWidths,
) {
    let (Some(sum), Some(first)) = (cage.sum, cage.cells.iter().min()) else {
        return;
    };
    glyphs.push(corner_sum(sum, *first, false, frame, cell, sizes, widths));
}

/// A sum small in a top corner of `place` (the right one when `right`), clear of the cell's
/// edges.
fn corner_sum(
    sum: u32,
    place: Cell,
    right: bool,
    frame: Frame,
    cell: f64,
    sizes: &TextSizes,
    widths: &LineWidths,
) -> Item {
    let text_size = sizes.sums.unwrap_or(cell * 0.24);
    // clear of the thickest edge line with a white gap, the cap height below it
    let inset = (cell * 0.07).max(widths.thick / 2.0 + white_gap(cell) * 1.5);
    let (x, anchor) = if right {
        ((place.column() + 1) as f64 * cell - inset, Anchor::End)
    } else {
        (place.column() as f64 * cell + inset, Anchor::Start)
    };
    let top = frame.corner.y + place.row() as f64 * cell + inset;
    let cap = font::face(Typeface::Regular).cap_height() * text_size;
    Item::Text {
        at: point(frame.corner.x + x, top + cap),
        text: sum.to_string(),
        size: text_size,
        typeface: Typeface::Regular,
        anchor,
        grey: 0.0,
    }
}

/// A free cage's sum: in the top-left corner of its first cell (reading order), or the
/// top-right one when a cage's sum stands there, or the next cell's, wherever it meets no
/// other number; the outlines are cut around it.
fn free_cage_sum(
    glyphs: &mut Vec<Item>,
    cage: &FreeCage,
    frame: Frame,
    cell: f64,
    sizes: &TextSizes,
    widths: &LineWidths,
) {
    let (Some(sum), Some(&first)) = (cage.sum, cage.cells.iter().min()) else {
        return;
    };
    let taken: Vec<Rectangle> = glyphs.iter().filter_map(ink::item_text_box).collect();
    let mut cells = cage.cells.clone();
    cells.sort();
    let chosen = cells
        .iter()
        .flat_map(|&place| [(place, false), (place, true)])
        .map(|(place, right)| corner_sum(sum, place, right, frame, cell, sizes, widths))
        .find(|item| {
            ink::item_text_box(item).is_some_and(|own| {
                taken
                    .iter()
                    .all(|other| !other.grown(white_gap(cell)).meets(&own))
            })
        });
    glyphs.push(chosen.unwrap_or_else(|| corner_sum(sum, first, true, frame, cell, sizes, widths)));
}

/// The comparison signs, each on the border between its cages where it stays clear of the
/// sums, digits and other signs.
fn signs(glyphs: &mut Vec<Item>, puzzle: &Puzzle, frame: Frame, cell: f64, widths: &LineWidths) {
    let gap = white_gap(cell);
    let size = (cell * 0.34).max(LEAST_TEXT.min(cell * 0.45));
    // a comparison of cages that do not touch has no border to sit on: the caller writes it
    // out in words (see [`distant_comparisons`]) rather than a sign somewhere between them
    for comparison in puzzle
        .comparisons()
        .filter(|comparison| puzzle.comparison_touches(comparison))
    {
        let first = puzzle.cage(comparison.first);
        let second = puzzle.cage(comparison.second);
        let taken: Vec<Rectangle> = glyphs.iter().filter_map(ink::item_text_box).collect();
        let places = sign_places(first, second, frame, cell);
        let mut chosen = None;
        for place in &places {
            let sign = sign_glyph(place, comparison.relation, size);
            let Some(ink_box) = ink::item_text_box(&sign) else {
                continue;
            };
            // clear of the other glyphs, with room for a stroke between them
            let room = gap * 2.0 + widths.cage;
            if taken.iter().all(|other| !other.grown(room).meets(&ink_box)) {
                chosen = Some(sign);
                break;
            }
        }
        let fallback = || {
            places
                .first()
                .map(|place| sign_glyph(place, comparison.relation, size))
        };
        if let Some(sign) = chosen.or_else(fallback) {
            glyphs.push(sign);
        }
    }
}

/// A straight piece of cage outline, in units.
type Segment = ((i64, i64), (i64, i64));

/// How a cage's outline is drawn: how far inside the cell edges, its dashes, its grey.
#[derive(Clone, Copy)]
struct Outline {
    inset: i64,
    dash: (f64, f64),
    grey: f64,
}

/// The dashed outline of a cage's `cells`, inset from the cell edges: one closed outline
/// around each piece.
fn cage_outline(
    strokes: &mut Vec<Stroke>,
    puzzle: &Puzzle,
    cells: &[Cell],
    frame: Frame,
    cell: f64,
    widths: &LineWidths,
    outline: Outline,
) {
    let size = usize::from(puzzle.size());
    let mut inside = vec![false; size * size];
    for place in cells {
        inside[place.index()] = true;
    }
    let holds = |row: i64, column: i64| {
        row >= 0
            && column >= 0
            && (row as usize) < size
            && (column as usize) < size
            && inside[row as usize * size + column as usize]
    };
    let mut segments = Vec::new();
    for place in cells {
        outline_of_cell(place, &holds, outline.inset, &mut segments);
    }
    let scale = cell / UNITS as f64;
    for ((x0, y0), (x1, y1)) in merge(segments) {
        strokes.push(Stroke {
            from: point(
                frame.corner.x + x0 as f64 * scale,
                frame.corner.y + y0 as f64 * scale,
            ),
            to: point(
                frame.corner.x + x1 as f64 * scale,
                frame.corner.y + y1 as f64 * scale,
            ),
            width: widths.cage,
            grey: outline.grey,
            dash: Some(outline.dash),
        });
    }
}

/// The outline pieces along the sides of `place` that face out of the cage: a side runs on
/// into the next cell where that cell's side faces out too, stops short at an outer corner
/// and reaches past the edge at an inner corner.
fn outline_of_cell(
    place: &Cell,
    holds: &impl Fn(i64, i64) -> bool,
    inset: i64,
    segments: &mut Vec<Segment>,
) {
    let (row, column) = (place.row() as i64, place.column() as i64);
    let center = (column * UNITS + UNITS / 2, row * UNITS + UNITS / 2);
    // (outward normal, direction along the side), as (x, y) steps
    let sides = [
        ((0, -1), (1, 0)),
        ((0, 1), (1, 0)),
        ((-1, 0), (0, 1)),
        ((1, 0), (0, 1)),
    ];
    let half = UNITS / 2;
    for (normal, along) in sides {
        if holds(row + normal.1, column + normal.0) {
            continue;
        }
        let reach = |sign: i64| {
            let neighbour = (column + sign * along.0, row + sign * along.1);
            if !holds(neighbour.1, neighbour.0) {
                half - inset
            } else if holds(neighbour.1 + normal.1, neighbour.0 + normal.0) {
                half + inset
            } else {
                half
            }
        };
        let offset = half - inset;
        let base = (center.0 + normal.0 * offset, center.1 + normal.1 * offset);
        let (back, forward) = (reach(-1), reach(1));
        segments.push((
            (base.0 - along.0 * back, base.1 - along.1 * back),
            (base.0 + along.0 * forward, base.1 + along.1 * forward),
        ));
    }
}

/// Joins pieces that continue each other, so dashes run evenly along a whole side.
fn merge(mut segments: Vec<Segment>) -> Vec<Segment> {
    // horizontal pieces keyed by y, vertical ones by x; both sorted along their line
    let key = |segment: &Segment| {
        let ((x0, y0), (x1, _)) = *segment;
        if y0 == segment.1 .1 {
            (0, y0, x0.min(x1))
        } else {
            (1, x0, y0.min(segment.1 .1))
        }
    };
    segments.sort_by_key(key);
    let mut merged: Vec<Segment> = Vec::new();
    for segment in segments {
        if let Some(last) = merged.last_mut() {
            let horizontal = last.0 .1 == last.1 .1 && segment.0 .1 == segment.1 .1;
            let vertical = last.0 .0 == last.1 .0 && segment.0 .0 == segment.1 .0;
            if horizontal && last.0 .1 == segment.0 .1 && last.1 .0 >= segment.0 .0 {
                last.1 .0 = last.1 .0.max(segment.1 .0);
                continue;
            }
            if vertical && last.0 .0 == segment.0 .0 && last.1 .1 >= segment.0 .1 {
                last.1 .1 = last.1 .1.max(segment.1 .1);
                continue;
            }
        }
        merged.push(segment);
    }
    merged
}

/// Where a comparison sign goes: a point on a border between the cages, and the
/// direction from the first cage's cell to the second's.
struct SignPlace {
    middle: Point,
    along: (f64, f64),
}

/// The comparisons of `puzzle` whose cages do not touch, in words (`cage e at r8c8 < cage A
/// at r1c1`): [`draw`] has no border to put their signs on, so whoever draws the grid
/// writes these beside it ([`super::puzzle_drawing`], `super::puzzle_pdf`) or refuses
/// the puzzle (a book).
pub fn distant_comparisons(puzzle: &Puzzle) -> Vec<String> {
    puzzle
        .comparisons()
        .filter(|comparison| !puzzle.comparison_touches(comparison))
        .map(|comparison| puzzle.comparison_words(comparison))
        .collect()
}

/// The places a sign may take between two cages that touch, best first: the middles of the
/// borders they share, from the middle one outwards.
fn sign_places(first: &Cage, second: &Cage, frame: Frame, cell: f64) -> Vec<SignPlace> {
    let mut pairs: Vec<(Cell, Cell)> = Vec::new();
    for &a in &first.cells {
        for &b in &second.cells {
            if a.row().abs_diff(b.row()) + a.column().abs_diff(b.column()) == 1 {
                pairs.push((a, b));
            }
        }
    }
    pairs.sort();
    let middle = pairs.len() / 2;
    // the middle pair first, then its neighbours in the list, alternately
    let mut order: Vec<usize> = (0..pairs.len()).collect();
    order.sort_by_key(|&position| (position.abs_diff(middle), position));
    let center_of = |place: Cell| {
        at(
            frame,
            cell,
            place.row() as f64 + 0.5,
            place.column() as f64 + 0.5,
        )
    };
    order
        .into_iter()
        .map(|position| {
            let (a, b) = pairs[position];
            let (from, to) = (center_of(a), center_of(b));
            let length = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2))
                .sqrt()
                .max(f64::EPSILON);
            SignPlace {
                middle: point((from.x + to.x) / 2.0, (from.y + to.y) / 2.0),
                along: ((to.x - from.x) / length, (to.y - from.y) / length),
            }
        })
        .collect()
}

/// The sign as a glyph centred on its place: `<` or `>` between cages side by side, `∧` or
/// `∨` between cages above one another, pointing at the smaller sum; `=` for equal sums.
fn sign_glyph(place: &SignPlace, relation: Relation, size: f64) -> Item {
    let (along_x, along_y) = place.along;
    let across = along_x.abs() >= along_y.abs();
    // the first cage lies against `along`: "first < second" points at the first
    let first_before = if across { along_x > 0.0 } else { along_y > 0.0 };
    let text = match (relation, across, first_before) {
        (Relation::Equal, _, _) => "=",
        (Relation::Less, true, true) | (Relation::Greater, true, false) => "<",
        (Relation::Less, true, false) | (Relation::Greater, true, true) => ">",
        (Relation::Less, false, true) | (Relation::Greater, false, false) => "∧",
        (Relation::Less, false, false) | (Relation::Greater, false, true) => "∨",
    };
    // centre the glyph's ink (not its advance box) on the border
    let ink = font::face(Typeface::Bold)
        .ink(text.chars().next().unwrap_or('='))
        .unwrap_or([0.0, 0.0, 0.5, 0.5]);
    let ink_middle_x = (ink[0] + ink[2]) / 2.0 * size;
    let ink_middle_y = (ink[1] + ink[3]) / 2.0 * size;
    Item::Text {
        at: point(place.middle.x - ink_middle_x, place.middle.y + ink_middle_y),
        text: text.to_string(),
        size,
        typeface: Typeface::Bold,
        anchor: Anchor::Start,
        grey: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_cell_cage_is_a_closed_inset_square() {
        let segments = merge({
            let mut segments = Vec::new();
            let holds = |row: i64, column: i64| row == 0 && column == 0;
            let geometry = crate::model::Geometry::for_size(4).unwrap();
            outline_of_cell(&geometry.cell(0, 0).unwrap(), &holds, INSET, &mut segments);
            segments
        });
        assert_eq!(segments.len(), 4);
        for ((x0, y0), (x1, y1)) in segments {
            for value in [x0, y0, x1, y1] {
                assert!(value == INSET || value == UNITS - INSET, "{value}");
            }
        }
    }

    #[test]
    fn an_l_shaped_cage_has_six_sides_with_an_inner_corner() {
        let holds = |row: i64, column: i64| matches!((row, column), (0, 0) | (1, 0) | (1, 1));
        let geometry = crate::model::Geometry::for_size(4).unwrap();
        let mut segments = Vec::new();
        for (row, column) in [(0, 0), (1, 0), (1, 1)] {
            outline_of_cell(
                &geometry.cell(row, column).unwrap(),
                &holds,
                INSET,
                &mut segments,
            );
        }
        let merged = merge(segments);
        assert_eq!(merged.len(), 6, "{merged:?}");
        // the inner corner: the right side of r1c1 meets the top of r2c2 at (1000 - inset, 1000 + inset)
        let corner = (UNITS - INSET, UNITS + INSET);
        let meeting = merged
            .iter()
            .filter(|(from, to)| *from == corner || *to == corner)
            .count();
        assert_eq!(meeting, 2);
    }

    #[test]
    fn a_free_cage_is_outlined_piece_by_piece_inside_the_cage_it_overlaps_and_its_sum_clear() {
        use crate::model::variant::FreeCage;
        use crate::model::Geometry;
        use crate::render::drawing::Drawing;
        let geometry = Geometry::for_size(4).unwrap();
        let at = |row, column| geometry.cell(row, column).unwrap();
        let mut givens = Grid::empty(geometry);
        givens.set(at(0, 1), crate::model::Digit::new(1));
        let cage = Cage {
            label: "a".to_string(),
            cells: vec![at(0, 0), at(0, 1), at(1, 0)],
            sum: Some(8),
        };
        // sharing r1c1 (whose top-left corner holds the cage's sum) and in two pieces
        let free = FreeCage {
            cells: vec![at(0, 0), at(3, 3)],
            sum: Some(7),
        };
        let puzzle = Puzzle::new(
            geometry,
            givens,
            vec![Constraint::Cage(cage), Constraint::FreeCage(free)],
        )
        .unwrap();
        let frame = Frame {
            corner: point(0.0, 0.0),
            side: 100.0,
        };
        let mut drawing = Drawing::new(100.0, 100.0);
        draw(&mut drawing, &puzzle, None, frame, Detail::Full);
        let cell = 25.0;
        let free_inset = FREE_INSETS[0] as f64 * cell / UNITS as f64;
        // each piece a closed square of dashes 4.25 points in from its cell's edges
        for (row, column) in [(0.0, 0.0), (3.0, 3.0)] {
            let (left, top) = (column * cell + free_inset, row * cell + free_inset);
            let sides = drawing
                .items
                .iter()
                .filter(|item| {
                    matches!(item, Item::Line { from, to, dash: Some(_), .. }
                        if [from, to].iter().all(|end| {
                            (end.x - left).abs() < 1e-6 || (end.x - (left + cell - 2.0 * free_inset)).abs() < 1e-6
                                || (end.y - top).abs() < 1e-6 || (end.y - (top + cell - 2.0 * free_inset)).abs() < 1e-6
                        }) && [from, to].iter().all(|end| {
                            end.x >= left - 1e-6 && end.x <= left + cell && end.y >= top - 1e-6 && end.y <= top + cell
                        }))
                })
                .count();
            assert!(
                sides >= 4,
                "r{}c{}: {sides} pieces of outline",
                row + 1.0,
                column + 1.0
            );
        }
        // both sums drawn, apart from each other and from the given
        let boxes: Vec<(String, Rectangle)> = drawing
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Text { text, .. } => Some((text.clone(), ink::item_text_box(item)?)),
                _ => None,
            })
            .collect();
        let find = |wanted: &str| {
            boxes
                .iter()
                .find(|(text, _)| text == wanted)
                .map(|(_, found)| *found)
                .unwrap_or_else(|| panic!("{wanted} not drawn"))
        };
        let (seven, eight, one) = (find("7"), find("8"), find("1"));
        assert!(!seven.meets(&eight) && !seven.meets(&one), "{seven:?}");
        // in r1c1, the other top corner
        assert!(seven.left > eight.right && seven.right <= cell, "{seven:?}");
    }

    /// Three free cages through r1c1 take three inset levels (with two levels, the first
    /// and third outlines merged), and a free cage apart from them the first level again.
    #[test]
    fn free_cages_sharing_a_cell_take_different_insets() {
        let geometry = crate::model::Geometry::for_size(4).unwrap();
        let cell = |row: usize, column: usize| geometry.cell(row, column).unwrap();
        let free = |cells: Vec<crate::model::Cell>| FreeCage { cells, sum: None };
        let cages = [
            free(vec![cell(0, 0), cell(0, 1)]),
            free(vec![cell(0, 0), cell(1, 0)]),
            free(vec![cell(0, 0), cell(1, 1)]),
            free(vec![cell(3, 2), cell(3, 3)]),
        ];
        let references: Vec<&FreeCage> = cages.iter().collect();
        assert_eq!(free_levels(&references), vec![0, 1, 2, 0]);
    }
}
