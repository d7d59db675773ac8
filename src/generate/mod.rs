//! The generator: puzzles defined by givens (classic, every n×n, X) that have one solution,
//! keep a symmetry, are minimal when asked, and meet a target difficulty.
//!
//! Every puzzle is a pure function of `(preset, seed, index)` ([`puzzle`]): a ChaCha stream
//! per index ([`stream`]) fills a grid ([`fill()`]), the digger removes orbits of givens under
//! the preset's [`Symmetry`] while the native engine finds no other solution ([`dig()`]), the
//! grader rates the result and the [`Target`] keeps it or not; near
//! misses of a hard target are searched around by swapping a few givens (the `search` module). A kept
//! puzzle is confirmed unique by the SAT engine before it is returned.
//!
//! [`batch`] runs many indices into `puzzles.jsonl` / `puzzles.txt` files ([`Record`]), with
//! atomic writes and resumption.
//!
//! ```
//! use sudokit::generate;
//! use sudokit::preset::Preset;
//!
//! let preset = Preset::builtin("sudoku-6").unwrap();
//! let generated = generate::puzzle(&preset, 1, 0).unwrap();
//! assert!(generated.puzzle.is_solution(&generated.solution));
//! assert_eq!(generate::puzzle(&preset, 1, 0).unwrap().puzzle, generated.puzzle);
//! ```

pub mod batch;
pub mod cages;
pub mod comparisons;
mod dig;
mod fill;
pub mod marks;
mod record;
pub mod regions;
mod search;

use std::time::{Duration, Instant};

use crate::backtrack::Solver;
use crate::budget::{Budget, Stopped};
use crate::count::Count;
use crate::grade::explainer::{rate_se, SeRating};
use crate::grade::{unrated_rule, Grader, Grading, Level, Technique, TechniqueTable};
use crate::model::variant::ChessMove;
use crate::model::{Cell, Constraint, Diagonal, Grid, Puzzle};
use crate::preset::{windows, Preset, PresetError, Target, Variant};

pub use crate::model::{Symmetry, UnknownSymmetry};
pub use dig::{dig, dig_solvable, dig_with, is_minimal, make_minimal, removable_cells, Witnesses};
pub use fill::{fill, fill_within, stream};
pub use record::{Record, RecordError};

/// A generated puzzle with its solution and rating.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The seed of the batch.
    pub seed: u64,
    /// The puzzle's index in the batch.
    pub index: u64,
    /// The puzzle: the preset's rules with the givens kept.
    pub puzzle: Puzzle,
    /// Its only solution (confirmed by both engines).
    pub solution: Grid,
    /// The grader's path and rating; `None` when the grader does not rate one of the
    /// puzzle's rules yet ([`crate::grade::unrated_rule`] says which): never a guessed level.
    pub grading: Option<Grading>,
    /// The Sudoku Explainer rating, when the preset targets an SE band.
    pub se: Option<SeRating>,
    /// Candidate puzzles dug for this index, the kept one included (1 when the first fit).
    pub attempts: u32,
    /// Candidates that were graded (the others failed the clue range or minimality, or
    /// have a rule the grader does not rate).
    pub graded: u32,
    /// Where the time went (not part of the output: it differs from run to run).
    pub timings: Timings,
}

/// Time spent per stage while making one puzzle.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timings {
    /// Filling grids.
    pub fill: Duration,
    /// Digging (and the near-miss search's re-digging).
    pub dig: Duration,
    /// Checking minimality cell by cell.
    pub minimal: Duration,
    /// Grading candidates.
    pub grade: Duration,
    /// The SAT engine's confirmation.
    pub confirm: Duration,
    /// Candidates dug.
    pub candidates: u64,
    /// Candidates graded (the others failed the clue range or minimality).
    pub graded: u64,
    /// Uniqueness questions of digging and minimality a native search answered.
    pub searched: u64,
    /// Uniqueness questions of digging and minimality an other solution met before
    /// answered (see [`Witnesses`]).
    pub recalled: u64,
}

