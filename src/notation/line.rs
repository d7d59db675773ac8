//! The line format: `puzzle [solution|-] [diag=…] [boxes=…] [regions=…] [name]`, or tdoku's
//! `puzzle:count[:solution]`. `regions=` carries a jigsaw's map: n² characters, each cell's
//! region numbered like a digit (`1`-`9`, then `A`=10 …).

use super::alphabet::{self, column_of, grid_line, read_grid, read_solution};
use super::error::{excerpt, NotationError, Reason};
use super::{
    diagonal_constraints, diagonals_word, geometry_for, parse_box_shape, parse_diagonals, tokens,
    unusual_box_shape, Entry, Extras, Format, Holds, Token, DIAGONAL_WORDS,
};
use crate::model::variant::Regions;
use crate::model::{Constraint, Diagonal, Digit, Geometry, Grid, Puzzle, MAX_SIZE};

/// Stands for "no solution" where a name follows.
const NO_SOLUTION: &str = "-";
/// The extension token for X rules.
const DIAGONALS_PREFIX: &str = "diag=";
/// The extension token for an unusual box shape.
const BOXES_PREFIX: &str = "boxes=";
/// The extension token for irregular regions (a jigsaw's map).
const REGIONS_PREFIX: &str = "regions=";

/// Reads one puzzle line; `number` is its 1-based line number.
pub(super) fn parse_line(line: &str, number: usize) -> Result<Entry, NotationError> {
    let tokens = tokens(line);
    let Some((&first, rest)) = tokens.split_first() else {
        return Err(NotationError::at(number, Reason::NoPuzzle));
    };
    let first_column = column_of(line, first.start);
    let mut pieces = first.text.split(':');
    let puzzle_text = pieces.next().unwrap_or("");
    let count_text = pieces.next();
    let colon_solution = pieces.next();
    if pieces.next().is_some() {
        return Err(NotationError::at_column(
            number,
            first_column,
            Reason::Invalid {
                text: excerpt(first.text),
                what: "a puzzle token",
                expected: "puzzle, puzzle:count or puzzle:count:solution",
            },
        ));
    }
    let extensions = Extensions::read(line, number, rest)?;
    let cells = puzzle_text.chars().count();
    let side = alphabet::side_for_cells(cells)
        .ok_or_else(|| NotationError::at(number, Reason::LineLength { cells }))?;
    let geometry = match (&extensions.regions, extensions.box_shape) {
        (Some(_), Some(_)) => {
            let reason = Reason::Invalid {
                text: "boxes=".to_string(),
                what: "a box shape beside regions=",
                expected: "either boxes= or regions= (a jigsaw has no boxes)",
            };
            return Err(NotationError::at(number, reason));
        }
        (Some(_), None) => {
            Geometry::irregular(side).map_err(|error| NotationError::model(number, error))?
        }
        (None, box_shape) => {
            geometry_for(side, box_shape).map_err(|reason| NotationError::at(number, reason))?
        }
    };
    let givens = read_grid(puzzle_text, geometry, "the puzzle", number, first_column)?;

    let (expected_count, solution, name_tokens) = match count_text {
        Some(count) => {
            let column = first_column + cells + 1;
            let (count, solution) = colon_parts(count, colon_solution, geometry, number, column)?;
            (Some(count), solution, &extensions.others[..])
        }
        None => {
            let (solution, name_tokens) = second_token(line, number, &extensions.others, geometry)?;
            (None, solution, name_tokens)
        }
    };
    let mut constraints = diagonal_constraints(geometry, &extensions.diagonals);
    if let Some((map, column)) = &extensions.regions {
        let numbers = read_grid(map, geometry, "the region map", number, *column)?;
        if let Some((offset, cell)) = geometry
            .cells()
            .enumerate()
            .find(|&(_, cell)| numbers.get(cell).is_none())
        {
            let reason = Reason::Invalid {
                text: excerpt(&map.chars().nth(offset).unwrap_or('.').to_string()),
                what: "a region number",
                expected: "a region for every cell: 1-9, then A=10 …",
            };
            return Err(NotationError::at_column(number, column + offset, reason).in_cell(cell));
        }
        let of_cell = numbers
            .digits()
            .map(|digit| digit.map_or(0, |digit| digit.get() - 1))
            .collect();
        let regions =
            Regions::new(geometry, of_cell).map_err(|error| NotationError::model(number, error))?;
        constraints.push(Constraint::Regions(regions));
    }
    let puzzle = Puzzle::new(geometry, givens, constraints)
        .map_err(|error| NotationError::model(number, error))?;
    Ok(Entry {
        line: number,
        name: name(line, name_tokens),
        puzzle,
        solution,
        expected_count,
        metadata: Default::default(),
    })
}

