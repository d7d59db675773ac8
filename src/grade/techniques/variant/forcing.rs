//! Rule forcing chains: a candidate of a cell with two to four candidates, or a digit with
//! two places left in a house, is assumed, and its consequences are followed through singles
//! and every variant rule (each rule's exact supports, a placed digit off its chess moves);
//! when they end in a contradiction (a cell without a digit, a house without a place for a
//! digit, a rule no filling of its cells meets), the candidate is removed. The classic
//! chains know nothing of the rules; these do, which is what a variant needs before a guess.

use crate::grade::board::Board;
use crate::grade::layout::Layout;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;
use crate::grade::techniques::premises::{forcing_premises, place_singles, Emptied, TwoPlaces};
use crate::grade::techniques::{digits_of, Context};

use super::rules::RuleShape;
use super::supports::supports;

/// Most candidates a cell may have for its candidates to be assumed. As the cage forcing
/// chain's: on the shared variant puzzles, assuming every candidate (9) leaves 23 trial steps
/// instead of 43 but takes up to 9 s on one puzzle instead of 0.3 s.
const MAX_ASSUMED_CANDIDATES: u32 = 4;

/// Most placements the explanation lists before the contradiction.
const SHOWN_PLACEMENTS: usize = 6;

/// Why an assumption fails, in words.
type Contradiction = String;

/// The first candidate (cells with fewest candidates first, then digits with two places in
/// a house) whose consequences contradict each other.
pub(crate) fn rule_forcing_chain<const W: usize>(
    context: &Context<'_, W>,
    board: &Board<W>,
) -> Option<Finding> {
    let layout = context.layout;
    if layout.rules.is_empty() {
        return None;
    }
    let premises = forcing_premises(layout, board, MAX_ASSUMED_CANDIDATES, TwoPlaces::Every);
    let mut scratch = board.clone();
    for (cell, digit) in premises {
        if !context.memo.charge(layout.cell_count as u64) {
            return None;
        }
        scratch.copy_grid_from(board);
        scratch.place_ahead(layout, cell, digit);
        let mut trail = Vec::new();
        let Err(contradiction) = follow(layout, &mut scratch, &mut trail) else {
            continue;
        };
        let mut finding = Finding::new(Technique::RuleForcingChain);
        finding.eliminate(cell, digit);
        finding.cells.push(cell);
        finding
            .cells
            .extend(trail.iter().map(|&(placed, _)| placed));
        finding.digits = 1 << digit;
        let mut shown: Vec<String> = trail
            .iter()
            .take(SHOWN_PLACEMENTS)
            .map(|&(placed, value)| format!("{}={}", layout.cell(placed), layout.digit(value)))
            .collect();
        if trail.len() > SHOWN_PLACEMENTS {
            shown.push(format!("… ({} placements)", trail.len()));
        }
        let path = if shown.is_empty() {
            String::new()
        } else {
            format!(" then {},", shown.join(", "))
        };
        finding.rule = Some(format!(
            "if {}={}:{path} {contradiction}",
            layout.cell(cell),
            layout.digit(digit)
        ));
        return Some(finding);
    }
    None
}

/// Follows singles and the rules on `board` to a fixed point, noting the digits placed in
/// `trail`; the contradiction they end in, if they do.
fn follow<const W: usize>(
    layout: &Layout<W>,
    board: &mut Board<W>,
    trail: &mut Vec<(usize, usize)>,
) -> Result<(), Contradiction> {
    let mut seen: Vec<u32> = vec![u32::MAX; layout.cell_count];
    loop {
        let placed = place_singles(layout, board, |board, cell, digit| {
            board.place_ahead(layout, cell, digit);
            trail.push((cell, digit));
        });
        match placed {
            Ok(true) => continue,
            Ok(false) => {}
            Err(Emptied::Cell(cell)) => {
                return Err(format!("{} has no digit left", layout.cell(cell)))
            }
            Err(Emptied::House { house, digit }) => {
                return Err(format!(
                    "{} has no place for {}",
                    layout.houses[house].kind,
                    layout.digit(digit)
                ))
            }
        }
        let touched: Vec<bool> = (0..layout.cell_count)
            .map(|cell| board.candidates[cell] != seen[cell])
            .collect();
        seen.copy_from_slice(&board.candidates);
        if !apply_rules(layout, board, &touched)? {
            return Ok(());
        }
    }
}

/// Removes what the rules touching a changed cell no longer allow (every placed digit off
/// its chess moves); whether anything went.
fn apply_rules<const W: usize>(
    layout: &Layout<W>,
    board: &mut Board<W>,
    touched: &[bool],
) -> Result<bool, Contradiction> {
    let mut changed = false;
    for rule in &layout.rules {
        if let RuleShape::Chess(chess) = rule.shape {
            for cell in 0..layout.cell_count {
                let Some(digit) = board.values[cell].checked_sub(1).map(usize::from) else {
                    continue;
                };
                for target in chess.reach(layout.geometry, layout.cell(cell)) {
                    let target = target.index();
                    if board.values[target] == board.values[cell] {
                        return Err(format!(
                            "{} {} and {} hold the same digit",
                            rule.label,
                            layout.cell(cell),
                            layout.cell(target)
                        ));
                    }
                    changed |=
                        board.values[target] == 0 && board.eliminate_ahead(layout, target, digit);
                }
            }
            continue;
        }
        if !rule.cells.iter().any(|&cell| touched[cell]) {
            continue;
        }
        // a search past its cap proves nothing
        let Some(supported) = supports(layout, board, rule) else {
            continue;
        };
        if supported.contains(&0) {
            return Err(format!("the {} cannot be met", rule.label));
        }
        for (&cell, &kept) in rule.cells.iter().zip(&supported) {
            if board.values[cell] != 0 {
                continue;
            }
            for digit in digits_of(board.candidates[cell] & !kept) {
                changed |= board.eliminate_ahead(layout, cell, digit);
            }
        }
    }
    Ok(changed)
}
