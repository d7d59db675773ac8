//! The native engine's propagation of the variant rules of `model/variant/`, in files named
//! like the model's families. Every rule becomes one or more of four sound shapes:
//! - cells that must differ (anti-knight, anti-king, short extra regions, renban, free
//!   cages) join the
//!   peers of `layout.rs`, so naked singles carry them;
//! - a digit mask on one cell (even/odd);
//! - a link between two cells (Kropki dots, XV, negative constraints, whispers, clones,
//!   palindromes, thermometers, minimum/maximum, entropic and modular lines, indexers):
//!   for each digit of one cell, the digits the other may hold, revised as arc consistency;
//! - a tuple rule over a few cells (arrows, little killers, free cages' sums, quadruples,
//!   between, renban,
//!   zipper and region sum lines, sandwich, X-sum and skyscraper clues): the digits of each
//!   cell that some assignment of the rule's cells supports, by the bounded depth-first
//!   search the grader shares ([`crate::model::variant::tuple`]) that gives up (pruning
//!   nothing) past a work cap.
//!
//! None of them ever removes a digit a solution uses; completeness comes from the check of
//! every solution the search reaches against the puzzle's rules ([`VariantRules::holds`]).

mod cells;
mod lines;
mod pairs;
mod regions;
mod sums;

use std::collections::HashMap;

use crate::model::variant::tuple::{self, Completion, Shape, MAX_TUPLE_CELLS};
use crate::model::{Cell, Constraint, Grid, Puzzle};

use super::layout::{cell_index, full_mask, Layout};
use super::propagate::{Contradiction, Pass};
use super::search::MAX_DIGITS;

/// The cells that must hold different digits because of a variant rule (beyond houses and
/// cages), as groups: each group's cells differ pairwise.
pub(super) fn distinct_groups(puzzle: &Puzzle) -> Vec<Vec<u16>> {
    let geometry = puzzle.geometry();
    let mut groups = Vec::new();
    for constraint in puzzle.constraints() {
        match constraint {
            Constraint::ExtraRegion(cells) => groups.push(indices(cells)),
            Constraint::FreeCage(rule) => groups.push(indices(&rule.cells)),
            Constraint::Chess(rule) => pairs::chess_groups(geometry, *rule, &mut groups),
            Constraint::Line(line) => lines::distinct_group(line, &mut groups),
            _ => {}
        }
    }
    groups
}

/// A directed link: for each digit (bit index) of `from`, the digits `to` may hold.
#[derive(Clone, Debug)]
pub(super) struct Link {
    /// The cell whose change wakes the link.
    pub from: u16,
    /// The cell the link narrows.
    pub to: u16,
    /// `allowed[d]`: the digits of `to` compatible with digit `d` in `from`.
    pub allowed: [u32; MAX_DIGITS],
}

/// A rule over a few cells, propagated by its supports ([`tuple::supports`]); one longer
/// than [`MAX_TUPLE_CELLS`] is left to the check of each solution.
#[derive(Clone, Debug)]
pub(super) struct TupleRule {
    /// The cells, in the order the rule's check reads them.
    pub cells: Vec<u16>,
    /// What the cells must satisfy.
    pub shape: Shape,
    /// For each position, the earlier positions whose cells see it (must differ), one bit
    /// each.
    pub earlier_peers: Vec<u64>,
    /// The position of the rule among the puzzle's constraints, for reasons.
    pub source: usize,
}

/// Collects the shapes of every rule while the tables are built.
pub(super) struct Builder {
    size: usize,
    links: HashMap<(u16, u16), [u32; MAX_DIGITS]>,
    tuples: Vec<TupleRule>,
    masks: Vec<u32>,
    /// The constraint being read.
    source: usize,
}

impl Builder {
    fn new(size: usize) -> Builder {
        Builder {
            size,
            links: HashMap::new(),
            tuples: Vec::new(),
            masks: vec![full_mask(size); size * size],
            source: 0,
        }
    }

