//! Tests of the canonical key: random transformations of the shared puzzles keep it, other
//! puzzles get other keys.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::search::diagonal_row_group;
use super::*;
use crate::model::{Cage, Constraint, Digit, Grid};
use crate::notation;

fn shared(path: &str) -> String {
    let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|error| panic!("{full}: {error}"))
}

fn puzzles(path: &str, count: usize) -> Vec<Puzzle> {
    notation::parse_each(&shared(path), None)
        .into_iter()
        .filter_map(Result::ok)
        .take(count)
        .map(|entry| entry.puzzle)
        .collect()
}

/// A random order of `0..size` that keeps blocks of `block` together.
fn block_order(rng: &mut ChaCha8Rng, size: usize, block: usize) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..size / block).collect();
    blocks.shuffle(rng);
    let mut order = Vec::new();
    for chosen in blocks {
        let mut inside: Vec<usize> = (chosen * block..(chosen + 1) * block).collect();
        inside.shuffle(rng);
        order.extend(inside);
    }
    order
}

/// The puzzle whose cell (i, j) holds what `puzzle` holds at (rows[i], columns[j]) — or at
/// (columns[j], rows[i]) when transposed — with digits renamed by `digits` when given.
fn transform(
    puzzle: &Puzzle,
    transpose: bool,
    rows: &[usize],
    columns: &[usize],
    digits: Option<&[u8]>,
) -> Puzzle {
    let geometry = puzzle.geometry();
    let size = usize::from(geometry.size());
    let mut destination = vec![None; geometry.cell_count()];
    for (row, &original_row) in rows.iter().enumerate() {
        for (column, &original_column) in columns.iter().enumerate() {
            let (from_row, from_column) = if transpose {
                (original_column, original_row)
            } else {
                (original_row, original_column)
            };
            destination[from_row * size + from_column] = geometry.cell(row, column);
        }
    }
    let moved = |cell: crate::model::Cell| destination[cell.index()].unwrap();
    let mut givens = Grid::empty(geometry);
    for (cell, digit) in puzzle.givens().filled() {
        let digit = match digits {
            Some(names) => Digit::new(names[digit.index()]).unwrap(),
            None => digit,
        };
        givens.set(moved(cell), Some(digit));
    }
    let constraints = puzzle
        .constraints()
        .iter()
        .map(|constraint| match constraint {
            Constraint::Distinct(house) => Constraint::Distinct(house.clone()),
            Constraint::Cage(cage) => Constraint::Cage(Cage {
                label: cage.label.clone(),
                cells: cage.cells.iter().map(|&cell| moved(cell)).collect(),
                sum: cage.sum,
            }),
            Constraint::Compare(comparison) => Constraint::Compare(*comparison),
            other => panic!("these tests move no variant rule: {other}"),
        })
        .collect();
    Puzzle::new(geometry, givens, constraints).unwrap()
}

fn random_digits(rng: &mut ChaCha8Rng, size: u8) -> Vec<u8> {
    let mut digits: Vec<u8> = (1..=size).collect();
    digits.shuffle(rng);
    digits
}

/// A random transformation of the geometry's group (with digits renamed when `relabel`).
fn random_geometric(rng: &mut ChaCha8Rng, puzzle: &Puzzle, relabel: bool) -> Puzzle {
    let geometry = puzzle.geometry();
    let size = usize::from(geometry.size());
    let rows = block_order(rng, size, usize::from(geometry.box_rows()));
    let columns = block_order(rng, size, usize::from(geometry.box_columns()));
    let transpose = geometry.box_rows() == geometry.box_columns() && rng.random_bool(0.5);
    let digits = random_digits(rng, geometry.size());
    transform(
        puzzle,
        transpose,
        &rows,
        &columns,
        relabel.then_some(&digits[..]),
    )
}

/// A random transformation keeping both diagonals.
fn random_diagonal(rng: &mut ChaCha8Rng, puzzle: &Puzzle, relabel: bool) -> Puzzle {
    let geometry = puzzle.geometry();
    let size = usize::from(geometry.size());
    let group = diagonal_row_group(size, usize::from(geometry.box_rows()));
    let rows = group[rng.random_range(0..group.len())].clone();
    let columns: Vec<usize> = if rng.random_bool(0.5) {
        rows.iter().map(|&row| size - 1 - row).collect()
    } else {
        rows.clone()
    };
    let transpose = geometry.box_rows() == geometry.box_columns() && rng.random_bool(0.5);
    let digits = random_digits(rng, geometry.size());
    transform(
        puzzle,
        transpose,
        &rows,
        &columns,
        relabel.then_some(&digits[..]),
    )
}

