//! Books looked at as a buyer and a self-publisher would (issue 31): on the drawing items of
//! every book preset, no glyph touches another mark, puzzle cells are at least 8 mm and
//! large print at least 14 pt; the cover's sheet follows KDP's formula; KDP's bleed; the
//! presets listed and found; and the first page of each section rendered with `pdftoppm`
//! and compared with reference images in `tests/data/pages` (`SUDOKIT_UPDATE_SNAPSHOTS=1`
//! writes them again after a layout change meant to be seen in review).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use sudokit::generate::Generator;
use sudokit::preset::Preset;
use sudokit::render::book::{self, Layout, RatedPuzzle, LEAST_CELL};
use sudokit::render::book_preset::{self, BookPreset};
use sudokit::render::cover::{self, CoverSize, CoverText, SPINE_TEXT_LEAST_PAGES};
use sudokit::render::drawing::{Drawing, Item};
use sudokit::render::ink;
use sudokit::render::paper::{Margins, Paper, PaperStock};

use crate::helpers::{path_text, sudokit, text};

/// `count` puzzles of each of the preset's sections, made as `book --preset` makes them.
fn preset_puzzles(preset: &BookPreset, count: usize) -> Vec<RatedPuzzle> {
    let mut puzzles = Vec::new();
    let mut first = 0u64;
    for section in &preset.sections {
        let generator =
            Generator::new(&Preset::builtin(&section.preset).expect("a shipped preset"))
                .expect("a generator");
        for offset in 0..count as u64 {
            let made = generator.puzzle(1, first + offset).expect("a puzzle");
            let grading = made.grading.expect("book presets are rated");
            puzzles.push(RatedPuzzle {
                puzzle: made.puzzle,
                solution: made.solution,
                level: grading.level,
                score: grading.score,
                trial_steps: Some(grading.trial_steps),
                credit: None,
            });
        }
        first += count as u64;
    }
    puzzles
}

fn layout_of(preset: &BookPreset, paper: &Paper) -> Layout {
    Layout {
        paper: paper.clone(),
        per_page: preset.per_page,
        large_print: preset.large_print,
        level_names: preset.level_names(),
        solutions_per_page: preset.solutions_per_page,
        sections_by_variant: preset.sections_by_variant,
        ..Layout::titled(preset.title.clone())
    }
}

/// Whether `item` is one of the marks the variants draw beneath the digits, light or thin
/// enough to read a digit over: shaded extra regions, even squares and odd circles and
/// thermometers (grey 0.8 and lighter), arrows' shafts and circles (strokes under 2 pt).
fn light_under_digits(item: &Item) -> bool {
    match item {
        Item::Fill { grey, .. } => *grey >= 0.75,
        Item::Circle { pen, fill, .. } | Item::Path { pen, fill, .. } => {
            fill.is_none_or(|grey| grey >= 0.75)
                && pen.is_none_or(|pen| pen.grey >= 0.75 || pen.width <= 2.0)
        }
        _ => false,
    }
}

/// Whether a white disc drawn between items `other` and `glyph` hides the part of `other`
/// (a straight grid line) that crosses the glyph's box: an X or V on its edge.
fn hidden_under_a_disc(page: &Drawing, glyph: usize, other: usize) -> bool {
    let (Some(ink), Item::Line { from, to, .. }) =
        (ink::item_text_box(&page.items[glyph]), &page.items[other])
    else {
        return false;
    };
    // the line's piece across the glyph's box
    let ends = if (from.y - to.y).abs() < 1e-9 {
        [
            (ink.left.max(from.x.min(to.x)), from.y),
            (ink.right.min(from.x.max(to.x)), from.y),
        ]
    } else if (from.x - to.x).abs() < 1e-9 {
        [
            (from.x, ink.top.max(from.y.min(to.y))),
            (from.x, ink.bottom.min(from.y.max(to.y))),
        ]
    } else {
        return false;
    };
    page.items[other + 1..glyph].iter().any(|item| match item {
        Item::Circle {
            center,
            radius,
            fill: Some(grey),
            ..
        } if *grey >= 1.0 => ends
            .iter()
            .all(|&(x, y)| (x - center.x).hypot(y - center.y) <= *radius),
        _ => false,
    })
}

/// Every pair of marks where one is drawn over a glyph, described; a variant's light mark
/// drawn before the glyph, beneath it, is not one, nor a grid line a white disc hides.
fn touched(page: &Drawing) -> Vec<String> {
    ink::glyphs_touched(page)
        .into_iter()
        .filter(|&(glyph, other)| {
            !(other < glyph
                && (light_under_digits(&page.items[other])
                    || hidden_under_a_disc(page, glyph, other)))
        })
        .map(|(glyph, other)| format!("{:?} under {:?}", page.items[glyph], page.items[other]))
        .collect()
}

/// Whether `page` is a how-to-play page (at the front, or opening a section of a book in
/// sections by variant): its small example grids are not puzzles to solve.
fn is_rules_page(page: &Drawing) -> bool {
    page.items
        .iter()
        .any(|item| matches!(item, Item::Text { text, .. } if text.starts_with("How to play:")))
}

