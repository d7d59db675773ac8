//! The killer solver's ladder: cage combinations, cage/house interactions, innies and outies
//! (the 45 rule over runs of whole rows or columns and over boxes) and, for greater killers,
//! bounds from comparing two cages' sums. One file per technique group; what they share (the
//! sum reasoning, pruning a set of cells to what its sum allows) lives here and in [`sums`].

pub(crate) mod combinations;
pub(crate) mod comparison;
pub(crate) mod interaction;
pub(crate) mod rule45;
pub(crate) mod sums;

pub(crate) use combinations::cage_combinations;
pub(crate) use comparison::cage_comparison;
pub(crate) use interaction::cage_house_interaction;
pub(crate) use rule45::innies_outies;

use super::digits_of;
use crate::grade::board::Board;
use crate::grade::step::Finding;

/// Largest set of cells whose sum is enumerated (innies, outies, hidden-sum cages).
pub(crate) const MAX_ENUMERATED_CELLS: usize = 8;

/// Removes from `cells` (open ones) every candidate outside `possible` (per position).
pub(crate) fn prune<const W: usize>(
    board: &Board<W>,
    cells: &[usize],
    possible: &[u32],
    finding: &mut Finding,
) {
    for (position, &cell) in cells.iter().enumerate() {
        if board.values[cell] != 0 {
            continue;
        }
        for digit in digits_of(board.candidates[cell] & !possible[position]) {
            finding.eliminate(cell, digit);
        }
    }
}
