//! Printing: PDF files read back by an independent reader (pages counted through the
//! cross-reference table and the page tree), SVG snapshots of every variant, f-puzzles
//! JSON and links read back, and the `render`, `link` and `book` commands.

use std::path::PathBuf;

use sudokit::backtrack;
use sudokit::grade::Level;
use sudokit::model::{Grid, Puzzle};
use sudokit::notation::{self, Entry, Format};
use sudokit::render::book::{self, Layout, RatedPuzzle};
use sudokit::render::paper::{Margins, Paper};
use sudokit::render::{self, links};
use sudokit::service::link::LinkRecord;
use sudokit::Count;

use crate::helpers::{data_path, entries, path_text, read_data, succeeds, sudokit};

// ---- an independent PDF reader: just enough to follow the page tree ----

/// The text between `start` and the next `end` after it.
fn between<'text>(text: &'text str, start: &str, end: &str) -> Option<&'text str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end)? + from;
    Some(&text[from..to])
}

/// The number after `key` in a dictionary (`/Root 1 0 R` or `/Root 1 0 R` written without
/// spaces, `/Size 44/Root …` → 44).
fn number_after(text: &str, key: &str) -> Option<usize> {
    let rest = text[text.find(key)? + key.len()..].trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The elements of the array after `key` (`/Kids [3 0 R]` or `/Kids[3 0 R]`).
fn array_after<'text>(text: &'text str, key: &str) -> Option<Vec<&'text str>> {
    let rest = text[text.find(key)? + key.len()..].trim_start();
    let inside = between(rest, "[", "]")?;
    Some(inside.split_whitespace().collect())
}

/// Whether a dictionary has `/Type /name`, written with or without the space.
fn has_type(body: &str, name: &str) -> bool {
    [format!("/Type /{name}"), format!("/Type/{name}")]
        .iter()
        .any(|written| {
            body.match_indices(written.as_str()).any(|(at, _)| {
                !body[at + written.len()..].starts_with(|next: char| next.is_ascii_alphanumeric())
            })
        })
}

/// A PDF file's objects located through its cross-reference table, and its root.
struct PdfFile<'bytes> {
    text: String,
    bytes: std::marker::PhantomData<&'bytes [u8]>,
    offsets: Vec<usize>,
    root: usize,
}

impl<'bytes> PdfFile<'bytes> {
    fn read(bytes: &'bytes [u8]) -> PdfFile<'bytes> {
        assert!(bytes.starts_with(b"%PDF-1."), "a PDF header");
        // one character per byte, so byte offsets index the text
        let text: String = bytes
            .iter()
            .map(|&byte| {
                if byte.is_ascii() {
                    char::from(byte)
                } else {
                    '?'
                }
            })
            .collect();
        let tail = &text[text.rfind("startxref").expect("startxref")..];
        let table_at: usize = tail
            .lines()
            .nth(1)
            .expect("offset")
            .trim()
            .parse()
            .expect("a number");
        let table = &text[table_at..];
        assert!(table.starts_with("xref"), "startxref points at the table");
        let mut lines = table.lines().skip(1);
        let header: Vec<usize> = lines
            .next()
            .expect("subsection")
            .split_whitespace()
            .map(|field| field.parse().expect("number"))
            .collect();
        assert_eq!(header[0], 0);
        let offsets: Vec<usize> = lines
            .by_ref()
            .take(header[1])
            .map(|line| line[..10].parse().expect("offset"))
            .collect();
        let trailer = between(table, "trailer", "startxref").expect("trailer");
        let root = number_after(trailer, "/Root").expect("root");
        assert_eq!(number_after(trailer, "/Size"), Some(offsets.len()));
        drop(lines);
        PdfFile {
            text,
            offsets,
            root,
            bytes: std::marker::PhantomData,
        }
    }

    /// The body of object `number`, checking the table points exactly at its header.
    fn object(&self, number: usize) -> &str {
        let offset = self.offsets[number];
        let header = format!("{number} 0 obj");
        assert!(
            self.text[offset..].starts_with(&header),
            "object {number} at {offset}"
        );
        between(&self.text[offset..], &header, "endobj").expect("endobj")
    }

    /// The page objects, in order, found by walking the page tree from the root.
    fn pages(&self) -> Vec<usize> {
        let pages_root = number_after(self.object(self.root), "/Pages").expect("/Pages");
        let mut found = Vec::new();
        self.walk(pages_root, &mut found);
        found
    }

    fn walk(&self, node: usize, found: &mut Vec<usize>) {
        let body = self.object(node);
        if has_type(body, "Pages") {
            let kids = array_after(body, "/Kids").expect("kids");
            let numbers: Vec<usize> = kids
                .chunks(3)
                .map(|reference| reference[0].parse().expect("kid"))
                .collect();
            let before = found.len();
            for kid in numbers {
                self.walk(kid, found);
            }
            assert_eq!(number_after(body, "/Count"), Some(found.len() - before));
        } else {
            assert!(has_type(body, "Page"), "a page: {body}");
            let contents = number_after(body, "/Contents").expect("contents");
            let stream = self.object(contents);
            let length = number_after(stream, "/Length").expect("length");
            let data = between(stream, "stream\n", "\nendstream").expect("stream");
            assert_eq!(data.len(), length, "stream length");
            found.push(node);
        }
    }

    /// A page's media box: width and height.
    fn page_size(&self, page: usize) -> (f64, f64) {
        let corners: Vec<f64> = array_after(self.object(page), "/MediaBox")
            .expect("media box")
            .into_iter()
            .map(|field| field.parse().expect("number"))
            .collect();
        (corners[2], corners[3])
    }
}

pub(crate) fn page_count(bytes: &[u8]) -> usize {
    PdfFile::read(bytes).pages().len()
}

// ---- puzzles with ratings from HoDoKu's own file ----

fn solution_of(puzzle: &Puzzle) -> Grid {
    match backtrack::count_solutions(puzzle, 2) {
        Count::Unique(solution) => solution,
        other => panic!("expected one solution, got {}", other.word()),
    }
}

/// The first `count` puzzles of the HoDoKu calibration file, with HoDoKu's level and score.
fn rated_sample(count: usize) -> Vec<RatedPuzzle> {
    read_data("classic/hodoku_rated_calibration.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(count)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let puzzle = crate::helpers::line_puzzle(fields[0]);
            let level: Level =
                serde_json::from_value(serde_json::json!(fields[1])).expect("a level");
            let score = fields[2].parse().expect("a score");
            let solution = solution_of(&puzzle);
            RatedPuzzle {
                puzzle,
                solution,
                level,
                score,
                trial_steps: None,
                credit: None,
            }
        })
        .collect()
}

