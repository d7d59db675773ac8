//! sudokit's own records, one JSON object a line (`puzzles.jsonl` of `generate` and `book`,
//! `grade --json`, `bank query --json`), read back into entries with every rule they carry.
//!
//! A record's puzzle comes from one of three places, in this order:
//!
//! 1. **Its fields**, when it names a `variant` (as `generate`, `book` and the bank write
//!    it): `size`, `box_rows`/`box_columns`, `regions` (a jigsaw's region map), `cages`
//!    (cells as `r1c1` names, an optional `sum`), `comparisons` (cages by position) and the
//!    givens line in `puzzle`; `x` and `killer-x` add both diagonals; every other variant
//!    rule (thermometers, dots, anti-knight …) comes from the `fpuzzles` link and must be the
//!    rules the `rules` list names. The variant must agree
//!    with the fields (a killer has cages, a jigsaw regions), so a record that leaves its
//!    rules out (a killer with no `cages`) is refused rather than read as a classic.
//! 2. **Its `fpuzzles` link**, when it has one (`grade --json`, whose `puzzle` is the givens
//!    alone). A `null` link beside a puzzle with no rule of its own is refused: f-puzzles
//!    could not hold the puzzle, so its rules are not in the record.
//! 3. **Its `puzzle` text** in any notation (a line with its tokens, killer text, RON).
//!
//! Every key must be one a sudokit record has: a key this reader does not know may name a
//! rule, so the record is refused by name, never read without it. `solution` (a line),
//! `name` and `expected_count` are kept in the entry; the other fields are returned as they
//! are, for a caller that wants them (the level and score a book reuses).

use serde_json::{Map, Value};

use super::alphabet::{read_grid, read_solution};
use super::error::{excerpt, NotationError, Reason};
use super::{Entry, Extras, Format};
use crate::model::variant::Regions;
use crate::model::{
    Cage, CageId, Cell, Comparison, Constraint, Diagonal, Geometry, HouseKind, Puzzle, Relation,
};

/// The keys that say what the puzzle is.
const RULE_KEYS: [&str; 16] = [
    "puzzle",
    "rules",
    "solution",
    "name",
    "author",
    "ruleset",
    "variant",
    "size",
    "box_rows",
    "box_columns",
    "regions",
    "cages",
    "comparisons",
    "fpuzzles",
    "expected_count",
    "diagonals",
];

/// The keys sudokit's records carry beside the puzzle: what was made, found or rated.
const INFORMATION_KEYS: [&str; 45] = [
    // generate and book
    "preset",
    "seed",
    "index",
    "symmetry",
    "clues",
    "level",
    "score",
    "unrated",
    "hardest",
    "trial_steps",
    "se",
    "techniques",
    "attempts",
    "number",
    // grade, check and solve
    "source",
    "line",
    "status",
    "reason",
    "work",
    "solved",
    "stopped",
    "level_reason",
    "steps",
    "er",
    "ep",
    "ed",
    "differences",
    "solutions",
    "second",
    "at_least",
    "published_solution_differs_at",
    "suggest",
    "count",
    "engine",
    "seconds",
    // the bank
    "id",
    "se_rating",
    "added",
    "canonical_key",
    "earlier",
    "earlier_id",
    "earlier_source",
    "earlier_added",
    "definition",
    "keyed_under",
];

/// A variant as records name it (as presets spell it), and which of a record's own fields
/// carry its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantName {
    /// Its name in a record's `variant` field.
    pub name: &'static str,
    /// Whether the record's `fpuzzles` link carries its rules (listed by name in `rules`):
    /// it has no field of its own, as cages, diagonals and regions have.
    pub rules_in_link: bool,
    /// Whether its name says both long diagonals hold (`x`, `killer-x`): a record of it
    /// without `diagonals` has both.
    pub both_diagonals: bool,
    /// Whether its record carries `cages` (a killer of any kind).
    pub cages: bool,
    /// Whether its record carries `comparisons` between cage sums (a greater killer).
    pub comparisons: bool,
    /// Whether its record carries a region map in `regions` (a jigsaw).
    pub regions: bool,
}

impl VariantName {
    const fn own_fields(name: &'static str) -> VariantName {
        VariantName {
            name,
            rules_in_link: false,
            both_diagonals: false,
            cages: false,
            comparisons: false,
            regions: false,
        }
    }

