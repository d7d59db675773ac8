//! Line rules: thermometers as orderings between every two cells of the line, palindromes
//! as equalities, whispers, entropic and modular lines as binary clauses between cells close
//! on the line, between lines as clauses over the two ends and each middle cell, renban with
//! one variable per window of consecutive digits, zipper lines with one per total, region
//! sum lines with the partial sums of each segment (a run of cells in one region), equal bit by
//! bit; double arrows as the ends' partial sums equal to the middle's; lockout lines as
//! clauses over the two ends and each middle cell; nabner lines as binary clauses between
//! every two cells of the line.

use crate::model::variant::{
    entropic_band, lockout_difference, segment_ends, Line, LineKind, NABNER_GAP,
};
use crate::model::Cell;

use super::super::encode::Term;
use super::super::sums::{sum_of, PartialSum};
use super::super::SatError;
use super::Encoder;

impl Encoder<'_> {
    /// The clauses of one line.
    pub(super) fn line(&mut self, rule: &Line) -> Result<(), SatError> {
        let cells = &rule.cells;
        let size = u32::from(self.puzzle.size());
        match rule.kind {
            LineKind::Thermometer => self.ordered(cells, 1),
            LineKind::SlowThermometer => self.ordered(cells, 0),
            LineKind::Palindrome => {
                for index in 0..cells.len() / 2 {
                    self.equal(cells[index], cells[cells.len() - 1 - index])?;
                }
                Ok(())
            }
            LineKind::Between => self.between(cells),
            LineKind::Renban => self.renban(cells),
            LineKind::Whispers(difference) => {
                for pair in cells.windows(2) {
                    self.relate(pair[0], pair[1], |first, second| {
                        first.abs_diff(second) >= difference
                    })?;
                }
                Ok(())
            }
            // Three cells in a row take three classes exactly when each two of them (at
            // most two apart on the line) differ in class.
            LineKind::Entropic => self.classes_differ(cells, |digit| entropic_band(digit, size)),
            LineKind::Modular => self.classes_differ(cells, |digit| digit % 3),
            LineKind::Zipper => self.zipper(cells),
            LineKind::RegionSum => self.region_sum(cells),
            LineKind::DoubleArrow => self.double_arrow(cells),
            LineKind::Lockout => self.lockout(cells, lockout_difference(size)),
            LineKind::Nabner => {
                for (position, &first) in cells.iter().enumerate() {
                    for &second in &cells[position + 1..] {
                        self.relate(first, second, |one, other| {
                            one.abs_diff(other) >= NABNER_GAP
                        })?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Each cell at least `step` above the one before: so cell j is at least
    /// `step × (j − i)` above cell i, stated for every pair for stronger propagation.
    fn ordered(&mut self, cells: &[Cell], step: u32) -> Result<(), SatError> {
        for (first_position, &first) in cells.iter().enumerate() {
            for (offset, &second) in cells[first_position + 1..].iter().enumerate() {
                let gap = step * (offset as u32 + 1);
                self.relate(first, second, |low, high| high >= low + gap)?;
            }
        }
        Ok(())
    }

    /// Every middle cell strictly between the two ends.
    fn between(&mut self, cells: &[Cell]) -> Result<(), SatError> {
        self.middle_by_ends(cells, |low, high, value| low < value && value < high)
    }

    /// Every middle cell holds a digit `allowed(low, high, digit)` by the ends' smaller and
    /// larger digits: a clause for each digit triple that breaks it, and a binary clause
    /// that a middle cell never repeats an end's digit (between and lockout lines both ask it).
    fn middle_by_ends(
        &mut self,
        cells: &[Cell],
        allowed: impl Fn(u32, u32, u32) -> bool,
    ) -> Result<(), SatError> {
        let (first, last) = (cells[0], cells[cells.len() - 1]);
        for &middle in &cells[1..cells.len() - 1] {
            self.relate(first, middle, |end, inside| end != inside)?;
            self.relate(last, middle, |end, inside| end != inside)?;
            for (first_value, first_term) in self.options(first) {
                for (last_value, last_term) in self.options(last) {
                    let (low, high) = (first_value.min(last_value), first_value.max(last_value));
                    for (value, term) in self.options(middle) {
                        if !allowed(low, high, value) {
                            self.formula.add_clause(&[!first_term, !last_term, !term])?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The two ends add up to the cells between them (a line of two asks nothing).
    fn double_arrow(&mut self, cells: &[Cell]) -> Result<(), SatError> {
        let length = cells.len();
        if length < 3 {
            return Ok(());
        }
        let ends: Vec<Vec<(u32, Term)>> = [cells[0], cells[length - 1]]
            .iter()
            .map(|&cell| self.options(cell))
            .collect();
        let middle: Vec<Vec<(u32, Term)>> = cells[1..length - 1]
            .iter()
            .map(|&cell| self.options(cell))
            .collect();
        let ends = sum_of(&ends, self.formula)?;
        let middle = sum_of(&middle, self.formula)?;
        self.equal_sums(&ends, &middle)
    }

    /// The ends differ by at least `difference`; every middle cell holds a digit outside the
    /// ends' (inclusive).
    fn lockout(&mut self, cells: &[Cell], difference: u32) -> Result<(), SatError> {
        let (first, last) = (cells[0], cells[cells.len() - 1]);
        self.relate(first, last, |one, other| one.abs_diff(other) >= difference)?;
        self.middle_by_ends(cells, |low, high, value| value < low || value > high)
    }

    /// Distinct digits, all inside one window of as many consecutive digits as cells: one
    /// variable per window, at least one true; a true window keeps every other digit out,
    /// and a digit placed calls for a window that holds it.
    fn renban(&mut self, cells: &[Cell]) -> Result<(), SatError> {
        let length = cells.len() as u32;
        let size = u32::from(self.puzzle.size());
        for digit in self.digits().collect::<Vec<_>>() {
            let terms: Vec<Term> = cells.iter().map(|&cell| self.term(cell, digit)).collect();
            self.formula.at_most_one(&terms)?;
        }
        let starts: Vec<u32> = (1..=size + 1 - length).collect();
        let windows: Vec<Term> = if starts.len() == 1 {
            vec![Term::True]
        } else {
            starts.iter().map(|_| self.formula.new_variable()).collect()
        };
        self.formula.add_clause(&windows)?;
        for &cell in cells {
            for (value, term) in self.options(cell) {
                let mut holding = vec![!term];
                for (&start, &window) in starts.iter().zip(&windows) {
                    if (start..start + length).contains(&value) {
                        holding.push(window);
                    } else {
                        self.formula.add_clause(&[!window, !term])?;
                    }
                }
                self.formula.add_clause(&holding)?;
            }
        }
        Ok(())
    }

    /// Cells at most two apart on the line are in different classes.
    fn classes_differ(
        &mut self,
        cells: &[Cell],
        class: impl Fn(u32) -> u32,
    ) -> Result<(), SatError> {
        for (position, &first) in cells.iter().enumerate() {
            for &second in cells.iter().skip(position + 1).take(2) {
                self.relate(first, second, |one, other| class(one) != class(other))?;
            }
        }
        Ok(())
    }

    /// Cells the same distance from the middle add up to one total: the middle cell's digit
    /// on a line of odd length, else a total with one variable per value, exactly one true.
    /// Each pair's digits call for their total, and a total with one digit of a pair fixes
    /// the other.
    fn zipper(&mut self, cells: &[Cell]) -> Result<(), SatError> {
        let length = cells.len();
        let size = u32::from(self.puzzle.size());
        let totals: Vec<(u32, Term)> = if length % 2 == 1 {
            self.options(cells[length / 2])
        } else {
            let totals: Vec<(u32, Term)> = (2..=2 * size)
                .map(|value| (value, self.formula.new_variable()))
                .collect();
            let terms: Vec<Term> = totals.iter().map(|&(_, term)| term).collect();
            self.formula.add_clause(&terms)?;
            self.formula.at_most_one(&terms)?;
            totals
        };
        let total = |value: u32| {
            totals
                .iter()
                .find(|&&(total, _)| total == value)
                .map_or(Term::False, |&(_, term)| term)
        };
        for index in 0..length / 2 {
            let (one, other) = (cells[index], cells[length - 1 - index]);
            for (one_value, one_term) in self.options(one) {
                for (other_value, other_term) in self.options(other) {
                    let sum = total(one_value + other_value);
                    self.formula.add_clause(&[!one_term, !other_term, sum])?;
                }
            }
            for (cell, partner) in [(one, other), (other, one)] {
                for (value, term) in self.options(cell) {
                    for &(sum, total_term) in &totals {
                        let needed = match sum.checked_sub(value) {
                            Some(rest) => self.value_term(partner, rest),
                            None => Term::False,
                        };
                        self.formula.add_clause(&[!total_term, !term, needed])?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The line's digits add up to the same total in every region it visits (a region
    /// visited twice counts both parts together): each region's total as partial sums,
    /// "total ≥ v" equal for every v.
    fn region_sum(&mut self, cells: &[Cell]) -> Result<(), SatError> {
        let puzzle = self.puzzle;
        let ends = segment_ends(cells, &|cell| puzzle.region_of(cell));
        let mut totals: Vec<PartialSum> = Vec::new();
        let mut start = 0;
        for end in ends {
            let options: Vec<Vec<(u32, Term)>> = cells[start..end]
                .iter()
                .map(|&cell| self.options(cell))
                .collect();
            totals.push(sum_of(&options, self.formula)?);
            start = end;
        }
        if let Some((first, others)) = totals.split_first() {
            for other in others {
                self.equal_sums(first, other)?;
            }
        }
        Ok(())
    }

    /// Two partial sums take the same value: "sum ≥ v" agrees for every v.
    pub(super) fn equal_sums(
        &mut self,
        first: &PartialSum,
        second: &PartialSum,
    ) -> Result<(), SatError> {
        let low = first.low().min(second.low());
        let high = first.high().max(second.high()) + 1;
        for value in low..=high {
            let (one, other) = (first.at_least(value), second.at_least(value));
            self.formula.add_clause(&[!one, other])?;
            self.formula.add_clause(&[one, !other])?;
        }
        Ok(())
    }
}
