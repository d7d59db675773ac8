//! f-puzzles JSON and links: `size`, `grid` (givens as `{"value": 5, "given": true}`),
//! `diagonal+` / `diagonal-`, `killercage` (cells `R1C1`, sum as a string), `title`,
//! `solution`; links are the JSON packed with lz-string after `?load=` (f-puzzles) or
//! `/fpuzzles` (SudokuPad).
//!
//! f-puzzles has no cage comparisons; we write each as a `text` mark (`<`, `=`, `>` between
//! two side-by-side cells, `^`, `=`, `v` between cells one above the other, the point facing
//! the smaller sum) on the border of the two cages, and read such marks back. A box shape
//! other than the usual one is written as each cell's `region`.

use serde_json::{Map, Value};

use super::error::{excerpt, NotationError, Reason};
use super::fpuzzles_document::{CageEntry, Document, GridCell, TextMark};
use super::lz_string;
use super::{Entry, Extras, Format, Metadata};
use crate::budget::Budget;
use crate::model::variant::{self, LineKind};
use crate::model::{
    Cage, CageId, Cell, Comparison, Constraint, Diagonal, Digit, Geometry, Grid, Puzzle, Relation,
    MAX_SIZE,
};

/// Where f-puzzles opens a packed puzzle.
pub const FPUZZLES_PREFIX: &str = "https://www.f-puzzles.com/?load=";
/// Where SudokuPad opens the same packed puzzle.
pub const SUDOKUPAD_PREFIX: &str = "https://sudokupad.app/fpuzzles";

/// Whether `text` starts like an f-puzzles document or link.
pub(super) fn looks_like(first_line: &str) -> bool {
    let line = first_line.trim_start();
    (line.starts_with('{') && line.contains("\"size\""))
        || line.contains("?load=")
        || line.contains("/fpuzzles")
        || line.contains("puzzleid=fpuzzles")
}

/// One result per puzzle: a single JSON document (over several lines, refused whole with
/// the JSON parser's line and column), or one document or link per line; a link is unpacked
/// within `budget`'s deadline and flag.
pub(super) fn parse_each(text: &str, budget: &Budget) -> Vec<Result<Entry, NotationError>> {
    if is_document(text) {
        let first = text
            .lines()
            .position(|line| !line.trim().is_empty())
            .map_or(1, |index| index + 1);
        return vec![read_document(text, first)];
    }
    let mut results = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let result = if line.starts_with('{') {
            read_document(line, number)
        } else {
            unpack_link_within(line, budget)
                .map_err(|reason| NotationError::at(number, reason))
                .and_then(|json| {
                    serde_json::from_str::<Value>(&json).map_err(|error| {
                        json_error(number, &format!("the link holds no JSON: {error}"))
                    })
                })
                .and_then(|value| from_value(&value, number))
        };
        results.push(result);
    }
    results
}

/// Whether `text` is one JSON document over several lines (pretty-printed), not one
/// document a line: its first line opens an object but is no JSON alone, and the next line
/// does not open another.
pub(super) fn is_document(text: &str) -> bool {
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'));
    let Some(first) = lines.next() else {
        return false;
    };
    first.starts_with('{')
        && serde_json::from_str::<serde::de::IgnoredAny>(first).is_err()
        && !lines.next().is_some_and(|second| second.starts_with('{'))
}

/// The puzzle of one f-puzzles document starting on line `line`: refused past
/// [`super::LONGEST_DOCUMENT`] characters before it is parsed, and, when it is no JSON, with
/// the parser's line and column (counted from `line`).
pub(super) fn read_document(text: &str, line: usize) -> Result<Entry, NotationError> {
    if text.len() > super::LONGEST_DOCUMENT {
        return Err(json_error(
            line,
            &format!(
                "a document of {} bytes, longer than any puzzle document ({} at most)",
                text.len(),
                super::LONGEST_DOCUMENT
            ),
        ));
    }
    let value = serde_json::from_str::<Value>(text).map_err(|error| {
        let message = error.to_string();
        // the position is said by the location, once
        let message = match message.rfind(" at line ") {
            Some(at) => &message[..at],
            None => &message,
        };
        let reason = Reason::Json {
            message: message.to_string(),
        };
        match error.line() {
            0 => NotationError::at(line, reason),
            within => NotationError::at_column(line + within - 1, error.column().max(1), reason),
        }
    })?;
    from_value(&value, line)
}

fn json_error(line: usize, message: &str) -> NotationError {
    NotationError::at(
        line,
        Reason::Json {
            message: message.to_string(),
        },
    )
}

/// What sudokit does with each f-puzzles key: the rule table the list of rules in
/// docs/formats.md comes from (a test keeps the two in step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyTable {
    /// Keys read as rules or puzzle data (the grid's, then each variant rule's), and the
    /// cell key `region`.
    pub modelled: Vec<&'static str>,
    /// Keys with no effect on solutions.
    pub decoration: Vec<&'static str>,
    /// Rules f-puzzles has and sudokit refuses, by name: (key, rule name), the cell keys last.
    pub refused: Vec<(&'static str, &'static str)>,
}

