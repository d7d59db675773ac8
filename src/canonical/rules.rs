//! Keys of puzzles whose rules a band or row permutation does not move: jigsaws keyed by their
//! region map under the square's eight symmetries, and every other variant rule under identity.

use crate::model::{Constraint, Puzzle};

/// The prefix a key under identity only carries: the puzzle exactly as given (its rules in
/// sorted order), digits not renamed, no isomorph recognised.
pub const IDENTITY_MARK: &str = "i:";

/// The symmetries a key was taken under, as records name them: `jigsaw` keys under the
/// square's turns and mirrors with digits renamed, `identity` keys under none.
pub fn key_symmetries(key: &str) -> Option<&'static str> {
    let prefix = &key[..key.find(':').map_or(0, |colon| colon + 1)];
    if prefix.ends_with(IDENTITY_MARK) {
        Some("identity")
    } else if prefix.ends_with("j:") {
        Some("turns, mirrors and digit renaming (not row or band swaps)")
    } else {
        None
    }
}

/// The key of a puzzle with rules beyond diagonals and cages, or `None` for one the geometric
/// search keys. A jigsaw with no other rule: the smallest, over the eight turns and mirrors
/// of the square (each keeps rows and columns houses and moves the regions with the cells),
/// of its region map and then its givens, regions and digits each renamed in order of first
/// appearance (`9j:`). Row and band swaps that happen to keep a region map are not tried, so
/// such an isomorph is stored twice, never taken for another puzzle. Any other rule: the
/// puzzle itself, its givens and its rules' full descriptions sorted (`9i:`), so only the
/// same puzzle is seen (a rule's symmetries are not known to the key).
pub fn rules_key(puzzle: &Puzzle) -> Option<String> {
    if super::moves_with_its_cells(puzzle) {
        return None;
    }
    let size = usize::from(puzzle.size());
    let only_regions = puzzle
        .constraints()
        .iter()
        .all(|rule| matches!(rule, Constraint::Regions(_)));
    match puzzle.regions() {
        Some(regions) if only_regions => {
            let geometry = puzzle.geometry();
            let mut region = vec![0u16; size * size];
            let mut digit = vec![0u16; size * size];
            for cell in geometry.cells() {
                region[cell.index()] = regions.region_of(cell) as u16 + 1;
            }
            for (cell, given) in puzzle.givens().filled() {
                digit[cell.index()] = u16::from(given.get());
            }
            let image = (0..8)
                .map(|symmetry| square_image(&region, &digit, size, symmetry))
                .min()?;
            let mut key = format!("{size}j:");
            key.extend(image.iter().take(size * size).map(|&value| base36(value)));
            key.push(':');
            key.extend(image.iter().skip(size * size).map(|&value| base36(value)));
            Some(key)
        }
        _ => {
            let mut rules: Vec<String> = puzzle
                .constraints()
                .iter()
                .map(|rule| format!("{rule:?}"))
                .collect();
            rules.sort();
            let givens =
                crate::notation::format_grid(puzzle.givens(), crate::notation::Format::Line);
            Some(format!("{size}{IDENTITY_MARK}{givens};{}", rules.join(";")))
        }
    }
}

fn base36(value: u16) -> char {
    char::from_digit(u32::from(value), 36)
        .unwrap_or('?')
        .to_ascii_uppercase()
}

/// The region map then the givens of the square's `symmetry`-th turn or mirror (0 the
/// identity), each renamed in order of first appearance (0 for an empty cell).
fn square_image(region: &[u16], digit: &[u16], size: usize, symmetry: u8) -> Vec<u16> {
    let last = size - 1;
    let from = |row: usize, column: usize| -> usize {
        let (row, column) = if symmetry & 4 != 0 {
            (column, row)
        } else {
            (row, column)
        };
        let row = if symmetry & 1 != 0 { last - row } else { row };
        let column = if symmetry & 2 != 0 {
            last - column
        } else {
            column
        };
        row * size + column
    };
    let mut image = Vec::with_capacity(2 * size * size);
    for values in [region, digit] {
        let mut names = vec![0u16; size + 1];
        let mut next = 0;
        for row in 0..size {
            for column in 0..size {
                let value = values[from(row, column)];
                if value == 0 {
                    image.push(0);
                    continue;
                }
                let name = &mut names[usize::from(value)];
                if *name == 0 {
                    next += 1;
                    *name = next;
                }
                image.push(*name);
            }
        }
    }
    image
}
