//! A minimal conflict of a puzzle with no solution: givens, cages, comparisons, extra
//! houses and variant rules that together have none, each of them needed. Found by deletion (drop each member
//! in turn, keep it dropped when the rest still has no solution) with the native engine,
//! then confirmed by the SAT engine.
//!
//! Rows, columns, boxes and irregular regions are never members: they are the game
//! itself. Dropping a cage drops the comparisons that name it, which cannot stand without it.

use super::meter::Meter;
use super::{Member, SuggestError, Suggestion};
use crate::budget::Stopped;
use crate::count::Count;
use crate::model::{CageId, Cell, Comparison, Constraint, Digit, Grid, Puzzle};

/// Which givens and which extra rules (by position in the puzzle's constraints) are kept.
#[derive(Clone)]
struct Kept {
    givens: Vec<(Cell, Digit)>,
    constraints: Vec<bool>,
}

impl Kept {
    /// How many members can be dropped: givens first, then constraints.
    fn len(&self) -> usize {
        self.givens.len() + self.constraints.len()
    }
}

/// A minimal set of members of `puzzle` (which has no solution) that has no solution.
pub(super) fn minimal_conflict(puzzle: &Puzzle, meter: &Meter) -> Result<Suggestion, SuggestError> {
    let all = Kept {
        givens: puzzle.givens().filled().collect(),
        constraints: vec![true; puzzle.constraints().len()],
    };
    if solvable_natively(&build(puzzle, &all, None)?, meter)? {
        return Err(SuggestError::NotConfirmed {
            what: "the native engine finds a solution".to_string(),
        });
    }
    let mut kept = all;
    // Comparisons and cages before givens, so a clash of givens is named by givens alone.
    let mut member = kept.len();
    while member > 0 {
        member -= 1;
        if is_dropped(puzzle, &kept, member) {
            continue;
        }
        meter.budget().interrupted()?;
        let candidate = build(puzzle, &kept, Some(member))?;
        if !solvable_natively(&candidate, meter)? {
            kept = without(&kept, member);
        }
    }
    confirm_minimal(puzzle, &kept, meter)?;
    Ok(Suggestion::Conflict(members(puzzle, &kept)))
}

/// Whether the native engine finds a solution; the reason when the budget stopped it.
fn solvable_natively(puzzle: &Puzzle, meter: &Meter) -> Result<bool, Stopped> {
    Ok(!matches!(
        meter.native_count_of(puzzle, 1)?,
        Count::None { .. }
    ))
}

/// `kept` with member `member` dropped (a given is removed from the list).
fn without(kept: &Kept, member: usize) -> Kept {
    let mut fewer = kept.clone();
    if member < fewer.givens.len() {
        fewer.givens.remove(member);
    } else {
        fewer.constraints[member - fewer.givens.len()] = false;
    }
    fewer
}

/// Whether `member` is out of the question: a dropped constraint, a comparison whose cage
/// is, or irregular regions (the game itself, as rows, columns and boxes are: never a
/// member, never dropped).
fn is_dropped(puzzle: &Puzzle, kept: &Kept, member: usize) -> bool {
    if member < kept.givens.len() {
        return false;
    }
    let position = member - kept.givens.len();
    !kept.constraints[position]
        || !comparison_stands(puzzle, kept, position)
        || matches!(puzzle.constraints()[position], Constraint::Regions(_))
}

/// The cage at each position of the constraints, counted as the puzzle counts cage ids.
fn cage_ids(puzzle: &Puzzle) -> Vec<Option<CageId>> {
    let mut next = 0;
    puzzle
        .constraints()
        .iter()
        .map(|constraint| match constraint {
            Constraint::Cage(_) => {
                next += 1;
                Some(CageId::new(next - 1))
            }
            _ => None,
        })
        .collect()
}

/// Whether the constraint at `position` is not a comparison naming a dropped cage.
fn comparison_stands(puzzle: &Puzzle, kept: &Kept, position: usize) -> bool {
    let Constraint::Compare(comparison) = &puzzle.constraints()[position] else {
        return true;
    };
    let ids = cage_ids(puzzle);
    let cage_kept = |id: CageId| {
        ids.iter()
            .position(|&cage| cage == Some(id))
            .is_some_and(|position| kept.constraints[position])
    };
    cage_kept(comparison.first) && cage_kept(comparison.second)
}

/// The puzzle with only the kept members (and without `dropping`, if given).
fn build(puzzle: &Puzzle, kept: &Kept, dropping: Option<usize>) -> Result<Puzzle, SuggestError> {
    let kept = match dropping {
        Some(member) => without(kept, member),
        None => kept.clone(),
    };
    let mut givens = Grid::empty(puzzle.geometry());
    for &(cell, digit) in &kept.givens {
        givens.set(cell, Some(digit));
    }
    let ids = cage_ids(puzzle);
    // New ids of the kept cages, for the comparisons that stay.
    let mut renumbered: Vec<Option<CageId>> = vec![None; puzzle.cage_count()];
    let mut next = 0;
    for (position, id) in ids.iter().enumerate() {
        if let (Some(id), true) = (id, kept.constraints[position]) {
            renumbered[id.index()] = Some(CageId::new(next));
            next += 1;
        }
    }
    let mut constraints = Vec::new();
    for (position, constraint) in puzzle.constraints().iter().enumerate() {
        if !kept.constraints[position] {
            continue;
        }
        match constraint {
            Constraint::Compare(comparison) => {
                let first = renumbered[comparison.first.index()];
                let second = renumbered[comparison.second.index()];
                if let (Some(first), Some(second)) = (first, second) {
                    constraints.push(Constraint::Compare(Comparison {
                        first,
                        second,
                        relation: comparison.relation,
                    }));
                }
            }
            other => constraints.push(other.clone()),
        }
    }
    Ok(Puzzle::new(puzzle.geometry(), givens, constraints)?)
}

/// Asks the SAT engine that the kept members have no solution and that dropping any one
/// of them leaves a puzzle that has one.
fn confirm_minimal(puzzle: &Puzzle, kept: &Kept, meter: &Meter) -> Result<(), SuggestError> {
    let count = meter.sat_count(&build(puzzle, kept, None)?, 1)?;
    if count.found() > 0 {
        return Err(SuggestError::NotConfirmed {
            what: "the conflict has a solution".to_string(),
        });
    }
    for member in 0..kept.len() {
        if is_dropped(puzzle, kept, member) {
            continue;
        }
        let count = meter.sat_count(&build(puzzle, kept, Some(member))?, 1)?;
        if count.found() == 0 {
            return Err(SuggestError::NotConfirmed {
                what: "a member of the conflict is not needed".to_string(),
            });
        }
    }
    Ok(())
}

/// The kept members, givens in grid order then rules in the puzzle's order.
fn members(puzzle: &Puzzle, kept: &Kept) -> Vec<Member> {
    let mut givens = kept.givens.clone();
    givens.sort();
    let mut members: Vec<Member> = givens
        .into_iter()
        .map(|(cell, digit)| Member::Given { cell, digit })
        .collect();
    for (position, constraint) in puzzle.constraints().iter().enumerate() {
        if is_dropped(puzzle, kept, kept.givens.len() + position) {
            continue;
        }
        members.push(match constraint {
            Constraint::Distinct(house) => Member::House(house.kind()),
            Constraint::Cage(cage) => Member::Cage(cage.clone()),
            Constraint::Compare(comparison) => Member::Comparison {
                comparison: *comparison,
                first: super::cage_of(puzzle, comparison.first),
                second: super::cage_of(puzzle, comparison.second),
            },
            rule => Member::Rule(rule.clone()),
        });
    }
    members
}
