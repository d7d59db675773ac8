//! The variant rules drawn as f-puzzles and SudokuPad users expect them, one file per family
//! as in `model/variant/`: `regions` (bold region borders, shaded extra regions), `pairs`
//! (Kropki dots, X and V, clone shading), `cells` (even squares, odd circles, min/max
//! cells, quadruple circles), `lines` (thermometers and every line rule) and `sums`
//! (arrows, little killers, clues outside the grid, column indexers).
//!
//! Print is grey, so each mark is told apart by its grey level, width and shape. Marks come
//! in three layers around [`super::board`]'s own drawing: shading under the grid lines,
//! lines and shapes over the grid lines but under the digits, and the marks on edges and
//! corners (dots, X and V, quadruples) and outside the grid over everything, placed where no
//! digit can stand. Rules that are no mark (anti-knight, anti-king, the negative
//! constraints, disjoint groups) are told by the puzzle's rules text, not drawn.

mod cells;
mod lines;
mod pairs;
mod regions;
mod sums;
#[cfg(test)]
mod tests;

pub use cells::PARITY_GREY;
pub use regions::EXTRA_REGION_GREY;

use crate::model::{Cell, Constraint, Puzzle};

use crate::model::Digit;
use crate::notation::character;

use super::board::{Detail, Frame, TextSizes, LEAST_TEXT, THINNEST_LINE};
use super::drawing::{point, text_width, Drawing, Grey, Item, Pen, Point, Typeface};
use super::font;
use super::ink::{cut_path_around, Rectangle};

/// Where the grid's cells lie on the page (its top-left corner and the side of a cell), and
/// the box a digit takes in its cell, which the marks over the digits keep out of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Board {
    /// The grid's top-left corner.
    pub corner: Point,
    /// The side of one cell, in points.
    pub cell: f64,
    /// Half the widest digit's width, in points.
    pub digit_half_width: f64,
    /// How far a digit reaches above its cell's centre, in points.
    pub digit_above: f64,
    /// How far a digit reaches below its cell's centre, in points.
    pub digit_below: f64,
}

impl Board {
    /// The board of a grid drawn in `frame` (the grid's own square, see [`grid_frame`]),
    /// with its digits placed as [`super::board`] places them.
    pub fn new(puzzle: &Puzzle, frame: Frame, has_cages: bool) -> Board {
        let cell = frame.side / f64::from(puzzle.size());
        let size = TextSizes::for_cell(cell, has_cages).digits;
        let widest = (1..=puzzle.size())
            .filter_map(Digit::new)
            .map(|digit| text_width(&character(digit).to_string(), Typeface::Bold, size))
            .fold(0.0, f64::max);
        let cap_height = [Typeface::Regular, Typeface::Bold]
            .iter()
            .map(|&typeface| font::face(typeface).cap_height())
            .fold(0.0, f64::max);
        // as board.rs sets them: centred on the cell, lowered a little under cage sums
        let lowered = if has_cages { cell * 0.05 } else { 0.0 };
        Board {
            corner: frame.corner,
            cell,
            digit_half_width: widest / 2.0,
            digit_above: size * cap_height / 2.0 - lowered,
            digit_below: size * cap_height / 2.0 + lowered,
        }
    }

    /// The room a mark centred on the edge between two cells has before it reaches a
    /// digit, less a small gap: on a vertical edge (cells side by side) across, on a
    /// horizontal one up and down; the smaller of the two.
    fn edge_room(&self) -> f64 {
        let half = self.cell / 2.0;
        let across = half - self.digit_half_width;
        let upright = half - self.digit_above.max(self.digit_below);
        (across.min(upright) - self.cell * 0.03).max(0.0)
    }

    /// The room a mark centred on a corner has before it reaches a digit's box.
    fn corner_room(&self) -> f64 {
        let half = self.cell / 2.0;
        let across = half - self.digit_half_width;
        let upright = half - self.digit_above.max(self.digit_below);
        (across.hypot(upright) - self.cell * 0.03).max(0.0)
    }

    /// The point `row` cells down and `column` cells across from the grid's corner
    /// (fractions allowed; negative or beyond the grid for the frame around it).
    pub fn at(&self, row: f64, column: f64) -> Point {
        point(
            self.corner.x + column * self.cell,
            self.corner.y + row * self.cell,
        )
    }

    /// The centre of `cell`.
    pub fn center(&self, cell: Cell) -> Point {
        self.at(cell.row() as f64 + 0.5, cell.column() as f64 + 0.5)
    }

    /// `share` of a cell in points.
    fn part(&self, share: f64) -> f64 {
        self.cell * share
    }

    /// A stroke `share` of a cell wide, never thinner than a printer prints.
    fn pen(&self, share: f64, grey: Grey) -> Pen {
        Pen::solid(self.part(share).max(THINNEST_LINE), grey)
    }

    /// Text `share` of a cell tall, lifted to [`LEAST_TEXT`] while that stays within
    /// `most` of a cell (as the digits and cage sums are).
    fn text_size(&self, share: f64, most: f64) -> f64 {
        lifted(self.cell, share, most)
    }
}

fn lifted(cell: f64, share: f64, most: f64) -> f64 {
    (cell * share).max(LEAST_TEXT.min(cell * most))
}

/// Whether the puzzle has clues in the frame around the grid (little killers, sandwich,
/// X-sum and skyscraper clues), which need a margin of one cell on each side.
pub fn has_outside_clues(puzzle: &Puzzle) -> bool {
    puzzle.constraints().iter().any(|constraint| {
        matches!(
            constraint,
            Constraint::LittleKiller(_) | Constraint::Outside(_)
        )
    })
}

