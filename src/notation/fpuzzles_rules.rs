//! The variant rules of an f-puzzles document, read from their keys and written back:
//! irregular regions (each cell's `region`), disjoint groups, extra regions, anti-knight and
//! anti-king, Kropki dots and XV with their negative constraints, even/odd, minimum/maximum,
//! quadruples, lines (thermometers to region sum lines), clones, arrows, little killers,
//! sandwich, X-sum and skyscraper clues, and column indexers; free cages (killer cages
//! that overlap or come in pieces) are read with the cages (`fpuzzles.rs`) and written here.
//!
//! Each key means what it means to the solver f-puzzles users run (rangsk's SudokuSolver):
//! `nonconsecutive` is the negative constraint of white dots of difference 1; `negative:
//! ["ratio"]` forbids the ratios the puzzle's black dots show (2 when there are none); both
//! spare every pair with a Kropki dot of either colour; `negative: ["xv"]` forbids sums 5 and 10 on pairs without an X or
//! V; a little killer, sandwich, X-sum or skyscraper clue without a value (or a little killer
//! of `"0"`) is no rule; an arrow's `cells` are its circle or pill, its `lines` the shaft
//! (circle cells left out); clones pair `cells[i]` with `cloneCells[i]`; a cell's `region`
//! overrides the default regions (boxes, or rows for a side without a box shape).

use serde_json::{Map, Value};

use super::error::{excerpt, NotationError, Reason};
use super::fpuzzles_document::{
    ArrowEntry, CageEntry, CellEntry, CellsEntry, CloneEntry, Document, DotEntry, LineEntry,
    LittleKillerEntry, OutsideEntry, QuadrupleEntry,
};
use crate::model::variant::{
    Arrow, ChessMove, CloneRule, Direction, Dot, DotFamily, DotKind, Extremum, ExtremumKind,
    Indexer, IndexerKind, Line, LineKind, LittleKiller, Negative, OutsideClue, OutsideKind, Parity,
    PencilMarks, Quadruple, Regions, Side,
};
use crate::model::{Cell, Constraint, Digit, Geometry, HouseKind, ModelError, Puzzle};

/// The keys of the lines, in the order they are read, with the rule each carries (whispers
/// get their difference from the grid's side, or from an entry's `value`).
const LINE_KEYS: &[(&str, LineKind)] = &[
    ("thermometer", LineKind::Thermometer),
    ("slowthermometer", LineKind::SlowThermometer),
    ("palindrome", LineKind::Palindrome),
    ("betweenline", LineKind::Between),
    ("renban", LineKind::Renban),
    ("whispers", LineKind::Whispers(0)),
    ("entropicline", LineKind::Entropic),
    ("modularline", LineKind::Modular),
    ("zipperline", LineKind::Zipper),
    ("regionsumline", LineKind::RegionSum),
    ("doublearrow", LineKind::DoubleArrow),
    ("lockout", LineKind::Lockout),
    ("nabner", LineKind::Nabner),
];

/// The keys of clues outside the grid, in the order they are read.
const OUTSIDE_KEYS: &[(&str, OutsideKind)] = &[
    ("sandwichsum", OutsideKind::Sandwich),
    ("xsum", OutsideKind::XSum),
    ("skyscraper", OutsideKind::Skyscraper),
];

/// The grid cell key of given pencil marks (a rule the table lists among the keys).
pub(super) const PENCIL_MARKS: &str = "givenPencilMarks";

/// Every key this file reads, for the list of keys sudokit models: the rule table's
/// ([`crate::model::variant::RULES`]).
pub(super) fn keys() -> impl Iterator<Item = &'static str> {
    crate::model::variant::rule_keys()
}

/// The German whispers difference f-puzzles means on an n×n grid: 5 on 9×9.
pub(super) fn default_whispers(size: u8) -> u32 {
    u32::from(size).div_ceil(2)
}

