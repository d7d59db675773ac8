//! Almost locked sets (n cells of a house holding n + 1 digits): ALS-XZ, ALS-XY-Wing and ALS
//! chains, with HoDoKu's collection order, restricted commons (forward only, no overlap)
//! and choice of steps.

use std::rc::Rc;

use super::{digits_of, Context};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// Longest ALS chain HoDoKu follows (restricted commons).
const MAX_CHAIN: usize = 50;
/// A bound on the chain search's work, so that pathological grids stay fast.
const MAX_CHAIN_VISITS: usize = 200_000;

/// One almost locked set, as the searches see it: its per-digit sets are slices of the
/// index's arrays.
#[derive(Clone, Copy)]
struct Als<'a, const W: usize> {
    cells: CellSet<W>,
    digits: u32,
    /// Per digit: cells outside the ALS holding the digit and seeing all its ALS cells.
    buddies: &'a [CellSet<W>],
    /// Union of `buddies`.
    all_buddies: CellSet<W>,
}

#[derive(Clone, Copy)]
struct Restricted {
    first: usize,
    second: usize,
    digit1: usize,
    digit2: Option<usize>,
}

/// The almost locked sets of a grid and their restricted commons, shared by the three ALS
/// searches: built once per grid state and kept in the grading's memo.
pub(crate) struct AlsIndex<const W: usize> {
    /// The side, which is also the number of digits.
    size: usize,
    /// Every ALS's cells, digits and union of buddies, in collection order.
    sets: Vec<(CellSet<W>, u32, CellSet<W>)>,
    /// Per ALS and digit (`als * size + digit`): the ALS cells holding the digit, and the
    /// cells outside it holding the digit and seeing all of those.
    holding: Vec<CellSet<W>>,
    buddies: Vec<CellSet<W>>,
    /// Every restricted common, by `first` then `second` (both increasing).
    commons: Vec<Restricted>,
    /// For every ALS, the range of `commons` where it is `first`.
    ranges: Vec<(usize, usize)>,
    /// For every ALS, the positions in `commons` where it is `second`, increasing: those of
    /// ALS `a` are `by_second[second_starts[a]..second_starts[a + 1]]`.
    by_second: Vec<usize>,
    second_starts: Vec<usize>,
}

impl<const W: usize> AlsIndex<W> {
    /// How many ALS there are.
    fn len(&self) -> usize {
        self.sets.len()
    }

    /// Whether ALS `first` and `second` have a common digit, not `excluded`, whose cells
    /// all see some cell holding it ([`eliminates`] without building the views).
    fn eliminates(&self, first: usize, second: usize, excluded: u32) -> bool {
        let (_, first_digits, first_buddies) = self.sets[first];
        let (_, second_digits, second_buddies) = self.sets[second];
        let shared = first_digits & second_digits & !excluded;
        shared != 0
            && first_buddies.intersects(&second_buddies)
            && digits_of(shared).any(|digit| {
                self.buddies[first * self.size + digit]
                    .intersects(&self.buddies[second * self.size + digit])
            })
    }

    /// The ALS numbered `number`.
    fn als(&self, number: usize) -> Als<'_, W> {
        let (cells, digits, all_buddies) = self.sets[number];
        let range = number * self.size..(number + 1) * self.size;
        Als {
            cells,
            digits,
            buddies: &self.buddies[range],
            all_buddies,
        }
    }
}

/// The ALS index of the grid, from the memo when the grid has not changed.
fn als_index<const W: usize>(context: &Context<'_, W>, board: &Board<W>) -> Rc<AlsIndex<W>> {
    context.memo.als_index(board, || {
        let mut index = collect(context, board);
        let (commons, ranges) = restricted_commons(&index);
        // a counting sort by `second`, which keeps the positions increasing
        let mut second_starts = vec![0; index.len() + 1];
        for common in &commons {
            second_starts[common.second + 1] += 1;
        }
        for number in 0..index.len() {
            second_starts[number + 1] += second_starts[number];
        }
        let mut next = second_starts.clone();
        let mut by_second = vec![0; commons.len()];
        for (position, common) in commons.iter().enumerate() {
            by_second[next[common.second]] = position;
            next[common.second] += 1;
        }
        index.commons = commons;
        index.ranges = ranges;
        index.by_second = by_second;
        index.second_starts = second_starts;
        index
    })
}

