//! Records out: one JSON object or CSV row per puzzle read, with the same field names in
//! both, and an `error` record for every input that could not be read. [`Writer`] writes the
//! library's typed records (`sudokit::service`), every command's.

use serde::Serialize;
use sudokit::service::columns::{self, Column, Row};

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
