//! Propagations: the potentials an assumption implies, dynamically (each off applied to a
//! copy of the grid) or over static links, with the ancestors each rests on.

use std::collections::VecDeque;

use super::advanced::advanced;
use super::graph::{Graph, Grid, Links, Search};
use crate::grade::cellset::CellSet;
use crate::grade::explainer::nested;
use crate::grade::explainer::techniques_digits;
use crate::grade::explainer::Scene;
use crate::grade::layout::Layout;

/// Propagation buffers kept between the chain producers of one puzzle: each holds a few
/// hundred kilobytes that would otherwise be mapped, zeroed and unmapped at every call.
#[derive(Default)]
pub(crate) struct Scratch {
    spare: std::cell::RefCell<Vec<Propagation>>,
    /// Per digit, the places Nishio last searched, its base rating and what it found.
    pub(super) nishio: std::cell::RefCell<Vec<Option<(CellSet<2>, u32, NishioFound)>>>,
    /// Per digit, what the static chain producer's X-only pass last found.
    pub(super) x_chains: std::cell::RefCell<Vec<Option<super::cycles::XFound>>>,
    /// The static links last built, with the candidates and kinds of links they were built
    /// from: the static chain producer's last pass and multiple forcing chains on the same
    /// grid follow the same links.
    graph: std::cell::RefCell<Option<KeptGraph>>,
    /// Summaries of multiple forcing chains, one set per call in progress (nested chains
    /// call them inside a propagation).
    outcomes: std::cell::RefCell<Vec<Outcomes>>,
}

/// A graph's links, the candidates it was built from, and the graph.
type KeptGraph = (Links, Vec<u32>, std::rc::Rc<Graph>);

/// The easiest Nishio contradiction of a digit: (tenths, cell, complexity).
pub(super) type NishioFound = Option<(u32, usize, usize, bool)>;

impl Scratch {
    /// A propagation buffer for the potentials of `grid`.
    pub(in crate::grade::explainer) fn take(&self, grid: &Grid<'_>) -> Propagation {
        let (count, cells) = (grid.count(), grid.layout.cell_count);
        let mut spare = self.spare.borrow_mut();
        let mut kept = match spare.iter().position(|kept| kept.fits(count, cells)) {
            Some(position) => {
                let mut kept = spare.swap_remove(position);
                kept.clear();
                kept
            }
            None => Propagation::new(count, cells),
        };
        kept.number(grid);
        kept
    }

    /// The static links of `links` on `grid`, built again only when the grid or the kind of
    /// links changed since the last call.
    pub(super) fn graph(&self, grid: &Grid<'_>, links: Links) -> std::rc::Rc<Graph> {
        let mut kept = self.graph.borrow_mut();
        if let Some((kept_links, candidates, graph)) = kept.as_ref() {
            if *kept_links == links && *candidates == grid.candidates {
                return graph.clone();
            }
        }
        let graph = std::rc::Rc::new(Graph::new(grid, links));
        *kept = Some((links, grid.candidates.clone(), graph.clone()));
        graph
    }

    /// Gives a buffer back.
    pub(in crate::grade::explainer) fn give(&self, propagation: Propagation) {
        self.spare.borrow_mut().push(propagation);
    }

    /// Summaries for `count` potentials, none filled.
    pub(super) fn take_outcomes(&self, count: usize) -> Outcomes {
        let mut outcomes = self.outcomes.borrow_mut().pop().unwrap_or_default();
        outcomes.reset(count);
        outcomes
    }

    /// Gives summaries back.
    pub(super) fn give_outcomes(&self, outcomes: Outcomes) {
        self.outcomes.borrow_mut().push(outcomes);
    }
}

