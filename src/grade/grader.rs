//! The engine: applies, at each point, the first technique in the table's order that makes
//! progress, records the path, and rates it.

use std::fmt;

use crate::budget::{Budget, Stopped};
use crate::model::{Grid, Puzzle};

use super::board::Board;
use super::layout::Layout;
use super::memo::Memo;
use super::solution;
use super::step::{Finding, Step};
use super::table::TechniqueTable;
use super::technique::{Level, Technique};
use super::techniques::{self, Context};

/// Why a grading stopped before the grid was full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// No enabled technique applies and trial steps are disabled.
    NothingApplies,
    /// The candidates contradict each other (the puzzle has no solution).
    Contradiction,
    /// The puzzle has no solution, so no trial step could be taken.
    NoSolution,
    /// The searches used up the work limit (see [`Grader::with_work_limit`]) before the grid
    /// was full: the puzzle is rated "beyond", never by a path cut short.
    WorkLimit,
    /// The caller's budget stopped it (its flag or deadline; see [`Grader::with_budget`]).
    Stopped(Stopped),
    /// Only techniques above this level were left to try (see [`Grader::with_ceiling`]):
    /// the full path would have needed a harder step.
    AboveCeiling(Level),
}

/// The default work limit of a grading: the candidates on the grid counted once per technique
/// search, plus the sets tried by the combinatorial searches (Sue de Coq, fish). The 2524
/// puzzles of HoDoKu's calibration bank need at most 0.64 million, the 375 of the forum's
/// hardest list 0.9 million; 100 million take one to two seconds on a 25×25 grid.
pub const DEFAULT_WORK_LIMIT: u64 = 100_000_000;

/// The result of grading a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grading {
    /// The path, in order.
    pub steps: Vec<Step>,
    /// Whether the path ends in a full grid.
    pub solved: bool,
    /// The level: HoDoKu's (the highest level used, raised while the score exceeds its cap);
    /// for a killer, the highest level used, raised one level at most by a long path
    /// ([`KillerRule`](super::KillerRule)).
    pub level: Level,
    /// The sum of the base scores along the path.
    pub score: u32,
    /// The technique of the hardest step (highest level, then highest score).
    pub hardest: Option<Technique>,
    /// Why the path stopped early, if it did.
    pub stop: Option<Stop>,
    /// The grid at the end of the path.
    pub grid: Grid,
    /// The work the searches did (see [`Grader::with_work_limit`]).
    pub work: u64,
    /// How many steps were trials ("Brute Force": no technique applied, a digit was taken
    /// from the solution). A puzzle a person solves without guessing has none.
    pub trial_steps: usize,
    /// Why the level is what it is (none when the path did not finish or had no step).
    pub reason: Option<LevelReason>,
}

/// Why a solved puzzle has its level: the step that set it, and whether a long path raised
/// it above that step's level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelReason {
    /// The puzzle's level.
    pub level: Level,
    /// The technique of the hardest step (highest level, then highest base score; the first
    /// such step).
    pub technique: Technique,
    /// Its number along the path (the first step is 1).
    pub step: usize,
    /// Its level.
    pub step_level: Level,
    /// When the level is above the step's: the path's score and the cap of the step's level
    /// it exceeded (for a killer, the [`KillerRule`](super::KillerRule)'s).
    pub long_path: Option<(u32, u32)>,
}

impl fmt::Display for LevelReason {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "level {}: hardest step {} at step {}",
            self.level, self.technique, self.step
        )?;
        if let Some((score, cap)) = self.long_path {
            let raised = Level::ALL
                .iter()
                .filter(|&&level| level > self.step_level && level <= self.level)
                .count();
            let levels = match raised {
                1 => "one level".to_string(),
                2 => "two levels".to_string(),
                count => format!("{count} levels"),
            };
            write!(
                formatter,
                " ({}), raised {levels} by a long path (score {score} over {}'s cap {cap})",
                self.step_level, self.step_level
            )?;
        }
        Ok(())
    }
}

impl Grading {
    /// How often each technique was used, in order of first use (HoDoKu's listing).
    pub fn counts(&self) -> Vec<(Technique, usize)> {
        let mut counts: Vec<(Technique, usize)> = Vec::new();
        for step in &self.steps {
            match counts
                .iter_mut()
                .find(|(technique, _)| *technique == step.technique)
            {
                Some((_, count)) => *count += 1,
                None => counts.push((step.technique, 1)),
            }
        }
        counts
    }

