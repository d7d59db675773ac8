//! SE's unique rectangles and loops: an even cycle of cells all holding two digits, starting
//! at a cell holding just those two, consecutive cells sharing a house of a different kind
//! than the step before, every house it touches holding two of its cells at positions of
//! different parity. With only those two digits the loop could swap them, so a unique puzzle
//! keeps something else:
//!
//! - type 1: one cell has extra digits, so it loses the two;
//! - type 2: every extra cell has the same single extra digit, which goes from every cell
//!   seeing them all;
//! - type 3: two extra cells in a house, whose extra digits form a naked set with other cells
//!   of the house, which clears the rest of the house (SE's hidden-set variant of type 3 is
//!   not used: as written from its description it removed true candidates);
//! - type 4: two extra cells in a house where one of the two digits has no other place: the
//!   other digit goes from both.
//!
//! SE rates them 4.5, plus a tenth for six cells, two for eight and five from ten (its own
//! arithmetic), plus a tenth per digit of a type 3 set beyond the first. The producer offers
//! the lowest rated (then the lowest type).

use super::table::SeTechnique;
use super::{Hint, Scene};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::techniques::{digits_of, for_each_combination};

/// Candidates a pattern removes, as (cell, digit).
type Eliminations = Vec<(usize, usize)>;

/// Loops longer than this are not searched.
const LONGEST: usize = 14;

/// The lowest rated unique rectangle or loop, if any.
pub(crate) fn produce(scene: &Scene<'_>, board: &Board<2>, tenths: u32) -> Option<Hint> {
    if !scene.unique {
        return None;
    }
    let layout = scene.layout;
    let changed = scene.changed(SeTechnique::UniqueRectangle, board);
    // the rows, columns and boxes holding a cell whose candidates changed
    let touched: Option<Vec<usize>> = changed.as_ref().map(|changed| {
        let mut houses: Vec<usize> = changed
            .iter()
            .flat_map(|cell| layout.cell_houses[cell].iter().take(3).copied())
            .collect();
        houses.sort_unstable();
        houses.dedup();
        houses
    });
    let mut best: Option<(u32, u8, Hint)> = None;
    let mut in_house = vec![(0u8, 0u8); layout.houses.len()];
    for start in board.empty.iter() {
        if board.count(start) != 2 {
            continue;
        }
        let pair = board.candidates[start];
        let cells: CellSet<2> = digits_of(pair)
            .map(|digit| board.digit_cells[digit])
            .fold(board.empty, |set, digit| set & digit);
        if let (Some(changed), Some(touched)) = (&changed, &touched) {
            if !may_find(scene, board, cells, pair, changed, touched) {
                continue;
            }
        }
        let mut search = Search {
            scene,
            board,
            cells,
            pair,
            base: tenths,
            path: Vec::with_capacity(LONGEST),
            on_path: CellSet::EMPTY,
            in_house: &mut in_house,
            best: &mut best,
        };
        search.push(start);
        // the start holds the pair alone
        search.extend(start, usize::MAX, (0, 0));
        search.pop();
    }
    scene.note(SeTechnique::UniqueRectangle, board, best.is_some());
    best.map(|(_, _, hint)| hint)
}

/// Whether a loop of `pair` on `cells` may remove something now that it found nothing when
/// the cells `changed` and the houses `touched` (those holding a changed cell) were as
/// before. Candidates only go during a rating. A loop whose cells kept their candidates is
/// the same loop with the same extra cells: its type 1 removes candidates of its own cells
/// (as before, none), its type 2 candidates of cells seeing its extra cells, which only
/// went since (none either). Its types 3 and 4 read the other cells of a house holding its
/// two extra cells: they may find something new only when that house holds a changed cell.
fn may_find(
    scene: &Scene<'_>,
    board: &Board<2>,
    cells: CellSet<2>,
    pair: u32,
    changed: &CellSet<2>,
    touched: &[usize],
) -> bool {
    if !(cells & *changed).is_empty() {
        return true;
    }
    let extra: CellSet<2> = cells
        .iter()
        .filter(|&cell| board.candidates[cell] != pair)
        .collect();
    touched
        .iter()
        .any(|&house| (scene.layout.houses[house].set & extra).len() >= 2)
}

