//! Choosing the engine that answers: one place maps `--engine` to library calls.

use sudokit::model::{Grid, Puzzle};
use sudokit::{sat, Count};

use super::Engine;

/// Counts the puzzle's solutions up to `limit` with the chosen engine.
pub fn count(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Count, String> {
    match engine {
        Engine::Sat => sat::count_solutions(puzzle, limit).map_err(|error| error.to_string()),
    }
}

/// Lists up to `limit` solutions with the chosen engine.
pub fn solutions(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Vec<Grid>, String> {
    match engine {
        Engine::Sat => sat::solutions(puzzle, limit).map_err(|error| error.to_string()),
    }
}
