//! Full all-different reasoning on a house (Régin's matching rule): keep a digit in a cell
//! only if some assignment of distinct digits to all the house's open cells gives it there.
//! It finds every naked and hidden subset at once. Matching and reachability both run on
//! bit sets, so a 25-cell house costs a few hundred word operations.

use super::propagate::{at_most_one, Contradiction, Pass, Rules};

/// Most open cells a house can have (25×25 grids).
const MAX_CELLS: usize = 25;

/// A perfect matching of a house's open cells to its open digits, and the cells' candidates
/// (or of any cells to any values: rows to columns, rows to boxes).
pub(super) struct Matching {
    /// How many cells.
    pub count: usize,
    /// Their labels.
    pub cells: [u16; MAX_CELLS],
    /// The values each may take.
    pub candidates: [u32; MAX_CELLS],
    /// The digit (one-bit mask) matched to each open cell.
    digit_of: [u32; MAX_CELLS],
    /// The open cell (position) matched to each digit index, `u8::MAX` when none.
    cell_of: [u8; 32],
}

impl Matching {
    /// A matching problem with no cells yet.
    pub fn empty() -> Matching {
        Matching {
            count: 0,
            cells: [0; MAX_CELLS],
            candidates: [0; MAX_CELLS],
            digit_of: [0; MAX_CELLS],
            cell_of: [u8::MAX; 32],
        }
    }

    /// Adds a cell (any label) and the values it may take.
    pub fn push(&mut self, cell: u16, candidates: u32) {
        self.cells[self.count] = cell;
        self.candidates[self.count] = candidates;
        self.count += 1;
    }

    /// The digits each open cell keeps, or `None` when no perfect matching exists. With
    /// fewer than three open cells, or more digits than cells (a digit without a place,
    /// which hidden singles report), every candidate is kept.
    pub fn solve(&mut self) -> Option<[u32; MAX_CELLS]> {
        if self.count < 3 {
            return Some(self.candidates);
        }
        // Greedy first: most cells find a free value at once; the rest augment.
        let mut free = u32::MAX;
        for position in 0..self.count {
            let options = self.candidates[position] & free;
            if options != 0 {
                let digit = options & options.wrapping_neg();
                free ^= digit;
                self.digit_of[position] = digit;
                self.cell_of[digit.trailing_zeros() as usize] = position as u8;
            }
        }
        for position in 0..self.count {
            if self.digit_of[position] == 0 {
                let mut seen = 0;
                if !self.augment(position, &mut seen) {
                    return None;
                }
            }
        }
        let open = self.candidates[..self.count]
            .iter()
            .fold(0, |all, &m| all | m);
        if open.count_ones() as usize != self.count {
            return Some(self.candidates);
        }
        Some(self.supported())
    }

    /// Tries to give open cell `position` a digit, moving earlier cells along an augmenting
    /// path when needed; `seen` holds the digits already tried on this path.
    fn augment(&mut self, position: usize, seen: &mut u32) -> bool {
        let mut options = self.candidates[position] & !*seen;
        while options != 0 {
            let digit = options & options.wrapping_neg();
            options ^= digit;
            *seen |= digit;
            let index = digit.trailing_zeros() as usize;
            let holder = self.cell_of[index];
            if holder == u8::MAX || self.augment(usize::from(holder), seen) {
                self.cell_of[index] = position as u8;
                self.digit_of[position] = digit;
                return true;
            }
        }
        false
    }

    /// For each open cell, the digits it keeps: its matched digit and those matched to cells
    /// in its strongly connected component of the alternating graph (cell → cell whose
    /// digit it could take instead), found by forward and backward closures on bit sets.
    fn supported(&self) -> [u32; MAX_CELLS] {
        let count = self.count;
        let mut forward = [0u32; MAX_CELLS];
        let mut backward = [0u32; MAX_CELLS];
        let open = 0..count;
        for (position, (&candidates, &digit)) in self.candidates[open.clone()]
            .iter()
            .zip(&self.digit_of[open])
            .enumerate()
        {
            let mut digits = candidates & !digit;
            while digits != 0 {
                let index = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let other = usize::from(self.cell_of[index]);
                forward[position] |= 1 << other;
                backward[other] |= 1 << position;
            }
        }
        let mut kept = [0u32; MAX_CELLS];
        // At most 25 open cells, so the shift stays inside the word.
        let mut remaining: u32 = (1 << count) - 1;
        while remaining != 0 {
            let start = 1u32 << remaining.trailing_zeros();
            let ahead = closure(&forward, start, remaining);
            let behind = closure(&backward, start, remaining);
            let component = ahead & behind;
            let mut digits = 0;
            let mut members = component;
            while members != 0 {
                digits |= self.digit_of[members.trailing_zeros() as usize];
                members &= members - 1;
            }
            let mut members = component;
            while members != 0 {
                let position = members.trailing_zeros() as usize;
                members &= members - 1;
                kept[position] = digits & self.candidates[position];
            }
            remaining &= !component;
        }
        kept
    }
}

