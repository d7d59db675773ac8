//! Rules on single cells and small groups: parity as unit clauses, minimum/maximum cells as
//! binary clauses against each neighbour, quadruples as "at least m of these cells" clauses.

use crate::model::variant::{Extremum, ExtremumKind, Parity, PencilMarks, Quadruple};
use crate::model::Digit;

use super::super::encode::Term;
use super::super::SatError;
use super::Encoder;

impl Encoder<'_> {
    /// The cell's digit has its parity: every other digit is ruled out.
    pub(super) fn parity(&mut self, rule: &Parity) -> Result<(), SatError> {
        for digit in self.digits().collect::<Vec<_>>() {
            if !rule.allows(digit) {
                let term = self.term(rule.cell, digit);
                self.formula.add_clause(&[!term])?;
            }
        }
        Ok(())
    }

    /// The cell holds one of its given pencil marks.
    pub(super) fn pencil_marks(&mut self, rule: &PencilMarks) -> Result<(), SatError> {
        for digit in self.digits().collect::<Vec<_>>() {
            if !rule.allows(digit) {
                let term = self.term(rule.cell, digit);
                self.formula.add_clause(&[!term])?;
            }
        }
        Ok(())
    }

    /// The cell's digit is below (above) each orthogonal neighbour's it is compared with
    /// (not another cell of its kind).
    pub(super) fn extremum(&mut self, rule: &Extremum) -> Result<(), SatError> {
        let extrema: Vec<Extremum> = self.puzzle.extrema().copied().collect();
        let neighbours = rule.compared_neighbours(self.puzzle.geometry(), &extrema);
        for neighbour in neighbours {
            match rule.kind {
                ExtremumKind::Minimum => {
                    self.relate(rule.cell, neighbour, |own, other| own < other)?
                }
                ExtremumKind::Maximum => {
                    self.relate(rule.cell, neighbour, |own, other| own > other)?
                }
            }
        }
        Ok(())
    }

    /// Each digit of the circle appears in the cells as often as it is listed: "at least m of
    /// k cells hold d" is "every k − m + 1 of them include one holding d" (k is at most 4, so
    /// the subsets are few).
    pub(super) fn quadruple(&mut self, rule: &Quadruple) -> Result<(), SatError> {
        let mut listed: Vec<Digit> = rule.digits.clone();
        listed.sort();
        listed.dedup();
        let count = rule.cells.len();
        for digit in listed {
            let wanted = rule.digits.iter().filter(|&&other| other == digit).count();
            if wanted > count {
                self.formula.add_clause(&[])?;
                continue;
            }
            let subset_size = count - wanted + 1;
            for mask in 0u32..(1 << count) {
                if mask.count_ones() as usize != subset_size {
                    continue;
                }
                let terms: Vec<Term> = (0..count)
                    .filter(|position| mask & (1 << position) != 0)
                    .map(|position| self.term(rule.cells[position], digit))
                    .collect();
                self.formula.add_clause(&terms)?;
            }
        }
        Ok(())
    }
}
