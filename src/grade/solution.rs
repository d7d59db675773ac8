//! The solutions the grader needs, for a trial step and to know whether uniqueness
//! techniques are sound: a small backtracking solver of its own for puzzles without cages
//! or variant rules, and the native engine for killers (cage sums make plain backtracking
//! far too slow there) and variants (whose rules the small solver does not know).

use super::layout::Layout;
use crate::backtrack::Solver;
use crate::budget::{Budget, Stopped};
use crate::count::Count;
use crate::model::{Grid, Puzzle, Relation};

/// Up to `limit` solutions of the puzzle whose givens are `values` (digit index + 1, 0 empty),
/// as value vectors.
#[cfg(test)]
pub(crate) fn solutions<const W: usize>(
    layout: &Layout<W>,
    values: &[u8],
    limit: usize,
) -> Vec<Vec<u8>> {
    solutions_within(layout, values, None, limit)
}

/// Up to `limit` solutions of `puzzle` with the grader's grid: its placed `values` as givens
/// and, without cages, only the digits its `candidates` still allow (see [`solutions_within`]).
/// Stops when `budget`'s flag is raised or its deadline passes (its work limit is the
/// grading's, not this search's).
pub(crate) fn solutions_of_grid<const W: usize>(
    puzzle: &Puzzle,
    layout: &Layout<W>,
    values: &[u8],
    candidates: &[u32],
    limit: usize,
    budget: &Budget,
) -> Result<Vec<Vec<u8>>, Stopped> {
    let budget = budget.clone().without_work_limit();
    if layout.cages.is_empty() && layout.comparisons.is_empty() && layout.rules.is_empty() {
        return solutions_within_budget(layout, values, Some(candidates), limit, &budget);
    }
    let Some(givens) = Grid::from_values(layout.geometry, values) else {
        return Ok(Vec::new());
    };
    Ok(
        match Solver::new(puzzle).count_budgeted(&givens, limit, &budget)? {
            Count::None { .. } => Vec::new(),
            Count::Unique(solution) => vec![solution.values()],
            Count::Multiple { first, second, .. } => vec![first.values(), second.values()],
        },
    )
}

/// Up to `limit` solutions of the puzzle whose givens are `values`, among the digits
/// `candidates` still allows in the empty cells (`None`: every digit). The grader passes its
/// candidates: every step before a uniqueness or trial step keeps every solution's digits,
/// so the solutions are the same, and found far sooner on killers without givens.
#[cfg(test)]
pub(crate) fn solutions_within<const W: usize>(
    layout: &Layout<W>,
    values: &[u8],
    candidates: Option<&[u32]>,
    limit: usize,
) -> Vec<Vec<u8>> {
    solutions_within_budget(layout, values, candidates, limit, &Budget::unlimited())
        .unwrap_or_default()
}

/// [`solutions_within`], stopping when `budget` says so (its work limit counts the search's
/// nodes); the reason when it stopped.
pub(crate) fn solutions_within_budget<const W: usize>(
    layout: &Layout<W>,
    values: &[u8],
    candidates: Option<&[u32]>,
    limit: usize,
    budget: &Budget,
) -> Result<Vec<Vec<u8>>, Stopped> {
    budget.interrupted()?;
    let mut state = State {
        values: values.to_vec(),
        found: Vec::new(),
        limit,
        undo: Vec::new(),
        constrained: !layout.cages.is_empty() || !layout.comparisons.is_empty(),
        budget: budget.is_limited().then_some(budget),
        nodes: 0,
        stopped: None,
    };
    let mut candidates = match candidates {
        Some(allowed) => allowed.to_vec(),
        None => vec![layout.all_digits(); layout.cell_count],
    };
    for cell in 0..layout.cell_count {
        if state.values[cell] != 0 {
            let bit = 1u32 << (state.values[cell] - 1);
            for peer in layout.peers[cell].iter() {
                candidates[peer] &= !bit;
            }
        }
    }
    for cell in 0..layout.cell_count {
        if state.values[cell] != 0 {
            candidates[cell] = 0;
        }
    }
    // Givens that clash leave a given without its digit among its peers' values.
    for cell in 0..layout.cell_count {
        if let Some(digit) = state.values[cell].checked_sub(1) {
            let clash = layout.peers[cell]
                .iter()
                .any(|peer| state.values[peer] == digit + 1);
            if clash {
                return Ok(Vec::new());
            }
        }
    }
    if state.constrained && !constraints_hold(layout, &state.values, &candidates, None) {
        return Ok(Vec::new());
    }
    search(layout, &mut state, &mut candidates);
    match state.stopped {
        Some(stopped) => Err(stopped),
        None => Ok(state.found),
    }
}

struct State<'b> {
    values: Vec<u8>,
    found: Vec<Vec<u8>>,
    limit: usize,
    /// Candidates changed by placements, with their values before, to undo them.
    undo: Vec<(usize, u32)>,
    /// Whether the puzzle has cages or comparisons to check.
    constrained: bool,
    /// What the search may spend (none: no limit), asked every [`POLL_NODES`] nodes.
    budget: Option<&'b Budget>,
    nodes: u64,
    /// Why the budget stopped the search, if it did.
    stopped: Option<Stopped>,
}

