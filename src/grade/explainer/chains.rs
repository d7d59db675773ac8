//! SE's chain engine. A potential is a candidate assumed on (true) or off (false); links go
//! on → off (a true candidate turns off its cell's other candidates and its digit in every
//! peer) and off → on (a false candidate turns on the other candidate of a bivalue cell, or
//! the other place of its digit in a house with two places). Static chains read the links of
//! the grid as it is; dynamic ones apply every off to a copy of the grid as they go, so a
//! cell or house left with one candidate turns it on.
//!
//! Producers, in SE's order: static chains (bidirectional cycles and forcing chains that
//! end in their own start, X-only or with cell links), Nishio (dynamic, one digit), then
//! multiple forcing chains (contradictions, both values of a candidate, every candidate of a
//! cell or every place of a digit in a house agreeing), static, dynamic, and dynamic with
//! pointing, claiming, hidden and naked pairs and X-Wings inside the propagation. Each producer offers its easiest hint: the
//! base rating plus the length bonus of its complexity (the nodes its chains hold).

use super::nested;
use super::rating::length_bonus;
use super::table::SeTechnique;
use super::{Hint, Scene};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::components::strong_components;
use crate::grade::layout::Layout;

/// How a multiple forcing chain propagates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Depth {
    /// Links of the grid as it is.
    Static,
    /// Links of the grid as the assumptions change it.
    Dynamic,
    /// Dynamic, with SE's "advanced" rules (pointing and claiming, hidden pairs, naked
    /// pairs, X-Wings) applied when the propagation stalls.
    DynamicPlus,
    /// Dynamic (+), with chains nested inside the propagation when it stalls (SE's levels
    /// 2 to 5: forcing chains, multiple, dynamic, then nested forcing chains inside).
    Nested(u8),
}

impl Depth {
    /// SE's level of a dynamic propagation: 0 plain, 1 with the advanced rules, 2 and up
    /// with nested chains.
    pub(crate) fn level(self) -> u8 {
        match self {
            Depth::Static | Depth::Dynamic => 0,
            Depth::DynamicPlus => 1,
            Depth::Nested(level) => level,
        }
    }
}

/// Whether `technique` belongs to the first chain producer (one search serves them all).
pub(crate) fn is_static_chain(technique: SeTechnique) -> bool {
    use SeTechnique::*;
    matches!(
        technique,
        BidirectionalXCycle
            | BidirectionalYCycle
            | ForcingXChain
            | ForcingChain
            | BidirectionalCycle
    )
}

/// Which links a static search follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Links {
    /// off → on through a house with two places (X links).
    pub(super) house: bool,
    /// off → on through a bivalue cell, and on → off inside a cell (Y links).
    pub(super) cell: bool,
}

/// Both kinds of links.
pub(super) const BOTH_LINKS: Links = Links {
    house: true,
    cell: true,
};

/// The grid's candidates as the chain engine sees them.
pub(super) struct Grid<'a> {
    pub(super) layout: &'a Layout<2>,
    pub(super) size: usize,
    pub(super) candidates: Vec<u32>,
    /// How many places every digit has in every house (`house * size + digit`), which a
    /// dynamic propagation counts down instead of scanning the house at every off.
    place_counts: Vec<u8>,
}

