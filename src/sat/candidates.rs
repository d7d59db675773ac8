//! True candidates (f-puzzles' name): the digits each cell takes in at least one solution.
//!
//! Each solution found marks its digits; then one question settles every unmarked
//! candidate at once: "is there a solution holding at least one of them?" (a clause of
//! them all). Each yes is a new solution that marks at least one more; the no ends the
//! search with every unmarked candidate proved false. So the solver runs at most once per
//! true candidate plus once, usually far fewer times, rather than once per candidate.

use crate::model::{Digit, DigitSet, Geometry, Grid, Puzzle};

use super::encode::{self, Term};
use super::{prepass, splr, sums, SatError};

/// The digits each cell can hold in a solution, as far as the search went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    geometry: Geometry,
    digits: Vec<DigitSet>,
    /// How many solutions the search found (each marks at least one new candidate).
    pub solutions_found: usize,
    /// Whether every candidate is decided. False when the solution limit stopped the
    /// search: the digits listed then each appear in a solution, and the digits missing
    /// are undecided, not ruled out.
    pub complete: bool,
    /// Two solutions found, when the puzzle has several (the first two).
    pub first_two: Vec<Grid>,
    /// Why there is no solution, where the pre-pass found it directly.
    pub reason: Option<String>,
}

impl TrueCandidates {
    /// The grid's shape.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The digits `cell` takes in at least one solution found.
    pub fn of(&self, cell: crate::model::Cell) -> DigitSet {
        self.digits[cell.index()]
    }

    /// `unique`, `multiple` or `none` (a complete search that found one solution proves it
    /// the only one: any other would hold an unmarked candidate).
    pub fn status(&self) -> &'static str {
        match self.solutions_found {
            0 => "none",
            1 if self.complete => "unique",
            1 => "unknown",
            _ => "multiple",
        }
    }
}

/// The true candidates of `puzzle`, finding at most `limit` solutions (0 counts as 1).
pub fn true_candidates(puzzle: &Puzzle, limit: usize) -> Result<TrueCandidates, SatError> {
    let limit = limit.max(1);
    let geometry = puzzle.geometry();
    let mut result = TrueCandidates {
        geometry,
        digits: vec![DigitSet::default(); geometry.cell_count()],
        solutions_found: 0,
        complete: true,
        first_two: Vec::new(),
        reason: None,
    };
    let candidates = match prepass::propagate(puzzle) {
        Ok(candidates) => candidates,
        Err(prepass::Contradiction(reason)) => {
            result.reason = Some(reason);
            return Ok(result);
        }
    };
    if let Some(grid) = candidates.solved_grid() {
        // The pre-pass left one grid: its digits are the only candidates, if it holds.
        if puzzle.is_solution(&grid) {
            for (cell, digit) in grid.filled() {
                result.digits[cell.index()].insert(digit);
            }
            result.solutions_found = 1;
            result.first_two.push(grid);
        }
        return Ok(result);
    }
    let encode::Encoding {
        mut clauses,
        cells,
        contradiction,
    } = encode::encode(puzzle, &candidates, sums::SELECTOR_LITERAL_LIMIT)?;
    if contradiction {
        return Ok(result);
    }
    loop {
        let unmarked: Vec<i32> = geometry
            .cells()
            .flat_map(|cell| Digit::all(geometry.size()).map(move |digit| (cell, digit)))
            .filter(|&(cell, digit)| !result.digits[cell.index()].contains(digit))
            .filter_map(|(cell, digit)| match cells.term(cell, digit) {
                Term::Literal(literal) => Some(literal),
                Term::True | Term::False => None,
            })
            .collect();
        let asking = result.solutions_found > 0;
        if asking {
            if unmarked.is_empty() {
                break;
            }
            if result.solutions_found >= limit {
                result.complete = false;
                break;
            }
            clauses.push(unmarked);
        }
        // the clauses change between calls (a question pushed and popped): share a copy
        let shared = std::sync::Arc::new(clauses.clone());
        let model = splr::solve_within(&shared, &crate::budget::Budget::unlimited())?;
        if asking {
            clauses.pop();
        }
        let Some(model) = model else { break };
        let grid = cells.decode(&model)?;
        if !puzzle.is_solution(&grid) {
            return Err(SatError::BadAnswer {
                problem: "is not a solution of the puzzle".to_string(),
            });
        }
        for (cell, digit) in grid.filled() {
            result.digits[cell.index()].insert(digit);
        }
        result.solutions_found += 1;
        if result.first_two.len() < 2 {
            result.first_two.push(grid);
        }
    }
    Ok(result)
}
