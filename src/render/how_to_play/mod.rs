//! What a book's reader is told: the rules each variant adds (the how-to-play pages, each
//! with a small 4×4 or 6×6 example and its solution) and the name a puzzle goes by in its
//! caption. A rule with no page here is named by [`unexplained`], and a book refuses it.

use crate::model::variant::{ChessMove, DotFamily, DotKind, IndexerKind, LineKind, OutsideKind};
use crate::model::{Constraint, HouseKind, Puzzle};

mod examples;
mod text;

pub use examples::example;
pub use text::{listed, paragraphs, Facts};

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
    /// Shaded extra regions of n cells that hold every digit too (windoku).
    ExtraRegions,
    /// No digit a knight's move from itself.
    AntiKnight,
    /// Digits increasing along thermometers from the bulb.
    Thermometers,
    /// White dots (consecutive) and black dots (one digit twice the other).
    Kropki,
    /// White dots between consecutive digits, and no black dots.
    Consecutive,
    /// X (sum 10) and V (sum 5) between neighbours.
    Xv,
    /// Arrows: the shaft's digits add up to the digit in the circle.
    Arrows,
    /// Even cells (grey squares) and odd cells (grey circles).
    EvenOdd,
    /// No digit diagonally next to itself (a king's move).
    AntiKing,
    /// Lines that read the same from either end.
    Palindromes,
    /// Lines holding a run of consecutive digits in any order.
    Renban,
    /// Lines whose neighbouring digits differ by at least a threshold (German whispers).
    Whispers,
    /// Lines whose digits lie strictly between the digits in the circles at its ends.
    Between,
    /// Thermometers whose digits never decrease from the bulb.
    SlowThermometers,
    /// Lines whose digits the same distance from the middle add up to the same total.
    Zippers,
    /// Lines whose every box's part adds up to the same total.
    RegionSums,
    /// Sums outside the grid of the digits along a diagonal.
    LittleKillers,
    /// Sums outside the grid of the digits between the smallest and the largest.
    Sandwiches,
    /// Sums outside the grid of the first X digits, X being the first digit.
    XSums,
    /// Counts outside the grid of the digits seen, each taller than all before it.
    Skyscrapers,
    /// Shaded areas of the same shape holding the same digits.
    Clones,
    /// Circles on the corner of four cells naming digits among them.
    Quadruples,
    /// Cells smaller (or larger) than every neighbour.
    Extrema,
    /// Disjoint groups: the cells in the same place of every box hold every digit once.
    DisjointGroups,
    /// Lines whose every three cells in a row hold a low, a middle and a high digit.
    Entropic,
    /// Lines whose every three cells in a row hold one digit of each remainder on division
    /// by 3.
    Modular,
    /// Column indexers: a digit in an indexing column says where in its row that column's
    /// number stands.
    Indexers,
    /// Arrows whose circle is a pill of several cells, read as a number.
    ArrowNumbers,
    /// Double arrows: the two circled ends add up to the digits between them.
    DoubleArrows,
    /// Lockout lines: the diamonds far apart, no digit between them on the line.
    Lockout,
    /// Row indexers: a digit in an indexing row says where in its column that row's number
    /// stands.
    RowIndexers,
    /// Box indexers: a digit in an indexing cell says where in its box that cell's place
    /// number stands.
    BoxIndexers,
    /// Nabner lines: no two digits on the line consecutive, none repeated.
    Nabner,
    /// Free cages: killer cages that overlap another cage or come in pieces.
    FreeCages,
}