impl Timings {
    /// Adds another puzzle's timings to these.
    pub fn add(&mut self, other: &Timings) {
        self.fill += other.fill;
        self.dig += other.dig;
        self.minimal += other.minimal;
        self.grade += other.grade;
        self.confirm += other.confirm;
        self.candidates += other.candidates;
        self.graded += other.graded;
        self.searched += other.searched;
        self.recalled += other.recalled;
    }
}

/// Why a puzzle could not be generated.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The preset is unusable.
    #[error(transparent)]
    Preset(#[from] PresetError),
    /// The rules have no complete grid at all.
    #[error("puzzle {index}: the preset's rules have no solution to fill a grid with")]
    NoGrid {
        /// The puzzle's index.
        index: u64,
    },
    /// No candidate met the target within the preset's attempts.
    #[error(
        "puzzle {index}: no candidate met the target in {attempts} attempts ({graded} graded); {}",
        advice(.misses, .graded)
    )]
    TargetNotMet {
        /// The puzzle's index.
        index: u64,
        /// Candidates dug.
        attempts: u32,
        /// Candidates graded.
        graded: u32,
        /// Why the candidates that were not graded fell short.
        misses: Misses,
        /// Where the time went, the failed attempts included.
        timings: Box<Timings>,
    },
    /// The caller's budget stopped the generation (see [`Generator::with_budget`]).
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// The SAT engine could not confirm the native engine's verdict (a bug in one of them).
    #[error("puzzle {index}: the SAT engine does not confirm it: {reason}")]
    NotConfirmed {
        /// The puzzle's index.
        index: u64,
        /// What the SAT engine said.
        reason: String,
    },
}

/// Candidates dropped before grading, by reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Misses {
    /// Candidates that did not end minimal within the repair rounds (at or above `min_clues`).
    pub not_minimal: u32,
    /// Candidates that kept more givens than `max_clues`.
    pub over_clues: u32,
    /// The clue range's minimum (0 without a range).
    pub min_clues: usize,
    /// The clue range's maximum, if any.
    pub max_clues: Option<usize>,
}

/// What to change when no candidate met the target, from why they fell short.
fn advice(misses: &Misses, graded: &u32) -> String {
    let mut parts = Vec::new();
    if misses.not_minimal > 0 {
        parts.push(if misses.min_clues > 0 {
            format!(
                "{} never ended minimal with at least {} givens (a minimal puzzle of these rules \
                 may need fewer: lower the clue range with `--clues`, or drop `--minimal`)",
                misses.not_minimal, misses.min_clues
            )
        } else {
            format!(
                "{} did not end minimal within {MINIMAL_ROUNDS} repair rounds (raise `attempts`, \
                 or drop `--minimal`)",
                misses.not_minimal
            )
        });
    }
    if let (true, Some(max)) = (misses.over_clues > 0, misses.max_clues) {
        parts.push(format!(
            "{} kept more than {max} givens (raise the clue range's maximum with `--clues`)",
            misses.over_clues
        ));
    }
    if *graded > 0 || parts.is_empty() {
        parts.push("raise `attempts` or widen the target".to_string());
    }
    parts.join("; ")
}

/// Everything a preset fixes for its puzzles, prepared once and shared by every index.
#[derive(Clone, Debug)]
pub struct Generator {
    preset: Preset,
    rules: Puzzle,
    orbits: Vec<Vec<Cell>>,
    /// Each cell's position in `orbits`.
    orbit_of: Vec<usize>,
    table: TechniqueTable,
    /// With `dig_by_level`: the table held to the target's hardest level (no technique
    /// assuming uniqueness, no trial), rated at the preset's size.
    dig_table: Option<TechniqueTable>,
    /// The caller's flag and deadline (see [`Generator::with_budget`]).
    budget: Budget,
}

/// With `dig_by_level`, the table a dig is held to: the preset's at its size, with only the
/// techniques up to the target's hardest level that assume nothing about uniqueness, and no
/// trial.
fn dig_table(preset: &Preset) -> Option<TechniqueTable> {
    let hardest = *preset.target.levels.iter().max()?;
    if !preset.dig_by_level {
        return None;
    }
    let mut table = preset.technique_table().for_size(preset.size).into_owned();
    for row in &mut table.rows {
        row.enabled &= row.level <= hardest
            && !row.technique.needs_uniqueness()
            && row.technique != Technique::BruteForce;
    }
    Some(table)
}

