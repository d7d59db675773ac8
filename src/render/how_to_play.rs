//! What a book's reader is told: the rules each variant adds (the how-to-play pages) and the
//! name a puzzle goes by in its caption.

use crate::model::Puzzle;

/// A rule a puzzle follows, each explained on its own how-to-play page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// Rows, columns and boxes hold every digit once.
    Classic,
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
        Rule::Diagonals => "How to play: Sudoku X",
        Rule::Cages => "How to play: Killer",
        Rule::Comparisons => "How to play: Greater killer",
    }
}

/// The paragraphs explaining `rule`; `sizes` are the grid sides in the book, so the
/// classic page says which symbols each size uses.
pub fn paragraphs(rule: Rule, sizes: &[u8]) -> Vec<String> {
    match rule {
        Rule::Classic => {
            let mut paragraphs = vec![
                "Fill every empty cell so that each row, each column and each box (the areas \
                 outlined by heavy lines) holds every symbol exactly once."
                    .to_string(),
            ];
            for &size in sizes {
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
            paragraphs.push(
                "The given symbols are printed in bold. Every puzzle has exactly one solution, \
                 and it can be found by reasoning alone, without guessing. Puzzles come easiest \
                 first; the solutions are at the back of the book."
                    .to_string(),
            );
            paragraphs
        }
        Rule::Diagonals => vec![
            "The rules of Sudoku hold, and one more: each of the two long diagonals, drawn in \
             grey, also holds every symbol exactly once."
                .to_string(),
        ],
        Rule::Cages => vec![
            "The rules of Sudoku hold, and the grid starts with few or no given digits. Dashed \
             outlines mark cages; the small number in a cage's top-left corner is the sum of \
             its digits. A digit never repeats inside a cage."
                .to_string(),
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
        let sixteen = paragraphs(Rule::Classic, &[9, 16]);
        assert!(sixteen[2].ends_with("the letters A to G."), "{sixteen:?}");
    }
}
