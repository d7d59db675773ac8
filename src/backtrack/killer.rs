//! The killer rules on a search state: cage digit sets (exact for grids up to 10×10,
//! enumerated or bounded above), digits a cage needs pointing out of the houses it sees,
//! region sums whose digits may repeat, and comparison bounds between cage sums.

use super::cages::{self, Enumeration, SumRange};
use super::propagate::{at_most_one, Contradiction, Pass, Rules};

/// Cages with at most this many open cells get exact pruning (when the grid allows it);
/// larger ones cost more than they save (measured on the hardest seed killer) and use
/// their digit sets' union.
const EXACT_OPEN_CELLS: usize = 2;

/// The union of `sums` moved by each digit value of `digits`.
#[inline]
fn shifted_union(sums: u128, digits: u32, shift: impl Fn(u128, u32) -> u128) -> u128 {
    let mut union = 0;
    let mut rest = digits;
    while rest != 0 {
        let bit = rest.trailing_zeros();
        rest &= rest - 1;
        union |= shift(sums, bit + 1);
    }
    union
}

impl<'a> Pass<'a> {
    /// Re-derives every cage whose cells changed (or whose range a comparison narrowed),
    /// then applies the comparisons; whether anything was looked at.
    #[inline(never)]
    pub(super) fn cages(&mut self) -> Result<bool, Contradiction> {
        let rules: &'a Rules = self.rules;
        let woken = !self.work.woken_cages.is_empty();
        if !woken && !self.work.ranges_changed && self.work.dirty_cage_cells.iter().all(|&w| w == 0)
        {
            return Ok(false);
        }
        std::mem::swap(&mut self.work.snapshot, &mut self.work.dirty_cage_cells);
        self.work.dirty_cage_cells.fill(0);
        let any_woken = !self.work.woken_cages.is_empty();
        for (number, cage) in rules.cages.cages.iter().enumerate() {
            let woken = any_woken && self.work.woken_cages.contains(&(number as u16));
            if woken || cage.cell_set.meets(&self.work.snapshot) {
                self.cage(number)?;
            }
        }
        self.work.woken_cages.clear();
        if std::mem::take(&mut self.work.ranges_changed) {
            self.comparisons()?;
        }
        Ok(true)
    }

    /// Re-derives every region sum whose cells changed; whether any was looked at.
    #[inline(never)]
    pub(super) fn sums(&mut self) -> Result<bool, Contradiction> {
        let rules: &'a Rules = self.rules;
        if rules.cages.sums.is_empty() || self.work.dirty_sum_cells.iter().all(|&w| w == 0) {
            return Ok(false);
        }
        std::mem::swap(&mut self.work.snapshot, &mut self.work.dirty_sum_cells);
        self.work.dirty_sum_cells.fill(0);
        for (number, rule) in rules.cages.sums.iter().enumerate() {
            if rule.cell_set.meets(&self.work.snapshot) {
                self.sum(number)?;
            }
        }
        Ok(true)
    }

    fn wake_cage(&mut self, cage: usize) {
        if !self.work.woken_cages.contains(&(cage as u16)) {
            self.work.woken_cages.push(cage as u16);
        }
    }

    /// Narrows one cage: its open cells keep the digits of some fitting digit set, a digit
    /// every set needs goes where it still fits, and the cage's sum range shrinks.
    #[inline(never)]
    fn cage(&mut self, cage: usize) -> Result<(), Contradiction> {
        if self.rules.cages.cages[cage].distinct_only {
            return self.distinct_cage(cage);
        }
        let contradiction = Contradiction::Cage { cage: cage as u16 };
        let (placed, placed_sum) = self.collect_open_cells(cage);
        let range = SumRange::unpack(self.ranges[cage]);
        if placed_sum > range.high {
            return Err(contradiction);
        }
        let target = SumRange::new(
            range.low.saturating_sub(placed_sum),
            range.high - placed_sum,
        );
        if self.work.open_cells.is_empty() {
            if placed_sum < range.low {
                return Err(contradiction);
            }
            return self.narrow_range(cage, SumRange::new(placed_sum, placed_sum));
        }
        let pool = self.open_pool(placed);
        let open_count = self.work.open_cells.len() as u32;
        let exact = self.rules.layout.size <= cages::EXACT_SIZE
            && self.work.open_cells.len() <= EXACT_OPEN_CELLS;
        let found = if exact {
            let work = &mut *self.work;
            work.open_supports.resize(work.open_candidates.len(), 0);
            cages::assign_exactly(&work.open_candidates, target, &mut work.open_supports)
        } else {
            cages::enumerate(pool, &self.work.open_candidates, target)
        };
        match found {
            Enumeration::Nothing => Err(contradiction),
            Enumeration::Found(sets) => {
                if exact {
                    self.restrict_open_cells_each()?;
                } else {
                    self.restrict_open_cells(sets.union)?;
                }
                let sums = SumRange::new(placed_sum + sets.sums.low, placed_sum + sets.sums.high);
                self.narrow_range(cage, sums)?;
                self.place_needed_digits(cage, sets.common)
            }
            Enumeration::TooMany => {
                let allowed = cages::digits_within_bounds(pool, open_count, target);
                self.restrict_open_cells(allowed)?;
                let pool = pool & allowed;
                let sums = SumRange::new(
                    placed_sum + cages::smallest_sum(pool, open_count),
                    placed_sum + cages::largest_sum(pool, open_count),
                );
                self.narrow_range(cage, sums)
            }
        }
    }

