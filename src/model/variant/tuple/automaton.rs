//! Clues on a whole row or column (sandwich, X-sum, skyscraper) read by an automaton over the
//! line's candidates: a state is what the clue has counted so far (and the digits used, when
//! they must differ), so the supports come from one pass forwards and one backwards, exact
//! for the clue and the line's distinct digits.

use super::super::OutsideKind;

/// The state an automaton reading a whole row or column from its clue starts in.
const START: u32 = 0;

/// The state an X-sum reaches once its first X digits added up to the clue.
const X_SUM_MET: u32 = u32::MAX;

/// The automaton's next state after `digit`, or `None` when no line continuing so can meet
/// the clue `value` of this kind.
fn next(kind: OutsideKind, value: u32, state: u32, digit: u32, size: u32) -> Option<u32> {
    match kind {
        // state: which ends were seen (bit 16: the 1, bit 17: the n), and the sum of
        // the digits since the first end
        OutsideKind::Sandwich => {
            let (seen, sum) = (state >> 16, state & 0xFFFF);
            let end = match digit {
                1 => 1,
                digit if digit == size => 2,
                _ => 0,
            };
            match (seen, end) {
                (_, end) if end != 0 && seen & end != 0 => None,
                (0, 0) | (3, _) => Some(state),
                (0, end) => Some(end << 16),
                (_, 0) => (sum + digit <= value).then_some(state + digit),
                (_, _) => (sum == value).then_some(3 << 16 | sum),
            }
        }
        // state: the tallest digit so far (bits 8 and up) and how many were seen
        OutsideKind::Skyscraper => {
            let (tallest, seen) = (state >> 8, state & 0xFF);
            if digit > tallest {
                (seen < value).then_some(digit << 8 | (seen + 1))
            } else {
                Some(state)
            }
        }
        // state: X (bits 20 and up), how many digits were added (bits 12 to 19), and
        // their sum (bits 0 to 11); `X_SUM_MET` once the first X add up to the clue
        OutsideKind::XSum => {
            if state == X_SUM_MET {
                return Some(state);
            }
            let (count, added, sum) = if state == START {
                (digit, 0, 0)
            } else {
                (state >> 20, (state >> 12) & 0xFF, state & 0xFFF)
            };
            let (added, sum) = (added + 1, sum + digit);
            if added == count {
                (sum == value).then_some(X_SUM_MET)
            } else {
                (sum < value).then_some(count << 20 | added << 12 | sum)
            }
        }
    }
}

/// Whether a whole line ending in `state` meets the clue.
fn accepts(kind: OutsideKind, value: u32, state: u32, size: u32) -> bool {
    match kind {
        OutsideKind::Sandwich => state >> 16 == 3,
        OutsideKind::Skyscraper => state >> 8 == size && state & 0xFF == value,
        OutsideKind::XSum => state == X_SUM_MET,
    }
}

/// The digits of each cell that some path of the clue's automaton through the cells'
/// candidates uses, from its start to an accepting state, with `distinct` the digits of the
/// line all different (exact for the clue and the line's houses), otherwise free to repeat
/// (except a sandwich's 1 and n). `None` when tracking the digits took more than
/// `most_states` states in one layer.
pub(super) fn automaton_supports(
    kind: OutsideKind,
    value: u32,
    masks: &[u32],
    size: u32,
    distinct: bool,
    most_states: Option<usize>,
) -> Option<Vec<u32>> {
    let length = masks.len();
    // a state: the digits used so far (bits 32 and up, when `distinct`), and the clue's
    let next = |state: u64, digit: u32| -> Option<u64> {
        let used = (state >> 32) as u32;
        let bit = 1u32 << (digit - 1);
        if distinct && used & bit != 0 {
            return None;
        }
        let after = next(kind, value, state as u32, digit, size)?;
        let used = if distinct { used | bit } else { 0 };
        Some(u64::from(used) << 32 | u64::from(after))
    };
    let mut forward: Vec<Vec<u64>> = vec![vec![u64::from(START)]];
    for &mask in masks {
        let mut layer = Vec::new();
        for &state in forward.last().expect("the start") {
            let mut digits = mask;
            while digits != 0 {
                let digit = digits.trailing_zeros() + 1;
                digits &= digits - 1;
                if let Some(after) = next(state, digit) {
                    layer.push(after);
                }
            }
        }
        layer.sort_unstable();
        layer.dedup();
        if distinct && most_states.is_some_and(|most| layer.len() > most) {
            return None;
        }
        forward.push(layer);
    }
    let mut supported = vec![0u32; length];
    let mut alive: Vec<u64> = forward[length]
        .iter()
        .copied()
        .filter(|&state| accepts(kind, value, state as u32, size))
        .collect();
    for position in (0..length).rev() {
        let mut before = Vec::new();
        for &state in &forward[position] {
            let mut digits = masks[position];
            let mut lives = false;
            while digits != 0 {
                let digit = digits.trailing_zeros() + 1;
                digits &= digits - 1;
                let reaches =
                    next(state, digit).is_some_and(|after| alive.binary_search(&after).is_ok());
                if reaches {
                    supported[position] |= 1 << (digit - 1);
                    lives = true;
                }
            }
            if lives {
                before.push(state);
            }
        }
        alive = before;
    }
    Some(supported)
}
