//! `Board`: the candidate grid a person keeps while solving, with HoDoKu's queues of singles.

use crate::model::Puzzle;

use super::cellset::CellSet;
use super::layout::Layout;

/// A queue of possible singles, kept in the order they arose, as HoDoKu keeps them: the
/// order decides which single is taken first and so which cells end up as hidden singles.
#[derive(Clone, Debug, Default)]
pub(crate) struct SinglesQueue {
    entries: Vec<(usize, usize)>,
    next: usize,
}

impl SinglesQueue {
    fn add(&mut self, cell: usize, digit: usize) {
        self.entries.push((cell, digit));
    }

    /// Takes the oldest entry out of the queue.
    pub(crate) fn pop(&mut self) -> Option<(usize, usize)> {
        if self.next >= self.entries.len() {
            return None;
        }
        let entry = self.entries[self.next];
        self.next += 1;
        if self.next >= self.entries.len() {
            self.entries.clear();
            self.next = 0;
        }
        Some(entry)
    }

    /// The entries still queued, oldest first, without taking them out.
    pub(crate) fn pending(&self) -> &[(usize, usize)] {
        &self.entries[self.next..]
    }

    fn delete_first(&mut self, matches: impl Fn(usize, usize) -> bool) {
        if let Some(position) = self.entries[self.next..]
            .iter()
            .position(|&(cell, digit)| matches(cell, digit))
        {
            self.entries.remove(self.next + position);
        }
    }
}

/// The state of a grid being solved: placed digits and the candidates left in every cell.
#[derive(Clone, Debug)]
pub(crate) struct Board<const W: usize> {
    /// For every cell its digit's index plus one, or 0 when empty.
    pub values: Vec<u8>,
    /// For every cell its candidates as a digit mask (bit `d` for digit index `d`); 0 once solved.
    pub candidates: Vec<u32>,
    /// For every digit the cells where it is still a candidate.
    pub digit_cells: Vec<CellSet<W>>,
    /// For every digit the cells holding it.
    pub placed: Vec<CellSet<W>>,
    /// Cells not solved yet.
    pub empty: CellSet<W>,
    /// Cells given in the puzzle.
    pub given: CellSet<W>,
    /// For every house and digit (`house * n + digit`) how many cells of the house still
    /// have the digit as a candidate.
    pub free: Vec<u16>,
    /// Cells that became naked singles, in order.
    pub naked_queue: SinglesQueue,
    /// Cells that became hidden singles, in order.
    pub hidden_queue: SinglesQueue,
    size: usize,
}

impl<const W: usize> Board<W> {
    /// The board of a puzzle: every candidate in every cell, then the givens placed one by one
    /// in reading order (the order decides the queues, as in HoDoKu), then the digits given
    /// pencil marks leave out removed.
    pub(crate) fn new(layout: &Layout<W>, puzzle: &Puzzle) -> Board<W> {
        let size = layout.size;
        let all = layout.all_digits();
        let mut board = Board {
            values: vec![0; layout.cell_count],
            candidates: vec![all; layout.cell_count],
            digit_cells: vec![layout.all_cells; size],
            placed: vec![CellSet::EMPTY; size],
            empty: layout.all_cells,
            given: CellSet::EMPTY,
            free: layout
                .houses
                .iter()
                .flat_map(|house| std::iter::repeat_n(house.cells.len() as u16, size))
                .collect(),
            naked_queue: SinglesQueue::default(),
            hidden_queue: SinglesQueue::default(),
            size,
        };
        for (cell, digit) in puzzle.givens().filled() {
            board.given.insert(cell.index());
            board.place(layout, cell.index(), digit.index());
        }
        // given pencil marks are clues like givens: the cell starts with only those digits
        for constraint in puzzle.constraints() {
            if let crate::model::Constraint::PencilMarks(marks) = constraint {
                let cell = marks.cell.index();
                if board.values[cell] != 0 {
                    continue;
                }
                for digit in 0..size {
                    if !marks.digits.iter().any(|marked| marked.index() == digit) {
                        board.eliminate(layout, cell, digit);
                    }
                }
            }
        }
        board
    }

    /// Makes this board a copy of `other` (same grid and size) without allocating; the
    /// queues of singles are left empty (for look-ahead copies that never read them).
    pub(crate) fn copy_grid_from(&mut self, other: &Board<W>) {
        self.values.copy_from_slice(&other.values);
        self.candidates.copy_from_slice(&other.candidates);
        self.digit_cells.copy_from_slice(&other.digit_cells);
        self.placed.copy_from_slice(&other.placed);
        self.empty = other.empty;
        self.given = other.given;
        self.free.copy_from_slice(&other.free);
        self.naked_queue = SinglesQueue::default();
        self.hidden_queue = SinglesQueue::default();
    }

