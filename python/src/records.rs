//! The records Python sees: one class per command, each holding the record the library wrote
//! (its serde form, the same as the command line's `--json` line), its fields as attributes.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;
use serde_json::{Map, Value};

use sudokit::generate::Record as GeneratedValue;
use sudokit::service::candidates::CandidatesAnswerRecord;
use sudokit::service::check::CheckRecord as CheckValue;
use sudokit::service::grade::GradeRecord as GradeValue;
use sudokit::service::link::{LinkAnswerRecord, ReadRecord};
use sudokit::service::solve::SolveRecord as SolveValue;

/// Which command wrote a record: its class, and the fields its schema declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `check`.
    Check,
    /// `solve`.
    Solve,
    /// `grade`.
    Grade,
    /// `candidates`.
    Candidates,
    /// `link`.
    Link,
    /// `read`.
    Puzzle,
    /// `generate`.
    Generated,
}

impl Kind {
    /// The Python class name.
    fn class_name(self) -> &'static str {
        match self {
            Kind::Check => "CheckRecord",
            Kind::Solve => "SolveRecord",
            Kind::Grade => "GradeRecord",
            Kind::Candidates => "CandidatesRecord",
            Kind::Link => "LinkRecord",
            Kind::Puzzle => "PuzzleRecord",
            Kind::Generated => "GeneratedRecord",
        }
    }

    /// Every top-level field any variant of the record may have, from its JSON schema: a
    /// field the record leaves out reads as `None`, a name no variant has is an error.
    fn fields(self) -> &'static BTreeSet<String> {
        static FIELDS: [OnceLock<BTreeSet<String>>; 7] = [const { OnceLock::new() }; 7];
        FIELDS[self as usize].get_or_init(|| {
            let schema = match self {
                Kind::Check => schemars::schema_for!(CheckValue),
                Kind::Solve => schemars::schema_for!(SolveValue),
                Kind::Grade => schemars::schema_for!(GradeValue),
                Kind::Candidates => schemars::schema_for!(CandidatesAnswerRecord),
                Kind::Link => schemars::schema_for!(LinkAnswerRecord),
                Kind::Puzzle => schemars::schema_for!(ReadRecord),
                Kind::Generated => schemars::schema_for!(GeneratedValue),
            };
            let root = schema.to_value();
            let mut names = BTreeSet::new();
            collect_fields(&root, &root, &mut names, 0);
            names
        })
    }
}

/// Adds the properties of `schema` and of every alternative it allows (`anyOf`, `oneOf`,
/// `allOf`, `$ref` into `$defs`) to `names`.
fn collect_fields(root: &Value, schema: &Value, names: &mut BTreeSet<String>, depth: usize) {
    // the records nest a few levels at most; a cycle of references stops here
    if depth > 8 {
        return;
    }
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        names.extend(properties.keys().cloned());
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        for alternative in schema
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            collect_fields(root, alternative, names, depth + 1);
        }
    }
    let definition = schema
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|reference| reference.strip_prefix("#/$defs/"))
        .and_then(|name| root.get("$defs")?.get(name));
    if let Some(definition) = definition {
        collect_fields(root, definition, names, depth + 1);
    }
}

/// The value of a JSON tree as Python objects (dicts, lists, str, int, float, bool, None).
pub fn to_python(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    match value {
        Value::Null => Ok(py.None()),
        Value::Bool(flag) => flag.into_py_any(py),
        Value::Number(number) => {
            if let Some(whole) = number.as_i64() {
                whole.into_py_any(py)
            } else if let Some(whole) = number.as_u64() {
                whole.into_py_any(py)
            } else {
                number.as_f64().unwrap_or(f64::NAN).into_py_any(py)
            }
        }
        Value::String(text) => text.into_py_any(py),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_py_any(py)
        }
        Value::Object(fields) => dict(py, fields).map(Bound::unbind).map(Py::into_any),
    }
}

fn dict<'py>(py: Python<'py>, fields: &Map<String, Value>) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (key, value) in fields {
        dict.set_item(key, to_python(py, value)?)?;
    }
    Ok(dict)
}

/// One answer of sudokit: the fields of the command line's `--json` record as attributes
/// (`record.status`, `record.solution` …), `None` for a field this record leaves out.
/// `to_dict()` gives the record as a dict, `to_json()` as the command line's JSON line.
#[pyclass(subclass, frozen, module = "sudokit")]
pub struct Record {
    fields: Map<String, Value>,
    kind: Kind,
}

