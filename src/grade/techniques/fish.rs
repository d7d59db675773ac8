//! Fish: basic (X-Wing, Swordfish, Jellyfish), finned and sashimi, and Franken (boxes among
//! the base or cover houses), found in HoDoKu's order: digit, rows-as-base before
//! columns-as-base, base combinations then cover combinations in increasing house order.

use super::{for_each_combination, Context};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// HoDoKu's limits on fins and endo fins.
const MAX_FINS: usize = 5;
const MAX_ENDO_FINS: usize = 2;

/// Which fins a basic fish search accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fins {
    /// No fins.
    None,
    /// Fins, but not sashimi.
    Finned,
    /// Sashimi (a base line left with at most one candidate once its fins are removed).
    Sashimi,
}

/// The first basic fish of `size` lines for a digit, with the given kind of fins.
pub(crate) fn basic<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    size: usize,
    fins: Fins,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    // on grids with only rows, columns and boxes a fin sees a target only through its box
    let plain = layout.houses.len() == 3 * n && layout.cages.is_empty();
    let key = match (fins, size) {
        (Fins::None, 2) => Technique::XWing,
        (Fins::None, 3) => Technique::Swordfish,
        (Fins::None, _) => Technique::Jellyfish,
        (Fins::Finned, 2) => Technique::FinnedXWing,
        (Fins::Finned, 3) => Technique::FinnedSwordfish,
        (Fins::Finned, _) => Technique::FinnedJellyfish,
        (Fins::Sashimi, 2) => Technique::SashimiXWing,
        (Fins::Sashimi, 3) => Technique::SashimiSwordfish,
        (Fins::Sashimi, _) => Technique::SashimiJellyfish,
    };
    for digit in 0..n {
        if context
            .memo
            .is_barren(key, digit, &board.digit_cells[digit])
        {
            continue;
        }
        for rows_as_base in [true, false] {
            let cell_at = |line: usize, position: usize| {
                if rows_as_base {
                    layout.index(line, position)
                } else {
                    layout.index(position, line)
                }
            };
            // positions of the digit in every line, and lines holding it at every position
            let mut masks = vec![0u32; n];
            let mut cross = vec![0u32; n];
            for line in 0..n {
                for position in 0..n {
                    if board.has(cell_at(line, position), digit) {
                        masks[line] |= 1 << position;
                        cross[position] |= 1 << line;
                    }
                }
            }
            let lines: Vec<usize> = (0..n)
                .filter(|&line| {
                    masks[line] != 0
                        && (fins != Fins::None || masks[line].count_ones() as usize <= size)
                })
                .collect();
            let (line_block, position_block) = if rows_as_base {
                (layout.box_rows, layout.box_columns)
            } else {
                (layout.box_columns, layout.box_rows)
            };
            let chunks: Vec<u32> = (0..n.div_ceil(position_block))
                .map(|chunk| {
                    (chunk * position_block..((chunk + 1) * position_block).min(n))
                        .fold(0, |acc, p| acc | 1 << p)
                })
                .collect();
            // whether some superset of lines with these positions could still be a fish
            let feasible = |union: u32| match fins {
                Fins::None => union.count_ones() as usize <= size,
                _ if plain => chunks
                    .iter()
                    .any(|chunk| ((union & !chunk).count_ones() as usize) < size),
                _ => union.count_ones() as usize <= size + MAX_FINS,
            };
            let mut result = None;
            let mut base: Vec<(usize, u32)> = Vec::with_capacity(size);
            combinations_pruned(&lines, &masks, size, &feasible, |chosen| {
                let union = chosen.iter().fold(0u32, |acc, &i| acc | masks[lines[i]]);
                let base_lines = chosen.iter().fold(0u32, |acc, &i| acc | 1 << lines[i]);
                let width = union.count_ones() as usize;
                base.clear();
                base.extend(chosen.iter().map(|&i| (lines[i], masks[lines[i]])));
                if fins == Fins::None {
                    if width != size {
                        return false;
                    }
                    if !super::digits_of(union).any(|p| cross[p] & !base_lines != 0) {
                        return false;
                    }
                    result = check_basic(context, board, digit, rows_as_base, &base, union, fins);
                    return result.is_some();
                }
                if width <= size {
                    return false;
                }
                let columns: Vec<usize> = super::digits_of(union).collect();
                let check_cover = |cover: u32| {
                    let outside = union & !cover;
                    let mut fin_count = 0;
                    let mut fin_lines = 0u32;
                    for &(line, mask) in base.iter() {
                        let extra = mask & outside;
                        if extra != 0 {
                            fin_count += extra.count_ones() as usize;
                            fin_lines |= 1 << line;
                        }
                    }
                    if fin_count == 0 || fin_count > MAX_FINS {
                        return None;
                    }
                    if plain {
                        let first_line = fin_lines.trailing_zeros() as usize / line_block;
                        let last_line = (31 - fin_lines.leading_zeros()) as usize / line_block;
                        let first_position = outside.trailing_zeros() as usize / position_block;
                        let last_position =
                            (31 - outside.leading_zeros()) as usize / position_block;
                        if first_line != last_line || first_position != last_position {
                            return None;
                        }
                        let band: u32 = (0..n)
                            .filter(|line| line / line_block == first_line)
                            .fold(0, |acc, line| acc | 1 << line);
                        let targets = super::digits_of(cover)
                            .filter(|p| p / position_block == first_position)
                            .any(|p| cross[p] & band & !base_lines != 0);
                        if !targets {
                            return None;
                        }
                    }
                    check_basic(context, board, digit, rows_as_base, &base, cover, fins)
                };
                if plain {
                    // the fins lie in one box: the cover holds every position of the union
                    // outside one box's positions, and some of those inside
                    let mut covers: Vec<u32> = Vec::new();
                    for chunk in 0..n.div_ceil(position_block) {
                        let inside: u32 = (chunk * position_block
                            ..((chunk + 1) * position_block).min(n))
                            .fold(0, |acc, p| acc | 1 << p)
                            & union;
                        let required = union & !inside;
                        let needed = size as isize - required.count_ones() as isize;
                        if needed < 0 || inside == 0 {
                            continue;
                        }
                        let optional: Vec<usize> = super::digits_of(inside).collect();
                        if needed as usize >= optional.len() {
                            continue;
                        }
                        if needed == 0 {
                            covers.push(required);
                        } else {
                            for_each_combination(optional.len(), needed as usize, |picked| {
                                covers.push(
                                    picked
                                        .iter()
                                        .fold(required, |acc, &i| acc | 1 << optional[i]),
                                );
                                false
                            });
                        }
                    }
                    covers.sort_by_key(|&cover| {
                        let mut key = [0u8; 32];
                        for (slot, p) in super::digits_of(cover).enumerate() {
                            key[slot] = p as u8;
                        }
                        key
                    });
                    covers.dedup();
                    for cover in covers {
                        result = check_cover(cover);
                        if result.is_some() {
                            return true;
                        }
                    }
                    return false;
                }
                for_each_combination(columns.len(), size, |cover_chosen| {
                    let cover = cover_chosen
                        .iter()
                        .fold(0u32, |acc, &i| acc | 1 << columns[i]);
                    result = check_cover(cover);
                    result.is_some()
                })
            });
            if result.is_some() {
                return result;
            }
        }
        context
            .memo
            .set_barren(key, digit, board.digit_cells[digit]);
    }
    None
}

