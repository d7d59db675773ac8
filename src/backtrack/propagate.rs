//! Propagation to a fixpoint on one search state: naked singles (a queue of cells whose
//! candidates shrank to one digit) and hidden singles over the houses that changed, then the
//! slower rules in `locked.rs` and `killer.rs`, each woken only by what changed.

use super::cages::CageRules;
use super::layout::Layout;
use super::variant::VariantRules;

/// The tables propagation reads: houses, peers, cages.
#[derive(Clone, Debug)]
pub(super) struct Rules {
    /// Houses and peers.
    pub layout: Layout,
    /// Cages and comparisons.
    pub cages: CageRules,
    /// Whether houses get the full matching rule (worth it on large grids).
    pub matching: bool,
    /// The variant rules' links, tuple rules and cell masks.
    pub variants: VariantRules,
}

impl Rules {
    /// How many `u32` words one search state takes: the candidates of every cell, then the
    /// sum range of every cage.
    pub fn state_len(&self) -> usize {
        self.layout.cell_count + self.cages.cages.len()
    }

    /// Writes the state before any digit is placed: every digit possible everywhere.
    pub fn reset(&self, state: &mut [u32]) {
        let (candidates, ranges) = state.split_at_mut(self.layout.cell_count);
        candidates.fill(self.layout.all_digits);
        for (range, cage) in ranges.iter_mut().zip(&self.cages.cages) {
            *range = cage.initial_range.pack();
        }
    }
}

/// A direct contradiction, with where it happened (turned into a reason at the root).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Contradiction {
    /// A cell has no candidate left.
    NoDigit {
        /// The cell index.
        cell: u16,
    },
    /// A house has no place left for a digit.
    NoPlace {
        /// The house number.
        house: u16,
        /// The digit's bit index.
        digit: u8,
    },
    /// No set of digits fits a cage.
    Cage {
        /// The cage position.
        cage: u16,
    },
    /// No digits fit a region sum.
    Sum {
        /// The sum rule position.
        sum: u16,
    },
    /// Two compared cages' sums cannot stand in their relation.
    Comparison {
        /// The comparison position.
        comparison: u16,
    },
    /// No digits fit a variant tuple rule (an arrow, a little killer, ...).
    Rule {
        /// The tuple rule's position.
        rule: u16,
    },
}

/// Scratch space reused by every propagation: the naked-single queue, what changed since
/// each rule last looked, and buffers for the cage rules.
#[derive(Clone, Debug, Default)]
pub(super) struct Work {
    queue: Vec<u16>,
    /// Houses to scan for hidden singles.
    dirty_houses: u128,
    /// Houses to check with the matching rule.
    dirty_matching: u128,
    /// Houses with a changed cell since the last locked-candidates pass began.
    pub dirty_overlaps: u128,
    /// Digits that lost a candidate since the last digit-matching pass.
    dirty_digits: u32,
    /// Where each digit may go, row by row (digit matching).
    pub digit_columns: Vec<u32>,
    /// Digits that lost a candidate since the last locked-candidates pass.
    pub dirty_lines: u32,
    /// Cells changed since the last cage pass, one bit each (only with cages).
    pub dirty_cage_cells: Vec<u64>,
    /// Cells changed since the last region-sum pass.
    pub dirty_sum_cells: Vec<u64>,
    /// Cages whose sum range a comparison narrowed: they need another look.
    pub woken_cages: Vec<u16>,
    /// A cage's sum range shrank: the comparisons need another look.
    pub ranges_changed: bool,
    /// A copy of a dirty set taken at the start of a pass.
    pub snapshot: Vec<u64>,
    /// Cells of the cage at hand that hold more than one digit.
    pub open_cells: Vec<u16>,
    /// Their candidates.
    pub open_candidates: Vec<u32>,
    /// Their supported digits (exact cage pruning).
    pub open_supports: Vec<u32>,
    /// Reachable partial sums of a region sum, cell by cell.
    pub reachable: Vec<u128>,
    /// Union of candidates per box-line segment.
    pub segment_unions: Vec<u32>,
    /// Cells changed since the variant links last looked (only with variant rules).
    pub dirty_variant_cells: Vec<u64>,
    /// A copy of `dirty_variant_cells` taken at the start of a variant pass.
    pub variant_snapshot: Vec<u64>,
    /// Variant tuple rules to look at again, one bit each.
    pub dirty_tuples: Vec<u64>,
}

