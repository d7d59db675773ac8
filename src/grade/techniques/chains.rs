//! Simple chains: Turbot Fish, X-Chain, XY-Chain and Remote Pair. All chains are collected
//! and the best is taken by HoDoKu's order: most eliminations, then the lowest weighted
//! index sum of the eliminations, then the shortest chain.

use std::collections::VecDeque;

use super::{digits_of, Context};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::step::{Finding, NodeIndex};
use crate::grade::technique::Technique;

/// HoDoKu's limit on chain length (links) when chains are restricted.
const MAX_CHAIN_LENGTH: usize = 20;

/// For every cell holding `digit`, its links to other cells holding it, as HoDoKu lists
/// them: houses in order, a box (or extra house) skipping cells already met in a line; the
/// link is strong when that house holds the digit exactly twice.
fn digit_links<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    digit: usize,
) -> DigitLinks {
    let layout = context.layout;
    let mut links = DigitLinks {
        offsets: vec![0; layout.cell_count + 1],
        targets: Vec::with_capacity(board.digit_cells[digit].len() * 3 * layout.size),
    };
    let mut next = 0;
    for cell in board.digit_cells[digit].iter() {
        links.offsets[next..=cell].fill(links.targets.len() as u32);
        next = cell + 1;
        let mut met: CellSet<W> = CellSet::EMPTY;
        for &house in &layout.cell_houses[cell] {
            let strong = board.free(house, digit) == 2;
            for other in board.house_cells(layout, house, digit).iter() {
                if other == cell || met.contains(other) {
                    continue;
                }
                met.insert(other);
                links.targets.push((other, strong));
            }
        }
    }
    links.offsets[next..].fill(links.targets.len() as u32);
    links
}

/// The links of one digit, cell by cell, in one array (`targets[offsets[c]..offsets[c + 1]]`
/// are cell `c`'s).
struct DigitLinks {
    offsets: Vec<u32>,
    targets: Vec<(usize, bool)>,
}

impl std::ops::Index<usize> for DigitLinks {
    type Output = [(usize, bool)];

    fn index(&self, cell: usize) -> &[(usize, bool)] {
        &self.targets[self.offsets[cell] as usize..self.offsets[cell + 1] as usize]
    }
}

fn keep_best(best: &mut Option<Finding>, candidate: Finding) {
    match best {
        Some(current) if current.hodoku_order(&candidate) != std::cmp::Ordering::Greater => {}
        _ => *best = Some(candidate),
    }
}

fn single_digit_chain(
    technique: Technique,
    digit: usize,
    path: &[usize],
    strong_first: bool,
) -> Finding {
    let mut finding = Finding::new(technique);
    finding.digits = 1 << digit;
    finding.cells = path.to_vec();
    finding.length = path.len() - 1;
    for (position, pair) in path.windows(2).enumerate() {
        let strong = (position % 2 == 0) == strong_first;
        finding.links.push((
            NodeIndex {
                cells: vec![pair[0]],
                digit,
            },
            NodeIndex {
                cells: vec![pair[1]],
                digit,
            },
            strong,
        ));
    }
    finding
}

/// The best Turbot Fish: strong, weak, strong links on one digit.
pub(crate) fn turbot_fish<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let mut best = None;
    for digit in 0..layout.size {
        let candidates = board.digit_cells[digit];
        if context
            .memo
            .is_barren(Technique::TurbotFish, digit, &candidates)
        {
            continue;
        }
        let mut fruitful = false;
        let links = digit_links(context, board, digit);
        for start in board.digit_cells[digit].iter() {
            for &(first, strong1) in &links[start] {
                if !strong1 {
                    continue;
                }
                for &(second, _) in &links[first] {
                    if second == start || second == first {
                        continue;
                    }
                    for &(end, strong3) in &links[second] {
                        if !strong3 || end == first || end == second {
                            continue;
                        }
                        let mut eliminations = board.digit_cells[digit] & layout.peers[start];
                        if end != start {
                            eliminations &= layout.peers[end];
                        }
                        if eliminations.is_empty() {
                            continue;
                        }
                        let mut finding = single_digit_chain(
                            Technique::TurbotFish,
                            digit,
                            &[start, first, second, end],
                            true,
                        );
                        for cell in eliminations.iter() {
                            finding.eliminate(cell, digit);
                        }
                        fruitful = true;
                        keep_best(&mut best, finding);
                    }
                }
            }
        }
        if !fruitful {
            context
                .memo
                .set_barren(Technique::TurbotFish, digit, candidates);
        }
    }
    best
}

