//! What a set of cells with a sum can hold: for cells that must differ where they see each
//! other, the digits each cell takes in some assignment and the lowest and highest reachable
//! sums. Cages (cells that all see each other) go through a dynamic programme over the set
//! of digits used so far, which is exact and small (at most 2^n sets); other sets (innies,
//! outies) through a search pruned by sum bounds and by what is already known possible.

use std::collections::HashSet;

use super::super::digits_of;
use crate::grade::board::Board;
use crate::grade::layout::Layout;

/// Largest digit count for the digit-set programme (2^12 sets per layer).
const MAX_SET_DIGITS: usize = 12;

/// Nodes the pruned search may visit before giving up (and finding nothing to remove).
const SEARCH_BUDGET: usize = 200_000;

/// What the cells can hold: per cell (in the order given) the digits of some assignment, and
/// the lowest and highest sums of the assignments.
pub(crate) struct Reach {
    /// Digit mask per cell.
    pub possible: Vec<u32>,
    /// Lowest reachable sum.
    pub low: u32,
    /// Highest reachable sum.
    pub high: u32,
}

/// For `cells` that must hold distinct digits where they see each other and sum to `sum`
/// (any sum when `None`): what they can hold, or `None` when no assignment exists or the
/// search gave up (both mean: remove nothing on this evidence).
pub(crate) fn reach<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    cells: &[usize],
    sum: Option<u32>,
) -> Option<Reach> {
    let options: Vec<u32> = cells
        .iter()
        .map(|&cell| match board.values[cell] {
            0 => board.candidates[cell],
            value => 1 << (value - 1),
        })
        .collect();
    let all_see = cells.iter().enumerate().all(|(position, &first)| {
        cells[position + 1..]
            .iter()
            .all(|&second| layout.sees(first, second))
    });
    if all_see && layout.size <= MAX_SET_DIGITS {
        digit_sets(layout.size, &options, sum)
    } else {
        search(layout, cells, &options, sum)
    }
}

/// The sum of the digits of a mask (digit index `d` counts `d + 1`).
fn mask_sum(mask: u32) -> u32 {
    digits_of(mask).map(|digit| digit as u32 + 1).sum()
}

/// Cells that all differ: layer `i` holds the digit sets the first `i` cells can use.
fn digit_sets(size: usize, options: &[u32], sum: Option<u32>) -> Option<Reach> {
    let count = options.len();
    let width = 1usize << size;
    // layers[i][mask]: the first i cells can use exactly `mask`.
    let mut layers: Vec<Vec<bool>> = vec![vec![false; width]; count + 1];
    layers[0][0] = true;
    let mut frontier: Vec<u32> = vec![0];
    for (index, &option) in options.iter().enumerate() {
        let mut next = Vec::new();
        for &mask in &frontier {
            for digit in digits_of(option & !mask) {
                let extended = mask | 1 << digit;
                if !layers[index + 1][extended as usize] {
                    layers[index + 1][extended as usize] = true;
                    next.push(extended);
                }
            }
        }
        frontier = next;
    }
    // Keep the full sets with the right sum, then walk back keeping sets that lead to them.
    let mut low = u32::MAX;
    let mut high = 0;
    let mut alive: Vec<u32> = Vec::new();
    for &mask in &frontier {
        let total = mask_sum(mask);
        if sum.is_none_or(|target| target == total) {
            alive.push(mask);
            low = low.min(total);
            high = high.max(total);
        }
    }
    if alive.is_empty() {
        return None;
    }
    let mut possible = vec![0u32; count];
    let mut marked = vec![false; width];
    for index in (0..count).rev() {
        let mut earlier = Vec::new();
        for &mask in &alive {
            for digit in digits_of(mask & options[index]) {
                let before = (mask & !(1 << digit)) as usize;
                if layers[index][before] {
                    possible[index] |= 1 << digit;
                    if !marked[before] {
                        marked[before] = true;
                        earlier.push(before as u32);
                    }
                }
            }
        }
        for &mask in &earlier {
            marked[mask as usize] = false;
        }
        alive = earlier;
    }
    Some(Reach {
        possible,
        low,
        high,
    })
}

/// Cells where only some pairs differ: a depth-first search, cells with fewest options
/// first, pruned by sum bounds, by what is already known possible, and by remembering which
/// states (depth, total, what each later cell may still take) have no completion.
fn search<const W: usize>(
    layout: &Layout<W>,
    cells: &[usize],
    options: &[u32],
    sum: Option<u32>,
) -> Option<Reach> {
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&position| options[position].count_ones());
    // sees_later[depth]: the depths after it whose cells see its cell.
    let sees_later: Vec<Vec<usize>> = (0..order.len())
        .map(|depth| {
            (depth + 1..order.len())
                .filter(|&later| layout.sees(cells[order[depth]], cells[order[later]]))
                .collect()
        })
        .collect();
    let mut walk = Walk {
        order: &order,
        sees_later: &sees_later,
        sum,
        available: order.iter().map(|&position| options[position]).collect(),
        chosen: vec![0; cells.len()],
        possible: vec![0; cells.len()],
        low: u32::MAX,
        high: 0,
        budget: SEARCH_BUDGET,
        dead: HashSet::new(),
    };
    walk.visit(0, 0);
    if walk.budget == 0 || walk.low > walk.high {
        return None;
    }
    Some(Reach {
        possible: walk.possible,
        low: walk.low,
        high: walk.high,
    })
}

