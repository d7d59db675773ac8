//! Killer cages and sum comparisons as the engine sees them: flat cell lists, each cage's sum
//! range, and the digit-set arithmetic (combinations that fit a sum, sum bounds).

use crate::model::{sum_range, Puzzle, Relation};

use super::layout::cell_index;
use super::totals::{self, RegionName, SumRule};

/// Above this many candidate digit sets, a cage is pruned by sum bounds alone: enumerating
/// the sets of a large 25×25 cage would cost more than the search it saves.
const COMBINATION_LIMIT: u64 = 4096;

/// Where a cage comes from: the puzzle, or a region whose total is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CageOrigin {
    /// A cage of the puzzle, by position.
    Puzzle,
    /// Cells of a region (houses whose digits add up to a known total) left over or sticking
    /// out once the summed cages are taken off, by region number.
    Region(u16),
}

/// One cage: its cells and, when shown, its sum.
#[derive(Clone, Debug)]
pub(super) struct CageRule {
    /// Cell indices.
    pub cells: Vec<u16>,
    /// The cage's sum range before any digit is placed: the sum itself when shown, else
    /// every sum its cells could reach.
    pub initial_range: SumRange,
    /// Where the cage comes from.
    pub origin: CageOrigin,
    /// Its cells as a set, to test against the cells that changed.
    pub cell_set: CellSet,
    /// Whether the cage only keeps its digits distinct: a puzzle's cage without a sum that
    /// no comparison names, whose digit sets need no enumeration (see `Pass::cage`).
    pub distinct_only: bool,
}

/// A set of cells as the words of a bit set over all cells that it touches, so testing it
/// against the cells that changed costs a few word operations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct CellSet {
    parts: Vec<(u16, u64)>,
}

impl CellSet {
    /// The set of `cells`.
    pub fn new(cells: impl IntoIterator<Item = u16>) -> CellSet {
        let mut parts: Vec<(u16, u64)> = Vec::new();
        for cell in cells {
            let (word, bit) = (cell / 64, 1u64 << (cell % 64));
            match parts.iter_mut().find(|(other, _)| *other == word) {
                Some((_, bits)) => *bits |= bit,
                None => parts.push((word, bit)),
            }
        }
        CellSet { parts }
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: u16) -> bool {
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        self.parts
            .iter()
            .any(|&(other, bits)| other == word && bits & bit != 0)
    }

    /// Whether any of the cells is set in `words`.
    #[inline]
    pub fn meets(&self, words: &[u64]) -> bool {
        self.parts
            .iter()
            .any(|&(word, bits)| words[usize::from(word)] & bits != 0)
    }
}

/// `sum(first) relation sum(second)`, by cage position.
#[derive(Clone, Copy, Debug)]
pub(super) struct ComparisonRule {
    /// Left-hand cage.
    pub first: u16,
    /// Right-hand cage.
    pub second: u16,
    /// How the sums relate.
    pub relation: Relation,
}

/// Every cage and comparison of a puzzle, by position: the puzzle's cages first (so a
/// position is the puzzle's `CageId`), then the cages derived from region totals; and the
/// region sums whose digits may repeat.
#[derive(Clone, Debug, Default)]
pub(super) struct CageRules {
    /// The cages.
    pub cages: Vec<CageRule>,
    /// The comparisons between cage sums.
    pub comparisons: Vec<ComparisonRule>,
    /// Sums over cells that need not differ (innies and outies of several houses).
    pub sums: Vec<SumRule>,
    /// The regions derived cages and sums come from.
    pub regions: Vec<RegionName>,
}

