//! Killer text: `name`, an n-line cage map, `<label> <sum>`, `compare`, `givens`, `solution`, plus our `diagonals`, `boxes` and `regions` lines.

use std::collections::HashMap;

use super::alphabet::{character, column_of, grid_line, read_grid, read_solution};
use super::error::{excerpt, NotationError, Reason};
use super::grid::NumberedLine;
use super::{
    diagonal_constraints, diagonals_word, geometry_for, parse_box_shape, parse_diagonals, tokens,
    unusual_box_shape, Entry, Extras, Format, Holds, Token, DIAGONAL_WORDS,
};
use crate::model::variant::Regions;
use crate::model::{
    Cage, CageId, Cell, Comparison, Constraint, Diagonal, Geometry, Grid, ModelError, Puzzle,
    Relation,
};

/// The words that start a keyword line.
const KEYWORDS: [&str; 7] = [
    "name",
    "compare",
    "givens",
    "solution",
    "diagonals",
    "boxes",
    "regions",
];
/// The cage-map character of a cell in no cage.
const NO_CAGE: char = '.';

/// Whether a line starts with a keyword followed by something.
pub(super) fn is_keyword_line(line: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next().is_some_and(|word| KEYWORDS.contains(&word)) && words.next().is_some()
}

/// Whether a line reads `<one character> <number>`.
pub(super) fn is_sum_line(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() == 2 && words[0].chars().count() == 1 && is_whole_number(words[1])
}

/// Whether a word is made of decimal digits only.
pub(super) fn is_whole_number(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|byte| byte.is_ascii_digit())
}

/// Whether a character can label a cage in a cage map (and in killer TSV's sums field).
pub(super) fn is_label_character(character: char) -> bool {
    !character.is_whitespace()
        && !character.is_control()
        && !matches!(character, NO_CAGE | '#' | ',' | '=')
}

/// The labels written for a puzzle's cages: their own if each is one usable character, else
/// `a`-`z`, `A`-`Z`, `0`-`9`, then letters from Latin-1 on (enough for 625 cages).
pub(super) fn labels(puzzle: &Puzzle) -> Vec<char> {
    let own: Option<Vec<char>> = puzzle
        .cages()
        .map(|cage| {
            let mut characters = cage.label.chars();
            match (characters.next(), characters.next()) {
                (Some(character), None) if is_label_character(character) => Some(character),
                _ => None,
            }
        })
        .collect();
    own.unwrap_or_else(|| generated_labels().take(puzzle.cage_count()).collect())
}

/// Labels for cages that have none usable: ASCII letters and digits, then further letters.
fn generated_labels() -> impl Iterator<Item = char> {
    let further = (0xC0u32..0x530)
        .filter(|code| !(0x2B0..0x370).contains(code))
        .filter_map(char::from_u32)
        .filter(|character| character.is_alphabetic());
    ('a'..='z').chain('A'..='Z').chain('0'..='9').chain(further)
}

/// Reads a relation word: `less`, `equal`, `greater` (or `<`, `=`, `>`).
fn parse_relation(word: &str) -> Option<Relation> {
    match word.to_ascii_lowercase().as_str() {
        "less" | "<" => Some(Relation::Less),
        "equal" | "=" => Some(Relation::Equal),
        "greater" | ">" => Some(Relation::Greater),
        _ => None,
    }
}

/// The records of one block of lines (records are separated by blank lines, see
/// [`super::mixed`]): a `name` line also starts a new one.
pub(super) fn split_records<'block, 'text>(
    block: &'block [NumberedLine<'text>],
) -> Vec<&'block [NumberedLine<'text>]> {
    let mut records = Vec::new();
    let mut rest = block;
    while !rest.is_empty() {
        let length = rest
            .iter()
            .skip(1)
            .position(|(_, line)| line.split_whitespace().next() == Some("name"))
            .map_or(rest.len(), |position| position + 1);
        let (record, after) = rest.split_at(length);
        records.push(record);
        rest = after;
    }
    records
}

