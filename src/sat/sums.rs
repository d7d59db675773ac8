//! Cages (free cages too) and comparisons as clauses: no repeats, digit-set selectors for
//! sums, partial sums for cages with too many digit sets, and forbidden pairs of sums for
//! comparisons.
//!
//! Every cage whose sum matters (it is given, or a comparison names the cage) exposes its
//! possible sums as [`SumTerms`]: one term per value, exactly one of them true in any model.
//! Comparisons only ever see those terms, so they work alike for both cage encodings.

use crate::model::{Cage, Cell, Comparison, Constraint, Digit, DigitSet, Puzzle};

use super::encode::{CellTerms, Formula, Term};
use super::prepass::Candidates;
use super::SatError;

/// The most digit sets one cage may list; beyond it the cage is encoded by partial sums.
pub(super) const SET_CAP: usize = 20_000;

/// How many recursion steps one listing of digit sets may take before it gives up (so a
/// sum no set reaches in a large grid cannot make the search run for long).
const SEARCH_STEP_LIMIT: usize = 2_000_000;

/// The most literals the selector encoding may spend on one cage; larger cages get the
/// partial-sum encoding, whose size grows with the sum range rather than the set count.
pub(super) const SELECTOR_LITERAL_LIMIT: usize = 400_000;

/// The digit sets a cage may still hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum DigitSets {
    /// Every set of distinct digits, one per cage cell, that reaches the sum (or every such
    /// set, if the sum is hidden) and fits the cells' candidates.
    Listed(Vec<DigitSet>),
    /// More than [`SET_CAP`] sets, or too long a search to list them.
    TooMany,
}

/// The sets of distinct digits a cage can hold: one digit per cell, reaching `sum` if it is
/// set, and placeable on the cells given their candidates (a digit per cell, each cell
/// taking a digit it still allows).
pub(super) fn feasible_sets(
    size: u8,
    cells: &[Cell],
    sum: Option<u32>,
    candidates: &Candidates,
) -> DigitSets {
    let cell_sets: Vec<DigitSet> = cells.iter().map(|&cell| candidates.of(cell)).collect();
    let allowed = DigitSet::from_bits(cell_sets.iter().fold(0, |bits, set| bits | set.bits()));
    let required = DigitSet::from_bits(
        cell_sets
            .iter()
            .filter(|set| set.len() == 1)
            .fold(0, |bits, set| bits | set.bits()),
    );
    let free: Vec<u32> = allowed
        .iter()
        .filter(|&digit| !required.contains(digit))
        .map(|digit| u32::from(digit.get()))
        .collect();
    let Some(missing) = cells.len().checked_sub(required.len() as usize) else {
        return DigitSets::Listed(Vec::new());
    };
    if sum.is_none() && binomial_exceeds(free.len(), missing, SET_CAP) {
        return DigitSets::TooMany;
    }
    debug_assert!(free.len() <= usize::from(size));
    let mut search = SetSearch {
        free,
        target: sum,
        cell_sets: &cell_sets,
        steps: 0,
        found: Vec::new(),
        overflow: false,
    };
    search.extend(0, required, missing, required.sum());
    if search.overflow {
        DigitSets::TooMany
    } else {
        DigitSets::Listed(search.found)
    }
}

/// Whether C(n, k) exceeds `cap`, without overflowing.
fn binomial_exceeds(n: usize, k: usize, cap: usize) -> bool {
    if k > n {
        return false;
    }
    let k = k.min(n - k);
    let mut value: u128 = 1;
    for step in 0..k {
        value = value * (n - step) as u128 / (step + 1) as u128;
        if value > cap as u128 {
            return true;
        }
    }
    false
}

/// A depth-first listing of digit sets, bounded in steps and in sets found.
struct SetSearch<'a> {
    /// Digits the cage may still take beyond the settled ones, ascending.
    free: Vec<u32>,
    target: Option<u32>,
    cell_sets: &'a [DigitSet],
    steps: usize,
    found: Vec<DigitSet>,
    overflow: bool,
}

