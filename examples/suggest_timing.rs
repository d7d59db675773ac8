//! Times `check --suggest` on real 9×9 puzzles made non-unique (top1465 with givens removed)
//! and unsolvable (a given changed to a wrong digit):
//! `cargo run --release --example suggest_timing [count] [removed]`.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::model::{Digit, Grid, Puzzle};
use sudokit::notation;
use sudokit::suggest::{suggest, Guarantee, Suggestion};
use sudokit::Count;

fn main() {
    let mut arguments = std::env::args().skip(1);
    let count: usize = arguments
        .next()
        .and_then(|text| text.parse().ok())
        .unwrap_or(50);
    let removed: usize = arguments
        .next()
        .and_then(|text| text.parse().ok())
        .unwrap_or(5);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/classic/top1465.txt"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/classic/top1465.txt");
    let entries = notation::parse(&text, None).expect("top1465 reads");
    let puzzles: Vec<&Puzzle> = entries
        .iter()
        .take(count)
        .map(|entry| &entry.puzzle)
        .collect();

    let mut several = Vec::new();
    let mut minimum = 0;
    let mut added = 0;
    for puzzle in &puzzles {
        let mut givens = puzzle.givens().clone();
        let taken: Vec<_> = givens
            .filled()
            .take(removed)
            .map(|(cell, _)| cell)
            .collect();
        for cell in taken {
            givens.set(cell, None);
        }
        let fewer = puzzle.with_givens(givens).expect("fewer givens");
        let original = sudokit::sat::count_solutions(puzzle, 2)
            .expect("SAT answers")
            .solution()
            .cloned();
        let (took, answer) = timed(&fewer, original);
        if let Some(Suggestion::Givens { givens, guarantee }) = answer {
            added += givens.len();
            if guarantee == Guarantee::Minimum {
                minimum += 1;
            }
        }
        several.push(took);
    }
    report(
        &format!("several solutions ({removed} givens removed)"),
        &mut several,
    );
    println!(
        "  givens added: {:.2} a puzzle; proven minimum: {minimum} of {}",
        added as f64 / puzzles.len() as f64,
        puzzles.len()
    );

    let mut none = Vec::new();
    let mut members = 0;
    let mut conflicts = 0;
    for puzzle in &puzzles {
        let mut givens = puzzle.givens().clone();
        let (cell, digit) = givens.filled().next().expect("a given");
        let wrong = Digit::new(digit.get() % 9 + 1).expect("a digit");
        givens.set(cell, Some(wrong));
        let Ok(changed) = puzzle.with_givens(givens) else {
            continue;
        };
        let (took, answer) = timed(&changed, None);
        if let Some(Suggestion::Conflict(list)) = answer {
            members += list.len();
            conflicts += 1;
            none.push(took);
        }
    }
    // a wrong given often leaves a puzzle with other solutions: only those with none count
    report("no solution (a wrong given)", &mut none);
    println!(
        "  conflict members: {:.2} a puzzle",
        members as f64 / conflicts.max(1) as f64
    );
}

/// The SAT count plus the suggestion, timed together as `check --suggest` spends them;
/// with `keep`, the suggestion keeps that solution (the puzzle's before givens were
/// removed, so the removed givens bound the answer) instead of the SAT engine's first.
fn timed(puzzle: &Puzzle, keep: Option<Grid>) -> (Duration, Option<Suggestion>) {
    let started = Instant::now();
    let mut count: Count = sudokit::sat::count_solutions(puzzle, 2).expect("SAT answers");
    if let (Some(keep), Count::Multiple { first, second, .. }) = (keep, &count) {
        let other = if *first == keep {
            second.clone()
        } else {
            first.clone()
        };
        count = Count::Multiple {
            first: keep,
            second: other,
            found: 2,
        };
    }
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let answer = suggest(puzzle, &count, &mut rng).expect("a suggestion");
    (started.elapsed(), answer)
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort();
    let total: Duration = times.iter().sum();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let max = times.last().copied().unwrap_or_default();
    println!(
        "{what}: {} puzzles, {:.1} puzzles/s, median {:.0} ms, max {:.0} ms",
        times.len(),
        times.len() as f64 / total.as_secs_f64(),
        median.as_secs_f64() * 1000.0,
        max.as_secs_f64() * 1000.0
    );
}
