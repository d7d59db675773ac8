//! A shape's judgement of a prefix of a filling: reject it, accept every extension of it,
//! or look further, using the smallest and largest candidates of the cells still to fill.

use super::super::{entropic_band, Arrow, OutsideKind, NABNER_GAP};
use super::search::MAX_TUPLE_CELLS;
use super::Shape;

/// A shape's judgement of a prefix of an assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
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
pub(super) struct Bounds {
    pub size: u32,
    /// Whether the bounds come from the cells' candidates (rather than 1 to n everywhere).
    pub from_candidates: bool,
    pub low: [u32; MAX_TUPLE_CELLS],
    pub high: [u32; MAX_TUPLE_CELLS],
    pub low_from: [u32; MAX_TUPLE_CELLS + 1],
    pub high_from: [u32; MAX_TUPLE_CELLS + 1],
}

impl Bounds {
    /// The bounds of the candidates `masks` (one per position) of a grid of side `size`, or
    /// 1 to `size` everywhere when not `from_candidates`.
    pub fn new(masks: &[u32], size: u32, from_candidates: bool) -> Bounds {
        let mut bounds = Bounds {
            size,
            from_candidates,
            low: [0; MAX_TUPLE_CELLS],
            high: [0; MAX_TUPLE_CELLS],
            low_from: [0; MAX_TUPLE_CELLS + 1],
            high_from: [0; MAX_TUPLE_CELLS + 1],
        };
        for (position, &mask) in masks.iter().enumerate() {
            let mask = if from_candidates {
                mask
            } else {
                (1u32 << size) - 1
            };
            bounds.low[position] = mask.trailing_zeros() + 1;
            bounds.high[position] = 32 - mask.leading_zeros();
        }
        for position in (0..masks.len()).rev() {
            bounds.low_from[position] = bounds.low_from[position + 1] + bounds.low[position];
            bounds.high_from[position] = bounds.high_from[position + 1] + bounds.high[position];
        }
        bounds
    }

