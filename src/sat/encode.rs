//! The CNF: variables for the (cell, digit) pairs the pre-pass left open, numbered densely
//! from 1, and the clauses for cells and houses; decoding a model back into a grid.

use std::collections::HashSet;
use std::ops::Not;

use crate::model::{Cell, Digit, Geometry, Grid, Puzzle};

use super::prepass::Candidates;
use super::{sums, variant, SatError};

/// The most literals a formula may hold, so that no puzzle can make the encoder allocate
/// without bound; the largest encodings of real puzzles stay far below it.
const LITERAL_LIMIT: usize = 50_000_000;

/// A literal of the formula, or a truth value the pre-pass already settled. Clauses are
/// written with terms; constants are folded away as they are added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Term {
    /// Always true: a clause holding it is satisfied and dropped.
    True,
    /// Always false: dropped from the clauses that hold it.
    False,
    /// A variable (positive) or its negation (negative), DIMACS style.
    Literal(i32),
}

impl Not for Term {
    type Output = Term;

    fn not(self) -> Term {
        match self {
            Term::True => Term::False,
            Term::False => Term::True,
            Term::Literal(literal) => Term::Literal(-literal),
        }
    }
}

/// A growing CNF in DIMACS numbering, simplified as it is built.
pub(super) struct Formula {
    variable_count: i32,
    clauses: Vec<Vec<i32>>,
    /// Binary clauses already present: rows, boxes and cages share many cell pairs.
    binary_clauses: HashSet<(i32, i32)>,
    literal_count: usize,
    /// Whether a clause lost all its literals to the pre-pass: then there is no solution.
    emptied: bool,
}

impl Formula {
    fn new() -> Formula {
        Formula {
            variable_count: 0,
            clauses: Vec::new(),
            binary_clauses: HashSet::new(),
            literal_count: 0,
            emptied: false,
        }
    }

    /// A fresh variable, as a positive literal.
    pub(super) fn new_variable(&mut self) -> Term {
        self.variable_count += 1;
        Term::Literal(self.variable_count)
    }

    /// Adds the disjunction of `terms`: dropped if a term is true or it holds a literal and
    /// its negation, without its false terms otherwise.
    pub(super) fn add_clause(&mut self, terms: &[Term]) -> Result<(), SatError> {
        let mut clause: Vec<i32> = Vec::with_capacity(terms.len());
        for &term in terms {
            match term {
                Term::True => return Ok(()),
                Term::False => {}
                Term::Literal(literal) if clause.contains(&-literal) => return Ok(()),
                Term::Literal(literal) if clause.contains(&literal) => {}
                Term::Literal(literal) => clause.push(literal),
            }
        }
        match clause[..] {
            [] => {
                self.emptied = true;
                return Ok(());
            }
            [first, second] => {
                let key = (first.min(second), first.max(second));
                if !self.binary_clauses.insert(key) {
                    return Ok(());
                }
            }
            _ => {}
        }
        self.literal_count += clause.len();
        if self.literal_count > LITERAL_LIMIT {
            return Err(SatError::TooLarge {
                limit: LITERAL_LIMIT,
            });
        }
        self.clauses.push(clause);
        Ok(())
    }

    /// At most one of `terms` is true, pairwise: the groups here (a cell's digits, a
    /// house's or cage's cells) have at most 25 members, and binary clauses propagate best.
    pub(super) fn at_most_one(&mut self, terms: &[Term]) -> Result<(), SatError> {
        let live: Vec<Term> = terms
            .iter()
            .copied()
            .filter(|&term| term != Term::False)
            .collect();
        for (position, &first) in live.iter().enumerate() {
            for &second in &live[position + 1..] {
                self.add_clause(&[!first, !second])?;
            }
        }
        Ok(())
    }
}

/// Which term stands for "cell holds digit", for every cell and digit.
pub(super) struct CellTerms {
    geometry: Geometry,
    terms: Vec<Term>,
}

