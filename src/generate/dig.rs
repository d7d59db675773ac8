//! Digging: removing givens orbit by orbit in a random order while the puzzle keeps one
//! solution, and checking minimality cell by cell.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;

use crate::backtrack::Solver;
use crate::count::Count;
use crate::model::{Cell, Grid};

/// Removes whole orbits of givens from `givens`, in an order drawn from `rng`, keeping a
/// removal only while `solution` stays the only solution (one "is there another?" question
/// to the native engine per orbit), and never going below `min_clues` givens. Orbits with
/// an empty cell are left alone. One pass suffices: an orbit that could not go stays
/// necessary as more givens go, so the result has no removable orbit left (unless
/// `min_clues` stopped it).
pub fn dig(
    solver: &mut Solver,
    solution: &Grid,
    mut givens: Grid,
    orbits: &[Vec<Cell>],
    min_clues: usize,
    rng: &mut impl Rng,
) -> Grid {
    let mut order: Vec<&Vec<Cell>> = orbits
        .iter()
        .filter(|orbit| orbit.iter().all(|&cell| givens.get(cell).is_some()))
        .collect();
    order.shuffle(rng);
    let mut filled = givens.filled_count();
    for orbit in order {
        if filled < min_clues + orbit.len() {
            continue;
        }
        for &cell in orbit {
            givens.set(cell, None);
        }
        if solver.has_other_solution_without_cells(&givens, solution, orbit) {
            for &cell in orbit {
                givens.set(cell, solution.get(cell));
            }
        } else {
            filled -= orbit.len();
        }
    }
    givens
}

/// The givens that can go one at a time: removing any one of them alone keeps `solution`
/// the only solution. Empty when the puzzle is minimal.
pub fn removable_cells(solver: &mut Solver, givens: &Grid, solution: &Grid) -> Vec<Cell> {
    let mut trial = givens.clone();
    givens
        .filled()
        .filter(|&(cell, digit)| {
            trial.set(cell, None);
            let needed = solver.has_other_solution_without(&trial, solution, cell);
            trial.set(cell, Some(digit));
            !needed
        })
        .map(|(cell, _)| cell)
        .collect()
}

/// Turns a unique, orbit-dug puzzle whose givens are not all needed into a minimal one that
/// keeps the symmetry, in at most `rounds` rounds. A round takes out the orbit of a given
/// that could go alone (the puzzle then has other solutions), puts back orbits of cells
/// where another solution differs until `solution` is the only one again, and digs again.
/// `orbit_of` gives each cell's index in `orbits`. `None` when no round ends minimal.
#[allow(clippy::too_many_arguments)]
pub fn make_minimal(
    solver: &mut Solver,
    solution: &Grid,
    mut givens: Grid,
    orbits: &[Vec<Cell>],
    orbit_of: &[usize],
    min_clues: usize,
    rounds: u32,
    rng: &mut impl Rng,
) -> Option<Grid> {
    for _ in 0..rounds {
        let Some(weak) = first_removable(solver, &givens, solution, rng) else {
            return Some(givens);
        };
        let weak_orbit = orbit_of[weak.index()];
        for &cell in &orbits[weak_orbit] {
            givens.set(cell, None);
        }
        // Every other solution differs from `solution` outside the weak orbit's other
        // cells only if putting those back is not the only fix; put back the orbit of a
        // differing cell elsewhere until `solution` is the only one left.
        while let Count::Multiple { first, second, .. } = solver.count_with_givens(&givens, 2) {
            let other = if &first == solution { second } else { first };
            let elsewhere: Vec<Cell> = other
                .differences(solution)
                .into_iter()
                .filter(|cell| orbit_of[cell.index()] != weak_orbit)
                .collect();
            let orbit = match elsewhere.choose(rng) {
                Some(cell) => orbit_of[cell.index()],
                None => weak_orbit,
            };
            for &cell in &orbits[orbit] {
                givens.set(cell, solution.get(cell));
            }
        }
        givens = dig(solver, solution, givens, orbits, min_clues, rng);
    }
    removable_cells(solver, &givens, solution)
        .is_empty()
        .then_some(givens)
}

/// A given that can go alone, found by trying the givens in an order drawn from `rng`;
/// `None` when the puzzle is minimal.
fn first_removable(
    solver: &mut Solver,
    givens: &Grid,
    solution: &Grid,
    rng: &mut impl Rng,
) -> Option<Cell> {
    let mut filled: Vec<Cell> = givens.filled().map(|(cell, _)| cell).collect();
    filled.shuffle(rng);
    let mut trial = givens.clone();
    filled.into_iter().find(|&cell| {
        let digit = trial.get(cell);
        trial.set(cell, None);
        let needed = solver.has_other_solution_without(&trial, solution, cell);
        trial.set(cell, digit);
        !needed
    })
}

/// Whether every given of `givens` is needed: removing any one of them lets a second
/// solution in. `givens` must have `solution` as its only solution.
pub fn is_minimal(solver: &mut Solver, givens: &Grid, solution: &Grid) -> bool {
    let mut trial = givens.clone();
    givens.filled().all(|(cell, digit)| {
        trial.set(cell, None);
        let needed = solver.has_other_solution_without(&trial, solution, cell);
        trial.set(cell, Some(digit));
        needed
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::fill::{fill, stream};
    use crate::generate::Symmetry;
    use crate::model::{Geometry, Puzzle};

    #[test]
    fn dug_puzzles_are_unique_symmetric_and_orbit_minimal() {
        let geometry = Geometry::for_size(9).unwrap();
        let rules = Puzzle::classic(Grid::empty(geometry)).unwrap();
        let mut solver = Solver::new(&rules);
        for (index, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            let mut rng = stream(5, index as u64);
            let solution = fill(&mut solver, &mut rng).unwrap();
            let orbits = symmetry.orbits(geometry);
            let givens = dig(
                &mut solver,
                &solution,
                solution.clone(),
                &orbits,
                0,
                &mut rng,
            );
            let puzzle = rules.with_givens(givens.clone()).unwrap();
            assert!(crate::sat::count_solutions(&puzzle, 2).unwrap().is_unique());
            let filled: Vec<bool> = givens.values().iter().map(|&value| value != 0).collect();
            assert!(symmetry.holds_for(geometry, &filled), "{symmetry}");
            // No orbit of givens can go.
            for orbit in &orbits {
                if orbit.iter().all(|&cell| givens.get(cell).is_some()) {
                    let mut fewer = givens.clone();
                    orbit.iter().for_each(|&cell| fewer.set(cell, None));
                    assert!(solver.has_other_solution(&fewer, &solution), "{symmetry}");
                }
            }
            if symmetry == Symmetry::None {
                assert!(is_minimal(&mut solver, &givens, &solution));
            }
        }
    }

    #[test]
    fn digging_stops_at_the_fewest_clues_asked() {
        let geometry = Geometry::for_size(9).unwrap();
        let rules = Puzzle::classic(Grid::empty(geometry)).unwrap();
        let mut solver = Solver::new(&rules);
        let mut rng = stream(9, 0);
        let solution = fill(&mut solver, &mut rng).unwrap();
        let orbits = Symmetry::Rotate180.orbits(geometry);
        let givens = dig(
            &mut solver,
            &solution,
            solution.clone(),
            &orbits,
            40,
            &mut rng,
        );
        assert!((40..=41).contains(&givens.filled_count()));
        assert!(!solver.has_other_solution(&givens, &solution));
        // Forty givens of a unique puzzle are rarely all needed.
        assert!(!is_minimal(&mut solver, &givens, &solution));
    }
}