    /// Narrows a cage that only keeps its digits distinct (its sum range bounds nothing and
    /// no comparison reads it): its open cells need as many digits as there are of them, and
    /// when they have exactly that many, each must go in the cage. Enumerating the digit
    /// sets of such a cage finds little more (its sets are drawn from every digit) and cost
    /// a quarter of the search on a 16×16 irregular killer without sums.
    fn distinct_cage(&mut self, cage: usize) -> Result<(), Contradiction> {
        let (mut placed, mut open, mut open_count) = (0u32, 0u32, 0u32);
        for &cell in &self.rules.cages.cages[cage].cells {
            let candidates = self.candidates[usize::from(cell)];
            if at_most_one(candidates) {
                placed |= candidates;
            } else {
                open |= candidates;
                open_count += 1;
            }
        }
        let pool = open & !placed;
        match pool.count_ones().cmp(&open_count) {
            std::cmp::Ordering::Less => Err(Contradiction::Cage { cage: cage as u16 }),
            std::cmp::Ordering::Equal if open_count > 0 => {
                self.collect_open_cells(cage);
                self.place_needed_digits(cage, pool)
            }
            _ => Ok(()),
        }
    }

    /// The digits the open cells of the cage at hand may take, less the `placed` ones.
    fn open_pool(&self, placed: u32) -> u32 {
        self.work
            .open_candidates
            .iter()
            .fold(0, |pool, &candidates| pool | candidates)
            & !placed
    }

    /// Splits a cage into placed digits (mask and sum) and open cells (kept in `work`).
    fn collect_open_cells(&mut self, cage: usize) -> (u32, u32) {
        let (mut placed, mut placed_sum) = (0u32, 0u32);
        self.work.open_cells.clear();
        self.work.open_candidates.clear();
        for &cell in &self.rules.cages.cages[cage].cells {
            let candidates = self.candidates[usize::from(cell)];
            if at_most_one(candidates) {
                placed |= candidates;
                placed_sum += cages::digit_value(candidates.trailing_zeros());
            } else {
                self.work.open_cells.push(cell);
                self.work.open_candidates.push(candidates);
            }
        }
        (placed, placed_sum)
    }

    /// Keeps in each open cell its own supported digits (exact pruning).
    fn restrict_open_cells_each(&mut self) -> Result<(), Contradiction> {
        for index in 0..self.work.open_cells.len() {
            let cell = usize::from(self.work.open_cells[index]);
            self.restrict(cell, self.work.open_supports[index])?;
        }
        Ok(())
    }

    fn restrict_open_cells(&mut self, keep: u32) -> Result<(), Contradiction> {
        for index in 0..self.work.open_cells.len() {
            let cell = usize::from(self.work.open_cells[index]);
            self.restrict(cell, keep)?;
        }
        Ok(())
    }

    /// Each digit in `needed` must go in the cage: where only one open cell can take it, it
    /// goes there.
    fn place_needed_digits(&mut self, cage: usize, needed: u32) -> Result<(), Contradiction> {
        let mut digits = needed;
        while digits != 0 {
            let digit = digits & digits.wrapping_neg();
            digits ^= digit;
            let mut holders = self
                .work
                .open_cells
                .iter()
                .copied()
                .filter(|&cell| self.candidates[usize::from(cell)] & digit != 0);
            let (first, second) = (holders.next(), holders.next());
            match (first, second) {
                (None, _) => return Err(Contradiction::Cage { cage: cage as u16 }),
                (Some(cell), None) => self.restrict(usize::from(cell), digit)?,
                _ => self.point_from_cage(cage, digit)?,
            }
        }
        Ok(())
    }