impl<'a> Grid<'a> {
    fn new(layout: &'a Layout<2>, board: &Board<2>) -> Grid<'a> {
        Grid::of(layout, &board.candidates)
    }

    /// A grid of the given candidates (a propagation's state, for the chains nested in it).
    pub(super) fn of(layout: &'a Layout<2>, candidates: &[u32]) -> Grid<'a> {
        let size = layout.size;
        let mut place_counts = vec![0u8; layout.houses.len() * size];
        for (house, data) in layout.houses.iter().enumerate() {
            for &cell in &data.cells {
                for digit in super::techniques_digits(candidates[cell]) {
                    place_counts[house * size + digit] += 1;
                }
            }
        }
        Grid {
            layout,
            size,
            candidates: candidates.to_vec(),
            place_counts,
        }
    }

    #[inline]
    pub(super) fn potential(&self, cell: usize, digit: usize, on: bool) -> usize {
        (cell * self.size + digit) * 2 + usize::from(on)
    }

    #[inline]
    pub(super) fn split(&self, potential: usize) -> (usize, usize, bool) {
        let candidate = potential / 2;
        (
            candidate / self.size,
            candidate % self.size,
            potential % 2 == 1,
        )
    }

    pub(super) fn count(&self) -> usize {
        self.layout.cell_count * self.size * 2
    }

    /// For every house and digit (`house * size + digit`), its two places when it has
    /// exactly two, packed as `first << 16 | second` (`NONE` otherwise): the house links.
    fn conjugates(&self) -> Vec<u32> {
        let layout = self.layout;
        let mut pairs = vec![NONE; layout.houses.len() * self.size];
        let mut counts = vec![0u8; self.size];
        for (house, data) in layout.houses.iter().enumerate() {
            counts.iter_mut().for_each(|count| *count = 0);
            let row = &mut pairs[house * self.size..(house + 1) * self.size];
            for &cell in &data.cells {
                let mut digits = self.candidates[cell];
                while digits != 0 {
                    let digit = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    counts[digit] = counts[digit].saturating_add(1);
                    match counts[digit] {
                        1 => row[digit] = (cell as u32) << 16,
                        2 => row[digit] |= cell as u32,
                        _ => {}
                    }
                }
            }
            for (digit, &count) in counts.iter().enumerate() {
                if count != 2 {
                    row[digit] = NONE;
                }
            }
        }
        pairs
    }

    /// Every digit's places.
    fn places(&self) -> Vec<CellSet<2>> {
        digit_places(self.size, &self.candidates)
    }

    /// The potentials `potential` implies through static links of `links` (`places` from
    /// [`Grid::places`], `conjugates` from [`Grid::conjugates`]).
    fn implied(
        &self,
        potential: usize,
        links: Links,
        (places, conjugates): (&[CellSet<2>], &[u32]),
        out: &mut Vec<usize>,
    ) {
        out.clear();
        let (cell, digit, on) = self.split(potential);
        let layout = self.layout;
        if on {
            for peer in (layout.peers[cell] & places[digit]).iter() {
                out.push(self.potential(peer, digit, false));
            }
            if links.cell {
                let mut others = self.candidates[cell] & !(1 << digit);
                while others != 0 {
                    let other = others.trailing_zeros() as usize;
                    others &= others - 1;
                    out.push(self.potential(cell, other, false));
                }
            }
        } else {
            if links.cell && self.candidates[cell].count_ones() == 2 {
                let other = (self.candidates[cell] & !(1 << digit)).trailing_zeros() as usize;
                out.push(self.potential(cell, other, true));
            }
            if links.house {
                for &house in &layout.cell_houses[cell] {
                    let pair = conjugates[house * self.size + digit];
                    if pair == NONE {
                        continue;
                    }
                    let (one, two) = ((pair >> 16) as usize, (pair & 0xffff) as usize);
                    let other = if one == cell { two } else { one };
                    let target = self.potential(other, digit, true);
                    if !out.contains(&target) {
                        out.push(target);
                    }
                }
            }
        }
    }
}

/// The static links of a grid, every potential's targets in one array.
pub(super) struct Graph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Graph {
    pub(super) fn new(grid: &Grid<'_>, links: Links) -> Graph {
        let count = grid.count();
        let mut offsets = Vec::with_capacity(count + 1);
        let mut targets = Vec::new();
        let mut scratch = Vec::new();
        let (places, conjugates) = (grid.places(), grid.conjugates());
        offsets.push(0);
        for potential in 0..count {
            let (cell, digit, _) = grid.split(potential);
            if grid.candidates[cell] & (1 << digit) != 0 {
                grid.implied(potential, links, (&places, &conjugates), &mut scratch);
                targets.extend(scratch.iter().map(|&target| target as u32));
            }
            offsets.push(targets.len() as u32);
        }
        Graph { offsets, targets }
    }

    #[inline]
    pub(super) fn targets(&self, potential: usize) -> &[u32] {
        &self.targets[self.offsets[potential] as usize..self.offsets[potential + 1] as usize]
    }

    /// How many potentials the graph spans.
    pub(super) fn count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The same links the other way round: every potential's sources.
    pub(super) fn reversed(&self) -> Graph {
        let count = self.offsets.len() - 1;
        let mut offsets = vec![0u32; count + 1];
        for &target in &self.targets {
            offsets[target as usize + 1] += 1;
        }
        for index in 0..count {
            offsets[index + 1] += offsets[index];
        }
        let mut filled = offsets.clone();
        let mut targets = vec![0u32; self.targets.len()];
        for source in 0..count {
            for &target in self.targets(source) {
                let slot = &mut filled[target as usize];
                targets[*slot as usize] = source as u32;
                *slot += 1;
            }
        }
        Graph { offsets, targets }
    }

    fn links(&self, from: usize, to: usize) -> bool {
        self.targets(from).contains(&(to as u32))
    }
}

/// What every potential reaches through a graph's links, itself included: one bit set per
/// strongly connected component, over the grid's potentials numbered densely. Found once per
/// graph, it tells which breadth-first searches cannot succeed, so they are not run.
struct Reach {
    /// Each potential's node number (`NONE` for potentials of no candidate).
    node: Vec<u32>,
    /// Each node's component.
    component: Vec<u32>,
    words: usize,
    /// Each component's reach, `words` words each.
    sets: Vec<u64>,
}

impl Reach {
    fn new(grid: &Grid<'_>, graph: &Graph) -> Reach {
        let count = grid.count();
        let mut node = vec![NONE; count];
        let mut potentials: Vec<u32> = Vec::new();
        for (potential, number) in node.iter_mut().enumerate() {
            let (cell, digit, _) = grid.split(potential);
            if grid.candidates[cell] & (1 << digit) != 0 {
                *number = potentials.len() as u32;
                potentials.push(potential as u32);
            }
        }
        let words = potentials.len().div_ceil(64).max(1);
        let mut component = vec![NONE; potentials.len()];
        let mut sets: Vec<u64> = Vec::new();
        // components come after those they link to, whose sets are then complete
        strong_components(
            potentials.len(),
            0..potentials.len(),
            |current, edge| {
                let targets = graph.targets(potentials[current] as usize);
                targets
                    .get(edge as usize)
                    .map(|&target| node[target as usize] as usize)
            },
            |members| {
                let id = sets.len() / words;
                sets.resize(sets.len() + words, 0);
                for &member in members {
                    let member = member as usize;
                    component[member] = id as u32;
                    sets[id * words + member / 64] |= 1 << (member % 64);
                }
                let (done, set) = sets.split_at_mut(id * words);
                for &member in members {
                    for &target in graph.targets(potentials[member as usize] as usize) {
                        let linked = component[node[target as usize] as usize] as usize;
                        if linked != id {
                            let start = linked * words;
                            for (word, other) in set.iter_mut().zip(&done[start..start + words]) {
                                *word |= other;
                            }
                        }
                    }
                }
            },
        );
        Reach {
            node,
            component,
            words,
            sets,
        }
    }

    /// Whether a path leads from `from` to `to` (both potentials of candidates).
    fn reaches(&self, from: usize, to: usize) -> bool {
        let component = self.component[self.node[from] as usize] as usize;
        let to = self.node[to] as usize;
        self.sets[component * self.words + to / 64] & (1 << (to % 64)) != 0
    }

    /// Whether a loop can lead from `start` back to it.
    fn may_loop(&self, graph: &Graph, start: usize) -> bool {
        graph
            .targets(start)
            .iter()
            .any(|&next| self.reaches(next as usize, start))
    }
}

/// A breadth-first search over static links, reusable between starts.
pub(super) struct Search {
    parent: Vec<u32>,
    depth: Vec<u16>,
    queue: Vec<usize>,
}

const NONE: u32 = u32::MAX;

impl Search {
    pub(super) fn new(count: usize) -> Search {
        Search {
            parent: vec![NONE; count],
            depth: vec![0; count],
            queue: Vec::with_capacity(count),
        }
    }

    /// Explores from `start`; afterwards `reached` tells which potentials it implies.
    pub(super) fn run(&mut self, graph: &Graph, start: usize) {
        self.run_within(graph, start, usize::MAX);
    }

    /// Explores from `start` until `end` is reached (by a shortest path); whether it was.
    pub(super) fn run_to(&mut self, graph: &Graph, start: usize, end: usize) -> bool {
        self.explore(graph, start, usize::MAX, Some(end))
    }

    /// Explores from `start`, following no path longer than `nodes` potentials.
    fn run_within(&mut self, graph: &Graph, start: usize, nodes: usize) {
        self.explore(graph, start, nodes, None);
    }

    /// The search of [`Search::run_within`], stopping as soon as it reaches `end` if given;
    /// whether it did.
    fn explore(&mut self, graph: &Graph, start: usize, nodes: usize, end: Option<usize>) -> bool {
        let limit = nodes.saturating_sub(1).min(usize::from(u16::MAX)) as u16;
        for &seen in &self.queue {
            self.parent[seen] = NONE;
        }
        self.queue.clear();
        self.parent[start] = start as u32;
        self.depth[start] = 0;
        self.queue.push(start);
        let mut head = 0;
        while head < self.queue.len() {
            let current = self.queue[head];
            head += 1;
            if self.depth[current] >= limit {
                continue;
            }
            for &next in graph.targets(current) {
                let next = next as usize;
                if self.parent[next] == NONE {
                    self.parent[next] = current as u32;
                    self.depth[next] = self.depth[current] + 1;
                    self.queue.push(next);
                    if end == Some(next) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// How many potentials the last run reached.
    pub(super) fn reached_count(&self) -> usize {
        self.queue.len()
    }

    pub(super) fn reached(&self, potential: usize) -> bool {
        self.parent[potential] != NONE
    }

    /// The path from the start to `potential`, start first.
    pub(super) fn path(&self, potential: usize) -> Vec<usize> {
        let mut path = vec![potential];
        let mut current = potential;
        while self.parent[current] as usize != current {
            current = self.parent[current] as usize;
            path.push(current);
        }
        path.reverse();
        path
    }
}

fn keep_easier(best: &mut Option<Hint>, hint: Hint) {
    if best.as_ref().is_none_or(|kept| hint.tenths < kept.tenths) {
        *best = Some(hint);
    }
}

/// The first chain producer: bidirectional cycles and forcing chains on static links; the
/// easiest hint of all.
pub(crate) fn static_chains(scene: &Scene<'_>, board: &Board<2>) -> Option<Hint> {
    use SeTechnique::*;
    let grid = Grid::new(scene.layout, board);
    let mut search = Search::new(grid.count());
    let mut best: Option<Hint> = None;
    let x_only = Links {
        house: true,
        cell: false,
    };
    let y_only = Links {
        house: false,
        cell: true,
    };
    let both = Links {
        house: true,
        cell: true,
    };
    let searches = [
        (x_only, BidirectionalXCycle, ForcingXChain),
        // chains of cell links alone are forcing chains, which the next search finds too
        (y_only, BidirectionalYCycle, ForcingChain),
        (both, BidirectionalCycle, ForcingChain),
    ];
    for (links, cycle_technique, chain_technique) in searches {
        let cycle_base = scene.tenths(cycle_technique);
        let chain_base = scene.tenths(chain_technique).filter(|_| links != y_only);
        let floor = cycle_base.into_iter().chain(chain_base).min();
        let Some(floor) = floor else { continue };
        if best.as_ref().is_some_and(|kept| kept.tenths <= floor) {
            continue;
        }
        let graph = Graph::new(&grid, links);
        let reach = Reach::new(&grid, &graph);
        let places = grid.places();
        for cell in board.empty.iter() {
            for digit in super::techniques_digits(board.candidates[cell]) {
                let on = grid.potential(cell, digit, true);
                let off = grid.potential(cell, digit, false);
                if let Some(base) = chain_base.filter(|_| reach.reaches(on, off)) {
                    search.run_within(&graph, on, longest(base, &best));
                    if search.reached(off) {
                        let path = search.path(off);
                        let mut hint = Hint::new(chain_technique, base + length_bonus(path.len()));
                        hint.eliminations.push((cell, digit));
                        hint.cells = path_cells(&grid, &path);
                        hint.complexity = path.len();
                        keep_easier(&mut best, hint);
                    }
                }
                if let Some(base) = cycle_base.filter(|_| reach.may_loop(&graph, on)) {
                    search.run_within(&graph, on, longest(base, &best));
                    let rated = (cycle_technique, base);
                    if let Some(hint) = cycle(&grid, &graph, &search, on, rated, &places) {
                        keep_easier(&mut best, hint);
                    }
                }
                if let Some(base) = chain_base.filter(|_| reach.reaches(off, on)) {
                    search.run_within(&graph, off, longest(base, &best));
                    if search.reached(on) {
                        let path = search.path(on);
                        let mut hint = Hint::new(chain_technique, base + length_bonus(path.len()));
                        hint.placements.push((cell, digit));
                        hint.cells = path_cells(&grid, &path);
                        hint.complexity = path.len();
                        keep_easier(&mut best, hint);
                    }
                }
            }
        }
    }
    best
}

/// The most nodes a chain of base rating `base` may hold and still be easier than `best`.
fn longest(base: u32, best: &Option<Hint>) -> usize {
    let Some(kept) = best else {
        return usize::MAX;
    };
    if base >= kept.tenths {
        return 0;
    }
    let mut nodes = 1;
    while nodes < 4096 && base + length_bonus(nodes + 1) < kept.tenths {
        nodes += 1;
    }
    nodes
}

fn path_cells(grid: &Grid<'_>, path: &[usize]) -> Vec<usize> {
    let mut cells: Vec<usize> = Vec::new();
    for &potential in path {
        let (cell, _, _) = grid.split(potential);
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    cells
}

/// The shortest loop back to `start` (on) that the search found and that removes something,
/// as SE finds and judges them: any "on" of the search (two links or more from the start)
/// whose "off" neighbour, not on its own path, links back to the start closes a loop; in
/// either state of a loop all its "on" nodes or all its "off" nodes hold, so a candidate
/// outside the loop's cells that sees an "on" node and an "off" node of its digit goes.
/// `places` holds every digit's cells.
fn cycle(
    grid: &Grid<'_>,
    graph: &Graph,
    search: &Search,
    start: usize,
    (technique, base): (SeTechnique, u32),
    places: &[CellSet<2>],
) -> Option<Hint> {
    let layout = grid.layout;
    let (start_cell, start_digit, _) = grid.split(start);
    // the offs that link straight back to the start: in its cell, or of its digit in a peer
    let closing: Vec<usize> = super::techniques_digits(grid.candidates[start_cell])
        .map(|digit| grid.potential(start_cell, digit, false))
        .chain(
            (layout.peers[start_cell] & places[start_digit])
                .iter()
                .map(|cell| grid.potential(cell, start_digit, false)),
        )
        .filter(|&off| search.reached(off) && graph.links(off, start))
        .collect();
    if closing.is_empty() {
        return None;
    }
    // per digit, the cells whose "on" may link to a closing off (a peer of its cell with
    // its digit, or another candidate of its cell)
    let mut may_close = vec![CellSet::<2>::EMPTY; grid.size];
    for &off in &closing {
        let (cell, digit, _) = grid.split(off);
        may_close[digit] |= layout.peers[cell];
        for other in may_close.iter_mut() {
            other.insert(cell);
        }
    }
    let mut seeing_on = vec![CellSet::<2>::EMPTY; grid.size];
    let mut seeing_off = vec![CellSet::<2>::EMPTY; grid.size];
    let mut best: Option<Hint> = None;
    for &potential in &search.queue {
        if potential % 2 == 0 || search.depth[potential] < 2 {
            continue;
        }
        let (cell, digit, _) = grid.split(potential);
        if !may_close[digit].contains(cell) {
            continue;
        }
        let nodes = usize::from(search.depth[potential]) + 2;
        if best.as_ref().is_some_and(|kept| kept.complexity <= nodes) {
            continue;
        }
        for &next in graph.targets(potential) {
            let next = next as usize;
            if !closing.contains(&next) {
                continue;
            }
            let mut path = search.path(potential);
            if path.contains(&next) {
                continue;
            }
            path.push(next);
            let mut candidates: Vec<usize> = path.iter().map(|&node| node / 2).collect();
            candidates.sort_unstable();
            candidates.dedup();
            if candidates.len() != path.len() {
                continue;
            }
            let cells: CellSet<2> = path.iter().map(|&node| node / 2 / grid.size).collect();
            // per digit, the cells outside the loop seeing one of its ons, and one of its offs
            seeing_on.fill(CellSet::EMPTY);
            seeing_off.fill(CellSet::EMPTY);
            for &node in &path {
                let (cell, digit, on) = grid.split(node);
                let seen = if on {
                    &mut seeing_on[digit]
                } else {
                    &mut seeing_off[digit]
                };
                *seen |= layout.peers[cell].minus(&cells);
            }
            let mut eliminations = Vec::new();
            for digit in 0..grid.size {
                for cell in (seeing_on[digit] & seeing_off[digit] & places[digit]).iter() {
                    eliminations.push((cell, digit));
                }
            }
            if eliminations.is_empty() {
                continue;
            }
            eliminations.sort_unstable();
            let mut hint = Hint::new(technique, base + length_bonus(path.len()));
            hint.eliminations = eliminations;
            hint.cells = path_cells(grid, &path);
            hint.complexity = path.len();
            best = Some(hint);
            break;
        }
    }
    best
}

/// Propagation buffers kept between the chain producers of one puzzle: each holds a few
/// hundred kilobytes that would otherwise be mapped, zeroed and unmapped at every call.
#[derive(Default)]
pub(crate) struct Scratch {
    spare: std::cell::RefCell<Vec<Propagation>>,
    /// Per digit, the places Nishio last searched, its base rating and what it found.
    nishio: std::cell::RefCell<Vec<Option<(CellSet<2>, u32, NishioFound)>>>,
}

/// The easiest Nishio contradiction of a digit: (tenths, cell, complexity).
type NishioFound = Option<(u32, usize, usize, bool)>;

impl Scratch {
    /// A propagation buffer for the potentials of `grid`.
    pub(super) fn take(&self, grid: &Grid<'_>) -> Propagation {
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

    /// Gives a buffer back.
    pub(super) fn give(&self, propagation: Propagation) {
        self.spare.borrow_mut().push(propagation);
    }
}

/// A propagation: the potentials an assumption implies, each with the set of potentials it
/// rests on (its ancestors, itself included), kept as bits so that shared ancestors count
/// once. Offs made by a nested chain remember that chain's complexity, which SE adds to the
/// length of every chain resting on them.
pub(super) struct Propagation {
    state: Vec<u8>,
    /// Each potential's bit in the ancestor sets: the grid's candidates numbered densely, so
    /// that a set spans a few words instead of one bit per potential of the full board.
    bit: Vec<u16>,
    /// The potential of every bit (the inverse of `bit`).
    potential_of: Vec<u32>,
    /// Words per ancestor set (for the grid last numbered).
    words: usize,
    ancestors: Vec<u64>,
    pub(super) order: Vec<usize>,
    pub(super) candidates: Vec<u32>,
    /// The places of every digit in every house that `candidates` still has.
    place_counts: Vec<u8>,
    pub(super) contradiction: Option<usize>,
    /// Per candidate, why its "on" potential was made (see [`Cause`]).
    causes: Vec<Cause>,
    /// Per candidate, 1 + the nested chain that made its "off" potential (0: none).
    nested_of: Vec<u32>,
    /// The complexities of the nested chains used.
    nested: Vec<usize>,
}

/// Why a potential turned on: the rule whose premises a nested chain's rating rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cause {
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
    fn new(count: usize, cells: usize) -> Propagation {
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
        }
    }

    fn fits(&self, count: usize, cells: usize) -> bool {
        self.state.len() == count / 2 && self.candidates.len() == cells
    }

    /// Numbers the potentials of `grid`'s candidates for the ancestor sets.
    fn number(&mut self, grid: &Grid<'_>) {
        let mut next = 0u16;
        for (cell, &digits) in grid.candidates.iter().enumerate() {
            for digit in super::techniques_digits(digits) {
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

    fn clear(&mut self) {
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
    pub(super) fn cause(&self, candidate: usize) -> Cause {
        self.causes[candidate]
    }

    /// Notes a nested chain of `complexity` nodes; its number for [`Propagation::add_nested`].
    pub(super) fn note_nested(&mut self, complexity: usize) -> u32 {
        self.nested.push(complexity);
        self.nested.len() as u32
    }

    /// Adds the "off" potential of `candidate`, made by nested chain `chain`, resting on
    /// `parents`; whether it was new.
    pub(super) fn add_nested(&mut self, candidate: usize, parents: &[u32], chain: u32) -> bool {
        let added = self.add(candidate * 2, parents);
        if added {
            self.nested_of[candidate] = chain;
        }
        added
    }

    /// The potentials `potential` rests on, itself included.
    pub(super) fn ancestors(&self, potential: usize) -> impl Iterator<Item = usize> + '_ {
        let from = potential * self.words;
        self.ancestors[from..from + self.words]
            .iter()
            .enumerate()
            .flat_map(move |(index, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(self.potential_of[index * 64 + bit] as usize)
                })
            })
    }

    /// SE's complexity of the chain to `potential`: the potentials it rests on, plus the
    /// complexity of every distinct nested chain among them.
    pub(super) fn complexity(&self, potential: usize) -> usize {
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

    pub(super) fn has(&self, potential: usize) -> bool {
        let bit = if potential % 2 == 1 { ON } else { OFF };
        self.state[potential / 2] & bit != 0
    }

    /// Adds `potential`, resting on `parents`; notes a contradiction if its negation is
    /// there. Whether it was new.
    pub(super) fn add(&mut self, potential: usize, parents: &[u32]) -> bool {
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
    fn size(&self, potential: usize) -> usize {
        let from = potential * self.words;
        self.ancestors[from..from + self.words]
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// What the cell and region chains need later: every potential reached with its
    /// complexity, but for those of more than `limit` nodes, which no easier hint can use (a
    /// cell or region chain holds the nodes of every branch).
    fn summary(&self, limit: usize) -> Summary {
        let mut reached: Vec<(u32, u32)> = Vec::new();
        if self.contradiction.is_some() {
            // a branch that contradicts itself joins no cell or region chain
            return Summary {
                reached,
                contradiction: true,
            };
        }
        reached.reserve(self.order.len());
        reached.extend(self.order.iter().filter_map(|&potential| {
            let complexity = self.complexity(potential);
            (complexity <= limit).then_some((potential as u32, complexity as u32))
        }));
        reached.sort_unstable();
        Summary {
            reached,
            contradiction: self.contradiction.is_some(),
        }
    }
}

/// The potentials one assumption reached, sorted, with their sizes.
struct Summary {
    reached: Vec<(u32, u32)>,
    contradiction: bool,
}

impl Summary {
    fn size(&self, potential: usize) -> Option<usize> {
        self.reached
            .binary_search_by_key(&(potential as u32), |&(reached, _)| reached)
            .ok()
            .map(|position| self.reached[position].1 as usize)
    }
}

/// Propagates `start` dynamically on `grid` (one digit only with `single_digit`); at SE's
/// `level` 1 and up, stalls are broken by the advanced rules, from 2 by nested chains.
pub(super) fn propagate(
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
    let mut pending_on = std::collections::VecDeque::new();
    let mut pending_off = std::collections::VecDeque::new();
    let mut parents: Vec<u32> = Vec::new();
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

/// SE's rules for a stalled dynamic (+) propagation, in its order: the first that removes
/// something ends the round (pointing and claiming, hidden pair, naked pair, X-Wing). New
/// offs are only queued, so the candidates stay as they are while the rules look.
fn advanced(grid: &Grid<'_>, out: &mut Propagation) -> bool {
    let places = digit_places(grid.size, &out.candidates);
    locking(grid, out, &places)
        || hidden_pair(grid, out, &places)
        || naked_pair(grid, out)
        || x_wing(grid, out, &places)
}

/// Every digit's cells among `candidates` (a mask per cell).
fn digit_places(size: usize, candidates: &[u32]) -> Vec<CellSet<2>> {
    let mut places = vec![CellSet::EMPTY; size];
    for (cell, &digits) in candidates.iter().enumerate() {
        for digit in super::techniques_digits(digits) {
            places[digit].insert(cell);
        }
    }
    places
}

/// The offs of `digits` in `cells` that the propagation made (candidates of the grid it
/// started from, gone since): the parents of a rule's eliminations.
fn offs_of(
    grid: &Grid<'_>,
    out: &Propagation,
    cells: impl Iterator<Item = usize>,
    digits: u32,
) -> Vec<u32> {
    let mut parents = Vec::new();
    for cell in cells {
        let mut gone = grid.candidates[cell] & !out.candidates[cell] & digits;
        while gone != 0 {
            let digit = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            let potential = grid.potential(cell, digit, false);
            if out.has(potential) {
                parents.push(potential as u32);
            }
        }
    }
    parents
}

/// Turns off `digits` in `cells` where they are still candidates, resting on `parents`.
fn remove(
    grid: &Grid<'_>,
    out: &mut Propagation,
    cells: impl Iterator<Item = usize>,
    digits: u32,
    parents: &[u32],
) -> bool {
    let mut progress = false;
    for cell in cells {
        let mut present = out.candidates[cell] & digits;
        while present != 0 {
            let digit = present.trailing_zeros() as usize;
            present &= present - 1;
            progress |= out.add(grid.potential(cell, digit, false), parents);
        }
    }
    progress
}

/// Hidden pairs on the propagated grid.
fn hidden_pair(grid: &Grid<'_>, out: &mut Propagation, places: &[CellSet<2>]) -> bool {
    let layout = grid.layout;
    let size = grid.size;
    for house in 0..3 * size {
        let set = layout.houses[house].set;
        for first in 0..size {
            let pair = set & places[first];
            if pair.len() != 2 {
                continue;
            }
            for second in first + 1..size {
                if set & places[second] != pair {
                    continue;
                }
                let digits = (1u32 << first) | (1 << second);
                let parents = offs_of(grid, out, set.minus(&pair).iter(), digits);
                if parents.is_empty() {
                    continue;
                }
                if remove(grid, out, pair.iter(), !digits, &parents) {
                    return true;
                }
            }
        }
    }
    false
}

/// Naked pairs on the propagated grid.
fn naked_pair(grid: &Grid<'_>, out: &mut Propagation) -> bool {
    let layout = grid.layout;
    let size = grid.size;
    for house in 0..3 * size {
        let cells = &layout.houses[house].cells;
        for (position, &first) in cells.iter().enumerate() {
            let digits = out.candidates[first];
            if digits.count_ones() != 2 {
                continue;
            }
            for &second in &cells[position + 1..] {
                if out.candidates[second] != digits {
                    continue;
                }
                let parents = offs_of(grid, out, [first, second].into_iter(), !digits);
                if parents.is_empty() {
                    continue;
                }
                let others = cells
                    .iter()
                    .copied()
                    .filter(|&cell| cell != first && cell != second);
                if remove(grid, out, others, digits, &parents) {
                    return true;
                }
            }
        }
    }
    false
}

/// X-Wings on the propagated grid (rows as base, then columns).
fn x_wing(grid: &Grid<'_>, out: &mut Propagation, places: &[CellSet<2>]) -> bool {
    let layout = grid.layout;
    let size = grid.size;
    let mut progress = false;
    let mut lines: Vec<(usize, CellSet<2>)> = Vec::with_capacity(size);
    for digit in 0..size {
        for (bases, covers) in [(0..size, size..2 * size), (size..2 * size, 0..size)] {
            lines.clear();
            lines.extend(
                bases
                    .map(|house| (house, layout.houses[house].set & places[digit]))
                    .filter(|(_, line)| line.len() == 2),
            );
            for (index, &(one, one_places)) in lines.iter().enumerate() {
                for &(two, two_places) in &lines[index + 1..] {
                    let mut one_cells = one_places.iter();
                    let mut two_cells = two_places.iter();
                    let (Some(a), Some(b), Some(c), Some(d)) = (
                        one_cells.next(),
                        one_cells.next(),
                        two_cells.next(),
                        two_cells.next(),
                    ) else {
                        continue;
                    };
                    let mut cover_houses = [0usize; 2];
                    let mut found = 0;
                    for cover in covers.clone() {
                        let set = &layout.houses[cover].set;
                        if set.contains(a) && set.contains(c) || set.contains(b) && set.contains(d)
                        {
                            if found < 2 {
                                cover_houses[found] = cover;
                            }
                            found += 1;
                        }
                    }
                    if found != 2 {
                        continue;
                    }
                    let base_cells = layout.houses[one].set | layout.houses[two].set;
                    let parents = offs_of(grid, out, base_cells.iter(), 1 << digit);
                    if parents.is_empty() {
                        continue;
                    }
                    let corners = one_places | two_places;
                    for cover in cover_houses {
                        let targets = layout.houses[cover].cells.iter().copied();
                        let targets = targets.filter(|&cell| !corners.contains(cell));
                        progress |= remove(grid, out, targets, 1 << digit, &parents);
                    }
                }
            }
            if progress {
                return true;
            }
        }
    }
    progress
}

/// Pointing and claiming on the propagated grid: turns off, with the offs that confined the
/// digit as parents, the candidates a box-line intersection rules out; whether it did.
fn locking(grid: &Grid<'_>, out: &mut Propagation, places: &[CellSet<2>]) -> bool {
    let layout = grid.layout;
    let size = grid.size;
    let mut progress = false;
    let mut parents: Vec<u32> = Vec::new();
    for base in 0..3 * size {
        let base_set = layout.houses[base].set;
        for digit in 0..size {
            let confined = base_set & places[digit];
            if confined.len() < 2 {
                continue;
            }
            // a box's places lie in at most one line (and a line's in one box): the houses
            // of its first place are the only covers to try
            let Some(first) = confined.first() else {
                continue;
            };
            for &cover in &layout.cell_houses[first] {
                let is_cover = if layout.is_box(base) {
                    cover < 2 * size
                } else {
                    layout.is_box(cover)
                };
                if !is_cover || !confined.is_subset(&layout.houses[cover].set) {
                    continue;
                }
                parents.clear();
                parents.extend(
                    layout.houses[base]
                        .cells
                        .iter()
                        .filter(|&&cell| {
                            grid.candidates[cell] & (1 << digit) != 0
                                && out.has(grid.potential(cell, digit, false))
                        })
                        .map(|&cell| grid.potential(cell, digit, false) as u32),
                );
                if parents.is_empty() {
                    continue;
                }
                let targets = (layout.houses[cover].set & places[digit]).minus(&confined);
                for cell in targets.iter() {
                    progress |= out.add(grid.potential(cell, digit, false), &parents);
                }
            }
        }
    }
    progress
}

/// A static propagation written as a dynamic one's result.
pub(super) fn propagate_static(
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

/// Nishio forcing chains: a candidate whose assumption, propagated dynamically on its digit
/// alone, ends in a contradiction.
pub(crate) fn nishio(scene: &Scene<'_>, board: &Board<2>) -> Option<Hint> {
    let base = scene.tenths(SeTechnique::NishioForcingChain)?;
    let grid = Grid::new(scene.layout, board);
    let mut out = scene.scratch.take(&grid);
    let mut known = scene.scratch.nishio.borrow_mut();
    known.resize(grid.size, None);
    // (tenths, cell, digit, complexity, placed) of the easiest contradiction so far
    let mut best: Option<(u32, usize, usize, usize, bool)> = None;
    for (digit, kept) in known.iter_mut().enumerate() {
        let places = board.digit_cells[digit];
        let found = match kept {
            Some((kept_places, kept_base, found))
                if *kept_places == places && *kept_base == base =>
            {
                *found
            }
            _ => {
                let found = nishio_digit(scene, &grid, board, digit, base, &mut out);
                *kept = Some((places, base, found));
                found
            }
        };
        let Some((tenths, cell, complexity, placed)) = found else {
            continue;
        };
        // the cells are searched in order, each cell's digits in order: on equal ratings
        // the first cell, then the first digit, wins
        if best.is_none_or(|(kept_tenths, kept_cell, _, _, _)| {
            tenths < kept_tenths || (tenths == kept_tenths && cell < kept_cell)
        }) {
            best = Some((tenths, cell, digit, complexity, placed));
        }
    }
    scene.scratch.give(out);
    let (tenths, cell, digit, complexity, placed) = best?;
    let mut hint = Hint::new(SeTechnique::NishioForcingChain, tenths);
    if placed {
        hint.placements.push((cell, digit));
    } else {
        hint.eliminations.push((cell, digit));
    }
    hint.cells.push(cell);
    hint.complexity = complexity;
    Some(hint)
}

/// The easiest Nishio contradiction of one digit, (tenths, cell, complexity, whether the
/// contradiction came from "off" and so places the digit), the first cell on equal ratings.
/// As SE, both values of each candidate are tried: a contradiction from "on" removes it, one
/// from "off" places it. A propagation on one digit reads that digit's places alone, so the
/// answer stands while they stay the same.
fn nishio_digit(
    scene: &Scene<'_>,
    grid: &Grid<'_>,
    board: &Board<2>,
    digit: usize,
    base: u32,
    out: &mut Propagation,
) -> NishioFound {
    let mut best: NishioFound = None;
    for cell in (board.digit_cells[digit] & board.empty).iter() {
        for on in [true, false] {
            let start = grid.potential(cell, digit, on);
            propagate(scene, grid, start, true, 0, out);
            if let Some(complexity) = contradiction_size(out) {
                let tenths = base + length_bonus(complexity);
                if best.is_none_or(|(kept, _, _, _)| tenths < kept) {
                    best = Some((tenths, cell, complexity, !on));
                }
            }
        }
    }
    best
}

/// The size of the contradiction a propagation reached: the ancestors of both sides of the
/// candidate found on and off, or of the off that emptied a cell or house.
fn contradiction_size(out: &Propagation) -> Option<usize> {
    let candidate = out.contradiction?;
    let on = candidate * 2 + 1;
    let off = candidate * 2;
    let mut total = 0;
    if out.has(on) {
        total += out.complexity(on);
    }
    if out.has(off) {
        total += out.complexity(off);
    }
    Some(total.max(1))
}

/// The technique of multiple forcing chains at `depth`.
fn multiple_technique(depth: Depth) -> SeTechnique {
    match depth {
        Depth::Static => SeTechnique::MultipleForcingChain,
        Depth::Dynamic => SeTechnique::DynamicForcingChain,
        Depth::DynamicPlus => SeTechnique::DynamicForcingChainPlus,
        Depth::Nested(2) => SeTechnique::NestedForcingChain,
        Depth::Nested(3) => SeTechnique::NestedMultipleForcingChain,
        Depth::Nested(4) => SeTechnique::NestedDynamicForcingChain,
        Depth::Nested(_) => SeTechnique::DoublyNestedForcingChain,
    }
}

/// Multiple forcing chains at the given depth: contradictions, both values of a candidate
/// leading to one conclusion, every candidate of a cell, every place of a digit in a house.
/// The producer offers the easiest.
pub(crate) fn multiple(scene: &Scene<'_>, board: &Board<2>, depth: Depth) -> Option<Hint> {
    let technique = multiple_technique(depth);
    let base = scene.tenths(technique)?;
    let grid = Grid::new(scene.layout, board);
    let starts: Vec<usize> = board.empty.iter().collect();
    let mut best: Option<Hint> = None;
    multiple_on(scene, &grid, &starts, depth, &mut |found| {
        let tenths = base + length_bonus(found.complexity);
        if best.as_ref().is_some_and(|kept| kept.tenths <= tenths) {
            return longest(base, &best);
        }
        let (cell, digit, on) = grid.split(found.conclusion);
        let mut hint = Hint::new(technique, tenths);
        if on {
            hint.placements.push((cell, digit));
        } else {
            hint.eliminations.push((cell, digit));
        }
        hint.cells.push(cell);
        hint.complexity = found.complexity;
        best = Some(hint);
        longest(base, &best)
    });
    best
}

/// What multiple forcing chains concluded, and from what.
pub(super) struct Conclusion<'a> {
    /// The potential concluded.
    pub(super) conclusion: usize,
    /// SE's complexity: the nodes of every branch's chain (and of the chains nested in them).
    pub(super) complexity: usize,
    /// The potentials assumed, one per branch.
    pub(super) branches: &'a [usize],
    /// The potential every branch reaches, or none when the one branch ends in a
    /// contradiction.
    pub(super) target: Option<usize>,
}

/// Every conclusion of multiple forcing chains at `depth` from the candidates of `cells` on
/// `grid`, handed to `sink` as found; `sink` answers how many nodes a later conclusion may
/// hold and still interest it, so that longer ones are not assembled.
pub(super) fn multiple_on(
    scene: &Scene<'_>,
    grid: &Grid<'_>,
    cells: &[usize],
    depth: Depth,
    sink: &mut dyn FnMut(Conclusion<'_>) -> usize,
) {
    let layout = grid.layout;
    let count = grid.count();
    // Only static propagation reads the links of the grid as it is.
    let graph = if depth == Depth::Static {
        Graph::new(grid, BOTH_LINKS)
    } else {
        Graph {
            offsets: Vec::new(),
            targets: Vec::new(),
        }
    };
    let mut search = Search::new(count);
    let size = grid.size;
    // every candidate's "on" propagation, kept for the cell and region chains
    let mut outcomes: Vec<Option<Summary>> = (0..count).map(|_| None).collect();
    let mut on_out = scene.scratch.take(grid);
    let mut off_out = scene.scratch.take(grid);
    let run = |start: usize, search: &mut Search, out: &mut Propagation| match depth {
        Depth::Static => propagate_static(scene, grid, &graph, search, start, out),
        _ => propagate(scene, grid, start, false, depth.level(), out),
    };
    let useful = |conclusion: usize| -> bool {
        let (cell, digit, _) = grid.split(conclusion);
        grid.candidates[cell] & (1 << digit) != 0
    };
    // SE's rules: static chains start from cells of three candidates or more and conclude
    // only where every candidate of a cell or every place of a digit agrees; dynamic ones
    // start from every cell of two, also conclude from a contradiction, and from both values
    // of a candidate where its cell has three or more (with two, the cell chain is the same
    // chain one node shorter).
    let dynamic = depth != Depth::Static;
    let mut limit = usize::MAX;
    let fewest = if dynamic { 2 } else { 3 };
    for &cell in cells {
        if scene.exhausted() {
            break;
        }
        let candidates = grid.candidates[cell].count_ones();
        for digit in super::techniques_digits(grid.candidates[cell]) {
            let on = grid.potential(cell, digit, true);
            let off = grid.potential(cell, digit, false);
            run(on, &mut search, &mut on_out);
            outcomes[on] = Some(on_out.summary(limit));
            if !dynamic || candidates < 2 {
                continue;
            }
            run(off, &mut search, &mut off_out);
            if let Some(complexity) = contradiction_size(&on_out) {
                limit = sink(Conclusion {
                    conclusion: off,
                    complexity,
                    branches: &[on],
                    target: None,
                });
            }
            if let Some(complexity) = contradiction_size(&off_out) {
                limit = sink(Conclusion {
                    conclusion: on,
                    complexity,
                    branches: &[off],
                    target: None,
                });
            }
            if candidates >= 3 && on_out.contradiction.is_none() && off_out.contradiction.is_none()
            {
                for &potential in &on_out.order {
                    if potential / 2 == on / 2 || !off_out.has(potential) || !useful(potential) {
                        continue;
                    }
                    let complexity = on_out.complexity(potential) + off_out.complexity(potential);
                    limit = sink(Conclusion {
                        conclusion: potential,
                        complexity,
                        branches: &[on, off],
                        target: Some(potential),
                    });
                }
            }
        }
    }
    // cell forcing chains
    for &cell in cells {
        if grid.candidates[cell].count_ones() < fewest {
            continue;
        }
        let branches: Vec<usize> = super::techniques_digits(grid.candidates[cell])
            .map(|digit| grid.potential(cell, digit, true))
            .collect();
        agreeing(&outcomes, &branches, &mut limit, &useful, sink);
    }
    // region forcing chains, from houses whose first place is a cell the chains start from
    for house in 0..layout.houses.len() {
        for digit in 0..size {
            let branches: Vec<usize> = layout.houses[house]
                .cells
                .iter()
                .filter(|&&cell| grid.candidates[cell] & (1 << digit) != 0)
                .map(|&cell| grid.potential(cell, digit, true))
                .collect();
            let Some(&first) = branches.first() else {
                continue;
            };
            if branches.len() < 2 || grid.candidates[first / 2 / size].count_ones() < fewest {
                continue;
            }
            agreeing(&outcomes, &branches, &mut limit, &useful, sink);
        }
    }
    scene.scratch.give(on_out);
    scene.scratch.give(off_out);
}

/// Conclusions every branch implies, in chains of at most `limit` nodes.
fn agreeing(
    outcomes: &[Option<Summary>],
    branches: &[usize],
    limit: &mut usize,
    useful: &dyn Fn(usize) -> bool,
    sink: &mut dyn FnMut(Conclusion<'_>) -> usize,
) {
    let outs: Vec<&Summary> = branches
        .iter()
        .filter_map(|&branch| outcomes[branch].as_ref())
        .filter(|out| !out.contradiction)
        .collect();
    if outs.len() != branches.len() || outs.is_empty() {
        return;
    }
    for &(potential, first_size) in &outs[0].reached {
        let potential = potential as usize;
        if !useful(potential) || branches.iter().any(|&branch| branch / 2 == potential / 2) {
            continue;
        }
        let mut complexity = first_size as usize;
        let mut everywhere = complexity <= *limit;
        for out in &outs[1..] {
            if !everywhere {
                break;
            }
            match out.size(potential) {
                Some(size) if complexity + size <= *limit => complexity += size,
                _ => {
                    everywhere = false;
                    break;
                }
            }
        }
        if everywhere {
            *limit = sink(Conclusion {
                conclusion: potential,
                complexity,
                branches,
                target: Some(potential),
            });
        }
    }
}
