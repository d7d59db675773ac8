//! The documents the project started from: each seed instance gives its published solution.

use std::time::Instant;

use sudokit::model::{Diagonal, Grid};
use sudokit::notation::{self, Format};
use sudokit::Count;

use crate::helpers::{assert_unique_and_matching, entries, read_data, sat_count, with_diagonals};

#[test]
fn telegraph_and_clpfd_manual_classics() {
    let entries = entries("seeds/classic.txt");
    assert_eq!(entries.len(), 2);
    for entry in &entries {
        assert!(entry.solution.is_some(), "published solution is read");
        assert_unique_and_matching(entry, "seeds/classic.txt");
    }
}

#[test]
fn diagonal_16x16_is_unique_only_with_its_diagonals() {
    let entries = entries("seeds/atgm2020_16x16_diagonal.csv");
    assert_eq!(entries.len(), 1);
    let plain = &entries[0].puzzle;
    assert_eq!(plain.size(), 16);
    let published: Grid = notation::parse(
        &read_data("seeds/atgm2020_16x16_diagonal_solution.csv"),
        Some(Format::Csv),
    )
    .expect("solution CSV parses")
    .remove(0)
    .puzzle
    .givens()
    .clone();
    assert!(matches!(sat_count(plain, 2), Count::Multiple { .. }));
    let diagonal = with_diagonals(plain, &[Diagonal::Main, Diagonal::Anti]);
    assert_eq!(sat_count(&diagonal, 2), Count::Unique(published));
}

#[test]
fn clpfd_killers_including_the_greater_killer() {
    let entries = entries("seeds/killer_m00nlight_clpfd.txt");
    let names: Vec<_> = entries
        .iter()
        .filter_map(|entry| entry.name.clone())
        .collect();
    assert_eq!(
        names,
        [
            "wiki",
            "daily_killer_sudoku_hard",
            "most_difficult_killer_sudoku",
            "daily_greater_killer_sudoku_hard"
        ]
    );
    assert!(entries[3].puzzle.comparisons().count() == 5);
    for entry in &entries {
        let started = Instant::now();
        assert_unique_and_matching(entry, "seeds/killer_m00nlight_clpfd.txt");
        eprintln!(
            "SAT check of {}: {:.1} ms",
            entry.name.as_deref().unwrap_or("?"),
            started.elapsed().as_secs_f64() * 1000.0
        );
    }
}