    const fn in_link(name: &'static str) -> VariantName {
        VariantName {
            rules_in_link: true,
            ..VariantName::own_fields(name)
        }
    }

    const fn with_diagonals(self) -> VariantName {
        VariantName {
            both_diagonals: true,
            ..self
        }
    }

    const fn with_cages(self) -> VariantName {
        VariantName {
            cages: true,
            ..self
        }
    }
}

/// Classic sudoku: givens alone.
pub const CLASSIC: VariantName = VariantName::own_fields("classic");
/// X-sudoku: both long diagonals.
pub const X: VariantName = VariantName::own_fields("x").with_diagonals();
/// Killer sudoku: cages.
pub const KILLER: VariantName = VariantName::own_fields("killer").with_cages();
/// Killer X: cages and both long diagonals.
pub const KILLER_X: VariantName = VariantName::own_fields("killer-x")
    .with_cages()
    .with_diagonals();
/// Greater killer: cages and comparisons between their sums.
pub const GREATER_KILLER: VariantName = VariantName {
    comparisons: true,
    ..VariantName::own_fields("greater-killer").with_cages()
};
/// Jigsaw: a region map.
pub const JIGSAW: VariantName = VariantName {
    regions: true,
    ..VariantName::own_fields("jigsaw")
};
/// The bank's name for a puzzle with variant rules of any family, or several.
pub const RULES: VariantName = VariantName::in_link("rules");

/// Every variant a record may name: the cases of [`crate::preset::Variant`] in their order
/// (its names are read from here), then the bank's name for a puzzle with variant rules of
/// any family or several ([`RULES`]).
pub const VARIANTS: &[VariantName] = &[
    CLASSIC,
    X,
    KILLER,
    KILLER_X,
    GREATER_KILLER,
    JIGSAW,
    VariantName::in_link("anti-knight"),
    VariantName::in_link("windoku"),
    VariantName::in_link("thermo"),
    VariantName::in_link("kropki"),
    VariantName::in_link("xv"),
    VariantName::in_link("arrow"),
    VariantName::in_link("even-odd"),
    VariantName::in_link("consecutive"),
    RULES,
];

/// The variant a record names `name`, if records know it.
pub fn variant_named(name: &str) -> Option<VariantName> {
    VARIANTS
        .iter()
        .copied()
        .find(|variant| variant.name == name)
}

/// One record read: its puzzle, and every field of the record as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// The puzzle with its name, solution and stated count.
    pub entry: Entry,
    /// The record's fields, as written.
    pub fields: Map<String, Value>,
}

/// Whether `line` is one of sudokit's records: a JSON object with a `puzzle` field (and no
/// f-puzzles `grid`).
pub fn is_record(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('{')
        && line.len() <= super::LONGEST_DOCUMENT
        && line.contains("\"puzzle\"")
        && serde_json::from_str::<Map<String, Value>>(line)
            .is_ok_and(|object| object.contains_key("puzzle") && !object.contains_key("grid"))
}

/// Why `fields` are one of sudokit's answer records (what `check`, `solve` and `grade`
/// write: a count, a status) without the puzzle's text, not a puzzle record, when they
/// are: such a record names its puzzle by source and line, and rules are not in it.
pub(super) fn answer_record(fields: &Map<String, Value>) -> Option<String> {
    let answers = [
        "status",
        "solutions",
        "at_least",
        "published_solution_differs_at",
    ];
    if fields.contains_key("grid")
        || fields.get("puzzle").is_some_and(Value::is_string)
        || !answers.iter().any(|key| fields.contains_key(*key))
    {
        return None;
    }
    Some(
        "an answer record of sudokit (check, solve or grade output), not a puzzle record: it names its puzzle by source and line; read that file instead"
            .to_string(),
    )
}