#[test]
fn book_pages_are_counted_for_every_layout_and_paper() {
    let puzzles = rated_sample(13);
    let mut per_level = std::collections::BTreeMap::new();
    for rated in &puzzles {
        *per_level.entry(rated.level).or_insert(0usize) += 1;
    }
    for paper in ["A4", "Letter"] {
        let paper: Paper = paper.parse().unwrap();
        for per_page in [1, 2, 4, 6] {
            let layout = Layout {
                colophon: vec!["seed 7".into()],
                paper: paper.clone(),
                per_page,
                ..Layout::titled("Sample")
            };
            // six 9×9 grids on a Letter page would have cells under 8 mm: refused, naming the
            // most that fit
            if (paper.name.as_str(), per_page) == ("Letter", 6) {
                let refused = book::pdf(&puzzles, &layout).unwrap_err();
                assert!(
                    matches!(refused, book::BookError::SmallCells { fits: Some(4), .. }),
                    "{refused}"
                );
                continue;
            }
            let pdf = book::pdf(&puzzles, &layout).expect("a book");
            let file = PdfFile::read(&pdf);
            let pages = file.pages();
            // title, colophon and how-to-play pages, a section of puzzle pages per level,
            // then solutions twelve to a page
            let puzzle_pages: usize = per_level
                .values()
                .map(|count| count.div_ceil(per_page))
                .sum();
            let expected = 3 + puzzle_pages + 13usize.div_ceil(12);
            assert_eq!(pages.len(), expected, "{paper}, {per_page} per page");
            let (width, height) = file.page_size(pages[0]);
            let (paper_width, paper_height) = paper.size();
            assert!((width - paper_width).abs() < 0.01 && (height - paper_height).abs() < 0.01);
        }
    }
    let bad = Layout {
        per_page: 3,
        ..Layout::titled("x")
    };
    assert!(book::pdf(&puzzles, &bad).is_err());
    assert!(book::pdf(&[], &Layout { per_page: 4, ..bad }).is_err());
}

