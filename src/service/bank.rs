//! The bank's part of the service: a rated puzzle as the bank stores it, a stored puzzle as a
//! record, and [`keep`], which stores a rated puzzle (or finds its earlier record) for
//! `serve --bank`.

use std::sync::Mutex;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::grade::BankNote;
use super::uniqueness::{self, Engine};
use crate::bank::{Added, Bank, NewPuzzle, Stored};
use crate::grade::explainer::{format_tenths, SeRater, SeRating};
use crate::grade::{Grader, Grading};
use crate::model::Puzzle;
use crate::notation::{self, Entry, Format};
use crate::Count;

/// What `bank add` learns of one puzzle before storing it.
pub struct Rated {
    /// The rating on HoDoKu's scale.
    pub grading: Grading,
    /// The rating on Sudoku Explainer's scale, when its table takes the puzzle.
    pub se: Option<SeRating>,
    /// `None` when the canonical form took more than its work bound.
    pub canonical_key: Option<String>,
    /// The solution, one line.
    pub solution: String,
}

/// Rates one puzzle with exactly one solution, `solution`, on both scales (HoDoKu's within
/// `work_limit`, SE's within its default, as `grade` rates; neither proves uniqueness again)
/// and keeps the key found for it. The bank rates a puzzle's canonical form
/// ([`CanonicalForm::puzzle`]), so that every orientation gets the same rating.
pub fn rate_with_key(
    puzzle: &Puzzle,
    solution: &crate::model::Grid,
    work_limit: u64,
    canonical_key: Option<String>,
) -> Rated {
    let grading = Grader::new(puzzle)
        .with_unique_solution(solution)
        .with_work_limit(work_limit)
        .grade();
    let se = SeRater::new(puzzle)
        .ok()
        .map(|rater| rater.with_unique_solution(solution).rate());
    Rated {
        grading,
        se,
        canonical_key,
        solution: notation::format_grid(solution, Format::Line),
    }
}

/// The variant's name, as presets and `generate`'s records spell it.
pub fn variant(puzzle: &Puzzle) -> &'static str {
    let diagonals = !puzzle.diagonals().is_empty();
    if puzzle.comparisons().next().is_some() {
        "greater-killer"
    } else if puzzle.cage_count() > 0 {
        if diagonals {
            "killer-x"
        } else {
            "killer"
        }
    } else if diagonals {
        "x"
    } else {
        "classic"
    }
}

/// Why a puzzle cannot be stored: its canonical form took too long to find.
pub const TOO_COSTLY: &str = "its canonical form was not found within the work bound \
(grids of 25×25 with many equal rows); not stored";

/// Why a puzzle cannot be stored: its rating passed the work limit, so it has no level.
pub const BEYOND: &str = "its rating passed the work limit (`grade` rates it \"beyond\"), so it \
has no level to store; not stored";

/// What to store for a rated puzzle (`puzzle`, the canonical form that was rated), or why it
/// cannot be stored ([`TOO_COSTLY`], [`BEYOND`]).
pub fn new_puzzle(
    puzzle: &Puzzle,
    rated: &Rated,
    source: String,
) -> Result<NewPuzzle, &'static str> {
    if rated.grading.stop.is_some() {
        return Err(BEYOND);
    }
    let se = rated.se.as_ref().filter(|rating| rating.solved);
    Ok(NewPuzzle {
        canonical_key: rated.canonical_key.clone().ok_or(TOO_COSTLY)?,
        puzzle: notation::format_grid(puzzle.givens(), Format::Line),
        definition: notation::format(puzzle, Format::Ron).unwrap_or_default(),
        solution: rated.solution.clone(),
        variant: variant(puzzle).to_string(),
        size: puzzle.size(),
        level: rated.grading.level.to_string(),
        score: rated.grading.score,
        se_rating: se.map(|rating| f64::from(rating.er) / 10.0),
        se: se.map(|rating| {
            format!(
                "{}/{}/{}",
                format_tenths(rating.er),
                format_tenths(rating.ep),
                format_tenths(rating.ed)
            )
        }),
        source,
    })
}

