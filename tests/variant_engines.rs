//! Property suite for issue 27, point 3: random variant puzzles, built on a random solution
//! grid with rules drawn so that grid obeys them (every rule family of `model/variant/`, free
//! cages included, on 4×4, 6×6, 9×9 and irregular grids, givens dropped at random), get the
//! same count to limit 3 from the native engine and the SAT engine, each solution found
//! obeys every rule, and on 4×4 both equal the count by brute force over every Latin square.
//!
//! `cargo test --release --test variant_engines` runs 48 puzzles per shape;
//! `VARIANT_CASES=N` runs N.
//!
//! Issue 38: answers from outside the engines. The minimal cases of the Kropki exemption and
//! region sum segments, a full-Kropki puzzle from a published solution, and the conformance
//! corpus (`tests/data/variants/conformance.tsv`) whose counts come from the test's own
//! enumerator (`variant_engines/enumerator.rs`), checked on every engine and the grader; and
//! the list of rules in docs/formats.md against the rule table.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit::backtrack::{count_solutions, Solver};
use sudokit::model::variant::{
    Arrow, ChessMove, CloneRule, Direction, Dot, DotFamily, DotKind, Extremum, ExtremumKind,
    FreeCage, Indexer, IndexerKind, Line, LineKind, LittleKiller, Negative, OutsideClue,
    OutsideKind, Parity, Quadruple, Regions, Side,
};
use sudokit::model::{
    Cage, Cell, Constraint, Diagonal, Digit, Geometry, Grid, House, HouseKind, Puzzle,
};
use sudokit::service::uniqueness::{self, Engine};
use sudokit::{sat, Count};

/// The grid shapes tried: boxed 4×4, 6×6, 9×9, and irregular 4×4 and 6×6.
#[derive(Clone, Copy, Debug)]
enum Shape {
    Boxed(usize),
    Irregular4,
    Irregular6,
}

#[rustfmt::skip]
const IRREGULAR_4: [u8; 16] = [
    0, 0, 0, 1,
    2, 0, 1, 1,
    2, 2, 3, 1,
    2, 3, 3, 3,
];

#[rustfmt::skip]
const IRREGULAR_6: [u8; 36] = [
    0, 0, 0, 1, 1, 1,
    0, 0, 2, 2, 1, 1,
    0, 3, 2, 2, 2, 1,
    3, 3, 3, 4, 2, 5,
    3, 4, 4, 4, 5, 5,
    3, 4, 4, 5, 5, 5,
];

impl Shape {
    fn geometry(self) -> Geometry {
        match self {
            Shape::Boxed(size) => Geometry::for_size(size).unwrap(),
            Shape::Irregular4 => Geometry::irregular(4).unwrap(),
            Shape::Irregular6 => Geometry::irregular(6).unwrap(),
        }
    }

    fn regions(self) -> Option<Constraint> {
        let geometry = self.geometry();
        let map = match self {
            Shape::Boxed(_) => return None,
            Shape::Irregular4 => IRREGULAR_4.to_vec(),
            Shape::Irregular6 => IRREGULAR_6.to_vec(),
        };
        Some(Constraint::Regions(Regions::new(geometry, map).unwrap()))
    }
}

/// The rules that hold over the whole grid, drawn before the grid is filled (a random grid
/// seldom obeys them): anti-knight, anti-king, diagonals, disjoint groups, an indexer.
fn global_rules(shape: Shape, rng: &mut ChaCha8Rng) -> Vec<Constraint> {
    let geometry = shape.geometry();
    let size = usize::from(geometry.size());
    let mut rules: Vec<Constraint> = shape.regions().into_iter().collect();
    if rng.random_bool(0.2) {
        rules.push(Constraint::Chess(ChessMove::King));
    } else if rng.random_bool(0.15) && size >= 6 {
        rules.push(Constraint::Chess(ChessMove::Knight));
    }
    if rng.random_bool(0.2) {
        rules.push(Constraint::Distinct(
            geometry.diagonal_house(Diagonal::Main),
        ));
    }
    if geometry.has_boxes() && rng.random_bool(0.15) {
        let (rows, columns) = (
            usize::from(geometry.box_rows()),
            usize::from(geometry.box_columns()),
        );
        for position in 0..size {
            let cells = (0..size)
                .map(|number| {
                    let top = number / (size / columns) * rows;
                    let left = number % (size / columns) * columns;
                    geometry
                        .cell(top + position / columns, left + position % columns)
                        .unwrap()
                })
                .collect();
            rules.push(Constraint::Distinct(House::new(
                HouseKind::Disjoint(position as u8),
                cells,
            )));
        }
    }
    if rng.random_bool(0.1) {
        rules.push(Constraint::Indexer(Indexer::column(
            geometry,
            rng.random_range(0..size) as u8,
        )));
    } else if rng.random_bool(0.1) {
        // row, box or column indexers on a few cells anywhere
        let kind = *[IndexerKind::Column, IndexerKind::Row, IndexerKind::Box]
            .choose(rng)
            .unwrap();
        let mut cells: Vec<Cell> = geometry.cells().collect();
        cells.shuffle(rng);
        cells.truncate(rng.random_range(1..=3));
        cells.sort();
        rules.push(Constraint::Indexer(Indexer { kind, cells }));
    }
    rules
}

/// A random path of `length` cells, each touching the next, none twice.
fn path(geometry: Geometry, length: usize, rng: &mut ChaCha8Rng) -> Option<Vec<Cell>> {
    let size = usize::from(geometry.size());
    let mut cells = vec![geometry.cell(rng.random_range(0..size), rng.random_range(0..size))?];
    while cells.len() < length {
        let last = *cells.last()?;
        let mut next: Vec<Cell> = Vec::new();
        for down in -1isize..=1 {
            for across in -1isize..=1 {
                let row = last.row().checked_add_signed(down);
                let column = last.column().checked_add_signed(across);
                if let (Some(row), Some(column)) = (row, column) {
                    if let Some(cell) = geometry.cell(row, column) {
                        if !cells.contains(&cell) {
                            next.push(cell);
                        }
                    }
                }
            }
        }
        cells.push(*next.choose(rng)?);
    }
    Some(cells)
}

