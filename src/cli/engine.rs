//! The `--engine` flag handed to the library's uniqueness policy
//! (`sudokit::service::uniqueness`), where every engine choice is mapped to library calls.

use sudokit::model::Puzzle;
use sudokit::service::uniqueness::{self as policy, Answer};

use super::Engine;

impl From<Engine> for policy::Engine {
    fn from(engine: Engine) -> policy::Engine {
        match engine {
            Engine::Sat => policy::Engine::Sat,
            Engine::Native => policy::Engine::Native,
            Engine::Both => policy::Engine::Both,
            Engine::Auto => policy::Engine::Auto,
        }
    }
}

/// Counts the puzzle's solutions up to `limit` with the chosen engine, with the native
/// engine's guess count (see [`policy::answer`]).
pub fn answer(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Answer, String> {
    policy::answer(engine.into(), puzzle, limit)
}
