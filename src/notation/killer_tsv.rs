//! Killer TSV: `name<TAB>cage map (n² characters)<TAB>label=sum,…<TAB>solution`, one puzzle per line.

use std::collections::{HashMap, HashSet};

use super::alphabet::{self, column_of, grid_line, read_solution};
use super::error::{excerpt, NotationError, Reason};
use super::grid::NumberedLine;
use super::killer::{cages_of_map, is_whole_number, labels, map_rows, MapCage};
use super::{Entry, Extras, Format, Holds};
use crate::model::{Cage, Constraint, Geometry, Grid, Puzzle};

/// What a line must hold, for errors.
const FIELDS: &str = "3 or 4 (name, cage map, sums, and optionally the solution)";

/// One result per line that is neither blank nor a `#` comment.
/// A row with three fields in a file whose other rows have four is refused as cut short.
pub(super) fn parse_each(text: &str) -> Vec<Result<Entry, NotationError>> {
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let trimmed = line.trim();
            !trimmed.is_empty() && !trimmed.starts_with('#')
        })
        .collect();
    let with_solution = rows
        .iter()
        .find(|(_, line)| line.trim_end_matches(['\r', '\n']).split('\t').count() == 4)
        .map(|(index, _)| index + 1);
    rows.into_iter()
        .map(|(index, line)| {
            let number = index + 1;
            let fields = line.trim_end_matches(['\r', '\n']).split('\t').count();
            match with_solution {
                Some(first) if fields == 3 => Err(NotationError::at(
                    number,
                    Reason::Truncated {
                        what: format!("the row has no solution field while line {first} has one (write - for no solution)"),
                    },
                )),
                _ => parse_line(line, number),
            }
        })
        .collect()
}

/// Each tab-separated field with the byte offset where it starts.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut start = 0;
    line.split('\t')
        .map(|field| {
            let located = (start, field);
            start += field.len() + 1;
            located
        })
        .collect()
}

fn parse_line(line: &str, number: usize) -> Result<Entry, NotationError> {
    let fields = fields(line.trim_end_matches(['\r', '\n']));
    let [name, map, sums, rest @ ..] = fields.as_slice() else {
        return Err(field_count(number, fields.len()));
    };
    if rest.len() > 1 {
        return Err(field_count(number, fields.len()));
    }
    let map_text = map.1.trim();
    let map_column = column_of(line, map.0 + (map.1.len() - map.1.trim_start().len()));
    let cells = map_text.chars().count();
    let side = alphabet::side_for_cells(cells).ok_or_else(|| {
        NotationError::at_column(number, map_column, Reason::LineLength { cells })
    })?;
    let geometry = Geometry::for_size(side).map_err(|error| NotationError::model(number, error))?;
    let rows = map_chunks(map_text, side, number);
    let mut cages = cages_of_map(geometry, &rows);
    add_sums(line, number, *sums, &mut cages)?;
    check_sums_complete(&cages, geometry, number)?;
    let solution = match rest.first() {
        Some(&(start, field)) if !matches!(field.trim(), "" | "-") => {
            let column = column_of(line, start + (field.len() - field.trim_start().len()));
            Some(read_solution(field.trim(), geometry, number, column)?)
        }
        _ => None,
    };
    let constraints = cages
        .into_iter()
        .map(|(label, cells, sum)| {
            Constraint::Cage(Cage {
                label: label.to_string(),
                cells,
                sum,
            })
        })
        .collect();
    let puzzle = Puzzle::new(geometry, Grid::empty(geometry), constraints)
        .map_err(|error| NotationError::model(number, error))?;
    let name = name.1.trim();
    Ok(Entry {
        line: number,
        name: (!name.is_empty()).then(|| name.to_string()),
        puzzle,
        solution,
        expected_count: None,
        metadata: Default::default(),
    })
}

/// Puts the sums of the field `label=sum,…` (starting at byte `start`) on their cages.
fn add_sums(
    line: &str,
    number: usize,
    (start, field): (usize, &str),
    cages: &mut [MapCage],
) -> Result<(), NotationError> {
    let position: HashMap<char, usize> = cages
        .iter()
        .enumerate()
        .map(|(index, (label, _, _))| (*label, index))
        .collect();
    let mut seen = HashSet::new();
    let mut offset = start;
    for item in field.split(',') {
        let column = column_of(line, offset + (item.len() - item.trim_start().len()));
        offset += item.len() + 1;
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let (label, sum) = read_sum(item, number, column)?;
        let index = *position.get(&label).ok_or_else(|| {
            let context = "the sums field";
            let label = label.to_string();
            NotationError::at_column(number, column, Reason::UnknownCage { context, label })
        })?;
        if !seen.insert(label) {
            let label = label.to_string();
            let reason = Reason::DuplicateSum {
                label,
                first_line: number,
            };
            return Err(NotationError::at_column(number, column, reason));
        }
        cages[index].2 = Some(sum);
    }
    Ok(())
}

