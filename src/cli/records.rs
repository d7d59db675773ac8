//! Records out: one JSON object or CSV row per puzzle read, with the same field names in
//! both, and an `error` record for every input that could not be read. [`Writer`] writes the
//! library's typed records (`sudokit::service`); [`MapWriter`] the bank's records, still
//! built as maps.

use serde::Serialize;
use serde_json::{json, Map, Value};
use sudokit::service::columns::{self, Column, Row};

use super::sources::{Failure, Record};

/// How a command writes its answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Readable lines.
    Text,
    /// One JSON object per puzzle (JSON Lines).
    Json,
    /// A header, then one CSV row per puzzle.
    Csv,
}

impl Style {
    /// The style the `--json` and `--csv` flags ask for.
    pub fn from_flags(json: bool, csv: bool) -> Style {
        if json {
            Style::Json
        } else if csv {
            Style::Csv
        } else {
            Style::Text
        }
    }

    /// Whether answers are records (JSON or CSV) rather than text.
    pub fn is_record(self) -> bool {
        self != Style::Text
    }
}

/// The fields every record starts with: where the puzzle came from and its status.
pub fn header(record: &Record, status: &str) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("source".into(), json!(record.place()));
    match &record.entry {
        Ok(entry) => {
            object.insert("line".into(), json!(entry.line));
            object.insert("name".into(), json!(entry.name));
        }
        Err(failure) => {
            object.insert("line".into(), json!(failure.line));
            object.insert("name".into(), Value::Null);
        }
    }
    object.insert("status".into(), json!(status));
    object
}

/// The record of an input that could not be read (or answered): `status: "error"` and why.
pub fn error(record: &Record, reason: &str) -> Map<String, Value> {
    let mut object = header(record, "error");
    object.insert("reason".into(), json!(reason));
    object
}

/// The record of a failure to read.
pub fn unreadable(record: &Record, failure: &Failure) -> Map<String, Value> {
    error(record, &failure.reason)
}

/// Writes typed records as JSON Lines or as CSV rows of fixed columns.
pub struct Writer {
    style: Style,
    columns: &'static [Column],
}

impl Writer {
    /// A writer for `style`; CSV rows hold `columns`, in that order. Prints the CSV header.
    pub fn new(style: Style, columns: &'static [Column]) -> Writer {
        if style == Style::Csv {
            say!("{}", columns::header(columns));
        }
        Writer { style, columns }
    }

    /// Writes one record (nothing in text style).
    pub fn write<R: Serialize + Row>(&self, record: &R) {
        match self.style {
            Style::Text => {}
            Style::Json => match serde_json::to_string(record) {
                Ok(text) => say!("{text}"),
                Err(error) => complain!("error: a record could not be written: {error}"),
            },
            Style::Csv => say!("{}", record.row(self.columns)),
        }
    }
}

/// Writes records built as maps (the bank's) as JSON Lines or as CSV rows of fixed columns.
pub struct MapWriter {
    style: Style,
    columns: &'static [&'static str],
}

impl MapWriter {
    /// A writer for `style`; CSV rows hold `columns`, in that order. Prints the CSV header.
    pub fn new(style: Style, columns: &'static [&'static str]) -> MapWriter {
        if style == Style::Csv {
            say!("{}", columns.join(","));
        }
        MapWriter { style, columns }
    }

    /// Writes one record (nothing in text style).
    pub fn write(&self, object: &Map<String, Value>) {
        match self.style {
            Style::Text => {}
            Style::Json => match serde_json::to_string(object) {
                Ok(text) => say!("{text}"),
                Err(error) => complain!("error: a record could not be written: {error}"),
            },
            Style::Csv => {
                let fields: Vec<String> = self
                    .columns
                    .iter()
                    .map(|column| csv_field(&flat(object.get(*column))))
                    .collect();
                say!("{}", fields.join(","));
            }
        }
    }
}

/// A value as one CSV field's text: lists joined by spaces, objects as `name xN; …`.
fn flat(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| flat(Some(item)))
            .collect::<Vec<_>>()
            .join(" "),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(key, value)| format!("{key} x{}", flat(Some(value))))
            .collect::<Vec<_>>()
            .join("; "),
        Some(other) => other.to_string(),
    }
}

/// A CSV field, quoted when needed.
pub fn csv_field(text: &str) -> String {
    columns::csv_field(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_flatten_for_csv() {
        assert_eq!(flat(Some(&json!(["r1c1", "r2c2"]))), "r1c1 r2c2");
        assert_eq!(flat(Some(&json!({"Naked Single": 3}))), "Naked Single x3");
        assert_eq!(flat(Some(&Value::Null)), "");
        assert_eq!(flat(Some(&json!(7))), "7");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
    }
}
