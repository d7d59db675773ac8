//! SE's nested forcing chains (levels 2 to 5, rated 9.5 to 11.0): a dynamic propagation that
//! stalls, and that the advanced rules (pointing, claiming, pairs, X-Wings) cannot move,
//! looks for chains on the grid as the assumption has changed it, and turns off what they
//! remove. Level 2 nests forcing chains, level 3 adds multiple forcing chains, level 4 nests
//! dynamic forcing chains, level 5 adds nested forcing chains (level 2) inside them.
//!
//! As in SE, a nested chain counts only if it rests on something the outer assumption
//! removed (its "rule parents": a cell left with two candidates, or a digit left with two
//! places, because of the outer propagation); those removals become the parents of its
//! eliminations, and the nested chain's complexity is added to that of every outer chain
//! resting on them. The nested searches follow both kinds of links at once and leave out
//! SE's nested cycles, whose eliminations the forcing chains mostly repeat.

use super::chains::{
    multiple_on, propagate, propagate_static, Cause, Depth, Graph, Grid, Propagation, Search,
    BOTH_LINKS,
};
use super::Scene;

/// One nested rule, as SE lists them for a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// Forcing chains on static links: a candidate whose "on" implies its "off" (or the
    /// reverse).
    ForcingChains,
    /// Multiple forcing chains at a depth.
    Multiple(Depth),
}

/// The rules nested at `level`, in SE's order; the first that finds something is used.
fn rules(level: u8) -> &'static [Rule] {
    match level {
        2 => &[Rule::ForcingChains],
        3 => &[Rule::ForcingChains, Rule::Multiple(Depth::Static)],
        4 => &[Rule::Multiple(Depth::Dynamic)],
        _ => &[
            Rule::Multiple(Depth::Dynamic),
            Rule::Multiple(Depth::Nested(2)),
        ],
    }
}

/// A nested chain's conclusion, owned.
struct Found {
    conclusion: usize,
    complexity: usize,
    branches: Vec<usize>,
    target: Option<usize>,
}

/// Breaks the stall of `out`, a propagation that started on `source`, with the nested
/// rules of `level`: turns off what the first rule that finds anything removes; whether
/// something new was turned off.
pub(super) fn apply(
    scene: &Scene<'_>,
    source: &Grid<'_>,
    out: &mut Propagation,
    level: u8,
) -> bool {
    let current = Grid::of(source.layout, &out.candidates);
    for &rule in rules(level) {
        if scene.exhausted() {
            return false;
        }
        let (mut found, mut graph) = match rule {
            Rule::ForcingChains => {
                let graph = Graph::new(&current, BOTH_LINKS);
                (forcing_chains(scene, source, &current, &graph), Some(graph))
            }
            Rule::Multiple(depth) => (multiple(scene, &current, depth), None),
        };
        if found.is_empty() {
            continue;
        }
        if rule == Rule::Multiple(Depth::Static) {
            // the rule parents come from the static branches again, which read the links
            graph = Some(Graph::new(&current, BOTH_LINKS));
        }
        // SE applies the easiest first; a removal keeps the first chain that made it
        found.sort_by_key(|found| found.complexity);
        let mut used = false;
        let mut progress = false;
        let mut search = Search::new(current.count());
        for found in &found {
            let removals = removals(&current, out, found.conclusion);
            if removals.is_empty() {
                continue;
            }
            let parents = rule_parents(
                scene,
                source,
                &current,
                out,
                rule,
                graph.as_ref(),
                &mut search,
                found,
            );
            if parents.is_empty() {
                // the chain holds without the assumption: the outer search has it already
                continue;
            }
            used = true;
            let chain = out.note_nested(found.complexity);
            for candidate in removals {
                progress |= out.add_nested(candidate, &parents, chain);
            }
        }
        if used {
            return progress;
        }
    }
    false
}

