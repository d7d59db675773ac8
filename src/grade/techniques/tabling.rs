//! Tabling (Trebor's tables, as HoDoKu implements them): for every premise "candidate set"
//! or "candidate removed" all its consequences along chains of strong and weak links (with
//! group nodes when asked), then nice loops and AICs (a chain back to its start cell, or
//! between two cells), forcing chains (a premise leading to a contradiction, or every branch
//! of a choice leading to the same conclusion) and forcing nets (consequences followed
//! through singles).

use std::rc::Rc;

use super::{digits_of, Context};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::components::strong_components;
use crate::grade::layout::Layout;
use crate::grade::step::{Finding, NodeIndex};
use crate::grade::technique::Technique;

/// How many rounds of singles a net follows from each premise (HoDoKu's look-ahead).
const NET_DEPTH: usize = 4;

/// A group node: two or more cells of a line inside one box holding a digit.
#[derive(Clone)]
struct GroupNode<const W: usize> {
    cells: CellSet<W>,
    digit: usize,
    line: usize,
    box_house: usize,
}

/// The implication graph: literals are `node * 2 + on`; nodes `cell * n + digit` are single
/// candidates, nodes from `cells * n` on are group nodes. Every literal's successors, in the
/// order they were found, lie in one array (`targets[offsets[l]..offsets[l + 1]]`).
#[derive(Clone)]
pub(crate) struct Graph<const W: usize> {
    size: usize,
    cell_count: usize,
    groups: Vec<GroupNode<W>>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl<const W: usize> Graph<W> {
    fn literal(&self, cell: usize, digit: usize, on: bool) -> usize {
        (cell * self.size + digit) * 2 + usize::from(on)
    }

    fn group_literal(&self, group: usize, on: bool) -> usize {
        (self.cell_count * self.size + group) * 2 + usize::from(on)
    }

    fn is_group(&self, literal: usize) -> bool {
        literal / 2 >= self.cell_count * self.size
    }

    fn cell(&self, literal: usize) -> usize {
        let node = literal / 2;
        if node < self.cell_count * self.size {
            node / self.size
        } else {
            self.groups[node - self.cell_count * self.size]
                .cells
                .first()
                .expect("group cells")
        }
    }

    fn digit(&self, literal: usize) -> usize {
        let node = literal / 2;
        if node < self.cell_count * self.size {
            node % self.size
        } else {
            self.groups[node - self.cell_count * self.size].digit
        }
    }

    fn cells(&self, literal: usize) -> CellSet<W> {
        let node = literal / 2;
        if node < self.cell_count * self.size {
            CellSet::single(node / self.size)
        } else {
            self.groups[node - self.cell_count * self.size].cells
        }
    }

    fn node_index(&self, literal: usize) -> NodeIndex {
        NodeIndex {
            cells: self.cells(literal).to_vec(),
            digit: self.digit(literal),
        }
    }

    /// How many literals there are.
    fn literal_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The literals `literal` implies, in order.
    #[inline]
    fn successors(&self, literal: usize) -> &[u32] {
        &self.targets[self.offsets[literal] as usize..self.offsets[literal + 1] as usize]
    }
}

/// The chain graph of the grid (with group nodes when `grouped`), from the memo when the
/// grid has not changed since it was built.
fn chain_graph<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    grouped: bool,
) -> Rc<Graph<W>> {
    context.memo.chain_graph(board, grouped, || {
        // the links between single candidates are those of the graph without group nodes
        let plain = if grouped {
            context.memo.kept_chain_graph(board, false)
        } else {
            None
        };
        build_chain_graph(context, board, grouped, plain.as_deref())
    })
}