    /// The side of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Requires `related(a, b)` of the digits `a` in `first` and `b` in `second` (digits
    /// from 1), as links both ways; links on one pair of cells combine.
    pub fn relate(&mut self, first: Cell, second: Cell, related: impl Fn(u32, u32) -> bool) {
        let (first, second) = (cell_index(first.index()), cell_index(second.index()));
        if first == second {
            return;
        }
        let size = self.size;
        let forward = self
            .links
            .entry((first, second))
            .or_insert([full_mask(size); MAX_DIGITS]);
        for (digit, allowed) in forward.iter_mut().enumerate().take(size) {
            let mut mask = 0;
            for other in 0..size {
                if related(digit as u32 + 1, other as u32 + 1) {
                    mask |= 1 << other;
                }
            }
            *allowed &= mask;
        }
        let backward = self
            .links
            .entry((second, first))
            .or_insert([full_mask(size); MAX_DIGITS]);
        for (digit, allowed) in backward.iter_mut().enumerate().take(size) {
            let mut mask = 0;
            for other in 0..size {
                if related(other as u32 + 1, digit as u32 + 1) {
                    mask |= 1 << other;
                }
            }
            *allowed &= mask;
        }
    }

    /// Keeps only the digits `keep` (digits from 1 for which it is true) in `cell`.
    pub fn restrict(&mut self, cell: Cell, keep: impl Fn(u32) -> bool) {
        let mask = (0..self.size)
            .filter(|&digit| keep(digit as u32 + 1))
            .fold(0, |mask, digit| mask | 1 << digit);
        self.masks[cell.index()] &= mask;
    }

    /// Adds a tuple rule over `cells` (read in this order).
    pub fn tuple(&mut self, cells: &[Cell], shape: Shape) {
        if cells.is_empty() || cells.len() > MAX_TUPLE_CELLS {
            return;
        }
        self.tuples.push(TupleRule {
            cells: indices(cells),
            shape,
            earlier_peers: Vec::new(),
            source: self.source,
        });
    }
}

/// The variant rules of one puzzle as links, tuple rules and cell masks, with the puzzle's
/// rules to check each solution against.
#[derive(Clone, Debug, Default)]
pub(super) struct VariantRules {
    /// Links, grouped by the cell that wakes them.
    pub links: Vec<Link>,
    /// Links from cell `c` at `links[link_start[c]..link_start[c + 1]]`.
    link_start: Vec<u32>,
    /// The tuple rules.
    pub tuples: Vec<TupleRule>,
    /// The tuple rules on cell `c` at `cell_tuples[tuple_start[c]..tuple_start[c + 1]]`.
    cell_tuples: Vec<u16>,
    tuple_start: Vec<u32>,
    /// Cells whose digits a rule narrows before any given: (cell, digits kept).
    pub masks: Vec<(u16, u32)>,
    /// The puzzle's rules without givens, when it has variant rules: every solution the
    /// search reaches is checked against them.
    check: Option<Puzzle>,
}