impl Work {
    /// Scratch space sized for `rules`.
    pub fn new(rules: &Rules) -> Work {
        let words = if rules.cages.is_empty() {
            0
        } else {
            rules.layout.cell_count.div_ceil(64)
        };
        let variant_words = if rules.variants.is_active() {
            rules.layout.cell_count.div_ceil(64)
        } else {
            0
        };
        Work {
            queue: Vec::with_capacity(rules.layout.cell_count),
            dirty_variant_cells: vec![0; variant_words],
            dirty_tuples: vec![0; rules.variants.tuples.len().div_ceil(64)],
            dirty_cage_cells: vec![0; words],
            dirty_sum_cells: vec![0; words],
            snapshot: vec![0; words],
            ..Work::default()
        }
    }

    /// Forgets what a failed propagation left behind.
    fn clear(&mut self) {
        self.queue.clear();
        self.dirty_houses = 0;
        self.dirty_matching = 0;
        self.dirty_overlaps = 0;
        self.dirty_digits = 0;
        self.dirty_lines = 0;
        self.dirty_cage_cells.fill(0);
        self.dirty_sum_cells.fill(0);
        self.ranges_changed = false;
        self.woken_cages.clear();
        self.dirty_variant_cells.fill(0);
        self.dirty_tuples.fill(0);
    }
}

/// One propagation over one state.
pub(super) struct Pass<'a> {
    /// The tables.
    pub rules: &'a Rules,
    /// Scratch space.
    pub work: &'a mut Work,
    /// One digit mask per cell.
    pub candidates: &'a mut [u32],
    /// One packed sum range per cage.
    pub ranges: &'a mut [u32],
}

/// Whether `mask` holds at most one digit.
#[inline(always)]
pub(super) fn at_most_one(mask: u32) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