/// The puzzle of one record's lines.
pub(super) fn read_record(lines: &[NumberedLine<'_>]) -> Result<Entry, NotationError> {
    Record::read(lines).and_then(|record| record.entry())
}

/// A value on a keyword line with where it is.
#[derive(Clone, Copy)]
struct Located<'text> {
    line: usize,
    column: usize,
    text: &'text str,
}

/// The lines of one record, sorted by kind but not yet checked against each other.
#[derive(Default)]
struct Record<'text> {
    start: usize,
    name: Option<(usize, &'text str)>,
    map: Vec<NumberedLine<'text>>,
    sums: Vec<(usize, char, u32)>,
    compares: Vec<(usize, char, char, Relation)>,
    givens: Option<Located<'text>>,
    solution: Option<Located<'text>>,
    diagonals: Option<(usize, Vec<Diagonal>)>,
    box_shape: Option<(usize, (u8, u8))>,
    regions: Option<Located<'text>>,
}

/// The one character of a label token, or an error at its place.
fn label(line: &str, number: usize, token: Token<'_>) -> Result<char, NotationError> {
    let mut characters = token.text.chars();
    match (characters.next(), characters.next()) {
        (Some(character), None) => Ok(character),
        _ => Err(NotationError::at_column(
            number,
            column_of(line, token.start),
            Reason::Invalid {
                text: excerpt(token.text),
                what: "a cage label",
                expected: "one character, as in the cage map",
            },
        )),
    }
}

/// An error for a keyword line with the wrong number of words.
fn malformed(number: usize, line: &str, expected: &'static str) -> NotationError {
    NotationError::at(
        number,
        Reason::Invalid {
            text: excerpt(line.trim()),
            what: "a well-formed line",
            expected,
        },
    )
}

/// Stores `value` unless the slot is taken, which is an error on `number`.
fn once<T>(
    slot: &mut Option<T>,
    value: T,
    number: usize,
    what: &'static str,
) -> Result<(), NotationError> {
    if slot.replace(value).is_some() {
        return Err(NotationError::at(number, Reason::Repeated { what }));
    }
    Ok(())
}

impl<'text> Record<'text> {
    fn read(block: &[NumberedLine<'text>]) -> Result<Record<'text>, NotationError> {
        let mut record = Record {
            start: block.first().map_or(1, |&(number, _)| number),
            ..Record::default()
        };
        for &(number, line) in block {
            record.read_line(number, line)?;
        }
        Ok(record)
    }

    fn read_line(&mut self, number: usize, line: &'text str) -> Result<(), NotationError> {
        let words = tokens(line);
        let located = |token: Token<'text>| Located {
            line: number,
            column: column_of(line, token.start),
            text: token.text,
        };
        let invalid = |token: Token<'_>, what, expected| {
            let reason = Reason::Invalid {
                text: excerpt(token.text),
                what,
                expected,
            };
            NotationError::at_column(number, column_of(line, token.start), reason)
        };
        match words.as_slice() {
            [row] => self.map.push((number, row.text)),
            [keyword, ..] if keyword.text == "name" => {
                let value = line[keyword.start + keyword.text.len()..].trim();
                once(&mut self.name, (number, value), number, "the name line")?;
            }
            [keyword, first, second, relation] if keyword.text == "compare" => {
                let first = label(line, number, *first)?;
                let second = label(line, number, *second)?;
                let relation = parse_relation(relation.text)
                    .ok_or_else(|| invalid(*relation, "a relation", "less, equal or greater"))?;
                self.compares.push((number, first, second, relation));
            }
            [keyword, ..] if keyword.text == "compare" => {
                let expected = "compare <a> <b> less|equal|greater";
                return Err(malformed(number, line, expected));
            }
            [keyword, value] if keyword.text == "givens" => {
                once(&mut self.givens, located(*value), number, "the givens line")?;
            }
            [keyword, value] if keyword.text == "regions" => {
                once(
                    &mut self.regions,
                    located(*value),
                    number,
                    "the regions line",
                )?;
            }
            [keyword, value] if keyword.text == "solution" => {
                let what = "the solution line";
                once(&mut self.solution, located(*value), number, what)?;
            }
            [keyword, word] if keyword.text == "diagonals" => {
                let diagonals = parse_diagonals(word.text)
                    .ok_or_else(|| invalid(*word, "a diagonal rule", DIAGONAL_WORDS))?;
                let what = "the diagonals line";
                once(&mut self.diagonals, (number, diagonals), number, what)?;
            }
            [keyword, shape] if keyword.text == "boxes" => {
                let expected = "<rows>x<columns>, such as 2x3";
                let box_shape = parse_box_shape(shape.text)
                    .ok_or_else(|| invalid(*shape, "a box shape", expected))?;
                once(
                    &mut self.box_shape,
                    (number, box_shape),
                    number,
                    "the boxes line",
                )?;
            }
            [keyword, ..] if KEYWORDS.contains(&keyword.text) => {
                return Err(malformed(number, line, "one word after the keyword"));
            }
            [cage, sum] => {
                let cage = label(line, number, *cage)?;
                let value = is_whole_number(sum.text)
                    .then(|| sum.text.parse::<u32>().ok())
                    .flatten()
                    .ok_or_else(|| invalid(*sum, "a cage sum", "a whole number"))?;
                self.sums.push((number, cage, value));
            }
            _ => {
                let text = excerpt(line.trim());
                return Err(NotationError::at(number, Reason::UnrecognizedLine { text }));
            }
        }
        Ok(())
    }

