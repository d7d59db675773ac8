//! Singles: full house, naked single, hidden single, taken from HoDoKu's queues in the order
//! they arose.

use super::Context;
use crate::grade::board::Board;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// A queued naked single that is the last empty cell of one of its houses.
pub(crate) fn full_house<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    for &(cell, digit) in board.naked_queue.pending() {
        if board.values[cell] != 0 {
            continue;
        }
        for &house in &layout.cell_houses[cell] {
            if (0..layout.size).all(|other| other == digit || board.free(house, other) == 0) {
                let mut finding = Finding::new(Technique::FullHouse);
                finding.placements.push((cell, digit));
                finding.cells.push(cell);
                finding.houses.push(house);
                finding.digits = 1 << digit;
                return Some(finding);
            }
        }
    }
    None
}

/// The oldest queued cell with one candidate left.
pub(crate) fn naked_single<const W: usize>(
    _context: &Context<'_, W>,
    board: &mut Board<W>,
) -> Option<Finding> {
    while let Some((cell, digit)) = board.naked_queue.pop() {
        if board.values[cell] == 0 {
            let mut finding = Finding::new(Technique::NakedSingle);
            finding.placements.push((cell, digit));
            finding.cells.push(cell);
            finding.digits = 1 << digit;
            return Some(finding);
        }
    }
    None
}

/// The oldest queued digit with one place left in a house.
pub(crate) fn hidden_single<const W: usize>(
    context: &Context<'_, W>,
    board: &mut Board<W>,
) -> Option<Finding> {
    while let Some((cell, digit)) = board.hidden_queue.pop() {
        if board.values[cell] != 0 {
            continue;
        }
        // HoDoKu looks at the first unsolved entry only.
        let house = context.layout.cell_houses[cell]
            .iter()
            .copied()
            .find(|&house| board.free(house, digit) == 1)?;
        let mut finding = Finding::new(Technique::HiddenSingle);
        finding.placements.push((cell, digit));
        finding.cells.push(cell);
        finding.houses.push(house);
        finding.digits = 1 << digit;
        return Some(finding);
    }
    None
}
