//! Killer carving: cut a full grid into cages until the cages alone give one solution.
//!
//! The cages are cut on a known solution, so their sums are right by construction. Cages grow
//! from random seeds by orthogonal steps that never repeat a digit, to sizes drawn from the
//! preset's distribution; where the preset asks for easier puzzles, growth prefers the cell
//! that leaves the cage's sum with the fewest digit sets. The native engine then looks for a
//! second solution. While one exists, the cages are repaired where the two solutions differ:
//! a differing cell moves to a neighbouring cage (which changes both sums, so that second
//! solution no longer fits), or, when no cell can move, a cage splits into two parts whose
//! sums tell the solutions apart. Only if the preset allows givens, and repairs run out,
//! does a differing cell become a given.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use thiserror::Error;

use crate::backtrack::count_solutions;
use crate::model::{Cage, Cell, Constraint, Digit, Geometry, Grid, ModelError, Puzzle};
pub use crate::preset::CageOptions;
use crate::Count;

/// Why carving failed.
#[derive(Debug, Error)]
pub enum CarveError {
    /// The options cannot cut any cage.
    #[error("the cage sizes give no size between 1 and the maximum {max_size}")]
    NoSizes {
        /// The cap that ruled every weighted size out.
        max_size: usize,
    },
    /// The rules puzzle and the solution do not fit together.
    #[error("the solution does not satisfy the rules it is carved for")]
    NotASolution,
    /// Repairs ran out with two solutions still standing.
    #[error("no unique cage layout after {repairs} repairs")]
    NotUnique {
        /// How many repairs were made.
        repairs: usize,
    },
    /// The carved puzzle was rejected by the model (a bug if it happens).
    #[error("carved cages are not a valid puzzle: {0}")]
    Model(#[from] ModelError),
}

/// What carving made, with the work it took.
#[derive(Clone, Debug)]
pub struct Carved {
    /// The killer: the rules' houses, the cages with their sums, and any givens added.
    pub puzzle: Puzzle,
    /// Repairs made after the first cut.
    pub repairs: usize,
}

/// The number of ways to pick `count` distinct digits from 1..=`size` adding up to `sum`,
/// for every count and sum: how informative a cage's sum is.
#[derive(Clone, Debug)]
pub struct SumSets {
    /// `ways[count][sum]`.
    ways: Vec<Vec<u32>>,
}

impl SumSets {
    /// The table for digits 1..=`size`.
    pub fn new(size: usize) -> SumSets {
        let largest = size * (size + 1) / 2;
        let mut ways = vec![vec![0u32; largest + 1]; size + 1];
        ways[0][0] = 1;
        for digit in 1..=size {
            for count in (1..=digit).rev() {
                for sum in (digit..=largest).rev() {
                    ways[count][sum] += ways[count - 1][sum - digit];
                }
            }
        }
        SumSets { ways }
    }