fn value(grid: &Grid, cell: Cell) -> u32 {
    u32::from(grid.get(cell).unwrap().get())
}

/// Local rules drawn on the filled grid `solution`, each checked to hold on it.
fn local_rules(
    shape: Shape,
    solution: &Grid,
    global: &[Constraint],
    rng: &mut ChaCha8Rng,
) -> Vec<Constraint> {
    let geometry = solution.geometry();
    let size = usize::from(geometry.size());
    let mut rules = Vec::new();
    let base = Puzzle::new(geometry, Grid::empty(geometry), global.to_vec()).unwrap();
    let region_of = |cell: Cell| base.region_of(cell);
    let random_cell =
        |rng: &mut ChaCha8Rng| geometry.cell(rng.random_range(0..size), rng.random_range(0..size));
    // Kropki dots, XV, and a negative constraint made true by marking every pair it forbids.
    let families = [DotFamily::Difference, DotFamily::Ratio, DotFamily::Sum];
    let negative = rng.random_bool(0.3).then(|| *families.choose(rng).unwrap());
    let mut dots = Vec::new();
    for cell in geometry.cells() {
        for next in [
            geometry.cell(cell.row(), cell.column() + 1),
            geometry.cell(cell.row() + 1, cell.column()),
        ]
        .into_iter()
        .flatten()
        {
            let (a, b) = (value(solution, cell), value(solution, next));
            let kinds = [
                DotKind::Difference(1),
                DotKind::Ratio(2),
                DotKind::Sum(5),
                DotKind::Sum(10),
                DotKind::Difference(2),
            ];
            for kind in kinds {
                let marked = dots.iter().any(|dot: &Dot| {
                    dot.first == cell && dot.second == next && dot.kind.family() == kind.family()
                });
                if marked || !kind.allows(a, b) {
                    continue;
                }
                let needed = negative == Some(kind.family()) && kind != DotKind::Difference(2);
                if needed || rng.random_bool(0.08) {
                    dots.push(Dot {
                        first: cell,
                        second: next,
                        kind,
                    });
                }
            }
        }
    }
    rules.extend(dots.into_iter().map(Constraint::Dot));
    if let Some(family) = negative {
        let values = match family {
            DotFamily::Difference => vec![1],
            DotFamily::Ratio => vec![2],
            DotFamily::Sum => vec![5, 10],
        };
        rules.push(Constraint::Negative(Negative { family, values }));
    }
    // even/odd, minimum/maximum
    for _ in 0..rng.random_range(0..3) {
        let cell = random_cell(rng).unwrap();
        rules.push(Constraint::Parity(Parity {
            cell,
            even: value(solution, cell).is_multiple_of(2),
        }));
    }
    for cell in geometry.cells() {
        let own = value(solution, cell);
        let around: Vec<u32> = geometry
            .neighbours(cell)
            .map(|other| value(solution, other))
            .collect();
        if rng.random_bool(0.15) {
            if around.iter().all(|&other| own < other) {
                rules.push(Constraint::Extremum(Extremum {
                    cell,
                    kind: ExtremumKind::Minimum,
                }));
            } else if around.iter().all(|&other| own > other) {
                rules.push(Constraint::Extremum(Extremum {
                    cell,
                    kind: ExtremumKind::Maximum,
                }));
            }
        }
    }
    // a quadruple
    if rng.random_bool(0.3) {
        let (row, column) = (rng.random_range(0..size - 1), rng.random_range(0..size - 1));
        let cells: Vec<Cell> = [(0, 0), (0, 1), (1, 0), (1, 1)]
            .iter()
            .filter_map(|&(down, across)| geometry.cell(row + down, column + across))
            .collect();
        let mut digits: Vec<Digit> = cells
            .iter()
            .map(|&cell| solution.get(cell).unwrap())
            .collect();
        digits.shuffle(rng);
        digits.truncate(rng.random_range(1..=4));
        rules.push(Constraint::Quadruple(Quadruple { cells, digits }));
    }
    // lines: random paths, each kind kept where it holds (a path read both ways)
    let kinds = [
        LineKind::Thermometer,
        LineKind::SlowThermometer,
        LineKind::Palindrome,
        LineKind::Between,
        LineKind::Renban,
        LineKind::Whispers((size as u32 / 2).max(2)),
        LineKind::Entropic,
        LineKind::Modular,
        LineKind::Zipper,
        LineKind::RegionSum,
        LineKind::DoubleArrow,
        LineKind::Lockout,
        LineKind::Nabner,
    ];
    let mut lines_wanted = rng.random_range(0..5);
    for _ in 0..400 {
        if lines_wanted == 0 {
            break;
        }
        let kind = *kinds.choose(rng).unwrap();
        let Some(mut cells) = path(geometry, rng.random_range(2..=5.min(size)), rng) else {
            continue;
        };
        if rng.random_bool(0.5) {
            cells.reverse();
        }
        let line = Line { kind, cells };
        if line.check(geometry).is_ok() && line.holds(solution, &region_of) {
            rules.push(Constraint::Line(line));
            lines_wanted -= 1;
        }
    }
    // clones of single cells holding the same digit
    if rng.random_bool(0.3) {
        let first = random_cell(rng).unwrap();
        let twins: Vec<Cell> = geometry
            .cells()
            .filter(|&other| other != first && solution.get(other) == solution.get(first))
            .collect();
        if let Some(&second) = twins.choose(rng) {
            rules.push(Constraint::Clone(CloneRule {
                first: vec![first],
                second: vec![second],
            }));
        }
    }
    // arrows: a shaft, and a circle (or two-cell pill) reading its total
    for _ in 0..rng.random_range(0..3) {
        let Some(shaft) = path(geometry, rng.random_range(1..=3), rng) else {
            continue;
        };
        let total: u32 = shaft.iter().map(|&cell| value(solution, cell)).sum();
        let circles: Vec<Vec<Cell>> = geometry
            .cells()
            .filter(|cell| !shaft.contains(cell))
            .flat_map(|cell| {
                let mut options = vec![vec![cell]];
                if let Some(next) = geometry.cell(cell.row(), cell.column() + 1) {
                    options.push(vec![cell, next]);
                }
                options
            })
            .filter(|circle| {
                !circle.iter().any(|cell| shaft.contains(cell))
                    && Arrow::circle_value(
                        &circle
                            .iter()
                            .map(|&cell| value(solution, cell))
                            .collect::<Vec<_>>(),
                    ) == u64::from(total)
            })
            .collect();
        if let Some(circle) = circles.choose(rng) {
            rules.push(Constraint::Arrow(Arrow {
                circle: circle.clone(),
                shaft,
            }));
        }
    }
    // little killers
    let directions = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];
    for _ in 0..rng.random_range(0..3) {
        let edge = rng.random_range(1..=size) as u8;
        let far = size as u8 + 1;
        let clue = *[(0, edge), (far, edge), (edge, 0), (edge, far)]
            .choose(rng)
            .unwrap();
        let direction = *directions.choose(rng).unwrap();
        let mut killer = LittleKiller {
            clue,
            direction,
            sum: 0,
        };
        let cells = killer.cells(geometry);
        if cells.is_empty() {
            continue;
        }
        killer.sum = cells.iter().map(|&cell| value(solution, cell)).sum();
        rules.push(Constraint::LittleKiller(killer));
    }
    // clues outside the grid
    for _ in 0..rng.random_range(0..4) {
        let side = *[Side::Top, Side::Bottom, Side::Left, Side::Right]
            .choose(rng)
            .unwrap();
        let kind = *[
            OutsideKind::Sandwich,
            OutsideKind::XSum,
            OutsideKind::Skyscraper,
        ]
        .choose(rng)
        .unwrap();
        let mut clue = OutsideClue {
            kind,
            side,
            index: rng.random_range(0..size) as u8,
            value: 0,
        };
        let digits: Vec<u32> = clue
            .cells(geometry)
            .iter()
            .map(|&cell| value(solution, cell))
            .collect();
        clue.value = (0..=(size * size) as u32)
            .find(|&value| OutsideClue::meets(kind, &digits, size as u32, value))
            .unwrap();
        rules.push(Constraint::Outside(clue));
    }
    // killer cages (with and without sums) and a short extra region, over cells whose
    // digits differ
    let mut used: Vec<Cell> = Vec::new();
    for number in 0..rng.random_range(0..4) {
        let Some(cells) = path(geometry, rng.random_range(2..=4), rng) else {
            continue;
        };
        let orthogonal = cells.windows(2).all(|pair| {
            pair[0].row().abs_diff(pair[1].row()) + pair[0].column().abs_diff(pair[1].column()) == 1
        });
        let mut digits: Vec<u32> = cells.iter().map(|&cell| value(solution, cell)).collect();
        digits.sort_unstable();
        digits.dedup();
        if !orthogonal
            || digits.len() != cells.len()
            || cells.iter().any(|cell| used.contains(cell))
        {
            continue;
        }
        used.extend(&cells);
        let sum = rng
            .random_bool(0.7)
            .then(|| cells.iter().map(|&cell| value(solution, cell)).sum());
        rules.push(Constraint::Cage(Cage {
            label: format!("{}", (b'a' + number as u8) as char),
            cells,
            sum,
        }));
    }
    if rng.random_bool(0.2) {
        let mut cells: Vec<Cell> = geometry.cells().collect();
        cells.shuffle(rng);
        let mut region: Vec<Cell> = Vec::new();
        for cell in cells {
            if region.len() < size - 1
                && region
                    .iter()
                    .all(|&other| solution.get(other) != solution.get(cell))
            {
                region.push(cell);
            }
        }
        region.truncate(rng.random_range(2..size));
        rules.push(Constraint::ExtraRegion(region));
    }
    let _ = shape;
    rules
}