    /// The geometry the cage map and the `boxes` line give.
    fn geometry(&self) -> Result<Geometry, NotationError> {
        let Some(&(first_number, first_row)) = self.map.first() else {
            return Err(NotationError::at(self.start, Reason::MissingMap));
        };
        let side = first_row.chars().count();
        let box_shape = self.box_shape.map(|(_, shape)| shape);
        let number = self.box_shape.map_or(first_number, |(number, _)| number);
        let geometry = match (self.regions, box_shape) {
            (Some(regions), None) => Geometry::irregular(side)
                .map_err(|error| NotationError::model(regions.line, error))?,
            _ => {
                geometry_for(side, box_shape).map_err(|reason| NotationError::at(number, reason))?
            }
        };
        for &(number, row) in &self.map {
            let found = row.chars().count();
            if found != side && KEYWORDS.contains(&row) {
                // a keyword alone (`givens` with its value lost) reads like a cage-map row
                return Err(malformed(number, row, "one word after the keyword"));
            }
            if found != side {
                return Err(NotationError::at(
                    number,
                    Reason::CellCount {
                        what: "cage map row",
                        found,
                        expected: side,
                    },
                ));
            }
        }
        if self.map.len() != side {
            return Err(NotationError::at(
                first_number,
                Reason::RowCount {
                    what: "the cage map",
                    found: self.map.len(),
                    expected: side,
                },
            ));
        }
        Ok(geometry)
    }

    fn entry(&self) -> Result<Entry, NotationError> {
        let geometry = self.geometry()?;
        let mut cages = cages_of_map(geometry, &self.map);
        let position: HashMap<char, usize> = cages
            .iter()
            .enumerate()
            .map(|(index, (label, _, _))| (*label, index))
            .collect();
        let sum_lines = self.add_sums(&mut cages, &position)?;
        let comparisons = self.comparisons(&position)?;
        let givens = match self.givens {
            Some(value) => {
                let what = "the givens grid";
                read_grid(value.text, geometry, what, value.line, value.column)?
            }
            None => Grid::empty(geometry),
        };
        let solution = self
            .solution
            .map(|value| read_solution(value.text, geometry, value.line, value.column))
            .transpose()?;
        let diagonals = self.diagonals.as_ref().map_or(&[][..], |(_, list)| list);
        let mut constraints = diagonal_constraints(geometry, diagonals);
        constraints.extend(cages.into_iter().map(|(label, cells, sum)| {
            Constraint::Cage(Cage {
                label: label.to_string(),
                cells,
                sum,
            })
        }));
        constraints.extend(comparisons.into_iter().map(Constraint::Compare));
        if let Some(value) = self.regions {
            // each cell's region from 1, in the alphabet, as the givens are written
            let what = "the region map";
            let map = read_grid(value.text, geometry, what, value.line, value.column)?;
            let mut of_cell = Vec::with_capacity(geometry.cell_count());
            for cell in geometry.cells() {
                let region = map.get(cell).ok_or_else(|| {
                    let reason = Reason::Invalid {
                        text: format!("{cell} ."),
                        what: "a cell's region",
                        expected: "a region number from 1 to the side, in the alphabet",
                    };
                    NotationError::at(value.line, reason)
                })?;
                of_cell.push(region.get() - 1);
            }
            let regions = Regions::new(geometry, of_cell)
                .map_err(|error| NotationError::model(value.line, error))?;
            constraints.push(Constraint::Regions(regions));
        }
        let puzzle = Puzzle::new(geometry, givens, constraints)
            .map_err(|error| NotationError::model(self.line_of(&error, &sum_lines), error))?;
        let name = self.name.map(|(_, name)| name.to_string());
        Ok(Entry {
            line: self.start,
            name: name.filter(|name| !name.is_empty()),
            puzzle,
            solution,
            expected_count: None,
            metadata: Default::default(),
        })
    }

