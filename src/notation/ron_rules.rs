//! The variant rules in a RON document: a `regions` map (n² characters, each cell's region
//! numbered from 1 in the alphabet) and a `rules` list, one item per rule in the model's
//! order, cells named `r<row>c<column>`:
//! `Line(Thermometer, ["r1c1", "r1c2"])`, `Dot(White(1), "r4c4", "r4c5")`,
//! `Arrow(["r5c5"], ["r5c6", "r5c7"])`, `LittleKiller((0, 4), DownLeft, 17)`,
//! `Outside(Sandwich, Top, 3, 10)`, `ExtraHouse([…])`, `DisjointGroup(0)`, `AntiKnight`,
//! `FreeCage(["r1c1", "r3c3"], Some(7))`, ….

use serde::{Deserialize, Serialize};

use super::error::{excerpt, NotationError, Reason};
use crate::model::variant::{
    Arrow, ChessMove, CloneRule, Direction, Dot, DotFamily, DotKind, Extremum, ExtremumKind,
    FreeCage, Indexer, IndexerKind, Line, LineKind, LittleKiller, Negative, OutsideClue,
    OutsideKind, Parity, PencilMarks, Quadruple, Side,
};
use crate::model::{Cell, Constraint, Digit, Geometry, House, HouseKind};

/// What a mark between two neighbours says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Mark {
    /// A white Kropki dot of this difference.
    White(u32),
    /// A black Kropki dot of this ratio.
    Black(u32),
    /// A sum: X (10), V (5) or another.
    Sum(u32),
}

/// A family of marks, for a negative constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Family {
    White,
    Black,
    Sum,
}

/// The rule a line carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum LineRule {
    Thermometer,
    SlowThermometer,
    Palindrome,
    Between,
    Renban,
    Whispers(u32),
    Entropic,
    Modular,
    Zipper,
    RegionSum,
    DoubleArrow,
    Lockout,
    Nabner,
}

/// Which house an indexer cell points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum IndexerRule {
    Column,
    Row,
    Box,
}

/// A little killer's direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Way {
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

/// What a clue outside the grid counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Count {
    Sandwich,
    XSum,
    Skyscraper,
}

/// The side of the grid a clue sits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Edge {
    Top,
    Bottom,
    Left,
    Right,
}

/// One variant rule as RON writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Rule {
    /// An extra region of n cells (a house).
    ExtraHouse(Vec<String>),
    /// The disjoint group of one position inside the boxes, from 0.
    DisjointGroup(u8),
    /// An extra region of fewer cells whose digits differ.
    ExtraRegion(Vec<String>),
    AntiKnight,
    AntiKing,
    Dot(Mark, String, String),
    Negative(Family, Vec<u32>),
    Even(String),
    /// Given pencil marks: the cell and its digits.
    PencilMarks(String, Vec<u8>),
    Odd(String),
    Minimum(String),
    Maximum(String),
    Quadruple(Vec<String>, Vec<u8>),
    Line(LineRule, Vec<String>),
    /// Cells and their clones, in pairs.
    Clone(Vec<String>, Vec<String>),
    /// Circle (or pill) and shaft.
    Arrow(Vec<String>, Vec<String>),
    /// The clue's place in the frame (row, column from 0 to n + 1), direction, total.
    LittleKiller((u8, u8), Way, u32),
    /// What, which side, which row or column from 1, the clue.
    Outside(Count, Edge, u8, u32),
    /// The column, from 1: its every cell a column indexer.
    ColumnIndexer(u8),
    /// Indexer cells of one kind (a row, box or part of a column).
    Indexer(IndexerRule, Vec<String>),
    /// A free cage (overlapping another cage, or in pieces): its cells and its sum, if shown.
    FreeCage(Vec<String>, Option<u32>),
}

fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(ToString::to_string).collect()
}