/// A random puzzle of `shape`: global rules, a grid filled under them, local rules drawn on
/// it, givens kept at random. `None` when no grid fits the global rules.
fn random_puzzle(shape: Shape, seed: u64) -> Option<(Puzzle, Grid)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let geometry = shape.geometry();
    let global = global_rules(shape, &mut rng);
    let empty = Puzzle::new(geometry, Grid::empty(geometry), global.clone()).ok()?;
    let solution = Solver::new(&empty).solve_random(&mut rng)?;
    assert!(empty.is_solution(&solution), "the filler broke a rule");
    let mut rules = global.clone();
    rules.extend(local_rules(shape, &solution, &global, &mut rng));
    let keep = rng.random_range(0.0..0.5);
    let mut givens = Grid::empty(geometry);
    for cell in geometry.cells() {
        if rng.random_bool(keep) {
            givens.set(cell, solution.get(cell));
        }
    }
    // a free cage (a killer cage apart from the usual layout, issue 38 point 4): cells here
    // and there whose digits differ, drawn from a stream of its own so the draws above stay
    // as they were
    let mut apart = ChaCha8Rng::seed_from_u64(seed ^ 0x0F4E_E0CA);
    if apart.random_bool(0.3) {
        let mut cells: Vec<Cell> = geometry.cells().collect();
        cells.shuffle(&mut apart);
        let wanted = apart.random_range(2..=4);
        let mut chosen: Vec<Cell> = Vec::new();
        for cell in cells {
            if chosen.len() < wanted
                && chosen
                    .iter()
                    .all(|&other| solution.get(other) != solution.get(cell))
            {
                chosen.push(cell);
            }
        }
        chosen.sort();
        let sum = apart
            .random_bool(0.7)
            .then(|| chosen.iter().map(|&cell| value(&solution, cell)).sum());
        rules.push(Constraint::FreeCage(FreeCage { cells: chosen, sum }));
    }
    let puzzle = Puzzle::new(geometry, givens, rules).unwrap_or_else(|error| {
        panic!("seed {seed}: the drawn rules are refused: {error}");
    });
    assert!(
        puzzle.is_solution(&solution),
        "seed {seed}: a drawn rule fails"
    );
    Some((puzzle, solution))
}