fn assert_keys_hold(
    puzzles: &[Puzzle],
    tries: usize,
    shuffle: impl FnMut(&mut ChaCha8Rng, &Puzzle) -> Puzzle,
) {
    let keys = keys_hold(puzzles, tries, shuffle);
    assert_eq!(keys, puzzles.len(), "different puzzles share a key");
}

/// Checks that each puzzle's transformations keep its key; answers how many keys there are.
fn keys_hold(
    puzzles: &[Puzzle],
    tries: usize,
    mut shuffle: impl FnMut(&mut ChaCha8Rng, &Puzzle) -> Puzzle,
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let mut keys = std::collections::HashSet::new();
    for puzzle in puzzles {
        let key = canonical_key(puzzle);
        for _ in 0..tries {
            let turned = shuffle(&mut rng, puzzle);
            assert_eq!(canonical_key(&turned), key, "{puzzle:?}");
        }
        keys.insert(key);
    }
    keys.len()
}

#[test]
fn classic_isomorphs_share_the_minlex_key() {
    let mut all = puzzles("classic/top1465.txt", 60);
    all.extend(puzzles("classic/royle_17clue_49158.txt", 60));
    assert_keys_hold(&all, 5, |rng, puzzle| random_geometric(rng, puzzle, true));
}

#[test]
fn minlex_of_a_known_puzzle() {
    let puzzle = &puzzles("classic/royle_17clue_49158.txt", 1)[0];
    let key = minlex(puzzle).unwrap();
    assert_eq!(key.len(), 81);
    // A minlex 17: the first row is empty, the first given is a 1, digits appear in order.
    assert!(key.starts_with("000000000"), "{key}");
    let first = key.bytes().find(|&byte| byte != b'0').unwrap();
    assert_eq!(first, b'1');
    assert_eq!(
        key,
        canonical_key(&notation::parse(&key, None).unwrap()[0].puzzle)
    );
}

#[test]
fn other_sizes_keep_their_key() {
    // Small 4×4 puzzles are often isomorphs of each other: only their keys' stability counts.
    let small = puzzles("sizes/vu_kr_4x4.txt", 20);
    let distinct = keys_hold(&small, 5, |rng, puzzle| random_geometric(rng, puzzle, true));
    assert!(distinct > 1 && distinct <= small.len());
    let mut all = puzzles("sizes/vu_kr_16x16_100.txt", 4);
    all.extend(puzzles("sizes/gecode_16x16.txt", 2));
    assert_keys_hold(&all, 3, |rng, puzzle| random_geometric(rng, puzzle, true));
}

#[test]
fn x_isomorphs_share_a_key() {
    // The X puzzles of the shared file, and classic ones whose givens obey the X rule too.
    let classic_lines = shared("classic/top1465.txt");
    let all: Vec<Puzzle> = shared("sizes/xsudoku.txt")
        .lines()
        .filter(|line| line.contains("diag=both") && !line.starts_with('#'))
        .chain(classic_lines.lines())
        .filter_map(|line| {
            let classic = notation::parse(line.split_whitespace().next()?, None)
                .ok()?
                .remove(0)
                .puzzle;
            let diagonals = [crate::model::Diagonal::Main, crate::model::Diagonal::Anti]
                .map(|diagonal| Constraint::diagonal(classic.geometry(), diagonal));
            Puzzle::new(
                classic.geometry(),
                classic.givens().clone(),
                diagonals.to_vec(),
            )
            .ok()
        })
        .take(16)
        .collect();
    assert_eq!(all.len(), 16);
    assert_keys_hold(&all, 5, |rng, puzzle| random_diagonal(rng, puzzle, true));
}

#[test]
fn the_x_group_of_nine_has_24_row_orders() {
    assert_eq!(diagonal_row_group(9, 3).len(), 24);
    for rows in diagonal_row_group(9, 3) {
        for row in 0..9 {
            assert_eq!(rows[8 - row], 8 - rows[row]);
        }
    }
}

