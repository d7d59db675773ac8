//! SE's rules for a stalled dynamic (+) propagation: pointing and claiming, hidden and
//! naked pairs and X-Wings, applied inside the propagation.

use super::graph::Grid;
use super::propagation::Propagation;
use crate::grade::cellset::CellSet;
use crate::grade::explainer::techniques_digits;

/// SE's rules for a stalled dynamic (+) propagation, in its order: the first that removes
/// something ends the round (pointing and claiming, hidden pair, naked pair, X-Wing). New
/// offs are only queued, so the candidates stay as they are while the rules look.
pub(super) fn advanced(grid: &Grid<'_>, out: &mut Propagation) -> bool {
    let places = digit_places(grid.size, &out.candidates);
    locking(grid, out, &places)
        || hidden_pair(grid, out, &places)
        || naked_pair(grid, out)
        || x_wing(grid, out, &places)
}

/// Every digit's cells among `candidates` (a mask per cell).
pub(super) fn digit_places(size: usize, candidates: &[u32]) -> Vec<CellSet<2>> {
    let mut places = vec![CellSet::EMPTY; size];
    for (cell, &digits) in candidates.iter().enumerate() {
        for digit in techniques_digits(digits) {
            places[digit].insert(cell);
        }
    }
    places
}

/// The offs of `digits` in `cells` that the propagation made (candidates of the grid it
/// started from, gone since): the parents of a rule's eliminations.
fn offs_of(
    grid: &Grid<'_>,
    out: &Propagation,
    cells: impl Iterator<Item = usize>,
    digits: u32,
) -> Vec<u32> {
    let mut parents = Vec::new();
    for cell in cells {
        let mut gone = grid.candidates[cell] & !out.candidates[cell] & digits;
        while gone != 0 {
            let digit = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            let potential = grid.potential(cell, digit, false);
            if out.has(potential) {
                parents.push(potential as u32);
            }
        }
    }
    parents
}

/// Turns off `digits` in `cells` where they are still candidates, resting on `parents`.
fn remove(
    grid: &Grid<'_>,
    out: &mut Propagation,
    cells: impl Iterator<Item = usize>,
    digits: u32,
    parents: &[u32],
) -> bool {
    let mut progress = false;
    for cell in cells {
        let mut present = out.candidates[cell] & digits;
        while present != 0 {
            let digit = present.trailing_zeros() as usize;
            present &= present - 1;
            progress |= out.add(grid.potential(cell, digit, false), parents);
        }
    }
    progress
}

/// Hidden pairs on the propagated grid.
fn hidden_pair(grid: &Grid<'_>, out: &mut Propagation, places: &[CellSet<2>]) -> bool {
    let layout = grid.layout;
    let size = grid.size;
    for house in 0..3 * size {
        let set = layout.houses[house].set;
        for first in 0..size {
            let pair = set & places[first];
            if pair.len() != 2 {
                continue;
            }
            for second in first + 1..size {
                if set & places[second] != pair {
                    continue;
                }
                let digits = (1u32 << first) | (1 << second);
                let parents = offs_of(grid, out, set.minus(&pair).iter(), digits);
                if parents.is_empty() {
                    continue;
                }
                if remove(grid, out, pair.iter(), !digits, &parents) {
                    return true;
                }
            }
        }
    }
    false
}

/// Naked pairs on the propagated grid.
fn naked_pair(grid: &Grid<'_>, out: &mut Propagation) -> bool {
    let layout = grid.layout;
    let size = grid.size;
    for house in 0..3 * size {
        let cells = &layout.houses[house].cells;
        for (position, &first) in cells.iter().enumerate() {
            let digits = out.candidates[first];
            if digits.count_ones() != 2 {
                continue;
            }
            for &second in &cells[position + 1..] {
                if out.candidates[second] != digits {
                    continue;
                }
                let parents = offs_of(grid, out, [first, second].into_iter(), !digits);
                if parents.is_empty() {
                    continue;
                }
                let others = cells
                    .iter()
                    .copied()
                    .filter(|&cell| cell != first && cell != second);
                if remove(grid, out, others, digits, &parents) {
                    return true;
                }
            }
        }
    }
    false
}

