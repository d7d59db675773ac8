//! Each variant rule's step on a small constructed board: the candidates it removes are the
//! ones the rule forbids, and the step says so in setters' words.

use crate::grade::board::Board;
use crate::grade::layout::Layout;
use crate::grade::memo::Memo;
use crate::grade::technique::Technique;
use crate::grade::techniques::Context;
use crate::grade::Step;
use crate::model::variant::{
    Arrow, ChessMove, CloneRule, Direction, Dot, DotFamily, DotKind, Extremum, ExtremumKind,
    Indexer, Line, LineKind, LittleKiller, Negative, OutsideClue, OutsideKind, Parity, Quadruple,
    Side,
};
use crate::model::{Cell, Constraint, Digit, Geometry, Grid, Puzzle};

fn nine() -> Geometry {
    Geometry::for_size(9).unwrap()
}

/// `r3c7` → the cell.
fn cell(name: &str) -> Cell {
    let (row, column) = name[1..].split_once('c').unwrap();
    nine()
        .cell(
            row.parse::<usize>().unwrap() - 1,
            column.parse::<usize>().unwrap() - 1,
        )
        .unwrap()
}

fn cells(names: &[&str]) -> Vec<Cell> {
    names.iter().map(|name| cell(name)).collect()
}

/// A 9×9 puzzle with `givens` (`("r4c4", 5)`) and `rules`.
fn puzzle(givens: &[(&str, u8)], rules: Vec<Constraint>) -> Puzzle {
    let mut grid = Grid::empty(nine());
    for &(name, value) in givens {
        grid.set(cell(name), Digit::new(value));
    }
    Puzzle::new(nine(), grid, rules).unwrap()
}

/// The first step of `technique` on the puzzle's first board (givens placed, nothing else).
fn first_step(puzzle: &Puzzle, technique: Technique) -> Option<Step> {
    let layout = Layout::<2>::new(puzzle);
    let board = Board::new(&layout, puzzle);
    let memo = Memo::new();
    let enabled = vec![true; Technique::ALL.len()];
    let context = Context {
        layout: &layout,
        enabled: &enabled,
        unique: false,
        memo: &memo,
    };
    super::find(technique, &context, &board).map(|finding| finding.into_step(&layout))
}

/// The step's eliminations as `r1c1<>5` and what it says about the rule.
fn step_of(puzzle: &Puzzle, technique: Technique) -> (Vec<String>, String) {
    let step = first_step(puzzle, technique).expect("a step");
    assert_eq!(step.technique, technique);
    assert!(step.placements.is_empty());
    let eliminations = step
        .eliminations
        .iter()
        .map(|(cell, digit)| format!("{cell}<>{digit}"))
        .collect();
    let text = step.explain(puzzle);
    let rule = step.evidence.rule.clone().expect("the rule named");
    assert!(text.ends_with(&rule), "{text}");
    (eliminations, rule)
}

fn line(kind: LineKind, names: &[&str]) -> Constraint {
    Constraint::Line(Line {
        kind,
        cells: cells(names),
    })
}

fn dot(first: &str, second: &str, kind: DotKind) -> Constraint {
    Constraint::Dot(Dot {
        first: cell(first),
        second: cell(second),
        kind,
    })
}

fn digits(values: &[u8]) -> Vec<Digit> {
    values
        .iter()
        .map(|&value| Digit::new(value).unwrap())
        .collect()
}

#[test]
fn thermometer_bounds_each_cell_by_its_place_on_the_bulb_side() {
    let puzzle = puzzle(
        &[],
        vec![line(LineKind::Thermometer, &["r2c3", "r3c3", "r4c3"])],
    );
    let (eliminations, rule) = step_of(&puzzle, Technique::Thermometer);
    assert_eq!(
        eliminations,
        ["r2c3<>8", "r2c3<>9", "r3c3<>1", "r3c3<>9", "r4c3<>1", "r4c3<>2"]
    );
    assert_eq!(
        rule,
        "thermometer r2c3-r4c3: r2c3 ≤ 7, r3c3 ≠ 1,9, r4c3 ≥ 3"
    );
}