#[test]
fn the_gutter_grows_with_the_page_count_and_mirrors() {
    use sudokit::render::drawing::Item;
    let sample = rated_sample(20);
    // the left edge of a page's heading: the content's left margin
    let heading_left = |page: &sudokit::render::drawing::Drawing| {
        page.items
            .iter()
            .find_map(|item| match item {
                Item::Text { at, size, .. } if *size == 16.0 => Some(at.x),
                _ => None,
            })
            .expect("a heading")
    };
    for (count, inside) in [(20, 0.375), (170, 0.5), (330, 0.625)] {
        let puzzles: Vec<RatedPuzzle> = sample.iter().cycle().take(count).cloned().collect();
        let layout = Layout {
            per_page: 1,
            ..Layout::titled("Gutter")
        };
        let pages = book::pages(&puzzles, &layout).expect("a book");
        let expected = Margins::for_pages(pages.len());
        assert_eq!(expected.inside.in_inches(), inside, "{} pages", pages.len());
        // pages 4 and 5 (from 1) hold puzzles: even pages have the gutter on the right
        let (even, odd) = (heading_left(&pages[3]), heading_left(&pages[4]));
        assert!((odd - expected.inside.in_points()).abs() < 1e-9, "{odd}");
        assert!((even - expected.outside.in_points()).abs() < 1e-9, "{even}");
    }
}

#[test]
fn book_orders_by_difficulty_and_rejects_a_wrong_solution() {
    let mut puzzles = rated_sample(20);
    let order = book::difficulty_order(&puzzles);
    let keys: Vec<(Level, u32)> = order
        .iter()
        .map(|&index| (puzzles[index].level, puzzles[index].score))
        .collect();
    assert!(keys.windows(2).all(|pair| pair[0] <= pair[1]), "{keys:?}");
    assert!(
        keys.first() < keys.last(),
        "the sample spans several ratings"
    );
    puzzles[3].solution = puzzles[4].solution.clone();
    let layout = Layout {
        per_page: 6,
        ..Layout::titled("x")
    };
    assert_eq!(
        book::pdf(&puzzles, &layout).unwrap_err(),
        book::BookError::WrongSolution { number: 4 }
    );
}

#[test]
fn same_puzzles_give_the_same_bytes() {
    let puzzles = rated_sample(7);
    let layout = Layout {
        paper: "Letter".parse().unwrap(),
        per_page: 2,
        ..Layout::titled("Again")
    };
    assert_eq!(
        book::pdf(&puzzles, &layout).unwrap(),
        book::pdf(&puzzles, &layout).unwrap()
    );
}

// ---- SVG snapshots ----

fn snapshot_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.svg"))
}

/// Compares `svg` with the stored snapshot; `SUDOKIT_UPDATE_SNAPSHOTS=1` rewrites it.
fn assert_snapshot(name: &str, svg: &str) {
    let path = snapshot_path(name);
    if std::env::var_os("SUDOKIT_UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "{}: missing (run with SUDOKIT_UPDATE_SNAPSHOTS=1)",
            path.display()
        )
    });
    assert!(
        stored == svg,
        "{name}: the SVG differs from {} (run with SUDOKIT_UPDATE_SNAPSHOTS=1 after checking it)",
        path.display()
    );
}

fn first_entry(relative: &str) -> Entry {
    entries(relative).remove(0)
}

fn count(svg: &str, what: &str) -> usize {
    svg.matches(what).count()
}

#[test]
fn classic_svg_snapshot() {
    let entry = first_entry("seeds/classic.txt");
    let svg = render::puzzle_svg(&entry.puzzle, None);
    // 10 horizontal and 10 vertical lines, four of each heavy; one bold digit per given
    assert_eq!(count(&svg, "<line"), 20);
    assert_eq!(
        count(&svg, "font-weight=\"bold\""),
        entry.puzzle.givens().filled_count()
    );
    assert_snapshot("classic", &svg);
    let solution = solution_of(&entry.puzzle);
    let solved = render::puzzle_svg(&entry.puzzle, Some(&solution));
    assert_eq!(count(&solved, "<text"), 81);
    assert_snapshot("classic-solution", &solved);
}

#[test]
fn x_svg_snapshot_draws_both_diagonals() {
    let entry = first_entry("sizes/xsudoku.txt");
    assert_eq!(entry.puzzle.diagonals().len(), 2);
    let svg = render::puzzle_svg(&entry.puzzle, None);
    // 20 grid lines and the diagonals, cut where they pass behind a given
    assert!(count(&svg, "<line") > 22);
    let drawing = render::puzzle_drawing(&entry.puzzle, None);
    assert!(sudokit::render::ink::glyphs_touched(&drawing).is_empty());
    assert_snapshot("x", &svg);
}

#[test]
fn killer_svg_snapshot_outlines_every_cage_and_prints_every_sum() {
    let entry = first_entry("seeds/killer_m00nlight_clpfd.txt");
    let svg = render::puzzle_svg(&entry.puzzle, None);
    let with_sums = entry
        .puzzle
        .cages()
        .filter(|cage| cage.sum.is_some())
        .count();
    assert!(count(&svg, "stroke-dasharray") >= 4 * entry.puzzle.cage_count());
    // every sum printed, the outlines cut around it (nothing drawn over a glyph)
    let givens = entry.puzzle.givens().filled_count();
    assert_eq!(count(&svg, "<text"), with_sums + givens);
    let drawing = render::puzzle_drawing(&entry.puzzle, None);
    assert!(sudokit::render::ink::glyphs_touched(&drawing).is_empty());
    assert_snapshot("killer", &svg);
}