/// The grid's layout from its cells' `region` fields: the boxes of the usual shape (or of
/// the shape the regions draw), or irregular regions. Cells without a region keep their
/// default one: their box, or their row where the side has no box shape (7×7).
pub(super) fn layout(
    rows: &[Value],
    size: usize,
    line: usize,
) -> Result<(Geometry, Option<Regions>), NotationError> {
    let model = |error: ModelError| NotationError::model(line, error);
    let usual = Geometry::for_size(size).ok();
    let mut given = false;
    let mut map = Vec::with_capacity(size * size);
    for row in 0..size {
        for column in 0..size {
            let default = match usual {
                Some(geometry) => geometry
                    .cell(row, column)
                    .map_or(row, |cell| geometry.box_of(cell)),
                None => row,
            };
            let value = rows
                .get(row)
                .and_then(|cells| cells.get(column))
                .and_then(|cell| cell.get("region"));
            let region = match value {
                None | Some(Value::Null) => default,
                Some(value) if value.as_i64() == Some(-1) => default,
                Some(value) => {
                    given = true;
                    value
                        .as_u64()
                        .and_then(|region| usize::try_from(region).ok())
                        .filter(|&region| region < size)
                        .ok_or_else(|| {
                            NotationError::at(
                                line,
                                Reason::Invalid {
                                    text: excerpt(&format!(
                                        "r{}c{} region {value}",
                                        row + 1,
                                        column + 1
                                    )),
                                    what: "a region number",
                                    expected: "a number from 0 to the side less one",
                                },
                            )
                        })?
                }
            };
            map.push(region);
        }
    }
    if !given {
        if let Some(geometry) = usual {
            return Ok((geometry, None));
        }
    }
    // regions that are the boxes of some shape (the usual one first) make a grid with boxes
    let mut shapes: Vec<Geometry> = usual.into_iter().collect();
    shapes.extend(
        (2..=size / 2)
            .filter(|rows| size.is_multiple_of(*rows))
            .filter_map(|rows| Geometry::new(rows as u8, (size / rows) as u8).ok())
            .filter(|geometry| Some(*geometry) != usual),
    );
    if let Some(&geometry) = shapes.iter().find(|geometry| {
        let boxes: Vec<usize> = geometry.cells().map(|cell| geometry.box_of(cell)).collect();
        same_partition(&boxes, &map)
    }) {
        return Ok((geometry, None));
    }
    let geometry = Geometry::irregular(size).map_err(model)?;
    let of_cell = map.iter().map(|&region| region as u8).collect();
    let regions = Regions::new(geometry, of_cell).map_err(model)?;
    Ok((geometry, Some(regions)))
}

/// Whether two maps of cells to numbers cut the grid into the same pieces.
fn same_partition(first: &[usize], second: &[usize]) -> bool {
    let mut forward = std::collections::HashMap::new();
    let mut backward = std::collections::HashMap::new();
    first.len() == second.len()
        && first.iter().zip(second).all(|(&a, &b)| {
            *forward.entry(a).or_insert(b) == b && *backward.entry(b).or_insert(a) == a
        })
}

/// Reads every variant rule key of `object` (the document on `line`) into constraints, in
/// a fixed order of keys (so writing and reading again gives the same list).
pub(super) fn read(
    object: &Map<String, Value>,
    geometry: Geometry,
    line: usize,
) -> Result<Vec<Constraint>, NotationError> {
    let reader = Reader {
        object,
        geometry,
        line,
    };
    let mut rules = Vec::new();
    if reader.switch("disjointgroups")? {
        if !geometry.has_boxes() {
            return Err(reader.rule_error(
                "disjoint groups",
                "they need boxes, and this grid has irregular regions",
            ));
        }
        rules.extend(Constraint::disjoint_groups(geometry));
    }
    rules.extend(reader.extra_regions()?);
    for (key, rule) in [
        ("antiknight", ChessMove::Knight),
        ("antiking", ChessMove::King),
    ] {
        if reader.switch(key)? {
            rules.push(Constraint::Chess(rule));
        }
    }
    let dots = reader.dots()?;
    let ratios = {
        let mut values: Vec<u32> = dots
            .iter()
            .filter_map(|dot| match dot.kind {
                DotKind::Ratio(value) => Some(value),
                _ => None,
            })
            .collect();
        values.sort_unstable();
        values.dedup();
        if values.is_empty() {
            vec![2]
        } else {
            values
        }
    };
    rules.extend(dots.into_iter().map(Constraint::Dot));
    rules.extend(reader.negatives(ratios)?);
    rules.extend(reader.single_cells()?);
    rules.extend(reader.pencil_marks()?);
    rules.extend(reader.quadruples()?);
    for &(key, kind) in LINE_KEYS {
        rules.extend(reader.lines(key, kind)?);
    }
    rules.extend(reader.clones()?);
    rules.extend(reader.arrows()?);
    rules.extend(reader.little_killers()?);
    for &(key, kind) in OUTSIDE_KEYS {
        rules.extend(reader.outside_clues(key, kind)?);
    }
    rules.extend(reader.indexers()?);
    Ok(rules)
}

/// One document's rule keys, with what errors need to say where.
struct Reader<'document> {
    object: &'document Map<String, Value>,
    geometry: Geometry,
    line: usize,
}

