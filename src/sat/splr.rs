//! The only file that names splr: hands it plain clauses and reads back its answer.

use std::sync::{mpsc, Arc};
use std::time::Duration;

use splr::assign::property::Tusize;
use splr::{Certificate, Config, PropertyDereference, SolveIF, Solver, SolverError};

use super::{Effort, SatError};
use crate::budget::{Budget, Stopped};

/// How often a caller waiting on a solve looks at its budget.
const POLL: Duration = Duration::from_millis(5);

/// One solver call's answer and what it took.
pub(super) struct Solved {
    /// `Some(model)` with every variable's literal in order when satisfiable, `None` when not.
    pub(super) model: Option<Vec<i32>>,
    /// The call's effort: one call, the literals loaded, splr's propagations and conflicts.
    pub(super) effort: Effort,
}

/// Solves `clauses` (DIMACS numbering) from scratch: `Some(model)` with every variable's
/// literal in order when satisfiable, `None` when not, with the call's [`Effort`].
///
/// splr 0.17.2 has no incremental interface in the build we use, so each call builds a new
/// solver. Its simplifier (variable elimination) stays on: turning it off gave wrong
/// "unsatisfiable" answers on hard puzzles.
///
/// Within `budget`: its flag and deadline (the caller looks at the work limit between
/// calls, see [`Effort`]).
///
/// splr 0.17.2 cannot be interrupted from outside: it checks only its own time limit, in
/// whole seconds, between restart stages. So a budget that can stop runs the search on a
/// thread of its own while the caller polls the budget; when the budget says stop, the
/// caller returns [`SatError::Stopped`] at once and abandons that thread, whose answer is
/// dropped. The abandoned search goes on until splr ends it: its time limit is set to the
/// budget's deadline (rounded up to a second) so that it ends soon after, or, with a
/// flag and no deadline, when its current solve ends (a few seconds on an empty 25×25).
pub(super) fn solve_within(
    clauses: &Arc<Vec<Vec<i32>>>,
    budget: &Budget,
) -> Result<Solved, SatError> {
    budget.interrupted()?;
    let mut config = Config {
        quiet_mode: true,
        ..Config::default()
    };
    if let Some(remaining) = budget.remaining() {
        config.c_timeout = remaining.as_secs_f64().ceil().clamp(1.0, config.c_timeout);
    }
    let count = clauses.len();
    let loading = Effort::loading(clauses);
    let has_deadline = budget.deadline().is_some();
    if !budget.is_limited() {
        let loaded = load(config, clauses, count)?;
        return finish(loaded, count, has_deadline, loading);
    }
    // loading a large CNF takes long too: the thread loads it, then lets the clauses go (so
    // the caller can add its blocking clause without a copy), then solves
    let shared = Arc::clone(clauses);
    on_own_thread(budget, move || {
        let loaded = load(config, &shared, count);
        drop(shared);
        loaded.and_then(|loaded| finish(loaded, count, has_deadline, loading))
    })?
}

/// Runs `work` on a thread of its own while the caller polls `budget`: its answer, or
/// [`SatError::Stopped`] as soon as the budget says stop, the thread then abandoned (it runs
/// on to its end, and its answer is dropped). The thread keeps the budget's [`Hold`] until
/// it ends.
///
/// [`Hold`]: crate::budget::Hold
pub(super) fn on_own_thread<T: Send + 'static>(
    budget: &Budget,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, SatError> {
    let (sender, receiver) = mpsc::channel();
    // kept until the thread ends, so the caller's count of running work includes it
    let hold = budget.hold();
    std::thread::Builder::new()
        .name("sudokit-sat".into())
        .spawn(move || {
            let answer = work();
            // the work is done: its slot is free before the caller hears the answer, so an
            // answer never leaves while its slot still counts as busy
            drop(hold);
            // the caller may have gone (stopped): then nobody hears the answer
            let _ = sender.send(answer);
        })
        .map_err(|error| SatError::Solver {
            message: format!("cannot start the solver's thread: {error}"),
        })?;
    loop {
        match receiver.recv_timeout(POLL) {
            Ok(answer) => return Ok(answer),
            Err(mpsc::RecvTimeoutError::Timeout) => budget.interrupted()?,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(SatError::Solver {
                    message: "the solver's thread ended without an answer".to_string(),
                })
            }
        }
    }
}

/// A solver loaded with the clauses, or the answer loading alone found.
enum Loaded {
    Answer(Option<Vec<i32>>),
    Solver(Box<Solver>),
}

/// Loads `clauses` into a new solver.
fn load(config: Config, clauses: &[Vec<i32>], count: usize) -> Result<Loaded, SatError> {
    match Solver::try_from((config, clauses)) {
        Ok(solver) => Ok(Loaded::Solver(Box::new(solver))),
        // A clause emptied or a conflict found while loading: no model exists.
        Err(Ok(Certificate::UNSAT)) | Err(Err(SolverError::EmptyClause)) => {
            Ok(Loaded::Answer(None))
        }
        Err(Ok(Certificate::SAT(model))) => Ok(Loaded::Answer(Some(model))),
        Err(Err(error)) => Err(SatError::Solver {
            message: format!("{error:?} while loading {count} clauses"),
        }),
    }
}

/// Solves with a loaded solver (or takes the answer loading found); splr's own time limit
/// passing is the budget's deadline. The effort is `loading`'s plus splr's own counts of
/// propagations and conflicts.
fn finish(
    loaded: Loaded,
    count: usize,
    has_deadline: bool,
    loading: Effort,
) -> Result<Solved, SatError> {
    let mut solver = match loaded {
        Loaded::Answer(model) => {
            return Ok(Solved {
                model,
                effort: loading,
            })
        }
        Loaded::Solver(solver) => solver,
    };
    let answer = solver.solve();
    let effort = Effort {
        propagations: solver.asg.derefer(Tusize::NumPropagation) as u64,
        conflicts: solver.asg.derefer(Tusize::NumConflict) as u64,
        ..loading
    };
    let solved = |model| Ok(Solved { model, effort });
    match answer {
        Ok(Certificate::SAT(model)) => solved(Some(model)),
        Ok(Certificate::UNSAT) => solved(None),
        Err(SolverError::TimeOut) if has_deadline => Err(SatError::Stopped(Stopped::Deadline)),
        Err(error) => Err(SatError::Solver {
            message: format!("{error:?} while solving {count} clauses"),
        }),
    }
}
