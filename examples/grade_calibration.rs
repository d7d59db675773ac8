//! Fidelity and speed of the grader on HoDoKu 2.2's ratings of 2524 puzzles
//! (`tests/data/classic/hodoku_rated_calibration.tsv`).
//!
//! `cargo run --release --example grade_calibration [-- --details N] [-- --limit N]
//! [-- --paths FILE]` prints level agreement, score-within-10 %, a confusion table by level,
//! puzzles per second (overall and by HoDoKu's level), and with `--details` the first N
//! mismatches with both technique lists. `--paths FILE` writes every puzzle's whole path
//! (every step with its evidence), so that two versions of the grader can be compared
//! step for step with `cmp`.

use std::collections::BTreeMap;
use std::time::Instant;

use sudokit::grade::{Grader, Level};
use sudokit::model::{Geometry, Grid, Puzzle};

struct Row {
    line: String,
    level: Level,
    score: u32,
    techniques: String,
}

fn parse_level(text: &str) -> Level {
    match text {
        "Easy" => Level::Easy,
        "Medium" => Level::Medium,
        "Hard" => Level::Hard,
        "Unfair" => Level::Unfair,
        _ => Level::Extreme,
    }
}

fn puzzle_of(line: &str) -> Puzzle {
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
    let geometry = Geometry::for_size(9).expect("9×9");
    Puzzle::classic(Grid::from_values(geometry, &values).expect("81 cells")).expect("valid")
}