/// The RON item for a variant rule, `None` for the constraints the document holds in its
/// own fields (diagonals, cages, comparisons, regions).
pub(super) fn rule_of(constraint: &Constraint, geometry: Geometry) -> Option<Rule> {
    Some(match constraint {
        Constraint::Distinct(house) => match house.kind() {
            HouseKind::Extra(_) => Rule::ExtraHouse(names(house.cells())),
            HouseKind::Disjoint(position) => Rule::DisjointGroup(position),
            _ => return None,
        },
        Constraint::Cage(_) | Constraint::Compare(_) | Constraint::Regions(_) => return None,
        Constraint::ExtraRegion(cells) => Rule::ExtraRegion(names(cells)),
        Constraint::Chess(ChessMove::Knight) => Rule::AntiKnight,
        Constraint::Chess(ChessMove::King) => Rule::AntiKing,
        Constraint::Dot(dot) => {
            let mark = match dot.kind {
                DotKind::Difference(value) => Mark::White(value),
                DotKind::Ratio(value) => Mark::Black(value),
                DotKind::Sum(value) => Mark::Sum(value),
            };
            Rule::Dot(mark, dot.first.to_string(), dot.second.to_string())
        }
        Constraint::Negative(rule) => {
            let family = match rule.family {
                DotFamily::Difference => Family::White,
                DotFamily::Ratio => Family::Black,
                DotFamily::Sum => Family::Sum,
            };
            Rule::Negative(family, rule.values.clone())
        }
        Constraint::PencilMarks(rule) => Rule::PencilMarks(
            rule.cell.to_string(),
            rule.digits.iter().map(|digit| digit.get()).collect(),
        ),
        Constraint::Parity(rule) if rule.even => Rule::Even(rule.cell.to_string()),
        Constraint::Parity(rule) => Rule::Odd(rule.cell.to_string()),
        Constraint::Extremum(rule) => match rule.kind {
            ExtremumKind::Minimum => Rule::Minimum(rule.cell.to_string()),
            ExtremumKind::Maximum => Rule::Maximum(rule.cell.to_string()),
        },
        Constraint::Quadruple(rule) => Rule::Quadruple(
            names(&rule.cells),
            rule.digits.iter().map(|digit| digit.get()).collect(),
        ),
        Constraint::Line(line) => {
            let kind = match line.kind {
                LineKind::Thermometer => LineRule::Thermometer,
                LineKind::SlowThermometer => LineRule::SlowThermometer,
                LineKind::Palindrome => LineRule::Palindrome,
                LineKind::Between => LineRule::Between,
                LineKind::Renban => LineRule::Renban,
                LineKind::Whispers(difference) => LineRule::Whispers(difference),
                LineKind::Entropic => LineRule::Entropic,
                LineKind::Modular => LineRule::Modular,
                LineKind::Zipper => LineRule::Zipper,
                LineKind::RegionSum => LineRule::RegionSum,
                LineKind::DoubleArrow => LineRule::DoubleArrow,
                LineKind::Lockout => LineRule::Lockout,
                LineKind::Nabner => LineRule::Nabner,
            };
            Rule::Line(kind, names(&line.cells))
        }
        Constraint::Clone(rule) => Rule::Clone(names(&rule.first), names(&rule.second)),
        Constraint::Arrow(rule) => Rule::Arrow(names(&rule.circle), names(&rule.shaft)),
        Constraint::LittleKiller(rule) => {
            let way = match rule.direction {
                Direction::UpLeft => Way::UpLeft,
                Direction::UpRight => Way::UpRight,
                Direction::DownLeft => Way::DownLeft,
                Direction::DownRight => Way::DownRight,
            };
            Rule::LittleKiller(rule.clue, way, rule.sum)
        }
        Constraint::Outside(clue) => {
            let count = match clue.kind {
                OutsideKind::Sandwich => Count::Sandwich,
                OutsideKind::XSum => Count::XSum,
                OutsideKind::Skyscraper => Count::Skyscraper,
            };
            let edge = match clue.side {
                Side::Top => Edge::Top,
                Side::Bottom => Edge::Bottom,
                Side::Left => Edge::Left,
                Side::Right => Edge::Right,
            };
            Rule::Outside(count, edge, clue.index + 1, clue.value)
        }
        Constraint::Indexer(rule) => match rule.whole_column(geometry) {
            Some(column) => Rule::ColumnIndexer(column + 1),
            None => Rule::Indexer(
                match rule.kind {
                    IndexerKind::Column => IndexerRule::Column,
                    IndexerKind::Row => IndexerRule::Row,
                    IndexerKind::Box => IndexerRule::Box,
                },
                names(&rule.cells),
            ),
        },
        Constraint::FreeCage(rule) => Rule::FreeCage(names(&rule.cells), rule.sum),
    })
}