    /// The least and most positions `from..to` can add up to.
    pub fn range(&self, from: usize, to: usize) -> (u32, u32) {
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
    /// `length` cells, every shorter prefix having been judged before (so a shape may judge
    /// only what the last digit decides). A complete filling is accepted unless rejected.
    #[inline(always)]
    pub(super) fn judge(&self, values: &[u32], length: usize, bounds: &Bounds) -> Verdict {
        let filled = values.len();
        let complete = filled == length;
        match self {
            Shape::Arrow(circle) => {
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
            Shape::Sum(sum) => adds_up(*sum, values, length, bounds),
            Shape::Cage(total) => {
                if values[..filled - 1].contains(&values[filled - 1]) {
                    return Verdict::Reject;
                }
                match total {
                    Some(sum) => adds_up(*sum, values, length, bounds),
                    None => decided(complete),
                }
            }
            Shape::Between if length < 3 => decided(complete),
            Shape::Between => {
                if filled < 2 {
                    return Verdict::Open;
                }
                let (low, high) = (values[0].min(values[1]), values[0].max(values[1]));
                let outside = values[2..]
                    .iter()
                    .any(|&digit| digit <= low || digit >= high);
                if high - low < 2 || outside {
                    return Verdict::Reject;
                }
                Verdict::Between { low, high }
            }
            Shape::Lockout(difference) => {
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
                if values[..filled - 1].contains(&values[filled - 1]) {
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
            Shape::RegionSum(ends) => region_sum(ends, values, bounds),
            Shape::Quadruple(digits) => {
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
            Shape::Outside(kind, value) => outside(*kind, *value, values, length, bounds),
            // the indexer has its own supports (`indexer_supports`)
            Shape::Indexer(_) => decided(complete),
            Shape::Distinct
            | Shape::Relation(_)
            | Shape::Forbidden(_)
            | Shape::Parity(_)
            | Shape::Extremum(_)
            | Shape::Thermometer { .. }
            | Shape::Palindrome
            | Shape::Equal
            | Shape::Whispers(_)
            | Shape::Nabner
            | Shape::Entropic
            | Shape::Modular => admitted(self.admits_last(values, length, bounds.size), complete),
        }
    }

    /// Whether the last digit of `values` keeps a rule judged digit by digit (a relation
    /// between neighbours or with the first cell, a class, a parity) from being broken.
    #[inline(never)]
    fn admits_last(&self, values: &[u32], length: usize, size: u32) -> bool {
        let filled = values.len();
        let last = values[filled - 1];
        let first = values[0];
        let previous = filled.checked_sub(2).map(|index| values[index]);
        match self {
            Shape::Distinct => !values[..filled - 1].contains(&last),
            Shape::Relation(kind) => filled == 1 || kind.allows(first, last),
            Shape::Forbidden(kinds) => {
                filled == 1 || kinds.iter().all(|kind| !kind.allows(first, last))
            }
            Shape::Parity(even) => last.is_multiple_of(2) == *even,
            Shape::Extremum(minimum) => {
                filled == 1 || if *minimum { first < last } else { first > last }
            }
            Shape::Thermometer { slow } => {
                let rises = match previous {
                    Some(before) if *slow => last >= before,
                    Some(before) => last > before,
                    None => true,
                };
                let left = (length - filled) as u32;
                rises && (*slow || last + left <= size)
            }
            Shape::Palindrome => {
                let mirror = length - filled;
                mirror >= filled - 1 || values[mirror] == last
            }
            Shape::Equal => filled == 1 || first == last,
            Shape::Whispers(difference) => {
                previous.is_none_or(|before| before.abs_diff(last) >= *difference)
            }
            Shape::Nabner => values[..filled - 1]
                .iter()
                .all(|&before| before.abs_diff(last) >= NABNER_GAP),
            Shape::Entropic => close_differ(values, |digit| entropic_band(digit, size)),
            Shape::Modular => close_differ(values, |digit| digit % 3),
            // judged as a whole prefix (`judge`)
            Shape::Quadruple(_)
            | Shape::Renban
            | Shape::Between
            | Shape::Lockout(_)
            | Shape::Zipper { .. }
            | Shape::RegionSum(_)
            | Shape::Arrow(_)
            | Shape::Sum(_)
            | Shape::Cage(_)
            | Shape::Outside(..)
            | Shape::Indexer(_) => true,
        }
    }
}

/// Reject a prefix whose last digit breaks the rule; otherwise accept a complete filling.
fn admitted(holds: bool, complete: bool) -> Verdict {
    if holds {
        decided(complete)
    } else {
        Verdict::Reject
    }
}

/// Reject when `target` is outside `low..=high`; otherwise accept a complete assignment.
pub(super) fn within(target: u64, low: u64, high: u64, complete: bool) -> Verdict {
    if target < low || target > high {
        Verdict::Reject
    } else {
        decided(complete)
    }
}

/// Reject a prefix whose cells cannot add up to `sum` given the candidates still to fill;
/// otherwise accept a complete filling.
#[inline(always)]
fn adds_up(sum: u32, values: &[u32], length: usize, bounds: &Bounds) -> Verdict {
    let partial: u32 = values.iter().sum();
    let (low, high) = bounds.range(values.len(), length);
    within(
        u64::from(sum),
        u64::from(partial + low),
        u64::from(partial + high),
        values.len() == length,
    )
}

/// A complete assignment that nothing rejected is accepted.
pub(super) fn decided(complete: bool) -> Verdict {
    if complete {
        Verdict::AcceptAll
    } else {
        Verdict::Open
    }
}

/// Whether the last digit's class differs from the two before it.
fn close_differ(values: &[u32], class: impl Fn(u32) -> u32) -> bool {
    let last_index = values.len() - 1;
    let last = class(values[last_index]);
    (1..3).all(|step| last_index < step || class(values[last_index - step]) != last)
}

#[inline(always)]
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
    // the first digit of a pair on an even line is judged by its partner's candidates; with
    // no candidates known, only with its partner (as the grader has always counted its work)
    if filled > offset && (odd || filled.is_multiple_of(2) || bounds.from_candidates) {
        let pair_start = offset + (filled - 1 - offset) / 2 * 2;
        let partial: u32 = values[pair_start..].iter().sum();
        let (low, high) = bounds.range(filled, pair_start + 2);
        if target < partial + low || target > partial + high {
            return Verdict::Reject;
        }
    }
    decided(filled == length)
}

#[inline(always)]
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

/// A clue outside the grid, on a prefix of its row or column read from the clue.
#[inline]
fn outside(
    kind: OutsideKind,
    value: u32,
    values: &[u32],
    length: usize,
    bounds: &Bounds,
) -> Verdict {
    let filled = values.len();
    let complete = filled == length;
    match kind {
        OutsideKind::Sandwich => sandwich(value, values, bounds.size, complete),
        OutsideKind::XSum => {
            let count = values[0] as usize;
            if count > length {
                return Verdict::Reject;
            }
            let partial: u32 = values[..filled.min(count)].iter().sum();
            if filled >= count {
                return if partial == value {
                    Verdict::AcceptAll
                } else {
                    Verdict::Reject
                };
            }
            let (low, high) = bounds.range(filled, count);
            within(
                u64::from(value),
                u64::from(partial + low),
                u64::from(partial + high),
                false,
            )
        }
        OutsideKind::Skyscraper => {
            let (mut tallest, mut seen) = (0, 0);
            for &digit in values {
                if digit > tallest {
                    tallest = digit;
                    seen += 1;
                }
            }
            if tallest == bounds.size {
                return if seen == value {
                    Verdict::AcceptAll
                } else {
                    Verdict::Reject
                };
            }
            // the tallest digit is still to come, and will be seen
            let most = seen + (length - filled) as u32;
            if seen + 1 > value || most < value {
                Verdict::Reject
            } else {
                decided(complete)
            }
        }
    }
}

#[inline]
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
