//! Books checked on the written file as a print shop's preflight checks them: every page the
//! trim size with a TrimBox (and a BleedBox with `--bleed`), every word and line inside the
//! mirrored margins, no text under 7 pt (every book preset on every paper size, read back
//! with `pdftotext -bbox`), no line thinner than 0.5 pt, black as one-channel grey only, no
//! annotations, PDF/A-2b claimed, and the same bytes on every run. The content streams are
//! inflated and read here; poppler's tools read the text.

use std::path::Path;
use std::process::Command;

use flate2::read::ZlibDecoder;
use sudokit::render::book_preset;
use sudokit::render::paper::{Margins, Paper, BLEED};

use crate::helpers::{data_path, path_text, sudokit, text};

/// The least text size and line width a printer accepts.
const LEAST_TEXT: f64 = 7.0;
const THINNEST_LINE: f64 = 0.5;
/// Rounding in the file's numbers.
const TOLERANCE: f64 = 0.01;

fn pdftotext_available() -> bool {
    let found = Command::new("pdftotext")
        .arg("-v")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        let in_ci = std::env::var("CI").is_ok_and(|value| value == "true");
        assert!(!in_ci, "pdftotext (poppler-utils) is missing, and CI=true");
        eprintln!("note: skipped, pdftotext not found (apt-get install poppler-utils)");
    }
    found
}

// ---- reading the file ----

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| from + at)
}

/// The object `number`'s text from `obj` to `endobj` (streams included).
fn object(bytes: &[u8], number: u32) -> &[u8] {
    let start = find(bytes, format!("\n{number} 0 obj").as_bytes(), 0)
        .unwrap_or_else(|| panic!("object {number}"));
    let end = find(bytes, b"endobj", start).expect("endobj");
    &bytes[start..end]
}

/// The number after `key` (`/Length 12`, `/Contents 5 0 R`).
fn number_after(dictionary: &[u8], key: &str) -> Option<f64> {
    let at = find(dictionary, key.as_bytes(), 0)? + key.len();
    let rest = String::from_utf8_lossy(&dictionary[at..]);
    let token: String = rest
        .trim_start()
        .chars()
        .take_while(|character| character.is_ascii_digit() || ".-".contains(*character))
        .collect();
    token.parse().ok()
}

/// The numbers of the array after `key` (`/MediaBox[0 0 595 842]`).
fn array_after(dictionary: &[u8], key: &str) -> Option<Vec<f64>> {
    let at = find(dictionary, format!("{key}[").as_bytes(), 0)? + key.len() + 1;
    let end = find(dictionary, b"]", at)?;
    Some(
        String::from_utf8_lossy(&dictionary[at..end])
            .split_whitespace()
            .map(|number| number.parse().expect("a number"))
            .collect(),
    )
}

/// An object's stream, inflated when it is compressed.
fn stream(object: &[u8]) -> Vec<u8> {
    let length = number_after(object, "/Length").expect("a stream length") as usize;
    let start = find(object, b"stream\n", 0).expect("a stream") + b"stream\n".len();
    let data = &object[start..start + length];
    if find(object, b"/FlateDecode", 0).is_some_and(|at| at < start) {
        let mut inflated = Vec::new();
        std::io::Read::read_to_end(&mut ZlibDecoder::new(data), &mut inflated)
            .expect("a Flate stream");
        inflated
    } else {
        data.to_vec()
    }
}

/// One page of the file: its boxes (left, bottom, right, top) and its content.
struct Page {
    dictionary: Vec<u8>,
    media: Vec<f64>,
    trim: Option<Vec<f64>>,
    bleed: Option<Vec<f64>>,
    content: Vec<u8>,
    /// The colour spaces its resources name, as their objects' text.
    colour_spaces: Vec<Vec<u8>>,
}