/// Refuses a sums field that gives some cages a sum and not others, or sums that cannot
/// total the grid's digits: the marks of a row cut short or damaged. (A killer TSV row gives
/// every cage its sum; puzzles with sumless cages are written in killer text or RON.)
fn check_sums_complete(
    cages: &[MapCage],
    geometry: Geometry,
    number: usize,
) -> Result<(), NotationError> {
    let missing: Vec<String> = cages
        .iter()
        .filter(|(_, _, sum)| sum.is_none())
        .map(|(label, _, _)| label.to_string())
        .collect();
    if !missing.is_empty() && missing.len() < cages.len() {
        return Err(NotationError::at(
            number,
            Reason::Truncated {
                what: format!(
                    "the sums field gives no sum to cage{} {} while the others have one (cut short?)",
                    if missing.len() == 1 { "" } else { "s" },
                    missing.join(" ")
                ),
            },
        ));
    }
    let covered: usize = cages.iter().map(|(_, cells, _)| cells.len()).sum();
    if missing.is_empty() && covered == geometry.cell_count() {
        let side = u32::from(geometry.size());
        let expected = side * side * (side + 1) / 2;
        let total: u32 = cages.iter().filter_map(|(_, _, sum)| *sum).sum();
        if total != expected {
            return Err(NotationError::at(
                number,
                Reason::Truncated {
                    what: format!(
                        "the cage sums total {total}, but a full {side}×{side} grid's digits total {expected} (a sum is wrong or cut short)"
                    ),
                },
            ));
        }
    }
    Ok(())
}

fn field_count(number: usize, found: usize) -> NotationError {
    NotationError::at(
        number,
        Reason::FieldCount {
            found,
            expected: FIELDS,
        },
    )
}

/// The map cut into rows of `side` characters, all on line `number`.
fn map_chunks(map: &str, side: usize, number: usize) -> Vec<NumberedLine<'_>> {
    let mut boundaries: Vec<usize> = map
        .char_indices()
        .map(|(offset, _)| offset)
        .step_by(side)
        .collect();
    boundaries.push(map.len());
    boundaries
        .windows(2)
        .map(|pair| (number, &map[pair[0]..pair[1]]))
        .collect()
}

/// Reads `label=sum`.
fn read_sum(item: &str, number: usize, column: usize) -> Result<(char, u32), NotationError> {
    let invalid = || {
        NotationError::at_column(
            number,
            column,
            Reason::Invalid {
                text: excerpt(item),
                what: "a cage sum",
                expected: "label=sum, such as A=11",
            },
        )
    };
    let (label, sum) = item.split_once('=').ok_or_else(invalid)?;
    let mut characters = label.trim().chars();
    let (Some(label), None) = (characters.next(), characters.next()) else {
        return Err(invalid());
    };
    let sum = sum.trim();
    if !is_whole_number(sum) {
        return Err(invalid());
    }
    let sum = sum.parse::<u32>().map_err(|_| invalid())?;
    Ok((label, sum))
}

