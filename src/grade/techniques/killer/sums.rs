//! What a set of cells with a sum can hold: for cells that must differ where they see each
//! other, the digits each cell takes in some assignment and the lowest and highest reachable
//! sums. Cages (cells that all see each other) go through a dynamic programme over the set
//! of digits used so far, which is exact and small (at most 2^n sets); other sets (innies,
//! outies, and innies less outies, whose cells are weighted +1 or −1) through a search pruned
//! by sum bounds and by what is already known possible.

use super::super::digits_of;
use crate::grade::board::Board;
use crate::grade::layout::Layout;
use crate::grade::word_hash::WordSet;

/// Largest digit count for the digit-set programme (2^12 sets per layer).
const MAX_SET_DIGITS: usize = 12;

/// Nodes the pruned search may visit before giving up (and finding nothing to remove).
const SEARCH_BUDGET: usize = 200_000;

/// What the cells can hold: per cell (in the order given) the digits of some assignment, and
/// the lowest and highest (weighted) sums of the assignments.
pub(crate) struct Reach {
    /// Digit mask per cell.
    pub possible: Vec<u32>,
    /// Lowest reachable sum.
    pub low: i32,
    /// Highest reachable sum.
    pub high: i32,
}

/// What a search over a set of cells concluded.
pub(crate) enum Answer {
    /// Some assignments exist; what they hold.
    Reached(Reach),
    /// No assignment exists.
    Impossible,
    /// The search used up its budget: nothing may be concluded.
    GaveUp,
}

impl Answer {
    /// The reach, when there is one.
    pub(crate) fn reached(self) -> Option<Reach> {
        match self {
            Answer::Reached(reach) => Some(reach),
            Answer::Impossible | Answer::GaveUp => None,
        }
    }
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
    let options = options_of(board, cells);
    let all_see = cells.iter().enumerate().all(|(position, &first)| {
        cells[position + 1..]
            .iter()
            .all(|&second| layout.sees(first, second))
    });
    if all_see && layout.size <= MAX_SET_DIGITS {
        digit_sets(layout.size, &options, sum)
    } else {
        let weights = vec![1; cells.len()];
        let target = sum.map(|total| total as i32);
        search(layout, cells, &options, &weights, target).reached()
    }
}

/// For the cells `added` less the cells `subtracted` summing to `total` (cells that see each
/// other differ), with `options` the digits each may take (in the order `added`, then
/// `subtracted`): what they can hold, in that order.
pub(crate) fn reach_difference<const W: usize>(
    layout: &Layout<W>,
    added: &[usize],
    subtracted: &[usize],
    options: &[u32],
    total: i32,
) -> Answer {
    let cells: Vec<usize> = added.iter().chain(subtracted).copied().collect();
    let weights: Vec<i32> = added
        .iter()
        .map(|_| 1)
        .chain(subtracted.iter().map(|_| -1))
        .collect();
    search(layout, &cells, options, &weights, Some(total))
}

/// The digits each cell may take: its candidates, or its value once placed.
pub(crate) fn options_of<const W: usize>(board: &Board<W>, cells: &[usize]) -> Vec<u32> {
    cells
        .iter()
        .map(|&cell| match board.values[cell] {
            0 => board.candidates[cell],
            value => 1 << (value - 1),
        })
        .collect()
}

/// The sum of the digits of a mask (digit index `d` counts `d + 1`).
fn mask_sum(mask: u32) -> u32 {
    digits_of(mask).map(|digit| digit as u32 + 1).sum()
}

/// For cells that all differ, which digit sets the first `i` cells can use exactly, for
/// every `i`: the layers of the programme over digit sets.
struct Prefixes {
    /// Masks per layer (`1 << digits`).
    width: usize,
    /// `reach[i * width + mask]`: the first `i` cells can use exactly `mask`.
    reach: Vec<bool>,
    /// The sets all the cells can use.
    complete: Vec<u32>,
}

impl Prefixes {
    /// The layers for cells with `options`, digits below `digits`.
    fn new(options: &[u32], digits: usize) -> Prefixes {
        let width = 1usize << digits;
        let mut reach = vec![false; (options.len() + 1) * width];
        reach[0] = true;
        let mut frontier: Vec<u32> = vec![0];
        for (index, &option) in options.iter().enumerate() {
            let mut next = Vec::new();
            for &mask in &frontier {
                for digit in digits_of(option & !mask) {
                    let extended = mask | 1 << digit;
                    let slot = (index + 1) * width + extended as usize;
                    if !reach[slot] {
                        reach[slot] = true;
                        next.push(extended);
                    }
                }
            }
            frontier = next;
        }
        Prefixes {
            width,
            reach,
            complete: frontier,
        }
    }

    /// Whether the first `count` cells can use exactly `mask`.
    fn can(&self, count: usize, mask: u32) -> bool {
        self.reach[count * self.width + mask as usize]
    }

