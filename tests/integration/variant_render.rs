//! Variant puzzles drawn by `sudokit render` (issue 27, point 7): every shared variant puzzle
//! as an SVG picture and a PDF page, the same bytes on every run, and the clues outside the
//! grid printed on the page. The marks of each rule are tested on the drawing items, in
//! `src/render/variant/tests.rs`.

use std::process::Command;

use sudokit::model::variant::OutsideClue;
use sudokit::model::Constraint;
use sudokit::notation;
use sudokit::render;

use crate::helpers::{file_with, path_text, succeeds};
use crate::render::page_count;
use crate::variant_notation::published;

/// The text pdftotext reads on `page` of `pdf`, or `None` when poppler is not installed.
fn page_text(pdf: &std::path::Path, page: usize) -> Option<String> {
    let page = page.to_string();
    let output = Command::new("pdftotext")
        .args(["-f", &page, "-l", &page, path_text(pdf), "-"])
        .output()
        .ok()?;
    assert!(
        output.status.success(),
        "pdftotext failed on {}",
        pdf.display()
    );
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn render_draws_every_shared_variant_puzzle_as_svg_and_pdf() {
    let puzzles = published();
    let links: Vec<&str> = puzzles.iter().map(|puzzle| puzzle.link.as_str()).collect();
    let input = file_with(links.join("\n") + "\n", ".txt");
    let directory = tempfile::tempdir().expect("temporary directory");

    // one PDF page a puzzle, the same bytes twice (the file's stem is its title)
    let mut pdfs = Vec::new();
    for run in ["first", "second"] {
        std::fs::create_dir(directory.path().join(run)).expect("a folder");
        let pdf = directory.path().join(run).join("variants.pdf");
        succeeds(&[
            "render",
            path_text(input.path()),
            "--pdf",
            "--out",
            path_text(&pdf),
        ]);
        pdfs.push(std::fs::read(&pdf).expect("the PDF"));
    }
    assert_eq!(page_count(&pdfs[0]), puzzles.len());
    assert!(pdfs[0] == pdfs[1], "the same bytes on every run");

    // the clues outside the grid are printed on their page
    let pdf = directory.path().join("first/variants.pdf");
    for (index, published) in puzzles.iter().enumerate() {
        let entry = &notation::parse(&published.link, None).expect("a link")[0];
        let clues: Vec<String> = entry
            .puzzle
            .constraints()
            .iter()
            .filter_map(|constraint| match constraint {
                Constraint::Outside(OutsideClue { value, .. }) => Some(value.to_string()),
                Constraint::LittleKiller(clue) => Some(clue.sum.to_string()),
                _ => None,
            })
            .collect();
        if clues.is_empty() {
            continue;
        }
        let Some(text) = page_text(&pdf, index + 1) else {
            eprintln!("note: page text not checked, pdftotext not found");
            break;
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        for clue in &clues {
            assert!(
                words.contains(&clue.as_str()),
                "{}: clue {clue} not on page {}: {words:?}",
                published.title,
                index + 1
            );
        }
    }

    // one SVG picture a puzzle, as the library draws it
    let svg = directory.path().join("variant.svg");
    succeeds(&[
        "render",
        path_text(input.path()),
        "--svg",
        "--out",
        path_text(&svg),
    ]);
    for (index, published) in puzzles.iter().enumerate() {
        let path = directory.path().join(format!("variant-{}.svg", index + 1));
        let written = std::fs::read_to_string(&path).expect("an SVG picture");
        let entry = &notation::parse(&published.link, None).expect("a link")[0];
        assert_eq!(
            written,
            render::puzzle_svg(&entry.puzzle, None),
            "{}",
            published.title
        );
        let keys = &published.keys;
        let has = |key: &str| keys.iter().any(|known| known == key);
        if has("thermometer") || has("arrow") || has("betweenline") || has("difference") {
            assert!(written.contains("<circle"), "{}", published.title);
        }
        if has("xv") {
            assert!(
                written.contains(">V</text>") || written.contains(">X</text>"),
                "{}",
                published.title
            );
        }
        if has("palindrome") || has("renban") || has("whispers") || has("zipperline") {
            assert!(written.contains("<polyline"), "{}", published.title);
        }
    }
}
