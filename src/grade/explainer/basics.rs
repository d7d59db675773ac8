//! SE's techniques up to aligned pair exclusion: singles, the direct hints (a pointing,
//! claiming or hidden subset that leaves a hidden single, taken as that placement), and the
//! indirect ones, which reuse the grader's searches for subsets, fish, wings, unique
//! rectangles and BUG.

use super::bug;
use super::table::SeTechnique;
use super::unique_loops;
use super::{Hint, Scene};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::{digits_of, fish, for_each_combination, subsets, wings, Context};

/// Every technique of the grader's searches enabled: SE's producers choose which to run.
const EVERY_TECHNIQUE: [bool; Technique::ALL.len()] = [true; Technique::ALL.len()];

/// Runs the producer of `technique` on `board`.
pub(crate) fn produce(
    technique: SeTechnique,
    scene: &Scene<'_>,
    board: &mut Board<2>,
) -> Option<Hint> {
    use SeTechnique::*;
    let tenths = scene.tenths(technique)?;
    let context = Context {
        layout: scene.layout,
        enabled: &EVERY_TECHNIQUE,
        unique: scene.unique,
        memo: scene.memo,
    };
    let found = match technique {
        LastValue => return last_value(scene, board, tenths),
        HiddenSingleBox => return hidden_single(scene, board, true, tenths),
        HiddenSingleLine => return hidden_single(scene, board, false, tenths),
        DirectPointing => return locking(scene, board, true, true, tenths),
        DirectClaiming => return locking(scene, board, false, true, tenths),
        Pointing => return locking(scene, board, true, false, tenths),
        Claiming => return locking(scene, board, false, false, tenths),
        DirectHiddenPair => return direct_hidden(scene, board, 2, tenths),
        DirectHiddenTriplet => return direct_hidden(scene, board, 3, tenths),
        NakedSingle => return naked_single(board, tenths),
        NakedPair => subsets::naked(&context, board, 2, true)
            .or_else(|| subsets::naked(&context, board, 2, false)),
        NakedTriplet => subsets::naked(&context, board, 3, true)
            .or_else(|| subsets::naked(&context, board, 3, false)),
        NakedQuad => subsets::naked(&context, board, 4, false),
        HiddenPair => subsets::hidden(&context, board, 2),
        HiddenTriplet => subsets::hidden(&context, board, 3),
        HiddenQuad => subsets::hidden(&context, board, 4),
        XWing => fish::basic(&context, board, 2, fish::Fins::None),
        Swordfish => fish::basic(&context, board, 3, fish::Fins::None),
        Jellyfish => fish::basic(&context, board, 4, fish::Fins::None),
        XyWing => wings::xy_wing(&context, board, false),
        XyzWing => wings::xy_wing(&context, board, true),
        UniqueRectangle => return unique_loops::produce(scene, board, tenths),
        BivalueUniversalGrave => return bug::produce(scene, board),
        AlignedPairExclusion => {
            let hint = aligned_pair_exclusion(scene, board, tenths);
            scene.note(technique, board, hint.is_some());
            return hint;
        }
        AlignedTripletExclusion => {
            let hint = aligned_triplet_exclusion(board, scene, tenths);
            // a cell of one candidate keeps its peers out of the bases: the triplets judged
            // then are not all those judged later
            let single = board.empty.iter().any(|cell| board.count(cell) <= 1);
            scene.note(technique, board, hint.is_some() || single);
            return hint;
        }
        _ => None,
    };
    found.map(|finding| from_finding(technique, tenths, finding))
}

fn from_finding(technique: SeTechnique, tenths: u32, finding: Finding) -> Hint {
    let mut hint = Hint::new(technique, tenths);
    hint.placements = finding.placements;
    hint.eliminations = finding.eliminations;
    hint.cells = finding.cells;
    hint
}

/// SE's order of houses: boxes, rows, columns, then extra houses.
fn house_order(scene: &Scene<'_>) -> impl Iterator<Item = usize> {
    let n = scene.layout.size;
    let count = scene.layout.houses.len();
    (2 * n..3 * n).chain(0..2 * n).chain(3 * n..count)
}

fn last_value(scene: &Scene<'_>, board: &Board<2>, tenths: u32) -> Option<Hint> {
    for house in house_order(scene) {
        let set = scene.layout.houses[house].set & board.empty;
        if set.len() == 1 {
            let cell = set.first()?;
            if board.count(cell) == 1 {
                let mut hint = Hint::new(SeTechnique::LastValue, tenths);
                hint.placements
                    .push((cell, board.candidates[cell].trailing_zeros() as usize));
                hint.cells.push(cell);
                return Some(hint);
            }
        }
    }
    None
}