/// The chain graph: direct implications only, as HoDoKu's `fillTables` (chains only) and
/// `fillTablesWithGroupNodes` record them. The group nodes' links are worked out first, so
/// that every list can be written at once, literal after literal: a candidate's own links
/// (each literal once, in the order HoDoKu finds them; copied from `plain`, the graph of
/// the same grid without group nodes, when there is one), then the links to group nodes.
fn build_chain_graph<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    grouped: bool,
    plain: Option<&Graph<W>>,
) -> Graph<W> {
    let layout = context.layout;
    let n = layout.size;
    let mut groups = Vec::new();
    if grouped {
        for line in 0..2 * n {
            for digit in 0..n {
                let in_line = board.house_cells(layout, line, digit);
                if in_line.len() < 2 {
                    continue;
                }
                for number in 0..n {
                    let box_house = layout.box_house(number);
                    let cells = in_line & layout.houses[box_house].set;
                    if cells.len() >= 2 {
                        groups.push(GroupNode {
                            cells,
                            digit,
                            line,
                            box_house,
                        });
                    }
                }
            }
        }
    }
    let singles = layout.cell_count * n * 2;
    let literal_count = singles + groups.len() * 2;
    let mut graph = Graph {
        size: n,
        cell_count: layout.cell_count,
        groups,
        offsets: Vec::with_capacity(literal_count + 1),
        targets: Vec::with_capacity(literal_count * 16),
    };
    // the group nodes' lists, and the links from candidates to group nodes, by candidate
    let mut group_lists: Vec<u32> = Vec::new();
    let mut group_ranges: Vec<(u32, u32)> = Vec::with_capacity(graph.groups.len() * 2);
    let mut to_groups: Vec<(u32, u32)> = Vec::new();
    // the group nodes of every digit, in order
    let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (index, group) in graph.groups.iter().enumerate() {
        by_digit[group.digit].push(index);
    }
    for index in 0..graph.groups.len() {
        let (cells, digit, line, box_house) = {
            let group = &graph.groups[index];
            (group.cells, group.digit, group.line, group.box_house)
        };
        let buddies = layout.common_peers(&cells) & board.digit_cells[digit];
        let on = graph.group_literal(index, true) as u32;
        let off = graph.group_literal(index, false) as u32;
        let start = group_lists.len() as u32;
        for cell in buddies.iter() {
            group_lists.push(graph.literal(cell, digit, false) as u32);
            to_groups.push((graph.literal(cell, digit, true) as u32, off));
        }
        let mut off_list: Vec<u32> = Vec::new();
        for house in [box_house, line] {
            let single = buddies & layout.houses[house].set;
            if single.len() == 1 {
                let cell = single.first().expect("one cell");
                let literal = graph.literal(cell, digit, true) as u32;
                if !off_list.contains(&literal) {
                    off_list.push(literal);
                }
                to_groups.push((graph.literal(cell, digit, false) as u32, on));
            }
        }
        let mut shared: [(usize, Option<usize>); 2] = [(0, None), (0, None)];
        for &other in &by_digit[digit] {
            let second = &graph.groups[other];
            if other == index || second.cells.intersects(&cells) {
                continue;
            }
            let literal = graph.group_literal(other, false) as u32;
            for (slot, same) in [(0, second.line == line), (1, second.box_house == box_house)] {
                if same {
                    shared[slot].0 += 1;
                    if shared[slot].1.is_none() {
                        shared[slot].1 = Some(other);
                    }
                    if !group_lists[start as usize..].contains(&literal) {
                        group_lists.push(literal);
                    }
                }
            }
        }
        let middle = group_lists.len() as u32;
        for (slot, house) in [(0, line), (1, box_house)] {
            if let (1, Some(other)) = shared[slot] {
                let rest = board
                    .house_cells(layout, house, digit)
                    .minus(&cells)
                    .minus(&graph.groups[other].cells);
                if rest.is_empty() {
                    let literal = graph.group_literal(other, true) as u32;
                    if !off_list.contains(&literal) {
                        off_list.push(literal);
                    }
                }
            }
        }
        group_lists.extend_from_slice(&off_list);
        // the off literal (even) comes first
        group_ranges.push((middle, group_lists.len() as u32));
        group_ranges.push((start, middle));
    }
    to_groups.sort_by_key(|&(owner, _)| owner);
    let mut next_link = 0;
    for cell in 0..layout.cell_count {
        let candidates = board.candidates[cell];
        for digit in 0..n {
            for on in [false, true] {
                let literal = graph.literal(cell, digit, on);
                graph.offsets.push(graph.targets.len() as u32);
                let start = graph.targets.len();
                if let Some(plain) = plain {
                    graph.targets.extend_from_slice(plain.successors(literal));
                } else if candidates & (1 << digit) == 0 {
                    // no links of its own
                } else if on {
                    for other in digits_of(candidates) {
                        if other != digit {
                            graph.targets.push(graph.literal(cell, other, false) as u32);
                        }
                    }
                    let mut met = CellSet::single(cell);
                    for &house in &layout.cell_houses[cell] {
                        if board.free(house, digit) < 2 {
                            continue;
                        }
                        let others = board.house_cells(layout, house, digit).minus(&met);
                        for other in others.iter() {
                            graph
                                .targets
                                .push(graph.literal(other, digit, false) as u32);
                        }
                        met |= others;
                    }
                    if let Some(cage) = layout.cage_of[cell] {
                        let others =
                            (layout.cages[cage].set & board.digit_cells[digit]).minus(&met);
                        for other in others.iter() {
                            graph
                                .targets
                                .push(graph.literal(other, digit, false) as u32);
                        }
                    }
                } else {
                    if candidates.count_ones() == 2 {
                        for other in digits_of(candidates) {
                            if other != digit {
                                graph.targets.push(graph.literal(cell, other, true) as u32);
                            }
                        }
                    }
                    for &house in &layout.cell_houses[cell] {
                        if board.free(house, digit) == 2 {
                            let others = board.house_cells(layout, house, digit);
                            let other = others.iter().find(|&c| c != cell).expect("two cells");
                            let partner = graph.literal(other, digit, true) as u32;
                            if !graph.targets[start..].contains(&partner) {
                                graph.targets.push(partner);
                            }
                        }
                    }
                }
                while next_link < to_groups.len() && to_groups[next_link].0 as usize == literal {
                    let target = to_groups[next_link].1;
                    if !graph.targets[start..].contains(&target) {
                        graph.targets.push(target);
                    }
                    next_link += 1;
                }
            }
        }
    }
    for &(start, end) in &group_ranges {
        graph.offsets.push(graph.targets.len() as u32);
        graph
            .targets
            .extend_from_slice(&group_lists[start as usize..end as usize]);
    }
    graph.offsets.push(graph.targets.len() as u32);
    graph
}

