//! Unique loops longer than a rectangle (SE's unique loops of 6, 8, … cells): an even cycle
//! of cells all holding two digits, consecutive cells sharing a house, every house holding
//! none or two of its cells at positions of different parity. With only those two digits
//! the loop could swap them, so a unique puzzle must keep something else: type 1 (one cell
//! has extra digits: the two go), type 2 (every extra cell has the same one extra digit: it
//! goes from every cell seeing them all), type 4 (two extra cells in a house where one of
//! the two digits has no other place: the other digit goes from both).
//!
//! SE rates a loop 4.5 plus a tenth for six cells, two for eight and five from ten (its own
//! arithmetic), plus a tenth for type 2.

use super::table::SeTechnique;
use super::{Hint, Scene};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::techniques::digits_of;

/// Loops longer than this are not searched.
const LONGEST: usize = 12;

/// The lowest rated unique loop of six or more cells, if any.
pub(crate) fn produce(scene: &Scene<'_>, board: &Board<2>, tenths: u32) -> Option<Hint> {
    if !scene.unique {
        return None;
    }
    let mut best: Option<Hint> = None;
    let size = scene.layout.size;
    for first in 0..size {
        for second in first + 1..size {
            let pair = (1u32 << first) | (1 << second);
            let cells: CellSet<2> =
                board.digit_cells[first] & board.digit_cells[second] & board.empty;
            if cells.len() < 6 || !cells.iter().any(|cell| board.candidates[cell] == pair) {
                continue;
            }
            let mut search = Search {
                scene,
                board,
                cells,
                pair,
                base: tenths,
                path: Vec::with_capacity(LONGEST),
                best: &mut best,
            };
            for start in cells.iter() {
                search.path.push(start);
                search.extend(start, usize::MAX);
                search.path.pop();
            }
        }
    }
    best
}

struct Search<'a> {
    scene: &'a Scene<'a>,
    board: &'a Board<2>,
    cells: CellSet<2>,
    pair: u32,
    base: u32,
    path: Vec<usize>,
    best: &'a mut Option<Hint>,
}

impl Search<'_> {
    /// Extends the path from `cell`, which it entered through `through`; the start is the
    /// loop's lowest cell.
    fn extend(&mut self, cell: usize, through: usize) {
        let layout = self.scene.layout;
        let start = self.path[0];
        for &house in &layout.cell_houses[cell] {
            if house == through || house >= 3 * layout.size {
                continue;
            }
            for next in (layout.houses[house].set & self.cells).iter() {
                if next == start && self.path.len() >= 6 && self.path.len() % 2 == 0 {
                    self.close();
                    continue;
                }
                if next <= start
                    || self.path.contains(&next)
                    || self.path.len() >= LONGEST
                    || !self.fits(next)
                    || !self.may_type(next)
                {
                    continue;
                }
                self.path.push(next);
                self.extend(next, house);
                self.path.pop();
            }
        }
    }

    /// Whether `next` may join the path: none of its houses holds two path cells already, or
    /// one at a position of the same parity.
    fn fits(&self, next: usize) -> bool {
        let layout = self.scene.layout;
        let position = self.path.len();
        layout.cell_houses[next]
            .iter()
            .filter(|&&house| house < 3 * layout.size)
            .all(|&house| {
                let set = &layout.houses[house].set;
                let mut inside = self
                    .path
                    .iter()
                    .enumerate()
                    .filter(|&(_, &cell)| set.contains(cell));
                match (inside.next(), inside.next()) {
                    (None, _) => true,
                    (Some((other, _)), None) => (other + position) % 2 == 1,
                    _ => false,
                }
            })
    }

    /// Whether the path with `next` may still become a loop of some type: at most two cells
    /// with extra digits, or any number sharing one single extra digit.
    fn may_type(&self, next: usize) -> bool {
        let mut count = 0;
        let mut extras = 0u32;
        for &cell in self.path.iter().chain(std::iter::once(&next)) {
            let extra = self.board.candidates[cell] & !self.pair;
            if extra != 0 {
                count += 1;
                extras |= extra;
            }
        }
        count <= 2 || extras.count_ones() == 1
    }

    /// The path closes into a loop: checks it is a deadly pattern and looks for a type.
    fn close(&mut self) {
        let layout = self.scene.layout;
        let path = &self.path;
        // Each loop closes twice (once per direction): keep the one whose second cell is
        // lower than its last.
        if path[1] > path[path.len() - 1] {
            return;
        }
        let size = layout.size;
        for house in 0..3 * size {
            let inside: Vec<usize> = path
                .iter()
                .enumerate()
                .filter(|&(_, &cell)| layout.houses[house].set.contains(cell))
                .map(|(position, _)| position)
                .collect();
            match inside[..] {
                [] => {}
                [one, two] if (one + two) % 2 == 1 => {}
                _ => return,
            }
        }
        let extra: Vec<usize> = path
            .iter()
            .copied()
            .filter(|&cell| self.board.candidates[cell] != self.pair)
            .collect();
        let bonus = match path.len() {
            length if length >= 10 => 5,
            length if length >= 8 => 2,
            _ => 1,
        };
        let loop_cells = path.clone();
        if let Some((eliminations, type_bonus)) = self.eliminations(&extra) {
            if eliminations.is_empty() {
                return;
            }
            let tenths = self.base + bonus + type_bonus;
            let better = self.best.as_ref().is_none_or(|kept| {
                tenths < kept.tenths
                    || (tenths == kept.tenths && eliminations.len() > kept.eliminations.len())
            });
            if better {
                let mut hint = Hint::new(SeTechnique::UniqueRectangle, tenths);
                hint.eliminations = eliminations;
                hint.cells = loop_cells;
                *self.best = Some(hint);
            }
        }
    }

    /// The eliminations of the first type that applies, with its extra rating.
    fn eliminations(&self, extra: &[usize]) -> Option<(Vec<(usize, usize)>, u32)> {
        let layout = self.scene.layout;
        let board = self.board;
        let pair = self.pair;
        match extra {
            [] => None,
            [only] => Some((
                digits_of(pair)
                    .map(|digit| (*only, digit))
                    .filter(|&(cell, digit)| board.has(cell, digit))
                    .collect(),
                0,
            )),
            _ => {
                // Type 2: one extra digit, the same in every extra cell.
                let extras: u32 = extra
                    .iter()
                    .fold(0, |mask, &cell| mask | (board.candidates[cell] & !pair));
                if extras.count_ones() == 1 {
                    let digit = extras.trailing_zeros() as usize;
                    let cells: CellSet<2> = extra.iter().copied().collect();
                    let loop_cells: CellSet<2> = self.path.iter().copied().collect();
                    let targets =
                        (layout.common_peers(&cells) & board.digit_cells[digit] & board.empty)
                            .minus(&loop_cells);
                    return Some((targets.iter().map(|cell| (cell, digit)).collect(), 1));
                }
                // Type 4: two extra cells in a house where one digit of the pair is locked.
                if let [one, two] = extra[..] {
                    for &house in &layout.cell_houses[one] {
                        if !layout.houses[house].set.contains(two) {
                            continue;
                        }
                        for locked in digits_of(pair) {
                            if board.free(house, locked) != 2 {
                                continue;
                            }
                            let other = (pair & !(1 << locked)).trailing_zeros() as usize;
                            return Some((vec![(one, other), (two, other)], 0));
                        }
                    }
                }
                None
            }
        }
    }
}
