//! Times each shared variant puzzle (issue 27, point 4): the native engine, the SAT engine,
//! and `auto` (what `check` and `solve` use by default: native within 2 000 branch points,
//! then SAT), each counting to 2, several runs per puzzle on one core; prints a Markdown
//! table with the median and worst run per puzzle in CPU time (so a busy machine does not
//! inflate it), and checks each answer is unique with the published solution.
//!
//! ```sh
//! cargo run --release --example variant_timing -- [RUNS] [FILE.tsv ...]
//! ```
//! (default: 5 runs of `tests/data/variants/fpuzzles_variants.tsv`). A file holds lines of
//! `title<TAB>keys<TAB>link<TAB>solution`, `#` lines being comments.

use std::time::{Duration, Instant};

use sudokit::backtrack::Solver;
use sudokit::model::{Grid, Puzzle};
use sudokit::{notation, sat, Count};

/// The native engine's budget under `auto`, as `src/cli/engine.rs` sets it.
const AUTO_NATIVE_BUDGET: u64 = 2_000;

fn native(puzzle: &Puzzle) -> (Count, u64) {
    let mut solver = Solver::new(puzzle);
    let count = solver
        .count(2)
        .expect("a solver without a budget runs to the end");
    (count, solver.guesses())
}

fn auto(puzzle: &Puzzle) -> (Count, &'static str) {
    let mut solver = Solver::new(puzzle);
    match solver.count_within(puzzle.givens(), 2, Some(AUTO_NATIVE_BUDGET)) {
        Some(count) => (count, "native"),
        None => (sat::count_solutions(puzzle, 2).expect("SAT engine"), "SAT"),
    }
}

/// The CPU time this thread has run (Linux: `/proc/thread-self/schedstat`, in
/// nanoseconds), so that other work on a busy machine does not count; `None` elsewhere.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanoseconds))
}

/// Runs `work` `runs` times: its last answer, and the median and worst CPU time of a run
/// (wall time where CPU time is not known).
fn timed<T>(runs: usize, mut work: impl FnMut() -> T) -> (T, Duration, Duration) {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        let (start, cpu_start) = (Instant::now(), thread_cpu_time());
        last = Some(work());
        let spent = match (cpu_start, thread_cpu_time()) {
            (Some(before), Some(after)) => after.saturating_sub(before),
            _ => start.elapsed(),
        };
        times.push(spent);
    }
    times.sort();
    (
        last.expect("one run or more"),
        times[runs / 2],
        times[runs - 1],
    )
}

fn show(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else {
        format!("{:.1} ms", seconds * 1000.0)
    }
}

fn main() {
    let mut arguments: Vec<String> = std::env::args().skip(1).collect();
    let runs = match arguments
        .first()
        .and_then(|first| first.parse::<usize>().ok())
    {
        Some(runs) => {
            arguments.remove(0);
            runs.max(1)
        }
        None => 5,
    };
    if arguments.is_empty() {
        arguments.push("tests/data/variants/fpuzzles_variants.tsv".to_string());
    }
    println!("| puzzle | size | native median | native worst | guesses | SAT median | SAT worst | auto median | auto worst | auto answered by | answer |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for path in arguments {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
        for line in text
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        {
            let fields: Vec<&str> = line.split('\t').collect();
            let (title, link, published) = (fields[0], fields[2], fields[3]);
            let puzzle = notation::parse(link, None)
                .unwrap_or_else(|error| panic!("{title}: {error}"))
                .remove(0)
                .puzzle;
            let size = usize::from(puzzle.size());
            // each cell's number written out with no separator (the file's form on 16×16 too)
            let written = |grid: &Grid| -> String {
                grid.values()
                    .iter()
                    .map(|value| value.to_string())
                    .collect()
            };
            let ((native_count, guesses), native_median, native_worst) =
                timed(runs, || native(&puzzle));
            let (sat_count, sat_median, sat_worst) = timed(runs, || {
                sat::count_solutions(&puzzle, 2).expect("SAT engine")
            });
            let ((auto_count, by), auto_median, auto_worst) = timed(runs, || auto(&puzzle));
            let right = |count: &Count| {
                count.is_unique() && count.solution().map(written).as_deref() == Some(published)
            };
            let answer = if right(&native_count) && right(&sat_count) && right(&auto_count) {
                "unique, the published solution".to_string()
            } else {
                format!(
                    "WRONG: native {}, SAT {}, auto {}",
                    native_count.word(),
                    sat_count.word(),
                    auto_count.word()
                )
            };
            println!(
                "| {} | {size}×{size} | {} | {} | {guesses} | {} | {} | {} | {} | {by} | {answer} |",
                title.replace('|', "/"),
                show(native_median),
                show(native_worst),
                show(sat_median),
                show(sat_worst),
                show(auto_median),
                show(auto_worst),
            );
        }
    }
}
