//! The words of the how-to-play pages: each rule's paragraphs, saying only what holds for
//! the book's puzzles ([`Facts`]).

use super::Rule;

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
    /// The rules of marks between neighbours (Kropki, consecutive, XV) whose every puzzle
    /// carries the negative constraint: every such mark is shown.
    pub every_mark_shown: Vec<Rule>,
    /// The rules of marks between neighbours whose puzzles carry no negative constraint:
    /// a missing mark says nothing. (A rule in neither list is mixed, and the page says
    /// neither.)
    pub some_marks_shown: Vec<Rule>,
    /// Whether the book comes in a section per variant, each opening with its rules.
    pub sections_by_variant: bool,
    /// Whether every Kropki puzzle carries the negative constraint of black dots: no black
    /// dot, no digit twice the other.
    pub every_black_dot_shown: bool,
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
                        // 10 is A, as the notation writes it; every symbol shown, in order
                        let last = char::from(b'A' + (size - 10).min(25));
                        let symbols: Vec<String> = (1..=size.min(35))
                            .map(|value| match value {
                                1..=9 => char::from(b'0' + value),
                                _ => char::from(b'A' + value - 10),
                            })
                            .map(String::from)
                            .collect();
                        format!(
                            "In a {size}×{size} grid the symbols are the digits 1 to 9, then the letters A to {last}: {}.",
                            symbols.join(" ")
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
            closing.push_str(if facts.sections_by_variant {
                " The puzzles come in a section for each kind, which opens with the rules it \
                 adds; each section's puzzles come easiest first, and the solutions are at the \
                 back of the book."
            } else {
                " Puzzles come easiest first; the solutions are at the back of the book."
            });
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
        Rule::ExtraRegions => vec![
            "The rules of Sudoku hold, and one more: each shaded area of as many cells as a \
             row also holds every symbol exactly once. In Windoku the shaded areas are four \
             windows of 3×3 cells, one cell in from each corner of the grid."
                .to_string(),
        ],
        Rule::AntiKnight => vec![
            "The rules of Sudoku hold, and one more: two cells a knight's move apart (two \
             cells along a row or column and one across, as the knight moves in chess) never \
             hold the same digit. No mark shows this rule; it holds everywhere in the grid."
                .to_string(),
        ],
        Rule::Thermometers => vec![
            "The rules of Sudoku hold, and digits increase along every thermometer (the \
             thick grey lines), starting from its round bulb: each digit on a thermometer is \
             larger than the one before it, so no digit repeats on one."
                .to_string(),
        ],
        Rule::Kropki if facts.every_black_dot_shown => {
            let mut paragraphs = marks_paragraphs(
                rule,
                facts,
                "The rules of Sudoku hold. A white dot between two cells says their digits \
                 are consecutive (they differ by 1, as 4 and 5 do); a black dot says one digit \
                 is twice the other (as 3 and 6 are).",
                "Every white dot is shown: two cells side by side with no white dot between \
                 them never hold consecutive digits.",
                "",
            );
            paragraphs.retain(|paragraph| !paragraph.is_empty());
            paragraphs.push(
                "Every black dot is shown: two cells side by side with no black dot between \
                 them never hold one digit twice the other."
                    .to_string(),
            );
            paragraphs
        }
        Rule::Kropki => marks_paragraphs(
            rule,
            facts,
            "The rules of Sudoku hold. A white dot between two cells says their digits are \
             consecutive (they differ by 1, as 4 and 5 do); a black dot says one digit is \
             twice the other (as 3 and 6 are).",
            "Every white dot is shown: two cells side by side with no white dot between them \
             never hold consecutive digits. Black dots make no such promise.",
            "A missing dot says nothing: two cells side by side without one may still hold \
             consecutive digits, or one twice the other.",
        ),
        Rule::Consecutive => marks_paragraphs(
            rule,
            facts,
            "The rules of Sudoku hold. A white dot between two cells says their digits are \
             consecutive (they differ by 1, as 4 and 5 do).",
            "Every such dot is shown: two cells side by side with no dot between them never \
             hold consecutive digits.",
            "A missing dot says nothing: two cells side by side without one may still hold \
             consecutive digits.",
        ),
        Rule::Xv => marks_paragraphs(
            rule,
            facts,
            "The rules of Sudoku hold. An X between two cells says their digits add up to \
             10; a V says they add up to 5.",
            "Every X and V is shown: the digits of two cells side by side with neither mark \
             between them add up to neither 10 nor 5.",
            "A missing mark says nothing: two cells side by side without one may still add \
             up to 10 or 5.",
        ),
        Rule::Arrows => vec![
            "The rules of Sudoku hold, and on every arrow the digits along its shaft add up to \
             the digit in its circle. A digit may repeat on an arrow where the rules of Sudoku \
             allow it."
                .to_string(),
        ],
        Rule::EvenOdd => vec![
            "The rules of Sudoku hold. A cell with a grey square holds an even digit; a cell \
             with a grey circle holds an odd digit."
                .to_string(),
        ],
        _ => vec![format!(
            "The rules of Sudoku hold, and one more. {}",
            rule_text(rule)
        )],
    }
}

