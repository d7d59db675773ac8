//! Colouring: simple colours (trap and wrap) and multi colours on the conjugate pairs of one
//! digit, clusters taken from the lowest uncoloured cell, as HoDoKu colours them.

use super::Context;
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// The colour clusters of a digit: pairs of cell sets, each with at least one cell per colour.
fn clusters<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    digit: usize,
) -> Vec<(CellSet<W>, CellSet<W>)> {
    let layout = context.layout;
    let mut uncoloured: CellSet<W> = board.digit_cells[digit]
        .iter()
        .filter(|&cell| {
            layout.cell_houses[cell]
                .iter()
                .any(|&house| board.free(house, digit) == 2)
        })
        .collect();
    let mut result = Vec::new();
    while let Some(start) = uncoloured.first() {
        let mut colours = [CellSet::EMPTY, CellSet::EMPTY];
        let mut stack = vec![(start, 0usize)];
        uncoloured.remove(start);
        colours[0].insert(start);
        while let Some((cell, colour)) = stack.pop() {
            for &house in &layout.cell_houses[cell] {
                if board.free(house, digit) != 2 {
                    continue;
                }
                let partner = board
                    .house_cells(layout, house, digit)
                    .iter()
                    .find(|&other| other != cell)
                    .expect("two cells");
                if uncoloured.contains(partner) {
                    uncoloured.remove(partner);
                    colours[1 - colour].insert(partner);
                    stack.push((partner, 1 - colour));
                }
            }
        }
        if !colours[0].is_empty() && !colours[1].is_empty() {
            result.push((colours[0], colours[1]));
        }
    }
    result
}

fn sees_itself<const W: usize>(context: &Context<'_, W>, set: &CellSet<W>) -> bool {
    set.iter()
        .any(|cell| context.layout.peers[cell].intersects(set))
}

fn seen_by<const W: usize>(context: &Context<'_, W>, set: &CellSet<W>) -> CellSet<W> {
    let mut seen = CellSet::EMPTY;
    for cell in set.iter() {
        seen |= context.layout.peers[cell];
    }
    seen
}

fn colour_finding<const W: usize>(
    technique: Technique,
    digit: usize,
    sets: &[CellSet<W>],
) -> Finding {
    let mut finding = Finding::new(technique);
    finding.digits = 1 << digit;
    for set in sets {
        finding.groups.push(set.to_vec());
    }
    finding
}

/// The first simple colours step: a colour that sees itself (wrap), or candidates seeing
/// both colours (trap).
pub(crate) fn simple_colors<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    for digit in 0..context.layout.size {
        let candidates = board.digit_cells[digit];
        if context
            .memo
            .is_barren(Technique::SimpleColorsTrap, digit, &candidates)
        {
            continue;
        }
        for (first, second) in clusters(context, board, digit) {
            if context.enabled(Technique::SimpleColorsWrap) {
                let mut finding =
                    colour_finding(Technique::SimpleColorsWrap, digit, &[first, second]);
                for set in [first, second] {
                    if sees_itself(context, &set) {
                        for cell in set.iter() {
                            finding.eliminate(cell, digit);
                        }
                    }
                }
                if !finding.eliminations.is_empty() {
                    return Some(finding);
                }
            }
            if context.enabled(Technique::SimpleColorsTrap) {
                let trapped =
                    board.digit_cells[digit] & seen_by(context, &first) & seen_by(context, &second);
                if !trapped.is_empty() {
                    let mut finding =
                        colour_finding(Technique::SimpleColorsTrap, digit, &[first, second]);
                    for cell in trapped.iter() {
                        finding.eliminate(cell, digit);
                    }
                    return Some(finding);
                }
            }
        }
        context
            .memo
            .set_barren(Technique::SimpleColorsTrap, digit, candidates);
    }
    None
}

/// The first multi colours step over two clusters of one digit.
pub(crate) fn multi_colors<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    for digit in 0..context.layout.size {
        let candidates = board.digit_cells[digit];
        if context
            .memo
            .is_barren(Technique::MultiColors1, digit, &candidates)
        {
            continue;
        }
        let clusters = clusters(context, board, digit);
        for i in 0..clusters.len() {
            for j in 0..clusters.len() {
                if i == j {
                    continue;
                }
                let (a1, a2) = clusters[i];
                let (b1, b2) = clusters[j];
                let sets = [a1, a2, b1, b2];
                if context.enabled(Technique::MultiColors2) {
                    let mut finding = colour_finding(Technique::MultiColors2, digit, &sets);
                    for set in [a1, a2] {
                        let seen = seen_by(context, &set);
                        let sees_both = set.iter().any(|c| context.layout.peers[c].intersects(&b1))
                            && set.iter().any(|c| context.layout.peers[c].intersects(&b2));
                        let _ = seen;
                        if sees_both {
                            for cell in set.iter() {
                                finding.eliminate(cell, digit);
                            }
                        }
                    }
                    if !finding.eliminations.is_empty() {
                        return Some(finding);
                    }
                }
                if context.enabled(Technique::MultiColors1) {
                    let mut trapped = CellSet::EMPTY;
                    for (x, y, p, q) in [
                        (a1, b1, a2, b2),
                        (a1, b2, a2, b1),
                        (a2, b1, a1, b2),
                        (a2, b2, a1, b1),
                    ] {
                        if seen_by(context, &x).intersects(&y) {
                            trapped |= board.digit_cells[digit]
                                & seen_by(context, &p)
                                & seen_by(context, &q);
                        }
                    }
                    if !trapped.is_empty() {
                        let mut finding = colour_finding(Technique::MultiColors1, digit, &sets);
                        for cell in trapped.iter() {
                            finding.eliminate(cell, digit);
                        }
                        return Some(finding);
                    }
                }
            }
        }
        context
            .memo
            .set_barren(Technique::MultiColors1, digit, candidates);
    }
    None
}