impl CageRules {
    /// Collects the cages and comparisons of `puzzle`, and derives innie and outie cages.
    pub fn new(puzzle: &Puzzle) -> CageRules {
        let size = puzzle.size();
        let compared: Vec<usize> = puzzle
            .comparisons()
            .flat_map(|comparison| [comparison.first.index(), comparison.second.index()])
            .collect();
        let mut cages: Vec<CageRule> = puzzle
            .cages()
            .enumerate()
            .map(|(number, cage)| {
                let (minimum, maximum) = sum_range(cage.cells.len(), size);
                let cells: Vec<u16> = cage
                    .cells
                    .iter()
                    .map(|cell| cell_index(cell.index()))
                    .collect();
                CageRule {
                    cell_set: CellSet::new(cells.iter().copied()),
                    cells,
                    initial_range: match cage.sum {
                        Some(sum) => SumRange::new(sum, sum),
                        None => SumRange::new(minimum, maximum),
                    },
                    origin: CageOrigin::Puzzle,
                    distinct_only: cage.sum.is_none() && !compared.contains(&number),
                }
            })
            .collect();
        let derived = totals::derive(puzzle);
        cages.extend(derived.cages);
        let comparisons = puzzle
            .comparisons()
            .map(|comparison| ComparisonRule {
                first: cage_number(comparison.first.index()),
                second: cage_number(comparison.second.index()),
                relation: comparison.relation,
            })
            .collect();
        CageRules {
            cages,
            comparisons,
            sums: derived.sums,
            regions: derived.regions,
        }
    }

    /// Whether the puzzle has any cage.
    pub fn is_empty(&self) -> bool {
        self.cages.is_empty()
    }
}

fn cage_number(index: usize) -> u16 {
    u16::try_from(index).expect("at most 625 cages and derived cages")
}

/// The sums a cage may still take, `low..=high`, packed in one `u32` of the search state so a
/// branch copies it with the candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SumRange {
    /// Smallest sum still possible.
    pub low: u32,
    /// Largest sum still possible.
    pub high: u32,
}

impl SumRange {
    /// The range `low..=high`.
    pub fn new(low: u32, high: u32) -> SumRange {
        SumRange { low, high }
    }

    /// Unpacks a range stored in the search state.
    pub fn unpack(packed: u32) -> SumRange {
        SumRange::new(packed & 0xFFFF, packed >> 16)
    }

    /// Packs the range for the search state (sums stay below 2¹⁶: at most 25 × 25).
    pub fn pack(self) -> u32 {
        self.low | (self.high << 16)
    }

    /// Whether no sum is left.
    pub fn is_empty(self) -> bool {
        self.low > self.high
    }

    /// The sums in both ranges.
    pub fn intersect(self, other: SumRange) -> SumRange {
        SumRange::new(self.low.max(other.low), self.high.min(other.high))
    }
}

/// The value of the digit at bit `index`.
#[inline]
pub(super) fn digit_value(bit_index: u32) -> u32 {
    bit_index + 1
}

/// The sum of the `count` smallest digits of `mask` (all of them if fewer).
pub(super) fn smallest_sum(mut mask: u32, count: u32) -> u32 {
    let mut sum = 0;
    for _ in 0..count {
        if mask == 0 {
            break;
        }
        sum += digit_value(mask.trailing_zeros());
        mask &= mask - 1;
    }
    sum
}

/// The sum of the `count` largest digits of `mask` (all of them if fewer).
pub(super) fn largest_sum(mut mask: u32, count: u32) -> u32 {
    let mut sum = 0;
    for _ in 0..count {
        if mask == 0 {
            break;
        }
        let top = 31 - mask.leading_zeros();
        sum += digit_value(top);
        mask &= !(1 << top);
    }
    sum
}

/// What the digit sets that can fill a cage's open cells have in common.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Combinations {
    /// Digits found in at least one fitting set: the open cells keep only these.
    pub union: u32,
    /// Digits found in every fitting set: the cage must hold them.
    pub common: u32,
    /// Smallest and largest sum of a fitting set.
    pub sums: SumRange,
}

/// Why enumerating a cage's digit sets gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Enumeration {
    /// The fitting sets, summarised.
    Found(Combinations),
    /// No set of digits fits: a contradiction.
    Nothing,
    /// Too many sets to enumerate cheaply; use sum bounds instead.
    TooMany,
}

/// Grids up to this side get exact cage pruning: every partial assignment of distinct digits
/// is a subset of at most 2¹⁰ digits, kept as bits of one table per cell.
pub(super) const EXACT_SIZE: usize = 10;

/// Words of a bit set over every subset of `EXACT_SIZE` digits.
const SUBSET_WORDS: usize = (1 << EXACT_SIZE) / 64;

/// A set of digit subsets (bit `m` for subset mask `m`).
type SubsetSet = [u64; SUBSET_WORDS];