/// A breadth-first table: the literals reached from a premise, in discovery order, with
/// their parents. One is kept in the memo from one search to the next.
pub(crate) struct Table {
    /// The literals reached, in order, in the first `reached` entries.
    order: Vec<u32>,
    reached: usize,
    /// The watched literals a [`fill_until`](Self::fill_until) reached, in order.
    watched_reached: Vec<u32>,
    visits: Vec<Visit>,
    generation: u32,
}

/// What a table knows of one literal; valid while `stamp` is the table's generation. (The
/// distance from the premise is not kept: the few literals that need it follow parents.)
#[derive(Clone, Copy, Default)]
struct Visit {
    stamp: u32,
    parent: u32,
}

impl Table {
    fn new(literal_count: usize) -> Table {
        Table {
            order: vec![0; literal_count + 1],
            reached: 0,
            watched_reached: Vec::new(),
            visits: vec![Visit::default(); literal_count],
            generation: 0,
        }
    }

    /// This table, made ready for a graph of `literal_count` literals (what it holds of
    /// earlier searches is outdated by the generations to come).
    fn resized(mut self, literal_count: usize) -> Table {
        self.order.resize(literal_count + 1, 0);
        self.visits.resize(literal_count, Visit::default());
        self
    }

    /// Whether `literal` (which the table reached) lies more than `links` links from the
    /// premise.
    fn farther_than(&self, literal: usize, links: usize) -> bool {
        let mut current = literal;
        for _ in 0..links {
            let parent = self.visits[current].parent as usize;
            if parent == current {
                return false;
            }
            current = parent;
        }
        self.visits[current].parent as usize != current
    }

    fn fill<const W: usize>(&mut self, graph: &Graph<W>, premise: usize) {
        self.search::<W, false>(graph, premise, 0..0, 0);
    }

    /// Fills the table from `premise`, but stops as soon as `wanted` literals of `watched`
    /// are reached (what comes before them is the same as in a whole table); those reached
    /// are listed, in order, in `watched_reached`.
    fn fill_until<const W: usize>(
        &mut self,
        graph: &Graph<W>,
        premise: usize,
        watched: std::ops::Range<usize>,
        wanted: usize,
    ) {
        self.search::<W, true>(graph, premise, watched, wanted);
    }

    /// The breadth-first search behind [`fill`](Self::fill) and
    /// [`fill_until`](Self::fill_until) (which `WATCH` tells apart).
    #[inline(always)]
    fn search<const W: usize, const WATCH: bool>(
        &mut self,
        graph: &Graph<W>,
        premise: usize,
        watched: std::ops::Range<usize>,
        wanted: usize,
    ) {
        self.generation += 1;
        let generation = self.generation;
        if WATCH {
            self.watched_reached.clear();
        }
        let watched_reached = &mut self.watched_reached;
        // every literal enters the order at most once, so it fits
        let order = &mut self.order[..];
        let visits = &mut self.visits[..];
        let (offsets, targets) = (&graph.offsets[..], &graph.targets[..]);
        visits[premise] = Visit {
            stamp: generation,
            parent: premise as u32,
        };
        order[0] = premise as u32;
        let mut end = 1;
        let mut position = 0;
        let mut seen = 0;
        'search: while position < end {
            let literal = order[position];
            position += 1;
            let first = offsets[literal as usize] as usize;
            let last = offsets[literal as usize + 1] as usize;
            for &next in &targets[first..last] {
                // without branches on whether `next` is new (about half are): the writes
                // keep what was there when it is not, and the order's end moves only when
                // it is (the order has room for one entry more than there are literals)
                let visit = &mut visits[next as usize];
                let fresh = visit.stamp != generation;
                let kept = *visit;
                *visit = Visit {
                    stamp: generation,
                    parent: if fresh { literal } else { kept.parent },
                };
                order[end] = next;
                end += usize::from(fresh);
                if WATCH && fresh && watched.contains(&(next as usize)) {
                    watched_reached.push(next);
                    seen += 1;
                    if seen == wanted {
                        break 'search;
                    }
                }
            }
        }
        self.reached = end;
    }

    /// How many links `literal` (which the table reached) lies from the premise.
    fn depth(&self, literal: usize) -> usize {
        let mut links = 0;
        let mut current = literal;
        while self.visits[current].parent as usize != current {
            current = self.visits[current].parent as usize;
            links += 1;
        }
        links
    }

    /// The literals from the premise to `literal`, premise first.
    fn path(&self, literal: usize) -> Vec<usize> {
        let mut path = vec![literal];
        let mut current = literal;
        while self.visits[current].parent as usize != current {
            current = self.visits[current].parent as usize;
            path.push(current);
        }
        path.reverse();
        path
    }
}

/// A nice loop or AIC found, with its path (whose links are written into the finding only
/// once it is the best).
type Chain = (Finding, Vec<usize>);