/// The table of f-puzzles keys (see [`KeyTable`]).
pub fn key_table() -> KeyTable {
    let mut modelled: Vec<&'static str> = super::fpuzzles_keys::MODELLED.to_vec();
    for key in super::fpuzzles_rules::keys() {
        // `killercage` carries cages and free cages: listed once
        if !modelled.contains(&key) {
            modelled.push(key);
        }
    }
    modelled.push("region");
    KeyTable {
        modelled,
        decoration: super::fpuzzles_keys::COSMETIC.to_vec(),
        refused: super::fpuzzles_keys::UNMODELLED
            .iter()
            .chain(super::fpuzzles_keys::UNMODELLED_CELL_KEYS)
            .copied()
            .collect(),
    }
}

/// The JSON text packed in a link (or in a bare lz-string payload).
pub fn unpack_link(link: &str) -> Result<String, Reason> {
    unpack_link_within(link, &Budget::unlimited())
}

/// [`unpack_link`], stopping when `budget`'s deadline passes or its flag is raised (a link
/// of a few kilobytes may take a while to unpack to the longest document): the reason then
/// says the unpacking was stopped.
pub fn unpack_link_within(link: &str, budget: &Budget) -> Result<String, Reason> {
    let lower = link.to_ascii_lowercase();
    let is_address =
        lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("www.");
    let carries = ["?load=", "/fpuzzles", "puzzleid=fpuzzles"]
        .iter()
        .any(|marker| link.contains(marker));
    if is_address && !carries {
        return Err(Reason::Json {
            message: format!(
                "{:?} does not carry the puzzle: a short link, or one in SudokuPad's own format, only points to it; open it and copy the full f-puzzles link (with ?load= or /fpuzzles), or export the f-puzzles JSON",
                excerpt(link)
            ),
        });
    }
    let payload = link
        .split_once("?load=")
        .or_else(|| link.split_once("puzzleid=fpuzzles"))
        .or_else(|| link.split_once("/fpuzzles"))
        .map_or(link, |(_, payload)| payload);
    let payload = payload.split(['&', '#']).next().unwrap_or("");
    let payload = percent_decode(payload);
    lz_string::decompress_from_base64_within(&payload, lz_string::LONGEST_TEXT, budget)
        .map_err(|error| Reason::Json {
            message: match error {
                // the link may be sound: the caller's time ran out first
                lz_string::DecompressError::Stopped(_) => error.to_string(),
                _ => format!("not an f-puzzles link: {error}"),
            },
        })
        .and_then(|json| {
            if json.is_empty() {
                Err(Reason::Json {
                    message: format!(
                        "not an f-puzzles link: {:?} unpacks to nothing",
                        excerpt(link)
                    ),
                })
            } else {
                Ok(json)
            }
        })
}

/// `%2B` → `+` and the like; anything malformed is kept as written.
fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text)
        .decode_utf8_lossy()
        .into_owned()
}

fn invalid(
    line: usize,
    text: impl Into<String>,
    what: &'static str,
    expected: &'static str,
) -> NotationError {
    NotationError::at(
        line,
        Reason::Invalid {
            text: excerpt(&text.into()),
            what,
            expected,
        },
    )
}

fn from_value(value: &Value, line: usize) -> Result<Entry, NotationError> {
    let object = value.as_object().ok_or_else(|| {
        invalid(
            line,
            value.to_string(),
            "an f-puzzles document",
            "a JSON object with size and grid",
        )
    })?;
    if let Some(message) = super::records::answer_record(object) {
        return Err(NotationError::at(line, Reason::Json { message }));
    }
    super::fpuzzles_keys::check(object, line)?;
    // the side is checked before anything is made by it (a side of a million would ask
    // for a million squared cells)
    let size = object
        .get("size")
        .and_then(Value::as_u64)
        .and_then(|size| usize::try_from(size).ok())
        .filter(|size| (4..=usize::from(MAX_SIZE)).contains(size))
        .ok_or_else(|| {
            invalid(
                line,
                object
                    .get("size")
                    .map_or("nothing".to_string(), Value::to_string),
                "a grid size",
                "\"size\": a number from 4 to 25",
            )
        })?;
    let rows = object
        .get("grid")
        .and_then(Value::as_array)
        .ok_or_else(|| {
            invalid(
                line,
                "no grid",
                "an f-puzzles grid",
                "\"grid\": an array of rows of cells",
            )
        })?;
    let (geometry, regions) = super::fpuzzles_rules::layout(rows, size, line)?;
    let mut givens = Grid::empty(geometry);
    if rows.len() != size {
        return Err(NotationError::at(
            line,
            Reason::RowCount {
                what: "grid",
                found: rows.len(),
                expected: size,
            },
        ));
    }
    for (row, cells) in rows.iter().enumerate() {
        let cells = cells.as_array().map_or(&[][..], Vec::as_slice);
        if cells.len() != size {
            return Err(NotationError::at(
                line,
                Reason::CellCount {
                    what: "grid row",
                    found: cells.len(),
                    expected: size,
                },
            ));
        }
        for (column, cell) in cells.iter().enumerate() {
            let given = switch(
                cell.get("given"),
                &format!("r{}c{} given", row + 1, column + 1),
                line,
            )?;
            let Some(value) = cell.get("value").filter(|_| given) else {
                continue;
            };
            let place = geometry.cell(row, column).expect("row and column checked");
            let digit = value
                .as_u64()
                .and_then(|value| u8::try_from(value).ok())
                .and_then(Digit::new)
                .filter(|digit| usize::from(digit.get()) <= size)
                .ok_or_else(|| {
                    invalid(
                        line,
                        format!("{place} = {value}"),
                        "a given",
                        "a digit from 1 to the grid's size",
                    )
                })?;
            givens.set(place, Some(digit));
        }
    }
    let mut constraints = Vec::new();
    for (key, diagonal) in [("diagonal-", Diagonal::Main), ("diagonal+", Diagonal::Anti)] {
        if switch(object.get(key), key, line)? {
            constraints.push(Constraint::diagonal(geometry, diagonal));
        }
    }
    let (cages, free_cages) = read_cages(object, geometry, line)?;
    let rules = super::fpuzzles_rules::read(object, geometry, line)?;
    let comparisons = read_comparisons(object, geometry, &cages, &free_cages, &rules, line)?;
    constraints.extend(cages.into_iter().map(Constraint::Cage));
    constraints.extend(free_cages.into_iter().map(Constraint::FreeCage));
    constraints.extend(comparisons.into_iter().map(Constraint::Compare));
    constraints.extend(regions.map(Constraint::Regions));
    constraints.extend(rules);
    let puzzle = Puzzle::new(geometry, givens, constraints)
        .map_err(|error| NotationError::model(line, error))?;
    let name = object
        .get("title")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|title| !title.is_empty())
        .map(str::to_string);
    let solution = read_solution(object, geometry, line)?;
    let words = |key: &str| {
        object
            .get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|words| !words.is_empty())
            .map(str::to_string)
    };
    let metadata = Metadata {
        author: words("author"),
        ruleset: words("ruleset"),
        // f-puzzles has no comparison key: every comparison came from a text mark
        comparisons_from_text: puzzle.comparisons().next().is_some(),
    };
    Ok(Entry {
        line,
        name,
        puzzle,
        solution,
        expected_count: None,
        metadata,
    })
}

