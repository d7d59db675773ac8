//! sudokit from Python: the third door over `sudokit::service`. Each function reads what it
//! is handed (a puzzle's text, a path, or a batch of them), answers on every core without
//! the GIL, within the library's budget, and hands back the records the command line's
//! `--json` writes, as Python objects.

mod inputs;
mod records;
mod work;

use std::path::{Path, PathBuf};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;
use serde::Serialize;
use serde_json::Value;

use sudokit::budget::{Budget, Cancel};
use sudokit::generate::{Generator, Record as Generated};
use sudokit::preset::Preset;
use sudokit::service::candidates::{self as candidates_service, CANDIDATES_LIMIT};
use sudokit::service::check::{self as check_service, CheckSettings};
use sudokit::service::grade::{self as grade_service, GradeSettings, Scale, Table};
use sudokit::service::input::Record;
use sudokit::service::link as link_service;
use sudokit::service::solve::{self as solve_service, SolveSettings};
use sudokit::service::uniqueness::Engine;

use inputs::Reading;
use records::Kind;
use work::{Cancelling, Limits};

create_exception!(
    sudokit,
    PuzzleError,
    PyValueError,
    "A puzzle could not be read or answered: the message says where (source:line, cell r3c7) \
     and why, in the command line's words."
);

/// Why a call gives no records.
enum Refused {
    /// The puzzle handed alone could not be read or answered.
    Puzzle(String),
    /// Something no input explains (a thread pool that would not start).
    Internal(String),
}

impl From<Refused> for PyErr {
    fn from(refused: Refused) -> PyErr {
        match refused {
            Refused::Puzzle(message) => PuzzleError::new_err(message),
            Refused::Internal(message) => PyRuntimeError::new_err(message),
        }
    }
}

/// The serde forms of `records`.
fn values<R: Serialize>(records: impl Iterator<Item = R>) -> Result<Vec<Value>, Refused> {
    records
        .map(|record| {
            serde_json::to_value(record).map_err(|error| {
                Refused::Internal(format!("a record could not be written: {error}"))
            })
        })
        .collect()
}

/// Reads `puzzles`, answers each record with `answer` off the GIL, and hands back one record
/// (a puzzle's text: an exception when it cannot be answered) or a list of them.
fn answer(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    reading: Reading,
    (limits, cancelling): (Limits, Cancelling),
    kind: Kind,
    answer: impl Fn(&[Record], &Budget, &Cancel) -> Result<Vec<Value>, Refused> + Send + 'static,
) -> PyResult<Py<PyAny>> {
    let given = inputs::given(puzzles)?;
    let cancel = Cancel::new();
    let budget = limits.budget(&cancel, cancelling);
    let flag = cancel.clone();
    let one = given.is_one();
    let values = work::detached(py, &cancel, move || {
        let records = reading.records(&given);
        if one && records.len() != 1 {
            return Err(Refused::Puzzle(match records.len() {
                0 => format!("{}: no puzzle in the text", inputs::ONE),
                many => format!(
                    "{}: the text holds {many} puzzles: pass them as a list (text.splitlines() \
                     for one a line) or write them to a file and pass its pathlib.Path",
                    inputs::ONE
                ),
            }));
        }
        answer(&records, &budget, &flag)
    })??;
    if one {
        let value = values
            .into_iter()
            .next()
            .ok_or_else(|| PyRuntimeError::new_err("no record was answered"))?;
        if let Some(message) = records::failure(&value) {
            return Err(PuzzleError::new_err(message));
        }
        return records::record(py, kind, value);
    }
    let list = PyList::empty(py);
    for value in values {
        list.append(records::record(py, kind, value)?)?;
    }
    Ok(list.into_any().unbind())
}

/// The engine `name` names, as the library's list of engines spells them.
fn engine(name: &str) -> PyResult<Engine> {
    name.parse().map_err(|reason| {
        PyValueError::new_err(format!("invalid value '{name}' for engine: {reason}"))
    })
}

/// A solution limit of at least `least` (and at most `most`).
fn solution_limit(limit: Option<i64>, least: i64, most: i64) -> PyResult<Option<usize>> {
    match limit {
        None => Ok(None),
        Some(limit) if limit < 2 && least == 2 => Err(PyValueError::new_err(format!(
            "limit={limit}: a limit below 2 cannot tell unique from multiple (give 2 or more)"
        ))),
        Some(limit) if limit < least || limit > most => Err(PyValueError::new_err(format!(
            "limit={limit}: give {least} to {most}"
        ))),
        Some(limit) => Ok(Some(limit as usize)),
    }
}