/// Whether a chain removing `eliminations` (in this order, each once) with `length` links
/// would replace `best` in [`keep_best`]: whether `best.hodoku_order(chain)` is `Greater`.
fn would_replace(best: &Finding, eliminations: &[(usize, usize)], length: usize) -> bool {
    use std::cmp::Ordering;
    let order = eliminations
        .len()
        .cmp(&best.eliminations.len())
        .then_with(|| {
            let same = best.eliminations.len() == eliminations.len()
                && best
                    .eliminations
                    .iter()
                    .all(|entry| eliminations.contains(entry));
            if same {
                Ordering::Equal
            } else {
                best.index_sum().cmp(&Finding::index_sum_of(eliminations))
            }
        })
        .then_with(|| best.length.cmp(&length));
    order == Ordering::Greater
}

fn keep_best(best: &mut Option<Chain>, candidate: Chain) {
    match best {
        Some((current, _)) if current.hodoku_order(&candidate.0) != std::cmp::Ordering::Greater => {
        }
        _ => *best = Some(candidate),
    }
}

/// The links of `path` in `finding`.
fn add_links<const W: usize>(graph: &Graph<W>, finding: &mut Finding, path: &[usize]) {
    for pair in path.windows(2) {
        finding.links.push((
            graph.node_index(pair[0]),
            graph.node_index(pair[1]),
            pair[1] % 2 == 1,
        ));
    }
}

/// Whether a chain revisits a cell (HoDoKu's lasso test): consecutive links may share a
/// cell; for nice loops the start cell may be met again at the end, for AICs it may not.
fn is_lasso<const W: usize>(graph: &Graph<W>, path: &[usize], aic: bool) -> bool {
    let start = graph.cell(path[0]);
    let mut seen: CellSet<W> = CellSet::EMPTY;
    let mut last: Option<usize> = None;
    for &literal in path {
        let cell = graph.cell(literal);
        if seen.contains(cell) {
            return true;
        }
        if let Some(previous) = last {
            if graph.cell(previous) != start || aic {
                seen |= graph.cells(previous);
            }
        }
        last = Some(literal);
    }
    false
}

fn chain_finding<const W: usize>(
    graph: &Graph<W>,
    technique: Technique,
    path: &[usize],
) -> Finding {
    let grouped = path.iter().any(|&literal| graph.is_group(literal));
    let technique = match (grouped, technique) {
        (true, Technique::ContinuousNiceLoop) => Technique::GroupedContinuousNiceLoop,
        (true, Technique::DiscontinuousNiceLoop) => Technique::GroupedDiscontinuousNiceLoop,
        (true, Technique::Aic) => Technique::GroupedAic,
        (_, technique) => technique,
    };
    let mut finding = Finding::new(technique);
    finding.length = path.len() - 1;
    finding.cells = path.iter().map(|&literal| graph.cell(literal)).collect();
    finding.cells.dedup();
    finding
}

fn add_elimination(finding: &mut Finding, cell: usize, digit: usize) {
    if !finding.eliminations.contains(&(cell, digit)) {
        finding.eliminate(cell, digit);
    }
}

/// The best nice loop or AIC (grouped ones too when `grouped`).
pub(crate) fn nice_loops<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    grouped: bool,
) -> Option<Finding> {
    let layout = context.layout;
    let graph = chain_graph(context, board, grouped);
    let mut table = match context.memo.take_table() {
        Some(table) => table.resized(graph.literal_count()),
        None => Table::new(graph.literal_count()),
    };
    let mut best: Option<Chain> = None;
    let allowed = |(finding, _): &Chain| context.enabled(finding.technique);
    let n = layout.size;
    // what each set candidate reaches, when the grid is small enough for the sets: a
    // loop from it ends on its cell's other candidates set or on itself removed (it
    // removes the cell's other candidates one link away, too near to end a loop)
    let reach = (W <= 4).then(|| {
        let graph = &*graph;
        Reach::new(
            graph,
            board.empty.iter().flat_map(|cell| {
                digits_of(board.candidates[cell]).map(move |digit| graph.literal(cell, digit, true))
            }),
            true,
        )
    });
    // the literals some link enters (the others are never reached)
    let mut entered = vec![false; graph.literal_count()];
    for &target in &graph.targets {
        entered[target as usize] = true;
    }
    // the eliminations of an AIC weighed against the best chain so far
    let mut eliminations: Vec<(usize, usize)> = Vec::new();
    for on in [true, false] {
        for cell in board.empty.iter() {
            // the literals of the cell itself, where nice loops end
            let own = cell * n * 2..(cell + 1) * n * 2;
            for digit in digits_of(board.candidates[cell]) {
                let premise = graph.literal(cell, digit, on);
                if on {
                    // from a set candidate only loops back to the cell count: to the
                    // candidate removed, or to another candidate set (which removes it one
                    // link later), so not unless it reaches itself removed; of its
                    // literals only those some link enters can be met: the search stops
                    // once it has them all
                    if reach
                        .as_ref()
                        .is_some_and(|reach| !reach.sets(premise).1[digit].contains(cell))
                    {
                        continue;
                    }
                    let wanted = own
                        .clone()
                        .filter(|&literal| literal != premise && entered[literal])
                        .count();
                    if wanted == 0 {
                        continue;
                    }
                    table.fill_until(&graph, premise, own.clone(), wanted);
                    for index in 0..table.watched_reached.len() {
                        let literal = table.watched_reached[index] as usize;
                        if let Some(finding) = nice_loop(context, board, &graph, &table, literal) {
                            if allowed(&finding) {
                                keep_best(&mut best, finding);
                            }
                        }
                    }
                    continue;
                }
                table.fill(&graph, premise);
                for position in 1..table.reached {
                    let literal = table.order[position] as usize;
                    if own.contains(&literal) {
                        if let Some(finding) = nice_loop(context, board, &graph, &table, literal) {
                            if allowed(&finding) {
                                keep_best(&mut best, finding);
                            }
                        }
                    } else if literal % 2 == 1 && !graph.is_group(literal) {
                        let best_found = best.as_ref().map(|(finding, _)| finding);
                        let found = aic(
                            context,
                            board,
                            &graph,
                            &table,
                            literal,
                            best_found,
                            &mut eliminations,
                        );
                        if let Some(finding) = found {
                            if allowed(&finding) {
                                keep_best(&mut best, finding);
                            }
                        }
                    }
                }
            }
        }
    }
    context.memo.keep_table(table);
    best.map(|(mut finding, path)| {
        add_links(&graph, &mut finding, &path);
        finding
    })
}