impl VariantRules {
    /// The tables for `puzzle`'s variant rules; `layout` tells which cells see each other.
    pub fn new(puzzle: &Puzzle, layout: &Layout) -> VariantRules {
        if !puzzle.has_variant_rules() {
            return VariantRules::default();
        }
        let size = usize::from(puzzle.size());
        let mut builder = Builder::new(size);
        for (source, constraint) in puzzle.constraints().iter().enumerate() {
            builder.source = source;
            match constraint {
                Constraint::Distinct(_)
                | Constraint::Cage(_)
                | Constraint::Compare(_)
                | Constraint::Regions(_)
                | Constraint::ExtraRegion(_)
                | Constraint::Chess(_) => {}
                Constraint::Dot(dot) => pairs::dot(&mut builder, dot),
                Constraint::Negative(rule) => pairs::negative(&mut builder, puzzle, rule),
                Constraint::Clone(rule) => pairs::clone(&mut builder, rule),
                Constraint::Parity(rule) => cells::parity(&mut builder, rule),
                Constraint::PencilMarks(rule) => cells::pencil_marks(&mut builder, rule),
                Constraint::Extremum(rule) => cells::extremum(&mut builder, puzzle, rule),
                Constraint::Quadruple(rule) => cells::quadruple(&mut builder, rule),
                Constraint::Line(line) => lines::line(&mut builder, puzzle, line),
                Constraint::Arrow(rule) => sums::arrow(&mut builder, rule),
                Constraint::LittleKiller(rule) => sums::little_killer(&mut builder, puzzle, rule),
                Constraint::Outside(rule) => sums::outside(&mut builder, puzzle, rule),
                Constraint::Indexer(rule) => sums::indexer(&mut builder, puzzle, rule),
                Constraint::FreeCage(rule) => sums::free_cage(&mut builder, rule),
            }
        }
        let cell_count = size * size;
        let mut links: Vec<Link> = builder
            .links
            .into_iter()
            .filter(|(_, allowed)| allowed[..size].iter().any(|&mask| mask != full_mask(size)))
            .map(|((from, to), allowed)| Link { from, to, allowed })
            .collect();
        // Sorted so the tables, and the search, are the same on every run.
        links.sort_by_key(|link| (link.from, link.to));
        let mut link_start = vec![0u32; cell_count + 1];
        for link in &links {
            link_start[usize::from(link.from) + 1] += 1;
        }
        for cell in 0..cell_count {
            link_start[cell + 1] += link_start[cell];
        }
        let mut tuples = builder.tuples;
        for tuple in &mut tuples {
            tuple.earlier_peers = earlier_peers(layout, &tuple.cells);
        }
        let mut on_cell: Vec<Vec<u16>> = vec![Vec::new(); cell_count];
        for (number, tuple) in tuples.iter().enumerate() {
            for &cell in &tuple.cells {
                on_cell[usize::from(cell)].push(number as u16);
            }
        }
        let mut tuple_start = Vec::with_capacity(cell_count + 1);
        let mut cell_tuples = Vec::new();
        for list in on_cell {
            tuple_start.push(cell_tuples.len() as u32);
            cell_tuples.extend(list);
        }
        tuple_start.push(cell_tuples.len() as u32);
        let masks = builder
            .masks
            .iter()
            .enumerate()
            .filter(|(_, &mask)| mask != full_mask(size))
            .map(|(cell, &mask)| (cell_index(cell), mask))
            .collect();
        VariantRules {
            links,
            link_start,
            tuples,
            cell_tuples,
            tuple_start,
            masks,
            check: Some(
                puzzle
                    .with_givens(Grid::empty(puzzle.geometry()))
                    .expect("a puzzle without givens is valid when the puzzle is"),
            ),
        }
    }

    /// Whether there are variant rules at all.
    #[inline]
    pub fn is_active(&self) -> bool {
        self.check.is_some()
    }

    /// The links woken by `cell`.
    #[inline]
    pub fn links_from(&self, cell: usize) -> &[Link] {
        let start = self.link_start[cell] as usize;
        let end = self.link_start[cell + 1] as usize;
        &self.links[start..end]
    }

    /// The tuple rules on `cell`, by number.
    #[inline]
    pub fn tuples_on(&self, cell: usize) -> &[u16] {
        let start = self.tuple_start[cell] as usize;
        let end = self.tuple_start[cell + 1] as usize;
        &self.cell_tuples[start..end]
    }

    /// Whether a solved state (one digit per cell) obeys every rule of the puzzle: the
    /// safety net under propagation that may be incomplete.
    pub fn holds(&self, candidates: &[u32]) -> bool {
        let Some(puzzle) = &self.check else {
            return true;
        };
        let values: Vec<u8> = candidates
            .iter()
            .map(|mask| mask.trailing_zeros() as u8 + 1)
            .collect();
        Grid::from_values(puzzle.geometry(), &values).is_some_and(|grid| puzzle.is_solution(&grid))
    }
}

