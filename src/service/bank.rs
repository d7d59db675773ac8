//! The bank's part of the service: a puzzle whose key is new checked by the one uniqueness
//! policy and rated as the bank stores it (`judge_new`), the typed records `bank add`,
//! `bank query` and `bank stats` write ([`AddRecord`], [`StoredRecord`], [`StatsRecord`]),
//! and `keep`, which stores a rated puzzle (or finds its earlier record) for `serve --bank`.

#[cfg(feature = "bank")]
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::columns::{text_of, Column, Row};
use super::grade::puzzle_text;
#[cfg(feature = "bank")]
use super::grade::BankNote;
use super::input::Record;
use super::records::{CageField, ComparisonField, CountRecord, ErrorRecord};
#[cfg(feature = "bank")]
use super::uniqueness::{self, Proof};
#[cfg(feature = "bank")]
use crate::bank::{Added, Bank, NewPuzzle, Stored};
use crate::budget::Budget;
#[cfg(feature = "bank")]
use crate::canonical::{key_symmetries, CanonicalForm};
#[cfg(feature = "bank")]
use crate::grade::explainer::format_tenths;
use crate::grade::explainer::{SeRater, SeRating};
use crate::grade::{Grader, Grading};
use crate::model::Puzzle;
use crate::notation::fpuzzles::FPUZZLES_PREFIX;
use crate::notation::records::{self, VariantName};
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
/// ([`crate::canonical::CanonicalForm::puzzle`]), so that every orientation gets the same rating. `budget`'s
/// flag and deadline stop both ratings.
pub fn rate_with_key(
    puzzle: &Puzzle,
    solution: &crate::model::Grid,
    work_limit: u64,
    canonical_key: Option<String>,
    budget: &Budget,
) -> Rated {
    // the flag and deadline only: a budget's work limit would replace both scales' own
    let budget = budget.clone().without_work_limit();
    let grading = Grader::new(puzzle)
        .with_unique_solution(solution)
        .with_work_limit(work_limit)
        .with_budget(&budget)
        .grade();
    let se = SeRater::new(puzzle).ok().map(|rater| {
        rater
            .with_unique_solution(solution)
            .with_budget(&budget)
            .rate()
    });
    Rated {
        grading,
        se,
        canonical_key,
        solution: notation::format_grid(solution, Format::Line),
    }
}

/// The puzzle's variant, as presets and `generate`'s records name it.
pub fn variant(puzzle: &Puzzle) -> VariantName {
    let diagonals = !puzzle.diagonals().is_empty();
    if puzzle.regions().is_some() {
        records::JIGSAW
    } else if puzzle.constraints().iter().any(carried_as_rule) {
        // rules of any family, or several (their names are in the record's `rules`)
        records::RULES
    } else if puzzle.comparisons().next().is_some() {
        records::GREATER_KILLER
    } else if puzzle.cage_count() > 0 {
        if diagonals {
            records::KILLER_X
        } else {
            records::KILLER
        }
    } else if diagonals {
        records::X
    } else {
        records::CLASSIC
    }
}

/// Why a puzzle cannot be stored: its canonical form took too long to find.
pub const TOO_COSTLY: &str = "its canonical form was not found within the work bound of \
100 million search steps (the key search can take longer on 25×25 grids); not stored";

/// Why a puzzle cannot be stored: its rating passed the work limit, so it has no level.
pub const BEYOND: &str = "its rating passed the work limit (`grade` rates it \"beyond\"), so it \
has no level to store; not stored";

#[cfg(feature = "bank")]
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
        variant: variant(puzzle).name.to_string(),
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
        diagonals: puzzle.diagonals().len() as u8,
    })
}