#[test]
fn no_glyph_touches_another_mark_on_any_book_preset_or_cover() {
    for name in book_preset::builtin_names() {
        let preset = BookPreset::builtin(name).unwrap();
        let puzzles = preset_puzzles(&preset, 1);
        let made = book::book(&puzzles, &layout_of(&preset, &preset.paper)).expect("a book");
        for (number, page) in made.pages.iter().enumerate() {
            let found = touched(page);
            assert!(found.is_empty(), "{name} page {}: {found:#?}", number + 1);
            // the rater's word is never the buyer's
            for item in &page.items {
                if let Item::Text { text, .. } = item {
                    assert!(
                        !text.contains("Unfair"),
                        "{name} page {}: {text}",
                        number + 1
                    );
                }
            }
        }
        // a section of one puzzle is bookmarked "puzzle N", of several "puzzles N–M"
        for bookmark in &made.bookmarks[1..made.bookmarks.len() - 1] {
            let (_, numbers) = bookmark.title.split_once(": ").expect("a level's section");
            let single = numbers
                .strip_prefix("puzzle ")
                .is_some_and(|number| number.parse::<usize>().is_ok());
            let range = numbers
                .strip_prefix("puzzles ")
                .and_then(|range| range.split_once('–'))
                .is_some_and(|(first, last)| {
                    first.parse::<usize>().ok() < last.parse::<usize>().ok()
                });
            assert!(single || range, "{name}: {}", bookmark.title);
        }
        let size = CoverSize::of(&preset.paper, 120, PaperStock::White);
        let text = CoverText {
            title: preset.title.clone(),
            subtitle: Some(book::subtitle(&puzzles, &preset.level_names())),
            author: Some("A. Setter".into()),
            blurb: Some("Puzzles to solve with a pencil, each with one solution.".into()),
        };
        let sheet = cover::drawing(&size, 120, &text, &puzzles.last().unwrap().puzzle);
        let found = touched(&sheet);
        assert!(found.is_empty(), "{name} cover: {found:#?}");
    }
}

/// The side of the widest grid drawn on a page: its longest horizontal line.
fn widest_grid(page: &Drawing) -> f64 {
    page.items
        .iter()
        .filter_map(|item| match item {
            Item::Line { from, to, .. } if (from.y - to.y).abs() < 1e-9 => {
                Some((to.x - from.x).abs())
            }
            _ => None,
        })
        .fold(0.0, f64::max)
}

