//! The 45 rule: every house holds each digit once, so a union of houses has a known total.
//! Over single houses, runs of adjacent rows, columns or boxes and blocks of boxes, the
//! cages sticking in give innies (the region's cells outside whole cages), outies (the parts
//! of those cages outside the region) and innie–outie differences (some cages counted as
//! innies, others as outies). Each becomes a [`SumRegion`]; those without outies are hidden
//! cages, which the other killer techniques use like cages.

use std::collections::HashSet;

use super::sums::{options_of, reach, reach_difference, Answer};
use super::{combinations_after, prune, SumRegion, MAX_ENUMERATED_CELLS};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::layout::Layout;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::Context;

/// Most cells of an innie–outie difference (beyond that it teaches little and costs much).
const MAX_DIFFERENCE_CELLS: usize = 4;

/// Most cages sticking out of a region for which innie–outie mixtures are tried.
const MAX_MIXED_CAGES: usize = 8;

/// A union of houses that share no cell, and its cells.
pub(crate) struct Region<const W: usize> {
    pub houses: Vec<usize>,
    pub cells: CellSet<W>,
}

/// The unions of houses the 45 rule (and the law of leftovers) is applied to, simplest
/// first: every house (rows, columns, boxes, extra houses such as diagonals), then runs of 2
/// to n − 1 adjacent rows or columns, then runs of adjacent boxes along a band or a stack,
/// then blocks of boxes at least two high and wide (such as boxes 1, 2, 4 and 5);
/// only unions whose houses share no cell (extra houses overlap lines and boxes).
pub(crate) fn regions<const W: usize>(layout: &Layout<W>) -> Vec<Region<W>> {
    house_unions(layout)
        .into_iter()
        .filter_map(|houses| {
            let cells = houses.iter().fold(CellSet::<W>::EMPTY, |all, &house| {
                all | layout.houses[house].set
            });
            let cell_count: usize = houses
                .iter()
                .map(|&house| layout.houses[house].cells.len())
                .sum();
            (cell_count == cells.len()).then_some(Region { houses, cells })
        })
        .collect()
}

/// Every union [`regions`] looks at, overlapping or not.
fn house_unions<const W: usize>(layout: &Layout<W>) -> Vec<Vec<usize>> {
    let size = layout.size;
    let mut regions: Vec<Vec<usize>> = (0..layout.houses.len()).map(|house| vec![house]).collect();
    for length in 2..size {
        for start in 0..=size - length {
            regions.push(
                (start..start + length)
                    .map(|row| layout.row_house(row))
                    .collect(),
            );
            regions.push(
                (start..start + length)
                    .map(|column| layout.column_house(column))
                    .collect(),
            );
        }
    }
    let boxes_across = size / layout.box_columns;
    let boxes_down = size / layout.box_rows;
    for length in 2..boxes_across {
        for band in 0..boxes_down {
            for start in 0..=boxes_across - length {
                regions.push(
                    (start..start + length)
                        .map(|stack| layout.box_house(band * boxes_across + stack))
                        .collect(),
                );
            }
        }
    }
    for length in 2..boxes_down {
        for stack in 0..boxes_across {
            for start in 0..=boxes_down - length {
                regions.push(
                    (start..start + length)
                        .map(|band| layout.box_house(band * boxes_across + stack))
                        .collect(),
                );
            }
        }
    }
    // blocks of boxes two or more boxes high and wide, short of a whole band or stack (a
    // whole band or stack of them is a run of rows or columns, already above)
    for height in 2..boxes_down {
        for width in 2..boxes_across {
            for top in 0..=boxes_down - height {
                for left in 0..=boxes_across - width {
                    regions.push(
                        (top..top + height)
                            .flat_map(|band| {
                                (left..left + width)
                                    .map(move |stack| layout.box_house(band * boxes_across + stack))
                            })
                            .collect(),
                    );
                }
            }
        }
    }
    regions
}

/// A cage with a sum, partly inside a region.
struct Crossing {
    inside: Vec<usize>,
    outside: Vec<usize>,
    sum: i32,
}