impl Rule {
    /// Every rule a book explains, in the order the pages come.
    pub const ALL: [Rule; 39] = [
        Rule::Classic,
        Rule::Regions,
        Rule::Diagonals,
        Rule::Cages,
        Rule::Comparisons,
        Rule::ExtraRegions,
        Rule::AntiKnight,
        Rule::Thermometers,
        Rule::Kropki,
        Rule::Consecutive,
        Rule::Xv,
        Rule::Arrows,
        Rule::EvenOdd,
        Rule::AntiKing,
        Rule::Palindromes,
        Rule::Renban,
        Rule::Whispers,
        Rule::Between,
        Rule::SlowThermometers,
        Rule::Zippers,
        Rule::RegionSums,
        Rule::LittleKillers,
        Rule::Sandwiches,
        Rule::XSums,
        Rule::Skyscrapers,
        Rule::Clones,
        Rule::Quadruples,
        Rule::Extrema,
        Rule::DisjointGroups,
        Rule::Entropic,
        Rule::Modular,
        Rule::Indexers,
        Rule::ArrowNumbers,
        Rule::DoubleArrows,
        Rule::Lockout,
        Rule::RowIndexers,
        Rule::BoxIndexers,
        Rule::Nabner,
        Rule::FreeCages,
    ];

    /// The rules of marks between neighbours that a negative constraint can complete.
    fn negative_family(self) -> Option<DotFamily> {
        match self {
            Rule::Kropki | Rule::Consecutive => Some(DotFamily::Difference),
            Rule::Xv => Some(DotFamily::Sum),
            _ => None,
        }
    }
}

/// The sum marks a book explains: X and V.
fn is_x_or_v(kind: DotKind) -> bool {
    matches!(kind, DotKind::Sum(5) | DotKind::Sum(10))
}

/// The negative constraint a book explains for `family`: nonconsecutive for white dots,
/// neither 5 nor 10 for XV.
fn explained_negative(family: DotFamily, values: &[u32]) -> bool {
    let mut values = values.to_vec();
    values.sort_unstable();
    match family {
        DotFamily::Difference => values == [1],
        DotFamily::Sum => values == [5, 10],
        DotFamily::Ratio => values == [2],
    }
}

/// The how-to-play page that explains `constraint`, or `None` when no page does (a
/// renban line's page explains every renban line; an anti-king has none yet). Rows,
/// columns, boxes and cages are explained by the pages of [`Rule::Classic`] and
/// [`Rule::Cages`].
pub fn how_to_play(constraint: &Constraint) -> Option<Rule> {
    match constraint {
        Constraint::Distinct(house) => match house.kind() {
            HouseKind::Diagonal(_) => Some(Rule::Diagonals),
            HouseKind::Extra(_) => Some(Rule::ExtraRegions),
            HouseKind::Disjoint(_) => Some(Rule::DisjointGroups),
            _ => None,
        },
        Constraint::Cage(_) => Some(Rule::Cages),
        Constraint::Compare(_) => Some(Rule::Comparisons),
        Constraint::Regions(_) => Some(Rule::Regions),
        Constraint::Chess(ChessMove::Knight) => Some(Rule::AntiKnight),
        Constraint::Chess(ChessMove::King) => Some(Rule::AntiKing),
        Constraint::Dot(dot) => match dot.kind {
            DotKind::Difference(1) | DotKind::Ratio(2) => Some(Rule::Kropki),
            DotKind::Sum(5) | DotKind::Sum(10) => Some(Rule::Xv),
            _ => None,
        },
        Constraint::Negative(negative) => match negative.family {
            _ if !explained_negative(negative.family, &negative.values) => None,
            DotFamily::Difference => Some(Rule::Consecutive),
            DotFamily::Sum => Some(Rule::Xv),
            DotFamily::Ratio => Some(Rule::Kropki),
        },
        Constraint::Parity(_) => Some(Rule::EvenOdd),
        Constraint::Line(line) => match line.kind {
            LineKind::Thermometer => Some(Rule::Thermometers),
            LineKind::SlowThermometer => Some(Rule::SlowThermometers),
            LineKind::Palindrome => Some(Rule::Palindromes),
            LineKind::Renban => Some(Rule::Renban),
            LineKind::Whispers(_) => Some(Rule::Whispers),
            LineKind::Between => Some(Rule::Between),
            LineKind::Zipper => Some(Rule::Zippers),
            LineKind::RegionSum => Some(Rule::RegionSums),
            LineKind::Entropic => Some(Rule::Entropic),
            LineKind::Modular => Some(Rule::Modular),
            LineKind::DoubleArrow => Some(Rule::DoubleArrows),
            LineKind::Lockout => Some(Rule::Lockout),
            LineKind::Nabner => Some(Rule::Nabner),
        },
        Constraint::Arrow(arrow) => Some(if arrow.circle.len() == 1 {
            Rule::Arrows
        } else {
            Rule::ArrowNumbers
        }),
        Constraint::LittleKiller(_) => Some(Rule::LittleKillers),
        Constraint::Outside(clue) => Some(match clue.kind {
            OutsideKind::Sandwich => Rule::Sandwiches,
            OutsideKind::XSum => Rule::XSums,
            OutsideKind::Skyscraper => Rule::Skyscrapers,
        }),
        Constraint::Clone(_) => Some(Rule::Clones),
        Constraint::Quadruple(_) => Some(Rule::Quadruples),
        Constraint::Extremum(_) => Some(Rule::Extrema),
        Constraint::Indexer(indexer) => Some(match indexer.kind {
            IndexerKind::Column => Rule::Indexers,
            IndexerKind::Row => Rule::RowIndexers,
            IndexerKind::Box => Rule::BoxIndexers,
        }),
        Constraint::FreeCage(_) => Some(Rule::FreeCages),
        Constraint::ExtraRegion(_) | Constraint::PencilMarks(_) => None,
    }
}