/// The constraint a RON item stands for, its cells read in `geometry`.
pub(super) fn constraint_of(
    rule: &Rule,
    geometry: Geometry,
    line: usize,
    extra_houses: &mut u8,
) -> Result<Constraint, NotationError> {
    let cell = |name: &str| super::ron::parse_cell(name, geometry, line);
    let cells = |names: &[String]| {
        names
            .iter()
            .map(|name| cell(name))
            .collect::<Result<Vec<Cell>, NotationError>>()
    };
    let number = |value: u8, what: &'static str| {
        value.checked_sub(1).ok_or_else(|| {
            NotationError::at(
                line,
                Reason::Invalid {
                    text: excerpt(&value.to_string()),
                    what,
                    expected: "a number from 1 to the side",
                },
            )
        })
    };
    Ok(match rule {
        Rule::ExtraHouse(names) => {
            let house = House::new(HouseKind::Extra(*extra_houses), cells(names)?);
            *extra_houses = extra_houses.saturating_add(1);
            Constraint::Distinct(house)
        }
        Rule::DisjointGroup(position) => {
            let groups = Constraint::disjoint_groups(geometry);
            groups
                .into_iter()
                .nth(usize::from(*position))
                .ok_or_else(|| {
                    NotationError::at(
                        line,
                        Reason::Invalid {
                            text: format!("DisjointGroup({position})"),
                            what: "a disjoint group of this grid",
                            expected:
                                "a position from 0 to the side less one, in a grid with boxes",
                        },
                    )
                })?
        }
        Rule::ExtraRegion(names) => Constraint::ExtraRegion(cells(names)?),
        Rule::AntiKnight => Constraint::Chess(ChessMove::Knight),
        Rule::AntiKing => Constraint::Chess(ChessMove::King),
        Rule::Dot(mark, first, second) => Constraint::Dot(Dot {
            first: cell(first)?,
            second: cell(second)?,
            kind: match *mark {
                Mark::White(value) => DotKind::Difference(value),
                Mark::Black(value) => DotKind::Ratio(value),
                Mark::Sum(value) => DotKind::Sum(value),
            },
        }),
        Rule::Negative(family, values) => Constraint::Negative(Negative {
            family: match family {
                Family::White => DotFamily::Difference,
                Family::Black => DotFamily::Ratio,
                Family::Sum => DotFamily::Sum,
            },
            values: values.clone(),
        }),
        Rule::Even(name) => Constraint::Parity(Parity {
            cell: cell(name)?,
            even: true,
        }),
        Rule::Odd(name) => Constraint::Parity(Parity {
            cell: cell(name)?,
            even: false,
        }),
        Rule::Minimum(name) => Constraint::Extremum(Extremum {
            cell: cell(name)?,
            kind: ExtremumKind::Minimum,
        }),
        Rule::Maximum(name) => Constraint::Extremum(Extremum {
            cell: cell(name)?,
            kind: ExtremumKind::Maximum,
        }),
        Rule::PencilMarks(name, digits) => {
            let mut digits = read_digits(digits, "a pencil mark's digit", line)?;
            digits.sort_unstable();
            digits.dedup();
            Constraint::PencilMarks(PencilMarks {
                cell: cell(name)?,
                digits,
            })
        }
        Rule::Quadruple(names, digits) => {
            let digits = read_digits(digits, "a quadruple's digit", line)?;
            Constraint::Quadruple(Quadruple {
                cells: cells(names)?,
                digits,
            })
        }
        Rule::Line(kind, names) => Constraint::Line(Line {
            kind: match *kind {
                LineRule::Thermometer => LineKind::Thermometer,
                LineRule::SlowThermometer => LineKind::SlowThermometer,
                LineRule::Palindrome => LineKind::Palindrome,
                LineRule::Between => LineKind::Between,
                LineRule::Renban => LineKind::Renban,
                LineRule::Whispers(difference) => LineKind::Whispers(difference),
                LineRule::Entropic => LineKind::Entropic,
                LineRule::Modular => LineKind::Modular,
                LineRule::Zipper => LineKind::Zipper,
                LineRule::RegionSum => LineKind::RegionSum,
                LineRule::DoubleArrow => LineKind::DoubleArrow,
                LineRule::Lockout => LineKind::Lockout,
                LineRule::Nabner => LineKind::Nabner,
            },
            cells: cells(names)?,
        }),
        Rule::Clone(first, second) => Constraint::Clone(CloneRule {
            first: cells(first)?,
            second: cells(second)?,
        }),
        Rule::Arrow(circle, shaft) => Constraint::Arrow(Arrow {
            circle: cells(circle)?,
            shaft: cells(shaft)?,
        }),
        Rule::LittleKiller(clue, way, sum) => Constraint::LittleKiller(LittleKiller {
            clue: *clue,
            direction: match way {
                Way::UpLeft => Direction::UpLeft,
                Way::UpRight => Direction::UpRight,
                Way::DownLeft => Direction::DownLeft,
                Way::DownRight => Direction::DownRight,
            },
            sum: *sum,
        }),
        Rule::Outside(count, edge, index, value) => Constraint::Outside(OutsideClue {
            kind: match count {
                Count::Sandwich => OutsideKind::Sandwich,
                Count::XSum => OutsideKind::XSum,
                Count::Skyscraper => OutsideKind::Skyscraper,
            },
            side: match edge {
                Edge::Top => Side::Top,
                Edge::Bottom => Side::Bottom,
                Edge::Left => Side::Left,
                Edge::Right => Side::Right,
            },
            index: number(*index, "a row or column")?,
            value: *value,
        }),
        Rule::ColumnIndexer(column) => {
            Constraint::Indexer(Indexer::column(geometry, number(*column, "a column")?))
        }
        Rule::Indexer(kind, names) => Constraint::Indexer(Indexer {
            kind: match kind {
                IndexerRule::Column => IndexerKind::Column,
                IndexerRule::Row => IndexerKind::Row,
                IndexerRule::Box => IndexerKind::Box,
            },
            cells: cells(names)?,
        }),
        Rule::FreeCage(names, sum) => Constraint::FreeCage(FreeCage {
            cells: cells(names)?,
            sum: *sum,
        }),
    })
}

/// Digits from their values (`what` names them in the refusal of a value that is none).
fn read_digits(
    values: &[u8],
    what: &'static str,
    line: usize,
) -> Result<Vec<Digit>, NotationError> {
    values
        .iter()
        .map(|&value| {
            Digit::new(value).ok_or_else(|| {
                NotationError::at(
                    line,
                    Reason::Invalid {
                        text: value.to_string(),
                        what,
                        expected: "a digit from 1 to the side",
                    },
                )
            })
        })
        .collect()
}
