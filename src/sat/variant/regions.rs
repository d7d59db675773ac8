//! Extra regions of fewer than n cells: each digit at most once. (Irregular regions, extra
//! regions of n cells and disjoint groups are houses, written with rows and columns.)

use crate::model::Cell;

use super::super::encode::Term;
use super::super::SatError;
use super::Encoder;

impl Encoder<'_> {
    /// An extra region of fewer than n cells: its digits differ.
    pub(super) fn extra_region(&mut self, region: &[Cell]) -> Result<(), SatError> {
        for digit in self.digits().collect::<Vec<_>>() {
            let terms: Vec<Term> = region.iter().map(|&cell| self.term(cell, digit)).collect();
            self.formula.at_most_one(&terms)?;
        }
        Ok(())
    }
}
