//! Time and outcome of the SE scale on the hardest puzzles (nested forcing chains): each
//! puzzle of a file rated alone on one core.
//!
//! `cargo run --release --example se_hardest [-- FILE] [-- --limit N] [-- --work-limit W]
//! [-- --each]` (default file `tests/data/classic/forum_hardest_1106.txt`) prints how many
//! were rated and how many stopped at the work limit, the ratings by hardest technique and
//! by ER, the median and slowest time, and the work rate (implications per second);
//! `--each` adds one line per puzzle.

use std::collections::BTreeMap;
use std::time::Instant;

use sudokit::grade::explainer::{format_tenths, SeRater, SeStop, DEFAULT_WORK_LIMIT};
use sudokit::notation::{parse, Format};

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| -> Option<String> {
        arguments
            .iter()
            .position(|argument| argument == name)
            .and_then(|position| arguments.get(position + 1).cloned())
    };
    let each = arguments.iter().any(|argument| argument == "--each");
    let limit: usize = option("--limit").map_or(usize::MAX, |text| text.parse().unwrap_or(0));
    let work_limit: u64 =
        option("--work-limit").map_or(DEFAULT_WORK_LIMIT, |text| text.parse().unwrap_or(0));
    let path = arguments
        .first()
        .filter(|argument| !argument.starts_with("--"))
        .cloned()
        .unwrap_or_else(|| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/classic/forum_hardest_1106.txt"
            )
            .to_string()
        });
    let text = std::fs::read_to_string(&path).expect("puzzle file");
    let entries = parse(&text, Some(Format::Line)).expect("line puzzles");
    let mut times = Vec::new();
    let mut total_work = 0u64;
    let mut by_technique: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_rating: BTreeMap<u32, usize> = BTreeMap::new();
    let (mut rated, mut over, mut beyond) = (0, 0, 0);
    for (index, entry) in entries.iter().take(limit).enumerate() {
        let rater = SeRater::new(&entry.puzzle)
            .expect("a classic puzzle")
            .with_work_limit(work_limit);
        let start = Instant::now();
        let rating = rater.rate();
        let seconds = start.elapsed().as_secs_f64();
        times.push(seconds);
        total_work += rating.work;
        let outcome = match rating.stop {
            None => {
                rated += 1;
                *by_rating.entry(rating.er).or_default() += 1;
                let name = rating
                    .hardest
                    .map_or_else(|| "none".to_string(), |technique| technique.to_string());
                *by_technique.entry(name).or_default() += 1;
                rating.ed_text()
            }
            Some(SeStop::WorkLimit) => {
                over += 1;
                "work limit".to_string()
            }
            Some(_) => {
                beyond += 1;
                "beyond".to_string()
            }
        };
        if each {
            println!(
                "{:4} {outcome:>18} {:>11} implications {seconds:7.2} s",
                index + 1,
                rating.work
            );
        }
    }
    let total: f64 = times.iter().sum();
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    let slowest = sorted.last().copied().unwrap_or(0.0);
    println!(
        "{} puzzles: {rated} rated, {over} at the work limit ({work_limit} implications), {beyond} beyond the table",
        times.len()
    );
    println!(
        "time: {total:.1} s in all, median {median:.2} s, slowest {slowest:.2} s; {:.0} implications per second",
        total_work as f64 / total.max(1e-9)
    );
    println!("hardest technique:");
    for (name, count) in &by_technique {
        println!("  {count:4}  {name}");
    }
    println!("ER:");
    for (tenths, count) in &by_rating {
        println!("  {:>5}  {count}", format_tenths(*tenths));
    }
}