    /// How many digit sets of `count` digits add up to `sum` (0 outside the table).
    pub fn ways(&self, count: usize, sum: usize) -> u32 {
        self.ways
            .get(count)
            .and_then(|row| row.get(sum))
            .copied()
            .unwrap_or(0)
    }
}

/// Cuts `solution` into cages so that `rules` (geometry and extra houses such as diagonals,
/// without cages or givens) plus the cages have exactly that one solution by the native
/// engine. The caller confirms with the SAT engine.
pub fn carve(
    rules: &Puzzle,
    solution: &Grid,
    options: &CageOptions,
    rng: &mut impl Rng,
) -> Result<Carved, CarveError> {
    if !rules.is_solution(solution) {
        return Err(CarveError::NotASolution);
    }
    let sizes: Vec<(usize, u32)> = options
        .sizes
        .iter()
        .copied()
        .filter(|&(size, weight)| (1..=options.max_size).contains(&size) && weight > 0)
        .collect();
    if sizes.is_empty() {
        return Err(CarveError::NoSizes {
            max_size: options.max_size,
        });
    }
    let mut layout = Layout::cut(rules, solution, &sizes, options, rng);
    let mut givens = Grid::empty(rules.geometry());
    let mut repairs = 0;
    loop {
        let puzzle = layout.puzzle(rules, solution, &givens)?;
        let other = match count_solutions(&puzzle, 2) {
            Count::Unique(_) => return Ok(Carved { puzzle, repairs }),
            Count::Multiple { first, second, .. } => {
                if first != *solution {
                    first
                } else {
                    second
                }
            }
            Count::None { .. } => return Err(CarveError::NotASolution),
        };
        if repairs >= options.max_repairs {
            if givens.filled_count() >= options.max_givens {
                return Err(CarveError::NotUnique { repairs });
            }
            let differing = solution.differences(&other);
            let cell = *differing.choose(rng).ok_or(CarveError::NotASolution)?;
            givens.set(cell, solution.get(cell));
        } else {
            layout.repair(solution, &other, options, rng);
        }
        repairs += 1;
    }
}

/// Joins two neighbouring cages of `puzzle` (carved on `solution`) into one, for a puzzle
/// that asks harder sum reasoning: a pair whose cells together keep distinct digits and at
/// most `options.max_size` cells that keeps the puzzle unique by the native engine, the pair
/// whose joined sum has the most digit sets first (ties in random order). The cages are renumbered in their order, the joined one where the first
/// of the pair was; `None` when no pair will do.
pub fn join_neighbours(
    puzzle: &Puzzle,
    solution: &Grid,
    options: &CageOptions,
    rng: &mut impl Rng,
) -> Option<Puzzle> {
    let geometry = puzzle.geometry();
    let cages: Vec<&Cage> = puzzle.cages().collect();
    let mut owner = vec![usize::MAX; geometry.cell_count()];
    for (id, cage) in cages.iter().enumerate() {
        for cell in &cage.cells {
            owner[cell.index()] = id;
        }
    }
    let mut pairs: Vec<(usize, usize)> = cages
        .iter()
        .enumerate()
        .flat_map(|(id, cage)| {
            let owner = &owner;
            cage.cells.iter().flat_map(move |&cell| {
                geometry
                    .neighbours(cell)
                    .map(move |neighbour| (id, owner[neighbour.index()]))
            })
        })
        .filter(|&(id, other)| other != usize::MAX && other > id)
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs.shuffle(rng);
    // the join whose sum leaves the most digit sets first: the biggest step toward harder
    let sum_sets = SumSets::new(usize::from(geometry.size()));
    let value = |cell: &Cell| {
        solution
            .get(*cell)
            .map_or(0, |digit| usize::from(digit.get()))
    };
    pairs.sort_by_cached_key(|&(first, second)| {
        let cells = cages[first].cells.iter().chain(&cages[second].cells);
        let count = cages[first].cells.len() + cages[second].cells.len();
        std::cmp::Reverse(sum_sets.ways(count, cells.map(value).sum()))
    });
    let rules: Vec<Constraint> = puzzle
        .constraints()
        .iter()
        .filter(|constraint| !matches!(constraint, Constraint::Cage(_)))
        .cloned()
        .collect();
    for (first, second) in pairs {
        let cells: Vec<Cell> = cages[first]
            .cells
            .iter()
            .chain(&cages[second].cells)
            .copied()
            .collect();
        let mut used = 0u64;
        let distinct = cells.iter().all(|&cell| {
            let bit = 1u64 << solution.get(cell).map_or(0, |digit| digit.get());
            let fresh = used & bit == 0;
            used |= bit;
            fresh
        });
        if cells.len() > options.max_size || !distinct {
            continue;
        }
        let sum = |cells: &[Cell]| -> u32 {
            cells
                .iter()
                .filter_map(|&cell| solution.get(cell))
                .map(|digit| u32::from(digit.get()))
                .sum()
        };
        let mut constraints = rules.clone();
        let mut label = 0;
        for (id, cage) in cages.iter().enumerate() {
            let cells = match id {
                _ if id == second => continue,
                _ if id == first => cells.clone(),
                _ => cage.cells.clone(),
            };
            label += 1;
            constraints.push(Constraint::Cage(Cage {
                label: label.to_string(),
                sum: Some(sum(&cells)),
                cells,
            }));
        }
        let Ok(joined) = Puzzle::new(geometry, puzzle.givens().clone(), constraints) else {
            continue;
        };
        if matches!(count_solutions(&joined, 2), Count::Unique(_)) {
            return Some(joined);
        }
    }
    None
}

/// The cages being cut: which cage owns each cell, and each cage's cells.
#[derive(Clone, Debug)]
struct Layout {
    geometry: Geometry,
    owner: Vec<usize>,
    cages: Vec<Vec<Cell>>,
}

impl Layout {
    /// The first cut: cages grown from cells in random order to drawn sizes.
    fn cut(
        rules: &Puzzle,
        solution: &Grid,
        sizes: &[(usize, u32)],
        options: &CageOptions,
        rng: &mut impl Rng,
    ) -> Layout {
        let geometry = rules.geometry();
        let sum_sets = SumSets::new(usize::from(geometry.size()));
        let digit = |cell: Cell| {
            solution
                .get(cell)
                .map_or(0, |digit| usize::from(digit.get()))
        };
        let mut order: Vec<Cell> = geometry.cells().collect();
        order.shuffle(rng);
        let unowned = usize::MAX;
        let mut owner = vec![unowned; geometry.cell_count()];
        let mut cages: Vec<Vec<Cell>> = Vec::new();
        let total: u32 = sizes.iter().map(|&(_, weight)| weight).sum();
        for start in order {
            if owner[start.index()] != unowned {
                continue;
            }
            let mut pick = rng.random_range(0..total);
            let target = sizes
                .iter()
                .find(|&&(_, weight)| {
                    let inside = pick < weight;
                    pick = pick.saturating_sub(weight);
                    inside
                })
                .map_or(1, |&(size, _)| size);
            let id = cages.len();
            owner[start.index()] = id;
            let mut cells = vec![start];
            let mut used = 1u32 << digit(start);
            let mut sum = digit(start);
            while cells.len() < target {
                let mut options_here: Vec<Cell> = cells
                    .iter()
                    .flat_map(|&cell| geometry.neighbours(cell))
                    .filter(|&cell| {
                        owner[cell.index()] == unowned && used & (1 << digit(cell)) == 0
                    })
                    .collect();
                options_here.sort_unstable_by_key(|cell| cell.index());
                options_here.dedup();
                let Some(&chosen) = (if rng.random_range(0..100u8) < options.informative {
                    options_here
                        .iter()
                        .min_by_key(|&&cell| sum_sets.ways(cells.len() + 1, sum + digit(cell)))
                } else {
                    options_here.choose(rng)
                }) else {
                    break;
                };
                owner[chosen.index()] = id;
                used |= 1 << digit(chosen);
                sum += digit(chosen);
                cells.push(chosen);
            }
            cages.push(cells);
        }
        let mut layout = Layout {
            geometry,
            owner,
            cages,
        };
        if !sizes.iter().any(|&(size, _)| size == 1) {
            layout.absorb_singles(solution, options.max_size, rng);
        }
        layout
    }