/// The first rule of `puzzle` no how-to-play page explains (an entropic line, a column
/// indexer…), in setters' words, or `None` when every rule has its page.
pub fn unexplained(puzzle: &Puzzle) -> Option<String> {
    puzzle
        .constraints()
        .iter()
        .find(|constraint| match constraint {
            // rows, columns, boxes and irregular regions: the rules of Sudoku
            Constraint::Distinct(house) => !matches!(
                house.kind(),
                HouseKind::Diagonal(_) | HouseKind::Extra(_) | HouseKind::Disjoint(_)
            ),
            constraint => how_to_play(constraint).is_none(),
        })
        .map(ToString::to_string)
}

/// Whether `puzzle` carries the negative constraint of `rule`'s marks (every mark shown).
pub fn shows_every_mark(puzzle: &Puzzle, rule: Rule) -> bool {
    let Some(family) = rule.negative_family() else {
        return false;
    };
    puzzle.constraints().iter().any(|constraint| {
        matches!(constraint, Constraint::Negative(negative)
            if negative.family == family && explained_negative(family, &negative.values))
    })
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
    let has = |wanted: &dyn Fn(&Constraint) -> bool| puzzle.constraints().iter().any(wanted);
    if has(
        &|constraint| matches!(constraint, Constraint::Distinct(house) if matches!(house.kind(), HouseKind::Extra(_))),
    ) {
        rules.push(Rule::ExtraRegions);
    }
    if has(&|constraint| matches!(constraint, Constraint::Chess(ChessMove::Knight))) {
        rules.push(Rule::AntiKnight);
    }
    if has(
        &|constraint| matches!(constraint, Constraint::Line(line) if line.kind == LineKind::Thermometer),
    ) {
        rules.push(Rule::Thermometers);
    }
    let dots = |kind: &dyn Fn(DotKind) -> bool| puzzle.dots().any(|dot| kind(dot.kind));
    let negative = |family: DotFamily| {
        has(
            &|constraint| matches!(constraint, Constraint::Negative(negative) if negative.family == family),
        )
    };
    // white dots alone are the consecutive rule; with black ones, Kropki
    if dots(&|kind| kind == DotKind::Ratio(2)) || negative(DotFamily::Ratio) {
        rules.push(Rule::Kropki);
    } else if dots(&|kind| kind == DotKind::Difference(1)) || negative(DotFamily::Difference) {
        rules.push(Rule::Consecutive);
    }
    if dots(&is_x_or_v) || negative(DotFamily::Sum) {
        rules.push(Rule::Xv);
    }
    if has(&|constraint| matches!(constraint, Constraint::Arrow(_))) {
        rules.push(Rule::Arrows);
    }
    if has(&|constraint| matches!(constraint, Constraint::Parity(_))) {
        rules.push(Rule::EvenOdd);
    }
    // the rules of the later pages, each once, in page order
    let mut later: Vec<Rule> = puzzle
        .constraints()
        .iter()
        .filter_map(how_to_play)
        .filter(|&rule| rule > Rule::EvenOdd)
        .collect();
    later.sort();
    later.dedup();
    rules.extend(later);
    rules
}

