//! The grader: solves like a person, step by step, and rates the path by the techniques it
//! needed, compatible with HoDoKu 2.2 (its technique order, base scores and levels).
//!
//! - [`Grader`] / [`grade`]: the engine; [`Grading`]: the path and its rating.
//! - [`Step`]: one finding (placements, eliminations, [`Evidence`]) with [`Step::explain`].
//! - [`Technique`], [`Level`]: what a step is and HoDoKu's difficulty scale.
//! - [`explainer`]: the Sudoku Explainer scale (SE 1.2.1's order and ratings, `ED=er/ep/ed`).
//! - [`TechniqueTable`]: each technique's level, base score and switch, and the search order;
//!   data that a preset may override (serde/RON).
//!
//! Techniques work on any set of houses (`Puzzle::houses()`, diagonals included), so X and
//! n×n puzzles need no special code; uniqueness techniques are used only on puzzles with one
//! solution and no cages, and only on rectangles outside extra houses.
//!
//! The catalogue is HoDoKu's default one: singles, locked candidates, locked and naked and
//! hidden subsets, basic/finned/sashimi fish up to Jellyfish, Franken X-Wing and Swordfish
//! (finned too), Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle, W/XY/XYZ-Wing,
//! Remote Pair, uniqueness tests 1–6, hidden and avoidable rectangles, BUG+1, simple and
//! multi colours, X- and XY-chains, nice loops and AICs (grouped too), Sue de Coq, ALS-XZ,
//! ALS-XY-Wing, ALS chains, forcing chains and nets, and a trial step ("Brute Force") when
//! nothing applies. Killer puzzles add a killer solver's ladder (`techniques/killer/`): cage
//! combinations, cage/house interactions, the 45 rule over houses and runs of adjacent houses
//! (innies, outies, innie–outie differences, whose sums become hidden cages), hidden cage and
//! combination interactions, cage comparisons (greater killer) and cage forcing chains, with
//! rows of our own in the table; [`Grading::trial_steps`] counts the trial steps.
//! Variant puzzles (issue 32) add one technique per rule (`techniques/variant/`): a placed
//! digit off its anti-knight or anti-king moves, and for every other rule (Kropki dots, XV,
//! the negative constraint, even/odd, thermometers, lines, arrows, little killers, outside
//! clues, …) the digits no filling of its own cells allows, each step named in setters'
//! words (`thermometer r2c3-r4c3: r2c3 ≤ 6`, [`Evidence::rule`]); then rule forcing chains
//! (an assumption followed through singles and every rule). Extra houses (windoku regions,
//! disjoint groups) are houses for every technique; cells a rule keeps apart (a chess move
//! away, on one small extra region, renban line or thermometer) see each other for chains,
//! wings, fish and colours as a house's cells do, and a step leaning on that names the rule
//! (`r5c5 sees r1c4 (anti-knight)`). Variants are rated by the killers' rule
//! ([`KillerRule`]) and never use uniqueness techniques.
//! Not implemented (HoDoKu leaves them off by default too): fish larger than Jellyfish,
//! Franken Jellyfish, mutant and kraken fish, Death Blossom, templates, ALS nodes in chains.
//! Limits: ALS of at most 6 cells above 9×9; no forcing chains or nets on 25×25 grids.
//!
//! ```
//! use sudokit::grade::{grade, Level};
//! use sudokit::model::{Geometry, Grid, Puzzle};
//!
//! let line = "...8.1.....5.641...6.7...8.25....4.3.9.....7.4.6....12.1...9.2...257.9.....1.3...";
//! let values: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let geometry = Geometry::for_size(9).unwrap();
//! let puzzle = Puzzle::classic(Grid::from_values(geometry, &values).unwrap()).unwrap();
//! let grading = grade(&puzzle);
//! assert!(grading.solved);
//! assert_eq!(grading.level, Level::Medium);
//! println!("{}", grading.steps[0].explain(&puzzle));
//! ```

// Grid code walks parallel tables (cells, digits, houses) by position on purpose.
#![allow(clippy::needless_range_loop)]

mod board;
mod cellset;
mod components;
pub mod explainer;
mod grader;
mod layout;
mod memo;
mod solution;
mod step;
mod table;
mod technique;
mod techniques;
#[cfg(test)]
mod tests;
mod word_hash;

pub use grader::{grade, Grader, Grading, LevelReason, Stop, DEFAULT_WORK_LIMIT};
pub use step::{Evidence, Link, Node, Step};
pub use table::{KillerRule, LevelCaps, SizeRule, TechniqueRow, TechniqueTable};
pub use technique::{Level, Technique};

use crate::model::{Constraint, Puzzle};

/// Why the grader does not rate `puzzle` yet, naming the first rule it has no techniques
/// for (`grade: the … is a rule the grader does not rate yet`). `None` for every puzzle the
/// model holds today: classic, X, killer and greater killer of any size, irregular regions,
/// extra houses (windoku, disjoint groups), and every variant rule (issue 32: each has its
/// steps, see [`Technique::is_variant`]). Every door asks this first, so that a rule added
/// to the model and not yet to the grader is refused by name rather than rated as if it
/// were not there.
pub fn unrated_rule(puzzle: &Puzzle) -> Option<String> {
    puzzle
        .constraints()
        .iter()
        .find(|constraint| !rated(constraint))
        .map(|rule| format!("grade: the {rule} is a rule the grader does not rate yet"))
}

/// Whether the grader has techniques for `constraint` (the match lists every rule, so a new
/// one is refused until it is listed here).
fn rated(constraint: &Constraint) -> bool {
    match constraint {
        // extra houses (diagonals, windoku regions, disjoint groups) are houses for every
        // technique; irregular regions are houses where boxes stand (an irregular
        // geometry's boxes are its rows, so nothing box-shaped is inferred wrongly)
        Constraint::Distinct(_) | Constraint::Regions(_) => true,
        Constraint::Cage(_) | Constraint::Compare(_) => true,
        Constraint::ExtraRegion(_)
        | Constraint::Chess(_)
        | Constraint::Dot(_)
        | Constraint::Negative(_)
        | Constraint::Parity(_)
        | Constraint::PencilMarks(_)
        | Constraint::Extremum(_)
        | Constraint::Quadruple(_)
        | Constraint::Line(_)
        | Constraint::Clone(_)
        | Constraint::Arrow(_)
        | Constraint::LittleKiller(_)
        | Constraint::Outside(_)
        | Constraint::Indexer(_)
        | Constraint::FreeCage(_) => true,
    }
}