/// The `solution` list: absent, or n² digits of the grid (a wrong length or a value out of
/// range is refused, never ignored).
fn read_solution(
    object: &Map<String, Value>,
    geometry: Geometry,
    line: usize,
) -> Result<Option<Grid>, NotationError> {
    let values = match object.get("solution") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(values)) => values,
        Some(other) => {
            return Err(invalid(
                line,
                other.to_string(),
                "a solution",
                "a list of n² digits",
            ))
        }
    };
    let size = u64::from(geometry.size());
    if values.len() != geometry.cell_count() {
        return Err(NotationError::at(
            line,
            Reason::CellCount {
                what: "solution",
                found: values.len(),
                expected: geometry.cell_count(),
            },
        ));
    }
    let mut digits = Vec::with_capacity(values.len());
    for (index, value) in values.iter().enumerate() {
        let digit = value
            .as_u64()
            .filter(|digit| (1..=size).contains(digit))
            .and_then(|digit| u8::try_from(digit).ok());
        let Some(digit) = digit else {
            let place = geometry
                .cells()
                .nth(index)
                .map_or_else(String::new, |cell| format!("{cell} = "));
            return Err(invalid(
                line,
                format!("{place}{value}"),
                "a solution digit",
                "a digit from 1 to the grid's size",
            ));
        };
        digits.push(digit);
    }
    Ok(Grid::from_values(geometry, &digits))
}

fn parse_cell(name: &str, geometry: Geometry) -> Option<Cell> {
    let upper = name.trim().to_ascii_uppercase();
    let (row, column) = upper.strip_prefix('R')?.split_once('C')?;
    let (row, column): (usize, usize) = (row.parse().ok()?, column.parse().ok()?);
    geometry.cell(row.checked_sub(1)?, column.checked_sub(1)?)
}

/// A rule switch (`diagonal+`, a cell's `given`), named `name` in errors: `true`, or
/// `false` when absent. Any other value is refused: read as `false`, it would drop a rule
/// without a word.
pub(super) fn switch(
    value: Option<&Value>,
    name: &str,
    line: usize,
) -> Result<bool, NotationError> {
    match value {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(on)) => Ok(*on),
        Some(other) => Err(invalid(
            line,
            format!("{name}: {other}"),
            "a rule switch",
            "true or false",
        )),
    }
}

/// A cage value that says nothing: absent, `null` or blank text.
fn is_blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.trim().is_empty(),
        _ => false,
    }
}

fn cells_of(entry: &Value, geometry: Geometry, line: usize) -> Result<Vec<Cell>, NotationError> {
    let names = entry
        .get("cells")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    names
        .iter()
        .map(|name| {
            name.as_str()
                .and_then(|name| parse_cell(name, geometry))
                .ok_or_else(|| {
                    invalid(
                        line,
                        name.to_string(),
                        "a cell",
                        "\"R1C1\" to \"RnCn\" inside the grid",
                    )
                })
        })
        .collect()
}

