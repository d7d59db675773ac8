//! The grid format: n rows of n cells, `|`, `-`, `+` and spaces ignored; also the block splitting CSV shares.

use super::alphabet::{character, read_symbol, EMPTY};
use super::error::{excerpt, NotationError, Reason};
use super::{Entry, Format, Holds};
use crate::model::{Digit, Geometry, Grid, ModelError, Puzzle};

/// A line of the input with its 1-based number.
pub(super) type NumberedLine<'text> = (usize, &'text str);

/// Characters that only decorate a grid.
const SEPARATORS: [char; 3] = ['|', '-', '+'];

/// Whether a line holds only separators and spaces (a rule between bands of boxes).
pub(super) fn is_separator_line(line: &str) -> bool {
    line.chars()
        .all(|character| character.is_whitespace() || SEPARATORS.contains(&character))
}

/// The lines of `text` in blocks split at blank lines, leaving out `#` comments and the lines
/// `skip` rejects.
pub(super) fn blocks<'text>(
    text: &'text str,
    skip: impl Fn(&str) -> bool,
) -> Vec<Vec<NumberedLine<'text>>> {
    let mut blocks = Vec::new();
    let mut current = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            if !current.is_empty() {
                blocks.push(std::mem::take(&mut current));
            }
        } else if !trimmed.starts_with('#') && !skip(trimmed) {
            current.push((index + 1, line));
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
}

/// A block cut into records of n rows each, n being the width of each record's first row. A
/// first row whose width is no supported side makes the rest of the block one failed record.
pub(super) fn records<'block, 'text>(
    block: &'block [NumberedLine<'text>],
    width: impl Fn(&str) -> usize,
) -> Vec<Result<(Geometry, &'block [NumberedLine<'text>]), NotationError>> {
    let mut records = Vec::new();
    let mut rest = block;
    while let Some(&(number, first)) = rest.first() {
        match Geometry::for_size(width(first)) {
            Ok(geometry) => {
                let side = usize::from(geometry.size()).min(rest.len());
                let (record, after) = rest.split_at(side);
                records.push(Ok((geometry, record)));
                rest = after;
            }
            Err(error) => {
                records.push(Err(NotationError::model(number, error)));
                rest = &[];
            }
        }
    }
    records
}

