//! Fish: basic (X-Wing, Swordfish, Jellyfish), finned and sashimi, and Franken (boxes among
//! the base or cover houses), found in HoDoKu's order: digit, rows-as-base before
//! columns-as-base, base combinations then cover combinations in increasing house order.

use super::Context;
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
        let candidates = board.digit_cells[digit];
        // base lines that lost no candidate since the search last found nothing for this
        // digit still give nothing: their fins stay, and the covers can only lose targets
        let removed = match context.memo.barren_cells(key, digit) {
            Some(before) if before == candidates => continue,
            Some(before) if candidates.is_subset(&before) => Some(before.minus(&candidates)),
            _ => None,
        };
        for rows_as_base in [true, false] {
            let touched = removed.map_or(u32::MAX, |removed| {
                removed.iter().fold(0, |acc, cell| {
                    let line = if rows_as_base {
                        layout.row(cell)
                    } else {
                        layout.column(cell)
                    };
                    acc | 1 << line
                })
            });
            // positions of the digit in every line, and lines holding it at every position
            let mut masks = [0u32; 32];
            let mut cross = [0u32; 32];
            for cell in candidates.iter() {
                let (row, column) = (layout.row(cell), layout.column(cell));
                let (line, position) = if rows_as_base {
                    (row, column)
                } else {
                    (column, row)
                };
                masks[line] |= 1 << position;
                cross[position] |= 1 << line;
            }
            let mut lines = [0usize; 32];
            let mut line_count = 0;
            for line in 0..n {
                if masks[line] != 0
                    && (fins != Fins::None || masks[line].count_ones() as usize <= size)
                {
                    lines[line_count] = line;
                    line_count += 1;
                }
            }
            let lines = &lines[..line_count];
            let (line_block, position_block) = if rows_as_base {
                (layout.box_rows, layout.box_columns)
            } else {
                (layout.box_columns, layout.box_rows)
            };
            let mut chunks = [0u32; 32];
            let chunk_count = n.div_ceil(position_block);
            for (chunk, mask) in chunks.iter_mut().enumerate().take(chunk_count) {
                *mask = (chunk * position_block..((chunk + 1) * position_block).min(n))
                    .fold(0, |acc, p| acc | 1 << p);
            }
            let chunks = &chunks[..chunk_count];
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
            let mut covers: Vec<u32> = Vec::new();
            combinations_pruned(lines, &masks, touched, size, &feasible, |chosen| {
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
                    // outside one box's positions, and some of those inside; all covers
                    // have `size` positions, tried in lexicographic order of their lists
                    covers.clear();
                    for &chunk in chunks {
                        let inside = chunk & union;
                        let required = union & !inside;
                        let needed = size as isize - required.count_ones() as isize;
                        if needed < 0 || inside == 0 || needed as u32 >= inside.count_ones() {
                            continue;
                        }
                        // every subset of `inside` with `needed` positions
                        let mut picked = inside;
                        loop {
                            if picked.count_ones() == needed as u32 {
                                covers.push(required | picked);
                            }
                            if picked == 0 {
                                break;
                            }
                            picked = (picked - 1) & inside;
                        }
                    }
                    // for sets of one size, lexicographic order of the position lists is
                    // descending order of the bit-reversed masks
                    covers.sort_unstable_by_key(|&cover| std::cmp::Reverse(cover.reverse_bits()));
                    covers.dedup();
                    for &cover in covers.iter() {
                        result = check_cover(cover);
                        if result.is_some() {
                            return true;
                        }
                    }
                    return false;
                }
                // a position left out of the cover makes a fin of each base line's cell there:
                // covers leaving out more than MAX_FINS such cells are skipped unvisited
                let mut weights = [0u32; 32];
                for &(_, mask) in base.iter() {
                    for position in super::digits_of(mask) {
                        weights[position] += 1;
                    }
                }
                let positions: Vec<usize> = super::digits_of(union).collect();
                let covers = Covers {
                    positions: &positions,
                    weights: &weights,
                    most_left: MAX_FINS as u32,
                };
                covers.walk(0, size, 0, 0, &mut |cover| {
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

/// The covers of a finned fish over some positions: subsets of a size, in lexicographic order
/// of their lists, leaving out positions whose base cells (`weights`) are at most `most_left`.
struct Covers<'a> {
    positions: &'a [usize],
    weights: &'a [u32; 32],
    most_left: u32,
}

impl Covers<'_> {
    /// Visits the covers that hold `cover` (from `positions[..index]`, which leave out cells
    /// weighing `left`) and `remaining` more positions from `index` on, taking a position
    /// before leaving it out (the lexicographic order); stops when `visit` returns `true`.
    fn walk(
        &self,
        index: usize,
        remaining: usize,
        cover: u32,
        left: u32,
        visit: &mut impl FnMut(u32) -> bool,
    ) -> bool {
        if remaining == 0 {
            let rest: u32 = self.positions[index..]
                .iter()
                .map(|&position| self.weights[position])
                .sum();
            return left + rest <= self.most_left && visit(cover);
        }
        if self.positions.len() - index < remaining {
            return false;
        }
        let position = self.positions[index];
        if self.walk(index + 1, remaining - 1, cover | 1 << position, left, visit) {
            return true;
        }
        let left = left + self.weights[position];
        left <= self.most_left && self.walk(index + 1, remaining, cover, left, visit)
    }
}

/// Visits the `size`-subsets of `lines` in lexicographic order, skipping every subset whose
/// partial union of positions is not `feasible` and every subset without a line of
/// `touched` (a mask of line numbers); stops when `visit` returns `true`.
fn combinations_pruned(
    lines: &[usize],
    masks: &[u32],
    touched: u32,
    size: usize,
    feasible: &impl Fn(u32) -> bool,
    mut visit: impl FnMut(&[usize]) -> bool,
) -> bool {
    struct Walk<'a, F, V> {
        lines: &'a [usize],
        masks: &'a [u32],
        touched: u32,
        size: usize,
        feasible: &'a F,
        visit: V,
        chosen: [usize; 32],
        count: usize,
        /// For every position in `lines`: whether a touched line comes at or after it.
        touched_after: [bool; 33],
    }
    impl<F: Fn(u32) -> bool, V: FnMut(&[usize]) -> bool> Walk<'_, F, V> {
        fn recurse(&mut self, start: usize, union: u32, fresh: bool) -> bool {
            if !fresh && !self.touched_after[start] {
                return false;
            }
            let remaining = self.size - self.count;
            for position in start..self.lines.len() {
                if self.lines.len() - position < remaining {
                    break;
                }
                let line = self.lines[position];
                let fresh = fresh || self.touched & (1 << line) != 0;
                if remaining == 1 && !fresh {
                    continue;
                }
                let next = union | self.masks[line];
                if !(self.feasible)(next) {
                    continue;
                }
                self.chosen[self.count] = position;
                self.count += 1;
                let done = if remaining == 1 {
                    (self.visit)(&self.chosen[..self.count])
                } else {
                    self.recurse(position + 1, next, fresh)
                };
                self.count -= 1;
                if done {
                    return true;
                }
            }
            false
        }
    }
    let mut touched_after = [false; 33];
    for position in (0..lines.len()).rev() {
        touched_after[position] =
            touched_after[position + 1] || touched & (1 << lines[position]) != 0;
    }
    let mut walk = Walk {
        lines,
        masks,
        touched,
        size,
        feasible,
        visit: &mut visit,
        chosen: [0; 32],
        count: 0,
        touched_after,
    };
    walk.recurse(0, 0, false)
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
    let mut scratch = Scratch {
        covers: Vec::with_capacity(3 * n),
        best_after: Vec::with_capacity(3 * n + 1),
        gains: vec![0; 3 * n],
    };
    let mut touched_after: Vec<bool> = Vec::with_capacity(3 * n + 1);
    let cover_houses: [Vec<(CellSet<W>, CellSet<W>, usize)>; 2] = [0, 1].map(|slot| {
        (0..layout.cell_count)
            .map(|cell| {
                let houses = &layout.cell_houses[cell];
                let line = layout.houses[houses[slot]].set;
                (line, layout.houses[houses[2]].set, houses[2])
            })
            .collect()
    });
    for digit in 0..n {
        let candidates = board.digit_cells[digit];
        // a base set that lost no candidate since the search last found nothing for this
        // digit still gives nothing: its fins stay, and the covers can only lose targets
        let touched = match context.memo.barren_cells(key, digit) {
            Some(before) if before == candidates => continue,
            Some(before) if candidates.is_subset(&before) => {
                let mut houses = 0u128;
                for cell in before.minus(&candidates).iter() {
                    for &house in &layout.cell_houses[cell] {
                        houses |= 1 << house;
                    }
                }
                houses
            }
            _ => u128::MAX,
        };
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
            touched_after.clear();
            touched_after.resize(base_units.len() + 1, false);
            for position in (0..base_units.len()).rev() {
                touched_after[position] =
                    touched_after[position + 1] || touched & (1 << base_units[position].house) != 0;
            }
            let mut search = FrankenSearch {
                context,
                board,
                digit,
                size,
                finned,
                limit: if finned { MAX_FINS } else { 0 },
                cover_units: &cover_units,
                cross_slot: usize::from(rows_as_base),
                cover_houses: &cover_houses[usize::from(rows_as_base)],
                base: Vec::with_capacity(size),
                base_houses: 0,
                candidates,
                touched,
                touched_after: &touched_after,
                scratch: &mut scratch,
            };
            let found = search.base_level(&base_units, 0, CellSet::EMPTY, 0, CellSet::EMPTY, false);
            if found.is_some() {
                return found;
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

/// Buffers the search reuses from one base to the next.
struct Scratch<const W: usize> {
    /// The covers of the current base, in house order.
    covers: Vec<Cover<W>>,
    /// For every position in `covers`: the largest and the sum of the two largest gains
    /// from that position on.
    best_after: Vec<[usize; 2]>,
    /// For every house: how many cells of the (partial) base it holds; zero between uses.
    gains: Vec<usize>,
}

/// The search of one digit and direction: base sets in increasing house order, and for each
/// the cover sets in increasing order, the first pair that eliminates something winning.
/// Base and cover sets that cannot leave few enough fins are skipped by counting: every
/// base cell outside the covers is a fin, and a cover house covers at most its `gain`; a
/// cover set is checked in full only if some candidate it holds sees every fin.
/// Counts are kept by hand, cell by cell: without a population count instruction (the
/// default target has none), counting bits is what such a search would spend its time on.
struct FrankenSearch<'a, 'b, const W: usize> {
    context: &'a Context<'b, W>,
    board: &'a Board<W>,
    digit: usize,
    size: usize,
    finned: bool,
    /// How many base cells may stay uncovered.
    limit: usize,
    cover_units: &'a [Unit<W>],
    /// Where a cell's cover line is in its `cell_houses` (1: its column, 0: its row).
    cross_slot: usize,
    /// For every cell: its cover line's cells, its box's cells and its box's house number.
    cover_houses: &'a [(CellSet<W>, CellSet<W>, usize)],
    base: Vec<Unit<W>>,
    /// The houses of `base`, as a mask.
    base_houses: u128,
    /// The digit's candidates.
    candidates: CellSet<W>,
    /// The houses that lost candidates since the search last found nothing (all when it
    /// did not): only base sets with one of them can give something new.
    touched: u128,
    /// For every position in the base units: whether a touched one comes at or after it.
    touched_after: &'a [bool],
    scratch: &'a mut Scratch<W>,
}

impl<const W: usize> FrankenSearch<'_, '_, W> {
    fn base_level(
        &mut self,
        units: &[Unit<W>],
        start: usize,
        cells: CellSet<W>,
        count: usize,
        endo: CellSet<W>,
        touched: bool,
    ) -> Option<Finding> {
        if !touched && !self.touched_after[start] {
            return None;
        }
        let endo_count = endo.sparse_len();
        let last = self.base.len() + 1 == self.size;
        for position in start..units.len() {
            if !self.context.memo.charge(1) {
                return None;
            }
            let unit = units[position];
            let touched = touched || self.touched & (1 << unit.house) != 0;
            if last && !touched {
                continue;
            }
            let overlap = cells & unit.cells;
            let overlap_count = overlap.sparse_len();
            if overlap_count > 0 && (!self.finned || endo_count + overlap_count > MAX_ENDO_FINS) {
                continue;
            }
            let union = cells | unit.cells;
            let union_count = count + unit.cells.sparse_len() - overlap_count;
            let endo = endo | overlap;
            self.base.push(unit);
            self.base_houses |= 1 << unit.house;
            let found = if self.finned
                && self.base.len() >= 2
                && !self.has_target(union, endo, self.base.len() == self.size)
            {
                None
            } else if self.base.len() == self.size {
                self.cover_search(union, union_count, endo)
            } else if self.coverable(union, union_count) {
                self.base_level(units, position + 1, union, union_count, endo, touched)
            } else {
                None
            };
            self.base.pop();
            self.base_houses &= !(1 << unit.house);
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Counts in `scratch.gains`, for every house, the cells of `cells` it holds (cover
    /// lines and boxes only).
    fn count_gains(&mut self, cells: CellSet<W>) {
        let cell_houses = &self.context.layout.cell_houses;
        for cell in cells.iter() {
            let houses = &cell_houses[cell];
            self.scratch.gains[houses[self.cross_slot]] += 1;
            self.scratch.gains[houses[2]] += 1;
        }
    }

    /// Whether some candidate could be eliminated by a fish on this base (`whole`) or on a
    /// base holding it. A target sees every fin, endo fins included, so the base cells it
    /// does not see must be covered; and the cover holding the target covers none of them
    /// (its other cells see the target). So they lie in `size - 1` covers, or `size - 2`
    /// when the target is a base cell (a cannibal is covered twice: by its line and box).
    fn has_target(&self, base: CellSet<W>, endo: CellSet<W>, whole: bool) -> bool {
        let layout = self.context.layout;
        let mut targets = self.candidates;
        for cell in endo.iter() {
            targets &= layout.peers[cell];
        }
        targets.iter().any(|target| {
            let mut unseen = base.minus(&layout.peers[target]);
            unseen.remove(target);
            if whole && base.contains(target) {
                let box_house = self.cover_houses[target].2;
                self.base_houses & (1 << box_house) == 0 && self.covered_by(unseen, self.size - 2)
            } else {
                self.covered_by(unseen, self.size - 1)
            }
        })
    }

    /// Whether `count` cover houses (a cell's cover line, or its box unless the box is a
    /// base house) can hold all of `cells`.
    fn covered_by(&self, cells: CellSet<W>, count: usize) -> bool {
        match count {
            0 => cells.is_empty(),
            1 => self.in_one_cover(cells),
            _ => {
                // past the work limit the answer no longer matters: the grading stops
                if !self.context.memo.charge(1) {
                    return false;
                }
                let Some(cell) = cells.first() else {
                    return true;
                };
                let (line, box_cells, box_house) = self.cover_houses[cell];
                self.covered_by(cells.minus(&line), count - 1)
                    || (self.base_houses & (1 << box_house) == 0
                        && self.covered_by(cells.minus(&box_cells), count - 1))
            }
        }
    }

    /// Whether one cover house holds all of `cells`.
    #[inline]
    fn in_one_cover(&self, cells: CellSet<W>) -> bool {
        let Some(cell) = cells.first() else {
            return true;
        };
        let (line, box_cells, box_house) = self.cover_houses[cell];
        cells.is_subset(&line)
            || (self.base_houses & (1 << box_house) == 0 && cells.is_subset(&box_cells))
    }

    /// Whether `size` covers could leave at most `limit` cells of a partial base uncovered
    /// (a whole base holds these cells, and has fewer covers to choose from).
    fn coverable(&mut self, cells: CellSet<W>, count: usize) -> bool {
        self.count_gains(cells);
        let mut top = [0usize; 3];
        for unit in self.cover_units {
            let gain = std::mem::take(&mut self.scratch.gains[unit.house]);
            if self.base_houses & (1 << unit.house) != 0 {
                continue;
            }
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
        count <= best + self.limit
    }

    fn cover_search(
        &mut self,
        base: CellSet<W>,
        total: usize,
        endo: CellSet<W>,
    ) -> Option<Finding> {
        self.count_gains(base);
        self.scratch.covers.clear();
        for unit in self.cover_units {
            let gain = std::mem::take(&mut self.scratch.gains[unit.house]);
            if gain > 0 && self.base_houses & (1 << unit.house) == 0 {
                self.scratch.covers.push(Cover { unit: *unit, gain });
            }
        }
        let count = self.scratch.covers.len();
        if count < self.size {
            return None;
        }
        let best_after = &mut self.scratch.best_after;
        best_after.clear();
        best_after.resize(count + 1, [0, 0]);
        for position in (0..count).rev() {
            let gain = self.scratch.covers[position].gain;
            let [first, pair] = best_after[position + 1];
            let second = pair - first;
            best_after[position] = if gain > first {
                [gain, gain + first]
            } else {
                [first, first + gain.max(second)]
            };
        }
        let limit = self.limit;
        let covers = &self.scratch.covers;
        let best_after = &self.scratch.best_after;
        // a target sees every fin: the endo fins narrow the targets once for all covers
        let seeing_endo = if endo.is_empty() {
            self.context.layout.all_cells
        } else {
            self.context.layout.common_peers(&endo)
        };
        if self.size == 2 {
            for first in 0..count - 1 {
                let one = covers[first];
                if total > one.gain + best_after[first + 1][0] + limit {
                    continue;
                }
                let rest = base.minus(&one.unit.cells);
                let rest_count = total - one.gain;
                for second in first + 1..count {
                    let two = covers[second];
                    if rest_count > two.gain + limit {
                        continue;
                    }
                    let fins = rest.minus(&two.unit.cells);
                    if fins.sparse_len() > limit {
                        continue;
                    }
                    let covered = one.unit.cells | two.unit.cells;
                    let cannibal = one.unit.cells & two.unit.cells;
                    if !self.may_eliminate(base, endo, fins, covered, cannibal, seeing_endo) {
                        continue;
                    }
                    let found = self.check(base, endo, covered, cannibal, &[one.unit, two.unit]);
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
                let two = covers[second];
                let covered = one.unit.cells | two.unit.cells;
                let cannibal = one.unit.cells & two.unit.cells;
                let twice = (cannibal & base).sparse_len();
                let rest_count = total + twice - one.gain - two.gain;
                if rest_count > best_after[second + 1][0] + limit {
                    continue;
                }
                let rest = base.minus(&covered);
                // a third cover holding neither of two cells left leaves both as fins:
                // then only a candidate seeing both (and the endo fins) can go
                let mut left = rest.iter();
                let pair = match (left.next(), left.next()) {
                    (Some(first_left), Some(second_left)) => {
                        let peers = &self.context.layout.peers;
                        let seen = seeing_endo & peers[first_left] & peers[second_left];
                        let eliminable = self.candidates.minus(&base) | (covered & base);
                        Some((first_left, second_left, seen, seen.intersects(&eliminable)))
                    }
                    _ => None,
                };
                for third in second + 1..count {
                    let three = covers[third];
                    if rest_count > three.gain + limit {
                        continue;
                    }
                    if let Some((first_left, second_left, seen, hopeful)) = pair {
                        if !three.unit.cells.contains(first_left)
                            && !three.unit.cells.contains(second_left)
                        {
                            if !hopeful {
                                continue;
                            }
                            let targets = (covered | three.unit.cells).minus(&base)
                                | cannibal
                                | (covered & three.unit.cells);
                            if !targets.intersects(&seen) {
                                continue;
                            }
                        }
                    }
                    let fins = rest.minus(&three.unit.cells);
                    if fins.sparse_len() > limit {
                        continue;
                    }
                    let cannibal = cannibal | (covered & three.unit.cells);
                    let covered = covered | three.unit.cells;
                    if !self.may_eliminate(base, endo, fins, covered, cannibal, seeing_endo) {
                        continue;
                    }
                    let found = self.check(
                        base,
                        endo,
                        covered,
                        cannibal,
                        &[one.unit, two.unit, three.unit],
                    );
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
        None
    }

    /// A quick test that [`check`](Self::check) could succeed: the fin count, and some
    /// candidate the covers hold (outside the base, or covered twice) that sees every fin.
    /// `uncovered` are the base cells outside the covers, `seeing_endo` the cells seeing
    /// every endo fin.
    #[inline]
    fn may_eliminate(
        &self,
        base: CellSet<W>,
        endo: CellSet<W>,
        uncovered: CellSet<W>,
        covered: CellSet<W>,
        cannibal: CellSet<W>,
        seeing_endo: CellSet<W>,
    ) -> bool {
        if !self.finned {
            return endo.is_empty() && uncovered.is_empty();
        }
        let count = (uncovered | endo).sparse_len();
        if count == 0 || count > MAX_FINS {
            return false;
        }
        let mut targets = (covered.minus(&base) | cannibal) & seeing_endo;
        let peers = &self.context.layout.peers;
        for fin in uncovered.iter() {
            if targets.is_empty() {
                return false;
            }
            targets &= peers[fin];
        }
        !targets.is_empty()
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