/// X-Wings on the propagated grid (rows as base, then columns).
fn x_wing(grid: &Grid<'_>, out: &mut Propagation, places: &[CellSet<2>]) -> bool {
    let layout = grid.layout;
    let size = grid.size;
    let mut progress = false;
    let mut lines: Vec<(usize, CellSet<2>)> = Vec::with_capacity(size);
    for digit in 0..size {
        for (bases, covers) in [(0..size, size..2 * size), (size..2 * size, 0..size)] {
            lines.clear();
            lines.extend(
                bases
                    .map(|house| (house, layout.houses[house].set & places[digit]))
                    .filter(|(_, line)| line.len() == 2),
            );
            for (index, &(one, one_places)) in lines.iter().enumerate() {
                for &(two, two_places) in &lines[index + 1..] {
                    let mut one_cells = one_places.iter();
                    let mut two_cells = two_places.iter();
                    let (Some(a), Some(b), Some(c), Some(d)) = (
                        one_cells.next(),
                        one_cells.next(),
                        two_cells.next(),
                        two_cells.next(),
                    ) else {
                        continue;
                    };
                    let mut cover_houses = [0usize; 2];
                    let mut found = 0;
                    for cover in covers.clone() {
                        let set = &layout.houses[cover].set;
                        if set.contains(a) && set.contains(c) || set.contains(b) && set.contains(d)
                        {
                            if found < 2 {
                                cover_houses[found] = cover;
                            }
                            found += 1;
                        }
                    }
                    if found != 2 {
                        continue;
                    }
                    let base_cells = layout.houses[one].set | layout.houses[two].set;
                    let parents = offs_of(grid, out, base_cells.iter(), 1 << digit);
                    if parents.is_empty() {
                        continue;
                    }
                    let corners = one_places | two_places;
                    for cover in cover_houses {
                        let targets = layout.houses[cover].cells.iter().copied();
                        let targets = targets.filter(|&cell| !corners.contains(cell));
                        progress |= remove(grid, out, targets, 1 << digit, &parents);
                    }
                }
            }
            if progress {
                return true;
            }
        }
    }
    progress
}

/// Pointing and claiming on the propagated grid: turns off, with the offs that confined the
/// digit as parents, the candidates a box-line intersection rules out; whether it did.
fn locking(grid: &Grid<'_>, out: &mut Propagation, places: &[CellSet<2>]) -> bool {
    let layout = grid.layout;
    let size = grid.size;
    let mut progress = false;
    let mut parents: Vec<u32> = Vec::new();
    for base in 0..3 * size {
        let base_set = layout.houses[base].set;
        for digit in 0..size {
            let confined = base_set & places[digit];
            if confined.len() < 2 {
                continue;
            }
            // a box's places lie in at most one line (and a line's in one box): the houses
            // of its first place are the only covers to try
            let Some(first) = confined.first() else {
                continue;
            };
            for &cover in &layout.cell_houses[first] {
                let is_cover = if layout.is_box(base) {
                    cover < 2 * size
                } else {
                    layout.is_box(cover)
                };
                if !is_cover || !confined.is_subset(&layout.houses[cover].set) {
                    continue;
                }
                parents.clear();
                parents.extend(
                    layout.houses[base]
                        .cells
                        .iter()
                        .filter(|&&cell| {
                            grid.candidates[cell] & (1 << digit) != 0
                                && out.has(grid.potential(cell, digit, false))
                        })
                        .map(|&cell| grid.potential(cell, digit, false) as u32),
                );
                if parents.is_empty() {
                    continue;
                }
                let targets = (layout.houses[cover].set & places[digit]).minus(&confined);
                for cell in targets.iter() {
                    progress |= out.add(grid.potential(cell, digit, false), &parents);
                }
            }
        }
    }
    progress
}
