//! One puzzle or solution grid drawn into a square: cell and box lines, X diagonals, killer
//! cages (dashed outlines inset from the cell edges, sum small in the top-left cell),
//! greater-killer signs on the border between compared cages, digits as the notation
//! writes them (givens bold), and the variant rules' marks ([`super::variant`]).

use crate::model::{Cage, Cell, Grid, Puzzle, Relation};
use crate::notation;

use super::drawing::{point, text_width, Anchor, Drawing, Item, Point, Typeface};
use super::font;
use super::variant;

/// What to draw of a puzzle besides its grid and digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Everything: diagonals, cages with their sums, comparison signs (a puzzle to solve).
    Full,
    /// The diagonals only, so a small solution grid stays readable.
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
    let mut sizes = TextSizes::for_cell(cell, detail == Detail::Full && puzzle.cage_count() > 0);
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

/// Units per cell for the integer geometry of cage outlines (so segments meet exactly).
const UNITS: i64 = 1000;
/// How far cage outlines sit inside the cell edges, in units.
const INSET: i64 = 90;

/// Draws `puzzle` into `frame`: its givens, or `grid`'s digits when one is given (a
/// solution), givens bold either way. A puzzle with clues outside the grid keeps a frame
/// of one cell around the grid for them, inside `frame`.
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
    let has_cages = detail == Detail::Full && puzzle.cage_count() > 0;
    let board = variant::Board::new(puzzle, frame, has_cages);
    variant::draw_shading(drawing, puzzle, &board, detail);
    draw_diagonals(drawing, puzzle, frame, cell);
    if has_cages {
        for cage in puzzle.cages() {
            draw_cage(drawing, puzzle, cage, frame, cell);
        }
    }
    let signs: Vec<(Sign, Relation)> = if has_cages {
        puzzle
            .comparisons()
            .filter_map(|comparison| {
                let first = puzzle.cage(comparison.first);
                let second = puzzle.cage(comparison.second);
                sign_place(first, second, frame, cell).map(|sign| (sign, comparison.relation))
            })
            .collect()
    } else {
        Vec::new()
    };
    // a white patch under each sign hides the outlines and the cell edge it sits on
    for (sign, _) in &signs {
        let patch = cell * 0.17;
        drawing.items.push(Item::Fill {
            corner: point(sign.middle.x - patch, sign.middle.y - patch),
            width: 2.0 * patch,
            height: 2.0 * patch,
            grey: 1.0,
        });
    }
    draw_lines(drawing, puzzle, frame, cell);
    variant::draw_marks(drawing, puzzle, &board, detail);
    draw_digits(drawing, puzzle, grid, frame, cell, has_cages);
    variant::draw_clues(drawing, puzzle, &board, detail);
    for (sign, relation) in &signs {
        draw_sign(drawing, sign, *relation, cell);
    }
}

/// Where a comparison sign goes: the middle of the border, and the direction from the first
/// cage's cell to the second's.
struct Sign {
    middle: Point,
    along: (f64, f64),
}

fn at(frame: Frame, cell: f64, row: f64, column: f64) -> Point {
    point(frame.corner.x + column * cell, frame.corner.y + row * cell)
}

fn draw_diagonals(drawing: &mut Drawing, puzzle: &Puzzle, frame: Frame, cell: f64) {
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
        drawing.items.push(Item::Line {
            from,
            to,
            width: (cell * 0.03).max(THINNEST_LINE),
            grey: 0.6,
            dash: None,
        });
    }
}

fn draw_lines(drawing: &mut Drawing, puzzle: &Puzzle, frame: Frame, cell: f64) {
    let geometry = puzzle.geometry();
    let size = usize::from(geometry.size());
    let thin = (cell * 0.025).clamp(THINNEST_LINE, 0.8);
    let thick = bold_width(cell);
    let end = size as f64;
    // an irregular grid has no boxes: its regions' borders are drawn by `variant`
    let boxes = geometry.has_boxes();
    for index in 0..=size {
        let position = index as f64;
        let border = index == 0 || index == size;
        let row_width = if border || (boxes && index % usize::from(geometry.box_rows()) == 0) {
            thick
        } else {
            thin
        };
        let column_width = if border || (boxes && index % usize::from(geometry.box_columns()) == 0)
        {
            thick
        } else {
            thin
        };
        drawing.line(
            at(frame, cell, position, 0.0),
            at(frame, cell, position, end),
            row_width,
        );
        drawing.line(
            at(frame, cell, 0.0, position),
            at(frame, cell, end, position),
            column_width,
        );
    }
}

fn draw_digits(
    drawing: &mut Drawing,
    puzzle: &Puzzle,
    grid: Option<&Grid>,
    frame: Frame,
    cell: f64,
    has_cages: bool,
) {
    let givens = puzzle.givens();
    let size = TextSizes::for_cell(cell, has_cages).digits;
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
        // digits stand the font's cap height tall: half of it below the centre
        let half_height = size * font::face(typeface).cap_height() / 2.0;
        let baseline = point(
            center.x,
            center.y + half_height + if has_cages { cell * 0.05 } else { 0.0 },
        );
        drawing.text(
            baseline,
            notation::character(digit).to_string(),
            size,
            typeface,
            Anchor::Middle,
        );
    }
}

/// A straight piece of cage outline, in units.
type Segment = ((i64, i64), (i64, i64));