/// Rounds of [`make_minimal`] before a candidate that is not minimal is dropped.
const MINIMAL_ROUNDS: u32 = 20;

/// The rules of `preset` with no givens: the geometry and the variant's constraints. A
/// jigsaw's regions are drawn for each puzzle: here they come from `rng` (see
/// [`regions::random_regions`]).
pub fn rules(preset: &Preset, rng: &mut impl rand::Rng) -> Result<Puzzle, PresetError> {
    let invalid = |reason: String| PresetError::Invalid {
        name: preset.name.clone(),
        reason,
    };
    let geometry = preset.geometry().map_err(invalid)?;
    if preset.variant.is_jigsaw() {
        let symmetric = preset.symmetry != Symmetry::None;
        let regions = regions::random_regions(usize::from(preset.size), symmetric, rng)
            .map_err(|error| invalid(error.to_string()))?;
        return Puzzle::new(
            geometry,
            Grid::empty(geometry),
            vec![Constraint::Regions(regions)],
        )
        .map_err(|error| invalid(error.to_string()));
    }
    let constraints = match preset.variant {
        Variant::X | Variant::KillerX => vec![
            Constraint::diagonal(geometry, Diagonal::Main),
            Constraint::diagonal(geometry, Diagonal::Anti),
        ],
        Variant::AntiKnight => vec![Constraint::Chess(ChessMove::Knight)],
        Variant::Windoku => windows(geometry).map_err(invalid)?,
        _ => Vec::new(),
    };
    Puzzle::new(geometry, Grid::empty(geometry), constraints)
        .map_err(|error| invalid(error.to_string()))
}

impl Generator {
    /// Prepares the rules, orbits and technique table of `preset`.
    pub fn new(preset: &Preset) -> Result<Generator, GenerateError> {
        preset.check()?;
        // a jigsaw draws its map per puzzle (in `Generator::puzzle`); this one, from a
        // stream no puzzle uses, only checks that the preset's rules can be built
        let rules = rules(preset, &mut stream(u64::MAX, u64::MAX))?;
        refuse_unrated_target(preset, &rules)?;
        let orbits = preset.symmetry.orbits(rules.geometry());
        let mut orbit_of = vec![0; rules.geometry().cell_count()];
        for (position, orbit) in orbits.iter().enumerate() {
            for cell in orbit {
                orbit_of[cell.index()] = position;
            }
        }
        Ok(Generator {
            preset: preset.clone(),
            rules,
            orbits,
            orbit_of,
            table: preset.technique_table(),
            dig_table: dig_table(preset),
            budget: Budget::unlimited(),
        })
    }

    /// The same generator, stopping with [`GenerateError::Stopped`] when `budget`'s flag is
    /// raised or its deadline passes: every search it runs (filling, digging, grading, the
    /// SAT confirmation) looks at them, and the generator asks them again before it trusts
    /// an answer. Carving a killer's cages looks only between attempts.
    pub fn with_budget(mut self, budget: &Budget) -> Generator {
        self.budget = budget.clone().without_work_limit();
        self
    }

    /// The preset.
    pub fn preset(&self) -> &Preset {
        &self.preset
    }

    /// Puzzle `index` of the batch made with `seed`: a pure function of the preset, the
    /// seed and the index.
    pub fn puzzle(&self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        self.budget.interrupted()?;
        let mut rng = stream(seed, index);
        let rules = self.rules_for(&mut rng)?;
        let filler = self
            .preset
            .variant
            .has_clue_rules()
            .then(|| Solver::new(&rules).with_budget(&self.budget));
        let mut run = Run {
            generator: self,
            solver: Solver::new(&rules).with_budget(&self.budget),
            filler,
            rules,
            rng,
            attempts: 0,
            graded: 0,
            misses: Misses {
                min_clues: self.preset.clues.map_or(0, |clues| clues.min),
                max_clues: self.preset.clues.map(|clues| clues.max),
                ..Misses::default()
            },
            timings: Timings::default(),
        };
        let accepted = run.until_accepted(index);
        // a search the budget cut short may have answered wrongly: nothing it led to is kept
        self.budget.interrupted()?;
        let (puzzle, solution, grading) = accepted?;
        let started = Instant::now();
        confirm(&puzzle, &solution, index, &self.budget)?;
        run.timings.confirm = started.elapsed();
        run.timings.candidates = u64::from(run.attempts);
        run.timings.graded = u64::from(run.graded);
        let se = self.preset.target.se.and_then(|_| se_rating(&puzzle));
        Ok(Generated {
            seed,
            index,
            puzzle,
            solution,
            grading,
            se,
            attempts: run.attempts,
            graded: run.graded,
            timings: run.timings,
        })
    }
}