/// Solutions of a 4×4 puzzle by trying every Latin square (at most `limit`).
fn brute_force(puzzle: &Puzzle, limit: usize) -> usize {
    fn fill(puzzle: &Puzzle, values: &mut [u8], at: usize, found: &mut usize, limit: usize) {
        let size = usize::from(puzzle.size());
        if *found >= limit {
            return;
        }
        if at == values.len() {
            let grid = Grid::from_values(puzzle.geometry(), values).unwrap();
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
    let size = usize::from(puzzle.size());
    let mut values = vec![0u8; size * size];
    let mut found = 0;
    fill(puzzle, &mut values, 0, &mut found, limit);
    found
}

/// The solutions a count carries.
fn solutions(count: &Count) -> Vec<&Grid> {
    match count {
        Count::None { .. } => Vec::new(),
        Count::Unique(only) => vec![only],
        Count::Multiple { first, second, .. } => vec![first, second],
    }
}

fn cases() -> u32 {
    std::env::var("VARIANT_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(48)
}

fn engines_agree(shape: Shape) {
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    let drawn = std::cell::Cell::new(0);
    runner
        .run(&any::<u64>(), |seed| {
            let Some((puzzle, hidden)) = random_puzzle(shape, seed) else {
                return Ok(());
            };
            drawn.set(drawn.get() + 1);
            let native = count_solutions(&puzzle, 3);
            let sat = sat::count_solutions(&puzzle, 3)
                .unwrap_or_else(|error| panic!("seed {seed}: SAT engine: {error}"));
            prop_assert_eq!(
                native.found(),
                sat.found(),
                "seed {}: native {} SAT {} on {:?}",
                seed,
                native.word(),
                sat.word(),
                puzzle.constraints()
            );
            prop_assert!(
                native.found() >= 1,
                "seed {}: the hidden grid is a solution",
                seed
            );
            for solution in solutions(&native).into_iter().chain(solutions(&sat)) {
                prop_assert!(
                    puzzle.is_solution(solution),
                    "seed {}: not a solution",
                    seed
                );
            }
            if native.is_unique() {
                prop_assert_eq!(native.solution(), Some(&hidden));
            }
            if puzzle.size() == 4 {
                prop_assert_eq!(native.found(), brute_force(&puzzle, 3), "seed {}", seed);
            }
            Ok(())
        })
        .unwrap();
    assert!(drawn.get() > 0, "no puzzle could be drawn for {shape:?}");
}

#[test]
fn four_by_four_agrees_with_sat_and_brute_force() {
    engines_agree(Shape::Boxed(4));
}

#[test]
fn irregular_four_by_four_agrees_with_sat_and_brute_force() {
    engines_agree(Shape::Irregular4);
}

#[test]
fn six_by_six_agrees_with_sat() {
    engines_agree(Shape::Boxed(6));
}

#[test]
fn irregular_six_by_six_agrees_with_sat() {
    engines_agree(Shape::Irregular6);
}

#[test]
fn nine_by_nine_agrees_with_sat() {
    engines_agree(Shape::Boxed(9));
}

/// Every shared variant puzzle (`tests/data/variants/*.tsv`: the 21 published ones and our
/// 16×16 irregular killer) is unique under the native engine, with its published solution
/// (each cell's number written out, no separator).
#[test]
fn shared_variant_puzzles_are_unique_under_the_native_engine() {
    let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/variants");
    let mut checked = 0;
    for name in ["fpuzzles_variants.tsv", "irregular_killer_16x16.tsv"] {
        let text = std::fs::read_to_string(directory.join(name)).unwrap();
        for line in text
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        {
            let fields: Vec<&str> = line.split('\t').collect();
            let (title, link, published) = (fields[0], fields[2], fields[3]);
            let puzzle = sudokit::notation::parse(link, None)
                .unwrap_or_else(|error| panic!("{title}: {error}"))
                .remove(0)
                .puzzle;
            let count = count_solutions(&puzzle, 2);
            let written: Option<String> = count.solution().map(|grid| {
                grid.values()
                    .iter()
                    .map(|value| value.to_string())
                    .collect()
            });
            assert!(count.is_unique(), "{title}: {}", count.word());
            assert_eq!(written.as_deref(), Some(published), "{title}");
            checked += 1;
        }
    }
    assert_eq!(checked, 22);
}

/// Prints, for a property-test failure's seed, what each rule of that random puzzle counts
/// alone under native and SAT: `SEED=N SHAPE=9 cargo test --release --test variant_engines
/// debug_seed -- --ignored --nocapture` (SHAPE: a side, or `i4`/`i6` for irregular grids).
#[test]
#[ignore = "a debugging tool for a failing seed: run it by name with SEED and SHAPE set"]
fn debug_seed() {
    let seed: u64 = std::env::var("SEED").unwrap().parse().unwrap();
    let shape = match std::env::var("SHAPE").unwrap().as_str() {
        "i4" => Shape::Irregular4,
        "i6" => Shape::Irregular6,
        other => Shape::Boxed(other.parse().unwrap()),
    };
    let (puzzle, hidden) = random_puzzle(shape, seed).unwrap();
    let geometry = puzzle.geometry();
    println!("givens {:?}", puzzle.givens().values());
    println!("hidden {:?}", hidden.values());
    for (index, rule) in puzzle.constraints().iter().enumerate() {
        let alone: Vec<Constraint> = shape
            .regions()
            .into_iter()
            .chain((!matches!(rule, Constraint::Regions(_))).then(|| rule.clone()))
            .collect();
        let single = Puzzle::new(geometry, puzzle.givens().clone(), alone.clone());
        let Ok(single) = single else { continue };
        let native = count_solutions(&single, 3);
        let sat = sat::count_solutions(&single, 3).unwrap();
        println!(
            "{index} {rule}: native {} sat {}",
            native.found(),
            sat.found()
        );
    }
}

/// The counts of an f-puzzles document (JSON) under the native, SAT and auto engines, up to 2.
fn engine_counts(json: &str) -> Vec<(&'static str, Count)> {
    let puzzle = sudokit::notation::parse(json, Some(sudokit::notation::Format::Fpuzzles))
        .unwrap_or_else(|error| panic!("{error}: {json}"))
        .remove(0)
        .puzzle;
    [
        ("native", Engine::Native),
        ("sat", Engine::Sat),
        ("auto", Engine::Auto),
    ]
    .into_iter()
    .map(|(name, engine)| {
        let count =
            uniqueness::count(engine, &puzzle, 2).unwrap_or_else(|error| panic!("{name}: {error}"));
        (name, count)
    })
    .collect()
}

/// An empty 9×9 f-puzzles grid with `givens` (`(row, column, digit)`, from 1) and `rules`
/// (more keys of the document).
fn nine_by_nine(givens: &[(usize, usize, u8)], rules: serde_json::Value) -> String {
    let mut grid = vec![vec![serde_json::json!({}); 9]; 9];
    for &(row, column, digit) in givens {
        grid[row - 1][column - 1] = serde_json::json!({"value": digit, "given": true});
    }
    let mut document = serde_json::json!({"size": 9, "grid": grid});
    for (key, value) in rules.as_object().unwrap() {
        document[key] = value.clone();
    }
    document.to_string()
}

/// Issue 38, point 1: a Kropki dot of either colour exempts its pair from both negative
/// constraints (f-puzzles' reading): 1 beside 2 under a white dot with negative ratio, or
/// under a black dot with nonconsecutive, has many solutions (sudokit said none).
#[test]
fn a_kropki_dot_of_either_colour_exempts_its_pair_from_both_negative_constraints() {
    let pair = [(1, 1, 1), (1, 2, 2)];
    for rules in [
        serde_json::json!({"difference": [{"cells": ["R1C1", "R1C2"]}], "negative": ["ratio"]}),
        serde_json::json!({"ratio": [{"cells": ["R1C1", "R1C2"]}], "nonconsecutive": true}),
    ] {
        for (engine, count) in engine_counts(&nine_by_nine(&pair, rules.clone())) {
            assert_eq!(count.found(), 2, "{engine} on {rules}: {}", count.word());
        }
    }
    // a V is no Kropki dot: 2 beside 3 under a V stays under nonconsecutive; and a white
    // dot leaves 2 beside 3 under the XV negative constraint
    let givens = [(1, 1, 2), (1, 2, 3)];
    for rules in [
        serde_json::json!({"xv": [{"cells": ["R1C1", "R1C2"], "value": "V"}],
            "nonconsecutive": true}),
        serde_json::json!({"difference": [{"cells": ["R1C1", "R1C2"]}], "negative": ["xv"]}),
    ] {
        for (engine, count) in engine_counts(&nine_by_nine(&givens, rules.clone())) {
            assert_eq!(count.found(), 0, "{engine} on {rules}: {}", count.word());
        }
    }
}

/// Issue 38, point 1: each segment of a region sum line (a maximal run inside one box) has
/// the common total on its own. r1c3-r1c4-r2c3 visits box 1, box 2, box 1: three segments of
/// one cell, so r1c3 = r1c4 = r2c3, and r1c3 and r2c3 share a box: no solution (sudokit
/// added box 1's visits and said multiple).
#[test]
fn each_region_sum_segment_makes_the_total_on_its_own() {
    let line = serde_json::json!({"regionsumline": [{"lines": [["R1C3", "R1C4", "R2C3"]]}]});
    for (engine, count) in engine_counts(&nine_by_nine(&[], line)) {
        assert_eq!(count.found(), 0, "{engine}: {}", count.word());
    }
    // r1c2-r1c3-r1c4-r2c3: segments r1c2+r1c3, r1c4, r2c3; r1c2 + r1c3 = r1c4 = r2c3 holds,
    // with r1c4 = r2c3 in different boxes and columns
    let line =
        serde_json::json!({"regionsumline": [{"lines": [["R1C2", "R1C3", "R1C4", "R2C3"]]}]});
    let givens = [(1, 2, 1), (1, 3, 2), (1, 4, 3)];
    for (engine, count) in engine_counts(&nine_by_nine(&givens, line.clone())) {
        assert_eq!(count.found(), 2, "{engine}: {}", count.word());
        if let Some(grid) = solutions(&count).first() {
            let r2c3 = grid.geometry().cell(1, 2).unwrap();
            assert_eq!(grid.get(r2c3).map(|digit| digit.get()), Some(3), "{engine}");
        }
    }
}

/// Issue 38, point 1: every white and black dot of a published solution (Clipped, by
/// glum_hippo, `fpuzzles_variants.tsv`), the 1–2 pairs under dots of alternating colours,
/// with nonconsecutive and negative ratio and no givens: unique, that solution.
#[test]
fn a_full_kropki_puzzle_from_a_published_solution_is_unique() {
    let solution =
        "867452931342891675519763284984327156635918427721645398498536712276189543153274869";
    let digits: Vec<u32> = solution.chars().map(|c| c.to_digit(10).unwrap()).collect();
    let (mut white, mut black) = (Vec::new(), Vec::new());
    let mut one_two = 0;
    for row in 0..9 {
        for column in 0..9 {
            for (next_row, next_column) in [(row, column + 1), (row + 1, column)] {
                if next_row == 9 || next_column == 9 {
                    continue;
                }
                let (a, b) = (digits[row * 9 + column], digits[next_row * 9 + next_column]);
                let cells = serde_json::json!({"cells": [
                    format!("R{}C{}", row + 1, column + 1),
                    format!("R{}C{}", next_row + 1, next_column + 1)
                ]});
                if a.min(b) == 1 && a.max(b) == 2 {
                    one_two += 1;
                    if one_two % 2 == 0 {
                        &mut white
                    } else {
                        &mut black
                    }
                    .push(cells);
                } else if a.abs_diff(b) == 1 {
                    white.push(cells);
                } else if a == 2 * b || b == 2 * a {
                    black.push(cells);
                }
            }
        }
    }
    assert!(one_two >= 2, "both colours on a 1–2 pair");
    let json = nine_by_nine(
        &[],
        serde_json::json!({"difference": white, "ratio": black, "nonconsecutive": true,
            "negative": ["ratio"]}),
    );
    for (engine, count) in engine_counts(&json) {
        assert!(count.is_unique(), "{engine}: {}", count.word());
        let written: String = count
            .solution()
            .unwrap()
            .values()
            .iter()
            .map(|value| value.to_string())
            .collect();
        assert_eq!(written, solution, "{engine}");
    }
}

#[path = "variant_engines/enumerator.rs"]
mod enumerator;

/// The conformance corpus: `key name count solution document` lines.
const CONFORMANCE: &str = "tests/data/variants/conformance.tsv";

/// A count as the corpus writes it: `0`, `1` or `2+`.
fn count_word(found: usize) -> &'static str {
    match found {
        0 => "0",
        1 => "1",
        _ => "2+",
    }
}

/// Issue 38, point 3: every document of `conformance.tsv` gets the count (and unique
/// solution) the test's own enumerator finds from the rules' meanings, from the native, SAT
/// and auto engines; the grader never reaches a grid the enumerator rejects, and solves every
/// unique one to its solution.
#[test]
fn the_conformance_corpus_gets_the_enumerators_answers_from_every_engine_and_the_grader() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(CONFORMANCE);
    let text = std::fs::read_to_string(path).unwrap();
    let mut keys = std::collections::BTreeMap::<&str, usize>::new();
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [key, name, recorded, solution, json] = fields[..] else {
            panic!("five fields: {line}");
        };
        let case = format!("{key}: {name}");
        let enumerated = enumerator::Document::read(json);
        let found = enumerated.solutions(2);
        assert_eq!(count_word(found.len()), recorded, "{case}: the enumerator");
        let written = |values: &[u8]| -> String { values.iter().map(|d| d.to_string()).collect() };
        if recorded == "1" {
            let only: Vec<u8> = found[0].iter().map(|&d| d as u8).collect();
            assert_eq!(
                written(&only),
                solution,
                "{case}: the enumerator's solution"
            );
        }
        for (engine, count) in engine_counts(json) {
            assert_eq!(count_word(count.found()), recorded, "{case}: {engine}");
            if let (true, Some(grid)) = (count.is_unique(), count.solution()) {
                assert_eq!(written(&grid.values()), solution, "{case}: {engine}");
            }
            for grid in solutions(&count) {
                let values: Vec<u32> = grid.values().iter().map(|&d| u32::from(d)).collect();
                assert!(enumerated.accepts(&values), "{case}: {engine}'s solution");
            }
        }
        let puzzle = sudokit::notation::parse(json, Some(sudokit::notation::Format::Fpuzzles))
            .unwrap()
            .remove(0)
            .puzzle;
        let grading = sudokit::grade::grade(&puzzle);
        if grading.solved {
            let values: Vec<u32> = grading
                .grid
                .values()
                .iter()
                .map(|&d| u32::from(d))
                .collect();
            assert!(
                enumerated.accepts(&values),
                "{case}: the grader's grid {values:?} (recorded {recorded} {solution}, trials {})",
                grading.trial_steps
            );
        }
        match recorded {
            "0" => assert!(!grading.solved, "{case}: the grader solved it"),
            "1" => assert!(
                grading.solved,
                "{case}: the grader stopped: {:?}",
                grading.stop
            ),
            _ => {}
        }
        *keys.entry(key).or_default() += 1;
    }
    for (key, cases) in &keys {
        assert!(*cases >= 10, "{key}: {cases} cases");
    }
    assert!(keys.len() >= 30, "{} keys", keys.len());
}

