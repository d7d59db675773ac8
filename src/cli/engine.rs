//! The `--engine` flag handed to the library's uniqueness policy
//! (`sudokit::service::uniqueness`), where every engine choice is mapped to library calls.

use sudokit::model::Puzzle;
use sudokit::service::uniqueness::{self as policy, Answer};
use sudokit::Count;

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

/// Counts the puzzle's solutions up to `limit` with the chosen engine (see
/// [`policy::count`]).
pub fn count(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Count, String> {
    policy::count(engine.into(), puzzle, limit)
}

/// [`count`] with the native engine's guess count.
pub fn answer(engine: Engine, puzzle: &Puzzle, limit: usize) -> Result<Answer, String> {
    policy::answer(engine.into(), puzzle, limit)
}
