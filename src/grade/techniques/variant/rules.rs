//! The grader's reading of a puzzle's variant rules: each becomes one or more [`Rule`]s
//! (a shape over a few cells, in the order its check reads them), named in setters' words.

use crate::model::variant::tuple::{line_tuple, Shape};
use crate::model::variant::{ChessMove, DotKind, ExtremumKind, IndexerKind, LineKind, OutsideKind};
use crate::model::{Cell, Constraint, Geometry, Puzzle};

use super::super::super::technique::Technique;

/// What a rule asks of its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RuleShape {
    /// No digit a chess move from itself (the cells are the whole grid; handled apart).
    Chess(ChessMove),
    /// A tuple rule: the digits of the rule's cells, read in its order, meet the shape.
    Tuple(Shape),
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
    pub shape: RuleShape,
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
            shape: RuleShape::Tuple(shape),
            label,
        }
    }

    /// The same rule reading its cells in another order (drawing order kept).
    fn reading(mut self, order: Vec<Cell>) -> Rule {
        self.cells = order.iter().map(|cell| cell.index()).collect();
        self
    }

    /// Whether every two of the rule's cells hold different digits (an extra region, a free
    /// cage, a renban line, a nabner line, a thermometer's strictly rising digits), as the
    /// native engine's peers have them.
    fn all_apart(&self) -> bool {
        matches!(
            self.shape,
            RuleShape::Tuple(
                Shape::Distinct
                    | Shape::Cage(_)
                    | Shape::Renban
                    | Shape::Nabner
                    | Shape::Thermometer { slow: false }
            )
        )
    }

    /// The pairs of cells the rule keeps from holding the same digit, as the native engine's
    /// peers have them: cells a chess move apart, or any two cells of a rule whose cells all
    /// differ. (Other rules may also forbid equal digits in a pair; those pairs are left to
    /// the rule's own steps, as the native engine leaves them to propagation.)
    pub(crate) fn apart_pairs(&self, geometry: Geometry) -> Vec<(usize, usize)> {
        match self.shape {
            RuleShape::Chess(chess) => geometry
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
            RuleShape::Chess(chess) => chess.reach(geometry, first).contains(&second),
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
                rules.push(Rule {
                    technique,
                    cells: Vec::new(),
                    drawing: Vec::new(),
                    shape: RuleShape::Chess(*chess),
                    label: chess.to_string(),
                });
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

/// The rule of a line, its cells read in the order its shape checks them (as the native
/// engine reads them: [`line_tuple`]).
fn line_rule(puzzle: &Puzzle, cells: &[Cell], kind: LineKind, label: String) -> Rule {
    let technique = match kind {
        LineKind::Thermometer | LineKind::SlowThermometer => Technique::Thermometer,
        LineKind::Palindrome => Technique::Palindrome,
        LineKind::Renban => Technique::Renban,
        LineKind::Whispers(_) => Technique::Whispers,
        LineKind::Entropic => Technique::EntropicLine,
        LineKind::Modular => Technique::ModularLine,
        LineKind::Between => Technique::BetweenLine,
        LineKind::Zipper => Technique::ZipperLine,
        LineKind::DoubleArrow => Technique::DoubleArrow,
        LineKind::Lockout => Technique::LockoutLine,
        LineKind::Nabner => Technique::NabnerLine,
        LineKind::RegionSum => Technique::RegionSumLine,
    };
    let size = u32::from(puzzle.size());
    let (order, shape) = line_tuple(kind, cells, size, &|cell| puzzle.region_of(cell));
    Rule::new(technique, cells.to_vec(), shape, label).reading(order)
}
