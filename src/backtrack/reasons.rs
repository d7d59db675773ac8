//! Reasons for a person when a puzzle has no solution and the contradiction is direct:
//! which cell, house, cage or comparison breaks.

use crate::model::{CageId, Grid, Puzzle};

use super::cages::CageOrigin;
use super::layout::Layout;
use super::propagate::{Contradiction, Rules};

/// The plainest reason the givens alone show, if any: two equal givens that see each
/// other, or an empty cell whose peers' givens take every digit. Propagation may stumble
/// on a consequence elsewhere first; this names the cause.
pub(super) fn from_givens(layout: &Layout, givens: &Grid) -> Option<String> {
    let values = givens.values();
    let mask = |cell: usize| match values[cell] {
        0 => 0,
        value => 1u32 << (value - 1),
    };
    let cell_name = |cell: usize| {
        givens
            .geometry()
            .cell_at(cell)
            .expect("cell inside the grid")
    };
    for (cell, &value) in values.iter().enumerate() {
        let seen = layout
            .peers_of(cell)
            .iter()
            .fold(0, |seen, &peer| seen | mask(usize::from(peer)));
        if value == 0 && seen & layout.all_digits == layout.all_digits {
            return Some(format!("{}: no digit fits", cell_name(cell)));
        }
        if seen & mask(cell) != 0 {
            return Some(format!(
                "{}: {} is already seen by a peer",
                cell_name(cell),
                value
            ));
        }
    }
    None
}

/// Words a direct contradiction for a person.
pub(super) fn of_contradiction(
    puzzle: &Puzzle,
    rules: &Rules,
    contradiction: Contradiction,
) -> String {
    let geometry = puzzle.geometry();
    match contradiction {
        Contradiction::NoDigit { cell } => {
            let cell = geometry
                .cell_at(usize::from(cell))
                .expect("cell inside the grid");
            format!("{cell}: no digit fits")
        }
        Contradiction::NoPlace { house, digit } => format!(
            "{}: no place for {}",
            puzzle.houses()[usize::from(house)].kind(),
            digit + 1
        ),
        Contradiction::Cage { cage } => {
            let cage = usize::from(cage);
            match rules.cages.cages[cage].origin {
                CageOrigin::Puzzle => {
                    let cage = puzzle.cage(CageId::new(cage));
                    match cage.sum {
                        Some(sum) => {
                            format!("cage {}: no digits fit the sum {sum}", cage.label)
                        }
                        None => format!("cage {}: no digits fit", cage.label),
                    }
                }
                CageOrigin::Region(region) => format!(
                    "{}: the cells left over by its cages cannot make up its total",
                    rules.cages.regions[usize::from(region)]
                ),
            }
        }
        Contradiction::Sum { sum } => {
            let region = rules.cages.sums[usize::from(sum)].region;
            format!(
                "{}: the cells in and out of its cages cannot make up its total",
                rules.cages.regions[usize::from(region)]
            )
        }
        Contradiction::Rule { rule } => {
            let source = rules.variants.tuples[usize::from(rule)].source;
            format!("{}: no digits fit", puzzle.constraints()[source])
        }
        Contradiction::Comparison { comparison } => {
            let comparison = puzzle
                .comparisons()
                .nth(usize::from(comparison))
                .expect("comparison exists");
            format!(
                "cage {} {} cage {} cannot hold",
                puzzle.cage(comparison.first).label,
                comparison.relation.symbol(),
                puzzle.cage(comparison.second).label
            )
        }
    }
}
