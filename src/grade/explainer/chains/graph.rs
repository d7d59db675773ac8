//! The chain engine's view of a grid: its potentials, the static links between them (the
//! graph), what each potential reaches, and a breadth-first search over those links.

use super::advanced::digit_places;
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::components::strong_components;
use crate::grade::explainer::techniques_digits;
use crate::grade::layout::Layout;

/// Which links a static search follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::grade::explainer) struct Links {
    /// off → on through a house with two places (X links).
    pub(in crate::grade::explainer) house: bool,
    /// off → on through a bivalue cell, and on → off inside a cell (Y links).
    pub(in crate::grade::explainer) cell: bool,
}

/// Both kinds of links.
pub(in crate::grade::explainer) const BOTH_LINKS: Links = Links {
    house: true,
    cell: true,
};

/// The grid's candidates as the chain engine sees them.
pub(in crate::grade::explainer) struct Grid<'a> {
    pub(in crate::grade::explainer) layout: &'a Layout<2>,
    pub(in crate::grade::explainer) size: usize,
    pub(in crate::grade::explainer) candidates: Vec<u32>,
    /// How many places every digit has in every house (`house * size + digit`), which a
    /// dynamic propagation counts down instead of scanning the house at every off.
    pub(super) place_counts: Vec<u8>,
}

impl<'a> Grid<'a> {
    pub(super) fn new(layout: &'a Layout<2>, board: &Board<2>) -> Grid<'a> {
        Grid::of(layout, &board.candidates)
    }

    /// A grid of the given candidates (a propagation's state, for the chains nested in it).
    pub(in crate::grade::explainer) fn of(layout: &'a Layout<2>, candidates: &[u32]) -> Grid<'a> {
        let size = layout.size;
        let mut place_counts = vec![0u8; layout.houses.len() * size];
        for (house, data) in layout.houses.iter().enumerate() {
            for &cell in &data.cells {
                for digit in techniques_digits(candidates[cell]) {
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
    pub(in crate::grade::explainer) fn potential(
        &self,
        cell: usize,
        digit: usize,
        on: bool,
    ) -> usize {
        (cell * self.size + digit) * 2 + usize::from(on)
    }

    #[inline]
    pub(in crate::grade::explainer) fn split(&self, potential: usize) -> (usize, usize, bool) {
        let candidate = potential / 2;
        (
            candidate / self.size,
            candidate % self.size,
            potential % 2 == 1,
        )
    }

    pub(in crate::grade::explainer) fn count(&self) -> usize {
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
    pub(super) fn places(&self) -> Vec<CellSet<2>> {
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
pub(in crate::grade::explainer) struct Graph {
    pub(super) offsets: Vec<u32>,
    pub(super) targets: Vec<u32>,
}

impl Graph {
    pub(in crate::grade::explainer) fn new(grid: &Grid<'_>, links: Links) -> Graph {
        let count = grid.count();
        let mut offsets = Vec::with_capacity(count + 1);
        let mut targets = Vec::with_capacity(count * 4);
        let mut scratch = Vec::new();
        let (places, conjugates) = (grid.places(), grid.conjugates());
        offsets.push(0);
        // potentials in order: cell by cell, digit by digit, "off" before "on"
        for (cell, &digits) in grid.candidates.iter().enumerate() {
            for digit in 0..grid.size {
                let potential = grid.potential(cell, digit, false);
                if digits & (1 << digit) != 0 {
                    for potential in [potential, potential + 1] {
                        grid.implied(potential, links, (&places, &conjugates), &mut scratch);
                        targets.extend(scratch.iter().map(|&target| target as u32));
                        offsets.push(targets.len() as u32);
                    }
                } else {
                    offsets.push(targets.len() as u32);
                    offsets.push(targets.len() as u32);
                }
            }
        }
        Graph { offsets, targets }
    }

    #[inline]
    pub(in crate::grade::explainer) fn targets(&self, potential: usize) -> &[u32] {
        &self.targets[self.offsets[potential] as usize..self.offsets[potential + 1] as usize]
    }

    /// How many potentials the graph spans.
    pub(in crate::grade::explainer) fn count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The same links the other way round: every potential's sources.
    pub(in crate::grade::explainer) fn reversed(&self) -> Graph {
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

    pub(super) fn links(&self, from: usize, to: usize) -> bool {
        self.targets(from).contains(&(to as u32))
    }
}

/// What every potential reaches through a graph's links, itself included: one bit set per
/// strongly connected component, over the grid's potentials numbered densely. Found once per
/// graph, it tells which breadth-first searches cannot succeed, so they are not run.
pub(super) struct Reach {
    /// Each potential's node number (`NONE` for potentials of no candidate).
    pub(super) node: Vec<u32>,
    /// Each node's component.
    pub(super) component: Vec<u32>,
    pub(super) words: usize,
    /// Each component's reach, `words` words each.
    pub(super) sets: Vec<u64>,
}

impl Reach {
    pub(super) fn new(grid: &Grid<'_>, graph: &Graph) -> Reach {
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
    pub(super) fn reaches(&self, from: usize, to: usize) -> bool {
        let component = self.component[self.node[from] as usize] as usize;
        let to = self.node[to] as usize;
        self.sets[component * self.words + to / 64] & (1 << (to % 64)) != 0
    }

    /// Whether a loop can lead from `start` back to it.
    pub(super) fn may_loop(&self, graph: &Graph, start: usize) -> bool {
        graph
            .targets(start)
            .iter()
            .any(|&next| self.reaches(next as usize, start))
    }
}

/// A breadth-first search over static links, reusable between starts.
pub(in crate::grade::explainer) struct Search {
    pub(super) parent: Vec<u32>,
    pub(super) depth: Vec<u16>,
    pub(super) queue: Vec<usize>,
}

const NONE: u32 = u32::MAX;

impl Search {
    pub(in crate::grade::explainer) fn new(count: usize) -> Search {
        Search {
            parent: vec![NONE; count],
            depth: vec![0; count],
            queue: Vec::with_capacity(count),
        }
    }

    /// Explores from `start`; afterwards `reached` tells which potentials it implies.
    pub(in crate::grade::explainer) fn run(&mut self, graph: &Graph, start: usize) {
        self.run_within(graph, start, usize::MAX);
    }

    /// Explores from `start` until `end` is reached (by a shortest path); whether it was.
    pub(in crate::grade::explainer) fn run_to(
        &mut self,
        graph: &Graph,
        start: usize,
        end: usize,
    ) -> bool {
        self.explore(graph, start, usize::MAX, Some(end))
    }

    /// Explores from `start`, following no path longer than `nodes` potentials.
    pub(super) fn run_within(&mut self, graph: &Graph, start: usize, nodes: usize) {
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
    pub(in crate::grade::explainer) fn reached_count(&self) -> usize {
        self.queue.len()
    }

    pub(in crate::grade::explainer) fn reached(&self, potential: usize) -> bool {
        self.parent[potential] != NONE
    }

    /// The path from the start to `potential`, start first.
    pub(in crate::grade::explainer) fn path(&self, potential: usize) -> Vec<usize> {
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