/// Writes one TSV line; killer TSV holds cages with or without sums, and nothing else.
pub(super) fn write(puzzle: &Puzzle, extras: Extras<'_>) -> Result<String, NotationError> {
    Holds {
        diagonals: false,
        box_shapes: false,
        cages: true,
        regions: false,
        variants: false,
    }
    .check(puzzle, Format::KillerTsv)?;
    super::check_solution(puzzle, extras, Format::KillerTsv)?;
    if puzzle.comparisons().next().is_some() {
        return Err(NotationError::cannot_hold(
            Format::KillerTsv,
            "comparisons (use killer or ron)",
        ));
    }
    if puzzle.givens().filled_count() > 0 {
        return Err(NotationError::cannot_hold(
            Format::KillerTsv,
            "givens (use killer or ron)",
        ));
    }
    let sumless = puzzle.cages().filter(|cage| cage.sum.is_none()).count();
    if sumless > 0 && sumless < puzzle.cage_count() {
        return Err(NotationError::cannot_hold(
            Format::KillerTsv,
            "cages without sums beside cages with sums (use killer or ron)",
        ));
    }
    let name = extras.name.map_or("", str::trim);
    if name.contains(['\t', '\n', '\r']) {
        return Err(NotationError::cannot_hold(
            Format::KillerTsv,
            "a name with a tab or line break (use ron)",
        ));
    }
    if name.starts_with('#') {
        // the row would read back as a comment: the puzzle would be lost without a word
        return Err(NotationError::cannot_hold(
            Format::KillerTsv,
            format!("the name `{name}`, which starts with # (the row would read as a comment; use killer or ron)"),
        ));
    }
    let labels = labels(puzzle);
    let map: String = map_rows(puzzle, &labels).concat();
    let sums: Vec<String> = puzzle
        .cages()
        .zip(&labels)
        .filter_map(|(cage, label)| cage.sum.map(|sum| format!("{label}={sum}")))
        .collect();
    let mut text = format!("{name}\t{map}\t{}", sums.join(","));
    if let Some(solution) = extras.solution {
        text.push('\t');
        text.push_str(&grid_line(solution));
    }
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::tests::{data, same_entries};
    use crate::notation::{format, format_entries, parse, parse_each as parse_any};

    #[test]
    fn krazydad_thousand() {
        let text = data("killer/killer_krazydad_1000.tsv");
        assert_eq!(super::super::detect(&text), Format::KillerTsv);
        let entries = parse(&text, None).unwrap();
        assert_eq!(entries.len(), 1000);
        assert_eq!(entries[0].line, 6);
        assert_eq!(entries[0].name.as_deref(), Some("KD_Killer_IM1-B1-P1"));
        assert_eq!(entries[0].puzzle.cage_count(), 31);
        for entry in &entries {
            let solution = entry.solution.as_ref().unwrap();
            assert!(entry.puzzle.is_solution(solution), "line {}", entry.line);
            assert!(entry.puzzle.cages().all(|cage| cage.sum.is_some()));
        }
        let written = format_entries(&entries, Format::KillerTsv).unwrap();
        let original: Vec<&str> = text.lines().filter(|line| !line.starts_with('#')).collect();
        assert_eq!(written.lines().collect::<Vec<_>>(), original);
        same_entries(&entries, &parse(&written, None).unwrap());
        // and through killer text and back
        let killer = format_entries(&entries, Format::Killer).unwrap();
        same_entries(&entries, &parse(&killer, None).unwrap());
    }

    #[test]
    fn killer_text_without_comparisons_fits() {
        let entries = parse(&data("killer/killer_lisudoku.txt"), None).unwrap();
        let written = format_entries(&entries, Format::KillerTsv).unwrap();
        same_entries(&entries, &parse(&written, Some(Format::KillerTsv)).unwrap());
        let greater = parse(&data("killer/killer_greater_grilops.txt"), None).unwrap();
        let error = format(&greater[0].puzzle, Format::KillerTsv).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the killer-tsv format cannot hold comparisons (use killer or ron)"
        );
        let solution = entries[0].solution.as_ref().unwrap();
        let first = Geometry::for_size(9).unwrap().cell(0, 0).unwrap();
        let mut givens = Grid::empty(solution.geometry());
        givens.set(first, solution.get(first));
        let with_given = entries[0].puzzle.with_givens(givens).unwrap();
        let error = format(&with_given, Format::KillerTsv).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the killer-tsv format cannot hold givens (use killer or ron)"
        );
    }

    #[test]
    fn a_name_starting_with_a_hash_is_refused_not_written_as_a_comment() {
        let mut entries = parse(&data("killer/killer_lisudoku.txt"), None).unwrap();
        entries.truncate(2);
        entries[1].name = Some("#2".to_string());
        let error = format_entries(&entries, Format::KillerTsv).unwrap_err();
        assert!(
            error.to_string().contains("`#2`, which starts with #"),
            "{error}"
        );
        // any other name is written and read back, one puzzle a row
        entries[1].name = Some("two #2".to_string());
        let written = format_entries(&entries, Format::KillerTsv).unwrap();
        same_entries(&entries, &parse(&written, None).unwrap());
    }

    #[test]
    fn errors() {
        let map = "A".repeat(9) + &"B".repeat(72);
        let cases = [
            ("x\ty".to_string(), "line 1: 2 tab-separated fields, expected 3 or 4 (name, cage map, sums, and optionally the solution)"),
            (format!("x\t{}\t", &map[1..]), "line 1, column 3: 80 cells, a puzzle line needs n² cells (16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)"),
            (format!("x\t{map}\tA=45,C=3"), "line 1, column 90: the sums field names cage C, which has no cells"),
            (format!("x\t{map}\tA=45, B:3"), "line 1, column 91: `B:3` is not a cage sum (expected label=sum, such as A=11)"),
            (format!("x\t{map}\t"), "line 1: cage B has 72 cells, more than the 9 distinct digits"),
        ];
        for (text, expected) in cases {
            let error = parse(&text, Some(Format::KillerTsv)).unwrap_err();
            assert_eq!(error.to_string(), expected, "{text}");
        }
        let results = parse_any(
            "# two lines\nx\ty\n\nname\t....\t\n",
            Some(Format::KillerTsv),
        );
        assert_eq!(results.len(), 2);
        assert_eq!(results[0].as_ref().unwrap_err().line, Some(2));
        assert_eq!(results[1].as_ref().unwrap_err().line, Some(4));
    }
}
