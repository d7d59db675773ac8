//! RON documents: a whole puzzle as a readable `Puzzle(size: 9, givens: "…", cages: […], …)`, one per text or a list.

use std::collections::HashMap;

use ron::extensions::Extensions;
use serde::{Deserialize, Serialize};

use super::alphabet::{grid_line, read_grid, read_solution};
use super::error::{excerpt, NotationError, Reason};
use super::{diagonal_constraints, geometry_for, Entry, Extras, Format, Holds};
use crate::model::{
    Cage, CageId, Cell, Comparison, Constraint, Diagonal, Digit, Geometry, Grid, Puzzle, Relation,
};

/// A whole puzzle as it is written in RON. Cells are named `r<row>c<column>` (1-based), grids
/// are lines of n² characters of the alphabet (whitespace inside is ignored), comparisons name
/// cages by label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Puzzle", deny_unknown_fields)]
struct Document {
    /// The side n.
    size: u8,
    /// Rows per box; 0 or left out for the usual shape.
    #[serde(default)]
    box_rows: u8,
    /// Columns per box; 0 or left out for the usual shape.
    #[serde(default)]
    box_columns: u8,
    /// The long diagonals that hold every digit.
    #[serde(default)]
    diagonals: Vec<DiagonalName>,
    /// The givens, n² characters; empty for none.
    #[serde(default)]
    givens: String,
    /// The cages, in order.
    #[serde(default)]
    cages: Vec<CageDocument>,
    /// Comparisons of cage sums.
    #[serde(default)]
    comparisons: Vec<ComparisonDocument>,
    /// Irregular regions: each cell's region from 1, n² characters of the alphabet (no
    /// boxes then: `box_rows` and `box_columns` are left out or 0).
    #[serde(default)]
    regions: Option<String>,
    /// The variant rules, in order (see `ron_rules`).
    #[serde(default)]
    rules: Vec<super::ron_rules::Rule>,
    /// The puzzle's name.
    #[serde(default)]
    name: Option<String>,
    /// The published solution, n² characters.
    #[serde(default)]
    solution: Option<String>,
    /// The number of solutions the source states.
    #[serde(default)]
    expected_count: Option<String>,
}

/// A long diagonal by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum DiagonalName {
    Main,
    Anti,
}

/// A cage: label, cells by name, optional sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Cage", deny_unknown_fields)]
struct CageDocument {
    label: String,
    cells: Vec<String>,
    #[serde(default)]
    sum: Option<u32>,
}

/// A comparison of two cages' sums, by label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Comparison", deny_unknown_fields)]
struct ComparisonDocument {
    first: String,
    second: String,
    relation: Relation,
}

/// One document of the text with where it starts.
struct Piece<'text> {
    line: usize,
    column: usize,
    text: &'text str,
}

/// The documents of a text: attributes such as `#![enable(...)]` to repeat before each, and
/// the documents (one, or each element of a top-level list).
struct Pieces<'text> {
    attributes: String,
    documents: Vec<Piece<'text>>,
}

/// Walks a RON text keeping track of line and column, skipping what cannot hold brackets.
struct Scanner<'text> {
    text: &'text str,
    offset: usize,
    line: usize,
    column: usize,
}

/// The scanner met an unbalanced bracket, an unclosed string or comment, or trailing text.
struct Unbalanced;