#[test]
fn slow_thermometer_lets_digits_repeat_across_houses() {
    // r1c1 and r2c4 see each other through nothing: a slow thermometer may keep a digit
    let puzzle = puzzle(
        &[("r2c4", 1)],
        vec![line(LineKind::SlowThermometer, &["r1c3", "r2c4"])],
    );
    let (eliminations, rule) = step_of(&puzzle, Technique::Thermometer);
    assert_eq!(eliminations.len(), 8);
    assert_eq!(rule, "slow thermometer r1c3-r2c4: r1c3 = 1");
}

#[test]
fn white_kropki_dot_removes_digits_without_a_neighbour_digit() {
    // an 8 in row 5 leaves a 9 across the dot no partner
    let puzzle = puzzle(
        &[("r5c1", 8)],
        vec![dot("r5c5", "r5c6", DotKind::Difference(1))],
    );
    let (eliminations, rule) = step_of(&puzzle, Technique::KropkiDot);
    assert_eq!(eliminations, ["r5c5<>9", "r5c6<>9"]);
    assert_eq!(rule, "white Kropki dot r5c5-r5c6: r5c5 ≠ 9, r5c6 ≠ 9");
}

#[test]
fn black_kropki_dot_keeps_halves_and_doubles() {
    let puzzle = puzzle(&[], vec![dot("r1c1", "r1c2", DotKind::Ratio(2))]);
    let (eliminations, rule) = step_of(&puzzle, Technique::KropkiDot);
    assert_eq!(
        eliminations,
        ["r1c1<>5", "r1c1<>7", "r1c1<>9", "r1c2<>5", "r1c2<>7", "r1c2<>9"]
    );
    assert_eq!(
        rule,
        "black Kropki dot r1c1-r1c2: r1c1 ≠ 5,7,9, r1c2 ≠ 5,7,9"
    );
}

#[test]
fn x_and_v_keep_the_digits_that_add_up() {
    let x = puzzle(&[], vec![dot("r1c1", "r1c2", DotKind::Sum(10))]);
    let (eliminations, rule) = step_of(&x, Technique::XvSum);
    // 5 + 5 would repeat a digit in the row
    assert_eq!(eliminations, ["r1c1<>5", "r1c2<>5"]);
    assert_eq!(rule, "X r1c1-r1c2: r1c1 ≠ 5, r1c2 ≠ 5");
    let v = puzzle(&[], vec![dot("r1c1", "r2c1", DotKind::Sum(5))]);
    let (eliminations, rule) = step_of(&v, Technique::XvSum);
    assert_eq!(eliminations.len(), 10);
    assert_eq!(rule, "V r1c1-r2c1: r1c1 ≤ 4, r2c1 ≤ 4");
}

#[test]
fn negative_constraint_clears_unmarked_neighbours() {
    let nonconsecutive = puzzle(
        &[("r4c4", 5)],
        vec![Constraint::Negative(Negative {
            family: DotFamily::Difference,
            values: vec![1],
        })],
    );
    let (eliminations, rule) = step_of(&nonconsecutive, Technique::NegativeConstraint);
    assert_eq!(eliminations, ["r3c4<>4", "r3c4<>6"]);
    assert_eq!(rule, "nonconsecutive r3c4-r4c4: r3c4 ≠ 4,6");
    // an X between r1c1 and r1c2 exempts that pair from the XV negative constraint
    let xv = puzzle(
        &[("r1c1", 3)],
        vec![
            dot("r1c1", "r1c2", DotKind::Sum(10)),
            Constraint::Negative(Negative {
                family: DotFamily::Sum,
                values: vec![5, 10],
            }),
        ],
    );
    let (eliminations, rule) = step_of(&xv, Technique::NegativeConstraint);
    assert_eq!(eliminations, ["r2c1<>2", "r2c1<>7"]);
    assert_eq!(rule, "negative constraint (XV) r1c1-r2c1: r2c1 ≠ 2,7");
}

