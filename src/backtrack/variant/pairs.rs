//! Rules between two cells: anti-knight and anti-king (cells that must differ), Kropki dots,
//! XV and their negative constraints, and clones (links).

use crate::model::variant::{ChessMove, CloneRule, Dot, Negative};
use crate::model::{Geometry, Puzzle};

use super::super::layout::cell_index;
use super::Builder;

/// Every cell and each cell a move away, as two-cell groups that must differ (each pair
/// once).
pub(super) fn chess_groups(geometry: Geometry, rule: ChessMove, groups: &mut Vec<Vec<u16>>) {
    for cell in geometry.cells() {
        for other in rule.reach(geometry, cell) {
            if cell < other {
                groups.push(vec![cell_index(cell.index()), cell_index(other.index())]);
            }
        }
    }
}

/// A dot, X or V: its two digits stand in its relation.
pub(super) fn dot(builder: &mut Builder, dot: &Dot) {
    let kind = dot.kind;
    builder.relate(dot.first, dot.second, |first, second| {
        kind.allows(first, second)
    });
}

/// Every unmarked pair of neighbours stands in none of the forbidden relations.
pub(super) fn negative(builder: &mut Builder, puzzle: &Puzzle, rule: &Negative) {
    let forbidden: Vec<_> = rule.forbidden().collect();
    for (first, second) in rule.unmarked_pairs(puzzle.geometry(), puzzle.dots()) {
        builder.relate(first, second, |a, b| {
            forbidden.iter().all(|kind| !kind.allows(a, b))
        });
    }
}

/// Each cell and its clone hold the same digit.
pub(super) fn clone(builder: &mut Builder, rule: &CloneRule) {
    for (&first, &second) in rule.first.iter().zip(&rule.second) {
        builder.relate(first, second, |a, b| a == b);
    }
}
