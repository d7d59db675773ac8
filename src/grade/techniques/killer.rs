//! Killer techniques: cage combinations (digits no combination of the sum can place), cage
//! and house interactions, innies and outies (the 45 rule over runs of whole rows or columns
//! and over boxes) and, for greater killers, bounds from comparing two cages' sums.

use super::sums::reach;
use super::{digits_of, Context};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::model::Relation;

/// Largest set of cells whose sum is enumerated (innies, outies, hidden-sum cages).
const MAX_ENUMERATED_CELLS: usize = 8;

fn prune<const W: usize>(
    board: &Board<W>,
    cells: &[usize],
    possible: &[u32],
    finding: &mut Finding,
) {
    for (position, &cell) in cells.iter().enumerate() {
        if board.values[cell] != 0 {
            continue;
        }
        for digit in digits_of(board.candidates[cell] & !possible[position]) {
            finding.eliminate(cell, digit);
        }
    }
}

/// The first cage whose sum rules out some candidates of its cells.
pub(crate) fn cage_combinations<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    for (number, cage) in layout.cages.iter().enumerate() {
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
            let _ = number;
            return Some(finding);
        }
    }
    None
}

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
        super::for_each_combination(digits.len(), open.len(), |chosen| {
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
            let Some(first) = holders.first() else {
                continue;
            };
            for &house in &layout.cell_houses[first] {
                if !holders.is_subset(&layout.houses[house].set) {
                    continue;
                }
                let targets = board.house_cells(layout, house, digit).minus(&cage.set);
                if !targets.is_empty() {
                    let mut finding = Finding::new(Technique::CageHouseInteraction);
                    finding.digits = 1 << digit;
                    finding.cells = holders.to_vec();
                    finding.houses.push(house);
                    finding.groups.push(cage.cells.clone());
                    for cell in targets.iter() {
                        finding.eliminate(cell, digit);
                    }
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
                for cell in targets.iter() {
                    finding.eliminate(cell, digit);
                }
                return Some(finding);
            }
        }
    }
    None
}

/// The 45 rule: over a run of whole rows or columns, or a box, the cells of cages sticking
/// out (innies) or the parts of those cages outside (outies) have a known sum.
pub(crate) fn innies_outies<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    if layout.cages.is_empty() {
        return None;
    }
    let house_total = (n * (n + 1) / 2) as u32;
    let mut regions: Vec<(Vec<usize>, CellSet<W>)> = Vec::new();
    for start in 0..n {
        for length in 1..n {
            if start + length > n {
                break;
            }
            for offset in [0, n] {
                let houses: Vec<usize> =
                    (start..start + length).map(|line| offset + line).collect();
                let set = houses
                    .iter()
                    .fold(CellSet::EMPTY, |acc, &house| acc | layout.houses[house].set);
                regions.push((houses, set));
            }
        }
    }
    for number in 0..n {
        let house = layout.box_house(number);
        regions.push((vec![house], layout.houses[house].set));
    }
    for (houses, region) in regions {
        let total = house_total * houses.len() as u32;
        let mut inside_sum = 0u32;
        let mut outside_sum = 0u32;
        let mut innies: Vec<usize> = Vec::new();
        let mut outies: Vec<usize> = Vec::new();
        // Cells of cages without a sum (greater killer) and cells without a cage are loose:
        // innies, whose sum is still known; with any loose cell the outies' sum is not.
        let mut outies_known = true;
        for cage in &layout.cages {
            if !cage.set.intersects(&region) {
                continue;
            }
            match cage.sum {
                Some(sum) if cage.set.is_subset(&region) => inside_sum += sum,
                Some(sum) => {
                    outside_sum += sum;
                    innies.extend(cage.cells.iter().copied().filter(|&c| region.contains(c)));
                    outies.extend(cage.cells.iter().copied().filter(|&c| !region.contains(c)));
                }
                None => {
                    outies_known = false;
                    innies.extend(cage.cells.iter().copied().filter(|&c| region.contains(c)));
                }
            }
        }
        let uncaged: Vec<usize> = region
            .iter()
            .filter(|&cell| layout.cage_of[cell].is_none())
            .collect();
        outies_known &= uncaged.is_empty();
        innies.extend(uncaged);
        innies.sort_unstable();
        outies.sort_unstable();
        let innie_sum = total.checked_sub(inside_sum);
        let outie_sum = outside_sum
            .checked_sub(total.saturating_sub(inside_sum))
            .filter(|_| outies_known);
        for (cells, sum) in [(innies, innie_sum), (outies, outie_sum)] {
            let Some(sum) = sum else {
                continue;
            };
            let open = cells.iter().filter(|&&c| board.values[c] == 0).count();
            if open == 0 || cells.len() > MAX_ENUMERATED_CELLS {
                continue;
            }
            let Some(reached) = reach(layout, board, &cells, Some(sum)) else {
                continue;
            };
            let mut finding = Finding::new(Technique::InniesOuties);
            prune(board, &cells, &reached.possible, &mut finding);
            if !finding.eliminations.is_empty() {
                finding.cells = cells.clone();
                finding.houses = houses.clone();
                return Some(finding);
            }
        }
    }
    None
}

/// Greater killer: a cage's sum bounded by the other cage's reachable sums.
pub(crate) fn cage_comparison<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    for comparison in &layout.comparisons {
        let (first, second) = (
            &layout.cages[comparison.first],
            &layout.cages[comparison.second],
        );
        if first.cells.len() > MAX_ENUMERATED_CELLS || second.cells.len() > MAX_ENUMERATED_CELLS {
            continue;
        }
        let Some(first_reach) = reach(layout, board, &first.cells, first.sum) else {
            continue;
        };
        let Some(second_reach) = reach(layout, board, &second.cells, second.sum) else {
            continue;
        };
        let (low1, high1) = (first_reach.low, first_reach.high);
        let (low2, high2) = (second_reach.low, second_reach.high);
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
        for (cage, (low, high)) in [(first, range1), (second, range2)] {
            if low > high {
                continue;
            }
            let mut possible = vec![0u32; cage.cells.len()];
            for total in low..=high {
                if cage.sum.is_some_and(|sum| sum != total) {
                    continue;
                }
                if let Some(reached) = reach(layout, board, &cage.cells, Some(total)) {
                    for (slot, mask) in possible.iter_mut().zip(reached.possible) {
                        *slot |= mask;
                    }
                }
            }
            let mut finding = Finding::new(Technique::CageComparison);
            prune(board, &cage.cells, &possible, &mut finding);
            if !finding.eliminations.is_empty() {
                finding.cells = cage.cells.clone();
                finding.groups = vec![first.cells.clone(), second.cells.clone()];
                return Some(finding);
            }
        }
    }
    None
}