/// The count and solution of tdoku's `puzzle:count[:solution]`; the count starts at `column`.
fn colon_parts(
    count: &str,
    solution: Option<&str>,
    geometry: Geometry,
    number: usize,
    column: usize,
) -> Result<(String, Option<Grid>), NotationError> {
    if count.is_empty() {
        return Err(NotationError::at_column(
            number,
            column,
            Reason::Invalid {
                text: String::new(),
                what: "a solution count",
                expected: "text after ':', such as 1",
            },
        ));
    }
    let solution_column = column + count.chars().count() + 1;
    let solution = solution
        .map(|text| read_solution(text, geometry, number, solution_column))
        .transpose()?;
    Ok((count.to_string(), solution))
}

/// The solution in the token after the puzzle (`-` for none), and the tokens left for the name.
fn second_token<'tokens, 'text>(
    line: &str,
    number: usize,
    tokens: &'tokens [Token<'text>],
    geometry: Geometry,
) -> Result<(Option<Grid>, &'tokens [Token<'text>]), NotationError> {
    match tokens.split_first() {
        Some((second, others)) if second.text == NO_SOLUTION => Ok((None, others)),
        Some((second, others)) if is_solution_like(second.text, geometry) => {
            let column = column_of(line, second.start);
            let solution = read_solution(second.text, geometry, number, column)?;
            Ok((Some(solution), others))
        }
        Some((second, _)) if is_almost_solution(second.text, geometry) => {
            let column = column_of(line, second.start);
            let found = second.text.chars().count();
            if found == geometry.cell_count() {
                // the right length with a stray character: say which and where
                read_solution(second.text, geometry, number, column)?;
            }
            Err(NotationError::at_column(
                number,
                column,
                Reason::CellCount {
                    what: "the solution after the puzzle",
                    found,
                    expected: geometry.cell_count(),
                },
            ))
        }
        _ => Ok((None, tokens)),
    }
}

/// Whether a token is meant as a solution: n² characters, all of the alphabet.
fn is_solution_like(text: &str, geometry: Geometry) -> bool {
    text.chars().count() == geometry.cell_count() && alphabet::fits(text, usize::from(MAX_SIZE))
}

/// Whether a token is a solution damaged on its way (a cell lost or added, a stray
/// character): within two characters of n² long and nearly all of it digits or empty marks.
/// Read as a name, it would hide the damage.
fn is_almost_solution(text: &str, geometry: Geometry) -> bool {
    let cells = geometry.cell_count();
    let length = text.chars().count();
    let fitting = text
        .chars()
        .filter(|&character| alphabet::fits(&character.to_string(), usize::from(geometry.size())))
        .count();
    cells >= 16 && length.abs_diff(cells) <= 2 && fitting * 10 >= length * 9
}

/// The extension tokens of a line and the tokens that are not extensions.
struct Extensions<'text> {
    diagonals: Vec<Diagonal>,
    box_shape: Option<(u8, u8)>,
    /// The region map's text and its first column.
    regions: Option<(&'text str, usize)>,
    others: Vec<Token<'text>>,
}