/// A stored puzzle as a record: every field, the time as UTC text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StoredRecord {
    /// When it was stored, UTC.
    pub added: String,
    /// Its canonical key.
    pub canonical_key: String,
    /// Its row number.
    pub id: i64,
    /// Its HoDoKu level.
    pub level: String,
    /// The puzzle, one line.
    pub puzzle: String,
    /// Its HoDoKu score.
    pub score: u32,
    /// Its SE rating, `er/ep/ed`.
    pub se: Option<String>,
    /// Its SE rating ER as a number.
    pub se_rating: Option<f64>,
    /// The grid's size n.
    pub size: u8,
    /// The solution, one line.
    pub solution: String,
    /// Where it first came from.
    pub source: String,
    /// Its variant.
    pub variant: String,
}

impl StoredRecord {
    /// The record of `stored`.
    pub fn new(stored: &Stored) -> StoredRecord {
        let record = &stored.record;
        StoredRecord {
            added: timestamp(stored.added),
            canonical_key: record.canonical_key.clone(),
            id: stored.id,
            level: record.level.clone(),
            puzzle: record.puzzle.clone(),
            score: record.score,
            se: record.se.clone(),
            se_rating: record.se_rating,
            size: record.size,
            solution: record.solution.clone(),
            source: record.source.clone(),
            variant: record.variant.clone(),
        }
    }
}

/// A stored puzzle as a JSON object (its [`StoredRecord`]).
pub fn stored_json(stored: &Stored) -> Map<String, Value> {
    match serde_json::to_value(StoredRecord::new(stored)) {
        Ok(Value::Object(object)) => object,
        // a struct of plain fields always serializes to an object
        _ => Map::new(),
    }
}

/// Stores the rated puzzle of `entry` in `bank`, or finds its earlier record there (an
/// isomorph counts): its canonical form is what is rated and kept, its uniqueness proved by
/// the one policy ([`uniqueness::count`], native within a budget, then SAT).
pub fn keep(bank: &Mutex<Bank>, entry: &Entry, source: &str, work_limit: u64) -> BankNote {
    let failed = |reason: String| BankNote {
        earlier: None,
        id: None,
        reason: Some(reason),
        status: "error".into(),
    };
    let seen = |earlier: &Stored| BankNote {
        earlier: Some(Value::Object(stored_json(earlier))),
        id: None,
        reason: None,
        status: "seen".into(),
    };
    let unavailable = || failed("the bank is unavailable after an earlier failure".to_string());
    let Some(form) =
        crate::canonical::canonical_form_within(&entry.puzzle, crate::canonical::BANK_WORK)
    else {
        return failed(TOO_COSTLY.to_string());
    };
    let key = form.key.clone();
    // Look up, then rate without holding the bank (ratings take time), then store: a puzzle
    // another request stored meanwhile comes back as seen.
    let found = match bank.lock() {
        Ok(bank) => bank.find(&key),
        Err(_) => return unavailable(),
    };
    match found {
        Ok(Some(earlier)) => return seen(&earlier),
        Ok(None) => {}
        Err(error) => return failed(error.to_string()),
    }
    let solution = match uniqueness::count(Engine::Auto, &form.puzzle, 2) {
        Ok(Count::Unique(solution)) => solution,
        Ok(_) => return failed("not exactly one solution".to_string()),
        Err(reason) => return failed(reason),
    };
    let rated = rate_with_key(&form.puzzle, &solution, work_limit, Some(key));
    let new = match new_puzzle(&form.puzzle, &rated, format!("serve {source}")) {
        Ok(new) => new,
        Err(reason) => return failed(reason.to_string()),
    };
    let added = match bank.lock() {
        Ok(mut bank) => bank.add(&[new], now()),
        Err(_) => return unavailable(),
    };
    match added {
        Ok(answers) => match answers.into_iter().next() {
            Some(Added::Stored(id)) => BankNote {
                earlier: None,
                id: Some(id),
                reason: None,
                status: "stored".into(),
            },
            Some(Added::Seen(earlier)) => seen(&earlier),
            None => failed("nothing was stored".to_string()),
        },
        Err(error) => failed(error.to_string()),
    }
}

/// Seconds since 1970 now.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() as i64)
}

/// Seconds since 1970 as UTC text, `2026-11-25T14:30:00Z`.
pub fn timestamp(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let within = seconds.rem_euclid(86_400);
    // Days to a civil date (proleptic Gregorian), counting eras of 400 years from 0000-03-01.
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        within / 3600,
        within % 3600 / 60,
        within % 60
    )
}
