//! The variant rules as clauses, one file per family as in `model/variant/`: pair rules as
//! binary clauses, lines as orderings and equalities (auxiliary variables where a direct
//! encoding would explode), totals through the partial sums of `sat/sums.rs`.
//!
//! Every arm of [`Constraint`] is matched here, so a new rule cannot be left out silently:
//! the compiler lists this match, and a rule that cannot be encoded is an error
//! ([`SatError::Unencoded`]), never a skipped rule.

mod cells;
mod lines;
mod pairs;
mod regions;
mod sums;

use crate::model::{Cell, Constraint, Digit, Puzzle};

use super::encode::{CellTerms, Formula, Term};
use super::prepass::Candidates;
use super::SatError;

/// What every family's encoder needs: the puzzle, the pre-pass's candidates, the cell terms
/// and the growing formula.
pub(super) struct Encoder<'a> {
    puzzle: &'a Puzzle,
    candidates: &'a Candidates,
    cells: &'a CellTerms,
    formula: &'a mut Formula,
}

/// Adds the clauses of every variant rule of `puzzle`. Houses (irregular regions, extra
/// regions of n cells, disjoint groups, diagonals), cages, free cages and comparisons are written by
/// `encode` and `sums`; every other rule is written here.
pub(super) fn add_variant_clauses(
    puzzle: &Puzzle,
    candidates: &Candidates,
    cells: &CellTerms,
    formula: &mut Formula,
) -> Result<(), SatError> {
    let mut encoder = Encoder {
        puzzle,
        candidates,
        cells,
        formula,
    };
    for constraint in puzzle.constraints() {
        match constraint {
            // Written with the houses and cages.
            Constraint::Distinct(_)
            | Constraint::Cage(_)
            | Constraint::FreeCage(_)
            | Constraint::Compare(_)
            | Constraint::Regions(_) => {}
            Constraint::ExtraRegion(region) => encoder.extra_region(region)?,
            Constraint::Chess(rule) => encoder.chess(*rule)?,
            Constraint::Dot(rule) => encoder.dot(rule)?,
            Constraint::Negative(rule) => encoder.negative(rule)?,
            Constraint::Clone(rule) => encoder.clone_rule(rule)?,
            Constraint::Parity(rule) => encoder.parity(rule)?,
            Constraint::PencilMarks(rule) => encoder.pencil_marks(rule)?,
            Constraint::Extremum(rule) => encoder.extremum(rule)?,
            Constraint::Quadruple(rule) => encoder.quadruple(rule)?,
            Constraint::Line(rule) => encoder.line(rule)?,
            Constraint::Arrow(rule) => encoder.arrow(rule)?,
            Constraint::LittleKiller(rule) => encoder.little_killer(rule)?,
            Constraint::Outside(rule) => encoder.outside(rule)?,
            Constraint::Indexer(rule) => encoder.indexer(rule)?,
        }
    }
    Ok(())
}

impl Encoder<'_> {
    /// The digits of the puzzle, 1 to n.
    fn digits(&self) -> impl Iterator<Item = Digit> {
        Digit::all(self.puzzle.size())
    }

    /// The term for "`cell` holds `digit`".
    fn term(&self, cell: Cell, digit: Digit) -> Term {
        self.cells.term(cell, digit)
    }

    /// The term for "`cell` holds the digit of value `value`" (false for values that are
    /// not digits of the grid).
    fn value_term(&self, cell: Cell, value: u32) -> Term {
        match u8::try_from(value).ok().and_then(Digit::new) {
            Some(digit) if digit.get() <= self.puzzle.size() => self.term(cell, digit),
            _ => Term::False,
        }
    }

    /// The values `cell` may still hold with their terms: exactly one is true in any model.
    fn options(&self, cell: Cell) -> Vec<(u32, Term)> {
        self.candidates
            .of(cell)
            .iter()
            .map(|digit| (u32::from(digit.get()), self.term(cell, digit)))
            .collect()
    }

    /// Forbids every pair of digits of `first` and `second` that `allowed` rejects, one
    /// binary clause each.
    fn relate(
        &mut self,
        first: Cell,
        second: Cell,
        allowed: impl Fn(u32, u32) -> bool,
    ) -> Result<(), SatError> {
        for (first_value, first_term) in self.options(first) {
            for (second_value, second_term) in self.options(second) {
                if !allowed(first_value, second_value) {
                    self.formula.add_clause(&[!first_term, !second_term])?;
                }
            }
        }
        Ok(())
    }

    /// `first` and `second` hold the same digit.
    fn equal(&mut self, first: Cell, second: Cell) -> Result<(), SatError> {
        for digit in self.digits().collect::<Vec<_>>() {
            let (one, other) = (self.term(first, digit), self.term(second, digit));
            self.formula.add_clause(&[!one, other])?;
            self.formula.add_clause(&[one, !other])?;
        }
        Ok(())
    }

    /// A term true exactly when one of `terms` is, constants folded (a new variable only
    /// where two or more open terms remain).
    fn any(&mut self, terms: &[Term]) -> Result<Term, SatError> {
        if terms.contains(&Term::True) {
            return Ok(Term::True);
        }
        let live: Vec<Term> = terms
            .iter()
            .copied()
            .filter(|&term| term != Term::False)
            .collect();
        match live[..] {
            [] => Ok(Term::False),
            [only] => Ok(only),
            _ => {
                let result = self.formula.new_variable();
                let mut some = vec![!result];
                some.extend(&live);
                self.formula.add_clause(&some)?;
                for &term in &live {
                    self.formula.add_clause(&[!term, result])?;
                }
                Ok(result)
            }
        }
    }

    /// A term true exactly when all of `terms` are.
    fn all(&mut self, terms: &[Term]) -> Result<Term, SatError> {
        let negated: Vec<Term> = terms.iter().map(|&term| !term).collect();
        Ok(!self.any(&negated)?)
    }

    /// A term true exactly when `cell` holds `value` or more.
    fn at_least(&mut self, cell: Cell, value: u32) -> Result<Term, SatError> {
        let terms: Vec<Term> = self
            .options(cell)
            .into_iter()
            .filter(|&(digit, _)| digit >= value)
            .map(|(_, term)| term)
            .collect();
        self.any(&terms)
    }
}

#[cfg(test)]
mod tests;