impl<'a> Pass<'a> {
    /// Starts a propagation on `state` (laid out as [`Rules::state_len`] says).
    pub fn new(rules: &'a Rules, work: &'a mut Work, state: &'a mut [u32]) -> Pass<'a> {
        work.clear();
        let (candidates, ranges) = state.split_at_mut(rules.layout.cell_count);
        Pass {
            rules,
            work,
            candidates,
            ranges,
        }
    }

    /// Marks everything as changed, for the first propagation of a puzzle: every house and
    /// cage is checked, every comparison applied.
    pub fn check_everything(&mut self) {
        self.work.dirty_houses = self.rules.layout.all_houses();
        self.work.dirty_matching = self.rules.layout.all_houses();
        self.work.dirty_overlaps = self.rules.layout.all_houses();
        self.work.dirty_digits = self.rules.layout.all_digits;
        self.work.dirty_lines = self.rules.layout.all_digits;
        self.work.dirty_cage_cells.fill(u64::MAX);
        self.work.dirty_sum_cells.fill(u64::MAX);
        self.work.ranges_changed = !self.rules.cages.comparisons.is_empty();
        self.work.dirty_variant_cells.fill(u64::MAX);
        let cells = self.rules.layout.cell_count;
        if let Some(last) = self.work.dirty_variant_cells.last_mut() {
            if !cells.is_multiple_of(64) {
                *last = (1u64 << (cells % 64)) - 1;
            }
        }
        self.work.dirty_tuples.fill(u64::MAX);
        // no rule beyond the last
        let tuples = self.rules.variants.tuples.len();
        if let Some(last) = self.work.dirty_tuples.last_mut() {
            if !tuples.is_multiple_of(64) {
                *last = (1u64 << (tuples % 64)) - 1;
            }
        }
    }

    /// Places `digit` (a one-bit mask) in `cell`; the consequences follow in [`Pass::run`].
    pub fn place(&mut self, cell: usize, digit: u32) -> Result<(), Contradiction> {
        self.restrict(cell, digit)
    }

    /// Keeps only the candidates of `cell` in `keep`.
    #[inline]
    pub fn restrict(&mut self, cell: usize, keep: u32) -> Result<(), Contradiction> {
        let before = self.candidates[cell];
        let after = before & keep;
        if after == before {
            return Ok(());
        }
        if after == 0 {
            return Err(Contradiction::NoDigit { cell: cell as u16 });
        }
        self.candidates[cell] = after;
        self.changed(cell, after, before ^ after);
        Ok(())
    }

    /// Removes the digits `digits` from every cell of `cells`.
    pub fn remove_from(&mut self, cells: &[u16], digits: u32) -> Result<(), Contradiction> {
        for &cell in cells {
            self.restrict(usize::from(cell), !digits)?;
        }
        Ok(())
    }

    /// Records that `cell` lost the candidates `removed` and now holds `after`.
    #[inline(always)]
    fn changed(&mut self, cell: usize, after: u32, removed: u32) {
        self.work.dirty_digits |= removed;
        if at_most_one(after) {
            self.work.queue.push(cell as u16);
        }
        self.work.dirty_houses |= self.rules.layout.cell_houses[cell];
        self.work.dirty_matching |= self.rules.layout.cell_houses[cell];
        self.work.dirty_overlaps |= self.rules.layout.cell_houses[cell];
        self.work.dirty_lines |= removed;
        if !self.work.dirty_cage_cells.is_empty() {
            let bit = 1u64 << (cell % 64);
            self.work.dirty_cage_cells[cell / 64] |= bit;
            self.work.dirty_sum_cells[cell / 64] |= bit;
        }
        if !self.work.dirty_variant_cells.is_empty() {
            self.work.dirty_variant_cells[cell / 64] |= 1u64 << (cell % 64);
        }
    }

    /// Whether the naked-single queue or the hidden-single scan has work.
    pub fn singles_pending(&self) -> bool {
        !self.work.queue.is_empty() || self.work.dirty_houses != 0
    }

    /// Propagates until nothing changes, or a contradiction shows. Cheap rules run first
    /// (singles, then cages, locked candidates, matching, region sums); a slower rule runs
    /// only once the cheaper ones are settled.
    pub fn run(&mut self) -> Result<(), Contradiction> {
        loop {
            self.naked_singles()?;
            if self.work.dirty_houses != 0 {
                self.hidden_singles()?;
                continue;
            }
            if self.rules.variants.is_active() && self.variant_rules()? {
                continue;
            }
            // On killers the cage rules prune most: they go before the line rules.
            if !self.rules.cages.is_empty() && self.cages()? {
                continue;
            }
            if self.work.dirty_lines != 0 {
                self.locked_candidates()?;
                if self.singles_pending() {
                    continue;
                }
            }
            if self.rules.matching && self.work.dirty_matching != 0 {
                let mut houses = std::mem::take(&mut self.work.dirty_matching);
                while houses != 0 {
                    let house = houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    self.match_house(house)?;
                }
                if self.singles_pending() {
                    continue;
                }
            }
            if self.rules.matching && self.work.dirty_digits != 0 {
                let digits = std::mem::take(&mut self.work.dirty_digits);
                self.match_digits(digits)?;
                if self.singles_pending() {
                    continue;
                }
            }
            if self.rules.cages.is_empty() {
                return Ok(());
            }
            if self.sums()? {
                continue;
            }
            return Ok(());
        }
    }

    /// Removes each queued cell's digit from its peers.
    #[inline(never)]
    fn naked_singles(&mut self) -> Result<(), Contradiction> {
        let rules: &'a Rules = self.rules;
        let layout = &rules.layout;
        while let Some(cell) = self.work.queue.pop() {
            let cell = usize::from(cell);
            let digit = self.candidates[cell];
            for &peer in layout.peers_of(cell) {
                let peer = usize::from(peer);
                let before = self.candidates[peer];
                if before & digit != 0 {
                    let after = before ^ digit;
                    if after == 0 {
                        return Err(Contradiction::NoDigit { cell: peer as u16 });
                    }
                    self.candidates[peer] = after;
                    self.changed(peer, after, digit);
                }
            }
        }
        Ok(())
    }

    /// In every changed house, places each digit that has one cell left.
    #[inline(never)]
    fn hidden_singles(&mut self) -> Result<(), Contradiction> {
        let mut houses = std::mem::take(&mut self.work.dirty_houses);
        while houses != 0 {
            let house = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            self.hidden_singles_in(house)?;
        }
        Ok(())
    }

    fn hidden_singles_in(&mut self, house: usize) -> Result<(), Contradiction> {
        let rules: &'a Rules = self.rules;
        let layout = &rules.layout;
        let cells = layout.house(house);
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for &cell in cells {
            let candidates = self.candidates[usize::from(cell)];
            twice |= once & candidates;
            once |= candidates;
            // Branch-free: a one-digit cell adds its digit to `placed`.
            placed |= candidates & 0u32.wrapping_sub(at_most_one(candidates) as u32);
        }
        let missing = layout.all_digits & !once;
        if missing != 0 {
            return Err(Contradiction::NoPlace {
                house: house as u16,
                digit: missing.trailing_zeros() as u8,
            });
        }
        let mut hidden = once & !twice & !placed;
        while hidden != 0 {
            let digit = hidden & hidden.wrapping_neg();
            hidden ^= digit;
            let Some(&cell) = cells
                .iter()
                .find(|&&cell| self.candidates[usize::from(cell)] & digit != 0)
            else {
                // An earlier hidden single of this house took the only cell.
                return Err(Contradiction::NoPlace {
                    house: house as u16,
                    digit: digit.trailing_zeros() as u8,
                });
            };
            self.restrict(usize::from(cell), digit)?;
        }
        Ok(())
    }
}
