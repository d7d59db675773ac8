//! Where to branch: the cell with the fewest candidates, optionally weighted by how often
//! the rules on it have failed so far in this call ("dom/wdeg"): the search learns which
//! cages and houses are tight and settles them first.

use super::propagate::{at_most_one, Contradiction, Rules};
use super::search::MAX_DIGITS;

/// One alternative of a branch: `digit` (a one-bit mask) in `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Choice {
    /// The cell index.
    pub cell: u16,
    /// The digit mask.
    pub digit: u32,
}

/// The alternatives of one branch point, which together cover every solution below it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Branch {
    choices: [Choice; MAX_DIGITS],
    len: usize,
}

impl Branch {
    fn empty() -> Branch {
        Branch {
            choices: [Choice { cell: 0, digit: 0 }; MAX_DIGITS],
            len: 0,
        }
    }

    fn push(&mut self, cell: usize, digit: u32) {
        self.choices[self.len] = Choice {
            cell: cell as u16,
            digit,
        };
        self.len += 1;
    }

    /// Each digit of `candidates` in `cell`.
    pub fn cell(cell: usize, mut candidates: u32) -> Branch {
        let mut branch = Branch::empty();
        while candidates != 0 {
            let digit = candidates & candidates.wrapping_neg();
            candidates ^= digit;
            branch.push(cell, digit);
        }
        branch
    }

    /// The alternatives in the order to try them.
    pub fn choices(&self) -> &[Choice] {
        &self.choices[..self.len]
    }

    /// The alternatives, to reorder.
    pub fn choices_mut(&mut self) -> &mut [Choice] {
        &mut self.choices[..self.len]
    }
}

/// The failure weights of one call, which pick the branch cells.
#[derive(Clone, Debug)]
pub(super) struct Branching {
    /// Failure weight per rule: houses, then cages, then region sums, then variant tuple
    /// rules, then cells.
    weights: Vec<u32>,
    /// Sum of the weights of the rules on each cell.
    cell_weights: Vec<u32>,
}

impl Branching {
    /// The rule for a puzzle's `rules`.
    pub fn new(rules: &Rules) -> Branching {
        Branching {
            weights: Vec::new(),
            cell_weights: Vec::new(),
        }
        .reset(rules)
    }

    /// Forgets the weights of the previous call, so every call is reproducible.
    pub fn reset(mut self, rules: &Rules) -> Branching {
        self.restart(rules);
        self
    }

    /// Forgets the weights of the previous call.
    pub fn restart(&mut self, rules: &Rules) {
        let layout = &rules.layout;
        let count = layout.house_count
            + rules.cages.cages.len()
            + rules.cages.sums.len()
            + rules.variants.tuples.len();
        self.weights.clear();
        self.weights.resize(count + layout.cell_count, 1);
        self.cell_weights.clear();
        self.cell_weights.resize(layout.cell_count, 0);
        for rule in 0..count + layout.cell_count {
            for_each_cell(rules, rule, |cell| self.cell_weights[cell] += 1);
        }
    }

    /// Records which rule a failed branch broke.
    pub fn failed(&mut self, rules: &Rules, contradiction: Contradiction) {
        let Some(rule) = rule_of(rules, contradiction) else {
            return;
        };
        self.weights[rule] += 1;
        for_each_cell(rules, rule, |cell| self.cell_weights[cell] += 1);
    }

    /// The branch to take in a propagated state, or `None` when every cell holds one digit.
    pub fn choose(&self, candidates: &[u32]) -> Option<Branch> {
        let cell = self.lightest(candidates)?;
        Some(Branch::cell(cell, candidates[cell]))
    }

    /// The open cell with the fewest candidates per unit of weight.
    fn lightest(&self, candidates: &[u32]) -> Option<usize> {
        let mut best: Option<(usize, u32, u64)> = None;
        for (cell, &mask) in candidates.iter().enumerate() {
            if at_most_one(mask) {
                continue;
            }
            let count = mask.count_ones();
            let weight = u64::from(self.cell_weights[cell]);
            // count / weight < best_count / best_weight, without division.
            let better = best.is_none_or(|(_, best_count, best_weight)| {
                u64::from(count) * best_weight < u64::from(best_count) * weight
            });
            if better {
                best = Some((cell, count, weight));
            }
        }
        best.map(|(cell, _, _)| cell)
    }
}

/// The rule index a contradiction points at (`None` for comparisons: they have no cells).
fn rule_of(rules: &Rules, contradiction: Contradiction) -> Option<usize> {
    let houses = rules.layout.house_count;
    let cages = rules.cages.cages.len();
    let sums = rules.cages.sums.len();
    let tuples = rules.variants.tuples.len();
    match contradiction {
        Contradiction::NoPlace { house, .. } => Some(usize::from(house)),
        Contradiction::Cage { cage } => Some(houses + usize::from(cage)),
        Contradiction::Sum { sum } => Some(houses + cages + usize::from(sum)),
        Contradiction::Rule { rule } => Some(houses + cages + sums + usize::from(rule)),
        Contradiction::NoDigit { cell } => Some(houses + cages + sums + tuples + usize::from(cell)),
        Contradiction::Comparison { .. } => None,
    }
}

/// Calls `visit` with each cell of rule `rule` (numbered as in [`rule_of`]).
fn for_each_cell(rules: &Rules, rule: usize, mut visit: impl FnMut(usize)) {
    let houses = rules.layout.house_count;
    let cages = rules.cages.cages.len();
    let sums = rules.cages.sums.len();
    let tuples = rules.variants.tuples.len();
    if rule < houses {
        rules
            .layout
            .house(rule)
            .iter()
            .for_each(|&cell| visit(usize::from(cell)));
    } else if rule < houses + cages {
        let cage = &rules.cages.cages[rule - houses];
        cage.cells.iter().for_each(|&cell| visit(usize::from(cell)));
    } else if rule < houses + cages + sums {
        let sum = &rules.cages.sums[rule - houses - cages];
        sum.terms
            .iter()
            .for_each(|term| visit(usize::from(term.cell)));
    } else if rule < houses + cages + sums + tuples {
        let tuple = &rules.variants.tuples[rule - houses - cages - sums];
        tuple
            .cells
            .iter()
            .for_each(|&cell| visit(usize::from(cell)));
    } else {
        visit(rule - houses - cages - sums - tuples);
    }
}
