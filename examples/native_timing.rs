//! Times the native engine on the benchmark files of `tests/data/`: median µs per puzzle,
//! puzzles per second and guesses per puzzle, counting to 2 solutions.
//!
//! `cargo run --release --example native_timing -- [filter] [max-puzzles]` (with `SKIP=n` in
//! the environment to skip the first n puzzles of each set; sets of 20 puzzles or fewer are
//! also shown puzzle by puzzle).
//!
//! The 25×25 set runs only when named (`25x25`): most of its puzzles take seconds.
//!
//! Puzzles taking over 20 ms are timed in CPU time of the timing thread (from
//! `/proc/thread-self/schedstat`, so other processes on a shared machine do not inflate
//! them), shorter ones in wall time; puzzles/s is derived from the same times.
//!
//! Each data set is read with a tiny local reader (the real parsers live elsewhere); the
//! solver for a geometry is built once and reused with `count_with_givens`, as the
//! generator's hot loops use it, and the fresh `count_solutions` time is shown beside it.

use std::collections::BTreeMap;
use std::time::Instant;

use sudokit::backtrack::{count_solutions, Solver};
use sudokit::model::{Cage, CageId, Comparison, Constraint, Geometry, Grid, Puzzle, Relation};

/// Reads one data set.
type Reader = fn() -> Vec<Puzzle>;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let filter = arguments.first().cloned().unwrap_or_default();
    let limit: usize = arguments
        .get(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(usize::MAX);
    let sets: Vec<(&str, Reader)> = vec![
        ("royle_17clue", || {
            lines("classic/royle_17clue_49158.txt")
                .iter()
                .map(|l| classic(l))
                .collect()
        }),
        ("top1465", || {
            lines("classic/top1465.txt")
                .iter()
                .map(|l| classic(l))
                .collect()
        }),
        ("forum_hardest_1106", || {
            lines("classic/forum_hardest_1106.txt")
                .iter()
                .map(|l| classic(l))
                .collect()
        }),
        ("killer_krazydad_1000", || {
            lines("killer/killer_krazydad_1000.tsv")
                .iter()
                .map(|l| krazydad(l))
                .collect()
        }),
        ("killer_m00nlight_seeds", || {
            killer_records("seeds/killer_m00nlight_clpfd.txt")
        }),
        ("gecode_16x16", || {
            lines("sizes/gecode_16x16.txt")
                .iter()
                .map(|l| classic(l))
                .collect()
        }),
        ("vu_kr_16x16", || {
            lines("sizes/vu_kr_16x16_100.txt")
                .iter()
                .map(|l| classic(l))
                .collect()
        }),
        ("gecode_25x25", || {
            lines("sizes/gecode_25x25.txt")
                .iter()
                .map(|l| classic(l))
                .collect()
        }),
    ];
    println!(
        "{:<24} {:>7} {:>11} {:>11} {:>12} {:>11} {:>13}",
        "data set", "puzzles", "median µs", "mean µs", "puzzles/s", "guesses/pz", "fresh med µs"
    );
    for (name, read) in sets {
        // Most 25×25 puzzles take seconds to minutes: only when asked for by name.
        let slow = name.contains("25x25");
        if !name.contains(&filter) || (slow && filter.is_empty()) {
            continue;
        }
        let skip: usize = std::env::var("SKIP")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let puzzles: Vec<Puzzle> = read().into_iter().skip(skip).take(limit).collect();
        report(name, &puzzles);
    }
}

/// Times every puzzle with a reused solver, then with `count_solutions`, and prints one line.
fn report(name: &str, puzzles: &[Puzzle]) {
    let mut solver = Solver::new(&puzzles[0]);
    let mut times = Vec::with_capacity(puzzles.len());
    let mut guesses = 0u64;
    let started = Instant::now();
    for puzzle in puzzles {
        if puzzle.constraints() != puzzles[0].constraints() {
            solver = Solver::new(puzzle);
        }
        let (count, micros) = Clock::time(|| {
            solver
                .count_with_givens(puzzle.givens(), 2)
                .expect("a solver without a budget runs to the end")
        });
        times.push(micros);
        guesses += solver.guesses();
        assert!(count.is_unique(), "{name}: not unique");
        if puzzles.len() <= 20 {
            println!(
                "  {name} #{}: {:.1} µs, {} guesses",
                times.len(),
                times[times.len() - 1],
                solver.guesses()
            );
        }
    }
    let total = times.iter().sum::<f64>() / 1e6;
    let _ = started;
    let mut fresh: Vec<f64> = puzzles
        .iter()
        .map(|puzzle| Clock::time(|| std::hint::black_box(count_solutions(puzzle, 2))).1)
        .collect();
    let count = puzzles.len() as f64;
    println!(
        "{:<24} {:>7} {:>11.1} {:>11.1} {:>12.0} {:>11.2} {:>13.1}",
        name,
        puzzles.len(),
        median(&mut times),
        times.iter().sum::<f64>() / count,
        count / total,
        guesses as f64 / count,
        median(&mut fresh),
    );
}