impl SetSearch<'_> {
    /// Adds `missing` more digits from `free[start..]` to `chosen`, whose sum is `total`.
    fn extend(&mut self, start: usize, chosen: DigitSet, missing: usize, total: u32) {
        self.steps += 1;
        if self.overflow || self.steps > SEARCH_STEP_LIMIT {
            self.overflow = true;
            return;
        }
        if missing == 0 {
            if self.target.is_none_or(|target| total == target) && fits(chosen, self.cell_sets) {
                if self.found.len() == SET_CAP {
                    self.overflow = true;
                } else {
                    self.found.push(chosen);
                }
            }
            return;
        }
        let count = self.free.len();
        if count < start + missing {
            return;
        }
        if let Some(target) = self.target {
            let largest: u32 = self.free[count - missing..].iter().sum();
            if total + largest < target {
                return;
            }
        }
        for index in start..=count - missing {
            if let Some(target) = self.target {
                // The smallest completion from here only grows with `index`.
                let smallest: u32 = self.free[index..index + missing].iter().sum();
                if total + smallest > target {
                    break;
                }
            }
            let digit = self.free[index];
            let mut next = chosen;
            next.insert(Digit::from_index(digit as usize - 1));
            self.extend(index + 1, next, missing - 1, total + digit);
        }
    }
}

/// Whether the digits of `set` can be put one per cell, each where its cell allows it
/// (a perfect matching, found by augmenting paths).
fn fits(set: DigitSet, cell_sets: &[DigitSet]) -> bool {
    let digits: Vec<Digit> = set.iter().collect();
    if digits.len() != cell_sets.len() {
        return false;
    }
    // `holder[d]` is the cell the d-th digit of the set is matched to.
    let mut holder: Vec<Option<usize>> = vec![None; digits.len()];
    (0..cell_sets.len()).all(|cell| {
        let mut visited = vec![false; digits.len()];
        augment(cell, &digits, cell_sets, &mut holder, &mut visited)
    })
}

/// Tries to give `cell` a digit, moving earlier cells to other digits if needed.
fn augment(
    cell: usize,
    digits: &[Digit],
    cell_sets: &[DigitSet],
    holder: &mut [Option<usize>],
    visited: &mut [bool],
) -> bool {
    for (position, &digit) in digits.iter().enumerate() {
        if !cell_sets[cell].contains(digit) || visited[position] {
            continue;
        }
        visited[position] = true;
        let free = match holder[position] {
            None => true,
            Some(other) => augment(other, digits, cell_sets, holder, visited),
        };
        if free {
            holder[position] = Some(cell);
            return true;
        }
    }
    false
}

/// The possible sums of one cage, each with the term that is true when the cage has it.
pub(super) type SumTerms = Vec<(u32, Term)>;

/// Adds the clauses of every cage and every comparison. A cage whose digit-set selectors
/// would take more than `selector_limit` literals (or that has more than [`SET_CAP`] sets)
/// is encoded by partial sums instead.
pub(super) fn add_cage_clauses(
    puzzle: &Puzzle,
    candidates: &Candidates,
    cells: &CellTerms,
    formula: &mut Formula,
    selector_limit: usize,
) -> Result<(), SatError> {
    let mut compared = vec![false; puzzle.cage_count()];
    for comparison in puzzle.comparisons() {
        compared[comparison.first.index()] = true;
        compared[comparison.second.index()] = true;
    }
    let mut sums: Vec<SumTerms> = vec![Vec::new(); puzzle.cage_count()];
    for (index, cage) in puzzle.cages().enumerate() {
        add_no_repeat(cage, candidates, cells, formula)?;
        if cage.sum.is_some() || compared[index] {
            sums[index] = add_cage_sum(
                puzzle.size(),
                cage,
                candidates,
                cells,
                formula,
                selector_limit,
            )?;
        }
    }
    for comparison in puzzle.comparisons() {
        add_comparison(comparison, &sums, formula)?;
    }
    // free cages (overlapping another cage, or in pieces) mean what a cage means: the same
    // clauses, with no comparison ever naming them
    for constraint in puzzle.constraints() {
        if let Constraint::FreeCage(rule) = constraint {
            let cage = Cage {
                label: String::new(),
                cells: rule.cells.clone(),
                sum: rule.sum,
            };
            add_no_repeat(&cage, candidates, cells, formula)?;
            if cage.sum.is_some() {
                add_cage_sum(
                    puzzle.size(),
                    &cage,
                    candidates,
                    cells,
                    formula,
                    selector_limit,
                )?;
            }
        }
    }
    Ok(())
}