    /// Puts each sum line's sum on its cage; gives the line of each cage's sum.
    fn add_sums(
        &self,
        cages: &mut [MapCage],
        position: &HashMap<char, usize>,
    ) -> Result<HashMap<char, usize>, NotationError> {
        let mut sum_lines: HashMap<char, usize> = HashMap::new();
        for &(number, label, sum) in &self.sums {
            let index = *position.get(&label).ok_or_else(|| {
                let context = "sum line";
                let label = label.to_string();
                NotationError::at(number, Reason::UnknownCage { context, label })
            })?;
            if let Some(&first_line) = sum_lines.get(&label) {
                let label = label.to_string();
                let reason = Reason::DuplicateSum { label, first_line };
                return Err(NotationError::at(number, reason));
            }
            sum_lines.insert(label, number);
            cages[index].2 = Some(sum);
        }
        Ok(sum_lines)
    }

    /// The comparisons, naming cages by their position in reading order.
    fn comparisons(
        &self,
        position: &HashMap<char, usize>,
    ) -> Result<Vec<Comparison>, NotationError> {
        let mut comparisons = Vec::new();
        for &(number, first, second, relation) in &self.compares {
            let id = |label: char| {
                let index = position.get(&label).ok_or_else(|| {
                    let context = "compare";
                    let label = label.to_string();
                    NotationError::at(number, Reason::UnknownCage { context, label })
                })?;
                Ok::<CageId, NotationError>(CageId::new(*index))
            };
            comparisons.push(Comparison {
                first: id(first)?,
                second: id(second)?,
                relation,
            });
        }
        Ok(comparisons)
    }

    /// The line that best shows where a model error comes from.
    fn line_of(&self, error: &ModelError, sum_lines: &HashMap<char, usize>) -> usize {
        let map_row = |cell: &Cell| self.map.get(cell.row()).map(|&(number, _)| number);
        let label_line = |label: &str| {
            let character = label.chars().next()?;
            sum_lines.get(&character).copied()
        };
        let found = match error {
            ModelError::GivensClash { .. } | ModelError::DigitTooLarge { .. } => {
                self.givens.map(|value| value.line)
            }
            ModelError::CageSumImpossible { label, cell, .. } => {
                label_line(label).or_else(|| map_row(cell))
            }
            ModelError::CageNotConnected { cell, .. } => map_row(cell),
            ModelError::CageTooLarge { label, .. } => {
                let character = label.chars().next();
                self.map
                    .iter()
                    .find(|(_, row)| character.is_some_and(|character| row.contains(character)))
                    .map(|&(number, _)| number)
            }
            ModelError::SelfComparison { label } => self
                .compares
                .iter()
                .find(|(_, first, second, _)| first == second && label.starts_with(*first))
                .map(|&(number, ..)| number),
            ModelError::HouseSize { .. } => self.diagonals.as_ref().map(|(number, _)| *number),
            _ => None,
        };
        found.unwrap_or(self.start)
    }
}

