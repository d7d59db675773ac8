//! The rules a puzzle adds to its rows, columns and boxes: extra houses, cages, comparisons.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::geometry::{Cell, House};

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
/// new variant makes the compiler list each place that must handle it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// An extra all-different group of n cells, such as a long diagonal.
    Distinct(House),
    /// A killer cage.
    Cage(Cage),
    /// A relation between two cages' sums.
    Compare(Comparison),
}