fn pages(bytes: &[u8]) -> Vec<Page> {
    let tree = find(bytes, b"/Type/Pages", 0).expect("a page tree");
    // the kids array reads as `n 0 R n 0 R …`; every third token is an object number
    let numbers: Vec<u32> = find(&bytes[tree..], b"/Kids[", 0)
        .map(|at| {
            let start = tree + at + b"/Kids[".len();
            let end = find(bytes, b"]", start).expect("]");
            String::from_utf8_lossy(&bytes[start..end])
                .split_whitespace()
                .step_by(3)
                .map(|number| number.parse().expect("an object number"))
                .collect()
        })
        .unwrap_or_default();
    numbers
        .into_iter()
        .map(|number| {
            let dictionary = object(bytes, number).to_vec();
            let contents = number_after(&dictionary, "/Contents").expect("contents") as u32;
            let resources = number_after(&dictionary, "/Resources").expect("resources") as u32;
            let resources = object(bytes, resources);
            let mut colour_spaces = Vec::new();
            if let Some(at) = find(resources, b"/ColorSpace<<", 0) {
                let end = find(resources, b">>", at).expect(">>");
                let words = String::from_utf8_lossy(&resources[at + 13..end]).to_string();
                for reference in words.split('/').skip(1) {
                    let number: u32 = reference
                        .split_whitespace()
                        .nth(1)
                        .expect("a reference")
                        .parse()
                        .expect("a number");
                    colour_spaces.push(object(bytes, number).to_vec());
                }
            }
            Page {
                media: array_after(&dictionary, "/MediaBox").expect("a MediaBox"),
                trim: array_after(&dictionary, "/TrimBox"),
                bleed: array_after(&dictionary, "/BleedBox"),
                content: stream(object(bytes, contents)),
                colour_spaces,
                dictionary,
            }
        })
        .collect()
}

// ---- reading a content stream ----

#[derive(Clone, Debug)]
enum Operand {
    Number(f64),
    Name,
    Other,
}