fn collect<const W: usize>(context: &Context<'_, W>, board: &Board<W>) -> AlsIndex<W> {
    let layout = context.layout;
    let n = layout.size;
    let max_cells = if n <= 9 { n - 1 } else { 6 };
    let mut sets: Vec<(CellSet<W>, u32)> = Vec::new();
    for (number, house) in layout.houses.iter().enumerate() {
        let cells: Vec<usize> = house
            .cells
            .iter()
            .copied()
            .filter(|&c| board.values[c] == 0)
            .collect();
        let mut chosen = Vec::new();
        grow(
            board,
            &cells,
            0,
            0,
            max_cells,
            &mut chosen,
            &mut |set: CellSet<W>, digits| {
                // a set inside an earlier house was found there already
                let first = set.first().expect("a set has a cell");
                let earlier = layout.cell_houses[first]
                    .iter()
                    .any(|&other| other < number && set.is_subset(&layout.houses[other].set));
                if !earlier {
                    sets.push((set, digits));
                }
            },
        );
    }
    let mut index = AlsIndex {
        size: n,
        sets: Vec::with_capacity(sets.len()),
        holding: vec![CellSet::EMPTY; sets.len() * n],
        buddies: vec![CellSet::EMPTY; sets.len() * n],
        commons: Vec::new(),
        ranges: Vec::new(),
        by_second: Vec::new(),
        second_starts: Vec::new(),
    };
    for (number, (cells, digits)) in sets.into_iter().enumerate() {
        let mut all_buddies = CellSet::EMPTY;
        for digit in digits_of(digits) {
            let holding = cells & board.digit_cells[digit];
            let buddies = layout.common_peers(&holding).minus(&cells) & board.digit_cells[digit];
            index.holding[number * n + digit] = holding;
            index.buddies[number * n + digit] = buddies;
            all_buddies |= buddies;
        }
        index.sets.push((cells, digits, all_buddies));
    }
    index
}

fn grow<const W: usize>(
    board: &Board<W>,
    cells: &[usize],
    start: usize,
    digits: u32,
    max_cells: usize,
    chosen: &mut Vec<usize>,
    found: &mut impl FnMut(CellSet<W>, u32),
) {
    if chosen.len() >= max_cells {
        return;
    }
    for position in start..cells.len() {
        chosen.push(cells[position]);
        let union = digits | board.candidates[cells[position]];
        let count = union.count_ones() as usize;
        if count == chosen.len() + 1 {
            found(chosen.iter().copied().collect(), union);
        }
        // every further cell lowers the excess of digits over cells by one at most
        let excess = count.saturating_sub(chosen.len() + 1);
        let room = (cells.len() - position - 1).min(max_cells - chosen.len());
        if excess <= room {
            grow(board, cells, position + 1, union, max_cells, chosen, found);
        }
        chosen.pop();
    }
}

