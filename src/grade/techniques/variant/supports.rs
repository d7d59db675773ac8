//! Which digits of a rule's cells some filling of those cells uses: a depth-first search
//! over the cells in the rule's order, each unsupported digit tried in turn until its first
//! witness, cells that see each other kept distinct, each prefix judged by the rule's shape.
//! Past a cap of nodes it gives up and removes nothing (always sound). A clue over a whole
//! row or column (sandwich, X-sum, skyscraper) walks the row's states instead (the digits
//! used so far and what the clue has counted), each state judged once: exact for the clue
//! and the row's distinct digits, at any size of the row's candidates.

use std::collections::HashMap;

use crate::model::variant::{entropic_band, Arrow, OutsideKind, NABNER_GAP};

use super::super::super::board::Board;
use super::super::super::layout::Layout;
use super::rules::{Rule, Shape};

/// Most partial fillings one look at a rule tries.
const NODE_CAP: u32 = 20_000;

/// For each cell of `rule` (in its order), the digits (mask, bit d for digit index d) some
/// filling of the rule's cells allows, placed cells holding their digit; `None` when the
/// search passed its cap.
pub(crate) fn supports<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    rule: &Rule,
) -> Option<Vec<u32>> {
    let domains: Vec<u32> = rule
        .cells
        .iter()
        .map(|&cell| match board.values[cell] {
            0 => board.candidates[cell],
            value => 1 << (value - 1),
        })
        .collect();
    match rule.shape {
        Shape::Indexer(column) => return Some(indexer_supports(&domains, column)),
        Shape::Outside(kind, value) => {
            return Some(Line::new(kind, value, &domains).supports());
        }
        _ => {}
    }
    let count = rule.cells.len();
    let sees: Vec<Vec<bool>> = (0..count)
        .map(|later| {
            (0..later)
                .map(|earlier| layout.sees(rule.cells[earlier], rule.cells[later]))
                .collect()
        })
        .collect();
    let mut search = Search {
        shape: &rule.shape,
        size: layout.size as u32,
        sees,
        domains: domains.clone(),
        digits: vec![0; count],
        nodes: 0,
        cap: NODE_CAP,
    };
    let mut supported = vec![0u32; count];
    for position in 0..count {
        let mut options = domains[position];
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            if supported[position] & bit != 0 {
                continue;
            }
            search.domains[position] = bit;
            match search.fill(0) {
                Some(true) => {
                    for (kept, &digit) in supported.iter_mut().zip(&search.digits) {
                        *kept |= 1 << (digit - 1);
                    }
                }
                Some(false) => {}
                None => return None,
            }
            search.domains[position] = domains[position];
        }
    }
    Some(supported)
}

struct Search<'a> {
    shape: &'a Shape,
    size: u32,
    /// `sees[later][earlier]`: the two cells may not hold the same digit.
    sees: Vec<Vec<bool>>,
    domains: Vec<u32>,
    /// The filling so far, digit values (1-based).
    digits: Vec<u32>,
    nodes: u32,
    cap: u32,
}

impl Search<'_> {
    /// Whether the cells from `position` on can be filled (`None`: past the cap).
    fn fill(&mut self, position: usize) -> Option<bool> {
        if position == self.digits.len() {
            return Some(true);
        }
        let mut options = self.domains[position];
        while options != 0 {
            let digit = options.trailing_zeros() + 1;
            options &= options - 1;
            self.nodes += 1;
            if self.nodes > self.cap {
                return None;
            }
            let clashes = self.sees[position]
                .iter()
                .zip(&self.digits)
                .any(|(&sees, &earlier)| sees && earlier == digit);
            if clashes {
                continue;
            }
            self.digits[position] = digit;
            if admits(
                self.shape,
                &self.digits[..=position],
                self.digits.len(),
                self.size,
            ) && self.fill(position + 1)?
            {
                return Some(true);
            }
        }
        self.digits[position] = 0;
        Some(false)
    }
}