struct Search<'a> {
    scene: &'a Scene<'a>,
    board: &'a Board<2>,
    cells: CellSet<2>,
    pair: u32,
    base: u32,
    path: Vec<usize>,
    /// The cells of the path.
    on_path: CellSet<2>,
    /// Per house, how many path cells it holds and the position of the first.
    in_house: &'a mut [(u8, u8)],
    best: &'a mut Option<(u32, u8, Hint)>,
}

impl Search<'_> {
    /// Adds `cell` to the path.
    fn push(&mut self, cell: usize) {
        let position = self.path.len() as u8;
        for &house in self.scene.layout.cell_houses[cell].iter().take(3) {
            let entry = &mut self.in_house[house];
            if entry.0 == 0 {
                entry.1 = position;
            }
            entry.0 += 1;
        }
        self.path.push(cell);
        self.on_path.insert(cell);
    }

    /// Takes the path's last cell off.
    fn pop(&mut self) {
        if let Some(cell) = self.path.pop() {
            self.on_path.remove(cell);
            for &house in self.scene.layout.cell_houses[cell].iter().take(3) {
                self.in_house[house].0 -= 1;
            }
        }
    }

    /// Extends the path from `cell`, which it entered through a house of kind `through`
    /// (0 rows, 1 columns, 2 boxes); `extras` counts the path's cells with extra digits and
    /// gathers those digits.
    fn extend(&mut self, cell: usize, through: usize, extras: (usize, u32)) {
        let layout = self.scene.layout;
        let start = self.path[0];
        for (kind, &house) in layout.cell_houses[cell].iter().take(3).enumerate() {
            if kind == through {
                continue;
            }
            for next in (layout.houses[house].set & self.cells).iter() {
                if next == start {
                    if self.path.len() >= 4 {
                        self.close();
                    }
                    continue;
                }
                if self.on_path.contains(next) || self.path.len() >= LONGEST || !self.fits(next) {
                    continue;
                }
                // the loop may still be of some type: at most two cells with extra digits,
                // or any number sharing one single extra digit
                let extra = self.board.candidates[next] & !self.pair;
                let with = (extras.0 + usize::from(extra != 0), extras.1 | extra);
                if with.0 > 2 && with.1.count_ones() != 1 {
                    continue;
                }
                self.push(next);
                self.extend(next, kind, with);
                self.pop();
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
            .take(3)
            .all(|&house| match self.in_house[house] {
                (0, _) => true,
                (1, other) => (usize::from(other) + position) % 2 == 1,
                _ => false,
            })
    }

    /// The path closes into a loop: checks every house it touches holds two of its cells and
    /// looks for the types.
    fn close(&mut self) {
        let layout = self.scene.layout;
        let path = &self.path;
        if path.len() % 2 == 1 {
            return;
        }
        for &cell in path {
            for &house in layout.cell_houses[cell].iter().take(3) {
                let set = &layout.houses[house].set;
                if path.iter().filter(|&&other| set.contains(other)).count() != 2 {
                    return;
                }
            }
        }
        let length_bonus = match path.len() {
            length if length >= 10 => 5,
            length if length >= 8 => 2,
            length if length >= 6 => 1,
            _ => 0,
        };
        let extra: Vec<usize> = path
            .iter()
            .copied()
            .filter(|&cell| self.board.candidates[cell] != self.pair)
            .collect();
        let mut found: Vec<(u32, u8, Eliminations)> = Vec::new();
        match extra[..] {
            [] => {}
            [only] => found.push((
                0,
                1,
                digits_of(self.pair).map(|digit| (only, digit)).collect(),
            )),
            [first, second] => {
                let extras =
                    (self.board.candidates[first] | self.board.candidates[second]) & !self.pair;
                if extras.count_ones() == 1 {
                    found.push((0, 2, self.type_two(&extra)));
                } else {
                    found.extend(
                        self.type_three(first, second, extras)
                            .into_iter()
                            .map(|(bonus, gone)| (bonus, 3, gone)),
                    );
                }
                if let Some(gone) = self.type_four(first, second) {
                    found.push((0, 4, gone));
                }
            }
            _ => found.push((0, 2, self.type_two(&extra))),
        }
        for (bonus, kind, eliminations) in found {
            let eliminations: Vec<(usize, usize)> = eliminations
                .into_iter()
                .filter(|&(cell, digit)| self.board.has(cell, digit))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let tenths = self.base + length_bonus + bonus;
            let better = self
                .best
                .as_ref()
                .is_none_or(|(kept, kept_kind, _)| (tenths, kind) < (*kept, *kept_kind));
            if better {
                let mut hint = Hint::new(SeTechnique::UniqueRectangle, tenths);
                hint.eliminations = eliminations;
                hint.cells = self.path.clone();
                *self.best = Some((tenths, kind, hint));
            }
        }
    }

    /// Type 2: the one extra digit goes from every cell seeing all the extra cells.
    fn type_two(&self, extra: &[usize]) -> Vec<(usize, usize)> {
        let layout = self.scene.layout;
        let digits = extra
            .iter()
            .fold(0u32, |mask, &cell| mask | self.board.candidates[cell])
            & !self.pair;
        if digits.count_ones() != 1 {
            return Vec::new();
        }
        let digit = digits.trailing_zeros() as usize;
        let cells: CellSet<2> = extra.iter().copied().collect();
        (layout.common_peers(&cells) & self.board.digit_cells[digit] & self.board.empty)
            .minus(&cells)
            .iter()
            .map(|cell| (cell, digit))
            .collect()
    }

    /// The rows, columns and boxes holding both cells, in SE's order (boxes, rows, columns).
    fn shared_houses(&self, first: usize, second: usize) -> Vec<usize> {
        let layout = self.scene.layout;
        let mut houses: Vec<usize> = layout.cell_houses[first]
            .iter()
            .take(3)
            .copied()
            .filter(|&house| layout.houses[house].set.contains(second))
            .collect();
        houses.sort_by_key(|&house| (!layout.is_box(house), house));
        houses
    }

    /// Type 4: one digit of the pair has no place in a shared house but the two cells.
    fn type_four(&self, first: usize, second: usize) -> Option<Vec<(usize, usize)>> {
        let board = self.board;
        let houses = self.shared_houses(first, second);
        for locked in digits_of(self.pair) {
            for &house in &houses {
                if board.free(house, locked) == 2 {
                    let other = (self.pair & !(1 << locked)).trailing_zeros() as usize;
                    return Some(vec![(first, other), (second, other)]);
                }
            }
        }
        None
    }

    /// Type 3: naked sets of the extra digits with other cells of a shared house, each with
    /// its extra rating.
    fn type_three(
        &self,
        first: usize,
        second: usize,
        extras: u32,
    ) -> Vec<(u32, Vec<(usize, usize)>)> {
        let layout = self.scene.layout;
        let board = self.board;
        let mut found = Vec::new();
        let houses = self.shared_houses(first, second);
        let common = extras & board.candidates[first] & board.candidates[second];
        for degree in extras.count_ones() as usize..=7 {
            for &house in &houses {
                let empty: Vec<usize> = (layout.houses[house].set & board.empty).iter().collect();
                let others: Vec<usize> = empty
                    .iter()
                    .copied()
                    .filter(|&cell| cell != first && cell != second)
                    .collect();
                if degree * 2 <= empty.len() && degree >= 2 {
                    for_each_combination(others.len(), degree - 1, |chosen: &[usize]| {
                        let union = chosen
                            .iter()
                            .fold(0u32, |mask, &index| mask | board.candidates[others[index]]);
                        if (union | common).count_ones() as usize != degree
                            || (union | extras).count_ones() as usize != degree
                        {
                            return false;
                        }
                        let naked = union | extras;
                        let set: Vec<usize> = chosen.iter().map(|&index| others[index]).collect();
                        let gone: Vec<(usize, usize)> = others
                            .iter()
                            .copied()
                            .filter(|cell| !set.contains(cell))
                            .flat_map(|cell| {
                                digits_of(board.candidates[cell] & naked)
                                    .map(move |digit| (cell, digit))
                            })
                            .collect();
                        if !gone.is_empty() {
                            found.push((degree as u32 - 1, gone));
                        }
                        false
                    });
                }
            }
        }
        found
    }
}
