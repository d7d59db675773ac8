//! The grader's reading of a puzzle's variant rules: each becomes one or more [`Rule`]s
//! (a shape over a few cells, in the order its check reads them), named in setters' words.

use crate::model::variant::{
    lockout_difference, reading_order, segment_ends, ChessMove, DotKind, ExtremumKind, IndexerKind,
    LineKind, OutsideKind,
};
use crate::model::{Cell, Constraint, Geometry, Puzzle};

use super::super::super::technique::Technique;

/// What the digits of a rule's cells must satisfy, reading them in the rule's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// No digit a chess move from itself (the cells are the whole grid; handled apart).
    Chess(ChessMove),
    /// All different (an extra region of fewer than n cells).
    Distinct,
    /// The two digits stand in this relation (a Kropki dot, an X or a V).
    Relation(DotKind),
    /// The two digits stand in none of these relations (the negative constraint).
    Forbidden(Vec<DotKind>),
    /// The one digit is even (`true`) or odd.
    Parity(bool),
    /// The first digit is below (`true`: a minimum) or above every other.
    Extremum(bool),
    /// Every listed digit appears, as often as listed.
    Quadruple(Vec<u32>),
    /// Digits rise along the cells (never fall, when `slow`).
    Thermometer {
        /// A slow thermometer: digits may stay the same.
        slow: bool,
    },
    /// The cells read the same from both ends.
    Palindrome,
    /// The two digits are equal (a cell and its clone).
    Equal,
    /// Neighbours along the cells differ by at least this much.
    Whispers(u32),
    /// Distinct, consecutive digits.
    Renban,
    /// The two ends first, then the cells between: each strictly between the ends.
    Between,
    /// The two ends first, differing by at least this much, then the cells between: each
    /// outside the ends, inclusive (a lockout line).
    Lockout(u32),
    /// Every two digits at least [`crate::model::variant::NABNER_GAP`] apart (a nabner line).
    Nabner,
    /// Any two cells fewer than three apart fall in different bands (low, middle, high).
    Entropic,
    /// Any two cells fewer than three apart have different remainders mod 3.
    Modular,
    /// The middle cell first when `odd`, then the pairs from the ends inwards: each pair adds
    /// up to the middle digit (odd) or to the first pair's total.
    Zipper {
        /// Whether the line has a middle cell.
        odd: bool,
    },
    /// The cells grouped by region, group `g` ending at `ends[g]`: equal totals.
    RegionSum(Vec<usize>),
    /// The first `circle` cells read as one number, equal to the sum of the others.
    Arrow(usize),
    /// The digits add up to this (a little killer; repeats where cells do not see each other).
    Sum(u32),
    /// All different, adding up to the sum if there is one (a free cage).
    Cage(Option<u32>),
    /// A whole row or column from the clue on, meeting a sandwich, X-sum or skyscraper clue.
    Outside(OutsideKind, u32),
    /// An indexer cell's house, in order: the digit d in the cell at this position puts the
    /// position's number (from 1) in the d-th cell.
    Indexer(usize),
}

/// One rule as the grader reads it.
#[derive(Clone, Debug)]
pub(crate) struct Rule {
    /// The technique whose steps it gives.
    pub technique: Technique,
    /// The cells in the order the shape reads them.
    pub cells: Vec<usize>,
    /// The cells in drawing order (along the line, circle first), for the step's evidence.
    pub drawing: Vec<usize>,
    /// What the digits must satisfy.
    pub shape: Shape,
    /// The rule in setters' words with its cells (`thermometer r2c3-r4c3`).
    pub label: String,
}

impl Rule {
    fn new(technique: Technique, cells: Vec<Cell>, shape: Shape, label: String) -> Rule {
        let cells: Vec<usize> = cells.iter().map(|cell| cell.index()).collect();
        Rule {
            technique,
            drawing: cells.clone(),
            cells,
            shape,
            label,
        }
    }

    /// The same rule reading its cells in another order (drawing order kept).
    fn reading(mut self, order: Vec<Cell>) -> Rule {
        self.cells = order.iter().map(|cell| cell.index()).collect();
        self
    }

    /// Whether every two of the rule's cells hold different digits (an extra region, a
    /// renban line, a thermometer's strictly rising digits).
    fn all_apart(&self) -> bool {
        matches!(
            self.shape,
            Shape::Distinct | Shape::Cage(_) | Shape::Renban | Shape::Thermometer { slow: false }
        )
    }