impl<'text> Extensions<'text> {
    fn read(
        line: &str,
        number: usize,
        tokens: &[Token<'text>],
    ) -> Result<Extensions<'text>, NotationError> {
        let mut diagonals = None;
        let mut box_shape = None;
        let mut regions = None;
        let mut others = Vec::new();
        for &token in tokens {
            let column = column_of(line, token.start);
            if let Some(word) = token.text.strip_prefix(DIAGONALS_PREFIX) {
                let read = parse_diagonals(word).ok_or_else(|| {
                    NotationError::at_column(
                        number,
                        column,
                        Reason::Invalid {
                            text: excerpt(word),
                            what: "a diagonal rule",
                            expected: DIAGONAL_WORDS,
                        },
                    )
                })?;
                if diagonals.replace(read).is_some() {
                    let reason = Reason::Repeated {
                        what: "the diag= token",
                    };
                    return Err(NotationError::at_column(number, column, reason));
                }
            } else if let Some(shape) = token.text.strip_prefix(BOXES_PREFIX) {
                let read = parse_box_shape(shape).ok_or_else(|| {
                    NotationError::at_column(
                        number,
                        column,
                        Reason::Invalid {
                            text: excerpt(shape),
                            what: "a box shape",
                            expected: "<rows>x<columns>, such as 2x3",
                        },
                    )
                })?;
                if box_shape.replace(read).is_some() {
                    let reason = Reason::Repeated {
                        what: "the boxes= token",
                    };
                    return Err(NotationError::at_column(number, column, reason));
                }
            } else if let Some(map) = token.text.strip_prefix(REGIONS_PREFIX) {
                let map_column = column + REGIONS_PREFIX.len();
                if regions.replace((map, map_column)).is_some() {
                    let reason = Reason::Repeated {
                        what: "the regions= token",
                    };
                    return Err(NotationError::at_column(number, column, reason));
                }
            } else {
                others.push(token);
            }
        }
        Ok(Extensions {
            diagonals: diagonals.unwrap_or_default(),
            box_shape,
            regions,
            others,
        })
    }
}