/// The best X-Chain: a single-digit chain of alternating links starting and ending with a
/// strong link; cells seeing both ends lose the digit.
pub(crate) fn x_chain<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let cells = layout.cell_count;
    let mut best = None;
    // state: cell * 4 + phase * 2 + long; phase 0 = reached by a strong link (next may be
    // weak), 1 = reached by a weak link (next must be strong); long = at least 3 links
    let mut parent = vec![usize::MAX; cells * 4];
    // a state's parent is valid when its stamp is the current search's
    let mut stamp = vec![0u32; cells * 4];
    let mut generation = 0u32;
    let mut depth = vec![0usize; cells * 4];
    let mut queue = VecDeque::new();
    for digit in 0..layout.size {
        let candidates = board.digit_cells[digit];
        if context
            .memo
            .is_barren(Technique::XChain, digit, &candidates)
        {
            continue;
        }
        let mut fruitful = false;
        let links = digit_links(context, board, digit);
        for start in board.digit_cells[digit].iter() {
            let reach = board.digit_cells[digit] & layout.peers[start];
            generation += 1;
            queue.clear();
            for &(next, strong) in &links[start] {
                if strong {
                    let state = next * 4;
                    if stamp[state] != generation {
                        stamp[state] = generation;
                        parent[state] = start * 4 + 3;
                        depth[state] = 1;
                        queue.push_back(state);
                    }
                }
            }
            while let Some(state) = queue.pop_front() {
                let cell = state / 4;
                let phase = (state / 2) % 2;
                let level = depth[state];
                if level >= MAX_CHAIN_LENGTH {
                    continue;
                }
                for &(next, strong) in &links[cell] {
                    if phase == 1 && !strong {
                        continue;
                    }
                    let next_phase = if phase == 0 { 1 } else { 0 };
                    let long = usize::from(level + 1 >= 3);
                    let next_state = next * 4 + next_phase * 2 + long;
                    if stamp[next_state] == generation || next_state / 4 == start && next_phase == 1
                    {
                        continue;
                    }
                    stamp[next_state] = generation;
                    parent[next_state] = state;
                    depth[next_state] = level + 1;
                    if next_phase == 0 && long == 1 {
                        let mut eliminations = reach;
                        if next != start {
                            eliminations &= layout.peers[next];
                        }
                        if !eliminations.is_empty() {
                            let path = trace(&parent, next_state, start);
                            let mut finding =
                                single_digit_chain(Technique::XChain, digit, &path, true);
                            for target in eliminations.iter() {
                                finding.eliminate(target, digit);
                            }
                            fruitful = true;
                            keep_best(&mut best, finding);
                        }
                    }
                    if next != start {
                        queue.push_back(next_state);
                    }
                }
            }
        }
        if !fruitful {
            context
                .memo
                .set_barren(Technique::XChain, digit, candidates);
        }
    }
    best
}

/// The cells of a breadth-first path, start first.
fn trace(parent: &[usize], end: usize, start: usize) -> Vec<usize> {
    let mut path = vec![end / 4];
    let mut state = end;
    loop {
        let previous = parent[state];
        if previous / 4 == start && previous % 4 == 3 {
            path.push(start);
            break;
        }
        path.push(previous / 4);
        state = previous;
        if path.len() > 4 * MAX_CHAIN_LENGTH {
            break;
        }
    }
    path.reverse();
    path
}

