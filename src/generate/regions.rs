//! Jigsaw region maps: n connected regions of n cells, none equal to a row or a column, made
//! by random boundary swaps from the boxes (or, for sides without a box shape, from rows),
//! optionally keeping a half-turn symmetry of the map.

use rand::Rng;

use crate::model::variant::Regions;
use crate::model::{Geometry, ModelError};

/// How many accepted swaps per cell of the grid: enough for the shapes to wander far from
/// the starting boxes (about twice the cells change region on 9×9).
const SWAPS_PER_CELL: usize = 12;

/// Attempts per accepted swap before giving up on a map (a map that cannot move at all is
/// not expected; the bound keeps a bad case from spinning).
const ATTEMPTS_PER_SWAP: usize = 200;

/// A random jigsaw map for an n×n grid: n connected regions of n cells, no region equal to a
/// row or a column. With `symmetric`, turning the grid a half turn maps every region onto a
/// region (the usual symmetry of published jigsaws).
pub fn random_regions(
    size: usize,
    symmetric: bool,
    rng: &mut impl Rng,
) -> Result<Regions, ModelError> {
    let geometry = Geometry::irregular(size)?;
    let mut map = starting_map(size);
    let pairing = symmetric.then(|| region_pairing(&map, size));
    loop {
        let mut accepted = 0;
        let mut attempts = 0;
        while accepted < SWAPS_PER_CELL * size * size
            && attempts < ATTEMPTS_PER_SWAP * SWAPS_PER_CELL * size * size
        {
            attempts += 1;
            if let Some(moved) = swap(&map, size, pairing.as_deref(), rng) {
                map = moved;
                accepted += 1;
            }
        }
        if !has_straight_region(&map, size) {
            break;
        }
    }
    Regions::new(geometry, renumber(&map, size))
}

/// Boxes when the side has a box shape, else rows (which the swaps then break up).
fn starting_map(size: usize) -> Vec<u8> {
    match Geometry::for_size(size) {
        Ok(boxed) => boxed.cells().map(|cell| boxed.box_of(cell) as u8).collect(),
        Err(_) => (0..size * size).map(|index| (index / size) as u8).collect(),
    }
}

/// The region a half turn maps each region onto (boxes and rows both turn onto regions).
fn region_pairing(map: &[u8], size: usize) -> Vec<u8> {
    let mut pairing = vec![0u8; size];
    for (index, &region) in map.iter().enumerate() {
        pairing[usize::from(region)] = map[turned(index, size)];
    }
    pairing
}

/// The cell a half turn takes `index` to.
fn turned(index: usize, size: usize) -> usize {
    size * size - 1 - index
}

/// The orthogonal neighbours of a cell, by row-major index.
fn neighbours(index: usize, size: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (index / size, index % size);
    [
        (row > 0).then(|| index - size),
        (row + 1 < size).then(|| index + size),
        (column > 0).then(|| index - 1),
        (column + 1 < size).then(|| index + 1),
    ]
    .into_iter()
    .flatten()
}

/// One random exchange across a boundary: a cell of region A joins a neighbouring region B
/// and a cell of B next to A joins A (and, with a pairing, the same on the turned cells).
/// The new map if every region stays connected, n cells and symmetric.
fn swap(map: &[u8], size: usize, pairing: Option<&[u8]>, rng: &mut impl Rng) -> Option<Vec<u8>> {
    let cells = size * size;
    let given = rng.random_range(0..cells);
    let first = map[given];
    let across: Vec<usize> = neighbours(given, size)
        .filter(|&next| map[next] != first)
        .collect();
    if across.is_empty() {
        return None;
    }
    let second = map[across[rng.random_range(0..across.len())]];
    let mut moved = map.to_vec();
    moved[given] = second;
    let returning: Vec<usize> = (0..cells)
        .filter(|&index| {
            index != given
                && moved[index] == second
                && neighbours(index, size).any(|next| moved[next] == first)
        })
        .collect();
    if returning.is_empty() {
        return None;
    }
    let back = returning[rng.random_range(0..returning.len())];
    moved[back] = first;
    if let Some(pairing) = pairing {
        moved[turned(given, size)] = pairing[usize::from(second)];
        moved[turned(back, size)] = pairing[usize::from(first)];
        let symmetric = (0..cells)
            .all(|index| moved[turned(index, size)] == pairing[usize::from(moved[index])]);
        if !symmetric {
            return None;
        }
    }
    let touched = [first, second];
    let whole = touched
        .iter()
        .chain(pairing.iter().flat_map(|pairing| {
            touched
                .iter()
                .map(move |&region| &pairing[usize::from(region)])
        }))
        .all(|&region| region_is_whole(&moved, size, region));
    whole.then_some(moved)
}

