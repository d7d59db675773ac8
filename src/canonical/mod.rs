//! Canonical form of a puzzle under the symmetries that keep its variant's rules: the key that
//! tells two isomorphic puzzles (relabelled, turned, rows swapped within a band…) are one.
//!
//! - Classic n×n: the minlex form over band and stack permutations, row and column
//!   permutations within them, transposition (square boxes only) and digit relabelling: the
//!   lexicographically smallest row-major string of the transformed givens (0 for empty),
//!   digits renamed in order of first appearance. For 9×9 the key is that 81-digit line.
//! - X (either long diagonal a house): the 8 symmetries of the square that keep the set of
//!   diagonals, with the row permutations that keep it (applied to rows and columns alike),
//!   and digit relabelling.
//! - Killers: the same geometric symmetries (the X ones when diagonals are houses), with cage
//!   pattern, sums, givens and comparisons moving with the cells; digits are never
//!   relabelled, since sums depend on them.
//!
//! The search is a depth-first walk over the transformation, cell by cell in output order,
//! pruned against the smallest image found so far: a branch stops at the first cell where
//! it is larger.

mod search;
mod transform;

use crate::model::{Diagonal, Puzzle, Relation};

use search::{Cells, GeometrySearch, Image};
pub use transform::{in_standard_order, moves_with_its_cells, Transformation};

/// A puzzle's canonical key and the puzzle in the form the key names: what `bank` stores and
/// rates, so that every orientation of a puzzle gets the same record.
#[derive(Clone, Debug)]
pub struct CanonicalForm {
    /// The key ([`canonical_key`]).
    pub key: String,
    /// The puzzle moved and relabelled onto the key's image, its rules in
    /// [`in_standard_order`]. For classic and X grids this is the key's image itself. A
    /// killer's smallest image can break its cages apart (rows swapped across a cage); such
    /// a killer is given in the smallest (by cells, then rules) of its turns and
    /// reflections, which every turn and reflection of it shares. A puzzle with rules a
    /// transformation does not move ([`moves_with_its_cells`]: windoku and jigsaw regions,
    /// thermometers, dots …) is kept as it was given.
    pub puzzle: Puzzle,
}

/// The canonical key of a puzzle: equal for two puzzles exactly when one is a transformation
/// of the other that keeps the variant's rules.
///
/// Classic 9×9 puzzles get their 81-character minlex line; every other puzzle a key that
/// starts with its variant and size (`9x:`, `16:`, `9k:` …) so that keys of different variants
/// never meet.
///
/// The search has no bound: a 25×25 grid with many empty rows can take very long; see
/// [`canonical_key_within`].
pub fn canonical_key(puzzle: &Puzzle) -> String {
    canonical_key_within(puzzle, u64::MAX).unwrap_or_default()
}

/// The canonical key, or `None` when the search takes more than `work` steps (a step is one
/// cell or choice of the walk; 9×9 grids need thousands, dense 16×16 ones millions).
pub fn canonical_key_within(puzzle: &Puzzle, work: u64) -> Option<String> {
    let diagonals = puzzle.diagonals();
    let image = smallest_image(puzzle, &diagonals, work)?;
    Some(format_key(puzzle, &diagonals, &image))
}

fn smallest_image(puzzle: &Puzzle, diagonals: &[Diagonal], work: u64) -> Option<Image> {
    let cells = Cells::of(puzzle);
    if diagonals.is_empty() {
        GeometrySearch::new(&cells).smallest(work)
    } else {
        search::smallest_diagonal(&cells, diagonals.len() == 2, work)
    }
}

/// The canonical key and the puzzle in canonical form, or `None` when the search takes more
/// than `work` steps (as [`canonical_key_within`]).
pub fn canonical_form_within(puzzle: &Puzzle, work: u64) -> Option<CanonicalForm> {
    let diagonals = puzzle.diagonals();
    let image = smallest_image(puzzle, &diagonals, work)?;
    let key = format_key(puzzle, &diagonals, &image);
    if !moves_with_its_cells(puzzle) {
        return Some(CanonicalForm {
            key,
            puzzle: puzzle.clone(),
        });
    }
    let moved = image
        .transformation
        .apply(puzzle)
        .and_then(|moved| in_standard_order(&moved).ok());
    let form = match moved {
        Some(moved) => moved,
        // only a killer's cages can come apart; its turns and reflections keep them whole
        None => smallest_turn(puzzle)?,
    };
    Some(CanonicalForm { key, puzzle: form })
}

