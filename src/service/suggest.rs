//! Setter help as a record (`check --suggest`): what to add so a puzzle has one solution, or
//! which of its givens and cages cannot hold together, in killer solvers' words.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::model::{Cage, Cell, Digit};
use crate::notation::Entry;
use crate::sat::SatError;
use crate::suggest::{self, cage_cells, cage_text, Guarantee, Member, Suggestion};
use crate::Count;

/// The seed of the sample solutions the greedy fallback weighs, so answers are reproducible.
const SEED: u64 = 0;

/// The most work a suggestion search may do when no work limit is given, in a rating's units
/// (a native branch point counts [`crate::backtrack::BRANCH_WORK`]): ten times a rating's
/// default, a few seconds of work, so every suggestion of the test data still completes.
pub const DEFAULT_WORK_LIMIT: u64 = 10 * crate::grade::DEFAULT_WORK_LIMIT;

/// The advice for one puzzle: a suggestion (none when it is unique), or why none was found.
pub type Advice = Result<Option<Suggestion>, NoSuggestion>;

/// Why a puzzle got no suggestion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoSuggestion {
    /// The search was stopped before it found one (its work limit spent, its deadline
    /// passed, or its flag raised): the reason, `stopped: …`. The answer stands; only the
    /// suggestion is missing.
    Stopped(String),
    /// The search failed (the SAT engine did not confirm it, say): the reason.
    Failed(String),
}

impl std::fmt::Display for NoSuggestion {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoSuggestion::Stopped(reason) | NoSuggestion::Failed(reason) => {
                formatter.write_str(reason)
            }
        }
    }
}

/// The suggestion for one puzzle, given the count the engine reported for it. The search
/// stops when `budget`'s flag is raised, its deadline passes, or it has done the work of
/// `budget`'s work limit in all ([`DEFAULT_WORK_LIMIT`] when it has none; see
/// [`suggest::suggest_within`] for the unit).
pub fn advise(entry: &Entry, count: &Count, budget: &Budget) -> Advice {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let budget = match budget.work_limit() {
        Some(_) => budget.clone(),
        None => budget.clone().with_work_limit(DEFAULT_WORK_LIMIT),
    };
    suggest::suggest_within(&entry.puzzle, count, &mut rng, &budget).map_err(|error| match error {
        suggest::SuggestError::Stopped(_) | suggest::SuggestError::Sat(SatError::Stopped(_)) => {
            NoSuggestion::Stopped(error.to_string())
        }
        other => NoSuggestion::Failed(other.to_string()),
    })
}

/// A cage in a suggestion: its cells and its sum (`null` when hidden).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CageRecord {
    /// The cells, `r1c1` …
    pub cells: Vec<String>,
    /// The sum, when shown.
    pub sum: Option<u32>,
}

/// The `suggest` field of a record: the suggestion, or why none was found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
// a record is built once per puzzle and written at once: boxing its variants saves nothing
#[allow(clippy::large_enum_variant)]
#[serde(untagged)]
pub enum SuggestRecord {
    /// No suggestion could be found.
    Failed {
        /// Why.
        error: String,
    },
    /// The search was stopped before it found one (its work limit spent, or the time
    /// limit): the answer stands, only the suggestion is missing.
    Stopped {
        /// Why: `stopped: the work limit of … was used up`, or the time limit.
        stopped: String,
    },
    /// The suggestion.
    Found(SuggestionRecord),
}

/// One suggestion: `givens` to add, a cage to `split`, a sum to `reveal`, or a `conflict`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SuggestionRecord {
    /// The cage to split or whose sum to reveal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cage: Option<CageRecord>,
    /// The givens to add, `r3c7=5` …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub givens: Option<Vec<String>>,
    /// `minimum` (no fewer givens do) or `minimal` (each is needed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarantee: Option<String>,
    /// `givens`, `split`, `reveal` or `conflict`.
    pub kind: String,
    /// The givens, cages, comparisons and houses that cannot all hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub members: Option<Vec<String>>,
    /// The two cages a split makes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<CageRecord>>,
    /// The sum to reveal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sum: Option<u32>,
    /// The suggestion on one line.
    pub text: String,
}

impl SuggestRecord {
    /// The field of `advice`: `None` (written `null`) when the puzzle is unique.
    pub fn of(advice: &Advice) -> Option<SuggestRecord> {
        match advice {
            Ok(Some(suggestion)) => Some(SuggestRecord::Found(record(suggestion))),
            Ok(None) => None,
            Err(NoSuggestion::Failed(reason)) => Some(SuggestRecord::Failed {
                error: reason.clone(),
            }),
            Err(NoSuggestion::Stopped(reason)) => Some(SuggestRecord::Stopped {
                stopped: reason.clone(),
            }),
        }
    }

    /// The CSV column: the suggestion's line, or `error: …`.
    pub fn csv(&self) -> String {
        match self {
            SuggestRecord::Found(found) => found.text.clone(),
            SuggestRecord::Failed { error } => format!("error: {error}"),
            SuggestRecord::Stopped { stopped } => format!("suggestion {stopped}"),
        }
    }
}

/// One line: `suggest: add r3c7=5 r8c2=1 (…)`, `suggest: split …`, `suggest: reveal …` or
/// `conflict: …`.
pub fn text(suggestion: &Suggestion) -> String {
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

fn given_list(givens: &[(Cell, Digit)]) -> Vec<String> {
    givens
        .iter()
        .map(|(cell, digit)| format!("{cell}={}", crate::notation::character(*digit)))
        .collect()
}

/// `r1c1=5`, `cage 10(2) r3c4+r3c5`, `cage ?(2) r1c1+r1c2 > cage 7(2) r5c5+r5c6`, or a house.
fn member_text(member: &Member) -> String {
    match member {
        Member::Given { cell, digit } => {
            format!("{cell}={}", crate::notation::character(*digit))
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

fn cage_record(cage: &Cage) -> CageRecord {
    CageRecord {
        cells: cage.cells.iter().map(ToString::to_string).collect(),
        sum: cage.sum,
    }
}

fn record(suggestion: &Suggestion) -> SuggestionRecord {
    let mut found = SuggestionRecord {
        cage: None,
        givens: None,
        guarantee: None,
        kind: String::new(),
        members: None,
        parts: None,
        sum: None,
        text: text(suggestion),
    };
    match suggestion {
        Suggestion::Givens { givens, guarantee } => {
            found.kind = "givens".into();
            found.givens = Some(given_list(givens));
            found.guarantee = Some(
                match guarantee {
                    Guarantee::Minimum => "minimum",
                    Guarantee::Minimal => "minimal",
                }
                .into(),
            );
        }
        Suggestion::SplitCage { cage, parts } => {
            found.kind = "split".into();
            found.cage = Some(cage_record(cage));
            found.parts = Some(parts.iter().map(cage_record).collect());
        }
        Suggestion::RevealSum { cage, sum } => {
            found.kind = "reveal".into();
            found.cage = Some(cage_record(cage));
            found.sum = Some(*sum);
        }
        Suggestion::Conflict(members) => {
            found.kind = "conflict".into();
            found.members = Some(members.iter().map(member_text).collect());
        }
    }
    found
}