#[pymethods]
impl Record {
    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        match self.fields.get(name) {
            Some(value) => to_python(py, value),
            None if self.kind.fields().contains(name) => Ok(py.None()),
            None => Err(PyAttributeError::new_err(format!(
                "{} has no field '{name}' (its fields: {})",
                self.kind.class_name(),
                self.kind
                    .fields()
                    .iter()
                    .map(String::as_str)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    /// The record as a dict: the fields it has, as the command line's `--json` writes them.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict(py, &self.fields)
    }

    /// The record as one line of JSON, the same as the command line's `--json` line.
    fn to_json(&self) -> String {
        Value::Object(self.fields.clone()).to_string()
    }

    /// Every field a record of this kind may have (a field it leaves out reads as `None`).
    #[classmethod]
    fn fields(class: &Bound<'_, pyo3::types::PyType>) -> PyResult<Vec<String>> {
        let name = class.name()?.to_string();
        let kind = KINDS
            .iter()
            .find(|kind| kind.class_name() == name)
            .ok_or_else(|| PyAttributeError::new_err(format!("{name} is not a record class")))?;
        Ok(kind.fields().iter().cloned().collect())
    }

    fn __dir__(&self) -> Vec<String> {
        let methods = ["to_dict", "to_json", "fields"];
        let mut names: Vec<String> = self.kind.fields().iter().cloned().collect();
        names.extend(methods.iter().map(|name| name.to_string()));
        names
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Record>()
            .is_ok_and(|other| other.get().fields == self.fields)
    }

    fn __repr__(&self) -> String {
        let shown = |key: &str| {
            self.fields
                .get(key)
                .filter(|value| !value.is_null())
                .map(|value| format!("{key}={value}"))
        };
        let parts: Vec<String> = ["source", "status", "index", "level", "score", "reason"]
            .iter()
            .filter_map(|key| shown(key))
            .collect();
        format!("{}({})", self.kind.class_name(), parts.join(", "))
    }
}

const KINDS: [Kind; 7] = [
    Kind::Check,
    Kind::Solve,
    Kind::Grade,
    Kind::Candidates,
    Kind::Link,
    Kind::Puzzle,
    Kind::Generated,
];

/// A `check` record: `status` (unique, multiple, none or error), `solutions`, `solution`,
/// `second`, `differences`, `reason` …
#[pyclass(extends = Record, frozen, module = "sudokit")]
pub struct CheckRecord;

/// A `solve` record: `status`, `solution`, and for several solutions `second`,
/// `differences` and, with a limit, `all`.
#[pyclass(extends = Record, frozen, module = "sudokit")]
pub struct SolveRecord;

/// A `grade` record: on HoDoKu's scale `level`, `score`, `hardest`, `trial_steps`,
/// `techniques` (and `steps` with `explain`); on Sudoku Explainer's `er`, `ep`, `ed`.
#[pyclass(extends = Record, frozen, module = "sudokit")]
pub struct GradeRecord;

/// A `candidates` record: each cell's true candidates, `solutions_found`, `complete`.
#[pyclass(extends = Record, frozen, module = "sudokit")]
pub struct CandidatesRecord;

/// A `link` record: the `fpuzzles` and `sudokupad` links and the f-puzzles `document`.
#[pyclass(extends = Record, frozen, module = "sudokit")]
pub struct LinkRecord;

/// A puzzle as `read` found it: `source`, `name`, `puzzle` (the givens), `ron` (the whole
/// puzzle, which every function reads back), `size`, the published `solution`.
#[pyclass(extends = Record, frozen, module = "sudokit")]
pub struct PuzzleRecord;

/// A generated puzzle: the record `sudokit generate` writes to `puzzles.jsonl` (`index`,
/// `puzzle`, `solution`, `level`, `score`, `cages` …).
#[pyclass(extends = Record, frozen, module = "sudokit")]
pub struct GeneratedRecord;

/// The Python record of kind `kind` holding `value` (a JSON object).
pub fn record(py: Python<'_>, kind: Kind, value: Value) -> PyResult<Py<PyAny>> {
    let fields = match value {
        Value::Object(fields) => fields,
        other => {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                "a record is not an object: {other}"
            )))
        }
    };
    let base = PyClassInitializer::from(Record { fields, kind });
    match kind {
        Kind::Check => Py::new(py, base.add_subclass(CheckRecord))?.into_py_any(py),
        Kind::Solve => Py::new(py, base.add_subclass(SolveRecord))?.into_py_any(py),
        Kind::Grade => Py::new(py, base.add_subclass(GradeRecord))?.into_py_any(py),
        Kind::Candidates => Py::new(py, base.add_subclass(CandidatesRecord))?.into_py_any(py),
        Kind::Link => Py::new(py, base.add_subclass(LinkRecord))?.into_py_any(py),
        Kind::Puzzle => Py::new(py, base.add_subclass(PuzzleRecord))?.into_py_any(py),
        Kind::Generated => Py::new(py, base.add_subclass(GeneratedRecord))?.into_py_any(py),
    }
}

/// The status word of a record value, and its reason when it is an error.
pub fn failure(value: &Value) -> Option<String> {
    (value.get("status")?.as_str()? == "error").then(|| {
        let source = value.get("source").and_then(Value::as_str).unwrap_or("");
        let reason = value
            .get("reason")
            .and_then(Value::as_str)
            .unwrap_or("the input could not be read");
        format!("{source}: {reason}")
    })
}