impl<'text> Scanner<'text> {
    fn new(text: &'text str) -> Scanner<'text> {
        Scanner {
            text,
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.offset..].chars().next()
    }

    fn starts_with(&self, prefix: &str) -> bool {
        self.text[self.offset..].starts_with(prefix)
    }

    fn bump(&mut self) -> Option<char> {
        let character = self.peek()?;
        self.offset += character.len_utf8();
        if character == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(character)
    }

    /// Skips whitespace and comments.
    fn skip_trivia(&mut self) -> Result<(), Unbalanced> {
        loop {
            if self.peek().is_some_and(char::is_whitespace) {
                self.bump();
            } else if self.starts_with("//") {
                while self.peek().is_some_and(|character| character != '\n') {
                    self.bump();
                }
            } else if self.starts_with("/*") {
                self.skip_block_comment()?;
            } else {
                return Ok(());
            }
        }
    }

    /// Skips whitespace, comments, and (between documents only) `#` comment lines as in the
    /// other formats; `#!` starts an attribute and is kept.
    fn skip_top_level_trivia(&mut self) -> Result<(), Unbalanced> {
        loop {
            self.skip_trivia()?;
            if self.starts_with("#") && !self.starts_with("#!") {
                while self.peek().is_some_and(|character| character != '\n') {
                    self.bump();
                }
            } else {
                return Ok(());
            }
        }
    }

    fn skip_block_comment(&mut self) -> Result<(), Unbalanced> {
        let mut depth = 0usize;
        loop {
            if self.starts_with("/*") {
                depth += 1;
                self.bump();
                self.bump();
            } else if self.starts_with("*/") {
                depth -= 1;
                self.bump();
                self.bump();
                if depth == 0 {
                    return Ok(());
                }
            } else if self.bump().is_none() {
                return Err(Unbalanced);
            }
        }
    }

    /// Skips a quoted string or character whose opening quote was just read.
    fn skip_quoted(&mut self, quote: char) -> Result<(), Unbalanced> {
        loop {
            match self.bump() {
                None => return Err(Unbalanced),
                Some('\\') => {
                    self.bump();
                }
                Some(character) if character == quote => return Ok(()),
                Some(_) => {}
            }
        }
    }

    /// Skips a raw string `r#"…"#` whose `r` was just read, if one starts here.
    fn skip_raw_string(&mut self) -> Result<(), Unbalanced> {
        let mut hashes = 0;
        while self.peek() == Some('#') {
            self.bump();
            hashes += 1;
        }
        if self.peek() != Some('"') {
            return Ok(());
        }
        self.bump();
        let closing = format!("\"{}", "#".repeat(hashes));
        while !self.starts_with(&closing) {
            if self.bump().is_none() {
                return Err(Unbalanced);
            }
        }
        for _ in 0..closing.len() {
            self.bump();
        }
        Ok(())
    }

    /// Skips one value, stopping before a `,` or closing bracket at depth 0 (or the end).
    fn skip_value(&mut self) -> Result<(), Unbalanced> {
        let mut depth = 0usize;
        let mut previous = ' ';
        while let Some(character) = self.peek() {
            match character {
                ',' | ')' | ']' | '}' if depth == 0 => return Ok(()),
                '/' if self.starts_with("//") || self.starts_with("/*") => {
                    self.skip_trivia()?;
                    previous = ' ';
                    continue;
                }
                _ => {}
            }
            self.bump();
            match character {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                '"' => self.skip_quoted('"')?,
                '\'' => self.skip_quoted('\'')?,
                'r' if !(previous.is_alphanumeric() || previous == '_') => {
                    self.skip_raw_string()?
                }
                _ => {}
            }
            previous = character;
        }
        Ok(())
    }

    /// Skips an attribute `#![…]`.
    fn skip_attribute(&mut self) -> Result<(), Unbalanced> {
        self.bump();
        self.bump();
        if self.peek() != Some('[') {
            return Err(Unbalanced);
        }
        self.bump();
        self.skip_value()?;
        match self.bump() {
            Some(']') => Ok(()),
            _ => Err(Unbalanced),
        }
    }

    fn piece(&self, start: (usize, usize, usize)) -> Piece<'text> {
        let (offset, line, column) = start;
        Piece {
            line,
            column,
            text: self.text[offset..self.offset].trim_end(),
        }
    }

    fn position(&self) -> (usize, usize, usize) {
        (self.offset, self.line, self.column)
    }
}

