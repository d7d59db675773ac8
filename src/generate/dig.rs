//! Digging: removing givens orbit by orbit in a random order while the puzzle keeps one
//! solution, and checking minimality cell by cell.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::backtrack::{Second, Solver};
use crate::count::Count;
use crate::model::{Cell, Grid};

/// Other solutions met while digging one solution grid, each kept as the cells where it
/// differs from that grid. Taking givens out lets another solution in exactly when some
/// other solution differs from the grid only in cells left empty, so a kept one answers
/// the question without a search whenever it fits; the answers are the same either way,
/// only cheaper (minimality asks about the same givens round after round).
#[derive(Clone, Debug, Default)]
pub struct Witnesses {
    /// Where each kept solution differs from the grid.
    differences: Vec<Vec<Cell>>,
    /// For each cell, the kept solutions that differ there, oldest first: only those can
    /// fit a question that takes the cell out (a fitting one differs in a cell taken out).
    by_cell: Vec<Vec<usize>>,
    /// Questions answered by a native search.
    searched: u64,
    /// Questions answered by a kept solution.
    recalled: u64,
}

impl Witnesses {
    /// Whether the rules with `givens` have a solution other than `solution`, which must be
    /// one of theirs; `removed` lists the cells just taken out of `givens` (the others
    /// have `solution` as their only solution). A kept solution that fits, else one native
    /// search for two solutions, whose second solution is kept when there is one.
    pub fn has_other_solution(
        &mut self,
        solver: &mut Solver,
        givens: &Grid,
        removed: &[Cell],
        solution: &Grid,
    ) -> bool {
        let fits =
            |differences: &Vec<Cell>| differences.iter().all(|&cell| givens.get(cell).is_none());
        for cell in removed {
            let kept = self
                .by_cell
                .get(cell.index())
                .map_or(&[][..], Vec::as_slice);
            // The latest are the likeliest to fit: the grid changed least since.
            if kept
                .iter()
                .rev()
                .any(|&index| fits(&self.differences[index]))
            {
                self.recalled += 1;
                return true;
            }
        }
        if solver.rules_out_removed_digits() {
            // big grids: a search per removed cell with its digit ruled out, cheaper than
            // proving the rest unique again; the other solution it finds is kept too
            self.searched += 1;
            return match solver.other_solution_without_cells(givens, solution, removed, true) {
                Second::Found(other) => {
                    self.keep(&other, solution);
                    true
                }
                Second::Exists => true,
                Second::None => false,
            };
        }
        self.other_solution(solver, givens, solution).is_some()
    }

    /// How many questions a native search answered, and how many a kept solution did: a
    /// measure of minimality's work that does not depend on the machine's load.
    pub fn questions(&self) -> (u64, u64) {
        (self.searched, self.recalled)
    }

    /// A solution of the rules with `givens` other than `solution` (which must be one of
    /// theirs), found by one native search and kept; `None` when there is none.
    fn other_solution(
        &mut self,
        solver: &mut Solver,
        givens: &Grid,
        solution: &Grid,
    ) -> Option<Grid> {
        self.searched += 1;
        match solver.count_with_givens(givens, 2) {
            Ok(Count::Multiple { first, second, .. }) => {
                let other = if &first == solution { second } else { first };
                self.keep(&other, solution);
                Some(other)
            }
            // a search the generator's flag or deadline stopped finds nothing more: the
            // generator asks the budget before it trusts the answer
            Ok(Count::Unique(_) | Count::None { .. }) | Err(_) => None,
        }
    }

    /// Among `cells`, the one where the most kept solutions that are still solutions of
    /// `givens` (they differ from the grid only where `givens` is empty) differ: putting its
    /// digit back rules them all out. Ties go to the earliest in `cells`.
    fn most_telling(&self, givens: &Grid, cells: &[Cell]) -> Option<Cell> {
        let fits =
            |differences: &Vec<Cell>| differences.iter().all(|&cell| givens.get(cell).is_none());
        let mut best: Option<(usize, Cell)> = None;
        for &cell in cells {
            let count = self.by_cell.get(cell.index()).map_or(0, |kept| {
                kept.iter()
                    .filter(|&&index| fits(&self.differences[index]))
                    .count()
            });
            if best.is_none_or(|(most, _)| count > most) {
                best = Some((count, cell));
            }
        }
        best.map(|(_, cell)| cell)
    }

    /// Keeps `other`, a solution of the rules that differs from `solution`.
    fn keep(&mut self, other: &Grid, solution: &Grid) {
        let differences = other.differences(solution);
        let index = self.differences.len();
        if self.by_cell.is_empty() {
            self.by_cell = vec![Vec::new(); solution.geometry().cell_count()];
        }
        for cell in &differences {
            self.by_cell[cell.index()].push(index);
        }
        self.differences.push(differences);
    }
}

