//! Single-digit patterns: Skyscraper, 2-String Kite and Empty Rectangle, searched as HoDoKu
//! searches them (including its choice of which end of a conjugate pair is compared).

use super::Context;
use crate::grade::board::Board;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// Conjugate pairs of a digit in the given houses: (house, first cell, second cell).
fn conjugate_pairs<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    digit: usize,
    houses: impl Iterator<Item = usize>,
) -> Vec<(usize, [usize; 2])> {
    let layout = context.layout;
    houses
        .filter(|&house| board.free(house, digit) == 2)
        .map(|house| {
            let mut cells = layout.houses[house]
                .cells
                .iter()
                .copied()
                .filter(|&cell| board.has(cell, digit));
            let first = cells.next().expect("two cells");
            let second = cells.next().expect("two cells");
            (house, [first, second])
        })
        .collect()
}

/// Two parallel conjugate pairs sharing a cross line at one end; the other ends' common
/// peers lose the digit.
pub(crate) fn skyscraper<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    for rows in [true, false] {
        let cross = |cell: usize| {
            if rows {
                layout.column(cell)
            } else {
                layout.row(cell)
            }
        };
        for digit in 0..n {
            let slot = if rows { digit } else { n + digit };
            let candidates = board.digit_cells[digit];
            if context
                .memo
                .is_barren(Technique::Skyscraper, slot, &candidates)
            {
                continue;
            }
            let houses = if rows { 0..n } else { n..2 * n };
            let pairs = conjugate_pairs(context, board, digit, houses);
            for i in 0..pairs.len() {
                for j in i + 1..pairs.len() {
                    let (a, b) = (pairs[i].1, pairs[j].1);
                    let other = if cross(a[0]) == cross(b[0]) {
                        1
                    } else if cross(a[1]) == cross(b[1]) {
                        0
                    } else {
                        continue;
                    };
                    if cross(a[other]) == cross(b[other]) {
                        continue;
                    }
                    let eliminations =
                        board.digit_cells[digit] & layout.peers[a[other]] & layout.peers[b[other]];
                    if eliminations.is_empty() {
                        continue;
                    }
                    let mut finding = Finding::new(Technique::Skyscraper);
                    finding.digits = 1 << digit;
                    finding.cells = vec![a[1 - other], b[1 - other], a[other], b[other]];
                    finding.houses = vec![pairs[i].0, pairs[j].0];
                    for cell in eliminations.iter() {
                        finding.eliminate(cell, digit);
                    }
                    return Some(finding);
                }
            }
            context
                .memo
                .set_barren(Technique::Skyscraper, slot, candidates);
        }
    }
    None
}

/// A row pair and a column pair with one end each in the same box; the cell where the free
/// ends cross loses the digit.
pub(crate) fn two_string_kite<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    for digit in 0..n {
        let candidates = board.digit_cells[digit];
        if context
            .memo
            .is_barren(Technique::TwoStringKite, digit, &candidates)
        {
            continue;
        }
        let mut rows = conjugate_pairs(context, board, digit, 0..n);
        let mut columns = conjugate_pairs(context, board, digit, n..2 * n);
        for i in 0..rows.len() {
            for j in 0..columns.len() {
                let box_of = |cell: usize| layout.box_number(cell);
                // HoDoKu swaps the ends in place; the swaps persist for later pairs.
                let (a, b) = (&mut rows[i].1, &mut columns[j].1);
                if box_of(a[0]) == box_of(b[0]) {
                } else if box_of(a[0]) == box_of(b[1]) {
                    b.swap(0, 1);
                } else if box_of(a[1]) == box_of(b[0]) {
                    a.swap(0, 1);
                } else if box_of(a[1]) == box_of(b[1]) {
                    a.swap(0, 1);
                    b.swap(0, 1);
                } else {
                    continue;
                }
                let (a, b) = (*a, *b);
                if a[0] == b[0] || a[0] == b[1] || a[1] == b[0] || a[1] == b[1] {
                    continue;
                }
                let cross = layout.index(layout.row(b[1]), layout.column(a[1]));
                if !board.has(cross, digit) {
                    continue;
                }
                let mut finding = Finding::new(Technique::TwoStringKite);
                finding.digits = 1 << digit;
                finding.cells = vec![a[1], b[1], a[0], b[0]];
                finding.houses = vec![rows[i].0, columns[j].0];
                finding.fins = vec![(a[0], digit), (b[0], digit)];
                finding.eliminate(cross, digit);
                return Some(finding);
            }
        }
        context
            .memo
            .set_barren(Technique::TwoStringKite, digit, candidates);
    }
    None
}