/// The candidates a conclusion removes that the propagation has not turned off yet: the
/// other candidates of its cell for an "on", the candidate itself for an "off".
fn removals(current: &Grid<'_>, out: &Propagation, conclusion: usize) -> Vec<usize> {
    let (cell, digit, on) = current.split(conclusion);
    let digits = if on {
        current.candidates[cell] & !(1 << digit)
    } else {
        current.candidates[cell] & (1 << digit)
    };
    super::techniques_digits(digits)
        .map(|other| cell * current.size + other)
        .filter(|&candidate| !out.has(candidate * 2))
        .collect()
}

/// Forcing chains on the static links of `current`: every candidate whose "on" reaches its
/// "off" (it goes) or whose "off" reaches its "on" (it is placed), with the shortest chain.
/// Only chains through a link the outer propagation made (a cell or house left with two
/// candidates or places that `source` had more of) can rest on it, so a candidate is
/// followed only if its start reaches such a link and its end is reached from one.
fn forcing_chains(
    scene: &Scene<'_>,
    source: &Grid<'_>,
    current: &Grid<'_>,
    graph: &Graph,
) -> Vec<Found> {
    let links = new_links(source, current);
    let mut found = Vec::new();
    if links.is_empty() {
        return found;
    }
    let reaching = reachable(&graph.reversed(), links.iter().map(|&(off, _)| off));
    let reached = reachable(graph, links.iter().map(|&(_, on)| on));
    let mut search = Search::new(current.count());
    for cell in 0..current.layout.cell_count {
        if current.candidates[cell].count_ones() < 2 {
            continue;
        }
        if scene.exhausted() {
            break;
        }
        for digit in super::techniques_digits(current.candidates[cell]) {
            let on = current.potential(cell, digit, true);
            let off = current.potential(cell, digit, false);
            for (start, end) in [(on, off), (off, on)] {
                if !reaching[start] || !reached[end] {
                    continue;
                }
                let reached = search.run_to(graph, start, end);
                scene.spend(search.reached_count() as u64);
                if reached {
                    found.push(Found {
                        conclusion: end,
                        complexity: search.path(end).len(),
                        branches: vec![start],
                        target: Some(end),
                    });
                }
            }
        }
    }
    found
}

/// The off → on links of `current` that `source` lacks: a cell left with two candidates,
/// or a digit left with two places in a house, where `source` had more.
fn new_links(source: &Grid<'_>, current: &Grid<'_>) -> Vec<(usize, usize)> {
    let layout = current.layout;
    let mut links = Vec::new();
    for cell in 0..layout.cell_count {
        let now = current.candidates[cell];
        if now.count_ones() == 2 && source.candidates[cell].count_ones() > 2 {
            let first = now.trailing_zeros() as usize;
            let second = (now & !(1 << first)).trailing_zeros() as usize;
            links.push((
                current.potential(cell, first, false),
                current.potential(cell, second, true),
            ));
            links.push((
                current.potential(cell, second, false),
                current.potential(cell, first, true),
            ));
        }
    }
    for house in &layout.houses {
        for digit in 0..current.size {
            let bit = 1u32 << digit;
            let places = |candidates: &[u32]| {
                house
                    .cells
                    .iter()
                    .filter(|&&cell| candidates[cell] & bit != 0)
                    .count()
            };
            if places(&current.candidates) != 2 || places(&source.candidates) <= 2 {
                continue;
            }
            let pair: Vec<usize> = house
                .cells
                .iter()
                .copied()
                .filter(|&cell| current.candidates[cell] & bit != 0)
                .collect();
            for (from, to) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                links.push((
                    current.potential(from, digit, false),
                    current.potential(to, digit, true),
                ));
            }
        }
    }
    links
}

