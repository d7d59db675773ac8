//! Rules on single cells and small groups: even cells as grey squares and odd cells as grey
//! circles, minimum/maximum cells shaded with a chevron at each side, quadruples as a white
//! circle on the corner holding their digits.

use crate::model::variant::{ExtremumKind, PencilMarks, Quadruple};
use crate::model::{Constraint, Puzzle};

use super::super::drawing::{point, text_width, Anchor, Drawing, Item, Point, Typeface};
use super::super::font;
use super::{circle, shade_cell, stroke, Board};

/// The grey of even squares and odd circles.
pub const PARITY_GREY: f64 = 0.8;
/// The grey of minimum and maximum cells.
pub const EXTREMUM_GREY: f64 = 0.88;

/// Shades min/max cells and draws the even squares and odd circles.
pub fn draw_shading(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    for constraint in puzzle.constraints() {
        match constraint {
            Constraint::Extremum(extremum) => {
                shade_cell(drawing, board, extremum.cell, EXTREMUM_GREY)
            }
            Constraint::Parity(parity) => {
                let center = board.center(parity.cell);
                if parity.even {
                    let half = board.part(0.3);
                    drawing.items.push(Item::Fill {
                        corner: point(center.x - half, center.y - half),
                        width: 2.0 * half,
                        height: 2.0 * half,
                        grey: PARITY_GREY,
                    });
                } else {
                    circle(drawing, center, board.part(0.32), None, Some(PARITY_GREY));
                }
            }
            _ => {}
        }
    }
}

/// Draws a chevron inside each side of every min/max cell: pointing out of a maximum (its
/// neighbours are all smaller, as `>` points at the smaller side), into a minimum.
pub fn draw_chevrons(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    let pen = board.pen(0.03, 0.25);
    for constraint in puzzle.constraints() {
        let Constraint::Extremum(extremum) = constraint else {
            continue;
        };
        let center = board.center(extremum.cell);
        let (near, far) = (0.06, 0.16);
        let (tip, wings) = match extremum.kind {
            ExtremumKind::Maximum => (near, far),
            ExtremumKind::Minimum => (far, near),
        };
        // (outward, along) for the four sides
        for (outward, along) in [
            ((0.0, -1.0), (1.0, 0.0)),
            ((0.0, 1.0), (1.0, 0.0)),
            ((-1.0, 0.0), (0.0, 1.0)),
            ((1.0, 0.0), (0.0, 1.0)),
        ] {
            let at = |from_edge: f64, sideways: f64| {
                let out = board.part(0.5 - from_edge);
                let across = board.part(sideways);
                point(
                    center.x + outward.0 * out + along.0 * across,
                    center.y + outward.1 * out + along.1 * across,
                )
            };
            stroke(
                drawing,
                vec![at(wings, -0.14), at(tip, 0.0), at(wings, 0.14)],
                pen,
            );
        }
    }
}

/// The size of a quadruple's digits: smaller when four share the circle.
pub fn quadruple_text_size(board: &Board, digits: usize) -> f64 {
    if digits <= 2 {
        board.text_size(0.24, 0.28)
    } else {
        board.text_size(0.21, 0.25)
    }
}

/// Draws every quadruple: a white circle on the corner its cells share, its digits inside
/// (two lines of two when there are three or four).
pub fn draw_quadruples(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    let size = usize::from(puzzle.size());
    for constraint in puzzle.constraints() {
        if let Constraint::Quadruple(quadruple) = constraint {
            let corner = corner_of(quadruple, size, board);
            draw_quadruple(drawing, quadruple, corner, board);
        }
    }
}

/// The grid corner a quadruple's cells surround (on the border for two cells along it).
fn corner_of(quadruple: &Quadruple, size: usize, board: &Board) -> Point {
    let place = |values: Vec<usize>| {
        let low = values.iter().copied().min().unwrap_or(0);
        let high = values.iter().copied().max().unwrap_or(0);
        if high > low || (low > 0 && low + 1 < size) {
            low + 1
        } else if low == 0 {
            0
        } else {
            size
        }
    };
    let row = place(quadruple.cells.iter().map(|cell| cell.row()).collect());
    let column = place(quadruple.cells.iter().map(|cell| cell.column()).collect());
    board.at(row as f64, column as f64)
}

fn draw_quadruple(drawing: &mut Drawing, quadruple: &Quadruple, corner: Point, board: &Board) {
    let digits: Vec<String> = quadruple
        .digits
        .iter()
        .map(|digit| crate::notation::character(*digit).to_string())
        .collect();
    let lines: Vec<String> = if digits.len() <= 2 {
        vec![digits.concat()]
    } else {
        digits.chunks(2).map(|pair| pair.concat()).collect()
    };
    let size = quadruple_text_size(board, digits.len());
    let typeface = Typeface::Regular;
    let cap_height = size * font::face(typeface).cap_height();
    let leading = cap_height * 1.35;
    let widest = lines
        .iter()
        .map(|line| text_width(line, typeface, size))
        .fold(0.0, f64::max);
    let tall = cap_height + leading * (lines.len() - 1) as f64;
    let radius = ((widest / 2.0).hypot(tall / 2.0) + board.part(0.03))
        .max(board.part(0.26))
        .min(board.corner_room());
    circle(
        drawing,
        corner,
        radius,
        Some(board.pen(0.025, 0.0)),
        Some(1.0),
    );
    let first_baseline = corner.y - tall / 2.0 + cap_height;
    for (index, line) in lines.into_iter().enumerate() {
        drawing.items.push(Item::Text {
            at: point(corner.x, first_baseline + leading * index as f64),
            text: line,
            size,
            typeface,
            anchor: Anchor::Middle,
            grey: 0.0,
        });
    }
}

/// The text of a cell's given pencil marks: its digits, in rising order.
pub fn pencil_marks_text(marks: &PencilMarks) -> String {
    marks
        .digits
        .iter()
        .map(|digit| crate::notation::character(*digit))
        .collect()
}

/// Writes each cell's given pencil marks small across its middle, in grey (a clue, so they
/// print on the puzzle; the solver's digit covers them).
pub fn draw_pencil_marks(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    for constraint in puzzle.constraints() {
        let Constraint::PencilMarks(marks) = constraint else {
            continue;
        };
        let text = pencil_marks_text(marks);
        let size = board.part((1.4 / marks.digits.len() as f64).min(0.3));
        let typeface = Typeface::Regular;
        let cap_height = size * font::face(typeface).cap_height();
        let center = board.center(marks.cell);
        drawing.items.push(Item::Text {
            at: point(center.x, center.y + cap_height / 2.0),
            text,
            size,
            typeface,
            anchor: Anchor::Middle,
            grey: 0.35,
        });
    }
}