/// How many solutions each puzzle has (up to `limit`, default 2): `status` is `unique`,
/// `multiple` or `none` (`error` for a puzzle that could not be read or answered), with the
/// `solution`, and for several a `second` one and the cells where they `differ`. The SAT
/// engine answers by default (`engine="native"`, `"both"` or `"auto"` for the others);
/// `all=True` lists every solution up to `limit` (default 100); `suggest=True` adds setter
/// help to a puzzle that is not unique.
///
/// `puzzles`: one puzzle's text in any notation the command line reads (one record back; an
/// unreadable puzzle raises `PuzzleError`), a `pathlib.Path` to a puzzle file, or a list /
/// pandas Series of texts and paths (a list back, in input order, a bad puzzle an `error`
/// record). `jobs` threads (every core by default) work without the GIL; `work_limit`
/// (work units per puzzle) and `timeout` (seconds for the whole call) stop long work, which
/// then answers `error` with the reason; Ctrl-C stops it and raises `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=None, all=false, suggest=false, engine="sat", input_format=None, diagonals=None, jobs=None, work_limit=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: Option<i64>,
    all: bool,
    suggest: bool,
    engine: &str,
    input_format: Option<&str>,
    diagonals: Option<&str>,
    jobs: Option<i64>,
    work_limit: Option<i64>,
    timeout: Option<f64>,
) -> PyResult<Py<PyAny>> {
    if all && suggest {
        return Err(PyValueError::new_err(
            "all=True and suggest=True: setter help is for a count, not a listing: give one",
        ));
    }
    let settings = CheckSettings::new(
        self::engine(engine)?,
        solution_limit(limit, 2, i64::from(u32::MAX))?,
        all,
        suggest,
    );
    let reading = Reading::new(input_format, diagonals)?;
    let limits = Limits::new(jobs, work_limit, timeout)?;
    answer(
        py,
        puzzles,
        reading,
        (limits, Cancelling::BetweenPuzzles),
        Kind::Check,
        move |records, budget, cancel| {
            let budget = with_work_limit(budget, limits.work_limit);
            let verdicts = work::judge_all(records, limits.jobs, cancel, |entry| {
                check_service::judge(entry, &settings, &budget)
            })
            .map_err(Refused::Internal)?;
            values(
                records.iter().zip(&verdicts).map(|(read, verdict)| {
                    check_service::record(read, verdict.as_ref(), &settings).0
                }),
            )
        },
    )
}

fn with_work_limit(budget: &Budget, work_limit: Option<u64>) -> Budget {
    match work_limit {
        Some(limit) => budget.clone().with_work_limit(limit),
        None => budget.clone().without_work_limit(),
    }
}

/// Each puzzle's solution: `status` `unique` with the `solution`; `multiple` with two
/// solutions and where they differ (and up to `limit` of them in `all`); `none`; `error`.
/// The native engine answers, then the SAT engine past a budget of branch points
/// (`engine="auto"`; `"sat"`, `"native"` or `"both"` to choose). `puzzles`, `jobs`,
/// `work_limit`, `timeout`: as in `check`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=None, engine="auto", input_format=None, diagonals=None, jobs=None, work_limit=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: Option<i64>,
    engine: &str,
    input_format: Option<&str>,
    diagonals: Option<&str>,
    jobs: Option<i64>,
    work_limit: Option<i64>,
    timeout: Option<f64>,
) -> PyResult<Py<PyAny>> {
    let settings = SolveSettings {
        engine: self::engine(engine)?,
        limit: solution_limit(limit, 1, 100_000)?,
    };
    let reading = Reading::new(input_format, diagonals)?;
    let limits = Limits::new(jobs, work_limit, timeout)?;
    answer(
        py,
        puzzles,
        reading,
        (limits, Cancelling::BetweenPuzzles),
        Kind::Solve,
        move |records, budget, cancel| {
            let budget = with_work_limit(budget, limits.work_limit);
            let solved = work::judge_all(records, limits.jobs, cancel, |entry| {
                solve_service::solve(&entry.puzzle, &settings, &budget)
            })
            .map_err(Refused::Internal)?;
            values(
                records.iter().zip(&solved).map(|(read, solved)| {
                    solve_service::record(read, solved.as_ref(), &settings).0
                }),
            )
        },
    )
}