impl Generator {
    /// The rules a puzzle is made under: the preset's, or for a jigsaw a fresh region map
    /// drawn from the puzzle's stream.
    fn rules_for(&self, rng: &mut rand_chacha::ChaCha20Rng) -> Result<Puzzle, GenerateError> {
        if self.preset.variant.is_jigsaw() {
            Ok(rules(&self.preset, rng)?)
        } else {
            Ok(self.rules.clone())
        }
    }
}

/// Refuses a preset that asks for a level its rules cannot be rated at yet: the grader
/// would rate such a puzzle as if the rule were not there. The rule clues of a sample
/// grid stand for every puzzle's.
fn refuse_unrated_target(preset: &Preset, rules: &Puzzle) -> Result<(), GenerateError> {
    if preset.target.is_any() {
        return Ok(());
    }
    // only rule clues need a grid to be read off (a classic grid fills at once; a
    // jigsaw's sample map might take long to fill, and its rules are all in `rules`)
    let mut sample = stream(u64::MAX, u64::MAX);
    let grid = if preset.variant.has_clue_rules() {
        Solver::new(rules).solve_random(&mut sample)
    } else {
        None
    };
    let sample_rules = match grid {
        Some(grid) => {
            let marks = marks::read_off(&preset.variant, &preset.marks, &grid, &mut sample);
            with_rules(preset, rules, marks)?
        }
        None => rules.clone(),
    };
    match unrated_rule(&sample_rules) {
        Some(reason) => Err(GenerateError::Preset(PresetError::Invalid {
            name: preset.name.clone(),
            reason: format!(
                "the target asks for a level, and {reason}: leave the target out (the records \
                 then say the level is not rated)"
            ),
        })),
        None => Ok(()),
    }
}

/// The preset's rules with `marks` added (rule clues read off a solution).
fn with_rules(
    preset: &Preset,
    rules: &Puzzle,
    marks: Vec<crate::model::Constraint>,
) -> Result<Puzzle, GenerateError> {
    let mut constraints = rules.constraints().to_vec();
    constraints.extend(marks);
    Puzzle::new(rules.geometry(), rules.givens().clone(), constraints).map_err(|error| {
        GenerateError::Preset(PresetError::Invalid {
            name: preset.name.clone(),
            reason: format!("a rule clue read off the solution does not fit: {error}"),
        })
    })
}

/// Puzzle `index` of the batch that `preset` makes with `seed` (see [`Generator::puzzle`];
/// build a [`Generator`] once to make many).
pub fn puzzle(preset: &Preset, seed: u64, index: u64) -> Result<Generated, GenerateError> {
    Generator::new(preset)?.puzzle(seed, index)
}

/// The state of one index's search: its stream, solver and counters.
pub(crate) struct Run<'generator> {
    generator: &'generator Generator,
    /// The rules of this index (a jigsaw's own region map; the preset's otherwise).
    rules: Puzzle,
    solver: Solver,
    /// Rule-clue variants: the solver of the plain rules that fills each grid (`solver`
    /// then holds the rules with the clues read off that grid).
    filler: Option<Solver>,
    rng: rand_chacha::ChaCha20Rng,
    attempts: u32,
    graded: u32,
    misses: Misses,
    timings: Timings,
}

/// A candidate that passed the clue range and minimality, with its rating.
pub(crate) struct Candidate {
    givens: Grid,
    puzzle: Puzzle,
    /// `None` when the grader does not rate one of the rules.
    grading: Option<Grading>,
}

