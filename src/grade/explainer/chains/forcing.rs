//! Nishio and multiple forcing chains (contradictions, both values of a candidate, every
//! candidate of a cell or place of a digit in a house agreeing), at every depth.

use super::cycles::longest;
use super::graph::{Graph, Grid, Search, BOTH_LINKS};
use super::propagation::{
    bits_of, fill_bit_set, propagate, NishioFound, Outcomes, Propagation, Summary,
};
use super::Depth;
use crate::grade::board::Board;
use crate::grade::explainer::rating::length_bonus;
use crate::grade::explainer::table::SeTechnique;
use crate::grade::explainer::techniques_digits;
use crate::grade::explainer::{Hint, Scene};

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
            return longest(base, best.as_ref());
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
        longest(base, best.as_ref())
    });
    best
}

/// What multiple forcing chains concluded, and from what.
pub(in crate::grade::explainer) struct Conclusion<'a> {
    /// The potential concluded.
    pub(in crate::grade::explainer) conclusion: usize,
    /// SE's complexity: the nodes of every branch's chain (and of the chains nested in them).
    pub(in crate::grade::explainer) complexity: usize,
    /// The potentials assumed, one per branch.
    pub(in crate::grade::explainer) branches: &'a [usize],
    /// The potential every branch reaches, or none when the one branch ends in a
    /// contradiction.
    pub(in crate::grade::explainer) target: Option<usize>,
}

/// Every conclusion of multiple forcing chains at `depth` from the candidates of `cells` on
/// `grid`, handed to `sink` as found; `sink` answers how many nodes a later conclusion may
/// hold and still interest it, so that longer ones are not assembled.
pub(in crate::grade::explainer) fn multiple_on(
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
        scene.scratch.graph(grid, BOTH_LINKS)
    } else {
        std::rc::Rc::new(Graph {
            offsets: Vec::new(),
            targets: Vec::new(),
        })
    };
    let mut search = Search::new(count);
    let size = grid.size;
    // every candidate's "on" propagation, kept for the cell and region chains
    let mut outcomes = scene.scratch.take_outcomes(count);
    let mut on_out = scene.scratch.take(grid);
    let mut off_out = scene.scratch.take(grid);
    let run = |start: usize, out: &mut Propagation| {
        propagate(scene, grid, start, false, depth.level(), out);
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
        for digit in techniques_digits(grid.candidates[cell]) {
            let on = grid.potential(cell, digit, true);
            let off = grid.potential(cell, digit, false);
            if !dynamic {
                let (summary, words) = outcomes.slot(on);
                static_summary(scene, &graph, &mut search, on, limit, summary, words);
                continue;
            }
            run(on, &mut on_out);
            let (summary, words) = outcomes.slot(on);
            on_out.summary_into(limit, summary, words);
            if candidates < 2 {
                continue;
            }
            run(off, &mut off_out);
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
    let mut branches: Vec<usize> = Vec::with_capacity(size);
    for &cell in cells {
        if grid.candidates[cell].count_ones() < fewest {
            continue;
        }
        branches.clear();
        branches.extend(
            techniques_digits(grid.candidates[cell]).map(|digit| grid.potential(cell, digit, true)),
        );
        agreeing(&outcomes, &branches, &mut limit, &useful, sink);
    }
    // region forcing chains, from houses whose first place is a cell the chains start from
    for house in 0..layout.houses.len() {
        for digit in 0..size {
            branches.clear();
            branches.extend(
                layout.houses[house]
                    .cells
                    .iter()
                    .filter(|&&cell| grid.candidates[cell] & (1 << digit) != 0)
                    .map(|&cell| grid.potential(cell, digit, true)),
            );
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
    scene.scratch.give_outcomes(outcomes);
}

/// What a static propagation from `start` reaches, as [`Propagation::summary_into`] would
/// give it after `propagate_static`, written into `summary`: each potential of the
/// breadth-first search rests on its path from the start, its depth and one more nodes (no
/// nested chains in a static search).
fn static_summary(
    scene: &Scene<'_>,
    graph: &Graph,
    search: &mut Search,
    start: usize,
    limit: usize,
    summary: &mut Summary,
    words: &mut Vec<u64>,
) {
    search.run(graph, start);
    scene.spend(search.queue.len() as u64);
    summary.reached.clear();
    // a candidate reached both on and off: the branch contradicts itself
    summary.contradiction = search
        .queue
        .iter()
        .any(|&potential| search.reached(potential ^ 1));
    if summary.contradiction {
        return;
    }
    fill_bit_set(words, graph.count(), &search.queue);
    for potential in bits_of(words) {
        let complexity = usize::from(search.depth[potential]) + 1;
        if complexity <= limit {
            summary.reached.push((potential as u32, complexity as u32));
        }
    }
}

/// Conclusions every branch implies, in chains of at most `limit` nodes.
fn agreeing(
    outcomes: &Outcomes,
    branches: &[usize],
    limit: &mut usize,
    useful: &dyn Fn(usize) -> bool,
    sink: &mut dyn FnMut(Conclusion<'_>) -> usize,
) {
    let outs: Vec<&Summary> = branches
        .iter()
        .filter_map(|&branch| outcomes.get(branch))
        .filter(|out| !out.contradiction)
        .collect();
    if outs.len() != branches.len() || outs.is_empty() {
        return;
    }
    // every list is sorted: walking the shortest meets the common potentials in the same
    // order as walking any other
    let shortest = (0..outs.len())
        .min_by_key(|&index| outs[index].reached.len())
        .unwrap_or(0);
    for &(potential, own_size) in &outs[shortest].reached {
        let potential = potential as usize;
        if !useful(potential) || branches.iter().any(|&branch| branch / 2 == potential / 2) {
            continue;
        }
        let mut complexity = own_size as usize;
        let mut everywhere = complexity <= *limit;
        for (index, out) in outs.iter().enumerate() {
            if !everywhere {
                break;
            }
            if index == shortest {
                continue;
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