/// The cages a map draws, in reading order of their first cell: label, cells, no sum yet.
pub(super) type MapCage = (char, Vec<Cell>, Option<u32>);

pub(super) fn cages_of_map(geometry: Geometry, map: &[NumberedLine<'_>]) -> Vec<MapCage> {
    let mut cages: Vec<MapCage> = Vec::new();
    let mut position: HashMap<char, usize> = HashMap::new();
    for (row, &(_, text)) in map.iter().enumerate() {
        for (column, label) in text.chars().enumerate() {
            let Some(cell) = geometry.cell(row, column) else {
                continue;
            };
            if label == NO_CAGE {
                continue;
            }
            let index = *position.entry(label).or_insert_with(|| {
                cages.push((label, Vec::new(), None));
                cages.len() - 1
            });
            cages[index].1.push(cell);
        }
    }
    cages
}

/// The cage map: each cell's cage label, `.` where no cage.
pub(super) fn map_rows(puzzle: &Puzzle, labels: &[char]) -> Vec<String> {
    let geometry = puzzle.geometry();
    let mut owner = vec![NO_CAGE; geometry.cell_count()];
    for (cage, &label) in puzzle.cages().zip(labels) {
        for cell in &cage.cells {
            if let Some(slot) = owner.get_mut(cell.index()) {
                *slot = label;
            }
        }
    }
    owner
        .chunks(usize::from(geometry.size()))
        .map(|row| row.iter().collect())
        .collect()
}

/// Writes a killer record: name, boxes, diagonals, map, sums, compares, givens, solution.
pub(super) fn write(puzzle: &Puzzle, extras: Extras<'_>) -> Result<String, NotationError> {
    Holds {
        diagonals: true,
        box_shapes: true,
        cages: true,
        regions: true,
        variants: false,
    }
    .check(puzzle, Format::Killer)?;
    super::check_solution(puzzle, extras, Format::Killer)?;
    let mut text = String::new();
    if let Some(name) = extras.name.map(str::trim).filter(|name| !name.is_empty()) {
        if name.contains(['\n', '\r']) {
            return Err(NotationError::cannot_hold(
                Format::Killer,
                "a name with a line break (use ron)",
            ));
        }
        text.push_str(&format!("name {name}\n"));
    }
    if let Some(shape) = unusual_box_shape(puzzle) {
        text.push_str(&format!("boxes {shape}\n"));
    }
    if let Some(regions) = puzzle.regions() {
        let map: String = regions
            .of_cell()
            .iter()
            .filter_map(|&region| crate::model::Digit::new(region + 1).map(character))
            .collect();
        text.push_str(&format!("regions {map}\n"));
    }
    let diagonals = puzzle.diagonals();
    if !diagonals.is_empty() {
        text.push_str(&format!("diagonals {}\n", diagonals_word(&diagonals)));
    }
    let labels = labels(puzzle);
    for row in map_rows(puzzle, &labels) {
        text.push_str(&row);
        text.push('\n');
    }
    for (cage, label) in puzzle.cages().zip(&labels) {
        if let Some(sum) = cage.sum {
            text.push_str(&format!("{label} {sum}\n"));
        }
    }
    for comparison in puzzle.comparisons() {
        let first = labels.get(comparison.first.index()).copied().unwrap_or('?');
        let second = labels
            .get(comparison.second.index())
            .copied()
            .unwrap_or('?');
        text.push_str(&format!(
            "compare {first} {second} {}\n",
            comparison.relation
        ));
    }
    text.push_str(&format!("givens {}\n", grid_line(puzzle.givens())));
    if let Some(solution) = extras.solution {
        text.push_str(&format!("solution {}\n", grid_line(solution)));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::tests::{data, same_entries};
    use crate::notation::{format, format_entries, parse, parse_each as parse_any};

    /// Parses a killer file, checks its count, names and solutions, and round-trips it.
    fn check_file(path: &str, count: usize, without_solution: &[&str]) -> Vec<Entry> {
        let text = data(path);
        assert_eq!(super::super::detect(&text), Format::Killer, "{path}");
        let entries = parse(&text, None).unwrap_or_else(|error| panic!("{path}: {error}"));
        assert_eq!(entries.len(), count, "{path}");
        for entry in &entries {
            let name = entry.name.as_deref().unwrap();
            match &entry.solution {
                Some(solution) => assert!(entry.puzzle.is_solution(solution), "{path}: {name}"),
                None => assert!(without_solution.contains(&name), "{path}: {name}"),
            }
        }
        let written = format_entries(&entries, Format::Killer).unwrap();
        same_entries(&entries, &parse(&written, None).unwrap());
        entries
    }

    #[test]
    fn m00nlight_seed() {
        let entries = check_file("seeds/killer_m00nlight_clpfd.txt", 4, &[]);
        let names: Vec<&str> = entries
            .iter()
            .filter_map(|entry| entry.name.as_deref())
            .collect();
        assert_eq!(
            names,
            [
                "wiki",
                "daily_killer_sudoku_hard",
                "most_difficult_killer_sudoku",
                "daily_greater_killer_sudoku_hard"
            ]
        );
        assert_eq!(entries[0].line, 15);
        assert_eq!(entries[0].puzzle.cage_count(), 29);
        assert_eq!(entries[2].puzzle.cage_count(), 19);
        let greater = &entries[3].puzzle;
        assert_eq!(greater.comparisons().count(), 5);
        let hidden = greater.cages().filter(|cage| cage.sum.is_none()).count();
        assert_eq!(hidden, greater.cage_count() - 16);
        let first = greater.comparisons().next().unwrap();
        assert_eq!(greater.cage(first.first).label, "a");
        assert_eq!(greater.cage(first.second).label, "b");
        assert_eq!(first.relation, Relation::Equal);
    }

    #[test]
    fn other_killer_files() {
        let vtsukur = check_file("killer/killer_vtsukur.txt", 15, &["vtsukur/samplePuzzle"]);
        assert!(vtsukur.iter().all(|entry| entry.puzzle.size() == 9));
        check_file("killer/killer_lisudoku.txt", 2, &[]);
        let grilops = check_file("killer/killer_greater_grilops.txt", 1, &[]);
        let puzzle = &grilops[0].puzzle;
        assert_eq!(puzzle.cage_count(), 33);
        assert_eq!(puzzle.cages().filter(|cage| cage.sum.is_none()).count(), 14);
        assert_eq!(puzzle.comparisons().count(), 7);
        // `A` has neither a sum nor a comparison: a cage with the no-repeat rule only
        let cage_a = puzzle.cages().find(|cage| cage.label == "A").unwrap();
        assert_eq!(cage_a.cells.len(), 2);
        assert_eq!(cage_a.sum, None);
    }

    #[test]
    fn extensions_and_givens_round_trip() {
        let text = "\
name six with extensions
boxes 3x2
diagonals anti
aab.cc
dbb.ce
d.....
......
......
......
a 3
b 15
compare a d less
givens 1...........................5.......
";
        let entries = parse(text, None).unwrap();
        let puzzle = &entries[0].puzzle;
        assert_eq!(puzzle.geometry().box_rows(), 3);
        assert_eq!(puzzle.diagonals(), vec![Diagonal::Anti]);
        let labels: Vec<&str> = puzzle.cages().map(|cage| cage.label.as_str()).collect();
        assert_eq!(labels, ["a", "b", "c", "d", "e"]);
        assert_eq!(puzzle.givens().filled_count(), 2);
        let written = format_entries(&entries, Format::Killer).unwrap();
        assert_eq!(written, text);
    }

    #[test]
    fn many_cages_get_generated_labels() {
        let labels: Vec<char> = generated_labels().take(625).collect();
        assert_eq!(labels.len(), 625);
        let mut unique = labels.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 625);
        assert!(labels.iter().all(|&label| is_label_character(label)));
        // a 25×25 grid of one-cell cages, labelled with long names
        let geometry = Geometry::for_size(25).unwrap();
        let cages = geometry
            .cells()
            .map(|cell| {
                Constraint::Cage(Cage {
                    label: format!("cage {cell}"),
                    cells: vec![cell],
                    sum: None,
                })
            })
            .collect();
        let puzzle = Puzzle::new(geometry, Grid::empty(geometry), cages).unwrap();
        let text = format(&puzzle, Format::Killer).unwrap();
        let back = parse(&text, None).unwrap().remove(0).puzzle;
        assert_eq!(back.cage_count(), 625);
        assert_eq!(
            back.cage(CageId::new(624)).cells,
            vec![geometry.cell(24, 24).unwrap()]
        );
    }

    #[test]
    fn errors_say_where_and_why() {
        let map = "aab\n".repeat(3);
        let cases = [
            (format!("name x\n{map}"), "line 2: a 3×3 grid is not supported: sides run from 4 to 25"),
            (
                "name x\naabb\naabb\nccd\nccdd\n".to_string(),
                "line 4: cage map row has 3 cells, expected 4",
            ),
            (
                "name x\naabb\naabb\nccdd\n".to_string(),
                "line 2: the cage map has 3 rows, expected 4",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\na 3\ncompare a Z less\n".to_string(),
                "line 7: compare names cage Z, which has no cells",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\nZ 3\n".to_string(),
                "line 6: sum line names cage Z, which has no cells",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\na 10\nb 7\na 10\n".to_string(),
                "line 8: cage a has a second sum (the first is on line 6)",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\na 10\nb 3\n".to_string(),
                "line 7: cage b at r1c3: no 4 distinct digits from 1 to 4 sum to 3 (possible: 10 to 10)",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\ncompare a b bigger\n".to_string(),
                "line 6, column 13: `bigger` is not a relation (expected less, equal or greater)",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\na x1\n".to_string(),
                "line 6, column 3: `x1` is not a cage sum (expected a whole number)",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\na 99999999999999\n".to_string(),
                "line 6, column 3: `99999999999999` is not a cage sum (expected a whole number)",
            ),
            (
                "name x\naabb\nabab\nccdd\nccdd\n".to_string(),
                "line 3: cage a is not connected: r2c3 cannot be reached from r1c1 through the cage",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\ngivens 11..............\n".to_string(),
                "line 6: r1c2: 1 clashes with the 1 in r1c1, both in row 1",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\nsolution 1234341221434325\n".to_string(),
                "line 6, column 25 (r4c4): '5' stands for 5, too large for a 4×4 grid (expected 1-4, '.' or '0')",
            ),
            (
                "name x\naabb\naabb\nccdd\nccdd\nthis is not a line\n".to_string(),
                "line 6: unrecognized line `this is not a line` (expected a cage-map row, `<id> <sum>`, or a line starting with name, compare, givens, solution, diagonals or boxes)",
            ),
            ("name x\n".to_string(), "line 1: the record has no cage map"),
            (
                "name x\naabb\naabb\nccdd\nccdd\ngivens\n".to_string(),
                "line 6: `givens` is not a well-formed line (expected one word after the keyword)",
            ),
        ];
        for (text, expected) in cases {
            let error = parse(&text, Some(Format::Killer)).unwrap_err();
            assert_eq!(error.to_string(), expected, "{text}");
        }
    }

    #[test]
    fn a_name_line_starts_a_record_even_without_a_blank_line() {
        let text = data("seeds/killer_m00nlight_clpfd.txt");
        let packed: String = text
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| format!("{line}\n"))
            .collect();
        let entries = parse(&packed, Some(Format::Killer)).unwrap();
        same_entries(&parse(&text, None).unwrap(), &entries);
    }

    #[test]
    fn one_bad_record_does_not_hide_the_others() {
        let text = data("killer/killer_lisudoku.txt").replacen("b 9\n", "b 99\n", 1);
        let results = parse_any(&text, None);
        assert_eq!(results.len(), 2);
        let error = results[0].as_ref().unwrap_err();
        assert_eq!(error.line, Some(17));
        assert!(error.to_string().contains("cage b at r1c3"), "{error}");
        assert!(results[1].is_ok());
    }
}