/// The square the grid itself fills inside `frame`: all of it, or, when the drawing shows
/// clues outside the grid, all but a frame one cell wide around it.
pub fn grid_frame(puzzle: &Puzzle, frame: Frame, detail: Detail) -> Frame {
    if detail == Detail::Full && has_outside_clues(puzzle) {
        let size = f64::from(puzzle.size());
        let cell = frame.side / (size + 2.0);
        Frame {
            corner: point(frame.corner.x + cell, frame.corner.y + cell),
            side: cell * size,
        }
    } else {
        frame
    }
}

/// The smallest clue text the drawing of `puzzle` sets with cells `cell` points wide (clues
/// outside the grid, quadruple digits, X and V, numbers in dots), if it sets any.
pub fn smallest_clue_text(puzzle: &Puzzle, cell: f64) -> Option<f64> {
    let board = Board::new(
        puzzle,
        Frame {
            corner: point(0.0, 0.0),
            side: cell * f64::from(puzzle.size()),
        },
        super::board::shows_cages(puzzle),
    );
    puzzle
        .constraints()
        .iter()
        .filter_map(|constraint| match constraint {
            Constraint::Dot(dot) => pairs::text_size(&board, dot),
            Constraint::Quadruple(quadruple) => {
                Some(cells::quadruple_text_size(&board, quadruple.digits.len()))
            }
            Constraint::LittleKiller(_) => Some(sums::little_killer_text_size(&board)),
            Constraint::Outside(_) => Some(sums::outside_text_size(&board)),
            _ => None,
        })
        .min_by(f64::total_cmp)
}

/// Shading under the grid lines: extra regions, clones, min/max cells, even and odd
/// cells, indexer columns.
pub fn draw_shading(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board, detail: Detail) {
    if detail != Detail::Full {
        return;
    }
    regions::draw_shading(drawing, puzzle, board);
    pairs::draw_shading(drawing, puzzle, board);
    cells::draw_shading(drawing, puzzle, board);
    sums::draw_shading(drawing, puzzle, board);
}

/// Over the grid lines, under the digits: the irregular regions' bold borders (on every
/// drawing, since they are the grid's shape), and on a puzzle to solve its lines,
/// thermometers, arrows and min/max chevrons.
///
/// Lines and arrows stop at a digit's halo: a stroke is cut where it would come within `gap`
/// of one of `glyphs` (the digits' and cage sums' ink), so no line runs through a given.
pub fn draw_marks(
    drawing: &mut Drawing,
    puzzle: &Puzzle,
    board: &Board,
    detail: Detail,
    glyphs: &[Rectangle],
    gap: f64,
) {
    regions::draw_borders(drawing, puzzle, board);
    if detail != Detail::Full {
        return;
    }
    let first_line = drawing.items.len();
    lines::draw(drawing, puzzle, board);
    sums::draw_arrows(drawing, puzzle, board);
    let drawn = drawing.items.split_off(first_line);
    for item in drawn {
        match item {
            Item::Path {
                points,
                closed: false,
                pen: Some(pen),
                fill: None,
            } => {
                let solid = pen.dash.is_none();
                for run in cut_path_around(&points, pen.width, solid, glyphs, gap) {
                    stroke(drawing, run, pen);
                }
            }
            other => drawing.items.push(other),
        }
    }
    cells::draw_chevrons(drawing, puzzle, board);
}

/// Over everything, where no digit stands: dots, X and V on edges, quadruple circles on
/// corners, and the clues in the frame around the grid.
pub fn draw_clues(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board, detail: Detail) {
    if detail != Detail::Full {
        return;
    }
    pairs::draw_marks(drawing, puzzle, board);
    cells::draw_quadruples(drawing, puzzle, board);
    cells::draw_pencil_marks(drawing, puzzle, board);
    sums::draw_outside(drawing, puzzle, board);
}

/// A filled square over `cell`'s whole area.
fn shade_cell(drawing: &mut Drawing, board: &Board, cell: Cell, grey: Grey) {
    drawing.items.push(Item::Fill {
        corner: board.at(cell.row() as f64, cell.column() as f64),
        width: board.cell,
        height: board.cell,
        grey,
    });
}

/// An open path through `points`, stroked with `pen`.
fn stroke(drawing: &mut Drawing, points: Vec<Point>, pen: Pen) {
    drawing.items.push(Item::Path {
        points,
        closed: false,
        pen: Some(pen),
        fill: None,
    });
}

/// A circle, filled and/or outlined.
fn circle(drawing: &mut Drawing, center: Point, radius: f64, pen: Option<Pen>, fill: Option<Grey>) {
    drawing.items.push(Item::Circle {
        center,
        radius,
        pen,
        fill,
    });
}

/// An arrowhead: two strokes `length` long, back from `tip` against `direction` at ±40°.
fn arrowhead(drawing: &mut Drawing, tip: Point, direction: (f64, f64), length: f64, pen: Pen) {
    let norm = (direction.0.hypot(direction.1)).max(f64::EPSILON);
    let (along_x, along_y) = (direction.0 / norm, direction.1 / norm);
    let (cos, sin) = (40f64.to_radians().cos(), 40f64.to_radians().sin());
    let wing = |side: f64| {
        // the backwards direction turned by ±40°
        let (back_x, back_y) = (-along_x, -along_y);
        let x = back_x * cos - side * back_y * sin;
        let y = side * back_x * sin + back_y * cos;
        point(tip.x + x * length, tip.y + y * length)
    };
    stroke(drawing, vec![wing(1.0), tip, wing(-1.0)], pen);
}
