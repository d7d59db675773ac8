//! Wings: XY-Wing, XYZ-Wing and W-Wing, in HoDoKu's order of cells.

use super::{digits_of, Context};
use crate::grade::board::Board;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// The first XY-Wing (or, with `xyz`, XYZ-Wing): a pivot seeing two pincers, the three cells
/// holding three digits, the pincers sharing one digit z that their common peers (and, for
/// XYZ, the pivot's) lose.
pub(crate) fn xy_wing<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    xyz: bool,
) -> Option<Finding> {
    let layout = context.layout;
    let bivalue: Vec<usize> = board
        .empty
        .iter()
        .filter(|&cell| board.count(cell) == 2)
        .collect();
    let pivots: Vec<usize> = if xyz {
        board
            .empty
            .iter()
            .filter(|&cell| board.count(cell) == 3)
            .collect()
    } else {
        bivalue.clone()
    };
    let mask = |cell: usize| board.candidates[cell];
    for i in 0..pivots.len() {
        let start = if xyz { 0 } else { i + 1 };
        for j in start..bivalue.len() {
            if (mask(pivots[i]) | mask(bivalue[j])).count_ones() != 3 {
                continue;
            }
            for k in j + 1..bivalue.len() {
                let (first, second, third) = (pivots[i], bivalue[j], bivalue[k]);
                if (mask(first) | mask(second) | mask(third)).count_ones() != 3 {
                    continue;
                }
                if mask(first) == mask(second)
                    || mask(second) == mask(third)
                    || mask(third) == mask(first)
                {
                    continue;
                }
                let tries = if xyz { 1 } else { 3 };
                for attempt in 0..tries {
                    let (pivot, pincer1, pincer2) = match attempt {
                        0 => (first, second, third),
                        1 => (second, first, third),
                        _ => (third, second, first),
                    };
                    if !layout.sees(pivot, pincer1) || !layout.sees(pivot, pincer2) {
                        continue;
                    }
                    let common = mask(pincer1) & mask(pincer2);
                    if common.count_ones() != 1 {
                        continue;
                    }
                    let z = common.trailing_zeros() as usize;
                    let mut eliminations =
                        board.digit_cells[z] & layout.peers[pincer1] & layout.peers[pincer2];
                    if xyz {
                        eliminations &= layout.peers[pivot];
                    }
                    if eliminations.is_empty() {
                        continue;
                    }
                    let technique = if xyz {
                        Technique::XyzWing
                    } else {
                        Technique::XyWing
                    };
                    let mut finding = Finding::new(technique);
                    finding.cells = vec![pivot, pincer1, pincer2];
                    finding.digits = mask(pivot) | mask(pincer1) | mask(pincer2);
                    if xyz {
                        finding.fins.push((pivot, z));
                    }
                    finding.fins.push((pincer1, z));
                    finding.fins.push((pincer2, z));
                    for cell in eliminations.iter() {
                        finding.eliminate(cell, z);
                    }
                    return Some(finding);
                }
            }
        }
    }
    None
}

/// The first W-Wing: two cells holding the same two digits x and y, and a strong link on y
/// whose ends see one cell each; their common peers lose x.
pub(crate) fn w_wing<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    for first in board.empty.iter() {
        if board.count(first) != 2 {
            continue;
        }
        let pair = board.candidates[first];
        let digits: Vec<usize> = digits_of(pair).collect();
        for second in board.empty.iter().filter(|&cell| cell > first) {
            if board.candidates[second] != pair {
                continue;
            }
            for (x, y) in [(digits[0], digits[1]), (digits[1], digits[0])] {
                let eliminations =
                    board.digit_cells[x] & layout.peers[first] & layout.peers[second];
                if eliminations.is_empty() {
                    continue;
                }
                if let Some(link) = strong_link(context, board, y, first, second) {
                    let mut finding = Finding::new(Technique::WWing);
                    finding.cells = vec![first, second, link.1, link.2];
                    finding.houses = vec![link.0];
                    finding.digits = pair;
                    for cell in eliminations.iter() {
                        finding.eliminate(cell, x);
                    }
                    return Some(finding);
                }
            }
        }
    }
    None
}

/// A house where `digit` has two cells, one seeing `first`, the other `second`.
fn strong_link<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    digit: usize,
    first: usize,
    second: usize,
) -> Option<(usize, usize, usize)> {
    let layout = context.layout;
    for house in 0..layout.houses.len() {
        if board.free(house, digit) != 2 {
            continue;
        }
        let mut end1 = None;
        let mut end2 = None;
        for cell in board.house_cells(layout, house, digit).iter() {
            if cell == first || cell == second {
                continue;
            }
            if layout.sees(cell, first) {
                end1 = Some(cell);
            } else if layout.sees(cell, second) {
                end2 = Some(cell);
            }
        }
        if let (Some(end1), Some(end2)) = (end1, end2) {
            return Some((house, end1, end2));
        }
    }
    None
}
