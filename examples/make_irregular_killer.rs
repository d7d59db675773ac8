//! Makes the 16×16 irregular killer of issue 27 (killer cages without sums), written to
//! `tests/data/variants/irregular_killer_16x16.tsv` in the form of `fpuzzles_variants.tsv`
//! (title, keys, f-puzzles link, solution):
//!
//! 1. a random 16×16 grid (seeded), its boxes as the first regions;
//! 2. regions made irregular by trading cells: a cell of region A beside region B moves to B
//!    while a cell of B holding the same digit beside A moves to A, kept when both regions
//!    stay connected, so every region still holds every digit once;
//! 3. cages without sums: orthogonally connected runs of 2 to 4 cells of distinct digits;
//! 4. givens dug in a seeded order while the native engine says unique, then the SAT engine
//!    confirms the result is unique with the grid of step 1.
//!
//! ```sh
//! cargo run --release --example make_irregular_killer -- [SEED]
//! ```

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit::backtrack::Solver;
use sudokit::model::variant::Regions;
use sudokit::model::{Cage, Cell, Constraint, Geometry, Grid, Puzzle};
use sudokit::notation::fpuzzles::{link, FPUZZLES_PREFIX};
use sudokit::sat;

const SIZE: usize = 16;

/// Whether the cells of `region` in `map` are orthogonally connected.
fn connected(geometry: Geometry, map: &[u8], region: u8) -> bool {
    let cells: Vec<Cell> = geometry
        .cells()
        .filter(|cell| map[cell.index()] == region)
        .collect();
    let mut reached = vec![cells[0]];
    let mut at = 0;
    while at < reached.len() {
        let cell = reached[at];
        at += 1;
        for next in geometry.neighbours(cell) {
            if map[next.index()] == region && !reached.contains(&next) {
                reached.push(next);
            }
        }
    }
    reached.len() == cells.len()
}

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(27);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let boxed = Geometry::for_size(SIZE).unwrap();
    let empty = Puzzle::classic(Grid::empty(boxed)).unwrap();
    let filled = Solver::new(&empty)
        .solve_random(&mut rng)
        .expect("a 16×16 grid");
    let values = filled.values();
    let mut map: Vec<u8> = boxed.cells().map(|cell| boxed.box_of(cell) as u8).collect();
    let geometry = Geometry::irregular(SIZE).unwrap();
    let mut trades = 0;
    for _ in 0..200_000 {
        if trades >= 400 {
            break;
        }
        let cell = geometry.cell_at(rng.random_range(0..SIZE * SIZE)).unwrap();
        let own = map[cell.index()];
        let Some(&beside) = geometry
            .neighbours(cell)
            .filter(|next| map[next.index()] != own)
            .collect::<Vec<_>>()
            .choose(&mut rng)
        else {
            continue;
        };
        let other = map[beside.index()];
        // a cell of the other region with the same digit, beside this region
        let partners: Vec<Cell> = geometry
            .cells()
            .filter(|&candidate| {
                map[candidate.index()] == other
                    && values[candidate.index()] == values[cell.index()]
                    && geometry
                        .neighbours(candidate)
                        .any(|next| map[next.index()] == own)
            })
            .collect();
        let Some(&partner) = partners.choose(&mut rng) else {
            continue;
        };
        map[cell.index()] = other;
        map[partner.index()] = own;
        if connected(geometry, &map, own) && connected(geometry, &map, other) {
            trades += 1;
        } else {
            map[cell.index()] = own;
            map[partner.index()] = other;
        }
    }
    let solution = Grid::from_values(geometry, &values).unwrap();
    let mut rules = vec![Constraint::Regions(
        Regions::new(geometry, map).expect("trades keep n cells a region"),
    )];
    let mut in_cage = vec![false; SIZE * SIZE];
    let mut order: Vec<Cell> = geometry.cells().collect();
    order.shuffle(&mut rng);
    let mut label = 0;
    for start in order {
        if in_cage[start.index()] || rng.random_bool(0.4) {
            continue;
        }
        let length = rng.random_range(2..=4);
        let mut cells = vec![start];
        while cells.len() < length {
            let options: Vec<Cell> = cells
                .iter()
                .flat_map(|&cell| geometry.neighbours(cell))
                .filter(|next| {
                    !in_cage[next.index()]
                        && !cells.contains(next)
                        && cells
                            .iter()
                            .all(|cell| values[cell.index()] != values[next.index()])
                })
                .collect();
            let Some(&next) = options.choose(&mut rng) else {
                break;
            };
            cells.push(next);
        }
        if cells.len() < 2 {
            continue;
        }
        for cell in &cells {
            in_cage[cell.index()] = true;
        }
        label += 1;
        rules.push(Constraint::Cage(Cage {
            label: label.to_string(),
            cells,
            sum: None,
        }));
    }
    let rules_only = Puzzle::new(geometry, Grid::empty(geometry), rules.clone()).unwrap();
    assert!(rules_only.is_solution(&solution));
    let mut givens = solution.clone();
    let mut solver = Solver::new(&rules_only);
    let mut cells: Vec<Cell> = geometry.cells().collect();
    cells.shuffle(&mut rng);
    for cell in cells {
        let digit = givens.get(cell);
        givens.set(cell, None);
        if solver.has_other_solution(&givens, &solution) {
            givens.set(cell, digit);
        }
    }
    let puzzle = Puzzle::new(geometry, givens, rules).unwrap();
    let count = sat::count_solutions(&puzzle, 2).expect("SAT engine");
    assert!(count.is_unique() && count.solution() == Some(&solution));
    let title = format!(
        "16x16 irregular killer (cages without sums), made by sudokit's examples/make_irregular_killer.rs, seed {seed}: {} givens, {label} cages",
        puzzle.givens().filled_count()
    );
    let written: String = solution
        .values()
        .iter()
        .map(|value| value.to_string())
        .collect();
    println!(
        "{title}\tkillercage,region\t{}\t{written}",
        link(&puzzle, None, FPUZZLES_PREFIX).expect("f-puzzles holds it")
    );
}