/// The smallest of the puzzle's turns and reflections (those that keep the boxes), compared
/// cell by cell (cage by standard order, sum, given digit), then by comparisons.
fn smallest_turn(puzzle: &Puzzle) -> Option<Puzzle> {
    let geometry = puzzle.geometry();
    let size = usize::from(geometry.size());
    let forward: Vec<usize> = (0..size).collect();
    let backward: Vec<usize> = (0..size).rev().collect();
    let square = geometry.box_rows() == geometry.box_columns();
    let mut best: Option<(Vec<u32>, Puzzle)> = None;
    for transpose in [false, true] {
        if transpose && !square {
            continue;
        }
        for rows in [&forward, &backward] {
            for columns in [&forward, &backward] {
                let turn = Transformation {
                    transpose,
                    rows: rows.clone(),
                    columns: columns.clone(),
                    digits: None,
                };
                let Some(turned) = turn
                    .apply(puzzle)
                    .and_then(|turned| in_standard_order(&turned).ok())
                else {
                    continue;
                };
                let order = turn_order(&turned);
                if best.as_ref().is_none_or(|(smallest, _)| order < *smallest) {
                    best = Some((order, turned));
                }
            }
        }
    }
    best.map(|(_, turned)| turned)
}

/// What [`smallest_turn`] compares: per cell its cage's position (from 1, 0 for none), sum
/// and given digit, then the comparisons.
fn turn_order(puzzle: &Puzzle) -> Vec<u32> {
    let mut order = vec![0; puzzle.geometry().cell_count()];
    for (position, cage) in puzzle.cages().enumerate() {
        for cell in &cage.cells {
            order[cell.index()] = ((position as u32 + 1) << search::RANK_SHIFT)
                | (cage.sum.unwrap_or(0) << search::SUM_SHIFT);
        }
    }
    for (cell, digit) in puzzle.givens().filled() {
        order[cell.index()] |= u32::from(digit.get());
    }
    order.extend(puzzle.comparisons().map(|comparison| {
        (comparison.first.index() as u32) << 20
            | (comparison.second.index() as u32) << 2
            | u32::from(comparison.relation.symbol() as u8 & 3)
    }));
    order
}

/// The work bound `sudokit bank` and `serve --bank` give [`canonical_key_within`]: about a
/// second of search.
pub const BANK_WORK: u64 = 100_000_000;

/// The minlex line of a classic 9×9 puzzle (its canonical key), or `None` for any other.
pub fn minlex(puzzle: &Puzzle) -> Option<String> {
    let classic = puzzle.size() == 9 && puzzle.constraints().is_empty();
    classic.then(|| canonical_key(puzzle))
}

fn format_key(puzzle: &Puzzle, diagonals: &[Diagonal], image: &Image) -> String {
    let size = puzzle.size();
    let killer = puzzle.cage_count() > 0;
    if size == 9 && diagonals.is_empty() && !killer {
        return image
            .values
            .iter()
            .map(|&value| char::from(b'0' + value as u8))
            .collect();
    }
    let mut key = size.to_string();
    match diagonals {
        [] => {}
        [Diagonal::Main] => key.push_str("xm"),
        [Diagonal::Anti] => key.push_str("xa"),
        _ => key.push('x'),
    }
    if killer {
        key.push('k');
    }
    key.push(':');
    if killer {
        // Each cell: cage rank, sum (0 when hidden), given digit; then the comparisons.
        let cells = image.values.iter().map(|value| {
            format!(
                "{:x}.{:x}.{:x}",
                value >> search::RANK_SHIFT,
                (value >> search::SUM_SHIFT) & search::SUM_MASK,
                value & search::DIGIT_MASK
            )
        });
        key.push_str(&cells.collect::<Vec<_>>().join(","));
        for comparison in &image.comparisons {
            key.push_str(&format!(
                ";{:x}{}{:x}",
                comparison.0,
                relation_sign(comparison.2),
                comparison.1
            ));
        }
    } else {
        key.extend(image.values.iter().map(|&value| {
            char::from_digit(value, 36)
                .unwrap_or('?')
                .to_ascii_uppercase()
        }));
    }
    key
}

fn relation_sign(relation: Relation) -> char {
    relation.symbol()
}

#[cfg(test)]
mod tests;