#[test]
fn every_book_preset_on_every_trim_keeps_cells_of_8_mm_or_refuses_saying_what_fits() {
    let mut papers: Vec<Paper> = Paper::named().collect();
    papers.push("7x10in".parse().unwrap());
    for name in book_preset::builtin_names() {
        let preset = BookPreset::builtin(name).unwrap();
        let puzzles = preset_puzzles(&preset, 1);
        let largest = puzzles
            .iter()
            .map(|rated| rated.puzzle.size())
            .max()
            .unwrap();
        for paper in &papers {
            let layout = layout_of(&preset, paper);
            let made = match book::book(&puzzles, &layout) {
                Ok(made) => made,
                Err(refused) => {
                    let message = refused.to_string();
                    assert!(
                        message.contains("under the 8 mm") || message.contains(" pt, under the "),
                        "{name} on {paper}: {message}"
                    );
                    assert!(paper != &preset.paper, "{name} on its own paper: {message}");
                    continue;
                }
            };
            // puzzle pages: from the first level's bookmark to the solutions'
            let first = made.bookmarks[1].page;
            let solutions = made.bookmarks.last().unwrap().page;
            for page in &made.pages[first..solutions] {
                if is_rules_page(page) {
                    continue;
                }
                let cell = widest_grid(page) / f64::from(largest);
                assert!(
                    cell >= LEAST_CELL.in_points() - 1e-6,
                    "{name} on {paper}: cells of {:.2} mm",
                    cell / 72.0 * 25.4
                );
            }
            if preset.large_print {
                for (number, page) in made.pages.iter().enumerate() {
                    for item in &page.items {
                        if let Item::Text { size, text, .. } = item {
                            assert!(
                                *size >= 14.0 - 1e-9,
                                "{name} page {}: {text:?} at {size}",
                                number + 1
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The grids drawn on a page, each as its outer edges: a grid is square, so its top and
/// bottom borders are two of the longest solid horizontal lines, with the same left end
/// and as far apart as they are long (the cell lines between them may be cut around sums
/// and signs), the topmost such pair first.
fn grids_on(page: &Drawing) -> Vec<ink::Rectangle> {
    let lines: Vec<(f64, f64, f64)> = page
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Line {
                from,
                to,
                dash: None,
                ..
            } if (from.y - to.y).abs() < 1e-9 => {
                Some((from.x.min(to.x), from.y, (to.x - from.x).abs()))
            }
            _ => None,
        })
        .collect();
    let longest = lines.iter().map(|line| line.2).fold(0.0, f64::max);
    let borders: Vec<(f64, f64)> = lines
        .iter()
        .filter(|line| line.2 > longest - 3.0 && longest > 50.0)
        .map(|line| (line.0, line.1))
        .collect();
    let mut grids: Vec<ink::Rectangle> = Vec::new();
    for &(left, top) in &borders {
        let bottom = borders.iter().find(|&&(other_left, y)| {
            (other_left - left).abs() < 1.0 && (y - top - longest).abs() < 3.0
        });
        if let Some(&(_, bottom)) = bottom {
            grids.push(ink::Rectangle {
                left,
                top,
                right: left + longest,
                bottom,
            });
        }
    }
    // from the top down, a pair overlapping a grid already found joins a cell line of one
    // grid to a line of the next: not a grid
    grids.sort_by(|a, b| (a.top, a.left).partial_cmp(&(b.top, b.left)).unwrap());
    let mut found: Vec<ink::Rectangle> = Vec::new();
    for grid in grids {
        if !found.iter().any(|other| other.grown(1.0).meets(&grid)) {
            found.push(grid);
        }
    }
    found
}

/// How a page's grids are spaced: the gaps between neighbours across and down (down from a
/// grid to the top of the ink of the next grid's caption), and the room from the block of
/// grids to the left and right margins, to the heading's baseline above and to the top of
/// the page number below.
#[derive(Debug)]
struct Spacing {
    between: Vec<f64>,
    left: f64,
    right: f64,
    above: f64,
    below: f64,
}

fn spacing(page: &Drawing, content_left: f64, content_right: f64) -> Option<Spacing> {
    let grids = grids_on(page);
    let texts: Vec<ink::Rectangle> = page.items.iter().filter_map(ink::item_text_box).collect();
    let page_number = texts.last()?;
    // the heading's baseline (its ink reaches lower for a word with a descender)
    let heading = page.items.iter().find_map(|item| match item {
        Item::Text { at, .. } => Some(at.y),
        _ => None,
    })?;
    // the top of a grid's block: its caption's ink, or the grid where it has none
    let block_top = |grid: &ink::Rectangle| {
        texts
            .iter()
            .filter(|text| {
                text.bottom <= grid.top + 0.5
                    && text.bottom > grid.top - 15.0
                    && text.left >= grid.left - 1.0
                    && text.right <= grid.right + 1.0
            })
            .map(|text| text.top)
            .fold(grid.top, f64::min)
    };
    let mut between = Vec::new();
    for grid in &grids {
        let right_neighbour = grids
            .iter()
            .filter(|other| (other.top - grid.top).abs() < 1.0 && other.left > grid.right)
            .map(|other| other.left - grid.right)
            .fold(f64::INFINITY, f64::min);
        let below_neighbour = grids
            .iter()
            .filter(|other| (other.left - grid.left).abs() < 1.0 && other.top > grid.bottom)
            .map(|other| block_top(other) - grid.bottom)
            .fold(f64::INFINITY, f64::min);
        between.extend(
            [right_neighbour, below_neighbour]
                .into_iter()
                .filter(|gap| gap.is_finite()),
        );
    }
    let first_top = grids.iter().map(block_top).fold(f64::INFINITY, f64::min);
    Some(Spacing {
        between,
        left: grids
            .iter()
            .map(|grid| grid.left)
            .fold(f64::INFINITY, f64::min)
            - content_left,
        right: content_right - grids.iter().map(|grid| grid.right).fold(0.0, f64::max),
        above: first_top - heading,
        below: page_number.top - grids.iter().map(|grid| grid.bottom).fold(0.0, f64::max),
    })
}

#[test]
fn grids_are_as_large_as_the_page_allows_and_evenly_spaced_on_every_preset_and_trim() {
    let mut papers: Vec<Paper> = Paper::named().collect();
    papers.push("7x10in".parse().unwrap());
    let mut measured = 0;
    for name in book_preset::builtin_names() {
        let preset = BookPreset::builtin(name).unwrap();
        let puzzles = preset_puzzles(&preset, preset.per_page.max(2));
        for paper in &papers {
            let Ok(made) = book::book(&puzzles, &layout_of(&preset, paper)) else {
                continue; // refused for small cells: the test above
            };
            let margins = Margins::for_pages(made.pages.len());
            // from the first level's section (after the how-to-play pages) to the end
            let first = made
                .bookmarks
                .iter()
                .find(|bookmark| bookmark.title.contains(": puzzle"))
                .unwrap()
                .page;
            // per grid side, the fullest page and its spacing: the others (a section's last
            // page, not full) keep its places
            let solutions = made.bookmarks.last().unwrap().page;
            let mut fullest: Vec<((f64, bool), usize, Spacing, String)> = Vec::new();
            for (index, page) in made.pages.iter().enumerate().skip(first) {
                let (inner_left, inner_right) = margins.left_and_right(index + 1);
                let content_left = inner_left.in_points();
                let content_right = page.width - inner_right.in_points();
                let at = format!("{name} on {paper}, page {}", index + 1);
                if is_rules_page(page) {
                    continue;
                }
                let Some(spacing) = spacing(page, content_left, content_right) else {
                    continue;
                };
                // the same gap between every two neighbours, across and down
                if let (Some(least), Some(most)) = (
                    spacing.between.iter().copied().reduce(f64::min),
                    spacing.between.iter().copied().reduce(f64::max),
                ) {
                    assert!(most - least < 3.0, "{at}: gaps {:?}", spacing.between);
                    assert!(least >= 17.0, "{at}: gaps {:?}", spacing.between);
                    measured += 1;
                }
                let grids = grids_on(page);
                let kind = (grids[0].right - grids[0].left, index >= solutions);
                match fullest
                    .iter_mut()
                    .find(|(other, ..)| (other.0 - kind.0).abs() < 0.5 && other.1 == kind.1)
                {
                    Some(entry) => {
                        // the same places as the other pages of grids this size
                        assert!(
                            (entry.2.above - spacing.above).abs() < 4.0,
                            "{at}: {spacing:?} against {}",
                            entry.3
                        );
                        if grids.len() > entry.1 {
                            *entry = (kind, grids.len(), spacing, at);
                        }
                    }
                    None => fullest.push((kind, grids.len(), spacing, at)),
                }
            }
            for (_, _, spacing, at) in &fullest {
                // the block centred: as much room on the left as on the right, above as below
                assert!(
                    (spacing.left - spacing.right).abs() < 3.0,
                    "{at}: {spacing:?}"
                );
                assert!(
                    (spacing.above - spacing.below).abs() < 4.0,
                    "{at}: {spacing:?}"
                );
                // as large as the page allows: the block reaches the margins across, or it
                // fills the height between the heading and the page number
                // (across, the grids' area stands half the widest border, 1.2 pt, inside)
                assert!(
                    spacing.left < 2.0 || spacing.above < 24.0,
                    "{at}: room left across and down: {spacing:?}"
                );
                // the outer border's ink (at most 2.4 pt wide) stays inside the margins
                assert!(
                    spacing.left.min(spacing.right) >= 1.2 - 1e-6,
                    "{at}: a border reaches into the margin: {spacing:?}"
                );
            }
        }
    }
    assert!(
        measured > 20,
        "pages with several grids measured: {measured}"
    );
}

#[test]
fn too_many_to_a_page_is_refused_with_the_most_that_fit_or_printed_with_force() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("x");
    let arguments = [
        "book",
        "--preset",
        "book-x",
        "--count",
        "1",
        "--per-page",
        "4",
        "--out",
        path_text(&out),
    ];
    let refused = sudokit(&arguments);
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    // after the progress notes, one line says why
    assert_eq!(
        stderr.trim().lines().last().unwrap_or(""),
        "error: on 6x9in paper, 4 puzzles to a page would make 16×16 cells 3.9 mm wide, under the 8 mm a solver writes in: at most 1 to a page fits (--per-page 1), or --force prints them anyway"
    );
    assert!(!out.join("book.pdf").exists());
    let forced = sudokit(&[&arguments[..], &["--force", "--bleed", "kdp"]].concat());
    let stderr = text(&forced.stderr);
    assert!(forced.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "cells 3.9 mm wide, under the 8 mm a solver writes in; printed anyway, as --force asks"
        ),
        "{stderr}"
    );
    // a proof copy this short, made for KDP, is under its page minimum, and the maker is told
    assert!(stderr.contains("fewer than the 24 KDP prints"), "{stderr}");
}

#[test]
fn a_layout_that_cannot_fit_is_refused_before_any_puzzle_is_generated() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("classic");
    let refused = sudokit(&[
        "book",
        "--preset",
        "book-classic",
        "--paper",
        "6x9in",
        "--per-page",
        "4",
        "--out",
        path_text(&out),
    ]);
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    // refused at once: not one puzzle generated, one line saying why and what fits
    assert!(!stderr.contains("generating"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("on 6x9in paper, 4 puzzles to a page would make 9×9 cells")
            && stderr.contains("at most 2 to a page fits (--per-page 2)"),
        "{stderr}"
    );
    assert!(!out.exists());
}

#[test]
fn paper_alone_prints_the_most_to_a_page_that_fit() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("classic");
    let made = sudokit(&[
        "book",
        "--preset",
        "book-classic",
        "--count",
        "2",
        "--paper",
        "6x9in",
        "--out",
        path_text(&out),
    ]);
    let stderr = text(&made.stderr);
    assert!(made.status.success(), "{stderr}");
    // the preset's 4 would make cells under 8 mm on 6×9 in; 2 keep them
    assert!(
        stderr.contains("2 puzzles to a page, the most that keep cells at 8 mm on 6x9in paper"),
        "{stderr}"
    );
    assert!(out.join("book.pdf").exists());
    // asked for on the preset's own paper, its own count stands and nothing is said
    let own = folder.path().join("own");
    let made = sudokit(&[
        "book",
        "--preset",
        "book-classic",
        "--count",
        "2",
        "--out",
        path_text(&own),
    ]);
    let stderr = text(&made.stderr);
    assert!(made.status.success(), "{stderr}");
    assert!(!stderr.contains("to a page"), "{stderr}");
}

#[test]
fn the_grids_stand_half_a_border_inside_the_margins() {
    // a 6×9 in page at 2 to a page: cells about 8.5 mm, the border 2.4 pt, on a 0.375 in
    // gutter, the tightest of the shipped trims
    let preset = BookPreset::builtin("book-classic").unwrap();
    let puzzles = preset_puzzles(&preset, 2);
    let paper: Paper = "6x9in".parse().unwrap();
    let layout = Layout {
        per_page: 2,
        ..layout_of(&preset, &paper)
    };
    let made = book::book(&puzzles, &layout).unwrap();
    let margins = Margins::for_pages(made.pages.len());
    let mut checked = 0;
    for (index, page) in made.pages.iter().enumerate() {
        let (left, right) = margins.left_and_right(index + 1);
        for item in &page.items {
            if let Item::Line {
                from, to, width, ..
            } = item
            {
                for x in [from.x, to.x] {
                    assert!(
                        x - width / 2.0 >= left.in_points() - 1e-6
                            && x + width / 2.0 <= page.width - right.in_points() + 1e-6,
                        "page {}: a {width} pt line at x = {x:.2} reaches into the margin",
                        index + 1
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "lines checked: {checked}");
}

#[test]
fn a_book_from_the_shared_variant_links_explains_every_rule() {
    if !poppler_available() {
        return;
    }
    // the 21 shared f-puzzles variant puzzles, one link a line
    let table =
        std::fs::read_to_string(crate::helpers::data_path("variants/fpuzzles_variants.tsv"))
            .unwrap();
    let links: Vec<&str> = table
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.split('\t').nth(2))
        .collect();
    assert_eq!(links.len(), 21);
    let (_folder, out, words) = book_from(&(links.join("\n") + "\n"));
    let pdf = out.join("book.pdf");
    // a page for each rule the 21 puzzles follow
    for heading in [
        "How to play: Anti-king",
        "How to play: Palindrome",
        "How to play: Little killer",
        "How to play: Renban",
        "How to play: Whispers",
        "How to play: Between lines",
        "How to play: Region sum lines",
        "How to play: Zipper lines",
        "How to play: Slow thermo",
        "How to play: Sandwich",
        "How to play: X-sums",
        "How to play: Skyscrapers",
        "How to play: Clone",
        "How to play: Quadruple",
        "How to play: Minimum/maximum",
        "How to play: Disjoint groups",
        "How to play: Entropic lines",
    ] {
        assert!(words.contains(heading), "{heading} missing");
    }
    // every puzzle and its solution printed: 21 puzzle numbers on the solution pages
    assert_eq!(
        std::fs::read_to_string(out.join("puzzles.jsonl"))
            .unwrap()
            .lines()
            .count(),
        21
    );
    assert!(page_count(&pdf) > 21 / 4 + 18);
    // a setter's puzzle is credited under its grid with its document's title and author
    for credit in [
        "Blitz — by Patrick",
        "Alien — by Lisztes",
        "159 — by zetamath",
        "Hay Fever — by G",
    ] {
        assert!(words.contains(credit), "{credit} missing");
    }
}

#[test]
fn a_book_of_puzzle_lines_credits_no_one() {
    if !poppler_available() {
        return;
    }
    // a line's name is an index's, not a setter's: nothing is printed under the grid
    let (_folder, _out, words) = book_from(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... a name\n",
    );
    assert!(!words.contains("a name"), "{words}");
}

/// `book --from` a file holding `puzzles`: the folder (kept while in use), the book's
/// folder in it, and the book's words as pdftotext reads them.
fn book_from(puzzles: &str) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let folder = tempfile::tempdir().unwrap();
    let input = folder.path().join("puzzles.txt");
    std::fs::write(&input, puzzles).unwrap();
    let out = folder.path().join("book");
    let made = sudokit(&[
        "book",
        "--from",
        path_text(&input),
        "--out",
        path_text(&out),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let extracted = Command::new("pdftotext")
        .arg(out.join("book.pdf"))
        .arg("-")
        .output()
        .expect("pdftotext runs");
    assert!(extracted.status.success());
    (folder, out, text(&extracted.stdout))
}

#[test]
fn the_shipped_book_presets_meet_kdp_page_minimum() {
    if !poppler_available() {
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    for name in book_preset::builtin_names() {
        let out = folder.path().join(name);
        let made = sudokit(&["book", "--preset", name, "--out", path_text(&out)]);
        let stderr = text(&made.stderr);
        assert!(made.status.success(), "{name}: {stderr}");
        assert!(!stderr.contains("warning"), "{name}: {stderr}");
        let pages = page_count(&out.join("book.pdf"));
        assert!(pages >= 24, "{name}: {pages} pages");
    }
}

/// KDP's cover-size formula, written out: width = bleed + back + spine + front + bleed,
/// height = bleed + trim height + bleed, spine = pages × thickness a page.
fn kdp_cover(trim: (f64, f64), pages: usize, per_page: f64) -> (f64, f64) {
    let bleed = 0.125;
    let spine = pages as f64 * per_page;
    (
        bleed + trim.0 + spine + trim.0 + bleed,
        bleed + trim.1 + bleed,
    )
}

#[test]
fn the_cover_sheet_follows_kdp_formula_for_three_page_counts() {
    let six: Paper = "6x9in".parse().unwrap();
    for pages in [24, 150, 480] {
        for (stock, thickness) in [(PaperStock::White, 0.002252), (PaperStock::Cream, 0.0025)] {
            let size = CoverSize::of(&six, pages, stock);
            let (width, height) = kdp_cover((6.0, 9.0), pages, thickness);
            assert!(
                (size.width / 72.0 - width).abs() < 1e-9,
                "{pages} {stock:?}"
            );
            assert!(
                (size.height / 72.0 - height).abs() < 1e-9,
                "{pages} {stock:?}"
            );
        }
    }
    // spine text only from KDP's page minimum for it
    let puzzles = preset_puzzles(&BookPreset::builtin("book-classic").unwrap(), 1);
    let text = CoverText {
        title: "Classic Sudoku".into(),
        subtitle: None,
        author: Some("A. Setter".into()),
        blurb: None,
    };
    let turned = |pages: usize| {
        let size = CoverSize::of(&six, pages, PaperStock::White);
        cover::drawing(&size, pages, &text, &puzzles[0].puzzle)
            .items
            .iter()
            .any(|item| matches!(item, Item::Turned { .. }))
    };
    // under KDP's minimum never; above it once the spine holds 7 pt text
    assert!(!turned(SPINE_TEXT_LEAST_PAGES - 1));
    assert!(turned(120));
}

/// `pdfinfo`'s page size line of `pdf`'s page `number`, as (width, height) in points.
fn page_size(pdf: &Path, number: usize) -> Option<(f64, f64)> {
    let output = Command::new("pdfinfo")
        .args(["-f", &number.to_string(), "-l", &number.to_string()])
        .arg(pdf)
        .output()
        .ok()?;
    let info = text(&output.stdout);
    let line = info.lines().find(|line| line.contains("size:"))?;
    let numbers: Vec<f64> = line
        .split_whitespace()
        .filter_map(|word| word.parse().ok())
        .collect();
    Some((numbers[numbers.len() - 2], numbers[numbers.len() - 1]))
}

/// `pdfinfo`'s page count of `pdf`.
fn page_count(pdf: &Path) -> usize {
    text(
        &Command::new("pdfinfo")
            .arg(pdf)
            .output()
            .expect("pdfinfo runs")
            .stdout,
    )
    .lines()
    .find_map(|line| line.strip_prefix("Pages:"))
    .and_then(|count| count.trim().parse().ok())
    .expect("a page count")
}

/// Whether poppler's tools are here; under CI=true their absence fails.
fn poppler_available() -> bool {
    let found = Command::new("pdftoppm")
        .arg("-v")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        let in_ci = std::env::var("CI").is_ok_and(|value| value == "true");
        assert!(!in_ci, "pdftoppm (poppler-utils) is missing, and CI=true");
        eprintln!("note: skipped, pdftoppm not found (apt-get install poppler-utils)");
    }
    found
}

#[test]
fn book_cover_writes_a_full_wrap_sheet_and_kdp_bleed_reaches_the_outside_edge() {
    if !poppler_available() {
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("book");
    let made = sudokit(&[
        "book",
        "--preset",
        "book-x",
        "--count",
        "1",
        "--bleed",
        "kdp",
        "--cover",
        "--paper-stock",
        "cream",
        "--blurb",
        "Sixteen puzzles with diagonals.",
        "--author",
        "A. Setter",
        "--copyright",
        "© 2026 A. Setter",
        "--isbn",
        "978-0-00-000000-0",
        "--out",
        path_text(&out),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let pdf = out.join("book.pdf");
    let pages = page_count(&pdf);
    // 6×9 in with KDP's bleed: 6.125 × 9.25 in, right- and left-hand pages alike
    for number in [1, 2] {
        let (width, height) = page_size(&pdf, number).expect("a page size");
        assert!(
            (width - 441.0).abs() < 0.01 && (height - 666.0).abs() < 0.01,
            "{width} {height}"
        );
    }
    let (width, height) = page_size(&out.join("cover.pdf"), 1).expect("a cover");
    let (kdp_width, kdp_height) = kdp_cover((6.0, 9.0), pages, 0.0025);
    assert!(
        (width - kdp_width * 72.0).abs() < 0.01,
        "{width} against {kdp_width} in"
    );
    assert!((height - kdp_height * 72.0).abs() < 0.01, "{height}");
    let words = text(
        &Command::new("pdftotext")
            .arg(out.join("cover.pdf"))
            .arg("-")
            .output()
            .unwrap()
            .stdout,
    );
    for expected in ["Sudoku X", "A. Setter", "Sixteen puzzles with diagonals."] {
        assert!(words.contains(expected), "{expected}: {words}");
    }
    // the colophon's copyright and ISBN lines
    let colophon = text(
        &Command::new("pdftotext")
            .args(["-f", "2", "-l", "2"])
            .arg(&pdf)
            .arg("-")
            .output()
            .unwrap()
            .stdout,
    );
    for expected in ["© 2026 A. Setter", "ISBN 978-0-00-000000-0"] {
        assert!(colophon.contains(expected), "{expected}: {colophon}");
    }
}

#[test]
fn presets_lists_book_presets_and_a_folder_named_like_one_hides_nothing() {
    let listed = sudokit(&["presets"]);
    let stdout = text(&listed.stdout);
    for name in book_preset::builtin_names() {
        assert!(
            stdout
                .lines()
                .any(|line| line.starts_with(name) && line.contains("book:")),
            "{name}: {stdout}"
        );
    }
    let shown = sudokit(&["presets", "--show", "book-killer"]);
    let ron = text(&shown.stdout);
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    assert_eq!(
        BookPreset::from_ron(&ron).unwrap(),
        BookPreset::builtin("book-killer").unwrap()
    );
    // folders named like presets, in the current folder and in presets/
    let folder = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(folder.path().join("book-killer")).unwrap();
    std::fs::create_dir_all(folder.path().join("presets/killer-easy.ron")).unwrap();
    std::fs::create_dir_all(folder.path().join("presets/book-killer.ron")).unwrap();
    let run = |arguments: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(arguments)
            .current_dir(folder.path())
            .output()
            .expect("the binary runs")
    };
    let shown = run(&["presets", "--show", "book-killer"]);
    assert!(
        text(&shown.stdout).contains("Killer Sudoku"),
        "{}",
        text(&shown.stderr)
    );
    let made = run(&[
        "book",
        "--preset",
        "book-killer",
        "--count",
        "1",
        "--out",
        "made",
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    assert!(folder.path().join("made/book.pdf").is_file());
}

/// The texts of `page`, in drawing order.
fn texts_of(page: &Drawing) -> Vec<&str> {
    page.items
        .iter()
        .filter_map(|item| match item {
            Item::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// The puzzles on a page of puzzles: each one's number (bold, at the grid's left) and the
/// caption on the same baseline.
fn numbered_captions(page: &Drawing) -> Vec<(usize, String)> {
    let texts: Vec<(f64, &str, bool)> = page
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Text {
                at, text, typeface, ..
            } => Some((
                at.y,
                text.as_str(),
                *typeface == sudokit::render::drawing::Typeface::Bold,
            )),
            _ => None,
        })
        .collect();
    texts
        .iter()
        .filter_map(|&(y, text, bold)| {
            let number: usize = text.parse().ok().filter(|_| bold)?;
            let caption = texts
                .iter()
                .find(|&&(other_y, other, other_bold)| {
                    (other_y - y).abs() < 1e-9 && !other_bold && other.contains(" · ")
                })?
                .1;
            Some((number, caption.to_string()))
        })
        .collect()
}

/// The variant each section of book-variety holds, by its generator preset, in order.
const VARIETY_SECTIONS: [(&str, &str); 9] = [
    ("jigsaw-medium", "Jigsaw"),
    ("windoku", "Windoku"),
    ("anti-knight", "Anti-knight"),
    ("thermo", "Thermo"),
    ("arrow", "Arrow"),
    ("even-odd", "Even/odd"),
    ("consecutive", "Consecutive"),
    ("kropki", "Kropki"),
    ("xv", "XV"),
];

#[test]
fn book_variety_opens_each_section_with_its_rule_and_numbers_its_files_as_its_pages() {
    let preset = BookPreset::builtin("book-variety").unwrap();
    assert!(preset.sections_by_variant);
    let sections: Vec<&str> = preset
        .sections
        .iter()
        .map(|section| section.preset.as_str())
        .collect();
    let expected: Vec<&str> = VARIETY_SECTIONS.iter().map(|(name, _)| *name).collect();
    assert_eq!(sections, expected);
    let puzzles = preset_puzzles(&preset, 2);
    let made = book::book(&puzzles, &layout_of(&preset, &preset.paper)).expect("a book");
    // the rules of Sudoku at the front, then a section per variant, then the solutions
    let titles: Vec<&str> = made
        .bookmarks
        .iter()
        .map(|bookmark| bookmark.title.as_str())
        .collect();
    assert_eq!(titles.first(), Some(&"How to play"));
    assert_eq!(titles.last(), Some(&"Solutions"));
    let front = &made.pages[made.bookmarks[0].page];
    assert_eq!(texts_of(front)[0], "How to play: Sudoku");
    assert!(
        texts_of(front)
            .iter()
            .any(|text| text.contains("a section for each kind")),
        "{:?}",
        texts_of(front)
    );
    let mut numbered: Vec<(usize, String)> = Vec::new();
    let sections = &made.bookmarks[1..made.bookmarks.len() - 1];
    assert_eq!(sections.len(), VARIETY_SECTIONS.len(), "{titles:?}");
    for (position, (bookmark, &(_, variant))) in sections.iter().zip(&VARIETY_SECTIONS).enumerate()
    {
        let first = 2 * position + 1;
        assert_eq!(
            bookmark.title,
            format!("{variant}: puzzles {first}–{}", first + 1)
        );
        // the section's first page is its rule's, the next its puzzles'
        let opening = texts_of(&made.pages[bookmark.page]);
        assert_eq!(opening[0], format!("How to play: {variant}"), "{opening:?}");
        let said = opening.join(" ");
        let promise = match variant {
            "Kropki" => Some("Every white dot is shown"),
            "Consecutive" => Some("Every such dot is shown"),
            "XV" => Some("Every X and V is shown"),
            _ => None,
        };
        if let Some(promise) = promise {
            assert!(said.contains(promise), "{variant}: {said}");
        }
        let puzzles_page = &made.pages[bookmark.page + 1];
        assert_eq!(texts_of(puzzles_page)[0], variant);
        for (number, caption) in numbered_captions(puzzles_page) {
            assert!(caption.starts_with(&format!("{variant} · ")), "{caption}");
            numbered.push((number, variant.to_string()));
        }
    }
    assert_eq!(
        numbered
            .iter()
            .map(|(number, _)| *number)
            .collect::<Vec<_>>(),
        (1..=18).collect::<Vec<_>>()
    );
    // the files the command writes number the puzzles as the pages do
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("variety");
    let run = sudokit(&[
        "book",
        "--preset",
        "book-variety",
        "--count",
        "2",
        "--seed",
        "1",
        "--out",
        path_text(&out),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let records = std::fs::read_to_string(out.join("puzzles.jsonl")).unwrap();
    for (line, (number, variant)) in records.lines().zip(&numbered) {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["number"], *number as u64, "{line}");
        let preset = record["preset"].as_str().unwrap();
        let section = VARIETY_SECTIONS
            .iter()
            .find(|(name, _)| *name == preset)
            .unwrap();
        assert_eq!(section.1, variant, "puzzle {number}");
    }
    let listed = std::fs::read_to_string(out.join("puzzles.txt")).unwrap();
    assert!(listed.contains("puzzle 18"), "{listed}");
}

#[test]
fn book_variety_is_the_same_bytes_for_the_same_seed() {
    let folder = tempfile::tempdir().unwrap();
    let make = |name: &str, seed: &str| {
        let out = folder.path().join(name);
        let run = sudokit(&[
            "book",
            "--preset",
            "book-variety",
            "--count",
            "1",
            "--seed",
            seed,
            "--out",
            path_text(&out),
        ]);
        assert!(run.status.success(), "{}", text(&run.stderr));
        ["book.pdf", "puzzles.txt", "puzzles.jsonl"]
            .map(|file| std::fs::read(out.join(file)).unwrap())
    };
    let first = make("first", "7");
    let again = make("again", "7");
    assert!(first == again, "the same seed made other bytes");
    let other = make("other", "8");
    assert!(first[0] != other[0] && first[1] != other[1]);
}

// ---- reference images ----

/// A grey image: width, height, one byte a pixel.
struct Image {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

/// Reads `pdftoppm -gray` output (binary PGM).
fn read_pgm(bytes: &[u8]) -> Image {
    let mut fields = Vec::new();
    let mut position = 0;
    while fields.len() < 4 {
        while bytes[position].is_ascii_whitespace() {
            position += 1;
        }
        let start = position;
        while !bytes[position].is_ascii_whitespace() {
            position += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..position]).into_owned());
    }
    assert_eq!(fields[0], "P5", "a binary grey PGM");
    let (width, height): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = bytes[position + 1..position + 1 + width * height].to_vec();
    Image {
        width,
        height,
        pixels,
    }
}

fn crc(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The image as an 8-bit grey PNG (every row unfiltered), viewable in review.
fn write_png(image: &Image) -> Vec<u8> {
    let mut raw = Vec::with_capacity((image.width + 1) * image.height);
    for row in image.pixels.chunks(image.width) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut encoder, &raw).unwrap();
    let compressed = encoder.finish().unwrap();
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut chunk = |kind: &[u8], body: &[u8]| {
        png.extend_from_slice(&(body.len() as u32).to_be_bytes());
        let mut typed = kind.to_vec();
        typed.extend_from_slice(body);
        png.extend_from_slice(&typed);
        png.extend_from_slice(&crc(&typed).to_be_bytes());
    };
    let mut header = Vec::new();
    header.extend_from_slice(&(image.width as u32).to_be_bytes());
    header.extend_from_slice(&(image.height as u32).to_be_bytes());
    header.extend_from_slice(&[8, 0, 0, 0, 0]);
    chunk(b"IHDR", &header);
    chunk(b"IDAT", &compressed);
    chunk(b"IEND", &[]);
    png
}

/// Reads a PNG [`write_png`] wrote: 8-bit grey, unfiltered rows.
fn read_png(bytes: &[u8]) -> Image {
    let mut position = 8;
    let (mut width, mut height, mut data) = (0, 0, Vec::new());
    while position + 8 <= bytes.len() {
        let length = u32::from_be_bytes(bytes[position..position + 4].try_into().unwrap()) as usize;
        let kind = &bytes[position + 4..position + 8];
        let body = &bytes[position + 8..position + 8 + length];
        match kind {
            b"IHDR" => {
                width = u32::from_be_bytes(body[0..4].try_into().unwrap()) as usize;
                height = u32::from_be_bytes(body[4..8].try_into().unwrap()) as usize;
                assert_eq!(&body[8..10], &[8, 0], "8-bit grey");
            }
            b"IDAT" => data.extend_from_slice(body),
            _ => {}
        }
        position += 12 + length;
    }
    let mut raw = Vec::new();
    flate2::read::ZlibDecoder::new(&data[..])
        .read_to_end(&mut raw)
        .unwrap();
    let mut pixels = Vec::with_capacity(width * height);
    for row in raw.chunks(width + 1) {
        assert_eq!(row[0], 0, "unfiltered rows");
        pixels.extend_from_slice(&row[1..]);
    }
    Image {
        width,
        height,
        pixels,
    }
}

fn reference_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pages")
        .join(format!("{name}.png"))
}

/// How far two images differ: the mean difference of a pixel (0–255) and the share of
/// pixels differing by more than a quarter of the scale.
fn difference(first: &Image, second: &Image) -> (f64, f64) {
    let total: u64 = first
        .pixels
        .iter()
        .zip(&second.pixels)
        .map(|(a, b)| u64::from(a.abs_diff(*b)))
        .sum();
    let far = first
        .pixels
        .iter()
        .zip(&second.pixels)
        .filter(|(a, b)| a.abs_diff(**b) > 64)
        .count();
    let count = first.pixels.len().max(1) as f64;
    (total as f64 / count, far as f64 / count)
}

#[test]
fn the_first_page_of_each_section_of_every_book_preset_looks_as_reviewed() {
    if !poppler_available() {
        return;
    }
    let update = std::env::var_os("SUDOKIT_UPDATE_SNAPSHOTS").is_some();
    let folder = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for name in book_preset::builtin_names() {
        let out = folder.path().join(name);
        let made = sudokit(&[
            "book",
            "--preset",
            name,
            "--count",
            "2",
            "--out",
            path_text(&out),
        ]);
        assert!(made.status.success(), "{name}: {}", text(&made.stderr));
        let pdf = out.join("book.pdf");
        // the title page, then each bookmarked part's first page, from the PDF's outline
        let preset = BookPreset::builtin(name).unwrap();
        let puzzles = preset_puzzles(&preset, 2);
        let laid_out = book::book(&puzzles, &layout_of(&preset, &preset.paper)).unwrap();
        let mut pages: Vec<usize> = vec![1];
        pages.extend(laid_out.bookmarks.iter().map(|bookmark| bookmark.page + 1));
        pages.dedup();
        for page in pages {
            let output = Command::new("pdftoppm")
                .args([
                    "-r",
                    "24",
                    "-gray",
                    "-f",
                    &page.to_string(),
                    "-l",
                    &page.to_string(),
                ])
                .arg(&pdf)
                .output()
                .expect("pdftoppm runs");
            assert!(output.status.success(), "{}", text(&output.stderr));
            let image = read_pgm(&output.stdout);
            let reference = reference_path(&format!("{name}-{page:02}"));
            if update {
                std::fs::create_dir_all(reference.parent().unwrap()).unwrap();
                std::fs::write(&reference, write_png(&image)).unwrap();
                continue;
            }
            let Ok(stored) = std::fs::read(&reference) else {
                failures.push(format!("{}: missing", reference.display()));
                continue;
            };
            let stored = read_png(&stored);
            if (stored.width, stored.height) != (image.width, image.height) {
                failures.push(format!("{name} page {page}: another page size"));
                continue;
            }
            let (mean, far) = difference(&stored, &image);
            if mean > 2.0 || far > 0.005 {
                failures.push(format!(
                    "{name} page {page}: differs from {} (mean {mean:.2}, {:.2} % of pixels)",
                    reference.display(),
                    far * 100.0
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{failures:#?}\n(look at the pages; if the change is meant, run with SUDOKIT_UPDATE_SNAPSHOTS=1)"
    );
}

/// Issue 41, point 4: `book-16` holds 48 16×16 puzzles, 12 of each of its four levels, one a
/// page on Letter and on A4 with cells of 8 mm or more, the solutions four a page, and a
/// how-to-play page showing the 16 symbols; the same seed makes the same bytes.
#[test]
fn book_16_has_a_16x16_puzzle_a_page_and_its_solutions_four_a_page() {
    let preset = BookPreset::builtin("book-16").unwrap();
    assert_eq!(preset.total(), 48);
    assert_eq!((preset.per_page, preset.solutions_per_page), (1, Some(4)));
    let puzzles = preset_puzzles(&preset, 12);
    for level in [
        sudokit::grade::Level::Easy,
        sudokit::grade::Level::Medium,
        sudokit::grade::Level::Hard,
        sudokit::grade::Level::Unfair,
    ] {
        let count = puzzles.iter().filter(|rated| rated.level == level).count();
        assert_eq!(count, 12, "{level}");
    }
    assert!(puzzles.iter().all(|rated| rated.puzzle.size() == 16));
    assert!(puzzles.iter().all(|rated| rated.trial_steps == Some(0)));
    for paper in ["Letter", "A4"] {
        let paper: Paper = paper.parse().unwrap();
        let made = book::book(&puzzles, &layout_of(&preset, &paper)).unwrap();
        let first = made.bookmarks[1].page;
        let solutions = made.bookmarks.last().unwrap().page;
        let puzzle_pages: Vec<&Drawing> = made.pages[first..solutions]
            .iter()
            .filter(|page| !is_rules_page(page))
            .collect();
        assert_eq!(puzzle_pages.len(), 48, "{paper}");
        for page in puzzle_pages {
            assert_eq!(grids_on(page).len(), 1, "{paper}");
            let cell = widest_grid(page) / 16.0;
            assert!(cell >= LEAST_CELL.in_points() - 1e-6, "{paper}: {cell} pt");
        }
        let solution_pages = &made.pages[solutions..];
        assert_eq!(solution_pages.len(), 12, "{paper}");
        for page in solution_pages {
            assert_eq!(grids_on(page).len(), 4, "{paper}");
        }
        let rules: Vec<&str> = made
            .pages
            .iter()
            .filter(|page| is_rules_page(page))
            .flat_map(texts_of)
            .collect();
        let symbols = "1 2 3 4 5 6 7 8 9 A B C D E F G";
        assert!(
            rules.concat().contains(symbols) || rules.join(" ").contains(symbols),
            "{paper}: {rules:?}"
        );
    }
    let folder = tempfile::tempdir().unwrap();
    let make = |name: &str| {
        let out = folder.path().join(name);
        let run = sudokit(&[
            "book",
            "--preset",
            "book-16",
            "--seed",
            "41",
            "--out",
            path_text(&out),
        ]);
        assert!(run.status.success(), "{}", text(&run.stderr));
        ["book.pdf", "puzzles.txt", "puzzles.jsonl"]
            .map(|file| std::fs::read(out.join(file)).unwrap())
    };
    assert!(
        make("first") == make("again"),
        "the same seed made other bytes"
    );
}
