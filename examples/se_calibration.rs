//! Fidelity and speed of the SE scale on `tests/data/classic/se_rated_calibration.txt`
//! (Sudoku Exchange puzzles with published Sudoku Explainer ratings).
//!
//! `cargo run --release --example se_calibration [-- --limit N] [-- --step N] [-- --details N]
//! [-- --band 7.2] [-- --se121]` prints exact ER, ER within 0.5 and Spearman, a table by published
//! rating, puzzles per second and the median time per puzzle (one core), and with
//! `--details` the first N mismatches (of `--band` if given) with our path's hardest steps;
//! `--se121` rates with SE 1.2.1's own techniques instead of the Sukaku Explainer set.

use std::collections::BTreeMap;
use std::time::Instant;

use sudokit::grade::explainer::calibration::{fidelity, Published};
use sudokit::grade::explainer::{format_tenths, SeRater, SeTable};
use sudokit::model::{Geometry, Grid, Puzzle};

fn puzzle_of(line: &str) -> Option<Puzzle> {
    let values: Vec<u8> = line
        .bytes()
        .map(|byte| {
            if byte.is_ascii_digit() {
                byte - b'0'
            } else {
                0
            }
        })
        .collect();
    let geometry = Geometry::for_size(9).ok()?;
    Puzzle::classic(Grid::from_values(geometry, &values)?).ok()
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    let option = |name: &str| -> Option<String> {
        arguments
            .iter()
            .position(|argument| argument == name)
            .and_then(|position| arguments.get(position + 1).cloned())
    };
    let step: usize = option("--step")
        .map_or(1, |text| text.parse().unwrap_or(1))
        .max(1);
    let limit: usize = option("--limit").map_or(usize::MAX, |text| text.parse().unwrap_or(0));
    let details: usize = option("--details").map_or(0, |text| text.parse().unwrap_or(0));
    let table = if arguments.iter().any(|argument| argument == "--se121") {
        SeTable::original()
    } else {
        SeTable::explainer()
    };
    let band: Option<String> = option("--band");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/classic/se_rated_calibration.txt"
    );
    let text = std::fs::read_to_string(path).expect("calibration file");
    let rows: Vec<(String, String)> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .step_by(step)
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            Some((words.next()?.to_string(), words.next()?.to_string()))
        })
        .take(limit)
        .collect();
    let mut pairs = Vec::new();
    let mut times = Vec::new();
    let mut by_band: BTreeMap<String, (usize, usize, usize, i64)> = BTreeMap::new();
    let mut shown = 0;
    let started = Instant::now();
    let mut unsolved = 0;
    for (line, rating) in &rows {
        let (Some(puzzle), Some(published)) = (puzzle_of(line), Published::parse(rating)) else {
            continue;
        };
        let begun = Instant::now();
        let Ok(rater) = SeRater::with_table(&puzzle, table.clone()) else {
            continue;
        };
        let ours = rater.rate();
        times.push(begun.elapsed().as_secs_f64());
        if !ours.solved {
            unsolved += 1;
        }
        pairs.push((published, ours.er));
        let distance = published.distance(ours.er);
        let entry = by_band.entry(rating.clone()).or_default();
        entry.0 += 1;
        entry.1 += usize::from(distance == 0);
        entry.2 += usize::from(distance <= 5);
        entry.3 += i64::from(ours.er) - published.representative().round() as i64;
        if distance != 0 && shown < details && band.as_ref().is_none_or(|b| b == rating) {
            shown += 1;
            println!("{line} published {rating} ours {}", ours.ed_text());
            let mut hard: Vec<_> = ours.steps.iter().filter(|step| step.tenths >= 40).collect();
            hard.truncate(8);
            for step in hard {
                println!("    {}", step.explain());
            }
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let measured = fidelity(&pairs);
    println!(
        "{} puzzles: exact ER {:.1} %, within 0.5 {:.1} %, Spearman {:.3}, not solved {}",
        measured.count,
        measured.exact * 100.0,
        measured.within_half * 100.0,
        measured.spearman,
        unsolved
    );
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let slowest = times.last().copied().unwrap_or(0.0);
    println!(
        "speed: {:.0} puzzles/s on one core, median {:.2} ms, slowest {:.1} ms",
        pairs.len() as f64 / elapsed,
        median * 1000.0,
        slowest * 1000.0
    );
    println!("| published ER | puzzles | exact | within 0.5 | mean ours − published |");
    println!("|---|---:|---:|---:|---:|");
    let mut bands: Vec<_> = by_band.into_iter().collect();
    bands.sort_by_key(|(rating, _)| {
        Published::parse(rating).map_or(0, |published| published.representative() as i64)
    });
    for (rating, (count, exact, within, offset)) in bands {
        println!(
            "| {rating} | {count} | {exact} | {within} | {} |",
            signed_tenths(offset as f64 / count as f64)
        );
    }
    let _ = format_tenths;
}

fn signed_tenths(value: f64) -> String {
    format!("{:+.2}", value / 10.0)
}