/// Reads the record on line `number` (1-based): the puzzle with all its rules, or why not.
pub fn read(line: &str, number: usize) -> Result<Read, NotationError> {
    let refuse = |message: String| NotationError::at(number, Reason::Json { message });
    if line.len() > super::LONGEST_DOCUMENT {
        return Err(refuse(format!(
            "a record of {} bytes, longer than any puzzle record ({} at most)",
            line.len(),
            super::LONGEST_DOCUMENT
        )));
    }
    let value: Value = serde_json::from_str(line.trim())
        .map_err(|error| refuse(format!("not a sudokit record (JSON): {error}")))?;
    let Value::Object(fields) = value else {
        return Err(refuse(
            "not a sudokit record (a JSON object with a \"puzzle\")".to_string(),
        ));
    };
    if let Some(message) = answer_record(&fields) {
        return Err(refuse(message));
    }
    if let Some(key) = fields
        .keys()
        .find(|key| !RULE_KEYS.contains(&key.as_str()) && !INFORMATION_KEYS.contains(&key.as_str()))
    {
        return Err(refuse(format!(
            "{:?}: not a key of sudokit's records, so the record may hold a rule it does not know",
            excerpt(key)
        )));
    }
    let Some(text) = fields.get("puzzle").and_then(Value::as_str) else {
        return Err(refuse(match fields.get("status") {
            Some(_) => "no \"puzzle\" text: an answer record of check or solve names its puzzle by source and line; read that file instead".to_string(),
            None => "no \"puzzle\" text".to_string(),
        }));
    };
    let mut entry = if let Some(variant) = fields.get("variant") {
        from_fields(&fields, variant, text, number)?
    } else if let Some(link) = fields.get("fpuzzles") {
        from_link(link, text, number)?
    } else if fields.contains_key("status") {
        return Err(refuse(
            "a grade record without its \"fpuzzles\" field: its \"puzzle\" is the givens alone, not the rules".to_string(),
        ));
    } else {
        from_text(&fields, text, number)?
    };
    entry.line = number;
    if let Some(name) = fields.get("name").filter(|name| !name.is_null()) {
        let name = name
            .as_str()
            .ok_or_else(|| refuse(format!("\"name\": {name} is not text")))?;
        entry.name = Some(name.to_string());
    }
    for (key, kept) in [
        ("author", &mut entry.metadata.author),
        ("ruleset", &mut entry.metadata.ruleset),
    ] {
        if let Some(words) = fields.get(key).filter(|words| !words.is_null()) {
            let words = words
                .as_str()
                .ok_or_else(|| refuse(format!("\"{key}\": {words} is not text")))?;
            *kept = Some(words.to_string());
        }
    }
    match fields.get("solution") {
        None | Some(Value::Null) => {}
        Some(Value::String(solution)) => {
            entry.solution = Some(read_solution(
                solution.trim(),
                entry.puzzle.geometry(),
                number,
                1,
            )?);
        }
        Some(other) => return Err(refuse(format!("\"solution\": {other} is not a line"))),
    }
    if let Some(count) = fields
        .get("expected_count")
        .filter(|count| !count.is_null())
    {
        entry.expected_count = Some(match count {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        });
    }
    Ok(Read { entry, fields })
}