/// A propagation: the potentials an assumption implies, each with the set of potentials it
/// rests on (its ancestors, itself included), kept as bits so that shared ancestors count
/// once. Offs made by a nested chain remember that chain's complexity, which SE adds to the
/// length of every chain resting on them.
pub(in crate::grade::explainer) struct Propagation {
    state: Vec<u8>,
    /// Each potential's bit in the ancestor sets: the grid's candidates numbered densely, so
    /// that a set spans a few words instead of one bit per potential of the full board.
    bit: Vec<u16>,
    /// The potential of every bit (the inverse of `bit`).
    potential_of: Vec<u32>,
    /// Words per ancestor set (for the grid last numbered).
    words: usize,
    ancestors: Vec<u64>,
    pub(in crate::grade::explainer) order: Vec<usize>,
    pub(in crate::grade::explainer) candidates: Vec<u32>,
    /// The places of every digit in every house that `candidates` still has.
    place_counts: Vec<u8>,
    pub(in crate::grade::explainer) contradiction: Option<usize>,
    /// Per candidate, why its "on" potential was made (see [`Cause`]).
    causes: Vec<Cause>,
    /// Per candidate, 1 + the nested chain that made its "off" potential (0: none).
    nested_of: Vec<u32>,
    /// The complexities of the nested chains used.
    nested: Vec<usize>,
    /// [`propagate`]'s queues and parents, kept between its calls.
    pending: (VecDeque<usize>, VecDeque<usize>, Vec<u32>),
}

/// Why a potential turned on: the rule whose premises a nested chain's rating rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::grade::explainer) enum Cause {
    /// Assumed, or made by another rule.
    Other,
    /// The last candidate of its cell.
    Cell,
    /// The last place of its digit in this house.
    House(u16),
}

const OFF: u8 = 1;
const ON: u8 = 2;

impl Propagation {
    pub(super) fn new(count: usize, cells: usize) -> Propagation {
        let words = count.div_ceil(64);
        Propagation {
            state: vec![0; count / 2],
            bit: vec![0; count],
            potential_of: vec![0; count],
            words,
            ancestors: vec![0; count * words],
            order: Vec::new(),
            candidates: vec![0; cells],
            place_counts: Vec::new(),
            contradiction: None,
            causes: vec![Cause::Other; count / 2],
            nested_of: vec![0; count / 2],
            nested: Vec::new(),
            pending: Default::default(),
        }
    }

    fn fits(&self, count: usize, cells: usize) -> bool {
        self.state.len() == count / 2 && self.candidates.len() == cells
    }

    /// Numbers the potentials of `grid`'s candidates for the ancestor sets.
    pub(super) fn number(&mut self, grid: &Grid<'_>) {
        let mut next = 0u16;
        for (cell, &digits) in grid.candidates.iter().enumerate() {
            for digit in techniques_digits(digits) {
                let off = grid.potential(cell, digit, false);
                self.bit[off] = next;
                self.bit[off + 1] = next + 1;
                self.potential_of[usize::from(next)] = off as u32;
                self.potential_of[usize::from(next) + 1] = off as u32 + 1;
                next += 2;
            }
        }
        self.words = usize::from(next).div_ceil(64).max(1);
    }

    pub(super) fn clear(&mut self) {
        for &potential in &self.order {
            self.state[potential / 2] = 0;
            self.causes[potential / 2] = Cause::Other;
            self.nested_of[potential / 2] = 0;
        }
        self.order.clear();
        self.contradiction = None;
        self.nested.clear();
    }

    /// Notes why the "on" potential of `candidate` was made.
    fn set_cause(&mut self, candidate: usize, cause: Cause) {
        self.causes[candidate] = cause;
    }

    /// Why the "on" potential of `candidate` was made.
    pub(in crate::grade::explainer) fn cause(&self, candidate: usize) -> Cause {
        self.causes[candidate]
    }

    /// Notes a nested chain of `complexity` nodes; its number for [`Propagation::add_nested`].
    pub(in crate::grade::explainer) fn note_nested(&mut self, complexity: usize) -> u32 {
        self.nested.push(complexity);
        self.nested.len() as u32
    }

    /// Adds the "off" potential of `candidate`, made by nested chain `chain`, resting on
    /// `parents`; whether it was new.
    pub(in crate::grade::explainer) fn add_nested(
        &mut self,
        candidate: usize,
        parents: &[u32],
        chain: u32,
    ) -> bool {
        let added = self.add(candidate * 2, parents);
        if added {
            self.nested_of[candidate] = chain;
        }
        added
    }

