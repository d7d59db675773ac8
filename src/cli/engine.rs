//! Choosing the engine that answers: one place maps `--engine` to library calls.

use sudokit::backtrack::Solver;
use sudokit::budget::{Budget, Stopped};
use sudokit::model::{Grid, Puzzle};
use sudokit::{sat, Count};

use super::Engine;

/// Branch points the native engine may visit under `--engine auto` before the SAT engine
/// takes over: about 0.15 s on a 25×25 grid, far more than any 9×9 or 16×16 of the test
/// data needs (BENCHMARKS.md, "25×25").
pub const AUTO_NATIVE_BUDGET: u64 = 2_000;

/// An engine's answer and, for the native engine, how many guesses (branch points) it took.
pub struct Answer {
    /// How many solutions, up to the limit.
    pub count: Count,
    /// Branch points of the native search (none for SAT).
    pub guesses: Option<u64>,
}

/// Counts the puzzle's solutions up to `limit` with the chosen engine; with `both`, a
/// disagreement between the engines is an error.
pub fn count(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Count, String> {
    count_within(engine, puzzle, limit, &Budget::unlimited())
}

/// Like [`count`], stopped when `budget`'s flag is raised or its deadline passes (the
/// reason, `stopped: …`, is the error then).
pub fn count_within(
    engine: Engine,
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<Count, String> {
    answer_within(engine, puzzle, limit, budget).map(|answer| answer.count)
}

/// Like [`count`], with the native engine's guess count.
pub fn answer(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Answer, String> {
    answer_within(engine, puzzle, limit, &Budget::unlimited())
}

/// Like [`answer`], within `budget` (see [`count_within`]).
pub fn answer_within(
    engine: Engine,
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<Answer, String> {
    let budget = budget.clone().without_work_limit();
    let native = |solver: &mut Solver, budget: &Budget| {
        solver
            .count_budgeted(puzzle.givens(), limit, budget)
            .map_err(|stopped| stopped.to_string())
    };
    match engine {
        Engine::Sat => Ok(Answer {
            count: count_with_sat(puzzle, limit, &budget)?,
            guesses: None,
        }),
        Engine::Native => {
            let mut solver = Solver::new(puzzle);
            let count = native(&mut solver, &budget)?;
            Ok(Answer {
                count,
                guesses: Some(solver.guesses()),
            })
        }
        Engine::Auto => {
            let mut solver = Solver::new(puzzle);
            let within = budget.clone().with_work_limit(AUTO_NATIVE_BUDGET);
            let count = match solver.count_budgeted(puzzle.givens(), limit, &within) {
                Ok(count) => count,
                Err(Stopped::WorkLimit { .. }) => count_with_sat(puzzle, limit, &budget)?,
                Err(stopped) => return Err(stopped.to_string()),
            };
            Ok(Answer {
                count,
                guesses: Some(solver.guesses()),
            })
        }
        Engine::Both => {
            let mut solver = Solver::new(puzzle);
            let native = native(&mut solver, &budget)?;
            let sat = count_with_sat(puzzle, limit, &budget)?;
            check_agreement(&native, &sat)?;
            Ok(Answer {
                count: sat,
                guesses: Some(solver.guesses()),
            })
        }
    }
}

fn count_with_sat(puzzle: &Puzzle, limit: usize, budget: &Budget) -> Result<Count, String> {
    sat::count_solutions_within(puzzle, limit, budget).map_err(|error| match error {
        sat::SatError::Stopped(stopped) => stopped.to_string(),
        error => format!("SAT engine: {error}"),
    })
}

fn check_agreement(native: &Count, sat: &Count) -> Result<(), String> {
    let same_solution = match (native, sat) {
        (Count::Unique(native), Count::Unique(sat)) => native == sat,
        _ => true,
    };
    if native.found() == sat.found() && same_solution {
        return Ok(());
    }
    Err(format!(
        "THE ENGINES DISAGREE: native found {} ({}), SAT found {} ({}); please report this puzzle",
        native.found(),
        native.word(),
        sat.found(),
        sat.word()
    ))
}

/// Lists up to `limit` solutions; only the SAT engine enumerates them.
/// Stops when `budget`'s flag is raised or its deadline passes (see [`count_within`]).
pub fn solutions_within(
    engine: Engine,
    puzzle: &Puzzle,
    limit: usize,
    budget: &Budget,
) -> Result<Vec<Grid>, String> {
    match engine {
        Engine::Sat | Engine::Both | Engine::Auto => sat::solutions_within(puzzle, limit, budget)
            .map_err(|error| match error {
                sat::SatError::Stopped(stopped) => stopped.to_string(),
                error => format!("SAT engine: {error}"),
            }),
        Engine::Native => {
            Err("listing every solution (--all) uses the SAT engine: pass --engine sat".into())
        }
    }
}
