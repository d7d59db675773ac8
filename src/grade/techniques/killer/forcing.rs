//! Cage forcing chains: a candidate of a cell with two to four candidates, or a digit with two
//! places left in a house, is assumed, and
//! its consequences are followed through singles and the sums of cages and hidden cages; when
//! they end in a contradiction (a cell or a house's digit without a place, a sum no digits can
//! make), the candidate is removed. The chains the classic catalogue follows know nothing of
//! sums; these do, which is what the hardest killers need instead of a guess.

use super::comparison::compared;
use super::rule45::{reach_of, sum_regions};
use super::sums::{choices_of, options_of, reach, Answer};
use super::{SumRegion, MAX_ENUMERATED_CELLS};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::layout::Layout;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::premises::{forcing_premises, place_singles, TwoPlaces};
use crate::grade::techniques::{digits_of, Context};

/// Largest grid side on which cage sums are worked out exactly (by the programme over digit
/// sets of [`super::sums`]).
const MAX_EXACT_DIGITS: usize = 12;

/// Most candidates a cell may have for its candidates to be assumed.
const MAX_ASSUMED_CANDIDATES: u32 = 4;

/// Removes what the sums touching `touched` allow no more (the others, whose cells have not
/// changed since they were last applied, would remove nothing); `None` on a contradiction.
fn apply_sums<const W: usize>(
    layout: &Layout<W>,
    board: &mut Board<W>,
    sums: &[(SumRegion, CellSet<W>)],
    touched: &CellSet<W>,
) -> Option<bool> {
    let mut changed = false;
    for cage in &layout.cages {
        let Some(sum) = cage.sum else {
            continue;
        };
        if !cage.set.intersects(touched) {
            continue;
        }
        if (cage.set & board.empty).is_empty() && !cage.cells.is_empty() {
            let total: u32 = cage
                .cells
                .iter()
                .map(|&cell| u32::from(board.values[cell]))
                .sum();
            if total != sum {
                return None;
            }
            continue;
        }
        // a cage's cells all see each other: no assignment means a contradiction
        let reached = reach(layout, board, &cage.cells, Some(sum))?;
        changed |= prune_board(layout, board, &cage.cells, &reached.possible);
    }
    // the programme over digit sets never gives up, so a comparison that cannot be met is a
    // contradiction
    {
        for comparison in &layout.comparisons {
            let first = &layout.cages[comparison.first].cells;
            let second = &layout.cages[comparison.second].cells;
            if first.len() > MAX_ENUMERATED_CELLS
                || second.len() > MAX_ENUMERATED_CELLS
                || !(layout.cages[comparison.first].set | layout.cages[comparison.second].set)
                    .intersects(touched)
            {
                continue;
            }
            let [first_allowed, second_allowed] = compared(layout, board, comparison)?;
            changed |= prune_board(layout, board, first, &first_allowed);
            changed |= prune_board(layout, board, second, &second_allowed);
        }
    }
    for (sum, set) in sums {
        if !set.intersects(touched) {
            continue;
        }
        let cells = sum.cells();
        match reach_of(layout, board, sum) {
            Answer::Impossible => return None,
            Answer::GaveUp => {}
            Answer::Reached(reached) => {
                changed |= prune_board(layout, board, &cells, &reached.possible);
            }
        }
    }
    Some(changed)
}

/// Removes from open `cells` the candidates outside `possible`; whether any went.
fn prune_board<const W: usize>(
    layout: &Layout<W>,
    board: &mut Board<W>,
    cells: &[usize],
    possible: &[u32],
) -> bool {
    let mut changed = false;
    for (&cell, &mask) in cells.iter().zip(possible) {
        if board.values[cell] != 0 {
            continue;
        }
        for digit in digits_of(board.candidates[cell] & !mask) {
            changed |= board.eliminate(layout, cell, digit);
        }
    }
    changed
}

/// Follows singles and sums on `board` to a fixed point; false when they contradict.
/// `before`: the candidates of a grid on which every sum was at its fixed point.
fn consistent<const W: usize>(
    layout: &Layout<W>,
    board: &mut Board<W>,
    sums: &[(SumRegion, CellSet<W>)],
    before: &[u32],
) -> bool {
    let mut seen = before.to_vec();
    loop {
        match place_singles(layout, board, |board, cell, digit| {
            board.place(layout, cell, digit)
        }) {
            Err(_) => return false,
            Ok(true) => continue,
            Ok(false) => {}
        }
        let touched: CellSet<W> = (0..layout.cell_count)
            .filter(|&cell| board.candidates[cell] != seen[cell])
            .collect();
        seen.copy_from_slice(&board.candidates);
        match apply_sums(layout, board, sums, &touched) {
            None => return false,
            Some(true) => continue,
            Some(false) => return true,
        }
    }
}

/// The cage sums and hidden sums the forcing steps follow, with their cells; `None` without
/// cages, or on grids larger than the exact sum search handles (there a cage's sum goes
/// through a search that may give up, which must not be taken for a contradiction).
fn forcing_sums<const W: usize>(context: &Context<'_, W>) -> Option<Vec<(SumRegion, CellSet<W>)>> {
    let layout = context.layout;
    if layout.cages.is_empty() || layout.size > MAX_EXACT_DIGITS {
        return None;
    }
    Some(
        context
            .memo
            .killer_sums(|| sum_regions(layout))
            .iter()
            .map(|sum| (sum.clone(), sum.cells().into_iter().collect()))
            .collect(),
    )
}