fn hidden_single(scene: &Scene<'_>, board: &Board<2>, boxes: bool, tenths: u32) -> Option<Hint> {
    let layout = scene.layout;
    for house in house_order(scene) {
        if layout.is_box(house) != boxes {
            continue;
        }
        for digit in 0..layout.size {
            if board.free(house, digit) == 1 {
                let cells = board.house_cells(layout, house, digit);
                let cell = cells.first()?;
                let technique = if boxes {
                    SeTechnique::HiddenSingleBox
                } else {
                    SeTechnique::HiddenSingleLine
                };
                let mut hint = Hint::new(technique, tenths);
                hint.placements.push((cell, digit));
                hint.cells.push(cell);
                return Some(hint);
            }
        }
    }
    None
}

fn naked_single(board: &Board<2>, tenths: u32) -> Option<Hint> {
    let cell = board.empty.iter().find(|&cell| board.count(cell) == 1)?;
    let mut hint = Hint::new(SeTechnique::NakedSingle, tenths);
    hint.placements
        .push((cell, board.candidates[cell].trailing_zeros() as usize));
    hint.cells.push(cell);
    Some(hint)
}

/// The hidden single that removing `removed` (cells, one digit) leaves in a house holding
/// one of those cells, if any.
fn single_left(
    scene: &Scene<'_>,
    board: &Board<2>,
    removed: &CellSet<2>,
    digit: usize,
    base: usize,
) -> Option<(usize, usize)> {
    let layout = scene.layout;
    for house in house_order(scene) {
        // SE looks for the single in houses of the base house's kind
        let allowed = layout.is_box(house) == layout.is_box(base)
            && (layout.is_box(base) || (house < layout.size) == (base < layout.size));
        if !allowed {
            continue;
        }
        let set = layout.houses[house].set;
        if !set.intersects(removed) {
            continue;
        }
        let left = board.house_cells(layout, house, digit).minus(removed);
        if left.len() == 1 {
            return Some((left.first()?, digit));
        }
    }
    None
}

/// Pointing (box to line) or claiming (line to box); `direct` asks for the form that leaves
/// a hidden single, which is then the step.
fn locking(
    scene: &Scene<'_>,
    board: &Board<2>,
    pointing: bool,
    direct: bool,
    tenths: u32,
) -> Option<Hint> {
    let layout = scene.layout;
    let n = layout.size;
    let boxes: Vec<usize> = (2 * n..3 * n).collect();
    let lines: Vec<usize> = (0..2 * n).collect();
    let (bases, covers) = if pointing {
        (&boxes, &lines)
    } else {
        (&lines, &boxes)
    };
    for &base in bases {
        for digit in 0..n {
            let cells = board.house_cells(layout, base, digit);
            if cells.len() < 2 {
                continue;
            }
            for &cover in covers.iter() {
                let cover_set = layout.houses[cover].set;
                if !cells.is_subset(&cover_set) {
                    continue;
                }
                let removed = board.house_cells(layout, cover, digit).minus(&cells);
                if removed.is_empty() {
                    continue;
                }
                let technique = match (pointing, direct) {
                    (true, true) => SeTechnique::DirectPointing,
                    (false, true) => SeTechnique::DirectClaiming,
                    (true, false) => SeTechnique::Pointing,
                    (false, false) => SeTechnique::Claiming,
                };
                let mut hint = Hint::new(technique, tenths);
                hint.cells = cells.to_vec();
                if direct {
                    match single_left(scene, board, &removed, digit, base) {
                        Some(placement) => hint.placements.push(placement),
                        None => continue,
                    }
                } else {
                    hint.eliminations = removed.iter().map(|cell| (cell, digit)).collect();
                }
                return Some(hint);
            }
        }
    }
    None
}

