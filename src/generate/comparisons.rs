//! Greater killer: hide cage sums of a unique killer and compare neighbouring cages instead.
//!
//! Starting from a killer with one solution, cages are taken in random order: a cage's sum
//! is hidden and the true relation (`<`, `=`, `>`) to each neighbouring cage not yet
//! compared with it is added; the change is kept only while the puzzle stays unique. Then
//! the comparisons are thinned: each is dropped if the puzzle stays unique without it, as long
//! as every hidden cage keeps at least one.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::backtrack::count_solutions;
use crate::model::{cage_sum, CageId, Comparison, Constraint, Grid, ModelError, Puzzle, Relation};

/// What hiding sums made.
#[derive(Clone, Debug)]
pub struct Compared {
    /// The greater killer.
    pub puzzle: Puzzle,
    /// How many sums are hidden (at most the number asked for).
    pub hidden: usize,
}

/// Hides up to `hidden` cage sums of `killer` (unique, with `solution`), comparing each
/// hidden cage with its neighbours, keeping every change only while the native engine finds
/// one solution.
pub fn hide_sums(
    killer: &Puzzle,
    solution: &Grid,
    hidden: usize,
    rng: &mut impl Rng,
) -> Result<Compared, ModelError> {
    let cage_count = killer.cage_count();
    let sums: Vec<u32> = (0..cage_count)
        .map(|index| cage_sum(solution, killer.cage(CageId::new(index))))
        .collect();
    let neighbours = cage_neighbours(killer);
    let mut shown: Vec<bool> = (0..cage_count)
        .map(|index| killer.cage(CageId::new(index)).sum.is_some())
        .collect();
    let mut comparisons: Vec<Comparison> = killer.comparisons().copied().collect();
    let mut order: Vec<usize> = (0..cage_count).collect();
    order.shuffle(rng);
    let mut hidden_count = shown.iter().filter(|&&shown| !shown).count();
    for cage in order {
        if hidden_count >= hidden {
            break;
        }
        if !shown[cage] {
            continue;
        }
        let mut trial_comparisons = comparisons.clone();
        for &neighbour in &neighbours[cage] {
            let (first, second) = (cage.min(neighbour), cage.max(neighbour));
            let known = trial_comparisons.iter().any(|comparison| {
                (comparison.first.index(), comparison.second.index()) == (first, second)
            });
            if !known {
                trial_comparisons.push(Comparison {
                    first: CageId::new(first),
                    second: CageId::new(second),
                    relation: relation(sums[first], sums[second]),
                });
            }
        }
        shown[cage] = false;
        let trial = rebuild(killer, &shown, &trial_comparisons)?;
        if is_unique(&trial) {
            comparisons = trial_comparisons;
            hidden_count += 1;
        } else {
            shown[cage] = true;
        }
    }
    // Thin the comparisons, keeping one on every hidden cage.
    let mut order: Vec<Comparison> = comparisons.clone();
    order.shuffle(rng);
    for candidate in order {
        let touches = |cage: CageId| {
            comparisons
                .iter()
                .filter(|comparison| comparison.first == cage || comparison.second == cage)
                .count()
        };
        let needed = [candidate.first, candidate.second]
            .into_iter()
            .any(|cage| !shown[cage.index()] && touches(cage) < 2);
        if needed {
            continue;
        }
        let trial: Vec<Comparison> = comparisons
            .iter()
            .copied()
            .filter(|&comparison| comparison != candidate)
            .collect();
        if is_unique(&rebuild(killer, &shown, &trial)?) {
            comparisons = trial;
        }
    }
    comparisons.sort_by_key(|comparison| (comparison.first, comparison.second));
    Ok(Compared {
        puzzle: rebuild(killer, &shown, &comparisons)?,
        hidden: hidden_count,
    })
}

/// The relation of `first` to `second`.
fn relation(first: u32, second: u32) -> Relation {
    match first.cmp(&second) {
        std::cmp::Ordering::Less => Relation::Less,
        std::cmp::Ordering::Equal => Relation::Equal,
        std::cmp::Ordering::Greater => Relation::Greater,
    }
}

/// For every cage, the cages sharing an edge with it, in index order.
fn cage_neighbours(puzzle: &Puzzle) -> Vec<Vec<usize>> {
    let geometry = puzzle.geometry();
    let mut owner = vec![usize::MAX; geometry.cell_count()];
    for (index, cage) in puzzle.cages().enumerate() {
        for cell in &cage.cells {
            owner[cell.index()] = index;
        }
    }
    let mut neighbours = vec![Vec::new(); puzzle.cage_count()];
    for (index, cage) in puzzle.cages().enumerate() {
        let list: &mut Vec<usize> = &mut neighbours[index];
        for &cell in &cage.cells {
            for neighbour in geometry.neighbours(cell) {
                let other = owner[neighbour.index()];
                if other != usize::MAX && other != index && !list.contains(&other) {
                    list.push(other);
                }
            }
        }
        list.sort_unstable();
    }
    neighbours
}

/// `killer` with the sums of cages not `shown` hidden and `comparisons` in place of its own.
fn rebuild(
    killer: &Puzzle,
    shown: &[bool],
    comparisons: &[Comparison],
) -> Result<Puzzle, ModelError> {
    let mut cage_index = 0;
    let mut constraints: Vec<Constraint> = Vec::new();
    for constraint in killer.constraints() {
        match constraint {
            Constraint::Cage(cage) => {
                let mut cage = cage.clone();
                if !shown[cage_index] {
                    cage.sum = None;
                }
                cage_index += 1;
                constraints.push(Constraint::Cage(cage));
            }
            Constraint::Compare(_) => {}
            // every other rule stays as it is
            other => constraints.push(other.clone()),
        }
    }
    constraints.extend(comparisons.iter().copied().map(Constraint::Compare));
    Puzzle::new(killer.geometry(), killer.givens().clone(), constraints)
}

/// Whether the native engine finds exactly one solution.
fn is_unique(puzzle: &Puzzle) -> bool {
    count_solutions(puzzle, 2).is_unique()
}