impl Run<'_> {
    /// Digs and grades candidates until one meets the target (searching around near misses
    /// when the preset asks), or the attempts run out.
    fn until_accepted(
        &mut self,
        index: u64,
    ) -> Result<(Puzzle, Grid, Option<Grading>), GenerateError> {
        let preset = &self.generator.preset;
        while self.attempts < preset.attempts {
            self.generator.budget.interrupted()?;
            let started = Instant::now();
            let filled = if preset.variant.is_jigsaw() {
                // a map that no grid fits can take the engine long to refute: give up on
                // it early and draw another
                let budget = 50 * self.rules.geometry().cell_count() as u64;
                fill_within(&mut self.solver, &mut self.rng, budget)
            } else if let Some(filler) = self.filler.as_mut() {
                fill(filler, &mut self.rng)
            } else {
                fill(&mut self.solver, &mut self.rng)
            };
            let Some(solution) = filled else {
                if !preset.variant.is_jigsaw() {
                    return Err(GenerateError::NoGrid { index });
                }
                // a region map no grid fits: draw another (counted as an attempt)
                self.attempts += 1;
                self.rules = self.generator.rules_for(&mut self.rng)?;
                self.solver = Solver::new(&self.rules);
                continue;
            };
            if preset.variant.has_clue_rules() {
                let generator = self.generator;
                let marks =
                    marks::read_off(&preset.variant, &preset.marks, &solution, &mut self.rng);
                self.rules = with_rules(preset, &generator.rules, marks)?;
                self.solver = Solver::new(&self.rules).with_budget(&generator.budget);
            }
            self.timings.fill += started.elapsed();
            if preset.variant.is_killer() {
                if let Some(candidate) = self.killer_candidate(&solution) {
                    if self.accepts(&candidate) {
                        return Ok((candidate.puzzle, solution, candidate.grading));
                    }
                }
                continue;
            }
            let start = self.without_line_givens(&solution);
            if start != solution && self.solver.has_other_solution(&start, &solution) {
                // the lines with no digit on them leave the grid open: another draw
                self.attempts += 1;
                continue;
            }
            let Some(candidate) = self.candidate(&solution, start) else {
                continue;
            };
            if self.accepts(&candidate) {
                return Ok((candidate.puzzle, solution, candidate.grading));
            }
            if let Some(found) = search::near_misses(self, &solution, candidate) {
                return Ok((found.puzzle, solution, found.grading));
            }
        }
        let mut timings = self.timings;
        timings.candidates = u64::from(self.attempts);
        timings.graded = u64::from(self.graded);
        Err(GenerateError::TargetNotMet {
            index,
            attempts: self.attempts,
            graded: self.graded,
            misses: self.misses,
            timings: Box::new(timings),
        })
    }

    /// `solution` less the orbits of every cell a line is drawn through (its
    /// [`marks::line_cells`]): the digger starts from it, so no given hides a line and the
    /// givens keep the preset's symmetry.
    fn without_line_givens(&self, solution: &Grid) -> Grid {
        let mut start = solution.clone();
        let orbits = &self.generator.orbits;
        for cell in marks::line_cells(&self.rules) {
            for &partner in &orbits[self.generator.orbit_of[cell.index()]] {
                start.set(partner, None);
            }
        }
        start
    }

    /// Whether `orbit` may hold givens: none of its cells is one a line is drawn through.
    pub(crate) fn may_hold_givens(&self, orbit: &[Cell]) -> bool {
        let bare = marks::line_cells(&self.rules);
        orbit.iter().all(|cell| bare.binary_search(cell).is_err())
    }

    /// Adds the uniqueness questions one candidate asked to the timings.
    fn count_questions(&mut self, witnesses: &Witnesses) {
        let (searched, recalled) = witnesses.questions();
        self.timings.searched += searched;
        self.timings.recalled += recalled;
    }

    /// Digs `start` down (one attempt), and grades the result if it has the clue count and
    /// minimality the preset asks for.
    fn candidate(&mut self, solution: &Grid, start: Grid) -> Option<Candidate> {
        let generator = self.generator;
        let preset = &generator.preset;
        self.attempts += 1;
        let started = Instant::now();
        let min_clues = preset.clues.map_or(0, |clues| clues.min);
        // The other solutions met while digging answer many of minimality's questions.
        let mut witnesses = Witnesses::default();
        let givens = match &generator.dig_table {
            Some(table) => {
                let (rules, budget) = (&self.rules, &generator.budget);
                dig_solvable(
                    start,
                    &generator.orbits,
                    min_clues,
                    &mut self.rng,
                    &mut |givens| {
                        rules.with_givens(givens.clone()).is_ok_and(|puzzle| {
                            Grader::with_table(&puzzle, table.clone())
                                .with_unique_solution(solution)
                                .with_budget(budget)
                                .grade()
                                .solved
                        })
                    },
                )
            }
            None => dig_with(
                &mut self.solver,
                &mut witnesses,
                solution,
                start,
                &generator.orbits,
                min_clues,
                &mut self.rng,
            ),
        };
        self.timings.dig += started.elapsed();
        let givens = if preset.minimal {
            let started = Instant::now();
            let minimal = make_minimal(
                &mut self.solver,
                &mut witnesses,
                solution,
                givens,
                &generator.orbits,
                &generator.orbit_of,
                min_clues,
                MINIMAL_ROUNDS,
                &mut self.rng,
            );
            self.timings.minimal += started.elapsed();
            self.count_questions(&witnesses);
            let Some(minimal) = minimal else {
                self.misses.not_minimal += 1;
                return None;
            };
            minimal
        } else {
            self.count_questions(&witnesses);
            givens
        };
        if preset
            .clues
            .is_some_and(|clues| givens.filled_count() > clues.max)
        {
            self.misses.over_clues += 1;
            return None;
        }
        let puzzle = self.rules.with_givens(givens.clone()).ok()?;
        let grading = self.grade(&puzzle, solution);
        Some(Candidate {
            givens,
            puzzle,
            grading,
        })
    }

    /// Carves cages on `solution` (one attempt), hides sums for a greater killer, and grades
    /// the result. `None` when carving finds no unique layout within its repairs.
    fn killer_candidate(&mut self, solution: &Grid) -> Option<Candidate> {
        let generator = self.generator;
        let options = &generator.preset.cages;
        self.attempts += 1;
        let started = Instant::now();
        let carved = cages::carve(&self.rules, solution, options, &mut self.rng).ok()?;
        let puzzle = if options.hidden_sums > 0 {
            comparisons::hide_sums(&carved.puzzle, solution, options.hidden_sums, &mut self.rng)
                .ok()?
                .puzzle
        } else {
            carved.puzzle
        };
        self.timings.dig += started.elapsed();
        // no near-miss search looks at a killer's rejected gradings, so they may stop early
        let ceiling = grading_ceiling(&generator.preset.target);
        let mut puzzle = puzzle;
        let mut grading = self.grade_below(&puzzle, solution, ceiling);
        // Aimed at the target: a candidate too easy for it gets two neighbouring cages joined
        // (a sum with more digit sets) and is graded again, rather than a new grid drawn.
        // Comparisons name their cages, so a greater killer keeps its cut.
        let mut joins = 0;
        while options.hidden_sums == 0
            && joins < MAX_JOINS
            && grading
                .as_ref()
                .is_some_and(|grading| too_easy(&generator.preset.target, grading))
        {
            let started = Instant::now();
            let joined = cages::join_neighbours(&puzzle, solution, options, &mut self.rng);
            self.timings.dig += started.elapsed();
            let Some(joined) = joined else {
                break;
            };
            joins += 1;
            puzzle = joined;
            grading = self.grade_below(&puzzle, solution, ceiling);
        }
        Some(Candidate {
            givens: puzzle.givens().clone(),
            puzzle,
            grading,
        })
    }

    /// The grader's rating of a candidate whose only solution is `solution`, or `None`
    /// when the grader does not rate one of its rules.
    fn grade(&mut self, puzzle: &Puzzle, solution: &Grid) -> Option<Grading> {
        self.grade_below(puzzle, solution, None)
    }

    /// [`Run::grade`], stopping the path where it would need a step above `ceiling` (the
    /// candidate is then rejected, as the full path's would be).
    fn grade_below(
        &mut self,
        puzzle: &Puzzle,
        solution: &Grid,
        ceiling: Option<Level>,
    ) -> Option<Grading> {
        if unrated_rule(puzzle).is_some() {
            return None;
        }
        let generator = self.generator;
        let started = Instant::now();
        // dug and carved puzzles keep exactly one solution, so the grader need not look for it
        let grader = Grader::with_table(puzzle, generator.table.clone())
            .with_unique_solution(solution)
            .with_budget(&generator.budget);
        let grading = match ceiling {
            Some(level) => grader.with_ceiling(level),
            None => grader,
        }
        .grade();
        self.timings.grade += started.elapsed();
        self.graded += 1;
        Some(grading)
    }

    /// Whether a candidate is kept: solved by the grader's path and inside the target. A
    /// candidate the grader does not rate is kept only by a target that asks for nothing
    /// (the generator refuses any other, see [`refuse_unrated_target`]).
    fn accepts(&self, candidate: &Candidate) -> bool {
        let target = &self.generator.preset.target;
        let Some(grading) = &candidate.grading else {
            return target.is_any();
        };
        grading.solved
            && target.accepts(grading.level, grading.score)
            && !(target.no_trial && grading.used_trial())
            && (target.step_levels.is_empty()
                || grading
                    .reason
                    .as_ref()
                    .is_some_and(|reason| target.step_levels.contains(&reason.step_level)))
            && target.se.is_none_or(|band| {
                se_rating(&candidate.puzzle).is_some_and(|rating| band.contains(rating.er))
            })
    }
}

