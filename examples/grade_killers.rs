//! Killer grading time and levels: every seed killer and every killer in `tests/data/killer/`
//! graded on one core, with the time, level, score and hardest technique of each, the
//! maximum and median time per file, and the calibration figures of issue 29 on krazydad's
//! volumes 1–5 (4000 "Intermediate" killers, books 1–100 per volume in ascending difficulty):
//! level histogram per ten books and per volume, share Unfair or Extreme and Medium or Hard,
//! Spearman correlation of score with book number per puzzle and over the book means.
//!
//! `cargo run --release --example grade_killers [-- --each] [-- --only NAME] [-- --paths FILE]
//! [-- --table FILE]`
//! (`--each` prints every puzzle's line; `--only NAME` grades only puzzles whose name contains
//! NAME and prints its path's technique counts; `--paths FILE` writes each krazydad puzzle's
//! path, one line per puzzle: name, level, score, then `technique:placements:eliminations:cells:houses`
//! per step, tab-separated, for measuring other scores offline; `--table FILE` grades with
//! a technique table in RON instead of the default one.)

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Instant;

use sudokit::grade::{Grader, Level, TechniqueTable};
use sudokit::notation;

/// Files graded for time and trial steps.
const FILES: [&str; 6] = [
    "tests/data/seeds/killer_m00nlight_clpfd.txt",
    "tests/data/killer/killer_vtsukur.txt",
    "tests/data/killer/killer_lisudoku.txt",
    "tests/data/killer/killer_greater_grilops.txt",
    "tests/data/killer/killer_krazydad_1000.tsv",
    CALIBRATION,
];

/// The calibration set: krazydad volumes 1–5 (volumes 6–10 are kept for a blind measure, so
/// the 1000, which holds books 1–13 of all ten volumes, is graded but not analysed).
const CALIBRATION: &str = "tests/data/killer/killer_krazydad_vol1-5.tsv";

