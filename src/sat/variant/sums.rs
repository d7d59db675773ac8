//! Totals and counts: arrows (the shaft's partial sums equal to the circle's number), little
//! killers (partial sums, digits free to repeat), sandwiches and X-sums (guarded sums: a
//! cell counts only inside the sandwich or the first X cells), skyscrapers (the tallest so
//! far, order-encoded, and a count of the cells that top it), and indexers (binary
//! implications both ways).

use crate::model::variant::{Arrow, Indexer, LittleKiller, OutsideClue, OutsideKind};
use crate::model::Cell;

use super::super::encode::Term;
use super::super::sums::{sum_of, PartialSum};
use super::super::SatError;
use super::Encoder;

/// The most digit combinations a pill of a 10×10 or larger grid may list (its number is not
/// a weighted sum there: a two-digit digit shifts the number by 100).
const PILL_COMBINATION_LIMIT: usize = 100_000;

impl Encoder<'_> {
    /// The shaft adds up to the circle's number.
    pub(super) fn arrow(&mut self, rule: &Arrow) -> Result<(), SatError> {
        let shaft: Vec<Vec<(u32, Term)>> =
            rule.shaft.iter().map(|&cell| self.options(cell)).collect();
        let shaft = sum_of(&shaft, self.formula)?;
        if self.puzzle.size() <= 9 || rule.circle.len() == 1 {
            // Every digit is one decimal place: the number is a weighted sum.
            let mut weight = 1;
            let mut places: Vec<Vec<(u32, Term)>> = Vec::new();
            for &cell in rule.circle.iter().rev() {
                places.push(
                    self.options(cell)
                        .into_iter()
                        .map(|(value, term)| (value * weight, term))
                        .collect(),
                );
                weight *= 10;
            }
            let circle = sum_of(&places, self.formula)?;
            return self.equal_sums(&circle, &shaft);
        }
        self.pill_by_combinations(rule, &shaft)
    }

    /// A pill whose number is not a weighted sum: one clause per combination of its digits,
    /// pinning the shaft's total to the number they read.
    fn pill_by_combinations(&mut self, rule: &Arrow, shaft: &PartialSum) -> Result<(), SatError> {
        let options: Vec<Vec<(u32, Term)>> =
            rule.circle.iter().map(|&cell| self.options(cell)).collect();
        let combinations = options
            .iter()
            .try_fold(1usize, |product, cell| product.checked_mul(cell.len()));
        if combinations.is_none_or(|count| count > PILL_COMBINATION_LIMIT) {
            return Err(SatError::Unencoded {
                rule: rule.to_string(),
                reason: format!(
                    "its pill has more than {PILL_COMBINATION_LIMIT} digit combinations"
                ),
            });
        }
        let mut positions = vec![0usize; options.len()];
        loop {
            let digits: Vec<u32> = positions
                .iter()
                .zip(&options)
                .map(|(&position, cell)| cell[position].0)
                .collect();
            let number = u32::try_from(Arrow::circle_value(&digits)).unwrap_or(u32::MAX);
            let chosen: Vec<Term> = positions
                .iter()
                .zip(&options)
                .map(|(&position, cell)| !cell[position].1)
                .collect();
            let mut at_least = chosen.clone();
            at_least.push(shaft.at_least(number));
            self.formula.add_clause(&at_least)?;
            let mut at_most = chosen;
            at_most.push(!shaft.at_least(number.saturating_add(1)));
            self.formula.add_clause(&at_most)?;
            // The next combination, as an odometer.
            let mut place = 0;
            loop {
                if place == positions.len() {
                    return Ok(());
                }
                positions[place] += 1;
                if positions[place] < options[place].len() {
                    break;
                }
                positions[place] = 0;
                place += 1;
            }
        }
    }

    /// The diagonal adds up to the clue.
    pub(super) fn little_killer(&mut self, rule: &LittleKiller) -> Result<(), SatError> {
        let options: Vec<Vec<(u32, Term)>> = rule
            .cells(self.puzzle.geometry())
            .into_iter()
            .map(|cell| self.options(cell))
            .collect();
        sum_of(&options, self.formula)?.require(rule.sum, self.formula)
    }

    /// A sandwich, X-sum or skyscraper clue.
    pub(super) fn outside(&mut self, rule: &OutsideClue) -> Result<(), SatError> {
        let cells = rule.cells(self.puzzle.geometry());
        let size = u32::from(self.puzzle.size());
        // Redundant clauses first: bounds that follow from the row's digits being distinct,
        // which unit propagation cannot see through the guarded sums.
        let counted: Vec<Vec<(u32, Term)>> = match rule.kind {
            OutsideKind::Sandwich => {
                self.sandwich_ends(&cells, size, rule.value)?;
                self.sandwich_parts(&cells, size)?
            }
            OutsideKind::XSum => {
                self.x_sum_first(cells[0], size, rule.value)?;
                self.x_sum_parts(&cells)?
            }
            OutsideKind::Skyscraper => {
                self.skyscraper_bounds(&cells, size, rule.value)?;
                self.skyscraper_parts(&cells, size)?
            }
        };
        sum_of(&counted, self.formula)?.require(rule.value, self.formula)
    }

    /// The 1 and the n stand k cells apart only if k distinct digits from 2 to n − 1 can
    /// add up to the clue: each other pair of places is ruled out for the two ends.
    fn sandwich_ends(&mut self, cells: &[Cell], size: u32, value: u32) -> Result<(), SatError> {
        let ends: Vec<Term> = cells
            .iter()
            .map(|&cell| self.any(&[self.value_term(cell, 1), self.value_term(cell, size)]))
            .collect::<Result<_, _>>()?;
        for first in 0..cells.len() {
            for second in first + 1..cells.len() {
                let between = (second - first - 1) as u32;
                // the smallest and largest k distinct digits of 2..=n-1
                let least = (2..2 + between).sum::<u32>();
                let most = (size - between..size).sum::<u32>();
                if between > size - 2 || value < least || value > most {
                    self.formula.add_clause(&[!ends[first], !ends[second]])?;
                }
            }
        }
        Ok(())
    }

    /// The first digit d counts d distinct digits, itself among them: d is ruled out when
    /// no such d digits reach the clue.
    fn x_sum_first(&mut self, first: Cell, size: u32, value: u32) -> Result<(), SatError> {
        for (digit, term) in self.options(first) {
            let others: Vec<u32> = (1..=size).filter(|&other| other != digit).collect();
            let count = digit as usize - 1;
            let least: u32 = digit + others[..count].iter().sum::<u32>();
            let most: u32 = digit + others[others.len() - count..].iter().sum::<u32>();
            if value < least || value > most {
                self.formula.add_clause(&[!term])?;
            }
        }
        Ok(())
    }

    /// Seeing v buildings: the digit at position p leaves at most n − d taller ones after
    /// it, so v ≤ p + 1 + n − d, and d ≤ n + p + 1 − v.
    fn skyscraper_bounds(&mut self, cells: &[Cell], size: u32, value: u32) -> Result<(), SatError> {
        for (position, &cell) in cells.iter().enumerate() {
            let highest = (size + position as u32 + 1).saturating_sub(value);
            for (digit, term) in self.options(cell) {
                if digit > highest {
                    self.formula.add_clause(&[!term])?;
                }
            }
        }
        Ok(())
    }

    /// What each cell adds to the total when `inside` says whether it counts: its digit, or
    /// 0 outside.
    fn guarded(&mut self, cell: Cell, inside: Term) -> Result<Vec<(u32, Term)>, SatError> {
        let mut parts = vec![(0, !inside)];
        for (value, term) in self.options(cell) {
            let counted = self.all(&[inside, term])?;
            parts.push((value, counted));
        }
        parts.retain(|&(_, term)| term != Term::False);
        Ok(parts)
    }

    /// The cells strictly between the 1 and the n count: a cell is inside when exactly one
    /// end lies before it and it is no end itself (`seen`: an end before it; `both`: two).
    fn sandwich_parts(
        &mut self,
        cells: &[Cell],
        size: u32,
    ) -> Result<Vec<Vec<(u32, Term)>>, SatError> {
        let (mut seen, mut both) = (Term::False, Term::False);
        let mut parts = Vec::new();
        for &cell in cells {
            let end = self.any(&[self.value_term(cell, 1), self.value_term(cell, size)])?;
            let inside = self.all(&[seen, !end, !both])?;
            parts.push(self.guarded(cell, inside)?);
            let second_end = self.all(&[seen, end])?;
            both = self.any(&[both, second_end])?;
            seen = self.any(&[seen, end])?;
        }
        Ok(parts)
    }

    /// The first X cells count, X being the first cell's digit: cell p counts when X > p.
    fn x_sum_parts(&mut self, cells: &[Cell]) -> Result<Vec<Vec<(u32, Term)>>, SatError> {
        let first = cells[0];
        let mut parts = vec![self.options(first)];
        for (position, &cell) in cells.iter().enumerate().skip(1) {
            let inside = self.at_least(first, position as u32 + 1)?;
            parts.push(self.guarded(cell, inside)?);
        }
        Ok(parts)
    }

    /// Each cell counts 1 when it tops every cell before it: "the tallest so far is at
    /// least k" per k, order-encoded, and a cell holding d is seen exactly when the tallest
    /// before it is below d.
    fn skyscraper_parts(
        &mut self,
        cells: &[Cell],
        size: u32,
    ) -> Result<Vec<Vec<(u32, Term)>>, SatError> {
        // tallest[k - 1]: the tallest cell so far holds k or more.
        let mut tallest = vec![Term::False; size as usize];
        let mut parts = Vec::new();
        for &cell in cells {
            let seen = self.formula.new_variable();
            for (value, term) in self.options(cell) {
                let below = tallest[value as usize - 1];
                self.formula.add_clause(&[!term, below, seen])?;
                self.formula.add_clause(&[!term, !below, !seen])?;
            }
            parts.push(vec![(1, seen), (0, !seen)]);
            for height in 1..=size {
                let here = self.at_least(cell, height)?;
                let index = height as usize - 1;
                tallest[index] = self.any(&[tallest[index], here])?;
            }
        }
        Ok(parts)
    }

    /// Each indexer cell at position p of its house holding d puts p + 1 in the house's d-th
    /// cell; and where p + 1 stands in the house says the digit here.
    pub(super) fn indexer(&mut self, rule: &Indexer) -> Result<(), SatError> {
        let geometry = self.puzzle.geometry();
        let puzzle = self.puzzle;
        let region_of = |cell: Cell| puzzle.region_of(cell);
        for &here in &rule.cells {
            let (house, position) = rule.house(geometry, &region_of, here);
            let number = position as u32 + 1;
            for (value, term) in self.options(here) {
                let target = house.get(value as usize - 1);
                let placed = target.map_or(Term::False, |&target| self.value_term(target, number));
                self.formula.add_clause(&[!term, placed])?;
            }
            for (index, &target) in house.iter().enumerate() {
                let placed = self.value_term(target, number);
                let pointing = self.value_term(here, index as u32 + 1);
                self.formula.add_clause(&[!placed, pointing])?;
            }
        }
        Ok(())
    }
}