/// Fails if a record has fewer than n rows (the input ended, or a block was cut short).
pub(super) fn check_row_count(
    geometry: Geometry,
    rows: &[NumberedLine<'_>],
    what: &'static str,
) -> Result<(), NotationError> {
    let expected = usize::from(geometry.size());
    match rows.first() {
        Some(&(number, _)) if rows.len() != expected => Err(NotationError::at(
            number,
            Reason::RowCount {
                what,
                found: rows.len(),
                expected,
            },
        )),
        _ => Ok(()),
    }
}

/// The classic puzzle of a record's givens; a clash is reported on the row of its second cell.
pub(super) fn classic_puzzle(
    givens: Grid,
    rows: &[NumberedLine<'_>],
) -> Result<Puzzle, NotationError> {
    Puzzle::classic(givens).map_err(|error| {
        let row = match &error {
            ModelError::GivensClash { second, .. } => second.row(),
            ModelError::DigitTooLarge { cell, .. } => cell.row(),
            _ => 0,
        };
        let number = rows
            .get(row)
            .or(rows.first())
            .map_or(1, |&(number, _)| number);
        NotationError::model(number, error)
    })
}

/// One cell as written in a row: a character, or a number token in a row of tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CellText<'text> {
    Character(char),
    Number(&'text str),
}

/// The cells of a grid row with their 1-based columns.
fn row_cells(line: &str) -> Vec<(usize, CellText<'_>)> {
    let mut tokens = Vec::new();
    let mut start = None;
    let mut column = 0;
    let mut start_column = 0;
    for (offset, character) in line.char_indices().chain([(line.len(), ' ')]) {
        column += 1;
        let splits = character.is_whitespace() || SEPARATORS.contains(&character);
        match (start, splits) {
            (None, false) => {
                start = Some(offset);
                start_column = column;
            }
            (Some(first), true) => {
                tokens.push((start_column, &line[first..offset]));
                start = None;
            }
            _ => {}
        }
    }
    let is_number =
        |token: &str| token.len() <= 2 && token.bytes().all(|byte| byte.is_ascii_digit());
    let numbered = tokens.len() >= 10
        && tokens
            .iter()
            .all(|&(_, token)| token == "." || is_number(token))
        && tokens.iter().any(|&(_, token)| token.len() == 2);
    if numbered {
        return tokens
            .into_iter()
            .map(|(column, token)| (column, CellText::Number(token)))
            .collect();
    }
    tokens
        .into_iter()
        .flat_map(|(column, token)| {
            token
                .chars()
                .enumerate()
                .map(move |(index, character)| (column + index, CellText::Character(character)))
        })
        .collect()
}

/// The digit of a cell written as a decimal number (`0` or `.` for empty).
pub(super) fn read_number(
    text: &str,
    size: u8,
    line: usize,
    column: usize,
) -> Result<Option<Digit>, NotationError> {
    if text.is_empty() || text == "." {
        return Ok(None);
    }
    if !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(NotationError::at_column(
            line,
            column,
            Reason::Invalid {
                text: excerpt(text),
                what: "a cell",
                expected: "a number from 1 to the side, or 0, '.' or nothing for empty",
            },
        ));
    }
    let value = text.parse::<u32>().unwrap_or(u32::MAX);
    if value == 0 {
        return Ok(None);
    }
    match u8::try_from(value).ok().filter(|&value| value <= size) {
        Some(value) => Ok(Digit::new(value)),
        None => Err(NotationError::at_column(
            line,
            column,
            Reason::NumberTooLarge { value, size },
        )),
    }
}

/// One result per grid: blocks split at blank lines, each cut into grids of n rows.
/// How many cells a grid row holds (separators ignored).
pub(super) fn row_width(line: &str) -> usize {
    row_cells(line).len()
}

pub(super) fn parse_each(text: &str) -> Vec<Result<Entry, NotationError>> {
    let mut results = Vec::new();
    for block in blocks(text, is_separator_line) {
        for record in records(&block, |row| row_cells(row).len()) {
            results.push(record.and_then(|(geometry, rows)| parse_record(geometry, rows)));
        }
    }
    results
}

/// The geometry a grid draws: the usual one for its side, unless its first row's first `|`
/// closes a box of another width that tiles the side (a 6×6 grid of 3×2 boxes, say, as
/// `solve --output-format grid` draws it), so a grid reads back with the boxes it shows.
fn drawn_geometry(usual: Geometry, first_row: &str) -> Geometry {
    let cells = row_cells(first_row);
    // the first `|` with cells before it (a border before the first cell closes no box)
    let columns = first_row
        .chars()
        .enumerate()
        .filter(|&(_, character)| character == '|')
        .map(|(bar, _)| cells.iter().filter(|&&(column, _)| column <= bar).count())
        .find(|&before| before > 0);
    let size = usize::from(usual.size());
    let Some(columns) = columns.filter(|&columns| size % columns == 0) else {
        return usual;
    };
    match (u8::try_from(size / columns), u8::try_from(columns)) {
        (Ok(rows), Ok(columns)) => Geometry::new(rows, columns)
            .ok()
            .filter(|drawn| drawn.size() == usual.size())
            .unwrap_or(usual),
        _ => usual,
    }
}

fn parse_record(geometry: Geometry, rows: &[NumberedLine<'_>]) -> Result<Entry, NotationError> {
    check_row_count(geometry, rows, "the grid")?;
    let geometry = rows
        .first()
        .map_or(geometry, |&(_, first)| drawn_geometry(geometry, first));
    let size = geometry.size();
    let mut givens = Grid::empty(geometry);
    for (row, &(number, line)) in rows.iter().enumerate() {
        let cells = row_cells(line);
        if cells.len() != usize::from(size) {
            return Err(NotationError::at(
                number,
                Reason::CellCount {
                    what: "grid row",
                    found: cells.len(),
                    expected: usize::from(size),
                },
            ));
        }
        for (column, (position, text)) in cells.into_iter().enumerate() {
            let place = geometry.cell(row, column);
            let digit = match text {
                CellText::Character(character) => read_symbol(character, size, number, position),
                CellText::Number(text) => read_number(text, size, number, position),
            }
            .map_err(|error| match place {
                Some(cell) => error.in_cell(cell),
                None => error,
            })?;
            if let Some(cell) = place {
                givens.set(cell, digit);
            }
        }
    }
    Ok(Entry {
        line: rows.first().map_or(1, |&(number, _)| number),
        name: None,
        puzzle: classic_puzzle(givens, rows)?,
        solution: None,
        expected_count: None,
        metadata: Default::default(),
    })
}

/// Writes a classic puzzle's givens as a grid.
pub(super) fn write(puzzle: &Puzzle) -> Result<String, NotationError> {
    Holds {
        diagonals: false,
        box_shapes: true,
        cages: false,
        regions: false,
        variants: false,
    }
    .check(puzzle, Format::Grid)?;
    Ok(write_grid(puzzle.givens()))
}

/// The grid with a space between cells, `|` between boxes and a `-`/`+` rule between bands:
///
/// ```text
/// 8 . . | . . . | . . .
/// . . 3 | 6 . . | . . .
/// ------+-------+------
/// ```
pub(super) fn write_grid(grid: &Grid) -> String {
    let geometry = grid.geometry();
    let size = usize::from(geometry.size());
    // irregular regions have no bands or stacks to draw: the rows alone
    let (box_rows, box_columns) = if geometry.has_boxes() {
        (
            usize::from(geometry.box_rows()),
            usize::from(geometry.box_columns()),
        )
    } else {
        (size, size)
    };
    let stacks = size / box_columns;
    let segment = 2 * box_columns - 1;
    let rule: Vec<String> = (0..stacks)
        .map(|stack| {
            let edges = usize::from(stack > 0) + usize::from(stack + 1 < stacks);
            "-".repeat(segment + edges)
        })
        .collect();
    let rule = rule.join("+");
    let mut text = String::new();
    for row in 0..size {
        if row > 0 && row % box_rows == 0 {
            text.push_str(&rule);
            text.push('\n');
        }
        for column in 0..size {
            if column > 0 {
                text.push_str(if column % box_columns == 0 {
                    " | "
                } else {
                    " "
                });
            }
            let digit = geometry.cell(row, column).and_then(|cell| grid.get(cell));
            text.push(digit.map_or(EMPTY, character));
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::tests::{data, same_entries};
    use crate::notation::{format, format_entries, parse, parse_each as parse_any};

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn a_grid_reads_back_with_the_boxes_its_bars_draw() {
        // a 6×6 grid of 3×2 boxes (from RON), written as a grid and read back
        let ron = format!(
            "Puzzle(size: 6, box_rows: 3, box_columns: 2, givens: \"..4{}\")",
            ".".repeat(33)
        );
        let puzzle = parse(&ron, None).unwrap().remove(0).puzzle;
        let text = format(&puzzle, Format::Grid).unwrap();
        assert!(text.starts_with(". . | 4 . | . .\n"), "{text}");
        let back = parse(&text, None).unwrap().remove(0).puzzle;
        assert_eq!(
            (back.geometry().box_rows(), back.geometry().box_columns()),
            (3, 2)
        );
        assert_eq!(back, puzzle);
        // the usual shape, with or without a border, stays the usual one
        let bordered = "| 1 2 | 3 4 |\n| . . | . . |\n| . . | . . |\n| . . | . . |\n";
        let four = parse(bordered, None).unwrap().remove(0).puzzle;
        assert_eq!(
            (four.geometry().box_rows(), four.geometry().box_columns()),
            (2, 2)
        );
        let nine = parse(
            &format(&parse(INKALA, None).unwrap()[0].puzzle, Format::Grid).unwrap(),
            None,
        );
        assert_eq!(nine.unwrap()[0].puzzle.geometry().box_columns(), 3);
    }

    #[test]
    fn writes_box_separators() {
        let puzzle = parse(INKALA, None).unwrap().remove(0).puzzle;
        let text = format(&puzzle, Format::Grid).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "8 . . | . . . | . . .");
        assert_eq!(lines[1], ". . 3 | 6 . . | . . .");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines[3].chars().count(), lines[0].chars().count());
        let back = parse(&text, None).unwrap();
        assert_eq!(back[0].puzzle, puzzle);
    }

    #[test]
    fn all_sizes_round_trip() {
        for path in [
            "classic/top1465.txt",
            "sizes/vu_kr_4x4.txt",
            "sizes/vu_kr_16x16_100.txt",
            "sizes/gecode_25x25.txt",
        ] {
            let entries: Vec<Entry> = parse(&data(path), None)
                .unwrap()
                .into_iter()
                .map(|entry| Entry::new(entry.puzzle))
                .collect();
            let text = format_entries(&entries, Format::Grid).unwrap();
            assert_eq!(super::super::detect(&text), Format::Grid, "{path}");
            same_entries(&entries, &parse(&text, Some(Format::Grid)).unwrap());
        }
    }

    #[test]
    fn grids_may_follow_each_other_without_blank_lines() {
        let entries = parse(&data("sizes/vu_kr_4x4.txt"), None).unwrap();
        let text: String = entries[..3]
            .iter()
            .map(|entry| format(&entry.puzzle, Format::Grid).unwrap())
            .collect();
        let back = parse(&text, Some(Format::Grid)).unwrap();
        assert_eq!(back.len(), 3);
        assert_eq!(back[2].line, 11);
        assert_eq!(back[1].puzzle, entries[1].puzzle);
    }

    #[test]
    fn number_tokens_for_large_sides() {
        // a 16×16 grid with 16 - r in row r, column r, and an extra row after it
        let rows: Vec<String> = (0..17)
            .map(|row| {
                (0..16)
                    .map(|column| match row == column {
                        true => (16 - row).to_string(),
                        false => ".".to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let results = parse_any(&rows.join("\n"), Some(Format::Grid));
        assert_eq!(results.len(), 2);
        let puzzle = &results[0].as_ref().unwrap().puzzle;
        assert_eq!(puzzle.size(), 16);
        let diagonal: Vec<u8> = (0..16)
            .filter_map(|index| puzzle.givens().get(puzzle.geometry().cell(index, index)?))
            .map(|digit| digit.get())
            .collect();
        assert_eq!(diagonal, (1..=16).rev().collect::<Vec<u8>>());
        let error = results[1].as_ref().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 17: the grid has 1 rows, expected 16"
        );
        let error = parse(
            &rows[..16].join("\n").replace("13", "17"),
            Some(Format::Grid),
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 7 (r4c4): 17 is too large for a 16×16 grid (expected 1 to 16, or 0 for empty)"
        );
    }

    #[test]
    fn row_errors() {
        let text = "8........\n..36.....\n.7..9.2..\n.5...7...\n....457..\n...1...3.\n..1....68\n..85...1\n.9....4..\n";
        let error = parse(text, Some(Format::Grid)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 8: grid row has 8 cells, expected 9"
        );
        let error = parse("1 2 3 | 4 x 6\n", Some(Format::Grid)).unwrap_err();
        assert_eq!(error.to_string(), "line 1: the grid has 1 rows, expected 6");
        let text = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 x\n";
        let error = parse(text, Some(Format::Grid)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 5, column 9 (r4c4): unknown character 'x' (expected 1-4, '.' or '0')"
        );
        let text = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n\n1 . | . 1\n. . | . .\n. . | . .\n. . | . .\n";
        let results = parse_any(text, Some(Format::Grid));
        assert!(results[0].is_ok());
        assert_eq!(
            results[1].as_ref().unwrap_err().to_string(),
            "line 7: r1c4: 1 clashes with the 1 in r1c1, both in row 1"
        );
        let error = parse("1234567\n", Some(Format::Grid)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1: a 7×7 grid has no rectangular box shape (boxes need at least 2 rows and 2 columns)"
        );
    }

    #[test]
    fn diagonals_do_not_fit_in_a_grid() {
        let puzzle = parse(&data("sizes/xsudoku.txt"), None)
            .unwrap()
            .remove(0)
            .puzzle;
        let error = format(&puzzle, Format::Grid).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the grid format cannot hold diagonals (use line, killer or ron)"
        );
    }
}