#[test]
fn killer_isomorphs_share_a_key_without_relabelling() {
    let mut all = puzzles("killer/killer_lisudoku.txt", 10);
    all.extend(puzzles("killer/killer_greater_grilops.txt", 3));
    assert!(all.iter().all(|puzzle| puzzle.cage_count() > 0));
    // Only the square's symmetries keep every cage connected (a valid puzzle); the key
    // itself is the same over the whole group.
    assert_keys_hold(&all, 4, |rng, puzzle| {
        let size = usize::from(puzzle.size());
        let forward: Vec<usize> = (0..size).collect();
        let backward: Vec<usize> = (0..size).rev().collect();
        let rows = if rng.random_bool(0.5) {
            &forward
        } else {
            &backward
        };
        let columns = if rng.random_bool(0.5) {
            &forward
        } else {
            &backward
        };
        transform(puzzle, rng.random_bool(0.5), rows, columns, None)
    });
}

#[test]
fn relabelling_a_killer_changes_its_key() {
    let killer = &puzzles("killer/killer_lisudoku.txt", 1)[0];
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let size = usize::from(killer.size());
    let identity: Vec<usize> = (0..size).collect();
    let mut digits = random_digits(&mut rng, killer.size());
    while digits
        .iter()
        .enumerate()
        .all(|(index, &digit)| usize::from(digit) == index + 1)
    {
        digits = random_digits(&mut rng, killer.size());
    }
    let renamed = transform(killer, false, &identity, &identity, Some(&digits));
    if killer.givens().filled_count() > 0 {
        assert_ne!(canonical_key(&renamed), canonical_key(killer));
    }
    assert!(canonical_key(killer).starts_with("9k:"));
}

#[test]
fn variants_never_share_a_key() {
    let classic = puzzles("classic/top1465.txt", 1).remove(0);
    let x = Puzzle::new(
        classic.geometry(),
        classic.givens().clone(),
        vec![
            Constraint::diagonal(classic.geometry(), crate::model::Diagonal::Main),
            Constraint::diagonal(classic.geometry(), crate::model::Diagonal::Anti),
        ],
    );
    if let Ok(x) = x {
        assert_ne!(canonical_key(&x), canonical_key(&classic));
        assert!(canonical_key(&x).starts_with("9x:"));
    }
}

#[test]
fn lazy_columns_find_the_same_minimum_as_binding_each_column() {
    let mut all = puzzles("classic/top1465.txt", 40);
    all.extend(puzzles("classic/royle_17clue_49158.txt", 40));
    all.extend(puzzles("sizes/vu_kr_4x4.txt", 10));
    for puzzle in &all {
        let cells = search::Cells::of(puzzle);
        let lazy = GeometrySearch::new(&cells)
            .smallest(u64::MAX)
            .unwrap()
            .values;
        let eager = GeometrySearch::new(&cells)
            .eager()
            .smallest(u64::MAX)
            .unwrap()
            .values;
        assert_eq!(lazy, eager, "{puzzle:?}");
    }
}

#[test]
fn the_pruned_walk_finds_the_eager_minimum_on_turned_and_dense_puzzles() {
    // the first 200 Sudoku Exchange puzzles (26–38 givens) with the column line of each
    let text = shared("classic/sudoku_exchange_with_solutions.txt");
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_whitespace().nth(1))
        .take(200)
        .collect();
    let dense: Vec<Puzzle> = notation::parse_each(&lines.join("\n"), None)
        .into_iter()
        .map(|entry| entry.unwrap().puzzle)
        .collect();
    assert_eq!(dense.len(), 200);
    let mut all = dense;
    all.extend(puzzles("classic/top1465.txt", 30));
    all.extend(puzzles("classic/royle_17clue_49158.txt", 30));
    let mut rng = ChaCha8Rng::seed_from_u64(39);
    for puzzle in &all {
        let turned = random_geometric(&mut rng, puzzle, true);
        for one in [puzzle, &turned] {
            let cells = search::Cells::of(one);
            let pruned = GeometrySearch::new(&cells).smallest(u64::MAX).unwrap();
            let eager = GeometrySearch::new(&cells)
                .eager()
                .smallest(u64::MAX)
                .unwrap();
            assert_eq!(pruned.values, eager.values, "{one:?}");
        }
        assert_eq!(canonical_key(&turned), canonical_key(puzzle));
    }
}