/// Exact pruning of a cage: `supports[i]` receives the digits that cell `i` (candidates
/// `cells[i]`) takes in at least one assignment of distinct digits to every open cell with a
/// sum in `target`. A dynamic programme over the subsets of digits used so far: forward, the
/// subsets reachable after each cell whose sum can still reach `target`; backward, those that
/// complete to a fitting sum. Needs every candidate below bit [`EXACT_SIZE`].
pub(super) fn assign_exactly(cells: &[u32], target: SumRange, supports: &mut [u32]) -> Enumeration {
    let count = cells.len();
    let all = cells.iter().fold(0, |all, &candidates| all | candidates);
    let words = ((all as usize + 1).next_power_of_two() / 64).clamp(1, SUBSET_WORDS);
    // What the cells after each position can add at least and at most, digits repeating.
    let mut least_after = [0u32; EXACT_SIZE + 1];
    let mut most_after = [0u32; EXACT_SIZE + 1];
    for index in (0..count).rev() {
        let candidates = cells[index];
        least_after[index] = least_after[index + 1] + digit_value(candidates.trailing_zeros());
        most_after[index] = most_after[index + 1] + digit_value(31 - candidates.leading_zeros());
    }
    let mut reachable = [[0u64; SUBSET_WORDS]; EXACT_SIZE + 1];
    insert(&mut reachable[0], 0);
    for (index, &candidates) in cells.iter().enumerate() {
        let (before, after) = reachable.split_at_mut(index + 1);
        let (least, most) = (least_after[index + 1], most_after[index + 1]);
        for_each_subset(&before[index][..words], |used| {
            let mut digits = candidates & !used;
            while digits != 0 {
                let digit = digits & digits.wrapping_neg();
                digits ^= digit;
                let next = used | digit;
                let sum = subset_sum(next);
                if sum + least <= target.high && sum + most >= target.low {
                    insert(&mut after[0], next);
                }
            }
        });
    }
    let mut completes = [0u64; SUBSET_WORDS];
    let mut summary = Combinations {
        union: 0,
        common: u32::MAX,
        sums: SumRange::new(u32::MAX, 0),
    };
    for_each_subset(&reachable[count][..words], |full| {
        let sum = subset_sum(full);
        if sum >= target.low && sum <= target.high {
            insert(&mut completes, full);
            summary.union |= full;
            summary.common &= full;
            summary.sums = SumRange::new(summary.sums.low.min(sum), summary.sums.high.max(sum));
        }
    });
    if summary.union == 0 {
        return Enumeration::Nothing;
    }
    for index in (0..count).rev() {
        let mut earlier = [0u64; SUBSET_WORDS];
        let mut supported = 0u32;
        for_each_subset(&reachable[index][..words], |used| {
            let mut digits = cells[index] & !used;
            while digits != 0 {
                let digit = digits & digits.wrapping_neg();
                digits ^= digit;
                if contains(&completes, used | digit) {
                    supported |= digit;
                    insert(&mut earlier, used);
                }
            }
        });
        supports[index] = supported;
        completes = earlier;
    }
    Enumeration::Found(summary)
}

/// The largest sum of a subset of `EXACT_SIZE` digits.
const MAX_TABLE_SUM: u32 = (EXACT_SIZE * (EXACT_SIZE + 1) / 2) as u32;

/// Every subset of `EXACT_SIZE` digits, grouped by size and sum.
struct SubsetTable {
    /// Subsets of size `k` and sum `s` at `subsets[starts[i]..starts[i + 1]]`, with
    /// `i = k * (MAX_TABLE_SUM + 1) + s`.
    starts: Vec<u32>,
    subsets: Vec<u16>,
}

impl SubsetTable {
    fn subsets(&self, size: u32, sum: u32) -> &[u16] {
        if size as usize > EXACT_SIZE {
            return &[];
        }
        let index = (size * (MAX_TABLE_SUM + 1) + sum) as usize;
        &self.subsets[self.starts[index] as usize..self.starts[index + 1] as usize]
    }
}

