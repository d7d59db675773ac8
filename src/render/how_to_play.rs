//! What a book's reader is told: the rules each variant adds (the how-to-play pages, each
//! with a small 4×4 example and its solution) and the name a puzzle goes by in its caption.

use crate::model::{Grid, Puzzle};
use crate::notation;

/// A rule a puzzle follows, each explained on its own how-to-play page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// Rows, columns and boxes hold every digit once.
    Classic,
    /// Irregular regions stand where boxes stand (jigsaw).
    Regions,
    /// Both long diagonals hold every digit once (X-sudoku).
    Diagonals,
    /// Cages with sums, no digit repeated in a cage (killer).
    Cages,
    /// Signs comparing cage sums, some sums hidden (greater killer).
    Comparisons,
}

/// The rules `puzzle` follows, classic first.
pub fn rules_of(puzzle: &Puzzle) -> Vec<Rule> {
    let mut rules = vec![Rule::Classic];
    if puzzle.regions().is_some() {
        rules.push(Rule::Regions);
    }
    if !puzzle.diagonals().is_empty() {
        rules.push(Rule::Diagonals);
    }
    if puzzle.cage_count() > 0 {
        rules.push(Rule::Cages);
    }
    if puzzle.comparisons().next().is_some() {
        rules.push(Rule::Comparisons);
    }
    rules
}

/// The name a puzzle goes by: `Sudoku`, `Sudoku X`, `Killer`, `Greater killer`, with its
/// grid size in front when it is not 9×9 (`16×16 Sudoku`).
pub fn variant_name(puzzle: &Puzzle) -> String {
    let rules = rules_of(puzzle);
    let mut name = if rules.contains(&Rule::Comparisons) {
        "Greater killer".to_string()
    } else if rules.contains(&Rule::Cages) {
        "Killer".to_string()
    } else if rules.contains(&Rule::Regions) {
        "Jigsaw".to_string()
    } else {
        "Sudoku".to_string()
    };
    if rules.contains(&Rule::Diagonals) {
        name.push_str(" X");
    }
    let size = puzzle.size();
    if size != 9 {
        name = format!("{size}×{size} {name}");
    }
    name
}

/// The how-to-play page's heading for `rule`.
pub fn heading(rule: Rule) -> &'static str {
    match rule {
        Rule::Classic => "How to play: Sudoku",
        Rule::Regions => "How to play: Jigsaw",
        Rule::Diagonals => "How to play: Sudoku X",
        Rule::Cages => "How to play: Killer",
        Rule::Comparisons => "How to play: Greater killer",
    }
}

/// What the rules pages may truthfully say about the book's puzzles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The grid sides in the book, so the classic page says which symbols each size uses.
    pub sizes: Vec<u8>,
    /// Whether any puzzle starts with given digits (printed bold).
    pub has_givens: bool,
    /// Whether any killer starts with given digits.
    pub killers_have_givens: bool,
    /// The book numbers of the puzzles whose grading needed a trial step (a guess followed
    /// to a contradiction), or `None` when that is not known for every puzzle.
    pub needing_trial: Option<Vec<usize>>,
}

/// "1", "1 and 2", "1, 2 and 3".
pub fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The paragraphs explaining `rule`, saying only what holds for the book's puzzles.
pub fn paragraphs(rule: Rule, facts: &Facts) -> Vec<String> {
    match rule {
        Rule::Classic => {
            let mut paragraphs = vec![
                "Fill every empty cell so that each row, each column and each box (the areas \
                 outlined by heavy lines) holds every symbol exactly once."
                    .to_string(),
            ];
            for &size in &facts.sizes {
                paragraphs.push(match size {
                    0..=9 => format!("In a {size}×{size} grid the symbols are the digits 1 to {size}."),
                    _ => {
                        // 10 is A, as the notation writes it
                        let last = char::from(b'A' + (size - 10).min(25));
                        format!(
                            "In a {size}×{size} grid the symbols are the digits 1 to 9, then the letters A to {last}."
                        )
                    }
                });
            }
            let mut closing = String::new();
            if facts.has_givens {
                closing.push_str("The given symbols are printed in bold. ");
            }
            closing.push_str(&match &facts.needing_trial {
                Some(numbers) if numbers.is_empty() => {
                    "Every puzzle has exactly one solution, and it can be found by reasoning \
                     alone, without guessing."
                        .to_string()
                }
                Some(numbers) => {
                    let names: Vec<String> = numbers.iter().map(usize::to_string).collect();
                    let (which, needs) = if numbers.len() == 1 {
                        ("Puzzle", "needs")
                    } else {
                        ("Puzzles", "need")
                    };
                    format!(
                        "Every puzzle has exactly one solution. {which} {} {needs} a trial step \
                         somewhere (a digit tried and followed until it leads to a \
                         contradiction); the others can be solved by reasoning alone.",
                        listed(&names)
                    )
                }
                None => "Every puzzle has exactly one solution.".to_string(),
            });
            closing.push_str(
                " Puzzles come easiest first; the solutions are at the back of the book.",
            );
            paragraphs.push(closing);
            paragraphs
        }
        Rule::Regions => vec![
            "The rules of Sudoku hold, with irregular regions in place of boxes: the heavy \
             lines outline regions of as many cells as a row, each a different shape, and \
             each region, like each row and column, holds every symbol exactly once. Every \
             puzzle has regions of its own."
                .to_string(),
        ],
        Rule::Diagonals => vec![
            "The rules of Sudoku hold, and one more: each of the two long diagonals, drawn in \
             grey, also holds every symbol exactly once."
                .to_string(),
        ],
        Rule::Cages => vec![
            format!(
                "The rules of Sudoku hold, and the grid starts {}. Dashed outlines mark cages; \
                 the small number in a cage's top-left corner is the sum of its digits. A digit \
                 never repeats inside a cage.",
                if facts.killers_have_givens {
                    "with few given digits"
                } else {
                    "empty"
                }
            ),
            "A useful fact: the digits of every row, column and box of a 9×9 grid add up to 45."
                .to_string(),
        ],
        Rule::Comparisons => vec![
            "A killer in which some cages show no sum. A sign on the border between two cages \
             compares their sums: < and > point at the cage with the smaller sum (∧ and ∨ \
             between cages above one another), and = says the sums are equal."
                .to_string(),
        ],
    }
}

