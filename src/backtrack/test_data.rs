//! A tiny test-only reader for the files in `tests/data/` (the real parsers live elsewhere):
//! puzzle lines of any size, CSV grids, the killer text format and the krazydad TSV.

use std::collections::BTreeMap;

use crate::model::{
    Cage, CageId, Comparison, Constraint, Diagonal, Geometry, Grid, Puzzle, Relation,
};

/// The text of a file under `tests/data/`.
pub fn read(path: &str) -> String {
    let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|error| panic!("{full}: {error}"))
}

/// The lines of a data file that are neither blank nor comments.
pub fn data_lines(path: &str) -> Vec<String> {
    read(path)
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Values of a puzzle line: `.` or `0` empty, `1-9`, then `A`=10 … `P`=25.
pub fn values(line: &str) -> Vec<u8> {
    line.chars()
        .map(|symbol| match symbol {
            '.' | '0' => 0,
            '1'..='9' => symbol as u8 - b'0',
            'A'..='P' => symbol as u8 - b'A' + 10,
            other => panic!("unexpected symbol {other:?}"),
        })
        .collect()
}

/// The geometry of a line of n² cells.
pub fn geometry_of(cell_count: usize) -> Geometry {
    let size = (1..=25)
        .find(|size| size * size == cell_count)
        .expect("n² cells");
    Geometry::for_size(size).unwrap()
}

/// A grid from a line of any size.
pub fn grid(line: &str) -> Grid {
    let values = values(line);
    Grid::from_values(geometry_of(values.len()), &values).unwrap()
}

/// A classic puzzle (rows, columns, boxes) from a line of any size.
pub fn classic(line: &str) -> Puzzle {
    Puzzle::classic(grid(line)).unwrap()
}

/// A grid from CSV rows (`0` empty).
pub fn csv_grid(text: &str) -> Grid {
    let values: Vec<u8> = text
        .split([',', '\n'])
        .filter(|field| !field.trim().is_empty())
        .map(|field| field.trim().parse().unwrap())
        .collect();
    Grid::from_values(geometry_of(values.len()), &values).unwrap()
}

/// An X puzzle line of `sizes/xsudoku.txt`: the puzzle with its diagonal rule, and the
/// published solution if any.
pub fn x_puzzle(line: &str) -> (Puzzle, Option<Grid>) {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let givens = grid(fields[0]);
    let geometry = givens.geometry();
    let diagonals: &[Diagonal] = match fields[3] {
        "diag=both" => &[Diagonal::Main, Diagonal::Anti],
        "diag=primary-only" => &[Diagonal::Main],
        "diag=secondary-only" => &[Diagonal::Anti],
        other => panic!("unknown rule {other}"),
    };
    let constraints = diagonals
        .iter()
        .map(|&diagonal| Constraint::diagonal(geometry, diagonal))
        .collect();
    let puzzle = Puzzle::new(geometry, givens, constraints).unwrap();
    let solution = (fields[1] != "-").then(|| grid(fields[1]));
    (puzzle, solution)
}

/// A killer puzzle from a cage map (one label per cell, `.` for none), sums by label and
/// comparisons by label.
pub fn killer(
    map: &str,
    sums: &BTreeMap<String, u32>,
    comparisons: &[(String, String, Relation)],
    givens: Grid,
) -> Puzzle {
    let geometry = givens.geometry();
    let mut cells: BTreeMap<String, Vec<_>> = BTreeMap::new();
    for (index, label) in map.chars().enumerate() {
        if label != '.' {
            let cell = geometry.cell_at(index).unwrap();
            cells.entry(label.to_string()).or_default().push(cell);
        }
    }
    let labels: Vec<String> = cells.keys().cloned().collect();
    let mut constraints: Vec<Constraint> = cells
        .into_iter()
        .map(|(label, cells)| {
            let sum = sums.get(&label).copied();
            Constraint::Cage(Cage { label, cells, sum })
        })
        .collect();
    let id = |label: &String| CageId::new(labels.iter().position(|other| other == label).unwrap());
    for (first, second, relation) in comparisons {
        constraints.push(Constraint::Compare(Comparison {
            first: id(first),
            second: id(second),
            relation: *relation,
        }));
    }
    Puzzle::new(geometry, givens, constraints).unwrap()
}

/// A puzzle of the killer text format, with its name and published solution.
pub struct KillerRecord {
    /// The `name` line.
    pub name: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The `solution` line, if any.
    pub solution: Option<Grid>,
}

/// Every record of a killer text file.
pub fn killer_records(path: &str) -> Vec<KillerRecord> {
    let mut records = Vec::new();
    let mut lines = data_lines(path).into_iter().peekable();
    while let Some(line) = lines.next() {
        let name = line
            .strip_prefix("name ")
            .expect("record starts with name")
            .to_string();
        let map: String = (0..9).map(|_| lines.next().unwrap()).collect();
        let (mut sums, mut comparisons) = (BTreeMap::new(), Vec::new());
        let (mut givens, mut solution) = (None, None);
        while let Some(next) = lines.next_if(|line| !line.starts_with("name ")) {
            let fields: Vec<&str> = next.split_whitespace().collect();
            match fields[..] {
                ["compare", first, second, relation] => comparisons.push((
                    first.to_string(),
                    second.to_string(),
                    match relation {
                        "less" => Relation::Less,
                        "equal" => Relation::Equal,
                        _ => Relation::Greater,
                    },
                )),
                ["givens", line] => givens = Some(grid(line)),
                ["solution", line] => solution = Some(grid(line)),
                [label, sum] => {
                    sums.insert(label.to_string(), sum.parse().unwrap());
                }
                _ => panic!("unexpected line {next:?}"),
            }
        }
        let givens = givens.unwrap_or_else(|| Grid::empty(geometry_of(81)));
        records.push(KillerRecord {
            name,
            puzzle: killer(&map, &sums, &comparisons, givens),
            solution,
        });
    }
    records
}

/// A krazydad TSV line: the killer and its solution.
pub fn krazydad(line: &str) -> (Puzzle, Grid) {
    let fields: Vec<&str> = line.split('\t').collect();
    let sums = fields[2]
        .split(',')
        .map(|pair| {
            let (label, sum) = pair.split_once('=').unwrap();
            (label.to_string(), sum.parse().unwrap())
        })
        .collect();
    let puzzle = killer(fields[1], &sums, &[], Grid::empty(geometry_of(81)));
    (puzzle, grid(fields[3]))
}