/// Each digit at most once in the cage.
fn add_no_repeat(
    cage: &Cage,
    candidates: &Candidates,
    cells: &CellTerms,
    formula: &mut Formula,
) -> Result<(), SatError> {
    let allowed = cage
        .cells
        .iter()
        .fold(0, |bits, &cell| bits | candidates.of(cell).bits());
    for digit in DigitSet::from_bits(allowed).iter() {
        let terms: Vec<Term> = cage
            .cells
            .iter()
            .map(|&cell| cells.term(cell, digit))
            .collect();
        formula.at_most_one(&terms)?;
    }
    Ok(())
}

/// Encodes a cage's sum by digit-set selectors when the sets are few enough, else by
/// partial sums; returns the cage's sum terms.
fn add_cage_sum(
    size: u8,
    cage: &Cage,
    candidates: &Candidates,
    cells: &CellTerms,
    formula: &mut Formula,
    selector_limit: usize,
) -> Result<SumTerms, SatError> {
    let digit_count = cage
        .cells
        .iter()
        .fold(0, |bits, &cell| bits | candidates.of(cell).bits())
        .count_ones() as usize;
    match feasible_sets(size, &cage.cells, cage.sum, candidates) {
        DigitSets::Listed(sets)
            if selector_literals(sets.len(), cage.cells.len(), digit_count) <= selector_limit =>
        {
            add_selectors(cage, &sets, candidates, cells, formula)
        }
        _ => add_partial_sums(cage, candidates, cells, formula),
    }
}

/// A bound on the literals the selector encoding spends on a cage: per set, a binary
/// clause for each digit and its share of "at least one set"; per digit, the presence
/// definition over the cells and two clauses over the sets.
fn selector_literals(set_count: usize, cell_count: usize, digit_count: usize) -> usize {
    set_count * (2 * digit_count + 1) + digit_count * (3 * cell_count + 1 + 2 * (set_count + 1))
}

/// The allowed-digit-set encoding: one selector per set, at least one of them true; a true
/// selector puts each of its digits somewhere in the cage and keeps every other digit out.
///
/// Both go through one presence variable per digit, "the digit is somewhere in the cage":
/// `sel → present(d)` for d in the set, `sel → ¬present(d)` otherwise, with
/// `present(d) ↔ (cell₁ = d ∨ … ∨ cellₖ = d)`. By resolution this is the same as the direct
/// clauses `¬sel ∨ cell₁=d ∨ …` and `¬sel ∨ ¬cell=d`, with fewer clauses; and the extra
/// `present(d) ∨ (a selector of a set without d)` lets unit propagation place a digit every
/// remaining set needs, which cut splr's time on the hardest seed killer from about 1 s to
/// about 0.3 s.
///
/// Two different sets of the same size each hold a digit the other keeps out, so "at most
/// one selector" already follows by unit propagation and is not added.
fn add_selectors(
    cage: &Cage,
    sets: &[DigitSet],
    candidates: &Candidates,
    cells: &CellTerms,
    formula: &mut Formula,
) -> Result<SumTerms, SatError> {
    let selectors: Vec<Term> = if sets.len() == 1 {
        vec![Term::True]
    } else {
        sets.iter().map(|_| formula.new_variable()).collect()
    };
    formula.add_clause(&selectors)?;
    let allowed = cage
        .cells
        .iter()
        .fold(0, |bits, &cell| bits | candidates.of(cell).bits());
    for digit in DigitSet::from_bits(allowed).iter() {
        let digit_terms: Vec<Term> = cage
            .cells
            .iter()
            .map(|&cell| cells.term(cell, digit))
            .collect();
        let selectors_where = |holds: bool| -> Vec<Term> {
            sets.iter()
                .zip(&selectors)
                .filter(|(set, _)| set.contains(digit) == holds)
                .map(|(_, &selector)| selector)
                .collect()
        };
        let (with, without) = (selectors_where(true), selectors_where(false));
        let present = match (with.is_empty(), without.is_empty()) {
            // In no set: kept out of every cell.
            (true, _) => Term::False,
            // In every set: somewhere in the cage, whichever set it is.
            (false, true) => Term::True,
            (false, false) => formula.new_variable(),
        };
        add_presence(present, &digit_terms, formula)?;
        for &selector in &with {
            formula.add_clause(&[!selector, present])?;
        }
        for &selector in &without {
            formula.add_clause(&[!selector, !present])?;
        }
        let mut some_set_with = vec![!present];
        some_set_with.extend(&with);
        formula.add_clause(&some_set_with)?;
        let mut some_set_without = vec![present];
        some_set_without.extend(&without);
        formula.add_clause(&some_set_without)?;
    }
    if let Some(sum) = cage.sum {
        return Ok(vec![(sum, Term::True)]);
    }
    sum_terms_from_selectors(sets, &selectors, formula)
}