/// Killer cages (`killercage`), in reading order of their first cell (then of their other
/// cells): each connected cage that shares no cell with an earlier cage kept is a cage of
/// the usual layout; every other one (overlapping such a cage, or in pieces) a free cage,
/// with the same meaning. (A plain `cage` is f-puzzles' cosmetic cage: decoration without a
/// value, refused with one.)
fn read_cages(
    object: &Map<String, Value>,
    geometry: Geometry,
    line: usize,
) -> Result<(Vec<Cage>, Vec<variant::FreeCage>), NotationError> {
    let mut cages = Vec::new();
    for key in ["killercage"] {
        let entries = match object.get(key) {
            None | Some(Value::Null) => &[][..],
            Some(Value::Array(entries)) => entries.as_slice(),
            Some(other) => {
                return Err(invalid(
                    line,
                    format!("\"{key}\": {other}"),
                    "a list of cages",
                    "[{\"cells\": [\"R1C1\", …], \"value\": \"15\"}, …]",
                ))
            }
        };
        for entry in entries {
            let mut cells = cells_of(entry, geometry, line)?;
            cells.sort();
            if let Some(twice) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
                // a cell listed twice: a slip in the document, and a cage of one cell fewer
                // than its author counted may have a sum no digits can make
                return Err(NotationError::at(
                    line,
                    Reason::Json {
                        message: format!("\"{key}\": {} is listed twice in one cage", twice[0]),
                    },
                ));
            }
            if cells.is_empty() {
                // a cage without cells constrains nothing; with a sum it is a mistake
                if entry.get("value").is_some_and(|value| !is_blank(value)) {
                    return Err(invalid(
                        line,
                        format!("\"{key}\": {entry}"),
                        "a killer cage",
                        "its cells as \"cells\": [\"R1C1\", …]",
                    ));
                }
                continue;
            }
            let sum = match entry.get("value") {
                None | Some(Value::Null) => None,
                Some(Value::String(text)) if text.trim().is_empty() => None,
                Some(value) => {
                    let text = value
                        .as_str()
                        .map_or_else(|| value.to_string(), str::to_string);
                    Some(
                        text.trim()
                            .parse::<u32>()
                            .map_err(|_| invalid(line, text, "a cage sum", "a whole number"))?,
                    )
                }
            };
            cages.push(Cage {
                label: String::new(),
                cells,
                sum,
            });
        }
    }
    Ok(split_cages(geometry, cages))
}

/// The killer cages of a document (each one's cells in reading order) split as the reader
/// splits them: in order of their cells, a connected cage that shares no cell with a cage
/// kept before it is a cage of the usual layout (labelled a, b, … in that order), every
/// other one a free cage.
fn split_cages(geometry: Geometry, mut cages: Vec<Cage>) -> (Vec<Cage>, Vec<variant::FreeCage>) {
    // cells in order, so the first cell decides and ties between overlapping cages fall
    // the same way whatever order the document lists them in
    cages.sort_by(|first, second| (&first.cells, first.sum).cmp(&(&second.cells, second.sum)));
    let mut taken = vec![false; geometry.cell_count()];
    let mut kept = Vec::new();
    let mut free = Vec::new();
    for cage in cages {
        let overlaps = cage.cells.iter().any(|cell| taken[cell.index()]);
        if overlaps || !connected(&cage.cells) {
            free.push(variant::FreeCage {
                cells: cage.cells,
                sum: cage.sum,
            });
            continue;
        }
        for cell in &cage.cells {
            taken[cell.index()] = true;
        }
        kept.push(cage);
    }
    for (index, cage) in kept.iter_mut().enumerate() {
        cage.label = label(index);
    }
    (kept, free)
}

/// The first cage or free cage of `puzzle` that f-puzzles' one `killercage` list would give
/// back in the other role (a free cage that comes first in reading order and touches no
/// cage before it reads back as a cage of the usual layout, and the cage it overlaps as a
/// free cage), so that writing it would not read back as written.
fn role_not_kept(puzzle: &Puzzle) -> Option<String> {
    let free: Vec<(Vec<Cell>, Option<u32>)> = puzzle
        .constraints()
        .iter()
        .filter_map(|constraint| match constraint {
            Constraint::FreeCage(rule) => Some((sorted(&rule.cells), rule.sum)),
            _ => None,
        })
        .collect();
    if free.is_empty() {
        return None;
    }
    let mut usual: Vec<(Vec<Cell>, Option<u32>)> = puzzle
        .cages()
        .map(|cage| (sorted(&cage.cells), cage.sum))
        .collect();
    let pooled = usual
        .iter()
        .chain(&free)
        .map(|(cells, sum)| Cage {
            label: String::new(),
            cells: cells.clone(),
            sum: *sum,
        })
        .collect();
    let (kept, _) = split_cages(puzzle.geometry(), pooled);
    // a kept cage the puzzle has no usual cage for (counting repeats) was a free cage
    for cage in kept {
        let entry = (cage.cells, cage.sum);
        match usual.iter().position(|other| *other == entry) {
            Some(index) => {
                usual.swap_remove(index);
            }
            None => {
                let (cells, sum) = entry;
                return Some(variant::FreeCage { cells, sum }.to_string());
            }
        }
    }
    None
}

fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut cells = cells.to_vec();
    cells.sort();
    cells
}

/// Whether `cells` form one piece through shared sides.
fn connected(cells: &[Cell]) -> bool {
    let Some(&start) = cells.first() else {
        return true;
    };
    let mut reached = vec![start];
    let mut next = 0;
    while let Some(&cell) = reached.get(next) {
        next += 1;
        for &other in cells {
            if !reached.contains(&other) && variant::orthogonal(cell, other) {
                reached.push(other);
            }
        }
    }
    reached.len() == cells.len()
}

/// `a`-`z`, `A`-`Z`, then `c53`, `c54`, …
fn label(index: usize) -> String {
    let letters: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
    letters
        .get(index)
        .map_or_else(|| format!("c{}", index + 1), char::to_string)
}