impl Reader<'_> {
    /// `rule: reason` on the document's line, as the model words a rule that does not fit.
    fn rule_error(&self, rule: impl std::fmt::Display, reason: impl Into<String>) -> NotationError {
        NotationError::model(
            self.line,
            ModelError::RuleInvalid {
                rule: rule.to_string(),
                reason: reason.into(),
            },
        )
    }

    /// A key's entries: absent, `null` or a list (anything else is refused).
    fn entries(&self, key: &str) -> Result<&[Value], NotationError> {
        match self.object.get(key) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(entries)) => Ok(entries),
            Some(other) => Err(NotationError::at(
                self.line,
                Reason::Invalid {
                    text: excerpt(&format!("\"{key}\": {other}")),
                    what: "a list of rules",
                    expected: "[{…}, …]",
                },
            )),
        }
    }

    /// A rule that holds on the whole grid: `true`, or `false` when absent.
    fn switch(&self, key: &str) -> Result<bool, NotationError> {
        super::fpuzzles::switch(self.object.get(key), key, self.line)
    }

    /// The cell names of a list (blank names skipped, as f-puzzles leaves them).
    fn names<'value>(
        &self,
        rule: &str,
        value: Option<&'value Value>,
    ) -> Result<Vec<&'value str>, NotationError> {
        let items = match value {
            None | Some(Value::Null) => return Ok(Vec::new()),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return Err(self.rule_error(
                    rule,
                    format!("{} is not a list of cells", excerpt(&other.to_string())),
                ))
            }
        };
        let mut names = Vec::with_capacity(items.len());
        for item in items {
            match item.as_str() {
                Some(name) if name.trim().is_empty() => {}
                Some(name) => names.push(name.trim()),
                None => {
                    return Err(self.rule_error(
                        rule,
                        format!(
                            "{} is not a cell name such as \"R1C1\"",
                            excerpt(&item.to_string())
                        ),
                    ))
                }
            }
        }
        Ok(names)
    }

    /// Cells by name, each inside the grid (`thermometer r1c1-r10c1: r10c1 is outside the
    /// 9×9 grid`).
    fn cells(&self, rule: &str, names: &[&str]) -> Result<Vec<Cell>, NotationError> {
        let size = usize::from(self.geometry.size());
        let span = match (names.first(), names.last()) {
            (Some(first), Some(last)) if first != last => {
                format!(
                    "{rule} {}-{}",
                    first.to_ascii_lowercase(),
                    last.to_ascii_lowercase()
                )
            }
            (Some(first), _) => format!("{rule} {}", first.to_ascii_lowercase()),
            _ => rule.to_string(),
        };
        names
            .iter()
            .map(|name| {
                let (row, column) = position(name).ok_or_else(|| {
                    self.rule_error(
                        &span,
                        format!(
                            "{} is not a cell name (R1C1 to R{size}C{size})",
                            excerpt(name)
                        ),
                    )
                })?;
                row.checked_sub(1)
                    .zip(column.checked_sub(1))
                    .and_then(|(row, column)| self.geometry.cell(row, column))
                    .ok_or_else(|| {
                        self.rule_error(
                            &span,
                            format!("r{row}c{column} is outside the {size}×{size} grid"),
                        )
                    })
            })
            .collect()
    }

    /// The cells an entry lists under `key`.
    fn entry_cells(
        &self,
        rule: &str,
        entry: &Value,
        key: &str,
    ) -> Result<Vec<Cell>, NotationError> {
        let names = self.names(rule, entry.get(key))?;
        self.cells(rule, &names)
    }

    /// The one cell an entry names under `cell`.
    fn entry_cell(&self, rule: &str, entry: &Value) -> Result<Option<Cell>, NotationError> {
        match entry.get("cell") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(name)) if name.trim().is_empty() => Ok(None),
            Some(Value::String(name)) => Ok(self.cells(rule, &[name.trim()])?.first().copied()),
            Some(other) => Err(self.rule_error(
                rule,
                format!(
                    "{} is not a cell name such as \"R1C1\"",
                    excerpt(&other.to_string())
                ),
            )),
        }
    }

    /// An entry's `value` as a whole number: `None` when absent or blank.
    fn number(&self, rule: &str, value: Option<&Value>) -> Result<Option<u32>, NotationError> {
        let text = match value {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(text)) if text.trim().is_empty() => return Ok(None),
            Some(Value::String(text)) => text.trim().to_string(),
            Some(other) => other.to_string(),
        };
        text.parse::<u32>()
            .map(Some)
            .map_err(|_| self.rule_error(rule, format!("{} is not a whole number", excerpt(&text))))
    }

    /// `extraregion`: n cells make an extra house, fewer an extra region whose digits differ.
    fn extra_regions(&self) -> Result<Vec<Constraint>, NotationError> {
        let size = usize::from(self.geometry.size());
        let mut rules = Vec::new();
        let mut houses = 0u8;
        for entry in self.entries("extraregion")? {
            let cells = self.entry_cells("extra region", entry, "cells")?;
            if cells.is_empty() {
                continue;
            }
            if cells.len() == size {
                rules.push(Constraint::Distinct(crate::model::House::new(
                    HouseKind::Extra(houses),
                    cells,
                )));
                houses += 1;
            } else {
                rules.push(Constraint::ExtraRegion(cells));
            }
        }
        Ok(rules)
    }

    /// White dots (`difference`, 1 unless a value is given), black dots (`ratio`, 2 unless
    /// given), then X and V (`xv`).
    fn dots(&self) -> Result<Vec<Dot>, NotationError> {
        let mut dots = Vec::new();
        for (key, rule, default) in [
            ("difference", "white Kropki dot", 1),
            ("ratio", "black Kropki dot", 2),
        ] {
            for entry in self.entries(key)? {
                let cells = self.entry_cells(rule, entry, "cells")?;
                let value = self.number(rule, entry.get("value"))?.unwrap_or(default);
                let kind = if key == "difference" {
                    DotKind::Difference(value)
                } else {
                    DotKind::Ratio(value)
                };
                dots.push(self.dot(rule, cells, kind)?);
            }
        }
        for entry in self.entries("xv")? {
            let cells = self.entry_cells("XV", entry, "cells")?;
            let sum = match entry.get("value") {
                None | Some(Value::Null) => continue,
                Some(Value::String(mark)) => match mark.trim() {
                    "" => continue,
                    "X" | "x" => 10,
                    "V" | "v" => 5,
                    other => {
                        return Err(
                            self.rule_error("XV", format!("{} is not X or V", excerpt(other)))
                        )
                    }
                },
                Some(other) => {
                    return Err(self.rule_error(
                        "XV",
                        format!("{} is not X or V", excerpt(&other.to_string())),
                    ))
                }
            };
            dots.push(self.dot("XV", cells, DotKind::Sum(sum))?);
        }
        Ok(dots)
    }

    fn dot(&self, rule: &str, cells: Vec<Cell>, kind: DotKind) -> Result<Dot, NotationError> {
        match cells[..] {
            [first, second] => Ok(Dot {
                first,
                second,
                kind,
            }),
            _ => Err(self.rule_error(
                rule,
                format!("a dot sits between two cells, not {}", cells.len()),
            )),
        }
    }

    /// `nonconsecutive` and the `negative` list (`ratio`, `xv`).
    fn negatives(&self, ratios: Vec<u32>) -> Result<Vec<Constraint>, NotationError> {
        let mut rules = Vec::new();
        if self.switch("nonconsecutive")? {
            rules.push(Constraint::Negative(Negative {
                family: DotFamily::Difference,
                values: vec![1],
            }));
        }
        let mut ratio = false;
        let mut sum = false;
        for item in self.entries("negative")? {
            match item.as_str().map(str::trim) {
                Some("ratio") => ratio = true,
                Some("xv") => sum = true,
                _ => {
                    return Err(NotationError::at(
                        self.line,
                        Reason::Json {
                            message: format!(
                                "negative constraint {}: not a rule sudokit models (it reads \"ratio\" and \"xv\")",
                                excerpt(&item.to_string())
                            ),
                        },
                    ))
                }
            }
        }
        if ratio {
            rules.push(Constraint::Negative(Negative {
                family: DotFamily::Ratio,
                values: ratios,
            }));
        }
        if sum {
            rules.push(Constraint::Negative(Negative {
                family: DotFamily::Sum,
                values: vec![5, 10],
            }));
        }
        Ok(rules)
    }

    /// `odd`, `even`, `minimum` and `maximum` cells.
    fn single_cells(&self) -> Result<Vec<Constraint>, NotationError> {
        let mut rules = Vec::new();
        for (key, rule) in [
            ("odd", "odd cell"),
            ("even", "even cell"),
            ("minimum", "minimum cell"),
            ("maximum", "maximum cell"),
        ] {
            for entry in self.entries(key)? {
                let Some(cell) = self.entry_cell(rule, entry)? else {
                    continue;
                };
                rules.push(match key {
                    "odd" => Constraint::Parity(Parity { cell, even: false }),
                    "even" => Constraint::Parity(Parity { cell, even: true }),
                    "minimum" => Constraint::Extremum(Extremum {
                        cell,
                        kind: ExtremumKind::Minimum,
                    }),
                    _ => Constraint::Extremum(Extremum {
                        cell,
                        kind: ExtremumKind::Maximum,
                    }),
                });
            }
        }
        Ok(rules)
    }

    /// Each grid cell's `givenPencilMarks`: the cell holds one of those digits (as in
    /// f-puzzles' solver, marks on a cell with a given digit are left aside: the digit is
    /// the clue).
    fn pencil_marks(&self) -> Result<Vec<Constraint>, NotationError> {
        let mut rules = Vec::new();
        let rows = self.object.get("grid").and_then(Value::as_array);
        for (row, cells) in rows.into_iter().flatten().enumerate() {
            for (column, entry) in cells.as_array().into_iter().flatten().enumerate() {
                let Some(marks) = entry.get(PENCIL_MARKS) else {
                    continue;
                };
                let Some(cell) = self.geometry.cell(row, column) else {
                    continue;
                };
                let rule = format!("given pencil marks {cell}");
                let given = entry.get("given").and_then(Value::as_bool) == Some(true)
                    && entry.get("value").is_some_and(|value| !value.is_null());
                let values = match marks {
                    Value::Null => continue,
                    Value::Array(values) => values,
                    other => {
                        return Err(self.rule_error(
                            rule,
                            format!("{} is not a list of digits", excerpt(&other.to_string())),
                        ))
                    }
                };
                if values.is_empty() || given {
                    continue;
                }
                let mut digits = Vec::new();
                for value in values {
                    let digit = value
                        .as_u64()
                        .and_then(|value| u8::try_from(value).ok())
                        .and_then(Digit::new)
                        .filter(|digit| digit.get() <= self.geometry.size())
                        .ok_or_else(|| {
                            self.rule_error(
                                &rule,
                                format!(
                                    "{} is not a digit from 1 to {}",
                                    excerpt(&value.to_string()),
                                    self.geometry.size()
                                ),
                            )
                        })?;
                    digits.push(digit);
                }
                digits.sort_unstable();
                digits.dedup();
                rules.push(Constraint::PencilMarks(PencilMarks { cell, digits }));
            }
        }
        Ok(rules)
    }

    /// `quadruple`: the cells around a corner and the digits in its circle.
    fn quadruples(&self) -> Result<Vec<Constraint>, NotationError> {
        let mut rules = Vec::new();
        for entry in self.entries("quadruple")? {
            let cells = self.entry_cells("quadruple", entry, "cells")?;
            let values = match entry.get("values") {
                None | Some(Value::Null) => &[][..],
                Some(Value::Array(values)) => values.as_slice(),
                Some(other) => {
                    return Err(self.rule_error(
                        "quadruple",
                        format!("{} is not a list of digits", excerpt(&other.to_string())),
                    ))
                }
            };
            let mut digits = Vec::with_capacity(values.len());
            for value in values {
                let digit = value
                    .as_u64()
                    .or_else(|| value.as_str().and_then(|text| text.trim().parse().ok()))
                    .and_then(|value| u8::try_from(value).ok())
                    .and_then(Digit::new)
                    .ok_or_else(|| {
                        self.rule_error(
                            "quadruple",
                            format!("{} is not a digit", excerpt(&value.to_string())),
                        )
                    })?;
                digits.push(digit);
            }
            if digits.is_empty() {
                continue;
            }
            rules.push(Constraint::Quadruple(Quadruple { cells, digits }));
        }
        Ok(rules)
    }

    /// One key of lines: each entry's `lines` is a list of lines of cells.
    fn lines(&self, key: &str, kind: LineKind) -> Result<Vec<Constraint>, NotationError> {
        let mut rules = Vec::new();
        for entry in self.entries(key)? {
            let kind = match kind {
                LineKind::Whispers(_) => LineKind::Whispers(
                    self.number("German whispers", entry.get("value"))?
                        .unwrap_or_else(|| default_whispers(self.geometry.size())),
                ),
                other => other,
            };
            let rule = kind.to_string();
            for drawn in self.drawn_lines(&rule, entry)? {
                let cells = self.cells(&rule, &drawn)?;
                if !cells.is_empty() {
                    rules.push(Constraint::Line(Line { kind, cells }));
                }
            }
        }
        Ok(rules)
    }

    /// An entry's `lines`: lists of cell names.
    fn drawn_lines<'value>(
        &self,
        rule: &str,
        entry: &'value Value,
    ) -> Result<Vec<Vec<&'value str>>, NotationError> {
        match entry.get("lines") {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(lines)) => lines
                .iter()
                .map(|drawn| self.names(rule, Some(drawn)))
                .collect(),
            Some(other) => Err(self.rule_error(
                rule,
                format!("{} is not a list of lines", excerpt(&other.to_string())),
            )),
        }
    }

    /// `clone`: `cells[i]` holds the digit of `cloneCells[i]`.
    fn clones(&self) -> Result<Vec<Constraint>, NotationError> {
        let mut rules = Vec::new();
        for entry in self.entries("clone")? {
            let first = self.entry_cells("clone", entry, "cells")?;
            let second = self.entry_cells("clone", entry, "cloneCells")?;
            if first.is_empty() && second.is_empty() {
                continue;
            }
            rules.push(Constraint::Clone(CloneRule { first, second }));
        }
        Ok(rules)
    }

    /// `arrow`: one rule per drawn line, the circle (or pill) from `cells`, the shaft the
    /// line's other cells.
    fn arrows(&self) -> Result<Vec<Constraint>, NotationError> {
        let mut rules = Vec::new();
        for entry in self.entries("arrow")? {
            let circle = self.entry_cells("arrow", entry, "cells")?;
            let drawn = self.drawn_lines("arrow", entry)?;
            if drawn.is_empty() {
                // a circle with no arrow: the model says what is missing
                rules.push(Constraint::Arrow(Arrow {
                    circle,
                    shaft: Vec::new(),
                }));
                continue;
            }
            for names in drawn {
                let cells = self.cells("arrow", &names)?;
                let shaft = cells
                    .into_iter()
                    .filter(|cell| !circle.contains(cell))
                    .collect();
                rules.push(Constraint::Arrow(Arrow {
                    circle: circle.clone(),
                    shaft,
                }));
            }
        }
        Ok(rules)
    }

    /// `littlekillersum`: the clue's place in the frame, its direction and its total.
    fn little_killers(&self) -> Result<Vec<Constraint>, NotationError> {
        let mut rules = Vec::new();
        for entry in self.entries("littlekillersum")? {
            let Some(sum) = self
                .number("little killer", entry.get("value"))?
                .filter(|&sum| sum != 0)
            else {
                continue;
            };
            let clue = self.frame_position("little killer", entry)?;
            let direction = match entry
                .get("direction")
                .and_then(Value::as_str)
                .map(str::trim)
            {
                Some("UL") => Direction::UpLeft,
                Some("UR") => Direction::UpRight,
                Some("DL") => Direction::DownLeft,
                Some("DR") => Direction::DownRight,
                other => {
                    return Err(self.rule_error(
                        format!("little killer {sum} at R{}C{}", clue.0, clue.1),
                        format!(
                            "{} is not a direction (UL, UR, DL or DR)",
                            excerpt(&other.map_or("nothing".to_string(), str::to_string))
                        ),
                    ))
                }
            };
            rules.push(Constraint::LittleKiller(LittleKiller {
                clue,
                direction,
                sum,
            }));
        }
        Ok(rules)
    }

    /// A clue's `cell` in the frame around the grid: row and column from 0 to n + 1.
    fn frame_position(&self, rule: &str, entry: &Value) -> Result<(u8, u8), NotationError> {
        let name = entry.get("cell").and_then(Value::as_str).unwrap_or("");
        let size = usize::from(self.geometry.size());
        position(name)
            .filter(|&(row, column)| row <= size + 1 && column <= size + 1)
            .and_then(|(row, column)| Some((u8::try_from(row).ok()?, u8::try_from(column).ok()?)))
            .ok_or_else(|| {
                self.rule_error(
                    rule,
                    format!(
                        "{} is not a place around the grid (R0C1 to R{edge}C{edge})",
                        excerpt(name),
                        edge = size + 1
                    ),
                )
            })
    }

    /// Sandwich, X-sum or skyscraper clues: a value in the frame facing a row or column.
    fn outside_clues(
        &self,
        key: &str,
        kind: OutsideKind,
    ) -> Result<Vec<Constraint>, NotationError> {
        let size = self.geometry.size();
        let mut rules = Vec::new();
        let rule = kind.to_string();
        for entry in self.entries(key)? {
            let Some(value) = self.number(&rule, entry.get("value"))? else {
                continue;
            };
            let (row, column) = self.frame_position(&rule, entry)?;
            let inside = |index: u8| (1..=size).contains(&index);
            let (side, index) = match (row, column) {
                (0, column) if inside(column) => (Side::Top, column - 1),
                (row, column) if row == size + 1 && inside(column) => (Side::Bottom, column - 1),
                (row, 0) if inside(row) => (Side::Left, row - 1),
                (row, column) if column == size + 1 && inside(row) => (Side::Right, row - 1),
                _ => {
                    return Err(self.rule_error(
                        format!("{rule} {value} at R{row}C{column}"),
                        "the clue faces no row or column (it sits in a corner or inside the grid)",
                    ))
                }
            };
            rules.push(Constraint::Outside(OutsideClue {
                kind,
                side,
                index,
                value,
            }));
        }
        Ok(rules)
    }

    /// `columnindexer`, `rowindexer`, `boxindexer`: any cells, as f-puzzles accepts (a whole
    /// column, part of one, cells here and there), one rule per column (row, box) they sit
    /// in, so the 159 rule reads as its three columns.
    fn indexers(&self) -> Result<Vec<Constraint>, NotationError> {
        let mut rules = Vec::new();
        for kind in [IndexerKind::Column, IndexerKind::Row, IndexerKind::Box] {
            let mut cells = Vec::new();
            for entry in self.entries(kind.key())? {
                cells.extend(self.entry_cells(&kind.to_string(), entry, "cells")?);
            }
            cells.sort();
            cells.dedup();
            let house = |cell: &Cell| match kind {
                IndexerKind::Column => cell.column(),
                IndexerKind::Row => cell.row(),
                // irregular regions are not known here: one rule for every box indexer cell
                IndexerKind::Box if !self.geometry.has_boxes() => 0,
                IndexerKind::Box => self.geometry.box_of(*cell),
            };
            let mut houses: Vec<usize> = cells.iter().map(house).collect();
            houses.sort_unstable();
            houses.dedup();
            for number in houses {
                rules.push(Constraint::Indexer(Indexer {
                    kind,
                    cells: cells
                        .iter()
                        .copied()
                        .filter(|cell| house(cell) == number)
                        .collect(),
                }));
            }
        }
        Ok(rules)
    }
}

