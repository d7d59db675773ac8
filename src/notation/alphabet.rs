//! Digit ↔ character: `1`-`9`, then `A`=10 … `P`=25 (lowercase accepted); `.` or `0` is empty.

use super::error::{NotationError, Reason};
use crate::model::{Digit, Geometry, Grid, MAX_SIZE};

/// The character written for an empty cell.
pub const EMPTY: char = '.';

/// What one character of a puzzle line stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// An empty cell: `.` or `0`.
    Empty,
    /// A digit: `1`-`9`, `A`-`P` or `a`-`p`.
    Digit(Digit),
}

/// What `character` stands for, or `None` if it is not in the alphabet.
pub fn symbol(character: char) -> Option<Symbol> {
    let value = match character {
        '.' | '0' => return Some(Symbol::Empty),
        '1'..='9' => u32::from(character) - u32::from('0'),
        'A'..='P' => u32::from(character) - u32::from('A') + 10,
        'a'..='p' => u32::from(character) - u32::from('a') + 10,
        _ => return None,
    };
    let value = u8::try_from(value).ok()?;
    Digit::new(value).map(Symbol::Digit)
}

/// The character written for `digit`: `1`-`9`, then `A` (10) to `P` (25).
pub fn character(digit: Digit) -> char {
    let value = u32::from(digit.get());
    let code = if value <= 9 {
        u32::from('0') + value
    } else {
        u32::from('A') + value - 10
    };
    char::from_u32(code).unwrap_or('?')
}

/// What a grid of side `size` accepts, for error messages: `1-9, '.' or '0'`,
/// `1-4, '.' or '0'`, `1-9, A-G, '.' or '0'`.
pub fn expected(size: u8) -> String {
    let size = size.min(MAX_SIZE);
    if size <= 9 {
        format!("1-{size}, '.' or '0'")
    } else {
        let last = Digit::new(size).map_or('P', character);
        if size == 10 {
            "1-9, A, '.' or '0'".to_string()
        } else {
            format!("1-9, A-{last}, '.' or '0'")
        }
    }
}

/// Every grid side the model supports with its usual box shape, in increasing order.
pub fn supported_sides() -> impl Iterator<Item = usize> {
    (0..=usize::from(MAX_SIZE)).filter(|&side| Geometry::for_size(side).is_ok())
}

/// The side n of a grid with `cells` = n² cells, if n is a supported side.
pub fn side_for_cells(cells: usize) -> Option<usize> {
    supported_sides().find(|&side| side * side == cells)
}

/// The digit a character stands for in a grid of side `size`, or the error to report at
/// `line` and `column`.
pub(super) fn read_symbol(
    character: char,
    size: u8,
    line: usize,
    column: usize,
) -> Result<Option<Digit>, NotationError> {
    match symbol(character) {
        Some(Symbol::Empty) => Ok(None),
        Some(Symbol::Digit(digit)) if digit.get() <= size => Ok(Some(digit)),
        Some(Symbol::Digit(digit)) => Err(NotationError::at_column(
            line,
            column,
            Reason::DigitTooLarge {
                character,
                value: u32::from(digit.get()),
                size,
                expected: expected(size),
            },
        )),
        None => Err(NotationError::at_column(
            line,
            column,
            Reason::UnknownCharacter {
                character,
                expected: expected(size),
            },
        )),
    }
}

/// Reads `text`, n² characters row-major, as a grid of `geometry`. `what` names the text in
/// errors (`givens`, `solution`); `line` and `column` locate its first character.
pub(super) fn read_grid(
    text: &str,
    geometry: Geometry,
    what: &'static str,
    line: usize,
    column: usize,
) -> Result<Grid, NotationError> {
    if let Some(grid) = read_plain_grid(text, geometry) {
        return Ok(grid);
    }
    let found = text.chars().count();
    if found != geometry.cell_count() {
        return Err(NotationError::at_column(
            line,
            column,
            Reason::CellCount {
                what,
                found,
                expected: geometry.cell_count(),
            },
        ));
    }
    let mut grid = Grid::empty(geometry);
    for (offset, (cell, character)) in geometry.cells().zip(text.chars()).enumerate() {
        let digit = read_symbol(character, geometry.size(), line, column + offset)
            .map_err(|error| error.in_cell(cell))?;
        grid.set(cell, digit);
    }
    Ok(grid)
}