/// `present ↔ (one of digit_terms)`: the digit is somewhere in the cage exactly when
/// `present` holds.
fn add_presence(
    present: Term,
    digit_terms: &[Term],
    formula: &mut Formula,
) -> Result<(), SatError> {
    let mut somewhere = vec![!present];
    somewhere.extend(digit_terms);
    formula.add_clause(&somewhere)?;
    for &term in digit_terms {
        formula.add_clause(&[!term, present])?;
    }
    Ok(())
}

/// One term per sum a hidden-sum cage can have: the selector itself where one set has
/// that sum, else a new variable true exactly when one of the sets with that sum is.
fn sum_terms_from_selectors(
    sets: &[DigitSet],
    selectors: &[Term],
    formula: &mut Formula,
) -> Result<SumTerms, SatError> {
    let mut by_sum: Vec<(u32, Vec<Term>)> = Vec::new();
    for (set, &selector) in sets.iter().zip(selectors) {
        match by_sum.iter_mut().find(|(sum, _)| *sum == set.sum()) {
            Some((_, group)) => group.push(selector),
            None => by_sum.push((set.sum(), vec![selector])),
        }
    }
    let mut terms = Vec::with_capacity(by_sum.len());
    for (sum, group) in by_sum {
        if let [only] = group[..] {
            terms.push((sum, only));
            continue;
        }
        let value = formula.new_variable();
        let mut definition = vec![!value];
        definition.extend(&group);
        formula.add_clause(&definition)?;
        for selector in group {
            formula.add_clause(&[!selector, value])?;
        }
        terms.push((sum, value));
    }
    Ok(terms)
}

/// Order-encoded partial sums over the cage's open cells: after `i` cells, one literal per
/// value `s` saying "the sum so far is at least s". Used where listing digit sets would be
/// too large (big cages in big grids); its size grows with the sum range, not the set count.
/// The variant rules use it too, for totals whose digits may repeat (arrows, little killers,
/// region sum lines) and for guarded sums (sandwiches, X-sums) and counts (skyscrapers).
pub(super) struct PartialSum {
    low: u32,
    high: u32,
    /// `at_least[k]` stands for "sum ≥ low + 1 + k".
    at_least: Vec<Term>,
}

impl PartialSum {
    /// The sum of no cells: exactly `value`.
    pub(super) fn exactly(value: u32) -> PartialSum {
        PartialSum {
            low: value,
            high: value,
            at_least: Vec::new(),
        }
    }

    /// The term for "sum ≥ value": true below the range, false above it.
    pub(super) fn at_least(&self, value: u32) -> Term {
        if value <= self.low {
            Term::True
        } else if value > self.high {
            Term::False
        } else {
            self.at_least[(value - self.low - 1) as usize]
        }
    }

    /// The term for "sum = value".
    pub(super) fn equals(&self, value: u32, formula: &mut Formula) -> Result<Term, SatError> {
        let (at_least, above) = (self.at_least(value), self.at_least(value + 1));
        if at_least == Term::True {
            return Ok(!above);
        }
        if above == Term::False {
            return Ok(at_least);
        }
        let equals = formula.new_variable();
        formula.add_clause(&[!equals, at_least])?;
        formula.add_clause(&[!equals, !above])?;
        formula.add_clause(&[!at_least, above, equals])?;
        Ok(equals)
    }

