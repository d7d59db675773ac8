//! QQWing's `--csv` output: a header naming the columns (`Puzzle,Solution,…`), then one row
//! per puzzle with the puzzle and its solution as 81-character lines.

use super::error::{NotationError, Reason};
use super::line;
use super::Entry;

/// Whether `first_line` is QQWing's CSV header: comma-separated column names, the first of
/// them `Puzzle` or `Solution`.
pub(super) fn is_header(first_line: &str) -> bool {
    let first = first_line.split(',').next().unwrap_or("");
    let first = first.trim().trim_matches('"');
    first_line.contains(',')
        && (first.eq_ignore_ascii_case("puzzle") || first.eq_ignore_ascii_case("solution"))
}

/// One result per row after the header: the `Puzzle` column read as a puzzle line, with the
/// `Solution` column as its published solution. Output without a `Puzzle` column is refused.
pub(super) fn parse_each(text: &str) -> Vec<Result<Entry, NotationError>> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'));
    let Some((header_index, header)) = lines.next() else {
        return Vec::new();
    };
    let columns: Vec<String> = header
        .split(',')
        .map(|name| name.trim().trim_matches('"').to_ascii_lowercase())
        .collect();
    let column = |name: &str| columns.iter().position(|column| column == name);
    let Some(puzzle_column) = column("puzzle") else {
        return vec![Err(NotationError::at(
            header_index + 1,
            Reason::Json {
                message: "QQWing CSV output without a Puzzle column (it holds solutions only): run qqwing with --csv and without --nopuzzle".to_string(),
            },
        ))];
    };
    let solution_column = column("solution");
    lines
        .map(|(index, row)| {
            let number = index + 1;
            let fields = fields(row);
            let puzzle = fields.get(puzzle_column).copied().unwrap_or((0, ""));
            let solution = solution_column
                .and_then(|column| fields.get(column).copied())
                .filter(|&(_, solution)| !solution.is_empty())
                .unwrap_or((0, "-"));
            if puzzle.1.is_empty() {
                return Err(NotationError::at(
                    number,
                    Reason::FieldCount {
                        found: fields.len(),
                        expected: "a Puzzle field, as QQWing's header names",
                    },
                ));
            }
            line::parse_line(&format!("{} {}", puzzle.1, solution.1), number).map_err(
                |mut error| {
                    // the column of the row, not of the line the two fields make
                    let puzzle_width = puzzle.1.chars().count();
                    error.column = error.column.map(|column| {
                        if column <= puzzle_width {
                            puzzle.0 + column
                        } else {
                            solution.0 + column - puzzle_width - 1
                        }
                    });
                    error
                },
            )
        })
        .collect()
}

/// The fields of a row, without spaces and quotes around them, each with the number of
/// characters before it on the row.
fn fields(row: &str) -> Vec<(usize, &str)> {
    let mut before = 0;
    row.split(',')
        .map(|field| {
            let trimmed = field.trim().trim_matches('"');
            let leading = field
                .find(trimmed)
                .map_or(0, |offset| field[..offset].chars().count());
            let located = (before + leading, trimmed);
            before += field.chars().count() + 1;
            located
        })
        .collect()
}