#[test]
fn greater_killer_svg_snapshot_has_a_sign_per_comparison() {
    let entry = first_entry("killer/killer_greater_grilops.txt");
    let comparisons = entry.puzzle.comparisons().count();
    assert!(comparisons > 0);
    let svg = render::puzzle_svg(&entry.puzzle, None);
    let with_sums = entry
        .puzzle
        .cages()
        .filter(|cage| cage.sum.is_some())
        .count();
    // a sum or a sign is a glyph each, none drawn over
    let givens = entry.puzzle.givens().filled_count();
    assert_eq!(count(&svg, "<text"), with_sums + comparisons + givens);
    let drawing = render::puzzle_drawing(&entry.puzzle, None);
    assert!(sudokit::render::ink::glyphs_touched(&drawing).is_empty());
    assert_snapshot("greater-killer", &svg);
}

#[test]
fn sixteen_by_sixteen_svg_snapshot_writes_letters() {
    let entry = first_entry("sizes/vu_kr_16x16_100.txt");
    let svg = render::puzzle_svg(&entry.puzzle, None);
    assert!(svg.contains(">G</text>") || svg.contains(">A</text>"));
    assert!(!svg.contains(">10</text>"));
    assert_snapshot("sixteen", &svg);
    let big = first_entry("sizes/gecode_25x25.txt");
    let svg = render::puzzle_svg(&big.puzzle, None);
    assert_eq!(count(&svg, "<text"), big.puzzle.givens().filled_count());
    assert!(svg.contains(">P</text>"));
}

// ---- f-puzzles JSON and links ----

/// What a puzzle says, independent of cage order, labels and comparison direction.
fn meaning(puzzle: &Puzzle) -> (Grid, Vec<String>, Vec<String>, Vec<String>) {
    let mut cages: Vec<String> = puzzle
        .cages()
        .map(|cage| format!("{:?} {:?}", cage.cells, cage.sum))
        .collect();
    cages.sort();
    let mut comparisons: Vec<String> = puzzle
        .comparisons()
        .map(|comparison| {
            let first = &puzzle.cage(comparison.first).cells;
            let second = &puzzle.cage(comparison.second).cells;
            let symbol = comparison.relation.symbol();
            if first < second {
                format!("{first:?} {symbol} {second:?}")
            } else {
                let flipped = match symbol {
                    '<' => '>',
                    '>' => '<',
                    other => other,
                };
                format!("{second:?} {flipped} {first:?}")
            }
        })
        .collect();
    comparisons.sort();
    let diagonals = puzzle
        .diagonals()
        .iter()
        .map(|diagonal| format!("{diagonal:?}"))
        .collect();
    (puzzle.givens().clone(), diagonals, cages, comparisons)
}

#[test]
fn fpuzzles_json_and_links_read_back_every_variant() {
    let mut puzzles: Vec<Entry> = Vec::new();
    for file in [
        "seeds/classic.txt",
        "seeds/killer_m00nlight_clpfd.txt",
        "killer/killer_greater_grilops.txt",
        "killer/killer_lisudoku.txt",
        "killer/killer_vtsukur.txt",
        "sizes/xsudoku.txt",
        "sizes/vu_kr_4x4.txt",
        "sizes/vu_kr_16x16_100.txt",
    ] {
        puzzles.extend(entries(file).into_iter().take(12));
    }
    assert!(puzzles.len() > 40, "{}", puzzles.len());
    for entry in &puzzles {
        let json = notation::format_entry(entry, Format::Fpuzzles).expect("f-puzzles holds it");
        assert_eq!(notation::detect(&json), Format::Fpuzzles);
        let back = notation::parse(&json, None).expect("reads back").remove(0);
        assert_eq!(
            meaning(&back.puzzle),
            meaning(&entry.puzzle),
            "line {}",
            entry.line
        );
        assert_eq!(back.name, entry.name);
        let link = links::fpuzzles(&entry.puzzle, entry.name.as_deref()).unwrap();
        assert!(link.starts_with("https://www.f-puzzles.com/?load=N4Ig"));
        let from_link = notation::parse(&link, None)
            .expect("the link reads back")
            .remove(0);
        assert_eq!(meaning(&from_link.puzzle), meaning(&entry.puzzle));
        let pad = links::sudokupad(&entry.puzzle, None).unwrap();
        let from_pad = notation::parse(&pad, None)
            .expect("the SudokuPad link reads back")
            .remove(0);
        assert_eq!(meaning(&from_pad.puzzle), meaning(&entry.puzzle));
    }
}

