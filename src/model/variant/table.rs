//! The table of variant rules: one row per rule with its f-puzzles key(s), its meaning in
//! setters' words, the grader's technique for it and its how-to-play page (or that it has
//! none). The f-puzzles reader's list of rule keys comes from here, and a test
//! (`tests/variant_engines.rs`, `every_rule_of_the_table_has_every_piece`) fails by the
//! rule's name when a rule lacks a piece: reading, writing, SAT, native propagation,
//! grading, drawing, a how-to-play page or its absence listed here.

/// One variant rule as sudokit models it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleRow {
    /// The rule's name in setters' words.
    pub name: &'static str,
    /// The f-puzzles document keys that carry it.
    pub keys: &'static [&'static str],
    /// What it means on a filled grid (docs/rules.md has the edge cases).
    pub meaning: &'static str,
    /// The name of the grader technique whose steps it gives (`grade::Technique::name`), or
    /// empty for a clue the grader's board starts from, as it starts from the givens (given
    /// pencil marks).
    pub technique: &'static str,
    /// Whether it has marks on the grid; a rule over the whole grid (anti-knight, a negative
    /// constraint) is said in the rules text only.
    pub on_the_grid: bool,
    /// The heading of its how-to-play page (`render::how_to_play::heading`), or `None`: no
    /// page yet, so `book` refuses a puzzle with it (or, for the negative constraints, the
    /// page of the marks it negates explains it). A test checks each rule's keys bring the
    /// page named here to a book.
    pub page: Option<&'static str>,
}

const fn row(
    name: &'static str,
    keys: &'static [&'static str],
    meaning: &'static str,
    technique: &'static str,
    page: Option<&'static str>,
) -> RuleRow {
    RuleRow {
        name,
        keys,
        meaning,
        technique,
        on_the_grid: true,
        page,
    }
}

/// The same row for a rule over the whole grid, said in the rules text with no mark.
const fn unmarked(row: RuleRow) -> RuleRow {
    RuleRow {
        on_the_grid: false,
        ..row
    }
}