/// Comparison marks: `text` entries `<`, `=`, `>`, `^`, `v` (turned by their `angle`) between
/// two neighbours. Between two cages, a comparison of their sums; along a thermometer, the
/// drawn copy of what it says (decoration); anywhere else refused. A mark on a free cage's
/// cell is refused by the cage's name: which of the cages it compares cannot be told.
fn read_comparisons(
    object: &Map<String, Value>,
    geometry: Geometry,
    cages: &[Cage],
    free_cages: &[variant::FreeCage],
    rules: &[Constraint],
    line: usize,
) -> Result<Vec<Comparison>, NotationError> {
    let owner = |place: Cell| cages.iter().position(|cage| cage.cells.contains(&place));
    let free_owner = |place: Cell| free_cages.iter().find(|cage| cage.cells.contains(&place));
    let mut comparisons = Vec::new();
    for entry in object
        .get("text")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
    {
        let Some(mark) = entry.get("value").and_then(Value::as_str) else {
            continue;
        };
        let mark = mark.trim();
        // the side the mark's point faces (the smaller one), before turning
        let facing = match mark {
            "<" => Some(0),
            "^" | "∧" => Some(1),
            ">" => Some(2),
            "v" | "V" | "∨" => Some(3),
            "=" => None,
            _ => continue,
        };
        let cells = cells_of(entry, geometry, line)?;
        let refuse = |why: &str| {
            let names: Vec<String> = cells.iter().map(ToString::to_string).collect();
            NotationError::at(
                line,
                Reason::Json {
                    message: format!(
                        "comparison mark {mark:?} {}: {why}, and sudokit models only comparisons of cage sums",
                        names.join("-")
                    ),
                },
            )
        };
        let (upper, lower) = match cells[..] {
            [first, second] if variant::orthogonal(first, second) => {
                (first.min(second), first.max(second))
            }
            _ => return Err(refuse("not between two neighbouring cells")),
        };
        let vertical = upper.column() == lower.column();
        let relation = match facing {
            None => Relation::Equal,
            Some(facing) => {
                let angle = entry.get("angle").and_then(Value::as_f64).unwrap_or(0.0);
                let quarter = angle / 90.0;
                if quarter.fract() != 0.0 {
                    return Err(refuse(&format!(
                        "turned by {angle}°, it points at neither cell"
                    )));
                }
                // a quarter turn clockwise: left → up → right → down → left
                let turned = (facing + quarter.rem_euclid(4.0) as usize) % 4;
                match (turned, vertical) {
                    (0, false) | (1, true) => Relation::Less,
                    (2, false) | (3, true) => Relation::Greater,
                    _ => return Err(refuse("it points at neither cell")),
                }
            }
        };
        let free = free_owner(upper).or_else(|| free_owner(lower));
        match (owner(upper), owner(lower)) {
            (Some(first), Some(second)) if first != second && free.is_none() => {
                comparisons.push(Comparison {
                    first: CageId::new(first),
                    second: CageId::new(second),
                    relation,
                });
            }
            _ => {
                let on_thermometer = |smaller: Cell, larger: Cell| {
                    rules.iter().any(|rule| {
                        matches!(rule, Constraint::Line(drawn)
                            if drawn.kind == LineKind::Thermometer
                                && drawn.cells.windows(2).any(|pair| pair == [smaller, larger]))
                    })
                };
                let drawn_copy = match relation {
                    Relation::Less => on_thermometer(upper, lower),
                    Relation::Greater => on_thermometer(lower, upper),
                    Relation::Equal => false,
                };
                match (drawn_copy, free) {
                    (true, _) => {}
                    (false, Some(cage)) => {
                        return Err(refuse(&format!(
                            "it touches the {cage}, which overlaps another cage or comes in pieces, so which sums it compares cannot be told"
                        )))
                    }
                    (false, None) if relation == Relation::Equal => {
                        return Err(refuse("not between two cages"))
                    }
                    (false, None) => {
                        return Err(refuse("not between two cages nor along a thermometer"))
                    }
                }
            }
        }
    }
    Ok(comparisons)
}

fn cell_name(place: Cell) -> String {
    format!("R{}C{}", place.row() + 1, place.column() + 1)
}

/// The f-puzzles document for `puzzle` (with title and solution when `extras` has them), or
/// the error naming a part f-puzzles cannot hold.
pub(super) fn document(puzzle: &Puzzle, extras: Extras<'_>) -> Result<Document, NotationError> {
    // f-puzzles puts a comparison's sign on a border the cages share: one between cages that
    // do not touch is refused by name rather than dropped
    if let Some(untouched) = puzzle
        .comparisons()
        .find(|comparison| !puzzle.comparison_touches(comparison))
    {
        return Err(NotationError::cannot_hold(
            Format::Fpuzzles,
            format!(
                "the comparison {}, whose cages do not touch (use killer or ron)",
                puzzle.comparison_words(untouched)
            ),
        ));
    }
    // one list holds both roles: a free cage the reader would take for a cage of the usual
    // layout is refused by name rather than read back in another role
    if let Some(free) = role_not_kept(puzzle) {
        return Err(NotationError::cannot_hold(
            Format::Fpuzzles,
            format!(
                "the {free}: read back from f-puzzles' one cage list it would be a cage of the usual layout, as it comes first in reading order and overlaps no cage before it (use ron)"
            ),
        ));
    }
    let geometry = puzzle.geometry();
    let size = usize::from(geometry.size());
    let unusual = Geometry::for_size(size).ok() != Some(geometry);
    let regions = puzzle.regions();
    let grid = (0..size)
        .map(|row| {
            (0..size)
                .map(|column| {
                    let place = geometry.cell(row, column).expect("inside the grid");
                    let value = puzzle.givens().get(place).map(Digit::get);
                    let region = match regions {
                        Some(regions) => Some(regions.region_of(place)),
                        None => unusual.then(|| geometry.box_of(place)),
                    };
                    GridCell {
                        given: value.is_some(),
                        region,
                        value,
                        given_pencil_marks: Vec::new(),
                    }
                })
                .collect()
        })
        .collect();
    let mut document = Document {
        size,
        grid,
        ..Document::default()
    };
    for diagonal in puzzle.diagonals() {
        match diagonal {
            Diagonal::Main => document.main_diagonal = true,
            Diagonal::Anti => document.anti_diagonal = true,
        }
    }
    document.killercage = puzzle
        .cages()
        .map(|cage| CageEntry {
            cells: cage.cells.iter().copied().map(cell_name).collect(),
            value: cage.sum.map(|sum| sum.to_string()),
        })
        .collect();
    document.text = puzzle
        .comparisons()
        .filter_map(|comparison| comparison_mark(puzzle, comparison))
        .collect();
    super::fpuzzles_rules::write(puzzle, &mut document)
        .map_err(|what| NotationError::cannot_hold(Format::Fpuzzles, what))?;
    document.title = extras.name.map(str::to_string);
    document.solution = extras.solution.map(Grid::values);
    document.author = extras.author.map(str::to_string);
    document.ruleset = extras.ruleset.map(str::to_string);
    Ok(document)
}