/// Why the bank does not keep `puzzle`, if it does not: a rule the grader does not rate, or
/// rules its record could not carry (the f-puzzles link holds every variant rule beyond
/// regions, diagonals and cages, and a rule that link cannot write would not read back).
/// Jigsaws are keyed by their region map, other variant rules under identity only
/// ([`crate::canonical::key_symmetries`]).
pub fn refusal(puzzle: &Puzzle) -> Option<String> {
    crate::grade::unrated_rule(puzzle).or_else(|| {
        let carried = puzzle.constraints().iter().any(carried_as_rule);
        if !carried && puzzle.regions().is_none() {
            // classic, X and killers: their fields carry them (and every duplicate passes
            // here, so nothing is written for them)
            return None;
        }
        let written = notation::fpuzzles::link(puzzle, None, FPUZZLES_PREFIX);
        match written {
            Err(error) if carried => Some(format!(
                "bank: its rules cannot be written as an f-puzzles link ({error}), so its record \
                 would not read back"
            )),
            _ => notation::format(puzzle, Format::Ron).err().map(|error| {
                format!("bank: the puzzle cannot be written in RON ({error}), so it is not kept")
            }),
        }
    })
}

#[cfg(feature = "bank")]
/// The canonical form `puzzle` is keyed and kept under, or why the bank does not keep it
/// ([`refusal`], or [`TOO_COSTLY`] when the form is not found within
/// [`crate::canonical::BANK_WORK`]).
pub fn form_to_keep(puzzle: &Puzzle) -> Result<CanonicalForm, String> {
    if let Some(reason) = refusal(puzzle) {
        return Err(reason);
    }
    crate::canonical::canonical_form_within(puzzle, crate::canonical::BANK_WORK)
        .ok_or_else(|| TOO_COSTLY.to_string())
}

/// Whether a rule is carried by a record's `fpuzzles` link and named in its `rules`: every
/// variant rule but regions (a field of their own), diagonals and cages.
fn carried_as_rule(rule: &crate::model::Constraint) -> bool {
    use crate::model::{Constraint, HouseKind};
    match rule {
        Constraint::Distinct(house) => !matches!(house.kind(), HouseKind::Diagonal(_)),
        Constraint::Regions(_) => false,
        other => other.is_variant_rule(),
    }
}

#[cfg(feature = "bank")]
/// What `bank add` makes of one readable puzzle.
#[derive(Debug, Clone)]
pub enum Prepared {
    /// Its key is new and it has exactly one solution: rated, to store.
    Store(Box<NewPuzzle>),
    /// The bank holds its key: the earlier record.
    Seen(Box<Stored>),
    /// It has no solution or several: the puzzle's own count (as given, not its canonical
    /// form's), counted up to 2.
    NotUnique(Count),
    /// Not stored, and why, on one line.
    Refused(String),
}

#[cfg(feature = "bank")]
/// Checks and rates a puzzle whose canonical key is new, as `grade` does: its canonical form's
/// uniqueness proved once by the one policy ([`uniqueness::prove`]: native within a budget of
/// branch points, then SAT, bounded by `work_limit`), the solution handed to both graders
/// ([`rate_with_key`]). A form with none or several solutions is proved again as given, so
/// that the count shows the puzzle's own solutions. `budget`'s flag and deadline stop it.
pub fn judge_new(
    entry: &Entry,
    form: &CanonicalForm,
    work_limit: u64,
    source: String,
    budget: &Budget,
) -> Prepared {
    let failed = |reason: String| Prepared::Refused(format!("engine failed: {reason}"));
    match uniqueness::prove(&form.puzzle, work_limit, budget) {
        Ok(Proof::Counted(Count::Unique(solution), _)) => {
            let key = Some(form.key.clone());
            let rated = rate_with_key(&form.puzzle, &solution, work_limit, key, budget);
            match new_puzzle(&form.puzzle, &rated, source) {
                Ok(puzzle) => Prepared::Store(Box::new(puzzle)),
                Err(reason) => Prepared::Refused(reason.to_string()),
            }
        }
        Ok(Proof::Counted(..)) => match uniqueness::prove(&entry.puzzle, work_limit, budget) {
            Ok(Proof::Counted(Count::Unique(_), _)) => {
                failed("its canonical form counts otherwise than the puzzle".to_string())
            }
            Ok(Proof::Counted(count, _)) => Prepared::NotUnique(count),
            Ok(Proof::Beyond(reason)) => Prepared::Refused(unproved(&reason)),
            Err(reason) => failed(reason),
        },
        Ok(Proof::Beyond(reason)) => Prepared::Refused(unproved(&reason)),
        Err(reason) => failed(reason),
    }
}