/// Removes whole orbits of givens from `givens`, in an order drawn from `rng`, keeping a
/// removal only while `solution` stays the only solution (one "is there another?" question
/// to the native engine per orbit), and never going below `min_clues` givens. Orbits with
/// an empty cell are left alone. One pass suffices: an orbit that could not go stays
/// necessary as more givens go, so the result has no removable orbit left (unless
/// `min_clues` stopped it).
pub fn dig(
    solver: &mut Solver,
    solution: &Grid,
    givens: Grid,
    orbits: &[Vec<Cell>],
    min_clues: usize,
    rng: &mut impl Rng,
) -> Grid {
    let mut witnesses = Witnesses::default();
    dig_with(
        solver,
        &mut witnesses,
        solution,
        givens,
        orbits,
        min_clues,
        rng,
    )
}

/// [`dig`], asking `witnesses` first.
pub fn dig_with(
    solver: &mut Solver,
    witnesses: &mut Witnesses,
    solution: &Grid,
    givens: Grid,
    orbits: &[Vec<Cell>],
    min_clues: usize,
    rng: &mut impl Rng,
) -> Grid {
    dig_orbits(givens, orbits, min_clues, rng, &mut |givens, orbit| {
        !witnesses.has_other_solution(solver, givens, orbit, solution)
    })
}

/// Removes whole orbits of givens from `givens`, in an order drawn from `rng`, keeping a
/// removal only while `solves` still solves the puzzle (a grader held to a level's techniques,
/// none assuming uniqueness and no trial: a path of sound steps to the end proves `solution`
/// the only solution), never going below `min_clues` givens. As [`dig`], one pass: the result
/// is as hard as those techniques allow, and easier puzzles than random digging gives (issue
/// 41: a random 16×16 dig at 102 givens needs chains nearly always).
pub fn dig_solvable(
    givens: Grid,
    orbits: &[Vec<Cell>],
    min_clues: usize,
    rng: &mut impl Rng,
    solves: &mut dyn FnMut(&Grid) -> bool,
) -> Grid {
    dig_orbits(givens, orbits, min_clues, rng, &mut |givens, _| {
        solves(givens)
    })
}

/// The one pass both digs make: each full orbit, in an order drawn from `rng`, taken out and
/// put back unless `keeps(givens, orbit)` accepts the givens without it; never below
/// `min_clues` givens.
fn dig_orbits(
    mut givens: Grid,
    orbits: &[Vec<Cell>],
    min_clues: usize,
    rng: &mut impl Rng,
    keeps: &mut dyn FnMut(&Grid, &[Cell]) -> bool,
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
        let kept: Vec<_> = orbit.iter().map(|&cell| (cell, givens.get(cell))).collect();
        for &cell in orbit {
            givens.set(cell, None);
        }
        if keeps(&givens, orbit) {
            filled -= orbit.len();
        } else {
            for (cell, digit) in kept {
                givens.set(cell, digit);
            }
        }
    }
    givens
}

/// The givens that can go one at a time: removing any one of them alone keeps `solution`
/// the only solution. Empty when the puzzle is minimal.
pub fn removable_cells(solver: &mut Solver, givens: &Grid, solution: &Grid) -> Vec<Cell> {
    removable_cells_with(solver, &mut Witnesses::default(), givens, solution)
}