/// The state of [`search`]; everything is indexed by depth except `possible` (by position).
struct Walk<'a> {
    order: &'a [usize],
    sees_later: &'a [Vec<usize>],
    sum: Option<u32>,
    /// The digits each cell may still take, given the choices above it.
    available: Vec<u32>,
    /// Digit index chosen at each depth.
    chosen: Vec<usize>,
    /// Per position in the cells given.
    possible: Vec<u32>,
    low: u32,
    high: u32,
    budget: usize,
    /// States (depth, total, later cells' digits) known to have no completion.
    dead: HashSet<Vec<u32>>,
}

/// Whether a search below a state found a completion, found none, or was cut short.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Found,
    None,
    Cut,
}

impl Walk<'_> {
    /// Whether no assignment below `depth` could show anything new (only with a fixed sum,
    /// where the lowest and highest sums are that sum).
    fn nothing_new(&self, depth: usize) -> bool {
        self.sum.is_some()
            && self.low <= self.high
            && (0..depth)
                .all(|earlier| self.possible[self.order[earlier]] & 1 << self.chosen[earlier] != 0)
            && (depth..self.order.len())
                .all(|later| self.available[later] & !self.possible[self.order[later]] == 0)
    }

    fn key(&self, depth: usize, total: u32) -> Vec<u32> {
        let mut key = Vec::with_capacity(self.order.len() - depth + 2);
        key.push(depth as u32);
        key.push(total);
        key.extend_from_slice(&self.available[depth..]);
        key
    }

    fn visit(&mut self, depth: usize, total: u32) -> Outcome {
        if self.budget == 0 {
            return Outcome::Cut;
        }
        self.budget -= 1;
        if let Some(target) = self.sum {
            let mut low = total;
            let mut high = total;
            for &mask in &self.available[depth..] {
                if mask == 0 {
                    return Outcome::None;
                }
                low += mask.trailing_zeros() + 1;
                high += 32 - mask.leading_zeros();
            }
            if low > target || high < target {
                return Outcome::None;
            }
        }
        if depth == self.order.len() {
            self.low = self.low.min(total);
            self.high = self.high.max(total);
            for (earlier, &digit) in self.chosen.iter().enumerate() {
                self.possible[self.order[earlier]] |= 1 << digit;
            }
            return Outcome::Found;
        }
        if self.nothing_new(depth) {
            return Outcome::Cut;
        }
        let remember = depth + 2 < self.order.len();
        if remember && self.dead.contains(&self.key(depth, total)) {
            return Outcome::None;
        }
        let mut outcome = Outcome::None;
        for digit in digits_of(self.available[depth]) {
            let bit = 1u32 << digit;
            let mut removed: Vec<usize> = Vec::new();
            for &later in &self.sees_later[depth] {
                if self.available[later] & bit != 0 {
                    self.available[later] &= !bit;
                    removed.push(later);
                }
            }
            self.chosen[depth] = digit;
            let below = self.visit(depth + 1, total + digit as u32 + 1);
            for later in removed {
                self.available[later] |= bit;
            }
            match below {
                Outcome::Found => outcome = Outcome::Found,
                Outcome::Cut if outcome == Outcome::None => outcome = Outcome::Cut,
                _ => {}
            }
            if self.budget == 0 {
                return Outcome::Cut;
            }
        }
        if remember && outcome == Outcome::None {
            let key = self.key(depth, total);
            self.dead.insert(key);
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of distinct digits, enumerated plainly: (per-cell digits, sums).
    fn enumerate(options: &[u32], sum: Option<u32>) -> Option<(Vec<u32>, u32, u32)> {
        fn walk(
            options: &[u32],
            sum: Option<u32>,
            chosen: &mut Vec<usize>,
            found: &mut Option<(Vec<u32>, u32, u32)>,
        ) {
            if chosen.len() == options.len() {
                let total: u32 = chosen.iter().map(|&digit| digit as u32 + 1).sum();
                if sum.is_none_or(|target| target == total) {
                    let entry = found.get_or_insert((vec![0; options.len()], u32::MAX, 0));
                    for (slot, &digit) in entry.0.iter_mut().zip(chosen.iter()) {
                        *slot |= 1 << digit;
                    }
                    entry.1 = entry.1.min(total);
                    entry.2 = entry.2.max(total);
                }
                return;
            }
            for digit in digits_of(options[chosen.len()]) {
                if !chosen.contains(&digit) {
                    chosen.push(digit);
                    walk(options, sum, chosen, found);
                    chosen.pop();
                }
            }
        }
        let mut found = None;
        walk(options, sum, &mut Vec::new(), &mut found);
        found
    }

    #[test]
    fn digit_sets_agree_with_plain_enumeration() {
        // A fixed linear congruential stream: varied candidate masks, same every run.
        let mut state = 12345u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32
        };
        for _ in 0..400 {
            let count = 1 + next() as usize % 5;
            let options: Vec<u32> = (0..count).map(|_| next() & 0x1ff).collect();
            let sum = (next() % 4 != 0).then(|| 1 + next() % 45);
            let expected = enumerate(&options, sum);
            let reached =
                digit_sets(9, &options, sum).map(|reach| (reach.possible, reach.low, reach.high));
            assert_eq!(reached, expected, "{options:?} {sum:?}");
        }
    }
}
