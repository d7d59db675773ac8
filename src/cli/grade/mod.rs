//! `sudokit grade`: rate each puzzle by the human techniques its solving path needs, on
//! HoDoKu's scale (`hodoku`) or Sudoku Explainer's (`explainer`); the options are shared.

mod explainer;
mod hodoku;

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use sudokit::budget::Budget;

use super::input::InputOptions;
use super::Outcome;

/// Options of `sudokit grade`.
#[derive(Debug, Args)]
#[command(after_help = super::EXIT_CODES)]
pub struct GradeOptions {
    #[command(flatten)]
    pub(super) input: InputOptions,

    /// CSV with a header, one row per puzzle read, in input order: the fields of --json
    /// (techniques as `name xN; …`).
    #[arg(long, conflicts_with = "json")]
    csv: bool,

    /// One JSON object per puzzle read (JSON Lines), in input order: `source` (file:line),
    /// `status` (`rated`; `beyond` when the rating stopped early; `multiple` or `none`, never
    /// rated, with the cells where two solutions differ; `error` with the reason for an input
    /// that could not be read), puzzle, level, score (both null for `beyond`), hardest,
    /// trial_steps (the number of trial steps), solved, work, and the count of each technique
    /// used.
    #[arg(long)]
    json: bool,

    /// Print the solving path as readable steps after each puzzle's line; with `--json`, each
    /// record gets a `steps` array (technique, text, placements, eliminations, and the cells,
    /// houses, digits and groups to draw, with killer cages' sums and combinations).
    #[arg(long, conflicts_with = "csv")]
    explain: bool,

    /// A RON technique table (levels, base scores, switches, order) replacing HoDoKu's;
    /// with `--scale se` or `se121`, a RON table of SE ratings replacing the built-in one.
    /// `sudokit table [--scale S]` prints the built-in one to start from.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,

    /// The difficulty scale: HoDoKu's levels and scores, or Sudoku Explainer's ratings
    /// (`puzzle ED=er/ep/ed` lines, as SE's batch rater prints them) with the Sukaku
    /// Explainer fork's techniques (`se`, which rated the published banks) or SE 1.2.1's
    /// alone (`se121`).
    #[arg(long, value_enum, default_value_t = Scale::Hodoku)]
    scale: Scale,

    /// How much work one puzzle's rating may take before it answers `beyond` (status
    /// `beyond`, exit 1). Work, not time, so that every machine gives the same answer. On
    /// HoDoKu's scale: the candidates on the grid counted once per technique search, plus
    /// the sets the combinatorial searches try (default 100 million; the hardest 9×9 puzzles
    /// we know need under a million). With `--scale se`
    /// or `se121`: implications (candidates found on or off by following assumptions) the chain
    /// searches may derive (default 100 million; nested forcing chains, SE 9.5 and up, can need
    /// hundreds of millions).
    #[arg(long, value_name = "N")]
    work_limit: Option<u64>,

    /// Threads to use: 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = super::parse_jobs, allow_negative_numbers = true)]
    jobs: Option<usize>,

    /// What the run may spend: `serve` gives each request's run a flag it raises when the
    /// request times out (the command line runs unbounded).
    #[arg(skip)]
    pub(super) budget: Budget,

    /// Rate only shard i of N of the puzzles read: a contiguous block, so the shards'
    /// outputs, concatenated in order, are the whole run's. When absent, read from a Slurm
    /// job array or a Kubernetes Indexed Job, as `generate --shard` does.
    #[arg(long, value_name = "i/N")]
    shard: Option<super::generate::Shard>,
}

/// The difficulty scales `grade` speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Scale {
    /// HoDoKu 2.2: level and score.
    Hodoku,
    /// Sudoku Explainer ER/EP/ED with the Sukaku Explainer fork's techniques (strong-link
    /// chains, WXYZ-Wings, aligned triplet exclusion).
    Se,
    /// Sudoku Explainer 1.2.1's own techniques: ER/EP/ED.
    Se121,
}

/// Runs `grade`: one line (or CSV row, or JSON object) per puzzle read, in input order, on
/// the scale asked for.
pub fn run(options: &GradeOptions) -> anyhow::Result<Outcome> {
    match options.scale {
        Scale::Hodoku => hodoku::run(options),
        Scale::Se | Scale::Se121 => explainer::run(options),
    }
}
