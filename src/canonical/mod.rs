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

use crate::model::{Diagonal, Puzzle, Relation};

use search::{Cells, GeometrySearch, Image};

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
    let cells = Cells::of(puzzle);
    let diagonals = puzzle.diagonals();
    let image = if diagonals.is_empty() {
        GeometrySearch::new(&cells).smallest(work)?
    } else {
        search::smallest_diagonal(&cells, diagonals.len() == 2, work)?
    };
    Some(format_key(puzzle, &diagonals, &image))
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
