//! Every killer and greater killer in `tests/data/killer`: unique, matching the published solution.

use crate::helpers::{assert_unique_and_matching, entries};

fn all_unique_and_matching(relative: &str, expected_puzzles: usize) {
    let entries = entries(relative);
    assert_eq!(entries.len(), expected_puzzles, "{relative}");
    for entry in &entries {
        assert!(entry.puzzle.cage_count() > 0, "{relative}: cages read");
        assert_unique_and_matching(entry, relative);
    }
}

#[test]
fn vtsukur_killers() {
    all_unique_and_matching("killer/killer_vtsukur.txt", 15);
}

#[test]
fn lisudoku_killers() {
    all_unique_and_matching("killer/killer_lisudoku.txt", 2);
}

#[test]
fn grilops_greater_killer() {
    let entries = entries("killer/killer_greater_grilops.txt");
    assert_eq!(entries[0].puzzle.comparisons().count(), 7);
    assert_eq!(
        entries[0]
            .puzzle
            .cages()
            .filter(|cage| cage.sum.is_none())
            .count(),
        14
    );
    all_unique_and_matching("killer/killer_greater_grilops.txt", 1);
}

#[test]
fn krazydad_thousand_killers() {
    all_unique_and_matching("killer/killer_krazydad_1000.tsv", 1000);
}