#[test]
fn a_spent_budget_answers_none() {
    let puzzle = &puzzles("classic/top1465.txt", 1)[0];
    assert!(canonical_key_within(puzzle, 10).is_none());
    assert_eq!(
        canonical_key_within(puzzle, BANK_WORK).as_deref(),
        Some(canonical_key(puzzle).as_str())
    );
}

#[test]
fn a_large_grid_answers_within_its_bound() {
    let puzzle = &puzzles("sizes/gecode_25x25.txt", 1)[0];
    // the search counts its steps and a bound stops it: a small one at once, the bank's
    // with an answer or a refusal (never a search without end)
    assert!(canonical_key_within(puzzle, 10).is_none());
    if let Some(key) = canonical_key_within(puzzle, BANK_WORK) {
        assert!(!key.is_empty());
    }
}

#[test]
fn generated_25x25_puzzles_are_keyed_by_signatures_within_the_bank_bound() {
    // the dense puzzles `generate --preset sudoku-25` makes, which the minlex walk gave up on
    let mut all = puzzles("sizes/sudokit_25x25_sudoku-25_seed1.txt", 4);
    all.extend(puzzles("sizes/gecode_25x25.txt", 2));
    assert_eq!(all.len(), 6);
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let mut keys = std::collections::HashSet::new();
    for puzzle in &all {
        let form = canonical_form_within(puzzle, BANK_WORK).expect("keyed within the bound");
        assert!(form.key.starts_with("25s:"), "{}", form.key);
        assert_eq!(
            canonical_key_within(&form.puzzle, BANK_WORK).as_deref(),
            Some(form.key.as_str())
        );
        for _ in 0..3 {
            let turned = random_geometric(&mut rng, puzzle, true);
            let again = canonical_form_within(&turned, BANK_WORK).expect("keyed within the bound");
            assert_eq!(again.key, form.key);
            assert_eq!(again.puzzle, form.puzzle);
        }
        keys.insert(form.key);
    }
    assert_eq!(keys.len(), all.len(), "different puzzles share a key");
}

/// Checks that every shuffle of each puzzle has the same canonical form, a valid puzzle with
/// the same key (an isomorph of the original).
fn forms_hold(
    puzzles: &[Puzzle],
    tries: usize,
    mut shuffle: impl FnMut(&mut ChaCha8Rng, &Puzzle) -> Puzzle,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    for puzzle in puzzles {
        let form = canonical_form_within(puzzle, u64::MAX).unwrap();
        assert_eq!(form.key, canonical_key(puzzle));
        assert_eq!(canonical_key(&form.puzzle), form.key, "{puzzle:?}");
        assert_eq!(
            form.puzzle.givens().filled_count(),
            puzzle.givens().filled_count()
        );
        for _ in 0..tries {
            let turned = shuffle(&mut rng, puzzle);
            let again = canonical_form_within(&turned, u64::MAX).unwrap();
            assert_eq!(again.key, form.key);
            assert_eq!(again.puzzle, form.puzzle, "{puzzle:?}");
        }
    }
}

#[test]
fn every_orientation_has_one_canonical_form() {
    let mut classic = puzzles("classic/top1465.txt", 20);
    classic.extend(puzzles("classic/royle_17clue_49158.txt", 20));
    forms_hold(&classic, 4, |rng, puzzle| {
        Transformation::random(puzzle, true, rng)
            .apply(puzzle)
            .unwrap()
    });
    // a classic 9×9's form is its minlex line
    for puzzle in &classic {
        let form = canonical_form_within(puzzle, u64::MAX).unwrap();
        let line = notation::format_grid(form.puzzle.givens(), notation::Format::Line);
        assert_eq!(line.replace('.', "0"), form.key);
    }
    let sixteen = puzzles("sizes/vu_kr_16x16_100.txt", 2);
    forms_hold(&sixteen, 2, |rng, puzzle| {
        random_geometric(rng, puzzle, true)
    });
}

