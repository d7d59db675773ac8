//! Choosing the engine that answers: one place maps `--engine` to library calls.

use sudokit::backtrack::Solver;
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
    answer(engine, puzzle, limit).map(|answer| answer.count)
}

/// Like [`count`], with the native engine's guess count.
pub fn answer(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Answer, String> {
    match engine {
        Engine::Sat => Ok(Answer {
            count: count_with_sat(puzzle, limit)?,
            guesses: None,
        }),
        Engine::Native => {
            let mut solver = Solver::new(puzzle);
            let count = solver.count(limit);
            Ok(Answer {
                count,
                guesses: Some(solver.guesses()),
            })
        }
        Engine::Auto => {
            let mut solver = Solver::new(puzzle);
            let native = solver.count_within(puzzle.givens(), limit, Some(AUTO_NATIVE_BUDGET));
            let count = match native {
                Some(count) => count,
                None => count_with_sat(puzzle, limit)?,
            };
            Ok(Answer {
                count,
                guesses: Some(solver.guesses()),
            })
        }
        Engine::Both => {
            let mut solver = Solver::new(puzzle);
            let native = solver.count(limit);
            let sat = count_with_sat(puzzle, limit)?;
            check_agreement(&native, &sat)?;
            Ok(Answer {
                count: sat,
                guesses: Some(solver.guesses()),
            })
        }
    }
}

fn count_with_sat(puzzle: &Puzzle, limit: usize) -> Result<Count, String> {
    sat::count_solutions(puzzle, limit).map_err(|error| format!("SAT engine: {error}"))
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
pub fn solutions(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>, String> {
    match engine {
        Engine::Sat | Engine::Both | Engine::Auto => {
            sat::solutions(puzzle, limit).map_err(|error| format!("SAT engine: {error}"))
        }
        Engine::Native => {
            Err("listing every solution (--all) uses the SAT engine: pass --engine sat".into())
        }
    }
}