/// Whether a prefix of a filling (digit values, the last one new) can still meet the shape,
/// judging what the new digit decides; on the whole filling, whether it meets it.
pub(crate) fn admits(shape: &Shape, prefix: &[u32], length: usize, size: u32) -> bool {
    let last_index = prefix.len() - 1;
    let last = prefix[last_index];
    let left = (length - prefix.len()) as u32;
    let earlier = &prefix[..last_index];
    let previous = earlier.last().copied();
    match shape {
        Shape::Chess(_) => true,
        Shape::Distinct => !earlier.contains(&last),
        Shape::Relation(kind) => last_index == 0 || kind.allows(prefix[0], last),
        Shape::Forbidden(kinds) => {
            last_index == 0 || kinds.iter().all(|kind| !kind.allows(prefix[0], last))
        }
        Shape::Parity(even) => last.is_multiple_of(2) == *even,
        Shape::Extremum(minimum) => {
            last_index == 0
                || if *minimum {
                    prefix[0] < last
                } else {
                    prefix[0] > last
                }
        }
        Shape::Quadruple(digits) => {
            let missing: usize = distinct(digits)
                .map(|digit| {
                    let wanted = digits.iter().filter(|&&other| other == digit).count();
                    let found = prefix.iter().filter(|&&other| other == digit).count();
                    wanted.saturating_sub(found)
                })
                .sum();
            missing <= left as usize
        }
        Shape::Thermometer { slow } => {
            let rises = match previous {
                Some(before) if *slow => last >= before,
                Some(before) => last > before,
                None => true,
            };
            rises && (*slow || last + left <= size)
        }
        Shape::Palindrome => {
            let mirror = length - 1 - last_index;
            mirror >= last_index || prefix[mirror] == last
        }
        Shape::Equal => last_index == 0 || prefix[0] == last,
        Shape::Whispers(difference) => {
            previous.is_none_or(|before| before.abs_diff(last) >= *difference)
        }
        Shape::Renban => {
            let low = prefix.iter().min().copied().unwrap_or(last);
            let high = prefix.iter().max().copied().unwrap_or(last);
            !earlier.contains(&last) && high - low < length as u32
        }
        Shape::Between => match last_index {
            0 => true,
            1 => length < 3 || prefix[0].abs_diff(last) >= 2,
            _ => {
                let (low, high) = (prefix[0].min(prefix[1]), prefix[0].max(prefix[1]));
                low < last && last < high
            }
        },
        Shape::Lockout(difference) => match last_index {
            0 => true,
            1 => prefix[0].abs_diff(last) >= *difference,
            _ => {
                let (low, high) = (prefix[0].min(prefix[1]), prefix[0].max(prefix[1]));
                last < low || last > high
            }
        },
        Shape::Nabner => earlier
            .iter()
            .all(|&before| before.abs_diff(last) >= NABNER_GAP),
        Shape::Entropic => close_differ(prefix, |digit| entropic_band(digit, size)),
        Shape::Modular => close_differ(prefix, |digit| digit % 3),
        Shape::Zipper { odd } => {
            let start = usize::from(*odd);
            if last_index < start {
                return true;
            }
            let in_pair = (last_index - start) % 2;
            if *odd && last >= prefix[0] {
                return false;
            }
            if in_pair == 0 {
                return true;
            }
            let total = prefix[last_index - 1] + last;
            let target = if *odd {
                prefix[0]
            } else if last_index >= 3 {
                prefix[0] + prefix[1]
            } else {
                return true;
            };
            total == target
        }
        Shape::RegionSum(ends) => {
            let group = ends.iter().position(|&end| end > last_index).unwrap_or(0);
            if group == 0 {
                return true;
            }
            let target: u32 = prefix[..ends[0]].iter().sum();
            let start = ends[group - 1];
            let sum: u32 = prefix[start..].iter().sum();
            let rest = (ends[group] - prefix.len()) as u32;
            if rest == 0 {
                sum == target
            } else {
                sum + rest <= target && sum + rest * size >= target
            }
        }
        Shape::Arrow(circle) => {
            if prefix.len() < *circle {
                return true;
            }
            let value = Arrow::circle_value(&prefix[..*circle]);
            let sum: u64 = prefix[*circle..]
                .iter()
                .map(|&digit| u64::from(digit))
                .sum();
            let left = u64::from(left);
            sum + left <= value && sum + left * u64::from(size) >= value
        }
        Shape::Sum(total) => {
            let sum: u32 = prefix.iter().sum();
            sum + left <= *total && sum + left * size >= *total
        }
        Shape::Cage(total) => {
            let sum: u32 = prefix.iter().sum();
            !earlier.contains(&last)
                && total.is_none_or(|total| sum + left <= total && sum + left * size >= total)
        }
        // clues over a whole row or column have their own supports (Line)
        Shape::Outside(..) => true,
        // the indexer has its own supports (indexer_supports)
        Shape::Indexer(_) => true,
    }
}

/// The digits of a list, each once, in order of first appearance.
fn distinct(digits: &[u32]) -> impl Iterator<Item = u32> + '_ {
    digits
        .iter()
        .enumerate()
        .filter(|(position, digit)| !digits[..*position].contains(digit))
        .map(|(_, &digit)| digit)
}

/// Whether the new digit's class differs from the two before it.
fn close_differ(prefix: &[u32], class: impl Fn(u32) -> u32) -> bool {
    let last_index = prefix.len() - 1;
    let last = class(prefix[last_index]);
    (1..3).all(|step| last_index < step || class(prefix[last_index - step]) != last)
}

