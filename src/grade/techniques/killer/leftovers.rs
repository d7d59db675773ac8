//! The law of leftovers: a union of k houses holds every digit k times, so once the cages
//! whose digits are fixed (one combination left) are taken out, the cells left over inside
//! (innies) and the cells those cages put outside (outies) differ by a known multiset of
//! digits — with nothing left to account for, the leftovers on each side hold the same digits.

use super::combinations_after;
use super::rule45::{regions, Region};
use super::sums::options_of;
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::layout::Layout;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::{digits_of, Context};

/// Most cells on either side of the leftovers (beyond that a solver does not compare them).
const MAX_LEFTOVER_CELLS: usize = 6;

/// The digits every combination of the cage (with the candidates left) uses, and the digits
/// some combination uses; `None` when no combination fits.
fn cage_digits<const W: usize>(board: &Board<W>, cells: &[usize], sum: u32) -> Option<(u32, u32)> {
    let options = options_of(board, cells);
    let union = options.iter().fold(0u32, |all, &mask| all | mask);
    let digits: Vec<usize> = digits_of(union).collect();
    let mut required = u32::MAX;
    let mut possible = 0u32;
    crate::grade::techniques::for_each_combination(digits.len(), cells.len(), |chosen| {
        let set = chosen
            .iter()
            .fold(0u32, |set, &index| set | 1 << digits[index]);
        let total: u32 = chosen.iter().map(|&index| digits[index] as u32 + 1).sum();
        if total == sum && fills(&options, set) {
            required &= set;
            possible |= set;
        }
        false
    });
    (possible != 0).then_some((required, possible))
}

/// Whether the cells (one mask of options each) can take the digits of `set`, one each.
fn fills(options: &[u32], set: u32) -> bool {
    fn assign(options: &[u32], free: u32) -> bool {
        match options.split_first() {
            None => true,
            Some((&first, rest)) => {
                digits_of(first & free).any(|digit| assign(rest, free & !(1 << digit)))
            }
        }
    }
    assign(options, set)
}

/// The leftovers of one region: per digit `d`, the innies hold between `fewest[d]` and
/// `most[d]` more of `d` than the outies.
struct Leftovers {
    innies: Vec<usize>,
    outies: Vec<usize>,
    fewest: Vec<i32>,
    most: Vec<i32>,
    /// The cages taken out (their digits counted by combination).
    cages: Vec<usize>,
}

/// The candidates the leftovers rule out (on open cells), added to `finding`. With `inside`
/// and `outside` the counts of a digit among innies and outies: `inside − outside` lies in
/// `fewest..=most`, both counts are at least 0, and the counts over all digits add up to the
/// number of cells on each side.
fn eliminate<const W: usize>(board: &Board<W>, leftovers: &Leftovers, finding: &mut Finding) {
    let holds = |cells: &[usize], digit: usize| {
        cells.iter().any(|&cell| match board.values[cell] {
            0 => board.has(cell, digit),
            value => usize::from(value) == digit + 1,
        })
    };
    // The least each side must hold: with every digit at its least, a side that is full
    // holds nothing else.
    let least_inside: i32 = leftovers.fewest.iter().map(|&count| count.max(0)).sum();
    let least_outside: i32 = leftovers.most.iter().map(|&count| (-count).max(0)).sum();
    let innies_full = least_inside == leftovers.innies.len() as i32;
    let outies_full = least_outside == leftovers.outies.len() as i32;
    for digit in 0..leftovers.fewest.len() {
        let (fewest, most) = (leftovers.fewest[digit], leftovers.most[digit]);
        // no outie holds it and the innies hold at most as many: none; the other way round
        let innies_closed =
            (most <= 0 && !holds(&leftovers.outies, digit)) || (innies_full && fewest <= 0);
        let outies_closed =
            (fewest >= 0 && !holds(&leftovers.innies, digit)) || (outies_full && most >= 0);
        for (closed, cells) in [
            (innies_closed, &leftovers.innies),
            (outies_closed, &leftovers.outies),
        ] {
            if !closed {
                continue;
            }
            for &cell in cells {
                if board.values[cell] == 0 && board.has(cell, digit) {
                    finding.eliminate(cell, digit);
                    finding.digits |= 1 << digit;
                }
            }
        }
    }
}

