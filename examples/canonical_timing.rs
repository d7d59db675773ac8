//! Times the canonical key (minlex for classic 9×9) on puzzle files, as shipped and randomly
//! transformed (bands, rows, stacks, columns, transposition and digits shuffled with a seeded
//! ChaCha stream, seed 30): forms per second on one core and the median time per puzzle.
//! `cargo run --release --example canonical_timing -- tests/data/classic/top1465.txt
//! tests/data/classic/royle_17clue_49158.txt`; with `--keys` first it prints each puzzle's
//! key, shipped then transformed (`-` where the transformation breaks a rule), one puzzle a
//! line, so that keys before and after a change of the search can be compared byte for byte.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::canonical::{self, Transformation};
use sudokit::model::Puzzle;
use sudokit::notation;

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let keys = paths.first().is_some_and(|first| first == "--keys");
    if keys {
        paths.remove(0);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    for path in paths {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("{path}: {error}");
                std::process::exit(2);
            }
        };
        let shipped: Vec<Puzzle> = notation::parse_each(&text, None)
            .into_iter()
            .filter_map(Result::ok)
            .map(|entry| entry.puzzle)
            .collect();
        let transformed: Vec<Option<Puzzle>> = shipped
            .iter()
            .map(|puzzle| Transformation::random(puzzle, true, &mut rng).apply(puzzle))
            .collect();
        if keys {
            print_keys(&shipped, &transformed);
            continue;
        }
        let transformed: Vec<Puzzle> = transformed
            .into_iter()
            .map(|puzzle| puzzle.expect("a classic transformation keeps a classic puzzle valid"))
            .collect();
        time(&path, "shipped", &shipped);
        time(&path, "transformed", &transformed);
    }
}

/// Each puzzle's key, shipped and transformed, tab-separated.
fn print_keys(shipped: &[Puzzle], transformed: &[Option<Puzzle>]) {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (puzzle, turned) in shipped.iter().zip(transformed) {
        let turned = turned
            .as_ref()
            .map_or_else(|| "-".to_string(), canonical::canonical_key);
        let written = writeln!(out, "{}\t{turned}", canonical::canonical_key(puzzle));
        if written.is_err() {
            std::process::exit(2);
        }
    }
}

/// This thread's time on a core so far, in seconds (Linux's schedstat; 0 elsewhere), so that
/// a loaded machine still gives the search's own cost.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |nanoseconds| nanoseconds / 1e9)
}

fn time(path: &str, form: &str, puzzles: &[Puzzle]) {
    let mut times = Vec::with_capacity(puzzles.len());
    let cpu = cpu_seconds();
    let started = Instant::now();
    let mut length = 0;
    for puzzle in puzzles {
        let one = Instant::now();
        length += canonical::canonical_key(puzzle).len();
        times.push(one.elapsed().as_secs_f64());
    }
    let total = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu;
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let slowest = times.last().copied().unwrap_or(0.0);
    println!(
        "{path} ({form}): {} puzzles in {total:.3} s ({cpu:.3} s on a core): {:.0} forms/s ({:.0} per core-second), median {:.1} µs, slowest {:.1} µs ({length} key bytes)",
        puzzles.len(),
        puzzles.len() as f64 / total,
        puzzles.len() as f64 / cpu,
        median * 1e6,
        slowest * 1e6
    );
}