#[test]
fn published_fpuzzles_links_are_read() {
    // links published with other tools' documentation and tests (sudoku-formats, lisudoku,
    // a C# solver's killer test); each holds a 9×9 grid
    let published = [
        "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A",
        "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1kANwEMAbAK5x4ARlRoI3GADsEAFwzCmK1kQ5tVmug216VGrUbWG1ZyjwHCEAJglTZCpTAO7j+nZw/7atIkA=",
        "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=",
    ];
    let text = published.join("\n");
    let read = notation::parse(&text, None).expect("published links read");
    assert_eq!(read.len(), 3);
    for entry in &read {
        assert_eq!(entry.puzzle.size(), 9);
        assert!(entry.puzzle.givens().filled_count() > 0 || entry.puzzle.cage_count() > 0);
    }
    let killer = &read[2].puzzle;
    let sums: Vec<Option<u32>> = killer.cages().map(|cage| cage.sum).collect();
    assert_eq!(sums, [Some(9), Some(33)]);
    let error = notation::parse("https://www.f-puzzles.com/?load=N4Ig*!", None).unwrap_err();
    assert!(
        error.to_string().contains("not an f-puzzles link"),
        "{error}"
    );
}

// ---- the commands ----

#[test]
fn render_writes_a_pdf_page_per_puzzle_and_solution_and_svg_files() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let pdf = directory.path().join("killers.pdf");
    let input = data_path("seeds/killer_m00nlight_clpfd.txt");
    let puzzles = entries("seeds/killer_m00nlight_clpfd.txt").len();
    succeeds(&[
        "render",
        path_text(&input),
        "--pdf",
        "--solution",
        "--out",
        path_text(&pdf),
    ]);
    assert_eq!(page_count(&std::fs::read(&pdf).unwrap()), 2 * puzzles);
    let again = sudokit(&[
        "render",
        path_text(&input),
        "--pdf",
        "--out",
        path_text(&pdf),
    ]);
    assert_eq!(
        again.status.code(),
        Some(2),
        "no clobbering without --force"
    );
    let svg = directory.path().join("greater.svg");
    let input = data_path("killer/killer_greater_grilops.txt");
    succeeds(&[
        "render",
        path_text(&input),
        "--svg",
        "--out",
        path_text(&svg),
    ]);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let leftovers = std::fs::read_dir(directory.path()).unwrap().filter(|file| {
        file.as_ref()
            .unwrap()
            .file_name()
            .to_string_lossy()
            .ends_with(".tmp")
    });
    assert_eq!(leftovers.count(), 0);
}

#[test]
fn link_prints_links_that_read_back() {
    let input = data_path("seeds/killer_m00nlight_clpfd.txt");
    let output = succeeds(&["link", path_text(&input)]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let originals = entries("seeds/killer_m00nlight_clpfd.txt");
    let read = notation::parse(&stdout, None).expect("links read back");
    assert_eq!(read.len(), originals.len());
    for (back, original) in read.iter().zip(&originals) {
        assert_eq!(meaning(&back.puzzle), meaning(&original.puzzle));
    }
}

/// `link --json` writes the service layer's typed record: each line reads back into a
/// `LinkRecord` and writes again to the same bytes (field names and order kept), its links
/// are the text form's, and its document is the f-puzzles JSON the link carries.
#[test]
fn link_json_reads_back_into_its_typed_record() {
    let input = data_path("seeds/killer_m00nlight_clpfd.txt");
    let stdout = String::from_utf8(succeeds(&["link", "--json", path_text(&input)]).stdout)
        .expect("UTF-8 records");
    let plain = String::from_utf8(succeeds(&["link", path_text(&input)]).stdout).unwrap();
    let pad =
        String::from_utf8(succeeds(&["link", "--sudokupad", path_text(&input)]).stdout).unwrap();
    let originals = entries("seeds/killer_m00nlight_clpfd.txt");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), originals.len(), "{stdout}");
    for (((line, fpuzzles), sudokupad), original) in lines
        .iter()
        .zip(plain.lines())
        .zip(pad.lines())
        .zip(&originals)
    {
        let record: LinkRecord = serde_json::from_str(line).expect("a LinkRecord");
        assert_eq!(serde_json::to_string(&record).unwrap(), *line);
        assert_eq!(record.fpuzzles, fpuzzles);
        assert_eq!(record.sudokupad, sudokupad);
        assert!(
            record.source.starts_with(path_text(&input)),
            "{}",
            record.source
        );
        let document = record.document.expect("an f-puzzles document");
        let read = notation::parse(&document.to_string(), Some(Format::Fpuzzles))
            .expect("the document reads back");
        assert_eq!(meaning(&read[0].puzzle), meaning(&original.puzzle));
    }
}

