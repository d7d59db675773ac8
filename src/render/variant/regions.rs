//! Irregular regions drawn with bold borders where two regions meet (the grid has no boxes
//! to draw), and extra regions shaded.

use crate::model::{Cell, Constraint, HouseKind, Puzzle};

use super::super::board::bold_width;
use super::super::drawing::Drawing;
use super::{shade_cell, Board};

/// The grey of an extra region's cells.
pub const EXTRA_REGION_GREY: f64 = 0.82;

/// Shades the cells of every extra region (of n cells or fewer).
pub fn draw_shading(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    let mut cells: Vec<Cell> = Vec::new();
    for constraint in puzzle.constraints() {
        match constraint {
            Constraint::ExtraRegion(region) => cells.extend(region),
            Constraint::Distinct(house) if matches!(house.kind(), HouseKind::Extra(_)) => {
                cells.extend(house.cells())
            }
            _ => {}
        }
    }
    cells.sort();
    cells.dedup();
    for cell in cells {
        shade_cell(drawing, board, cell, EXTRA_REGION_GREY);
    }
}

/// Draws a bold line along every edge between two cells of different irregular regions,
/// joined into runs along each grid line.
pub fn draw_borders(drawing: &mut Drawing, puzzle: &Puzzle, board: &Board) {
    let Some(regions) = puzzle.regions() else {
        return;
    };
    let geometry = puzzle.geometry();
    let size = usize::from(geometry.size());
    let width = bold_width(board.cell);
    let region = |row: usize, column: usize| {
        geometry
            .cell(row, column)
            .map(|cell| regions.region_of(cell))
    };
    // edges between rows `line - 1` and `line` (horizontal), then between columns
    for horizontal in [true, false] {
        for line in 1..size {
            let mut run: Option<usize> = None;
            for step in 0..=size {
                let border = step < size && {
                    let (before, after) = if horizontal {
                        (region(line - 1, step), region(line, step))
                    } else {
                        (region(step, line - 1), region(step, line))
                    };
                    before != after
                };
                match (border, run) {
                    (true, None) => run = Some(step),
                    (false, Some(start)) => {
                        let (from, to) = if horizontal {
                            (
                                board.at(line as f64, start as f64),
                                board.at(line as f64, step as f64),
                            )
                        } else {
                            (
                                board.at(start as f64, line as f64),
                                board.at(step as f64, line as f64),
                            )
                        };
                        drawing.line(from, to, width);
                        run = None;
                    }
                    _ => {}
                }
            }
        }
    }
}
