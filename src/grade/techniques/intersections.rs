//! Locked candidates: a digit of a box confined to one line (pointing), or of a line or an
//! extra house confined to one box (claiming).

use super::Context;
use crate::grade::board::Board;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// The first locked candidates step: boxes first (pointing), then rows, columns and extra
/// houses (claiming), each house for every digit in turn, as HoDoKu searches.
pub(crate) fn locked_candidates<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    let boxes = 2 * n..3 * n;
    let lines = 0..2 * n;
    let extras = 3 * n..layout.houses.len();
    for house in boxes.chain(lines).chain(extras) {
        let pointing = layout.is_box(house);
        let technique = if pointing {
            Technique::LockedCandidatesPointing
        } else {
            Technique::LockedCandidatesClaiming
        };
        if !context.enabled(technique) {
            continue;
        }
        for digit in 0..n {
            let free = board.free(house, digit);
            if free < 2 {
                continue;
            }
            let cells = board.house_cells(layout, house, digit);
            let first = cells.first().expect("free counts cells");
            let target = layout.cell_houses[first].iter().copied().find(|&other| {
                other != house
                    && (pointing || layout.is_box(other) || !layout.is_line(house))
                    && cells.is_subset(&layout.houses[other].set)
                    && board.free(other, digit) > free
            });
            let Some(target) = target else {
                continue;
            };
            let mut finding = Finding::new(technique);
            finding.digits = 1 << digit;
            finding.houses = vec![house, target];
            finding.cells = cells.to_vec();
            for &cell in &layout.houses[target].cells {
                if board.has(cell, digit) && !cells.contains(cell) {
                    finding.eliminate(cell, digit);
                }
            }
            return Some(finding);
        }
    }
    None
}