#[test]
fn book_from_records_writes_a_pdf_and_numbered_records() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let records: String = read_data("classic/hodoku_rated_calibration.tsv")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(9)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let score: u32 = fields[2].parse().unwrap();
            format!("{}\n", serde_json::json!({ "puzzle": fields[0], "level": fields[1], "score": score, "seed": 7 }))
        })
        .collect();
    let input = directory.path().join("rated.jsonl");
    std::fs::write(&input, records).unwrap();
    let out = directory.path().join("book");
    succeeds(&[
        "book",
        "--from",
        path_text(&input),
        "--out",
        path_text(&out),
        "--per-page",
        "6",
        "--paper",
        "A4",
    ]);
    let pdf = std::fs::read(out.join("book.pdf")).unwrap();
    let written = std::fs::read_to_string(out.join("puzzles.jsonl")).unwrap();
    let records: Vec<serde_json::Value> = written
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 9);
    // title, colophon, how to play, a section of pages of six per level, one solution page
    let mut levels: Vec<&str> = records
        .iter()
        .map(|record| record["level"].as_str().unwrap())
        .collect();
    levels.dedup();
    let sections: usize = levels
        .iter()
        .map(|level| {
            let count = records
                .iter()
                .filter(|record| record["level"] == *level)
                .count();
            count.div_ceil(6)
        })
        .sum();
    assert_eq!(page_count(&pdf), 3 + sections + 1);
    let mut previous = (Level::Easy, 0);
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record["number"], index + 1);
        assert_eq!(record["seed"], 7);
        let level: Level = serde_json::from_value(record["level"].clone()).unwrap();
        let key = (level, record["score"].as_u64().unwrap() as u32);
        assert!(key >= previous);
        previous = key;
        let puzzle = crate::helpers::line_puzzle(record["puzzle"].as_str().unwrap());
        let solution = notation::parse(record["solution"].as_str().unwrap(), None)
            .unwrap()
            .remove(0);
        assert!(puzzle.is_solution(solution.puzzle.givens()));
        let linked = notation::parse(record["fpuzzles"].as_str().unwrap(), None)
            .unwrap()
            .remove(0);
        assert_eq!(linked.puzzle.givens(), puzzle.givens());
    }
}

#[test]
fn book_from_a_preset_generates_and_is_the_same_for_any_thread_count() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let preset = directory.path().join("book-test.ron");
    std::fs::write(
        &preset,
        "BookPreset(title: \"Test\", paper: \"A4\", per_page: 6, sections: [(preset: \"sudoku-6\", count: 4), (preset: \"classic-easy\", count: 3)])",
    )
    .unwrap();
    let mut books = Vec::new();
    for jobs in ["1", "2"] {
        let out = directory.path().join(format!("jobs-{jobs}"));
        let output = sudokit(&[
            "book",
            "--preset",
            path_text(&preset),
            "--seed",
            "5",
            "--jobs",
            jobs,
            "--out",
            path_text(&out),
        ]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let pdf = std::fs::read(out.join("book.pdf")).unwrap();
        // title, colophon and how-to-play pages, two puzzle pages of six (all Easy), one
        // solution page
        assert_eq!(page_count(&pdf), 3 + 2 + 1);
        let records = std::fs::read_to_string(out.join("puzzles.jsonl")).unwrap();
        assert_eq!(records.lines().count(), 7);
        for line in records.lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(record["seed"], 5);
            let puzzle = crate::helpers::line_puzzle(record["puzzle"].as_str().unwrap());
            assert!(matches!(
                crate::helpers::sat_count(&puzzle, 2),
                Count::Unique(_)
            ));
        }
        books.push((pdf, records));
    }
    assert!(
        books[0] == books[1],
        "the same book whatever the thread count"
    );
}

/// Two solutions, differing at r4c1 r4c6 r6c1 r6c6, and the first of them.
const SEVERAL: &str =
    ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.";

