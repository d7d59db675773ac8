//! Rules drawn as lines through cell centres, under the digits: thermometers (a bulb and a
//! thick line; a slow one with a white stripe down its middle), between lines (with a
//! circle at each end), and renban, zipper, palindrome, whispers, region sum, entropic and
//! modular lines, double arrows, lockout and nabner lines, each its own grey level, width or
//! dash since print has no colour.

use crate::model::variant::{Line, LineKind};
use crate::model::{Constraint, Puzzle};

use super::super::drawing::{point, Drawing, Grey, Pen, Point};
use super::{circle, stroke, Board};

/// How a line rule is drawn: grey level, width and dashes, as shares of a cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineStyle {
    /// The grey level.
    pub grey: Grey,
    /// The width, as a share of a cell.
    pub width: f64,
    /// Dash and gap lengths as shares of a cell, or `None` for a solid line.
    pub dash: Option<(f64, f64)>,
}

/// The style of each line rule. Thermometers are the light thick lines setters know;
/// the rest step through greys and widths so no two look alike (colours on f-puzzles:
/// renban purple, whispers green, palindrome grey, region sum blue, and so on).
pub fn style(kind: LineKind) -> LineStyle {
    let (grey, width, dash) = match kind {
        LineKind::Thermometer | LineKind::SlowThermometer => (0.8, 0.3, None),
        LineKind::Renban => (0.6, 0.26, None),
        LineKind::Zipper => (0.7, 0.2, None),
        LineKind::Palindrome => (0.72, 0.12, None),
        LineKind::Whispers(_) => (0.48, 0.16, None),
        LineKind::RegionSum => (0.55, 0.08, None),
        LineKind::Entropic => (0.3, 0.05, None),
        // every gap wider than its line: the round caps reach half the width into each gap
        LineKind::Modular => (0.4, 0.1, Some((0.16, 0.18))),
        LineKind::Between => (0.7, 0.06, None),
        LineKind::DoubleArrow => (0.4, 0.035, Some((0.08, 0.06))),
        LineKind::Lockout => (0.5, 0.12, Some((0.3, 0.2))),
        // dots: the round caps make each near-empty dash a dot, and the gaps, wider than
        // the line, stay open between them
        LineKind::Nabner => (0.65, 0.12, Some((0.01, 0.22))),
    };
    LineStyle { grey, width, dash }
}

/// The radius of a thermometer's bulb and of a between line's end circles, as shares of a
/// cell.
const BULB: f64 = 0.38;
const BETWEEN_END: f64 = 0.4;

/// Draws every line rule, in the order given, then the slow thermometers' stripes (so
/// where slow thermometers cross, both stripes show).
pub fn draw(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    let lines: Vec<&Line> = puzzle
        .constraints()
        .iter()
        .filter_map(|constraint| match constraint {
            Constraint::Line(line) => Some(line),
            _ => None,
        })
        .collect();
    for line in &lines {
        draw_line(drawing, line, board);
    }
    for line in lines
        .iter()
        .filter(|line| line.kind == LineKind::SlowThermometer)
    {
        let centres: Vec<Point> = line.cells.iter().map(|&cell| board.center(cell)).collect();
        // the stripe starts at the bulb's edge
        let mut stripe = vec![toward(centres[0], centres[1], board.part(BULB))];
        stripe.extend_from_slice(&centres[1..]);
        stroke(drawing, stripe, board.pen(0.08, 1.0));
    }
}

fn draw_line(drawing: &mut Drawing, line: &Line, board: &Board) {
    let style = style(line.kind);
    let pen = Pen {
        width: board.part(style.width).max(super::THINNEST_LINE),
        grey: style.grey,
        dash: style
            .dash
            .map(|(on, off)| (board.part(on), board.part(off))),
    };
    let mut centres: Vec<Point> = line.cells.iter().map(|&cell| board.center(cell)).collect();
    match line.kind {
        LineKind::Thermometer | LineKind::SlowThermometer => {
            circle(
                drawing,
                centres[0],
                board.part(BULB),
                None,
                Some(style.grey),
            );
            stroke(drawing, centres, pen);
        }
        LineKind::Between => {
            // the circles stay open (a thermometer's bulb or a digit may sit in them), so
            // the line stops at their edges
            let last = centres.len() - 1;
            let ends = [centres[0], centres[last]];
            let radius = board.part(BETWEEN_END);
            centres[0] = toward(ends[0], centres[1], radius);
            centres[last] = toward(ends[1], centres[last - 1], radius);
            stroke(drawing, centres, pen);
            for end in ends {
                circle(drawing, end, radius, Some(board.pen(0.035, 0.4)), None);
            }
        }
        _ => stroke(drawing, centres, pen),
    }
}

/// The point `distance` from `from` on the way to `to`.
pub(super) fn toward(from: Point, to: Point, distance: f64) -> Point {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = dx.hypot(dy).max(f64::EPSILON);
    point(
        from.x + dx / length * distance,
        from.y + dy / length * distance,
    )
}