    /// The potentials `potential` rests on, itself included.
    pub(in crate::grade::explainer) fn ancestors(
        &self,
        potential: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let from = potential * self.words;
        bits_of(&self.ancestors[from..from + self.words])
            .map(move |bit| self.potential_of[bit] as usize)
    }

    /// SE's complexity of the chain to `potential`: the potentials it rests on, plus the
    /// complexity of every distinct nested chain among them.
    pub(in crate::grade::explainer) fn complexity(&self, potential: usize) -> usize {
        let size = self.size(potential);
        if self.nested.is_empty() {
            return size;
        }
        let mut used: Vec<u32> = Vec::new();
        for ancestor in self.ancestors(potential) {
            let chain = self.nested_of[ancestor / 2];
            if ancestor % 2 == 0 && chain != 0 && !used.contains(&chain) {
                used.push(chain);
            }
        }
        size + used
            .iter()
            .map(|&chain| self.nested[chain as usize - 1])
            .sum::<usize>()
    }

    pub(in crate::grade::explainer) fn has(&self, potential: usize) -> bool {
        let bit = if potential % 2 == 1 { ON } else { OFF };
        self.state[potential / 2] & bit != 0
    }

    /// Adds `potential`, resting on `parents`; notes a contradiction if its negation is
    /// there. Whether it was new.
    pub(in crate::grade::explainer) fn add(&mut self, potential: usize, parents: &[u32]) -> bool {
        let bit = if potential % 2 == 1 { ON } else { OFF };
        if self.state[potential / 2] & bit != 0 {
            return false;
        }
        self.state[potential / 2] |= bit;
        let words = self.words;
        let to = potential * words;
        match parents.split_first() {
            None => self.ancestors[to..to + words].fill(0),
            Some((&first, rest)) => {
                let from = first as usize * words;
                self.ancestors.copy_within(from..from + words, to);
                for &parent in rest {
                    let from = parent as usize * words;
                    for word in 0..words {
                        let ancestor = self.ancestors[from + word];
                        self.ancestors[to + word] |= ancestor;
                    }
                }
            }
        }
        let own = usize::from(self.bit[potential]);
        self.ancestors[to + own / 64] |= 1 << (own % 64);
        self.order.push(potential);
        if self.state[potential / 2] == ON | OFF && self.contradiction.is_none() {
            self.contradiction = Some(potential / 2);
        }
        true
    }

    /// How many distinct potentials `potential` rests on, itself included.
    pub(super) fn size(&self, potential: usize) -> usize {
        let from = potential * self.words;
        self.ancestors[from..from + self.words]
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// What the cell and region chains need later: every potential reached with its
    /// complexity, but for those of more than `limit` nodes, which no easier hint can use (a
    /// cell or region chain holds the nodes of every branch), written into `summary`.
    pub(super) fn summary_into(&self, limit: usize, summary: &mut Summary, words: &mut Vec<u64>) {
        summary.reached.clear();
        summary.contradiction = self.contradiction.is_some();
        if summary.contradiction {
            // a branch that contradicts itself joins no cell or region chain
            return;
        }
        fill_bit_set(words, self.state.len() * 2, &self.order);
        for potential in bits_of(words) {
            let complexity = self.complexity(potential);
            if complexity <= limit {
                summary.reached.push((potential as u32, complexity as u32));
            }
        }
    }
}

/// `potentials` (each below `count`) as a set of bits in `words`, which [`bits_of`] lists in
/// order.
pub(super) fn fill_bit_set(words: &mut Vec<u64>, count: usize, potentials: &[usize]) {
    words.clear();
    words.resize(count.div_ceil(64), 0);
    for &potential in potentials {
        words[potential / 64] |= 1 << (potential % 64);
    }
}

/// The bits set in `words` (64 a word), in increasing order.
pub(super) fn bits_of(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(index, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(index * 64 + bit)
        })
    })
}

