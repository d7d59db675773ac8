//! Exact supports of a tuple rule: a depth-first search over the rule's cells, in the
//! rule's order, keeps each digit that some assignment satisfying the rule uses. Each shape
//! judges a prefix of the assignment (reject it, accept every extension of it, or look
//! further), so a rule over a whole row is cut where it is decided. Each unsupported digit
//! is tried in turn and the search stops at its first witness; past a work cap it gives up
//! (pruning nothing, or only by bounds on sums, which is sound). Clues on a whole row or
//! column (sandwich, X-sum, skyscraper) first go through an automaton over the line's
//! candidates (exact for the clue alone, cheap), and the search only adds that digits differ.

use super::{TupleRule, MAX_TUPLE_CELLS};
use crate::model::variant::Arrow;

/// Most partial assignments one call looks at before giving up.
const NODE_CAP: u32 = 20_000;

/// The same for a clue on a whole row or column, whose automaton (`automaton_supports`)
/// has already kept what the clue alone allows: the search only adds that the digits differ.
const LINE_NODE_CAP: u32 = 2_000;

/// What the cells of a tuple rule must satisfy, reading them in the rule's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in super::super) enum Shape {
    /// The first `circle` cells read as one number equal to the sum of the others.
    Arrow {
        /// Cells in the circle or pill.
        circle: usize,
    },
    /// The digits add up to `sum` (repeats allowed where cells do not see each other).
    Sum {
        /// The total.
        sum: u32,
    },
    /// The cells after the first two hold digits strictly between theirs.
    Between,
    /// The cells after the first two hold digits outside theirs (inclusive), and the first
    /// two differ by at least `difference` (a lockout line).
    Lockout {
        /// The least difference between the ends.
        difference: u32,
    },
    /// Distinct, consecutive digits.
    Renban,
    /// Read as (middle if `odd`), then the pairs from the ends inwards: each pair adds up
    /// to the middle digit (odd) or to the first pair's total.
    Zipper {
        /// Whether the line has a middle cell (read first).
        odd: bool,
    },
    /// A region sum line's cells in line order, segment `g` ending at position `ends[g]`:
    /// each segment adds up to the same total.
    RegionSum {
        /// The end (exclusive) of each group.
        ends: Vec<usize>,
    },
    /// Every listed digit appears, as often as listed.
    Quadruple {
        /// The digits, with repeats.
        digits: Vec<u32>,
    },
    /// A row or column from the clue on: the digits between the 1 and the n add up to it.
    Sandwich {
        /// The clue.
        value: u32,
    },
    /// A row or column from the clue on: its first X digits add up to it, X the first digit.
    XSum {
        /// The clue.
        value: u32,
    },
    /// A row or column from the clue on: this many digits are taller than all before them.
    Skyscraper {
        /// The clue.
        value: u32,
    },
}

/// A shape's judgement of a prefix of an assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// No extension satisfies the rule.
    Reject,
    /// Every extension does (as far as this rule goes).
    AcceptAll,
    /// Not decided yet.
    Open,
    /// Every later cell must hold a digit strictly between `low` and `high`, and nothing
    /// more is asked (the middle of a between line once its ends are known).
    Between {
        /// The smaller end.
        low: u32,
        /// The larger end.
        high: u32,
    },
}

/// The smallest and largest candidate of every position, with their suffix sums.
struct Bounds {
    size: u32,
    low: [u32; MAX_TUPLE_CELLS],
    high: [u32; MAX_TUPLE_CELLS],
    low_from: [u32; MAX_TUPLE_CELLS + 1],
    high_from: [u32; MAX_TUPLE_CELLS + 1],
}

impl Bounds {
    /// The least and most positions `from..to` can add up to.
    fn range(&self, from: usize, to: usize) -> (u32, u32) {
        if from >= to {
            return (0, 0);
        }
        (
            self.low_from[from] - self.low_from[to],
            self.high_from[from] - self.high_from[to],
        )
    }
}