/// `R3C7` → (3, 7), 1-based as written (0 and n + 1 stand outside the grid).
pub(super) fn position(name: &str) -> Option<(usize, usize)> {
    let upper = name.trim().to_ascii_uppercase();
    let (row, column) = upper.strip_prefix('R')?.split_once('C')?;
    Some((row.parse().ok()?, column.parse().ok()?))
}

fn cell_name(cell: Cell) -> String {
    format!("R{}C{}", cell.row() + 1, cell.column() + 1)
}

fn cell_names(cells: &[Cell]) -> Vec<String> {
    cells.iter().copied().map(cell_name).collect()
}

/// Adds every variant rule of `puzzle` to its f-puzzles document, under the keys [`read`]
/// reads; fails with what f-puzzles cannot hold (a sum other than X or V, say).
pub(super) fn write(puzzle: &Puzzle, document: &mut Document) -> Result<(), String> {
    let geometry = puzzle.geometry();
    let size = geometry.size();
    let disjoint = Constraint::disjoint_groups(geometry);
    let disjoint_count = puzzle
        .constraints()
        .iter()
        .filter(|constraint| matches!(constraint, Constraint::Distinct(house) if matches!(house.kind(), HouseKind::Disjoint(_))))
        .count();
    if disjoint_count > 0 {
        let all = disjoint
            .iter()
            .all(|group| puzzle.constraints().contains(group));
        if !all || disjoint_count != disjoint.len() {
            return Err("disjoint groups other than all of them (use ron)".to_string());
        }
        document.disjointgroups = true;
    }
    let mut ratios: Vec<u32> = puzzle
        .dots()
        .filter_map(|dot| match dot.kind {
            DotKind::Ratio(value) => Some(value),
            _ => None,
        })
        .collect();
    ratios.sort_unstable();
    ratios.dedup();
    if ratios.is_empty() {
        ratios.push(2);
    }
    for constraint in puzzle.constraints() {
        match constraint {
            Constraint::Distinct(house) => match house.kind() {
                HouseKind::Extra(_) => document.extraregion.push(CellsEntry {
                    cells: cell_names(house.cells()),
                }),
                HouseKind::Diagonal(_) | HouseKind::Disjoint(_) => {}
                other => return Err(format!("{other} as an extra all-different house (use ron)")),
            },
            Constraint::Cage(_) | Constraint::Compare(_) | Constraint::Regions(_) => {}
            Constraint::ExtraRegion(cells) => document.extraregion.push(CellsEntry {
                cells: cell_names(cells),
            }),
            Constraint::Chess(ChessMove::Knight) => document.antiknight = true,
            Constraint::Chess(ChessMove::King) => document.antiking = true,
            Constraint::Dot(dot) => {
                let cells = cell_names(&[dot.first, dot.second]);
                let (list, value) = match dot.kind {
                    DotKind::Difference(1) => (&mut document.difference, None),
                    DotKind::Difference(value) => {
                        (&mut document.difference, Some(value.to_string()))
                    }
                    DotKind::Ratio(2) => (&mut document.ratio, None),
                    DotKind::Ratio(value) => (&mut document.ratio, Some(value.to_string())),
                    DotKind::Sum(10) => (&mut document.xv, Some("X".to_string())),
                    DotKind::Sum(5) => (&mut document.xv, Some("V".to_string())),
                    DotKind::Sum(_) => {
                        return Err(format!("the {dot} (f-puzzles has X and V only; use ron)"))
                    }
                };
                list.push(DotEntry { cells, value });
            }
            Constraint::Negative(rule) => {
                let mut values = rule.values.clone();
                values.sort_unstable();
                values.dedup();
                match rule.family {
                    DotFamily::Difference if values == [1] => document.nonconsecutive = true,
                    DotFamily::Ratio if values == ratios => document.negative.push("ratio"),
                    DotFamily::Sum if values == [5, 10] => document.negative.push("xv"),
                    _ => {
                        return Err(format!(
                            "the {rule} forbidding {values:?} (f-puzzles' negative constraints are nonconsecutive, the black dots' own ratios, and X and V; use ron)"
                        ))
                    }
                }
            }
            Constraint::PencilMarks(rule) => {
                let (row, column) = (rule.cell.row(), rule.cell.column());
                document.grid[row][column].given_pencil_marks =
                    rule.digits.iter().map(|digit| digit.get()).collect();
            }
            Constraint::Parity(rule) => {
                let list = if rule.even {
                    &mut document.even
                } else {
                    &mut document.odd
                };
                list.push(CellEntry {
                    cell: cell_name(rule.cell),
                });
            }
            Constraint::Extremum(rule) => {
                let list = match rule.kind {
                    ExtremumKind::Minimum => &mut document.minimum,
                    ExtremumKind::Maximum => &mut document.maximum,
                };
                list.push(CellEntry {
                    cell: cell_name(rule.cell),
                });
            }
            Constraint::Quadruple(rule) => document.quadruple.push(QuadrupleEntry {
                cells: cell_names(&rule.cells),
                values: rule.digits.iter().map(|digit| digit.get()).collect(),
            }),
            Constraint::Line(rule) => {
                let key = LINE_KEYS
                    .iter()
                    .find(|(_, kind)| {
                        std::mem::discriminant(kind) == std::mem::discriminant(&rule.kind)
                    })
                    .map(|(key, _)| *key)
                    .expect("every line kind has a key");
                if let LineKind::Whispers(difference) = rule.kind {
                    if difference != default_whispers(size) {
                        return Err(format!(
                            "the {rule} (f-puzzles' whispers differ by {} on a {size}×{size} grid; use ron)",
                            default_whispers(size)
                        ));
                    }
                }
                document
                    .lines_mut(key)
                    .expect("every line key has a list in the document")
                    .push(LineEntry {
                        lines: vec![cell_names(&rule.cells)],
                    });
            }
            Constraint::Clone(rule) => document.clone.push(CloneEntry {
                cells: cell_names(&rule.first),
                clone_cells: cell_names(&rule.second),
            }),
            Constraint::Arrow(rule) => {
                // the drawn line starts in the circle cell nearest the shaft
                let start = rule.shaft.first().and_then(|first| {
                    rule.circle.iter().copied().min_by_key(|cell| {
                        cell.row().abs_diff(first.row()) + cell.column().abs_diff(first.column())
                    })
                });
                let drawn: Vec<Cell> = start
                    .into_iter()
                    .chain(rule.shaft.iter().copied())
                    .collect();
                document.arrow.push(ArrowEntry {
                    cells: cell_names(&rule.circle),
                    lines: vec![cell_names(&drawn)],
                });
            }
            Constraint::LittleKiller(rule) => document.littlekillersum.push(LittleKillerEntry {
                cell: format!("R{}C{}", rule.clue.0, rule.clue.1),
                cells: cell_names(&rule.cells(geometry)),
                direction: rule.direction.code(),
                value: rule.sum.to_string(),
            }),
            Constraint::Outside(rule) => {
                let key = OUTSIDE_KEYS
                    .iter()
                    .find(|(_, kind)| *kind == rule.kind)
                    .map(|(key, _)| *key)
                    .expect("every outside clue has a key");
                let index = rule.index + 1;
                let (row, column) = match rule.side {
                    Side::Top => (0, index),
                    Side::Bottom => (size + 1, index),
                    Side::Left => (index, 0),
                    Side::Right => (index, size + 1),
                };
                document
                    .outside_mut(key)
                    .expect("every outside key has a list in the document")
                    .push(OutsideEntry {
                        cell: format!("R{row}C{column}"),
                        value: rule.value.to_string(),
                    });
            }
            // after the cages of the usual layout, under the same key
            Constraint::FreeCage(rule) => document.killercage.push(CageEntry {
                cells: cell_names(&rule.cells),
                value: rule.sum.map(|sum| sum.to_string()),
            }),
            Constraint::Indexer(rule) => {
                let list = match rule.kind {
                    IndexerKind::Column => &mut document.columnindexer,
                    IndexerKind::Row => &mut document.rowindexer,
                    IndexerKind::Box => &mut document.boxindexer,
                };
                list.push(CellsEntry {
                    cells: cell_names(&rule.cells),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_line_and_outside_key_read_is_a_key_of_the_rule_table() {
        let keys: Vec<&str> = super::keys().collect();
        for (key, _) in super::LINE_KEYS {
            assert!(
                keys.contains(key),
                "line key {key} has no row in the rule table"
            );
        }
        for (key, _) in super::OUTSIDE_KEYS {
            assert!(
                keys.contains(key),
                "outside key {key} has no row in the rule table"
            );
        }
    }
}
