//! Writes the grader's whole path (every step with its evidence) for puzzles beyond the
//! classic calibration set: killers (with and without comparisons), X sudoku, 4×4 and 16×16,
//! and the hardest classics, so that two versions of the grader can be compared step for step.
//!
//! `cargo run --release --example grade_paths -- FILE` (then `cmp` two such files); prints the
//! time per group.

use std::fmt::Write as _;
use std::time::Instant;

use sudokit::grade::grade;
use sudokit::notation;

/// (file, how many records to take)
const GROUPS: &[(&str, usize)] = &[
    ("tests/data/killer/killer_krazydad_1000.tsv", 60),
    ("tests/data/killer/killer_greater_grilops.txt", usize::MAX),
    ("tests/data/killer/killer_lisudoku.txt", usize::MAX),
    ("tests/data/killer/killer_vtsukur.txt", 5),
    ("tests/data/sizes/xsudoku.txt", usize::MAX),
    ("tests/data/sizes/vu_kr_4x4.txt", usize::MAX),
    ("tests/data/sizes/vu_kr_16x16_100.txt", 6),
    ("tests/data/classic/forum_hardest_1106.txt", 30),
];

fn main() {
    let file = std::env::args().nth(1).expect("an output file");
    let mut text = String::new();
    for &(path, count) in GROUPS {
        let source = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
            .expect("data file");
        let entries: Vec<_> = notation::parse_each(&source, None)
            .into_iter()
            .filter_map(Result::ok)
            .take(count)
            .collect();
        let start = Instant::now();
        for entry in &entries {
            let grading = grade(&entry.puzzle);
            let _ = writeln!(
                text,
                "{path}:{} {} {} solved={} stop={:?}",
                entry.line, grading.level, grading.score, grading.solved, grading.stop
            );
            for step in &grading.steps {
                let _ = writeln!(text, "  {step:?}");
            }
        }
        println!(
            "{path}: {} puzzles, {:.3} s",
            entries.len(),
            start.elapsed().as_secs_f64()
        );
    }
    std::fs::write(file, text).expect("paths file written");
}