/// The puzzle a generator-style record describes by its fields.
fn from_fields(
    fields: &Map<String, Value>,
    variant: &Value,
    givens: &str,
    number: usize,
) -> Result<Entry, NotationError> {
    let refuse = |message: String| NotationError::at(number, Reason::Json { message });
    let known = variant.as_str().and_then(variant_named).ok_or_else(|| {
        let known: Vec<&str> = VARIANTS.iter().map(|known| known.name).collect();
        refuse(format!(
            "\"variant\": {variant} is not a variant sudokit's records know ({})",
            known.join(", ")
        ))
    })?;
    let variant = known.name;
    let small = |key: &str| -> Result<Option<u8>, NotationError> {
        match fields.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => value
                .as_u64()
                .and_then(|value| u8::try_from(value).ok())
                .map(Some)
                .ok_or_else(|| refuse(format!("\"{key}\": {value} is not a small number"))),
        }
    };
    let regions = match fields.get("regions") {
        None | Some(Value::Null) => None,
        Some(Value::String(map)) => Some(map.as_str()),
        Some(other) => return Err(refuse(format!("\"regions\": {other} is not a line"))),
    };
    let size = small("size")?;
    let side = |size: Option<u8>| {
        size.map(usize::from)
            .or_else(|| super::alphabet::side_for_cells(givens.chars().count()))
            .ok_or_else(|| {
                NotationError::at(
                    number,
                    Reason::LineLength {
                        cells: givens.chars().count(),
                    },
                )
            })
    };
    let model = |error| NotationError::model(number, error);
    let geometry = if regions.is_some() {
        Geometry::irregular(side(size)?).map_err(model)?
    } else {
        match (small("box_rows")?, small("box_columns")?) {
            (Some(rows), Some(columns)) => Geometry::new(rows, columns).map_err(model)?,
            _ => Geometry::for_size(side(size)?).map_err(model)?,
        }
    };
    if size.is_some_and(|size| size != geometry.size()) {
        return Err(refuse(format!(
            "\"size\" is not box_rows × box_columns ({}×{})",
            geometry.box_rows(),
            geometry.box_columns()
        )));
    }
    let mut constraints = Vec::new();
    if let Some(map) = regions {
        let numbers = read_grid(map.trim(), geometry, "the region map", number, 1)?;
        let of_cell = numbers
            .digits()
            .map(|digit| digit.map_or(u8::MAX, |digit| digit.get() - 1))
            .collect();
        constraints.push(Constraint::Regions(
            Regions::new(geometry, of_cell).map_err(model)?,
        ));
    }
    // `diagonals` says which hold where the variant's name does not (one diagonal, or a
    // greater killer's); without it, x and killer-x have both
    let diagonals: &[Diagonal] = match fields.get("diagonals") {
        None | Some(Value::Null) if known.both_diagonals => &[Diagonal::Main, Diagonal::Anti],
        None | Some(Value::Null) => &[],
        Some(Value::String(which)) => match which.as_str() {
            "main" => &[Diagonal::Main],
            "anti" => &[Diagonal::Anti],
            "both" => &[Diagonal::Main, Diagonal::Anti],
            _ => {
                return Err(refuse(format!(
                    "\"diagonals\": {which:?} is not main, anti or both"
                )))
            }
        },
        Some(other) => {
            return Err(refuse(format!(
                "\"diagonals\": {other} is not main, anti or both"
            )))
        }
    };
    for &diagonal in diagonals {
        constraints.push(Constraint::diagonal(geometry, diagonal));
    }
    let cages = list(fields, "cages", number)?;
    for (position, cage) in cages.iter().enumerate() {
        constraints.push(Constraint::Cage(read_cage(
            cage, position, geometry, number,
        )?));
    }
    let rules = link_rules(fields, geometry, givens, number)?;
    if known.rules_in_link && rules.is_empty() {
        return Err(refuse(format!(
            "\"variant\": {variant:?} with no rule in \"fpuzzles\": the record does not carry its rules"
        )));
    }
    constraints.extend(rules);
    let comparisons = list(fields, "comparisons", number)?;
    for comparison in comparisons {
        constraints.push(Constraint::Compare(read_comparison(
            comparison,
            cages.len(),
            number,
        )?));
    }
    let needs_cages = known.cages;
    if needs_cages == cages.is_empty() {
        return Err(refuse(if needs_cages {
            format!(
                "\"variant\": {variant:?} with no \"cages\": the record does not carry its cages"
            )
        } else {
            format!("\"cages\" in a record of variant {variant:?}")
        }));
    }
    if known.regions != regions.is_some() {
        return Err(refuse(if regions.is_none() {
            "\"variant\": \"jigsaw\" with no \"regions\": the record does not carry its region map"
                .to_string()
        } else {
            format!("\"regions\" in a record of variant {variant:?}")
        }));
    }
    if !comparisons.is_empty() && !known.comparisons {
        return Err(refuse(format!(
            "\"comparisons\" in a record of variant {variant:?}"
        )));
    }
    let givens = read_grid(givens.trim(), geometry, "the puzzle", number, 1)?;
    let puzzle = Puzzle::new(geometry, givens, constraints).map_err(model)?;
    Ok(Entry::new(puzzle))
}

