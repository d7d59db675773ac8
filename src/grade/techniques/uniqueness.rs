//! Uniqueness techniques: unique rectangles (tests 1 to 6), hidden rectangle, avoidable
//! rectangles (types 1 and 2) and BUG+1. Sound only on puzzles with one solution, and only
//! on rectangles outside extra houses (a diagonal would break the deadly pattern).

use crate::grade::word_hash::WordSet;

use super::{digits_of, Context};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// Whether a rectangle's cells lie only in rows, columns and boxes.
fn plain<const W: usize>(context: &Context<'_, W>, cells: &[usize; 4]) -> bool {
    cells
        .iter()
        .all(|&cell| context.layout.cell_houses[cell].len() == 3)
}

/// The rectangles met so far (by their sorted corners), with a hash much cheaper than the
/// default one: a search meets a few dozen.
type Seen = WordSet<[usize; 4]>;

/// Every rectangle of HoDoKu's search, in its order: a start cell, a second cell in its box
/// and line, and the two cells across in another box. `accept` decides which second and
/// far cells may serve; `visit` returns `true` to stop.
fn rectangles<const W: usize>(
    context: &Context<'_, W>,
    start: usize,
    accept_second: impl Fn(usize) -> bool,
    accept_far: impl Fn(usize, usize) -> bool,
    seen: &mut Seen,
    mut visit: impl FnMut([usize; 4]) -> bool,
) -> bool {
    let layout = context.layout;
    let start_box = layout.box_number(start);
    for &second in &layout.houses[layout.box_house(start_box)].cells {
        if second == start
            || (layout.row(second) != layout.row(start)
                && layout.column(second) != layout.column(start))
        {
            continue;
        }
        if !accept_second(second) {
            continue;
        }
        let along_row = layout.row(start) == layout.row(second);
        let (unit1, unit2) = if along_row {
            (
                layout.column_house(layout.column(start)),
                layout.column_house(layout.column(second)),
            )
        } else {
            (
                layout.row_house(layout.row(start)),
                layout.row_house(layout.row(second)),
            )
        };
        for position in 0..layout.size {
            let far1 = layout.houses[unit1].cells[position];
            let far2 = layout.houses[unit2].cells[position];
            if layout.box_number(far1) == start_box || !accept_far(far1, far2) {
                continue;
            }
            let corners = [start, second, far1, far2];
            if !plain(context, &corners) {
                continue;
            }
            let mut key = corners;
            key.sort_unstable();
            if !seen.insert(key) {
                continue;
            }
            if visit(corners) {
                return true;
            }
        }
    }
    false
}

/// The first unique rectangle step of type `wanted` (or the hidden rectangle).
pub(crate) fn unique_rectangle<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    wanted: Technique,
) -> Option<Finding> {
    let layout = context.layout;
    let mut seen = Seen::default();
    let mut result = None;
    for start in board.empty.iter() {
        if board.count(start) != 2 {
            continue;
        }
        let pair = board.candidates[start];
        let stopped = rectangles(
            context,
            start,
            |second| board.values[second] == 0 && board.candidates[second] & pair == pair,
            |far1, far2| {
                board.candidates[far1] & pair == pair && board.candidates[far2] & pair == pair
            },
            &mut seen,
            |corners| {
                result = rectangle_steps(context, board, corners, pair, wanted);
                result.is_some()
            },
        );
        if stopped {
            return result;
        }
    }
    let _ = layout;
    None
}

