//! Where the work runs: off the GIL on a thread of its own, spread over a rayon pool of
//! `jobs` threads, within the library's `Budget` (a work limit, a deadline from `timeout`, a
//! cancel flag raised by Ctrl-C, which the calling thread looks for while it waits).

use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;

use sudokit::budget::{Budget, Cancel};
use sudokit::notation::Entry;
use sudokit::service::input::Record;

/// How often the waiting thread looks for a signal (Ctrl-C in a notebook or a terminal).
const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// The most threads a call may ask for, as the command line's `--jobs`.
const MOST_JOBS: usize = 256;

/// What a call may spend: threads, work, time.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Threads (all cores when absent).
    pub jobs: Option<usize>,
    /// Work units each puzzle may take (the unit of the engine asked).
    pub work_limit: Option<u64>,
    /// Seconds the whole call may take.
    pub timeout: Option<f64>,
}

impl Limits {
    /// The limits of a call's `jobs`, `work_limit` and `timeout`, refused with the reason
    /// when one cannot mean anything.
    pub fn new(
        jobs: Option<i64>,
        work_limit: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Limits> {
        let jobs = match jobs {
            None => None,
            Some(0) => {
                return Err(PyValueError::new_err(
                    "jobs=0: 0 threads cannot do any work: give 1 or more, or leave jobs out to use every core",
                ))
            }
            Some(jobs) if jobs < 0 || jobs as u64 > MOST_JOBS as u64 => {
                return Err(PyValueError::new_err(format!(
                    "jobs={jobs}: give 1 to {MOST_JOBS} threads"
                )))
            }
            Some(jobs) => Some(jobs as usize),
        };
        let work_limit = match work_limit {
            None => None,
            Some(limit) if limit < 1 => {
                return Err(PyValueError::new_err(format!(
                    "work_limit={limit}: must be 1 or more"
                )))
            }
            Some(limit) => Some(limit as u64),
        };
        if let Some(seconds) = timeout {
            if !seconds.is_finite() || seconds <= 0.0 {
                return Err(PyValueError::new_err(format!(
                    "timeout={seconds}: give a number of seconds above 0"
                )));
            }
        }
        Ok(Limits {
            jobs,
            work_limit,
            timeout,
        })
    }

    /// The budget of the call: its deadline, and `cancel` where the engines should look at
    /// it; no work limit (each command puts the work limit where its engine counts it).
    pub fn budget(&self, cancel: &Cancel, cancelling: Cancelling) -> Budget {
        match (self.timeout, cancelling) {
            (Some(seconds), _) => Budget::unlimited()
                .with_cancel(cancel)
                .with_timeout(Duration::from_secs_f64(seconds)),
            (None, Cancelling::InEngines) => Budget::unlimited().with_cancel(cancel),
            (None, Cancelling::BetweenPuzzles) => Budget::unlimited(),
        }
    }
}

/// Where Ctrl-C's cancel flag is looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cancelling {
    /// In the engines too: a rating or a candidate search stops within the puzzle.
    InEngines,
    /// Between puzzles only. A budget that can stop runs each SAT call on a thread of its own
    /// (so that it can be left behind); for `check` and `solve` of ordinary puzzles that
    /// costs more than the answer (two threads a puzzle, a third more CPU time on 10 000
    /// classic puzzles), and a call left behind runs to its end either way.
    BetweenPuzzles,
}

/// Runs `work` without the GIL on a thread of its own while this thread looks for signals:
/// on Ctrl-C (or any signal handler that raises) `cancel` is raised and the handler's
/// exception (`KeyboardInterrupt`) is raised at once; the work is left behind, to stop at
/// its next look at the flag (the next puzzle, or the engine's next step) and be dropped.
pub fn detached<T: Send + 'static>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    py.detach(|| {
        let (sender, receiver) = mpsc::channel();
        std::thread::Builder::new()
            .name("sudokit-python".into())
            .spawn(move || {
                // the receiver is gone only when the caller stopped waiting
                let _ = sender.send(work());
            })
            .map_err(|error| PyRuntimeError::new_err(format!("cannot start a thread: {error}")))?;
        loop {
            match receiver.recv_timeout(SIGNAL_CHECK) {
                Ok(answer) => return Ok(answer),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(error) = Python::attach(|py| py.check_signals()) {
                        cancel.cancel();
                        return Err(error);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("sudokit's worker thread stopped"))
                }
            }
        }
    })
}

/// Answers `judge` for every record that was read, on `jobs` threads (one record is
/// answered on the calling thread); `None` for a record that could not be read, or not
/// begun before `cancel` was raised.
pub fn judge_all<V: Send>(
    records: &[Record],
    jobs: Option<usize>,
    cancel: &Cancel,
    judge: impl Fn(&Entry) -> V + Sync,
) -> Result<Vec<Option<V>>, String> {
    let one = |record: &Record| {
        let entry = record.entry.as_ref().ok()?;
        (!cancel.is_cancelled()).then(|| judge(entry))
    };
    if records.len() <= 1 {
        return Ok(records.iter().map(one).collect());
    }
    let pool = pool(jobs)?;
    Ok(pool.install(|| records.par_iter().map(one).collect()))
}

/// A rayon pool of `jobs` threads (every core when absent).
pub fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, String> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = jobs {
        builder = builder.num_threads(jobs);
    }
    builder
        .build()
        .map_err(|error| format!("cannot start {jobs:?} threads: {error}"))
}
