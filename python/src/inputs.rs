//! What a function was handed: one puzzle's text, a path, or a batch (a list, a tuple, a
//! pandas Series, any iterable) of texts and paths; read into the library's records, each
//! remembering where it came from.

use std::path::PathBuf;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use sudokit::budget::Budget;
use sudokit::service::input::{read_records, Failure, InputOptions, Record};
use sudokit::service::request;

/// The name a single puzzle's text is read under (`puzzle:1: r3c7: …`).
pub const ONE: &str = "puzzle";

/// One source of puzzles in a call.
pub enum Source {
    /// Puzzle text, read under `label` (`puzzle`, or `[i]` for item i of a batch).
    Text { text: String, label: String },
    /// A puzzle file, in any notation the command line reads.
    File(PathBuf),
    /// An item of a batch that is neither text nor a path: an `error` record saying so.
    Invalid { label: String, reason: String },
}

/// What a call was handed.
pub enum Given {
    /// One puzzle's text: one record back, and an exception when it cannot be answered.
    One(String),
    /// A path or a batch: a list of records back, an `error` record for each bad one.
    Many(Vec<Source>),
}

impl Given {
    /// Whether one record, rather than a list, is answered.
    pub fn is_one(&self) -> bool {
        matches!(self, Given::One(_))
    }
}

/// Whether `text` names a file on disk (one line, no puzzle holds a path separator and
/// exists as a file by chance).
fn names_file(text: &str) -> bool {
    !text.contains('\n') && !text.is_empty() && std::path::Path::new(text).is_file()
}

/// Reads a call's `puzzles` argument.
pub fn given(puzzles: &Bound<'_, PyAny>) -> PyResult<Given> {
    if let Ok(text) = puzzles.cast::<PyString>() {
        let text = text.to_cow()?.into_owned();
        if names_file(&text) {
            return Err(PyValueError::new_err(format!(
                "'{text}' names a file: pass pathlib.Path('{text}') (or a list) to read every puzzle in it"
            )));
        }
        return Ok(Given::One(text));
    }
    if puzzles.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "puzzles: bytes are not read: pass a str (decode it first), a path or a list",
        ));
    }
    if puzzles.hasattr("__fspath__")? {
        return Ok(Given::Many(vec![Source::File(puzzles.extract()?)]));
    }
    let items = puzzles.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "puzzles: a {} is not a puzzle: pass a str, a path, or a list (or pandas Series) of them",
            type_name(puzzles)
        ))
    })?;
    let mut sources = Vec::new();
    for (index, item) in items.enumerate() {
        sources.push(source(&item?, index)?);
    }
    Ok(Given::Many(sources))
}

fn type_name(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "value".to_string())
}

/// Item `index` of a batch.
fn source(item: &Bound<'_, PyAny>, index: usize) -> PyResult<Source> {
    let label = format!("[{index}]");
    if let Ok(text) = item.cast::<PyString>() {
        let text = text.to_cow()?.into_owned();
        return Ok(if names_file(&text) {
            Source::File(PathBuf::from(text))
        } else {
            Source::Text { text, label }
        });
    }
    if item.hasattr("__fspath__")? {
        return Ok(Source::File(item.extract()?));
    }
    // a missing value in a pandas column (NaN, None) is a bad record, not the end of the batch
    Ok(Source::Invalid {
        label,
        reason: format!(
            "a {} is not a puzzle: give its text or a path",
            type_name(item)
        ),
    })
}

/// How the puzzles are read: the notation (detected when absent) and the X rule.
pub struct Reading(InputOptions);

impl Reading {
    /// The reading of `input_format` and `diagonals`, named as the command line names them.
    pub fn new(input_format: Option<&str>, diagonals: Option<&str>) -> PyResult<Reading> {
        // as the command line reads: a link's unpacking is still capped at the longest
        // document, and each call's own budget bounds the work done on what was read
        request::input("", input_format, diagonals, &Budget::unlimited())
            .map(Reading)
            .map_err(|error| PyValueError::new_err(error.to_string()))
    }

    /// The records of every source, in order.
    pub fn records(&self, given: &Given) -> Vec<Record> {
        match given {
            Given::One(text) => self.text(text, ONE),
            Given::Many(sources) => sources
                .iter()
                .flat_map(|source| match source {
                    Source::Text { text, label } => self.text(text, label),
                    Source::File(path) => read_records(&InputOptions {
                        files: vec![path.clone()],
                        text: None,
                        ..self.0.clone()
                    }),
                    Source::Invalid { label, reason } => vec![Record {
                        source: label.clone(),
                        entry: Err(Failure {
                            source: label.clone(),
                            line: None,
                            reason: reason.clone(),
                        }),
                    }],
                })
                .collect(),
        }
    }

    fn text(&self, text: &str, label: &str) -> Vec<Record> {
        let mut records = read_records(&InputOptions {
            text: Some(text.to_string()),
            ..self.0.clone()
        });
        for record in &mut records {
            record.source = label.to_string();
            if let Err(failure) = &mut record.entry {
                failure.source = label.to_string();
            }
        }
        records
    }
}
