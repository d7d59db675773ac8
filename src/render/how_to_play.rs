//! What a book's reader is told: the rules each variant adds (the how-to-play pages, each
//! with a small 4×4 or 6×6 example and its solution) and the name a puzzle goes by in its
//! caption. A rule with no page here is named by [`unexplained`], and a book refuses it.

use crate::model::variant::{ChessMove, DotFamily, DotKind, IndexerKind, LineKind, OutsideKind};
use crate::model::{Constraint, Grid, HouseKind, Puzzle};
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

/// A small example of `rule` for its how-to-play page: a 4×4 puzzle (a 6×6 for XV, whose
/// X needs digits adding up to 10) with one solution, and its solution.
pub fn example(rule: Rule) -> (Puzzle, Grid) {
    let text = match rule {
        Rule::Classic | Rule::Regions | Rule::Diagonals | Rule::Cages | Rule::Comparisons => {
            return classic_example(rule)
        }
        // each found by a search over grids and marks read off them, then givens removed
        // while the puzzle stays unique; the rule's marks are needed (without them the
        // givens leave several solutions), which a test checks
        Rule::ExtraRegions => {
            r#"Puzzle(size: 4, givens: ".........2.4.13.",
                rules: [ExtraHouse(["r2c2", "r2c3", "r3c2", "r3c3"])],
                solution: "1423234132144132")"#
        }
        Rule::AntiKnight => {
            r#"Puzzle(size: 4, givens: "............2.13", rules: [AntiKnight],
                solution: "4231132431422413")"#
        }
        Rule::Thermometers => {
            r#"Puzzle(size: 4, rules: [
                Line(Thermometer, ["r1c2", "r1c3", "r1c4", "r2c3"]),
                Line(Thermometer, ["r4c3", "r4c4", "r3c4"]),
            ], solution: "4123234112343412")"#
        }
        Rule::Kropki => {
            r#"Puzzle(size: 4, rules: [
                Dot(Black(2), "r1c1", "r1c2"), Dot(White(1), "r1c1", "r2c1"),
                Dot(White(1), "r1c4", "r2c4"), Dot(Black(2), "r2c3", "r2c4"),
                Dot(Black(2), "r2c3", "r3c3"), Dot(Black(2), "r2c4", "r3c4"),
                Dot(White(1), "r3c2", "r3c3"), Dot(White(1), "r3c2", "r4c2"),
                Dot(Black(2), "r3c3", "r3c4"), Dot(White(1), "r3c3", "r4c3"),
                Dot(Black(2), "r4c1", "r4c2"), Dot(White(1), "r4c2", "r4c3"),
                Negative(White, [1]),
            ], solution: "2413314213244231")"#
        }
        Rule::Consecutive => {
            r#"Puzzle(size: 4, givens: "...............1", rules: [
                Dot(White(1), "r1c1", "r1c2"), Dot(White(1), "r2c3", "r2c4"),
                Dot(White(1), "r2c3", "r3c3"), Dot(White(1), "r2c4", "r3c4"),
                Dot(White(1), "r3c3", "r3c4"), Dot(White(1), "r4c1", "r4c2"),
                Negative(White, [1]),
            ], solution: "2314413214233241")"#
        }
        Rule::Xv => {
            r#"Puzzle(size: 6, givens: "........................2...........", rules: [
                Dot(Sum(10), "r1c5", "r2c5"), Dot(Sum(5), "r3c5", "r4c5"),
                Dot(Sum(10), "r4c4", "r5c4"), Dot(Sum(5), "r5c4", "r5c5"),
                Negative(Sum, [5, 10]),
            ], solution: "651342342561426135513624265413134256")"#
        }
        Rule::Arrows => {
            r#"Puzzle(size: 4, rules: [
                Arrow(["r1c1"], ["r1c2", "r2c1", "r3c1"]),
                Arrow(["r3c4"], ["r4c4", "r4c3"]),
            ], solution: "4132231412433421")"#
        }
        Rule::EvenOdd => {
            r#"Puzzle(size: 4, givens: "..............12", rules: [
                Even("r1c1"), Even("r1c4"), Even("r2c2"), Even("r2c3"),
                Odd("r2c4"), Even("r3c2"), Even("r4c1"), Odd("r4c3"),
            ], solution: "2134342112434312")"#
        }
        Rule::Renban => {
            r#"Puzzle(size: 4, givens: "..1.........3...", rules: [
                Line(Renban, ["r2c3", "r2c4", "r3c4"]),
            ], solution: "2314142342313142")"#
        }
        Rule::Palindromes => {
            r#"Puzzle(size: 4, givens: "...........1..32", rules: [
                Line(Palindrome, ["r3c1", "r4c2", "r3c3", "r2c3", "r2c4"]),
            ], solution: "1324241332414132")"#
        }
        Rule::Whispers => {
            r#"Puzzle(size: 4, givens: "...2............", rules: [
                Line(Whispers(2), ["r4c4", "r3c3", "r4c2", "r3c2"]),
            ], solution: "4132234132141423")"#
        }
        Rule::Between => {
            r#"Puzzle(size: 4, givens: ".............2..", rules: [
                Line(Between, ["r1c3", "r1c4", "r2c3", "r3c3"]),
                Line(Between, ["r3c3", "r4c3", "r3c2", "r2c3"]),
            ], solution: "2413312413424231")"#
        }
        Rule::SlowThermometers => {
            r#"Puzzle(size: 4, givens: "......4.........", rules: [
                Line(SlowThermometer, ["r4c2", "r4c1", "r3c1", "r2c2"]),
            ], solution: "4213134234212134")"#
        }
        Rule::Zippers => {
            r#"Puzzle(size: 4, givens: "1...............", rules: [
                Line(Zipper, ["r1c4", "r2c3", "r3c2", "r4c1", "r3c1"]),
            ], solution: "1342421324313124")"#
        }
        Rule::RegionSums => {
            r#"Puzzle(size: 4, givens: "......1........4", rules: [
                Line(RegionSum, ["r1c2", "r2c2", "r1c3"]),
            ], solution: "2143431234211234")"#
        }
        Rule::LittleKillers => {
            r#"Puzzle(size: 4, givens: "................", rules: [
                LittleKiller((0, 4), DownLeft, 4),
                LittleKiller((0, 1), DownRight, 7),
            ], solution: "4213314224311324")"#
        }
        Rule::Sandwiches => {
            r#"Puzzle(size: 4, givens: "......4.........", rules: [
                Outside(Sandwich, Right, 3, 2),
                Outside(Sandwich, Top, 4, 3),
            ], solution: "1432234142133124")"#
        }
        Rule::XSums => {
            r#"Puzzle(size: 4, givens: "................", rules: [
                Outside(XSum, Top, 2, 6),
                Outside(XSum, Top, 4, 3),
            ], solution: "1342423131242413")"#
        }
        Rule::Skyscrapers => {
            r#"Puzzle(size: 4, givens: "................", rules: [
                Outside(Skyscraper, Right, 3, 4),
                Outside(Skyscraper, Left, 1, 4),
            ], solution: "1234341243212143")"#
        }
        Rule::Clones => {
            r#"Puzzle(size: 4, givens: ".......2.4.1....", rules: [
                Clone(["r3c3", "r3c2"], ["r2c2", "r2c1"]),
            ], solution: "1243431224313124")"#
        }
        Rule::Quadruples => {
            r#"Puzzle(size: 4, givens: ".....1..........", rules: [
                Quadruple(["r3c2", "r3c3", "r4c2", "r4c3"], [1, 2, 3]),
                Quadruple(["r2c1", "r2c2", "r3c1", "r3c2"], [2, 2, 3]),
            ], solution: "4321214332141432")"#
        }
        Rule::Extrema => {
            r#"Puzzle(size: 4, givens: "......4.........", rules: [
                Maximum("r3c1"),
                Minimum("r1c4"),
                Minimum("r1c2"),
            ], solution: "4231134231242413")"#
        }
        Rule::DisjointGroups => {
            r#"Puzzle(size: 4, givens: "...3..2...1....2", rules: [
                DisjointGroup(0), DisjointGroup(1), DisjointGroup(2), DisjointGroup(3),
            ], solution: "2143432132141432")"#
        }
        // entropic lines need a side that is a multiple of 3: a 6×6
        Rule::Entropic => {
            r#"Puzzle(size: 6, givens: "..........1..5....1.........3.6..4..", rules: [
                Line(Entropic, ["r3c4", "r4c5", "r3c6", "r2c5", "r1c6"]),
                Line(Entropic, ["r3c3", "r3c2", "r2c3", "r2c2", "r2c1"]),
            ], solution: "316245542613253164164352421536635421")"#
        }
        // remainders on division by 3 need a side that is a multiple of 3: a 6×6
        Rule::Modular => {
            r#"Puzzle(size: 6, givens: ".....6.........5.....1........2.3...", rules: [
                Line(Modular, ["r6c6", "r5c5", "r4c5", "r3c5", "r2c5"]),
                Line(Modular, ["r6c2", "r5c2", "r4c3", "r4c2", "r3c3"]),
            ], solution: "145236632451316542524163461325253614")"#
        }
        Rule::Indexers => {
            r#"Puzzle(size: 4, givens: "...1.2....12...4", rules: [ColumnIndexer(1)],
                solution: "4321124334122134")"#
        }
        // a pill's number above 9 needs a shaft of several large digits: a 6×6
        Rule::ArrowNumbers => {
            r#"Puzzle(size: 6, givens: ".....6...24............4.3.1....1...", rules: [
                Arrow(["r3c2", "r3c3"], ["r3c1", "r4c1", "r5c1"]),
            ], solution: "142356356241415623623514534162261435")"#
        }
        Rule::DoubleArrows => {
            r#"Puzzle(size: 4, givens: "........2.3..142", rules: [
                Line(DoubleArrow, ["r1c1", "r1c2", "r2c2"]),
            ], solution: "1324421324313142")"#
        }
        Rule::Lockout => {
            r#"Puzzle(size: 4, givens: ".1..2..41...3...", rules: [
                Line(Lockout, ["r1c4", "r2c3", "r3c2"]),
            ], solution: "4132231414233241")"#
        }
        Rule::RowIndexers => {
            r#"Puzzle(size: 4, givens: "....2..1..2.3.1.", rules: [
                Indexer(Row, ["r1c1", "r1c2", "r1c3", "r1c4"]),
            ], solution: "1342243141233214")"#
        }
        Rule::Nabner => {
            r#"Puzzle(size: 6, givens: "...1..........3...6...2.....6...13..", rules: [
                Line(Nabner, ["r2c3", "r2c2", "r1c1"]),
            ], solution: "235146146235523614614523352461461352")"#
        }
        Rule::BoxIndexers => {
            r#"Puzzle(size: 4, givens: "......14.3...1.3", rules: [
                Indexer(Box, ["r1c1", "r1c3", "r3c1", "r3c3"]),
            ], solution: "1432321443212143")"#
        }
        // two cages sharing r1c2, and one in two pieces
        Rule::FreeCages => {
            r#"Puzzle(size: 4, givens: "..........1.....", rules: [
                FreeCage(["r1c1", "r1c2", "r2c1"], Some(8)),
                FreeCage(["r1c2", "r2c2", "r2c3"], Some(7)),
                FreeCage(["r3c1", "r4c4"], Some(5)),
            ], solution: "4132324123141423")"#
        }
        // a 4×4 grid has no anti-king solution at all: a 6×6 one
        Rule::AntiKing => {
            r#"Puzzle(size: 6, givens: "5.4................6.........2..1.3.", rules: [AntiKing],
                solution: "534261216345345126162453453612621534")"#
        }
    };
    read_example(text)
}

/// The examples of the rules the first books had, on one solution grid whose rows,
/// columns, boxes and both diagonals hold 1 to 4 once each.
fn classic_example(rule: Rule) -> (Puzzle, Grid) {
    let text = match rule {
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
        _ => "name example\n....\n....\n....\n....\ngivens 1..4.4....2.2..3\n",
    };
    read_example(&format!("{text}solution 1234341243212143\n"))
}

/// Reads a shipped example and its solution.
fn read_example(text: &str) -> (Puzzle, Grid) {
    // the texts are fixed and read by a test, so failing here is a build bug
    let entry = notation::parse(text, None)
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