/// Each puzzle's rating by the human techniques it needs. `scale="hodoku"` (the default):
/// `level` (Easy, Medium, Hard, Unfair, Extreme), `score`, `hardest`, `trial_steps`,
/// `techniques`; `scale="se"` (or `"se121"`): Sudoku Explainer's `er`, `ep`, `ed`.
/// `explain=True` adds every `steps` of the path. `status` is `rated`; `beyond` when the
/// rating stopped at `work_limit` (work units per puzzle, default 100 million) or `timeout`;
/// `multiple` or `none` for a puzzle that is not unique (not rated); `error`.
/// `puzzles`, `jobs`: as in `check`.
#[pyfunction]
#[pyo3(signature = (puzzles, scale="hodoku", explain=false, *, input_format=None, diagonals=None, jobs=None, work_limit=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
fn grade(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    scale: &str,
    explain: bool,
    input_format: Option<&str>,
    diagonals: Option<&str>,
    jobs: Option<i64>,
    work_limit: Option<i64>,
    timeout: Option<f64>,
) -> PyResult<Py<PyAny>> {
    let scale: Scale = scale
        .parse()
        .map_err(|error: sudokit::service::RequestError| PyValueError::new_err(error.0))?;
    let reading = Reading::new(input_format, diagonals)?;
    let limits = Limits::new(jobs, work_limit, timeout)?;
    let settings = GradeSettings::new(Table::builtin(scale), explain, limits.work_limit);
    answer(
        py,
        puzzles,
        reading,
        (limits, Cancelling::InEngines),
        Kind::Grade,
        move |records, budget, cancel| {
            let judged = work::judge_all(records, limits.jobs, cancel, |entry| {
                grade_service::judge(entry, &settings, budget)
            })
            .map_err(Refused::Internal)?;
            values(
                records.iter().zip(&judged).map(|(read, judged)| {
                    grade_service::record(read, judged.as_ref(), &settings).0
                }),
            )
        },
    )
}

/// Each puzzle's true candidates, the digits each cell takes in at least one solution
/// (found by the SAT engine, at most `limit` solutions, default 1000): `candidates` row by
/// row, `solutions_found`, `complete`; `status` `unique`, `multiple`, `none`, `beyond` (cut
/// by `work_limit` or `timeout`, with what was found) or `error`. `puzzles`, `jobs`: as in
/// `check`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=None, input_format=None, diagonals=None, jobs=None, work_limit=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
fn candidates(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: Option<i64>,
    input_format: Option<&str>,
    diagonals: Option<&str>,
    jobs: Option<i64>,
    work_limit: Option<i64>,
    timeout: Option<f64>,
) -> PyResult<Py<PyAny>> {
    let limit = solution_limit(limit, 2, i64::from(u32::MAX))?.unwrap_or(CANDIDATES_LIMIT);
    let reading = Reading::new(input_format, diagonals)?;
    let limits = Limits::new(jobs, work_limit, timeout)?;
    answer(
        py,
        puzzles,
        reading,
        (limits, Cancelling::InEngines),
        Kind::Candidates,
        move |records, budget, cancel| {
            let budget = with_work_limit(budget, limits.work_limit);
            let found = work::judge_all(records, limits.jobs, cancel, |entry| {
                candidates_service::judge(entry, limit, &budget)
            })
            .map_err(Refused::Internal)?;
            values(
                records
                    .iter()
                    .zip(found)
                    .map(|(read, found)| candidates_service::record(read, found).0),
            )
        },
    )
}

/// The record `answer` makes of each record read, with no engine and no budget.
fn each_read<R: Serialize + 'static>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    input_format: Option<&str>,
    diagonals: Option<&str>,
    kind: Kind,
    answer_one: fn(&Record) -> R,
) -> PyResult<Py<PyAny>> {
    let reading = Reading::new(input_format, diagonals)?;
    answer(
        py,
        puzzles,
        reading,
        (Limits::default(), Cancelling::BetweenPuzzles),
        kind,
        move |records, _, _| values(records.iter().map(answer_one)),
    )
}

/// Each puzzle's f-puzzles and SudokuPad links (`fpuzzles`, `sudokupad`) and the f-puzzles
/// `document` they carry, to play it online; `error` for a puzzle with a rule the links
/// cannot carry. `puzzles`: as in `check`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, input_format=None, diagonals=None))]
fn link(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    input_format: Option<&str>,
    diagonals: Option<&str>,
) -> PyResult<Py<PyAny>> {
    each_read(
        py,
        puzzles,
        input_format,
        diagonals,
        Kind::Link,
        link_service::link,
    )
}

/// The puzzles as read: `source` (`file:line`), `name`, `puzzle` (the givens as one line),
/// `ron` (the whole puzzle, rules and cages too, which every function reads back), `size`,
/// the published `solution`; `error` for one that could not be read. `puzzles`: as in
/// `check` (a file with many puzzles: `read(pathlib.Path("file"))`).
#[pyfunction]
#[pyo3(signature = (puzzles, *, input_format=None, diagonals=None))]
fn read(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    input_format: Option<&str>,
    diagonals: Option<&str>,
) -> PyResult<Py<PyAny>> {
    each_read(
        py,
        puzzles,
        input_format,
        diagonals,
        Kind::Puzzle,
        link_service::read,
    )
}