    /// Whether some step was a trial (no technique applied).
    pub fn used_trial(&self) -> bool {
        self.trial_steps > 0
    }

    /// One line saying what set the level, e.g. `level Hard: hardest step Cage Splitting at
    /// step 34`, or why there is none.
    pub fn level_reason(&self) -> String {
        match &self.reason {
            Some(reason) => reason.to_string(),
            None if !self.solved => "no level: the path stopped before the grid was full".into(),
            None => format!("level {}: nothing left to solve", self.level),
        }
    }
}

/// A grader for one puzzle, with a technique table (HoDoKu's by default). Grading is
/// deterministic; the grader can be asked again and again.
#[derive(Clone, Debug)]
pub struct Grader {
    puzzle: Puzzle,
    table: TechniqueTable,
    bounds: Bounds,
}

/// What a grading may assume and spend.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bounds {
    /// The puzzle's only solution, when the caller has proved it unique.
    pub(crate) solution: Option<Grid>,
    /// The most work the searches may do (none: unbounded).
    pub(crate) work_limit: Option<u64>,
    /// The caller's flag and deadline.
    pub(crate) budget: Budget,
    /// The hardest level worth finishing a path for (none: every level).
    pub(crate) ceiling: Option<Level>,
}

impl Grader {
    /// A grader with HoDoKu's default table.
    pub fn new(puzzle: &Puzzle) -> Grader {
        Grader::with_table(puzzle, TechniqueTable::hodoku())
    }

    /// A grader with another table (a preset's).
    pub fn with_table(puzzle: &Puzzle, table: TechniqueTable) -> Grader {
        Grader {
            puzzle: puzzle.clone(),
            table,
            bounds: Bounds::default(),
        }
    }

    /// The same grader, told that `solution` is the puzzle's only solution (the caller has
    /// proved it, by either engine): the grader then never searches for solutions itself,
    /// which on large grids is most of its time. A grid of another shape, or one that is not
    /// a solution of the puzzle, is ignored.
    pub fn with_unique_solution(mut self, solution: &Grid) -> Grader {
        if solution.geometry() == self.puzzle.geometry() && self.puzzle.is_solution(solution) {
            self.bounds.solution = Some(solution.clone());
        }
        self
    }

    /// The same grader, stopping with [`Stop::WorkLimit`] once its technique searches have
    /// done `limit` work in all (each search counts the candidates on the grid when it
    /// starts, the combinatorial searches every set they try). Work, not time, so that every
    /// machine gives the same answer.
    pub fn with_work_limit(mut self, limit: u64) -> Grader {
        self.bounds.work_limit = Some(limit);
        self
    }

    /// The same grader, stopping with [`Stop::Stopped`] when `budget`'s flag is raised or
    /// its deadline passes (its work limit, when it has one, replaces the grader's).
    pub fn with_budget(mut self, budget: &Budget) -> Grader {
        if let Some(limit) = budget.work_limit() {
            self.bounds.work_limit = Some(limit);
        }
        self.bounds.budget = budget.clone().without_work_limit();
        self
    }

    /// The same grader, stopping with [`Stop::AboveCeiling`] at the first point where every
    /// technique left in the table's order is above `level`: the full path's next step would
    /// be harder than `level` (or a trial), so a caller that keeps only puzzles at or below
    /// it (a generator with a target) need not pay for the rest. A path that never gets
    /// there is the full path, step for step.
    pub fn with_ceiling(mut self, level: Level) -> Grader {
        self.bounds.ceiling = Some(level);
        self
    }