/// The mark for a comparison on a border the two cages share (`None` if they do not touch;
/// f-puzzles has nowhere else to put it).
fn comparison_mark(puzzle: &Puzzle, comparison: &Comparison) -> Option<TextMark> {
    let first = puzzle.cage(comparison.first);
    let second = puzzle.cage(comparison.second);
    let mut pairs: Vec<(Cell, Cell)> = first
        .cells
        .iter()
        .flat_map(|&a| second.cells.iter().map(move |&b| (a, b)))
        .filter(|(a, b)| a.row().abs_diff(b.row()) + a.column().abs_diff(b.column()) == 1)
        .collect();
    pairs.sort();
    let &(a, b) = pairs.get(pairs.len() / 2)?;
    // written with the upper or left cell first, so the mark reads in page order
    let (upper, lower, relation) = if (b.row(), b.column()) < (a.row(), a.column()) {
        let flipped = match comparison.relation {
            Relation::Less => Relation::Greater,
            Relation::Equal => Relation::Equal,
            Relation::Greater => Relation::Less,
        };
        (b, a, flipped)
    } else {
        (a, b, comparison.relation)
    };
    let vertical = upper.column() == lower.column();
    let mark = match (relation, vertical) {
        (Relation::Equal, _) => "=",
        (Relation::Less, false) => "<",
        (Relation::Greater, false) => ">",
        (Relation::Less, true) => "^",
        (Relation::Greater, true) => "v",
    };
    Some(TextMark {
        cells: [cell_name(upper), cell_name(lower)],
        font_colour: "#000000",
        size: 0.5,
        value: mark,
    })
}

/// The document as one line of JSON (no newline).
fn to_json(document: &Document) -> Result<String, NotationError> {
    serde_json::to_string(document).map_err(|error| {
        NotationError::cannot_hold(Format::Fpuzzles, format!("its JSON ({error})"))
    })
}

/// One line of f-puzzles JSON, ending with a newline.
pub(super) fn write(puzzle: &Puzzle, extras: Extras<'_>) -> Result<String, NotationError> {
    Ok(format!("{}\n", to_json(&document(puzzle, extras)?)?))
}

/// The f-puzzles link for `puzzle`: its JSON packed with lz-string after `prefix`
/// ([`FPUZZLES_PREFIX`] or [`SUDOKUPAD_PREFIX`]); fails on a part f-puzzles cannot hold.
pub fn link(puzzle: &Puzzle, name: Option<&str>, prefix: &str) -> Result<String, NotationError> {
    let extras = Extras {
        name,
        ..Extras::default()
    };
    packed(puzzle, extras, prefix)
}

/// The f-puzzles link for a setter's `entry`, keeping what the document said beside the
/// puzzle: its title, author, rules text and solution, so a round trip loses none of them.
pub fn entry_link(entry: &Entry, prefix: &str) -> Result<String, NotationError> {
    packed(&entry.puzzle, Extras::of(entry), prefix)
}

/// The document of `puzzle` with `extras`, packed with lz-string after `prefix`.
fn packed(puzzle: &Puzzle, extras: Extras<'_>, prefix: &str) -> Result<String, NotationError> {
    let document = to_json(&document(puzzle, extras)?)?;
    Ok(format!(
        "{prefix}{}",
        lz_string::compress_to_base64(&document)
    ))
}

#[cfg(test)]
mod tests {
    use super::super::{parse, Format};