    /// Joins cages of one cell to a neighbouring cage where the digit fits and the cap
    /// allows, since a one-cell cage is a given in disguise.
    fn absorb_singles(&mut self, solution: &Grid, max_size: usize, rng: &mut impl Rng) {
        for id in 0..self.cages.len() {
            if self.cages[id].len() != 1 {
                continue;
            }
            let cell = self.cages[id][0];
            if let Some(&target) = self.joinable(cell, solution, max_size).choose(rng) {
                self.move_cell(cell, target);
            }
        }
        self.drop_empty();
    }

    /// The cages next to `cell`, other than its own, that can take it: below `max_size`
    /// cells and without its digit; in index order, each once.
    fn joinable(&self, cell: Cell, solution: &Grid, max_size: usize) -> Vec<usize> {
        let own = self.owner[cell.index()];
        let mut targets: Vec<usize> = self
            .geometry
            .neighbours(cell)
            .map(|neighbour| self.owner[neighbour.index()])
            .filter(|&other| {
                other != own
                    && self.cages[other].len() < max_size
                    && !self.holds_digit(other, solution.get(cell), solution)
            })
            .collect();
        targets.sort_unstable();
        targets.dedup();
        targets
    }

    /// Whether cage `id` already holds `digit` in `solution`.
    fn holds_digit(&self, id: usize, digit: Option<Digit>, solution: &Grid) -> bool {
        self.cages[id]
            .iter()
            .any(|&cell| solution.get(cell) == digit)
    }

    /// Moves `cell` from its cage into cage `target`.
    fn move_cell(&mut self, cell: Cell, target: usize) {
        let source = self.owner[cell.index()];
        self.cages[source].retain(|&other| other != cell);
        self.cages[target].push(cell);
        self.owner[cell.index()] = target;
    }

    /// Removes emptied cages and renumbers the owners.
    fn drop_empty(&mut self) {
        self.cages.retain(|cells| !cells.is_empty());
        for (id, cells) in self.cages.iter_mut().enumerate() {
            cells.sort_unstable_by_key(|cell| cell.index());
            for cell in cells.iter() {
                self.owner[cell.index()] = id;
            }
        }
    }

