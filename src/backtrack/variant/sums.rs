//! Rules about totals and counts: arrows, little killers, free cages' sums and the clues
//! outside the grid as tuple rules; indexers as links along each indexer cell's house.

use crate::model::variant::{Arrow, FreeCage, Indexer, LittleKiller, OutsideClue};
use crate::model::{Cell, Puzzle};

use super::Builder;
use crate::model::variant::tuple::Shape;

/// The circle (or pill) first, then the shaft.
pub(super) fn arrow(builder: &mut Builder, rule: &Arrow) {
    let mut cells = rule.circle.clone();
    cells.extend_from_slice(&rule.shaft);
    builder.tuple(&cells, Shape::Arrow(rule.circle.len()));
}

/// The diagonal's cells add up to the clue.
pub(super) fn little_killer(builder: &mut Builder, puzzle: &Puzzle, rule: &LittleKiller) {
    let cells = rule.cells(puzzle.geometry());
    builder.tuple(&cells, Shape::Sum(rule.sum));
}

/// A free cage's sum: its cells see each other (they join the peers, see
/// `distinct_groups`), so the supports' search keeps their digits apart too.
pub(super) fn free_cage(builder: &mut Builder, rule: &FreeCage) {
    if let Some(sum) = rule.sum {
        builder.tuple(&rule.cells, Shape::Sum(sum));
    }
}

/// The row or column read from the clue.
pub(super) fn outside(builder: &mut Builder, puzzle: &Puzzle, rule: &OutsideClue) {
    let cells = rule.cells(puzzle.geometry());
    builder.tuple(&cells, Shape::Outside(rule.kind, rule.value));
}

/// Each indexer cell holds d exactly when the d-th cell of its house holds the indexer's
/// number (its own position there): a link from the indexer cell to each other cell of the
/// house.
pub(super) fn indexer(builder: &mut Builder, puzzle: &Puzzle, rule: &Indexer) {
    let geometry = puzzle.geometry();
    let region_of = |cell: Cell| puzzle.region_of(cell);
    for &indexing in &rule.cells {
        let (house, position) = rule.house(geometry, &region_of, indexing);
        let number = position as u32 + 1;
        for (index, &target) in house.iter().enumerate() {
            if index == position {
                continue;
            }
            let points_here = index as u32 + 1;
            builder.relate(indexing, target, move |digit, there| {
                (digit == points_here) == (there == number)
            });
        }
    }
}
