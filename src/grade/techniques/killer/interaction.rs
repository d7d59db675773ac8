//! Cage/house interaction: a digit every combination of a cage (or hidden cage) needs,
//! confined to one house, and a house's digit confined to one cage.

use super::combinations_after;
use super::rule45::sum_regions;
use super::sums::{choices_of, options_of};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::{digits_of, Context};

/// A digit every combination of a cage uses, confined in the cage to one house, leaves the
/// rest of that house; a house's digit confined to one cage leaves the rest of the cage.
pub(crate) fn cage_house_interaction<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    for cage in &layout.cages {
        let open: Vec<usize> = cage
            .cells
            .iter()
            .copied()
            .filter(|&c| board.values[c] == 0)
            .collect();
        if open.is_empty() {
            continue;
        }
        let Some(sum) = cage.sum else {
            continue;
        };
        let placed: u32 = cage
            .cells
            .iter()
            .filter(|&&c| board.values[c] != 0)
            .map(|&c| u32::from(board.values[c]))
            .sum();
        let placed_digits: u32 = cage
            .cells
            .iter()
            .filter(|&&c| board.values[c] != 0)
            .fold(0, |acc, &c| acc | 1 << (board.values[c] - 1));
        // digits in every combination of the open cells
        let union = open.iter().fold(0u32, |acc, &c| acc | board.candidates[c]);
        let target = sum - placed.min(sum);
        let mut required = union;
        let mut any = false;
        let digits: Vec<usize> = digits_of(union & !placed_digits).collect();
        crate::grade::techniques::for_each_combination(digits.len(), open.len(), |chosen| {
            let total: u32 = chosen.iter().map(|&i| digits[i] as u32 + 1).sum();
            if total == target {
                let mask = chosen.iter().fold(0u32, |acc, &i| acc | 1 << digits[i]);
                // every digit must have a cell to go to
                let fits = chosen
                    .iter()
                    .all(|&i| open.iter().any(|&c| board.has(c, digits[i])));
                if fits {
                    any = true;
                    required &= mask;
                }
            }
            false
        });
        if !any {
            continue;
        }
        for digit in digits_of(required) {
            let holders: CellSet<W> = open
                .iter()
                .copied()
                .filter(|&c| board.has(c, digit))
                .collect();
            for house in layout.houses_holding(&holders) {
                let targets = board.house_cells(layout, house, digit).minus(&cage.set);
                if !targets.is_empty() {
                    let mut finding = Finding::new(Technique::CageHouseInteraction);
                    finding.digits = 1 << digit;
                    finding.cells = holders.to_vec();
                    finding.houses.push(house);
                    finding.groups.push(cage.cells.clone());
                    finding.totals.push(sum as i32);
                    for cell in targets.iter() {
                        finding.eliminate(cell, digit);
                    }
                    let kept = combinations_after(layout, board, &cage.cells, sum as i32, &finding);
                    finding.combinations.push(kept);
                    return Some(finding);
                }
            }
        }
    }
    for house in 0..layout.houses.len() {
        for digit in 0..layout.size {
            let cells = board.house_cells(layout, house, digit);
            let Some(first) = cells.first() else {
                continue;
            };
            let Some(cage) = layout.cage_of[first] else {
                continue;
            };
            let cage_set = layout.cages[cage].set;
            if !cells.is_subset(&cage_set) {
                continue;
            }
            let targets = (cage_set & board.digit_cells[digit]).minus(&layout.houses[house].set);
            if !targets.is_empty() {
                let mut finding = Finding::new(Technique::CageHouseInteraction);
                finding.digits = 1 << digit;
                finding.cells = cells.to_vec();
                finding.houses.push(house);
                finding.groups.push(layout.cages[cage].cells.clone());
                if let Some(sum) = layout.cages[cage].sum {
                    finding.totals.push(sum as i32);
                    let cells = &layout.cages[cage].cells;
                    let kept = combinations_after(layout, board, cells, sum as i32, &finding);
                    finding.combinations.push(kept);
                }
                for cell in targets.iter() {
                    finding.eliminate(cell, digit);
                }
                return Some(finding);
            }
        }
    }
    None
}

/// The same for hidden cages (the 45 rule's sums without outies) whose cells all see each
/// other: a digit every combination needs, whose places in the hidden cage lie in one house,
/// leaves the rest of that house.
pub(crate) fn hidden_cage_interaction<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let sums = context.memo.killer_sums(|| sum_regions(layout));
    for sum in sums.iter().filter(|sum| sum.subtracted.is_empty()) {
        let cells = &sum.added;
        if cells.len() < 2 || cells.iter().all(|&cell| board.values[cell] != 0) {
            continue;
        }
        let all_see = cells.iter().enumerate().all(|(position, &first)| {
            cells[position + 1..]
                .iter()
                .all(|&second| layout.sees(first, second))
        });
        if !all_see {
            continue;
        }
        let sets = choices_of(&options_of(board, cells), Some(sum.total));
        let Some(required) = sets
            .iter()
            .map(|(set, _)| *set)
            .reduce(|all, set| all & set)
        else {
            continue;
        };
        for digit in digits_of(required) {
            if cells
                .iter()
                .any(|&cell| usize::from(board.values[cell]) == digit + 1)
            {
                continue;
            }
            let holders: CellSet<W> = cells
                .iter()
                .copied()
                .filter(|&cell| board.values[cell] == 0 && board.has(cell, digit))
                .collect();
            for house in layout.houses_holding(&holders) {
                let targets = board.house_cells(layout, house, digit).minus(&holders);
                if targets.is_empty() {
                    continue;
                }
                let mut finding = Finding::new(Technique::HiddenCageInteraction);
                finding.digits = 1 << digit;
                finding.cells = holders.to_vec();
                finding.houses.push(house);
                finding.groups.push(cells.clone());
                finding.totals.push(sum.total);
                for cell in targets.iter() {
                    finding.eliminate(cell, digit);
                }
                let kept = combinations_after(layout, board, cells, sum.total, &finding);
                finding.combinations.push(kept);
                return Some(finding);
            }
        }
    }
    None
}