/// The variant rules of a generator record, read from its `fpuzzles` link (regions,
/// diagonals, cages and comparisons have fields of their own), which must be the ones its
/// `rules` list names, and the link's givens the `puzzle` line's.
fn link_rules(
    fields: &Map<String, Value>,
    geometry: Geometry,
    givens: &str,
    number: usize,
) -> Result<Vec<Constraint>, NotationError> {
    let refuse = |message: String| NotationError::at(number, Reason::Json { message });
    let mut listed = Vec::new();
    for rule in list(fields, "rules", number)? {
        let rule = rule
            .as_str()
            .ok_or_else(|| refuse(format!("\"rules\": {rule} is not a rule's name")))?;
        listed.push(rule.to_string());
    }
    let link = match fields.get("fpuzzles") {
        Some(Value::String(link)) => link,
        _ if listed.is_empty() => return Ok(Vec::new()),
        _ => {
            return Err(refuse(
                "\"rules\" listed with no \"fpuzzles\" link to read them from".to_string(),
            ))
        }
    };
    let entry = one_entry(link, number, "fpuzzles")?;
    let line = read_grid(
        givens.trim(),
        entry.puzzle.geometry(),
        "the puzzle",
        number,
        1,
    );
    if entry.puzzle.size() != geometry.size()
        || line
            .as_ref()
            .is_ok_and(|line| line != entry.puzzle.givens())
    {
        return Err(refuse(
            "\"puzzle\" and \"fpuzzles\" give different grids".to_string(),
        ));
    }
    let rules: Vec<Constraint> = entry
        .puzzle
        .constraints()
        .iter()
        .filter(|rule| match rule {
            Constraint::Distinct(house) => !matches!(house.kind(), HouseKind::Diagonal(_)),
            Constraint::Regions(_) => false,
            other => other.is_variant_rule(),
        })
        .cloned()
        .collect();
    let mut named: Vec<String> = rules.iter().map(Constraint::to_string).collect();
    named.sort();
    listed.sort();
    if fields.contains_key("rules") && named != listed {
        return Err(refuse(
            "the \"fpuzzles\" link's rules are not the ones \"rules\" names".to_string(),
        ));
    }
    Ok(rules)
}

/// The array at `key` (empty when absent).
fn list<'fields>(
    fields: &'fields Map<String, Value>,
    key: &str,
    number: usize,
) -> Result<&'fields [Value], NotationError> {
    match fields.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(other) => Err(NotationError::at(
            number,
            Reason::Json {
                message: format!("\"{key}\": {} is not a list", excerpt(&other.to_string())),
            },
        )),
    }
}

/// One cage of the `cages` list: `{"cells": ["r1c1", …], "sum": 12}`.
fn read_cage(
    cage: &Value,
    position: usize,
    geometry: Geometry,
    number: usize,
) -> Result<Cage, NotationError> {
    let refuse = |what: String| {
        NotationError::at(
            number,
            Reason::Json {
                message: format!("cage {}: {what}", position + 1),
            },
        )
    };
    let object = cage
        .as_object()
        .ok_or_else(|| refuse("not an object with cells".to_string()))?;
    if let Some(key) = object
        .keys()
        .find(|key| !["cells", "sum"].contains(&key.as_str()))
    {
        return Err(refuse(format!(
            "{:?}: not a key of a cage, so the cage may hold a rule this reader does not know",
            excerpt(key)
        )));
    }
    let cells = object
        .get("cells")
        .and_then(Value::as_array)
        .ok_or_else(|| refuse("no \"cells\" list".to_string()))?
        .iter()
        .map(|name| {
            name.as_str()
                .and_then(|name| cell_named(geometry, name))
                .ok_or_else(|| refuse(format!("{name} is not a cell of the grid (r1c1 …)")))
        })
        .collect::<Result<Vec<Cell>, NotationError>>()?;
    let sum = match object.get("sum") {
        None | Some(Value::Null) => None,
        Some(sum) => Some(
            sum.as_u64()
                .and_then(|sum| u32::try_from(sum).ok())
                .ok_or_else(|| refuse(format!("the sum {sum} is not a whole number")))?,
        ),
    };
    Ok(Cage {
        label: (position + 1).to_string(),
        cells,
        sum,
    })
}

/// One comparison of the `comparisons` list: `{"first": 0, "second": 3, "relation": "Less"}`.
fn read_comparison(
    comparison: &Value,
    cages: usize,
    number: usize,
) -> Result<Comparison, NotationError> {
    let refuse = |what: String| {
        NotationError::at(
            number,
            Reason::Json {
                message: format!("comparison {}: {what}", excerpt(&comparison.to_string())),
            },
        )
    };
    let object = comparison
        .as_object()
        .ok_or_else(|| refuse("not an object".to_string()))?;
    if let Some(key) = object
        .keys()
        .find(|key| !["first", "second", "relation"].contains(&key.as_str()))
    {
        return Err(refuse(format!(
            "{:?}: not a key of a comparison",
            excerpt(key)
        )));
    }
    let cage = |key: &str| {
        object
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|position| usize::try_from(position).ok())
            .filter(|&position| position < cages)
            .map(CageId::new)
            .ok_or_else(|| {
                refuse(format!(
                    "\"{key}\" is not the position of a cage (0 to {})",
                    cages.saturating_sub(1)
                ))
            })
    };
    let relation = object
        .get("relation")
        .and_then(|relation| serde_json::from_value::<Relation>(relation.clone()).ok())
        .ok_or_else(|| refuse("\"relation\" is not Less, Equal or Greater".to_string()))?;
    Ok(Comparison {
        first: cage("first")?,
        second: cage("second")?,
        relation,
    })
}