impl Shape {
    /// Judges `values` (digits from 1), the first `values.len()` positions of a rule of
    /// `length` cells.
    fn judge(&self, values: &[u32], length: usize, bounds: &Bounds) -> Verdict {
        let filled = values.len();
        let complete = filled == length;
        match self {
            Shape::Arrow { circle } => {
                if filled < *circle {
                    return Verdict::Open;
                }
                let target = Arrow::circle_value(&values[..*circle]);
                let shaft: u64 = values[*circle..].iter().map(|&v| u64::from(v)).sum();
                let (low, high) = bounds.range(filled, length);
                within(
                    target,
                    shaft + u64::from(low),
                    shaft + u64::from(high),
                    complete,
                )
            }
            Shape::Sum { sum } => {
                let partial: u32 = values.iter().sum();
                let (low, high) = bounds.range(filled, length);
                within(
                    u64::from(*sum),
                    u64::from(partial + low),
                    u64::from(partial + high),
                    complete,
                )
            }
            Shape::Between => {
                if filled < 2 {
                    return Verdict::Open;
                }
                let (low, high) = (values[0].min(values[1]), values[0].max(values[1]));
                if high - low < 2 {
                    return Verdict::Reject;
                }
                Verdict::Between { low, high }
            }
            Shape::Lockout { difference } => {
                if filled < 2 {
                    return Verdict::Open;
                }
                let (low, high) = (values[0].min(values[1]), values[0].max(values[1]));
                let inside = values[2..]
                    .iter()
                    .any(|&digit| low <= digit && digit <= high);
                if high - low < *difference || inside {
                    return Verdict::Reject;
                }
                decided(complete)
            }
            Shape::Renban => {
                let last = values[filled - 1];
                if values[..filled - 1].contains(&last) {
                    return Verdict::Reject;
                }
                let low = values.iter().min().copied().unwrap_or(0);
                let high = values.iter().max().copied().unwrap_or(0);
                if (high - low) as usize >= length {
                    return Verdict::Reject;
                }
                decided(complete)
            }
            Shape::Zipper { odd } => zipper(*odd, values, length, bounds),
            Shape::RegionSum { ends } => region_sum(ends, values, bounds),
            Shape::Quadruple { digits } => {
                let mut missing = 0;
                for (index, &digit) in digits.iter().enumerate() {
                    // count each listed digit once, at its first listing
                    if digits[..index].contains(&digit) {
                        continue;
                    }
                    let wanted = digits.iter().filter(|&&other| other == digit).count();
                    let found = values.iter().filter(|&&value| value == digit).count();
                    missing += wanted.saturating_sub(found);
                }
                if missing > length - filled {
                    Verdict::Reject
                } else {
                    decided(complete)
                }
            }
            Shape::Sandwich { value } => sandwich(*value, values, bounds.size, complete),
            Shape::XSum { value } => {
                let count = values[0] as usize;
                if count > length {
                    return Verdict::Reject;
                }
                let partial: u32 = values[..filled.min(count)].iter().sum();
                if filled >= count {
                    return if partial == *value {
                        Verdict::AcceptAll
                    } else {
                        Verdict::Reject
                    };
                }
                let (low, high) = bounds.range(filled, count);
                within(
                    u64::from(*value),
                    u64::from(partial + low),
                    u64::from(partial + high),
                    false,
                )
            }
            Shape::Skyscraper { value } => {
                let (mut tallest, mut seen) = (0, 0);
                for &digit in values {
                    if digit > tallest {
                        tallest = digit;
                        seen += 1;
                    }
                }
                if tallest == bounds.size {
                    return if seen == *value {
                        Verdict::AcceptAll
                    } else {
                        Verdict::Reject
                    };
                }
                // the tallest digit is still to come, and will be seen
                let most = seen + (length - filled) as u32;
                if seen + 1 > *value || most < *value {
                    Verdict::Reject
                } else {
                    decided(complete)
                }
            }
        }
    }
}

