//! Marks between two neighbours, on the edge they share: white and black Kropki dots (with
//! their value inside when it is not the usual 1 or 2), X and V (or any other sum); and
//! clones, shaded.

use crate::model::variant::{Dot, DotKind};
use crate::model::{Constraint, Puzzle};

use super::super::drawing::{point, text_width, Anchor, Drawing, Item, Typeface};
use super::super::font;
use super::{circle, shade_cell, Board};

/// The grey of a clone's cells (both shapes).
pub const CLONE_GREY: f64 = 0.9;

/// Shades both shapes of every clone.
pub fn draw_shading(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    for constraint in puzzle.constraints() {
        if let Constraint::Clone(clone) = constraint {
            for &cell in clone.first.iter().chain(&clone.second) {
                shade_cell(drawing, board, cell, CLONE_GREY);
            }
        }
    }
}

/// The size of the text a dot carries, if it carries any: a Kropki dot's unusual value, a
/// sum other than X and V, or the letter X or V.
pub fn text_size(board: &Board, dot: &Dot) -> Option<f64> {
    match dot.kind {
        DotKind::Difference(1) | DotKind::Ratio(2) => None,
        DotKind::Difference(_) | DotKind::Ratio(_) => Some(board.text_size(0.22, 0.26)),
        DotKind::Sum(_) => Some(board.text_size(0.34, 0.38)),
    }
}

/// Draws every dot, X and V on the middle of its edge.
pub fn draw_marks(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    for dot in puzzle.dots() {
        draw_dot(drawing, board, dot);
    }
}

fn draw_dot(drawing: &mut Drawing, board: &Board, dot: &Dot) {
    let (first, second) = (board.center(dot.first), board.center(dot.second));
    let middle = point((first.x + second.x) / 2.0, (first.y + second.y) / 2.0);
    let room = board.edge_room();
    let outline = board.pen(0.025, 0.0);
    let (label, size, text_grey) = match (dot.kind, text_size(board, dot)) {
        (DotKind::Sum(10), Some(size)) => ("X".to_string(), size, 0.0),
        (DotKind::Sum(5), Some(size)) => ("V".to_string(), size, 0.0),
        (DotKind::Ratio(value), Some(size)) => (value.to_string(), size, 1.0),
        (kind, Some(size)) => (kind.value().to_string(), size, 0.0),
        (DotKind::Ratio(_), None) => {
            // the usual black dot: filled
            let radius = board.part(0.1).min(room);
            circle(drawing, middle, radius, Some(outline), Some(0.0));
            return;
        }
        (_, None) => {
            let radius = board.part(0.1).min(room);
            circle(drawing, middle, radius, Some(outline), Some(1.0));
            return;
        }
    };
    let typeface = Typeface::Bold;
    let width = text_width(&label, typeface, size);
    let cap_height = size * font::face(typeface).cap_height();
    // a disc just round the text: white under X and V (it hides the grid line), the dot's
    // own colour under a value
    let radius = ((width / 2.0).hypot(cap_height / 2.0) + board.part(0.02)).min(room);
    match dot.kind {
        DotKind::Sum(_) => circle(drawing, middle, radius, None, Some(1.0)),
        DotKind::Ratio(_) => circle(drawing, middle, radius, Some(outline), Some(0.0)),
        DotKind::Difference(_) => circle(drawing, middle, radius, Some(outline), Some(1.0)),
    }
    drawing.items.push(Item::Text {
        at: point(middle.x, middle.y + cap_height / 2.0),
        text: label,
        size,
        typeface,
        anchor: Anchor::Middle,
        grey: text_grey,
    });
}
