//! Measures what a unit of the SAT engine's work should weigh (issue 28): on the shared sets,
//! the native engine's time per branch point on the classic 9×9 sets (a branch point counts
//! `uniqueness::BRANCH_WORK` units) and the SAT engine's time against its counts (solver
//! calls, literals loaded, propagations, conflicts), fitted by least squares; prints the
//! weights that make a SAT unit take the time of a native one, beside the weights in use
//! (`sat::effort`) and how well those predict each set's time.
//!
//! ```sh
//! cargo run --release --example sat_work -- [MAX-PUZZLES-PER-FILE]
//! ```
//! (default 300). Every puzzle is counted to 2 by both engines, one at a time on one core,
//! in wall time (so run it on a quiet machine, and say its load).

use std::time::Instant;

use sudokit::backtrack::Solver;
use sudokit::budget::Budget;
use sudokit::notation;
use sudokit::sat::{self, effort, Effort};
use sudokit::service::uniqueness::BRANCH_WORK;

/// The shared sets measured, under `tests/data/`.
const FILES: &[&str] = &[
    "classic/top1465.txt",
    "classic/forum_hardest_1106.txt",
    "sizes/gecode_16x16.txt",
    "sizes/vu_kr_16x16_100.txt",
    "killer/killer_krazydad_1000.tsv",
    "killer/killer_vtsukur.txt",
];

/// One puzzle's figures.
#[derive(Clone, Copy)]
struct Measured {
    native_seconds: f64,
    branches: u64,
    sat_seconds: f64,
    effort: Effort,
}

/// The features of a SAT run the fit weighs: calls, literals, propagations, conflicts.
fn features(effort: &Effort) -> [f64; 4] {
    [
        effort.calls as f64,
        effort.literals as f64,
        effort.propagations as f64,
        effort.conflicts as f64,
    ]
}

/// Least squares `y ≈ Σ weight[i] · x[i]` over the chosen features (the others weigh 0),
/// solving the normal equations by Gaussian elimination.
fn fit(rows: &[([f64; 4], f64)], chosen: &[usize]) -> Option<[f64; 4]> {
    let count = chosen.len();
    let mut matrix = vec![vec![0.0; count + 1]; count];
    for (x, y) in rows {
        for (i, &a) in chosen.iter().enumerate() {
            for (j, &b) in chosen.iter().enumerate() {
                matrix[i][j] += x[a] * x[b];
            }
            matrix[i][count] += x[a] * y;
        }
    }
    for column in 0..count {
        let pivot = (column..count)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))?;
        if matrix[pivot][column].abs() < 1e-30 {
            return None;
        }
        matrix.swap(column, pivot);
        let pivot_row = matrix[column].clone();
        for (row, values) in matrix.iter_mut().enumerate() {
            if row != column {
                let factor = values[column] / pivot_row[column];
                for (value, pivot_value) in values.iter_mut().zip(&pivot_row).skip(column) {
                    *value -= factor * pivot_value;
                }
            }
        }
    }
    let mut weights = [0.0; 4];
    for (i, &feature) in chosen.iter().enumerate() {
        weights[feature] = matrix[i][count] / matrix[i][i];
    }
    Some(weights)
}

/// The fit with only non-negative weights: a feature whose weight comes out negative is
/// dropped and the rest fitted again.
fn fit_non_negative(rows: &[([f64; 4], f64)]) -> [f64; 4] {
    let mut chosen: Vec<usize> = (0..4).collect();
    loop {
        let Some(weights) = fit(rows, &chosen) else {
            return [0.0; 4];
        };
        match chosen.iter().position(|&feature| weights[feature] < 0.0) {
            Some(negative) => {
                chosen.remove(negative);
            }
            None => return weights,
        }
    }
}