/// Every sum the 45 rule gives over [`regions`], in the regions' order (within a region:
/// innies, outies, then differences with fewest cells first), each set of cells once.
pub(crate) fn sum_regions<const W: usize>(layout: &Layout<W>) -> Vec<SumRegion> {
    let mut found: Vec<SumRegion> = Vec::new();
    if layout.cages.is_empty() {
        return found;
    }
    // every set of cells once (the first region giving it, the simplest, names it)
    let mut seen: HashSet<(Vec<usize>, Vec<usize>)> = HashSet::new();
    let house_total = (layout.size * (layout.size + 1) / 2) as i32;
    for Region {
        houses,
        cells: region,
    } in regions(layout)
    {
        let mut remaining = house_total * houses.len() as i32;
        // Cells of cages without a sum (greater killer) and cells without a cage are loose:
        // always innies, and with any of them the outies' sum is unknown.
        let mut loose: Vec<usize> = region
            .iter()
            .filter(|&cell| layout.cage_of[cell].is_none())
            .collect();
        let mut crossings: Vec<Crossing> = Vec::new();
        for cage in &layout.cages {
            if !cage.set.intersects(&region) {
                continue;
            }
            match cage.sum {
                Some(sum) if cage.set.is_subset(&region) => remaining -= sum as i32,
                Some(sum) => crossings.push(Crossing {
                    inside: cage
                        .cells
                        .iter()
                        .copied()
                        .filter(|&c| region.contains(c))
                        .collect(),
                    outside: cage
                        .cells
                        .iter()
                        .copied()
                        .filter(|&c| !region.contains(c))
                        .collect(),
                    sum: sum as i32,
                }),
                None => loose.extend(cage.cells.iter().copied().filter(|&c| region.contains(c))),
            }
        }
        let mut candidates: Vec<SumRegion> = Vec::new();
        // Each choice says, per crossing cage, whether it counts as outies (its sum taken, its
        // outside part subtracted) or as innies (its inside part added).
        let choices: Vec<u32> = if crossings.len() <= MAX_MIXED_CAGES {
            (0..1u32 << crossings.len()).collect()
        } else {
            vec![0, (1u32 << crossings.len().min(31)) - 1]
        };
        for choice in choices {
            // the sizes first: most choices give too many cells, and are dropped unbuilt
            let (added_count, subtracted_count) = crossings.iter().enumerate().fold(
                (loose.len(), 0),
                |(added, subtracted), (number, crossing)| {
                    if choice >> number & 1 == 1 {
                        (added, subtracted + crossing.outside.len())
                    } else {
                        (added + crossing.inside.len(), subtracted)
                    }
                },
            );
            if too_many(added_count, subtracted_count) {
                continue;
            }
            let mut added = loose.clone();
            let mut subtracted = Vec::new();
            let mut total = remaining;
            for (number, crossing) in crossings.iter().enumerate() {
                if choice >> number & 1 == 1 {
                    total -= crossing.sum;
                    subtracted.extend(&crossing.outside);
                } else {
                    added.extend(&crossing.inside);
                }
            }
            added.sort_unstable();
            subtracted.sort_unstable();
            // All outies: their sum is what the crossing cages give beyond the region.
            let (added, subtracted, total) = if added.is_empty() {
                (subtracted, Vec::new(), -total)
            } else {
                (added, subtracted, total)
            };
            candidates.push(SumRegion {
                added,
                subtracted,
                total,
                houses: houses.clone(),
            });
        }
        candidates.sort_by_key(|sum| {
            (
                !sum.subtracted.is_empty(),
                sum.added.len() + sum.subtracted.len(),
            )
        });
        for candidate in candidates {
            if seen.insert((candidate.added.clone(), candidate.subtracted.clone())) {
                found.push(candidate);
            }
        }
    }
    found
}

/// Whether a sum over `added` cells less `subtracted` ones is not worth enumerating: no
/// cells, too many, or a difference of too many.
fn too_many(added: usize, subtracted: usize) -> bool {
    let mixed = added > 0 && subtracted > 0;
    (mixed && added + subtracted > MAX_DIFFERENCE_CELLS)
        || added + subtracted > MAX_ENUMERATED_CELLS
        || added + subtracted == 0
}

/// What the cells of `sum` can hold (in the order added, then subtracted), when the search
/// finished.
pub(crate) fn reach_of<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    sum: &SumRegion,
) -> Answer {
    if sum.subtracted.is_empty() {
        if sum.total < 0 {
            return Answer::Impossible;
        }
        return match reach(layout, board, &sum.added, Some(sum.total as u32)) {
            Some(reached) => Answer::Reached(reached),
            // the programme over digit sets never gives up; the search may have
            None => Answer::GaveUp,
        };
    }
    let cells = sum.cells();
    reach_difference(
        layout,
        &sum.added,
        &sum.subtracted,
        &options_of(board, &cells),
        sum.total,
    )
}

/// The first sum of the 45 rule (innies, outies or a difference) that rules out candidates.
pub(crate) fn innies_outies<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    if layout.cages.is_empty() {
        return None;
    }
    let sums = context.memo.killer_sums(|| sum_regions(layout));
    for (slot, sum) in sums.iter().enumerate() {
        let cells = || sum.added.iter().chain(&sum.subtracted).copied();
        if cells().all(|cell| board.values[cell] != 0)
            || context
                .memo
                .is_barren_at(Technique::InniesOuties, slot, board, cells())
        {
            continue;
        }
        let mut finding = Finding::new(Technique::InniesOuties);
        // the answer (a reach, none, or a search cut short) depends on the cells' candidates
        // only, so every way of finding nothing is remembered alike
        if let Answer::Reached(reached) = reach_of(layout, board, sum) {
            prune(board, &sum.cells(), &reached.possible, &mut finding);
        }
        if finding.eliminations.is_empty() {
            context
                .memo
                .set_barren_at(Technique::InniesOuties, slot, board, cells());
            continue;
        }
        finding.cells = sum.cells();
        finding.houses = sum.houses.clone();
        finding.groups = vec![sum.added.clone()];
        if !sum.subtracted.is_empty() {
            finding.groups.push(sum.subtracted.clone());
        } else {
            let kept = combinations_after(layout, board, &sum.added, sum.total, &finding);
            finding.combinations.push(kept);
        }
        finding.totals.push(sum.total);
        return Some(finding);
    }
    None
}