/// The potentials one assumption reached, sorted, with their sizes.
#[derive(Default)]
pub(super) struct Summary {
    pub(super) reached: Vec<(u32, u32)>,
    pub(super) contradiction: bool,
}

impl Summary {
    pub(super) fn size(&self, potential: usize) -> Option<usize> {
        self.reached
            .binary_search_by_key(&(potential as u32), |&(reached, _)| reached)
            .ok()
            .map(|position| self.reached[position].1 as usize)
    }
}

/// Every candidate's "on" summary of one call of multiple forcing chains, with a bit set to
/// order them; kept between calls so that the lists are not allocated again.
#[derive(Default)]
pub(super) struct Outcomes {
    summaries: Vec<Summary>,
    filled: Vec<bool>,
    words: Vec<u64>,
}

impl Outcomes {
    /// The summary of `potential`, if it was filled since the last reset.
    pub(super) fn get(&self, potential: usize) -> Option<&Summary> {
        self.filled[potential].then(|| &self.summaries[potential])
    }

    /// The summary of `potential`, marked filled, and the bit set's buffer.
    pub(super) fn slot(&mut self, potential: usize) -> (&mut Summary, &mut Vec<u64>) {
        self.filled[potential] = true;
        (&mut self.summaries[potential], &mut self.words)
    }

    /// Every summary of `count` potentials unfilled.
    fn reset(&mut self, count: usize) {
        if self.summaries.len() < count {
            self.summaries.resize_with(count, Summary::default);
        }
        self.filled.clear();
        self.filled.resize(count, false);
    }
}

/// Propagates `start` dynamically on `grid` (one digit only with `single_digit`); at SE's
/// `level` 1 and up, stalls are broken by the advanced rules, from 2 by nested chains.
pub(in crate::grade::explainer) fn propagate(
    scene: &Scene<'_>,
    grid: &Grid<'_>,
    start: usize,
    single_digit: bool,
    level: u8,
    out: &mut Propagation,
) {
    let layout = grid.layout;
    let size = grid.size;
    out.clear();
    out.candidates.copy_from_slice(&grid.candidates);
    out.place_counts.clone_from(&grid.place_counts);
    let (_, start_digit, _) = grid.split(start);
    out.add(start, &[]);
    // SE follows every pending "on" before the next "off": which potential reaches a
    // candidate first decides the chain it rests on, and so the complexity
    let mut scanned = 0;
    let (mut pending_on, mut pending_off, mut parents) = std::mem::take(&mut out.pending);
    pending_on.clear();
    pending_off.clear();
    loop {
        loop {
            for &potential in &out.order[scanned..] {
                if potential % 2 == 1 {
                    pending_on.push_back(potential);
                } else {
                    pending_off.push_back(potential);
                }
            }
            scanned = out.order.len();
            if out.contradiction.is_some() {
                break;
            }
            let Some(current) = pending_on.pop_front().or_else(|| pending_off.pop_front()) else {
                break;
            };
            let (cell, digit, on) = grid.split(current);
            if on {
                for peer in layout.peers[cell].iter() {
                    if out.candidates[peer] & (1 << digit) != 0 {
                        out.add(grid.potential(peer, digit, false), &[current as u32]);
                    }
                }
                if !single_digit {
                    let mut others = out.candidates[cell] & !(1 << digit);
                    while others != 0 {
                        let other = others.trailing_zeros() as usize;
                        others &= others - 1;
                        out.add(grid.potential(cell, other, false), &[current as u32]);
                    }
                }
                continue;
            }
            if out.candidates[cell] & (1 << digit) != 0 {
                out.candidates[cell] &= !(1 << digit);
                for &house in &layout.cell_houses[cell] {
                    out.place_counts[house * size + digit] -= 1;
                }
            }
            if !single_digit && out.candidates[cell].count_ones() == 1 {
                let last = out.candidates[cell].trailing_zeros() as usize;
                parents.clear();
                for other in 0..size {
                    if other != last
                        && grid.candidates[cell] & (1 << other) != 0
                        && out.has(grid.potential(cell, other, false))
                    {
                        parents.push(grid.potential(cell, other, false) as u32);
                    }
                }
                if out.add(grid.potential(cell, last, true), &parents) {
                    out.set_cause(cell * size + last, Cause::Cell);
                }
            }
            if !single_digit && out.candidates[cell] == 0 {
                out.contradiction.get_or_insert(cell * size + digit);
            }
            if single_digit && digit != start_digit {
                continue;
            }
            for house in se_house_order(layout, cell) {
                let count = out.place_counts[house * size + digit];
                if count == 0 {
                    out.contradiction.get_or_insert(cell * size + digit);
                } else if count == 1 {
                    let left = layout.houses[house]
                        .cells
                        .iter()
                        .copied()
                        .find(|&other| out.candidates[other] & (1 << digit) != 0);
                    let Some(left) = left else { continue };
                    parents.clear();
                    for &other in &layout.houses[house].cells {
                        if other != left
                            && grid.candidates[other] & (1 << digit) != 0
                            && out.has(grid.potential(other, digit, false))
                        {
                            parents.push(grid.potential(other, digit, false) as u32);
                        }
                    }
                    if out.add(grid.potential(left, digit, true), &parents) {
                        out.set_cause(left * size + digit, Cause::House(house as u16));
                    }
                }
            }
        }
        if level == 0 || out.contradiction.is_some() || scene.exhausted() {
            break;
        }
        // the advanced rules scan the grid: about a cell's worth of work each
        scene.spend(layout.cell_count as u64);
        if !advanced(grid, out) && (level < 2 || !nested::apply(scene, grid, out, level)) {
            break;
        }
    }
    out.pending = (pending_on, pending_off, parents);
    scene.spend(out.order.len() as u64);
}