/// The nodes reachable from `start` along `edges` (bit rows) without leaving `within`.
fn closure(edges: &[u32; MAX_CELLS], start: u32, within: u32) -> u32 {
    let mut reached = start;
    let mut frontier = start;
    while frontier != 0 {
        let mut next = 0;
        while frontier != 0 {
            next |= edges[frontier.trailing_zeros() as usize];
            frontier &= frontier - 1;
        }
        frontier = next & within & !reached;
        reached |= frontier;
    }
    reached
}

impl<'a> Pass<'a> {
    /// Applies the matching rule to each digit's rows and columns: a digit takes one cell
    /// per row and per column, so its rows must match its columns. This finds every fish
    /// (X-wing, swordfish, …) at once.
    pub(super) fn match_digits(&mut self, mut digits: u32) -> Result<(), Contradiction> {
        let size = self.rules.layout.size;
        // Where each digit may go, row by row: columns[digit * size + row].
        let mut columns = std::mem::take(&mut self.work.digit_columns);
        columns.clear();
        columns.resize(size * size, 0);
        for (cell, &candidates) in self.candidates.iter().enumerate() {
            let (row, column) = (cell / size, cell % size);
            let mut rest = candidates & digits;
            while rest != 0 {
                let digit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                columns[digit * size + row] |= 1 << column;
            }
        }
        let mut result = Ok(());
        while digits != 0 && result.is_ok() {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            result = self.match_digit(digit, &columns[digit * size..(digit + 1) * size]);
        }
        self.work.digit_columns = columns;
        result
    }

    fn match_digit(&mut self, digit: usize, columns: &[u32]) -> Result<(), Contradiction> {
        let size = self.rules.layout.size;
        let mut matching = Matching::empty();
        // A row whose only column is settled is left out with its column.
        let settled = columns.iter().fold(0, |settled, &mask| {
            if at_most_one(mask) {
                settled | mask
            } else {
                settled
            }
        });
        for (row, &mask) in columns.iter().enumerate() {
            let open = mask & !settled;
            if !at_most_one(open) {
                matching.push(row as u16, open);
            }
        }
        let Some(kept) = matching.solve() else {
            let row = usize::from(matching.cells[0]);
            return Err(Contradiction::NoPlace {
                house: row as u16,
                digit: digit as u8,
            });
        };
        let open = 0..matching.count;
        for ((&row, &candidates), &keep) in matching.cells[open.clone()]
            .iter()
            .zip(&matching.candidates[open.clone()])
            .zip(&kept[open])
        {
            let mut dropped = candidates & !keep;
            let row = usize::from(row);
            while dropped != 0 {
                let column = dropped.trailing_zeros() as usize;
                dropped &= dropped - 1;
                self.restrict(row * size + column, !(1 << digit))?;
            }
        }
        Ok(())
    }

    /// Applies the matching rule to house `house`.
    pub(super) fn match_house(&mut self, house: usize) -> Result<(), Contradiction> {
        let rules: &'a Rules = self.rules;
        let mut matching = Matching::empty();
        // Cells placed earlier in this pass may not have left their peers yet.
        let placed = rules.layout.house(house).iter().fold(0, |placed, &cell| {
            let candidates = self.candidates[usize::from(cell)];
            if at_most_one(candidates) {
                placed | candidates
            } else {
                placed
            }
        });
        for &cell in rules.layout.house(house) {
            let candidates = self.candidates[usize::from(cell)] & !placed;
            if !at_most_one(candidates) {
                matching.push(cell, candidates);
            }
        }
        let Some(kept) = matching.solve() else {
            let open = matching.candidates[..matching.count]
                .iter()
                .fold(0, |a, &m| a | m);
            return Err(Contradiction::NoPlace {
                house: house as u16,
                digit: open.trailing_zeros() as u8,
            });
        };
        let open = 0..matching.count;
        for ((&cell, &candidates), &keep) in matching.cells[open.clone()]
            .iter()
            .zip(&matching.candidates[open.clone()])
            .zip(&kept[open])
        {
            if keep != candidates {
                self.restrict(usize::from(cell), keep)?;
            }
        }
        Ok(())
    }
}
