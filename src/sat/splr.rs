//! The only file that names splr: hands it plain clauses and reads back its answer.

use splr::{Certificate, Config, SolveIF, Solver, SolverError};

use super::SatError;

/// Solves `clauses` (DIMACS numbering) from scratch: `Some(model)` with every variable's
/// literal in order when satisfiable, `None` when not.
///
/// splr 0.17.2 has no incremental interface in the build we use, so each call builds a new
/// solver. Its simplifier (variable elimination) stays on: turning it off gave wrong
/// "unsatisfiable" answers on hard puzzles.
pub(super) fn solve(clauses: &[Vec<i32>]) -> Result<Option<Vec<i32>>, SatError> {
    let config = Config {
        quiet_mode: true,
        ..Config::default()
    };
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
    match solver.solve() {
        Ok(Certificate::SAT(model)) => Ok(Some(model)),
        Ok(Certificate::UNSAT) => Ok(None),
        Err(error) => Err(SatError::Solver {
            message: format!("{error:?} while solving {} clauses", clauses.len()),
        }),
    }
}