fn restricted_commons<const W: usize>(
    index: &AlsIndex<W>,
) -> (Vec<Restricted>, Vec<(usize, usize)>) {
    let n = index.size;
    let count = index.len();
    // a common digit is restricted when all its cells in both sets see each other: the
    // second set's cells of it are among the first's buddies. So only sets with a cell
    // among the first's buddies can share one: for every cell, the sets holding it (bits)
    let words = count.div_ceil(64);
    let mut holders = vec![0u64; W * 64 * words];
    for (number, (cells, _, _)) in index.sets.iter().enumerate() {
        for cell in cells.iter() {
            holders[cell * words + number / 64] |= 1 << (number % 64);
        }
    }
    let mut partners = vec![0u64; words];
    let mut commons = Vec::new();
    let mut ranges = Vec::with_capacity(count);
    for (i, &(first_cells, first_digits, first_buddies)) in index.sets.iter().enumerate() {
        let begin = commons.len();
        partners.fill(0);
        for cell in first_buddies.iter() {
            for (word, bits) in partners
                .iter_mut()
                .zip(&holders[cell * words..(cell + 1) * words])
            {
                *word |= bits;
            }
        }
        // only later sets, in increasing order
        let mut word = (i + 1) / 64;
        let mut bits = partners
            .get(word)
            .map_or(0, |bits| bits & (!0u64 << ((i + 1) % 64)));
        loop {
            while bits == 0 {
                word += 1;
                if word >= words {
                    break;
                }
                bits = partners[word];
            }
            if bits == 0 {
                break;
            }
            let j = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (second_cells, second_digits, _) = index.sets[j];
            let shared = first_digits & second_digits;
            if shared == 0 || first_cells.intersects(&second_cells) {
                continue;
            }
            let mut found: Option<Restricted> = None;
            for digit in digits_of(shared) {
                if index.holding[j * n + digit].is_subset(&index.buddies[i * n + digit]) {
                    match &mut found {
                        None => {
                            found = Some(Restricted {
                                first: i,
                                second: j,
                                digit1: digit,
                                digit2: None,
                            })
                        }
                        Some(common) => common.digit2 = Some(digit),
                    }
                }
            }
            if let Some(common) = found {
                commons.push(common);
            }
        }
        ranges.push((begin, commons.len()));
    }
    (commons, ranges)
}

/// Common digits of two ALS (but the `excluded` ones, a digit mask) leave the cells seeing
/// all of their instances in both.
fn eliminations<const W: usize>(
    first: &Als<'_, W>,
    second: &Als<'_, W>,
    excluded: u32,
    found: &mut Vec<(usize, usize)>,
) {
    let shared = first.digits & second.digits & !excluded;
    if shared == 0 || !first.all_buddies.intersects(&second.all_buddies) {
        return;
    }
    for digit in digits_of(shared) {
        let targets = first.buddies[digit] & second.buddies[digit];
        for cell in targets.iter() {
            found.push((cell, digit));
        }
    }
}

/// Whether [`eliminations`] would find anything.
fn eliminates<const W: usize>(first: &Als<'_, W>, second: &Als<'_, W>, excluded: u32) -> bool {
    let shared = first.digits & second.digits & !excluded;
    shared != 0
        && first.all_buddies.intersects(&second.all_buddies)
        && digits_of(shared).any(|digit| first.buddies[digit].intersects(&second.buddies[digit]))
}

fn als_finding<const W: usize>(technique: Technique, sets: &[&Als<'_, W>]) -> Finding {
    let mut finding = Finding::new(technique);
    for als in sets {
        finding.groups.push(als.cells.to_vec());
        finding.digits |= als.digits;
    }
    finding.length = sets.iter().map(|als| als.cells.len()).sum();
    finding
}

/// The first ALS-XZ: two ALS joined by a restricted common (doubly linked: two).
pub(crate) fn als_xz<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let index = als_index(context, board);
    let mut found = Vec::new();
    for common in &index.commons {
        let (first, second) = (&index.als(common.first), &index.als(common.second));
        found.clear();
        eliminations(first, second, 1 << common.digit1, &mut found);
        if let Some(digit2) = common.digit2 {
            eliminations(first, second, 1 << digit2, &mut found);
            for (locked, other) in [(first, second), (second, first)] {
                let rest = locked.digits & !(1 << common.digit1) & !(1 << digit2);
                for digit in digits_of(rest) {
                    for cell in locked.buddies[digit].minus(&other.cells).iter() {
                        found.push((cell, digit));
                    }
                }
            }
        }
        if !found.is_empty() {
            let mut finding = als_finding(Technique::AlsXz, &[first, second]);
            finding.eliminations = std::mem::take(&mut found);
            dedupe(&mut finding);
            return Some(finding);
        }
    }
    None
}