impl State<'_> {
    /// Whether the search is over: enough solutions, or stopped by the budget.
    fn done(&self) -> bool {
        self.found.len() >= self.limit || self.stopped.is_some()
    }
}

/// Nodes between two looks at the budget.
const POLL_NODES: u64 = 1024;

fn search<const W: usize>(layout: &Layout<W>, state: &mut State, candidates: &mut [u32]) {
    if state.done() {
        return;
    }
    state.nodes += 1;
    if state.nodes.is_multiple_of(POLL_NODES) {
        if let Some(Err(stopped)) = state.budget.map(|budget| budget.check(state.nodes)) {
            state.stopped = Some(stopped);
            return;
        }
    }
    let mut best = None;
    let mut best_count = u32::MAX;
    for cell in 0..layout.cell_count {
        if state.values[cell] != 0 {
            continue;
        }
        let count = candidates[cell].count_ones();
        if count < best_count {
            best_count = count;
            best = Some(cell);
            if count <= 1 {
                break;
            }
        }
    }
    let Some(cell) = best else {
        state.found.push(state.values.clone());
        return;
    };
    let mut options = candidates[cell];
    while options != 0 {
        let digit = options.trailing_zeros();
        options &= options - 1;
        let bit = 1u32 << digit;
        let mark = state.undo.len();
        state.undo.push((cell, candidates[cell]));
        state.values[cell] = digit as u8 + 1;
        candidates[cell] = 0;
        let mut dead = false;
        for peer in layout.peers[cell].iter() {
            if state.values[peer] == 0 && candidates[peer] & bit != 0 {
                state.undo.push((peer, candidates[peer]));
                candidates[peer] &= !bit;
                if candidates[peer] == 0 {
                    dead = true;
                }
            }
        }
        if !dead
            && (!state.constrained
                || constraints_hold(layout, &state.values, candidates, Some(cell)))
        {
            search(layout, state, candidates);
        }
        state.values[cell] = 0;
        while state.undo.len() > mark {
            let (changed, before) = state.undo.pop().expect("undo entries above the mark");
            candidates[changed] = before;
        }
        if state.done() {
            return;
        }
    }
}

/// Cage sums and comparisons: a cage's sum must stay reachable with the smallest and largest
/// digits its open cells still allow (distinct digits), and compared cages must be able to
/// meet their relation with the sums they can still reach. `changed`: only the cage of that
/// cell and the comparisons it is in (`None`: all of them).
fn constraints_hold<const W: usize>(
    layout: &Layout<W>,
    values: &[u8],
    candidates: &[u32],
    changed: Option<usize>,
) -> bool {
    let cages: Vec<usize> = match changed {
        Some(cell) => layout.cage_of[cell].into_iter().collect(),
        None => (0..layout.cages.len()).collect(),
    };
    for &cage in &cages {
        let (low, high) = sum_bounds(layout, values, candidates, cage);
        if layout.cages[cage]
            .sum
            .is_some_and(|target| target < low || target > high)
        {
            return false;
        }
    }
    for comparison in &layout.comparisons {
        if !cages.contains(&comparison.first) && !cages.contains(&comparison.second) {
            continue;
        }
        let (low1, high1) = sum_bounds(layout, values, candidates, comparison.first);
        let (low2, high2) = sum_bounds(layout, values, candidates, comparison.second);
        let (low1, high1) = clamp(layout, comparison.first, low1, high1);
        let (low2, high2) = clamp(layout, comparison.second, low2, high2);
        let possible = match comparison.relation {
            Relation::Less => low1 < high2,
            Relation::Greater => high1 > low2,
            Relation::Equal => low1 <= high2 && low2 <= high1,
        };
        if !possible {
            return false;
        }
    }
    true
}

/// A cage's bounds narrowed to its known sum, if it has one.
fn clamp<const W: usize>(layout: &Layout<W>, cage: usize, low: u32, high: u32) -> (u32, u32) {
    match layout.cages[cage].sum {
        Some(sum) => (sum, sum),
        None => (low, high),
    }
}

/// The lowest and highest sums a cage can still reach: its placed digits plus, for its open
/// cells, the smallest (largest) distinct digits that some open cell allows and no placed
/// cell of the cage uses. `(u32::MAX, 0)` when the open cells cannot be filled.
fn sum_bounds<const W: usize>(
    layout: &Layout<W>,
    values: &[u8],
    candidates: &[u32],
    cage: usize,
) -> (u32, u32) {
    let mut placed = 0u32;
    let mut used = 0u32;
    let mut open = 0u32;
    let mut allowed = 0u32;
    for &cell in &layout.cages[cage].cells {
        match values[cell] {
            0 => {
                open += 1;
                allowed |= candidates[cell];
            }
            value => {
                placed += u32::from(value);
                used |= 1 << (value - 1);
            }
        }
    }
    let free = allowed & !used;
    if free.count_ones() < open {
        return (u32::MAX, 0);
    }
    let mut low = placed;
    let mut rest = free;
    for _ in 0..open {
        low += rest.trailing_zeros() + 1;
        rest &= rest - 1;
    }
    let mut high = placed;
    let mut rest = free;
    for _ in 0..open {
        let top = 31 - rest.leading_zeros();
        high += top + 1;
        rest &= !(1 << top);
    }
    (low, high)
}