    /// A digit the cage must hold leaves every house that sees all the open cells able to
    /// take it (outside the cage).
    fn point_from_cage(&mut self, cage: usize, digit: u32) -> Result<(), Contradiction> {
        let rules: &'a Rules = self.rules;
        let layout = &rules.layout;
        let mut houses = layout.all_houses();
        for &cell in &self.work.open_cells {
            if self.candidates[usize::from(cell)] & digit != 0 {
                houses &= layout.cell_houses[usize::from(cell)];
            }
        }
        let cage_cells = &rules.cages.cages[cage].cell_set;
        while houses != 0 {
            let house = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            for &cell in layout.house(house) {
                if !cage_cells.contains(cell) {
                    self.restrict(usize::from(cell), !digit)?;
                }
            }
        }
        Ok(())
    }

    /// Intersects a cage's sum range with `sums`; a change wakes the comparisons.
    fn narrow_range(&mut self, cage: usize, sums: SumRange) -> Result<(), Contradiction> {
        let before = SumRange::unpack(self.ranges[cage]);
        let after = before.intersect(sums);
        if after.is_empty() {
            return Err(Contradiction::Cage { cage: cage as u16 });
        }
        if after != before {
            self.ranges[cage] = after.pack();
            self.work.ranges_changed = !self.rules.cages.comparisons.is_empty();
        }
        Ok(())
    }

    /// Keeps, in each cell of a region sum, the digits that some choice of digits for the
    /// other cells completes to the target (digits may repeat: the cells need not see each
    /// other). Reachable partial sums are bit sets: forward from the first cell, backward
    /// from the target.
    #[inline(never)]
    fn sum(&mut self, number: usize) -> Result<(), Contradiction> {
        let rules: &'a Rules = self.rules;
        let rule = &rules.cages.sums[number];
        let size = rules.layout.size as u32;
        let contradiction = Contradiction::Sum { sum: number as u16 };
        let digits_of = |candidates: u32, mirrored: bool| {
            if mirrored {
                candidates.reverse_bits() >> (32 - size)
            } else {
                candidates
            }
        };
        let count = rule.terms.len();
        let reachable = &mut self.work.reachable;
        reachable.clear();
        reachable.push(1);
        for term in &rule.terms {
            let digits = digits_of(self.candidates[usize::from(term.cell)], term.mirrored);
            let before = reachable[reachable.len() - 1];
            reachable.push(shifted_union(before, digits, |sums, value| sums << value));
        }
        if reachable[count] & (1u128 << rule.target) == 0 {
            return Err(contradiction);
        }
        let mut needed = 1u128 << rule.target;
        for (index, term) in rule.terms.iter().enumerate().rev() {
            let digits = digits_of(self.candidates[usize::from(term.cell)], term.mirrored);
            let before = self.work.reachable[index];
            let mut supported = 0u32;
            let mut rest = digits;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                if (before << (bit + 1)) & needed != 0 {
                    supported |= 1 << bit;
                }
            }
            needed = shifted_union(needed, supported, |sums, value| sums >> value);
            let keep = digits_of(supported, term.mirrored);
            self.restrict(usize::from(term.cell), keep)?;
        }
        Ok(())
    }

    /// Tightens compared cages' sum ranges against each other until they settle; a cage whose
    /// range shrank is enumerated again.
    fn comparisons(&mut self) -> Result<(), Contradiction> {
        let rules: &'a Rules = self.rules;
        let mut settled = false;
        while !settled {
            settled = true;
            for (number, rule) in rules.cages.comparisons.iter().enumerate() {
                let (first, second) = (usize::from(rule.first), usize::from(rule.second));
                let before = (
                    SumRange::unpack(self.ranges[first]),
                    SumRange::unpack(self.ranges[second]),
                );
                let after = cages::compare(before.0, before.1, rule.relation);
                if after.0.is_empty() || after.1.is_empty() {
                    return Err(Contradiction::Comparison {
                        comparison: number as u16,
                    });
                }
                for (cage, old, new) in [(first, before.0, after.0), (second, before.1, after.1)] {
                    if old != new {
                        self.ranges[cage] = new.pack();
                        self.wake_cage(cage);
                        settled = false;
                    }
                }
            }
        }
        Ok(())
    }
}