#[cfg(feature = "bank")]
/// Why a puzzle whose uniqueness proof passed the work limit is not stored.
fn unproved(reason: &str) -> String {
    format!("{reason}, so it is not known to be unique; not stored")
}

/// A stored puzzle as a record (`bank query`, and the earlier record of a puzzle `bank add`
/// finds stored): every field, the time as UTC text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct StoredRecord {
    /// When it was stored, UTC.
    pub added: String,
    /// A killer's cages, in order (comparisons name them by position), so that the record
    /// reads back as the puzzle.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<CageField>,
    /// Its canonical key.
    pub canonical_key: String,
    /// A greater killer's comparisons between cage sums.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comparisons: Vec<ComparisonField>,
    /// Which diagonals hold (`main`, `anti`, `both`), where the variant's name does not
    /// say it: one diagonal, or a greater killer's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diagonals: Option<String>,
    /// The f-puzzles link of a puzzle with variant rules (those `rules` names), which the
    /// record reader reads them from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fpuzzles: Option<String>,
    /// Its row number.
    pub id: i64,
    /// The symmetries its key was taken under, where they are fewer than its variant's
    /// whole group: `identity` for a variant rule whose symmetries the key does not know (an
    /// isomorph of it is stored as another puzzle), the square's turns and mirrors for a
    /// jigsaw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyed_under: Option<String>,
    /// Its HoDoKu level.
    pub level: String,
    /// The puzzle, one line: its canonical form, which the bank keeps and rated.
    pub puzzle: String,
    /// A jigsaw's region map, one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<String>,
    /// Variant rules in setters' words (their cells in `fpuzzles`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// Its HoDoKu score.
    pub score: u32,
    /// Its SE rating, `er/ep/ed` (`null` for a killer, or where SE's techniques do not
    /// reach the end).
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

