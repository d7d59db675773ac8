//! The killer solver's ladder: cage combinations, cage/house interactions, innies, outies and
//! innie–outie differences (the 45 rule over houses, runs of adjacent houses and blocks of
//! boxes, whose sums become hidden cages), the law of leftovers, combination interaction
//! inside a house, cage splitting, cage forcing chains and cage combination forcing and, for
//! greater killers, bounds from comparing two cages' sums and hidden sums bounded through
//! comparisons and the 45 rule. One file per technique group; what they share (the sum
//! reasoning, pruning a set of cells to what its sum allows) lives here and in [`sums`].

pub(crate) mod bounds;
pub(crate) mod combinations;
pub(crate) mod comparison;
pub(crate) mod explain;
pub(crate) mod forcing;
pub(crate) mod house;
pub(crate) mod interaction;
pub(crate) mod leftovers;
pub(crate) mod rule45;
pub(crate) mod sums;

pub(crate) use bounds::hidden_sum_bounds;
pub(crate) use combinations::cage_combinations;
pub(crate) use comparison::cage_comparison;
pub(crate) use forcing::{cage_combination_forcing, cage_forcing_chain};
pub(crate) use house::{cage_splitting, combination_interaction};
pub(crate) use interaction::{cage_house_interaction, hidden_cage_interaction};
pub(crate) use leftovers::law_of_leftovers;
pub(crate) use rule45::innies_outies;

use super::digits_of;
use crate::grade::board::Board;
use crate::grade::layout::Layout;
use crate::grade::step::Finding;

/// A sum the 45 rule gives: the digits of `added` less the digits of `subtracted` total
/// `total`. With nothing subtracted it is a hidden cage: cells with a known sum, which
/// differ where they see each other (unlike a cage's, they may repeat a digit otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SumRegion {
    /// Cells counted (innies, or outies when alone), in increasing order.
    pub added: Vec<usize>,
    /// Cells subtracted (outies of an innie–outie difference), in increasing order.
    pub subtracted: Vec<usize>,
    /// The sum.
    pub total: i32,
    /// The houses whose union gave it.
    pub houses: Vec<usize>,
}

impl SumRegion {
    /// The cells, added ones first.
    pub(crate) fn cells(&self) -> Vec<usize> {
        self.added.iter().chain(&self.subtracted).copied().collect()
    }
}

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

/// The digit combinations `cells` (which must all see each other) may take to sum to `total`
/// once `finding`'s eliminations are made, in increasing order; none for cells that may repeat
/// a digit.
pub(crate) fn combinations_after<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    cells: &[usize],
    total: i32,
    finding: &Finding,
) -> Vec<u32> {
    let all_see = cells.iter().enumerate().all(|(position, &first)| {
        cells[position + 1..]
            .iter()
            .all(|&second| layout.sees(first, second))
    });
    if !all_see {
        return Vec::new();
    }
    let options: Vec<u32> = sums::options_of(board, cells)
        .into_iter()
        .zip(cells)
        .map(|(mask, &cell)| {
            finding
                .eliminations
                .iter()
                .filter(|&&(removed, _)| removed == cell)
                .fold(mask, |mask, &(_, digit)| mask & !(1 << digit))
        })
        .collect();
    let mut sets: Vec<u32> = sums::choices_of(&options, Some(total))
        .into_iter()
        .map(|(set, _)| set)
        .collect();
    sets.sort_by_key(|&set| digits_of(set).collect::<Vec<usize>>());
    sets
}
