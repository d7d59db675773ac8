//! Bivalue universal grave, types 1 to 4, as SE finds them. The BUG cells are those holding
//! a digit that appears neither zero nor two times in one of their houses; without those
//! extra digits every unsolved cell would be bivalue and every digit twice in every house, a
//! pattern with no unique solution, so some BUG cell holds one of its extra digits.
//!
//! - Type 1 (one BUG cell): its extra digits stay, the rest go (5.6).
//! - Type 2 (one extra digit in all BUG cells): it goes from every cell seeing them all (5.7).
//! - Type 4 (two BUG cells in a house sharing one other digit, which the house confines to
//!   them): each cell keeps only that digit and its extras (5.7).
//! - Type 3 (BUG cells in one house): their extra digits act as one cell of a naked set with
//!   other cells of the house; the set's digits go from the rest of it (5.8 for a pair, a
//!   tenth more per size).

use super::table::SeTechnique;
use super::{Hint, Scene};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::techniques::{digits_of, for_each_combination};

/// The first BUG hint in SE's order (type 1, else 2 then 4, else 4 then 3).
pub(crate) fn produce(scene: &Scene<'_>, board: &Board<2>) -> Option<Hint> {
    let tenths = scene.tenths(SeTechnique::BivalueUniversalGrave)?;
    if !scene.unique {
        return None;
    }
    let layout = scene.layout;
    let n = layout.size;
    // SE's order of houses: boxes, rows, columns; extra houses (diagonals) last.
    let houses: Vec<usize> = (2 * n..3 * n)
        .chain(0..2 * n)
        .chain(3 * n..layout.houses.len())
        .collect();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut extras = vec![0u32; layout.cell_count];
    let mut all_extras = 0u32;
    let mut common: Option<CellSet<2>> = None;
    let wide_cells: CellSet<2> = board
        .empty
        .iter()
        .filter(|&cell| board.count(cell) >= 3)
        .collect();
    // Every digit's places once the extra digits are gone.
    let mut rest: Vec<CellSet<2>> = (0..n)
        .map(|digit| board.digit_cells[digit] & board.empty)
        .collect();
    for &house in &houses {
        for digit in 0..n {
            let places = board.digit_cells[digit] & layout.houses[house].set & board.empty;
            let count = places.len();
            if count == 0 || count == 2 {
                continue;
            }
            let wide = places & wide_cells;
            if wide.is_empty() {
                return None;
            }
            if wide.more_than_one() {
                continue;
            }
            let Some(cell) = wide.first() else { continue };
            if !bug_cells.contains(&cell) {
                bug_cells.push(cell);
            }
            extras[cell] |= 1 << digit;
            all_extras |= 1 << digit;
            rest[digit].remove(cell);
            let seen = layout.peers[cell] & board.empty;
            let mut shared = common.map_or(seen, |kept| kept & seen);
            for &bug in &bug_cells {
                shared.remove(bug);
            }
            common = Some(shared);
            if bug_cells.len() > 1 && all_extras.count_ones() > 1 && shared.is_empty() {
                return None;
            }
        }
    }
    if bug_cells.is_empty()
        || board
            .empty
            .iter()
            .any(|cell| (board.candidates[cell] & !extras[cell]).count_ones() != 2)
    {
        return None;
    }
    for &house in &houses {
        for places in &rest {
            let count = (*places & layout.houses[house].set).len();
            if count != 0 && count != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or_default();
    let hint = |tenths: u32, eliminations: Vec<(usize, usize)>| -> Option<Hint> {
        if eliminations.is_empty() {
            return None;
        }
        let mut hint = Hint::new(SeTechnique::BivalueUniversalGrave, tenths);
        hint.eliminations = eliminations;
        hint.cells = bug_cells.clone();
        Some(hint)
    };
    if let [cell] = bug_cells[..] {
        let gone = digits_of(board.candidates[cell] & !all_extras)
            .map(|digit| (cell, digit))
            .collect();
        return hint(tenths, gone);
    }
    let type_four = || -> Option<Hint> {
        let [first, second] = bug_cells[..] else {
            return None;
        };
        let shared = board.candidates[first] & board.candidates[second] & !all_extras;
        if shared.count_ones() != 1 || !layout.sees(first, second) {
            return None;
        }
        let mut gone = Vec::new();
        for cell in [first, second] {
            for digit in digits_of(board.candidates[cell] & !extras[cell] & !shared) {
                gone.push((cell, digit));
            }
        }
        hint(tenths + 1, gone)
    };
    if all_extras.count_ones() == 1 {
        let digit = all_extras.trailing_zeros() as usize;
        let gone = common
            .iter()
            .filter(|&cell| board.has(cell, digit))
            .map(|cell| (cell, digit))
            .collect();
        return hint(tenths + 1, gone).or_else(type_four);
    }
    if common.is_empty() {
        return None;
    }
    if let Some(found) = type_four() {
        return Some(found);
    }
    // Type 3: a house holding every BUG cell.
    for &house in houses.iter().take(3 * n) {
        let set = layout.houses[house].set;
        if !bug_cells.iter().all(|&cell| set.contains(cell)) {
            continue;
        }
        let others: Vec<usize> = (common & set).iter().collect();
        for degree in 2..=6usize {
            if others.len() < degree {
                continue;
            }
            let mut found = None;
            for_each_combination(others.len(), degree - 1, |chosen: &[usize]| {
                let union = chosen
                    .iter()
                    .fold(0u32, |mask, &index| mask | board.candidates[others[index]]);
                if union.count_ones() as usize != degree
                    || (union | all_extras).count_ones() as usize != degree
                {
                    return false;
                }
                let naked: Vec<usize> = chosen.iter().map(|&index| others[index]).collect();
                let gone: Vec<(usize, usize)> = others
                    .iter()
                    .copied()
                    .filter(|cell| !naked.contains(cell))
                    .flat_map(|cell| {
                        digits_of(board.candidates[cell] & union).map(move |digit| (cell, digit))
                    })
                    .collect();
                found = hint(tenths + degree as u32, gone);
                found.is_some()
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