/// Reject when `target` is outside `low..=high`; otherwise accept a complete assignment.
fn within(target: u64, low: u64, high: u64, complete: bool) -> Verdict {
    if target < low || target > high {
        Verdict::Reject
    } else {
        decided(complete)
    }
}

/// A complete assignment that nothing rejected is accepted.
fn decided(complete: bool) -> Verdict {
    if complete {
        Verdict::AcceptAll
    } else {
        Verdict::Open
    }
}

fn zipper(odd: bool, values: &[u32], length: usize, bounds: &Bounds) -> Verdict {
    let filled = values.len();
    let offset = usize::from(odd);
    let target = if odd {
        Some(values[0])
    } else if filled >= 2 {
        Some(values[0] + values[1])
    } else {
        None
    };
    let Some(target) = target else {
        return Verdict::Open;
    };
    if filled > offset {
        let pair_start = offset + (filled - 1 - offset) / 2 * 2;
        let partial: u32 = values[pair_start..].iter().sum();
        let (low, high) = bounds.range(filled, pair_start + 2);
        if target < partial + low || target > partial + high {
            return Verdict::Reject;
        }
    }
    decided(filled == length)
}

fn region_sum(ends: &[usize], values: &[u32], bounds: &Bounds) -> Verdict {
    let filled = values.len();
    let Some(&first_end) = ends.first() else {
        return Verdict::AcceptAll;
    };
    if filled <= first_end {
        return decided(filled == *ends.last().unwrap_or(&0));
    }
    let target: u32 = values[..first_end].iter().sum();
    let group = ends
        .iter()
        .position(|&end| filled <= end)
        .unwrap_or(ends.len() - 1);
    let start = ends[group - 1];
    let partial: u32 = values[start..].iter().sum();
    let (low, high) = bounds.range(filled, ends[group]);
    if target < partial + low || target > partial + high {
        return Verdict::Reject;
    }
    decided(filled == ends[ends.len() - 1])
}

fn sandwich(value: u32, values: &[u32], size: u32, complete: bool) -> Verdict {
    let one = values.iter().position(|&digit| digit == 1);
    let top = values.iter().position(|&digit| digit == size);
    match (one, top) {
        (Some(one), Some(top)) => {
            let (from, to) = (one.min(top), one.max(top));
            if values[from + 1..to].iter().sum::<u32>() == value {
                Verdict::AcceptAll
            } else {
                Verdict::Reject
            }
        }
        (Some(end), None) | (None, Some(end)) => {
            if values[end + 1..].iter().sum::<u32>() > value || complete {
                Verdict::Reject
            } else {
                Verdict::Open
            }
        }
        (None, None) => {
            if complete {
                Verdict::Reject
            } else {
                Verdict::Open
            }
        }
    }
}

/// The search's state: the rule, the candidates of its cells, the digits chosen so far and
/// the digits found supported.
struct Walk<'a> {
    rule: &'a TupleRule,
    masks: [u32; MAX_TUPLE_CELLS],
    values: [u32; MAX_TUPLE_CELLS],
    supported: [u32; MAX_TUPLE_CELLS],
    bounds: Bounds,
    nodes: u32,
    /// Most nodes before giving up.
    cap: u32,
    capped: bool,
}

