//! `Memo`: what the searches remember between the steps of one grading, so that a search is
//! not run again on a part of the grid that has not changed since it last came up empty.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::board::Board;
use super::cellset::CellSet;
use super::technique::Technique;
use super::techniques::als::AlsIndex;
use super::techniques::killer::SumRegion;
use super::techniques::tabling::{Graph, Table};
use crate::budget::{Budget, Stopped};

/// A structure built from a grid, kept with the candidates of that grid.
struct Kept<T>(RefCell<Option<(Vec<u32>, Rc<T>)>>);

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept(RefCell::new(None))
    }
}

impl<T> Kept<T> {
    /// The structure kept, if it was built from the candidates of `board`.
    fn get<const W: usize>(&self, board: &Board<W>) -> Option<Rc<T>> {
        match self.0.borrow().as_ref() {
            Some((candidates, kept)) if *candidates == board.candidates => Some(Rc::clone(kept)),
            _ => None,
        }
    }

    /// The structure kept if it was built from the candidates of `board`, else a new one
    /// from `build`, kept instead.
    fn get_or_build<const W: usize>(&self, board: &Board<W>, build: impl FnOnce() -> T) -> Rc<T> {
        if let Some(kept) = self.get(board) {
            return kept;
        }
        let built = Rc::new(build());
        *self.0.borrow_mut() = Some((board.candidates.clone(), Rc::clone(&built)));
        built
    }
}

/// Results remembered for one grading. A search whose outcome for a digit depends only on
/// that digit's candidates (fish, single-digit patterns, single-digit chains) records the
/// candidates for which it found nothing; while they stay the same, the digit is skipped.
/// Searches that depend on a few cells only (subsets in a house, Sue de Coq in a line and
/// a box) record those cells' candidates the same way. Since a search that finds nothing
/// leaves no trace, skipping it changes no path. Structures that several searches build
/// from the same grid (almost locked sets, chain graphs) are kept with the candidates they
/// were built from.
#[derive(Default)]
pub(crate) struct Memo<const W: usize> {
    /// For every technique (by `as usize`), for every slot (a digit, or a digit and a
    /// direction): the digit's candidates when the search last found nothing there.
    barren: RefCell<Vec<Vec<Option<CellSet<W>>>>>,
    /// For every technique and slot (a house, or a line and a box): the candidates of the
    /// cells that search depends on, when it last found nothing there.
    states: RefCell<Vec<Vec<Option<Vec<u32>>>>>,
    /// The almost locked sets of the grid they were built from.
    als: Kept<AlsIndex<W>>,
    /// The chain graphs without and with group nodes of the grid they were built from.
    graphs: [Kept<Graph<W>>; 2],
    /// The table the nice-loop searches fill, kept so that it is allocated once.
    table: RefCell<Option<Table>>,
    /// The sums the 45 rule gives on this puzzle (they depend on its cages only).
    killer_sums: std::cell::OnceCell<Vec<SumRegion>>,
    /// The work done so far by this grading's searches, and the most it may do.
    work: Cell<u64>,
    work_limit: Cell<Option<u64>>,
    /// The caller's flag and deadline (none: nothing stops the grading but the work limit):
    /// the flag at every charge, the clock every [`POLL_CHARGES`].
    budget: Option<Budget>,
    charges: Cell<u32>,
    /// Why the budget stopped the grading, once it did.
    stopped: Cell<Option<Stopped>>,
}

/// Charges between two looks at the budget's clock.
const POLL_CHARGES: u32 = 16;

impl<const W: usize> Memo<W> {
    /// An empty memo.
    pub(crate) fn new() -> Memo<W> {
        Memo::default()
    }

    /// A memo whose searches stop once they have done `limit` work in all.
    pub(crate) fn with_work_limit(limit: Option<u64>) -> Memo<W> {
        let memo = Memo::default();
        memo.work_limit.set(limit);
        memo
    }

    /// Counts `amount` of work; false once the grading has done more than its limit (a
    /// search then gives up, and the grading stops without using what it found).
    pub(crate) fn charge(&self, amount: u64) -> bool {
        let work = self.work.get().saturating_add(amount);
        self.work.set(work);
        if let Some(budget) = &self.budget {
            let charges = self.charges.get().wrapping_add(1);
            self.charges.set(charges);
            if self.stopped.get().is_none() {
                if budget.is_cancelled() {
                    self.stopped.set(Some(Stopped::Cancelled));
                } else if charges.is_multiple_of(POLL_CHARGES) {
                    self.stopped.set(budget.interrupted().err());
                }
            }
        }
        self.stopped.get().is_none() && self.work_limit.get().is_none_or(|limit| work <= limit)
    }

    /// Whether the work limit has been passed or the budget stopped the grading.
    pub(crate) fn exhausted(&self) -> bool {
        self.stopped.get().is_some()
            || self
                .work_limit
                .get()
                .is_some_and(|limit| self.work.get() > limit)
    }