    /// This sum plus the value of one more term: `digits` lists each value with the term
    /// true when it is taken, exactly one of them true in any model (a cell's digits, or a
    /// guarded cell's 0 and digits).
    pub(super) fn add_cell(
        &self,
        digits: &[(u32, Term)],
        formula: &mut Formula,
    ) -> Result<PartialSum, SatError> {
        let smallest = digits.iter().map(|&(value, _)| value).min().unwrap_or(0);
        let largest = digits.iter().map(|&(value, _)| value).max().unwrap_or(0);
        let next = PartialSum {
            low: self.low + smallest,
            high: self.high + largest,
            at_least: (self.low + smallest..self.high + largest)
                .map(|_| formula.new_variable())
                .collect(),
        };
        for pair in next.at_least.windows(2) {
            formula.add_clause(&[!pair[1], pair[0]])?;
        }
        for &(value, digit) in digits {
            for before in self.low..=self.high {
                // sum ≥ before and this digit → new sum ≥ before + value.
                formula.add_clause(&[
                    !self.at_least(before),
                    !digit,
                    next.at_least(before + value),
                ])?;
                // sum ≤ before and this digit → new sum ≤ before + value.
                formula.add_clause(&[
                    self.at_least(before + 1),
                    !digit,
                    !next.at_least(before + value + 1),
                ])?;
            }
        }
        Ok(next)
    }
}

impl PartialSum {
    /// The smallest sum it can take.
    pub(super) fn low(&self) -> u32 {
        self.low
    }

    /// The largest sum it can take.
    pub(super) fn high(&self) -> u32 {
        self.high
    }

    /// Requires the sum to be exactly `value` (an empty clause if it cannot be).
    pub(super) fn require(&self, value: u32, formula: &mut Formula) -> Result<(), SatError> {
        formula.add_clause(&[self.at_least(value)])?;
        formula.add_clause(&[!self.at_least(value + 1)])
    }
}

/// The sum of several terms' values (see [`PartialSum::add_cell`]), digits free to repeat.
pub(super) fn sum_of(
    options: &[Vec<(u32, Term)>],
    formula: &mut Formula,
) -> Result<PartialSum, SatError> {
    let mut partial = PartialSum::exactly(0);
    for choices in options {
        partial = partial.add_cell(choices, formula)?;
    }
    Ok(partial)
}

/// The partial-sum encoding of a cage's sum; returns its sum terms.
fn add_partial_sums(
    cage: &Cage,
    candidates: &Candidates,
    cells: &CellTerms,
    formula: &mut Formula,
) -> Result<SumTerms, SatError> {
    let settled: u32 = cage
        .cells
        .iter()
        .filter_map(|&cell| candidates.settled(cell))
        .map(|digit| u32::from(digit.get()))
        .sum();
    let mut partial = PartialSum::exactly(settled);
    for &cell in &cage.cells {
        if candidates.settled(cell).is_some() {
            continue;
        }
        let digits: Vec<(u32, Term)> = candidates
            .of(cell)
            .iter()
            .map(|digit| (u32::from(digit.get()), cells.term(cell, digit)))
            .collect();
        partial = partial.add_cell(&digits, formula)?;
    }
    match cage.sum {
        Some(sum) => {
            formula.add_clause(&[partial.at_least(sum)])?;
            formula.add_clause(&[!partial.at_least(sum + 1)])?;
            Ok(vec![(sum, Term::True)])
        }
        None => (partial.low..=partial.high)
            .map(|value| Ok((value, partial.equals(value, formula)?)))
            .collect(),
    }
}

/// Forbids every pair of sums that breaks the comparison.
fn add_comparison(
    comparison: &Comparison,
    sums: &[SumTerms],
    formula: &mut Formula,
) -> Result<(), SatError> {
    let first = &sums[comparison.first.index()];
    let second = &sums[comparison.second.index()];
    for &(first_sum, first_term) in first {
        for &(second_sum, second_term) in second {
            if !comparison.relation.holds(first_sum, second_sum) {
                formula.add_clause(&[!first_term, !second_term])?;
            }
        }
    }
    Ok(())
}