    #[test]
    fn a_setters_title_author_rules_and_solution_survive_a_link_round_trip() {
        let row = |values: [u8; 4]| {
            let cells: Vec<String> = values
                .iter()
                .map(|&value| match value {
                    0 => "{}".to_string(),
                    value => format!("{{\"value\": {value}, \"given\": true}}"),
                })
                .collect();
            format!("[{}]", cells.join(","))
        };
        let grid = [
            row([1, 2, 0, 0]),
            row([0, 0, 1, 2]),
            row([2, 1, 0, 0]),
            row([0, 0, 0, 0]),
        ]
        .join(",");
        let document = format!(
            "{{\"size\": 4, \"grid\": [{grid}], \"title\": \"Little one\", \"author\": \"A. Setter\", \"ruleset\": \"Normal sudoku rules apply.\", \"solution\": [1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]}}"
        );
        let read = parse(&document, Some(Format::Fpuzzles)).unwrap().remove(0);
        assert_eq!(read.name.as_deref(), Some("Little one"));
        assert_eq!(read.metadata.author.as_deref(), Some("A. Setter"));
        assert_eq!(
            read.metadata.ruleset.as_deref(),
            Some("Normal sudoku rules apply.")
        );
        assert!(read.solution.is_some());
        let link = super::entry_link(&read, super::FPUZZLES_PREFIX).unwrap();
        let again = parse(&link, Some(Format::Fpuzzles)).unwrap().remove(0);
        assert_eq!(again.name, read.name);
        assert_eq!(again.metadata, read.metadata);
        assert_eq!(again.solution, read.solution);
        assert_eq!(again.puzzle, read.puzzle);
    }

    fn error_of(text: &str) -> String {
        parse(text, Some(Format::Fpuzzles)).unwrap_err().to_string()
    }

    /// An empty 4×4 document with `more` (`, "key": …`) after its grid.
    fn four_by_four(more: &str) -> String {
        let empty_row = format!("[{}]", ["{}"; 4].join(","));
        let grid = format!("[{}]", [empty_row.as_str(); 4].join(","));
        format!("{{\"size\": 4, \"grid\": {grid}{more}}}")
    }

