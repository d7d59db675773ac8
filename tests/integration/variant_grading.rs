//! Variant puzzles rated (issue 32): every shared variant puzzle graded to the end on the
//! published solution, each step sound against it, each rule's steps named with the rule,
//! and trial steps counted, never hidden; the SE scale refuses the rules by name.

use sudokit::grade::{self, explainer::SeRater, Grader, Level, Technique};
use sudokit::model::{Grid, Puzzle};
use sudokit::notation;

use crate::variant_notation::{published, Published};

#[test]
fn every_shared_variant_puzzle_is_graded_to_its_published_solution() {
    let puzzles = published();
    assert_eq!(puzzles.len(), 21);
    let mut levels = Vec::new();
    for published in &puzzles {
        let entry = notation::parse(&published.link, None).unwrap().remove(0);
        let puzzle = &entry.puzzle;
        assert_eq!(grade::unrated_rule(puzzle), None, "{}", published.title);
        let values: Vec<u8> = published
            .solution
            .bytes()
            .map(|digit| digit - b'0')
            .collect();
        let solution = Grid::from_values(puzzle.geometry(), &values).unwrap();
        // without being told the solution: the grader finds its own for trial steps
        let grading = Grader::new(puzzle).grade();
        let title = &published.title;
        assert!(grading.solved, "{title}: stopped by {:?}", grading.stop);
        assert_eq!(grading.grid, solution, "{title}: ends on another grid");
        for (number, step) in grading.steps.iter().enumerate() {
            let text = step.explain(puzzle);
            for &(cell, digit) in &step.placements {
                assert_eq!(
                    solution.get(cell),
                    Some(digit),
                    "{title}: step {number} {text}"
                );
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(
                    solution.get(cell),
                    Some(digit),
                    "{title}: step {number} {text}"
                );
            }
            if step.technique.is_variant() {
                let rule = step
                    .evidence
                    .rule
                    .as_deref()
                    .expect("a variant step names its rule");
                assert!(text.ends_with(rule), "{title}: {text}");
                assert!(
                    !step.evidence.cells.is_empty(),
                    "{title}: {text}: no cells to draw"
                );
                if step.technique == Technique::RuleForcingChain {
                    // the assumption, then where it leads
                    let (cell, digit) = step.eliminations[0];
                    assert!(rule.starts_with(&format!("if {cell}={digit}:")), "{text}");
                }
            }
        }
        let trials = grading
            .steps
            .iter()
            .filter(|step| step.technique == Technique::BruteForce)
            .count();
        assert_eq!(grading.trial_steps, trials, "{title}");
        if trials > 0 {
            assert_eq!(
                grading.level,
                Level::Extreme,
                "{title}: trial steps are Extreme"
            );
        }
        levels.push(grading.level);
    }
    // the set spans the scale: some need no more than subsets, some need trial
    assert!(levels.iter().any(|&level| level < Level::Hard));
    assert!(levels.contains(&Level::Extreme));
}

/// The shared variant puzzle whose title holds `title`.
fn shared_puzzle(puzzles: &[Published], title: &str) -> Puzzle {
    let published = puzzles
        .iter()
        .find(|published| published.title.contains(title))
        .unwrap_or_else(|| panic!("{title} in the shared file"));
    notation::parse(&published.link, None)
        .unwrap()
        .remove(0)
        .puzzle
}

