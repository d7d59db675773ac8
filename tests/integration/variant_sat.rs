//! The SAT engine on the shared variant puzzles (issue 27, points 3 and 5): each unique with
//! its published solution, its true candidates, and `check --suggest` on it with a given
//! taken away or a wrong one added.

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::model::{Grid, Puzzle};
use sudokit::notation;
use sudokit::suggest::{self, Member, Suggestion};
use sudokit::{sat, Count};

use crate::helpers::{file_with, path_text, sudokit, text};
use crate::variant_notation::published;

/// Every shared puzzle, read, with its published solution.
fn shared() -> Vec<(String, Puzzle, Grid)> {
    published()
        .into_iter()
        .map(|published| {
            let entry = notation::parse(&published.link, None)
                .unwrap_or_else(|error| panic!("{}: {error}", published.title))
                .remove(0);
            let values: Vec<u8> = published
                .solution
                .chars()
                .map(|digit| digit.to_digit(10).unwrap() as u8)
                .collect();
            let solution = Grid::from_values(entry.puzzle.geometry(), &values).unwrap();
            (published.title, entry.puzzle, solution)
        })
        .collect()
}

/// The shared puzzle whose title starts with `title`.
fn shared_one(title: &str) -> (String, Puzzle, Grid) {
    shared()
        .into_iter()
        .find(|(name, _, _)| name.starts_with(title))
        .unwrap_or_else(|| panic!("{title} is shared"))
}

#[test]
fn every_shared_variant_puzzle_is_unique_under_sat_with_its_published_solution() {
    let puzzles = shared();
    assert_eq!(puzzles.len(), 21);
    for (title, puzzle, solution) in &puzzles {
        let started = Instant::now();
        let count =
            sat::count_solutions(puzzle, 2).unwrap_or_else(|error| panic!("{title}: {error}"));
        eprintln!("{:>8.3} s  {title}", started.elapsed().as_secs_f64());
        match count {
            Count::Unique(found) => assert_eq!(&found, solution, "{title}"),
            other => panic!("{title}: {}", other.word()),
        }
    }
}

/// `puzzle` without the given at `index` (in grid order).
fn without_given(puzzle: &Puzzle, index: usize) -> Puzzle {
    let mut givens = puzzle.givens().clone();
    let (cell, _) = givens.filled().nth(index).unwrap();
    givens.set(cell, None);
    puzzle.with_givens(givens).unwrap()
}

/// The first shared 9×9 puzzle (in file order) with a given whose removal leaves several
/// solutions: its title, the puzzle, its solution, the puzzle without that given and the
/// given's cell.
fn loosened() -> (String, Puzzle, Grid, Puzzle, sudokit::model::Cell) {
    shared()
        .into_iter()
        .filter(|(_, puzzle, _)| puzzle.size() == 9)
        .find_map(|(title, puzzle, solution)| {
            let (fewer, cell) = (0..puzzle.givens().filled_count()).find_map(|index| {
                let fewer = without_given(&puzzle, index);
                let cell = puzzle.givens().filled().nth(index).unwrap().0;
                (sat::count_solutions(&fewer, 2).unwrap().found() > 1).then_some((fewer, cell))
            })?;
            Some((title, puzzle, solution, fewer, cell))
        })
        .expect("some shared puzzle needs one of its givens")
}

#[test]
fn true_candidates_of_a_shared_variant_puzzle_are_its_solutions_digits() {
    let (title, puzzle, solution, loose, _) = loosened();
    eprintln!("{title}");
    let found = sat::true_candidates(&puzzle, 1000).unwrap();
    assert_eq!(found.status(), "unique", "{title}");
    for cell in puzzle.geometry().cells() {
        let digits: Vec<_> = found.of(cell).iter().collect();
        assert_eq!(digits, vec![solution.get(cell).unwrap()], "{cell}");
    }
    // a given taken away: the candidates are the digits of every solution, cell by cell
    let all = sat::solutions(&loose, 1000).unwrap();
    assert!(all.len() > 1 && all.len() < 1000, "{}", all.len());
    let found = sat::true_candidates(&loose, 1000).unwrap();
    assert!(found.complete);
    assert_eq!(found.status(), "multiple");
    for cell in loose.geometry().cells() {
        let mut digits: Vec<_> = all.iter().map(|grid| grid.get(cell).unwrap()).collect();
        digits.sort();
        digits.dedup();
        assert_eq!(found.of(cell).iter().collect::<Vec<_>>(), digits, "{cell}");
    }
}

#[test]
fn suggest_on_a_shared_variant_puzzle_gives_a_given_back_or_names_a_conflict() {
    let (title, puzzle, solution, loose, taken) = loosened();
    let count = sat::count_solutions(&loose, 2).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let suggestion = suggest::suggest(&loose, &count, &mut rng).unwrap().unwrap();
    let Suggestion::Givens { givens, .. } = suggestion else {
        panic!("{title}: expected givens, got {suggestion:?}");
    };
    // one given is enough (the one taken away is), and it makes the puzzle unique
    assert_eq!(givens.len(), 1, "{givens:?} (taken: {taken})");
    let mut fixed = loose.givens().clone();
    fixed.set(givens[0].0, Some(givens[0].1));
    let fixed = loose.with_givens(fixed).unwrap();
    assert!(sat::count_solutions(&fixed, 2).unwrap().is_unique());

    // a given that no solution holds: a minimal conflict naming it, with rules among it
    let open = puzzle
        .geometry()
        .cells()
        .find(|&cell| puzzle.givens().get(cell).is_none())
        .unwrap();
    let wrong = sudokit::model::Digit::all(9)
        .find(|&digit| {
            let mut givens = puzzle.givens().clone();
            givens.set(open, Some(digit));
            Some(digit) != solution.get(open) && puzzle.with_givens(givens).is_ok()
        })
        .unwrap();
    let mut givens = puzzle.givens().clone();
    givens.set(open, Some(wrong));
    let broken = puzzle.with_givens(givens).unwrap();
    let count = sat::count_solutions(&broken, 2).unwrap();
    assert_eq!(count.word(), "none");
    let suggestion = suggest::suggest(&broken, &count, &mut rng)
        .unwrap()
        .unwrap();
    let Suggestion::Conflict(members) = suggestion else {
        panic!("{title}: expected a conflict, got {suggestion:?}");
    };
    assert!(members.contains(&Member::Given {
        cell: open,
        digit: wrong
    }));
}

#[test]
fn check_candidates_and_suggest_read_a_shared_variant_link() {
    let (_, puzzle, _) = shared_one("\"Clipped\"");
    let link = published()
        .into_iter()
        .find(|published| published.title.starts_with("\"Clipped\""))
        .unwrap()
        .link;
    let file = file_with(&link, ".txt");
    let output = sudokit(&["check", "--candidates", "--json", path_text(file.path())]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let record: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    assert_eq!(record["status"], "unique");
    assert_eq!(record["size"], 9);
    let output = sudokit(&["check", "--suggest", path_text(file.path())]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains(": unique"));
    assert!(puzzle.has_variant_rules());
}