fn nice_loop<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    graph: &Graph<W>,
    table: &Table,
    end: usize,
) -> Option<Chain> {
    let layout = context.layout;
    if !table.farther_than(end, 2) {
        return None;
    }
    let path = table.path(end);
    let start = path[0];
    let start_cell = graph.cell(start);
    if graph.cell(path[1]) == start_cell || graph.cell(path[path.len() - 2]) == start_cell {
        return None;
    }
    if is_lasso(graph, &path, false) {
        return None;
    }
    let first_strong = start.is_multiple_of(2);
    let last_strong = end % 2 == 1;
    let start_digit = graph.digit(start);
    let end_digit = graph.digit(end);
    let mut finding = chain_finding(graph, Technique::DiscontinuousNiceLoop, &path);
    if !first_strong && !last_strong && start_digit == end_digit {
        add_elimination(&mut finding, start_cell, start_digit);
    } else if first_strong && last_strong && start_digit == end_digit {
        for digit in digits_of(board.candidates[start_cell]) {
            if digit != start_digit {
                add_elimination(&mut finding, start_cell, digit);
            }
        }
    } else if first_strong != last_strong && start_digit != end_digit {
        let digit = if first_strong { end_digit } else { start_digit };
        add_elimination(&mut finding, start_cell, digit);
    } else {
        let continuous = (!first_strong
            && !last_strong
            && board.count(start_cell) == 2
            && start_digit != end_digit)
            || (first_strong && last_strong && start_digit != end_digit)
            || (first_strong != last_strong && start_digit == end_digit);
        if !continuous {
            return None;
        }
        finding = chain_finding(graph, Technique::ContinuousNiceLoop, &path);
        let mut chain_cells: CellSet<W> = CellSet::EMPTY;
        for &literal in &path {
            chain_cells |= graph.cells(literal);
        }
        let last = path.len() - 1;
        let strong = |i: usize| path[i] % 2 == 1;
        let cell_of = |i: usize| graph.cell(path[i]);
        for i in 0..=last {
            let two_strong = if i == 0 {
                first_strong && last_strong
            } else {
                strong(i)
                    && i + 2 <= last
                    && cell_of(i - 1) != cell_of(i)
                    && !strong(i + 1)
                    && cell_of(i) == cell_of(i + 1)
                    && strong(i + 2)
                    && cell_of(i + 1) != cell_of(i + 2)
            };
            if two_strong && !graph.is_group(path[i]) {
                let (keep1, keep2) = if i == 0 {
                    (start_digit, end_digit)
                } else {
                    (graph.digit(path[i]), graph.digit(path[i + 2]))
                };
                let cell = cell_of(i);
                for digit in digits_of(board.candidates[cell]) {
                    if digit != keep1 && digit != keep2 {
                        add_elimination(&mut finding, cell, digit);
                    }
                }
            }
            if i > 0 && !strong(i) && cell_of(i - 1) != cell_of(i) {
                let digit = graph.digit(path[i]);
                let seen = layout.common_peers(&graph.cells(path[i - 1]))
                    & layout.common_peers(&graph.cells(path[i]))
                    & board.digit_cells[digit];
                let mut targets = seen.minus(&chain_cells);
                targets.remove(start_cell);
                for cell in targets.iter() {
                    add_elimination(&mut finding, cell, digit);
                }
            }
        }
    }
    if finding.eliminations.is_empty() {
        return None;
    }
    Some((finding, path))
}