    /// The same memo, stopped also by `budget`'s flag and deadline.
    pub(crate) fn with_budget(mut self, budget: &Budget) -> Memo<W> {
        if budget.is_limited() {
            self.budget = Some(budget.clone());
        }
        self
    }

    /// Why the budget stopped the grading, if it did (the work limit aside).
    pub(crate) fn stopped(&self) -> Option<Stopped> {
        self.stopped.get()
    }

    /// Records that the budget stopped a search the grading asked for.
    pub(crate) fn stop(&self, stopped: Stopped) {
        self.stopped.set(Some(stopped));
    }

    /// The work done so far.
    pub(crate) fn work(&self) -> u64 {
        self.work.get()
    }

    /// Whether the search of `technique` found nothing in `slot` when the digit's candidates
    /// were `cells`.
    pub(crate) fn is_barren(&self, technique: Technique, slot: usize, cells: &CellSet<W>) -> bool {
        self.barren
            .borrow()
            .get(technique as usize)
            .and_then(|slots| slots.get(slot))
            .is_some_and(|entry| entry.as_ref() == Some(cells))
    }

    /// Whether the search of `technique` found nothing in `slot` when `cells` had the
    /// candidates they have on `board`.
    pub(crate) fn is_barren_at(
        &self,
        technique: Technique,
        slot: usize,
        board: &Board<W>,
        cells: impl Iterator<Item = usize>,
    ) -> bool {
        let states = self.states.borrow();
        let Some(Some(kept)) = states
            .get(technique as usize)
            .and_then(|slots| slots.get(slot))
        else {
            return false;
        };
        let mut kept = kept.iter();
        for cell in cells {
            if kept.next() != Some(&board.candidates[cell]) {
                return false;
            }
        }
        kept.next().is_none()
    }

    /// Records that the search of `technique` found nothing in `slot` with the candidates
    /// `cells` have on `board`.
    pub(crate) fn set_barren_at(
        &self,
        technique: Technique,
        slot: usize,
        board: &Board<W>,
        cells: impl Iterator<Item = usize>,
    ) {
        let mut states = self.states.borrow_mut();
        if states.len() <= technique as usize {
            states.resize_with(Technique::ALL.len(), Vec::new);
        }
        let slots = &mut states[technique as usize];
        if slots.len() <= slot {
            slots.resize(slot + 1, None);
        }
        let kept = slots[slot].get_or_insert_with(Vec::new);
        kept.clear();
        kept.extend(cells.map(|cell| board.candidates[cell]));
    }

    /// The digit's candidates when the search of `technique` last found nothing in `slot`.
    pub(crate) fn barren_cells(&self, technique: Technique, slot: usize) -> Option<CellSet<W>> {
        self.barren
            .borrow()
            .get(technique as usize)
            .and_then(|slots| slots.get(slot).copied().flatten())
    }

    /// Records that the search of `technique` found nothing in `slot` with candidates `cells`.
    pub(crate) fn set_barren(&self, technique: Technique, slot: usize, cells: CellSet<W>) {
        let mut barren = self.barren.borrow_mut();
        if barren.len() <= technique as usize {
            barren.resize_with(Technique::ALL.len(), Vec::new);
        }
        let slots = &mut barren[technique as usize];
        if slots.len() <= slot {
            slots.resize(slot + 1, None);
        }
        slots[slot] = Some(cells);
    }

    /// The sums the 45 rule gives on this puzzle, from `build` the first time.
    pub(crate) fn killer_sums(&self, build: impl FnOnce() -> Vec<SumRegion>) -> &[SumRegion] {
        self.killer_sums.get_or_init(build)
    }

    /// The ALS index of `board`: the one kept if the candidates are the same, else a new one
    /// from `build`, kept for the next search.
    pub(crate) fn als_index(
        &self,
        board: &Board<W>,
        build: impl FnOnce() -> AlsIndex<W>,
    ) -> Rc<AlsIndex<W>> {
        self.als.get_or_build(board, build)
    }

    /// The chain graph of `board` (with group nodes when `grouped`): the one kept if the
    /// candidates are the same, else a new one from `build`, kept for the next search.
    pub(crate) fn chain_graph(
        &self,
        board: &Board<W>,
        grouped: bool,
        build: impl FnOnce() -> Graph<W>,
    ) -> Rc<Graph<W>> {
        self.graphs[usize::from(grouped)].get_or_build(board, build)
    }

    /// The nice-loop searches' table, if one is kept (taken out of the memo).
    pub(crate) fn take_table(&self) -> Option<Table> {
        self.table.borrow_mut().take()
    }

    /// Keeps the nice-loop searches' table for the next search.
    pub(crate) fn keep_table(&self, table: Table) {
        *self.table.borrow_mut() = Some(table);
    }

    /// The chain graph of `board` (with group nodes when `grouped`), if one is kept.
    pub(crate) fn kept_chain_graph(&self, board: &Board<W>, grouped: bool) -> Option<Rc<Graph<W>>> {
        self.graphs[usize::from(grouped)].get(board)
    }
}
