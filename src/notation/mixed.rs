//! Files of one puzzle a line that also hold killer-text records, and killer files that also
//! hold puzzle lines or sudokit's JSON records: each record read in its own notation.
//!
//! The text is cut into blocks at blank lines (`#` comments left out). In each block, the
//! lines that are one record each — a puzzle line, a JSON record, an f-puzzles link — are read
//! one by one until the first line that is none of them; from there, the block is killer
//! text (split at `name` lines, a JSON line still read alone) when the file is killer text or
//! the lines read like it, else each line is read alone (and refused alone when it is no
//! puzzle). Results come in line order. A damaged line (a control
//! character, an invalid byte) refuses the one record it stands in, and nothing else: a
//! damaged comment, or a damaged line between records, is its own error.

use std::collections::BTreeMap;

use super::error::NotationError;
use super::grid::{blocks, NumberedLine};
use super::{fpuzzles, is_link, killer, line, looks_like_killer, looks_like_line, records};
use super::{Entry, Format};

/// One result per record of `text` read as `format` (line, killer or records), with the
/// damaged lines' errors (by line) in place of the records they stand in.
pub(super) fn parse_each(
    text: &str,
    format: Format,
    damaged: &BTreeMap<usize, NotationError>,
) -> Vec<Result<Entry, NotationError>> {
    let mut results = Vec::new();
    let mut used = Vec::new();
    let mut damage_in = |lines: &[NumberedLine<'_>]| {
        let found = lines
            .iter()
            .find_map(|(number, _)| damaged.get(number).map(|error| (*number, error.clone())));
        if let Some((number, _)) = found {
            used.push(number);
        }
        found.map(|(_, error)| error)
    };
    for block in blocks(text, |_| false) {
        let split = block
            .iter()
            .position(|&(_, text)| !is_one_line(text))
            .unwrap_or(block.len());
        let (singles, rest) = block.split_at(split);
        let killer_text = rest.first().is_some_and(|&(_, first)| {
            format == Format::Killer || {
                let after: Vec<&str> = rest[1..].iter().map(|(_, line)| line.trim()).collect();
                looks_like_killer(first.trim(), &after)
            }
        });
        // in killer text, a JSON line is still a record of its own (no killer line starts
        // with `{`); any other line belongs to the killer record it stands in
        let (killer_lines, rest_singles): (Vec<NumberedLine<'_>>, Vec<NumberedLine<'_>>) =
            if killer_text {
                rest.iter()
                    .partition(|(_, text)| !text.trim_start().starts_with('{'))
            } else {
                (Vec::new(), rest.to_vec())
            };
        for single in singles.iter().chain(&rest_singles) {
            results.push(match damage_in(std::slice::from_ref(single)) {
                Some(error) => Err(error),
                None => one_line(single.1, single.0),
            });
        }
        if !killer_lines.is_empty() {
            for record in killer::split_records(&killer_lines) {
                results.push(match damage_in(record) {
                    Some(error) => Err(error),
                    None => killer::read_record(record),
                });
            }
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

/// Whether a line is a record of its own: a puzzle line, a JSON record or an f-puzzles link.
pub(super) fn is_one_line(text: &str) -> bool {
    let text = text.trim();
    let first_token = text.split_whitespace().next().unwrap_or("");
    text.starts_with('{')
        || is_link(first_token)
        || fpuzzles::looks_like(text)
        || looks_like_line(first_token)
}

/// The one puzzle of line `number`, in the notation it is written in.
fn one_line(text: &str, number: usize) -> Result<Entry, NotationError> {
    let trimmed = text.trim();
    let first_token = trimmed.split_whitespace().next().unwrap_or("");
    if trimmed.starts_with('{') && !records::is_record(trimmed) && fpuzzles::looks_like(trimmed)
        || !trimmed.starts_with('{') && (is_link(first_token) || fpuzzles::looks_like(trimmed))
    {
        let mut results = fpuzzles::parse_each(trimmed).into_iter();
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
