//! Files of records in any notation and any order, each record read in its own: puzzle
//! lines, sudokit's JSON records, f-puzzles links and one-line documents, f-puzzles documents
//! over several lines, grid and CSV blocks, and killer-text records.
//!
//! The text is cut into blocks at blank lines (`#` comments left out), and each block is read
//! from the top: a line that is a record of its own (a puzzle line, a JSON record, an
//! f-puzzles link) is read alone; a `{` line that is no JSON alone, followed by a line that
//! does not start with `{`, opens a document running to the end of its block (one record,
//! refused with the JSON parser's line and column); a CSV row or a grid row opens a puzzle of
//! as many rows as its width; killer text (when the file is killer text or the lines read
//! like it) runs to the end of the block, split at `name` lines, a JSON line still read
//! alone. Any other line is read alone, and refused alone. Results come in line order. A
//! damaged line (a control character, an invalid byte) refuses the one record it stands in,
//! and nothing else: a damaged comment, or a damaged line between records, is its own error.

use std::collections::BTreeMap;

use super::error::NotationError;
use super::grid::{blocks, is_separator_line, row_width, NumberedLine};
use super::{csv, grid};
use super::{fpuzzles, is_link, killer, line, looks_like_killer, looks_like_line, records};
use super::{Entry, Format};
use crate::budget::Budget;
use crate::model::Geometry;

/// How many lines after a line are looked at to tell whether it starts killer text: a 25×25
/// map and its first sums.
const KILLER_LOOKAHEAD: usize = 64;

/// One result per record of `text` read as `format` (line, killer, records or f-puzzles
/// lines), with the damaged lines' errors (by line) in place of the records they stand in.
pub(super) fn parse_each(
    text: &str,
    format: Format,
    damaged: &BTreeMap<usize, NotationError>,
    budget: &Budget,
) -> Vec<Result<Entry, NotationError>> {
    let mut results = Vec::new();
    let mut used = Vec::new();
    let mut read = |lines: &[NumberedLine<'_>],
                    reader: &dyn Fn() -> Vec<Result<Entry, NotationError>>| {
        let found = lines
            .iter()
            .find_map(|(number, _)| damaged.get(number).map(|error| (*number, error.clone())));
        match found {
            Some((number, error)) => {
                used.push(number);
                results.push(Err(error));
            }
            None => results.extend(reader()),
        }
    };
    for block in blocks(text, |_| false) {
        let mut rest: &[NumberedLine<'_>] = &block;
        while let Some(&(number, first)) = rest.first() {
            let trimmed = first.trim();
            if opens_document(rest) {
                read(rest, &|| {
                    vec![fpuzzles::read_document(&joined(rest), number)]
                });
                break;
            }
            if is_one_line(trimmed) && !is_csv_row(trimmed) {
                read(&rest[..1], &|| vec![one_line(first, number, budget)]);
                rest = &rest[1..];
                continue;
            }
            if is_separator_line(trimmed) {
                // a rule above a grid, or between two
                rest = &rest[1..];
                continue;
            }
            // (a killer record's sum lines follow its map within a few dozen lines; looking no
            // further keeps a long block of bad lines linear)
            let looks_killer = {
                let after: Vec<&str> = rest[1..]
                    .iter()
                    .take(KILLER_LOOKAHEAD)
                    .map(|(_, line)| line.trim())
                    .collect();
                looks_like_killer(trimmed, &after)
            };
            let table = if looks_killer { None } else { table(rest) };
            // in a killer file, a block is killer text unless it reads as a grid or CSV
            let table = table.filter(|(_, results)| {
                format != Format::Killer || results.iter().all(Result::is_ok)
            });
            if let Some((rows, results)) = table {
                read(rows, &|| results.clone());
                rest = &rest[rows.len()..];
                continue;
            }
            if looks_killer || format == Format::Killer {
                // a JSON line is still a record of its own (no killer line starts with `{`);
                // any other line belongs to the killer record it stands in
                let (killer_lines, singles): (Vec<NumberedLine<'_>>, Vec<NumberedLine<'_>>) = rest
                    .iter()
                    .partition(|(_, text)| !text.trim_start().starts_with('{'));
                for single in &singles {
                    read(std::slice::from_ref(single), &|| {
                        vec![one_line(single.1, single.0, budget)]
                    });
                }
                for record in killer::split_records(&killer_lines) {
                    read(record, &|| vec![killer::read_record(record)]);
                }
                break;
            }
            read(&rest[..1], &|| vec![one_line(first, number, budget)]);
            rest = &rest[1..];
        }
    }
    // damaged comments, and damaged lines between records, are errors of their own
    results.extend(
        damaged
            .iter()
            .filter(|(number, _)| !used.contains(number))
            .map(|(_, error)| Err(error.clone())),
    );
    if results.len() > 1 {
        results.sort_by_key(|result| match result {
            Ok(entry) => entry.line,
            Err(error) => error.line.unwrap_or(0),
        });
    }
    results
}

/// The rows of a grid or CSV puzzle, and what they read as.
type Table<'block, 'text> = (
    &'block [NumberedLine<'text>],
    Vec<Result<Entry, NotationError>>,
);

/// The rows of the grid or CSV puzzle `lines` open with (as many rows as the first is wide,
/// rules between bands of boxes aside), and what they read as; `None` when the first line
/// is no row of a supported width.
fn table<'block, 'text>(lines: &'block [NumberedLine<'text>]) -> Option<Table<'block, 'text>> {
    let (number, first) = *lines.first()?;
    let first = first.trim();
    let csv = is_csv_row(first);
    let width = if csv {
        first.split(',').count()
    } else {
        row_width(first)
    };
    Geometry::for_size(width).ok()?;
    // one row alone is no grid: a line cut short, or a 4×4 line with a wrong character, is
    // refused as a line
    let (_, second) = lines.get(1)?;
    let second = second.trim();
    if is_one_line(second) && !is_csv_row(second) {
        return None;
    }
    let mut rows = 0;
    let length = lines
        .iter()
        .position(|(_, line)| {
            let line = line.trim();
            if !is_separator_line(line) {
                rows += 1;
            }
            // a record of its own is no row: a grid cut short ends before it
            rows > width || rows > 1 && is_one_line(line) && !is_csv_row(line)
        })
        .unwrap_or(lines.len());
    let taken = &lines[..length];
    let text = joined(taken);
    let mut results = if csv {
        csv::parse_each(&text)
    } else {
        grid::parse_each(&text)
    };
    shift(&mut results, number - 1);
    Some((taken, results))
}