/// Which potentials `graph` reaches from any of `starts` (the starts included).
fn reachable(graph: &Graph, starts: impl Iterator<Item = usize>) -> Vec<bool> {
    let mut seen = vec![false; graph.count()];
    let mut queue: Vec<usize> = Vec::new();
    for start in starts {
        if !seen[start] {
            seen[start] = true;
            queue.push(start);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let current = queue[head];
        head += 1;
        for &next in graph.targets(current) {
            let next = next as usize;
            if !seen[next] {
                seen[next] = true;
                queue.push(next);
            }
        }
    }
    seen
}

/// Multiple forcing chains at `depth` on `current`, from every cell with two candidates or
/// more.
fn multiple(scene: &Scene<'_>, current: &Grid<'_>, depth: Depth) -> Vec<Found> {
    let cells: Vec<usize> = (0..current.layout.cell_count)
        .filter(|&cell| current.candidates[cell].count_ones() >= 2)
        .collect();
    let mut found = Vec::new();
    multiple_on(scene, current, &cells, depth, &mut |conclusion| {
        found.push(Found {
            conclusion: conclusion.conclusion,
            complexity: conclusion.complexity,
            branches: conclusion.branches.to_vec(),
            target: conclusion.target,
        });
        usize::MAX
    });
    found
}

/// The offs of the outer propagation a nested chain rests on: for every potential of its
/// branches that a cell or house turned on, the candidates of that cell (or places of that
/// digit in that house) that `source` had and the outer propagation removed.
#[allow(clippy::too_many_arguments)]
fn rule_parents(
    scene: &Scene<'_>,
    source: &Grid<'_>,
    current: &Grid<'_>,
    out: &Propagation,
    rule: Rule,
    graph: Option<&Graph>,
    search: &mut Search,
    found: &Found,
) -> Vec<u32> {
    let layout = current.layout;
    let size = current.size;
    let mut inner = scene.scratch.take(current);
    let mut chain: Vec<usize> = Vec::new();
    for &start in &found.branches {
        match (rule, graph) {
            (Rule::Multiple(Depth::Static) | Rule::ForcingChains, Some(graph)) => {
                propagate_static(scene, current, graph, search, start, &mut inner)
            }
            (Rule::Multiple(depth), _) => {
                propagate(scene, current, start, false, depth.level(), &mut inner)
            }
            (Rule::ForcingChains, None) => continue,
        }
        let is_static = matches!(rule, Rule::ForcingChains | Rule::Multiple(Depth::Static));
        let targets: Vec<usize> = match found.target {
            Some(target) => vec![target],
            None => contradiction_ends(&inner, is_static),
        };
        for target in targets {
            if !inner.has(target) {
                continue;
            }
            chain.extend(inner.ancestors(target));
        }
    }
    chain.sort_unstable();
    chain.dedup();
    let mut parents: Vec<u32> = Vec::new();
    for potential in chain {
        if potential % 2 == 0 {
            continue;
        }
        let candidate = potential / 2;
        let (cell, digit) = (candidate / size, candidate % size);
        match inner.cause(candidate) {
            Cause::Other => {}
            Cause::Cell => {
                let gone = source.candidates[cell] & !current.candidates[cell];
                for other in super::techniques_digits(gone) {
                    parents.push(current.potential(cell, other, false) as u32);
                }
            }
            Cause::House(house) => {
                for &place in &layout.houses[usize::from(house)].cells {
                    let gone = source.candidates[place] & !current.candidates[place];
                    if gone & (1 << digit) != 0 {
                        parents.push(current.potential(place, digit, false) as u32);
                    }
                }
            }
        }
    }
    scene.scratch.give(inner);
    parents.retain(|&parent| out.has(parent as usize));
    parents.sort_unstable();
    parents.dedup();
    parents
}

/// The two ends of the contradiction a propagation reached: the candidate found both on
/// and off (in a static one, the one with the shortest chains, as the producer rated it), or
/// the off that emptied a cell or house.
fn contradiction_ends(out: &Propagation, is_static: bool) -> Vec<usize> {
    if is_static {
        return out
            .order
            .iter()
            .filter(|&&potential| potential % 2 == 1 && out.has(potential - 1))
            .min_by_key(|&&potential| out.complexity(potential) + out.complexity(potential - 1))
            .map(|&potential| vec![potential - 1, potential])
            .unwrap_or_default();
    }
    out.contradiction
        .map(|candidate| vec![candidate * 2, candidate * 2 + 1])
        .unwrap_or_default()
}
