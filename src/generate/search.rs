//! The near-miss search for hard targets: from a candidate just below the target, swap a few
//! givens (put one empty orbit back, take another out, dig again) and keep each neighbour
//! that comes closer, so a hard band is reached without starting over from a new grid.

use rand::Rng;

use crate::grade::Level;
use crate::model::Grid;
use crate::preset::Target;

use super::{Candidate, Run};

/// How far a rating is from the target: levels apart first, then score apart. `None` when
/// the rating is above the target (the search only climbs: easier targets are met by plain
/// digging).
fn shortfall(target: &Target, level: Level, score: u32, solved: bool) -> Option<(u32, u32)> {
    if !solved {
        return None;
    }
    let rank = |level: Level| {
        Level::ALL
            .iter()
            .position(|&known| known == level)
            .unwrap_or(0) as u32
    };
    let level_gap = match target.levels.iter().map(|&level| rank(level)).min() {
        Some(lowest) if rank(level) < lowest => lowest - rank(level),
        _ => 0,
    };
    if let Some(highest) = target.levels.iter().map(|&level| rank(level)).max() {
        if rank(level) > highest {
            return None;
        }
    }
    if target.max_score.is_some_and(|max| score > max) {
        return None;
    }
    // Below the band (or below the level): a higher score is closer.
    let score_gap = match target.min_score {
        Some(min) if score < min => min - score,
        _ if level_gap > 0 => u32::MAX - score,
        _ => 0,
    };
    Some((level_gap, score_gap))
}

/// Whether a candidate is close enough to the target to search around: one level below the
/// lowest level asked, or within a third of the score band's lower end.
fn is_near_miss(target: &Target, gap: (u32, u32)) -> bool {
    let (level_gap, score_gap) = gap;
    if level_gap > 1 {
        return false;
    }
    match target.min_score {
        Some(min) if level_gap == 0 => score_gap <= min / 3,
        _ => true,
    }
}

/// Searches around `start` (a candidate that missed the target) for up to the preset's
/// `near_miss_steps` neighbours; the first one that meets the target is returned.
pub(crate) fn near_misses(
    run: &mut Run<'_>,
    solution: &Grid,
    start: Candidate,
) -> Option<Candidate> {
    let preset = &run.generator.preset;
    let target = preset.target.clone();
    let steps = preset.near_miss_steps;
    let grading = start.grading.as_ref()?;
    let mut gap = shortfall(&target, grading.level, grading.score, grading.solved)?;
    if steps == 0 || !is_near_miss(&target, gap) {
        return None;
    }
    let mut current = start.givens;
    for _ in 0..steps {
        if run.attempts >= run.generator.preset.attempts {
            return None;
        }
        let Some(neighbour) = swap(run, solution, &current) else {
            continue;
        };
        let Some(candidate) = run.candidate(solution, neighbour) else {
            continue;
        };
        if run.accepts(&candidate) {
            return Some(candidate);
        }
        let Some(grading) = &candidate.grading else {
            continue;
        };
        if let Some(next) = shortfall(&target, grading.level, grading.score, grading.solved) {
            if next <= gap {
                gap = next;
                current = candidate.givens;
            }
        }
    }
    None
}

/// A neighbour of `givens`: one empty orbit filled from the solution and one other given
/// orbit emptied, if the puzzle stays unique; `None` otherwise (or when there is nothing to
/// swap).
fn swap(run: &mut Run<'_>, solution: &Grid, givens: &Grid) -> Option<Grid> {
    let orbits = &run.generator.orbits;
    // an orbit a line is drawn through stays empty (no digit hides a line)
    let empty: Vec<usize> = (0..orbits.len())
        .filter(|&orbit| orbits[orbit].iter().all(|&cell| givens.get(cell).is_none()))
        .filter(|&orbit| run.may_hold_givens(&orbits[orbit]))
        .collect();
    let filled: Vec<usize> = (0..orbits.len())
        .filter(|&orbit| orbits[orbit].iter().all(|&cell| givens.get(cell).is_some()))
        .collect();
    if empty.is_empty() || filled.is_empty() {
        return None;
    }
    let added = empty[run.rng.random_range(0..empty.len())];
    let removed = filled[run.rng.random_range(0..filled.len())];
    let mut neighbour = givens.clone();
    for &cell in &orbits[added] {
        neighbour.set(cell, solution.get(cell));
    }
    for &cell in &orbits[removed] {
        neighbour.set(cell, None);
    }
    if run.solver.has_other_solution(&neighbour, solution) {
        return None;
    }
    Some(neighbour)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortfall_orders_by_level_then_score() {
        let target = Target {
            levels: vec![Level::Unfair],
            min_score: None,
            max_score: None,
            se: None,
            no_trial: false,
            step_levels: Vec::new(),
        };
        let hard = shortfall(&target, Level::Hard, 900, true).unwrap();
        let harder = shortfall(&target, Level::Hard, 1200, true).unwrap();
        let medium = shortfall(&target, Level::Medium, 1000, true).unwrap();
        assert!(harder < hard && hard < medium);
        assert_eq!(shortfall(&target, Level::Unfair, 1700, true), Some((0, 0)));
        assert_eq!(shortfall(&target, Level::Extreme, 5000, true), None);
        assert!(is_near_miss(&target, hard));
        assert!(!is_near_miss(&target, medium));
    }
}