/// Whether `lines` open with a JSON document over several lines: a `{` line that is no JSON
/// alone, followed by a line that does not start with `{` (a record of its own would).
fn opens_document(lines: &[NumberedLine<'_>]) -> bool {
    let [(_, first), (_, second), ..] = lines else {
        return false;
    };
    first.trim_start().starts_with('{')
        && !second.trim_start().starts_with('{')
        && serde_json::from_str::<serde::de::IgnoredAny>(first).is_err()
}

/// A row of comma-separated cells (never a puzzle line, a link or a JSON record).
fn is_csv_row(line: &str) -> bool {
    let first_token = line.split_whitespace().next().unwrap_or("");
    first_token.contains(',') && !line.starts_with('{') && !is_link(first_token)
}

/// The text of consecutive lines of a block, the comments between them kept as `#` lines so
/// that line k of the text is the block's first line plus k − 1.
fn joined(lines: &[NumberedLine<'_>]) -> String {
    let mut text = String::new();
    let mut next = lines.first().map_or(0, |&(number, _)| number);
    for &(number, line) in lines {
        while next < number {
            text.push_str("#\n");
            next += 1;
        }
        text.push_str(line);
        text.push('\n');
        next += 1;
    }
    text
}

/// Moves the line numbers of results past the `offset` lines before them.
fn shift(results: &mut [Result<Entry, NotationError>], offset: usize) {
    for result in results {
        match result {
            Ok(entry) => entry.line += offset,
            Err(error) => {
                if let Some(line) = error.line.as_mut() {
                    *line += offset;
                }
            }
        }
    }
}

/// Whether a line is a record of its own: a puzzle line, a JSON record or an f-puzzles link.
pub(super) fn is_one_line(text: &str) -> bool {
    let text = text.trim();
    let first_token = text.split_whitespace().next().unwrap_or("");
    text.starts_with('{')
        || is_link(first_token)
        || fpuzzles::looks_like(text)
        || looks_like_line(first_token)
}

/// The one puzzle of line `number`, in the notation it is written in (a link unpacked within
/// `budget`'s deadline and flag).
fn one_line(text: &str, number: usize, budget: &Budget) -> Result<Entry, NotationError> {
    let trimmed = text.trim();
    let first_token = trimmed.split_whitespace().next().unwrap_or("");
    if trimmed.starts_with('{') && !records::is_record(trimmed) && fpuzzles::looks_like(trimmed)
        || !trimmed.starts_with('{') && (is_link(first_token) || fpuzzles::looks_like(trimmed))
    {
        let mut results = fpuzzles::parse_each(trimmed, budget).into_iter();
        let mut result = results
            .next()
            .unwrap_or_else(|| Err(NotationError::at(number, super::Reason::NoPuzzle)));
        match &mut result {
            Ok(entry) => entry.line = number,
            Err(error) => error.line = Some(number),
        }
        return result;
    }
    if trimmed.starts_with('{') {
        return records::read(trimmed, number).map(|read| read.entry);
    }
    line::parse_line(text, number)
}