#[test]
fn book_from_refuses_a_puzzle_with_several_solutions_even_beside_a_published_one() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let several = notation::parse(SEVERAL, None).unwrap().remove(0);
    let Count::Multiple { first, .. } = crate::helpers::sat_count(&several.puzzle, 2) else {
        panic!("the puzzle has several solutions");
    };
    let first = notation::format_grid(&first, Format::Line);
    let as_line = directory.path().join("several.txt");
    std::fs::write(&as_line, format!("{SEVERAL} {first}\n")).unwrap();
    let as_record = directory.path().join("several.jsonl");
    std::fs::write(
        &as_record,
        format!(
            "{}\n",
            serde_json::json!({ "puzzle": SEVERAL, "solution": first, "level": "Easy", "score": 100 })
        ),
    )
    .unwrap();
    for input in [&as_line, &as_record] {
        let out = directory.path().join("book");
        let output = sudokit(&["book", "--from", path_text(input), "--out", path_text(&out)]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with(&format!("error: {}:1: multiple", path_text(input))),
            "{stderr}"
        );
        assert!(!out.exists(), "no book of a puzzle with several solutions");
    }
}

/// `render --svg --solution` of `input` into `out`: exit 1 with the one-line warning that
/// starts with `warning`, the puzzle drawn and no solution picture beside it.
fn assert_no_solution_drawn(input: &std::path::Path, out: &std::path::Path, warning: &str) {
    let output = sudokit(&[
        "render",
        "--svg",
        "--solution",
        "--force",
        "--out",
        path_text(out),
        path_text(input),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let expected = format!("warning: {}:1: {warning}", path_text(input));
    assert!(stderr.starts_with(&expected), "{stderr}");
    assert!(out.exists(), "the puzzle itself is drawn");
    let stem = out.file_stem().unwrap().to_string_lossy();
    assert!(
        !out.with_file_name(format!("{stem}-solution.svg")).exists(),
        "no solution drawn"
    );
}

#[test]
fn render_draws_no_solution_for_a_puzzle_with_several_even_beside_a_published_one() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let several = notation::parse(SEVERAL, None).unwrap().remove(0);
    let Count::Multiple { first, second, .. } = crate::helpers::sat_count(&several.puzzle, 2)
    else {
        panic!("the puzzle has several solutions");
    };
    let input = directory.path().join("several.txt");
    for published in [&first, &second] {
        let line = notation::format_grid(published, Format::Line);
        std::fs::write(&input, format!("{SEVERAL} {line}\n")).unwrap();
        assert_no_solution_drawn(
            &input,
            &directory.path().join("several.svg"),
            "several solutions (the published one is one of them)",
        );
    }
    // a unique puzzle beside a published "solution" with two digits swapped
    let puzzle = read_data("classic/royle_17clue_49158.txt");
    let puzzle = puzzle.lines().next().unwrap();
    let entry = notation::parse(puzzle, None).unwrap().remove(0);
    let solution = notation::format_grid(&solution_of(&entry.puzzle), Format::Line);
    let swapped = format!("{}{}{}", &solution[1..2], &solution[..1], &solution[2..]);
    std::fs::write(&input, format!("{puzzle} {swapped}\n")).unwrap();
    assert_no_solution_drawn(
        &input,
        &directory.path().join("wrong.svg"),
        "the published solution differs from the only solution at r1c1 r1c2",
    );
}

#[test]
fn render_draws_the_good_puzzles_and_book_writes_nothing_when_an_output_is_wrong() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let seeds = read_data("seeds/classic.txt");
    let unique = &seeds.lines().find(|line| !line.starts_with('#')).unwrap()[..81];
    let path = |name: &str| directory.path().join(name);
    let mixed = path("mixed.txt");
    std::fs::write(&mixed, format!("{unique}\n{}\n", &unique[..80])).unwrap();
    for kind in ["--pdf", "--svg"] {
        let out = path(&format!("mixed{}", kind.replace("--", ".")));
        let output = sudokit(&["render", kind, path_text(&mixed), "--out", path_text(&out)]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(&format!("{}:2: 80 cells", path_text(&mixed))));
        // issue 37: the good puzzle is drawn, the bad one named, and the run says so
        assert!(stderr.contains("drew 1 of the 2 read"), "{stderr}");
        let written: Vec<_> = std::fs::read_dir(directory.path())
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|written| written != &mixed)
            .collect();
        assert_eq!(written.len(), 1, "{written:?} after {kind}");
        let drawn = std::fs::read(&written[0]).unwrap();
        assert!(!drawn.is_empty());
        std::fs::remove_file(&written[0]).unwrap();
    }

    let one = path("one.txt");
    std::fs::write(&one, format!("{unique}\n")).unwrap();
    // the second of three pictures is there already: none is written
    std::fs::write(path("picture-2.svg"), "old").unwrap();
    let output = sudokit(&[
        "render",
        "--svg",
        path_text(&one),
        path_text(&one),
        path_text(&one),
        "--out",
        path_text(&path("picture.svg")),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!path("picture-1.svg").exists());
    assert!(!path("picture-3.svg").exists());

    // puzzles.jsonl is there already: book.pdf is not written beside it
    let book = path("book");
    std::fs::create_dir(&book).unwrap();
    std::fs::write(book.join("puzzles.jsonl"), "old\n").unwrap();
    let output = sudokit(&["book", "--from", path_text(&one), "--out", path_text(&book)]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("puzzles.jsonl: already exists"), "{stderr}");
    assert!(!book.join("book.pdf").exists());
    succeeds(&[
        "book",
        "--from",
        path_text(&one),
        "--out",
        path_text(&book),
        "--force",
    ]);
    assert!(book.join("book.pdf").exists());
}