/// The common case of [`read_grid`] by bytes: n² ASCII symbols, each standing for at most
/// the side. `None` for anything else, which the character-by-character reading then reads
/// or refuses with its reason and column.
fn read_plain_grid(text: &str, geometry: Geometry) -> Option<Grid> {
    // on the stack (`check` reads every puzzle of a file: no allocation per line)
    let mut values = [0u8; MAX_SIZE as usize * MAX_SIZE as usize];
    let values = values.get_mut(..geometry.cell_count())?;
    if text.len() != values.len() {
        return None;
    }
    for (value, byte) in values.iter_mut().zip(text.bytes()) {
        *value = match byte {
            b'.' | b'0' => 0,
            b'1'..=b'9' => byte - b'0',
            b'A'..=b'P' => byte - b'A' + 10,
            b'a'..=b'p' => byte - b'a' + 10,
            _ => return None,
        };
    }
    Grid::from_values(geometry, values)
}

/// Reads a published solution: like [`read_grid`], and every cell must be filled.
pub(super) fn read_solution(
    text: &str,
    geometry: Geometry,
    line: usize,
    column: usize,
) -> Result<Grid, NotationError> {
    let grid = read_grid(text, geometry, "the solution", line, column)?;
    match geometry.cells().find(|&cell| grid.get(cell).is_none()) {
        Some(cell) => Err(NotationError::at(line, Reason::IncompleteSolution { cell })),
        None => Ok(grid),
    }
}

/// Whether every character of `text` is in the alphabet and stands for at most `size`.
pub(super) fn fits(text: &str, size: usize) -> bool {
    text.chars().all(|character| match symbol(character) {
        Some(Symbol::Empty) => true,
        Some(Symbol::Digit(digit)) => usize::from(digit.get()) <= size,
        None => false,
    })
}

/// The grid as one line of n² characters, `.` for empty cells.
pub fn grid_line(grid: &Grid) -> String {
    // byte by byte: every digit's character and `.` are ASCII (a char pushed at a time
    // costs its UTF-8 encoding, and `check` writes a solution line per puzzle)
    let bytes: Vec<u8> = grid
        .digits()
        .map(|digit| digit.map_or(EMPTY, character) as u8)
        .collect();
    String::from_utf8(bytes).expect("digit characters and `.` are ASCII")
}

/// The 1-based character column of byte offset `byte` in `line`.
pub(super) fn column_of(line: &str, byte: usize) -> usize {
    line.get(..byte).map_or(0, |head| head.chars().count()) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_digit_round_trips() {
        for value in 1..=MAX_SIZE {
            let digit = Digit::new(value).unwrap();
            assert_eq!(symbol(character(digit)), Some(Symbol::Digit(digit)));
            let lower = character(digit).to_ascii_lowercase();
            assert_eq!(symbol(lower), Some(Symbol::Digit(digit)));
        }
        assert_eq!(character(Digit::new(16).unwrap()), 'G');
        assert_eq!(character(Digit::new(25).unwrap()), 'P');
        assert_eq!(symbol('.'), Some(Symbol::Empty));
        assert_eq!(symbol('0'), Some(Symbol::Empty));
        assert_eq!(symbol('Q'), None);
        assert_eq!(symbol('é'), None);
    }

    #[test]
    fn expected_sets() {
        assert_eq!(expected(9), "1-9, '.' or '0'");
        assert_eq!(expected(4), "1-4, '.' or '0'");
        assert_eq!(expected(16), "1-9, A-G, '.' or '0'");
        assert_eq!(expected(25), "1-9, A-P, '.' or '0'");
    }

    #[test]
    fn sides_from_cell_counts() {
        assert_eq!(side_for_cells(81), Some(9));
        assert_eq!(side_for_cells(625), Some(25));
        assert_eq!(side_for_cells(100), Some(10));
        assert_eq!(side_for_cells(49), None);
        assert_eq!(side_for_cells(80), None);
        assert_eq!(side_for_cells(0), None);
    }

    #[test]
    fn digit_too_large_for_the_grid() {
        let geometry = Geometry::for_size(9).unwrap();
        let text = format!("G{}", ".".repeat(80));
        let error = read_grid(&text, geometry, "givens", 4, 7).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 7 (r1c1): 'G' stands for 16, too large for a 9×9 grid (expected 1-9, '.' or '0')"
        );
    }
}
