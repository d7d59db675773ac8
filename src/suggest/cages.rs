//! Killer help: a hidden cage sum to reveal, or a cage to split in two, that makes the
//! puzzle unique, with sums taken from the first solution.

use super::meter::Meter;
use super::{confirm_unique, SuggestError, Suggestion};
use crate::model::{cage_sum, Cage, CageId, Constraint, Grid, Puzzle};

/// Cages larger than this are not split: the ways to split grow as 2ⁿ.
const LARGEST_SPLIT: usize = 10;

/// Most native counts the search for a reveal or a split may spend.
const SEARCH_BUDGET: usize = 1500;

/// A reveal (first) or a split that makes `puzzle` unique, checked by the native engine and
/// confirmed by the SAT engine; `None` when the puzzle has no cages or nothing works.
/// `second` is a solution other than `first`: a change must rule it out, which narrows the
/// cages worth trying.
pub(super) fn reveal_or_split(
    puzzle: &Puzzle,
    first: &Grid,
    second: &Grid,
    meter: &Meter,
) -> Result<Option<Suggestion>, SuggestError> {
    let mut order: Vec<CageId> = (0..puzzle.cage_count()).map(CageId::new).collect();
    // Small cages first: their sums are the easiest for a solver to use.
    order.sort_by_key(|&id| puzzle.cage(id).cells.len());
    let mut spent = 0;
    for &id in &order {
        let cage = puzzle.cage(id);
        let sum = cage_sum(first, cage);
        if cage.sum.is_some() || sum == cage_sum(second, cage) || spent >= SEARCH_BUDGET {
            continue;
        }
        let revealed = Cage {
            sum: Some(sum),
            ..cage.clone()
        };
        let changed = replace_cage(puzzle, id, revealed, None)?;
        spent += 1;
        if meter.native_count_of(&changed, 2)?.is_unique() {
            confirm_unique(&changed, meter)?;
            return Ok(Some(Suggestion::RevealSum {
                cage: cage.clone(),
                sum,
            }));
        }
    }
    let compared: Vec<CageId> = puzzle
        .comparisons()
        .flat_map(|comparison| [comparison.first, comparison.second])
        .collect();
    for &id in &order {
        let cage = puzzle.cage(id);
        // Splitting a compared cage would change what its comparison compares.
        if cage.sum.is_none() || compared.contains(&id) || cage.cells.len() > LARGEST_SPLIT {
            continue;
        }
        for [part, rest] in splits(puzzle, cage, first, second) {
            if spent >= SEARCH_BUDGET {
                return Ok(None);
            }
            let changed = replace_cage(puzzle, id, part.clone(), Some(rest.clone()))?;
            spent += 1;
            if meter.native_count_of(&changed, 2)?.is_unique() {
                confirm_unique(&changed, meter)?;
                return Ok(Some(Suggestion::SplitCage {
                    cage: cage.clone(),
                    parts: [part, rest],
                }));
            }
        }
    }
    Ok(None)
}

/// Every way to cut `cage` into two connected cages whose sums in `first` differ from
/// those in `second` (others cannot rule `second` out), with `first`'s sums. The part
/// keeping the cage's first cell keeps its label.
fn splits(puzzle: &Puzzle, cage: &Cage, first: &Grid, second: &Grid) -> Vec<[Cage; 2]> {
    let size = cage.cells.len();
    let fresh = fresh_label(puzzle, &cage.label);
    // Bit 0 always in the first part, so each split is listed once.
    (1..(1u32 << size) - 1)
        .step_by(2)
        .filter_map(|mask| {
            let pick = |inside: bool| -> Vec<_> {
                (0..size)
                    .filter(|&bit| (mask >> bit & 1 == 1) == inside)
                    .map(|bit| cage.cells[bit])
                    .collect()
            };
            let (part_cells, rest_cells) = (pick(true), pick(false));
            if !connected(puzzle, &part_cells) || !connected(puzzle, &rest_cells) {
                return None;
            }
            let part = Cage {
                label: cage.label.clone(),
                cells: part_cells,
                sum: None,
            };
            if cage_sum(first, &part) == cage_sum(second, &part) {
                return None;
            }
            let rest = Cage {
                label: fresh.clone(),
                cells: rest_cells,
                sum: None,
            };
            let with_sum = |cage: Cage| Cage {
                sum: Some(cage_sum(first, &cage)),
                ..cage
            };
            Some([with_sum(part), with_sum(rest)])
        })
        .collect()
}

/// Whether `cells` are orthogonally connected.
fn connected(puzzle: &Puzzle, cells: &[crate::model::Cell]) -> bool {
    let Some(&start) = cells.first() else {
        return false;
    };
    let geometry = puzzle.geometry();
    let mut reached = vec![start];
    let mut stack = vec![start];
    while let Some(cell) = stack.pop() {
        for neighbour in geometry.neighbours(cell) {
            if cells.contains(&neighbour) && !reached.contains(&neighbour) {
                reached.push(neighbour);
                stack.push(neighbour);
            }
        }
    }
    reached.len() == cells.len()
}

/// A label no cage of `puzzle` has, made from `label`.
fn fresh_label(puzzle: &Puzzle, label: &str) -> String {
    let mut fresh = format!("{label}'");
    while puzzle.cages().any(|cage| cage.label == fresh) {
        fresh.push('\'');
    }
    fresh
}

/// `puzzle` with the cage `id` replaced by `cage` and, if given, `extra` added as a new
/// cage after every other (so the ids comparisons use stay the same).
fn replace_cage(
    puzzle: &Puzzle,
    id: CageId,
    cage: Cage,
    extra: Option<Cage>,
) -> Result<Puzzle, SuggestError> {
    let mut seen = 0;
    let mut constraints: Vec<Constraint> = puzzle
        .constraints()
        .iter()
        .map(|constraint| match constraint {
            Constraint::Cage(_) => {
                seen += 1;
                if seen == id.index() + 1 {
                    Constraint::Cage(cage.clone())
                } else {
                    constraint.clone()
                }
            }
            other => other.clone(),
        })
        .collect();
    if let Some(extra) = extra {
        // After the last cage but before nothing that counts positions: cage ids are the
        // order among cages only, so appending keeps every other id.
        constraints.push(Constraint::Cage(extra));
    }
    Ok(Puzzle::new(
        puzzle.geometry(),
        puzzle.givens().clone(),
        constraints,
    )?)
}
