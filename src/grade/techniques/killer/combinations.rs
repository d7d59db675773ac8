//! Cage combinations: digits no combination of a cage's sum can place.

use super::sums::reach;
use super::{combinations_after, prune};
use crate::grade::board::Board;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::Context;

/// The first cage whose sum rules out some candidates of its cells.
pub(crate) fn cage_combinations<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    for cage in &layout.cages {
        let Some(sum) = cage.sum else {
            continue;
        };
        if (cage.set & board.empty).is_empty() {
            continue;
        }
        let Some(reached) = reach(layout, board, &cage.cells, Some(sum)) else {
            continue;
        };
        let mut finding = Finding::new(Technique::CageCombination);
        prune(board, &cage.cells, &reached.possible, &mut finding);
        if !finding.eliminations.is_empty() {
            finding.cells = cage.cells.clone();
            finding.groups.push(cage.cells.clone());
            finding.totals.push(sum as i32);
            let kept = combinations_after(layout, board, &cage.cells, sum as i32, &finding);
            finding.combinations.push(kept);
            return Some(finding);
        }
    }
    None
}
