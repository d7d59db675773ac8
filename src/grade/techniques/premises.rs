//! The premises the cage and rule forcing chains assume in turn (the candidates of cells with
//! few candidates, fewest first, then the digits with two places left in a house), and the
//! singles both chains follow from them.

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

/// Where following singles ran into a contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Emptied {
    /// This cell has no candidate left.
    Cell(usize),
    /// This house (its number in the layout) has no place left for this digit.
    House { house: usize, digit: usize },
}

/// Places every single on `board` once over, naked singles first, then hidden singles house by
/// house, each through `place` (which places it on the board it is given); whether any was
/// placed, or where the board ran dry.
pub(crate) fn place_singles<const W: usize>(
    layout: &Layout<W>,
    board: &mut Board<W>,
    mut place: impl FnMut(&mut Board<W>, usize, usize),
) -> Result<bool, Emptied> {
    let mut changed = false;
    let open = board.empty;
    for cell in open.iter() {
        if board.values[cell] != 0 {
            continue;
        }
        match board.count(cell) {
            0 => return Err(Emptied::Cell(cell)),
            1 => {
                let digit = board.candidates[cell].trailing_zeros() as usize;
                place(board, cell, digit);
                changed = true;
            }
            _ => {}
        }
    }
    for (number, house) in layout.houses.iter().enumerate() {
        for digit in 0..layout.size {
            if board.placed[digit].intersects(&house.set) {
                continue;
            }
            let places = board.house_cells(layout, number, digit);
            match places.first() {
                None => {
                    return Err(Emptied::House {
                        house: number,
                        digit,
                    })
                }
                Some(cell) if !places.more_than_one() => {
                    place(board, cell, digit);
                    changed = true;
                }
                Some(_) => {}
            }
        }
    }
    Ok(changed)
}
