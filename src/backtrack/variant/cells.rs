//! Rules on single cells and small groups: even/odd cells (a digit mask), minimum/maximum
//! cells (links to each neighbour) and quadruples (a tuple rule).

use crate::model::variant::{Extremum, ExtremumKind, Parity, PencilMarks, Quadruple};
use crate::model::Puzzle;

use super::Builder;
use crate::model::variant::tuple::Shape;

/// An even or odd cell keeps the digits of its parity.
pub(super) fn parity(builder: &mut Builder, rule: &Parity) {
    let even = rule.even;
    builder.restrict(rule.cell, |digit| digit.is_multiple_of(2) == even);
}

/// A cell with given pencil marks keeps only them.
pub(super) fn pencil_marks(builder: &mut Builder, rule: &PencilMarks) {
    builder.restrict(rule.cell, |digit| {
        rule.digits
            .iter()
            .any(|marked| u32::from(marked.get()) == digit)
    });
}

/// A minimum (maximum) cell is below (above) each orthogonal neighbour it is compared with
/// (not those that are cells of its kind).
pub(super) fn extremum(builder: &mut Builder, puzzle: &Puzzle, rule: &Extremum) {
    let extrema: Vec<Extremum> = puzzle.extrema().copied().collect();
    for neighbour in rule.compared_neighbours(puzzle.geometry(), &extrema) {
        match rule.kind {
            ExtremumKind::Minimum => builder.relate(rule.cell, neighbour, |own, other| own < other),
            ExtremumKind::Maximum => builder.relate(rule.cell, neighbour, |own, other| own > other),
        }
    }
}

/// A quadruple's digits all appear around its corner.
pub(super) fn quadruple(builder: &mut Builder, rule: &Quadruple) {
    let digits = rule
        .digits
        .iter()
        .map(|digit| u32::from(digit.get()))
        .collect();
    builder.tuple(&rule.cells, Shape::Quadruple(digits));
}