/// A cell from its `r3c7` name (1-based).
fn cell_named(geometry: Geometry, name: &str) -> Option<Cell> {
    let (row, column) = name
        .trim()
        .to_ascii_lowercase()
        .strip_prefix('r')?
        .split_once('c')
        .map(|(row, column)| (row.parse::<usize>().ok(), column.parse::<usize>().ok()))?;
    geometry.cell(row?.checked_sub(1)?, column?.checked_sub(1)?)
}

/// The puzzle an `fpuzzles` link (or document) carries; its givens must be the `puzzle` line's.
fn from_link(link: &Value, text: &str, number: usize) -> Result<Entry, NotationError> {
    let refuse = |message: String| NotationError::at(number, Reason::Json { message });
    let Some(link) = link.as_str() else {
        if !link.is_null() {
            return Err(refuse(format!("\"fpuzzles\": {link} is not a link")));
        }
        // f-puzzles could not hold the puzzle: only a puzzle text with rules of its own stands
        let entry = one_entry(text, number, "puzzle")?;
        if has_rules(&entry.puzzle) {
            return Ok(entry);
        }
        return Err(refuse(
            "\"fpuzzles\" is null (f-puzzles cannot hold the puzzle) and \"puzzle\" holds the givens alone: the record does not carry its rules".to_string(),
        ));
    };
    let entry = one_entry(link, number, "fpuzzles")?;
    let givens = entry.puzzle.givens();
    let line = read_grid(
        text.trim(),
        entry.puzzle.geometry(),
        "the puzzle",
        number,
        1,
    );
    if line.as_ref().is_ok_and(|line| line != givens) {
        return Err(refuse(
            "\"puzzle\" and \"fpuzzles\" give different givens".to_string(),
        ));
    }
    Ok(entry)
}

/// The puzzle of a record with neither `variant` nor `fpuzzles`: its `puzzle` text, with the
/// box shape `box_rows`/`box_columns` give.
fn from_text(
    fields: &Map<String, Value>,
    text: &str,
    number: usize,
) -> Result<Entry, NotationError> {
    let entry = one_entry(text, number, "puzzle")?;
    let shape = |key: &str| fields.get(key).and_then(Value::as_u64);
    if let (Some(rows), Some(columns)) = (shape("box_rows"), shape("box_columns")) {
        let geometry = entry.puzzle.geometry();
        if (
            u64::from(geometry.box_rows()),
            u64::from(geometry.box_columns()),
        ) != (rows, columns)
        {
            return Err(NotationError::at(
                number,
                Reason::Json {
                    message: format!(
                        "\"box_rows\" × \"box_columns\" ({rows}×{columns}) are not the boxes of the puzzle text ({}×{}); write them in the text (boxes=RxC)",
                        geometry.box_rows(),
                        geometry.box_columns()
                    ),
                },
            ));
        }
    }
    Ok(entry)
}

/// The one puzzle of a field's text (any notation but a record), on the record's line.
fn one_entry(text: &str, number: usize, key: &str) -> Result<Entry, NotationError> {
    let refuse = |message: String| NotationError::at(number, Reason::Json { message });
    if is_record(text) {
        return Err(refuse(format!("\"{key}\" holds a record, not a puzzle")));
    }
    let mut results = super::parse_each(text, None).into_iter();
    match (results.next(), results.next()) {
        (Some(Ok(mut entry)), None) => {
            entry.line = number;
            Ok(entry)
        }
        (Some(Err(error)), None) => Err(refuse(format!("\"{key}\": {error}"))),
        _ => Err(refuse(format!("\"{key}\" holds more than one puzzle"))),
    }
}

/// Whether a puzzle has a rule beyond rows, columns and the usual boxes.
fn has_rules(puzzle: &Puzzle) -> bool {
    !puzzle.constraints().is_empty() || super::unusual_box_shape(puzzle).is_some()
}