/// The leftovers of the union of `houses` (disjoint) around the cages with a sum: those
/// inside are taken out; a crossing one is taken out too when `crossing_out` (its outside
/// cells become outies), otherwise its inside cells become innies. `None` when a side is too
/// large or nothing is left over.
fn leftovers_of<const W: usize>(
    layout: &Layout<W>,
    region: &CellSet<W>,
    houses: usize,
    digits: &[Option<(u32, u32)>],
    crossing_out: bool,
) -> Option<Leftovers> {
    let mut fewest = vec![houses as i32; layout.size];
    let mut most = vec![houses as i32; layout.size];
    let mut innies: Vec<usize> = region
        .iter()
        .filter(|&cell| layout.cage_of[cell].is_none())
        .collect();
    let mut outies = Vec::new();
    let mut cages = Vec::new();
    for (number, cage) in layout.cages.iter().enumerate() {
        if !cage.set.intersects(region) {
            continue;
        }
        let inside = cage.set.is_subset(region);
        match digits[number] {
            Some((required, possible)) if inside || crossing_out => {
                for digit in digits_of(possible) {
                    fewest[digit] -= 1;
                }
                for digit in digits_of(required) {
                    most[digit] -= 1;
                }
                outies.extend(cage.cells.iter().filter(|&&cell| !region.contains(cell)));
                cages.push(number);
            }
            _ => innies.extend(cage.cells.iter().filter(|&&cell| region.contains(cell))),
        }
        if innies.len() > MAX_LEFTOVER_CELLS || outies.len() > MAX_LEFTOVER_CELLS {
            return None;
        }
    }
    if innies.is_empty() && outies.is_empty() {
        return None;
    }
    innies.sort_unstable();
    outies.sort_unstable();
    Some(Leftovers {
        innies,
        outies,
        fewest,
        most,
        cages,
    })
}

/// The first region (houses, then runs of adjacent rows, columns or boxes, as for the 45
/// rule) whose leftovers rule out candidates.
pub(crate) fn law_of_leftovers<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    if layout.cages.is_empty() {
        return None;
    }
    let digits: Vec<Option<(u32, u32)>> = layout
        .cages
        .iter()
        .map(|cage| cage_digits(board, &cage.cells, cage.sum?))
        .collect();
    for Region {
        houses,
        cells: region,
    } in regions(layout)
    {
        if (region & board.empty).is_empty() {
            continue;
        }
        for crossing_out in [false, true] {
            let Some(leftovers) =
                leftovers_of(layout, &region, houses.len(), &digits, crossing_out)
            else {
                continue;
            };
            let mut finding = Finding::new(Technique::LawOfLeftovers);
            eliminate(board, &leftovers, &mut finding);
            if finding.eliminations.is_empty() {
                continue;
            }
            finding.cells = leftovers
                .innies
                .iter()
                .chain(&leftovers.outies)
                .copied()
                .collect();
            finding.houses = houses.clone();
            finding.groups = vec![leftovers.innies, leftovers.outies];
            // how often the region holds each digit, for the explanation
            finding.totals = vec![houses.len() as i32];
            for number in leftovers.cages {
                let cage = &layout.cages[number];
                finding.groups.push(cage.cells.clone());
                let sum = cage.sum.map_or(0, |sum| sum as i32);
                finding.totals.push(sum);
                let kept = combinations_after(
                    layout,
                    board,
                    &cage.cells,
                    sum,
                    &Finding::new(Technique::LawOfLeftovers),
                );
                finding.combinations.push(kept);
            }
            return Some(finding);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cage_takes_a_digit_set_only_when_its_cells_can_share_it_out() {
        // 2-cell cage of 3: {1,2} only
        assert!(fills(&[0b011, 0b011], 0b011));
        assert!(!fills(&[0b001, 0b001], 0b011));
    }
}