#[test]
fn x_and_killer_orientations_have_one_canonical_form() {
    let x_lines = shared("sizes/xsudoku.txt");
    let x: Vec<Puzzle> = x_lines
        .lines()
        .filter(|line| line.contains("diag=both") && !line.starts_with('#'))
        .filter_map(|line| {
            let classic = notation::parse(line.split_whitespace().next()?, None)
                .ok()?
                .remove(0)
                .puzzle;
            let diagonals = [crate::model::Diagonal::Anti, crate::model::Diagonal::Main]
                .map(|diagonal| Constraint::diagonal(classic.geometry(), diagonal));
            Puzzle::new(
                classic.geometry(),
                classic.givens().clone(),
                diagonals.to_vec(),
            )
            .ok()
        })
        .take(6)
        .collect();
    assert!(x.len() >= 4, "{}", x.len());
    forms_hold(&x, 4, |rng, puzzle| random_diagonal(rng, puzzle, true));
    let mut killers = puzzles("killer/killer_lisudoku.txt", 10);
    killers.extend(puzzles("killer/killer_greater_grilops.txt", 3));
    killers.extend(puzzles("killer/killer_vtsukur.txt", 5));
    forms_hold(&killers, 4, |rng, puzzle| {
        let size = usize::from(puzzle.size());
        let forward: Vec<usize> = (0..size).collect();
        let backward: Vec<usize> = (0..size).rev().collect();
        let rows = if rng.random_bool(0.5) {
            &forward
        } else {
            &backward
        };
        let columns = if rng.random_bool(0.5) {
            &forward
        } else {
            &backward
        };
        transform(puzzle, rng.random_bool(0.5), rows, columns, None)
    });
}

/// Three 6×6 puzzles from `sudokit generate --preset sudoku-6 --count 3 --seed 7`.
const SIX: [&str; 3] = [
    ".3..2...54.......12.......43...6..4.",
    "..3.1......5..61....23..2......3.6..",
    "..2......31....52..54....63......1..",
];

#[test]
fn boxes_taller_than_wide_are_keyed_as_their_whole_mirror() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut tall_ones = 0;
    for line in SIX {
        let wide = notation::parse(line, None).unwrap().remove(0).puzzle;
        assert_eq!(wide.geometry().box_rows(), 2);
        let wide_key = canonical_key(&wide);
        assert!(wide_key.starts_with("6b2x3:"), "{wide_key}");
        // the same givens under 3×2 boxes: another puzzle, never the 2×3 one's key
        let Ok(mut entries) = notation::parse(&format!("{line} boxes=3x2"), None) else {
            continue;
        };
        let tall = entries.remove(0).puzzle;
        tall_ones += 1;
        let key = canonical_key(&tall);
        assert_ne!(key, wide_key, "{line}");
        // mirrored as a whole it is a 2×3 puzzle with the same key
        let mirrored = transposed_whole(&tall).unwrap();
        assert_eq!(mirrored.geometry().box_rows(), 2);
        assert_eq!(canonical_key(&mirrored), key);
        // and its own transformations keep it; its canonical form has 2×3 boxes
        for _ in 0..5 {
            assert_eq!(canonical_key(&random_geometric(&mut rng, &tall, true)), key);
        }
        let form = canonical_form_within(&tall, u64::MAX).unwrap();
        assert_eq!(form.puzzle.geometry(), wide.geometry());
        assert_eq!(canonical_key(&form.puzzle), key);
    }
    assert!(tall_ones > 0, "no line reads with 3×2 boxes");
}

/// A random permutation keeping bands and stacks, applied to rows and columns alike (the
/// main diagonal kept), a random transposition, digits renamed, and the columns mirrored
/// (the diagonal moved to the anti one) when `mirror`.
fn random_one_diagonal(rng: &mut ChaCha8Rng, puzzle: &Puzzle, mirror: bool) -> Puzzle {
    let size = usize::from(puzzle.size());
    let lines = block_order(rng, size, usize::from(puzzle.geometry().box_rows()));
    let transformation = Transformation {
        transpose: rng.random_bool(0.5),
        rows: lines.clone(),
        columns: if mirror {
            lines.iter().rev().copied().collect()
        } else {
            lines
        },
        digits: Some(random_digits(rng, puzzle.size())),
    };
    transformation.apply(puzzle).unwrap()
}

/// Classic puzzles of the shared files whose givens obey one diagonal: as main-diagonal X.
fn one_diagonal_puzzles(count: usize) -> Vec<Puzzle> {
    shared("classic/top1465.txt")
        .lines()
        .chain(shared("classic/royle_17clue_49158.txt").lines().take(400))
        .filter_map(|line| {
            let classic = notation::parse(line.split_whitespace().next()?, None)
                .ok()?
                .remove(0)
                .puzzle;
            let diagonal = Constraint::diagonal(classic.geometry(), crate::model::Diagonal::Main);
            Puzzle::new(classic.geometry(), classic.givens().clone(), vec![diagonal]).ok()
        })
        .take(count)
        .collect()
}

