//! The Sudoku Explainer scale on real puzzles: fidelity to published SE ratings on a fixed
//! sample of the calibration file, paths that end in the SAT engine's solution, and the
//! `grade --scale se` outputs.

use std::process::Command;

use sudokit::grade::explainer::calibration::{fidelity, Published};
use sudokit::grade::explainer::{rate_se, SeRater, SeStop};

use crate::helpers::{line_puzzle, read_data, sat_count};

/// `puzzle rating` rows of the SE calibration file, every `step`-th one.
fn se_rows(step: usize) -> Vec<(String, Published)> {
    read_data("classic/se_rated_calibration.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .step_by(step)
        .map(|line| {
            let mut words = line.split_whitespace();
            let puzzle = words.next().expect("puzzle column").to_string();
            let rating = Published::parse(words.next().expect("rating column"))
                .expect("a rating or a bucket");
            (puzzle, rating)
        })
        .collect()
}

#[test]
fn se_paths_end_in_the_sat_solution_and_keep_their_fidelity() {
    let rows = se_rows(12);
    let mut pairs = Vec::new();
    for (text, published) in &rows {
        let puzzle = line_puzzle(text);
        let rating = rate_se(&puzzle).expect("a classic puzzle");
        assert!(rating.solved, "{text}: {:?}", rating.stop);
        assert_eq!(
            Some(&rating.grid),
            sat_count(&puzzle, 2).solution(),
            "{text}"
        );
        assert!(rating.ed <= rating.ep && rating.ep <= rating.er, "{text}");
        pairs.push((*published, rating.er));
    }
    // Floors measured on this sample (BENCHMARKS.md has the whole file); a change that
    // lowers them is a regression.
    let measured = fidelity(&pairs);
    assert!(measured.count >= 200, "{measured:?}");
    assert!(measured.exact >= 0.92, "{measured:?}");
    assert!(measured.within_half >= 0.99, "{measured:?}");
    assert!(measured.spearman >= 0.99, "{measured:?}");
}

#[test]
fn the_fork_techniques_rate_a_skyscraper_and_se121_leaves_them_out() {
    // Published 4.0 in the calibration file: its hardest step is a Skyscraper, which the
    // Sukaku Explainer fork rates 4.0 and SE 1.2.1 does not know (it needs an XY-Wing, 4.2).
    let puzzle =
        "045900000000710205020003009008301026010000050360805100200100030801057000000009510";
    let rate = |scale: &str| {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(["grade", "--scale", scale, "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("sudokit runs");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(format!("{puzzle}\n").as_bytes())
            .expect("puzzle written");
        let output = child.wait_with_output().expect("sudokit ends");
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stdout).expect("utf-8")
    };
    assert!(rate("se").trim_end().ends_with("ED=4.0/1.2/1.2"));
    assert!(rate("se121").trim_end().ends_with("ED=4.2/1.2/1.2"));
}

#[test]
fn grade_scale_se_prints_se_batch_lines() {
    let text = "000801000005064100060700080250000403090000070406000012010009020002570900000103000";
    let file = tempfile::NamedTempFile::new().expect("temporary file");
    std::fs::write(file.path(), text).expect("write");
    let run = |extra: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(["grade", "--scale", "se"])
            .args(extra)
            .arg(file.path())
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    let rating = rate_se(&line_puzzle(text)).expect("classic");
    let line = run(&[]);
    let expected_puzzle = text.replace('0', ".");
    assert_eq!(
        line.trim_end(),
        format!("{expected_puzzle} {}", rating.ed_text())
    );
    assert!(line.trim_end().ends_with("ED=2.5/1.2/1.2"), "{line}");
    let object: serde_json::Value = serde_json::from_str(&run(&["--json"])).expect("JSON");
    assert_eq!(object["er"], "2.5");
    assert_eq!(object["hardest"], "Direct Hidden Triplet");
    let csv = run(&["--csv"]);
    assert!(
        csv.lines().nth(1).unwrap().contains(",rated,")
            && csv.contains(",2.5,1.2,1.2,Direct Hidden Triplet,true,"),
        "{csv}"
    );
    let explained = run(&["--explain"]);
    assert!(explained.contains("hidden single (1.2)"), "{explained}");
}

/// The first puzzles of the forum's hardest list need nested forcing chains: rated from
/// 9.5 up, by sound steps only (every placement and elimination agrees with the SAT
/// engine's solution), to the end.
#[test]
fn nested_forcing_chains_rate_forum_hardest_puzzles_soundly() {
    let text = read_data("classic/forum_hardest_1106.txt");
    for line in text.lines().take(3) {
        let puzzle = line_puzzle(line);
        let rating = rate_se(&puzzle).expect("a classic puzzle");
        assert!(rating.solved, "{line}: {:?}", rating.stop);
        let count = sat_count(&puzzle, 2);
        let solution = count.solution().expect("unique");
        assert_eq!(&rating.grid, solution, "{line}");
        for step in &rating.steps {
            for &(cell, digit) in &step.placements {
                assert_eq!(
                    solution.get(cell),
                    Some(digit),
                    "{line}: {}",
                    step.explain()
                );
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(
                    solution.get(cell),
                    Some(digit),
                    "{line}: {}",
                    step.explain()
                );
            }
        }
        assert!(rating.er >= 95, "{line}: {}", rating.ed_text());
        let hardest = rating.hardest.expect("a hardest step");
        assert!(
            hardest.name().starts_with("Nested Forcing Chains"),
            "{line}: {hardest}"
        );
    }
}

/// A rating that runs out of work says so and gives no numbers; the cut is the same on every
/// run (work is counted, not timed).
#[test]
fn the_work_limit_stops_a_rating_the_same_way_every_time() {
    let text = read_data("classic/forum_hardest_1106.txt");
    let puzzle = line_puzzle(text.lines().next().expect("a puzzle"));
    let rate = || {
        SeRater::new(&puzzle)
            .expect("classic")
            .with_work_limit(200_000)
            .rate()
    };
    let first = rate();
    assert_eq!(first.stop, Some(SeStop::WorkLimit));
    assert!(!first.solved);
    assert_eq!(first, rate());
    let output = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["grade", "--scale", "se", "--work-limit", "200000", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let line = text.lines().next().expect("a puzzle");
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(format!("{line}\n").as_bytes())?;
            child.wait_with_output()
        })
        .expect("sudokit runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(stdout.trim_end().ends_with("ED=beyond"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert!(stderr.contains("work limit"), "{stderr}");
}
