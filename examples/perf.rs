//! Every figure of issue 40 with its goal, in one run: `cargo run --release --example perf`.
//!
//! ```sh
//! cargo run --release --example perf                  # every section (about five minutes)
//! cargo run --release --example perf -- --quick       # smaller samples (about a minute)
//! cargo run --release --example perf -- killer grader # only the sections named
//! ```
//!
//! Sections: `killer` (generation rates, the killer book), `native` (the engine against
//! tdoku's reference figures), `check` (`check` around the engine), `grader` (HoDoKu and SE
//! scales), `big` (Gecode's 25×25 puzzles), `irregular` (native against SAT on sparse
//! irregular grids). Times are CPU time of this thread (`/proc/thread-self/schedstat`) or, for
//! the commands run as child processes, their user and system time, so a busy machine
//! inflates them little; the load average is printed first. `sudokit book` and `sudokit
//! bench` are run from the same folder as this example's binary's parent
//! (`target/release/sudokit`): build it first with `cargo build --release`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::backtrack::{self, Solver};
use sudokit::budget::Budget;
use sudokit::generate::Generator;
use sudokit::grade::explainer::rate_se;
use sudokit::grade::Grader;
use sudokit::model::Puzzle;
use sudokit::preset::Preset;
use sudokit::{notation, sat};

#[path = "common/cpu_time.rs"]
mod cpu_time;
use cpu_time::thread_cpu_time;
#[path = "common/process_time.rs"]
mod process_time;
use process_time::{process_cpu_time, wait_for_other_threads};

/// tdoku's medians (`solver_dpll_triad_simd`, counting to 2), measured beside sudokit on the
/// quiet machine on 25 Nov 2026 (BENCHMARKS.md, "Peers"): tdoku is not built here.
const TDOKU_MEDIANS: [(&str, &str, f64, f64); 3] = [
    ("royle 17-clue", "classic/royle_17clue_49158.txt", 2.94, 1.0),
    ("top1465", "classic/top1465.txt", 7.29, 1.2),
    ("forum hardest", "classic/forum_hardest_1106.txt", 71.0, 1.2),
];

/// The rates the killer presets had before issue 40 (BENCHMARKS.md, "Killer", 26 Nov 2026),
/// which they must keep: puzzles per CPU-second.
const KILLER_GOALS: [(&str, usize, usize, f64); 3] = [
    ("killer-hard", 40, 4, 5.0),
    ("killer-medium", 20, 10, 71.0),
    ("greater-killer", 10, 4, 6.9),
];

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let quick = arguments.iter().any(|argument| argument == "--quick");
    let named: Vec<&str> = arguments
        .iter()
        .filter(|argument| !argument.starts_with("--"))
        .map(String::as_str)
        .collect();
    let wanted = |section: &str| named.is_empty() || named.contains(&section);
    println!(
        "# issue 40 figures ({}), load average {}",
        if quick {
            "quick samples"
        } else {
            "full samples"
        },
        load_average()
    );
    println!();
    println!("| figure | measured | goal | met |");
    println!("|---|---|---|---|");
    if wanted("killer") {
        killer(quick);
    }
    if wanted("native") {
        native(quick);
    }
    if wanted("check") {
        check(quick);
    }
    if wanted("grader") {
        grader(quick);
    }
    if wanted("big") {
        big(quick);
    }
    if wanted("irregular") {
        irregular(quick);
    }
}

/// One row of the table.
fn row(figure: &str, measured: String, goal: &str, met: bool) {
    println!(
        "| {figure} | {measured} | {goal} | {} |",
        if met { "yes" } else { "**no**" }
    );
}

