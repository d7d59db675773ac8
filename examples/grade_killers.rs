//! Killer grading time and levels: every seed killer and every killer in `tests/data/killer/`
//! graded on one core, with the time, level, score and hardest technique of each, the
//! maximum and median time per file, and the krazydad books' order (level histogram and mean
//! score per book position, Spearman correlation of book position with score).
//!
//! `cargo run --release --example grade_killers [-- --each] [-- --only NAME]`
//! (`--each` prints every puzzle's line; `--only NAME` grades only puzzles whose name contains
//! NAME and prints its path's technique counts.)

use std::collections::BTreeMap;
use std::time::Instant;

use sudokit::grade::{Grader, Level};
use sudokit::notation;

const FILES: [&str; 5] = [
    "tests/data/seeds/killer_m00nlight_clpfd.txt",
    "tests/data/killer/killer_vtsukur.txt",
    "tests/data/killer/killer_lisudoku.txt",
    "tests/data/killer/killer_greater_grilops.txt",
    "tests/data/killer/killer_krazydad_1000.tsv",
];

/// One graded puzzle.
struct Graded {
    name: String,
    seconds: f64,
    level: Level,
    score: u32,
}

/// Ranks with ties averaged (1-based).
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut result = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        let average = (start + end) as f64 / 2.0 + 1.0;
        for &index in &order[start..=end] {
            result[index] = average;
        }
        start = end + 1;
    }
    result
}

/// Spearman's rank correlation: Pearson's on the ranks.
fn spearman(first: &[f64], second: &[f64]) -> f64 {
    let (a, b) = (ranks(first), ranks(second));
    let count = a.len() as f64;
    let (mean_a, mean_b) = (a.iter().sum::<f64>() / count, b.iter().sum::<f64>() / count);
    let covariance: f64 = a
        .iter()
        .zip(&b)
        .map(|(x, y)| (x - mean_a) * (y - mean_b))
        .sum();
    let spread_a: f64 = a.iter().map(|x| (x - mean_a).powi(2)).sum::<f64>().sqrt();
    let spread_b: f64 = b.iter().map(|y| (y - mean_b).powi(2)).sum::<f64>().sqrt();
    covariance / (spread_a * spread_b)
}

/// `(volume, book, puzzle)` of a krazydad name `KD_Killer_IM<v>-B<b>-P<p>`.
fn krazydad_position(name: &str) -> Option<(u32, u32, u32)> {
    let rest = name.strip_prefix("KD_Killer_IM")?;
    let mut parts = rest.split('-');
    let volume = parts.next()?.parse().ok()?;
    let book = parts.next()?.strip_prefix('B')?.parse().ok()?;
    let puzzle = parts.next()?.strip_prefix('P')?.parse().ok()?;
    Some((volume, book, puzzle))
}

fn level_index(level: Level) -> usize {
    Level::ALL
        .iter()
        .position(|&other| other == level)
        .expect("listed")
}

