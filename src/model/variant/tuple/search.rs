//! The supports of a tuple rule: a depth-first search over the rule's cells, in the rule's
//! order, keeps each digit that some filling satisfying the rule uses, cells that see each
//! other kept distinct. Each shape judges a prefix of the filling (reject it, accept every
//! extension of it, or look further), so a rule over a whole row is cut where it is decided.
//! Each unsupported digit is tried in turn and the search stops at its first witness; past
//! a work cap it gives up. Clues on a whole row or column (sandwich, X-sum, skyscraper) go
//! through an automaton over the line's candidates first (`automaton.rs`), an indexer's
//! house through its own count.

use super::automaton::automaton_supports;
use super::judge::{Bounds, Verdict};
use super::Shape;

/// The longest tuple rule searched: its cells' positions fit a `u64`.
pub const MAX_TUPLE_CELLS: usize = 64;

/// Most partial fillings one call looks at before giving up.
const NODE_CAP: u32 = 20_000;

/// The same for a clue on a whole row or column whose automaton, without the digits used,
/// has already kept what the clue alone allows: the search only adds that the digits differ.
const LINE_NODE_CAP: u32 = 2_000;

/// Most states one layer of a line's automaton may hold while it also tracks the digits used
/// so far (so that they differ), when the search is [`Completion::Prefix`]; past it the
/// automaton runs again without them.
const MAX_LINE_STATES: usize = 4_096;

/// How far the search takes each filling it tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Up to the first prefix the shape accepts whatever follows: every candidate of the
    /// cells after it counts as supported, even where those cells see each other (sound,
    /// cheap; what the native engine's propagation needs). Past its cap the search keeps
    /// what bounds on sums allow.
    Prefix,
    /// To the last cell: exact for the rule and the cells that see each other (what the
    /// grader's steps state). Past its cap the search says nothing. It judges each prefix
    /// by the rule alone (digits 1 to n, not the other cells' candidates), counts towards
    /// its cap every candidate it looks at, those a peer already holds included, and tries
    /// each candidate of a cell even after an earlier one proved unsupported: the grader's
    /// measure of a rule's work, on which its ratings depend (where a search gives up).
    Exact,
}

/// The search's state: the rule, the candidates of its cells, the digits chosen so far and
/// the digits found supported; `EXACT` for [`Completion::Exact`].
struct Walk<'a, const EXACT: bool> {
    shape: &'a Shape,
    earlier_peers: &'a [u64],
    length: usize,
    masks: [u32; MAX_TUPLE_CELLS],
    values: [u32; MAX_TUPLE_CELLS],
    supported: [u32; MAX_TUPLE_CELLS],
    bounds: Bounds,
    nodes: u32,
    /// Most nodes before giving up.
    cap: u32,
    capped: bool,
}