/// The best XY-Chain: bivalue cells linked by weak links, each cell a strong link between
/// its two digits; the start digit leaves the common peers of both ends.
pub(crate) fn xy_chain<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let n = layout.size;
    let bivalue: CellSet<W> = board
        .empty
        .iter()
        .filter(|&cell| board.count(cell) == 2)
        .collect();
    let mut best = None;
    // state: cell * n + digit the chain leaves the cell with
    let mut parent = vec![usize::MAX; layout.cell_count * n];
    // a state's parent is valid when its stamp is the current search's
    let mut stamp = vec![0u32; layout.cell_count * n];
    let mut generation = 0u32;
    let mut depth = vec![0usize; layout.cell_count * n];
    let mut queue = VecDeque::new();
    for start in bivalue.iter() {
        for start_digit in digits_of(board.candidates[start]) {
            let exit = (board.candidates[start] & !(1 << start_digit)).trailing_zeros() as usize;
            let reach = board.digit_cells[start_digit] & layout.peers[start];
            generation += 1;
            queue.clear();
            let first = start * n + exit;
            stamp[first] = generation;
            parent[first] = first;
            depth[first] = 1;
            queue.push_back(first);
            while let Some(state) = queue.pop_front() {
                let (cell, digit) = (state / n, state % n);
                let level = depth[state];
                if level + 2 > MAX_CHAIN_LENGTH {
                    continue;
                }
                for next in (layout.peers[cell] & bivalue & board.digit_cells[digit]).iter() {
                    let next_exit =
                        (board.candidates[next] & !(1 << digit)).trailing_zeros() as usize;
                    let next_state = next * n + next_exit;
                    if stamp[next_state] == generation {
                        continue;
                    }
                    stamp[next_state] = generation;
                    parent[next_state] = state;
                    depth[next_state] = level + 2;
                    if next_exit == start_digit {
                        let mut eliminations = reach;
                        if next != start {
                            eliminations &= layout.peers[next];
                        }
                        if !eliminations.is_empty() {
                            let mut finding = Finding::new(Technique::XyChain);
                            finding.digits = 1 << start_digit;
                            finding.length = level + 2;
                            let mut cells = vec![next];
                            let mut walk = state;
                            while parent[walk] != walk {
                                cells.push(walk / n);
                                walk = parent[walk];
                            }
                            cells.push(start);
                            cells.reverse();
                            finding.cells = cells;
                            for target in eliminations.iter() {
                                finding.eliminate(target, start_digit);
                            }
                            keep_best(&mut best, finding);
                        }
                    }
                    if next != start {
                        queue.push_back(next_state);
                    }
                }
            }
        }
    }
    best
}

/// The best Remote Pair: four or more cells holding the same two digits, each seeing the
/// next; cells seeing two chain cells of opposite parity lose both digits.
pub(crate) fn remote_pair<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    let mut best: Option<Finding> = None;
    let mut found: Vec<(Vec<(usize, usize)>, usize)> = Vec::new();
    for start in board.empty.iter() {
        if board.count(start) != 2 {
            continue;
        }
        let pair = board.candidates[start];
        let digits: Vec<usize> = digits_of(pair).collect();
        for &first_digit in &digits {
            let second_digit = if first_digit == digits[0] {
                digits[1]
            } else {
                digits[0]
            };
            let mut path = vec![start];
            remote_pair_search(
                context,
                board,
                pair,
                (first_digit, second_digit),
                &mut path,
                &mut found,
                &mut best,
            );
        }
    }
    let _ = layout;
    best
}

fn remote_pair_search<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
    pair: u32,
    digits: (usize, usize),
    path: &mut Vec<usize>,
    found: &mut Vec<(Vec<(usize, usize)>, usize)>,
    best: &mut Option<Finding>,
) {
    let layout = context.layout;
    let links = 2 * path.len() - 1;
    if links + 2 > MAX_CHAIN_LENGTH {
        return;
    }
    let last = *path.last().expect("path starts with a cell");
    let link_digit = if path.len() % 2 == 1 {
        digits.1
    } else {
        digits.0
    };
    for next in (layout.peers[last] & board.digit_cells[link_digit]).iter() {
        if board.candidates[next] != pair || path.contains(&next) {
            continue;
        }
        path.push(next);
        let chain_links = 2 * path.len() - 1;
        if path.len() >= 4 && path.len().is_multiple_of(2) {
            let mut first_set = CellSet::<W>::EMPTY;
            let mut second_set = CellSet::<W>::EMPTY;
            for i in 0..path.len() {
                let mut j = i + 3;
                while j < path.len() {
                    let common = layout.peers[path[i]] & layout.peers[path[j]];
                    first_set |= common & board.digit_cells[digits.0];
                    second_set |= common & board.digit_cells[digits.1];
                    j += 2;
                }
            }
            if !first_set.is_empty() || !second_set.is_empty() {
                let mut finding = Finding::new(Technique::RemotePair);
                finding.digits = pair;
                finding.cells = path.clone();
                finding.length = chain_links;
                for cell in first_set.iter() {
                    finding.eliminate(cell, digits.0);
                }
                for cell in second_set.iter() {
                    finding.eliminate(cell, digits.1);
                }
                let key = finding.eliminations.clone();
                let duplicate = found
                    .iter()
                    .any(|(eliminations, length)| *eliminations == key && *length <= chain_links);
                if !duplicate {
                    found.push((key, chain_links));
                    keep_best(best, finding);
                }
            }
        }
        remote_pair_search(context, board, pair, digits, path, found, best);
        path.pop();
    }
}
