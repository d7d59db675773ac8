//! The only file that names splr: hands it plain clauses and reads back its answer.

use std::sync::mpsc;
use std::time::Duration;

use splr::{Certificate, Config, SolveIF, Solver, SolverError};

use super::SatError;
use crate::budget::{Budget, Stopped};

/// How often a caller waiting on a solve looks at its budget.
const POLL: Duration = Duration::from_millis(5);

/// Solves `clauses` (DIMACS numbering) from scratch: `Some(model)` with every variable's
/// literal in order when satisfiable, `None` when not.
///
/// splr 0.17.2 has no incremental interface in the build we use, so each call builds a new
/// solver. Its simplifier (variable elimination) stays on: turning it off gave wrong
/// "unsatisfiable" answers on hard puzzles.
///
/// Within `budget`: its flag and deadline (the work limit is not splr's to count).
///
/// splr 0.17.2 cannot be interrupted from outside: it checks only its own time limit, in
/// whole seconds, between restart stages. So a budget that can stop runs the search on a
/// thread of its own while the caller polls the budget; when the budget says stop, the
/// caller returns [`SatError::Stopped`] at once and abandons that thread, whose answer is
/// dropped. The abandoned search goes on until splr ends it: its time limit is set to the
/// budget's deadline (rounded up to a second) so that it ends soon after, or, with a
/// flag and no deadline, when its current solve ends (a few seconds on an empty 25×25).
pub(super) fn solve_within(
    clauses: &[Vec<i32>],
    budget: &Budget,
) -> Result<Option<Vec<i32>>, SatError> {
    budget.interrupted()?;
    let mut config = Config {
        quiet_mode: true,
        ..Config::default()
    };
    if let Some(remaining) = budget.remaining() {
        config.c_timeout = remaining.as_secs_f64().ceil().clamp(1.0, config.c_timeout);
    }
    let mut solver = match Solver::try_from((config, clauses)) {
        Ok(solver) => solver,
        // A clause emptied or a conflict found while loading: no model exists.
        Err(Ok(Certificate::UNSAT)) | Err(Err(SolverError::EmptyClause)) => return Ok(None),
        Err(Ok(Certificate::SAT(model))) => return Ok(Some(model)),
        Err(Err(error)) => {
            return Err(SatError::Solver {
                message: format!("{error:?} while loading {} clauses", clauses.len()),
            })
        }
    };
    let answer = if budget.is_limited() {
        let (sender, receiver) = mpsc::channel();
        std::thread::Builder::new()
            .name("sudokit-sat".into())
            .spawn(move || {
                // the caller may have gone (stopped): then nobody hears the answer
                let _ = sender.send(solver.solve());
            })
            .map_err(|error| SatError::Solver {
                message: format!("cannot start the solver's thread: {error}"),
            })?;
        loop {
            match receiver.recv_timeout(POLL) {
                Ok(answer) => break answer,
                Err(mpsc::RecvTimeoutError::Timeout) => budget.interrupted()?,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(SatError::Solver {
                        message: format!(
                            "the solver's thread ended without an answer while solving {} clauses",
                            clauses.len()
                        ),
                    })
                }
            }
        }
    } else {
        solver.solve()
    };
    match answer {
        Ok(Certificate::SAT(model)) => Ok(Some(model)),
        Ok(Certificate::UNSAT) => Ok(None),
        Err(SolverError::TimeOut) if budget.deadline().is_some() => {
            Err(SatError::Stopped(Stopped::Deadline))
        }
        Err(error) => Err(SatError::Solver {
            message: format!("{error:?} while solving {} clauses", clauses.len()),
        }),
    }
}