/// A hidden pair or triplet whose eliminations leave a hidden single of another digit.
fn direct_hidden(scene: &Scene<'_>, board: &Board<2>, size: usize, tenths: u32) -> Option<Hint> {
    let layout = scene.layout;
    let technique = if size == 2 {
        SeTechnique::DirectHiddenPair
    } else {
        SeTechnique::DirectHiddenTriplet
    };
    for house in house_order(scene) {
        let digits: Vec<usize> = (0..layout.size)
            .filter(|&digit| (2..=size).contains(&board.free(house, digit)))
            .collect();
        let mut result = None;
        for_each_combination(digits.len(), size, |chosen| {
            let mut cells = CellSet::EMPTY;
            let mut mask = 0u32;
            for &position in chosen {
                cells |= board.house_cells(layout, house, digits[position]);
                mask |= 1 << digits[position];
            }
            if cells.len() != size {
                return false;
            }
            for other in 0..layout.size {
                if mask & (1 << other) != 0 {
                    continue;
                }
                let removed: CellSet<2> = cells
                    .iter()
                    .filter(|&cell| board.has(cell, other))
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let left = board.house_cells(layout, house, other).minus(&removed);
                if left.len() == 1 {
                    let mut hint = Hint::new(technique, tenths);
                    hint.cells = cells.to_vec();
                    hint.placements.push((left.first().unwrap_or(0), other));
                    result = Some(hint);
                    return true;
                }
            }
            false
        });
        if result.is_some() {
            return result;
        }
    }
    None
}

/// Aligned pair exclusion: two cells of one box, or of one line, every pair of whose values
/// is ruled out either by the two seeing each other or by a bivalue cell seeing both that
/// holds exactly that pair; a value of either cell in no allowed pair is eliminated.
fn aligned_pair_exclusion(scene: &Scene<'_>, board: &Board<2>, tenths: u32) -> Option<Hint> {
    let layout = scene.layout;
    let empty: Vec<usize> = board.empty.iter().collect();
    let bivalue: CellSet<2> = board
        .empty
        .iter()
        .filter(|&cell| board.count(cell) == 2)
        .collect();
    let mut excluded: Vec<u32> = Vec::new();
    // a pair whose cells and common peers kept their candidates since the last barren
    // search removes nothing (see `Scene::changed`)
    let changed = scene.changed(SeTechnique::AlignedPairExclusion, board);
    for (position, &first) in empty.iter().enumerate() {
        for &second in &empty[position + 1..] {
            let aligned = layout.sees(first, second);
            let around = layout.peers[first] & layout.peers[second];
            let common = around & bivalue;
            if common.is_empty() {
                continue;
            }
            if let Some(changed) = &changed {
                if !changed.contains(first)
                    && !changed.contains(second)
                    && !around.intersects(changed)
                {
                    continue;
                }
            }
            excluded.clear();
            excluded.extend(common.iter().map(|cell| board.candidates[cell]));
            let (first_allowed, second_allowed) =
                allowed_pairs(board, [first, second], aligned, &excluded);
            let mut hint = Hint::new(SeTechnique::AlignedPairExclusion, tenths);
            for digit in digits_of(board.candidates[first] & !first_allowed) {
                hint.eliminations.push((first, digit));
            }
            for digit in digits_of(board.candidates[second] & !second_allowed) {
                hint.eliminations.push((second, digit));
            }
            if !hint.eliminations.is_empty() {
                hint.cells = vec![first, second];
                return Some(hint);
            }
        }
    }
    None
}

/// The values of `cells` that some pair of their values allows: not equal where they see
/// each other (`aligned`), not the two values of an `excluded` bivalue cell. Stops as soon
/// as every value is allowed, when nothing is left to exclude.
fn allowed_pairs(
    board: &Board<2>,
    cells: [usize; 2],
    aligned: bool,
    excluded: &[u32],
) -> (u32, u32) {
    let [first, second] = cells;
    let (all_first, all_second) = (board.candidates[first], board.candidates[second]);
    let mut first_allowed = 0u32;
    let mut second_allowed = 0u32;
    for one in digits_of(all_first) {
        for two in digits_of(all_second) {
            if one == two && aligned {
                continue;
            }
            let pair = (1u32 << one) | (1 << two);
            if excluded.contains(&pair) {
                continue;
            }
            first_allowed |= 1 << one;
            second_allowed |= 1 << two;
            if first_allowed == all_first && second_allowed == all_second {
                return (first_allowed, second_allowed);
            }
        }
    }
    (first_allowed, second_allowed)
}

