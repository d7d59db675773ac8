//! Combination interaction in a house: the cages and hidden cages lying inside one house
//! must use different digits, together with the house's other cells, so a combination of
//! one that leaves the others no way to be filled is dropped. Killer pairs and triples (two
//! cages of a house sharing a pair of digits between them) are the simplest cases. Cage
//! splitting adds the cages the house cuts in two: their cells inside hold a digit set that
//! some assignment of the whole cage gives.

use super::combinations_after;
use super::rule45::sum_regions;
use super::sums::{choices_of, options_of};
use std::borrow::Cow;

use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::layout::{HouseData, Layout};
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::{digits_of, Context};

/// Largest house whose digit sets are enumerated (2^12 sets per layer).
const MAX_HOUSE_SIZE: usize = 12;

/// A set of cells of the house filled as one: a cage or hidden cage (with its sum) or one
/// free cell.
struct Group {
    /// Positions in the house.
    positions: Vec<usize>,
    /// The digit sets the group may take, each with the digits each position may then hold.
    choices: Vec<(u32, Vec<u32>)>,
}

/// What each cell of the house may hold when every group takes one of its choices and no
/// digit repeats; `None` when nothing fits.
fn house_reach(size: usize, groups: &[Group]) -> Option<Vec<u32>> {
    let width = 1usize << size;
    // reachable[g][mask]: the first g groups can use exactly `mask`.
    let mut reachable = vec![vec![false; width]; groups.len() + 1];
    reachable[0][0] = true;
    let mut frontier = vec![0u32];
    for (index, group) in groups.iter().enumerate() {
        let mut next = Vec::new();
        for &mask in &frontier {
            for (set, _) in &group.choices {
                if mask & set == 0 && !reachable[index + 1][(mask | set) as usize] {
                    reachable[index + 1][(mask | set) as usize] = true;
                    next.push(mask | set);
                }
            }
        }
        frontier = next;
    }
    if frontier.is_empty() {
        return None;
    }
    let mut possible = vec![0u32; size];
    let mut alive = vec![false; width];
    for &mask in &frontier {
        alive[mask as usize] = true;
    }
    for index in (0..groups.len()).rev() {
        let mut earlier = vec![false; width];
        for before in 0..width {
            if !reachable[index][before] {
                continue;
            }
            for (set, cells) in &groups[index].choices {
                if before as u32 & set == 0 && alive[before | *set as usize] {
                    earlier[before] = true;
                    for (&position, &mask) in groups[index].positions.iter().zip(cells) {
                        possible[position] |= mask;
                    }
                }
            }
        }
        alive = earlier;
    }
    Some(possible)
}

/// Most cells of a cage split by a house (its assignments are enumerated whole).
const MAX_SPLIT_CAGE_CELLS: usize = 6;

/// Most assignments visited while splitting one cage (beyond that its part is left out).
const SPLIT_BUDGET: usize = 20_000;

/// The digit sets the cells at `inside` (positions in the cage) take over the cage's
/// assignments (distinct digits from `options`, summing to `sum`), each with the digits each
/// of those cells may then hold; `None` when the enumeration runs over its budget.
fn split_choices(options: &[u32], inside: &[usize], sum: i32) -> Option<Vec<(u32, Vec<u32>)>> {
    struct Split<'a> {
        options: &'a [u32],
        inside: &'a [usize],
        sum: i32,
        chosen: Vec<usize>,
        found: Vec<(u32, Vec<u32>)>,
        budget: usize,
    }
    fn walk(split: &mut Split<'_>, used: u32, total: i32) -> bool {
        if split.budget == 0 {
            return false;
        }
        split.budget -= 1;
        let depth = split.chosen.len();
        if depth == split.options.len() {
            if total == split.sum {
                let set = split
                    .inside
                    .iter()
                    .fold(0u32, |set, &position| set | 1 << split.chosen[position]);
                let entry = match split.found.iter().position(|(known, _)| *known == set) {
                    Some(entry) => entry,
                    None => {
                        split.found.push((set, vec![0; split.inside.len()]));
                        split.found.len() - 1
                    }
                };
                for (slot, &position) in split.inside.iter().enumerate() {
                    split.found[entry].1[slot] |= 1 << split.chosen[position];
                }
            }
            return true;
        }
        let left = (split.options.len() - depth) as i32;
        for digit in digits_of(split.options[depth] & !used) {
            let value = digit as i32 + 1;
            // the cells after this one add at least 1 + 2 + … and at most n + (n − 1) + …
            let after = left - 1;
            if total + value + after * (after + 1) / 2 > split.sum {
                break;
            }
            split.chosen.push(digit);
            let finished = walk(split, used | 1 << digit, total + value);
            split.chosen.pop();
            if !finished {
                return false;
            }
        }
        true
    }
    let mut split = Split {
        options,
        inside,
        sum,
        chosen: Vec::with_capacity(options.len()),
        found: Vec::new(),
        budget: SPLIT_BUDGET,
    };
    walk(&mut split, 0, 0).then_some(split.found)
}