/// Visits the `size`-subsets of `lines` in lexicographic order, skipping every subset whose
/// partial union of positions is not `feasible`; stops when `visit` returns `true`.
fn combinations_pruned(
    lines: &[usize],
    masks: &[u32],
    size: usize,
    feasible: &impl Fn(u32) -> bool,
    mut visit: impl FnMut(&[usize]) -> bool,
) -> bool {
    #[allow(clippy::too_many_arguments)]
    fn recurse(
        lines: &[usize],
        masks: &[u32],
        size: usize,
        feasible: &impl Fn(u32) -> bool,
        start: usize,
        union: u32,
        chosen: &mut Vec<usize>,
        visit: &mut impl FnMut(&[usize]) -> bool,
    ) -> bool {
        let remaining = size - chosen.len();
        for position in start..lines.len() {
            if lines.len() - position < remaining {
                break;
            }
            let next = union | masks[lines[position]];
            if !feasible(next) {
                continue;
            }
            chosen.push(position);
            let done = if chosen.len() == size {
                visit(chosen)
            } else {
                recurse(
                    lines,
                    masks,
                    size,
                    feasible,
                    position + 1,
                    next,
                    chosen,
                    visit,
                )
            };
            chosen.pop();
            if done {
                return true;
            }
        }
        false
    }
    let mut chosen = Vec::with_capacity(size);
    recurse(lines, masks, size, feasible, 0, 0, &mut chosen, &mut visit)
}

