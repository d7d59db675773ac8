//! Greater killer: hidden sums bounded by interval propagation. Every cage without a sum has
//! a range of sums its candidates reach; comparisons (`<`, `=`, `>`) narrow the ranges of the
//! two cages they join, and the 45 rule over a house or a run of adjacent houses narrows each
//! hidden sum inside it by what the rest of the region can add. Round after round the ranges
//! shrink; a cage whose range shrank keeps only the digits of sums inside it.

use super::prune;
use super::rule45::{regions, Region};
use super::sums::reach;
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::layout::Layout;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::Context;
use crate::model::Relation;

/// Most rounds of propagation (each narrows some range, or the propagation stops).
const MAX_ROUNDS: usize = 32;

/// A union of houses as a linear sum: the hidden-sum cages wholly inside it, plus a known
/// amount, plus cells whose digits are only bounded by their candidates.
struct RegionSum<const W: usize> {
    /// Cages without a sum lying wholly inside.
    hidden: Vec<usize>,
    /// The region's total less the sums of the cages with a sum lying wholly inside.
    remaining: i32,
    /// Every other cell of the region.
    rest: Vec<usize>,
}

/// The regions of the 45 rule holding at least one cage without a sum.
fn region_sums<const W: usize>(layout: &Layout<W>) -> Vec<RegionSum<W>> {
    let house_total = (layout.size * (layout.size + 1) / 2) as i32;
    let mut found = Vec::new();
    for Region {
        houses,
        cells: region,
    } in regions(layout)
    {
        let mut hidden = Vec::new();
        let mut remaining = house_total * houses.len() as i32;
        let mut covered = CellSet::<W>::EMPTY;
        for (number, cage) in layout.cages.iter().enumerate() {
            if !cage.set.is_subset(&region) {
                continue;
            }
            covered |= cage.set;
            match cage.sum {
                Some(sum) => remaining -= sum as i32,
                None => hidden.push(number),
            }
        }
        if hidden.is_empty() {
            continue;
        }
        found.push(RegionSum {
            hidden,
            remaining,
            rest: region.minus(&covered).to_vec(),
        });
    }
    found
}

/// The least and most a cell can add: its digit, or its smallest and largest candidates.
fn cell_range<const W: usize>(board: &Board<W>, cell: usize) -> (i32, i32) {
    match board.values[cell] {
        0 => {
            let mask = board.candidates[cell];
            (
                mask.trailing_zeros() as i32 + 1,
                32 - mask.leading_zeros() as i32,
            )
        }
        value => (i32::from(value), i32::from(value)),
    }
}

/// Narrows `ranges` (per cage: least and most sum) to a fixed point; false when some range
/// empties (the grid contradicts itself: conclude nothing).
fn propagate<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    region_sums: &[RegionSum<W>],
    ranges: &mut [(i32, i32)],
) -> bool {
    for _ in 0..MAX_ROUNDS {
        let before = ranges.to_vec();
        for comparison in &layout.comparisons {
            let (first, second) = (comparison.first, comparison.second);
            let (low1, high1) = ranges[first];
            let (low2, high2) = ranges[second];
            let (one, two) = match comparison.relation {
                Relation::Less => ((low1, high1.min(high2 - 1)), (low2.max(low1 + 1), high2)),
                Relation::Greater => ((low1.max(low2 + 1), high1), (low2, high2.min(high1 - 1))),
                Relation::Equal => {
                    let both = (low1.max(low2), high1.min(high2));
                    (both, both)
                }
            };
            ranges[first] = one;
            ranges[second] = two;
        }
        for region in region_sums {
            let (rest_low, rest_high) = region
                .rest
                .iter()
                .map(|&cell| cell_range(board, cell))
                .fold((0, 0), |(low, high), (least, most)| {
                    (low + least, high + most)
                });
            let low_sum: i32 = region.hidden.iter().map(|&cage| ranges[cage].0).sum();
            let high_sum: i32 = region.hidden.iter().map(|&cage| ranges[cage].1).sum();
            for &cage in &region.hidden {
                let (low, high) = ranges[cage];
                let others_low = low_sum - low;
                let others_high = high_sum - high;
                ranges[cage] = (
                    low.max(region.remaining - rest_high - others_high),
                    high.min(region.remaining - rest_low - others_low),
                );
            }
        }
        if ranges.iter().any(|&(low, high)| low > high) {
            return false;
        }
        if ranges == before.as_slice() {
            return true;
        }
    }
    true
}

/// The first cage without a sum whose digits the propagated range of its sum narrows.
pub(crate) fn hidden_sum_bounds<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    if layout.cages.iter().all(|cage| cage.sum.is_some()) {
        return None;
    }
    let mut ranges: Vec<(i32, i32)> = Vec::with_capacity(layout.cages.len());
    for cage in &layout.cages {
        let reached = reach(layout, board, &cage.cells, cage.sum)?;
        ranges.push((reached.low, reached.high));
    }
    let reached_ranges = ranges.clone();
    let region_sums = region_sums(layout);
    if !propagate(layout, board, &region_sums, &mut ranges) {
        return None;
    }
    for (number, cage) in layout.cages.iter().enumerate() {
        let (low, high) = ranges[number];
        if cage.sum.is_some()
            || (low, high) == reached_ranges[number]
            || (cage.set & board.empty).is_empty()
        {
            continue;
        }
        let mut possible = vec![0u32; cage.cells.len()];
        for total in low.max(0)..=high {
            if let Some(reached) = reach(layout, board, &cage.cells, Some(total as u32)) {
                for (mask, reached_mask) in possible.iter_mut().zip(reached.possible) {
                    *mask |= reached_mask;
                }
            }
        }
        let mut finding = Finding::new(Technique::HiddenSumBounds);
        prune(board, &cage.cells, &possible, &mut finding);
        if finding.eliminations.is_empty() {
            continue;
        }
        finding.cells = cage.cells.clone();
        finding.groups.push(cage.cells.clone());
        finding.totals = vec![low, high];
        return Some(finding);
    }
    None
}