/// A plain backtracking solver for checking the path.
fn solve(values: &mut [u8]) -> bool {
    let Some(cell) = values.iter().position(|&v| v == 0) else {
        return true;
    };
    let (row, column) = (cell / 9, cell % 9);
    for digit in 1..=9u8 {
        let clash = (0..9).any(|i| {
            values[row * 9 + i] == digit
                || values[i * 9 + column] == digit
                || values[(row / 3 * 3 + i / 3) * 9 + column / 3 * 3 + i % 3] == digit
        });
        if !clash {
            values[cell] = digit;
            if solve(values) {
                return true;
            }
        }
    }
    values[cell] = 0;
    false
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    let option = |name: &str| {
        arguments
            .iter()
            .position(|argument| argument == name)
            .and_then(|position| arguments.get(position + 1))
            .and_then(|value| value.parse::<usize>().ok())
    };
    let details = option("--details").unwrap_or(0);
    let limit = option("--limit").unwrap_or(usize::MAX);
    let skip = option("--skip").unwrap_or(0);
    let only_level = arguments
        .iter()
        .position(|argument| argument == "--level")
        .and_then(|position| arguments.get(position + 1))
        .map(|value| parse_level(value));
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/classic/hodoku_rated_calibration.tsv"
    );
    let text = std::fs::read_to_string(path).expect("calibration file");
    let rows: Vec<Row> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter(|line| {
            only_level
                .is_none_or(|level| parse_level(line.split('\t').nth(1).unwrap_or("")) == level)
        })
        .skip(skip)
        .take(limit)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            Row {
                line: fields[0].to_string(),
                level: parse_level(fields[1]),
                score: fields[2].parse().expect("score"),
                techniques: fields[3].to_string(),
            }
        })
        .collect();
    let puzzles: Vec<Puzzle> = rows.iter().map(|row| puzzle_of(&row.line)).collect();
    let start = Instant::now();
    let mut times = Vec::with_capacity(puzzles.len());
    let gradings: Vec<_> = puzzles
        .iter()
        .map(|puzzle| {
            let begin = Instant::now();
            let grading = Grader::new(puzzle).grade();
            times.push(begin.elapsed().as_secs_f64());
            grading
        })
        .collect();
    let elapsed = start.elapsed().as_secs_f64();
    if let Some(position) = arguments.iter().position(|argument| argument == "--paths") {
        let file = arguments.get(position + 1).expect("a file after --paths");
        let mut text = String::new();
        for (row, grading) in rows.iter().zip(&gradings) {
            text.push_str(&format!(
                "{} {} {}\n",
                row.line, grading.level, grading.score
            ));
            for step in &grading.steps {
                text.push_str(&format!("  {step:?}\n"));
            }
        }
        std::fs::write(file, text).expect("paths file written");
    }
    let mut slowest: Vec<usize> = (0..times.len()).collect();
    slowest.sort_by(|&a, &b| times[b].total_cmp(&times[a]));
    for &index in slowest.iter().take(5) {
        println!(
            "slow: {:.3} s  {}  {}",
            times[index],
            rows[index].line,
            gradings[index]
                .counts()
                .iter()
                .filter(|(t, _)| !t.is_single())
                .map(|(t, c)| format!("{t} x{c}"))
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    let mut same_level = 0;
    let mut close_score = 0;
    let mut solved = 0;
    let mut confusion: BTreeMap<(Level, Level), usize> = BTreeMap::new();
    let mut shown = 0;
    let mut unsound: BTreeMap<String, usize> = BTreeMap::new();
    for (puzzle, grading) in puzzles.iter().zip(&gradings) {
        let mut solution = puzzle.givens().values();
        solve(&mut solution);
        for step in &grading.steps {
            let wrong = step
                .eliminations
                .iter()
                .any(|(cell, digit)| solution[cell.index()] == digit.get())
                || step
                    .placements
                    .iter()
                    .any(|(cell, digit)| solution[cell.index()] != digit.get());
            if wrong {
                *unsound.entry(step.technique.to_string()).or_default() += 1;
                if unsound.values().sum::<usize>() <= 3 {
                    println!(
                        "unsound {}: {}",
                        puzzle
                            .givens()
                            .values()
                            .iter()
                            .map(|v| v.to_string())
                            .collect::<String>(),
                        step.explain(puzzle)
                    );
                }
                break;
            }
        }
    }
    println!("first unsound steps by technique: {unsound:?}");
    let mut missing: BTreeMap<String, i64> = BTreeMap::new();
    for (row, grading) in rows.iter().zip(&gradings) {
        if grading.solved {
            solved += 1;
        }
        if grading.level == row.level {
            same_level += 1;
        }
        let difference = (f64::from(grading.score) - f64::from(row.score)).abs();
        let close = difference <= 0.1 * f64::from(row.score);
        if close {
            close_score += 1;
        }
        *confusion.entry((row.level, grading.level)).or_default() += 1;
        let ours: Vec<String> = grading
            .counts()
            .iter()
            .map(|(technique, count)| format!("{technique} x{count}"))
            .collect();
        let theirs: BTreeMap<String, i64> = row
            .techniques
            .split("; ")
            .filter_map(|entry| {
                let (name, count) = entry.rsplit_once(" x")?;
                Some((name.to_string(), count.parse().ok()?))
            })
            .collect();
        let mut our_counts: BTreeMap<String, i64> = BTreeMap::new();
        for (technique, count) in grading.counts() {
            our_counts.insert(technique.to_string(), count as i64);
        }
        if grading.level != row.level || !close {
            for (name, count) in &theirs {
                if name.contains("Single") || name == "Full House" {
                    continue;
                }
                let delta = count - our_counts.get(name).copied().unwrap_or(0);
                *missing.entry(name.clone()).or_default() += delta.max(0);
            }
            for (name, count) in &our_counts {
                if name.contains("Single") || name == "Full House" {
                    continue;
                }
                let delta = count - theirs.get(name).copied().unwrap_or(0);
                *missing.entry(format!("(extra) {name}")).or_default() += delta.max(0);
            }
            if shown < details {
                shown += 1;
                println!("{}", row.line);
                println!("  HoDoKu: {} {}  {}", row.level, row.score, row.techniques);
                println!(
                    "  ours:   {} {}  {}",
                    grading.level,
                    grading.score,
                    ours.join("; ")
                );
            }
        }
    }
    let total = rows.len();
    let percent = |count: usize| 100.0 * count as f64 / total as f64;
    println!("puzzles: {total}, solved: {solved}");
    println!("same level: {same_level} ({:.1} %)", percent(same_level));
    println!(
        "score within 10 %: {close_score} ({:.1} %)",
        percent(close_score)
    );
    println!(
        "speed: {:.0} puzzles/s ({:.3} s)",
        total as f64 / elapsed,
        elapsed
    );
    for level in Level::ALL {
        let (count, seconds) = rows
            .iter()
            .zip(&times)
            .filter(|(row, _)| row.level == level)
            .fold((0, 0.0), |(count, seconds), (_, time)| {
                (count + 1, seconds + time)
            });
        if count > 0 {
            println!(
                "  {:>8}: {count:>5} puzzles, {:>8.0} puzzles/s, {:>8.3} ms each",
                level.to_string(),
                count as f64 / seconds,
                1000.0 * seconds / count as f64
            );
        }
    }
    println!("confusion (rows HoDoKu, columns ours):");
    print!("{:>8}", "");
    for level in Level::ALL {
        print!("{:>8}", level.to_string());
    }
    println!();
    for expected in Level::ALL {
        print!("{:>8}", expected.to_string());
        for actual in Level::ALL {
            print!(
                "{:>8}",
                confusion.get(&(expected, actual)).copied().unwrap_or(0)
            );
        }
        println!();
    }
    let mut missing: Vec<(String, i64)> = missing
        .into_iter()
        .filter(|(_, count)| *count > 0)
        .collect();
    missing.sort_by_key(|(_, count)| -count);
    println!(
        "technique count differences on mismatched puzzles (HoDoKu's minus ours, and extras):"
    );
    for (name, count) in missing.iter().take(25) {
        println!("  {count:>6}  {name}");
    }
}
