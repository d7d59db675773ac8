//! Variant rules (issue 32): each rule of the puzzle read as the grader's own [`Rule`] (a
//! shape over a few cells), and the steps it gives, named in setters' words with the cells
//! to draw: "thermometer r2c3-r4c3: r2c3 ≤ 6", "white Kropki dot r5c5-r5c6: r5c5 ≠ 9",
//! "anti-knight r4c4=5: r2c3 ≠ 5".
//!
//! A placed digit leaves the cells a chess move away (anti-knight, anti-king) as it leaves
//! its houses, one step per placed cell. Every other rule removes the digits no filling of
//! its own cells allows (the cells that see each other kept distinct, placed cells holding
//! their digit): exact for the rule alone, one step per rule. Together with the houses'
//! techniques that solves what a person solves rule by rule; what needs several rules
//! weighed at once is left to the chains, to rule forcing chains (an assumption followed
//! through singles and every rule, [`forcing`]), and then to trial steps, counted as such.

mod forcing;
mod rules;
mod supports;
#[cfg(test)]
mod tests;

pub(crate) use rules::{rules_of, Rule};

use crate::model::variant::ChessMove;

use super::super::board::Board;
use super::super::layout::Layout;
use super::super::step::Finding;
use super::super::technique::Technique;
use super::{digits_of, Context};
use rules::RuleShape;

/// The first step of `technique` (a variant technique) on `board`, rules in the puzzle's
/// order.
pub(crate) fn find<const W: usize>(
    technique: Technique,
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    if technique == Technique::RuleForcingChain {
        return forcing::rule_forcing_chain(context, board);
    }
    let layout = context.layout;
    for (slot, rule) in layout.rules.iter().enumerate() {
        if rule.technique != technique {
            continue;
        }
        if let RuleShape::Chess(chess) = rule.shape {
            if let Some(finding) = chess_step(layout, board, rule, chess) {
                return Some(finding);
            }
            continue;
        }
        let cells = rule.cells.iter().copied();
        if context
            .memo
            .is_barren_at(technique, slot, board, cells.clone())
        {
            continue;
        }
        if let Some(finding) = rule_step(layout, board, rule) {
            return Some(finding);
        }
        context.memo.set_barren_at(technique, slot, board, cells);
    }
    None
}

/// A placed digit removed from the cells a chess move away: the first placed cell, in
/// reading order, that still has such a candidate.
fn chess_step<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    rule: &Rule,
    chess: ChessMove,
) -> Option<Finding> {
    let geometry = layout.geometry;
    for cell in 0..layout.cell_count {
        let Some(digit) = board.values[cell].checked_sub(1).map(usize::from) else {
            continue;
        };
        let targets: Vec<usize> = chess
            .reach(geometry, layout.cell(cell))
            .into_iter()
            .map(|target| target.index())
            .filter(|&target| board.has(target, digit))
            .collect();
        if targets.is_empty() {
            continue;
        }
        let mut finding = Finding::new(rule.technique);
        finding.cells.push(cell);
        finding.cells.extend(&targets);
        finding.digits = 1 << digit;
        let shown = layout.digit(digit);
        let removed: Vec<String> = targets
            .iter()
            .map(|&target| format!("{} ≠ {shown}", layout.cell(target)))
            .collect();
        for target in targets {
            finding.eliminate(target, digit);
        }
        finding.rule = Some(format!(
            "{} {}={shown}: {}",
            rule.label,
            layout.cell(cell),
            removed.join(", ")
        ));
        return Some(finding);
    }
    None
}

/// The digits no filling of the rule's cells allows, removed (none: the rule says nothing
/// new, or its search passed its cap).
fn rule_step<const W: usize>(layout: &Layout<W>, board: &Board<W>, rule: &Rule) -> Option<Finding> {
    let supported = supports::supports(layout, board, rule)?;
    let mut finding = Finding::new(rule.technique);
    let mut parts = Vec::new();
    for (position, &cell) in rule.cells.iter().enumerate() {
        if board.values[cell] != 0 {
            continue;
        }
        let removed = board.candidates[cell] & !supported[position];
        if removed == 0 {
            continue;
        }
        let kept = board.candidates[cell] & supported[position];
        for digit in digits_of(removed) {
            finding.eliminate(cell, digit);
        }
        finding.digits |= removed;
        parts.push(bounds_text(layout, cell, kept, removed));
    }
    if finding.eliminations.is_empty() {
        return None;
    }
    // eliminations in reading order, as the other techniques list them
    finding.eliminations.sort_unstable();
    finding.cells = rule.drawing.clone();
    finding.rule = Some(format!("{}: {}", rule.label, parts.join(", ")));
    Some(finding)
}

/// What a step says about one cell, from the digits it keeps and those it loses: a lower
/// bound for two or more below every kept digit, an upper bound for two or more above, and
/// the others one by one (`r2c3 ≥ 3, r2c3 ≤ 6`, `r5c5 ≠ 4,9`).
fn bounds_text<const W: usize>(layout: &Layout<W>, cell: usize, kept: u32, removed: u32) -> String {
    let name = layout.cell(cell);
    if kept == 0 {
        return format!("{name} has no digit left");
    }
    if kept.count_ones() == 1 {
        return format!("{name} = {}", layout.digit(kept.trailing_zeros() as usize));
    }
    let lowest = kept.trailing_zeros() as usize;
    let highest = 31 - kept.leading_zeros() as usize;
    // a bound says more than one digit; a single digit is named
    let below = digits_of(removed).filter(|&digit| digit < lowest).count();
    let above = digits_of(removed).filter(|&digit| digit > highest).count();
    let mut parts = Vec::new();
    if below > 1 {
        parts.push(format!("{name} ≥ {}", layout.digit(lowest)));
    }
    if above > 1 {
        parts.push(format!("{name} ≤ {}", layout.digit(highest)));
    }
    let holes: Vec<String> = digits_of(removed)
        .filter(|&digit| (digit > lowest || below == 1) && (digit < highest || above == 1))
        .map(|digit| layout.digit(digit).to_string())
        .collect();
    if !holes.is_empty() {
        parts.push(format!("{name} ≠ {}", holes.join(",")));
    }
    parts.join(", ")
}