    /// Per cell, the digits it holds in some assignment of the cells (with `options`) that
    /// uses exactly one of `sets`: a walk back from the sets over their subsets.
    fn held(&self, options: &[u32], mut alive: Vec<u32>, marked: &mut [bool]) -> Vec<u32> {
        let mut possible = vec![0u32; options.len()];
        for index in (0..options.len()).rev() {
            let mut earlier = Vec::new();
            for &mask in &alive {
                for digit in digits_of(mask & options[index]) {
                    let before = mask & !(1 << digit);
                    if self.can(index, before) {
                        possible[index] |= 1 << digit;
                        if !marked[before as usize] {
                            marked[before as usize] = true;
                            earlier.push(before);
                        }
                    }
                }
            }
            for &mask in &earlier {
                marked[mask as usize] = false;
            }
            alive = earlier;
        }
        possible
    }
}

/// Cells that all differ: the programme over digit sets ([`Prefixes`]), then the sets with
/// the sum walked back to what each cell holds.
fn digit_sets(size: usize, options: &[u32], sum: Option<u32>) -> Option<Reach> {
    let prefixes = Prefixes::new(options, size);
    let mut low = u32::MAX;
    let mut high = 0;
    let mut alive: Vec<u32> = Vec::new();
    for &mask in &prefixes.complete {
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
    let mut marked = vec![false; prefixes.width];
    Some(Reach {
        possible: prefixes.held(options, alive, &mut marked),
        low: low as i32,
        high: high as i32,
    })
}

/// Cells where only some pairs differ, each weighted +1 or −1: a depth-first search, cells
/// with fewest options first, pruned by sum bounds, by what is already known possible, and by
/// remembering which states (depth, total, what each later cell may still take) have no
/// completion.
fn search<const W: usize>(
    layout: &Layout<W>,
    cells: &[usize],
    options: &[u32],
    weights: &[i32],
    sum: Option<i32>,
) -> Answer {
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
        weights: order.iter().map(|&position| weights[position]).collect(),
        sees_later: &sees_later,
        sum,
        available: order.iter().map(|&position| options[position]).collect(),
        chosen: vec![0; cells.len()],
        possible: vec![0; cells.len()],
        low: i32::MAX,
        high: i32::MIN,
        budget: SEARCH_BUDGET,
        dead: WordSet::default(),
        key: Vec::with_capacity(cells.len() + 2),
        removed: vec![Vec::new(); cells.len()],
    };
    walk.visit(0, 0);
    if walk.budget == 0 {
        return Answer::GaveUp;
    }
    if walk.low > walk.high {
        return Answer::Impossible;
    }
    Answer::Reached(Reach {
        possible: walk.possible,
        low: walk.low,
        high: walk.high,
    })
}