/// Aligned triplet exclusion, as SE's aligned set exclusion of three cells: two base cells
/// and a third of at most three candidates seen by one of them, with at least two "excluder"
/// cells (of two or three candidates) seeing all three. A combination of their values is
/// ruled out when two cells seeing each other share a value or when it would leave an
/// excluder without candidates; a value in no remaining combination is eliminated.
fn aligned_triplet_exclusion(board: &Board<2>, scene: &Scene<'_>, tenths: u32) -> Option<Hint> {
    let layout = scene.layout;
    let mut base: Vec<usize> = Vec::new();
    let mut excluders: Vec<CellSet<2>> = vec![CellSet::EMPTY; layout.cell_count];
    for cell in board.empty.iter() {
        if board.count(cell) < 2 {
            continue;
        }
        let peers = layout.peers[cell] & board.empty;
        if peers.iter().any(|peer| board.count(peer) == 1) {
            continue;
        }
        let excluding: CellSet<2> = peers
            .iter()
            .filter(|&peer| (2..=3).contains(&board.count(peer)))
            .collect();
        if !excluding.is_empty() {
            excluders[cell] = excluding;
            base.push(cell);
        }
    }
    let base_set: CellSet<2> = base.iter().copied().collect();
    let changed = scene.changed(SeTechnique::AlignedTripletExclusion, board);
    let mut locks: Vec<u32> = Vec::new();
    for (position, &first) in base.iter().enumerate() {
        for &second in &base[position + 1..] {
            let pair_common = excluders[first] & excluders[second];
            if !pair_common.more_than_one() {
                continue;
            }
            let mut twin = (excluders[first] | excluders[second]) & base_set;
            twin.remove(first);
            twin.remove(second);
            if let Some(changed) = &changed {
                // neither cell nor a common peer changed: only a changed third may remove
                // something (see below)
                if !changed.contains(first)
                    && !changed.contains(second)
                    && !(layout.peers[first] & layout.peers[second]).intersects(changed)
                {
                    twin &= *changed;
                }
            }
            for third in twin.iter() {
                // the same three cells come up from each pair of them whose excluders hold
                // the third; all give the same eliminations, so only the first (pairs in
                // order) is judged
                let judged = if third < first {
                    (excluders[third] | excluders[first]).contains(second)
                        || (excluders[third] | excluders[second]).contains(first)
                } else {
                    third < second && (excluders[first] | excluders[third]).contains(second)
                };
                if judged {
                    continue;
                }
                // three cells whose candidates, and those of every cell seeing all three,
                // stayed the same since the last barren search remove nothing
                if let Some(changed) = &changed {
                    let around = layout.peers[first] & layout.peers[second] & layout.peers[third];
                    if !changed.contains(first)
                        && !changed.contains(second)
                        && !changed.contains(third)
                        && !around.intersects(changed)
                    {
                        continue;
                    }
                }
                let cells = [first, second, third];
                let common = pair_common & excluders[third];
                if !common.more_than_one() {
                    continue;
                }
                locks.clear();
                locks.extend(common.iter().map(|cell| board.candidates[cell]));
                let sees = [
                    layout.sees(first, second),
                    layout.sees(first, third),
                    layout.sees(second, third),
                ];
                let every = cells.map(|cell| board.candidates[cell]);
                let mut allowed = [0u32; 3];
                'pairs: for one in digits_of(every[0]) {
                    for two in digits_of(every[1]) {
                        if one == two && sees[0] {
                            continue;
                        }
                        // The third cell's values this pair leaves: not one or two where
                        // it sees their cell, and none that would complete an excluder.
                        let pair = (1u32 << one) | (1 << two);
                        let mut thirds = board.candidates[third];
                        if sees[1] {
                            thirds &= !(1 << one);
                        }
                        if sees[2] {
                            thirds &= !(1 << two);
                        }
                        for &lock in &locks {
                            let rest = lock & !pair;
                            if rest == 0 {
                                thirds = 0;
                            } else if rest & (rest - 1) == 0 {
                                // one value left: the third cell must not take it
                                thirds &= !rest;
                            }
                        }
                        if thirds != 0 {
                            allowed[0] |= 1 << one;
                            allowed[1] |= 1 << two;
                            allowed[2] |= thirds;
                            // every value allowed: nothing to exclude in these cells
                            if allowed == every {
                                break 'pairs;
                            }
                        }
                    }
                }
                let mut hint = Hint::new(SeTechnique::AlignedTripletExclusion, tenths);
                for (index, &cell) in cells.iter().enumerate() {
                    for digit in digits_of(board.candidates[cell] & !allowed[index]) {
                        hint.eliminations.push((cell, digit));
                    }
                }
                if !hint.eliminations.is_empty() {
                    hint.cells = cells.to_vec();
                    return Some(hint);
                }
            }
        }
    }
    None
}
