//! Rules about totals and counts: arrows (a circle or pill and a thin shaft ending in an
//! arrowhead), little killers (the sum in the frame cell with a small diagonal arrow
//! pointing along its diagonal), sandwich, X-sum and skyscraper clues (numbers in the frame
//! beside their row or column), and indexers (their cells lightly shaded).

use crate::model::variant::{Arrow, Direction, LittleKiller, OutsideClue, Side};
use crate::model::{Cell, Constraint, Puzzle};

use super::super::drawing::{point, Anchor, Drawing, Pen, Point, Typeface};
use super::super::font;
use super::lines::toward;
use super::{arrowhead, circle, shade_cell, stroke, Board};

/// The grey of an indexer cell.
pub const INDEXER_GREY: f64 = 0.93;
/// The grey of an arrow's circle outline and shaft.
pub const ARROW_GREY: f64 = 0.4;
/// The radius of an arrow's circle, and half a pill's width, as shares of a cell.
const CIRCLE: f64 = 0.4;

/// Shades each indexer cell.
pub fn draw_shading(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    for constraint in puzzle.constraints() {
        if let Constraint::Indexer(indexer) = constraint {
            for &cell in &indexer.cells {
                shade_cell(drawing, board, cell, INDEXER_GREY);
            }
        }
    }
}

/// Draws every arrow: the shafts first, then the circles (open, the shaft starting at
/// their edge) and the pills (white inside, over their shafts' ends).
pub fn draw_arrows(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    let arrows: Vec<&Arrow> = puzzle
        .constraints()
        .iter()
        .filter_map(|constraint| match constraint {
            Constraint::Arrow(arrow) => Some(arrow),
            _ => None,
        })
        .collect();
    let pen = board.pen(0.035, ARROW_GREY);
    for arrow in &arrows {
        draw_shaft(drawing, arrow, board);
    }
    for arrow in &arrows {
        if let [only] = arrow.circle.as_slice() {
            circle(
                drawing,
                board.center(*only),
                board.part(CIRCLE),
                Some(pen),
                None,
            );
            continue;
        }
        // a pill: a thick outline-coloured stroke through the cells that touch, then a
        // white one inside it
        let links = touching_pairs(&arrow.circle);
        for (width, grey) in [
            (board.part(2.0 * CIRCLE), ARROW_GREY),
            (board.part(2.0 * CIRCLE) - 2.0 * pen.width, 1.0),
        ] {
            for &(first, second) in &links {
                stroke(
                    drawing,
                    vec![board.center(first), board.center(second)],
                    Pen::solid(width, grey),
                );
            }
        }
    }
}

/// The pairs of a pill's cells that share a side (each pair once).
fn touching_pairs(cells: &[Cell]) -> Vec<(Cell, Cell)> {
    let mut pairs = Vec::new();
    for (index, &first) in cells.iter().enumerate() {
        for &second in &cells[index + 1..] {
            if first.row().abs_diff(second.row()) + first.column().abs_diff(second.column()) == 1 {
                pairs.push((first, second));
            }
        }
    }
    pairs
}

/// The shaft from the circle's cell nearest its first cell, through its cells, with an
/// arrowhead on the last one.
fn draw_shaft(drawing: &mut Drawing, arrow: &Arrow, board: &Board) {
    let (Some(&first), Some(&last)) = (arrow.shaft.first(), arrow.shaft.last()) else {
        return;
    };
    let distance = |cell: Cell| {
        cell.row()
            .abs_diff(first.row())
            .max(cell.column().abs_diff(first.column()))
    };
    let Some(&start) = arrow
        .circle
        .iter()
        .min_by_key(|&&cell| (distance(cell), cell))
    else {
        return;
    };
    let mut points = vec![board.center(start)];
    points.extend(arrow.shaft.iter().map(|&cell| board.center(cell)));
    if arrow.circle.len() == 1 {
        // an open circle: the shaft starts at its edge
        points[0] = toward(points[0], points[1], board.part(CIRCLE));
    }
    let pen = board.pen(0.035, ARROW_GREY);
    let before = points[points.len() - 2];
    let tip = board.center(last);
    stroke(drawing, points, pen);
    arrowhead(
        drawing,
        tip,
        (tip.x - before.x, tip.y - before.y),
        board.part(0.22),
        pen,
    );
}

/// The size of a little killer's sum.
pub fn little_killer_text_size(board: &Board) -> f64 {
    board.text_size(0.34, 0.45)
}

/// The size of a sandwich, X-sum or skyscraper clue.
pub fn outside_text_size(board: &Board) -> f64 {
    board.text_size(0.42, 0.55)
}

/// Draws the little killers and the clues beside rows and columns, in the frame around
/// the grid.
pub fn draw_outside(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    let size = f64::from(puzzle.size());
    for constraint in puzzle.constraints() {
        match constraint {
            Constraint::LittleKiller(clue) => draw_little_killer(drawing, clue, board),
            Constraint::Outside(clue) => draw_outside_clue(drawing, clue, size, board),
            _ => {}
        }
    }
}

/// Centres `text` on `center` (digits stand their cap height tall).
fn centred_text(drawing: &mut Drawing, center: Point, text: String, size: f64) {
    let half_height = size * font::face(Typeface::Regular).cap_height() / 2.0;
    drawing.text(
        point(center.x, center.y + half_height),
        text,
        size,
        Typeface::Regular,
        Anchor::Middle,
    );
}

fn draw_little_killer(drawing: &mut Drawing, clue: &LittleKiller, board: &Board) {
    // the frame cell f-puzzles counts from 0 (above or left of the grid)
    let (row, column) = (f64::from(clue.clue.0) - 1.0, f64::from(clue.clue.1) - 1.0);
    let center = board.at(row + 0.5, column + 0.5);
    let (down, across) = match clue.direction {
        Direction::UpLeft => (-1.0, -1.0),
        Direction::UpRight => (-1.0, 1.0),
        Direction::DownLeft => (1.0, -1.0),
        Direction::DownRight => (1.0, 1.0),
    };
    let along = |share: f64| {
        point(
            center.x + across * board.part(share),
            center.y + down * board.part(share),
        )
    };
    // the sum a little back from the centre, the arrow in the corner it points to
    centred_text(
        drawing,
        along(-0.1),
        clue.sum.to_string(),
        little_killer_text_size(board),
    );
    let pen = board.pen(0.03, 0.0);
    let (tail, tip) = (along(0.16), along(0.4));
    stroke(drawing, vec![tail, tip], pen);
    arrowhead(
        drawing,
        tip,
        (tip.x - tail.x, tip.y - tail.y),
        board.part(0.1),
        pen,
    );
}

fn draw_outside_clue(drawing: &mut Drawing, clue: &OutsideClue, size: f64, board: &Board) {
    let index = f64::from(clue.index);
    let (row, column) = match clue.side {
        Side::Top => (-1.0, index),
        Side::Bottom => (size, index),
        Side::Left => (index, -1.0),
        Side::Right => (index, size),
    };
    centred_text(
        drawing,
        board.at(row + 0.5, column + 0.5),
        clue.value.to_string(),
        outside_text_size(board),
    );
}