/// What a rule of the later pages adds to the rules of Sudoku, in setters' words.
fn rule_text(rule: Rule) -> &'static str {
    match rule {
        Rule::AntiKing => {
            "Two cells diagonally next to each other (a king's move apart, as in chess) never \
             hold the same digit. No mark shows this rule; it holds everywhere in the grid."
        }
        Rule::Palindromes => {
            "Every palindrome line reads the same from either end: the first and the last \
             cell hold the same digit, the second and the second-to-last too, and so on."
        }
        Rule::Renban => {
            "Every renban line holds a run of consecutive digits, in any order and none \
             repeated: a line of three cells may hold 4, 6 and 5, but not 4, 6 and 7."
        }
        Rule::Whispers => {
            "Along every whispers line, two digits next to each other differ by at least the \
             line's threshold: 5 in a 9×9 grid (German whispers), 2 in the 4×4 example."
        }
        Rule::Between => {
            "On every between line, each digit on the line between its two circled ends lies \
             strictly between the digits in the circles: larger than the one, smaller than \
             the other."
        }
        Rule::SlowThermometers => {
            "Along every slow thermometer, starting from its bulb, each digit is equal to or \
             larger than the one before it: digits may repeat where the rules of Sudoku \
             allow it, but never go down."
        }
        Rule::Zippers => {
            "On every zipper line, two digits the same distance from the line's middle add up \
             to the same total; on a line of odd length that total is the digit in the \
             middle cell."
        }
        Rule::RegionSums => {
            "Every region sum line crosses several boxes, and the digits of each of its parts \
             inside one box add up to the same total."
        }
        Rule::LittleKillers => {
            "A number outside the grid with a small arrow gives the sum of the digits along \
             the diagonal the arrow points along. Digits may repeat on a diagonal where the \
             rules of Sudoku allow it."
        }
        Rule::Sandwiches => {
            "A number outside the grid gives the sum of the digits in its row or column that \
             lie between the smallest digit and the largest (1 and 9 in a 9×9 grid, 1 and 4 \
             in a 4×4), wherever those two stand."
        }
        Rule::XSums => {
            "A number outside the grid gives the sum of the first X digits of its row or \
             column, read from the number's side, where X is the first of those digits."
        }
        Rule::Skyscrapers => {
            "Each digit is a building that many storeys tall. A number outside the grid \
             counts the buildings seen from its side along the row or column: a taller \
             building hides every lower one behind it."
        }
        Rule::Clones => {
            "Shaded areas of the same shape are clones: the cells in the same place of each \
             hold the same digit."
        }
        Rule::Quadruples => {
            "Digits in a circle on the corner of four cells must each appear among those \
             four cells (a digit written twice, twice)."
        }
        Rule::Extrema => {
            "A shaded cell with chevrons pointing out of it is a maximum: its digit is larger \
             than the digit of every cell next to it. A shaded cell with chevrons pointing in \
             is a minimum: smaller than every neighbour."
        }
        Rule::DisjointGroups => {
            "The cells in the same place of every box (the top-left cells of all boxes, say) \
             also hold every digit exactly once. No mark shows this rule; it holds in every \
             box."
        }
        Rule::Entropic => {
            "Digits are low, middle or high: 1 to 3, 4 to 6 and 7 to 9 in a 9×9 grid (1–2, \
             3–4 and 5–6 in a 6×6). Any three cells in a row along an entropic line hold one \
             digit of each."
        }
        Rule::Modular => {
            "Every digit leaves a remainder of 0, 1 or 2 when divided by 3: 3, 6 and 9 leave \
             0; 1, 4 and 7 leave 1; 2, 5 and 8 leave 2. Any three cells in a row along a \
             modular line (the dashed lines) hold one digit of each remainder."
        }
        Rule::Indexers => {
            "A shaded column is a column indexer. The digit in its cell of a row says in \
             which column of that row the indexer's own column number stands: a 3 in the \
             first column's cell of a row puts a 1 in the third cell of that row."
        }
        Rule::ArrowNumbers => {
            "An arrow whose circle is a pill of several cells reads the pill's digits as one \
             number, left to right (or top to bottom): the digits along its shaft add up to \
             that number, so a pill holding 1 and 4 asks for a shaft adding up to 14."
        }
        Rule::DoubleArrows => {
            "A double arrow is a line with a circle at each end: the digits in the two \
             circles add up to the digits along the line between them. Digits may repeat \
             on a line if the rules of Sudoku allow."
        }
        Rule::Lockout => {
            "A lockout line has a diamond at each end. The digits in the two diamonds differ \
             by at least half the grid's side (4 in a 9×9, 2 in a 4×4), and no cell between \
             them on the line holds a digit from the smaller diamond's to the larger's, those \
             two included."
        }
        Rule::RowIndexers => {
            "A shaded row is a row indexer. The digit in its cell of a column says in which \
             row of that column the indexer's own row number stands: a 3 in the first row's \
             cell of a column puts a 1 in the third cell of that column."
        }
        Rule::BoxIndexers => {
            "Shaded cells are box indexers; the cells of a box are numbered 1 to 4 (1 to 9 in \
             a 9×9) in reading order. The digit in a box indexer says which cell of its box \
             holds the indexer's own number: a 3 in a box's first cell puts a 1 in that \
             box's third cell."
        }
        Rule::Nabner => {
            "No two digits anywhere on a nabner line (the dotted lines) are consecutive, \
             whether or not their cells are next to each other on the line: a 4 on the line \
             keeps 3, 4 and 5 off the rest of it. So no digit repeats on a line either."
        }
        Rule::FreeCages => {
            "Outlines of fine dashes mark free cages: killer cages that may overlap other \
             cages, so a cell can be in several, and may come in pieces, each piece outlined. \
             The digits of a free cage never repeat, even from one piece to another, and add \
             up to the small number in a top corner of its first cell (a cage without a \
             number only keeps its digits apart)."
        }
        _ => "",
    }
}

/// The paragraph of a rule of marks between neighbours, then what a missing mark says: the
/// negative constraint when every puzzle has it, nothing when none has, and neither
/// sentence when the puzzles differ.
fn marks_paragraphs(
    rule: Rule,
    facts: &Facts,
    marks: &str,
    every_shown: &str,
    some_shown: &str,
) -> Vec<String> {
    let mut paragraphs = vec![marks.to_string()];
    if facts.every_mark_shown.contains(&rule) {
        paragraphs.push(every_shown.to_string());
    } else if facts.some_marks_shown.contains(&rule) {
        paragraphs.push(some_shown.to_string());
    }
    paragraphs
}