#[test]
fn each_rule_of_a_shared_puzzle_gives_its_own_steps() {
    // one puzzle per family of rules, and the technique its rule steps are named for
    let expected: &[(&str, &[Technique])] = &[
        (
            "Clipped",
            &[
                Technique::AntiKing,
                Technique::Thermometer,
                Technique::ArrowSum,
            ],
        ),
        (
            "Bird in a Storm",
            &[Technique::KropkiDot, Technique::NegativeConstraint],
        ),
        (
            "Tangled Arrows",
            &[Technique::EvenOdd, Technique::Palindrome, Technique::Clone],
        ),
        // (Clipped needed one rule forcing chain before chains saw a king's move apart)
        (
            "XV Kropki X",
            &[Technique::XvSum, Technique::RuleForcingChain],
        ),
        ("Quadiagonal", &[Technique::Quadruple]),
        ("Hay Fever", &[Technique::BetweenLine]),
        ("Peak Sudoku", &[Technique::LittleKiller]),
        ("6x6 Extreme Killer", &[Technique::MinimumMaximum]),
        ("159", &[Technique::Renban]),
        ("Alien", &[Technique::Whispers]),
        ("Equal Sums", &[Technique::RegionSumLine]),
        ("Tiny Scar", &[Technique::XSum]),
        ("Renban Skyscrapers", &[Technique::SkyscraperClue]),
        ("Entropic Lines 101", &[Technique::EntropicLine]),
        ("Jumped Joy", &[Technique::ZipperLine]),
        ("Sandwich Sudoku", &[Technique::SandwichSum]),
    ];
    let puzzles = published();
    for (title, techniques) in expected {
        let puzzle = shared_puzzle(&puzzles, title);
        let grading = Grader::new(&puzzle).grade();
        for technique in *techniques {
            assert!(
                grading
                    .steps
                    .iter()
                    .any(|step| step.technique == *technique),
                "{title}: no {technique} step"
            );
        }
    }
}

#[test]
fn the_se_scale_refuses_variant_rules_by_name() {
    let puzzle = shared_puzzle(&published(), "Clipped");
    let Err(error) = SeRater::new(&puzzle) else {
        panic!("the SE scale rated a variant");
    };
    let error = error.to_string();
    assert!(
        error.starts_with("the SE scale does not rate the "),
        "{error}"
    );
}

/// `r3c7` → (row, column), both from 1.
fn row_column(name: &str) -> (i32, i32) {
    let (row, column) = name[1..].split_once('c').expect("a cell name");
    (row.parse().unwrap(), column.parse().unwrap())
}

/// Issue 32's review: chains, wings and fish see across a chess move as across a house, and
/// say so (`r6c1 sees r7c3 (anti-knight)`): on the anti-knight and the anti-king puzzle,
/// classic steps lean on the rule and name it, and every pair named is a move apart and in
/// no common row, column or box (the steps' soundness is checked above).
#[test]
fn classic_steps_see_a_chess_move_apart_and_name_the_rule() {
    let puzzles = published();
    for (title, rule, moves) in [
        ("Bird in a Storm", "anti-knight", [1, 2]),
        ("Clipped", "anti-king", [1, 1]),
    ] {
        let puzzle = shared_puzzle(&puzzles, title);
        let grading = Grader::new(&puzzle).grade();
        let mut named = 0;
        for step in &grading.steps {
            if step.technique.is_variant() || step.technique.is_killer() {
                continue;
            }
            let Some(sightings) = &step.evidence.rule else {
                continue;
            };
            let text = step.explain(&puzzle);
            assert!(text.ends_with(sightings.as_str()), "{title}: {text}");
            for sighting in sightings.split(", ") {
                let (first, rest) = sighting.split_once(" sees ").expect(sighting);
                let (second, named_rule) = rest.split_once(' ').expect(sighting);
                assert_eq!(named_rule, format!("({rule})"), "{title}: {text}");
                let ((row1, column1), (row2, column2)) = (row_column(first), row_column(second));
                let mut apart = [(row1 - row2).abs(), (column1 - column2).abs()];
                apart.sort_unstable();
                assert_eq!(apart, moves, "{title}: {text}");
                let same_box =
                    (row1 - 1) / 3 == (row2 - 1) / 3 && (column1 - 1) / 3 == (column2 - 1) / 3;
                assert!(!same_box, "{title}: {text}");
                named += 1;
            }
        }
        assert!(
            named > 0,
            "{title}: no classic step leans on the {rule} rule"
        );
    }
}
