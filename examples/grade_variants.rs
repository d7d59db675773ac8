//! Grades the shared variant puzzles (issue 32, BENCHMARKS.md): for each, the level, the
//! hardest step, the steps and trial steps of the path, the steps of each rule's technique,
//! whether the path ends on the published solution, and the time on one core.
//! `cargo run --release --example grade_variants -- tests/data/variants/fpuzzles_variants.tsv`

use std::time::Instant;

use sudokit::grade::Grader;
use sudokit::model::Grid;
use sudokit::notation;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: grade_variants FILE.tsv");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| {
        eprintln!("{path}: {error}");
        std::process::exit(2);
    });
    let explain = std::env::args().any(|argument| argument == "--explain");
    println!("title\tlevel\tscore\thardest\tsteps\ttrial_steps\tsolution\tseconds\trule steps");
    for line in text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let (title, link, digits) = (fields[0], fields[2], fields[3]);
        let entry = match notation::parse(link, None) {
            Ok(mut entries) => entries.remove(0),
            Err(error) => {
                println!("{title}\tunreadable: {error}");
                continue;
            }
        };
        let puzzle = &entry.puzzle;
        let values: Vec<u8> = digits.bytes().map(|digit| digit - b'0').collect();
        let solution = Grid::from_values(puzzle.geometry(), &values);
        let start = Instant::now();
        let mut grader = Grader::new(puzzle);
        if let Some(solution) = &solution {
            grader = grader.with_unique_solution(solution);
        }
        let grading = grader.grade();
        let seconds = start.elapsed().as_secs_f64();
        let matches = solution.as_ref() == Some(&grading.grid);
        let rules: Vec<String> = grading
            .counts()
            .iter()
            .filter(|(technique, _)| technique.is_variant())
            .map(|(technique, count)| format!("{technique} {count}"))
            .collect();
        println!(
            "{title}\t{}\t{}\t{}\t{}\t{}\t{}\t{seconds:.2}\t{}",
            if grading.solved {
                grading.level.to_string()
            } else {
                "unsolved".into()
            },
            grading.score,
            grading
                .hardest
                .map_or("none".into(), |technique| technique.to_string()),
            grading.steps.len(),
            grading.trial_steps,
            if matches { "matches" } else { "DIFFERS" },
            rules.join(", ")
        );
        if explain {
            for step in &grading.steps {
                println!("  {}", step.explain(puzzle));
            }
        }
    }
}
