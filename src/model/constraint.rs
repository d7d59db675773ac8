//! The rules a puzzle adds to its rows, columns and boxes: extra houses, cages, comparisons,
//! and the variant rules of `variant/`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::geometry::{Cell, House};
use super::variant::{
    Arrow, ChessMove, CloneRule, Dot, Extremum, FreeCage, Indexer, Line, LittleKiller, Negative,
    OutsideClue, Parity, PencilMarks, Quadruple, Regions,
};

/// Which cage, by its position among the puzzle's cages (in the order they were given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CageId(u16);

impl CageId {
    /// The cage at zero-based position `index`.
    pub fn new(index: usize) -> CageId {
        CageId(u16::try_from(index).expect("at most 625 cages"))
    }

    /// Its zero-based position.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A killer cage: connected cells whose digits never repeat and, if `sum` is set, add up to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The cage's name in its source (a letter in the killer text format).
    pub label: String,
    /// Its cells.
    pub cells: Vec<Cell>,
    /// The sum of its digits, or `None` where the sum is hidden (greater killer).
    pub sum: Option<u32>,
}

/// How one cage's sum relates to another's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Relation {
    /// The first sum is smaller.
    Less,
    /// The sums are equal.
    Equal,
    /// The first sum is larger.
    Greater,
}

impl Relation {
    /// Whether `first` and `second` stand in this relation.
    pub fn holds(self, first: u32, second: u32) -> bool {
        match self {
            Relation::Less => first < second,
            Relation::Equal => first == second,
            Relation::Greater => first > second,
        }
    }

    /// The sign used in print: `<`, `=` or `>`.
    pub fn symbol(self) -> char {
        match self {
            Relation::Less => '<',
            Relation::Equal => '=',
            Relation::Greater => '>',
        }
    }
}

impl fmt::Display for Relation {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self {
            Relation::Less => "less",
            Relation::Equal => "equal",
            Relation::Greater => "greater",
        };
        formatter.write_str(word)
    }
}

/// A comparison of two cages' sums: `sum(first) relation sum(second)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Comparison {
    /// The left-hand cage.
    pub first: CageId,
    /// The right-hand cage.
    pub second: CageId,
    /// How their sums relate.
    pub relation: Relation,
}

/// One rule beyond rows, columns and boxes. Every engine matches on this closed set, so a
/// new variant makes the compiler list each place that must handle it. Each variant rule's
/// type, checks and meaning live in `model/variant/` (one file per family).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// An extra all-different group of n cells: a long diagonal, an extra region of n
    /// cells (windoku), a disjoint group.
    Distinct(House),
    /// A killer cage.
    Cage(Cage),
    /// A relation between two cages' sums.
    Compare(Comparison),
    /// Irregular regions standing where boxes stand (the geometry is irregular).
    Regions(Regions),
    /// An extra region of fewer than n cells: its digits differ.
    ExtraRegion(Vec<Cell>),
    /// Anti-knight or anti-king.
    Chess(ChessMove),
    /// A Kropki dot, X or V between two neighbours.
    Dot(Dot),
    /// The negative constraint of one family of marks (nonconsecutive for white dots).
    Negative(Negative),
    /// An even or odd cell.
    Parity(Parity),
    /// Given pencil marks: the cell holds one of the marked digits.
    PencilMarks(PencilMarks),
    /// A minimum or maximum cell.
    Extremum(Extremum),
    /// A quadruple on a corner.
    Quadruple(Quadruple),
    /// A line rule: thermometers, palindromes, between, renban, whispers, entropic,
    /// modular, zipper and region sum lines.
    Line(Line),
    /// Clone shapes.
    Clone(CloneRule),
    /// An arrow with its circle or pill.
    Arrow(Arrow),
    /// A little killer clue.
    LittleKiller(LittleKiller),
    /// A sandwich, X-sum or skyscraper clue outside the grid.
    Outside(OutsideClue),
    /// A column indexer (the 159 rule).
    Indexer(Indexer),
    /// A killer cage outside the usual layout: it overlaps another cage or comes in pieces.
    FreeCage(FreeCage),
}

impl Constraint {
    /// Whether this is one of the variant rules beyond houses, cages and comparisons.
    pub fn is_variant_rule(&self) -> bool {
        !matches!(
            self,
            Constraint::Distinct(_) | Constraint::Cage(_) | Constraint::Compare(_)
        )
    }
}

impl fmt::Display for Constraint {
    /// The rule in setters' words with its cells (`thermometer r2c3-r4c3`).
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Constraint::Distinct(house) => write!(formatter, "{}", house.kind()),
            Constraint::Cage(cage) => write!(formatter, "cage {}", cage.label),
            Constraint::Compare(comparison) => write!(
                formatter,
                "comparison of cages {} {} {}",
                comparison.first.index() + 1,
                comparison.relation.symbol(),
                comparison.second.index() + 1
            ),
            Constraint::Regions(_) => formatter.write_str("irregular regions"),
            Constraint::ExtraRegion(cells) => {
                write!(formatter, "extra region {}", super::variant::span(cells))
            }
            Constraint::Chess(rule) => write!(formatter, "{rule}"),
            Constraint::Dot(rule) => write!(formatter, "{rule}"),
            Constraint::Negative(rule) => write!(formatter, "{rule}"),
            Constraint::Parity(rule) => write!(formatter, "{rule}"),
            Constraint::PencilMarks(rule) => write!(formatter, "{rule}"),
            Constraint::Extremum(rule) => write!(formatter, "{rule}"),
            Constraint::Quadruple(rule) => write!(formatter, "{rule}"),
            Constraint::Line(rule) => write!(formatter, "{rule}"),
            Constraint::Clone(rule) => write!(formatter, "{rule}"),
            Constraint::Arrow(rule) => write!(formatter, "{rule}"),
            Constraint::LittleKiller(rule) => write!(formatter, "{rule}"),
            Constraint::Outside(rule) => write!(formatter, "{rule}"),
            Constraint::Indexer(rule) => write!(formatter, "{rule}"),
            Constraint::FreeCage(rule) => write!(formatter, "{rule}"),
        }
    }
}