/// One graded krazydad puzzle.
struct Graded {
    volume: u32,
    book: u32,
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

/// `(volume, book)` of a krazydad name `KD_Killer_IM<v>-B<b>-P<p>`.
fn krazydad_position(name: &str) -> Option<(u32, u32)> {
    let rest = name.strip_prefix("KD_Killer_IM")?;
    let mut parts = rest.split('-');
    let volume = parts.next()?.parse().ok()?;
    let book = parts.next()?.strip_prefix('B')?.parse().ok()?;
    Some((volume, book))
}

fn level_index(level: Level) -> usize {
    Level::ALL
        .iter()
        .position(|&other| other == level)
        .expect("listed")
}

/// Per-puzzle and book-mean Spearman correlations of score with book number, Unfair or
/// Extreme and Medium or Hard shares, of `members`.
struct Figures {
    per_puzzle: f64,
    book_means: f64,
    books: usize,
    unfair_or_extreme: f64,
    medium_or_hard: f64,
}

fn figures(members: &[&Graded]) -> Figures {
    let books: Vec<f64> = members
        .iter()
        .map(|graded| f64::from(graded.book))
        .collect();
    let scores: Vec<f64> = members
        .iter()
        .map(|graded| f64::from(graded.score))
        .collect();
    let mut by_book: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
    for graded in members {
        by_book
            .entry(graded.book)
            .or_default()
            .push(f64::from(graded.score));
    }
    let numbers: Vec<f64> = by_book.keys().map(|&book| f64::from(book)).collect();
    let means: Vec<f64> = by_book
        .values()
        .map(|scores| scores.iter().sum::<f64>() / scores.len() as f64)
        .collect();
    let share = |accept: &dyn Fn(Level) -> bool| {
        100.0 * members.iter().filter(|graded| accept(graded.level)).count() as f64
            / members.len() as f64
    };
    Figures {
        per_puzzle: spearman(&books, &scores),
        book_means: spearman(&numbers, &means),
        books: numbers.len(),
        unfair_or_extreme: share(&|level| level >= Level::Unfair),
        medium_or_hard: share(&|level| level == Level::Medium || level == Level::Hard),
    }
}

fn print_histogram(title: &str, groups: &BTreeMap<u32, Vec<&Graded>>) {
    println!("\n| {title} | puzzles | Easy | Medium | Hard | Unfair | Extreme | mean score | median score |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for (key, members) in groups {
        let mut histogram = [0usize; 5];
        for graded in members {
            histogram[level_index(graded.level)] += 1;
        }
        let mut scores: Vec<u32> = members.iter().map(|graded| graded.score).collect();
        scores.sort_unstable();
        let mean = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / scores.len() as f64;
        let label = if title == "books" {
            format!("{}–{}", key * 10 + 1, key * 10 + 10)
        } else {
            key.to_string()
        };
        println!(
            "| {label} | {} | {} | {} | {} | {} | {} | {mean:.0} | {} |",
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
    let option = |flag: &str| {
        arguments
            .iter()
            .position(|argument| argument == flag)
            .and_then(|position| arguments.get(position + 1))
            .cloned()
    };
    let each = arguments.iter().any(|argument| argument == "--each");
    let only = option("--only");
    let paths_file = option("--paths");
    let table = option("--table").map_or_else(TechniqueTable::hodoku, |file| {
        let text = std::fs::read_to_string(&file).expect("the table file is read");
        TechniqueTable::from_ron(&text).expect("the table file is a technique table")
    });
    let mut paths = String::new();
    let mut krazydad: Vec<Graded> = Vec::new();
    for file in FILES {
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("test data");
        let entries = notation::parse(&text, None).expect("the test data parses");
        let mut times = Vec::new();
        let mut unsolved = 0;
        let mut needing_trial = Vec::new();
        for entry in entries {
            let name = entry.name.clone().unwrap_or_else(|| entry.line.to_string());
            if only
                .as_ref()
                .is_some_and(|wanted| !name.contains(wanted.as_str()))
            {
                continue;
            }
            let start = Instant::now();
            let grading = Grader::with_table(&entry.puzzle, table.clone()).grade();
            let seconds = start.elapsed().as_secs_f64();
            times.push(seconds);
            if !grading.solved {
                unsolved += 1;
            }
            if grading.trial_steps > 0 {
                needing_trial.push(format!("{name} ({})", grading.trial_steps));
            }
            if each || only.is_some() {
                println!(
                    "{name}: {:.3} s {} {} steps: {} trial steps: {}; {}",
                    seconds,
                    grading.level,
                    grading.score,
                    grading.steps.len(),
                    grading.trial_steps,
                    grading.level_reason()
                );
            }
            if only.is_some() {
                for (technique, count) in grading.counts() {
                    println!("    {technique}: {count}");
                }
            }
            if file != CALIBRATION {
                continue;
            }
            let Some((volume, book)) = krazydad_position(&name) else {
                continue;
            };
            if paths_file.is_some() {
                let _ = write!(paths, "{name}\t{}\t{}", grading.level, grading.score);
                for step in &grading.steps {
                    let _ = write!(
                        paths,
                        "\t{}:{}:{}:{}:{}",
                        step.technique,
                        step.placements.len(),
                        step.eliminations.len(),
                        step.evidence.cells.len(),
                        step.evidence.houses.len()
                    );
                }
                paths.push('\n');
            }
            krazydad.push(Graded {
                volume,
                book,
                level: grading.level,
                score: grading.score,
            });
        }
        if times.is_empty() {
            continue;
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{file}: {} puzzles, max {:.1} ms, median {:.2} ms, unsolved {unsolved}, \
             needing trial {} {:?}",
            times.len(),
            times[times.len() - 1] * 1000.0,
            times[times.len() / 2] * 1000.0,
            needing_trial.len(),
            needing_trial
        );
    }
    if let Some(file) = paths_file {
        std::fs::write(&file, paths).expect("the paths file is written");
    }
    if krazydad.len() < 2 {
        return;
    }
    let mut by_tens: BTreeMap<u32, Vec<&Graded>> = BTreeMap::new();
    let mut by_volume: BTreeMap<u32, Vec<&Graded>> = BTreeMap::new();
    for graded in &krazydad {
        by_tens
            .entry((graded.book - 1) / 10)
            .or_default()
            .push(graded);
        by_volume.entry(graded.volume).or_default().push(graded);
    }
    print_histogram("books", &by_tens);
    print_histogram("volume", &by_volume);
    println!("\n| volumes | puzzles | Unfair or Extreme | Medium or Hard | Spearman(score, book) per puzzle | over the book means (books) |");
    println!("|---|---|---|---|---|---|");
    let all: Vec<&Graded> = krazydad.iter().collect();
    let mut rows: Vec<(String, Vec<&Graded>)> = by_volume
        .iter()
        .map(|(volume, members)| (volume.to_string(), members.clone()))
        .collect();
    rows.push(("1–5 pooled".to_string(), all));
    for (label, members) in rows {
        let figures = figures(&members);
        println!(
            "| {label} | {} | {:.1} % | {:.1} % | {:.3} | {:.3} ({}) |",
            members.len(),
            figures.unfair_or_extreme,
            figures.medium_or_hard,
            figures.per_puzzle,
            figures.book_means,
            figures.books
        );
    }
}