#[test]
fn render_out_naming_a_folder_is_refused_with_the_file_it_wants() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let one = directory.path().join("one.txt");
    std::fs::write(&one, format!("{SEVERAL}\n")).unwrap();
    let folder = directory.path().join("pictures");
    std::fs::create_dir(&folder).unwrap();
    let missing = format!("{}/", path_text(&directory.path().join("missing")));
    for (kind, out) in [
        ("--pdf", path_text(&folder)),
        ("--svg", path_text(&folder)),
        ("--pdf", missing.as_str()),
    ] {
        let output = sudokit(&["render", kind, path_text(&one), "--out", out, "--force"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("a folder, but --out names the file"),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
    assert!(!directory.path().join("missing").exists());
}

/// The grilops greater killer with one more comparison, between cages A (top-left) and e
/// (bottom-right) that do not touch: true in its solution (8 < 9).
fn greater_killer_with_a_distant_comparison() -> String {
    read_data("killer/killer_greater_grilops.txt").replace(
        "compare X f greater\n",
        "compare X f greater\ncompare e A less\n",
    )
}

#[test]
fn a_comparison_of_cages_that_do_not_touch_is_refused_by_name_or_written_out_never_dropped() {
    let text = greater_killer_with_a_distant_comparison();
    let entry = &notation::parse(&text, None).expect("reads")[0];
    assert_eq!(entry.puzzle.comparisons().count(), 8);
    let words = "cage e at r8c8 < cage A at r1c1";

    // the link and the f-puzzles form refuse it by name rather than drop it
    let error = links::fpuzzles(&entry.puzzle, None)
        .unwrap_err()
        .to_string();
    assert!(error.contains(words), "{error}");
    let input = crate::helpers::file_with(&text, ".txt");
    let link = sudokit(&["link", path_text(input.path())]);
    assert_eq!(link.status.code(), Some(2));
    assert!(link.stdout.is_empty());
    assert!(String::from_utf8_lossy(&link.stderr).contains(words));
    // a record's fpuzzles field says there is none rather than a link without the rule
    let graded = succeeds(&["grade", "--json", path_text(input.path())]);
    let record: serde_json::Value =
        serde_json::from_slice(&graded.stdout).expect("one JSON record");
    assert_eq!(record["fpuzzles"], serde_json::Value::Null);

    // the picture puts a sign on a border for each of the 7 comparisons of touching cages,
    // and writes the eighth under the grid, not as a sign somewhere between the cages
    let svg = render::puzzle_svg(&entry.puzzle, None);
    let signs = ["&lt;", "&gt;", "=", "∧", "∨"]
        .iter()
        .map(|sign| svg.matches(&format!(">{sign}</text>")).count())
        .sum::<usize>();
    assert_eq!(signs, 7, "{svg}");
    assert!(svg.contains("Cage sums: cage e at r8c8 &lt; cage A at r1c1</text>"));
    let folder = tempfile::tempdir().expect("temporary folder");
    let pdf = folder.path().join("far.pdf");
    succeeds(&[
        "render",
        "--pdf",
        "--out",
        path_text(&pdf),
        path_text(input.path()),
    ]);
    let bytes = std::fs::read(&pdf).expect("the PDF");
    assert!(bytes.starts_with(b"%PDF-"));
    // read back by poppler where it is installed (the book page tests need it too)
    if let Ok(read) = std::process::Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
    {
        let words_read = String::from_utf8_lossy(&read.stdout);
        assert!(
            words_read.contains(&format!("Cage sums: {words}")),
            "{words_read}"
        );
    }

    // a book has no room for the words: it refuses the puzzle, naming the comparison
    let book = sudokit(&[
        "book",
        "--from",
        path_text(input.path()),
        "--out",
        path_text(&folder.path().join("book")),
    ]);
    assert_ne!(book.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&book.stderr);
    assert!(stderr.contains(words), "{stderr}");
}
