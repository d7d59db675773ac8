//! The engine: applies, at each point, the first technique in the table's order that makes
//! progress, records the path, and rates it.

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
}

/// The result of grading a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grading {
    /// The path, in order.
    pub steps: Vec<Step>,
    /// Whether the path ends in a full grid.
    pub solved: bool,
    /// HoDoKu's level: the highest level used, raised while the score exceeds its cap.
    pub level: Level,
    /// The sum of the base scores along the path.
    pub score: u32,
    /// The technique of the hardest step (highest level, then highest score).
    pub hardest: Option<Technique>,
    /// Why the path stopped early, if it did.
    pub stop: Option<Stop>,
    /// The grid at the end of the path.
    pub grid: Grid,
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
        self.steps
            .iter()
            .any(|step| step.technique == Technique::BruteForce)
    }
}

/// A grader for one puzzle, with a technique table (HoDoKu's by default). Grading is
/// deterministic; the grader can be asked again and again.
#[derive(Clone, Debug)]
pub struct Grader {
    puzzle: Puzzle,
    table: TechniqueTable,
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
        }
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
            run::<2>(&self.puzzle, &self.table)
        } else if cells <= 256 {
            run::<4>(&self.puzzle, &self.table)
        } else {
            run::<10>(&self.puzzle, &self.table)
        }
    }
}

/// Grades `puzzle` with HoDoKu's default table.
pub fn grade(puzzle: &Puzzle) -> Grading {
    Grader::new(puzzle).grade()
}

fn run<const W: usize>(puzzle: &Puzzle, table: &TechniqueTable) -> Grading {
    run_observed::<W>(puzzle, table, &mut |_, _, _| {})
}

/// The engine, calling `observe` with the grid before every step is applied.
pub(crate) fn run_observed<const W: usize>(
    puzzle: &Puzzle,
    table: &TechniqueTable,
    observe: &mut dyn FnMut(&Layout<W>, &Board<W>, &Finding),
) -> Grading {
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
    let has_cages = !layout.cages.is_empty();
    let mut known_solutions: Option<Vec<Vec<u8>>> = None;
    let mut steps = Vec::new();
    let mut stop = None;
    let mut score = 0u32;
    let mut highest = Level::Easy;
    let mut hardest: Option<(Level, u32, Technique)> = None;
    let memo = Memo::new();
    while !board.is_solved() {
        if board.empty.iter().any(|cell| board.candidates[cell] == 0) {
            stop = Some(Stop::Contradiction);
            break;
        }
        let mut found: Option<Finding> = None;
        for &technique in &order {
            if technique == Technique::BruteForce {
                continue;
            }
            let unique = if technique.needs_uniqueness() && !has_cages {
                let solutions = known_solutions.get_or_insert_with(|| {
                    solution::solutions_of_grid(
                        puzzle,
                        &layout,
                        &board.values,
                        &board.candidates,
                        2,
                    )
                });
                solutions.len() == 1
            } else {
                false
            };
            let context = Context {
                layout: &layout,
                enabled: &enabled,
                unique,
                memo: &memo,
            };
            if let Some(finding) = techniques::find(technique, &context, &mut board) {
                if makes_progress(&board, &finding) {
                    found = Some(finding);
                    break;
                }
            }
        }
        let finding = match found {
            Some(finding) => finding,
            None => {
                if !order.contains(&Technique::BruteForce) {
                    stop = Some(Stop::NothingApplies);
                    break;
                }
                let solutions = known_solutions.get_or_insert_with(|| {
                    solution::solutions_of_grid(
                        puzzle,
                        &layout,
                        &board.values,
                        &board.candidates,
                        2,
                    )
                });
                match solutions.first() {
                    Some(solved) => trial(&board, solved),
                    None => {
                        stop = Some(Stop::NoSolution);
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
            if hardest.is_none_or(|(best_level, best_score, _)| {
                (level, points) > (best_level, best_score)
            }) {
                hardest = Some((level, points, finding.technique));
            }
        }
        steps.push(finding.into_step(&layout));
    }
    let solved = board.is_solved();
    let level = if solved {
        table.rate(highest, score)
    } else {
        Level::Extreme
    };
    let values: Vec<u8> = board.values.clone();
    Grading {
        steps,
        solved,
        level,
        score,
        hardest: hardest.map(|(_, _, technique)| technique),
        stop,
        grid: Grid::from_values(layout.geometry, &values).expect("values fit the grid"),
    }
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