/// The content stream as operators with their operands (strings and arrays kept as
/// `Other`: only numbers and names matter here).
fn operations(content: &[u8]) -> Vec<(String, Vec<Operand>)> {
    let mut operations = Vec::new();
    let mut operands = Vec::new();
    let mut at = 0;
    while at < content.len() {
        let byte = content[at];
        match byte {
            b' ' | b'\n' | b'\r' | b'\t' => at += 1,
            b'(' => {
                let mut depth = 0;
                while at < content.len() {
                    match content[at] {
                        b'\\' => at += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    at += 1;
                }
                at += 1;
                operands.push(Operand::Other);
            }
            b'[' => {
                // arrays (dash patterns, TJ runs) may hold strings: skip to the closing `]`
                let mut in_string = 0;
                while at < content.len() {
                    match content[at] {
                        b'\\' if in_string > 0 => at += 1,
                        b'(' => in_string += 1,
                        b')' => in_string -= 1,
                        b']' if in_string == 0 => break,
                        _ => {}
                    }
                    at += 1;
                }
                at += 1;
                operands.push(Operand::Other);
            }
            b'<' => {
                at = find(content, b">", at).expect(">") + 1;
                operands.push(Operand::Other);
            }
            _ => {
                let start = at;
                at += 1;
                while at < content.len() && !b" \n\r\t/([<".contains(&content[at]) {
                    at += 1;
                }
                let token = String::from_utf8_lossy(&content[start..at]).to_string();
                if token.starts_with('/') {
                    operands.push(Operand::Name);
                } else if let Ok(number) = token.parse::<f64>() {
                    operands.push(Operand::Number(number));
                } else {
                    operations.push((token, std::mem::take(&mut operands)));
                }
            }
        }
    }
    operations
}

/// A transformation matrix `a b c d e f`.
type Matrix = [f64; 6];

fn multiply(first: Matrix, second: Matrix) -> Matrix {
    let [a, b, c, d, e, f] = first;
    let [a2, b2, c2, d2, e2, f2] = second;
    [
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    ]
}

fn apply(matrix: Matrix, (x, y): (f64, f64)) -> (f64, f64) {
    let [a, b, c, d, e, f] = matrix;
    (a * x + c * y + e, b * x + d * y + f)
}

/// What a page's content draws: stroke widths, every painted point (in PDF space, with the
/// half width of its stroke), colour operators.
#[derive(Default)]
struct Marks {
    stroke_widths: Vec<f64>,
    points: Vec<(f64, f64, f64)>,
    /// Operands given to each colour-setting operator (`sc`, `scn`, `SC`, `SCN`).
    colour_operand_counts: Vec<usize>,
    /// Device colour operators (`rg`, `RG`, `k`, `K`), which should not appear.
    device_colours: Vec<String>,
    /// Font sizes set with `Tf`, times the text and page scale.
    font_sizes: Vec<f64>,
}

fn marks(content: &[u8]) -> Marks {
    let mut marks = Marks::default();
    let identity = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut stack = Vec::new();
    let mut matrix = identity;
    let mut width = 1.0;
    let mut path: Vec<(f64, f64)> = Vec::new();
    let mut font_size = 0.0;
    let numbers = |operands: &[Operand]| -> Vec<f64> {
        operands
            .iter()
            .filter_map(|operand| match operand {
                Operand::Number(number) => Some(*number),
                _ => None,
            })
            .collect()
    };
    for (operator, operands) in operations(content) {
        let values = numbers(&operands);
        match operator.as_str() {
            "q" => stack.push((matrix, width)),
            "Q" => (matrix, width) = stack.pop().expect("q before Q"),
            "cm" => matrix = multiply(values.clone().try_into().expect("six numbers"), matrix),
            "w" => width = values[0],
            "m" | "l" => path.push(apply(matrix, (values[0], values[1]))),
            "re" => {
                let (x, y, w, h) = (values[0], values[1], values[2], values[3]);
                for corner in [(x, y), (x + w, y + h)] {
                    path.push(apply(matrix, corner));
                }
            }
            "S" | "s" => {
                let scale = matrix[0].abs().max(matrix[3].abs());
                marks.stroke_widths.push(width * scale);
                for (x, y) in path.drain(..) {
                    marks.points.push((x, y, width * scale / 2.0));
                }
            }
            "f" | "f*" | "F" => {
                for (x, y) in path.drain(..) {
                    marks.points.push((x, y, 0.0));
                }
            }
            "n" => path.clear(),
            "Tf" => font_size = values[0],
            "Tm" => {
                let text_matrix: Matrix = values.clone().try_into().expect("six numbers");
                let scale = multiply(text_matrix, matrix)[3].abs();
                marks.font_sizes.push(font_size * scale);
            }
            "sc" | "scn" | "SC" | "SCN" => marks.colour_operand_counts.push(operands.len()),
            "rg" | "RG" | "k" | "K" => marks.device_colours.push(operator.clone()),
            _ => {}
        }
    }
    marks
}

// ---- the words, from pdftotext -bbox ----

/// A word's box (left, top, right, bottom, from the top-left corner) and its text height.
struct Word {
    text: String,
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

/// The words of each page.
fn words(pdf: &Path) -> Vec<Vec<Word>> {
    let output = Command::new("pdftotext")
        .args(["-bbox"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let html = text(&output.stdout);
    let attribute = |line: &str, name: &str| -> f64 {
        let start = line.find(&format!("{name}=\"")).expect(name) + name.len() + 2;
        let end = start + line[start..].find('"').expect("\"");
        line[start..end].parse().expect("a number")
    };
    let mut pages: Vec<Vec<Word>> = Vec::new();
    for line in html.lines().map(str::trim) {
        if line.starts_with("<page ") {
            pages.push(Vec::new());
        } else if line.starts_with("<word ") {
            let text = line[line.find('>').expect(">") + 1..line.rfind("</word>").expect("end")]
                .to_string();
            pages.last_mut().expect("a page").push(Word {
                text,
                left: attribute(line, "xMin"),
                top: attribute(line, "yMin"),
                right: attribute(line, "xMax"),
                bottom: attribute(line, "yMax"),
            });
        }
    }
    pages
}

// ---- the checks ----

/// Asserts what a preflight asks of `pdf`, a book on `paper` (with a bleed or not).
fn assert_print_ready(pdf: &Path, paper: &Paper, bleed: bool) {
    let bytes = std::fs::read(pdf).expect("the book");
    let what = pdf.display();
    let pages = pages(&bytes);
    let words = words(pdf);
    assert_eq!(
        words.len(),
        pages.len(),
        "{what}: pdftotext sees every page"
    );
    let (width, height) = paper.size();
    let bleed = if bleed { BLEED.in_points() } else { 0.0 };
    let margins = Margins::for_pages(pages.len());
    let close = |found: &[f64], expected: [f64; 4]| {
        found.len() == 4
            && found
                .iter()
                .zip(expected)
                .all(|(found, expected)| (found - expected).abs() < TOLERANCE)
    };
    assert!(
        find(&bytes, b"/Annot", 0).is_none(),
        "{what}: no annotations"
    );
    assert!(
        find(&bytes, b"<pdfaid:part>2</pdfaid:part>", 0).is_some()
            && find(&bytes, b"<pdfaid:conformance>B</pdfaid:conformance>", 0).is_some(),
        "{what}: claims PDF/A-2b (krilla validated it when writing)"
    );
    let mut smallest_text = f64::INFINITY;
    // how much was checked: a reader that read nothing would pass everything
    let (mut points, mut strokes, mut sizes, mut colours) = (0, 0, 0, 0);
    for (index, (page, words)) in pages.iter().zip(&words).enumerate() {
        let number = index + 1;
        let at = format!("{what}, page {number}");
        let media = [0.0, 0.0, width + 2.0 * bleed, height + 2.0 * bleed];
        assert!(close(&page.media, media), "{at}: MediaBox {:?}", page.media);
        let trim = [bleed, bleed, width + bleed, height + bleed];
        assert!(
            page.trim.as_deref().is_some_and(|found| close(found, trim)),
            "{at}: TrimBox {:?}",
            page.trim
        );
        if bleed > 0.0 {
            assert!(
                page.bleed
                    .as_deref()
                    .is_some_and(|found| close(found, media)),
                "{at}: BleedBox {:?}",
                page.bleed
            );
        }
        assert!(find(&page.dictionary, b"/Annots", 0).is_none(), "{at}");
        // the content area, from the top-left corner of the media box
        let (left, right) = margins.left_and_right(number);
        let inside = |x: f64, y: f64, slack: f64| {
            x >= bleed + left.in_points() - slack - TOLERANCE
                && x <= bleed + width - right.in_points() + slack + TOLERANCE
                && y >= bleed + margins.top.in_points() - slack - TOLERANCE
                && y <= bleed + height - margins.bottom.in_points() + slack + TOLERANCE
        };
        for word in words {
            assert!(
                inside(word.left, word.top, 0.0) && inside(word.right, word.bottom, 0.0),
                "{at}: {:?} at ({:.1}, {:.1})–({:.1}, {:.1}) outside the margins",
                word.text,
                word.left,
                word.top,
                word.right,
                word.bottom
            );
            smallest_text = smallest_text.min(word.bottom - word.top);
        }
        let marks = marks(&page.content);
        points += marks.points.len();
        strokes += marks.stroke_widths.len();
        sizes += marks.font_sizes.len();
        colours += marks.colour_operand_counts.len();
        for &(x, y, half_width) in &marks.points {
            // PDF space grows upwards
            let y = media[3] - y;
            // the ink, not only the line's middle: a grid's 2.3 pt border stays inside too
            assert!(
                inside(x, y, -half_width),
                "{at}: a line at ({x:.1}, {y:.1}), {half_width:.2} pt each side, outside the margins"
            );
        }
        for &stroke in &marks.stroke_widths {
            assert!(
                stroke >= THINNEST_LINE - TOLERANCE,
                "{at}: a {stroke} pt line"
            );
        }
        for &size in &marks.font_sizes {
            smallest_text = smallest_text.min(size);
        }
        assert!(
            marks.device_colours.is_empty(),
            "{at}: {:?}",
            marks.device_colours
        );
        assert!(
            marks.colour_operand_counts.iter().all(|&count| count == 1),
            "{at}: colours of one channel (grey) only: {:?}",
            marks.colour_operand_counts
        );
        for space in &page.colour_spaces {
            assert!(
                find(space, b"/ICCBased", 0).is_some(),
                "{at}: a colour space {}",
                String::from_utf8_lossy(space)
            );
            let profile = number_after(space, "/ICCBased").expect("a profile") as u32;
            let channels = number_after(object(&bytes, profile), "/N");
            assert_eq!(channels, Some(1.0), "{at}: grey (one channel) only");
        }
    }
    assert!(
        smallest_text >= LEAST_TEXT - TOLERANCE,
        "{what}: text at {smallest_text:.2} pt"
    );
    let words: usize = words.iter().map(Vec::len).sum();
    assert!(
        points > 100 && strokes > 50 && sizes > 50 && colours > 50 && words > 50,
        "{what}: read {points} points, {strokes} strokes, {sizes} texts, {colours} colours, {words} words"
    );
}

/// Makes a book and returns its path; `None` with the error when refused.
fn make_book(folder: &Path, name: &str, arguments: &[&str]) -> Result<std::path::PathBuf, String> {
    let out = folder.join(name);
    let all = [&["book", "--out", path_text(&out)][..], arguments].concat();
    let output = sudokit(&all);
    if output.status.success() {
        Ok(out.join("book.pdf"))
    } else {
        Err(text(&output.stderr))
    }
}

#[test]
fn every_book_preset_on_every_paper_keeps_7_pt_inside_the_margins() {
    if !pdftotext_available() {
        return;
    }
    let folder = tempfile::tempdir().expect("a temporary folder");
    let mut papers: Vec<Paper> = Paper::named().collect();
    papers.push("7x10in".parse().unwrap());
    papers.push("170x240mm".parse().unwrap());
    for preset in book_preset::builtin_names() {
        for paper in &papers {
            let name = format!("{preset}-{paper}");
            // one puzzle per section keeps it quick; every variant and size of the preset
            // is still there
            let made = make_book(
                folder.path(),
                &name,
                &["--preset", preset, "--count", "1", "--paper", &paper.name],
            );
            match made {
                Ok(pdf) => assert_print_ready(&pdf, paper, false),
                Err(message) => {
                    // after the progress notes of generating, one line says why
                    let said: Vec<&str> = message
                        .lines()
                        .filter(|line| {
                            !line.starts_with("generating ")
                                && !line.contains(" to a page, the most")
                        })
                        .collect();
                    assert_eq!(said.len(), 1, "{name}: one line: {message}");
                    // too small a text for a printer, too small a cell for a pencil
                    assert!(
                        message.contains("under the 7 pt")
                            || message.contains("under the 14 pt of large print")
                            || message.contains("under the 8 mm"),
                        "{name}: {message}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_bleed_enlarges_every_page_and_sets_its_bleed_box() {
    if !pdftotext_available() {
        return;
    }
    let folder = tempfile::tempdir().expect("a temporary folder");
    let arguments = [
        "--preset",
        "book-killer",
        "--count",
        "1",
        "--paper",
        "6x9in",
        "--bleed",
    ];
    let pdf = make_book(folder.path(), "bleed", &arguments).expect("a book");
    assert_print_ready(&pdf, &"6x9in".parse().unwrap(), true);
    let again = make_book(folder.path(), "again", &arguments).expect("a book");
    assert!(
        std::fs::read(&pdf).unwrap() == std::fs::read(&again).unwrap(),
        "the same bytes on every run"
    );
}

#[test]
fn a_preset_s_large_print_and_bleed_can_be_switched_off_from_the_command_line() {
    if !pdftotext_available() {
        return;
    }
    let folder = tempfile::tempdir().expect("a temporary folder");
    let common = ["--preset", "book-large-print", "--count", "1"];
    let large = make_book(folder.path(), "large", &common).expect("a book");
    let plain = make_book(
        folder.path(),
        "plain",
        &[&common[..], &["--large-print", "false"]].concat(),
    )
    .expect("a book");
    // the colophon's text ("… confirmed by a SAT solver"): half as large again in large print
    let colophon_height = |pdf: &Path| -> f64 {
        words(pdf)
            .iter()
            .flatten()
            .find(|word| word.text == "confirmed")
            .map(|word| word.bottom - word.top)
            .expect("the colophon says how solutions were confirmed")
    };
    let (large_height, plain_height) = (colophon_height(&large), colophon_height(&plain));
    assert!(
        large_height > 1.3 * plain_height,
        "large print {large_height:.1} pt against {plain_height:.1} pt"
    );
    let colophon = text(
        &Command::new("pdftotext")
            .arg(&plain)
            .arg("-")
            .output()
            .expect("pdftotext runs")
            .stdout,
    );
    assert!(
        colophon.contains("--large-print false"),
        "the colophon's command makes the same book again"
    );
    // a preset with a bleed, switched off
    let preset = folder.path().join("bled.ron");
    std::fs::write(
        &preset,
        "BookPreset(title: \"Bled\", paper: \"6x9in\", per_page: 2, bleed: true, \
         sections: [(preset: \"classic-easy\", count: 1)])",
    )
    .unwrap();
    let preset = path_text(&preset);
    let bled = make_book(folder.path(), "bled", &["--preset", preset]).expect("a book");
    assert_print_ready(&bled, &"6x9in".parse().unwrap(), true);
    let unbled = make_book(
        folder.path(),
        "unbled",
        &["--preset", preset, "--bleed", "false"],
    )
    .expect("a book");
    assert_print_ready(&unbled, &"6x9in".parse().unwrap(), false);
}

#[test]
fn a_layout_that_needs_text_under_7_pt_is_refused_naming_the_size() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let killers = data_path("killer/killer_lisudoku.txt");
    let refused = make_book(
        folder.path(),
        "small",
        &[
            "--from",
            path_text(&killers),
            "--per-page",
            "6",
            "--paper",
            "A5",
            // past the cells under 8 mm (refused first, before rating), to the text
            "--force",
        ],
    )
    .expect_err("refused");
    assert_eq!(
        refused.trim(),
        "error: on A5 paper, 6 puzzles to a page would set cage sums at 4.7 pt, under the 7 pt a printer accepts: print fewer to a page or on larger paper"
    );
    assert!(!folder.path().join("small/book.pdf").exists());
    let tiny = make_book(
        folder.path(),
        "tiny",
        &[
            "--from",
            path_text(&killers),
            "--per-page",
            "1",
            "--paper",
            "3x3in",
            "--force",
        ],
    )
    .expect_err("refused");
    assert!(
        tiny.contains("on 3x3in paper, 1 puzzle to a page would set cage sums at")
            && tiny
                .trim()
                .ends_with("pt, under the 7 pt a printer accepts: print on larger paper"),
        "{tiny}"
    );
    let fits = make_book(
        folder.path(),
        "fits",
        &[
            "--from",
            path_text(&killers),
            "--per-page",
            "2",
            "--paper",
            "A5",
        ],
    );
    assert!(fits.is_ok(), "{fits:?}");
}