fn dedupe(finding: &mut Finding) {
    let mut kept = Vec::with_capacity(finding.eliminations.len());
    for entry in finding.eliminations.drain(..) {
        if !kept.contains(&entry) {
            kept.push(entry);
        }
    }
    finding.eliminations = kept;
}

fn digits_of_common(common: &Restricted) -> u32 {
    (1 << common.digit1) | common.digit2.map_or(0, |digit| 1 << digit)
}

/// The first ALS-XY-Wing: ALS A and B each joined to C by a restricted common.
pub(crate) fn als_xy_wing<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let index = als_index(context, board);
    let commons = &index.commons;
    // pairs of commons in increasing order; only commons sharing an ALS can form a wing, and
    // the later ones sharing one with `one` are: the rest of its `first`'s range, those whose
    // `second` is its `second` (with a larger `first`), and its `second`'s range, in this order
    let mut partners: Vec<usize> = Vec::new();
    for i in 0..commons.len() {
        let one = commons[i];
        partners.clear();
        partners.extend(i + 1..index.ranges[one.first].1);
        partners.extend(
            index.by_second[index.second_starts[one.second]..index.second_starts[one.second + 1]]
                .iter()
                .copied()
                .filter(|&position| commons[position].first > one.first),
        );
        let (begin, end) = index.ranges[one.second];
        partners.extend(begin..end);
        for &position in &partners {
            let two = &commons[position];
            if one.digit2.is_none() && two.digit2.is_none() && one.digit1 == two.digit1 {
                continue;
            }
            let (c, a, b) = if one.first == two.first && one.second != two.second {
                (one.first, one.second, two.second)
            } else if one.first == two.second && one.second != two.first {
                (one.first, one.second, two.first)
            } else if one.second == two.first && one.first != two.second {
                (one.second, one.first, two.second)
            } else if one.second == two.second && one.first != two.first {
                (one.second, one.first, two.first)
            } else {
                continue;
            };
            let (a, b, c) = (&index.als(a), &index.als(b), &index.als(c));
            if a.cells.intersects(&b.cells) {
                continue;
            }
            let union = a.cells | b.cells;
            if union == a.cells || union == b.cells {
                continue;
            }
            let excluded = digits_of_common(&one) | digits_of_common(two);
            if !eliminates(a, b, excluded) {
                continue;
            }
            let mut finding = als_finding(Technique::AlsXyWing, &[a, b, c]);
            eliminations(a, b, excluded, &mut finding.eliminations);
            return Some(finding);
        }
    }
    None
}

/// The best ALS chain (four ALS or more), by HoDoKu's ALS comparator.
pub(crate) fn als_chain<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let index = als_index(context, board);
    let mut search = ChainSearch {
        alses: &index,
        commons: &index.commons,
        ranges: &index.ranges,
        in_chain: vec![false; index.len()],
        chain: Vec::new(),
        found: Vec::new(),
        visits: 0,
    };
    for start in 0..index.len() {
        search.in_chain[start] = true;
        search.extend(start, start, None);
        search.in_chain[start] = false;
        if search.visits > MAX_CHAIN_VISITS {
            break;
        }
    }
    let mut best: Option<Finding> = None;
    for finding in search.found {
        let better = match &best {
            None => true,
            Some(current) => {
                let order = current
                    .eliminations
                    .len()
                    .cmp(&finding.eliminations.len())
                    .reverse()
                    .then_with(|| {
                        if current.same_eliminations(&finding) {
                            std::cmp::Ordering::Equal
                        } else {
                            current.index_sum().cmp(&finding.index_sum())
                        }
                    })
                    .then_with(|| current.groups.len().cmp(&finding.groups.len()))
                    .then_with(|| current.length.cmp(&finding.length));
                order == std::cmp::Ordering::Greater
            }
        };
        if better {
            best = Some(finding);
        }
    }
    best
}