impl Walk<'_> {
    /// Looks for one assignment from `position` on that the rule accepts, recording the
    /// digits it uses as supported; `true` when found or when the cap is reached.
    fn witness(&mut self, position: usize) -> bool {
        let length = self.rule.cells.len();
        let mut taken = 0u32;
        let mut earlier = self.rule.earlier_peers[position];
        while earlier != 0 {
            let other = earlier.trailing_zeros() as usize;
            earlier &= earlier - 1;
            taken |= 1 << (self.values[other] - 1);
        }
        let mut digits = self.masks[position] & !taken;
        while digits != 0 {
            let digit = digits.trailing_zeros();
            digits &= digits - 1;
            self.nodes += 1;
            if self.nodes > self.cap {
                self.capped = true;
                return true;
            }
            self.values[position] = digit + 1;
            let verdict = self
                .rule
                .shape
                .judge(&self.values[..=position], length, &self.bounds);
            let later_masks = match verdict {
                Verdict::Reject => continue,
                Verdict::Open if position + 1 < length => {
                    if self.witness(position + 1) {
                        return true;
                    }
                    continue;
                }
                Verdict::AcceptAll | Verdict::Open => u32::MAX,
                Verdict::Between { low, high } => {
                    // digits strictly between low and high
                    let range = (full(high - 1) & !full(low)) as u32;
                    if self.masks[position + 1..length]
                        .iter()
                        .any(|&mask| mask & range == 0)
                    {
                        continue;
                    }
                    range
                }
            };
            for earlier in 0..=position {
                self.supported[earlier] |= 1 << (self.values[earlier] - 1);
            }
            for later in position + 1..length {
                self.supported[later] |= self.masks[later] & later_masks;
            }
            return true;
        }
        false
    }
}

/// The mask of digits `1..=count`.
fn full(count: u32) -> u64 {
    (1u64 << count) - 1
}

/// The digits of each of `rule`'s cells some satisfying assignment uses, or `None` when the
/// search gave up and no cheaper bound applies; a cell with no supported digit means the
/// rule cannot hold. Each unsupported candidate is tried in turn, the search stopping at the
/// first assignment that uses it (which supports a digit of every other cell too).
pub(super) fn supports(rule: &TupleRule, candidates: &[u32], size: u32) -> Option<Vec<u32>> {
    let length = rule.cells.len();
    let mut walk = Walk {
        rule,
        masks: [0; MAX_TUPLE_CELLS],
        values: [0; MAX_TUPLE_CELLS],
        supported: [0; MAX_TUPLE_CELLS],
        bounds: Bounds {
            size,
            low: [0; MAX_TUPLE_CELLS],
            high: [0; MAX_TUPLE_CELLS],
            low_from: [0; MAX_TUPLE_CELLS + 1],
            high_from: [0; MAX_TUPLE_CELLS + 1],
        },
        nodes: 0,
        cap: if rule.shape.reads_a_line() {
            LINE_NODE_CAP
        } else {
            NODE_CAP
        },
        capped: false,
    };
    let mut line_supports = None;
    if rule.shape.reads_a_line() {
        let masks: Vec<u32> = rule
            .cells
            .iter()
            .map(|&cell| candidates[usize::from(cell)])
            .collect();
        // the line's cells all see each other (a row or a column): with the digits used
        // tracked, the automaton is exact and nothing more is to be found
        if let Some(exact) = automaton_supports(&rule.shape, &masks, size, true) {
            return Some(exact);
        }
        let supported = automaton_supports(&rule.shape, &masks, size, false)
            .expect("without the digits used, the states stay few");
        if supported.contains(&0) {
            return Some(supported);
        }
        line_supports = Some(supported);
    }
    for (position, &cell) in rule.cells.iter().enumerate() {
        let mask = match &line_supports {
            Some(supported) => supported[position],
            None => candidates[usize::from(cell)],
        };
        walk.masks[position] = mask;
        walk.bounds.low[position] = mask.trailing_zeros() + 1;
        walk.bounds.high[position] = 32 - mask.leading_zeros();
    }
    for position in (0..length).rev() {
        walk.bounds.low_from[position] =
            walk.bounds.low_from[position + 1] + walk.bounds.low[position];
        walk.bounds.high_from[position] =
            walk.bounds.high_from[position + 1] + walk.bounds.high[position];
    }
    let original = walk.masks;
    for position in 0..length {
        loop {
            let current = walk.masks[position];
            let open = current & !walk.supported[position];
            if open == 0 {
                break;
            }
            let digit = open & open.wrapping_neg();
            walk.masks[position] = digit;
            let found = walk.witness(0);
            // an unsupported digit is used by no assignment: leave it out of later searches
            walk.masks[position] = if found { current } else { current & !digit };
            if walk.capped {
                return line_supports
                    .or_else(|| fallback(&rule.shape, &original[..length], &walk.bounds));
            }
            if walk.masks[position] == 0 {
                return Some(vec![0; length]);
            }
        }
    }
    Some(walk.supported[..length].to_vec())
}

