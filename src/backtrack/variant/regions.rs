//! Irregular regions need nothing here: they are houses (`Puzzle::houses`), which the
//! layout reads like boxes. Extra regions of n cells and disjoint groups are houses too;
//! extra regions of fewer cells join the peers (`distinct_groups` in `mod.rs`). This file
//! holds the tests that the box-based rules stay sound on irregular grids.

#[cfg(test)]
mod tests {
    use crate::backtrack::count_solutions;
    use crate::model::variant::Regions;
    use crate::model::{Constraint, Geometry, Grid, Puzzle};

    /// A 5×5 grid of five irregular regions (no boxes at all: 5 is prime), from a Latin
    /// square whose regions were drawn around it.
    #[test]
    fn irregular_five_by_five_counts_like_brute_force() {
        let geometry = Geometry::irregular(5).unwrap();
        #[rustfmt::skip]
        let map: Vec<u8> = vec![
            0, 0, 0, 1, 1,
            0, 0, 1, 1, 1,
            2, 2, 3, 3, 4,
            2, 2, 3, 3, 4,
            2, 3, 4, 4, 4,
        ];
        let regions = Regions::new(geometry, map).unwrap();
        let puzzle = Puzzle::new(
            geometry,
            Grid::empty(geometry),
            vec![Constraint::Regions(regions)],
        )
        .unwrap();
        let brute = brute_force(&puzzle, 1000);
        assert!(brute > 0);
        assert_eq!(count_solutions(&puzzle, 1000).found(), brute);
    }

    /// Solutions of `puzzle` by trying every grid cell by cell (small grids only).
    fn brute_force(puzzle: &Puzzle, limit: usize) -> usize {
        let geometry = puzzle.geometry();
        let size = usize::from(geometry.size());
        let mut values = vec![0u8; size * size];
        let mut found = 0;
        fill(puzzle, &mut values, 0, &mut found, limit);
        found
    }

    fn fill(puzzle: &Puzzle, values: &mut [u8], at: usize, found: &mut usize, limit: usize) {
        let geometry = puzzle.geometry();
        let size = usize::from(geometry.size());
        if *found >= limit {
            return;
        }
        if at == values.len() {
            let grid = Grid::from_values(geometry, values).unwrap();
            if puzzle.is_solution(&grid) {
                *found += 1;
            }
            return;
        }
        let (row, column) = (at / size, at % size);
        for digit in 1..=size as u8 {
            let clash = (0..column).any(|other| values[row * size + other] == digit)
                || (0..row).any(|other| values[other * size + column] == digit);
            if !clash {
                values[at] = digit;
                fill(puzzle, values, at + 1, found, limit);
            }
        }
        values[at] = 0;
    }
}