#[cfg(feature = "bank")]
impl StoredRecord {
    /// The record of `stored`.
    pub fn new(stored: &Stored) -> StoredRecord {
        let record = &stored.record;
        // a killer's rules, and an X's diagonals, are in its definition: read only for the
        // records that need them
        let cages = if record.variant != records::CLASSIC.name {
            notation::parse(&record.definition, Some(Format::Ron))
                .ok()
                .and_then(|mut entries| entries.pop())
                .map(|entry| CageFields::of(&entry.puzzle, &record.variant))
                .unwrap_or_default()
        } else {
            CageFields::default()
        };
        StoredRecord {
            added: timestamp(stored.added),
            cages: cages.cages,
            canonical_key: record.canonical_key.clone(),
            comparisons: cages.comparisons,
            diagonals: cages.diagonals,
            fpuzzles: cages.fpuzzles,
            id: stored.id,
            keyed_under: key_symmetries(&record.canonical_key).map(str::to_string),
            level: record.level.clone(),
            puzzle: record.puzzle.clone(),
            regions: cages.regions,
            rules: cages.rules,
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

/// The rules of a puzzle the bank keeps beyond its variant's name, as record fields, so that
/// its record reads back as the puzzle: a killer's cages and comparisons, and which
/// diagonals hold where the name does not say (the record reader gives x and killer-x both,
/// the others none).
#[cfg(feature = "bank")]
#[derive(Debug, Clone, Default)]
struct CageFields {
    cages: Vec<CageField>,
    comparisons: Vec<ComparisonField>,
    diagonals: Option<String>,
    regions: Option<String>,
    rules: Vec<String>,
    fpuzzles: Option<String>,
}

#[cfg(feature = "bank")]
impl CageFields {
    /// The fields of `puzzle`, of the bank's `variant`.
    fn of(puzzle: &Puzzle, variant: &str) -> CageFields {
        use crate::model::Diagonal;
        let diagonals = puzzle.diagonals();
        let named = records::variant_named(variant).is_some_and(|variant| variant.both_diagonals);
        let diagonals = match (diagonals.as_slice(), named) {
            ([], _) | ([_, _], true) => None,
            ([Diagonal::Main], _) => Some("main".to_string()),
            ([Diagonal::Anti], _) => Some("anti".to_string()),
            _ => Some("both".to_string()),
        };
        let geometry = puzzle.geometry();
        let regions = puzzle.regions().map(|regions| {
            let mut map = crate::model::Grid::empty(geometry);
            for cell in geometry.cells() {
                let number = u8::try_from(regions.region_of(cell) + 1).ok();
                map.set(cell, number.and_then(crate::model::Digit::new));
            }
            notation::format_grid(&map, Format::Line)
        });
        let rules: Vec<String> = puzzle
            .constraints()
            .iter()
            .filter(|rule| carried_as_rule(rule))
            .map(ToString::to_string)
            .collect();
        let fpuzzles = (!rules.is_empty())
            .then(|| notation::fpuzzles::link(puzzle, None, FPUZZLES_PREFIX).ok())
            .flatten();
        CageFields {
            diagonals,
            regions,
            rules,
            fpuzzles,
            cages: puzzle
                .cages()
                .map(|cage| CageField {
                    cells: cage.cells.iter().map(ToString::to_string).collect(),
                    sum: cage.sum,
                })
                .collect(),
            comparisons: puzzle
                .comparisons()
                .map(|comparison| ComparisonField {
                    first: comparison.first.index(),
                    relation: comparison.relation,
                    second: comparison.second.index(),
                })
                .collect(),
        }
    }
}

/// A number as JSON writes it (`7.0`, not `7`), so that CSV and JSON agree.
fn json_number(value: f64) -> String {
    serde_json::to_string(&value).unwrap_or_default()
}

impl Row for StoredRecord {
    fn field(&self, column: Column) -> String {
        match column {
            Column::Id => self.id.to_string(),
            Column::Puzzle => self.puzzle.clone(),
            Column::Solution => self.solution.clone(),
            Column::Variant => self.variant.clone(),
            Column::Size => self.size.to_string(),
            Column::Level => self.level.clone(),
            Column::Score => self.score.to_string(),
            Column::SeRating => self.se_rating.map(json_number).unwrap_or_default(),
            Column::Se => text_of(&self.se),
            Column::Source => self.source.clone(),
            Column::Added => self.added.clone(),
            Column::CanonicalKey => self.canonical_key.clone(),
            _ => String::new(),
        }
    }
}

/// The columns of `bank query --csv`.
pub const QUERY_COLUMNS: &[Column] = &[
    Column::Id,
    Column::Puzzle,
    Column::Solution,
    Column::Variant,
    Column::Size,
    Column::Level,
    Column::Score,
    Column::SeRating,
    Column::Se,
    Column::Source,
    Column::Added,
    Column::CanonicalKey,
];

/// Whether `bank add` stored the puzzle or found it stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum AddedStatus {
    /// Stored now, as a new row.
    Stored,
    /// Its canonical key was stored already (the same puzzle, or an isomorph).
    Seen,
}

impl AddedStatus {
    /// The word: `stored` or `seen`.
    pub fn word(self) -> &'static str {
        match self {
            AddedStatus::Stored => "stored",
            AddedStatus::Seen => "seen",
        }
    }
}

/// A puzzle `bank add` stored, or found stored (an isomorph counts): the puzzle as read,
/// with the row that holds it and its ratings; for `seen`, the earlier record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AddedRecord {
    /// A killer's cages, in order, as read (comparisons name them by position), so that
    /// the record reads back as the puzzle.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<CageField>,
    /// Its canonical key.
    pub canonical_key: String,
    /// A greater killer's comparisons between cage sums, as read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comparisons: Vec<ComparisonField>,
    /// Which diagonals hold (`main`, `anti`, `both`), where the variant's name does not
    /// say it: one diagonal, or a greater killer's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diagonals: Option<String>,
    /// The earlier record (`seen`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub earlier: Option<StoredRecord>,
    /// When the earlier record was stored, UTC (`seen`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub earlier_added: Option<String>,
    /// The earlier record's row (`seen`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub earlier_id: Option<i64>,
    /// Where the earlier record came from (`seen`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub earlier_source: Option<String>,
    /// The f-puzzles link of a puzzle with variant rules, as read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fpuzzles: Option<String>,
    /// The row that holds it.
    pub id: i64,
    /// The symmetries its key was taken under, where fewer than its variant's group
    /// (`identity`: an isomorph is stored as another puzzle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyed_under: Option<String>,
    /// Its HoDoKu level.
    pub level: String,
    /// The 1-based line of the puzzle in its source.
    pub line: usize,
    /// The puzzle's name, if the notation carries one.
    pub name: Option<String>,
    /// The puzzle as read, one line (the bank keeps its canonical form).
    pub puzzle: String,
    /// A jigsaw's region map, as read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<String>,
    /// Variant rules in setters' words, as read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// Its HoDoKu score.
    pub score: u32,
    /// Its SE rating, `er/ep/ed`.
    pub se: Option<String>,
    /// The grid's size n.
    pub size: u8,
    /// Where: `file:line`.
    pub source: String,
    /// `stored` or `seen`.
    pub status: AddedStatus,
    /// Its variant.
    pub variant: String,
}

