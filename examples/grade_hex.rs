//! 16×16 level bands against krazydad's (issue 41): every puzzle of krazydad's 16×16 volumes
//! 1–4 (levels Intermediate < Challenging < Tough < Super-Tough) graded on one core, with the
//! levels sudokit gives each krazydad level, the share where sudokit's level is krazydad's
//! (Easy, Medium, Hard, Unfair for their four) and where it is at most one level away, and
//! Spearman's correlation of score with krazydad's level: on volumes 1–3 (the bands were
//! tuned on them) and on volume 4 (held back), then the grading time.
//!
//! `cargo run --release --example grade_hex [-- --step N]` (`--step N` grades every N-th
//! puzzle of each level and volume only).

use std::collections::BTreeMap;
use std::time::Instant;

use sudokit::grade::explainer::calibration::spearman;
use sudokit::grade::{grade, Level};
use sudokit::notation;

const FILE: &str = "tests/data/sizes/krazydad_hex_16x16_vol1-4.txt";

/// krazydad's levels, easiest first, as their names spell them.
const KRAZYDAD: [&str; 4] = ["IM", "CH", "TF", "ST"];

/// One graded puzzle: krazydad's level (0-3), its volume, sudokit's level (0-4), the score.
struct Graded {
    krazydad: usize,
    volume: u32,
    level: usize,
    score: u32,
}

/// krazydad's level (0-3) and volume in a name `KD-HEX-<level>-V<volume>-B<book>-P<n>`.
fn krazydad_position(name: &str) -> Option<(usize, u32)> {
    let rest = &name[name.find("KD-HEX-")? + "KD-HEX-".len()..];
    let mut parts = rest.split('-');
    let code = parts.next()?;
    let level = KRAZYDAD.iter().position(|&known| known == code)?;
    let volume = parts.next()?.strip_prefix('V')?.parse().ok()?;
    Some((level, volume))
}

fn level_index(level: Level) -> usize {
    Level::ALL
        .iter()
        .position(|&other| other == level)
        .expect("listed")
}

fn report(title: &str, members: &[&Graded]) {
    let count = members.len() as f64;
    let exact = members
        .iter()
        .filter(|graded| graded.level == graded.krazydad)
        .count() as f64;
    let near = members
        .iter()
        .filter(|graded| graded.level.abs_diff(graded.krazydad) <= 1)
        .count() as f64;
    let scores: Vec<f64> = members
        .iter()
        .map(|graded| f64::from(graded.score))
        .collect();
    let levels: Vec<f64> = members
        .iter()
        .map(|graded| graded.krazydad as f64)
        .collect();
    println!(
        "{title}: {} puzzles, level equal {:.1} %, within one {:.1} %, Spearman(score, level) {:.3}",
        members.len(),
        100.0 * exact / count,
        100.0 * near / count,
        spearman(&scores, &levels)
    );
    println!("  krazydad  Easy Medium Hard Unfair Extreme");
    for (index, code) in KRAZYDAD.iter().enumerate() {
        let mut row = [0usize; 5];
        for graded in members.iter().filter(|graded| graded.krazydad == index) {
            row[graded.level] += 1;
        }
        println!(
            "  {code:8}  {:4} {:6} {:4} {:6} {:7}",
            row[0], row[1], row[2], row[3], row[4]
        );
    }
}

fn main() {
    let mut arguments = std::env::args().skip(1);
    let mut step = 1;
    while let Some(argument) = arguments.next() {
        match argument.as_str() {
            "--step" => {
                step = arguments
                    .next()
                    .and_then(|value| value.parse().ok())
                    .filter(|&value| value > 0)
                    .expect("--step takes a positive number")
            }
            other => panic!("unknown argument {other}"),
        }
    }
    let text = std::fs::read_to_string(FILE).expect("the krazydad file");
    let entries = notation::parse(&text, None).expect("the krazydad file reads");
    let mut taken: BTreeMap<(usize, u32), usize> = BTreeMap::new();
    let mut graded = Vec::new();
    let mut trials = 0;
    let started = Instant::now();
    for entry in &entries {
        let name = entry.name.as_deref().unwrap_or_default();
        let (krazydad, volume) = krazydad_position(name).expect("krazydad names");
        let seen = taken.entry((krazydad, volume)).or_default();
        *seen += 1;
        if !(*seen - 1).is_multiple_of(step) {
            continue;
        }
        let grading = grade(&entry.puzzle);
        assert!(grading.solved, "{name}: not solved");
        trials += usize::from(grading.used_trial());
        graded.push(Graded {
            krazydad,
            volume,
            level: level_index(grading.level),
            score: grading.score,
        });
    }
    let elapsed = started.elapsed();
    let tuned: Vec<&Graded> = graded.iter().filter(|graded| graded.volume <= 3).collect();
    let held: Vec<&Graded> = graded.iter().filter(|graded| graded.volume == 4).collect();
    report("volumes 1-3 (tuned on)", &tuned);
    report("volume 4 (held back)", &held);
    let all: Vec<&Graded> = graded.iter().collect();
    report("volumes 1-4", &all);
    println!(
        "{} puzzles graded in {:.1} s on one thread ({:.1} ms each), {trials} with a trial step",
        graded.len(),
        elapsed.as_secs_f64(),
        1000.0 * elapsed.as_secs_f64() / graded.len() as f64
    );
}
