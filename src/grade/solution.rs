//! A small backtracking solver, independent of the other engines: the grader needs the
//! solution for a trial step and to know whether uniqueness techniques are sound.

use super::layout::Layout;

/// Up to `limit` solutions of the puzzle whose givens are `values` (digit index + 1, 0 empty),
/// as value vectors.
pub(crate) fn solutions<const W: usize>(
    layout: &Layout<W>,
    values: &[u8],
    limit: usize,
) -> Vec<Vec<u8>> {
    let mut state = State {
        values: values.to_vec(),
        found: Vec::new(),
        limit,
        undo: Vec::new(),
        constrained: !layout.cages.is_empty() || !layout.comparisons.is_empty(),
    };
    let mut candidates = vec![layout.all_digits(); layout.cell_count];
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
            let digit = state.values[cell] - 1;
            if candidates[cell] & (1 << digit) == 0 {
                return Vec::new();
            }
            candidates[cell] = 0;
        }
    }
    search(layout, &mut state, &mut candidates);
    state.found
}

struct State {
    values: Vec<u8>,
    found: Vec<Vec<u8>>,
    limit: usize,
    /// Candidates changed by placements, with their values before, to undo them.
    undo: Vec<(usize, u32)>,
    /// Whether the puzzle has cages or comparisons to check.
    constrained: bool,
}

fn search<const W: usize>(layout: &Layout<W>, state: &mut State, candidates: &mut [u32]) {
    if state.found.len() >= state.limit {
        return;
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
        if !state.constrained || constraints_hold(layout, &state.values, true) {
            state.found.push(state.values.clone());
        }
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
        if !dead && (!state.constrained || constraints_hold(layout, &state.values, false)) {
            search(layout, state, candidates);
        }
        state.values[cell] = 0;
        while state.undo.len() > mark {
            let (changed, before) = state.undo.pop().expect("undo entries above the mark");
            candidates[changed] = before;
        }
        if state.found.len() >= state.limit {
            return;
        }
    }
}

/// Cage sums and comparisons: complete cages must hit their sums, partial ones must still be
/// able to; comparisons are checked once both cages are complete.
fn constraints_hold<const W: usize>(layout: &Layout<W>, values: &[u8], complete: bool) -> bool {
    let size = layout.size as u32;
    let mut sums = Vec::with_capacity(layout.cages.len());
    for cage in &layout.cages {
        let mut sum = 0u32;
        let mut used = 0u32;
        let mut open = 0u32;
        for &cell in &cage.cells {
            match values[cell] {
                0 => open += 1,
                value => {
                    sum += u32::from(value);
                    used |= 1 << (value - 1);
                }
            }
        }
        if let Some(target) = cage.sum {
            if open == 0 {
                if sum != target {
                    return false;
                }
            } else {
                let free: Vec<u32> = (1..=size).filter(|v| used & (1 << (v - 1)) == 0).collect();
                if free.len() < open as usize {
                    return false;
                }
                let low: u32 = free.iter().take(open as usize).sum();
                let high: u32 = free.iter().rev().take(open as usize).sum();
                if sum + low > target || sum + high < target {
                    return false;
                }
            }
        }
        sums.push(if open == 0 { Some(sum) } else { None });
    }
    for comparison in &layout.comparisons {
        if let (Some(first), Some(second)) = (sums[comparison.first], sums[comparison.second]) {
            if !comparison.relation.holds(first, second) {
                return false;
            }
        } else if complete {
            return false;
        }
    }
    true
}