/// A small example of `rule` for its how-to-play page: a 4×4 puzzle (one solution) and
/// its solution.
pub fn example(rule: Rule) -> (Puzzle, Grid) {
    // one solution grid for every example: its rows, columns, boxes and both diagonals
    // hold 1 to 4 once each
    let text = match rule {
        Rule::Classic => "name example\n....\n....\n....\n....\ngivens 1..4.4....2.2..3\n",
        Rule::Regions => {
            "name example\nregions 1122134213423344\n....\n....\n....\n....\ngivens 1..4..1..3......\n"
        }
        Rule::Diagonals => {
            "name example\ndiagonals both\n....\n....\n....\n....\ngivens 1.......4......3\n"
        }
        Rule::Cages => {
            "name example\nabcc\nabdd\neefg\nhhfg\na 4\nb 6\nc 7\nd 3\ne 7\nf 6\ng 4\nh 3\n"
        }
        Rule::Comparisons => {
            "name example\nabcc\nabdd\neefg\nhhfg\na 4\nc 7\nd 3\nf 6\ng 4\nh 3\n\
             compare a b less\ncompare h e less\n"
        }
    };
    let text = format!("{text}solution 1234341243212143\n");
    // the texts are fixed and read by a test, so failing here is a build bug
    let entry = notation::parse(&text, None)
        .ok()
        .and_then(|entries| entries.into_iter().next())
        .expect("the shipped examples read");
    let solution = entry
        .solution
        .expect("the shipped examples give their solution");
    (entry.puzzle, solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation;

    #[test]
    fn names_and_rules_follow_the_puzzle() {
        let text =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let puzzle = &notation::parse(text, None).unwrap()[0].puzzle;
        assert_eq!(rules_of(puzzle), vec![Rule::Classic]);
        assert_eq!(variant_name(puzzle), "Sudoku");
        let facts = Facts {
            sizes: vec![9, 16],
            ..Facts::default()
        };
        let sixteen = paragraphs(Rule::Classic, &facts);
        assert!(sixteen[2].ends_with("the letters A to G."), "{sixteen:?}");
    }

    #[test]
    fn the_rules_say_only_what_holds() {
        let said = |facts: &Facts| paragraphs(Rule::Classic, facts).join(" ");
        let none = said(&Facts::default());
        assert!(
            !none.contains("bold") && !none.contains("guessing"),
            "{none}"
        );
        let clean = said(&Facts {
            has_givens: true,
            needing_trial: Some(Vec::new()),
            ..Facts::default()
        });
        assert!(clean.contains("printed in bold"), "{clean}");
        assert!(clean.contains("without guessing"), "{clean}");
        let trial = said(&Facts {
            needing_trial: Some(vec![12, 17]),
            ..Facts::default()
        });
        assert!(
            trial.contains("Puzzles 12 and 17 need a trial step"),
            "{trial}"
        );
        assert!(!trial.contains("without guessing"), "{trial}");
        let killer = paragraphs(Rule::Cages, &Facts::default()).join(" ");
        assert!(killer.contains("the grid starts empty"), "{killer}");
    }

    #[test]
    fn every_example_has_one_solution_and_follows_its_rule() {
        for rule in [
            Rule::Classic,
            Rule::Regions,
            Rule::Diagonals,
            Rule::Cages,
            Rule::Comparisons,
        ] {
            let (puzzle, solution) = example(rule);
            assert!(puzzle.is_solution(&solution), "{rule:?}");
            assert_eq!(rules_of(&puzzle).last(), Some(&rule), "{rule:?}");
            match crate::backtrack::count_solutions(&puzzle, 2) {
                crate::Count::Unique(found) => assert_eq!(found, solution, "{rule:?}"),
                other => panic!("{rule:?}: {other:?}"),
            }
        }
    }
}