/// The first house where the cages and hidden cages inside it, filled together with its
/// other cells, rule out candidates.
pub(crate) fn combination_interaction<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    interaction_in_houses(context, board, Technique::CombinationInteraction)
}

/// Cage splitting: the same with the cages a house splits (part inside, part outside) taking
/// part too — their inside cells hold a digit set some assignment of the whole cage gives.
pub(crate) fn cage_splitting<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    interaction_in_houses(context, board, Technique::CageSplitting)
}

/// The cells whose candidates a house's search reads, so the memo may skip the house only
/// while none of them changed: the house's cells, and with split cages the cells outside
/// the house of every cage with a sum it splits (their candidates decide the digit sets
/// the cage's inside part may take).
fn watched_cells<'a, const W: usize>(
    layout: &Layout<W>,
    house: &'a HouseData<W>,
    split: bool,
) -> Cow<'a, [usize]> {
    let mut watched = Cow::Borrowed(house.cells.as_slice());
    if split {
        for cage in layout.cages.iter().filter(|cage| cage.sum.is_some()) {
            if cage.set.intersects(&house.set) && !cage.set.is_subset(&house.set) {
                let outside = cage.cells.iter().filter(|&&cell| !house.set.contains(cell));
                watched.to_mut().extend(outside);
            }
        }
    }
    watched
}