fn main() {
    let most: usize = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(300);
    let mut all: Vec<Measured> = Vec::new();
    println!("| file | puzzles | native µs/branch point | SAT ms | calls | literals | propagations | conflicts | SAT work / native-equivalent |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut per_file: Vec<(String, Vec<Measured>)> = Vec::new();
    for file in FILES {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the test data is read");
        let entries = notation::parse(&text, None).expect("the test data parses");
        let mut measured = Vec::new();
        for entry in entries.into_iter().take(most) {
            let puzzle = &entry.puzzle;
            let started = Instant::now();
            let mut solver = Solver::new(puzzle);
            let native = solver.count_budgeted(puzzle.givens(), 2, &Budget::unlimited());
            let native_seconds = started.elapsed().as_secs_f64();
            let started = Instant::now();
            let (count, effort) = sat::count_solutions_measured(puzzle, 2, &Budget::unlimited())
                .expect("the SAT engine answers");
            let sat_seconds = started.elapsed().as_secs_f64();
            assert_eq!(
                native.map(|native| native.found()),
                Ok(count.found()),
                "{file} line {}: the engines disagree",
                entry.line
            );
            measured.push(Measured {
                native_seconds,
                branches: solver.guesses(),
                sat_seconds,
                effort,
            });
        }
        per_file.push((file.to_string(), measured));
    }
    // the native engine's seconds per branch point on the classic 9×9 sets (a branch point's
    // units are set on a 9×9: on a larger grid one propagates more cells), setup included
    let classic: Vec<&Measured> = per_file
        .iter()
        .filter(|(file, _)| file.starts_with("classic/"))
        .flat_map(|(_, measured)| measured.iter())
        .collect();
    let slope = classic.iter().map(|one| one.native_seconds).sum::<f64>()
        / classic.iter().map(|one| one.branches).sum::<u64>() as f64;
    let units_per_second = BRANCH_WORK as f64 / slope;
    for (file, measured) in &per_file {
        let branches: u64 = measured.iter().map(|one| one.branches).sum();
        let native: f64 = measured.iter().map(|one| one.native_seconds).sum();
        let sat_seconds: f64 = measured.iter().map(|one| one.sat_seconds).sum();
        let mut effort = Effort::default();
        for one in measured {
            effort += one.effort;
        }
        let equivalent = sat_seconds * units_per_second;
        println!(
            "| {file} | {} | {:.2} | {:.1} | {} | {} | {} | {} | {:.2} |",
            measured.len(),
            if branches > 0 {
                native / branches as f64 * 1e6
            } else {
                f64::NAN
            },
            sat_seconds * 1e3,
            effort.calls,
            effort.literals,
            effort.propagations,
            effort.conflicts,
            effort.work() as f64 / equivalent
        );
        all.extend(measured.iter().copied());
    }
    println!(
        "\nnative: {:.3} µs a branch point (the {} classic 9×9 puzzles), so {:.0} units a second",
        slope * 1e6,
        classic.len(),
        units_per_second
    );
    let rows: Vec<([f64; 4], f64)> = all
        .iter()
        .map(|one| (features(&one.effort), one.sat_seconds * units_per_second))
        .collect();
    let weights = fit_non_negative(&rows);
    println!(
        "fitted weights (units): call {:.0}, literal {:.3}, propagation {:.3}, conflict {:.3}",
        weights[0], weights[1], weights[2], weights[3]
    );
    println!(
        "in use: call {}, literal {}, propagation {}, conflict {}",
        effort::CALL_WORK,
        effort::LITERAL_WORK,
        effort::PROPAGATION_WORK,
        effort::CONFLICT_WORK
    );
    let charged: f64 = all.iter().map(|one| one.effort.work() as f64).sum();
    let equivalent: f64 = all
        .iter()
        .map(|one| one.sat_seconds * units_per_second)
        .sum();
    println!(
        "all {} puzzles: charged {:.3e} units for {:.3e} native-equivalent units (ratio {:.2})",
        all.len(),
        charged,
        equivalent,
        charged / equivalent
    );
}