/// Every variant rule, in the order the f-puzzles reader reads their keys.
pub const RULES: &[RuleRow] = &[
    unmarked(row(
        "disjoint groups",
        &["disjointgroups"],
        "cells in the same position of their boxes hold different digits",
        "Extra Region",
        Some("How to play: Disjoint groups"),
    )),
    row(
        "extra region",
        &["extraregion"],
        "the cells of a shaded region hold different digits (every digit, with n cells)",
        "Extra Region",
        Some("How to play: Windoku"),
    ),
    unmarked(row(
        "anti-knight",
        &["antiknight"],
        "no digit a knight's move from itself",
        "Anti-Knight",
        Some("How to play: Anti-knight"),
    )),
    unmarked(row(
        "anti-king",
        &["antiking"],
        "no digit a king's move from itself",
        "Anti-King",
        Some("How to play: Anti-king"),
    )),
    row(
        "Kropki dot",
        &["difference", "ratio"],
        "a white dot joins digits that differ by its value (1), a black dot digits in its ratio (2)",
        "Kropki Dot",
        Some("How to play: Kropki"),
    ),
    row(
        "XV",
        &["xv"],
        "an X joins digits that add up to 10, a V digits that add up to 5",
        "XV Sum",
        Some("How to play: XV"),
    ),
    unmarked(row(
        "negative constraint",
        &["nonconsecutive", "negative"],
        "neighbours with no mark between them stand in none of the marks' relations",
        "Negative Constraint",
        // explained on the page of the marks it negates (Kropki, consecutive, XV)
        None,
    )),
    row(
        "even/odd",
        &["odd", "even"],
        "a grey square holds an even digit, a grey circle an odd one",
        "Even/Odd Cell",
        Some("How to play: Even/odd"),
    ),
    row(
        "given pencil marks",
        &["givenPencilMarks"],
        "the cell (a grid cell's key) holds one of the marked digits",
        "",
        None,
    ),
    row(
        "minimum/maximum",
        &["minimum", "maximum"],
        "a minimum cell is below, a maximum cell above, every orthogonal neighbour",
        "Minimum/Maximum Cell",
        Some("How to play: Minimum/maximum"),
    ),
    row(
        "quadruple",
        &["quadruple"],
        "the four cells around the circle hold every digit it lists, as often as listed",
        "Quadruple",
        Some("How to play: Quadruple"),
    ),
    row(
        "thermometer",
        &["thermometer"],
        "digits strictly rise from the bulb",
        "Thermometer",
        Some("How to play: Thermo"),
    ),
    row(
        "slow thermometer",
        &["slowthermometer"],
        "digits never fall from the bulb",
        "Thermometer",
        Some("How to play: Slow thermo"),
    ),
    row(
        "palindrome",
        &["palindrome"],
        "the line reads the same from both ends",
        "Palindrome",
        Some("How to play: Palindrome"),
    ),
    row(
        "between line",
        &["betweenline"],
        "every cell between the ends holds a digit strictly between theirs",
        "Between Line",
        Some("How to play: Between lines"),
    ),
    row(
        "renban",
        &["renban"],
        "the line's digits are distinct and consecutive, in any order",
        "Renban",
        Some("How to play: Renban"),
    ),
    row(
        "whispers",
        &["whispers"],
        "neighbours along the line differ by at least the threshold (5 on 9×9)",
        "German Whispers",
        Some("How to play: Whispers"),
    ),
    row(
        "entropic line",
        &["entropicline"],
        "any two cells fewer than three apart hold digits of different bands (low, middle, high)",
        "Entropic Line",
        Some("How to play: Entropic lines"),
    ),
    row(
        "modular line",
        &["modularline"],
        "any two cells fewer than three apart hold digits of different remainders mod 3",
        "Modular Line",
        Some("How to play: Modular lines"),
    ),
    row(
        "zipper line",
        &["zipperline"],
        "cells the same distance from the middle add up to the same total (the middle digit)",
        "Zipper Line",
        Some("How to play: Zipper lines"),
    ),
    row(
        "region sum line",
        &["regionsumline"],
        "each maximal run of the line in one region adds up to the same total",
        "Region Sum Line",
        Some("How to play: Region sum lines"),
    ),
    row(
        "double arrow",
        &["doublearrow"],
        "the two circled ends add up to the digits between them",
        "Double Arrow",
        Some("How to play: Double arrows"),
    ),
    row(
        "lockout line",
        &["lockout"],
        "the diamonds differ by at least half the side (4 on 9×9), and no cell between them holds a digit from one to the other",
        "Lockout Line",
        Some("How to play: Lockout lines"),
    ),
    row(
        "nabner line",
        &["nabner"],
        "no two digits anywhere on the line are consecutive, and none repeats",
        "Nabner Line",
        Some("How to play: Nabner lines"),
    ),
    row(
        "clone",
        &["clone"],
        "each cell holds the digit of its clone",
        "Clone",
        Some("How to play: Clone"),
    ),
    row(
        "arrow",
        &["arrow"],
        "the shaft's digits add up to the number in the circle or pill",
        "Arrow Sum",
        Some("How to play: Arrow"),
    ),
    row(
        "little killer",
        &["littlekillersum"],
        "the digits along the diagonal the arrow points to add up to its value",
        "Little Killer",
        Some("How to play: Little killer"),
    ),
    row(
        "sandwich sum",
        &["sandwichsum"],
        "the digits between the 1 and the n of the row or column add up to the clue",
        "Sandwich Sum",
        Some("How to play: Sandwich"),
    ),
    row(
        "X-sum",
        &["xsum"],
        "the first X digits from the clue add up to it, X the first digit",
        "X-Sum",
        Some("How to play: X-sums"),
    ),
    row(
        "skyscraper",
        &["skyscraper"],
        "this many digits, read from the clue, are taller than all before them",
        "Skyscraper Clue",
        Some("How to play: Skyscrapers"),
    ),
    row(
        "column indexer",
        &["columnindexer"],
        "a digit d in an indexer cell puts its column's number in column d of its row",
        "Column Indexer",
        Some("How to play: Column indexers"),
    ),
    row(
        "row indexer",
        &["rowindexer"],
        "a digit d in an indexer cell puts its row's number in row d of its column",
        "Row Indexer",
        Some("How to play: Row indexers"),
    ),
    row(
        "box indexer",
        &["boxindexer"],
        "a digit d in the p-th cell of a box, an indexer cell, puts p in the box's d-th cell",
        "Box Indexer",
        Some("How to play: Box indexers"),
    ),
    row(
        "free cage",
        // the key of every killer cage: those of the usual layout are cages, the rest
        // (overlapping an earlier cage, or in pieces) free cages
        &["killercage"],
        "a killer cage that overlaps an earlier one or comes in pieces: its digits differ and add up to its sum, if it shows one",
        "Free Cage",
        Some("How to play: Free cages"),
    ),
];

/// The f-puzzles keys of every rule of [`RULES`], in table order.
pub fn rule_keys() -> impl Iterator<Item = &'static str> {
    RULES.iter().flat_map(|rule| rule.keys.iter().copied())
}

/// The row of the rule an f-puzzles key carries.
pub fn rule_of_key(key: &str) -> Option<&'static RuleRow> {
    RULES.iter().find(|rule| rule.keys.contains(&key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_names_two_rules_and_every_rule_has_a_key_and_a_meaning() {
        let mut seen = Vec::new();
        for rule in RULES {
            assert!(!rule.keys.is_empty(), "{}: no f-puzzles key", rule.name);
            assert!(!rule.meaning.is_empty(), "{}: no meaning", rule.name);
            for key in rule.keys {
                assert!(!seen.contains(key), "{}: {key} named twice", rule.name);
                seen.push(*key);
                assert_eq!(rule_of_key(key), Some(rule));
            }
        }
    }
}