fn aic<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    graph: &Graph<W>,
    table: &Table,
    end: usize,
    best: Option<&Finding>,
    eliminations: &mut Vec<(usize, usize)>,
) -> Option<Chain> {
    let layout = context.layout;
    let start = table.order[0] as usize;
    let start_cell = graph.cell(start);
    let end_cell = graph.cell(end);
    let start_digit = graph.digit(start);
    let end_digit = graph.digit(end);
    let common = if start_digit == end_digit {
        let common =
            layout.peers[start_cell] & layout.peers[end_cell] & board.digit_cells[start_digit];
        if !common.more_than_one() {
            return None;
        }
        common
    } else {
        if !layout.sees(start_cell, end_cell)
            || !board.has(end_cell, start_digit)
            || !board.has(start_cell, end_digit)
        {
            return None;
        }
        CellSet::EMPTY
    };
    if !table.farther_than(end, 2) {
        return None;
    }
    // a chain that cannot beat the best one so far is not worth its path
    if let Some(best) = best {
        eliminations.clear();
        if start_digit == end_digit {
            eliminations.extend(common.iter().map(|cell| (cell, start_digit)));
        } else {
            eliminations.extend([(start_cell, end_digit), (end_cell, start_digit)]);
        }
        if eliminations.len() < best.eliminations.len()
            || !would_replace(best, eliminations, table.depth(end))
        {
            return None;
        }
    }
    let path = table.path(end);
    if is_lasso(graph, &path, true) {
        return None;
    }
    let mut finding = chain_finding(graph, Technique::Aic, &path);
    if start_digit == end_digit {
        for cell in common.iter() {
            add_elimination(&mut finding, cell, start_digit);
        }
    } else {
        add_elimination(&mut finding, start_cell, end_digit);
        add_elimination(&mut finding, end_cell, start_digit);
    }
    Some((finding, path))
}

/// What every premise reaches, for forcing chains and nets (which need the set of literals
/// a table holds, not the order it found them in): the graph's strongly connected
/// components, each with the candidates set and removed (per digit) by the literals it
/// reaches. Tarjan's algorithm finishes a component after every component it leads to,
/// so each is the union of its own literals and of the components its edges enter.
/// (Nice loops need only the cells removed: built `removed_only`, half the sets are kept.)
struct Reach<const W: usize> {
    size: usize,
    /// Sets per component: `2 * size`, or `size` when only the cells removed are kept.
    width: usize,
    /// Per literal: its component, or `u32::MAX` when no premise reaches it.
    component: Vec<u32>,
    /// Per component, `width` sets: the cells set (unless only the cells removed are
    /// kept), then the cells removed, per digit.
    sets: Vec<CellSet<W>>,
}

impl<const W: usize> Reach<W> {
    fn new(
        graph: &Graph<W>,
        premises: impl Iterator<Item = usize>,
        removed_only: bool,
    ) -> Reach<W> {
        const UNSEEN: u32 = u32::MAX;
        let count = graph.literal_count();
        let n = graph.size;
        let width = if removed_only { n } else { 2 * n };
        let singles = graph.cell_count * n * 2;
        let mut reach = Reach {
            size: n,
            width,
            component: vec![UNSEEN; count],
            sets: Vec::new(),
        };
        // per component: the last component that took its sets in (to take them once)
        let mut taken: Vec<u32> = Vec::new();
        // components come after those they link to, whose sets are then complete
        strong_components(
            count,
            premises,
            |literal, edge| {
                let at = graph.offsets[literal] + edge;
                (at < graph.offsets[literal + 1]).then(|| graph.targets[at as usize] as usize)
            },
            |members| {
                let id = taken.len() as u32;
                taken.push(UNSEEN);
                for &member in members {
                    reach.component[member as usize] = id;
                }
                let base = reach.sets.len();
                reach.sets.resize(base + width, CellSet::EMPTY);
                for &member in members {
                    let member = member as usize;
                    if member < singles && !(removed_only && member % 2 == 1) {
                        let (cell, digit) = (member / 2 / n, member / 2 % n);
                        // the cells removed are the last `n` sets
                        let slot = if member % 2 == 1 {
                            digit
                        } else {
                            width - n + digit
                        };
                        reach.sets[base + slot].insert(cell);
                    }
                    for &target in graph.successors(member) {
                        let other = reach.component[target as usize];
                        if other == id || taken[other as usize] == id {
                            continue;
                        }
                        taken[other as usize] = id;
                        let from = other as usize * width;
                        for slot in 0..width {
                            let sets = reach.sets[from + slot];
                            reach.sets[base + slot] |= sets;
                        }
                    }
                }
            },
        );
        reach
    }

    /// The cells set and the cells removed (per digit) by what `premise` reaches.
    fn sets(&self, premise: usize) -> (&[CellSet<W>], &[CellSet<W>]) {
        let base = self.component[premise] as usize * self.width;
        self.sets[base..base + self.width].split_at(self.width - self.size)
    }
}

/// What the forcing chains conclude, per digit: the cells where it is placed or removed,
/// and among them those concluded by a contradiction.
struct Conclusions<const W: usize> {
    placed: Vec<CellSet<W>>,
    placed_by_contradiction: Vec<CellSet<W>>,
    removed: Vec<CellSet<W>>,
    removed_by_contradiction: Vec<CellSet<W>>,
}