fn check_basic<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    digit: usize,
    rows_as_base: bool,
    base: &[(usize, u32)],
    cover: u32,
    fins: Fins,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    let cell_at = |line: usize, position: usize| {
        if rows_as_base {
            layout.index(line, position)
        } else {
            layout.index(position, line)
        }
    };
    let mut fin_cells: CellSet<W> = CellSet::EMPTY;
    let mut fin_count = 0;
    for &(line, mask) in base {
        let outside = mask & !cover;
        fin_count += outside.count_ones() as usize;
        for position in super::digits_of(outside) {
            fin_cells.insert(cell_at(line, position));
        }
    }
    let base_lines: u32 = base.iter().fold(0, |acc, &(line, _)| acc | 1 << line);
    let mut eliminations: CellSet<W> = CellSet::EMPTY;
    for position in super::digits_of(cover) {
        for line in 0..n {
            if base_lines & (1 << line) != 0 {
                continue;
            }
            let cell = cell_at(line, position);
            if board.has(cell, digit) {
                eliminations.insert(cell);
            }
        }
    }
    if fin_count == 0 {
        if fins != Fins::None {
            return None;
        }
    } else {
        if fins == Fins::None || fin_count > MAX_FINS {
            return None;
        }
        let buddies = layout.common_peers(&fin_cells);
        eliminations &= buddies;
        let sashimi = base
            .iter()
            .any(|&(_, mask)| (mask & cover).count_ones() <= 1);
        if sashimi != (fins == Fins::Sashimi) {
            return None;
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let size = base.len();
    let technique = match (fins, size) {
        (Fins::None, 2) => Technique::XWing,
        (Fins::None, 3) => Technique::Swordfish,
        (Fins::None, _) => Technique::Jellyfish,
        (Fins::Finned, 2) => Technique::FinnedXWing,
        (Fins::Finned, 3) => Technique::FinnedSwordfish,
        (Fins::Finned, _) => Technique::FinnedJellyfish,
        (Fins::Sashimi, 2) => Technique::SashimiXWing,
        (Fins::Sashimi, 3) => Technique::SashimiSwordfish,
        (Fins::Sashimi, _) => Technique::SashimiJellyfish,
    };
    let mut finding = Finding::new(technique);
    finding.digits = 1 << digit;
    for &(line, mask) in base {
        for position in super::digits_of(mask & cover) {
            finding.cells.push(cell_at(line, position));
        }
    }
    finding.cells.sort_unstable();
    let line_house = |line: usize, base: bool| {
        if rows_as_base == base {
            layout.row_house(line)
        } else {
            layout.column_house(line)
        }
    };
    finding.houses = base
        .iter()
        .map(|&(line, _)| line_house(line, true))
        .collect();
    finding
        .houses
        .extend(super::digits_of(cover).map(|position| line_house(position, false)));
    finding.fins = fin_cells.iter().map(|cell| (cell, digit)).collect();
    for cell in eliminations.iter() {
        finding.eliminate(cell, digit);
    }
    Some(finding)
}

/// One house usable as base or cover, with the digit's cells in it.
#[derive(Clone, Copy)]
struct Unit<const W: usize> {
    house: usize,
    cells: CellSet<W>,
}

/// The first Franken fish (rows or columns plus boxes as base, the other lines plus boxes as
/// cover) of `size`, finless or finned (endo fins allowed).
pub(crate) fn franken<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    size: usize,
    finned: bool,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    let key = match (size, finned) {
        (2, false) => Technique::FrankenXWing,
        (_, false) => Technique::FrankenSwordfish,
        (2, true) => Technique::FinnedFrankenXWing,
        (_, true) => Technique::FinnedFrankenSwordfish,
    };
    let mut base_units: Vec<Unit<W>> = Vec::with_capacity(3 * n);
    let mut cover_units: Vec<Unit<W>> = Vec::with_capacity(3 * n);
    let mut covers: Vec<Cover<W>> = Vec::with_capacity(3 * n);
    let mut best_after: Vec<[usize; 2]> = Vec::with_capacity(3 * n + 1);
    for digit in 0..n {
        let candidates = board.digit_cells[digit];
        if context.memo.is_barren(key, digit, &candidates) {
            continue;
        }
        for rows_as_base in [true, false] {
            base_units.clear();
            cover_units.clear();
            for house in 0..3 * n {
                let cells = candidates & layout.houses[house].set;
                if cells.is_empty() {
                    continue;
                }
                let unit = Unit { house, cells };
                let is_row = house < n;
                let is_box = layout.is_box(house);
                let as_base = is_box || (is_row == rows_as_base);
                let as_cover = is_box || (is_row != rows_as_base);
                if as_base && (finned || cells.len() <= size) {
                    base_units.push(unit);
                }
                if as_cover {
                    cover_units.push(unit);
                }
            }
            let mut search = FrankenSearch {
                context,
                board,
                digit,
                size,
                finned,
                limit: if finned { MAX_FINS } else { 0 },
                cover_units: &cover_units,
                base: Vec::with_capacity(size),
                covers: &mut covers,
                best_after: &mut best_after,
            };
            if let Some(finding) = search.base_level(&base_units, 0, CellSet::EMPTY, CellSet::EMPTY)
            {
                return Some(finding);
            }
        }
        context.memo.set_barren(key, digit, candidates);
    }
    None
}