/// The table of subsets by size and sum, built on first use.
fn subsets_by_size_and_sum() -> &'static SubsetTable {
    static TABLE: std::sync::OnceLock<SubsetTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let key =
            |subset: u16| subset.count_ones() * (MAX_TABLE_SUM + 1) + subset_sum(u32::from(subset));
        let mut subsets: Vec<u16> = (0..1u16 << EXACT_SIZE).collect();
        subsets.sort_by_key(|&subset| key(subset));
        let buckets = (EXACT_SIZE as u32 + 1) * (MAX_TABLE_SUM + 1);
        let starts = (0..=buckets)
            .map(|bucket| subsets.partition_point(|&subset| key(subset) < bucket) as u32)
            .collect();
        SubsetTable { starts, subsets }
    })
}

/// The sum of the digits of every subset of `EXACT_SIZE` digits.
const SUBSET_SUMS: [u16; 1 << EXACT_SIZE] = {
    let mut sums = [0u16; 1 << EXACT_SIZE];
    let mut subset = 1;
    while subset < sums.len() {
        let lowest = subset.trailing_zeros() as u16;
        sums[subset] = sums[subset & (subset - 1)] + lowest + 1;
        subset += 1;
    }
    sums
};

/// The sum of the digits in a subset mask.
#[inline]
fn subset_sum(subset: u32) -> u32 {
    u32::from(SUBSET_SUMS[subset as usize])
}

#[inline]
fn insert(set: &mut SubsetSet, subset: u32) {
    set[(subset / 64) as usize] |= 1 << (subset % 64);
}

#[inline]
fn contains(set: &SubsetSet, subset: u32) -> bool {
    set[(subset / 64) as usize] & (1 << (subset % 64)) != 0
}

#[inline]
fn for_each_subset(set: &[u64], mut visit: impl FnMut(u32)) {
    for (word_index, &word) in set.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let bit = bits.trailing_zeros();
            bits &= bits - 1;
            visit(word_index as u32 * 64 + bit);
        }
    }
}

/// Summarises the sets of `cells.len()` distinct digits drawn from `pool`, with a sum in
/// `target`, that give every open cell (candidate masks in `cells`) one of its candidates.
pub(super) fn enumerate(pool: u32, cells: &[u32], target: SumRange) -> Enumeration {
    let count = cells.len() as u32;
    let mut summary = Combinations {
        union: 0,
        common: u32::MAX,
        sums: SumRange::new(u32::MAX, 0),
    };
    let mut search = Enumerator {
        cells,
        target,
        summary: &mut summary,
    };
    if pool < 1 << EXACT_SIZE {
        search.visit_table(pool, count);
    } else if binomial(pool.count_ones(), count) > COMBINATION_LIMIT {
        return Enumeration::TooMany;
    } else {
        search.visit(pool, count, 0, 0);
    }
    if summary.union == 0 {
        Enumeration::Nothing
    } else {
        Enumeration::Found(summary)
    }
}

/// Depth-first walk over digit sets, largest digit first, pruned by the sums still reachable.
struct Enumerator<'a> {
    cells: &'a [u32],
    target: SumRange,
    summary: &'a mut Combinations,
}

impl Enumerator<'_> {
    /// Visits the fitting subsets of a small pool straight from the table of subsets by
    /// size and sum.
    fn visit_table(&mut self, pool: u32, count: u32) {
        let table = subsets_by_size_and_sum();
        let high = self.target.high.min(MAX_TABLE_SUM);
        for sum in self.target.low..=high {
            for &subset in table.subsets(count, sum) {
                let subset = u32::from(subset);
                if subset & !pool == 0 {
                    self.record(subset, sum);
                }
            }
        }
    }

    fn visit(&mut self, pool: u32, count: u32, chosen: u32, sum: u32) {
        if count == 0 {
            if sum >= self.target.low && sum <= self.target.high {
                self.record(chosen, sum);
            }
            return;
        }
        if pool.count_ones() < count
            || sum + smallest_sum(pool, count) > self.target.high
            || sum + largest_sum(pool, count) < self.target.low
        {
            return;
        }
        let top = 31 - pool.leading_zeros();
        let rest = pool & !(1 << top);
        self.visit(rest, count - 1, chosen | (1 << top), sum + digit_value(top));
        self.visit(rest, count, chosen, sum);
    }

    fn record(&mut self, chosen: u32, sum: u32) {
        // A set that leaves some cell without any of its candidates, or some digit without a
        // cell, cannot fill the cage.
        let mut covered = 0;
        for &candidates in self.cells {
            let usable = candidates & chosen;
            if usable == 0 {
                return;
            }
            covered |= usable;
        }
        if covered != chosen {
            return;
        }
        let summary = &mut *self.summary;
        summary.union |= chosen;
        summary.common &= chosen;
        summary.sums = SumRange::new(summary.sums.low.min(sum), summary.sums.high.max(sum));
    }
}