/// Combination interaction (with split cages for [`Technique::CageSplitting`]).
fn interaction_in_houses<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    technique: Technique,
) -> Option<Finding> {
    let split = technique == Technique::CageSplitting;
    let layout = context.layout;
    if layout.cages.is_empty() || layout.size > MAX_HOUSE_SIZE {
        return None;
    }
    let sums = context.memo.killer_sums(|| sum_regions(layout));
    for (number, house) in layout.houses.iter().enumerate() {
        if (house.set & board.empty).is_empty() {
            continue;
        }
        let watched = watched_cells(layout, house, split);
        if context
            .memo
            .is_barren_at(technique, number, board, watched.iter().copied())
        {
            continue;
        }
        // Cages first, then hidden cages, each only where no earlier group holds its cells.
        let mut taken: CellSet<W> = CellSet::EMPTY;
        let mut summed: Vec<(Vec<usize>, i32)> = Vec::new();
        let cages = layout
            .cages
            .iter()
            .filter_map(|cage| cage.sum.map(|sum| (&cage.cells, &cage.set, sum as i32)));
        let hidden = sums
            .iter()
            .filter(|sum| sum.subtracted.is_empty())
            .map(|sum| {
                let set: CellSet<W> = sum.added.iter().copied().collect();
                (&sum.added, set, sum.total)
            });
        let mut hidden_sets: Vec<(&Vec<usize>, CellSet<W>, i32)> = hidden.collect();
        let mut candidates: Vec<(&Vec<usize>, CellSet<W>, i32)> =
            cages.map(|(cells, set, sum)| (cells, *set, sum)).collect();
        candidates.append(&mut hidden_sets);
        for (cells, set, sum) in candidates {
            if cells.len() < 2
                || cells.len() >= house.cells.len()
                || !set.is_subset(&house.set)
                || set.intersects(&taken)
            {
                continue;
            }
            taken |= set;
            summed.push((cells.clone(), sum));
        }
        if summed.is_empty() && !split {
            continue;
        }
        let options = options_of(board, &house.cells);
        let position_of = |cell: usize| {
            house
                .cells
                .iter()
                .position(|&other| other == cell)
                .expect("in house")
        };
        let mut groups: Vec<Group> = summed
            .iter()
            .map(|(cells, sum)| {
                let positions: Vec<usize> = cells.iter().map(|&cell| position_of(cell)).collect();
                let group_options: Vec<u32> = positions.iter().map(|&p| options[p]).collect();
                Group {
                    choices: choices_of(&group_options, Some(*sum)),
                    positions,
                }
            })
            .collect();
        // split cages: their parts inside, with the digit sets the whole cage allows
        let mut parts: Vec<(Vec<usize>, i32)> = Vec::new();
        if split {
            for cage in &layout.cages {
                let Some(sum) = cage.sum else {
                    continue;
                };
                let inside: Vec<usize> = (0..cage.cells.len())
                    .filter(|&position| house.set.contains(cage.cells[position]))
                    .collect();
                if inside.len() < 2
                    || inside.len() == cage.cells.len()
                    || cage.cells.len() > MAX_SPLIT_CAGE_CELLS
                    || cage.set.intersects(&taken)
                {
                    continue;
                }
                let cage_options = options_of(board, &cage.cells);
                let Some(choices) = split_choices(&cage_options, &inside, sum as i32) else {
                    continue;
                };
                let cells: Vec<usize> = inside
                    .iter()
                    .map(|&position| cage.cells[position])
                    .collect();
                for &cell in &cells {
                    taken.insert(cell);
                }
                groups.push(Group {
                    positions: cells.iter().map(|&cell| position_of(cell)).collect(),
                    choices,
                });
                parts.push((cage.cells.clone(), sum as i32));
            }
            if parts.is_empty() {
                continue;
            }
        }
        for (position, &cell) in house.cells.iter().enumerate() {
            if !taken.contains(cell) {
                groups.push(Group {
                    positions: vec![position],
                    choices: digits_of(options[position])
                        .map(|digit| (1u32 << digit, vec![1u32 << digit]))
                        .collect(),
                });
            }
        }
        // fewest choices first keeps the layers small
        groups.sort_by_key(|group| group.choices.len());
        let Some(possible) = house_reach(layout.size, &groups) else {
            continue;
        };
        let mut finding = Finding::new(technique);
        for (position, &cell) in house.cells.iter().enumerate() {
            if board.values[cell] != 0 {
                continue;
            }
            for digit in digits_of(board.candidates[cell] & !possible[position]) {
                finding.eliminate(cell, digit);
            }
        }
        if finding.eliminations.is_empty() {
            context
                .memo
                .set_barren_at(technique, number, board, watched.iter().copied());
            continue;
        }
        finding.cells = house.cells.clone();
        finding.houses.push(number);
        for (cells, total) in summed {
            let kept = combinations_after(layout, board, &cells, total, &finding);
            finding.combinations.push(kept);
            finding.totals.push(total);
            finding.groups.push(cells);
        }
        for (cells, total) in parts {
            let kept = combinations_after(layout, board, &cells, total, &finding);
            finding.combinations.push(kept);
            finding.totals.push(total);
            finding.groups.push(cells);
        }
        return Some(finding);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cage, Constraint, Geometry, Grid, Puzzle};

    /// Cage splitting's memo watches the outside cells of the cages a house splits (it once
    /// watched the house alone, and skipped a house whose split cage had changed outside).
    #[test]
    fn the_memo_watches_the_outside_cells_of_split_cages() {
        let geometry = Geometry::for_size(9).unwrap();
        let cell = |row: usize, column: usize| geometry.cell(row, column).unwrap();
        let cage = |label: &str, cells: Vec<_>, sum: Option<u32>| {
            Constraint::Cage(Cage {
                label: label.to_string(),
                cells,
                sum,
            })
        };
        let puzzle = Puzzle::new(
            geometry,
            Grid::empty(geometry),
            vec![
                // split by row 1: r1c8, r1c9 inside, r2c9 outside
                cage("a", vec![cell(0, 7), cell(0, 8), cell(1, 8)], Some(12)),
                // inside row 1
                cage("b", vec![cell(0, 0), cell(0, 1)], Some(5)),
                // split by row 1, but without a sum
                cage("c", vec![cell(0, 4), cell(1, 4)], None),
            ],
        )
        .unwrap();
        let layout = Layout::<2>::new(&puzzle);
        let row = layout
            .houses
            .iter()
            .find(|house| house.cells == (0..9).collect::<Vec<usize>>())
            .expect("row 1");
        let plain = watched_cells(&layout, row, false);
        assert_eq!(
            plain, row.cells,
            "combination interaction reads the house alone"
        );
        let split = watched_cells(&layout, row, true);
        let outside: Vec<usize> = split[9..].to_vec();
        assert_eq!(
            outside,
            vec![cell(1, 8).index()],
            "r2c9 of cage a, not r2c5 of c"
        );
    }
}
