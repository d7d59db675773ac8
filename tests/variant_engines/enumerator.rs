//! A plain enumerator of f-puzzles documents for the conformance corpus (issue 38): it reads
//! the JSON itself with serde_json and checks each rule as `docs/rules.md` words it, with no
//! propagation: cells are filled in reading order, each rule judged once all its cells hold
//! digits. It shares nothing with sudokit's engines, so their agreement with it means
//! something. Small grids (4×4, 6×6) and 9×9 grids with many givens only.

use serde_json::Value;

/// A rule's judgement of its cells' digits.
type Judgement = Box<dyn Fn(&[u32]) -> bool>;

/// A rule as the enumerator checks it: its cells, and a judgement of their digits (in the
/// order of `cells`) once all are filled.
struct Rule {
    cells: Vec<usize>,
    holds: Judgement,
}

/// What one enumeration may do: the rules judged at each cell, how many solutions to find,
/// how many digits to try.
struct Search<'a> {
    judged_at: &'a [Vec<&'a Rule>],
    limit: usize,
    most: u64,
}

/// A document read for enumeration: side, givens, the houses whose digits differ, the rules.
pub struct Document {
    size: usize,
    givens: Vec<u32>,
    rules: Vec<Rule>,
}

/// `R3C7` → (2, 6) zero-based; the frame around the grid gives -1 or n.
fn position(name: &str) -> (i64, i64) {
    let upper = name.trim().to_ascii_uppercase();
    let (row, column) = upper[1..].split_once('C').expect("a cell name RxCy");
    (
        row.parse::<i64>().unwrap() - 1,
        column.parse::<i64>().unwrap() - 1,
    )
}

fn number(value: Option<&Value>) -> Option<u32> {
    match value? {
        Value::Number(number) => number.as_u64().map(|value| value as u32),
        Value::String(text) if !text.trim().is_empty() => text.trim().parse().ok(),
        _ => None,
    }
}