/// Bounds for a sum or a one-cell arrow when the search gave up: each cell keeps the digits
/// for which the others' smallest and largest digits can still reach the total (repeats
/// allowed, so it never removes a digit an assignment uses). `None` for other shapes.
fn fallback(shape: &Shape, masks: &[u32], bounds: &Bounds) -> Option<Vec<u32>> {
    let length = masks.len();
    let (low, high) = bounds.range(0, length);
    // the total's range, and the cells that make it up
    let (total_low, total_high, first) = match shape {
        Shape::Sum { sum } => (*sum, *sum, 0),
        Shape::Arrow { circle: 1 } => (bounds.low[0], bounds.high[0], 1),
        _ => return None,
    };
    let (parts_low, parts_high) = if first == 0 {
        (low, high)
    } else {
        bounds.range(1, length)
    };
    let mut kept = masks.to_vec();
    if first == 1 {
        // the circle lies within what the shaft can add up to
        kept[0] &= digits_within(parts_low, parts_high, bounds.size);
    }
    for (position, keep) in kept.iter_mut().enumerate().skip(first) {
        let others_low = parts_low - bounds.low[position];
        let others_high = parts_high - bounds.high[position];
        let least = total_low.saturating_sub(others_high);
        let most = total_high.saturating_sub(others_low);
        *keep &= digits_within(least, most, bounds.size);
    }
    Some(kept)
}

/// The digits from `least` to `most` (within 1 to `size`) as a mask.
fn digits_within(least: u32, most: u32, size: u32) -> u32 {
    let least = least.max(1);
    let most = most.min(size);
    if least > most {
        return 0;
    }
    (full(most) & !full(least - 1)) as u32
}

/// The state an automaton reading a whole row or column from its clue starts in.
const START: u32 = 0;

/// The state an X-sum reaches once its first X digits added up to the clue.
const X_SUM_MET: u32 = u32::MAX;

impl Shape {
    /// Whether the shape reads a whole row or column from its clue, so an automaton over its
    /// cells (ignoring that the other digits differ) gives supports cheaply.
    fn reads_a_line(&self) -> bool {
        matches!(
            self,
            Shape::Sandwich { .. } | Shape::XSum { .. } | Shape::Skyscraper { .. }
        )
    }