/// Writes `puzzle` as a record: its name, its text in the first notation that holds it all
/// (line, killer text, RON), its solution and stated count.
pub(super) fn write(puzzle: &Puzzle, extras: Extras<'_>) -> Result<String, NotationError> {
    let text = [Format::Line, Format::Killer, Format::Ron]
        .into_iter()
        .find_map(|format| super::format(puzzle, format).ok())
        .ok_or_else(|| NotationError::cannot_hold(Format::Records, "this puzzle"))?;
    let mut object = Map::new();
    if let Some(name) = extras.name {
        object.insert("name".into(), Value::from(name));
    }
    object.insert("puzzle".into(), Value::from(text.trim_end()));
    if let Some(solution) = extras.solution {
        super::check_solution(puzzle, extras, Format::Records)?;
        object.insert(
            "solution".into(),
            Value::from(super::alphabet::grid_line(solution)),
        );
    }
    if let Some(count) = extras.expected_count {
        object.insert("expected_count".into(), Value::from(count));
    }
    for (key, words) in [("author", extras.author), ("ruleset", extras.ruleset)] {
        if let Some(words) = words {
            object.insert(key.into(), Value::from(words));
        }
    }
    let line = serde_json::to_string(&object).map_err(|error| {
        NotationError::new(Reason::Json {
            message: error.to_string(),
        })
    })?;
    Ok(format!("{line}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    /// An X puzzle `generate --preset x-9 --seed 1` made.
    const X: &str =
        "5.36.....68....9......3.......37.6.9....2....9.2.61.......9......5....73.....51.6";

    #[test]
    fn a_setters_author_and_rules_text_survive_a_record() {
        let mut entry = super::super::parse(CLASSIC, None).unwrap().remove(0);
        entry.name = Some("Tiny".into());
        entry.metadata.author = Some("A. Setter".into());
        entry.metadata.ruleset = Some("Normal sudoku rules apply.".into());
        let line = super::super::format_entry(&entry, Format::Records).unwrap();
        let back = read(line.trim_end(), 1).unwrap().entry;
        assert_eq!(back.name, entry.name);
        assert_eq!(back.metadata, entry.metadata);
        let bad = line.replace("\"A. Setter\"", "7");
        assert!(read(bad.trim_end(), 1).is_err(), "{bad}");
    }

    #[test]
    fn a_generator_record_reads_with_its_cages_and_comparisons() {
        let line = r#"{"preset":"greater-killer","seed":1,"index":0,"variant":"greater-killer","size":4,"box_rows":2,"box_columns":2,"symmetry":"none","clues":0,"puzzle":"................","solution":"1234341221434321","cages":[{"cells":["r1c1","r1c2"],"sum":3},{"cells":["r1c3","r1c4"]}],"comparisons":[{"first":0,"second":1,"relation":"Less"}],"level":"Easy","score":4,"hardest":null,"trial_steps":0,"techniques":{},"attempts":1}"#;
        let read = read(line, 7).unwrap();
        assert_eq!(read.entry.line, 7);
        assert_eq!(read.entry.puzzle.cage_count(), 2);
        assert_eq!(read.entry.puzzle.comparisons().count(), 1);
        assert!(read.entry.solution.is_some());
        assert_eq!(read.fields["level"], "Easy");
    }

    #[test]
    fn unknown_keys_variants_and_missing_rules_are_refused_by_line() {
        let refused = |line: &str| read(line, 3).unwrap_err().to_string();
        let thermo = format!(r#"{{"puzzle":"{CLASSIC}","thermometers":[["r1c1","r1c2"]]}}"#);
        assert_eq!(
            refused(&thermo),
            "line 3: \"thermometers\": not a key of sudokit's records, so the record may hold a rule it does not know"
        );
        let variant = format!(r#"{{"puzzle":"{CLASSIC}","variant":"sandwich"}}"#);
        assert!(refused(&variant).starts_with("line 3: \"variant\": \"sandwich\" is not a variant"));
        let bank_killer = format!(r#"{{"puzzle":"{CLASSIC}","variant":"killer","size":9}}"#);
        assert_eq!(
            refused(&bank_killer),
            "line 3: \"variant\": \"killer\" with no \"cages\": the record does not carry its cages"
        );
        let lost = format!(r#"{{"puzzle":"{CLASSIC}","fpuzzles":null,"status":"rated"}}"#);
        assert!(refused(&lost).contains("the record does not carry its rules"));
    }

    #[test]
    fn a_diagonals_field_says_which_diagonals_hold() {
        let main = format!(r#"{{"puzzle":"{X}","variant":"x","size":9,"diagonals":"main"}}"#);
        let read = read(&main, 1).unwrap();
        assert_eq!(read.entry.puzzle.diagonals(), [Diagonal::Main]);
        let both = format!(r#"{{"puzzle":"{X}","variant":"x","size":9}}"#);
        assert_eq!(
            read_entry_diagonals(&both),
            [Diagonal::Main, Diagonal::Anti]
        );
        assert_eq!(
            read_err(&format!(
                r#"{{"puzzle":"{X}","variant":"x","diagonals":"left"}}"#
            )),
            "line 1: \"diagonals\": \"left\" is not main, anti or both"
        );
    }

    fn read_entry_diagonals(line: &str) -> Vec<Diagonal> {
        read(line, 1).unwrap().entry.puzzle.diagonals()
    }

    #[test]
    fn written_records_read_back() {
        let entry = super::super::parse(&format!("{X} diag=both named one"), None)
            .unwrap()
            .remove(0);
        let text = super::super::format_entry(&entry, Format::Records).unwrap();
        let again = super::super::parse(&text, None).unwrap().remove(0);
        assert_eq!(again, entry);
    }

    #[test]
    fn a_grade_record_reads_its_fpuzzles_link() {
        let entry = super::super::parse(&format!("{X} diag=main"), None)
            .unwrap()
            .remove(0);
        let link = super::super::fpuzzles::link(
            &entry.puzzle,
            None,
            super::super::fpuzzles::FPUZZLES_PREFIX,
        )
        .unwrap();
        let line = format!(
            r#"{{"source":"a.txt:1","line":1,"name":null,"status":"rated","puzzle":"{X}","level":"Easy","fpuzzles":"{link}"}}"#
        );
        let read = read(&line, 1).unwrap();
        assert_eq!(read.entry.puzzle, entry.puzzle);
        let other = line.replacen(".36.", ".364", 1);
        assert!(read_err(&other).contains("different givens"));
    }

    /// A record as `generate` writes one for a rule variant: the rule in the link, named in
    /// `rules`.
    #[test]
    fn a_rule_variant_reads_its_rules_from_the_link_and_checks_their_names() {
        let rows: Vec<Value> = X
            .as_bytes()
            .chunks(9)
            .map(|row| {
                Value::Array(
                    row.iter()
                        .map(|&cell| match cell {
                            b'.' => serde_json::json!({}),
                            digit => serde_json::json!({"value": digit - b'0', "given": true}),
                        })
                        .collect(),
                )
            })
            .collect();
        let document = serde_json::json!({
            "size": 9,
            "grid": rows,
            "thermometer": [{"lines": [["R1C5", "R1C6"]]}],
        });
        let thermo = super::super::parse(&document.to_string(), Some(Format::Fpuzzles))
            .unwrap()
            .remove(0);
        let rule = thermo.puzzle.constraints()[0].to_string();
        let link = super::super::fpuzzles::link(
            &thermo.puzzle,
            None,
            super::super::fpuzzles::FPUZZLES_PREFIX,
        )
        .unwrap();
        let record = |rules: &str, link: &str| {
            format!(
                r#"{{"preset":"thermo","variant":"thermo","size":9,"box_rows":3,"box_columns":3,"puzzle":"{X}","rules":{rules},"fpuzzles":{link},"level":null,"score":null,"unrated":"thermometer"}}"#
            )
        };
        let quoted = format!("{link:?}");
        let read = read(&record(&format!("[{rule:?}]"), &quoted), 4).unwrap();
        assert_eq!(read.entry.puzzle, thermo.puzzle);
        assert_eq!(
            read_err(&record(r#"["thermometer r9c1-r9c2"]"#, &quoted)),
            "line 1: the \"fpuzzles\" link's rules are not the ones \"rules\" names"
        );
        assert_eq!(
            read_err(&record("[]", "null")),
            "line 1: \"variant\": \"thermo\" with no rule in \"fpuzzles\": the record does not carry its rules"
        );
    }

    fn read_err(line: &str) -> String {
        read(line, 1).unwrap_err().to_string()
    }
}