/// A cover house for the current base, with how many base cells it covers.
#[derive(Clone, Copy)]
struct Cover<const W: usize> {
    unit: Unit<W>,
    gain: usize,
}

/// The search of one digit and direction: base sets in increasing house order, and for each
/// the cover sets in increasing order, the first pair that eliminates something winning.
/// Base and cover sets that cannot leave few enough fins are skipped by counting: every
/// base cell outside the covers is a fin, and a cover house covers at most its `gain`.
struct FrankenSearch<'a, 'b, const W: usize> {
    context: &'a Context<'b, W>,
    board: &'a Board<W>,
    digit: usize,
    size: usize,
    finned: bool,
    /// How many base cells may stay uncovered.
    limit: usize,
    cover_units: &'a [Unit<W>],
    base: Vec<Unit<W>>,
    /// The covers of the current base, in house order.
    covers: &'a mut Vec<Cover<W>>,
    /// For every position in `covers`: the largest and the sum of the two largest gains
    /// from that position on.
    best_after: &'a mut Vec<[usize; 2]>,
}

impl<const W: usize> FrankenSearch<'_, '_, W> {
    fn base_level(
        &mut self,
        units: &[Unit<W>],
        start: usize,
        cells: CellSet<W>,
        endo: CellSet<W>,
    ) -> Option<Finding> {
        for position in start..units.len() {
            let unit = units[position];
            let overlap = cells & unit.cells;
            if !overlap.is_empty() && (!self.finned || endo.len() + overlap.len() > MAX_ENDO_FINS) {
                continue;
            }
            let union = cells | unit.cells;
            let endo = endo | overlap;
            self.base.push(unit);
            let found = if self.base.len() == self.size {
                self.cover_search(union, endo)
            } else if self.coverable(union) {
                self.base_level(units, position + 1, union, endo)
            } else {
                None
            };
            self.base.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Whether `size` covers could leave at most `limit` cells of a partial base uncovered
    /// (a whole base holds these cells, and has fewer covers to choose from).
    fn coverable(&self, cells: CellSet<W>) -> bool {
        let mut top = [0usize; 3];
        for unit in self.cover_units {
            if self.base.iter().any(|base| base.house == unit.house) {
                continue;
            }
            let gain = (unit.cells & cells).len();
            if gain > top[2] {
                let mut slot = 2;
                while slot > 0 && top[slot - 1] < gain {
                    top[slot] = top[slot - 1];
                    slot -= 1;
                }
                top[slot] = gain;
            }
        }
        let best: usize = top[..self.size.min(3)].iter().sum();
        cells.len() <= best + self.limit
    }

    fn cover_search(&mut self, base: CellSet<W>, endo: CellSet<W>) -> Option<Finding> {
        self.covers.clear();
        for unit in self.cover_units {
            let gain = (unit.cells & base).len();
            if gain > 0 && !self.base.iter().any(|b| b.house == unit.house) {
                self.covers.push(Cover { unit: *unit, gain });
            }
        }
        let count = self.covers.len();
        if count < self.size {
            return None;
        }
        self.best_after.clear();
        self.best_after.resize(count + 1, [0, 0]);
        for position in (0..count).rev() {
            let gain = self.covers[position].gain;
            let [first, pair] = self.best_after[position + 1];
            let second = pair - first;
            self.best_after[position] = if gain > first {
                [gain, gain + first]
            } else {
                [first, first + gain.max(second)]
            };
        }
        let total = base.len();
        let limit = self.limit;
        let covers = &*self.covers;
        let best_after = &*self.best_after;
        if self.size == 2 {
            for first in 0..count - 1 {
                let one = covers[first];
                if total > one.gain + best_after[first + 1][0] + limit {
                    continue;
                }
                for second in first + 1..count {
                    let two = covers[second].unit;
                    let covered = one.unit.cells | two.cells;
                    if base.minus(&covered).len() > limit {
                        continue;
                    }
                    let cannibal = one.unit.cells & two.cells;
                    let found = self.check(base, endo, covered, cannibal, &[one.unit, two]);
                    if found.is_some() {
                        return found;
                    }
                }
            }
            return None;
        }
        for first in 0..count - 2 {
            let one = covers[first];
            if total > one.gain + best_after[first + 1][1] + limit {
                continue;
            }
            for second in first + 1..count - 1 {
                let two = covers[second].unit;
                let covered = one.unit.cells | two.cells;
                let rest = base.minus(&covered);
                if rest.len() > best_after[second + 1][0] + limit {
                    continue;
                }
                let cannibal = one.unit.cells & two.cells;
                for third in second + 1..count {
                    let three = covers[third].unit;
                    if rest.minus(&three.cells).len() > limit {
                        continue;
                    }
                    let cannibal = cannibal | (covered & three.cells);
                    let covered = covered | three.cells;
                    let found = self.check(base, endo, covered, cannibal, &[one.unit, two, three]);
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
        None
    }

    fn check(
        &self,
        base: CellSet<W>,
        endo: CellSet<W>,
        covered: CellSet<W>,
        cannibal: CellSet<W>,
        chosen: &[Unit<W>],
    ) -> Option<Finding> {
        let layout = self.context.layout;
        let fins = base.minus(&covered) | endo;
        let mut eliminations = covered.minus(&base);
        let mut cannibal = cannibal;
        if fins.is_empty() {
            if self.finned {
                return None;
            }
        } else {
            if !self.finned || fins.len() > MAX_FINS {
                return None;
            }
            let buddies = layout.common_peers(&fins);
            eliminations &= buddies;
            cannibal &= buddies;
        }
        if eliminations.is_empty() && cannibal.is_empty() {
            return None;
        }
        let base_boxes = self.base.iter().any(|unit| layout.is_box(unit.house));
        let cover_boxes = chosen.iter().any(|unit| layout.is_box(unit.house));
        let technique = match (base_boxes || cover_boxes, self.finned, self.size) {
            (true, false, 2) => Technique::FrankenXWing,
            (true, false, _) => Technique::FrankenSwordfish,
            (true, true, 2) => Technique::FinnedFrankenXWing,
            (true, true, _) => Technique::FinnedFrankenSwordfish,
            (false, false, 2) => Technique::XWing,
            (false, false, _) => Technique::Swordfish,
            (false, true, 2) => Technique::FinnedXWing,
            (false, true, _) => Technique::FinnedSwordfish,
        };
        let mut finding = Finding::new(technique);
        finding.digits = 1 << self.digit;
        finding.cells = base.minus(&fins).to_vec();
        finding.houses = self.base.iter().map(|unit| unit.house).collect();
        finding.houses.extend(chosen.iter().map(|unit| unit.house));
        finding.fins = fins.iter().map(|cell| (cell, self.digit)).collect();
        for cell in eliminations.iter() {
            finding.eliminate(cell, self.digit);
        }
        for cell in cannibal.iter() {
            if self.board.has(cell, self.digit) && !eliminations.contains(cell) {
                finding.eliminate(cell, self.digit);
            }
        }
        Some(finding)
    }
}