    /// The automaton's next state after `digit`, or `None` when no line continuing so can
    /// meet the clue.
    fn next(&self, state: u32, digit: u32, size: u32) -> Option<u32> {
        match self {
            // state: which ends were seen (bit 16: the 1, bit 17: the n), and the sum of
            // the digits since the first end
            Shape::Sandwich { value } => {
                let (seen, sum) = (state >> 16, state & 0xFFFF);
                let end = match digit {
                    1 => 1,
                    digit if digit == size => 2,
                    _ => 0,
                };
                match (seen, end) {
                    (_, end) if end != 0 && seen & end != 0 => None,
                    (0, 0) | (3, _) => Some(state),
                    (0, end) => Some(end << 16),
                    (_, 0) => (sum + digit <= *value).then_some(state + digit),
                    (_, _) => (sum == *value).then_some(3 << 16 | sum),
                }
            }
            // state: the tallest digit so far (bits 8 and up) and how many were seen
            Shape::Skyscraper { value } => {
                let (tallest, seen) = (state >> 8, state & 0xFF);
                if digit > tallest {
                    (seen < *value).then_some(digit << 8 | (seen + 1))
                } else {
                    Some(state)
                }
            }
            // state: X (bits 20 and up), how many digits were added (bits 12 to 19), and
            // their sum (bits 0 to 11); `X_SUM_MET` once the first X add up to the clue
            Shape::XSum { value } => {
                if state == X_SUM_MET {
                    return Some(state);
                }
                let (count, added, sum) = if state == START {
                    (digit, 0, 0)
                } else {
                    (state >> 20, (state >> 12) & 0xFF, state & 0xFFF)
                };
                let (added, sum) = (added + 1, sum + digit);
                if added == count {
                    (sum == *value).then_some(X_SUM_MET)
                } else {
                    (sum < *value).then_some(count << 20 | added << 12 | sum)
                }
            }
            _ => Some(state),
        }
    }

    /// Whether a whole line ending in `state` meets the clue.
    fn accepts(&self, state: u32, size: u32) -> bool {
        match self {
            Shape::Sandwich { .. } => state >> 16 == 3,
            Shape::Skyscraper { value } => state >> 8 == size && state & 0xFF == *value,
            Shape::XSum { .. } => state == X_SUM_MET,
            _ => true,
        }
    }
}

/// Most states one layer of a line's automaton may hold while it also tracks the digits used
/// so far (so that they differ); past it the automaton runs again without them.
const MAX_LINE_STATES: usize = 4_096;

/// The digits of each cell that some path of the shape's automaton through the cells'
/// candidates uses, from its start to an accepting state, with `distinct` the digits of the
/// line all different (exact for the clue and the line's houses), otherwise free to repeat
/// (except a sandwich's 1 and n). `None` when tracking the digits took too many states.
fn automaton_supports(shape: &Shape, masks: &[u32], size: u32, distinct: bool) -> Option<Vec<u32>> {
    let length = masks.len();
    // a state: the digits used so far (bits 32 and up, when `distinct`), and the shape's
    let next = |state: u64, digit: u32| -> Option<u64> {
        let used = (state >> 32) as u32;
        let bit = 1u32 << (digit - 1);
        if distinct && used & bit != 0 {
            return None;
        }
        let after = shape.next(state as u32, digit, size)?;
        let used = if distinct { used | bit } else { 0 };
        Some(u64::from(used) << 32 | u64::from(after))
    };
    let mut forward: Vec<Vec<u64>> = vec![vec![u64::from(START)]];
    for &mask in masks {
        let mut layer = Vec::new();
        for &state in forward.last().expect("the start") {
            let mut digits = mask;
            while digits != 0 {
                let digit = digits.trailing_zeros() + 1;
                digits &= digits - 1;
                if let Some(after) = next(state, digit) {
                    layer.push(after);
                }
            }
        }
        layer.sort_unstable();
        layer.dedup();
        if distinct && layer.len() > MAX_LINE_STATES {
            return None;
        }
        forward.push(layer);
    }
    let mut supported = vec![0u32; length];
    let mut alive: Vec<u64> = forward[length]
        .iter()
        .copied()
        .filter(|&state| shape.accepts(state as u32, size))
        .collect();
    for position in (0..length).rev() {
        let mut before = Vec::new();
        for &state in &forward[position] {
            let mut digits = masks[position];
            let mut lives = false;
            while digits != 0 {
                let digit = digits.trailing_zeros() + 1;
                digits &= digits - 1;
                let reaches =
                    next(state, digit).is_some_and(|after| alive.binary_search(&after).is_ok());
                if reaches {
                    supported[position] |= 1 << (digit - 1);
                    lives = true;
                }
            }
            if lives {
                before.push(state);
            }
        }
        alive = before;
    }
    Some(supported)
}