    /// The table in use.
    pub fn table(&self) -> &TechniqueTable {
        &self.table
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Solves the puzzle step by step and rates the path.
    pub fn grade(&self) -> Grading {
        let cells = self.puzzle.geometry().cell_count();
        if cells <= 128 {
            run::<2>(&self.puzzle, &self.table, &self.bounds)
        } else if cells <= 256 {
            run::<4>(&self.puzzle, &self.table, &self.bounds)
        } else {
            run::<10>(&self.puzzle, &self.table, &self.bounds)
        }
    }
}

/// Grades `puzzle` with HoDoKu's default table.
pub fn grade(puzzle: &Puzzle) -> Grading {
    Grader::new(puzzle).grade()
}

fn run<const W: usize>(puzzle: &Puzzle, table: &TechniqueTable, bounds: &Bounds) -> Grading {
    run_observed::<W>(puzzle, table, bounds, &mut |_, _, _| {})
}

/// The engine, calling `observe` with the grid before every step is applied.
pub(crate) fn run_observed<const W: usize>(
    puzzle: &Puzzle,
    table: &TechniqueTable,
    bounds: &Bounds,
    observe: &mut dyn FnMut(&Layout<W>, &Board<W>, &Finding),
) -> Grading {
    // a size with bands of its own (16×16) is rated with them
    let table = &*table.for_size(puzzle.geometry().size());
    let layout = Layout::<W>::new(puzzle);
    let mut board = Board::new(&layout, puzzle);
    let mut enabled = vec![false; Technique::ALL.len()];
    for row in &table.rows {
        enabled[row.technique as usize] = row.enabled;
    }
    let scores: Vec<Option<(Level, u32)>> = Technique::ALL
        .iter()
        .map(|&technique| table.row(technique).map(|row| (row.level, row.score)))
        .collect();
    let order: Vec<Technique> = table
        .order
        .iter()
        .copied()
        .filter(|technique| {
            technique
                .family()
                .iter()
                .any(|member| enabled[*member as usize])
        })
        .collect();
    let ceiling_at = bounds.ceiling.map_or(order.len(), |ceiling| {
        ceiling_position(&order, &scores, &enabled, ceiling)
    });
    let has_cages = !layout.cages.is_empty();
    // Variant rules break the uniqueness techniques' premise (swapping a deadly pattern's
    // digits may break the rule, so it need not be deadly), and rate like killers: the
    // hardest step, raised one level at most by a long path of rule steps.
    let has_rules = !layout.rules.is_empty();
    let mut known_solutions: Option<Vec<Vec<u8>>> = bounds
        .solution
        .as_ref()
        .map(|solution| vec![solution.values()]);

    let mut steps = Vec::new();
    let mut stop = None;
    let mut score = 0u32;
    let mut highest = Level::Easy;
    // (level, base score, technique, step number)
    let mut hardest: Option<(Level, u32, Technique, usize)> = None;
    let memo = Memo::with_work_limit(bounds.work_limit).with_budget(&bounds.budget);
    while !board.is_solved() {
        if board.empty.iter().any(|cell| board.candidates[cell] == 0) {
            stop = Some(Stop::Contradiction);
            break;
        }
        let mut found: Option<Finding> = None;
        let candidates: u64 = board
            .empty
            .iter()
            .map(|cell| u64::from(board.count(cell)))
            .sum();
        for (position, &technique) in order.iter().enumerate() {
            if position >= ceiling_at {
                stop = bounds.ceiling.map(Stop::AboveCeiling);
                break;
            }
            if technique == Technique::BruteForce {
                continue;
            }
            if !memo.charge(candidates) {
                break;
            }
            let unique = if technique.needs_uniqueness() && !has_cages && !has_rules {
                match solutions_once(&mut known_solutions, puzzle, &layout, &board, bounds) {
                    Ok(found) => found.len() == 1,
                    Err(stopped) => {
                        memo.stop(stopped);
                        break;
                    }
                }
            } else {
                false
            };
            let context = Context {
                layout: &layout,
                enabled: &enabled,
                unique,
                memo: &memo,
            };
            let finding = techniques::find(technique, &context, &mut board);
            if memo.exhausted() {
                // a search cut short may have missed an easier step: never use it
                found = None;
                break;
            }
            if let Some(finding) = finding {
                if makes_progress(&board, &finding) {
                    found = Some(finding);
                    break;
                }
            }
        }
        if memo.exhausted() {
            stop = Some(memo.stopped().map_or(Stop::WorkLimit, Stop::Stopped));
            break;
        }
        if stop.is_some() {
            break;
        }
        let finding = match found {
            Some(finding) => finding,
            None => {
                if !order.contains(&Technique::BruteForce) {
                    stop = Some(Stop::NothingApplies);
                    break;
                }
                match solutions_once(&mut known_solutions, puzzle, &layout, &board, bounds) {
                    Ok([solved, ..]) => trial(&board, solved),
                    Ok([]) => {
                        stop = Some(Stop::NoSolution);
                        break;
                    }
                    Err(stopped) => {
                        stop = Some(Stop::Stopped(stopped));
                        break;
                    }
                }
            }
        };
        observe(&layout, &board, &finding);
        for &(cell, digit) in &finding.placements {
            board.place(&layout, cell, digit);
        }
        for &(cell, digit) in &finding.eliminations {
            board.eliminate(&layout, cell, digit);
        }
        if let Some((level, points)) = scores[finding.technique as usize] {
            score += points;
            highest = highest.max(level);
            if hardest.is_none_or(|(best_level, best_score, _, _)| {
                (level, points) > (best_level, best_score)
            }) {
                hardest = Some((level, points, finding.technique, steps.len() + 1));
            }
        }
        steps.push(finding.into_step(&layout));
    }
    let values: Vec<u8> = board.values.clone();
    let grid = Grid::from_values(layout.geometry, &values).expect("values fit the grid");
    // a full board that breaks a rule (givens that break one between them: no technique
    // looks at two givens) is a contradiction, never a solution
    let solved = board.is_solved() && puzzle.is_solution(&grid);
    if board.is_solved() && !solved {
        stop = Some(Stop::Contradiction);
    }
    let (level, cap) = if !solved {
        (Level::Extreme, None)
    } else if has_cages || has_rules {
        (
            table.killer.rate(highest, score),
            table.killer.caps.cap(highest),
        )
    } else {
        (table.rate(highest, score), table.caps.cap(highest))
    };
    let reason = hardest
        .filter(|_| solved)
        .map(|(step_level, _, technique, step)| LevelReason {
            level,
            technique,
            step,
            step_level,
            long_path: (level > step_level).then(|| (score, cap.unwrap_or_default())),
        });
    let trial_steps = steps
        .iter()
        .filter(|step| step.technique == Technique::BruteForce)
        .count();
    Grading {
        steps,
        solved,
        level,
        score,
        hardest: hardest.map(|(_, _, technique, _)| technique),
        stop,
        grid,
        work: memo.work(),
        trial_steps,
        reason,
    }
}

/// The puzzle's solutions (two at most) from the grid on `board`, searched for the first time
/// they are asked for and kept in `known` for the rest of the path; `Err` when the caller's
/// budget stopped the search.
fn solutions_once<'known, const W: usize>(
    known: &'known mut Option<Vec<Vec<u8>>>,
    puzzle: &Puzzle,
    layout: &Layout<W>,
    board: &Board<W>,
    bounds: &Bounds,
) -> Result<&'known [Vec<u8>], Stopped> {
    let found = match known.take() {
        Some(found) => found,
        None => solution::solutions_of_grid(
            puzzle,
            layout,
            &board.values,
            &board.candidates,
            2,
            &bounds.budget,
        )?,
    };
    Ok(known.insert(found))
}

