//! Rules between two cells as binary clauses: anti-knight and anti-king, Kropki dots and XV
//! (one clause per pair of digits the mark forbids), their negative constraints on every
//! unmarked pair of neighbours, and clones as equalities.

use crate::model::variant::{ChessMove, CloneRule, Dot, Negative};

use super::super::SatError;
use super::Encoder;

impl Encoder<'_> {
    /// No digit a chess move from itself.
    pub(super) fn chess(&mut self, rule: ChessMove) -> Result<(), SatError> {
        let geometry = self.puzzle.geometry();
        for cell in geometry.cells() {
            for other in rule.reach(geometry, cell) {
                // Each pair is met from both ends; the formula keeps one copy of each clause.
                self.relate(cell, other, |first, second| first != second)?;
            }
        }
        Ok(())
    }

    /// The two digits obey the mark.
    pub(super) fn dot(&mut self, rule: &Dot) -> Result<(), SatError> {
        let kind = rule.kind;
        self.relate(rule.first, rule.second, |first, second| {
            kind.allows(first, second)
        })
    }

    /// Neighbours without a mark of the family show none of the forbidden relations.
    pub(super) fn negative(&mut self, rule: &Negative) -> Result<(), SatError> {
        let forbidden: Vec<_> = rule.forbidden().collect();
        let pairs = rule.unmarked_pairs(self.puzzle.geometry(), self.puzzle.dots());
        for (first, second) in pairs {
            self.relate(first, second, |one, other| {
                forbidden.iter().all(|kind| !kind.allows(one, other))
            })?;
        }
        Ok(())
    }

    /// Each cell holds its clone's digit.
    pub(super) fn clone_rule(&mut self, rule: &CloneRule) -> Result<(), SatError> {
        for (&first, &second) in rule.first.iter().zip(&rule.second) {
            self.equal(first, second)?;
        }
        Ok(())
    }
}