/// For each position of `cells`, the earlier positions whose cells are peers of it.
fn earlier_peers(layout: &Layout, cells: &[u16]) -> Vec<u64> {
    cells
        .iter()
        .enumerate()
        .map(|(position, &cell)| {
            let peers = layout.peers_of(usize::from(cell));
            cells[..position]
                .iter()
                .enumerate()
                .filter(|(_, other)| peers.binary_search(other).is_ok())
                .fold(0u64, |bits, (earlier, _)| bits | 1 << earlier)
        })
        .collect()
}

/// Cells as table indices.
fn indices(cells: &[Cell]) -> Vec<u16> {
    cells.iter().map(|cell| cell_index(cell.index())).collect()
}

impl Pass<'_> {
    /// Applies the variant rules' digit masks on single cells (before the givens' singles
    /// spread).
    pub(super) fn variant_masks(&mut self) -> Result<(), Contradiction> {
        let rules = self.rules;
        for &(cell, mask) in &rules.variants.masks {
            self.restrict(usize::from(cell), mask)?;
        }
        Ok(())
    }

    /// Revises the links of every cell that changed, then (once singles are settled) the
    /// tuple rules on them; whether there was anything to do.
    #[inline(never)]
    pub(super) fn variant_rules(&mut self) -> Result<bool, Contradiction> {
        let rules = self.rules;
        let variants = &rules.variants;
        let cells_dirty = self.work.dirty_variant_cells.iter().any(|&word| word != 0);
        let tuples_dirty = self.work.dirty_tuples.iter().any(|&word| word != 0);
        if !cells_dirty && !tuples_dirty {
            return Ok(false);
        }
        if cells_dirty {
            let mut snapshot = std::mem::take(&mut self.work.variant_snapshot);
            snapshot.clear();
            snapshot.extend_from_slice(&self.work.dirty_variant_cells);
            self.work.dirty_variant_cells.fill(0);
            for (word_index, &word) in snapshot.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let cell = word_index * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for link in variants.links_from(cell) {
                        self.revise(link)?;
                    }
                    for &tuple in variants.tuples_on(cell) {
                        let tuple = usize::from(tuple);
                        self.work.dirty_tuples[tuple / 64] |= 1 << (tuple % 64);
                    }
                }
            }
            self.work.variant_snapshot = snapshot;
            if self.singles_pending() {
                return Ok(true);
            }
        }
        for word_index in 0..self.work.dirty_tuples.len() {
            while self.work.dirty_tuples[word_index] != 0 {
                let bits = self.work.dirty_tuples[word_index];
                let tuple = word_index * 64 + bits.trailing_zeros() as usize;
                self.work.dirty_tuples[word_index] &= bits - 1;
                self.tuple_supports(tuple)?;
            }
        }
        Ok(true)
    }

    /// Narrows `link.to` to the digits some digit of `link.from` allows.
    #[inline]
    fn revise(&mut self, link: &Link) -> Result<(), Contradiction> {
        let mut digits = self.candidates[usize::from(link.from)];
        let mut allowed = 0;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            allowed |= link.allowed[digit];
        }
        self.restrict(usize::from(link.to), allowed)
    }

    /// Keeps in each cell of tuple rule `number` the digits its supports allow.
    fn tuple_supports(&mut self, number: usize) -> Result<(), Contradiction> {
        let rules = self.rules;
        let tuple = &rules.variants.tuples[number];
        let size = rules.layout.size as u32;
        let length = tuple.cells.len();
        let mut masks = [0u32; MAX_TUPLE_CELLS];
        for (mask, &cell) in masks.iter_mut().zip(&tuple.cells) {
            *mask = self.candidates[usize::from(cell)];
        }
        let Some(supported) = tuple::supports(
            &tuple.shape,
            &masks[..length],
            &tuple.earlier_peers,
            size,
            Completion::Prefix,
        ) else {
            return Ok(());
        };
        for (&cell, &keep) in tuple.cells.iter().zip(&supported) {
            if keep == 0 {
                return Err(Contradiction::Rule {
                    rule: number as u16,
                });
            }
            self.restrict(usize::from(cell), keep)?;
        }
        Ok(())
    }
}