/// The name: the tokens as written, runs of neighbouring tokens kept verbatim and joined by a
/// space where an extension token was taken out between them.
fn name(line: &str, tokens: &[Token<'_>]) -> Option<String> {
    let mut runs: Vec<&str> = Vec::new();
    let mut index = 0;
    while index < tokens.len() {
        let first = tokens[index];
        let mut last = first;
        while index + 1 < tokens.len() && tokens[index + 1].position == last.position + 1 {
            index += 1;
            last = tokens[index];
        }
        runs.push(&line[first.start..last.start + last.text.len()]);
        index += 1;
    }
    (!runs.is_empty()).then(|| runs.join(" "))
}

/// Writes a puzzle line with whatever of `extras` it carries, ending with a newline.
pub(super) fn write(puzzle: &Puzzle, extras: Extras<'_>) -> Result<String, NotationError> {
    Holds {
        diagonals: true,
        box_shapes: true,
        cages: false,
        regions: true,
        variants: false,
    }
    .check(puzzle, Format::Line)?;
    super::check_solution(puzzle, extras, Format::Line)?;
    let mut text = grid_line(puzzle.givens());
    let name = extras.name.map(str::trim).filter(|name| !name.is_empty());
    if let Some(name) = name {
        check_name(name)?;
    }
    if let Some(count) = extras.expected_count {
        if count.is_empty() || count.contains(':') || count.contains(char::is_whitespace) {
            let what = format!(
                "the solution count {:?} (it must be one word without ':')",
                excerpt(count)
            );
            return Err(NotationError::cannot_hold(Format::Line, what));
        }
        text.push(':');
        text.push_str(count);
        if let Some(solution) = extras.solution {
            text.push(':');
            text.push_str(&grid_line(solution));
        }
    } else if let Some(solution) = extras.solution {
        text.push(' ');
        text.push_str(&grid_line(solution));
    } else if let Some(name) = name {
        let first = name.split_whitespace().next().unwrap_or("");
        if first == NO_SOLUTION || is_solution_like(first, puzzle.geometry()) {
            text.push(' ');
            text.push_str(NO_SOLUTION);
        }
    }
    let diagonals = puzzle.diagonals();
    if !diagonals.is_empty() {
        text.push(' ');
        text.push_str(DIAGONALS_PREFIX);
        text.push_str(diagonals_word(&diagonals));
    }
    if let Some(shape) = unusual_box_shape(puzzle) {
        text.push(' ');
        text.push_str(BOXES_PREFIX);
        text.push_str(&shape);
    }
    if let Some(regions) = puzzle.regions() {
        text.push(' ');
        text.push_str(REGIONS_PREFIX);
        text.extend(
            regions
                .of_cell()
                .iter()
                .map(|&region| Digit::new(region + 1).map_or('?', alphabet::character)),
        );
    }
    if let Some(name) = name {
        text.push(' ');
        text.push_str(name);
    }
    text.push('\n');
    Ok(text)
}

/// A name must stay on its line and not contain words the parser would take as extensions.
fn check_name(name: &str) -> Result<(), NotationError> {
    if name.contains(['\n', '\r']) {
        return Err(NotationError::cannot_hold(
            Format::Line,
            "a name with a line break (use ron)",
        ));
    }
    let extension = name
        .split_whitespace()
        .find(|word| word.starts_with(DIAGONALS_PREFIX) || word.starts_with(BOXES_PREFIX));
    match extension {
        Some(word) => Err(NotationError::cannot_hold(
            Format::Line,
            format!("a name containing the word {:?} (use ron)", excerpt(word)),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::tests::{data, same_entries};
    use crate::notation::{format_entries, parse};

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn seeds_with_solution_and_name() {
        let entries = parse(&data("seeds/classic.txt"), Some(Format::Line)).unwrap();
        assert_eq!(entries.len(), 2);
        let first = &entries[0];
        assert_eq!(first.line, 2);
        assert_eq!(first.name.as_deref(), Some("telegraph-hardest-inkala-2012"));
        assert_eq!(grid_line(first.puzzle.givens()), INKALA);
        assert_eq!(first.puzzle.givens().filled_count(), 21);
        let solution = first.solution.as_ref().unwrap();
        assert!(first.puzzle.is_solution(solution));
        assert_eq!(entries[1].name.as_deref(), Some("swi-prolog-clpfd-manual"));
    }

    /// Parses a data file, checks its count, how many carry a solution and that each solution
    /// solves its puzzle, and round-trips the file.
    fn check_file(path: &str, count: usize, solutions: usize) -> Vec<Entry> {
        let text = data(path);
        let entries = parse(&text, None).unwrap_or_else(|error| panic!("{path}: {error}"));
        assert_eq!(entries.len(), count, "{path}");
        let solved = entries
            .iter()
            .filter(|entry| entry.solution.is_some())
            .count();
        assert_eq!(solved, solutions, "{path}");
        for entry in &entries {
            if let Some(solution) = &entry.solution {
                assert!(entry.puzzle.is_solution(solution), "{path}:{}", entry.line);
            }
        }
        let written = format_entries(&entries, Format::Line).unwrap();
        same_entries(&entries, &parse(&written, Some(Format::Line)).unwrap());
        entries
    }

    #[test]
    fn classic_files() {
        check_file("classic/top1465.txt", 1465, 0);
        check_file("classic/top1465_solutions.txt", 1465, 1465);
        check_file("classic/forum_hardest_1106.txt", 375, 0);
        check_file("classic/forum_hardest_1106_solutions.txt", 375, 375);
        let royle = check_file("classic/royle_17clue_49158.txt", 49158, 0);
        assert!(royle
            .iter()
            .all(|entry| entry.puzzle.givens().filled_count() == 17));
    }

    #[test]
    fn files_with_names_after_the_puzzle() {
        let serg = check_file(
            "classic/serg_benchmark_first300_solution_counts.txt",
            300,
            0,
        );
        assert_eq!(serg[0].name.as_deref(), Some("872"));
        let rated = check_file("classic/se_rated_calibration.txt", 2524, 0);
        assert_eq!(rated[0].line, 5);
        assert_eq!(
            rated[0].name.as_deref(),
            Some("2.5 000ad59f2fc5 miguellobato84:2.5.txt")
        );
        let hodoku = check_file("classic/hodoku_rated_calibration.tsv", 2524, 0);
        assert!(hodoku[0]
            .name
            .as_deref()
            .unwrap()
            .starts_with("Medium\t322\tHidden Single x6;"));
    }

    #[test]
    fn tdoku_counts() {
        let entries = check_file("classic/tdoku_test_puzzles_with_counts.txt", 43, 18)
            .into_iter()
            .collect::<Vec<_>>();
        // the colon form: unique puzzles carry their solution, the others only a count
        let counts: Vec<&str> = entries
            .iter()
            .map(|entry| entry.expected_count.as_deref().unwrap())
            .collect();
        assert_eq!(counts.iter().filter(|&&count| count == "1").count(), 18);
        assert_eq!(counts.iter().filter(|&&count| count == "0").count(), 10);
        assert_eq!(counts.last(), Some(&"847"));
    }

    #[test]
    fn sizes_files() {
        check_file("sizes/gecode_9x9.txt", 18, 0);
        check_file("sizes/gecode_9x9_solutions.txt", 18, 18);
        let sixteen = check_file("sizes/gecode_16x16_solutions.txt", 55, 55);
        assert!(sixteen.iter().all(|entry| entry.puzzle.size() == 16));
        check_file("sizes/gecode_16x16.txt", 55, 0);
        let twenty_five = check_file("sizes/gecode_25x25_solutions.txt", 18, 18);
        assert!(twenty_five.iter().all(|entry| entry.puzzle.size() == 25));
        check_file("sizes/gecode_25x25.txt", 18, 0);
        check_file("sizes/vu_kr_16x16_100.txt", 100, 0);
        check_file("sizes/vu_kr_16x16_100_solutions.txt", 100, 100);
        let four = check_file("sizes/vu_kr_4x4_solutions.txt", 100, 100);
        assert!(four.iter().all(|entry| entry.puzzle.size() == 4));
        check_file("sizes/vu_kr_4x4.txt", 100, 0);
    }

    #[test]
    fn sudoku_exchange_solutions() {
        // `bucket puzzle solution rating hash`: the puzzle is the second column
        let text = data("classic/sudoku_exchange_with_solutions.txt");
        let mut count = 0;
        for (index, line) in text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.starts_with('#'))
        {
            let (_, rest) = line.split_once(' ').unwrap();
            let entry = parse_line(rest, index + 1).unwrap();
            let solution = entry.solution.as_ref().unwrap();
            assert!(entry.puzzle.is_solution(solution), "line {}", index + 1);
            count += 1;
        }
        assert_eq!(count, 3000);
    }

    #[test]
    fn sudopedia_cases() {
        // `case<TAB>puzzle<TAB>expected<TAB>condition<TAB>solutions`: the puzzle is one line
        let text = data("classic/sudopedia_test_cases.tsv");
        let mut conflicts = 0;
        let mut solutions = 0;
        for (index, line) in text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.starts_with('#'))
        {
            let fields: Vec<&str> = line.split('\t').collect();
            let result = parse_line(fields[1], index + 1);
            if fields[2] == "conflict" {
                let error = result.unwrap_err();
                assert!(matches!(error.reason, Reason::Model(_)), "{error}");
                let group = fields[0].rsplit(' ').next().unwrap().to_lowercase();
                assert!(
                    error.to_string().contains(&format!("both in {group}")),
                    "{error}"
                );
                conflicts += 1;
                continue;
            }
            let puzzle = result.unwrap().puzzle;
            for listed in fields
                .get(4)
                .unwrap_or(&"")
                .split(',')
                .filter(|listed| listed.len() == 81)
            {
                let solution = parse_line(listed, index + 1).unwrap().puzzle;
                assert!(puzzle.is_solution(solution.givens()), "{}", fields[0]);
                solutions += 1;
            }
        }
        assert_eq!(conflicts, 3);
        assert_eq!(solutions, 33);
    }

    #[test]
    fn x_sudoku_with_diagonal_words() {
        let entries = parse(&data("sizes/xsudoku.txt"), None).unwrap();
        assert_eq!(entries.len(), 6);
        let rules: Vec<Vec<Diagonal>> = entries
            .iter()
            .map(|entry| entry.puzzle.diagonals())
            .collect();
        assert_eq!(rules[0], vec![Diagonal::Main, Diagonal::Anti]);
        assert_eq!(rules[4], vec![Diagonal::Main]);
        assert_eq!(rules[5], vec![Diagonal::Anti]);
        // the file marks the fourth puzzle's solution as `-`
        assert!(entries[3].solution.is_none());
        for entry in &entries {
            if let Some(solution) = &entry.solution {
                assert!(entry.puzzle.is_solution(solution), "line {}", entry.line);
            }
        }
        assert_eq!(
            entries[0].name.as_deref(),
            Some("Michael-J-Ward/aind-sudoku:solution_test.py:TestDiagonalSudoku Udacity AIND diagonal sudoku project test")
        );
        let written = format_entries(&entries, Format::Line).unwrap();
        same_entries(&entries, &parse(&written, Some(Format::Line)).unwrap());
    }

    #[test]
    fn placeholder_keeps_a_grid_like_name_a_name() {
        let puzzle = parse(INKALA, None).unwrap().remove(0).puzzle;
        let mut entry = Entry::new(puzzle);
        entry.name = Some(format!("{} is its own name", ".".repeat(81)));
        let written = super::super::format_entry(&entry, Format::Line).unwrap();
        assert!(written.starts_with(&format!("{INKALA} - ")), "{written}");
        same_entries(&[entry], &parse(&written, None).unwrap());
    }

    #[test]
    fn unusual_boxes_and_diagonals_round_trip() {
        let text = "1.....2.....3.....4.....5.....6..... boxes=3x2 diag=main six";
        let entry = parse(text, None).unwrap().remove(0);
        assert_eq!(entry.puzzle.geometry().box_rows(), 3);
        assert_eq!(entry.puzzle.diagonals(), vec![Diagonal::Main]);
        assert_eq!(entry.name.as_deref(), Some("six"));
        let written = super::super::format_entry(&entry, Format::Line).unwrap();
        assert_eq!(
            written,
            "1.....2.....3.....4.....5.....6..... diag=main boxes=3x2 six\n"
        );
    }

    #[test]
    fn errors_say_where_and_why() {
        let short = ".".repeat(80);
        let error = parse(&format!("# comment\n{short}"), Some(Format::Line)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: 80 cells, a puzzle line needs n² cells (16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, 576 or 625)"
        );
        assert_eq!(error.line, Some(2));
        let mut bad = INKALA.to_string();
        bad.replace_range(11..12, "x");
        let error = parse(&format!("\n\n  {bad}"), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 14 (r2c3): unknown character 'x' (expected 1-9, '.' or '0')"
        );
        assert_eq!((error.line, error.column), (Some(3), Some(14)));
        let mut clash = ".".repeat(81);
        clash.replace_range(18..19, "5");
        clash.replace_range(24..25, "5");
        let text = format!("{INKALA}\n\n# note\n\n{clash}\n");
        let results = super::super::parse_each(&text, None);
        assert!(results[0].is_ok());
        assert_eq!(
            results[1].as_ref().unwrap_err().to_string(),
            "line 5: r3c7: 5 clashes with the 5 in r3c1, both in row 3"
        );
        let error = parse(&format!("{INKALA} diag=sideways"), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 83: `sideways` is not a diagonal rule (expected both, main or anti)"
        );
        let unfinished = format!("{INKALA} {}", &INKALA.replace('8', "9"));
        let error = parse(&unfinished, None).unwrap_err();
        assert_eq!(error.to_string(), "line 1: the solution leaves r1c2 empty");
        let error = parse(&format!("{INKALA}:"), None).unwrap_err();
        assert_eq!(error.column, Some(83));
    }

    #[test]
    fn cages_do_not_fit_on_a_line() {
        let killer = data("killer/killer_lisudoku.txt");
        let puzzle = parse(&killer, None).unwrap().remove(0).puzzle;
        let error = super::super::format(&puzzle, Format::Line).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the line format cannot hold cages (use killer or ron)"
        );
    }
}
