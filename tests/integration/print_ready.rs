//! Books a printer accepts, checked with poppler's tools: every font embedded and subset, a
//! Unicode title printed and found again as text, the same bytes on every run, and a clear
//! error (exit 2, no file) for a character the font cannot draw.

use std::path::Path;
use std::process::Command;

use crate::helpers::{data_path, path_text, succeeds, sudokit};

/// Whether poppler's tools can run. Missing under `CI=true` is a failure (CI installs them,
/// see `.ci/run`); elsewhere the test is skipped with a note.
fn poppler_available() -> bool {
    let found = Command::new("pdffonts")
        .arg("-v")
        .output()
        .is_ok_and(|output| output.status.success())
        && Command::new("pdftotext")
            .arg("-v")
            .output()
            .is_ok_and(|output| output.status.success());
    if !found {
        let in_ci = std::env::var("CI").is_ok_and(|value| value == "true");
        assert!(
            !in_ci,
            "pdffonts/pdftotext (poppler-utils) are missing, and CI=true: install poppler-utils"
        );
        eprintln!("note: skipped, pdffonts/pdftotext not found (apt-get install poppler-utils)");
    }
    found
}

/// Runs a poppler tool on `pdf` (then `after`) and returns what it printed.
fn poppler(tool: &str, arguments: &[&str], pdf: &Path, after: &[&str]) -> String {
    let output = Command::new(tool)
        .args(arguments)
        .arg(pdf)
        .args(after)
        .output()
        .unwrap_or_else(|error| panic!("{tool} runs: {error}"));
    assert!(
        output.status.success(),
        "{tool}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// Asserts `pdffonts` lists at least one font and each one embedded and subset.
fn assert_fonts_embedded_and_subset(pdf: &Path) {
    let listing = poppler("pdffonts", &[], pdf, &[]);
    let rows: Vec<&str> = listing
        .lines()
        .skip_while(|line| !line.starts_with("----"))
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .collect();
    assert!(rows.len() >= 2, "a regular and a bold font:\n{listing}");
    for row in rows {
        // name, type (may hold spaces), encoding, emb, sub, uni, object number, generation
        let fields: Vec<&str> = row.split_whitespace().collect();
        let count = fields.len();
        assert!(count >= 8, "a pdffonts row: {row}");
        assert_eq!(fields[count - 5], "yes", "embedded: {row}");
        assert_eq!(fields[count - 4], "yes", "subset: {row}");
        assert!(fields[0].contains("DejaVuSans"), "our font: {row}");
    }
}

#[test]
fn classic_preset_book_embeds_subset_fonts_and_is_the_same_twice() {
    if !poppler_available() {
        return;
    }
    let directory = tempfile::tempdir().expect("temporary directory");
    let preset = Path::new(env!("CARGO_MANIFEST_DIR")).join("presets/book-classic.ron");
    let mut books = Vec::new();
    for run in ["first", "second"] {
        let out = directory.path().join(run);
        succeeds(&[
            "book",
            "--preset",
            path_text(&preset),
            "--out",
            path_text(&out),
        ]);
        books.push(std::fs::read(out.join("book.pdf")).expect("book.pdf"));
    }
    assert!(books[0] == books[1], "the same bytes on every run");
    let pdf = directory.path().join("first/book.pdf");
    assert_fonts_embedded_and_subset(&pdf);
    let text = poppler("pdftotext", &["-f", "1", "-l", "1"], &pdf, &["-"]);
    assert!(text.contains("Classic Sudoku"), "{text}");
}

#[test]
fn killer_book_with_a_unicode_title_embeds_subset_fonts_and_prints_the_title() {
    if !poppler_available() {
        return;
    }
    let directory = tempfile::tempdir().expect("temporary directory");
    let out = directory.path().join("book");
    let title = "Судоку — Σουντόκου — Sudoku · Ünïcödé";
    let input = data_path("killer/killer_lisudoku.txt");
    succeeds(&[
        "book",
        "--from",
        path_text(&input),
        "--title",
        title,
        "--out",
        path_text(&out),
    ]);
    let pdf = out.join("book.pdf");
    assert_fonts_embedded_and_subset(&pdf);
    let text = poppler("pdftotext", &["-f", "1", "-l", "1"], &pdf, &["-"]);
    // a long title wraps onto more lines
    let words: Vec<&str> = text.split_whitespace().collect();
    assert!(words.join(" ").contains(title), "the title as text: {text}");
    let all = poppler("pdftotext", &[], &pdf, &["-"]);
    assert!(all.contains("Solutions"), "{all}");
}

#[test]
fn a_title_the_font_cannot_draw_is_refused_and_nothing_is_written() {
    let directory = tempfile::tempdir().expect("temporary directory");
    let out = directory.path().join("book");
    let input = data_path("killer/killer_lisudoku.txt");
    let output = sudokit(&[
        "book",
        "--from",
        path_text(&input),
        "--title",
        "Судоку — 数独 — Sudoku",
        "--out",
        path_text(&out),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(
        stderr.contains("the font has no glyph for '数' (U+6570) in the title"),
        "{stderr}"
    );
    assert!(!out.join("book.pdf").exists());
    assert!(!out.join("puzzles.jsonl").exists());

    // `render --pdf` titles the file with its stem
    let pdf = directory.path().join("数独.pdf");
    let puzzle = data_path("killer/killer_lisudoku.txt");
    let output = sudokit(&[
        "render",
        path_text(&puzzle),
        "--pdf",
        "--out",
        path_text(&pdf),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no glyph for '数' (U+6570)"), "{stderr}");
    assert!(!pdf.exists());
}

/// The text of page `number` (from 1), its words joined by single spaces.
fn page_text(pdf: &Path, number: usize) -> String {
    let page = number.to_string();
    let text = poppler("pdftotext", &["-f", &page, "-l", &page], pdf, &["-"]);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_mixed_book_from_a_shipped_preset_reads_like_a_book_from_any_folder() {
    if !poppler_available() {
        return;
    }
    // run from an empty folder: the preset is the one built into the binary
    let folder = tempfile::tempdir().expect("temporary directory");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args([
            "book",
            "--preset",
            "book-mixed",
            "--count",
            "1",
            "--author",
            "A. Setter",
        ])
        .current_dir(folder.path())
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let pdf = folder.path().join("output/book-mixed/book.pdf");
    // the subtitle says what the book holds
    let title = page_text(&pdf, 1);
    assert!(
        title.starts_with("Sudoku Variety 6 puzzles: Sudoku, ") && title.ends_with(" A. Setter"),
        "{title}"
    );
    assert!(title.contains("Greater killer"), "{title}");
    let colophon = page_text(&pdf, 2);
    for expected in [
        "6 puzzles:",
        "Book preset book-mixed, seed 1",
        "sudokit book --preset book-mixed --seed 1 --count 1 --author 'A. Setter'",
        "DejaVu Sans",
    ] {
        assert!(colophon.contains(expected), "{expected}: {colophon}");
    }
    // a how-to-play page per rule: classic, diagonals, cages, comparisons
    for (page, heading) in [
        (3, "How to play: Sudoku "),
        (4, "How to play: Sudoku X "),
        (5, "How to play: Killer "),
        (6, "How to play: Greater killer "),
    ] {
        assert!(page_text(&pdf, page).starts_with(heading), "page {page}");
    }
    // then the sections by level, each page headed by its level, each puzzle captioned
    let records = std::fs::read_to_string(folder.path().join("output/book-mixed/puzzles.jsonl"))
        .expect("puzzles.jsonl");
    let mut levels: Vec<String> = records
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            // the buyer reads Expert where the rating says Unfair
            match record["level"].as_str().expect("a level") {
                "Unfair" => "Expert".to_string(),
                level => level.to_string(),
            }
        })
        .collect();
    levels.dedup();
    let first_puzzle_page = page_text(&pdf, 7);
    assert!(
        first_puzzle_page.starts_with(&levels[0]),
        "{first_puzzle_page}"
    );
    // a caption names the variant (the book holds several) and the level
    assert!(
        first_puzzle_page.contains(&format!("· {}", levels[0])),
        "{first_puzzle_page}"
    );
    let bytes = std::fs::read(&pdf).expect("the book");
    let text = String::from_utf8_lossy(&bytes);
    let outline = text.split("/Type/Outlines").nth(1).expect("an outline");
    let count: usize = outline
        .split("/Count ")
        .nth(1)
        .and_then(|rest| {
            rest.split(|character: char| !character.is_ascii_digit())
                .next()
        })
        .and_then(|count| count.parse().ok())
        .expect("a count");
    assert_eq!(
        count,
        1 + levels.len() + 1,
        "how to play, a section per level, solutions"
    );
    let all = poppler("pdftotext", &[], &pdf, &["-"]);
    assert!(!title.contains("seed") && all.contains("Solutions"));
}

#[test]
fn an_unknown_book_preset_is_named_with_the_shipped_ones() {
    let folder = tempfile::tempdir().expect("temporary directory");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["book", "--preset", "book-nope"])
        .current_dir(folder.path())
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("no book preset named \"book-nope\""),
        "{stderr}"
    );
    assert!(stderr.contains("book-large-print"), "{stderr}");
}

#[test]
fn a_generated_book_prints_again_on_other_paper_from_its_records() {
    if !poppler_available() {
        return;
    }
    let folder = tempfile::tempdir().expect("temporary directory");
    let first = folder.path().join("first");
    succeeds(&[
        "book",
        "--preset",
        "book-killer",
        "--count",
        "1",
        "--out",
        path_text(&first),
    ]);
    let records = first.join("puzzles.jsonl");
    let again = folder.path().join("again");
    succeeds(&[
        "book",
        "--preset",
        "book-killer",
        "--from",
        path_text(&records),
        "--paper",
        "6x9in",
        "--out",
        path_text(&again),
    ]);
    let pdf = again.join("book.pdf");
    let info = poppler("pdfinfo", &[], &pdf, &[]);
    assert!(info.contains("Page size:       432 x 648 pts"), "{info}");
    // the same puzzles in the same order, the preset's title, a colophon that says so
    assert_eq!(
        std::fs::read_to_string(&records).unwrap(),
        std::fs::read_to_string(again.join("puzzles.jsonl")).unwrap()
    );
    assert!(page_text(&pdf, 1).starts_with("Killer Sudoku"));
    assert!(page_text(&pdf, 2).contains("Book preset book-killer, the puzzles read from a file."));
}
