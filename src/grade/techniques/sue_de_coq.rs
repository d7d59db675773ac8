//! Sue de Coq: cells of a box-line intersection whose digits are covered by a set of cells
//! in the line and a set in the box; each set's digits leave the rest of its house.

use super::{digits_of, Context};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

struct Search<'a, 'b, const W: usize> {
    context: &'a Context<'b, W>,
    board: &'a Board<W>,
    line_cells: CellSet<W>,
    box_cells: CellSet<W>,
    intersection: Vec<usize>,
    /// `intersection` as a set.
    intersection_set: CellSet<W>,
    intersection_digits: u32,
    line_chosen: Vec<usize>,
    line_digits: u32,
    /// Buffers reused from one candidate set to the next.
    line_source: Vec<usize>,
    box_source: Vec<usize>,
}

/// The first Sue de Coq in HoDoKu's order: rows then columns, each with every box, the
/// intersection's two- and three-cell subsets, then line sets, then box sets.
pub(crate) fn sue_de_coq<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    for lines in [0..n, n..2 * n] {
        for line in lines {
            let line_cells = layout.houses[line].set & board.empty;
            for number in 0..n {
                let box_house = layout.box_house(number);
                let box_cells = layout.houses[box_house].set & board.empty;
                let intersection = line_cells & box_cells;
                if !intersection.more_than_one() {
                    continue;
                }
                // the search of a line and a box depends on their cells only
                let slot = line * n + number;
                let depends = || {
                    layout.houses[line]
                        .cells
                        .iter()
                        .chain(&layout.houses[box_house].cells)
                        .copied()
                };
                if context
                    .memo
                    .is_barren_at(Technique::SueDeCoq, slot, board, depends())
                {
                    continue;
                }
                let cells = intersection.to_vec();
                let mut search = Search {
                    context,
                    board,
                    line_cells,
                    box_cells,
                    intersection: Vec::new(),
                    intersection_set: CellSet::EMPTY,
                    intersection_digits: 0,
                    line_chosen: Vec::new(),
                    line_digits: 0,
                    line_source: Vec::new(),
                    box_source: Vec::new(),
                };
                for first in 0..cells.len() {
                    for second in first + 1..cells.len() {
                        let digits =
                            board.candidates[cells[first]] | board.candidates[cells[second]];
                        if digits.count_ones() >= 4 {
                            search.intersection.clear();
                            search.intersection.extend([cells[first], cells[second]]);
                            if let Some(found) = search.check(digits) {
                                return Some(found);
                            }
                        }
                        for third in second + 1..cells.len() {
                            let digits = digits | board.candidates[cells[third]];
                            if digits.count_ones() >= 5 {
                                search.intersection.clear();
                                search.intersection.extend([
                                    cells[first],
                                    cells[second],
                                    cells[third],
                                ]);
                                if let Some(found) = search.check(digits) {
                                    return Some(found);
                                }
                            }
                        }
                    }
                }
                context
                    .memo
                    .set_barren_at(Technique::SueDeCoq, slot, board, depends());
            }
        }
    }
    None
}

impl<const W: usize> Search<'_, '_, W> {
    fn check(&mut self, digits: u32) -> Option<Finding> {
        self.intersection_digits = digits;
        let extra = digits.count_ones() as usize - self.intersection.len();
        self.intersection_set = self.intersection.iter().copied().collect();
        let mut source = std::mem::take(&mut self.line_source);
        source.clear();
        source.extend(self.line_cells.minus(&self.intersection_set).iter());
        let mut chosen = Vec::new();
        let found = self.line_sets(&source, 0, &mut chosen, CellSet::EMPTY, 0, extra);
        self.line_source = source;
        found
    }

    fn line_sets(
        &mut self,
        source: &[usize],
        start: usize,
        chosen: &mut Vec<usize>,
        chosen_set: CellSet<W>,
        digits: u32,
        extra: usize,
    ) -> Option<Finding> {
        for position in start..source.len() {
            if !self.context.memo.charge(1) {
                return None;
            }
            chosen.push(source[position]);
            let mut line_set = chosen_set;
            line_set.insert(source[position]);
            let union = digits | self.board.candidates[source[position]];
            let contained = (union & self.intersection_digits).count_ones() as usize;
            let outside = union & !self.intersection_digits;
            let extras = outside.count_ones() as usize;
            let level = chosen.len();
            if contained > 0 && level > extras && level - extras < extra {
                self.line_chosen.clear();
                self.line_chosen.extend_from_slice(chosen);
                self.line_digits = union;
                let mut box_source = std::mem::take(&mut self.box_source);
                box_source.clear();
                box_source.extend(
                    self.box_cells
                        .minus(&self.intersection_set)
                        .minus(&line_set)
                        .iter(),
                );
                let forbidden = union & !outside;
                let mut box_chosen = Vec::new();
                let found = self.box_sets(
                    &box_source,
                    0,
                    &mut box_chosen,
                    0,
                    forbidden,
                    extra - (level - extras),
                );
                self.box_source = box_source;
                if found.is_some() {
                    return found;
                }
            }
            if let Some(found) =
                self.line_sets(source, position + 1, chosen, line_set, union, extra)
            {
                return Some(found);
            }
            chosen.pop();
        }
        None
    }

    fn box_sets(
        &self,
        source: &[usize],
        start: usize,
        chosen: &mut Vec<usize>,
        digits: u32,
        forbidden: u32,
        needed: usize,
    ) -> Option<Finding> {
        for position in start..source.len() {
            if !self.context.memo.charge(1) {
                return None;
            }
            let union = digits | self.board.candidates[source[position]];
            if union & forbidden != 0 {
                // every larger set holds a forbidden digit too
                continue;
            }
            chosen.push(source[position]);
            let contained = (union & self.intersection_digits).count_ones() as usize;
            let extras = (union & !self.intersection_digits).count_ones() as usize;
            if contained > 0 && chosen.len().wrapping_sub(extras) == needed {
                if let Some(found) = self.step(chosen, union) {
                    return Some(found);
                }
            }
            if let Some(found) =
                self.box_sets(source, position + 1, chosen, union, forbidden, needed)
            {
                return Some(found);
            }
            chosen.pop();
        }
        None
    }

    fn step(&self, box_chosen: &[usize], box_digits: u32) -> Option<Finding> {
        let board = self.board;
        let intersection = self.intersection_set;
        let line_set: CellSet<W> = self.line_chosen.iter().copied().collect();
        let box_set: CellSet<W> = box_chosen.iter().copied().collect();
        let shared = box_digits & self.line_digits;
        let mut finding = Finding::new(Technique::SueDeCoq);
        let box_removed = ((self.intersection_digits | box_digits) & !self.line_digits) | shared;
        for cell in self.box_cells.minus(&box_set).minus(&intersection).iter() {
            for digit in digits_of(board.candidates[cell] & box_removed) {
                finding.eliminate(cell, digit);
            }
        }
        let line_removed = ((self.intersection_digits | self.line_digits) & !box_digits) | shared;
        for cell in self.line_cells.minus(&line_set).minus(&intersection).iter() {
            for digit in digits_of(board.candidates[cell] & line_removed) {
                finding.eliminate(cell, digit);
            }
        }
        if finding.eliminations.is_empty() {
            return None;
        }
        finding.cells = self.intersection.clone();
        finding.digits = self.intersection_digits;
        finding.groups = vec![
            self.intersection.clone(),
            box_chosen.to_vec(),
            self.line_chosen.clone(),
        ];
        let _ = self.context;
        Some(finding)
    }
}