#[test]
fn anti_knight_removes_a_placed_digit_a_knights_move_away() {
    let puzzle = puzzle(&[("r4c4", 5)], vec![Constraint::Chess(ChessMove::Knight)]);
    let (eliminations, rule) = step_of(&puzzle, Technique::AntiKnight);
    // r5c6 and r6c5 share the box with r4c4: the placement removed their 5 already
    assert_eq!(
        eliminations,
        ["r2c3<>5", "r2c5<>5", "r3c2<>5", "r3c6<>5", "r5c2<>5", "r6c3<>5"]
    );
    assert_eq!(
        rule,
        "anti-knight r4c4=5: r2c3 ≠ 5, r2c5 ≠ 5, r3c2 ≠ 5, r3c6 ≠ 5, r5c2 ≠ 5, r6c3 ≠ 5"
    );
}

#[test]
fn anti_king_removes_a_placed_digit_from_the_diagonal_neighbours() {
    let puzzle = puzzle(&[("r3c3", 5)], vec![Constraint::Chess(ChessMove::King)]);
    let (eliminations, rule) = step_of(&puzzle, Technique::AntiKing);
    assert_eq!(eliminations, ["r2c4<>5", "r4c2<>5", "r4c4<>5"]);
    assert_eq!(rule, "anti-king r3c3=5: r2c4 ≠ 5, r4c2 ≠ 5, r4c4 ≠ 5");
}

#[test]
fn arrow_circle_is_at_least_the_smallest_shaft_sum() {
    let puzzle = puzzle(
        &[],
        vec![Constraint::Arrow(Arrow {
            circle: cells(&["r1c1"]),
            shaft: cells(&["r1c2", "r2c3"]),
        })],
    );
    let (eliminations, rule) = step_of(&puzzle, Technique::ArrowSum);
    assert_eq!(eliminations, ["r1c1<>1", "r1c1<>2", "r1c2<>9", "r2c3<>9"]);
    assert_eq!(rule, "arrow r1c1 → r1c2+r2c3: r1c1 ≥ 3, r1c2 ≠ 9, r2c3 ≠ 9");
}

#[test]
fn even_and_odd_cells_lose_the_other_parity() {
    let puzzle = puzzle(
        &[],
        vec![Constraint::Parity(Parity {
            cell: cell("r1c1"),
            even: true,
        })],
    );
    let (eliminations, rule) = step_of(&puzzle, Technique::EvenOdd);
    assert_eq!(eliminations.len(), 5);
    assert_eq!(rule, "even cell r1c1: r1c1 ≠ 1,3,5,7,9");
}

#[test]
fn small_extra_region_keeps_its_digits_apart() {
    let puzzle = puzzle(
        &[("r1c1", 4)],
        vec![Constraint::ExtraRegion(cells(&["r1c1", "r5c5", "r9c9"]))],
    );
    let (eliminations, rule) = step_of(&puzzle, Technique::ExtraRegion);
    assert_eq!(eliminations, ["r5c5<>4", "r9c9<>4"]);
    assert_eq!(rule, "extra region r1c1-r9c9: r5c5 ≠ 4, r9c9 ≠ 4");
}

#[test]
fn palindrome_and_clone_copy_a_digit() {
    let palindrome = puzzle(
        &[("r1c3", 7)],
        vec![line(LineKind::Palindrome, &["r1c3", "r1c4", "r2c5"])],
    );
    let (eliminations, rule) = step_of(&palindrome, Technique::Palindrome);
    assert_eq!(eliminations.len(), 8);
    assert_eq!(rule, "palindrome r1c3-r2c5: r2c5 = 7");
    let clone = puzzle(
        &[("r1c1", 3)],
        vec![Constraint::Clone(CloneRule {
            first: cells(&["r1c1", "r1c2"]),
            second: cells(&["r5c5", "r5c6"]),
        })],
    );
    let (_, rule) = step_of(&clone, Technique::Clone);
    assert_eq!(rule, "clone r1c1 = r5c5: r5c5 = 3");
}