/// The name of a rule that marks the grid, as a variant's name begins (`Thermo`), for
/// the rules after [`Rule::Comparisons`].
fn mark_name(rule: Rule, puzzle: &Puzzle) -> Option<&'static str> {
    Some(match rule {
        Rule::ExtraRegions => {
            if is_windoku(puzzle) {
                "Windoku"
            } else {
                "Extra regions"
            }
        }
        Rule::AntiKnight => "Anti-knight",
        Rule::Thermometers => "Thermo",
        Rule::Kropki => "Kropki",
        Rule::Consecutive => "Consecutive",
        Rule::Xv => "XV",
        Rule::Arrows => "Arrow",
        Rule::EvenOdd => "Even/odd",
        Rule::AntiKing => "Anti-king",
        Rule::Palindromes => "Palindrome",
        Rule::Renban => "Renban",
        Rule::Whispers => "Whispers",
        Rule::Between => "Between lines",
        Rule::SlowThermometers => "Slow thermo",
        Rule::Zippers => "Zipper",
        Rule::RegionSums => "Region sum",
        Rule::LittleKillers => "Little killer",
        Rule::Sandwiches => "Sandwich",
        Rule::XSums => "X-sums",
        Rule::Skyscrapers => "Skyscrapers",
        Rule::Clones => "Clone",
        Rule::Quadruples => "Quadruple",
        Rule::Extrema => "Minimum/maximum",
        Rule::DisjointGroups => "Disjoint groups",
        Rule::Entropic => "Entropic",
        Rule::Modular => "Modular",
        Rule::Indexers => "Column indexer",
        Rule::DoubleArrows => "Double arrow",
        Rule::Lockout => "Lockout",
        Rule::RowIndexers => "Row indexer",
        Rule::BoxIndexers => "Box indexer",
        Rule::Nabner => "Nabner",
        Rule::FreeCages => "Free cage",
        // the arrows' own page names the variant
        Rule::ArrowNumbers => return None,
        Rule::Classic | Rule::Regions | Rule::Diagonals | Rule::Cages | Rule::Comparisons => {
            return None
        }
    })
}

/// Whether the puzzle's extra regions are windoku's: the four 3×3 windows one cell in from
/// the corners of a 9×9 grid.
fn is_windoku(puzzle: &Puzzle) -> bool {
    let geometry = puzzle.geometry();
    let mut extra: Vec<Vec<(usize, usize)>> = puzzle
        .constraints()
        .iter()
        .filter_map(|constraint| match constraint {
            Constraint::Distinct(house) if matches!(house.kind(), HouseKind::Extra(_)) => {
                let mut cells: Vec<(usize, usize)> = house
                    .cells()
                    .iter()
                    .map(|cell| (cell.row(), cell.column()))
                    .collect();
                cells.sort_unstable();
                Some(cells)
            }
            _ => None,
        })
        .collect();
    extra.sort();
    let windows: Vec<Vec<(usize, usize)>> = [(1, 1), (1, 5), (5, 1), (5, 5)]
        .iter()
        .map(|&(top, left)| {
            (0..9)
                .map(|position| (top + position / 3, left + position % 3))
                .collect()
        })
        .collect();
    geometry.size() == 9 && extra == windows
}