    /// Whether the cells of cage `id` other than `without` are still orthogonally connected.
    fn connected_without(&self, id: usize, without: Cell) -> bool {
        let cells: Vec<Cell> = self.cages[id]
            .iter()
            .copied()
            .filter(|&cell| cell != without)
            .collect();
        is_connected(self.geometry, &cells)
    }

    /// Changes the cages so that `other` (a second solution) no longer fits, near the cells
    /// where it differs from `solution`.
    fn repair(&mut self, solution: &Grid, other: &Grid, options: &CageOptions, rng: &mut impl Rng) {
        let mut differing = solution.differences(other);
        differing.shuffle(rng);
        // A differing cell moved to a neighbouring cage changes both sums by its digit, which
        // differs between the solutions, so the old cage's sum rules `other` out.
        for &cell in &differing {
            let source = self.owner[cell.index()];
            if self.cages[source].len() < 2 || !self.connected_without(source, cell) {
                continue;
            }
            if let Some(&target) = self.joinable(cell, solution, options.max_size).choose(rng) {
                self.move_cell(cell, target);
                self.drop_empty();
                return;
            }
        }
        // No cell can move: split a cage holding differing cells into two connected parts
        // whose sums differ between the solutions.
        for &cell in &differing {
            let id = self.owner[cell.index()];
            if let Some(part) = self.split_part(id, solution, other, rng) {
                let new_id = self.cages.len();
                self.cages.push(Vec::new());
                for &moved in &part {
                    self.move_cell(moved, new_id);
                }
                self.drop_empty();
                return;
            }
        }
    }

    /// A connected part of cage `id`, leaving a connected rest, whose digits add up to
    /// different sums in `solution` and `other`.
    fn split_part(
        &self,
        id: usize,
        solution: &Grid,
        other: &Grid,
        rng: &mut impl Rng,
    ) -> Option<Vec<Cell>> {
        let cells = &self.cages[id];
        if cells.len() < 2 {
            return None;
        }
        let value =
            |grid: &Grid, cell: Cell| grid.get(cell).map_or(0, |digit| i32::from(digit.get()));
        let difference = |part: &[Cell]| -> i32 {
            part.iter()
                .map(|&cell| value(other, cell) - value(solution, cell))
                .sum()
        };
        // Parts grown from each cell in turn, one cell at a time, keeping both sides connected.
        let mut starts = cells.clone();
        starts.shuffle(rng);
        for start in starts {
            let mut part = vec![start];
            loop {
                let rest: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|cell| !part.contains(cell))
                    .collect();
                if rest.is_empty() {
                    break;
                }
                if difference(&part) != 0
                    && is_connected(self.geometry, &part)
                    && is_connected(self.geometry, &rest)
                {
                    return Some(part);
                }
                let next = rest.iter().copied().find(|&cell| {
                    self.geometry
                        .neighbours(cell)
                        .any(|neighbour| part.contains(&neighbour))
                });
                part.push(next?);
            }
        }
        None
    }

    /// The puzzle these cages make with `rules` and `givens`, sums taken from `solution`.
    fn puzzle(&self, rules: &Puzzle, solution: &Grid, givens: &Grid) -> Result<Puzzle, ModelError> {
        let mut constraints: Vec<Constraint> = rules.constraints().to_vec();
        constraints.extend(self.cages.iter().enumerate().map(|(id, cells)| {
            let sum = cells
                .iter()
                .filter_map(|&cell| solution.get(cell))
                .map(|digit| u32::from(digit.get()))
                .sum();
            Constraint::Cage(Cage {
                label: (id + 1).to_string(),
                cells: cells.clone(),
                sum: Some(sum),
            })
        }));
        Puzzle::new(rules.geometry(), givens.clone(), constraints)
    }
}

/// Whether `cells` are orthogonally connected (true for none or one).
fn is_connected(geometry: Geometry, cells: &[Cell]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut reached = vec![first];
    let mut next = 0;
    while next < reached.len() {
        let cell = reached[next];
        next += 1;
        for neighbour in geometry.neighbours(cell) {
            if cells.contains(&neighbour) && !reached.contains(&neighbour) {
                reached.push(neighbour);
            }
        }
    }
    reached.len() == cells.len()
}
