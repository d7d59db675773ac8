//! The first chain producer: bidirectional cycles and forcing chains that end in their
//! own start, found on the grid's static links.

use super::graph::{Graph, Grid, Links, Reach, Search};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::explainer::rating::length_bonus;
use crate::grade::explainer::table::SeTechnique;
use crate::grade::explainer::techniques_digits;
use crate::grade::explainer::{Hint, Scene};

/// The X-only pass of one digit as last searched: the digit's places, the two base ratings
/// and the easiest hint there with the cell of its start (its links read that digit's
/// places alone, so the answer stands while they stay the same).
pub(super) type XFound = (
    CellSet<2>,
    (Option<u32>, Option<u32>),
    Option<(usize, Hint)>,
);

/// A hint with the cell of the start it was found from.
type Found = Option<(usize, Hint)>;

fn keep_easier(best: &mut Found, start: usize, hint: Hint) {
    if best
        .as_ref()
        .is_none_or(|(_, kept)| hint.tenths < kept.tenths)
    {
        *best = Some((start, hint));
    }
}

/// One pass's links and techniques with their base ratings (none: not in the table).
struct Pass {
    links: Links,
    cycle: (SeTechnique, Option<u32>),
    chain: (SeTechnique, Option<u32>),
}

/// The first chain producer: bidirectional cycles and forcing chains on static links; the
/// easiest hint of all.
pub(crate) fn static_chains(scene: &Scene<'_>, board: &Board<2>) -> Option<Hint> {
    use SeTechnique::*;
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
    let pass = |links: Links, cycle: SeTechnique, chain: SeTechnique| Pass {
        links,
        cycle: (cycle, scene.tenths(cycle)),
        // chains of cell links alone are forcing chains, which the next search finds too
        chain: (chain, scene.tenths(chain).filter(|_| links != y_only)),
    };
    let grid = Grid::new(scene.layout, board);
    let mut search = Search::new(grid.count());
    let mut best = x_chains(
        scene,
        board,
        &pass(x_only, BidirectionalXCycle, ForcingXChain),
        &mut search,
    );
    for pass in [
        pass(y_only, BidirectionalYCycle, ForcingChain),
        pass(both, BidirectionalCycle, ForcingChain),
    ] {
        let floor = pass.cycle.1.into_iter().chain(pass.chain.1).min();
        let Some(floor) = floor else { continue };
        if best.as_ref().is_some_and(|(_, kept)| kept.tenths <= floor) {
            continue;
        }
        let starts = board.empty.iter().flat_map(|cell| {
            techniques_digits(board.candidates[cell]).map(move |digit| (cell, digit))
        });
        search_pass(scene, &grid, &pass, starts, &mut search, &mut best);
    }
    best.map(|(_, hint)| hint)
}

/// The X-only pass: each digit's easiest hint, searched again only for digits whose places
/// changed since the last search; of those, the easiest, the first start's on equal
/// ratings (cells in order, each cell's digits in order), as one search over all would.
fn x_chains(scene: &Scene<'_>, board: &Board<2>, pass: &Pass, search: &mut Search) -> Found {
    pass.cycle.1.or(pass.chain.1)?;
    let size = scene.layout.size;
    let bases = (pass.cycle.1, pass.chain.1);
    let mut known = scene.scratch.x_chains.borrow_mut();
    known.resize(size, None);
    let stale = (0..size)
        .filter(|&digit| {
            known[digit].as_ref().is_none_or(|(places, kept, _)| {
                *places != board.digit_cells[digit] || *kept != bases
            })
        })
        .fold(0u32, |mask, digit| mask | 1 << digit);
    if stale != 0 {
        // the stale digits' candidates alone: their links are those of the whole grid
        let candidates: Vec<u32> = board
            .candidates
            .iter()
            .map(|&digits| digits & stale)
            .collect();
        let grid = Grid::of(scene.layout, &candidates);
        for digit in techniques_digits(stale) {
            let mut found = None;
            let starts = (board.digit_cells[digit] & board.empty)
                .iter()
                .map(|cell| (cell, digit));
            search_pass(scene, &grid, pass, starts, search, &mut found);
            known[digit] = Some((board.digit_cells[digit], bases, found));
        }
    }
    let mut best: Option<(usize, usize, &Hint)> = None;
    for (digit, kept) in known.iter().enumerate() {
        let Some((_, _, Some((cell, hint)))) = kept else {
            continue;
        };
        if best.is_none_or(|(kept_cell, _, kept)| {
            hint.tenths < kept.tenths || (hint.tenths == kept.tenths && *cell < kept_cell)
        }) {
            best = Some((*cell, digit, hint));
        }
    }
    best.map(|(cell, _, hint)| (cell, hint.clone()))
}