/// Splits a text into its documents, so each is read (and fails) on its own.
fn split(text: &str) -> Result<Pieces<'_>, Unbalanced> {
    let mut scanner = Scanner::new(text);
    let mut attributes = Vec::new();
    scanner.skip_top_level_trivia()?;
    while scanner.starts_with("#!") {
        let start = scanner.offset;
        scanner.skip_attribute()?;
        attributes.push(text[start..scanner.offset].replace(['\n', '\r'], " "));
        scanner.skip_top_level_trivia()?;
    }
    let mut documents = Vec::new();
    if scanner.peek() == Some('[') {
        scanner.bump();
        loop {
            scanner.skip_top_level_trivia()?;
            match scanner.peek() {
                Some(']') => {
                    scanner.bump();
                    break;
                }
                None => return Err(Unbalanced),
                Some(_) => {}
            }
            let start = scanner.position();
            scanner.skip_value()?;
            documents.push(scanner.piece(start));
            match scanner.peek() {
                Some(',') => {
                    scanner.bump();
                }
                Some(']') => {}
                _ => return Err(Unbalanced),
            }
        }
    } else if scanner.peek().is_some() {
        let start = scanner.position();
        scanner.skip_value()?;
        documents.push(scanner.piece(start));
    }
    scanner.skip_top_level_trivia()?;
    if scanner.peek().is_some() {
        return Err(Unbalanced);
    }
    Ok(Pieces {
        attributes: attributes.join(" "),
        documents,
    })
}

fn options() -> ron::Options {
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME)
}

/// One result per document: the only one, or each element of a top-level list.
pub(super) fn parse_each(text: &str) -> Vec<Result<Entry, NotationError>> {
    let pieces = match split(text) {
        Ok(pieces) => pieces,
        Err(Unbalanced) => return vec![Err(whole_text_error(text))],
    };
    pieces
        .documents
        .iter()
        .map(|piece| {
            read_document(piece, &pieces.attributes)
                .and_then(|document| entry(document, piece.line))
        })
        .collect()
}

/// The error the RON parser finds when reading the whole text at once (used when the text
/// cannot even be split into documents).
fn whole_text_error(text: &str) -> NotationError {
    let result = if text.trim_start().starts_with('[') {
        options().from_str::<Vec<Document>>(text).map(drop)
    } else {
        options().from_str::<Document>(text).map(drop)
    };
    match result {
        Err(error) => ron_error(&error, 1, 1),
        Ok(()) => NotationError::at(
            1,
            Reason::Ron {
                message: "unbalanced brackets, strings or comments".to_string(),
            },
        ),
    }
}

fn read_document(piece: &Piece<'_>, attributes: &str) -> Result<Document, NotationError> {
    if attributes.is_empty() {
        return options()
            .from_str(piece.text)
            .map_err(|error| ron_error(&error, piece.line, piece.column));
    }
    let text = format!("{attributes}\n{}", piece.text);
    options().from_str(&text).map_err(|mut error| {
        // the attributes take the first line of `text`
        error.position.line = error.position.line.saturating_sub(1).max(1);
        ron_error(&error, piece.line, piece.column)
    })
}

/// A RON error placed in the file, for a document starting at `line` and `column`.
fn ron_error(error: &ron::error::SpannedError, line: usize, column: usize) -> NotationError {
    let position = error.position;
    let reason = Reason::Ron {
        message: error.code.to_string(),
    };
    if position.line == 0 {
        return NotationError::at(line, reason);
    }
    let file_line = line + position.line - 1;
    let file_column = if position.line == 1 {
        column + position.col.saturating_sub(1)
    } else {
        position.col
    };
    NotationError::at_column(file_line, file_column, reason)
}

/// A grid string with whitespace taken out (documents may space rows apart).
fn compact(text: &str) -> String {
    text.chars()
        .filter(|character| !character.is_whitespace())
        .collect()
}

/// Errors inside a document's strings are placed on the document's line only.
fn without_column(mut error: NotationError) -> NotationError {
    error.column = None;
    error
}