#[test]
fn one_diagonal_isomorphs_share_a_key_under_the_whole_group() {
    let all = one_diagonal_puzzles(16);
    assert_eq!(all.len(), 16);
    // rows 1↔2 with columns 1↔2 (the case), then random members of the group,
    // mirrored onto the anti diagonal half the time
    let swap = Transformation {
        transpose: false,
        rows: vec![1, 0, 2, 3, 4, 5, 6, 7, 8],
        columns: vec![1, 0, 2, 3, 4, 5, 6, 7, 8],
        digits: None,
    };
    for puzzle in &all {
        let key = canonical_key(puzzle);
        assert!(key.starts_with("9x1:"), "{key}");
        assert_eq!(canonical_key(&swap.apply(puzzle).unwrap()), key);
    }
    assert_keys_hold(&all, 6, |rng, puzzle| {
        let mirror = rng.random_bool(0.5);
        random_one_diagonal(rng, puzzle, mirror)
    });
    forms_hold(&all[..6], 4, |rng, puzzle| {
        let mirror = rng.random_bool(0.5);
        random_one_diagonal(rng, puzzle, mirror)
    });
    // the form keeps one diagonal (the main one) and the key
    let form = canonical_form_within(&all[0], u64::MAX).unwrap();
    assert_eq!(form.puzzle.diagonals(), vec![crate::model::Diagonal::Main]);
    // full X is another variant
    let both = Puzzle::new(
        all[0].geometry(),
        all[0].givens().clone(),
        vec![
            Constraint::diagonal(all[0].geometry(), crate::model::Diagonal::Main),
            Constraint::diagonal(all[0].geometry(), crate::model::Diagonal::Anti),
        ],
    );
    if let Ok(both) = both {
        assert_ne!(canonical_key(&both), canonical_key(&all[0]));
    }
}

#[test]
fn a_killer_turned_by_rows_that_keep_its_cages_has_one_form() {
    // every swap of two rows of a band, or of two bands, that keeps every cage connected:
    // the form (and so the rating) must not depend on which orientation came first
    let killers = puzzles("killer/killer_krazydad_1000.tsv", 300);
    let identity: Vec<usize> = (0..9).collect();
    let mut swaps = Vec::new();
    for band in 0..3 {
        for (first, second) in [(0, 1), (0, 2), (1, 2)] {
            let mut rows = identity.clone();
            rows.swap(band * 3 + first, band * 3 + second);
            swaps.push(rows);
        }
    }
    for (first, second) in [(0, 1), (0, 2), (1, 2)] {
        let mut rows = identity.clone();
        for offset in 0..3 {
            rows.swap(first * 3 + offset, second * 3 + offset);
        }
        swaps.push(rows);
    }
    let mut kept = 0;
    for killer in &killers {
        let form = canonical_form_within(killer, u64::MAX).unwrap();
        for rows in &swaps {
            for transpose in [false, true] {
                let turn = Transformation {
                    transpose,
                    rows: rows.clone(),
                    columns: identity.clone(),
                    digits: None,
                };
                let Some(turned) = turn.apply(killer) else {
                    continue;
                };
                kept += 1;
                let again = canonical_form_within(&turned, u64::MAX).unwrap();
                assert_eq!(again.key, form.key);
                assert_eq!(again.puzzle, form.puzzle, "{killer:?}");
            }
        }
    }
    assert!(kept > 200, "only {kept} turns keep the cages");
}