/// The first position in `order` from which every technique left (each with its family's
/// enabled members) is above `ceiling`; `order.len()` when there is none.
fn ceiling_position(
    order: &[Technique],
    scores: &[Option<(Level, u32)>],
    enabled: &[bool],
    ceiling: Level,
) -> usize {
    let easiest = |technique: Technique| {
        technique
            .family()
            .iter()
            .filter(|member| enabled[**member as usize])
            .chain(std::iter::once(&technique))
            .map(|member| scores[*member as usize].map_or(Level::Easy, |(level, _)| level))
            .min()
            .unwrap_or(Level::Easy)
    };
    order
        .iter()
        .rposition(|&technique| easiest(technique) <= ceiling)
        .map_or(0, |last| last + 1)
}

fn makes_progress<const W: usize>(board: &Board<W>, finding: &Finding) -> bool {
    finding
        .placements
        .iter()
        .any(|&(cell, digit)| board.values[cell] == 0 && board.has(cell, digit))
        || finding
            .eliminations
            .iter()
            .any(|&(cell, digit)| board.has(cell, digit))
}

/// A trial step: the solution's digit in the first cell with the fewest candidates.
fn trial<const W: usize>(board: &Board<W>, solved: &[u8]) -> Finding {
    let cell = board
        .empty
        .iter()
        .min_by_key(|&cell| board.count(cell))
        .expect("an unsolved grid has an empty cell");
    let digit = usize::from(solved[cell] - 1);
    let mut finding = Finding::new(Technique::BruteForce);
    finding.placements.push((cell, digit));
    finding.cells.push(cell);
    finding.digits = 1 << digit;
    finding
}