/// Cage joins a killer candidate too easy for its target may get before it is dropped: one
/// or two do most of the good (killer-hard keeps three times as many candidates with up to
/// four, 42 with two and 47 with eight of 200).
const MAX_JOINS: u32 = 4;

/// Whether a solved grading without a trial step falls below the target: its hardest step
/// below the lowest step level asked for, or (with none asked) its level below the lowest level.
fn too_easy(target: &Target, grading: &Grading) -> bool {
    let below =
        |level: Level, wanted: &[Level]| wanted.iter().min().is_some_and(|&low| level < low);
    grading.solved
        && !grading.used_trial()
        && if target.step_levels.is_empty() {
            below(grading.level, &target.levels)
        } else {
            grading
                .reason
                .as_ref()
                .is_some_and(|reason| below(reason.step_level, &target.step_levels))
        }
}

/// The hardest step a kept puzzle can have: the highest of the target's step levels, or of
/// its levels (a puzzle's level is never below its hardest step's); `None` when any will do.
fn grading_ceiling(target: &Target) -> Option<Level> {
    if target.step_levels.is_empty() {
        target.levels.iter().max().copied()
    } else {
        target.step_levels.iter().max().copied()
    }
}

/// The puzzle's Sudoku Explainer rating, when its path solves it.
fn se_rating(puzzle: &Puzzle) -> Option<SeRating> {
    rate_se(puzzle).ok().filter(|rating| rating.solved)
}