fn list<'a>(document: &'a Value, key: &str) -> &'a [Value] {
    document
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn switch(document: &Value, key: &str) -> bool {
    document.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// The box shape f-puzzles gives a side: rows × columns of a box.
fn box_shape(size: usize) -> (usize, usize) {
    match size {
        4 => (2, 2),
        6 => (2, 3),
        8 => (2, 4),
        9 => (3, 3),
        other => panic!("no box shape for {other}"),
    }
}

fn distinct(values: &[u32]) -> bool {
    values
        .iter()
        .enumerate()
        .all(|(index, value)| !values[..index].contains(value))
}

impl Document {
    /// Reads an f-puzzles document.
    pub fn read(json: &str) -> Document {
        let document: Value = serde_json::from_str(json).expect("a JSON document");
        let size = document["size"].as_u64().expect("a size") as usize;
        let index = |name: &str| {
            let (row, column) = position(name);
            assert!(
                (0..size as i64).contains(&row) && (0..size as i64).contains(&column),
                "{name} outside the grid"
            );
            row as usize * size + column as usize
        };
        let cells_of = |entry: &Value, key: &str| -> Vec<usize> {
            entry
                .get(key)
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .filter_map(Value::as_str)
                .map(&index)
                .collect()
        };
        let mut givens = vec![0; size * size];
        let mut pencil_marks: Vec<(usize, Vec<u32>)> = Vec::new();
        let (box_rows, box_columns) = box_shape(size);
        let mut region: Vec<usize> = (0..size * size)
            .map(|cell| {
                let (row, column) = (cell / size, cell % size);
                row / box_rows * (size / box_columns) + column / box_columns
            })
            .collect();
        for (row, cells) in document["grid"].as_array().unwrap().iter().enumerate() {
            for (column, cell) in cells.as_array().unwrap().iter().enumerate() {
                // a value without `given` is a digit a solver typed, not a clue
                let given = cell.get("given").and_then(Value::as_bool) == Some(true);
                if let Some(value) = number(cell.get("value")).filter(|_| given) {
                    givens[row * size + column] = value;
                }
                // given pencil marks: the cell holds one of them (left aside under a given)
                let marks: Vec<u32> = cell
                    .get("givenPencilMarks")
                    .and_then(Value::as_array)
                    .map_or(&[][..], Vec::as_slice)
                    .iter()
                    .filter_map(|mark| number(Some(mark)))
                    .collect();
                if !marks.is_empty() && givens[row * size + column] == 0 {
                    pencil_marks.push((row * size + column, marks));
                }
                if let Some(number) = cell.get("region").and_then(Value::as_u64) {
                    region[row * size + column] = number as usize;
                }
            }
        }
        let mut rules = Vec::new();
        // pairwise, so each pair is judged as soon as both its cells are filled
        let all_different = |cells: Vec<usize>, rules: &mut Vec<Rule>| {
            for (index, &first) in cells.iter().enumerate() {
                for &second in &cells[index + 1..] {
                    rules.push(Rule {
                        cells: vec![first, second],
                        holds: Box::new(|v| v[0] != v[1]),
                    });
                }
            }
        };
        for line in 0..size {
            all_different((0..size).map(|c| line * size + c).collect(), &mut rules);
            all_different((0..size).map(|r| r * size + line).collect(), &mut rules);
            all_different(
                (0..size * size).filter(|&c| region[c] == line).collect(),
                &mut rules,
            );
        }
        if switch(&document, "diagonal-") {
            all_different((0..size).map(|i| i * size + i).collect(), &mut rules);
        }
        if switch(&document, "diagonal+") {
            all_different(
                (0..size).map(|i| (size - 1 - i) * size + i).collect(),
                &mut rules,
            );
        }
        if switch(&document, "disjointgroups") {
            for place in 0..size {
                let (inner_row, inner_column) = (place / box_columns, place % box_columns);
                let cells = (0..size)
                    .map(|boxed| {
                        let top = boxed / (size / box_columns) * box_rows;
                        let left = boxed % (size / box_columns) * box_columns;
                        (top + inner_row) * size + left + inner_column
                    })
                    .collect();
                all_different(cells, &mut rules);
            }
        }
        for entry in list(&document, "extraregion") {
            all_different(cells_of(entry, "cells"), &mut rules);
        }
        // every killer cage on its own: cages may share cells and their cells need not touch
        for entry in list(&document, "killercage") {
            let cells = cells_of(entry, "cells");
            let sum = number(entry.get("value"));
            rules.push(Rule {
                cells,
                holds: Box::new(move |values| {
                    distinct(values) && sum.is_none_or(|sum| values.iter().sum::<u32>() == sum)
                }),
            });
        }
        // cells a move apart hold different digits
        let steps: &[(i64, i64)] = &[(1, 2), (2, 1), (2, -1), (1, -2)];
        let king: &[(i64, i64)] = &[(1, 1), (1, -1)];
        for (key, moves) in [("antiknight", steps), ("antiking", king)] {
            if switch(&document, key) {
                for cell in 0..size * size {
                    let (row, column) = ((cell / size) as i64, (cell % size) as i64);
                    for &(down, across) in moves {
                        let (r, c) = (row + down, column + across);
                        if (0..size as i64).contains(&r) && (0..size as i64).contains(&c) {
                            all_different(vec![cell, r as usize * size + c as usize], &mut rules);
                        }
                    }
                }
            }
        }
        // dots: a Kropki dot of either colour exempts its pair from both Kropki negative
        // constraints, an X or V from the XV one
        let pair = |cells: &[usize]| (cells[0].min(cells[1]), cells[0].max(cells[1]));
        let mut kropki = Vec::new();
        let mut xv = Vec::new();
        let mut ratios = Vec::new();
        for (key, default) in [("difference", 1), ("ratio", 2)] {
            for entry in list(&document, key) {
                let cells = cells_of(entry, "cells");
                let value = number(entry.get("value")).unwrap_or(default);
                kropki.push(pair(&cells));
                if key == "ratio" {
                    ratios.push(value);
                }
                rules.push(Rule {
                    cells,
                    holds: Box::new(move |v| {
                        if key == "difference" {
                            v[0].abs_diff(v[1]) == value
                        } else {
                            v[0] * value == v[1] || v[1] * value == v[0]
                        }
                    }),
                });
            }
        }
        if ratios.is_empty() {
            ratios.push(2);
        }
        for entry in list(&document, "xv") {
            let sum = match entry.get("value").and_then(Value::as_str) {
                Some("X") => 10,
                Some("V") => 5,
                _ => continue,
            };
            let cells = cells_of(entry, "cells");
            xv.push(pair(&cells));
            rules.push(Rule {
                cells,
                holds: Box::new(move |v| v[0] + v[1] == sum),
            });
        }
        let negatives: Vec<&str> = list(&document, "negative")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let neighbours: Vec<(usize, usize)> = (0..size * size)
            .flat_map(|cell| {
                let right = (cell % size + 1 < size).then_some((cell, cell + 1));
                let below = (cell / size + 1 < size).then_some((cell, cell + size));
                right.into_iter().chain(below)
            })
            .collect();
        for &(first, second) in &neighbours {
            let mut forbidden: Vec<Box<dyn Fn(u32, u32) -> bool>> = Vec::new();
            if !kropki.contains(&(first, second)) {
                if switch(&document, "nonconsecutive") {
                    forbidden.push(Box::new(|a, b| a.abs_diff(b) == 1));
                }
                if negatives.contains(&"ratio") {
                    let ratios = ratios.clone();
                    forbidden.push(Box::new(move |a, b| {
                        ratios.iter().any(|&r| a * r == b || b * r == a)
                    }));
                }
            }
            if !xv.contains(&(first, second)) && negatives.contains(&"xv") {
                forbidden.push(Box::new(|a, b| a + b == 5 || a + b == 10));
            }
            if !forbidden.is_empty() {
                rules.push(Rule {
                    cells: vec![first, second],
                    holds: Box::new(move |v| forbidden.iter().all(|bad| !bad(v[0], v[1]))),
                });
            }
        }
        for (cell, marks) in pencil_marks {
            rules.push(Rule {
                cells: vec![cell],
                holds: Box::new(move |v| marks.contains(&v[0])),
            });
        }
        for (key, even) in [("odd", false), ("even", true)] {
            for entry in list(&document, key) {
                if let Some(name) = entry.get("cell").and_then(Value::as_str) {
                    rules.push(Rule {
                        cells: vec![index(name)],
                        holds: Box::new(move |v| (v[0] % 2 == 0) == even),
                    });
                }
            }
        }
        // minimum / maximum: below (above) every side neighbour that is not a cell of its kind
        for (key, below) in [("minimum", true), ("maximum", false)] {
            let marked: Vec<usize> = list(&document, key)
                .iter()
                .filter_map(|entry| entry.get("cell").and_then(Value::as_str))
                .map(&index)
                .collect();
            for &cell in &marked {
                let mut cells = vec![cell];
                for &(first, second) in &neighbours {
                    let other = if first == cell {
                        second
                    } else if second == cell {
                        first
                    } else {
                        continue;
                    };
                    if !marked.contains(&other) {
                        cells.push(other);
                    }
                }
                rules.push(Rule {
                    cells,
                    holds: Box::new(move |v| {
                        v[1..]
                            .iter()
                            .all(|&other| if below { v[0] < other } else { v[0] > other })
                    }),
                });
            }
        }
        for entry in list(&document, "quadruple") {
            let digits: Vec<u32> = list(entry, "values")
                .iter()
                .filter_map(|value| number(Some(value)))
                .collect();
            rules.push(Rule {
                cells: cells_of(entry, "cells"),
                holds: Box::new(move |v| {
                    digits.iter().all(|digit| {
                        let wanted = digits.iter().filter(|&d| d == digit).count();
                        v.iter().filter(|&d| d == digit).count() >= wanted
                    })
                }),
            });
        }
        // entropic bands (docs/rules.md): low and high take n/3 rounded down when the middle
        // then takes it rounded up, otherwise rounded up each
        let side = size as u32;
        let outer = if side / 3 * 2 + side.div_ceil(3) == side {
            side / 3
        } else {
            side.div_ceil(3)
        };
        for key in [
            "thermometer",
            "slowthermometer",
            "palindrome",
            "betweenline",
            "renban",
            "whispers",
            "entropicline",
            "modularline",
            "zipperline",
            "regionsumline",
            "doublearrow",
            "lockout",
            "nabner",
        ] {
            for entry in list(&document, key) {
                let gap = number(entry.get("value")).unwrap_or((size as u32).div_ceil(2));
                for drawn in list(entry, "lines") {
                    let cells: Vec<usize> = drawn
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter_map(Value::as_str)
                        .map(&index)
                        .collect();
                    let regions: Vec<usize> = cells.iter().map(|&c| region[c]).collect();
                    let holds: Judgement = match key {
                        "thermometer" => Box::new(|v| v.windows(2).all(|p| p[0] < p[1])),
                        "slowthermometer" => Box::new(|v| v.windows(2).all(|p| p[0] <= p[1])),
                        "palindrome" => Box::new(|v| v.iter().eq(v.iter().rev())),
                        "betweenline" => Box::new(|v| {
                            let (low, high) = (v[0].min(v[v.len() - 1]), v[0].max(v[v.len() - 1]));
                            v[1..v.len() - 1].iter().all(|&d| low < d && d < high)
                        }),
                        "renban" => Box::new(|v| {
                            let (low, high) = (v.iter().min().unwrap(), v.iter().max().unwrap());
                            distinct(v) && (high - low) as usize == v.len() - 1
                        }),
                        "whispers" => {
                            Box::new(move |v| v.windows(2).all(|p| p[0].abs_diff(p[1]) >= gap))
                        }
                        // any two cells fewer than three apart: different bands (classes)
                        "entropicline" => Box::new(move |v| {
                            let band = |d: u32| u32::from(d > outer) + u32::from(d > side - outer);
                            (0..v.len()).all(|i| {
                                (i + 1..v.len().min(i + 3)).all(|j| band(v[i]) != band(v[j]))
                            })
                        }),
                        "modularline" => Box::new(|v| {
                            (0..v.len())
                                .all(|i| (i + 1..v.len().min(i + 3)).all(|j| v[i] % 3 != v[j] % 3))
                        }),
                        "zipperline" => Box::new(|v| {
                            let n = v.len();
                            let target = if n % 2 == 1 {
                                v[n / 2]
                            } else {
                                v[0] + v[n - 1]
                            };
                            (0..n / 2).all(|i| v[i] + v[n - 1 - i] == target)
                        }),
                        // the two circled ends add up to the cells between (two cells: nothing)
                        "doublearrow" => Box::new(|v| {
                            let n = v.len();
                            n < 3 || v[0] + v[n - 1] == v[1..n - 1].iter().sum::<u32>()
                        }),
                        // the diamonds at least half the side apart (rounded down); the cells
                        // between hold no digit from one diamond's to the other's, inclusive
                        "lockout" => Box::new(move |v| {
                            let n = v.len();
                            let (low, high) = (v[0].min(v[n - 1]), v[0].max(v[n - 1]));
                            high - low >= side / 2
                                && v[1..n - 1].iter().all(|&d| d < low || d > high)
                        }),
                        // every two digits on the line, neighbours or not, at least 2 apart:
                        // none consecutive, none repeated
                        "nabner" => Box::new(|v| {
                            (0..v.len()).all(|i| (i + 1..v.len()).all(|j| v[i].abs_diff(v[j]) >= 2))
                        }),
                        _ => Box::new(move |v| {
                            // each maximal run of cells in one region sums alike
                            let mut totals = vec![v[0]];
                            for i in 1..v.len() {
                                if regions[i] == regions[i - 1] {
                                    *totals.last_mut().unwrap() += v[i];
                                } else {
                                    totals.push(v[i]);
                                }
                            }
                            totals.iter().all(|&t| t == totals[0])
                        }),
                    };
                    rules.push(Rule { cells, holds });
                }
            }
        }
        for entry in list(&document, "clone") {
            for (first, second) in cells_of(entry, "cells")
                .into_iter()
                .zip(cells_of(entry, "cloneCells"))
            {
                rules.push(Rule {
                    cells: vec![first, second],
                    holds: Box::new(|v| v[0] == v[1]),
                });
            }
        }
        for entry in list(&document, "arrow") {
            let circle = cells_of(entry, "cells");
            for drawn in list(entry, "lines") {
                let shaft: Vec<usize> = drawn
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(Value::as_str)
                    .map(&index)
                    .filter(|cell| !circle.contains(cell))
                    .collect();
                let length = circle.len();
                let cells: Vec<usize> = circle.iter().chain(&shaft).copied().collect();
                rules.push(Rule {
                    cells,
                    holds: Box::new(move |v| {
                        let number = v[..length]
                            .iter()
                            .fold(0u64, |n, &d| n * if d >= 10 { 100 } else { 10 } + d as u64);
                        number == v[length..].iter().map(|&d| d as u64).sum::<u64>()
                    }),
                });
            }
        }
        for entry in list(&document, "littlekillersum") {
            let Some(sum) = number(entry.get("value")).filter(|&sum| sum != 0) else {
                continue;
            };
            let (mut row, mut column) = position(entry["cell"].as_str().unwrap());
            let (down, across) = match entry["direction"].as_str().unwrap() {
                "UL" => (-1, -1),
                "UR" => (-1, 1),
                "DL" => (1, -1),
                _ => (1, 1),
            };
            let mut cells = Vec::new();
            loop {
                row += down;
                column += across;
                if !(0..size as i64).contains(&row) || !(0..size as i64).contains(&column) {
                    break;
                }
                cells.push(row as usize * size + column as usize);
            }
            rules.push(Rule {
                cells,
                holds: Box::new(move |v| v.iter().sum::<u32>() == sum),
            });
        }
        for key in ["sandwichsum", "xsum", "skyscraper"] {
            for entry in list(&document, key) {
                let Some(clue) = number(entry.get("value")) else {
                    continue;
                };
                let (row, column) = position(entry["cell"].as_str().unwrap());
                let n = size as i64;
                let cells: Vec<usize> = (0..n)
                    .map(|step| {
                        let (r, c) = if row == -1 {
                            (step, column)
                        } else if row == n {
                            (n - 1 - step, column)
                        } else if column == -1 {
                            (row, step)
                        } else {
                            (row, n - 1 - step)
                        };
                        r as usize * size + c as usize
                    })
                    .collect();
                let top = size as u32;
                let holds: Judgement = match key {
                    "sandwichsum" => Box::new(move |v| {
                        let one = v.iter().position(|&d| d == 1).unwrap();
                        let high = v.iter().position(|&d| d == top).unwrap();
                        v[one.min(high) + 1..one.max(high)].iter().sum::<u32>() == clue
                    }),
                    "xsum" => Box::new(move |v| v[..v[0] as usize].iter().sum::<u32>() == clue),
                    _ => Box::new(move |v| {
                        let mut seen = 0;
                        let mut tallest = 0;
                        for &d in v {
                            if d > tallest {
                                tallest = d;
                                seen += 1;
                            }
                        }
                        seen == clue
                    }),
                };
                rules.push(Rule { cells, holds });
            }
        }
        // indexers: the cell at place p (from 1) of its row (column indexer), column (row
        // indexer) or box (box indexer, cells in reading order) holding d says the d-th cell
        // of that row (column, box) holds p
        for key in ["columnindexer", "rowindexer", "boxindexer"] {
            let mut indexers: Vec<usize> = list(&document, key)
                .iter()
                .flat_map(|entry| cells_of(entry, "cells"))
                .collect();
            indexers.sort_unstable();
            indexers.dedup();
            for cell in indexers {
                let (row, column) = (cell / size, cell % size);
                let house: Vec<usize> = match key {
                    "columnindexer" => (0..size).map(|c| row * size + c).collect(),
                    "rowindexer" => (0..size).map(|r| r * size + column).collect(),
                    _ => (0..size * size)
                        .filter(|&c| region[c] == region[cell])
                        .collect(),
                };
                let place = house.iter().position(|&c| c == cell).unwrap();
                rules.push(Rule {
                    cells: house,
                    holds: Box::new(move |v| v[v[place] as usize - 1] == place as u32 + 1),
                });
            }
        }
        Document {
            size,
            givens,
            rules,
        }
    }

    /// Whether a full grid (row-major) keeps the givens and obeys every rule.
    pub fn accepts(&self, values: &[u32]) -> bool {
        values.len() == self.givens.len()
            && values
                .iter()
                .all(|&value| (1..=self.size as u32).contains(&value))
            && self
                .givens
                .iter()
                .zip(values)
                .all(|(&given, &value)| given == 0 || given == value)
            && self.rules.iter().all(|rule| {
                let digits: Vec<u32> = rule.cells.iter().map(|&cell| values[cell]).collect();
                (rule.holds)(&digits)
            })
    }

    /// The solutions, up to `limit`, each row-major.
    pub fn solutions(&self, limit: usize) -> Vec<Vec<u32>> {
        self.solutions_within(limit, u64::MAX)
            .expect("an unlimited search ends")
    }

    /// [`Document::solutions`], or `None` once `most` digits have been tried (the corpus
    /// keeps only documents brute force settles quickly).
    pub fn solutions_within(&self, limit: usize, most: u64) -> Option<Vec<Vec<u32>>> {
        let cells = self.size * self.size;
        // each rule judged when its last cell (in reading order) is filled
        let mut judged_at: Vec<Vec<&Rule>> = (0..cells).map(|_| Vec::new()).collect();
        let mut always_false = false;
        for rule in &self.rules {
            match rule.cells.iter().max() {
                Some(&last) => judged_at[last].push(rule),
                None => always_false |= !(rule.holds)(&[]),
            }
        }
        let mut found = Vec::new();
        if always_false {
            return Some(found);
        }
        let mut values = vec![0u32; cells];
        let mut tried = 0;
        let search = Search {
            judged_at: &judged_at,
            limit,
            most,
        };
        self.fill(0, &mut values, &search, &mut found, &mut tried);
        (tried <= most).then_some(found)
    }

    fn fill(
        &self,
        at: usize,
        values: &mut Vec<u32>,
        search: &Search,
        found: &mut Vec<Vec<u32>>,
        tried: &mut u64,
    ) {
        if found.len() >= search.limit || *tried > search.most {
            return;
        }
        if at == values.len() {
            found.push(values.clone());
            return;
        }
        let choices: Vec<u32> = match self.givens[at] {
            0 => (1..=self.size as u32).collect(),
            given => vec![given],
        };
        for digit in choices {
            *tried += 1;
            values[at] = digit;
            let ok = search.judged_at[at].iter().all(|rule| {
                let digits: Vec<u32> = rule.cells.iter().map(|&cell| values[cell]).collect();
                (rule.holds)(&digits)
            });
            if ok {
                self.fill(at + 1, values, search, found, tried);
            }
        }
        values[at] = 0;
    }
}
