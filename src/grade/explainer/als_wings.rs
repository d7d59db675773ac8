//! The WXYZ-Wing family of the Sukaku Explainer fork of SE: a bivalue cell `{x, z}` and an
//! almost locked set of k cells that all see each other and hold k + 1 digits, among them x
//! and z. When every cell of the set holding x sees the bivalue cell, x is locked in one of
//! the two, so z is in the bivalue cell or in the set: every cell seeing all the z's loses
//! z. When z is restricted as well (doubly linked), both digits are locked and every other
//! digit of the set is locked inside it.
//!
//! k = 3 is the WXYZ-Wing, 4 the VWXYZ-Wing, 5 the UVWXYZ-Wing, 6 the TUVWXYZ-Wing. The fork
//! rates the first two by the largest cell of the set (middle sizes are a little harder than
//! the extremes); the longer ones have one rating each. The producer offers the lowest rated wing, then the one
//! removing most candidates.

use super::table::SeTechnique;
use super::{Hint, Scene};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::techniques::digits_of;

/// What a wing removes and how it is rated.
struct Found {
    tenths: u32,
    eliminations: Vec<(usize, usize)>,
    cells: Vec<usize>,
}

/// Finds the wings of `technique` (its almost locked set has 3 to 6 cells) and offers the
/// lowest rated.
pub(crate) fn produce(technique: SeTechnique, scene: &Scene<'_>, board: &Board<2>) -> Option<Hint> {
    let tenths = scene.tenths(technique)?;
    let size = match technique {
        SeTechnique::WxyzWing => 3,
        SeTechnique::VwxyzWing => 4,
        SeTechnique::UvwxyzWing => 5,
        SeTechnique::TuvwxyzWing => 6,
        _ => return None,
    };
    let candidates: CellSet<2> = board
        .empty
        .iter()
        .filter(|&cell| {
            let count = board.count(cell) as usize;
            count >= 2 && count <= size + 1
        })
        .collect();
    let bivalues: Vec<usize> = board
        .empty
        .iter()
        .filter(|&cell| board.count(cell) == 2)
        .collect();
    let mut best: Option<Found> = None;
    let mut set = Vec::with_capacity(size);
    let mut up_to = Vec::with_capacity(scene.layout.cell_count);
    let mut cells = CellSet::EMPTY;
    for cell in 0..scene.layout.cell_count {
        cells.insert(cell);
        up_to.push(cells);
    }
    // a wing whose cells kept their candidates since the last barren search removes nothing
    // (see `Scene::changed`): only sets or pivots touching the changed cells are looked at
    let changed = scene.changed(technique, board);
    let pivot_changed =
        changed.is_none_or(|changed| bivalues.iter().any(|&pivot| changed.contains(pivot)));
    let mut search = Search {
        scene,
        board,
        up_to,
        bivalues: &bivalues,
        size,
        base: tenths,
        best: &mut best,
        changed: changed.unwrap_or(CellSet::EMPTY),
        pivot_changed,
    };
    search.grow(&mut set, candidates, 0, changed.is_none());
    scene.note(technique, board, best.is_some());
    let found = best?;
    let mut hint = Hint::new(technique, found.tenths);
    hint.eliminations = found.eliminations;
    hint.cells = found.cells;
    Some(hint)
}

struct Search<'a> {
    scene: &'a Scene<'a>,
    board: &'a Board<2>,
    /// For every cell, the cells up to it (itself included).
    up_to: Vec<CellSet<2>>,
    bivalues: &'a [usize],
    size: usize,
    base: u32,
    best: &'a mut Option<Found>,
    /// The cells changed since the last barren search (see `Scene::changed`).
    changed: CellSet<2>,
    /// Whether a pivot is among them (or every wing needs a look).
    pivot_changed: bool,
}

impl Search<'_> {
    /// Grows sets of mutually seeing cells in increasing order, keeping at most size + 1
    /// digits; `open` holds the cells after the set's last that see all of it; `touched`
    /// whether the set holds a changed cell (or every wing needs a look).
    fn grow(&mut self, set: &mut Vec<usize>, open: CellSet<2>, digits: u32, touched: bool) {
        if set.len() == self.size {
            if digits.count_ones() as usize == self.size + 1 {
                self.wings(set, digits, touched);
            }
            return;
        }
        if !touched && !self.pivot_changed && !open.intersects(&self.changed) {
            return;
        }
        let layout = self.scene.layout;
        for cell in open.iter() {
            let union = digits | self.board.candidates[cell];
            if union.count_ones() as usize > self.size + 1 {
                continue;
            }
            // only cells after this one: sets grow in increasing order
            let later = (open & layout.peers[cell]).minus(&self.up_to[cell]);
            set.push(cell);
            self.grow(set, later, union, touched || self.changed.contains(cell));
            set.pop();
        }
    }

    /// Every wing of the almost locked set `set` (holding `digits`); with a pivot among the
    /// changed cells only, unless `touched`.
    fn wings(&mut self, set: &[usize], digits: u32, touched: bool) {
        let layout = self.scene.layout;
        let board = self.board;
        let cells: CellSet<2> = set.iter().copied().collect();
        let largest = set.iter().map(|&cell| board.count(cell)).max().unwrap_or(2);
        let tenths = self.base + self.bonus(largest);
        for &pivot in self.bivalues {
            let pair = board.candidates[pivot];
            if cells.contains(pivot)
                || pair & digits != pair
                || !(touched || self.changed.contains(pivot))
            {
                continue;
            }
            let holding = |digit: usize| -> CellSet<2> {
                set.iter()
                    .copied()
                    .filter(|&cell| board.has(cell, digit))
                    .collect()
            };
            let restricted =
                |digit: usize| holding(digit).iter().all(|cell| layout.sees(cell, pivot));
            let mut pair_digits = digits_of(pair);
            let (Some(first), Some(second)) = (pair_digits.next(), pair_digits.next()) else {
                continue;
            };
            let mut pattern = cells;
            pattern.insert(pivot);
            let locked = |digit: usize, with_pivot: bool| -> Vec<(usize, usize)> {
                let mut seen = layout.common_peers(&holding(digit));
                if with_pivot {
                    seen &= layout.peers[pivot];
                }
                (seen & board.digit_cells[digit] & board.empty)
                    .minus(&pattern)
                    .iter()
                    .map(|cell| (cell, digit))
                    .collect()
            };
            for (x, z) in [(first, second), (second, first)] {
                if !restricted(x) {
                    continue;
                }
                let mut eliminations = locked(z, true);
                if restricted(z) {
                    eliminations.extend(locked(x, true));
                    for other in digits_of(digits & !pair) {
                        eliminations.extend(locked(other, false));
                    }
                    eliminations.sort_unstable();
                    eliminations.dedup();
                }
                if eliminations.is_empty() {
                    continue;
                }
                let better = match self.best.as_ref() {
                    None => true,
                    Some(best) => {
                        tenths < best.tenths
                            || (tenths == best.tenths
                                && eliminations.len() > best.eliminations.len())
                    }
                };
                if better {
                    let mut pattern_cells = set.to_vec();
                    pattern_cells.push(pivot);
                    *self.best = Some(Found {
                        tenths,
                        eliminations,
                        cells: pattern_cells,
                    });
                }
            }
        }
    }

    /// The fork's size bonus: for sets of three and four cells, the further the largest cell
    /// is from three candidates the easier; five-cell sets have one rating.
    fn bonus(&self, largest: u32) -> u32 {
        if self.size >= 5 {
            return 0;
        }
        let spread = (self.size as u32).saturating_sub(2);
        spread.saturating_sub(largest.abs_diff(3))
    }
}