/// The best forcing chain (or, with `nets`, forcing net), as HoDoKu's tabling comparator
/// ranks them: a placement in the lowest cell first, else the lowest elimination. (Among
/// the derivations of the chosen conclusion a contradiction, being shorter than any
/// verity, names the step; so only which conclusions hold, and which of them come from a
/// contradiction, is kept.)
pub(crate) fn forcing_chains<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    nets: bool,
) -> Option<Finding> {
    let layout = context.layout;
    if W > 4 {
        return None;
    }
    let n = layout.size;
    let mut graph = chain_graph(context, board, true);
    if nets {
        graph = Rc::new(net_graph(context, board, &graph));
    }
    let allowed: Vec<CellSet<W>> = (0..n).map(|digit| board.allowed(layout, digit)).collect();
    let mut found = Conclusions {
        placed: vec![CellSet::EMPTY; n],
        placed_by_contradiction: vec![CellSet::EMPTY; n],
        removed: vec![CellSet::EMPTY; n],
        removed_by_contradiction: vec![CellSet::EMPTY; n],
    };
    let premises = board.empty.iter().flat_map(|cell| {
        digits_of(board.candidates[cell])
            .flat_map(move |digit| [true, false].map(|on| (cell, digit, on)))
    });
    let reach = Reach::new(
        &graph,
        premises.map(|(cell, digit, on)| graph.literal(cell, digit, on)),
        false,
    );
    for cell in board.empty.iter() {
        for digit in digits_of(board.candidates[cell]) {
            for on in [true, false] {
                let (set, removed) = reach.sets(graph.literal(cell, digit, on));
                // the premise's opposite reached, or another contradiction
                let opposite = if on {
                    removed[digit].contains(cell)
                } else {
                    set[digit].contains(cell)
                };
                if opposite || contradicts(layout, board, set, removed, &allowed) {
                    let (all, contradicted) = if on {
                        (&mut found.removed, &mut found.removed_by_contradiction)
                    } else {
                        (&mut found.placed, &mut found.placed_by_contradiction)
                    };
                    all[digit].insert(cell);
                    contradicted[digit].insert(cell);
                }
            }
            let (on_set, on_removed) = reach.sets(graph.literal(cell, digit, true));
            let (off_set, off_removed) = reach.sets(graph.literal(cell, digit, false));
            for other in 0..n {
                let mut both = on_set[other] & off_set[other];
                both.remove(cell);
                found.placed[other] |= both;
                let mut both = on_removed[other] & off_removed[other];
                both.remove(cell);
                found.removed[other] |= both;
            }
        }
    }
    // every candidate of a cell, every place of a digit in a house
    let mut on = vec![CellSet::EMPTY; n];
    let mut off = vec![CellSet::EMPTY; n];
    let mut verity = |members: &mut dyn Iterator<Item = (usize, usize)>| {
        on.fill(layout.all_cells);
        off.fill(layout.all_cells);
        for (cell, digit) in members {
            let (set, removed) = reach.sets(graph.literal(cell, digit, true));
            for other in 0..n {
                on[other] &= set[other];
                off[other] &= removed[other];
            }
        }
        for other in 0..n {
            found.placed[other] |= on[other];
            found.removed[other] |= off[other];
        }
    };
    for cell in board.empty.iter() {
        verity(&mut digits_of(board.candidates[cell]).map(|digit| (cell, digit)));
    }
    for house in 0..layout.houses.len() {
        for digit in 0..n {
            let cells = board.house_cells(layout, house, digit);
            if !cells.is_empty() {
                verity(&mut cells.iter().map(|cell| (cell, digit)));
            }
        }
    }
    // the lowest placement, else the lowest elimination (by cell, then digit)
    let lowest = |sets: &[CellSet<W>]| {
        (0..n)
            .filter_map(|digit| {
                (sets[digit] & board.digit_cells[digit])
                    .first()
                    .map(|cell| (cell, digit))
            })
            .min()
    };
    let (placement, (cell, digit)) = match lowest(&found.placed) {
        Some(conclusion) => (true, conclusion),
        None => (false, lowest(&found.removed)?),
    };
    let contradicted = if placement {
        found.placed_by_contradiction[digit].contains(cell)
    } else {
        found.removed_by_contradiction[digit].contains(cell)
    };
    let technique = match (nets, contradicted) {
        (false, true) => Technique::ForcingChainContradiction,
        (false, false) => Technique::ForcingChainVerity,
        (true, true) => Technique::ForcingNetContradiction,
        (true, false) => Technique::ForcingNetVerity,
    };
    let technique = if context.enabled(technique) {
        technique
    } else {
        let sibling = match technique {
            Technique::ForcingChainContradiction => Technique::ForcingChainVerity,
            Technique::ForcingChainVerity => Technique::ForcingChainContradiction,
            Technique::ForcingNetContradiction => Technique::ForcingNetVerity,
            _ => Technique::ForcingNetContradiction,
        };
        if !context.enabled(sibling) {
            return None;
        }
        sibling
    };
    let mut finding = Finding::new(technique);
    if placement {
        finding.placements.push((cell, digit));
    } else {
        finding.eliminate(cell, digit);
    }
    finding.cells.push(cell);
    finding.digits = 1 << digit;
    Some(finding)
}