/// The supports of a column indexer's row: the indexing cell may hold d only if the cell in
/// column d may hold the column's number; that cell may hold the number only if the
/// indexing cell may point there, and must hold it when the indexing cell points nowhere
/// else.
fn indexer_supports(domains: &[u32], column: usize) -> Vec<u32> {
    let number_bit = 1u32 << column;
    let mut supported = domains.to_vec();
    let mut pointing = 0u32;
    for digit in 0..domains.len() {
        let bit = 1u32 << digit;
        if domains[column] & bit == 0 {
            continue;
        }
        let allowed = if digit == column {
            true
        } else {
            domains[digit] & number_bit != 0
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

/// A row or column read from its clue, walked state by state: a state is the set of digits
/// placed so far (which fixes the position) and what the clue has counted (a sandwich: the
/// sum since its first end; an X-sum: the first digit and the sum of the counted digits; a
/// skyscraper: the digits seen so far).
struct Line<'a> {
    kind: OutsideKind,
    value: u32,
    domains: &'a [u32],
    size: u32,
    /// Whether a state can be completed.
    alive: HashMap<(u32, u32), bool>,
}

impl<'a> Line<'a> {
    fn new(kind: OutsideKind, value: u32, domains: &'a [u32]) -> Line<'a> {
        Line {
            kind,
            value,
            domains,
            size: domains.len() as u32,
            alive: HashMap::new(),
        }
    }

    /// For each cell from the clue on, the digits some filling meeting the clue uses.
    fn supports(mut self) -> Vec<u32> {
        let mut supported = vec![0u32; self.domains.len()];
        let mut visited = std::collections::HashSet::new();
        let mut stack = vec![(0u32, 0u32)];
        if !self.is_alive(0, 0) {
            return supported;
        }
        while let Some((used, counted)) = stack.pop() {
            if !visited.insert((used, counted)) {
                continue;
            }
            let position = used.count_ones() as usize;
            if position == self.domains.len() {
                continue;
            }
            let mut options = self.domains[position] & !used;
            while options != 0 {
                let bit = options & options.wrapping_neg();
                options &= options - 1;
                let digit = bit.trailing_zeros() + 1;
                if let Some(next) = self.step(used, counted, digit) {
                    if self.is_alive(used | bit, next) {
                        supported[position] |= bit;
                        stack.push((used | bit, next));
                    }
                }
            }
        }
        supported
    }

    /// Whether the state can be completed to a filling that meets the clue.
    fn is_alive(&mut self, used: u32, counted: u32) -> bool {
        let position = used.count_ones() as usize;
        if position == self.domains.len() {
            return self.meets(counted);
        }
        if let Some(&known) = self.alive.get(&(used, counted)) {
            return known;
        }
        let mut alive = false;
        let mut options = self.domains[position] & !used;
        while options != 0 && !alive {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            let digit = bit.trailing_zeros() + 1;
            if let Some(next) = self.step(used, counted, digit) {
                alive = self.is_alive(used | bit, next);
            }
        }
        self.alive.insert((used, counted), alive);
        alive
    }

    /// The count after placing `digit` next, or `None` when the clue can no longer be met.
    fn step(&self, used: u32, counted: u32, digit: u32) -> Option<u32> {
        let position = used.count_ones();
        let (size, value) = (self.size, self.value);
        match self.kind {
            OutsideKind::Sandwich => {
                let ends = (used & 1 != 0) as u32 + (used & (1 << (size - 1)) != 0) as u32;
                let is_end = digit == 1 || digit == size;
                match (ends, is_end) {
                    (0, true) => Some(0),
                    (1, true) => (counted == value).then_some(counted),
                    (1, false) => (counted + digit <= value).then_some(counted + digit),
                    _ => Some(counted),
                }
            }
            OutsideKind::XSum => {
                // counted: the first digit times 256 plus the sum of the digits it counts
                let (first, sum) = if position == 0 {
                    (digit, digit)
                } else {
                    let first = counted / 256;
                    let sum = counted % 256;
                    if position < first {
                        (first, sum + digit)
                    } else {
                        return Some(counted);
                    }
                };
                let complete = position + 1 == first;
                let fits = if complete { sum == value } else { sum < value };
                fits.then_some(first * 256 + sum)
            }
            OutsideKind::Skyscraper => {
                let tallest = 32 - used.leading_zeros();
                let seen = counted + u32::from(digit > tallest);
                let tallest = tallest.max(digit);
                (seen <= value && seen + (size - tallest) >= value).then_some(seen)
            }
        }
    }

    /// Whether a full row's count meets the clue.
    fn meets(&self, counted: u32) -> bool {
        match self.kind {
            // the sandwich and X-sum are checked as they close
            OutsideKind::Sandwich | OutsideKind::XSum => true,
            OutsideKind::Skyscraper => counted == self.value,
        }
    }
}