/// Reads `r<row>c<column>`, 1-based.
pub(super) fn parse_cell(
    name: &str,
    geometry: Geometry,
    line: usize,
) -> Result<Cell, NotationError> {
    let cell = name
        .to_ascii_lowercase()
        .strip_prefix('r')
        .and_then(|rest| {
            let (row, column) = rest.split_once('c')?;
            let row = row.parse::<usize>().ok()?.checked_sub(1)?;
            let column = column.parse::<usize>().ok()?.checked_sub(1)?;
            geometry.cell(row, column)
        });
    cell.ok_or_else(|| {
        NotationError::at(
            line,
            Reason::Invalid {
                text: excerpt(name),
                what: "a cell of this grid",
                expected: "r<row>c<column>, both from 1 to the side",
            },
        )
    })
}

fn entry(document: Document, line: usize) -> Result<Entry, NotationError> {
    let box_shape = match (document.box_rows, document.box_columns) {
        (0, 0) => None,
        shape => Some(shape),
    };
    let geometry = match (&document.regions, box_shape) {
        (Some(_), None) => Geometry::irregular(usize::from(document.size))
            .map_err(|error| NotationError::model(line, error))?,
        _ => geometry_for(usize::from(document.size), box_shape)
            .map_err(|reason| NotationError::at(line, reason))?,
    };
    let givens = compact(&document.givens);
    let givens = if givens.is_empty() {
        Grid::empty(geometry)
    } else {
        read_grid(&givens, geometry, "the givens grid", line, 1).map_err(without_column)?
    };
    let constraints = constraints(&document, geometry, line)?;
    let puzzle = Puzzle::new(geometry, givens, constraints)
        .map_err(|error| NotationError::model(line, error))?;
    let solution = document
        .solution
        .map(|text| read_solution(&compact(&text), geometry, line, 1).map_err(without_column))
        .transpose()?;
    Ok(Entry {
        line,
        name: document.name,
        puzzle,
        solution,
        expected_count: document.expected_count,
        metadata: Default::default(),
    })
}

/// The document's diagonals, cages and comparisons, in that order.
fn constraints(
    document: &Document,
    geometry: Geometry,
    line: usize,
) -> Result<Vec<Constraint>, NotationError> {
    // a cage id must fit the model's index type, and no grid has more cages than cells
    if document.cages.len() > geometry.cell_count() {
        return Err(NotationError::at(
            line,
            Reason::Invalid {
                text: format!("{} cages", document.cages.len()),
                what: "a number of cages for this grid",
                expected: "at most one cage per cell",
            },
        ));
    }
    let diagonals: Vec<Diagonal> = document
        .diagonals
        .iter()
        .map(|diagonal| match diagonal {
            DiagonalName::Main => Diagonal::Main,
            DiagonalName::Anti => Diagonal::Anti,
        })
        .collect();
    let mut constraints = diagonal_constraints(geometry, &diagonals);
    let mut positions: HashMap<&str, usize> = HashMap::new();
    for (index, cage) in document.cages.iter().enumerate() {
        positions.entry(cage.label.as_str()).or_insert(index);
        let cells = cage
            .cells
            .iter()
            .map(|name| parse_cell(name, geometry, line))
            .collect::<Result<Vec<Cell>, NotationError>>()?;
        constraints.push(Constraint::Cage(Cage {
            label: cage.label.clone(),
            cells,
            sum: cage.sum,
        }));
    }
    for comparison in &document.comparisons {
        let id = |label: &str| {
            let index = positions.get(label).ok_or_else(|| {
                let context = "a comparison";
                let label = excerpt(label);
                NotationError::at(line, Reason::UnknownCage { context, label })
            })?;
            Ok::<CageId, NotationError>(CageId::new(*index))
        };
        constraints.push(Constraint::Compare(Comparison {
            first: id(&comparison.first)?,
            second: id(&comparison.second)?,
            relation: comparison.relation,
        }));
    }
    if let Some(map) = &document.regions {
        let map = read_grid(&compact(map), geometry, "the region map", line, 1)
            .map_err(without_column)?;
        let of_cell = geometry
            .cells()
            .map(|cell| map.get(cell).map_or(0, |region| region.get() - 1))
            .collect();
        let regions = crate::model::variant::Regions::new(geometry, of_cell)
            .map_err(|error| NotationError::model(line, error))?;
        constraints.push(Constraint::Regions(regions));
    }
    let mut extra_houses = 0;
    for rule in &document.rules {
        constraints.push(super::ron_rules::constraint_of(
            rule,
            geometry,
            line,
            &mut extra_houses,
        )?);
    }
    Ok(constraints)
}