/// The name a puzzle goes by: `Sudoku`, `Sudoku X`, `Killer`, `Greater killer`, `Jigsaw`,
/// or the marks' rules in front (`Thermo`, `Anti-knight`, `Kropki`, `XV`, `Thermo killer`),
/// with its grid size in front when it is not 9×9 (`16×16 Sudoku`, `6×6 XV`).
pub fn variant_name(puzzle: &Puzzle) -> String {
    let rules = rules_of(puzzle);
    let marks: Vec<&str> = rules
        .iter()
        .filter_map(|&rule| mark_name(rule, puzzle))
        .collect();
    if !marks.is_empty() {
        let mut name = marks.join(" ");
        for (rule, word) in [
            (Rule::Comparisons, " greater killer"),
            (Rule::Cages, " killer"),
            (Rule::Regions, " jigsaw"),
        ] {
            if rules.contains(&rule) {
                name.push_str(word);
                break;
            }
        }
        if rules.contains(&Rule::Diagonals) {
            name.push_str(" X");
        }
        return with_size(name, puzzle.size());
    }
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
    with_size(name, puzzle.size())
}

/// `name` with the grid's size in front when it is not 9×9.
fn with_size(name: String, size: u8) -> String {
    if size == 9 {
        name
    } else {
        format!("{size}×{size} {name}")
    }
}

