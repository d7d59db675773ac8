//! Times killer carving on random 9×9 grids: `cargo run --release --example carve_timing [count] [informative]`.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::backtrack::Solver;
use sudokit::generate::cages::{carve, CageOptions};
use sudokit::generate::comparisons::hide_sums;
use sudokit::model::{Geometry, Grid, Puzzle};

fn main() {
    let mut arguments = std::env::args().skip(1);
    let count: u64 = arguments
        .next()
        .and_then(|text| text.parse().ok())
        .unwrap_or(50);
    let informative: u8 = arguments
        .next()
        .and_then(|text| text.parse().ok())
        .unwrap_or(50);
    let hidden: usize = arguments
        .next()
        .and_then(|text| text.parse().ok())
        .unwrap_or(0);
    let geometry = Geometry::new(3, 3).expect("3×3 boxes");
    let rules = Puzzle::classic(Grid::empty(geometry)).expect("empty grid");
    let options = CageOptions {
        informative,
        ..CageOptions::default()
    };
    let mut times = Vec::new();
    let mut failures = 0;
    let mut repairs = 0;
    let mut cages = 0;
    let mut hidden_total = 0;
    let mut comparisons = 0;
    let started = Instant::now();
    for index in 0..count {
        let mut rng = ChaCha8Rng::seed_from_u64(index);
        let solution = Solver::new(&rules).solve_random(&mut rng).expect("a fill");
        let begun = Instant::now();
        match carve(&rules, &solution, &options, &mut rng) {
            Ok(carved) => {
                repairs += carved.repairs;
                cages += carved.puzzle.cage_count();
                if let Ok(path) = std::env::var("CARVE_DUMP") {
                    use std::io::Write;
                    let text = sudokit::notation::format(
                        &carved.puzzle,
                        sudokit::notation::Format::Killer,
                    )
                    .expect("killer text");
                    let mut file = std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(path)
                        .expect("dump file");
                    writeln!(file, "name killer {index}\n{text}\n").expect("written");
                }
                if hidden > 0 {
                    let compared = hide_sums(&carved.puzzle, &solution, hidden, &mut rng)
                        .expect("a valid greater killer");
                    hidden_total += compared.hidden;
                    comparisons += compared.puzzle.comparisons().count();
                }
            }
            Err(error) => {
                failures += 1;
                eprintln!("{index}: {error}");
            }
        }
        times.push(begun.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let done = count as usize - failures;
    println!(
        "{count} grids, {failures} failures, {:.1} killers/s, median {:.1} ms, max {:.1} ms, mean repairs {:.1}, mean cages {:.1}, mean hidden {:.1}, mean comparisons {:.1}",
        done as f64 / started.elapsed().as_secs_f64(),
        times[times.len() / 2] * 1e3,
        times[times.len() - 1] * 1e3,
        repairs as f64 / done.max(1) as f64,
        cages as f64 / done.max(1) as f64,
        hidden_total as f64 / done.max(1) as f64,
        comparisons as f64 / done.max(1) as f64,
    );
}