/// The jigsaw turned or mirrored by the square's `symmetry`-th map (as `rules.rs` numbers
/// them: bit 4 transposes, 1 flips rows, 2 flips columns), regions moved with their cells,
/// digits renamed by `digits`.
fn turned_jigsaw(puzzle: &Puzzle, symmetry: u8, digits: &[u8]) -> Puzzle {
    let geometry = puzzle.geometry();
    let size = usize::from(geometry.size());
    let regions = puzzle.regions().expect("a jigsaw");
    let last = size - 1;
    let mut of_cell = vec![0u8; size * size];
    let mut givens = Grid::empty(geometry);
    for row in 0..size {
        for column in 0..size {
            let (from_row, from_column) = if symmetry & 4 != 0 {
                (column, row)
            } else {
                (row, column)
            };
            let from_row = if symmetry & 1 != 0 {
                last - from_row
            } else {
                from_row
            };
            let from_column = if symmetry & 2 != 0 {
                last - from_column
            } else {
                from_column
            };
            let from = geometry.cell(from_row, from_column).unwrap();
            let to = geometry.cell(row, column).unwrap();
            of_cell[to.index()] = regions.region_of(from) as u8;
            let digit = puzzle
                .givens()
                .get(from)
                .map(|digit| Digit::new(digits[digit.index()]).unwrap());
            givens.set(to, digit);
        }
    }
    let regions = crate::model::variant::Regions::new(geometry, of_cell).unwrap();
    Puzzle::new(geometry, givens, vec![Constraint::Regions(regions)]).unwrap()
}

#[test]
fn a_jigsaw_and_its_turned_relabelled_copies_share_a_key_other_region_maps_do_not() {
    let jigsaws = puzzles("variants/sudokit_jigsaw-easy_seed1.jsonl", 3);
    assert_eq!(jigsaws.len(), 3);
    let mut rng = ChaCha8Rng::seed_from_u64(39);
    let mut keys = std::collections::HashSet::new();
    for jigsaw in &jigsaws {
        let key = canonical_key(jigsaw);
        assert!(key.starts_with("9j:"), "{key}");
        assert!(key_symmetries(&key).is_some());
        for symmetry in 0..8 {
            let turned = turned_jigsaw(jigsaw, symmetry, &random_digits(&mut rng, 9));
            assert_eq!(canonical_key(&turned), key, "symmetry {symmetry}");
            let form = canonical_form_within(&turned, BANK_WORK).unwrap();
            assert_eq!(form.key, key);
        }
        // the same givens without the region map are a classic puzzle, another key
        let classic = Puzzle::new(
            crate::model::Geometry::new(3, 3).unwrap(),
            Grid::from_values(
                crate::model::Geometry::new(3, 3).unwrap(),
                &jigsaw.givens().values(),
            )
            .unwrap(),
            Vec::new(),
        );
        if let Ok(classic) = classic {
            assert_ne!(canonical_key(&classic), key);
        }
        keys.insert(key);
    }
    assert_eq!(keys.len(), 3, "different jigsaws share a key");
    // the same givens on another region map: another puzzle
    let geometry = jigsaws[0].geometry();
    let other_map = jigsaws[1].regions().unwrap().clone();
    let moved = Puzzle::new(
        geometry,
        jigsaws[0].givens().clone(),
        vec![Constraint::Regions(other_map)],
    );
    let empty_first = Puzzle::new(
        geometry,
        Grid::empty(geometry),
        vec![Constraint::Regions(jigsaws[0].regions().unwrap().clone())],
    )
    .unwrap();
    let empty_second = Puzzle::new(
        geometry,
        Grid::empty(geometry),
        vec![Constraint::Regions(jigsaws[1].regions().unwrap().clone())],
    )
    .unwrap();
    assert_ne!(canonical_key(&empty_first), canonical_key(&empty_second));
    if let Ok(moved) = moved {
        assert_ne!(canonical_key(&moved), canonical_key(&jigsaws[0]));
    }
}

#[test]
fn a_variant_rule_is_keyed_under_identity_and_says_so() {
    let thermos = puzzles("variants/sudokit_thermo_seed1.jsonl", 2);
    assert_eq!(thermos.len(), 2);
    let first = canonical_key(&thermos[0]);
    assert!(first.starts_with("9i:"), "{first}");
    assert_eq!(key_symmetries(&first), Some("identity"));
    assert_eq!(canonical_key(&thermos[0].clone()), first);
    assert_ne!(canonical_key(&thermos[1]), first);
    // the form is the puzzle as given
    let form = canonical_form_within(&thermos[0], BANK_WORK).unwrap();
    assert_eq!(form.puzzle, thermos[0]);
    // the givens alone are a classic puzzle, another key
    let classic = Puzzle::new(
        thermos[0].geometry(),
        thermos[0].givens().clone(),
        Vec::new(),
    )
    .unwrap();
    assert_ne!(canonical_key(&classic), first);
    assert_eq!(key_symmetries(&canonical_key(&classic)), None);
}