/// Whether `region` has n cells, all reachable from one another.
fn region_is_whole(map: &[u8], size: usize, region: u8) -> bool {
    let members: Vec<usize> = (0..map.len())
        .filter(|&index| map[index] == region)
        .collect();
    if members.len() != size {
        return false;
    }
    let mut reached = vec![false; map.len()];
    let mut stack = vec![members[0]];
    reached[members[0]] = true;
    let mut count = 1;
    while let Some(index) = stack.pop() {
        for next in neighbours(index, size) {
            if map[next] == region && !reached[next] {
                reached[next] = true;
                count += 1;
                stack.push(next);
            }
        }
    }
    count == size
}

/// Whether some region is a whole row or a whole column.
fn has_straight_region(map: &[u8], size: usize) -> bool {
    (0..size).any(|line| {
        let row = (0..size).all(|column| map[line * size + column] == map[line * size]);
        let column = (0..size).all(|row| map[row * size + line] == map[line]);
        row || column
    })
}

/// Regions numbered in reading order of their first cell, so equal maps read equal.
fn renumber(map: &[u8], size: usize) -> Vec<u8> {
    let mut names = vec![u8::MAX; size];
    let mut next = 0u8;
    map.iter()
        .map(|&region| {
            let name = &mut names[usize::from(region)];
            if *name == u8::MAX {
                *name = next;
                next += 1;
            }
            *name
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::stream;

    fn check_map(regions: &Regions, size: usize) {
        let map = regions.of_cell();
        for region in 0..size as u8 {
            assert!(region_is_whole(map, size, region), "region {region}");
        }
        assert!(!has_straight_region(map, size));
    }

    #[test]
    fn maps_are_connected_regions_of_n_cells_and_not_lines() {
        for size in [4, 5, 6, 7, 8, 9, 12, 16] {
            for index in 0..3 {
                let regions = random_regions(size, false, &mut stream(11, index)).unwrap();
                check_map(&regions, size);
            }
        }
    }

    #[test]
    fn symmetric_maps_turn_onto_themselves() {
        for size in [6, 7, 8, 9] {
            let regions = random_regions(size, true, &mut stream(3, 0)).unwrap();
            check_map(&regions, size);
            let map = regions.of_cell();
            let pairing = region_pairing(map, size);
            for index in 0..size * size {
                assert_eq!(
                    map[turned(index, size)],
                    pairing[usize::from(map[index])],
                    "{size}×{size}"
                );
            }
        }
    }

    #[test]
    fn shapes_wander_far_from_the_boxes() {
        let size = 9;
        let boxes = starting_map(size);
        let regions = random_regions(size, false, &mut stream(5, 0)).unwrap();
        // the best match of each region with a box: few regions stay box-like
        let box_like = (0..size as u8)
            .filter(|&region| {
                (0..size as u8).any(|number| {
                    let shared = (0..size * size)
                        .filter(|&index| {
                            regions.of_cell()[index] == region && boxes[index] == number
                        })
                        .count();
                    shared >= size - 1
                })
            })
            .count();
        assert!(box_like <= 2, "{box_like} regions still nearly boxes");
    }

    #[test]
    fn the_same_stream_gives_the_same_map() {
        let first = random_regions(9, true, &mut stream(1, 4)).unwrap();
        let again = random_regions(9, true, &mut stream(1, 4)).unwrap();
        assert_eq!(first, again);
        assert_ne!(first, random_regions(9, true, &mut stream(1, 5)).unwrap());
    }

    #[test]
    fn jigsaw_maps_fill_with_the_native_engine() {
        use crate::backtrack::Solver;
        use crate::model::{Constraint, Grid, Puzzle};
        for size in [6, 7, 9] {
            let regions = random_regions(size, true, &mut stream(2, 0)).unwrap();
            let geometry = Geometry::irregular(size).unwrap();
            let rules = Puzzle::new(
                geometry,
                Grid::empty(geometry),
                vec![Constraint::Regions(regions)],
            )
            .unwrap();
            let grid = Solver::new(&rules)
                .solve_random(&mut stream(2, 1))
                .expect("a jigsaw map with a solution grid");
            assert!(rules.is_solution(&grid), "{size}×{size}");
        }
    }
}

#[cfg(test)]
mod sparse_search_tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use crate::backtrack::Solver;
    use crate::budget::Budget;
    use crate::preset::Preset;

    /// The native engine counts the empty grid of `jigsaw-16`'s first map (seed 1) to two
    /// solutions within a work limit: its search restarts with what it learnt instead of
    /// exhausting an early wrong choice (it took millions of branch points, minutes, before).
    #[test]
    fn the_native_engine_counts_an_empty_sixteen_jigsaw_within_a_work_limit() {
        let preset = Preset::builtin("jigsaw-16").unwrap();
        let rules = crate::generate::rules(&preset, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
        // about 61 000 branch points today (one restart)
        let budget = Budget::unlimited().with_work_limit(200_000);
        let count = Solver::new(&rules)
            .with_budget(&budget)
            .count(2)
            .expect("answered within the work limit");
        let crate::Count::Multiple { first, second, .. } = count else {
            panic!(
                "an empty grid has two solutions or more, found {}",
                count.word()
            );
        };
        assert!(rules.is_solution(&first) && rules.is_solution(&second));
        assert_ne!(first, second);
    }
}