struct ChainSearch<'a, const W: usize> {
    alses: &'a AlsIndex<W>,
    commons: &'a [Restricted],
    ranges: &'a [(usize, usize)],
    in_chain: Vec<bool>,
    /// (restricted common, which of its digits are in force: 1, 2 or 3 for both)
    chain: Vec<(Restricted, u8)>,
    found: Vec<Finding>,
    visits: usize,
}

impl<const W: usize> ChainSearch<'_, W> {
    fn actual(common: &Restricted, previous: Option<(Restricted, u8)>, first_try: bool) -> u8 {
        let two = common.digit2;
        let Some((last, active)) = previous else {
            return if two.is_some() {
                if first_try {
                    1
                } else {
                    2
                }
            } else {
                1
            };
        };
        let (c21, c22) = (common.digit1, two);
        // HoDoKu's checkRCInt, including its use of the first digit twice for "both"
        let (c11, c12) = match active {
            1 => (last.digit1, None),
            2 => (last.digit2.unwrap_or(last.digit1), None),
            _ => (last.digit1, Some(last.digit1)),
        };
        match (c12, c22) {
            (None, None) => u8::from(c11 != c21),
            (None, Some(c22)) => {
                if c11 == c22 {
                    1
                } else if c11 == c21 {
                    2
                } else {
                    3
                }
            }
            (Some(c12), None) => u8::from(!(c11 == c21 || c12 == c21)),
            (Some(c12), Some(c22)) => {
                if (c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21) {
                    0
                } else if c11 == c22 || c12 == c22 {
                    1
                } else if c11 == c21 || c12 == c21 {
                    2
                } else {
                    3
                }
            }
        }
    }

    fn extend(&mut self, start: usize, current: usize, previous: Option<(Restricted, u8)>) {
        if self.chain.len() >= MAX_CHAIN || self.visits > MAX_CHAIN_VISITS {
            return;
        }
        let (begin, end) = self.ranges[current];
        let mut index = begin;
        let mut first_try = true;
        while index < end {
            self.visits += 1;
            let common = self.commons[index];
            let active = Self::actual(&common, previous, first_try);
            let next = common.second;
            let mut advance = true;
            if active != 0 && !self.in_chain[next] {
                self.chain.push((common, active));
                self.in_chain[next] = true;
                if self.chain.len() >= 3 {
                    self.check(start, next);
                }
                self.extend(start, next, Some((common, active)));
                self.in_chain[next] = false;
                self.chain.pop();
                if previous.is_none() && common.digit2.is_some() && first_try {
                    first_try = false;
                    advance = false;
                } else {
                    first_try = true;
                }
            }
            if advance {
                index += 1;
            }
        }
    }

    fn check(&mut self, start: usize, end: usize) {
        let (first_common, first_active) = self.chain[0];
        let (last_common, last_active) = *self.chain.last().expect("chain");
        let mut excluded = 0u32;
        if first_active != 2 {
            excluded |= 1 << first_common.digit1;
        }
        if first_active != 1 {
            excluded |= first_common.digit2.map_or(0, |digit| 1 << digit);
        }
        match last_active {
            1 => excluded |= 1 << last_common.digit1,
            2 => excluded |= last_common.digit2.map_or(0, |digit| 1 << digit),
            3 => excluded |= digits_of_common(&last_common),
            _ => {}
        }
        if !self.alses.eliminates(start, end, excluded) {
            return;
        }
        let (first, last) = (self.alses.als(start), self.alses.als(end));
        let members: Vec<Als<'_, W>> = self
            .chain
            .iter()
            .map(|(common, _)| self.alses.als(common.second))
            .collect();
        let mut sets: Vec<&Als<'_, W>> = vec![&first];
        sets.extend(members.iter());
        let mut finding = als_finding(Technique::AlsChain, &sets);
        eliminations(&first, &last, excluded, &mut finding.eliminations);
        if let Some(existing) = self
            .found
            .iter_mut()
            .find(|other| other.same_eliminations(&finding))
        {
            if existing.length > finding.length {
                *existing = finding;
            }
            return;
        }
        self.found.push(finding);
    }
}
