//! Line rules: thermometers, palindromes, whispers, entropic and modular lines as links
//! between cells along the line; between, renban, zipper, region sum lines, double arrows
//! and lockout lines as tuple rules, read as the model reads them (the grader too); nabner
//! lines as links between every two of their cells. Renban, thermometer and nabner cells must
//! also differ (peers).

use crate::model::variant::tuple::line_tuple;
use crate::model::variant::{entropic_band, lockout_difference, Line, LineKind, NABNER_GAP};
use crate::model::{Cell, Puzzle};

use super::super::layout::cell_index;
use super::Builder;

/// The cells of a line that must hold different digits: all of a renban, a thermometer or a
/// nabner line.
pub(super) fn distinct_group(line: &Line, groups: &mut Vec<Vec<u16>>) {
    if matches!(
        line.kind,
        LineKind::Renban | LineKind::Thermometer | LineKind::Nabner
    ) {
        groups.push(
            line.cells
                .iter()
                .map(|cell| cell_index(cell.index()))
                .collect(),
        );
    }
}

/// The links or tuple rule of one line.
pub(super) fn line(builder: &mut Builder, puzzle: &Puzzle, line: &Line) {
    let cells = &line.cells;
    let length = cells.len();
    let size = builder.size() as u32;
    match line.kind {
        LineKind::Thermometer => along(builder, cells, 1, |a, b| a < b),
        LineKind::SlowThermometer => along(builder, cells, 1, |a, b| a <= b),
        LineKind::Whispers(difference) => {
            along(builder, cells, 1, move |a, b| a.abs_diff(b) >= difference)
        }
        LineKind::Palindrome => {
            for index in 0..length / 2 {
                builder.relate(cells[index], cells[length - 1 - index], |a, b| a == b);
            }
        }
        // any two cells fewer than three apart differ in class, so two cells three apart
        // share the class the two between them leave
        LineKind::Entropic => {
            let band = move |digit: u32| entropic_band(digit, size);
            along(builder, cells, 1, move |a, b| band(a) != band(b));
            along(builder, cells, 2, move |a, b| band(a) != band(b));
            along(builder, cells, 3, move |a, b| band(a) == band(b));
        }
        LineKind::Modular => {
            along(builder, cells, 1, |a, b| a % 3 != b % 3);
            along(builder, cells, 2, |a, b| a % 3 != b % 3);
            along(builder, cells, 3, |a, b| a % 3 == b % 3);
        }
        // the ends' link is all a lockout line of two cells asks
        LineKind::Lockout => {
            let difference = lockout_difference(size);
            builder.relate(cells[0], cells[length - 1], move |a, b| {
                a.abs_diff(b) >= difference
            });
            if length >= 3 {
                tuple_line(builder, puzzle, line);
            }
        }
        LineKind::Nabner => {
            for position in 1..length {
                along(builder, cells, position, |a, b| a.abs_diff(b) >= NABNER_GAP);
            }
        }
        // between, renban, zipper and region sum lines, double arrows
        _ => tuple_line(builder, puzzle, line),
    }
}

/// The tuple rule of a line, read as the model reads it ([`line_tuple`]), unless it asks
/// nothing.
fn tuple_line(builder: &mut Builder, puzzle: &Puzzle, line: &Line) {
    let size = builder.size() as u32;
    let (order, shape) = line_tuple(line.kind, &line.cells, size, &|cell| puzzle.region_of(cell));
    if !shape.asks_nothing(order.len()) {
        builder.tuple(&order, shape);
    }
}

/// Links `related(earlier, later)` between every two cells `step` apart along the line.
fn along(builder: &mut Builder, cells: &[Cell], step: usize, related: impl Fn(u32, u32) -> bool) {
    for pair in cells.windows(step + 1) {
        builder.relate(pair[0], pair[step], &related);
    }
}
