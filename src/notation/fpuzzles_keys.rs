//! What sudokit does with each key of an f-puzzles document: read it as a rule it models,
//! accept it as decoration with no effect on solutions, or refuse the puzzle because the key
//! is a rule sudokit does not model (or a key it does not know).

use serde_json::{Map, Value};

use super::error::{printable, NotationError, Reason};

/// The keys whose content sudokit reads as rules or puzzle data (the variant rules' keys are
/// in [`super::fpuzzles_rules::keys`]).
pub(super) const MODELLED: &[&str] = &[
    "size",
    "grid",
    "diagonal+",
    "diagonal-",
    "killercage",
    "solution",
];

/// Keys with no effect on solutions: names, colours, cosmetic shapes and text. `text` entries
/// that are cage comparison marks (`<`, `=`, `>`, `^`, `v` between two cages) are read as
/// comparisons; other text is decoration.
pub(super) const COSMETIC: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "text",
    "line",
    "rectangle",
    "circle",
    "highlighted",
    "disabledlogic",
    "truecandidatesoptions",
    // the editor's setting to mark clashing digits while solving
    "highlightConflicts",
    // the editor's list of constraint panels in use; each rule's data is under its own key,
    // which is checked on its own
    "activeConstraints",
];

/// Rules of f-puzzles that sudokit does not model, by key, with their names for errors.
pub(super) const UNMODELLED: &[(&str, &str)] = &[("cage", "cosmetic cage with a value")];

/// Keys a grid cell may hold that are rules sudokit does not model, with their names.
pub(super) const UNMODELLED_CELL_KEYS: &[(&str, &str)] =
    &[("parity", "even/odd clue (a cell's parity)")];

/// The keys a grid cell may hold: its digit and box, and decoration.
const CELL_KEYS: &[&str] = &[
    "value",
    "given",
    "region",
    "centerPencilMarks",
    "cornerPencilMarks",
    "c",
    "cA",
    super::fpuzzles_rules::PENCIL_MARKS,
    "highlight",
];

/// Refuses a document holding a rule sudokit does not model, or a key it does not know:
/// one line naming the rule and where (`thermometer r1c2-r1c4: not a rule sudokit models`).
pub(super) fn check(object: &Map<String, Value>, line: usize) -> Result<(), NotationError> {
    for (key, value) in object {
        if MODELLED.contains(&key.as_str())
            || (super::fpuzzles_rules::keys().any(|known| known == key)
                && key != super::fpuzzles_rules::PENCIL_MARKS)
            || COSMETIC.contains(&key.as_str())
        {
            continue;
        }
        if is_empty(value) {
            continue;
        }
        if key == "cage" && !cosmetic_cages_have_values(value) {
            continue;
        }
        let message = match UNMODELLED.iter().find(|(known, _)| known == key) {
            Some((_, rule)) => format!("{rule}{}: not a rule sudokit models", place(value)),
            None => format!(
                "{:?}: not a key sudokit knows, so the puzzle may hold a rule it does not model",
                printable(key)
            ),
        };
        return Err(NotationError::at(line, Reason::Json { message }));
    }
    if let Some(rows) = object.get("grid").and_then(Value::as_array) {
        for (row, cells) in rows.iter().enumerate() {
            for (column, cell) in cells.as_array().into_iter().flatten().enumerate() {
                check_cell(cell, row, column, line)?;
            }
        }
    }
    Ok(())
}

/// Refuses a cell holding given pencil marks (a clue: the cell is one of those digits) or a
/// key sudokit does not know.
fn check_cell(cell: &Value, row: usize, column: usize, line: usize) -> Result<(), NotationError> {
    let Some(cell) = cell.as_object() else {
        return Ok(());
    };
    for (key, value) in cell {
        if CELL_KEYS.contains(&key.as_str()) || is_empty(value) {
            continue;
        }
        let unmodelled = UNMODELLED_CELL_KEYS.iter().find(|(known, _)| known == key);
        let message = if let Some((_, rule)) = unmodelled {
            format!(
                "{rule} r{}c{}: not a rule sudokit models",
                row + 1,
                column + 1
            )
        } else {
            format!(
                "r{}c{}: {:?} is not a cell key sudokit knows, so the puzzle may hold a rule it does not model",
                row + 1,
                column + 1,
                printable(key)
            )
        };
        return Err(NotationError::at(line, Reason::Json { message }));
    }
    Ok(())
}

/// A value that says nothing: `false`, `null`, an empty list, object or text.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(map) => map.is_empty(),
        Value::String(text) => text.trim().is_empty(),
        _ => false,
    }
}

/// Whether some cosmetic `cage` carries a value (a sum, perhaps: f-puzzles does not say).
fn cosmetic_cages_have_values(value: &Value) -> bool {
    value.as_array().into_iter().flatten().any(|cage| {
        cage.get("value")
            .is_some_and(|value| !is_empty(value) && value != &Value::from(0))
    })
}

/// ` r1c2-r1c4` for the first entry's cells (a line's ends, or its cells), or nothing for
/// a rule on the whole grid.
fn place(value: &Value) -> String {
    let Some(first) = value.as_array().and_then(|entries| entries.first()) else {
        return " (the whole grid)".to_string();
    };
    let names = |value: Option<&Value>| -> Vec<String> {
        match value {
            Some(Value::String(name)) => vec![cell_name(name)],
            Some(Value::Array(items)) => items
                .iter()
                .flat_map(|item| match item {
                    Value::String(name) => vec![cell_name(name)],
                    Value::Array(inner) => inner
                        .iter()
                        .filter_map(Value::as_str)
                        .map(cell_name)
                        .collect(),
                    _ => Vec::new(),
                })
                .collect(),
            _ => Vec::new(),
        }
    };
    let line = names(first.get("lines"));
    if let (Some(start), Some(end)) = (line.first(), line.last()) {
        return format!(" {start}-{end}");
    }
    let mut cells = names(first.get("cell"));
    cells.extend(names(first.get("cells")));
    if cells.is_empty() {
        String::new()
    } else {
        format!(" {}", cells.join("+"))
    }
}

/// `R1C2` → `r1c2`; anything else shown safely.
fn cell_name(name: &str) -> String {
    printable(&name.to_ascii_lowercase())
}