/// A box whose digit lies on one row and one column of it (the empty rectangle), and a
/// conjugate pair leading from that row (or column) to a cell on the column (or row).
pub(crate) fn empty_rectangle<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    let (box_rows, box_columns) = (layout.box_rows, layout.box_columns);
    for digit in 0..n {
        let candidates = board.digit_cells[digit];
        if context
            .memo
            .is_barren(Technique::EmptyRectangle, digit, &candidates)
        {
            continue;
        }
        for number in 0..n {
            let box_house = layout.box_house(number);
            let free = board.free(box_house, digit);
            if free < 2 || free > box_rows + box_columns - 1 {
                continue;
            }
            let cells = board.house_cells(layout, box_house, digit);
            let top = layout.houses[box_house].cells[0];
            let (first_row, first_column) = (layout.row(top), layout.column(top));
            for row in (first_row..first_row + box_rows).rev() {
                for column in (first_column..first_column + box_columns).rev() {
                    let row_set = layout.houses[layout.row_house(row)].set;
                    let column_set = layout.houses[layout.column_house(column)].set;
                    if !cells.is_subset(&(row_set | column_set)) {
                        continue;
                    }
                    let in_row = cells & row_set;
                    let in_column = cells & column_set;
                    if in_row.minus(&column_set).is_empty() || in_column.minus(&row_set).is_empty()
                    {
                        continue;
                    }
                    if in_row.len() < 2 && in_column.len() < 2 {
                        continue;
                    }
                    let found =
                        check_empty_rectangle(context, board, digit, number, row, column, true)
                            .or_else(|| {
                                check_empty_rectangle(
                                    context, board, digit, number, row, column, false,
                                )
                            });
                    if let Some(mut finding) = found {
                        finding.fins = cells.iter().map(|cell| (cell, digit)).collect();
                        return Some(finding);
                    }
                }
            }
        }
        context
            .memo
            .set_barren(Technique::EmptyRectangle, digit, candidates);
    }
    None
}

/// From the rectangle's row (`along_row`) or column, a conjugate pair in the cross line
/// whose far end sees a candidate on the rectangle's column (or row).
fn check_empty_rectangle<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    digit: usize,
    box_number: usize,
    row: usize,
    column: usize,
    along_row: bool,
) -> Option<Finding> {
    let layout = context.layout;
    let line = if along_row {
        layout.row_house(row)
    } else {
        layout.column_house(column)
    };
    for &cell in &layout.houses[line].cells {
        if board.values[cell] != 0
            || layout.box_number(cell) == box_number
            || !board.has(cell, digit)
        {
            continue;
        }
        let cross = if along_row {
            layout.column_house(layout.column(cell))
        } else {
            layout.row_house(layout.row(cell))
        };
        if board.free(cross, digit) != 2 {
            continue;
        }
        let partner = board
            .house_cells(layout, cross, digit)
            .iter()
            .find(|&other| other != cell)
            .expect("two cells");
        let partner_line = if along_row {
            layout.row_house(layout.row(partner))
        } else {
            layout.column_house(layout.column(partner))
        };
        for target in board.house_cells(layout, partner_line, digit).iter() {
            if layout.box_number(target) == box_number {
                continue;
            }
            let on_line = if along_row {
                layout.column(target) == column
            } else {
                layout.row(target) == row
            };
            if on_line {
                let mut finding = Finding::new(Technique::EmptyRectangle);
                finding.digits = 1 << digit;
                finding.cells = vec![cell, partner];
                finding.houses = vec![layout.box_house(box_number), cross];
                finding.eliminate(target, digit);
                return Some(finding);
            }
        }
    }
    None
}