fn print_groups(title: &str, groups: &BTreeMap<u32, Vec<&Graded>>) {
    println!("\n{title:>8} | count | Easy Medium Hard Unfair Extreme | mean score | median score");
    for (key, members) in groups {
        let mut histogram = [0usize; 5];
        for graded in members {
            histogram[level_index(graded.level)] += 1;
        }
        let mut scores: Vec<u32> = members.iter().map(|graded| graded.score).collect();
        scores.sort_unstable();
        let mean = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / scores.len() as f64;
        println!(
            "{key:>8} | {:>5} | {:>4} {:>6} {:>4} {:>6} {:>7} | {mean:>10.0} | {:>12}",
            members.len(),
            histogram[0],
            histogram[1],
            histogram[2],
            histogram[3],
            histogram[4],
            scores[scores.len() / 2]
        );
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    let each = arguments.iter().any(|argument| argument == "--each");
    let only = arguments
        .iter()
        .position(|argument| argument == "--only")
        .and_then(|position| arguments.get(position + 1))
        .cloned();
    let mut krazydad: Vec<(u32, u32, u32, Graded)> = Vec::new();
    for file in FILES {
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("test data");
        let entries = notation::parse(&text, None).expect("the test data parses");
        let mut times = Vec::new();
        let mut unsolved = 0;
        let mut needing_trial = 0;
        for entry in entries {
            let name = entry.name.clone().unwrap_or_else(|| entry.line.to_string());
            if only
                .as_ref()
                .is_some_and(|wanted| !name.contains(wanted.as_str()))
            {
                continue;
            }
            let start = Instant::now();
            let grading = Grader::new(&entry.puzzle).grade();
            let seconds = start.elapsed().as_secs_f64();
            times.push(seconds);
            if !grading.solved {
                unsolved += 1;
            }
            if grading.trial_steps > 0 {
                needing_trial += 1;
            }
            let hardest = grading
                .hardest
                .map_or("-".to_string(), |technique| technique.to_string());
            if each || only.is_some() {
                println!(
                    "{name}: {:.3} s {} {} hardest: {hardest} steps: {} trial steps: {}",
                    seconds,
                    grading.level,
                    grading.score,
                    grading.steps.len(),
                    grading.trial_steps
                );
            }
            if only.is_some() {
                for (technique, count) in grading.counts() {
                    println!("    {technique}: {count}");
                }
            }
            if let Some((volume, book, puzzle)) = krazydad_position(&name) {
                krazydad.push((
                    volume,
                    book,
                    puzzle,
                    Graded {
                        name,
                        seconds,
                        level: grading.level,
                        score: grading.score,
                    },
                ));
            }
        }
        if times.is_empty() {
            continue;
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{file}: {} puzzles, max {:.1} ms, median {:.2} ms, unsolved {unsolved}, \
             needing trial {needing_trial}",
            times.len(),
            times[times.len() - 1] * 1000.0,
            times[times.len() / 2] * 1000.0
        );
    }
    if krazydad.len() < 2 {
        return;
    }
    let slowest = krazydad
        .iter()
        .max_by(|a, b| a.3.seconds.total_cmp(&b.3.seconds))
        .expect("some");
    println!(
        "krazydad slowest: {} {:.1} ms",
        slowest.3.name,
        slowest.3.seconds * 1000.0
    );
    for (title, key) in [("volume", 0usize), ("book", 1), ("puzzle", 2)] {
        let mut groups: BTreeMap<u32, Vec<&Graded>> = BTreeMap::new();
        for (volume, book, puzzle, graded) in &krazydad {
            let position = [*volume, *book, *puzzle][key];
            groups.entry(position).or_default().push(graded);
        }
        print_groups(title, &groups);
        let positions: Vec<f64> = krazydad
            .iter()
            .map(|(volume, book, puzzle, _)| f64::from([*volume, *book, *puzzle][key]))
            .collect();
        let scores: Vec<f64> = krazydad
            .iter()
            .map(|(_, _, _, graded)| f64::from(graded.score))
            .collect();
        let levels: Vec<f64> = krazydad
            .iter()
            .map(|(_, _, _, graded)| level_index(graded.level) as f64)
            .collect();
        println!(
            "Spearman({title}, score) = {:.3}, Spearman({title}, level) = {:.3}",
            spearman(&positions, &scores),
            spearman(&positions, &levels)
        );
        let keys: Vec<f64> = groups.keys().map(|&key| f64::from(key)).collect();
        let means: Vec<f64> = groups
            .values()
            .map(|members| {
                members
                    .iter()
                    .map(|graded| f64::from(graded.score))
                    .sum::<f64>()
                    / members.len() as f64
            })
            .collect();
        println!(
            "Spearman({title}, mean score of the {title}) = {:.3}",
            spearman(&keys, &means)
        );
    }
    let hardest = krazydad
        .iter()
        .filter(|(_, _, _, graded)| graded.level >= Level::Unfair)
        .count();
    println!(
        "krazydad Unfair or Extreme: {hardest} of {} ({:.1} %)",
        krazydad.len(),
        100.0 * hardest as f64 / krazydad.len() as f64
    );
}