fn draw_cage(drawing: &mut Drawing, puzzle: &Puzzle, cage: &Cage, frame: Frame, cell: f64) {
    let size = usize::from(puzzle.size());
    let mut inside = vec![false; size * size];
    for place in &cage.cells {
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
    for place in &cage.cells {
        outline_of_cell(place, &holds, &mut segments);
    }
    let scale = cell / UNITS as f64;
    let dash = (cell * 0.07, cell * 0.05);
    for ((x0, y0), (x1, y1)) in merge(segments) {
        drawing.items.push(Item::Line {
            from: point(
                frame.corner.x + x0 as f64 * scale,
                frame.corner.y + y0 as f64 * scale,
            ),
            to: point(
                frame.corner.x + x1 as f64 * scale,
                frame.corner.y + y1 as f64 * scale,
            ),
            width: (cell * 0.02).clamp(THINNEST_LINE, 0.7),
            grey: 0.0,
            dash: Some(dash),
        });
    }
    if let (Some(sum), Some(first)) = (cage.sum, cage.cells.iter().min()) {
        let text = sum.to_string();
        let text_size = TextSizes::for_cell(cell, true).sums.unwrap_or(cell * 0.24);
        let left = frame.corner.x + first.column() as f64 * cell + cell * 0.04;
        let top = frame.corner.y + first.row() as f64 * cell + cell * 0.04;
        // a white patch breaks the dashed outline under the sum, as in printed killers
        drawing.items.push(Item::Fill {
            corner: point(left, top),
            width: text_width(&text, Typeface::Regular, text_size) + cell * 0.06,
            height: text_size * 0.95,
            grey: 1.0,
        });
        drawing.text(
            point(left + cell * 0.03, top + text_size * 0.8),
            text,
            text_size,
            Typeface::Regular,
            Anchor::Start,
        );
    }
}

/// The outline pieces along the sides of `place` that face out of the cage: a side runs on
/// into the next cell where that cell's side faces out too, stops short at an outer corner
/// and reaches past the edge at an inner corner.
fn outline_of_cell(place: &Cell, holds: &impl Fn(i64, i64) -> bool, segments: &mut Vec<Segment>) {
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
                half - INSET
            } else if holds(neighbour.1 + normal.1, neighbour.0 + normal.0) {
                half + INSET
            } else {
                half
            }
        };
        let offset = half - INSET;
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

/// The sign's place between two cages: the middle of the border they share, or halfway
/// between their nearest cells if they do not touch.
fn sign_place(first: &Cage, second: &Cage, frame: Frame, cell: f64) -> Option<Sign> {
    let mut pairs: Vec<(Cell, Cell)> = Vec::new();
    for &a in &first.cells {
        for &b in &second.cells {
            if a.row().abs_diff(b.row()) + a.column().abs_diff(b.column()) == 1 {
                pairs.push((a, b));
            }
        }
    }
    let (a, b) = if pairs.is_empty() {
        first
            .cells
            .iter()
            .flat_map(|&a| second.cells.iter().map(move |&b| (a, b)))
            .min_by_key(|(a, b)| {
                let rows = a.row().abs_diff(b.row());
                let columns = a.column().abs_diff(b.column());
                (rows * rows + columns * columns, *a, *b)
            })?
    } else {
        pairs.sort();
        pairs[pairs.len() / 2]
    };
    let center_of = |place: Cell| {
        at(
            frame,
            cell,
            place.row() as f64 + 0.5,
            place.column() as f64 + 0.5,
        )
    };
    let (from, to) = (center_of(a), center_of(b));
    let length = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2))
        .sqrt()
        .max(f64::EPSILON);
    Some(Sign {
        middle: point((from.x + to.x) / 2.0, (from.y + to.y) / 2.0),
        along: ((to.x - from.x) / length, (to.y - from.y) / length),
    })
}

/// Draws `<` or `>` turned to point across the border at the smaller sum's side, or an
/// upright `=`.
fn draw_sign(drawing: &mut Drawing, sign: &Sign, relation: Relation, cell: f64) {
    let (middle, along) = (sign.middle, sign.along);
    let across = (-along.1, along.0);
    let (reach, spread) = (cell * 0.1, cell * 0.12);
    let offset = |direction: (f64, f64), by: f64, other: (f64, f64), other_by: f64| {
        point(
            middle.x + direction.0 * by + other.0 * other_by,
            middle.y + direction.1 * by + other.1 * other_by,
        )
    };
    let width = (cell * 0.05).clamp(0.6, 1.6);
    let mut stroke = |from: Point, to: Point| {
        drawing.items.push(Item::Line {
            from,
            to,
            width,
            grey: 0.0,
            dash: None,
        });
    };
    match relation {
        Relation::Equal => {
            let (flat, upright) = ((1.0, 0.0), (0.0, 1.0));
            for side in [-1.0, 1.0] {
                let gap = side * spread * 0.4;
                stroke(
                    offset(flat, -reach, upright, gap),
                    offset(flat, reach, upright, gap),
                );
            }
        }
        Relation::Less | Relation::Greater => {
            // the point sits on the side of the smaller sum
            let point_side = if relation == Relation::Less {
                -1.0
            } else {
                1.0
            };
            let tip = offset(along, point_side * reach, across, 0.0);
            for side in [-1.0, 1.0] {
                stroke(
                    offset(along, -point_side * reach, across, side * spread),
                    tip,
                );
            }
        }
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
            outline_of_cell(&geometry.cell(0, 0).unwrap(), &holds, &mut segments);
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
            outline_of_cell(&geometry.cell(row, column).unwrap(), &holds, &mut segments);
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
}
