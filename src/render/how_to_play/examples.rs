//! The small example on each how-to-play page: a puzzle with one solution that needs the
//! rule, and its solution.

use super::Rule;
use crate::model::{Grid, Puzzle};
use crate::notation;

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
