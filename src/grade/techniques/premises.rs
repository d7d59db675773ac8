//! The premises the cage and rule forcing chains assume in turn: the candidates of cells with
//! few candidates, fewest first, then the digits with two places left in a house.

use super::digits_of;
use crate::grade::board::Board;
use crate::grade::layout::Layout;

/// Which of a house's two places for a digit become premises after the cells' candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TwoPlaces {
    /// Both places, whatever their candidates (those already assumed are not repeated).
    Every,
    /// Only places in cells with more candidates than the cells assumed whole.
    InLargerCells,
}

/// The (cell, digit) premises on `board`, in the order they are tried: the candidates of
/// cells with two to `max_candidates` candidates, fewest first, then in reading order; then,
/// house by house and digit by digit, the two places of a digit a house has not placed yet,
/// as `places` says, each premise once.
pub(crate) fn forcing_premises<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    max_candidates: u32,
    places: TwoPlaces,
) -> Vec<(usize, usize)> {
    let mut premises: Vec<(usize, usize)> = Vec::new();
    for count in 2..=max_candidates {
        for cell in board
            .empty
            .iter()
            .filter(|&cell| board.count(cell) == count)
        {
            premises.extend(digits_of(board.candidates[cell]).map(|digit| (cell, digit)));
        }
    }
    for (number, house) in layout.houses.iter().enumerate() {
        for digit in 0..layout.size {
            let found = board.house_cells(layout, number, digit);
            if found.len() != 2 || board.placed[digit].intersects(&house.set) {
                continue;
            }
            for cell in found.iter() {
                let wanted = match places {
                    TwoPlaces::Every => true,
                    TwoPlaces::InLargerCells => board.count(cell) > max_candidates,
                };
                if wanted && !premises.contains(&(cell, digit)) {
                    premises.push((cell, digit));
                }
            }
        }
    }
    premises
}