/// Deliverable 1: killer generation per CPU-second, and the killer book.
fn killer(quick: bool) {
    for (name, count, quick_count, goal) in KILLER_GOALS {
        let count = if quick { quick_count } else { count };
        let preset = Preset::builtin(name).expect("a built-in preset");
        let generator = Generator::new(&preset).expect("the preset generates");
        let started = thread_cpu_time();
        for index in 0..count as u64 {
            generator.puzzle(1, index).expect("a puzzle");
        }
        let spent = thread_cpu_time() - started;
        let rate = count as f64 / spent.as_secs_f64();
        row(
            &format!("`{name}`, seed 1, {count} puzzles"),
            format!("{rate:.1} per CPU-second ({:.2} s)", spent.as_secs_f64()),
            &format!("≥ {goal}"),
            rate >= goal,
        );
    }
    let folder = std::env::temp_dir().join(format!("sudokit-perf-{}", std::process::id()));
    let spent = child_cpu_time(
        sudokit_command()
            .args(["book", "--preset", "book-killer", "--seed", "1", "--force"])
            .arg("--out")
            .arg(&folder),
    );
    let _ = std::fs::remove_dir_all(&folder);
    row(
        "`book --preset book-killer --seed 1` (32 puzzles, PDF)",
        format!("{:.2} CPU-s", spent.as_secs_f64()),
        "≤ 10 CPU-s",
        spent <= Duration::from_secs(10),
    );
}

/// Deliverable 2: the native engine on the three classic sets, against tdoku's medians.
fn native(quick: bool) {
    for (name, file, tdoku, goal) in TDOKU_MEDIANS {
        let mut puzzles = read_lines(file);
        if quick {
            puzzles.truncate(2000);
        }
        let mut times = Vec::with_capacity(puzzles.len());
        let started = thread_cpu_time();
        for puzzle in &puzzles {
            let begun = Instant::now();
            let count = backtrack::count_solutions(puzzle, 2);
            times.push(begun.elapsed());
            assert!(count.is_unique(), "{name}: a puzzle is not unique");
        }
        let mean = (thread_cpu_time() - started).as_secs_f64() / puzzles.len() as f64 * 1e6;
        times.sort();
        let median = times[times.len() / 2].as_secs_f64() * 1e6;
        let ratio = median / tdoku;
        row(
            &format!("native, {name} ({} puzzles)", puzzles.len()),
            format!(
                "median {median:.1} µs (mean CPU {mean:.1} µs), {ratio:.2}× tdoku's {tdoku} µs"
            ),
            &format!("≤ {goal}× tdoku"),
            ratio <= goal,
        );
    }
}

/// Deliverable 3: `check` around the engine, from `sudokit bench --whole`.
fn check(quick: bool) {
    let files: &[&str] = if quick {
        &["classic/top1465.txt"]
    } else {
        &["classic/royle_17clue_49158.txt", "classic/top1465.txt"]
    };
    for file in files {
        let output = sudokit_command()
            .args(["bench", "--engine", "native", "--whole"])
            .arg(data(file))
            .output()
            .expect("sudokit bench runs");
        let text = String::from_utf8_lossy(&output.stdout);
        // the last column of the whole-command table: "+x.x µs / +y.y µs"
        let around: Vec<f64> = text
            .lines()
            .filter(|line| line.contains(" / ") && line.ends_with("µs |"))
            .flat_map(|line| {
                let cell = line
                    .trim_end_matches(" |")
                    .rsplit(" | ")
                    .next()
                    .unwrap_or("");
                cell.split(" / ")
                    .filter_map(|part| part.trim_end_matches(" µs").parse::<f64>().ok())
                    .collect::<Vec<f64>>()
            })
            .collect();
        let worst = around.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        row(
            &format!("`check` around the engine, {file} (text / JSON)"),
            if around.is_empty() {
                "not measured (bench printed no table)".to_string()
            } else {
                around
                    .iter()
                    .map(|micros| format!("{micros:+.1} µs"))
                    .collect::<Vec<_>>()
                    .join(" / ")
            },
            "≤ 2 µs",
            !around.is_empty() && worst <= 2.0,
        );
    }
}

