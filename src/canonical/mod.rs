//! Canonical form of a puzzle under the symmetries that keep its variant's rules: the key that
//! tells two isomorphic puzzles (relabelled, turned, rows swapped within a band…) are one.
//!
//! - Classic n×n: the minlex form over band and stack permutations, row and column
//!   permutations within them, transposition (square boxes only) and digit relabelling: the
//!   lexicographically smallest row-major string of the transformed givens (0 for empty),
//!   digits renamed in order of first appearance. For 9×9 the key is that 81-digit line.
//! - Classic grids above 16×16 (`25s:`): the smallest image of the same kind, but only among
//!   images whose bands come in order of a signature (its rows' signatures sorted) and rows
//!   within each band in order of theirs, the same for stacks and columns. A row's signature
//!   (its cells' digit frequencies and the givens of their columns and boxes, per stack,
//!   sorted) is the same in every isomorph, so every isomorph has the same such images and
//!   the key stays exact (equal exactly for isomorphs), though not the minlex line; the walk
//!   then has few choices left where the full minlex one met millions of equal branches.
//! - Boxes taller than wide (3×2) are first mirrored as a whole onto boxes wider than high
//!   (2×3), and a key of boxes that are not square names their shape (`6b2x3:`), so a
//!   puzzle never meets one of other boxes that is not its mirror.
//! - X with both long diagonals houses: the symmetries of the square that keep the set of
//!   diagonals, with the row permutations that keep it (applied to rows and columns alike),
//!   and digit relabelling.
//! - X with one long diagonal a house: every permutation keeping bands and stacks applied to
//!   rows and columns alike, and transposition (2 592 on a 9×9 grid), after mirroring an anti
//!   diagonal onto the main one; digit relabelling.
//! - Killers: the same geometric symmetries (the X ones when diagonals are houses), with cage
//!   pattern, sums, givens and comparisons moving with the cells; digits are never
//!   relabelled, since sums depend on them. The key is the smallest image over the whole
//!   group; the canonical form the smallest image that keeps every cage connected.
//! - Jigsaws (`9j:`): the smallest region map and givens over the square's eight turns and
//!   mirrors, regions and digits renamed; every other variant rule (`9i:`): the puzzle as
//!   given, under identity only ([`key_symmetries`] says which; `rules.rs`).
//!
//! The search is a depth-first walk over the transformation, cell by cell in output order,
//! pruned against the smallest image found so far: a branch stops at the first cell where
//! it is larger.

mod rules;
mod search;
mod transform;

use std::borrow::Cow;

use crate::model::{Diagonal, Puzzle, Relation};

pub use rules::{key_symmetries, IDENTITY_MARK};
use search::{Cells, GeometrySearch, Image};
pub use transform::{in_standard_order, moves_with_its_cells, transposed_whole, Transformation};

/// A puzzle's canonical key and the puzzle in the form the key names: what `bank` stores and
/// rates, so that every orientation of a puzzle gets the same record.
#[derive(Clone, Debug)]
pub struct CanonicalForm {
    /// The key ([`canonical_key`]).
    pub key: String,
    /// The puzzle moved and relabelled onto the key's image, its rules in
    /// [`in_standard_order`]. For classic and X grids this is the key's image itself. A
    /// killer's smallest image can break its cages apart (rows swapped across a cage); such
    /// a killer is given as the smallest image that keeps every cage connected, which every
    /// valid isomorph of it shares. A puzzle with rules a transformation does not move
    /// ([`moves_with_its_cells`]: windoku and jigsaw regions, thermometers, dots …) is kept
    /// as it was given.
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
    if let Some(key) = rules::rules_key(puzzle) {
        return Some(key);
    }
    let puzzle = upright(puzzle);
    let diagonals = puzzle.diagonals();
    let image = smallest_image(&puzzle, &diagonals, false, work)?;
    Some(format_key(&puzzle, &diagonals, &image))
}

/// The puzzle with boxes no taller than wide: one whose boxes are taller is mirrored as a
/// whole ([`transposed_whole`]), so a 3×2-box puzzle and its 2×3 mirror share a key, and a
/// 3×2 puzzle never meets a 2×3 one that is not its mirror.
fn upright(puzzle: &Puzzle) -> Cow<'_, Puzzle> {
    match transposed_whole(puzzle) {
        Some(turned) => Cow::Owned(turned),
        None => Cow::Borrowed(puzzle),
    }
}

/// Whether the puzzle's key is the smallest image among those whose lines come in order of
/// their signatures (`25s:`) rather than the minlex form: classic grids above 16×16, where
/// the minlex search takes hours on the puzzles `generate` makes.
fn by_signatures(puzzle: &Puzzle) -> bool {
    puzzle.size() > 16 && puzzle.cage_count() == 0 && puzzle.diagonals().is_empty()
}

/// The smallest image over the symmetries of the puzzle's variant; with `keep_cages`, over
/// those whose image keeps every cage connected (a killer's canonical form).
fn smallest_image(
    puzzle: &Puzzle,
    diagonals: &[Diagonal],
    keep_cages: bool,
    work: u64,
) -> Option<Image> {
    let cells = Cells::of(puzzle);
    match diagonals {
        [] if by_signatures(puzzle) => GeometrySearch::new(&cells).by_signatures().smallest(work),
        [] if keep_cages => GeometrySearch::new(&cells).keeping_cages().smallest(work),
        [] => GeometrySearch::new(&cells).smallest(work),
        [one] => search::smallest_one_diagonal(&cells, *one == Diagonal::Anti, keep_cages, work),
        _ => search::smallest_diagonal(&cells, true, keep_cages, work),
    }
}

/// The canonical key and the puzzle in canonical form, or `None` when the search takes more
/// than `work` steps (as [`canonical_key_within`]).
pub fn canonical_form_within(puzzle: &Puzzle, work: u64) -> Option<CanonicalForm> {
    if let Some(key) = rules::rules_key(puzzle) {
        return Some(CanonicalForm {
            key,
            puzzle: puzzle.clone(),
        });
    }
    let puzzle = upright(puzzle);
    let diagonals = puzzle.diagonals();
    let image = smallest_image(&puzzle, &diagonals, false, work)?;
    let key = format_key(&puzzle, &diagonals, &image);
    if !moves_with_its_cells(&puzzle) {
        return Some(CanonicalForm {
            key,
            puzzle: puzzle.into_owned(),
        });
    }
    let moved = |image: &Image| {
        image
            .transformation
            .apply(&puzzle)
            .and_then(|moved| in_standard_order(&moved).ok())
    };
    let form = match moved(&image) {
        Some(form) => form,
        // only a killer's cages can come apart: its form is the smallest image that keeps
        // them whole, the same for every valid isomorph
        None => moved(&smallest_image(&puzzle, &diagonals, true, work)?)?,
    };
    Some(CanonicalForm { key, puzzle: form })
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
    let geometry = puzzle.geometry();
    if geometry.has_boxes() && geometry.box_rows() != geometry.box_columns() {
        // the same cells under other boxes are another puzzle
        key.push_str(&format!(
            "b{}x{}",
            geometry.box_rows(),
            geometry.box_columns()
        ));
    }
    match diagonals {
        [] => {}
        // either diagonal: the anti one is mirrored onto the main one
        [_] => key.push_str("x1"),
        _ => key.push('x'),
    }
    if killer {
        key.push('k');
    }
    if by_signatures(puzzle) {
        key.push('s');
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