/// The how-to-play page's heading for `rule`.
pub fn heading(rule: Rule) -> &'static str {
    match rule {
        Rule::Classic => "How to play: Sudoku",
        Rule::Regions => "How to play: Jigsaw",
        Rule::Diagonals => "How to play: Sudoku X",
        Rule::Cages => "How to play: Killer",
        Rule::Comparisons => "How to play: Greater killer",
        Rule::ExtraRegions => "How to play: Windoku",
        Rule::AntiKnight => "How to play: Anti-knight",
        Rule::Thermometers => "How to play: Thermo",
        Rule::Kropki => "How to play: Kropki",
        Rule::Consecutive => "How to play: Consecutive",
        Rule::Xv => "How to play: XV",
        Rule::Arrows => "How to play: Arrow",
        Rule::EvenOdd => "How to play: Even/odd",
        Rule::AntiKing => "How to play: Anti-king",
        Rule::Palindromes => "How to play: Palindrome",
        Rule::Renban => "How to play: Renban",
        Rule::Whispers => "How to play: Whispers",
        Rule::Between => "How to play: Between lines",
        Rule::SlowThermometers => "How to play: Slow thermo",
        Rule::Zippers => "How to play: Zipper lines",
        Rule::RegionSums => "How to play: Region sum lines",
        Rule::LittleKillers => "How to play: Little killer",
        Rule::Sandwiches => "How to play: Sandwich",
        Rule::XSums => "How to play: X-sums",
        Rule::Skyscrapers => "How to play: Skyscrapers",
        Rule::Clones => "How to play: Clone",
        Rule::Quadruples => "How to play: Quadruple",
        Rule::Extrema => "How to play: Minimum/maximum",
        Rule::DisjointGroups => "How to play: Disjoint groups",
        Rule::Entropic => "How to play: Entropic lines",
        Rule::Modular => "How to play: Modular lines",
        Rule::Indexers => "How to play: Column indexers",
        Rule::ArrowNumbers => "How to play: Arrows with a number",
        Rule::DoubleArrows => "How to play: Double arrows",
        Rule::Lockout => "How to play: Lockout lines",
        Rule::RowIndexers => "How to play: Row indexers",
        Rule::BoxIndexers => "How to play: Box indexers",
        Rule::Nabner => "How to play: Nabner lines",
        Rule::FreeCages => "How to play: Free cages",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation;
    use crate::render::board::{self, Detail, Frame};
    use crate::render::drawing::{point, Drawing, Item};

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
        assert!(
            sixteen[2].ends_with("the letters A to G: 1 2 3 4 5 6 7 8 9 A B C D E F G."),
            "{sixteen:?}"
        );
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
    fn every_rule_has_a_page_and_every_constraint_its_rule() {
        // each rule's page is reached from a constraint of its example
        for rule in Rule::ALL {
            let (puzzle, _) = example(rule);
            let reached: Vec<Rule> = puzzle
                .constraints()
                .iter()
                .filter_map(how_to_play)
                .collect();
            assert!(
                rule == Rule::Classic || reached.contains(&rule),
                "{rule:?}: {reached:?}"
            );
            assert!(!heading(rule).is_empty() && !paragraphs(rule, &Facts::default()).is_empty());
        }
    }

    #[test]
    fn every_example_has_one_solution_by_both_engines_and_follows_its_rule() {
        for rule in Rule::ALL {
            let (puzzle, solution) = example(rule);
            assert!(puzzle.is_solution(&solution), "{rule:?}");
            assert_eq!(rules_of(&puzzle).last(), Some(&rule), "{rule:?}");
            assert_eq!(unexplained(&puzzle), None, "{rule:?}");
            match crate::backtrack::count_solutions(&puzzle, 2) {
                crate::Count::Unique(found) => assert_eq!(found, solution, "{rule:?}"),
                other => panic!("{rule:?}: {other:?}"),
            }
            match crate::sat::count_solutions(&puzzle, 2) {
                Ok(crate::Count::Unique(found)) => assert_eq!(found, solution, "{rule:?}"),
                other => panic!("{rule:?} (SAT): {other:?}"),
            }
        }
    }

    #[test]
    fn the_variant_examples_need_their_rule() {
        for &rule in &Rule::ALL[5..] {
            let (puzzle, _) = example(rule);
            // the same givens under the rules of Sudoku alone leave several solutions
            let plain = Puzzle::classic(puzzle.givens().clone()).unwrap();
            assert!(
                !matches!(
                    crate::backtrack::count_solutions(&plain, 2),
                    crate::Count::Unique(_)
                ),
                "{rule:?}"
            );
        }
    }

    /// The items drawn for `puzzle` in a 120-point square, as a book's rules page draws it.
    fn drawn(puzzle: &Puzzle) -> Vec<Item> {
        let mut drawing = Drawing::new(200.0, 200.0);
        let frame = Frame {
            corner: point(40.0, 40.0),
            side: 120.0,
        };
        board::draw(&mut drawing, puzzle, None, frame, Detail::Full);
        drawing.items
    }

    #[test]
    fn every_later_example_draws_its_rule() {
        for &rule in &Rule::ALL[13..] {
            let (puzzle, _) = example(rule);
            let items = drawn(&puzzle);
            let plain = drawn(&Puzzle::classic(puzzle.givens().clone()).unwrap());
            let added = items.iter().filter(|item| !plain.contains(item)).count();
            // an anti-king, as an anti-knight, has no mark; nor have disjoint groups
            let unmarked = matches!(rule, Rule::AntiKing | Rule::DisjointGroups);
            assert_eq!(added == 0, unmarked, "{rule:?}: {added} items");
        }
    }

    #[test]
    fn every_variant_example_draws_its_marks() {
        use crate::render::variant::{EXTRA_REGION_GREY, PARITY_GREY};
        for &rule in &Rule::ALL[5..13] {
            let (puzzle, _) = example(rule);
            let items = drawn(&puzzle);
            let plain = drawn(&Puzzle::classic(puzzle.givens().clone()).unwrap());
            let added: Vec<&Item> = items.iter().filter(|item| !plain.contains(item)).collect();
            let count =
                |wanted: &dyn Fn(&Item) -> bool| added.iter().filter(|item| wanted(item)).count();
            let circles = |fill: Option<f64>| {
                count(&|item| matches!(item, Item::Circle { fill: found, .. } if *found == fill))
            };
            let texts = |wanted: &str| {
                count(&|item| matches!(item, Item::Text { text, .. } if text == wanted))
            };
            let (marks, expected) = match rule {
                // one shaded square per cell of the window
                Rule::ExtraRegions => (
                    count(
                        &|item| matches!(item, Item::Fill { grey, .. } if *grey == EXTRA_REGION_GREY),
                    ),
                    4,
                ),
                // no mark: the drawing is the classic one
                Rule::AntiKnight => (added.len(), 0),
                // a bulb each
                Rule::Thermometers => (circles(Some(0.8)), 2),
                // six black dots and six white ones
                Rule::Kropki => (circles(Some(0.0)) * 100 + circles(Some(1.0)), 606),
                Rule::Consecutive => (circles(Some(1.0)), 6),
                Rule::Xv => (texts("X") * 10 + texts("V"), 22),
                // an open circle each
                Rule::Arrows => (circles(None), 2),
                // six squares and two circles
                Rule::EvenOdd => (
                    count(&|item| matches!(item, Item::Fill { grey, .. } if *grey == PARITY_GREY))
                        * 10
                        + circles(Some(PARITY_GREY)),
                    62,
                ),
                _ => unreachable!(),
            };
            assert_eq!(marks, expected, "{rule:?}: {added:#?}");
        }
    }

    #[test]
    fn variants_are_named_for_their_rules() {
        let name = |rule: Rule| variant_name(&example(rule).0);
        assert_eq!(name(Rule::AntiKnight), "4×4 Anti-knight");
        assert_eq!(name(Rule::Thermometers), "4×4 Thermo");
        assert_eq!(name(Rule::Kropki), "4×4 Kropki");
        assert_eq!(name(Rule::Consecutive), "4×4 Consecutive");
        assert_eq!(name(Rule::Xv), "6×6 XV");
        assert_eq!(name(Rule::Arrows), "4×4 Arrow");
        assert_eq!(name(Rule::EvenOdd), "4×4 Even/odd");
        // one window is not windoku's four
        assert_eq!(name(Rule::ExtraRegions), "4×4 Extra regions");
        assert_eq!(name(Rule::Regions), "4×4 Jigsaw");
        assert_eq!(name(Rule::Cages), "4×4 Killer");
        assert_eq!(name(Rule::Modular), "6×6 Modular");
        assert_eq!(name(Rule::Indexers), "4×4 Column indexer");
        assert_eq!(name(Rule::ArrowNumbers), "6×6 Arrow");
        assert_eq!(name(Rule::DoubleArrows), "4×4 Double arrow");
        assert_eq!(name(Rule::Lockout), "4×4 Lockout");
        assert_eq!(name(Rule::RowIndexers), "4×4 Row indexer");
        assert_eq!(name(Rule::BoxIndexers), "4×4 Box indexer");
        assert_eq!(name(Rule::Nabner), "6×6 Nabner");
        assert_eq!(name(Rule::FreeCages), "4×4 Free cage");
    }

    #[test]
    fn a_rule_without_a_page_is_named() {
        let text = r#"Puzzle(size: 6, rules: [PencilMarks("r1c1", [1, 2])])"#;
        let puzzle = &notation::parse(text, None).unwrap()[0].puzzle;
        assert_eq!(
            unexplained(puzzle).as_deref(),
            Some("pencil marks r1c1 1,2")
        );
        let (kropki, _) = example(Rule::Kropki);
        assert!(shows_every_mark(&kropki, Rule::Kropki));
        assert!(!shows_every_mark(&kropki, Rule::Xv));
        let facts = |every: Vec<Rule>, some: Vec<Rule>| Facts {
            every_mark_shown: every,
            some_marks_shown: some,
            ..Facts::default()
        };
        let said = |facts: &Facts| paragraphs(Rule::Kropki, facts).join(" ");
        let every = said(&facts(vec![Rule::Kropki], Vec::new()));
        assert!(every.contains("Every white dot is shown"), "{every}");
        let some = said(&facts(Vec::new(), vec![Rule::Kropki]));
        assert!(some.contains("A missing dot says nothing"), "{some}");
        let mixed = said(&Facts::default());
        assert!(
            !mixed.contains("shown") && !mixed.contains("missing"),
            "{mixed}"
        );
    }
}