    /// The free cages of a puzzle, as `cells=sum` words.
    fn free_cages(puzzle: &crate::model::Puzzle) -> Vec<String> {
        puzzle
            .constraints()
            .iter()
            .filter_map(|constraint| match constraint {
                crate::model::Constraint::FreeCage(cage) => Some(cage.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn overlapping_and_disconnected_cages_are_read_as_free_cages_in_any_order() {
        let cages = [
            r#"{"cells": ["R1C2", "R2C2", "R2C3"], "value": "7"}"#,
            r#"{"cells": ["R1C1", "R1C2", "R2C1"], "value": "8"}"#,
            r#"{"cells": ["R4C4", "R3C1"], "value": "5"}"#,
            r#"{"cells": ["R3C3", "R3C4"]}"#,
        ];
        let mut read = Vec::new();
        for order in [[0, 1, 2, 3], [3, 2, 1, 0]] {
            let list: Vec<&str> = order.iter().map(|&index| cages[index]).collect();
            let text = four_by_four(&format!(", \"killercage\": [{}]", list.join(", ")));
            let puzzle = parse(&text, Some(Format::Fpuzzles))
                .unwrap()
                .remove(0)
                .puzzle;
            // the first in reading order is a cage; the one sharing r1c2 and the one in two
            // pieces are free cages; the last, apart and connected, a cage again
            let kept: Vec<Vec<String>> = puzzle
                .cages()
                .map(|cage| cage.cells.iter().map(ToString::to_string).collect())
                .collect();
            assert_eq!(
                kept,
                [vec!["r1c1", "r1c2", "r2c1"], vec!["r3c3", "r3c4"]],
                "{order:?}"
            );
            assert_eq!(
                free_cages(&puzzle),
                ["free cage 7 on r1c2+r2c2+r2c3", "free cage 5 on r3c1+r4c4"],
                "{order:?}"
            );
            read.push(puzzle);
        }
        assert_eq!(read[0], read[1]);
        // written back under `killercage`, read again the same: through JSON and a link
        let json = crate::notation::format(&read[0], Format::Fpuzzles).unwrap();
        let again = parse(&json, Some(Format::Fpuzzles))
            .unwrap()
            .remove(0)
            .puzzle;
        assert_eq!(again, read[0]);
        let link = super::link(&read[0], None, super::FPUZZLES_PREFIX).unwrap();
        let again = parse(&link, None).unwrap().remove(0).puzzle;
        assert_eq!(again, read[0]);
        let ron = crate::notation::format(&read[0], Format::Ron).unwrap();
        assert!(
            ron.contains(r#"FreeCage(["r1c2","r2c2","r2c3"],Some(7))"#),
            "{ron}"
        );
        let again = parse(&ron, Some(Format::Ron)).unwrap().remove(0).puzzle;
        assert_eq!(again, read[0]);
        // killer text has one character per cell: refused by the free cage's name
        let refused = crate::notation::format(&read[0], Format::Killer)
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("free cage 7 on r1c2+r2c2+r2c3"),
            "{refused}"
        );
    }

    /// f-puzzles holds cages and free cages in one list, and its reader gives them their roles
    /// by reading order: a free cage that would read back as a cage of the usual layout is
    /// refused by name, and one that reads back in its role is written.
    #[test]
    fn a_free_cage_that_would_read_back_as_a_cage_is_refused_by_its_name() {
        let ron = |rules: &str| {
            let text = format!(
                r#"Puzzle(size: 4, givens: "................", cages: [Cage(label: "a", cells: ["r1c2", "r2c2"], sum: Some(5))], rules: [{rules}])"#
            );
            parse(&text, Some(Format::Ron)).unwrap().remove(0).puzzle
        };
        // r1c1 comes before cage a's r1c2: read back, the free cage would be the cage
        let swapped = ron(r#"FreeCage(["r1c1", "r1c2"], None)"#);
        let refused = crate::notation::format(&swapped, Format::Fpuzzles)
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("the free cage on r1c1+r1c2: read back"),
            "{refused}"
        );
        // after cage a in reading order, or the very same cells and sum: read back as written
        for rules in [
            r#"FreeCage(["r2c2", "r2c3"], Some(4))"#,
            r#"FreeCage(["r1c2", "r2c2"], Some(5))"#,
        ] {
            let puzzle = ron(rules);
            let json = crate::notation::format(&puzzle, Format::Fpuzzles).unwrap();
            let again = parse(&json, Some(Format::Fpuzzles))
                .unwrap()
                .remove(0)
                .puzzle;
            assert_eq!(again, puzzle, "{rules}");
        }
    }

    #[test]
    fn a_comparison_mark_on_a_free_cage_is_refused_by_its_name() {
        // r2c1-r2c2 lies between the first two cages, and in the third, which shares their
        // cells (a free cage)
        let cages = concat!(
            r#", "killercage": [{"cells": ["R1C1", "R2C1"], "value": "3"}, "#,
            r#"{"cells": ["R1C2", "R2C2"]}, {"cells": ["R2C1", "R2C2"], "value": "5"}]"#
        );
        let mark = r#", "text": [{"cells": ["R2C1", "R2C2"], "value": "<"}]"#;
        let error = error_of(&four_by_four(&format!("{cages}{mark}")));
        assert!(
            error.contains("touches the free cage 5 on r2c1+r2c2"),
            "{error}"
        );
        // without the free cage the same mark compares the two cages
        let cages = r#", "killercage": [{"cells": ["R1C1", "R2C1"], "value": "3"}, {"cells": ["R1C2", "R2C2"]}]"#;
        let puzzle = parse(&four_by_four(&format!("{cages}{mark}")), None)
            .unwrap()
            .remove(0)
            .puzzle;
        assert_eq!(puzzle.comparisons().count(), 1);
    }

    #[test]
    fn a_free_cage_that_cannot_hold_is_refused_by_its_name() {
        let five = four_by_four(
            r#", "killercage": [{"cells": ["R1C1", "R1C3", "R2C2", "R3C1", "R4C4"]}]"#,
        );
        let error = error_of(&five);
        assert!(
            error.contains("5 cells cannot all differ with 4 digits"),
            "{error}"
        );
        let sum = four_by_four(r#", "killercage": [{"cells": ["R1C1", "R3C3"], "value": "8"}]"#);
        let error = error_of(&sum);
        assert!(error.contains("free cage 8 on r1c1+r3c3"), "{error}");
    }

    #[test]
    fn bad_documents_say_why_without_panicking() {
        let empty_row = format!("[{}]", ["{}"; 4].join(","));
        let grid = format!("[{}]", [empty_row.as_str(); 4].join(","));
        assert!(error_of("{\"size\": 100, \"grid\": []}").contains("100"));
        assert!(error_of("{\"size\": 4}").contains("grid"));
        assert!(error_of("{\"size\": 4, \"grid\": [[{}]]}").contains("rows"));
        let cage = format!("{{\"size\": 4, \"grid\": {grid}, \"killercage\": [{{\"cells\": [\"R9C1\"], \"value\": \"3\"}}]}}");
        assert!(error_of(&cage).contains("R9C1"), "{}", error_of(&cage));
        let sum = format!("{{\"size\": 4, \"grid\": {grid}, \"killercage\": [{{\"cells\": [\"R1C1\"], \"value\": \"x\"}}]}}");
        assert!(error_of(&sum).contains("cage sum"));
        let given = grid.replacen("{}", "{\"value\": 7, \"given\": true}", 1);
        let document = format!("{{\"size\": 4, \"grid\": {given}}}");
        assert!(
            error_of(&document).contains("r1c1 = 7"),
            "{}",
            error_of(&document)
        );
        for garbage in [
            "{}",
            "[1,2]",
            "{\"size\": \"9\"}",
            "https://www.f-puzzles.com/?load=",
            "?load=%ZZ",
        ] {
            let _ = parse(garbage, Some(Format::Fpuzzles));
        }
    }

    #[test]
    fn a_rule_key_of_the_wrong_type_is_refused_not_dropped() {
        let empty_row = format!("[{}]", ["{}"; 4].join(","));
        let grid = format!("[{}]", [empty_row.as_str(); 4].join(","));
        let document = |extra: &str| format!("{{\"size\": 4, \"grid\": {grid}{extra}}}");
        for (extra, expected) in [
            (", \"diagonal+\": \"yes\"", "not a rule switch"),
            (", \"diagonal-\": 1", "not a rule switch"),
            (
                ", \"killercage\": {\"cells\": [\"R1C1\"]}",
                "not a list of cages",
            ),
            (
                ", \"killercage\": [{\"cells\": [], \"value\": \"3\"}]",
                "not a killer cage",
            ),
            (
                ", \"killercage\": [{\"cells\": [\"R1C1\", \"R1C2\", \"R1C1\"], \"value\": \"3\"}]",
                "r1c1 is listed twice in one cage",
            ),
        ] {
            let error = error_of(&document(extra));
            assert!(error.contains(expected), "{extra}: {error}");
        }
        let given = grid.replacen("{}", "{\"value\": 2, \"given\": \"true\"}", 1);
        let error = error_of(&format!("{{\"size\": 4, \"grid\": {given}}}"));
        assert!(error.contains("r1c1 given"), "{error}");
        // what f-puzzles writes for a rule that is off still reads
        let off = document(", \"diagonal+\": false, \"killercage\": [{\"cells\": []}]");
        assert!(parse(&off, Some(Format::Fpuzzles)).is_ok());
    }
}