#[test]
fn minimum_cell_is_below_four_different_neighbours() {
    let puzzle = puzzle(
        &[],
        vec![Constraint::Extremum(Extremum {
            cell: cell("r5c5"),
            kind: ExtremumKind::Minimum,
        })],
    );
    let (eliminations, rule) = step_of(&puzzle, Technique::MinimumMaximum);
    // the four neighbours share box 5, so they hold four different digits above it
    assert!(eliminations.contains(&"r5c5<>6".to_string()));
    assert!(rule.starts_with("minimum cell r5c5: r5c5 ≤ 5, "), "{rule}");
    assert!(rule.contains("r4c5 ≠ 1"), "{rule}");
}

#[test]
fn quadruple_in_one_box_fills_its_cells() {
    let puzzle = puzzle(
        &[],
        vec![Constraint::Quadruple(Quadruple {
            cells: cells(&["r1c1", "r1c2", "r2c1", "r2c2"]),
            digits: digits(&[1, 2, 3, 4]),
        })],
    );
    let (eliminations, rule) = step_of(&puzzle, Technique::Quadruple);
    assert_eq!(eliminations.len(), 20);
    assert_eq!(
        rule,
        "quadruple 1234 at r1c1: r1c1 ≤ 4, r1c2 ≤ 4, r2c1 ≤ 4, r2c2 ≤ 4"
    );
}

#[test]
fn german_whispers_never_hold_a_five() {
    let puzzle = puzzle(&[], vec![line(LineKind::Whispers(5), &["r1c1", "r1c2"])]);
    let (eliminations, rule) = step_of(&puzzle, Technique::Whispers);
    assert_eq!(eliminations, ["r1c1<>5", "r1c2<>5"]);
    assert_eq!(rule, "German whispers r1c1-r1c2: r1c1 ≠ 5, r1c2 ≠ 5");
}

#[test]
fn renban_from_a_one_stays_low() {
    let puzzle = puzzle(
        &[("r1c1", 1)],
        vec![line(LineKind::Renban, &["r1c1", "r1c2", "r1c3"])],
    );
    let (_, rule) = step_of(&puzzle, Technique::Renban);
    assert_eq!(rule, "renban r1c1-r1c3: r1c2 ≤ 3, r1c3 ≤ 3");
}

#[test]
fn between_line_squeezes_its_middle() {
    let puzzle = puzzle(
        &[("r1c1", 2), ("r1c3", 4)],
        vec![line(LineKind::Between, &["r1c1", "r1c2", "r1c3"])],
    );
    let (_, rule) = step_of(&puzzle, Technique::BetweenLine);
    assert_eq!(rule, "between line r1c1-r1c3: r1c2 = 3");
}

#[test]
fn entropic_and_modular_lines_take_the_class_left() {
    let entropic = puzzle(
        &[("r1c1", 1), ("r1c2", 5)],
        vec![line(LineKind::Entropic, &["r1c1", "r1c2", "r1c3"])],
    );
    let (_, rule) = step_of(&entropic, Technique::EntropicLine);
    assert_eq!(rule, "entropic line r1c1-r1c3: r1c3 ≥ 7");
    let modular = puzzle(
        &[("r1c1", 1), ("r1c2", 2)],
        vec![line(LineKind::Modular, &["r1c1", "r1c2", "r1c3"])],
    );
    let (_, rule) = step_of(&modular, Technique::ModularLine);
    assert_eq!(rule, "modular line r1c1-r1c3: r1c3 ≠ 4,5,7,8");
}

#[test]
fn zipper_pair_adds_up_to_its_middle() {
    let puzzle = puzzle(
        &[("r1c2", 3)],
        vec![line(LineKind::Zipper, &["r1c1", "r1c2", "r1c3"])],
    );
    let (_, rule) = step_of(&puzzle, Technique::ZipperLine);
    assert_eq!(rule, "zipper line r1c1-r1c3: r1c1 ≤ 2, r1c3 ≤ 2");
}

#[test]
fn region_sum_line_repeats_a_one_cell_total() {
    let puzzle = puzzle(
        &[("r3c3", 4)],
        vec![line(LineKind::RegionSum, &["r3c3", "r4c4"])],
    );
    let (_, rule) = step_of(&puzzle, Technique::RegionSumLine);
    assert_eq!(rule, "region sum line r3c3-r4c4: r4c4 = 4");
}