/// The shared variant puzzles (`fpuzzles_variants.tsv`) under the SAT and auto engines too:
/// unique, with the published solution.
#[test]
fn shared_variant_puzzles_are_unique_under_sat_and_auto() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/variants/fpuzzles_variants.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (title, link, published) = (fields[0], fields[2], fields[3]);
        let puzzle = sudokit::notation::parse(link, None)
            .unwrap()
            .remove(0)
            .puzzle;
        for engine in [Engine::Sat, Engine::Auto] {
            let count = uniqueness::count(engine, &puzzle, 2).unwrap();
            let written: Option<String> = count
                .solution()
                .map(|grid| grid.values().iter().map(|d| d.to_string()).collect());
            assert_eq!(written.as_deref(), Some(published), "{title}: {engine:?}");
        }
        checked += 1;
    }
    assert_eq!(checked, 21);
}

/// Writes `conformance.tsv` from candidate documents (`make_conformance.py`'s output, path in
/// `CONFORMANCE_CANDIDATES`): each counted by the enumerator, those sudokit refuses left
/// out, up to 12 per key balanced over the counts 0, 1 and 2+ (edge cases always kept).
#[test]
#[ignore = "writes the conformance corpus from CONFORMANCE_CANDIDATES: a tool, run by name"]
fn write_conformance() {
    let candidates =
        std::fs::read_to_string(std::env::var("CONFORMANCE_CANDIDATES").unwrap()).unwrap();
    let mut chosen: Vec<(String, String, &str, String, String)> = Vec::new();
    let mut tally = std::collections::HashMap::<(String, &str), usize>::new();
    let mut per_key = std::collections::HashMap::<String, usize>::new();
    let mut pending = Vec::new();
    for line in candidates.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let (key, name, json) = (fields[0], fields[1], fields[2]);
        if sudokit::notation::parse(json, Some(sudokit::notation::Format::Fpuzzles)).is_err() {
            eprintln!("refused by sudokit, left out: {key}: {name}");
            continue;
        }
        let Some(found) = enumerator::Document::read(json).solutions_within(2, 2_000_000) else {
            eprintln!("too long for brute force, left out: {key}: {name}");
            continue;
        };
        let word = count_word(found.len());
        let solution = match found.len() {
            1 => found[0].iter().map(|d| d.to_string()).collect(),
            _ => "-".to_string(),
        };
        let edge = !name.ends_with("true of the grid") && !name.ends_with("drawn at random");
        let class = tally.entry((key.to_string(), word)).or_default();
        let count = per_key.entry(key.to_string()).or_default();
        if edge || (*class < 4 && *count < 12) {
            *class += 1;
            *count += 1;
            chosen.push((key.into(), name.into(), word, solution, json.into()));
        } else {
            pending.push((
                key.to_string(),
                name.to_string(),
                word,
                solution,
                json.to_string(),
            ));
        }
    }
    for case in pending {
        let count = per_key.entry(case.0.clone()).or_default();
        if *count < 12 {
            *count += 1;
            chosen.push(case);
        }
    }
    chosen.sort_by(|a, b| a.0.cmp(&b.0));
    let mut text = String::from(
        "# Conformance corpus (issue 38): small f-puzzles documents per key, each with its count\n\
         # (0, 1, 2+) and unique solution as the test's own enumerator finds them\n\
         # (tests/variant_engines/enumerator.rs, from docs/rules.md). Made by\n\
         # tests/data/variants/make_conformance.py and the ignored test write_conformance.\n\
         # Columns (TAB): key  name  count  solution-or-dash  document\n",
    );
    for (key, name, word, solution, json) in chosen {
        text.push_str(&format!("{key}\t{name}\t{word}\t{solution}\t{json}\n"));
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(CONFORMANCE);
    std::fs::write(path, text).unwrap();
}

