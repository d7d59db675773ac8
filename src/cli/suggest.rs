//! `check --suggest`: what to add so a puzzle has one solution, or which of its givens and
//! cages cannot hold together, printed in killer solvers' words or as a JSON field.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use sudokit::budget::Budget;
use sudokit::model::Cage;
use sudokit::notation::Entry;
use sudokit::suggest::{self, cage_cells, cage_text, Guarantee, Member, Suggestion};
use sudokit::Count;

/// The seed of the sample solutions the greedy fallback weighs, so answers are reproducible.
const SEED: u64 = 0;

/// The advice for one puzzle: a suggestion (none when it is unique), or why none was found.
pub type Advice = Result<Option<Suggestion>, String>;

/// The suggestion for one puzzle, given the count the engine reported for it.
/// Stops when `budget`'s flag is raised or its deadline passes.
pub fn advise(entry: &Entry, count: &Count, budget: &Budget) -> Advice {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    suggest::suggest_within(&entry.puzzle, count, &mut rng, budget)
        .map_err(|error| error.to_string())
}

/// Prints the suggestion for one puzzle under its verdict (nothing when it is unique).
pub fn print(location: &str, advice: &Advice) {
    match advice {
        Ok(Some(suggestion)) => say!("  {}", text(suggestion)),
        Ok(None) => {}
        Err(reason) => complain!("error: {location}: no suggestion: {reason}"),
    }
}

/// The `"suggest"` field of one puzzle's JSON record: `null` when it is unique.
pub fn json(advice: &Advice) -> Value {
    match advice {
        Ok(Some(suggestion)) => record(suggestion),
        Ok(None) => Value::Null,
        Err(reason) => json!({ "error": reason }),
    }
}

/// The `suggest` column of one puzzle's CSV row: the suggestion's line, or `error: …`.
pub fn csv(advice: &Advice) -> Value {
    match advice {
        Ok(Some(suggestion)) => json!(text(suggestion)),
        Ok(None) => Value::Null,
        Err(reason) => json!(format!("error: {reason}")),
    }
}

/// One line: `add r3c7=5 r8c2=1 (…)`, `split …`, `reveal …` or `conflict: …`.
fn text(suggestion: &Suggestion) -> String {
    match suggestion {
        Suggestion::Givens { givens, guarantee } => {
            let why = match guarantee {
                Guarantee::Minimum => "no fewer givens from the first solution make it unique",
                Guarantee::Minimal => "each is needed; fewer might do",
            };
            format!("suggest: add {} ({why})", given_list(givens).join(" "))
        }
        Suggestion::SplitCage { cage, parts } => format!(
            "suggest: split {} into {} and {}",
            cage_text(cage),
            cage_text(&parts[0]),
            cage_text(&parts[1])
        ),
        Suggestion::RevealSum { cage, sum } => format!(
            "suggest: reveal the sum of cage {} = {sum}",
            cage_cells(cage)
        ),
        Suggestion::Conflict(members) => format!(
            "conflict: {} (these cannot all hold; dropping any one leaves a solution)",
            members
                .iter()
                .map(member_text)
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

fn given_list(givens: &[(sudokit::model::Cell, sudokit::model::Digit)]) -> Vec<String> {
    givens
        .iter()
        .map(|(cell, digit)| format!("{cell}={}", sudokit::notation::character(*digit)))
        .collect()
}

/// `r1c1=5`, `cage 10(2) r3c4+r3c5`, `cage ?(2) r1c1+r1c2 > cage 7(2) r5c5+r5c6`, or a house.
fn member_text(member: &Member) -> String {
    match member {
        Member::Given { cell, digit } => {
            format!("{cell}={}", sudokit::notation::character(*digit))
        }
        Member::Cage(cage) => format!("cage {}", cage_text(cage)),
        Member::Comparison {
            comparison,
            first,
            second,
        } => format!(
            "cage {} {} cage {}",
            cage_text(first),
            comparison.relation.symbol(),
            cage_text(second)
        ),
        Member::House(kind) => kind.to_string(),
        Member::Rule(rule) => rule.to_string(),
    }
}

fn cage_record(cage: &Cage) -> Value {
    json!({
        "cells": cage.cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "sum": cage.sum,
    })
}

fn record(suggestion: &Suggestion) -> Value {
    let mut object = match suggestion {
        Suggestion::Givens { givens, guarantee } => json!({
            "kind": "givens",
            "givens": given_list(givens),
            "guarantee": match guarantee {
                Guarantee::Minimum => "minimum",
                Guarantee::Minimal => "minimal",
            },
        }),
        Suggestion::SplitCage { cage, parts } => json!({
            "kind": "split",
            "cage": cage_record(cage),
            "parts": parts.iter().map(cage_record).collect::<Vec<_>>(),
        }),
        Suggestion::RevealSum { cage, sum } => json!({
            "kind": "reveal",
            "cage": cage_record(cage),
            "sum": sum,
        }),
        Suggestion::Conflict(members) => json!({
            "kind": "conflict",
            "members": members.iter().map(member_text).collect::<Vec<_>>(),
        }),
    };
    object["text"] = json!(text(suggestion));
    object
}