    /// The pairs of cells the rule keeps from holding the same digit, as the native engine's
    /// peers have them: cells a chess move apart, or any two cells of a rule whose cells all
    /// differ. (Other rules may also forbid equal digits in a pair; those pairs are left to
    /// the rule's own steps, as the native engine leaves them to propagation.)
    pub(crate) fn apart_pairs(&self, geometry: Geometry) -> Vec<(usize, usize)> {
        match self.shape {
            Shape::Chess(chess) => geometry
                .cells()
                .flat_map(|cell| {
                    chess
                        .reach(geometry, cell)
                        .into_iter()
                        .map(move |other| (cell.index(), other.index()))
                })
                .collect(),
            _ if self.all_apart() => self
                .cells
                .iter()
                .enumerate()
                .flat_map(|(position, &first)| {
                    self.cells[position + 1..]
                        .iter()
                        .map(move |&second| (first, second))
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Whether the rule keeps `first` and `second` from holding the same digit (one of
    /// [`Rule::apart_pairs`]).
    pub(crate) fn keeps_apart(&self, geometry: Geometry, first: Cell, second: Cell) -> bool {
        match self.shape {
            Shape::Chess(chess) => chess.reach(geometry, first).contains(&second),
            _ if self.all_apart() => {
                self.cells.contains(&first.index()) && self.cells.contains(&second.index())
            }
            _ => false,
        }
    }
}

/// `r1c1-r1c4`: the first and last cell of a run.
fn span(cells: &[Cell]) -> String {
    crate::model::variant::span(cells)
}

/// `r1c2+r2c3`: every cell, for sums.
fn plus(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

/// Every variant rule of `puzzle`, in the order the puzzle lists them (houses, cages and
/// comparisons are not rules here: the classic and killer techniques read them).
pub(crate) fn rules_of(puzzle: &Puzzle) -> Vec<Rule> {
    let geometry = puzzle.geometry();
    let mut rules = Vec::new();
    for constraint in puzzle.constraints() {
        match constraint {
            Constraint::Distinct(_)
            | Constraint::Cage(_)
            | Constraint::Compare(_)
            | Constraint::Regions(_) => {}
            // clues like givens: the board starts with only the marked digits
            Constraint::PencilMarks(_) => {}
            Constraint::Chess(chess) => {
                let technique = match chess {
                    ChessMove::Knight => Technique::AntiKnight,
                    ChessMove::King => Technique::AntiKing,
                };
                rules.push(Rule::new(
                    technique,
                    Vec::new(),
                    Shape::Chess(*chess),
                    chess.to_string(),
                ));
            }
            Constraint::ExtraRegion(cells) => rules.push(Rule::new(
                Technique::ExtraRegion,
                cells.clone(),
                Shape::Distinct,
                constraint.to_string(),
            )),
            Constraint::Dot(dot) => {
                let technique = match dot.kind {
                    DotKind::Sum(_) => Technique::XvSum,
                    _ => Technique::KropkiDot,
                };
                rules.push(Rule::new(
                    technique,
                    vec![dot.first, dot.second],
                    Shape::Relation(dot.kind),
                    dot.to_string(),
                ));
            }
            Constraint::Negative(negative) => {
                let forbidden: Vec<DotKind> = negative.forbidden().collect();
                for (first, second) in negative.unmarked_pairs(geometry, puzzle.dots()) {
                    rules.push(Rule::new(
                        Technique::NegativeConstraint,
                        vec![first, second],
                        Shape::Forbidden(forbidden.clone()),
                        format!("{negative} {first}-{second}"),
                    ));
                }
            }
            Constraint::Parity(parity) => rules.push(Rule::new(
                Technique::EvenOdd,
                vec![parity.cell],
                Shape::Parity(parity.even),
                parity.to_string(),
            )),
            Constraint::Extremum(extremum) => {
                let extrema: Vec<_> = puzzle.extrema().copied().collect();
                let mut cells = vec![extremum.cell];
                cells.extend(extremum.compared_neighbours(geometry, &extrema));
                rules.push(Rule::new(
                    Technique::MinimumMaximum,
                    cells,
                    Shape::Extremum(extremum.kind == ExtremumKind::Minimum),
                    extremum.to_string(),
                ));
            }
            Constraint::Quadruple(quadruple) => rules.push(Rule::new(
                Technique::Quadruple,
                quadruple.cells.clone(),
                Shape::Quadruple(
                    quadruple
                        .digits
                        .iter()
                        .map(|d| u32::from(d.get()))
                        .collect(),
                ),
                quadruple.to_string(),
            )),
            Constraint::Line(line) => {
                rules.push(line_rule(puzzle, &line.cells, line.kind, line.to_string()));
            }
            Constraint::Clone(clone) => {
                for (&first, &second) in clone.first.iter().zip(&clone.second) {
                    rules.push(Rule::new(
                        Technique::Clone,
                        vec![first, second],
                        Shape::Equal,
                        format!("clone {first} = {second}"),
                    ));
                }
            }
            Constraint::Arrow(arrow) => {
                let mut cells = arrow.circle.clone();
                cells.extend(&arrow.shaft);
                rules.push(Rule::new(
                    Technique::ArrowSum,
                    cells,
                    Shape::Arrow(arrow.circle.len()),
                    format!("arrow {} → {}", span(&arrow.circle), plus(&arrow.shaft)),
                ));
            }
            Constraint::LittleKiller(killer) => {
                let cells = killer.cells(geometry);
                let label = format!("little killer {} on {}", killer.sum, span(&cells));
                rules.push(Rule::new(
                    Technique::LittleKiller,
                    cells,
                    Shape::Sum(killer.sum),
                    label,
                ));
            }
            Constraint::Outside(clue) => {
                let technique = match clue.kind {
                    OutsideKind::Sandwich => Technique::SandwichSum,
                    OutsideKind::XSum => Technique::XSum,
                    OutsideKind::Skyscraper => Technique::SkyscraperClue,
                };
                rules.push(Rule::new(
                    technique,
                    clue.cells(geometry),
                    Shape::Outside(clue.kind, clue.value),
                    clue.to_string(),
                ));
            }
            Constraint::FreeCage(cage) => rules.push(Rule::new(
                Technique::FreeCage,
                cage.cells.clone(),
                Shape::Cage(cage.sum),
                cage.to_string(),
            )),
            Constraint::Indexer(indexer) => {
                let technique = match indexer.kind {
                    IndexerKind::Column => Technique::ColumnIndexer,
                    IndexerKind::Row => Technique::RowIndexer,
                    IndexerKind::Box => Technique::BoxIndexer,
                };
                let region_of = |cell: Cell| puzzle.region_of(cell);
                for &cell in &indexer.cells {
                    let (house, position) = indexer.house(geometry, &region_of, cell);
                    rules.push(Rule::new(
                        technique,
                        house,
                        Shape::Indexer(position),
                        format!("{} {cell}", indexer.kind),
                    ));
                }
            }
        }
    }
    rules
}

/// The rule of a line, its cells read in the order its shape checks them.
fn line_rule(puzzle: &Puzzle, cells: &[Cell], kind: LineKind, label: String) -> Rule {
    let cells = cells.to_vec();
    let length = cells.len();
    match kind {
        LineKind::Thermometer => Rule::new(
            Technique::Thermometer,
            cells,
            Shape::Thermometer { slow: false },
            label,
        ),
        LineKind::SlowThermometer => Rule::new(
            Technique::Thermometer,
            cells,
            Shape::Thermometer { slow: true },
            label,
        ),
        LineKind::Palindrome => Rule::new(Technique::Palindrome, cells, Shape::Palindrome, label),
        LineKind::Renban => Rule::new(Technique::Renban, cells, Shape::Renban, label),
        LineKind::Whispers(difference) => Rule::new(
            Technique::Whispers,
            cells,
            Shape::Whispers(difference),
            label,
        ),
        LineKind::Entropic => Rule::new(Technique::EntropicLine, cells, Shape::Entropic, label),
        LineKind::Modular => Rule::new(Technique::ModularLine, cells, Shape::Modular, label),
        LineKind::Between => {
            let order = reading_order(kind, &cells);
            Rule::new(Technique::BetweenLine, cells, Shape::Between, label).reading(order)
        }
        LineKind::Zipper => {
            let order = reading_order(kind, &cells);
            let odd = length % 2 == 1;
            Rule::new(Technique::ZipperLine, cells, Shape::Zipper { odd }, label).reading(order)
        }
        LineKind::DoubleArrow => {
            // the two ends as one segment, the cells between as the other
            let order = reading_order(kind, &cells);
            let ends = if length < 3 {
                Vec::new()
            } else {
                vec![2, length]
            };
            Rule::new(Technique::DoubleArrow, cells, Shape::RegionSum(ends), label).reading(order)
        }
        LineKind::Lockout => {
            let order = reading_order(kind, &cells);
            let difference = lockout_difference(puzzle.size().into());
            Rule::new(
                Technique::LockoutLine,
                cells,
                Shape::Lockout(difference),
                label,
            )
            .reading(order)
        }
        LineKind::Nabner => Rule::new(Technique::NabnerLine, cells, Shape::Nabner, label),
        LineKind::RegionSum => {
            // segments in line order: each maximal run of cells in one region
            let ends = segment_ends(&cells, &|cell| puzzle.region_of(cell));
            Rule::new(
                Technique::RegionSumLine,
                cells,
                Shape::RegionSum(ends),
                label,
            )
        }
    }
}
