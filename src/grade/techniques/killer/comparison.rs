//! Greater killer: a cage's sum bounded by the sums the cage it is compared with can reach
//! (interval propagation through `<`, `=`, `>`; the 45 rule's hidden cages bound the hidden
//! sums through the cells they share).

use super::prune;
use super::sums::reach;
use super::MAX_ENUMERATED_CELLS;
use crate::grade::board::Board;
use crate::grade::layout::{ComparisonData, Layout};
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::Context;
use crate::model::Relation;

/// What the two cages of `comparison` may hold (per cell, first cage then second) when their
/// sums must meet the relation; `None` when it cannot be met or the cages are too large.
pub(crate) fn compared<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    comparison: &ComparisonData,
) -> Option<[Vec<u32>; 2]> {
    let (first, second) = (
        &layout.cages[comparison.first],
        &layout.cages[comparison.second],
    );
    if first.cells.len() > MAX_ENUMERATED_CELLS || second.cells.len() > MAX_ENUMERATED_CELLS {
        return None;
    }
    let first_reach = reach(layout, board, &first.cells, first.sum)?;
    let second_reach = reach(layout, board, &second.cells, second.sum)?;
    // sums of cells with positive weights only: never negative
    let (low1, high1) = (first_reach.low as u32, first_reach.high as u32);
    let (low2, high2) = (second_reach.low as u32, second_reach.high as u32);
    // the allowed sums of each cage
    let (range1, range2) = match comparison.relation {
        Relation::Less => (
            (low1, high1.min(high2.saturating_sub(1))),
            (low2.max(low1 + 1), high2),
        ),
        Relation::Greater => (
            (low1.max(low2 + 1), high1),
            (low2, high2.min(high1.saturating_sub(1))),
        ),
        Relation::Equal => {
            let range = (low1.max(low2), high1.min(high2));
            (range, range)
        }
    };
    let mut allowed = [Vec::new(), Vec::new()];
    for (slot, (cage, (low, high))) in [(first, range1), (second, range2)].into_iter().enumerate() {
        if low > high {
            return None;
        }
        let mut possible = vec![0u32; cage.cells.len()];
        for total in low..=high {
            if cage.sum.is_some_and(|sum| sum != total) {
                continue;
            }
            if let Some(reached) = reach(layout, board, &cage.cells, Some(total)) {
                for (mask, reached_mask) in possible.iter_mut().zip(reached.possible) {
                    *mask |= reached_mask;
                }
            }
        }
        allowed[slot] = possible;
    }
    Some(allowed)
}

/// Greater killer: a cage's sum bounded by the other cage's reachable sums.
pub(crate) fn cage_comparison<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    for comparison in &layout.comparisons {
        let Some(allowed) = compared(layout, board, comparison) else {
            continue;
        };
        let (first, second) = (
            &layout.cages[comparison.first],
            &layout.cages[comparison.second],
        );
        for (cage, possible) in [first, second].into_iter().zip(&allowed) {
            let mut finding = Finding::new(Technique::CageComparison);
            prune(board, &cage.cells, possible, &mut finding);
            if !finding.eliminations.is_empty() {
                finding.cells = cage.cells.clone();
                finding.groups = vec![first.cells.clone(), second.cells.clone()];
                return Some(finding);
            }
        }
    }
    None
}