/// n choose k, saturating (only compared with a small limit).
fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut value: u64 = 1;
    for step in 0..u64::from(k) {
        value = value * (u64::from(n) - step) / (step + 1);
    }
    value
}

/// Digits of `pool` that can sit in a cage's open cell when the other `count - 1` open cells
/// take distinct digits from the rest of `pool` and the total lies in `target` (the relaxation
/// used when there are too many digit sets to enumerate).
pub(super) fn digits_within_bounds(pool: u32, count: u32, target: SumRange) -> u32 {
    let mut allowed = 0;
    let mut digits = pool;
    while digits != 0 {
        let index = digits.trailing_zeros();
        digits &= digits - 1;
        let rest = pool & !(1 << index);
        if rest.count_ones() + 1 < count {
            continue;
        }
        let value = digit_value(index);
        let lowest = value + smallest_sum(rest, count - 1);
        let highest = value + largest_sum(rest, count - 1);
        if lowest <= target.high && highest >= target.low {
            allowed |= 1 << index;
        }
    }
    allowed
}

/// The tighter ranges two compared cages may take: `first relation second`.
pub(super) fn compare(
    first: SumRange,
    second: SumRange,
    relation: Relation,
) -> (SumRange, SumRange) {
    match relation {
        Relation::Equal => {
            let both = first.intersect(second);
            (both, both)
        }
        Relation::Less => (
            SumRange::new(first.low, first.high.min(second.high.saturating_sub(1))),
            SumRange::new(second.low.max(first.low + 1), second.high),
        ),
        Relation::Greater => {
            let (second, first) = compare(second, first, Relation::Less);
            (first, second)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(digits: &[u32]) -> u32 {
        digits.iter().map(|digit| 1 << (digit - 1)).sum()
    }

    #[test]
    fn two_cells_summing_to_seventeen_hold_eight_and_nine() {
        let pool = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let found = enumerate(pool, &[pool, pool], SumRange::new(17, 17));
        let Enumeration::Found(summary) = found else {
            panic!("{found:?}");
        };
        assert_eq!(summary.union, mask(&[8, 9]));
        assert_eq!(summary.common, mask(&[8, 9]));
    }

    #[test]
    fn three_cells_summing_to_ten() {
        // 10 = 1+2+7 = 1+3+6 = 1+4+5 = 2+3+5: 8 and 9 never fit.
        let pool = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let Enumeration::Found(summary) = enumerate(pool, &[pool; 3], SumRange::new(10, 10)) else {
            panic!("10 is reachable");
        };
        assert_eq!(summary.union, mask(&[1, 2, 3, 4, 5, 6, 7]));
        assert_eq!(summary.common, 0);
        let without_one = mask(&[2, 3, 4, 6, 7, 8, 9]);
        assert_eq!(
            enumerate(without_one, &[without_one; 3], SumRange::new(10, 10)),
            Enumeration::Nothing
        );
    }

    #[test]
    fn a_cell_limits_the_sets() {
        // Two cells summing to 10, one of which can only be 3 or 4: {3,7} or {4,6}.
        let pool = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let Enumeration::Found(summary) =
            enumerate(pool, &[mask(&[3, 4]), pool], SumRange::new(10, 10))
        else {
            panic!("10 is reachable");
        };
        assert_eq!(summary.union, mask(&[3, 4, 6, 7]));
    }

    #[test]
    fn bounds_and_comparisons() {
        let pool = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(
            digits_within_bounds(pool, 2, SumRange::new(3, 4)),
            mask(&[1, 2, 3])
        );
        let (first, second) = compare(
            SumRange::new(3, 17),
            SumRange::new(3, 10),
            Relation::Greater,
        );
        assert_eq!(
            (first, second),
            (SumRange::new(4, 17), SumRange::new(3, 10))
        );
        assert_eq!(binomial(25, 12), 5_200_300);
    }
}