/// The checks HoDoKu makes on one rectangle, in its order; the first step of `wanted` type.
fn rectangle_steps<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    corners: [usize; 4],
    pair: u32,
    wanted: Technique,
) -> Option<Finding> {
    let layout = context.layout;
    let mut digits = digits_of(pair);
    let (Some(a), Some(b)) = (digits.next(), digits.next()) else {
        return None;
    };
    let mut two: Vec<usize> = Vec::new();
    let mut extra: Vec<usize> = Vec::new();
    for &cell in &corners {
        if board.candidates[cell] & !pair == 0 {
            two.push(cell);
        } else {
            extra.push(cell);
        }
    }
    two.sort_unstable();
    extra.sort_unstable();
    let rectangle_set: CellSet<W> = corners.iter().copied().collect();
    let base = |technique: Technique| {
        let mut finding = Finding::new(technique);
        finding.cells = corners.to_vec();
        finding.digits = pair;
        finding
    };
    let wants = |technique: Technique| technique == wanted && context.enabled(technique);
    // Test 1
    if two.len() == 3 && wants(Technique::UniquenessTest1) {
        let mut finding = base(Technique::UniquenessTest1);
        for digit in [a, b] {
            if board.has(extra[0], digit) {
                finding.eliminate(extra[0], digit);
            }
        }
        if !finding.eliminations.is_empty() {
            return Some(finding);
        }
    }
    // Tests 2 and 5
    if two.len() == 2 || two.len() == 1 {
        let mut added = 0u32;
        let mut common = layout.all_cells;
        for &cell in &extra {
            added |= board.candidates[cell] & !pair;
            if added.count_ones() > 1 {
                break;
            }
            common &= layout.peers[cell];
        }
        if added.count_ones() == 1 {
            let digit = added.trailing_zeros() as usize;
            let eliminations = common & board.digit_cells[digit];
            let type5 = extra.len() == 3
                || (layout.row(extra[0]) != layout.row(extra[1])
                    && layout.column(extra[0]) != layout.column(extra[1]));
            let technique = if type5 {
                Technique::UniquenessTest5
            } else {
                Technique::UniquenessTest2
            };
            if !eliminations.is_empty() && wants(technique) {
                let mut finding = base(technique);
                for cell in eliminations.iter() {
                    finding.eliminate(cell, digit);
                }
                return Some(finding);
            }
        }
    }
    // Test 3
    if two.len() == 2 && wants(Technique::UniquenessTest3) {
        let extra_digits = extra
            .iter()
            .fold(0u32, |acc, &cell| acc | (board.candidates[cell] & !pair));
        let (first, second) = (extra[0], extra[1]);
        let mut houses = Vec::new();
        if layout.row(first) == layout.row(second) {
            houses.push(layout.row_house(layout.row(first)));
        }
        if layout.column(first) == layout.column(second) {
            houses.push(layout.column_house(layout.column(first)));
        }
        if layout.box_number(first) == layout.box_number(second) {
            houses.push(layout.box_house(layout.box_number(first)));
        }
        for house in houses {
            let others: Vec<usize> = layout.houses[house]
                .cells
                .iter()
                .copied()
                .filter(|&cell| {
                    board.candidates[cell] != 0
                        && board.candidates[cell] & pair == 0
                        && !rectangle_set.contains(cell)
                })
                .collect();
            let mut chosen: Vec<usize> = extra.clone();
            if let Some(finding) = test3_recursive(
                context,
                board,
                house,
                &others,
                0,
                extra_digits,
                &mut chosen,
                &corners,
                pair,
            ) {
                return Some(finding);
            }
        }
    }
    // Test 4
    if two.len() == 2 && wants(Technique::UniquenessTest4) {
        let (first, second) = (extra[0], extra[1]);
        if layout.row(first) == layout.row(second) || layout.column(first) == layout.column(second)
        {
            let common = layout.peers[first] & layout.peers[second];
            let keep = if (common & board.digit_cells[a]).is_empty() {
                Some(b)
            } else if (common & board.digit_cells[b]).is_empty() {
                Some(a)
            } else {
                None
            };
            if let Some(digit) = keep {
                let mut finding = base(Technique::UniquenessTest4);
                for cell in [first, second] {
                    if board.has(cell, digit) {
                        finding.eliminate(cell, digit);
                    }
                }
                if !finding.eliminations.is_empty() {
                    return Some(finding);
                }
            }
        }
    }
    // Test 6
    if two.len() == 2 && wants(Technique::UniquenessTest6) {
        let (first, second) = (extra[0], extra[1]);
        if layout.row(first) != layout.row(second) && layout.column(first) != layout.column(second)
        {
            let lines = layout.houses[layout.row_house(layout.row(first))].set
                | layout.houses[layout.column_house(layout.column(first))].set
                | layout.houses[layout.row_house(layout.row(second))].set
                | layout.houses[layout.column_house(layout.column(second))].set;
            let outside = lines.minus(&rectangle_set);
            let digit = if (outside & board.digit_cells[a]).is_empty() {
                Some(a)
            } else if (outside & board.digit_cells[b]).is_empty() {
                Some(b)
            } else {
                None
            };
            if let Some(digit) = digit {
                let mut finding = base(Technique::UniquenessTest6);
                for cell in [first, second] {
                    if board.has(cell, digit) {
                        finding.eliminate(cell, digit);
                    }
                }
                if !finding.eliminations.is_empty() {
                    return Some(finding);
                }
            }
        }
    }
    // Hidden rectangle
    if (two.len() == 2 || two.len() == 1) && wants(Technique::HiddenRectangle) {
        let diagonal = two.len() == 1
            || (layout.row(two[0]) != layout.row(two[1])
                && layout.column(two[0]) != layout.column(two[1]));
        if diagonal {
            let corners_to_try = if two.len() == 2 { 2 } else { 1 };
            for &corner in two.iter().take(corners_to_try) {
                let (first, second) = (extra[0], extra[1]);
                let row = if layout.row(first) == layout.row(corner) {
                    layout.row(second)
                } else {
                    layout.row(first)
                };
                let column = if layout.column(first) == layout.column(corner) {
                    layout.column(second)
                } else {
                    layout.column(first)
                };
                for (kept, removed) in [(a, b), (b, a)] {
                    let row_cells = board.house_cells(layout, layout.row_house(row), kept);
                    let column_cells = board.house_cells(layout, layout.column_house(column), kept);
                    if !row_cells.minus(&rectangle_set).is_empty()
                        || !column_cells.minus(&rectangle_set).is_empty()
                    {
                        continue;
                    }
                    let target = layout.index(row, column);
                    if board.has(target, removed) {
                        let mut finding = base(Technique::HiddenRectangle);
                        finding.eliminate(target, removed);
                        return Some(finding);
                    }
                }
            }
        }
    }
    None
}

