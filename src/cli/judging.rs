//! What the rating commands share: the bank's record of a puzzle that was not rated, and the
//! published solution compared with a rating's digits.

use serde_json::{json, Map, Value};
use sudokit::model::Grid;
use sudokit::notation::{self, Entry, Format};
use sudokit::service::records::CountRecord;
use sudokit::Count;

use super::check::not_unique_text;
use super::records::{self, MapWriter as Writer, Style};
use super::sources::Record;
use super::Outcome;

/// What grading one record came to: rated (for a puzzle with exactly one solution), or the
/// count that shows it has none or several, or why no engine could tell.
pub enum Judged<T> {
    /// The puzzle has exactly one solution and was rated.
    Rated(T),
    /// The puzzle has no solution or several: it is not rated.
    NotUnique(Count),
    /// The engine could not answer.
    Failed(String),
    /// The grader does not rate a rule of the puzzle (the reason names it).
    Refused(String),
}

/// The entry and its rating, or — after writing the record (and the line on standard error)
/// of an unreadable, unanswered or not unique puzzle — the outcome it adds to the run.
pub fn judged_entry<'record, T>(
    record: &'record Record,
    judged: &'record Option<Judged<T>>,
    writer: &Writer,
    style: Style,
) -> Result<(&'record Entry, &'record T), Outcome> {
    let location = record.location();
    match (&record.entry, judged) {
        (Ok(entry), Some(Judged::Rated(rating))) => Ok((entry, rating)),
        (Err(failure), _) => {
            complain!("error: {failure}");
            writer.write(&records::unreadable(record, failure));
            Err(Outcome::BadInput)
        }
        (Ok(_), Some(Judged::Refused(reason))) => {
            complain!("error: {location}: {reason}");
            writer.write(&records::error(record, reason));
            Err(Outcome::BadInput)
        }
        (Ok(_), Some(Judged::Failed(reason))) => {
            let reason = format!("engine failed: {reason}");
            complain!("error: {location}: {reason}");
            writer.write(&records::error(record, &reason));
            Err(Outcome::BadInput)
        }
        (Ok(entry), Some(Judged::NotUnique(count))) => {
            let text = not_unique_text(count, 2).unwrap_or_default();
            if style.is_record() {
                let mut object = records::header(record, count.word());
                object.insert("puzzle".into(), json!(puzzle_text(entry)));
                count_fields(&mut object, record, entry, count);
                writer.write(&object);
                complain!("{location}: not rated: {text}");
            } else {
                say!("{location}: {text}");
            }
            Err(Outcome::NotUnique)
        }
        (Ok(_), None) => {
            let reason = "no answer was computed";
            complain!("error: {location}: {reason}");
            writer.write(&records::error(record, reason));
            Err(Outcome::BadInput)
        }
    }
}

/// The fields a count adds to a map record (the library's count record's fields).
fn count_fields(object: &mut Map<String, Value>, record: &Record, entry: &Entry, count: &Count) {
    if let Ok(Value::Object(fields)) =
        serde_json::to_value(CountRecord::new(record, entry, count, 2))
    {
        for (key, value) in fields {
            if !["line", "name", "source", "status"].contains(&key.as_str()) {
                object.insert(key, value);
            }
        }
    }
}

/// The puzzle as one line of text.
pub fn puzzle_text(entry: &Entry) -> String {
    notation::format_grid(entry.puzzle.givens(), Format::Line)
}

/// The cells where the puzzle's published solution (a `solution` line or field) differs from
/// the digits a rating placed (`grid`, full or not: every digit the grader places is the
/// only solution's), if it does; said on standard error, and the run exits 1, as `check`.
pub fn published_differs(record: &Record, entry: &Entry, grid: &Grid) -> bool {
    let Some(published) = &entry.solution else {
        return false;
    };
    let cells: Vec<String> = grid
        .filled()
        .filter(|&(cell, digit)| published.get(cell) != Some(digit))
        .map(|(cell, _)| cell.to_string())
        .collect();
    if cells.is_empty() {
        return false;
    }
    complain!(
        "{}: the published solution differs at {}",
        record.location(),
        cells.join(" ")
    );
    true
}