    /// How many cells of `house` still have `digit` as a candidate.
    #[inline]
    pub(crate) fn free(&self, house: usize, digit: usize) -> usize {
        usize::from(self.free[house * self.size + digit])
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub(crate) fn has(&self, cell: usize, digit: usize) -> bool {
        self.candidates[cell] & (1 << digit) != 0
    }

    /// The number of candidates of `cell`.
    #[inline]
    pub(crate) fn count(&self, cell: usize) -> u32 {
        self.candidates[cell].count_ones()
    }

    /// Whether every cell is solved.
    pub(crate) fn is_solved(&self) -> bool {
        self.empty.is_empty()
    }

    /// The cells of `house` that have `digit` as a candidate.
    #[inline]
    pub(crate) fn house_cells(&self, layout: &Layout<W>, house: usize, digit: usize) -> CellSet<W> {
        self.digit_cells[digit] & layout.houses[house].set
    }

    /// Places `digit` in `cell` and removes it from the cell's houses and cage (its placement
    /// peers; a rule's own step removes it from the cells only the rule keeps apart).
    pub(crate) fn place(&mut self, layout: &Layout<W>, cell: usize, digit: usize) {
        self.place_with::<true>(layout, cell, digit);
    }

    /// [`place`](Self::place) without the queues of singles, for look-ahead copies that
    /// never read them.
    pub(crate) fn place_ahead(&mut self, layout: &Layout<W>, cell: usize, digit: usize) {
        self.place_with::<false>(layout, cell, digit);
    }

    /// [`place`](Self::place), keeping the queues of singles when `QUEUES`.
    fn place_with<const QUEUES: bool>(&mut self, layout: &Layout<W>, cell: usize, digit: usize) {
        if self.values[cell] != 0 {
            return;
        }
        self.values[cell] = digit as u8 + 1;
        let own = self.candidates[cell];
        self.candidates[cell] = 0;
        let mut bits = own;
        while bits != 0 {
            let other = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.digit_cells[other].remove(cell);
        }
        self.placed[digit].insert(cell);
        self.empty.remove(cell);
        for peer in layout.placement_peers[cell].iter() {
            self.eliminate_with::<QUEUES>(layout, peer, digit);
        }
        let mut bits = own;
        while bits != 0 {
            let other = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            for &house in &layout.cell_houses[cell] {
                let slot = &mut self.free[house * self.size + other];
                *slot = slot.saturating_sub(1);
                if QUEUES && *slot == 1 && other != digit {
                    self.add_hidden(layout, house, other);
                }
            }
        }
    }

    /// Removes `digit` from the candidates of `cell`; returns whether it was there.
    pub(crate) fn eliminate(&mut self, layout: &Layout<W>, cell: usize, digit: usize) -> bool {
        self.eliminate_with::<true>(layout, cell, digit)
    }

    /// [`eliminate`](Self::eliminate) without the queues of singles, for look-ahead copies
    /// that never read them.
    pub(crate) fn eliminate_ahead(
        &mut self,
        layout: &Layout<W>,
        cell: usize,
        digit: usize,
    ) -> bool {
        self.eliminate_with::<false>(layout, cell, digit)
    }

    /// [`eliminate`](Self::eliminate), keeping the queues of singles when `QUEUES`.
    fn eliminate_with<const QUEUES: bool>(
        &mut self,
        layout: &Layout<W>,
        cell: usize,
        digit: usize,
    ) -> bool {
        let bit = 1u32 << digit;
        if self.candidates[cell] & bit == 0 {
            return false;
        }
        self.candidates[cell] &= !bit;
        self.digit_cells[digit].remove(cell);
        if QUEUES && self.candidates[cell].count_ones() == 1 {
            self.naked_queue
                .add(cell, self.candidates[cell].trailing_zeros() as usize);
        }
        for &house in &layout.cell_houses[cell] {
            let slot = &mut self.free[house * self.size + digit];
            *slot = slot.saturating_sub(1);
            if !QUEUES {
                continue;
            }
            if *slot == 1 {
                self.add_hidden(layout, house, digit);
            } else if *slot == 0 {
                self.hidden_queue.delete_first(|queued, value| {
                    value == digit && layout.houses[house].set.contains(queued)
                });
            }
        }
        true
    }

    fn add_hidden(&mut self, layout: &Layout<W>, house: usize, digit: usize) {
        if let Some(&cell) = layout.houses[house]
            .cells
            .iter()
            .find(|&&cell| self.candidates[cell] & (1 << digit) != 0)
        {
            self.hidden_queue.add(cell, digit);
        }
    }

    /// Cells that are empty and where `digit` is not yet excluded by a placed digit in a
    /// peer (HoDoKu's "allowed" positions, blind to eliminations made by techniques).
    pub(crate) fn allowed(&self, layout: &Layout<W>, digit: usize) -> CellSet<W> {
        let mut blocked = CellSet::EMPTY;
        for cell in self.placed[digit].iter() {
            blocked |= layout.placement_peers[cell];
        }
        self.empty.minus(&blocked)
    }
}