/// Uniqueness test 3: the extra cells with further cells of a house form a naked subset.
#[allow(clippy::too_many_arguments)]
fn test3_recursive<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    house: usize,
    others: &[usize],
    start: usize,
    digits: u32,
    chosen: &mut Vec<usize>,
    corners: &[usize; 4],
    pair: u32,
) -> Option<Finding> {
    let layout = context.layout;
    for position in start..others.len() {
        let cell = others[position];
        chosen.push(cell);
        let union = digits | board.candidates[cell];
        let same_line = chosen
            .iter()
            .all(|&c| layout.row(c) == layout.row(chosen[0]))
            || chosen
                .iter()
                .all(|&c| layout.column(c) == layout.column(chosen[0]));
        if (!layout.is_box(house) || !same_line) && union.count_ones() as usize == chosen.len() - 1
        {
            let set: CellSet<W> = chosen.iter().copied().collect();
            let mut finding = Finding::new(Technique::UniquenessTest3);
            finding.cells = corners.to_vec();
            finding.digits = pair;
            finding.houses.push(house);
            let clear = |house: usize, finding: &mut Finding| {
                for &target in &layout.houses[house].cells {
                    if board.values[target] == 0 && !set.contains(target) {
                        for digit in digits_of(board.candidates[target] & union) {
                            if !finding.eliminations.contains(&(target, digit)) {
                                finding.eliminate(target, digit);
                            }
                        }
                    }
                }
            };
            clear(house, &mut finding);
            if !finding.eliminations.is_empty() {
                if layout.is_line(house) {
                    let first_box = layout.box_number(chosen[0]);
                    if chosen.iter().all(|&c| layout.box_number(c) == first_box) {
                        clear(layout.box_house(first_box), &mut finding);
                    }
                }
                finding.fins = chosen
                    .iter()
                    .flat_map(|&c| digits_of(board.candidates[c] & union).map(move |d| (c, d)))
                    .collect();
                return Some(finding);
            }
        }
        if let Some(found) = test3_recursive(
            context,
            board,
            house,
            others,
            position + 1,
            union,
            chosen,
            corners,
            pair,
        ) {
            return Some(found);
        }
        chosen.pop();
    }
    None
}

