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
    for (slot, cage) in layout.cages.iter().enumerate() {
        let Some(sum) = cage.sum else {
            continue;
        };
        if (cage.set & board.empty).is_empty() {
            continue;
        }
        // the answer depends on the cage's candidates only: skip a cage unchanged since it
        // last gave nothing
        let cells = cage.cells.iter().copied();
        if context
            .memo
            .is_barren_at(Technique::CageCombination, slot, board, cells.clone())
        {
            continue;
        }
        let mut finding = Finding::new(Technique::CageCombination);
        if let Some(reached) = reach(layout, board, &cage.cells, Some(sum)) {
            prune(board, &cage.cells, &reached.possible, &mut finding);
        }
        if finding.eliminations.is_empty() {
            context
                .memo
                .set_barren_at(Technique::CageCombination, slot, board, cells);
        } else {
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