#[test]
fn little_killer_of_two_cells_in_a_box() {
    let puzzle = puzzle(
        &[],
        vec![Constraint::LittleKiller(LittleKiller {
            clue: (0, 7),
            direction: Direction::DownRight,
            sum: 3,
        })],
    );
    let (_, rule) = step_of(&puzzle, Technique::LittleKiller);
    assert_eq!(rule, "little killer 3 on r1c8-r2c9: r1c8 ≤ 2, r2c9 ≤ 2");
}

fn outside(kind: OutsideKind, value: u32) -> Constraint {
    Constraint::Outside(OutsideClue {
        kind,
        side: Side::Left,
        index: 0,
        value,
    })
}

#[test]
fn sandwich_of_thirty_five_puts_the_one_and_nine_at_the_ends() {
    let puzzle = puzzle(&[], vec![outside(OutsideKind::Sandwich, 35)]);
    let (eliminations, rule) = step_of(&puzzle, Technique::SandwichSum);
    assert_eq!(eliminations.len(), 7 * 2 + 7 * 2);
    assert!(
        rule.starts_with("sandwich 35 on row 1 (left): r1c1 ≠ 2,3,4,5,6,7,8, r1c2 ≠ 1,9, "),
        "{rule}"
    );
}

#[test]
fn x_sum_and_skyscraper_clues_fix_a_row_start() {
    let x_sum = puzzle(&[], vec![outside(OutsideKind::XSum, 1)]);
    let (_, rule) = step_of(&x_sum, Technique::XSum);
    // the 1 it puts first leaves the rest of the row
    assert_eq!(
        rule,
        "X-sum 1 on row 1 (left): r1c1 = 1, r1c2 ≠ 1, r1c3 ≠ 1, r1c4 ≠ 1, r1c5 ≠ 1, \
         r1c6 ≠ 1, r1c7 ≠ 1, r1c8 ≠ 1, r1c9 ≠ 1"
    );
    let skyscraper = puzzle(&[], vec![outside(OutsideKind::Skyscraper, 9)]);
    let (eliminations, rule) = step_of(&skyscraper, Technique::SkyscraperClue);
    assert_eq!(eliminations.len(), 9 * 8);
    assert!(
        rule.starts_with("skyscraper 9 on row 1 (left): r1c1 = 1, r1c2 = 2, "),
        "{rule}"
    );
}

#[test]
fn column_indexer_sends_the_column_number_where_it_points() {
    let puzzle = puzzle(
        &[("r1c1", 3)],
        vec![Constraint::Indexer(Indexer::column(
            Geometry::for_size(9).unwrap(),
            0,
        ))],
    );
    let (eliminations, rule) = step_of(&puzzle, Technique::ColumnIndexer);
    // r1c3 holds the 1; the 1 leaves every other cell of the row
    assert!(eliminations.contains(&"r1c3<>2".to_string()));
    assert!(eliminations.contains(&"r1c2<>1".to_string()));
    assert!(rule.starts_with("column indexer r1c1: "), "{rule}");
    assert!(rule.contains("r1c3 = 1"), "{rule}");
}

#[test]
fn a_rule_that_says_nothing_new_gives_no_step() {
    // a thermometer whose cells are already solved in order
    let puzzle = puzzle(
        &[("r1c1", 1), ("r1c2", 2)],
        vec![line(LineKind::Thermometer, &["r1c1", "r1c2"])],
    );
    assert!(first_step(&puzzle, Technique::Thermometer).is_none());
}

#[test]
fn every_variant_technique_has_a_row_and_a_place_in_the_order() {
    let table = crate::grade::TechniqueTable::hodoku();
    for &technique in Technique::ALL
        .iter()
        .filter(|technique| technique.is_variant())
    {
        let row = table
            .row(technique)
            .unwrap_or_else(|| panic!("{technique}: no row"));
        assert!(row.enabled, "{technique}");
        assert!(table.order.contains(&technique), "{technique}: never tried");
        // rule steps sit on the scale a setter expects; only forcing reaches Extreme
        let expected_extreme = technique == Technique::RuleForcingChain;
        assert_eq!(
            row.level == crate::grade::Level::Extreme,
            expected_extreme,
            "{technique}"
        );
    }
}
