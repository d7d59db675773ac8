//! Which digits of a rule's cells some filling of those cells uses, as the grader asks it:
//! the rule's candidates on the board (placed cells holding their digit) and which of its
//! cells see each other, handed to the tuple search the native engine shares
//! ([`crate::model::variant::tuple::supports`]), taken to the last cell so the answer is
//! exact for the rule alone.

use crate::model::variant::tuple::{self, Completion, MAX_TUPLE_CELLS};

use super::super::super::board::Board;
use super::super::super::layout::Layout;
use super::rules::{Rule, RuleShape};

/// For each cell of `rule` (in its order), the digits (mask, bit d for digit index d) some
/// filling of the rule's cells allows, placed cells holding their digit; `None` when the
/// search passed its cap, or for a rule over more than [`MAX_TUPLE_CELLS`] cells or a chess
/// rule (not a search).
pub(crate) fn supports<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    rule: &Rule,
) -> Option<Vec<u32>> {
    let RuleShape::Tuple(shape) = &rule.shape else {
        return None;
    };
    if rule.cells.len() > MAX_TUPLE_CELLS {
        return None;
    }
    let masks: Vec<u32> = rule
        .cells
        .iter()
        .map(|&cell| match board.values[cell] {
            0 => board.candidates[cell],
            value => 1 << (value - 1),
        })
        .collect();
    let earlier_peers: Vec<u64> = rule
        .cells
        .iter()
        .enumerate()
        .map(|(later, &cell)| {
            rule.cells[..later]
                .iter()
                .enumerate()
                .filter(|&(_, &earlier)| layout.sees(earlier, cell))
                .fold(0u64, |bits, (earlier, _)| bits | 1 << earlier)
        })
        .collect();
    tuple::supports(
        shape,
        &masks,
        &earlier_peers,
        layout.size as u32,
        Completion::Exact,
    )
}