#[cfg(feature = "bank")]
impl AddedRecord {
    /// The record of `entry`, read as `record`: `puzzle` is what the bank holds or was to
    /// store for it, `answer` what storing it came to.
    pub fn new(record: &Record, entry: &Entry, puzzle: &NewPuzzle, answer: &Added) -> AddedRecord {
        let earlier = match answer {
            Added::Stored(_) => None,
            Added::Seen(earlier) => Some(StoredRecord::new(earlier)),
        };
        let cages = CageFields::of(&entry.puzzle, &puzzle.variant);
        AddedRecord {
            cages: cages.cages,
            canonical_key: puzzle.canonical_key.clone(),
            comparisons: cages.comparisons,
            diagonals: cages.diagonals,
            earlier_added: earlier.as_ref().map(|earlier| earlier.added.clone()),
            earlier_id: earlier.as_ref().map(|earlier| earlier.id),
            earlier_source: earlier.as_ref().map(|earlier| earlier.source.clone()),
            earlier,
            fpuzzles: cages.fpuzzles,
            id: match answer {
                Added::Stored(id) => *id,
                Added::Seen(earlier) => earlier.id,
            },
            keyed_under: key_symmetries(&puzzle.canonical_key).map(str::to_string),
            level: puzzle.level.clone(),
            line: entry.line,
            name: entry.name.clone(),
            puzzle: puzzle_text(entry),
            regions: cages.regions,
            rules: cages.rules,
            score: puzzle.score,
            se: puzzle.se.clone(),
            size: puzzle.size,
            source: record.place(),
            status: match answer {
                Added::Stored(_) => AddedStatus::Stored,
                Added::Seen(_) => AddedStatus::Seen,
            },
            variant: puzzle.variant.clone(),
        }
    }
}

/// One record of `bank add`, in input order.
// records are written one at a time, never kept in bulk: their size does not matter
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum AddRecord {
    /// The input could not be read, or the puzzle is not stored (the reason says why).
    Error(ErrorRecord),
    /// A puzzle with no solution or several: its count, not stored.
    Count(CountRecord),
    /// Stored, or seen before.
    Added(AddedRecord),
}