/// Deliverable 4: grader throughput on the calibration sets, one core.
fn grader(quick: bool) {
    // the files run from easy to hard: a quick sample takes every sixth puzzle
    let step = if quick { 6 } else { 1 };
    let puzzles: Vec<Puzzle> = first_fields("classic/hodoku_rated_calibration.tsv", step);
    let started = thread_cpu_time();
    let solved = puzzles
        .iter()
        .filter(|puzzle| Grader::new(puzzle).grade().solved)
        .count();
    let rate = puzzles.len() as f64 / (thread_cpu_time() - started).as_secs_f64();
    row(
        &format!(
            "grader, HoDoKu scale ({} calibration puzzles, {solved} solved)",
            puzzles.len()
        ),
        format!("{rate:.0} puzzles per CPU-second"),
        "≥ 1000",
        rate >= 1000.0,
    );
    let puzzles: Vec<Puzzle> = first_fields("classic/se_rated_calibration.txt", step);
    let started = thread_cpu_time();
    let rated = puzzles
        .iter()
        .filter(|puzzle| rate_se(puzzle).is_ok_and(|rating| rating.solved))
        .count();
    let rate = puzzles.len() as f64 / (thread_cpu_time() - started).as_secs_f64();
    row(
        &format!(
            "grader, SE scale ({} calibration puzzles, {rated} rated)",
            puzzles.len()
        ),
        format!("{rate:.0} puzzles per CPU-second"),
        "≥ 500",
        rate >= 500.0,
    );
}

/// Deliverable 5: Gecode's 25×25 puzzles, each with `auto` (native within its budget, then
/// SAT), stopped at a few seconds.
fn big(quick: bool) {
    let cap = Duration::from_secs(if quick { 2 } else { 5 });
    let puzzles = read_lines("sizes/gecode_25x25.txt");
    let mut within = 0;
    let mut times = Vec::new();
    for puzzle in &puzzles {
        let budget = Budget::unlimited().with_timeout(cap);
        // the SAT engine under a budget that can stop it runs on a thread of its own, so
        // the whole process's time is what the answer cost (the caller's thread alone
        // showed only its native part and its polling)
        wait_for_other_threads(Duration::from_secs(30));
        let started = process_cpu_time();
        let mut solver = Solver::new(puzzle).with_budget(&budget);
        let answered = match solver.count_within(puzzle.givens(), 2, Some(AUTO_NATIVE_BUDGET)) {
            Some(count) => budget.interrupted().is_ok() && count.is_unique(),
            None => {
                sat::count_solutions_within(puzzle, 2, &budget).is_ok_and(|count| count.is_unique())
            }
        };
        let spent = process_cpu_time() - started;
        if answered && spent <= Duration::from_secs(1) {
            within += 1;
        }
        times.push(if answered {
            format!("{:.2}", spent.as_secs_f64())
        } else {
            "–".to_string()
        });
    }
    row(
        &format!(
            "25×25, Gecode's {} (auto, CPU s each; –: over {} s)",
            puzzles.len(),
            cap.as_secs()
        ),
        format!("{within} within 1 s: {}", times.join(" ")),
        "each ≤ 1 s",
        within == puzzles.len(),
    );
}

/// The native engine's budget under `auto`, as `src/cli/engine.rs` sets it.
const AUTO_NATIVE_BUDGET: u64 = 2_000;