/// The houses of `cell` in the order SE looks at them (box, row, column, then extra
/// houses): when two houses turn the same candidate on, the first one's premises are its
/// parents.
fn se_house_order(layout: &Layout<2>, cell: usize) -> impl Iterator<Item = usize> + '_ {
    let houses = &layout.cell_houses[cell];
    let boxes = houses.iter().filter(|&&house| layout.is_box(house));
    let lines = houses.iter().filter(|&&house| !layout.is_box(house));
    boxes.chain(lines).copied()
}

/// A static propagation written as a dynamic one's result.
pub(in crate::grade::explainer) fn propagate_static(
    scene: &Scene<'_>,
    grid: &Grid<'_>,
    graph: &Graph,
    search: &mut Search,
    start: usize,
    out: &mut Propagation,
) {
    out.clear();
    search.run(graph, start);
    scene.spend(search.queue.len() as u64);
    for index in 0..search.queue.len() {
        let potential = search.queue[index];
        let parent = search.parent[potential];
        let parents: &[u32] = if parent as usize == potential {
            &[]
        } else {
            &[parent]
        };
        out.add(potential, parents);
        if potential % 2 == 1 && parent as usize != potential {
            let cause = link_cause(grid, parent as usize, potential);
            out.set_cause(potential / 2, cause);
        }
    }
}

/// Why the static link `off` → `on` holds: the cell has two candidates, or the digit two
/// places in a house (the first of box, row, column, extra houses, as SE looks).
fn link_cause(grid: &Grid<'_>, off: usize, on: usize) -> Cause {
    let (from, digit, _) = grid.split(off);
    let (to, _, _) = grid.split(on);
    if from == to {
        return Cause::Cell;
    }
    let layout = grid.layout;
    let houses = &layout.cell_houses[to];
    let boxes_first = houses
        .iter()
        .filter(|&&house| layout.is_box(house))
        .chain(houses.iter().filter(|&&house| !layout.is_box(house)));
    for &house in boxes_first {
        let places = layout.houses[house]
            .cells
            .iter()
            .filter(|&&cell| grid.candidates[cell] & (1 << digit) != 0)
            .count();
        if places == 2 && layout.houses[house].set.contains(from) {
            return Cause::House(house as u16);
        }
    }
    Cause::Other
}
