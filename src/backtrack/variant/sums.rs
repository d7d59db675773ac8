//! Rules about totals and counts: arrows, little killers and the clues outside the grid as
//! tuple rules; column indexers as links along each row.

use crate::model::variant::{Arrow, Indexer, LittleKiller, OutsideClue, OutsideKind};
use crate::model::Puzzle;

use super::{Builder, Shape};

/// The circle (or pill) first, then the shaft.
pub(super) fn arrow(builder: &mut Builder, rule: &Arrow) {
    let mut cells = rule.circle.clone();
    cells.extend_from_slice(&rule.shaft);
    builder.tuple(
        &cells,
        Shape::Arrow {
            circle: rule.circle.len(),
        },
    );
}

/// The diagonal's cells add up to the clue.
pub(super) fn little_killer(builder: &mut Builder, puzzle: &Puzzle, rule: &LittleKiller) {
    let cells = rule.cells(puzzle.geometry());
    builder.tuple(&cells, Shape::Sum { sum: rule.sum });
}

/// The row or column read from the clue.
pub(super) fn outside(builder: &mut Builder, puzzle: &Puzzle, rule: &OutsideClue) {
    let cells = rule.cells(puzzle.geometry());
    let value = rule.value;
    let shape = match rule.kind {
        OutsideKind::Sandwich => Shape::Sandwich { value },
        OutsideKind::XSum => Shape::XSum { value },
        OutsideKind::Skyscraper => Shape::Skyscraper { value },
    };
    builder.tuple(&cells, shape);
}

/// In every row, the indexing cell holds d exactly when column d holds the indexing
/// column's number: a link from the indexing cell to each other cell of the row.
pub(super) fn indexer(builder: &mut Builder, puzzle: &Puzzle, rule: &Indexer) {
    let geometry = puzzle.geometry();
    let column = usize::from(rule.column);
    let number = column as u32 + 1;
    for row in 0..usize::from(geometry.size()) {
        let Some(indexing) = geometry.cell(row, column) else {
            continue;
        };
        for other in 0..usize::from(geometry.size()) {
            if other == column {
                continue;
            }
            let Some(target) = geometry.cell(row, other) else {
                continue;
            };
            let points_here = other as u32 + 1;
            builder.relate(indexing, target, move |digit, there| {
                (digit == points_here) == (there == number)
            });
        }
    }
}