impl<const EXACT: bool> Walk<'_, EXACT> {
    /// Looks for one assignment from `position` on that the rule accepts, recording the
    /// digits it uses as supported; `true` when found or when the cap is reached.
    fn witness(&mut self, position: usize) -> bool {
        let length = self.length;
        let mut taken = 0u32;
        let mut earlier = self.earlier_peers[position];
        while earlier != 0 {
            let other = earlier.trailing_zeros() as usize;
            earlier &= earlier - 1;
            taken |= 1 << (self.values[other] - 1);
        }
        let mut digits = self.masks[position];
        if !EXACT {
            digits &= !taken;
        }
        while digits != 0 {
            let digit = digits.trailing_zeros();
            digits &= digits - 1;
            self.nodes += 1;
            if self.nodes > self.cap {
                self.capped = true;
                return true;
            }
            if taken & 1 << digit != 0 {
                continue;
            }
            self.values[position] = digit + 1;
            let verdict = self
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
                // exact: the later cells must still be filled, distinct where they see each
                // other (the shape judges them as they come)
                _ if EXACT && position + 1 < length => {
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

/// The digits (bit d for digit d + 1) of each cell of a tuple rule that some filling of its
/// cells satisfying `shape` uses, reading the cells in the rule's order: `masks` their
/// candidates (a placed cell, its digit), `earlier_peers[p]` the earlier positions whose
/// cells see the cell at position `p` (one bit each: they hold different digits), `size` the
/// grid's side. A cell with no supported digit means the rule cannot hold. `None` when the
/// search gave up (past its cap, or a rule of more than [`MAX_TUPLE_CELLS`] cells) and, for
/// [`Completion::Prefix`], no cheaper bound applies. Each unsupported candidate is tried in
/// turn, the search stopping at the first filling that uses it (which supports a digit of
/// every other cell too).
pub fn supports(
    shape: &Shape,
    masks: &[u32],
    earlier_peers: &[u64],
    size: u32,
    completion: Completion,
) -> Option<Vec<u32>> {
    let length = masks.len();
    if let Shape::Indexer(column) = shape {
        return Some(indexer_supports(masks, *column));
    }
    if length > MAX_TUPLE_CELLS {
        return None;
    }
    let exact = completion == Completion::Exact;
    let mut line_supports = None;
    if let Shape::Outside(kind, value) = shape {
        // the line's cells all see each other (a row or a column): with the digits used
        // tracked, the automaton is exact and nothing more is to be found
        let most_states = (!exact).then_some(MAX_LINE_STATES);
        let distinct = automaton_supports(*kind, *value, masks, size, true, most_states);
        if distinct.is_some() {
            return distinct;
        }
        let supported = automaton_supports(*kind, *value, masks, size, false, None)
            .expect("without the digits used, the states stay few");
        if supported.contains(&0) {
            return Some(supported);
        }
        line_supports = Some(supported);
    }
    let masks = line_supports.as_deref().unwrap_or(masks);
    if exact {
        search::<true>(shape, masks, earlier_peers, size, None)
    } else {
        search::<false>(shape, masks, earlier_peers, size, line_supports.as_deref())
    }
}

/// The search proper over `masks` (a clue's line supports, when its automaton ran without
/// the digits used: what to keep if the search gives up).
fn search<const EXACT: bool>(
    shape: &Shape,
    masks: &[u32],
    earlier_peers: &[u64],
    size: u32,
    line_supports: Option<&[u32]>,
) -> Option<Vec<u32>> {
    let length = masks.len();
    let mut walk = Walk::<EXACT> {
        shape,
        earlier_peers,
        length,
        masks: [0; MAX_TUPLE_CELLS],
        values: [0; MAX_TUPLE_CELLS],
        supported: [0; MAX_TUPLE_CELLS],
        bounds: Bounds::new(masks, size, !EXACT),
        nodes: 0,
        cap: if shape.reads_a_line() {
            LINE_NODE_CAP
        } else {
            NODE_CAP
        },
        capped: false,
    };
    walk.masks[..length].copy_from_slice(masks);
    let original = walk.masks;
    for position in 0..length {
        let mut untried = walk.masks[position];
        while untried != 0 {
            let digit = untried & untried.wrapping_neg();
            untried &= untried - 1;
            if walk.supported[position] & digit != 0 {
                continue;
            }
            let current = walk.masks[position];
            walk.masks[position] = digit;
            let found = walk.witness(0);
            // an unsupported digit is used by no assignment: leave it out of later searches
            walk.masks[position] = if found || EXACT {
                current
            } else {
                current & !digit
            };
            if walk.capped {
                if EXACT {
                    return None;
                }
                return line_supports
                    .map(<[u32]>::to_vec)
                    .or_else(|| fallback(shape, &original[..length], &walk.bounds));
            }
            if !EXACT && walk.masks[position] == 0 {
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
        Shape::Sum(sum) => (*sum, *sum, 0),
        Shape::Arrow(1) => (bounds.low[0], bounds.high[0], 1),
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

/// The supports of a column indexer's row: the indexing cell may hold d only if the cell in
/// column d may hold the column's number; that cell may hold the number only if the
/// indexing cell may point there, and must hold it when the indexing cell points nowhere
/// else.
fn indexer_supports(masks: &[u32], column: usize) -> Vec<u32> {
    let number_bit = 1u32 << column;
    let mut supported = masks.to_vec();
    let mut pointing = 0u32;
    for digit in 0..masks.len() {
        let bit = 1u32 << digit;
        if masks[column] & bit == 0 {
            continue;
        }
        let allowed = if digit == column {
            true
        } else {
            masks[digit] & number_bit != 0
        };
        if allowed {
            pointing |= bit;
        }
    }
    supported[column] = pointing;
    for (target, kept) in supported.iter_mut().enumerate() {
        if target == column {
            continue;
        }
        if pointing & (1 << target) == 0 {
            *kept &= !number_bit;
        } else if pointing == 1 << target {
            // the indexing cell can only point here: the number is here
            *kept &= number_bit;
        }
    }
    supported
}