/// The state of [`search`]; everything is indexed by depth except `possible` (by position).
struct Walk<'a> {
    order: &'a [usize],
    /// +1 or −1 per depth.
    weights: Vec<i32>,
    sees_later: &'a [Vec<usize>],
    sum: Option<i32>,
    /// The digits each cell may still take, given the choices above it.
    available: Vec<u32>,
    /// Digit index chosen at each depth.
    chosen: Vec<usize>,
    /// Per position in the cells given.
    possible: Vec<u32>,
    low: i32,
    high: i32,
    budget: usize,
    /// States (depth, total, later cells' digits) known to have no completion.
    dead: WordSet<Vec<u32>>,
    /// The key of the state being looked up (kept to save an allocation per visit).
    key: Vec<u32>,
    /// Per depth, the later depths a choice there took a digit from (kept, likewise).
    removed: Vec<Vec<usize>>,
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

    /// Writes the key of the state at `depth` with `total` into [`Walk::key`].
    fn write_key(&mut self, depth: usize, total: i32) {
        self.key.clear();
        self.key.push(depth as u32);
        self.key.push(total as u32);
        self.key.extend_from_slice(&self.available[depth..]);
    }

    fn visit(&mut self, depth: usize, total: i32) -> Outcome {
        if self.budget == 0 {
            return Outcome::Cut;
        }
        self.budget -= 1;
        if let Some(target) = self.sum {
            let mut low = total;
            let mut high = total;
            for (&mask, &weight) in self.available[depth..].iter().zip(&self.weights[depth..]) {
                if mask == 0 {
                    return Outcome::None;
                }
                let smallest = mask.trailing_zeros() as i32 + 1;
                let largest = 32 - mask.leading_zeros() as i32;
                if weight > 0 {
                    low += smallest;
                    high += largest;
                } else {
                    low -= largest;
                    high -= smallest;
                }
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
        if remember {
            self.write_key(depth, total);
            if self.dead.contains(&self.key) {
                return Outcome::None;
            }
        }
        let mut outcome = Outcome::None;
        let mut removed = std::mem::take(&mut self.removed[depth]);
        for digit in digits_of(self.available[depth]) {
            let bit = 1u32 << digit;
            removed.clear();
            for &later in &self.sees_later[depth] {
                if self.available[later] & bit != 0 {
                    self.available[later] &= !bit;
                    removed.push(later);
                }
            }
            self.chosen[depth] = digit;
            let below = self.visit(depth + 1, total + self.weights[depth] * (digit as i32 + 1));
            for &later in &removed {
                self.available[later] |= bit;
            }
            match below {
                Outcome::Found => outcome = Outcome::Found,
                Outcome::Cut if outcome == Outcome::None => outcome = Outcome::Cut,
                _ => {}
            }
            if self.budget == 0 {
                self.removed[depth] = removed;
                return Outcome::Cut;
            }
        }
        self.removed[depth] = removed;
        if remember && outcome == Outcome::None {
            self.write_key(depth, total);
            self.dead.insert(self.key.clone());
        }
        outcome
    }
}

/// The digit sets of `options` (one mask per cell) with distinct digits summing to `sum`
/// (any sum when `None`), each with what every cell may hold for that set, in the order of
/// each set's first assignment in reading order (cell by cell, lowest digit first).
///
/// Worked out over sets of digits rather than assignments: which sets the first cells can
/// use exactly and which the last cells can, then, per set with the sum, a walk back over
/// its subsets. A cage of eight cells with eight candidates each has 40 320 assignments
/// per set but at most 256 subsets.
pub(crate) fn choices_of(options: &[u32], sum: Option<i32>) -> Vec<(u32, Vec<u32>)> {
    let digits = (32
        - options
            .iter()
            .fold(0, |all, &mask| all | mask)
            .leading_zeros()) as usize;
    if digits > MAX_SET_DIGITS {
        return choices_by_assignment(options, sum);
    }
    let count = options.len();
    let prefixes = Prefixes::new(options, digits);
    // the same layers from the last cell back: `suffixes.can(i, mask)` says the last `i`
    // cells can use exactly `mask`
    let reversed: Vec<u32> = options.iter().rev().copied().collect();
    let suffixes = Prefixes::new(&reversed, digits);
    let mut marked = vec![false; prefixes.width];
    let mut found: Vec<(Vec<usize>, u32, Vec<u32>)> = Vec::new();
    for &set in &prefixes.complete {
        if sum.is_some_and(|target| target != mask_sum(set) as i32) {
            continue;
        }
        let possible = prefixes.held(options, vec![set], &mut marked);
        // its first assignment: each cell the lowest digit the later cells can complete
        let mut left = set;
        let assignment: Vec<usize> = (0..count)
            .map(|index| {
                let digit = digits_of(options[index] & left)
                    .find(|&digit| suffixes.can(count - index - 1, left & !(1 << digit)))
                    .expect("a set the cells can use has an assignment");
                left &= !(1 << digit);
                digit
            })
            .collect();
        found.push((assignment, set, possible));
    }
    found.sort_unstable_by(|first, second| first.0.cmp(&second.0));
    found
        .into_iter()
        .map(|(_, set, possible)| (set, possible))
        .collect()
}

/// [`choices_of`] by walking every assignment: for grids of more digits than the set
/// programme takes, and the plain reference its tests compare with.
fn choices_by_assignment(options: &[u32], sum: Option<i32>) -> Vec<(u32, Vec<u32>)> {
    struct Bounds<'a> {
        options: &'a [u32],
        sum: Option<i32>,
        /// Per depth: the least and most the cells from there on can add (digits may repeat).
        least: Vec<i32>,
        most: Vec<i32>,
    }
    fn walk(
        bounds: &Bounds<'_>,
        used: u32,
        total: i32,
        chosen: &mut Vec<usize>,
        found: &mut Vec<(u32, Vec<u32>)>,
    ) {
        let (options, sum) = (bounds.options, bounds.sum);
        let depth = chosen.len();
        if sum.is_some_and(|target| {
            total + bounds.least[depth] > target || total + bounds.most[depth] < target
        }) {
            return;
        }
        if depth == options.len() {
            if sum.is_some_and(|target| target != total) {
                return;
            }
            let entry = match found.iter().position(|(set, _)| *set == used) {
                Some(position) => position,
                None => {
                    found.push((used, vec![0; options.len()]));
                    found.len() - 1
                }
            };
            for (slot, &digit) in found[entry].1.iter_mut().zip(chosen.iter()) {
                *slot |= 1 << digit;
            }
            return;
        }
        for digit in digits_of(options[depth] & !used) {
            chosen.push(digit);
            walk(
                bounds,
                used | 1 << digit,
                total + digit as i32 + 1,
                chosen,
                found,
            );
            chosen.pop();
        }
    }
    let mut least = vec![0; options.len() + 1];
    let mut most = vec![0; options.len() + 1];
    for depth in (0..options.len()).rev() {
        let mask = options[depth];
        if mask == 0 {
            return Vec::new();
        }
        least[depth] = least[depth + 1] + mask.trailing_zeros() as i32 + 1;
        most[depth] = most[depth + 1] + 32 - mask.leading_zeros() as i32;
    }
    let bounds = Bounds {
        options,
        sum,
        least,
        most,
    };
    let mut found = Vec::new();
    walk(&bounds, 0, 0, &mut Vec::new(), &mut found);
    found
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
    fn combinations_agree_with_every_assignment_walked() {
        let mut state = 24680u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32
        };
        for _ in 0..1500 {
            let count = 1 + next() as usize % 8;
            let options: Vec<u32> = (0..count)
                .map(|_| (next() & 0x1ff) | (next() & 0x1ff) | 1 << (next() % 9))
                .collect();
            let sum =
                (next() % 4 != 0).then(|| (count * (count + 1) / 2) as i32 + (next() % 30) as i32);
            assert_eq!(
                choices_of(&options, sum),
                choices_by_assignment(&options, sum),
                "{options:?} {sum:?}"
            );
        }
        // an empty option, no cells, and no set with the sum
        assert!(choices_of(&[0b11, 0], Some(3)).is_empty());
        assert_eq!(choices_of(&[], None), choices_by_assignment(&[], None));
        assert!(choices_of(&[0b11, 0b11], Some(4)).is_empty());
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
            let reached = digit_sets(9, &options, sum)
                .map(|reach| (reach.possible, reach.low as u32, reach.high as u32));
            assert_eq!(reached, expected, "{options:?} {sum:?}");
        }
    }

    /// Every assignment of `cells` (distinct where they see each other) whose weighted sum
    /// is `target`, enumerated plainly: per-cell digits.
    fn enumerate_weighted(
        layout: &Layout<2>,
        cells: &[usize],
        options: &[u32],
        weights: &[i32],
        target: i32,
    ) -> Option<Vec<u32>> {
        fn walk(
            layout: &Layout<2>,
            cells: &[usize],
            options: &[u32],
            weights: &[i32],
            target: i32,
            chosen: &mut Vec<usize>,
            found: &mut Option<Vec<u32>>,
        ) {
            let depth = chosen.len();
            if depth == cells.len() {
                let total: i32 = chosen
                    .iter()
                    .zip(weights)
                    .map(|(&digit, &weight)| weight * (digit as i32 + 1))
                    .sum();
                if total == target {
                    let entry = found.get_or_insert(vec![0; cells.len()]);
                    for (slot, &digit) in entry.iter_mut().zip(chosen.iter()) {
                        *slot |= 1 << digit;
                    }
                }
                return;
            }
            for digit in digits_of(options[depth]) {
                let clash = chosen.iter().enumerate().any(|(earlier, &other)| {
                    other == digit && layout.sees(cells[earlier], cells[depth])
                });
                if !clash {
                    chosen.push(digit);
                    walk(layout, cells, options, weights, target, chosen, found);
                    chosen.pop();
                }
            }
        }
        let mut found = None;
        walk(
            layout,
            cells,
            options,
            weights,
            target,
            &mut Vec::new(),
            &mut found,
        );
        found
    }

    #[test]
    fn weighted_search_agrees_with_plain_enumeration() {
        use crate::model::{Geometry, Grid, Puzzle};
        let geometry = Geometry::for_size(9).unwrap();
        let puzzle = Puzzle::classic(Grid::from_values(geometry, &[0; 81]).unwrap()).unwrap();
        let layout = Layout::<2>::new(&puzzle);
        let mut state = 987654321u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32
        };
        for _ in 0..600 {
            let count = 1 + next() as usize % 5;
            let mut cells: Vec<usize> = Vec::new();
            while cells.len() < count {
                // cells near each other, so that some see each other and some do not
                let cell = (next() % 27) as usize;
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
            let options: Vec<u32> = (0..count)
                .map(|_| (next() & 0x1ff) | 1 << (next() % 9))
                .collect();
            let weights: Vec<i32> = (0..count)
                .map(|_| if next() % 3 == 0 { -1 } else { 1 })
                .collect();
            let target = (next() % 30) as i32 - 8;
            let expected = enumerate_weighted(&layout, &cells, &options, &weights, target);
            let found = match search(&layout, &cells, &options, &weights, Some(target)) {
                Answer::Reached(reach) => Some(reach.possible),
                Answer::Impossible => None,
                Answer::GaveUp => panic!("small searches finish"),
            };
            assert_eq!(
                found, expected,
                "{cells:?} {options:?} {weights:?} {target}"
            );
        }
    }
}