/// The preset `value` names: a file when it names one (or looks like a path), else a
/// shipped preset, as `sudokit generate --preset` reads it.
fn load_preset(value: &Bound<'_, PyAny>) -> PyResult<Preset> {
    let path: PathBuf = value.extract()?;
    let text = path.to_string_lossy().into_owned();
    let is_path = value.hasattr("__fspath__")?
        || path.is_file()
        || text.ends_with(".ron")
        || text.contains(['/', '\\']);
    if !is_path {
        return Preset::builtin(&text).map_err(|error| PyValueError::new_err(error.to_string()));
    }
    let content = std::fs::read_to_string(&path).map_err(|error| {
        PyValueError::new_err(format!(
            "{}: cannot read the preset: {error}",
            path.display()
        ))
    })?;
    let name = Path::new(&path)
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    Preset::from_ron(&name, &content)
        .map_err(|error| PyValueError::new_err(format!("{}: {error}", path.display())))
}

/// `count` puzzles from `preset` (a shipped preset's name, as `sudokit presets` lists them,
/// or a path to a RON preset) and `seed`: the records `sudokit generate` writes to
/// `puzzles.jsonl` (`index`, `puzzle`, `solution`, `level`, `score`, `cages` …), the same
/// bytes for the same preset, seed and version. Each is made on `jobs` threads without the
/// GIL; `timeout` (seconds) and Ctrl-C stop the call.
#[pyfunction]
#[pyo3(signature = (preset, count=1, seed=1, *, jobs=None, timeout=None))]
fn generate(
    py: Python<'_>,
    preset: &Bound<'_, PyAny>,
    count: i64,
    seed: u64,
    jobs: Option<i64>,
    timeout: Option<f64>,
) -> PyResult<Py<PyAny>> {
    if count < 1 {
        return Err(PyValueError::new_err(format!(
            "count={count}: give 1 or more"
        )));
    }
    let preset = load_preset(preset)?;
    let limits = Limits::new(jobs, None, timeout)?;
    let cancel = Cancel::new();
    let budget = limits.budget(&cancel, Cancelling::InEngines);
    let generator = Generator::new(&preset)
        .map_err(|error| PyValueError::new_err(error.to_string()))?
        .with_budget(&budget);
    let made = work::detached(py, &cancel, move || {
        let pool = work::pool(limits.jobs).map_err(Refused::Internal)?;
        let generated: Vec<_> = pool.install(|| {
            (0..count as u64)
                .into_par_iter()
                .map(|index| {
                    generator
                        .puzzle(seed, index)
                        .map(|generated| Generated::new(&preset, &generated))
                        .map_err(|error| Refused::Puzzle(format!("puzzle {index}: {error}")))
                })
                .collect()
        });
        generated.into_iter().collect::<Result<Vec<_>, _>>()
    })??;
    let list = PyList::empty(py);
    for value in values(made.iter())? {
        list.append(records::record(py, Kind::Generated, value)?)?;
    }
    Ok(list.into_any().unbind())
}

/// Generate, verify and grade Sudoku puzzles (classic, n×n, X, killer, greater killer,
/// f-puzzles variants) with SAT-confirmed uniqueness and HoDoKu and Sudoku Explainer
/// ratings: `check`, `solve`, `grade`, `candidates`, `link`, `generate`, `read`.
#[pymodule(name = "sudokit")]
fn sudokit_python(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add("PuzzleError", module.py().get_type::<PuzzleError>())?;
    module.add_class::<records::Record>()?;
    module.add_class::<records::CheckRecord>()?;
    module.add_class::<records::SolveRecord>()?;
    module.add_class::<records::GradeRecord>()?;
    module.add_class::<records::CandidatesRecord>()?;
    module.add_class::<records::LinkRecord>()?;
    module.add_class::<records::PuzzleRecord>()?;
    module.add_class::<records::GeneratedRecord>()?;
    module.add_function(wrap_pyfunction!(check, module)?)?;
    module.add_function(wrap_pyfunction!(solve, module)?)?;
    module.add_function(wrap_pyfunction!(grade, module)?)?;
    module.add_function(wrap_pyfunction!(candidates, module)?)?;
    module.add_function(wrap_pyfunction!(link, module)?)?;
    module.add_function(wrap_pyfunction!(read, module)?)?;
    module.add_function(wrap_pyfunction!(generate, module)?)?;
    Ok(())
}