/// The first candidate (cells with fewest candidates first, then in reading order) whose
/// consequences contradict each other.
pub(crate) fn cage_forcing_chain<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    // every sum is at its fixed point on `board`: cage combinations, the 45 rule and cage
    // comparisons come earlier in the ladder and found nothing
    let sums = forcing_sums(context)?;
    // Premises: the candidates of cells with few candidates, fewest first, then digits with
    // two places left in a house (in cells with more candidates).
    let premises = forcing_premises(
        layout,
        board,
        MAX_ASSUMED_CANDIDATES,
        TwoPlaces::InLargerCells,
    );
    let mut scratch = board.clone();
    for (cell, digit) in premises {
        if !context.memo.charge(layout.cell_count as u64) {
            return None;
        }
        scratch.copy_grid_from(board);
        scratch.place(layout, cell, digit);
        if consistent(layout, &mut scratch, &sums, &board.candidates) {
            continue;
        }
        let mut finding = Finding::new(Technique::CageForcingChain);
        finding.eliminate(cell, digit);
        finding.cells.push(cell);
        finding.digits = 1 << digit;
        return Some(finding);
    }
    None
}

/// Most combinations of a cage (or hidden cage) taken in turn by cage combination forcing.
/// Nine remove one of the two trial steps that three left on the most difficult seed killer
/// (six do not); they cost `killer-hard` generation about a quarter more CPU, which it can
/// afford since the sum search got faster (docs/benchmarks-journal.md, "Where issue 17
/// stands").
const MAX_BRANCHES: usize = 9;

/// A cage's combinations as cases that between them hold the solution: per case, the digits
/// each of `cells` may then take.
struct Branching {
    cells: Vec<usize>,
    cases: Vec<Vec<u32>>,
    /// The cage whose combinations are the cases, if any: (its sum, the combinations).
    cage: Option<(i32, Vec<u32>)>,
}

/// The splits tried: cages and hidden cages with two to nine combinations left, fewest
/// first. (Cells and houses split by candidate are the classic forcing chains' premises.)
fn branchings<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    sums: &[(SumRegion, CellSet<W>)],
) -> Vec<Branching> {
    let mut found = Vec::new();
    let mut cages: Vec<Branching> = Vec::new();
    // cages, then hidden cages whose cells all see each other (their digits differ)
    let hidden = sums.iter().filter_map(|(sum, _)| {
        let cells = &sum.added;
        let all_see = cells.iter().enumerate().all(|(position, &first)| {
            cells[position + 1..]
                .iter()
                .all(|&second| layout.sees(first, second))
        });
        (sum.subtracted.is_empty() && all_see).then_some((cells, sum.total))
    });
    let summed = layout
        .cages
        .iter()
        .filter_map(|cage| cage.sum.map(|sum| (&cage.cells, sum as i32)))
        .chain(hidden);
    for (cells, sum) in summed {
        if cells.iter().all(|&cell| board.values[cell] != 0) {
            continue;
        }
        let choices = choices_of(&options_of(board, cells), Some(sum));
        if !(2..=MAX_BRANCHES).contains(&choices.len()) {
            continue;
        }
        cages.push(Branching {
            cells: cells.clone(),
            cage: Some((sum, choices.iter().map(|(set, _)| *set).collect())),
            cases: choices.into_iter().map(|(_, masks)| masks).collect(),
        });
    }
    cages.sort_by_key(|branching| branching.cases.len());
    found.extend(cages);
    found
}

/// Cage combination forcing: each combination of a cage or hidden cage followed in turn
/// through singles, cage sums, hidden cages and comparisons; a candidate every combination
/// that holds removes is removed.
pub(crate) fn cage_combination_forcing<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let sums = forcing_sums(context)?;
    let mut scratch = board.clone();
    for branching in branchings(layout, board, &sums) {
        // what some case that holds leaves in each cell
        let mut kept = vec![0u32; layout.cell_count];
        let mut holding = 0;
        for case in &branching.cases {
            if !context.memo.charge(layout.cell_count as u64) {
                return None;
            }
            scratch.copy_grid_from(board);
            for (&cell, &mask) in branching.cells.iter().zip(case) {
                if board.values[cell] != 0 {
                    continue;
                }
                for digit in digits_of(board.candidates[cell] & !mask) {
                    scratch.eliminate(layout, cell, digit);
                }
            }
            if !consistent(layout, &mut scratch, &sums, &board.candidates) {
                continue;
            }
            holding += 1;
            for (cell, slot) in kept.iter_mut().enumerate() {
                *slot |= match scratch.values[cell] {
                    0 => scratch.candidates[cell],
                    value => 1 << (value - 1),
                };
            }
        }
        // with one case left the cage forcing chain (or a single) says as much
        if holding < 2 {
            continue;
        }
        let mut finding = Finding::new(Technique::CageCombinationForcing);
        for cell in board.empty.iter() {
            for digit in digits_of(board.candidates[cell] & !kept[cell]) {
                finding.eliminate(cell, digit);
            }
        }
        if finding.eliminations.is_empty() {
            continue;
        }
        finding.cells = branching.cells.clone();
        if let Some((sum, sets)) = branching.cage {
            finding.groups.push(branching.cells);
            finding.totals.push(sum);
            finding.combinations.push(sets);
        }
        return Some(finding);
    }
    None
}
