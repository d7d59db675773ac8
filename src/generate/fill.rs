//! Random full grids: one ChaCha stream per (seed, index), and the native engine filling a
//! grid with digits tried in an order drawn from it.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

use crate::backtrack::Solver;
use crate::model::Grid;

/// The random stream of puzzle `index` of a batch made with `seed`: ChaCha20 keyed by the
/// seed, on the stream numbered by the index. Puzzle `index` reads nothing else, so it is
/// the same whichever other puzzles are made, in whatever order, on whatever machine.
pub fn stream(seed: u64, index: u64) -> ChaCha20Rng {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// A random complete grid obeying the solver's rules (its puzzle's givens kept), or `None`
/// when the rules have no solution.
pub fn fill(solver: &mut Solver, rng: &mut impl Rng) -> Option<Grid> {
    solver.solve_random(rng)
}

/// Like [`fill`], giving up after `budget` branch points (`None` then too).
pub fn fill_within(solver: &mut Solver, rng: &mut impl Rng, budget: u64) -> Option<Grid> {
    solver.solve_random_within(rng, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Constraint, Diagonal, Geometry, Puzzle};
    use rand::RngCore;

    #[test]
    fn streams_depend_on_seed_and_index_only() {
        assert_eq!(stream(7, 3).next_u64(), stream(7, 3).next_u64());
        assert_ne!(stream(7, 3).next_u64(), stream(7, 4).next_u64());
        assert_ne!(stream(7, 3).next_u64(), stream(8, 3).next_u64());
    }

    #[test]
    fn fills_are_solutions_of_the_rules() {
        for (size, diagonals) in [(4, false), (6, false), (9, false), (9, true), (16, true)] {
            let geometry = Geometry::for_size(size).unwrap();
            let constraints = if diagonals {
                vec![
                    Constraint::diagonal(geometry, Diagonal::Main),
                    Constraint::diagonal(geometry, Diagonal::Anti),
                ]
            } else {
                Vec::new()
            };
            let rules = Puzzle::new(geometry, Grid::empty(geometry), constraints).unwrap();
            let mut solver = Solver::new(&rules);
            let grids: Vec<Grid> = (0..20)
                .map(|index| fill(&mut solver, &mut stream(1, index)).unwrap())
                .collect();
            assert!(grids.iter().all(|grid| rules.is_solution(grid)));
            let distinct: std::collections::HashSet<&Grid> = grids.iter().collect();
            // 4×4 has only 288 grids, so a repeat among 20 is possible there.
            assert!(
                distinct.len() >= 18,
                "{size}×{size}: {} distinct",
                distinct.len()
            );
            assert_eq!(fill(&mut solver, &mut stream(1, 0)).unwrap(), grids[0]);
        }
    }
}