/// [`removable_cells`], asking `witnesses` first.
fn removable_cells_with(
    solver: &mut Solver,
    witnesses: &mut Witnesses,
    givens: &Grid,
    solution: &Grid,
) -> Vec<Cell> {
    let mut trial = givens.clone();
    givens
        .filled()
        .filter(|&(cell, digit)| {
            trial.set(cell, None);
            let needed = witnesses.has_other_solution(solver, &trial, &[cell], solution);
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
/// `witnesses` keeps the other solutions met, for `solution` only.
#[allow(clippy::too_many_arguments)]
pub fn make_minimal(
    solver: &mut Solver,
    witnesses: &mut Witnesses,
    solution: &Grid,
    mut givens: Grid,
    orbits: &[Vec<Cell>],
    orbit_of: &[usize],
    min_clues: usize,
    rounds: u32,
    rng: &mut impl Rng,
) -> Option<Grid> {
    for _ in 0..rounds {
        let Some(weak) = first_removable(solver, witnesses, &givens, solution, rng) else {
            return Some(givens);
        };
        let weak_orbit = orbit_of[weak.index()];
        for &cell in &orbits[weak_orbit] {
            givens.set(cell, None);
        }
        // Every other solution differs from `solution` outside the weak orbit's other
        // cells only if putting those back is not the only fix; put back the orbit of a
        // differing cell elsewhere until `solution` is the only one left.
        while let Some(other) = witnesses.other_solution(solver, &givens, solution) {
            let mut elsewhere: Vec<Cell> = other
                .differences(solution)
                .into_iter()
                .filter(|cell| orbit_of[cell.index()] != weak_orbit)
                .collect();
            elsewhere.shuffle(rng);
            let orbit = match witnesses.most_telling(&givens, &elsewhere) {
                Some(cell) => orbit_of[cell.index()],
                None => weak_orbit,
            };
            for &cell in &orbits[orbit] {
                givens.set(cell, solution.get(cell));
            }
        }
        givens = dig_with(solver, witnesses, solution, givens, orbits, min_clues, rng);
    }
    removable_cells_with(solver, witnesses, &givens, solution)
        .is_empty()
        .then_some(givens)
}

/// A given that can go alone, found by trying the givens in an order drawn from `rng`;
/// `None` when the puzzle is minimal.
fn first_removable(
    solver: &mut Solver,
    witnesses: &mut Witnesses,
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
        let needed = witnesses.has_other_solution(solver, &trial, &[cell], solution);
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
    fn kept_solutions_answer_as_the_native_engine_does() {
        // 9×9 keeps what the repair's counts find; 6×6 (the general engine, as on big
        // grids) also what the searches with the removed digit ruled out find
        for size in [9, 6] {
            kept_solutions_answer_as_the_native_engine_does_on(size);
        }
    }

    fn kept_solutions_answer_as_the_native_engine_does_on(size: usize) {
        let geometry = Geometry::for_size(size).unwrap();
        let rules = Puzzle::classic(Grid::empty(geometry)).unwrap();
        let mut solver = Solver::new(&rules);
        let orbits = Symmetry::Rotate180.orbits(geometry);
        let mut orbit_of = vec![0; geometry.cell_count()];
        for (index, orbit) in orbits.iter().enumerate() {
            for cell in orbit {
                orbit_of[cell.index()] = index;
            }
        }
        let mut recalled = 0;
        for index in 0..6 {
            let mut rng = stream(11, index);
            let solution = fill(&mut solver, &mut rng).unwrap();
            let mut witnesses = Witnesses::default();
            let givens = dig_with(
                &mut solver,
                &mut witnesses,
                &solution,
                solution.clone(),
                &orbits,
                0,
                &mut rng,
            );
            let givens = make_minimal(
                &mut solver,
                &mut witnesses,
                &solution,
                givens.clone(),
                &orbits,
                &orbit_of,
                0,
                3,
                &mut rng,
            )
            .unwrap_or(givens);
            // Every single given and every orbit of givens, asked of both.
            let mut questions: Vec<Vec<Cell>> =
                givens.filled().map(|(cell, _)| vec![cell]).collect();
            questions.extend(
                orbits
                    .iter()
                    .filter(|orbit| orbit.iter().all(|&cell| givens.get(cell).is_some()))
                    .cloned(),
            );
            for removed in questions {
                let mut trial = givens.clone();
                for &cell in &removed {
                    trial.set(cell, None);
                }
                let before = witnesses.questions().1;
                let pooled = witnesses.has_other_solution(&mut solver, &trial, &removed, &solution);
                recalled += witnesses.questions().1 - before;
                assert_eq!(
                    pooled,
                    solver.has_other_solution(&trial, &solution),
                    "{removed:?}"
                );
            }
        }
        assert!(
            recalled > 0,
            "{size}×{size}: the kept solutions answered nothing"
        );
    }

    #[test]
    fn a_dig_held_to_singles_leaves_a_unique_puzzle_singles_solve() {
        use crate::grade::{Grader, Level, TechniqueTable};
        let geometry = Geometry::for_size(9).unwrap();
        let rules = Puzzle::classic(Grid::empty(geometry)).unwrap();
        let mut solver = Solver::new(&rules);
        let mut singles = TechniqueTable::hodoku();
        for row in singles.rows.iter_mut() {
            row.enabled = row.technique.is_single();
        }
        let orbits = Symmetry::Rotate180.orbits(geometry);
        for index in 0..3 {
            let mut rng = stream(41, index);
            let solution = fill(&mut solver, &mut rng).unwrap();
            let mut solves = |givens: &Grid| {
                let puzzle = rules.with_givens(givens.clone()).unwrap();
                Grader::with_table(&puzzle, singles.clone()).grade().solved
            };
            let givens = dig_solvable(solution.clone(), &orbits, 0, &mut rng, &mut solves);
            let puzzle = rules.with_givens(givens.clone()).unwrap();
            assert!(crate::sat::count_solutions(&puzzle, 2).unwrap().is_unique());
            assert_eq!(crate::grade::grade(&puzzle).level, Level::Easy);
            assert!(givens.filled_count() < 40, "{}", givens.filled_count());
            // no orbit of givens can go without leaving singles stuck
            for orbit in &orbits {
                if orbit.iter().all(|&cell| givens.get(cell).is_some()) {
                    let mut fewer = givens.clone();
                    orbit.iter().for_each(|&cell| fewer.set(cell, None));
                    assert!(!solves(&fewer));
                }
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