/// The first avoidable rectangle of type `wanted`: solved cells that are not givens forming
/// a deadly pattern with unsolved ones.
pub(crate) fn avoidable_rectangle<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    wanted: Technique,
) -> Option<Finding> {
    let layout = context.layout;
    let solved_not_given = |cell: usize| board.values[cell] != 0 && !board.given.contains(cell);
    let mut seen = Seen::default();
    let mut result = None;
    for start in 0..layout.cell_count {
        if !solved_not_given(start) {
            continue;
        }
        let first = usize::from(board.values[start] - 1);
        let stopped = rectangles(
            context,
            start,
            solved_not_given,
            |_, _| true,
            &mut seen,
            |corners| {
                let [_, second, far1, far2] = corners;
                let other = usize::from(board.values[second] - 1);
                let open = |cell: usize, digit: usize| {
                    board.values[cell] == 0 && board.has(cell, digit) && board.count(cell) == 2
                };
                let valid = (board.values[far1] == other as u8 + 1
                    && !board.given.contains(far1)
                    && open(far2, first))
                    || (board.values[far2] == first as u8 + 1
                        && !board.given.contains(far2)
                        && open(far1, other))
                    || (open(far1, other) && open(far2, first));
                if !valid {
                    return false;
                }
                result = avoidable_step(context, board, corners, first, other, wanted);
                result.is_some()
            },
        );
        if stopped {
            return result;
        }
    }
    None
}

fn avoidable_step<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    corners: [usize; 4],
    first: usize,
    other: usize,
    wanted: Technique,
) -> Option<Finding> {
    let layout = context.layout;
    let [_, _, far1, far2] = corners;
    let technique;
    let mut finding;
    if board.values[far1] != 0 || board.values[far2] != 0 {
        technique = Technique::AvoidableRectangle1;
        finding = Finding::new(technique);
        if board.values[far1] != 0 {
            if board.has(far2, first) {
                finding.eliminate(far2, first);
            }
        } else if board.has(far1, other) {
            finding.eliminate(far1, other);
        }
    } else {
        technique = Technique::AvoidableRectangle2;
        finding = Finding::new(technique);
        let additional = board.candidates[far1] & !(1 << other);
        let digit = additional.trailing_zeros() as usize;
        if !board.has(far2, digit) {
            return None;
        }
        let eliminations = layout.peers[far1] & layout.peers[far2] & board.digit_cells[digit];
        for cell in eliminations.iter() {
            finding.eliminate(cell, digit);
        }
        finding.fins = vec![(far1, digit), (far2, digit)];
    }
    if finding.eliminations.is_empty() || technique != wanted || !context.enabled(technique) {
        return None;
    }
    finding.cells = corners.to_vec();
    finding.digits = (1 << first) | (1 << other);
    Some(finding)
}

/// BUG+1: every unsolved cell bivalue but one trivalue cell, every digit twice in every
/// house except the trivalue cell's extra digit, which appears three times in each of its
/// houses: that digit must go there.
pub(crate) fn bug_plus_one<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let mut triple = None;
    for cell in board.empty.iter() {
        match board.count(cell) {
            0..=2 => {}
            3 => {
                if triple.is_some() {
                    return None;
                }
                triple = Some(cell);
            }
            _ => return None,
        }
    }
    let triple = triple?;
    let mut extra_digit = None;
    let mut three_houses = Vec::new();
    for house in 0..layout.houses.len() {
        for digit in 0..layout.size {
            match board.free(house, digit) {
                0..=2 => {}
                3 => {
                    if extra_digit.is_some_and(|d| d != digit) {
                        return None;
                    }
                    extra_digit = Some(digit);
                    three_houses.push(house);
                }
                _ => return None,
            }
        }
    }
    let digit = extra_digit?;
    if !board.has(triple, digit) || three_houses != layout.cell_houses[triple] {
        return None;
    }
    let mut finding = Finding::new(Technique::BivalueUniversalGrave);
    finding.cells.push(triple);
    finding.digits = 1 << digit;
    for other in digits_of(board.candidates[triple]) {
        if other != digit {
            finding.eliminate(triple, other);
        }
    }
    Some(finding)
}