/// Searches `pass`'s links from `starts` (cell, digit), keeping in `best` the easiest hint,
/// the first found on equal ratings.
fn search_pass(
    scene: &Scene<'_>,
    grid: &Grid<'_>,
    pass: &Pass,
    starts: impl Iterator<Item = (usize, usize)>,
    search: &mut Search,
    best: &mut Found,
) {
    let (cycle_technique, cycle_base) = pass.cycle;
    let (chain_technique, chain_base) = pass.chain;
    let graph = scene.scratch.graph(grid, pass.links);
    // with both kinds of links, what each potential reaches spares most searches; with one
    // kind the searches are small, and a loop through a start needs a link into it
    let reach = (pass.links.house && pass.links.cell).then(|| Reach::new(grid, &graph));
    let may_loop = |on: usize| match &reach {
        Some(reach) => reach.may_loop(&graph, on),
        None => {
            let (cell, digit, _) = grid.split(on);
            (pass.links.cell && grid.candidates[cell].count_ones() == 2)
                || (pass.links.house
                    && grid.layout.cell_houses[cell]
                        .iter()
                        .any(|&house| grid.place_counts[house * grid.size + digit] == 2))
        }
    };
    let reaches =
        |from: usize, to: usize| reach.as_ref().is_none_or(|reach| reach.reaches(from, to));
    let places = grid.places();
    let mut buffers = CycleBuffers::default();
    // the start and node limit of the search last run on this graph: a run with the
    // same ones would find the same (the chain from "on" and the cycle through it often
    // share them), so it is not run again
    let mut last_run: Option<(usize, usize)> = None;
    let mut run = |search: &mut Search, start: usize, nodes: usize| {
        if last_run != Some((start, nodes)) {
            search.run_within(&graph, start, nodes);
            last_run = Some((start, nodes));
        }
    };
    for (cell, digit) in starts {
        let on = grid.potential(cell, digit, true);
        let off = grid.potential(cell, digit, false);
        // a forcing chain from "on" to "off" (removing the candidate), a cycle through "on",
        // a forcing chain from "off" to "on" (placing it)
        for (from, to) in [(on, Some(off)), (on, None), (off, Some(on))] {
            let Some(to) = to else {
                if let Some(base) = cycle_base.filter(|_| may_loop(on)) {
                    run(
                        search,
                        on,
                        longest(base, best.as_ref().map(|(_, hint)| hint)),
                    );
                    let rated = (cycle_technique, base);
                    if let Some(hint) =
                        cycle(grid, &graph, search, on, rated, &places, &mut buffers)
                    {
                        keep_easier(best, cell, hint);
                    }
                }
                continue;
            };
            let Some(base) = chain_base.filter(|_| reaches(from, to)) else {
                continue;
            };
            run(
                search,
                from,
                longest(base, best.as_ref().map(|(_, hint)| hint)),
            );
            if search.reached(to) {
                let path = search.path(to);
                let mut hint = Hint::new(chain_technique, base + length_bonus(path.len()));
                if from == on {
                    hint.eliminations.push((cell, digit));
                } else {
                    hint.placements.push((cell, digit));
                }
                hint.cells = path_cells(grid, &path);
                hint.complexity = path.len();
                keep_easier(best, cell, hint);
            }
        }
    }
}

/// The most nodes a chain of base rating `base` may hold and still be easier than `best`.
pub(super) fn longest(base: u32, best: Option<&Hint>) -> usize {
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

/// The buffers [`cycle`] fills at every start, kept for a whole pass.
#[derive(Default)]
struct CycleBuffers {
    closing: Vec<usize>,
    may_close: Vec<CellSet<2>>,
    seeing_on: Vec<CellSet<2>>,
    seeing_off: Vec<CellSet<2>>,
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
    buffers: &mut CycleBuffers,
) -> Option<Hint> {
    let layout = grid.layout;
    let (start_cell, start_digit, _) = grid.split(start);
    // the offs that link straight back to the start: in its cell, or of its digit in a peer
    let CycleBuffers {
        closing,
        may_close,
        seeing_on,
        seeing_off,
    } = buffers;
    closing.clear();
    closing.extend(
        techniques_digits(grid.candidates[start_cell])
            .map(|digit| grid.potential(start_cell, digit, false))
            .chain(
                (layout.peers[start_cell] & places[start_digit])
                    .iter()
                    .map(|cell| grid.potential(cell, start_digit, false)),
            )
            .filter(|&off| search.reached(off) && graph.links(off, start)),
    );
    if closing.is_empty() {
        return None;
    }
    // per digit, the cells whose "on" may link to a closing off (a peer of its cell with
    // its digit, or another candidate of its cell)
    may_close.clear();
    may_close.resize(grid.size, CellSet::EMPTY);
    seeing_on.resize(grid.size, CellSet::EMPTY);
    seeing_off.resize(grid.size, CellSet::EMPTY);
    for &off in closing.iter() {
        let (cell, digit, _) = grid.split(off);
        may_close[digit] |= layout.peers[cell];
        for other in may_close.iter_mut() {
            other.insert(cell);
        }
    }
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