/// Time this thread has spent on a CPU, in µs, where Linux tells it (the machine is shared,
/// so wall time counts other people's work); wall time elsewhere.
struct Clock {
    started: Instant,
}

impl Clock {
    fn now() -> Clock {
        Clock {
            started: Instant::now(),
        }
    }

    fn cpu_ns() -> Option<u64> {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        text.split_whitespace().next()?.parse().ok()
    }

    /// Runs `work` and returns its result with the µs it took: CPU time for runs over 20 ms
    /// (the kernel updates the per-thread counter only every few ms), wall time below.
    fn time<T>(work: impl FnOnce() -> T) -> (T, f64) {
        // Reading the CPU counter is a file read: keep it outside the wall-clock span.
        let before = Clock::cpu_ns();
        let clock = Clock::now();
        let result = work();
        let wall = clock.started.elapsed().as_secs_f64() * 1e6;
        let micros = match (before, Clock::cpu_ns()) {
            (Some(before), Some(after)) if wall > 20_000.0 => (after - before) as f64 / 1e3,
            _ => wall,
        };
        (result, micros)
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn lines(path: &str) -> Vec<String> {
    let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full)
        .unwrap_or_else(|error| panic!("{full}: {error}"))
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// A grid from the first field of a line: `.`/`0` empty, `1-9`, then `A`=10 … `P`=25.
fn grid(line: &str) -> Grid {
    let field = line.split_whitespace().next().unwrap_or_default();
    let values: Vec<u8> = field
        .chars()
        .map(|symbol| match symbol {
            '1'..='9' => symbol as u8 - b'0',
            'A'..='P' => symbol as u8 - b'A' + 10,
            _ => 0,
        })
        .collect();
    let size = (1..=25)
        .find(|size| size * size == values.len())
        .expect("n² cells");
    Grid::from_values(Geometry::for_size(size).unwrap(), &values).unwrap()
}

fn classic(line: &str) -> Puzzle {
    Puzzle::classic(grid(line)).unwrap()
}

/// A killer from a cage map (one label per cell), sums and comparisons by label.
fn killer(
    map: &str,
    sums: &BTreeMap<String, u32>,
    comparisons: &[(String, String, Relation)],
) -> Puzzle {
    let geometry = Geometry::for_size(9).unwrap();
    let mut cells: BTreeMap<String, Vec<_>> = BTreeMap::new();
    for (index, label) in map.chars().enumerate() {
        cells
            .entry(label.to_string())
            .or_default()
            .push(geometry.cell_at(index).unwrap());
    }
    let labels: Vec<String> = cells.keys().cloned().collect();
    let id = |label: &String| CageId::new(labels.iter().position(|other| other == label).unwrap());
    let mut constraints: Vec<Constraint> = cells
        .into_iter()
        .map(|(label, cells)| {
            let sum = sums.get(&label).copied();
            Constraint::Cage(Cage { label, cells, sum })
        })
        .collect();
    for (first, second, relation) in comparisons {
        constraints.push(Constraint::Compare(Comparison {
            first: id(first),
            second: id(second),
            relation: *relation,
        }));
    }
    Puzzle::new(geometry, Grid::empty(geometry), constraints).unwrap()
}

fn krazydad(line: &str) -> Puzzle {
    let fields: Vec<&str> = line.split('\t').collect();
    let sums = fields[2]
        .split(',')
        .map(|pair| {
            let (label, sum) = pair.split_once('=').unwrap();
            (label.to_string(), sum.parse().unwrap())
        })
        .collect();
    killer(fields[1], &sums, &[])
}

/// The records of the killer text format (name, 9 map lines, sums, compare lines).
fn killer_records(path: &str) -> Vec<Puzzle> {
    let mut puzzles = Vec::new();
    let all = lines(path);
    let mut position = 0;
    while position < all.len() {
        let map: String = all[position + 1..position + 10].concat();
        let (mut sums, mut comparisons) = (BTreeMap::new(), Vec::new());
        position += 10;
        while position < all.len() && !all[position].starts_with("name ") {
            let fields: Vec<&str> = all[position].split_whitespace().collect();
            match fields[..] {
                ["compare", first, second, relation] => {
                    let relation = match relation {
                        "less" => Relation::Less,
                        "equal" => Relation::Equal,
                        _ => Relation::Greater,
                    };
                    comparisons.push((first.to_string(), second.to_string(), relation));
                }
                [label, sum] if label != "givens" && label != "solution" => {
                    sums.insert(label.to_string(), sum.parse().unwrap());
                }
                _ => {}
            }
            position += 1;
        }
        puzzles.push(killer(&map, &sums, &comparisons));
    }
    puzzles
}