/// A string as a RON literal, quoted and escaped.
fn quoted(text: &str) -> String {
    ron::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

fn optional(value: Option<String>) -> String {
    value.map_or("None".to_string(), |value| format!("Some({value})"))
}

/// Writes one document; RON holds every puzzle the model can build.
pub(super) fn write(puzzle: &Puzzle, extras: Extras<'_>) -> Result<String, NotationError> {
    Holds {
        diagonals: true,
        box_shapes: true,
        cages: true,
        regions: true,
        variants: true,
    }
    .check(puzzle, Format::Ron)?;
    super::check_solution(puzzle, extras, Format::Ron)?;
    let geometry = puzzle.geometry();
    let diagonals: Vec<&str> = puzzle
        .diagonals()
        .iter()
        .map(|diagonal| match diagonal {
            Diagonal::Main => "Main",
            Diagonal::Anti => "Anti",
        })
        .collect();
    let mut text = String::from("Puzzle(\n");
    text.push_str(&format!("    size: {},\n", geometry.size()));
    let (box_rows, box_columns) = if geometry.has_boxes() {
        (geometry.box_rows(), geometry.box_columns())
    } else {
        (0, 0)
    };
    text.push_str(&format!("    box_rows: {box_rows},\n"));
    text.push_str(&format!("    box_columns: {box_columns},\n"));
    text.push_str(&format!("    diagonals: [{}],\n", diagonals.join(", ")));
    text.push_str(&format!(
        "    givens: \"{}\",\n",
        grid_line(puzzle.givens())
    ));
    let cages: Vec<String> = puzzle
        .cages()
        .map(|cage| {
            let cells: Vec<String> = cage
                .cells
                .iter()
                .map(|cell| format!("\"{cell}\""))
                .collect();
            format!(
                "        (label: {}, cells: [{}], sum: {}),\n",
                quoted(&cage.label),
                cells.join(", "),
                optional(cage.sum.map(|sum| sum.to_string()))
            )
        })
        .collect();
    push_list(&mut text, "cages", &cages);
    let comparisons: Vec<String> = puzzle
        .comparisons()
        .map(|comparison| {
            format!(
                "        (first: {}, second: {}, relation: {:?}),\n",
                quoted(&puzzle.cage(comparison.first).label),
                quoted(&puzzle.cage(comparison.second).label),
                comparison.relation
            )
        })
        .collect();
    push_list(&mut text, "comparisons", &comparisons);
    if let Some(regions) = puzzle.regions() {
        let map: String = regions
            .of_cell()
            .iter()
            .filter_map(|&region| Digit::new(region + 1).map(super::alphabet::character))
            .collect();
        text.push_str(&format!("    regions: Some(\"{map}\"),\n"));
    }
    let rules: Vec<String> = puzzle
        .constraints()
        .iter()
        .filter_map(|constraint| super::ron_rules::rule_of(constraint, puzzle.geometry()))
        .map(|rule| {
            let item = ron::to_string(&rule).unwrap_or_default();
            format!("        {item},\n")
        })
        .collect();
    if !rules.is_empty() {
        push_list(&mut text, "rules", &rules);
    }
    let name = extras.name.map(quoted);
    text.push_str(&format!("    name: {},\n", optional(name)));
    let solution = extras
        .solution
        .map(|grid| format!("\"{}\"", grid_line(grid)));
    text.push_str(&format!("    solution: {},\n", optional(solution)));
    if let Some(count) = extras.expected_count {
        text.push_str(&format!("    expected_count: Some({}),\n", quoted(count)));
    }
    text.push_str(")\n");
    Ok(text)
}

fn push_list(text: &mut String, field: &str, items: &[String]) {
    if items.is_empty() {
        text.push_str(&format!("    {field}: [],\n"));
    } else {
        text.push_str(&format!("    {field}: [\n"));
        items.iter().for_each(|item| text.push_str(item));
        text.push_str("    ],\n");
    }
}

/// Documents written by [`write`] as one list.
pub(super) fn list(documents: &[String]) -> String {
    let mut text = String::from("[\n");
    for document in documents {
        text.push_str(document.trim_end());
        text.push_str(",\n");
    }
    text.push_str("]\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::tests::{data, same_entries};
    use crate::notation::{format, format_entries, parse, parse_each as parse_any};

    const EXAMPLE: &str = r#"Puzzle(size: 9, box_rows: 3, box_columns: 3, diagonals: [Main], givens: "8..........", cages: [(label: "a", cells: ["r1c2", "r1c3"], sum: Some(3))], comparisons: [], name: Some("..."), solution: None)"#;

    #[test]
    fn every_data_file_round_trips() {
        for path in [
            "seeds/killer_m00nlight_clpfd.txt",
            "killer/killer_greater_grilops.txt",
            "killer/killer_vtsukur.txt",
            "sizes/xsudoku.txt",
            "sizes/gecode_25x25_solutions.txt",
            "classic/tdoku_test_puzzles_with_counts.txt",
        ] {
            let entries = parse(&data(path), None).unwrap();
            let text = format_entries(&entries, Format::Ron).unwrap();
            assert_eq!(super::super::detect(&text), Format::Ron, "{path}");
            let back = parse(&text, None).unwrap_or_else(|error| panic!("{path}: {error}"));
            same_entries(&entries, &back);
        }
    }

    #[test]
    fn reads_the_documented_example_and_short_forms() {
        let example = EXAMPLE.replace("8..........", &format!("8{}", ".".repeat(80)));
        let entry = parse(&example, None).unwrap().remove(0);
        assert_eq!(entry.puzzle.diagonals(), vec![Diagonal::Main]);
        assert_eq!(entry.puzzle.cage_count(), 1);
        assert_eq!(entry.name.as_deref(), Some("..."));
        // only the size is needed; implicit Some and spaced rows are fine
        let short = r#"(size: 4, givens: "1... .2.. ..3. ...4", name: "short")"#;
        let entry = parse(short, Some(Format::Ron)).unwrap().remove(0);
        assert_eq!(entry.puzzle.givens().filled_count(), 4);
        assert_eq!(entry.name.as_deref(), Some("short"));
    }

    #[test]
    fn writes_a_readable_document() {
        let entries = parse(&data("seeds/killer_m00nlight_clpfd.txt"), None).unwrap();
        let text = format(&entries[3].puzzle, Format::Ron).unwrap();
        assert!(text.starts_with("Puzzle(\n    size: 9,\n    box_rows: 3,\n    box_columns: 3,\n    diagonals: [],\n"), "{text}");
        assert!(
            text.contains(
                "        (label: \"a\", cells: [\"r1c1\", \"r1c2\", \"r2c2\"], sum: None),\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("        (first: \"a\", second: \"b\", relation: Equal),\n"),
            "{text}"
        );
    }

    #[test]
    fn list_errors_are_placed_per_document() {
        let entries = parse(&data("killer/killer_lisudoku.txt"), None).unwrap();
        let text = format_entries(&entries, Format::Ron).unwrap();
        let broken = text.replacen("sum: Some(20)", "sum: Some(twenty)", 1);
        let results = parse_any(&broken, None);
        assert_eq!(results.len(), 2);
        let error = results[0].as_ref().unwrap_err();
        let line = text
            .lines()
            .position(|line| line.contains("sum: Some(20)"))
            .unwrap()
            + 1;
        assert_eq!(error.line, Some(line));
        assert!(error.column.is_some());
        assert!(results[1].is_ok());
        assert_eq!(results[1].as_ref().unwrap().line, line_of_second(&text));
    }

    fn line_of_second(text: &str) -> usize {
        text.lines()
            .enumerate()
            .filter(|(_, line)| *line == "Puzzle(")
            .nth(1)
            .map(|(index, _)| index + 1)
            .unwrap()
    }

    #[test]
    fn any_label_and_name_survive() {
        let geometry = Geometry::for_size(4).unwrap();
        let cage = |label: &str, cells: [(usize, usize); 2], sum| {
            let cells = cells
                .iter()
                .map(|&(row, column)| geometry.cell(row, column).unwrap())
                .collect();
            let label = label.to_string();
            Constraint::Cage(Cage { label, cells, sum })
        };
        let constraints = vec![
            cage("cage \"one\"\n", [(0, 0), (0, 1)], Some(3)),
            cage("é字😀", [(1, 0), (1, 1)], None),
            Constraint::Compare(Comparison {
                first: CageId::new(0),
                second: CageId::new(1),
                relation: Relation::Greater,
            }),
        ];
        let puzzle = Puzzle::new(geometry, Grid::empty(geometry), constraints).unwrap();
        let mut entry = Entry::new(puzzle);
        entry.name = Some("a\tname with \"quotes\", \\ and )]".to_string());
        entry.expected_count = Some("1".to_string());
        let text = super::super::format_entry(&entry, Format::Ron).unwrap();
        same_entries(&[entry.clone()], &parse(&text, None).unwrap());
        // killer text relabels the cages and has no room for a multi-line name
        entry.name = Some("over\ntwo lines".to_string());
        let error = super::super::format_entry(&entry, Format::Killer).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the killer format cannot hold a name with a line break (use ron)"
        );
        let killer = format(&entry.puzzle, Format::Killer).unwrap();
        let back = parse(&killer, None).unwrap().remove(0).puzzle;
        let labels: Vec<&str> = back.cages().map(|cage| cage.label.as_str()).collect();
        assert_eq!(labels, ["a", "b"]);
        assert_eq!(
            back.comparisons().next().unwrap().relation,
            Relation::Greater
        );
    }

    #[test]
    fn document_errors() {
        let cases = [
            (r#"(size: 7)"#, "line 1: a 7×7 grid has no rectangular box shape (boxes need at least 2 rows and 2 columns)"),
            (r#"(size: 4, box_rows: 4, box_columns: 2)"#, "line 1: `4x2` is not a box shape for this grid (expected box rows × box columns = the side of the grid)"),
            ("\n(size: 4, cages: [(label: \"a\", cells: [\"r5c1\"])])", "line 2: `r5c1` is not a cell of this grid (expected r<row>c<column>, both from 1 to the side)"),
            (r#"(size: 4, cages: [(label: "a", cells: ["r1c1"])], comparisons: [(first: "a", second: "Z", relation: Less)])"#, "line 1: a comparison names cage Z, which has no cells"),
            (r#"(size: 4, givens: "1..1")"#, "line 1: the givens grid has 4 cells, expected 16"),
        ];
        for (text, expected) in cases {
            let error = parse(text, Some(Format::Ron)).unwrap_err();
            assert_eq!(error.to_string(), expected, "{text}");
        }
        let error = parse("(size: 4,\n colour: 3)", Some(Format::Ron)).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("line 2, column 8: Unexpected field named `colour`"),
            "{error}"
        );
        let error = parse("[(size: 4), (size: 4", Some(Format::Ron)).unwrap_err();
        assert_eq!(error.line, Some(1));
    }
}