impl AddRecord {
    /// The record of a puzzle with no solution or several: its count, with the puzzle.
    pub fn not_unique(record: &Record, entry: &Entry, count: &Count) -> AddRecord {
        let mut counted = CountRecord::new(record, entry, count, 2);
        counted.puzzle = Some(puzzle_text(entry));
        AddRecord::Count(counted)
    }
}

impl Row for AddedRecord {
    fn field(&self, column: Column) -> String {
        match column {
            Column::Source => self.source.clone(),
            Column::Name => text_of(&self.name),
            Column::Status => self.status.word().into(),
            Column::Id => self.id.to_string(),
            Column::Puzzle => self.puzzle.clone(),
            Column::Variant => self.variant.clone(),
            Column::Size => self.size.to_string(),
            Column::Level => self.level.clone(),
            Column::Score => self.score.to_string(),
            Column::Se => text_of(&self.se),
            Column::CanonicalKey => self.canonical_key.clone(),
            Column::EarlierId => text_of(&self.earlier_id),
            Column::EarlierSource => text_of(&self.earlier_source),
            Column::EarlierAdded => text_of(&self.earlier_added),
            _ => String::new(),
        }
    }
}

impl Row for AddRecord {
    fn field(&self, column: Column) -> String {
        match self {
            AddRecord::Error(error) => error.field(column),
            AddRecord::Count(counted) => counted.field(column),
            AddRecord::Added(added) => added.field(column),
        }
    }
}

/// The columns of `bank add --csv`.
pub const ADD_COLUMNS: &[Column] = &[
    Column::Source,
    Column::Name,
    Column::Status,
    Column::Id,
    Column::Puzzle,
    Column::Variant,
    Column::Size,
    Column::Level,
    Column::Score,
    Column::Se,
    Column::CanonicalKey,
    Column::EarlierId,
    Column::EarlierSource,
    Column::EarlierAdded,
    Column::Differences,
    Column::Reason,
];

/// How many stored puzzles share a variant, a size and a level (`bank stats`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct StatsRecord {
    /// How many.
    pub count: u64,
    /// The HoDoKu level.
    pub level: String,
    /// The grid's size n.
    pub size: u8,
    /// The variant.
    pub variant: String,
}

#[cfg(feature = "bank")]
impl StatsRecord {
    /// The record of one count of the bank's.
    pub fn new(count: &crate::bank::Count) -> StatsRecord {
        StatsRecord {
            count: count.count,
            level: count.level.clone(),
            size: count.size,
            variant: count.variant.clone(),
        }
    }
}

impl Row for StatsRecord {
    fn field(&self, column: Column) -> String {
        match column {
            Column::Variant => self.variant.clone(),
            Column::Size => self.size.to_string(),
            Column::Level => self.level.clone(),
            Column::Count => self.count.to_string(),
            _ => String::new(),
        }
    }
}

/// The columns of `bank stats --csv`.
pub const STATS_COLUMNS: &[Column] = &[Column::Variant, Column::Size, Column::Level, Column::Count];