/// Whether a table (which sets `on` and removes `off`, per digit) holds a contradiction
/// other than the premise's opposite: a candidate both set and removed, two digits set
/// in one cell, one digit set twice in a house, a cell left without candidates, or a house
/// left without a place for a digit (`allowed`: HoDoKu's allowed places, by digit).
fn contradicts<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    on: &[CellSet<W>],
    off: &[CellSet<W>],
    allowed: &[CellSet<W>],
) -> bool {
    let n = layout.size;
    let mut set_cells = CellSet::EMPTY;
    for digit in 0..n {
        if on[digit].intersects(&off[digit]) || on[digit].intersects(&set_cells) {
            return true;
        }
        set_cells |= on[digit];
    }
    // two cells of a house set to one digit: look from the cells set
    for digit in 0..n {
        if on[digit].more_than_one()
            && on[digit].iter().any(|cell| {
                layout.cell_houses[cell]
                    .iter()
                    .any(|&house| (on[digit] & layout.houses[house].set).more_than_one())
            })
        {
            return true;
        }
    }
    let mut empty_cells = board.empty.minus(&set_cells);
    for digit in 0..n {
        empty_cells &= off[digit] | board.empty.minus(&board.digit_cells[digit]);
    }
    if !empty_cells.is_empty() {
        return true;
    }
    // a house that lost every place of a digit holds one of the places removed
    (0..n).any(|digit| {
        let removed = off[digit] & allowed[digit];
        let left = allowed[digit].minus(&off[digit]);
        removed.iter().any(|cell| {
            layout.cell_houses[cell]
                .iter()
                .any(|&house| !layout.houses[house].set.intersects(&left))
        })
    })
}

/// The chain graph with the direct implications of every single candidate replaced by what
/// HoDoKu's nets see: the premise applied to a copy of the grid, then all singles it
/// creates, followed for [`NET_DEPTH`] rounds.
fn net_graph<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    graph: &Graph<W>,
) -> Graph<W> {
    let layout = context.layout;
    let n = layout.size;
    let mut replaced: Vec<Option<Vec<u32>>> = vec![None; graph.literal_count()];
    // forcing chains and nets read only which literals a premise reaches, so the order of
    // the implications found does not matter; each is kept once
    let mut copy = board.clone();
    let mut mark = vec![0u32; graph.literal_count()];
    let mut stamp = 0u32;
    let mut singles: Vec<(usize, usize)> = Vec::new();
    for cell in board.empty.iter() {
        for digit in digits_of(board.candidates[cell]) {
            for on in [true, false] {
                copy.copy_grid_from(board);
                stamp += 1;
                let mut found: Vec<u32> = Vec::new();
                let mut record = |literal: usize, found: &mut Vec<u32>| {
                    if mark[literal] != stamp {
                        mark[literal] = stamp;
                        found.push(literal as u32);
                    }
                };
                let mut set_cell =
                    |copy: &mut Board<W>, target: usize, value: usize, found: &mut Vec<u32>| {
                        record(graph.literal(target, value, true), found);
                        for peer in (board.digit_cells[value] & layout.peers[target]).iter() {
                            record(graph.literal(peer, value, false), found);
                        }
                        for other in digits_of(copy.candidates[target]) {
                            if other != value {
                                record(graph.literal(target, other, false), found);
                            }
                        }
                        if copy.values[target] == 0 {
                            copy.place_ahead(layout, target, value);
                        }
                    };
                if on {
                    set_cell(&mut copy, cell, digit, &mut found);
                } else {
                    copy.eliminate_ahead(layout, cell, digit);
                    found.push(graph.literal(cell, digit, false) as u32);
                    if copy.count(cell) == 1 {
                        let value = copy.candidates[cell].trailing_zeros() as usize;
                        set_cell(&mut copy, cell, value, &mut found);
                    }
                }
                for _ in 0..NET_DEPTH {
                    singles.clear();
                    for target in copy.empty.iter() {
                        if copy.count(target) == 1 {
                            singles
                                .push((target, copy.candidates[target].trailing_zeros() as usize));
                        }
                    }
                    for house in 0..layout.houses.len() {
                        for value in 0..n {
                            if copy.free(house, value) == 1 {
                                let Some(target) = copy.house_cells(layout, house, value).first()
                                else {
                                    continue;
                                };
                                if !singles.iter().any(|&(c, _)| c == target) {
                                    singles.push((target, value));
                                }
                            }
                        }
                    }
                    if singles.is_empty() {
                        break;
                    }
                    for &(target, value) in &singles {
                        set_cell(&mut copy, target, value, &mut found);
                    }
                }
                let literal = graph.literal(cell, digit, on);
                found.retain(|&entry| entry as usize != literal);
                for &entry in graph.successors(literal) {
                    if graph.is_group(entry as usize) {
                        record(entry as usize, &mut found);
                    }
                }
                replaced[literal] = Some(found);
            }
        }
    }
    let mut offsets = Vec::with_capacity(graph.offsets.len());
    let mut targets = Vec::with_capacity(graph.targets.len());
    for (literal, list) in replaced.iter().enumerate() {
        offsets.push(targets.len() as u32);
        match list {
            Some(list) => targets.extend_from_slice(list),
            None => targets.extend_from_slice(graph.successors(literal)),
        }
    }
    offsets.push(targets.len() as u32);
    Graph {
        size: graph.size,
        cell_count: graph.cell_count,
        groups: graph.groups.clone(),
        offsets,
        targets,
    }
}
