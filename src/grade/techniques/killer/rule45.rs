//! The 45 rule: innies and outies over runs of whole rows or columns and over boxes.

use super::prune;
use super::sums::reach;
use super::MAX_ENUMERATED_CELLS;
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::Context;

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