#[cfg(feature = "bank")]
/// Stores the rated puzzle of `entry` in `bank`, or finds its earlier record there (an
/// isomorph counts): its canonical form is what is rated and kept, its uniqueness proved by
/// the one policy ([`judge_new`]: [`uniqueness::prove`] within `work_limit`).
pub fn keep(bank: &Mutex<Bank>, entry: &Entry, source: &str, work_limit: u64) -> BankNote {
    let failed = |reason: String| BankNote {
        earlier: None,
        id: None,
        reason: Some(reason),
        status: "error".into(),
    };
    let seen = |earlier: &Stored| BankNote {
        earlier: Some(StoredRecord::new(earlier)),
        id: None,
        reason: None,
        status: "seen".into(),
    };
    let unavailable = || failed("the bank is unavailable after an earlier failure".to_string());
    let form = match form_to_keep(&entry.puzzle) {
        Ok(form) => form,
        Err(reason) => return failed(reason),
    };
    // Look up, then rate without holding the bank (ratings take time), then store: a puzzle
    // another request stored meanwhile comes back as seen.
    let found = match bank.lock() {
        Ok(bank) => bank.find(&form.key),
        Err(_) => return unavailable(),
    };
    match found {
        Ok(Some(earlier)) => return seen(&earlier),
        Ok(None) => {}
        Err(error) => return failed(error.to_string()),
    }
    let source = format!("serve {source}");
    let new = match judge_new(entry, &form, work_limit, source, &Budget::unlimited()) {
        Prepared::Store(new) => new,
        Prepared::Seen(earlier) => return seen(&earlier),
        Prepared::NotUnique(_) => return failed("not exactly one solution".to_string()),
        Prepared::Refused(reason) => return failed(reason),
    };
    let added = match bank.lock() {
        Ok(mut bank) => bank.add(&[*new], now()),
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

#[cfg(all(test, feature = "bank"))]
mod tests {
    use super::*;
    use crate::canonical::canonical_form_within;

    fn entry(text: &str) -> Entry {
        notation::parse(text, None).unwrap().remove(0)
    }

    fn judged(entry: &Entry, work_limit: u64) -> Prepared {
        let form = canonical_form_within(&entry.puzzle, crate::canonical::BANK_WORK).unwrap();
        judge_new(
            entry,
            &form,
            work_limit,
            "test:1".to_string(),
            &Budget::unlimited(),
        )
    }

    #[test]
    fn timestamps_are_utc_dates() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(timestamp(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(timestamp(1_795_617_000), "2026-11-25T14:30:00Z");
    }

    #[test]
    fn a_new_puzzle_is_rated_in_its_canonical_form_as_grade_rates_it() {
        let hard = entry(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let Prepared::Store(stored) = judged(&hard, crate::grade::DEFAULT_WORK_LIMIT) else {
            panic!("not stored");
        };
        // a score depends on the orientation (the order searches meet the cells in): the
        // bank's is its canonical form's
        let form = canonical_form_within(&hard.puzzle, crate::canonical::BANK_WORK).unwrap();
        let grading = Grader::new(&form.puzzle).grade();
        assert_eq!(stored.level, grading.level.to_string());
        assert_eq!(stored.score, grading.score);
        assert_eq!(stored.puzzle.replace('.', "0"), stored.canonical_key);
        assert_eq!(stored.se.as_deref(), Some("2.6/1.2/1.2"));
    }

    #[test]
    fn a_puzzle_not_unique_gets_its_own_count_not_its_canonical_forms() {
        let several = entry(
            "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let Prepared::NotUnique(Count::Multiple { first, second, .. }) = judged(&several, 1000)
        else {
            panic!("not counted as several");
        };
        // the solutions are the puzzle's as given: they keep its givens
        assert!(several.puzzle.is_solution(&first) && several.puzzle.is_solution(&second));
    }

    #[test]
    fn a_proof_past_the_work_limit_is_refused_not_searched_without_end() {
        // the first 25×25 of the gecode set: unique, its native proof runs for minutes; its
        // canonical form is too costly to find, so the form is the puzzle itself here
        let text = include_str!("../../tests/data/sizes/gecode_25x25.txt");
        let line = text
            .lines()
            .find(|line| line.trim().len() >= 625 && !line.starts_with('#'))
            .unwrap();
        let large = entry(&line.trim()[..625]);
        let form = CanonicalForm {
            key: "25:test".to_string(),
            puzzle: large.puzzle.clone(),
        };
        let prepared = judge_new(&large, &form, 1000, "test:1".into(), &Budget::unlimited());
        let Prepared::Refused(reason) = prepared else {
            panic!("{prepared:?}");
        };
        assert!(
            reason.starts_with("proving it unique needs more than the work limit of 1000")
                && reason.ends_with("not stored"),
            "{reason}"
        );
    }
}
