//! The CSV format: n rows of n comma-separated numbers, `0` for empty, any supported size.

use super::alphabet::column_of;
use super::error::{NotationError, Reason};
use super::grid::{blocks, check_row_count, classic_puzzle, read_number, records, NumberedLine};
use super::{Entry, Format, Holds};
use crate::model::{Digit, Geometry, Grid, Puzzle};

/// One result per puzzle: blocks split at blank lines, each cut into puzzles of n rows.
pub(super) fn parse_each(text: &str) -> Vec<Result<Entry, NotationError>> {
    let mut results = Vec::new();
    for block in blocks(text, |_| false) {
        for record in records(&block, |row| row.split(',').count()) {
            results.push(record.and_then(|(geometry, rows)| parse_record(geometry, rows)));
        }
    }
    results
}

fn parse_record(geometry: Geometry, rows: &[NumberedLine<'_>]) -> Result<Entry, NotationError> {
    check_row_count(geometry, rows, "the CSV puzzle")?;
    let size = geometry.size();
    let mut givens = Grid::empty(geometry);
    for (row, &(number, line)) in rows.iter().enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != usize::from(size) {
            return Err(NotationError::at(
                number,
                Reason::CellCount {
                    what: "CSV row",
                    found: fields.len(),
                    expected: usize::from(size),
                },
            ));
        }
        let mut offset = 0;
        for (column, field) in fields.into_iter().enumerate() {
            let value = field.trim();
            let start = offset + (field.len() - field.trim_start().len());
            let digit = read_number(value, size, number, column_of(line, start))?;
            if let Some(cell) = geometry.cell(row, column) {
                givens.set(cell, digit);
            }
            offset += field.len() + 1;
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

/// Writes a classic puzzle's givens as CSV rows.
pub(super) fn write(puzzle: &Puzzle) -> Result<String, NotationError> {
    Holds {
        diagonals: false,
        box_shapes: false,
        cages: false,
        regions: false,
        variants: false,
    }
    .check(puzzle, Format::Csv)?;
    Ok(write_grid(puzzle.givens()))
}

/// The grid as CSV rows of decimal numbers, `0` for empty.
pub(super) fn write_grid(grid: &Grid) -> String {
    let geometry = grid.geometry();
    let size = usize::from(geometry.size());
    let mut text = String::new();
    for row in 0..size {
        let values: Vec<String> = (0..size)
            .map(|column| {
                let digit = geometry.cell(row, column).and_then(|cell| grid.get(cell));
                digit.map_or(0, Digit::get).to_string()
            })
            .collect();
        text.push_str(&values.join(","));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Constraint, Diagonal};
    use crate::notation::tests::{data, same_entries};
    use crate::notation::{format, format_entries, parse};

    #[test]
    fn diagonal_seed_and_its_solution() {
        let text = data("seeds/atgm2020_16x16_diagonal.csv");
        let entries = parse(&text, None).unwrap();
        assert_eq!(entries.len(), 1);
        let puzzle = &entries[0].puzzle;
        assert_eq!(puzzle.size(), 16);
        let solutions = parse(&data("seeds/atgm2020_16x16_diagonal_solution.csv"), None).unwrap();
        assert_eq!(solutions.len(), 1);
        let solution = solutions[0].puzzle.givens();
        assert!(solution.is_complete());
        assert!(puzzle.is_solution(solution));
        // CSV has no room for the diagonal rule; the published solution keeps it
        let geometry = puzzle.geometry();
        let constraints = vec![
            Constraint::diagonal(geometry, Diagonal::Main),
            Constraint::diagonal(geometry, Diagonal::Anti),
        ];
        let x_puzzle = Puzzle::new(geometry, puzzle.givens().clone(), constraints).unwrap();
        assert!(x_puzzle.is_solution(solution));
        assert_eq!(format(puzzle, Format::Csv).unwrap(), text);
    }

    #[test]
    fn round_trips_every_size() {
        for path in [
            "classic/top1465.txt",
            "sizes/vu_kr_4x4.txt",
            "sizes/gecode_16x16.txt",
            "sizes/gecode_25x25.txt",
        ] {
            let entries: Vec<Entry> = parse(&data(path), None)
                .unwrap()
                .into_iter()
                .map(|entry| Entry::new(entry.puzzle))
                .collect();
            let text = format_entries(&entries, Format::Csv).unwrap();
            assert_eq!(super::super::detect(&text), Format::Csv);
            same_entries(&entries, &parse(&text, None).unwrap());
        }
    }

    #[test]
    fn blank_fields_spaces_and_errors() {
        let text = "1, ,3,4\n3,4,,2\n2,1,4,3\n4,3,2,1\n";
        let puzzle = parse(text, None).unwrap().remove(0).puzzle;
        assert_eq!(puzzle.givens().filled_count(), 14);
        let error = parse("1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,99999999999\n", None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 7: 4294967295 is too large for a 4×4 grid (expected 1 to 4, or 0 for empty)"
        );
        let error = parse("1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,x1\n", None).unwrap_err();
        assert_eq!(error.line, Some(4));
        assert_eq!(error.column, Some(7));
        let error = parse("1,2,3,4\n3,4,1,2\n2,1,4,3\n", None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1: the CSV puzzle has 3 rows, expected 4"
        );
        let error = parse("1,2,3,4\n3,4,1\n2,1,4,3\n4,3,2,1\n", None).unwrap_err();
        assert_eq!(error.to_string(), "line 2: CSV row has 3 cells, expected 4");
    }
}