impl CellTerms {
    /// Numbers the open (cell, digit) pairs 1..=V in row-major order; settled and excluded
    /// pairs become constants.
    fn new(candidates: &Candidates, geometry: Geometry, formula: &mut Formula) -> CellTerms {
        let size = usize::from(geometry.size());
        let mut terms = vec![Term::False; geometry.cell_count() * size];
        for cell in geometry.cells() {
            let allowed = candidates.of(cell);
            for digit in allowed.iter() {
                terms[cell.index() * size + digit.index()] = if allowed.len() == 1 {
                    Term::True
                } else {
                    formula.new_variable()
                };
            }
        }
        CellTerms { geometry, terms }
    }

    /// The term for "`cell` holds `digit`".
    pub(super) fn term(&self, cell: Cell, digit: Digit) -> Term {
        self.terms[cell.index() * usize::from(self.geometry.size()) + digit.index()]
    }

    /// The terms of every digit of `cell`.
    fn of_cell(&self, cell: Cell) -> Vec<Term> {
        Digit::all(self.geometry.size())
            .map(|digit| self.term(cell, digit))
            .collect()
    }

    /// The grid a model describes. `model` lists every variable in order, as splr gives it
    /// (`v` or `-v` at position `v - 1`); a variable missing from its end occurs in no
    /// clause and reads as false.
    pub(super) fn decode(&self, model: &[i32]) -> Result<Grid, SatError> {
        let holds = |term: Term| match term {
            Term::True => true,
            Term::False => false,
            Term::Literal(literal) => {
                let index = literal.unsigned_abs() as usize - 1;
                let positive = model.get(index).is_some_and(|&value| value > 0);
                positive == (literal > 0)
            }
        };
        let mut grid = Grid::empty(self.geometry);
        for cell in self.geometry.cells() {
            let mut digits =
                Digit::all(self.geometry.size()).filter(|&d| holds(self.term(cell, d)));
            match (digits.next(), digits.next()) {
                (Some(digit), None) => grid.set(cell, Some(digit)),
                _ => {
                    return Err(SatError::BadAnswer {
                        problem: format!("does not give {cell} exactly one digit"),
                    })
                }
            }
        }
        Ok(grid)
    }

    /// The clause that rules out `grid` again: some open cell holds another digit.
    pub(super) fn blocking_clause(&self, grid: &Grid) -> Vec<i32> {
        grid.filled()
            .filter_map(|(cell, digit)| match self.term(cell, digit) {
                Term::Literal(literal) => Some(-literal),
                Term::True | Term::False => None,
            })
            .collect()
    }
}

/// The CNF of a puzzle after the pre-pass, with the map back from models to grids.
pub(super) struct Encoding {
    /// The clauses, in DIMACS numbering.
    pub(super) clauses: Vec<Vec<i32>>,
    /// The cell terms, for decoding and blocking solutions.
    pub(super) cells: CellTerms,
    /// Whether a clause was emptied while encoding: the puzzle has no solution.
    pub(super) contradiction: bool,
}

/// Encodes the open part of `puzzle`: cells, houses (rows, columns, boxes or irregular
/// regions, and extra houses such as diagonals), cages and comparisons, and every variant
/// rule. `selector_limit`: see `sums::add_cage_clauses`.
pub(super) fn encode(
    puzzle: &Puzzle,
    candidates: &Candidates,
    selector_limit: usize,
) -> Result<Encoding, SatError> {
    let mut formula = Formula::new();
    let cells = CellTerms::new(candidates, puzzle.geometry(), &mut formula);
    for cell in puzzle.geometry().cells() {
        let terms = cells.of_cell(cell);
        formula.add_clause(&terms)?;
        formula.at_most_one(&terms)?;
    }
    for house in puzzle.houses() {
        for digit in Digit::all(puzzle.size()) {
            let terms: Vec<Term> = house
                .cells()
                .iter()
                .map(|&cell| cells.term(cell, digit))
                .collect();
            // "At least once" is implied by "at most once" over n cells and n digits, but
            // stated it lets unit propagation find hidden singles.
            formula.add_clause(&terms)?;
            formula.at_most_one(&terms)?;
        }
    }
    sums::add_cage_clauses(puzzle, candidates, &cells, &mut formula, selector_limit)?;
    variant::add_variant_clauses(puzzle, candidates, &cells, &mut formula)?;
    Ok(Encoding {
        clauses: formula.clauses,
        cells,
        contradiction: formula.emptied,
    })
}