/// Asks the SAT engine whether `puzzle` has `solution` as its only solution.
fn confirm(
    puzzle: &Puzzle,
    solution: &Grid,
    index: u64,
    budget: &Budget,
) -> Result<(), GenerateError> {
    let not_confirmed = |reason: String| GenerateError::NotConfirmed { index, reason };
    if !puzzle.is_solution(solution) {
        return Err(not_confirmed(
            "the filled grid breaks one of its rules (a cage sum or comparison)".to_string(),
        ));
    }
    match crate::sat::count_solutions_within(puzzle, 2, budget) {
        Ok(Count::Unique(found)) if &found == solution => Ok(()),
        Ok(Count::Unique(_)) => Err(not_confirmed(
            "its one solution differs from the filled grid".to_string(),
        )),
        Ok(Count::Multiple { .. }) => Err(not_confirmed("it has a second solution".to_string())),
        Ok(Count::None { .. }) => Err(not_confirmed("it has no solution".to_string())),
        Err(crate::sat::SatError::Stopped(stopped)) => Err(GenerateError::Stopped(stopped)),
        Err(error) => Err(not_confirmed(error.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use crate::preset::builtin_presets;

    #[test]
    fn every_shipped_preset_has_rules() {
        for preset in builtin_presets().unwrap() {
            let rules = super::rules(&preset, &mut super::stream(1, 0)).unwrap();
            assert_eq!(rules.geometry().size(), preset.size, "{}", preset.name);
        }
    }
}