/// docs/formats.md's list of rules, as the rule table says it: keys modelled (every one solved by the
/// engines and rated by the grader), decoration, refused by name, variants generated and
/// rules printed with a how-to-play page.
fn documented_rules_block() -> String {
    let table = sudokit::notation::fpuzzles::key_table();
    let quoted =
        |keys: &[&str]| -> Vec<String> { keys.iter().map(|key| format!("`{key}`")).collect() };
    let mut generated: Vec<&str> = Vec::new();
    for preset in sudokit::preset::builtin_presets().unwrap() {
        let name = preset.variant.name();
        if !generated.contains(&name) {
            generated.push(name);
        }
    }
    let printed: Vec<String> = sudokit::render::how_to_play::Rule::ALL
        .iter()
        .map(|&rule| {
            sudokit::render::how_to_play::heading(rule)
                .trim_start_matches("How to play: ")
                .to_string()
        })
        .collect();
    let refused: Vec<String> = table
        .refused
        .iter()
        .map(|(key, name)| format!("{name} (`{key}`)"))
        .collect();
    let bullets = [
        format!(
            "**Modelled** (solved by every engine, rated by the grader; each key's meaning and \
             edge cases in [rules.md](rules.md)): {}.",
            quoted(&table.modelled).join(", ")
        ),
        format!(
            "**Accepted as decoration** (no effect on solutions; also any rule key that is \
             `false` or an empty list): {}.",
            quoted(&table.decoration).join(", ")
        ),
        format!(
            "**Refused by name**: {}, and any key sudokit does not know.",
            refused.join(", ")
        ),
        format!(
            "**Generated** (a preset's `variant`): {}.",
            generated.join(", ")
        ),
        format!(
            "**Printed with a how-to-play page**: {}.",
            printed.join(", ")
        ),
    ];
    let mut text = String::from(
        "<!-- rules: made from the rule table by the variant_engines test \
         the_rules_list_in_the_docs_comes_from_the_rule_table (UPDATE_DOCS=1 rewrites it) -->\n",
    );
    for bullet in bullets {
        let mut line = String::from("-");
        for word in bullet.split(' ') {
            if line.len() + 1 + word.len() > 95 {
                text.push_str(&line);
                text.push('\n');
                line = String::from(" ");
            }
            line.push(' ');
            line.push_str(word);
        }
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str("<!-- rules: end -->\n");
    text
}

/// Issue 38, point 7: the rules list of docs/formats.md is the rule table's (fails when they
/// disagree; `UPDATE_DOCS=1`, or the older `UPDATE_README=1`, rewrites the block), and every
/// modelled key of the conformance corpus is rated by the grader.
#[test]
fn the_rules_list_in_the_docs_comes_from_the_rule_table() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("docs/formats.md");
    let formats = std::fs::read_to_string(&path).unwrap();
    let start = formats
        .find("<!-- rules: made")
        .expect("docs/formats.md's rules block");
    let end = formats
        .find("<!-- rules: end -->\n")
        .expect("the block's end")
        + 20;
    let block = documented_rules_block();
    if std::env::var("UPDATE_DOCS").is_ok() || std::env::var("UPDATE_README").is_ok() {
        let updated = format!("{}{block}{}", &formats[..start], &formats[end..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert_eq!(
        &formats[start..end],
        block,
        "the rules list of docs/formats.md and the rule table disagree"
    );
    let corpus = std::fs::read_to_string(root.join(CONFORMANCE)).unwrap();
    for line in corpus.lines().filter(|line| !line.starts_with('#')) {
        let json = line.split('\t').nth(4).unwrap();
        let puzzle = sudokit::notation::parse(json, Some(sudokit::notation::Format::Fpuzzles))
            .unwrap()
            .remove(0)
            .puzzle;
        assert_eq!(sudokit::grade::unrated_rule(&puzzle), None, "{line}");
    }
}

/// Issue 43, point 1: every rule of the rule table (`model::variant::RULES`) has every piece,
/// or this test names the rule and the piece it lacks: a conformance case for each key that
/// reads, and in which the rule decides the count (the enumerator counts differently with
/// the key taken out), answered so by SAT, native propagation and the grader; a drawing
/// (the picture changes with the key); writing (the key survives an f-puzzles link); a
/// grader technique in the technique table; the how-to-play page the key brings to a book,
/// named in the table (or none, when no page explains it yet).
#[test]
fn every_rule_of_the_table_has_every_piece() {
    use sudokit::grade::{Technique, TechniqueTable};
    use sudokit::render::how_to_play;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = std::fs::read_to_string(root.join(CONFORMANCE)).unwrap();
    let headings: Vec<&str> = how_to_play::Rule::ALL
        .iter()
        .map(|&rule| how_to_play::heading(rule))
        .collect();
    let table = TechniqueTable::hodoku();
    let read = |json: &str| {
        sudokit::notation::parse(json, Some(sudokit::notation::Format::Fpuzzles))
            .map(|mut entries| entries.remove(0).puzzle)
    };
    let mut missing = Vec::new();
    for rule in sudokit::model::variant::RULES {
        let name = rule.name;
        // the how-to-play pages the rule's keys bring (a book prints them for its puzzles)
        let mut pages_brought = std::collections::BTreeSet::new();
        for &key in rule.keys {
            let cases: Vec<&str> = corpus
                .lines()
                .filter(|line| line.split('\t').next() == Some(key))
                .filter_map(|line| line.split('\t').nth(4))
                .collect();
            let (mut decided, mut drawn, mut written) = (false, false, false);
            for json in &cases {
                let Ok(puzzle) = read(json) else {
                    missing.push(format!("{name}: a `{key}` case does not read"));
                    continue;
                };
                let mut document: serde_json::Value = serde_json::from_str(json).unwrap();
                document.as_object_mut().unwrap().remove(key);
                // a grid cell's key (given pencil marks) leaves every cell
                for row in document["grid"].as_array_mut().unwrap() {
                    for cell in row.as_array_mut().unwrap() {
                        if let Some(cell) = cell.as_object_mut() {
                            cell.remove(key);
                        }
                    }
                }
                let bare = read(&document.to_string()).unwrap();
                let pages = |puzzle: &sudokit::model::Puzzle| {
                    how_to_play::rules_of(puzzle)
                        .into_iter()
                        .map(how_to_play::heading)
                        .collect::<std::collections::BTreeSet<_>>()
                };
                pages_brought.extend(pages(&puzzle).difference(&pages(&bare)).copied());
                let with = enumerator::Document::read(json).solutions(2).len();
                let without = enumerator::Document::read(&document.to_string())
                    .solutions(2)
                    .len();
                if !decided && with != without {
                    decided = true;
                    for (engine, count) in engine_counts(json) {
                        if count.found().min(2) != with.min(2) {
                            missing.push(format!("{name}: {engine} ignores `{key}`"));
                        }
                    }
                    let grading = sudokit::grade::grade(&puzzle);
                    if grading.solved != (with == 1) {
                        missing.push(format!("{name}: the grader misreads `{key}`"));
                    }
                }
                drawn |= sudokit::render::puzzle_svg(&puzzle, None)
                    != sudokit::render::puzzle_svg(&bare, None);
                if let Ok(link) = sudokit::notation::fpuzzles::link(
                    &puzzle,
                    None,
                    sudokit::notation::fpuzzles::FPUZZLES_PREFIX,
                ) {
                    let text = sudokit::notation::fpuzzles::unpack_link(&link).unwrap();
                    let back: serde_json::Value = serde_json::from_str(&text).unwrap();
                    let cells = back["grid"].as_array().into_iter().flatten();
                    let in_a_cell = cells
                        .flat_map(|row| row.as_array().into_iter().flatten())
                        .any(|cell| cell.get(key).is_some());
                    written |= in_a_cell
                        || back.get(key).is_some_and(|value| {
                            !value.is_null() && value != &serde_json::json!(false)
                        });
                }
            }
            if cases.is_empty() {
                missing.push(format!("{name}: no conformance case for `{key}`"));
            } else {
                if !decided {
                    missing.push(format!("{name}: no `{key}` case the rule decides"));
                }
                if rule.on_the_grid && !drawn {
                    missing.push(format!("{name}: `{key}` is not drawn"));
                }
                if !written {
                    missing.push(format!("{name}: `{key}` is not written back"));
                }
            }
        }
        match rule.page {
            Some(page) if !pages_brought.contains(page) => missing.push(format!(
                "{name}: the table names page {page:?}, its keys bring {pages_brought:?}"
            )),
            // a rule of several keys (Kropki's colours, the negative constraints) brings the
            // pages of the marks each key reads; a rule of one key brings its own page
            None if rule.keys.len() == 1 && !pages_brought.is_empty() => missing.push(format!(
                "{name}: its key brings the pages {pages_brought:?}, the table names none"
            )),
            _ => {}
        }
        let technique = Technique::ALL
            .iter()
            .find(|technique| technique.name() == rule.technique);
        // a clue the grader's board starts from needs no technique
        if !rule.technique.is_empty()
            && !technique.is_some_and(|&technique| table.is_enabled(technique))
        {
            missing.push(format!("{name}: no grader technique in the table"));
        }
        if let Some(page) = rule.page {
            if !headings.contains(&page) {
                missing.push(format!("{name}: its page {page:?} does not exist"));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
