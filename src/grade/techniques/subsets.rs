//! Naked and hidden subsets (pairs, triples, quadruples), and locked pairs and triples
//! (naked subsets inside a box-line intersection that clear both houses).

use super::{digits_of, Context};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// The houses in HoDoKu's order for subsets: boxes, rows, columns, then extra houses.
fn house_order<const W: usize>(context: &Context<'_, W>) -> impl Iterator<Item = usize> {
    let n = context.layout.size;
    let count = context.layout.houses.len();
    (2 * n..3 * n).chain(0..2 * n).chain(3 * n..count)
}

/// The first naked subset of `size` cells. With `locked_only`, only boxes are searched and
/// only locked subsets count; otherwise locked subsets are skipped (they were tried first).
pub(crate) fn naked<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    size: usize,
    locked_only: bool,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    let houses: Vec<usize> = if locked_only {
        (2 * n..3 * n).collect()
    } else {
        house_order(context).collect()
    };
    let key = match (size, locked_only) {
        (2, true) => Technique::LockedPair,
        (_, true) => Technique::LockedTriple,
        (2, false) => Technique::NakedPair,
        (3, false) => Technique::NakedTriple,
        (_, false) => Technique::NakedQuadruple,
    };
    // whether a house holds a subset at all depends on its cells only (what the subset
    // eliminates depends on other houses too): a house without one is remembered
    let depends = |house: usize| layout.houses[house].cells.iter().copied();
    let mut cells = Vec::with_capacity(n);
    for house in houses {
        if context.memo.is_barren_at(key, house, board, depends(house)) {
            continue;
        }
        cells.clear();
        cells.extend(layout.houses[house].cells.iter().copied().filter(|&cell| {
            let count = board.count(cell) as usize;
            count != 0 && count <= size
        }));
        if cells.len() < size {
            continue;
        }
        let mut chosen = Vec::with_capacity(size);
        let mut subsets = false;
        if let Some(finding) = naked_recursive(
            context,
            board,
            &cells,
            0,
            0,
            size,
            locked_only,
            &mut chosen,
            &mut subsets,
        ) {
            return Some(finding);
        }
        if !subsets {
            context
                .memo
                .set_barren_at(key, house, board, depends(house));
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn naked_recursive<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    cells: &[usize],
    start: usize,
    mask: u32,
    size: usize,
    locked_only: bool,
    chosen: &mut Vec<usize>,
    subsets: &mut bool,
) -> Option<Finding> {
    let level = chosen.len();
    // HoDoKu's loop bounds: the i-th cell leaves room for the cells after it.
    let end = cells.len() + level + 1 - size;
    for position in start..end {
        let union = mask | board.candidates[cells[position]];
        if union.count_ones() as usize > size {
            continue;
        }
        chosen.push(cells[position]);
        if level + 1 == size {
            if union.count_ones() as usize == size {
                *subsets = true;
                if let Some(finding) = naked_step(context, board, chosen, union, locked_only) {
                    return Some(finding);
                }
            }
        } else if let Some(finding) = naked_recursive(
            context,
            board,
            cells,
            position + 1,
            union,
            size,
            locked_only,
            chosen,
            subsets,
        ) {
            return Some(finding);
        }
        chosen.pop();
    }
    None
}

fn naked_step<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    chosen: &[usize],
    mask: u32,
    locked_only: bool,
) -> Option<Finding> {
    let layout = context.layout;
    let set: CellSet<W> = chosen.iter().copied().collect();
    let common: Vec<usize> = layout.cell_houses[chosen[0]]
        .iter()
        .copied()
        .filter(|&house| set.is_subset(&layout.houses[house].set))
        .collect();
    let shared_box = common.iter().copied().find(|&house| layout.is_box(house));
    let mut finding = Finding::new(Technique::NakedPair);
    let mut houses_with_eliminations = 0;
    let mut removed: CellSet<W> = CellSet::EMPTY;
    for &house in &common {
        let mut counted = false;
        for &cell in &layout.houses[house].cells {
            if set.contains(cell) {
                continue;
            }
            let hit = board.candidates[cell] & mask;
            if hit == 0 {
                continue;
            }
            let outside_box = match shared_box {
                Some(box_house) => !layout.houses[box_house].set.contains(cell),
                None => true,
            };
            if !counted && (layout.is_box(house) || outside_box) {
                counted = true;
                houses_with_eliminations += 1;
            }
            if removed.contains(cell) {
                continue;
            }
            removed.insert(cell);
            for digit in digits_of(hit) {
                finding.eliminate(cell, digit);
            }
        }
    }
    if finding.eliminations.is_empty() {
        return None;
    }
    let locked = chosen.len() < 4
        && houses_with_eliminations > 1
        && shared_box.is_some()
        && common.len() > 1;
    if locked != locked_only {
        return None;
    }
    finding.technique = match (chosen.len(), locked) {
        (2, true) => Technique::LockedPair,
        (3, true) => Technique::LockedTriple,
        (2, false) => Technique::NakedPair,
        (3, false) => Technique::NakedTriple,
        _ => Technique::NakedQuadruple,
    };
    finding.cells = chosen.to_vec();
    finding.houses = common;
    finding.digits = mask;
    Some(finding)
}

/// The first hidden subset of `size` digits.
pub(crate) fn hidden<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    size: usize,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    let key = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuadruple,
    };
    for house in house_order(context) {
        let cells = &layout.houses[house].cells;
        if context
            .memo
            .is_barren_at(key, house, board, cells.iter().copied())
        {
            continue;
        }
        let unsolved = cells
            .iter()
            .filter(|&&cell| board.values[cell] == 0)
            .count();
        if unsolved <= size {
            continue;
        }
        // for every eligible digit, the positions (in the house) holding it
        let mut digits = Vec::with_capacity(n);
        for digit in 0..n {
            let free = board.free(house, digit);
            if free == 0 || free > size {
                continue;
            }
            let mut positions = 0u32;
            for (position, &cell) in cells.iter().enumerate() {
                if board.has(cell, digit) {
                    positions |= 1 << position;
                }
            }
            digits.push((digit, positions));
        }
        if digits.len() < size {
            continue;
        }
        let mut found = None;
        super::for_each_combination(digits.len(), size, |chosen| {
            let positions = chosen.iter().fold(0u32, |acc, &i| acc | digits[i].1);
            if positions.count_ones() as usize != size {
                return false;
            }
            let mask = chosen.iter().fold(0u32, |acc, &i| acc | 1 << digits[i].0);
            let mut finding = Finding::new(Technique::HiddenPair);
            for position in digits_of(positions) {
                let cell = cells[position];
                finding.cells.push(cell);
                for digit in digits_of(board.candidates[cell] & !mask) {
                    finding.eliminate(cell, digit);
                }
            }
            if finding.eliminations.is_empty() {
                return false;
            }
            finding.technique = match size {
                2 => Technique::HiddenPair,
                3 => Technique::HiddenTriple,
                _ => Technique::HiddenQuadruple,
            };
            finding.houses.push(house);
            finding.digits = mask;
            found = Some(finding);
            true
        });
        if found.is_some() {
            return found;
        }
        context
            .memo
            .set_barren_at(key, house, board, cells.iter().copied());
    }
    None
}