/// Deliverable 6: `--engine native` against SAT on sparse irregular grids: the empty grids of
/// the jigsaw presets' first maps, and the shared 16×16 irregular killer.
fn irregular(quick: bool) {
    let mut cases: Vec<(String, Puzzle)> = Vec::new();
    for name in ["jigsaw-medium", "jigsaw-8", "jigsaw-16"] {
        let preset = Preset::builtin(name).expect("a built-in preset");
        let rules = sudokit::generate::rules(&preset, &mut ChaCha8Rng::seed_from_u64(1))
            .expect("a region map");
        cases.push((format!("empty grid of `{name}`'s map (seed 1)"), rules));
    }
    let killer = std::fs::read_to_string(data("variants/irregular_killer_16x16.tsv"))
        .expect("the irregular killer");
    if let Some(line) = killer.lines().find(|line| !line.starts_with('#')) {
        let link = line.split('\t').nth(2).unwrap_or("");
        if let Ok(mut entries) = notation::parse(link, None) {
            cases.push((
                "16×16 irregular killer".to_string(),
                entries.remove(0).puzzle,
            ));
        }
    }
    for (name, puzzle) in cases {
        let started = thread_cpu_time();
        let by_sat = sat::count_solutions(&puzzle, 2).expect("SAT engine");
        let sat_time = (thread_cpu_time() - started).max(Duration::from_millis(1));
        // a wall-clock cap three times the goal, so that a busy machine's waiting does
        // not stop the native engine before its CPU time can be judged against SAT's
        let cap = if quick { 9 * sat_time } else { 30 * sat_time };
        let budget = Budget::unlimited().with_timeout(cap.max(Duration::from_millis(100)));
        let started = thread_cpu_time();
        let count = Solver::new(&puzzle).count_budgeted(puzzle.givens(), 2, &budget);
        let native_time = thread_cpu_time() - started;
        let answered = count.is_ok() && budget.interrupted().is_ok();
        let agree = answered && count.is_ok_and(|count| count.found() == by_sat.found());
        let ratio = native_time.as_secs_f64() / sat_time.as_secs_f64();
        row(
            &format!("native against SAT, {name}"),
            if answered {
                format!(
                    "native {:.3} s, SAT {:.3} s: {ratio:.1}×{}",
                    native_time.as_secs_f64(),
                    sat_time.as_secs_f64(),
                    if agree { "" } else { " (answers differ)" }
                )
            } else {
                format!(
                    "native stopped at {:.3} s, SAT {:.3} s ({})",
                    native_time.as_secs_f64(),
                    sat_time.as_secs_f64(),
                    by_sat.word()
                )
            },
            "≤ 10×",
            agree && ratio <= 10.0,
        );
    }
}

/// The path of a file under `tests/data/`.
fn data(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file)
}

/// The puzzles of a file of one puzzle a line (`#` lines and blank lines skipped).
fn read_lines(file: &str) -> Vec<Puzzle> {
    first_fields(file, 1)
}

/// The puzzles in the first field (up to a tab or a space) of every `step`-th puzzle line.
fn first_fields(file: &str, step: usize) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(data(file)).expect("a test data file");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .step_by(step)
        .filter_map(|line| line.split(['\t', ' ']).next())
        .filter_map(|field| notation::parse(field, None).ok()?.into_iter().next())
        .map(|entry| entry.puzzle)
        .collect()
}

/// `sudokit` beside this example's folder (`target/release/sudokit`).
fn sudokit_command() -> Command {
    let example = std::env::current_exe().expect("this program's path");
    let binary = example
        .parent()
        .and_then(Path::parent)
        .map(|folder| folder.join("sudokit"))
        .filter(|binary| binary.exists())
        .expect("target/release/sudokit: run `cargo build --release` first");
    Command::new(binary)
}

/// Runs `command` to its end (its output discarded) and returns the CPU time it used, user
/// and system, from this process's count of its waited-for children.
fn child_cpu_time(command: &mut Command) -> Duration {
    let before = children_cpu_time();
    let status = command
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("the command runs");
    assert!(status.success(), "{command:?} failed");
    children_cpu_time() - before
}

/// The CPU time of this process's waited-for children (Linux: `cutime` and `cstime` of
/// `/proc/self/stat`, in clock ticks of 10 ms).
fn children_cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    // cutime and cstime are fields 16 and 17 of the line, 14 and 15 after the name
    let ticks: u64 = [13, 14]
        .iter()
        .filter_map(|&field| fields.get(field)?.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// The machine's load averages over 1, 5 and 15 minutes.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|_| "unknown".to_string())
}
