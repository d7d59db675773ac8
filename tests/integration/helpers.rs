//! Shared helpers: where the data lives, reading it, and building puzzles from it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use sudokit::model::{Constraint, Diagonal, Puzzle};
use sudokit::notation::{self, Entry, Format};
use sudokit::{sat, Count};

/// The path of a file under `tests/data`.
pub fn data_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(relative)
}

/// The text of a file under `tests/data`.
pub fn read_data(relative: &str) -> String {
    std::fs::read_to_string(data_path(relative))
        .unwrap_or_else(|error| panic!("cannot read tests/data/{relative}: {error}"))
}

/// Every puzzle of a data file, in the notation detected from its content.
pub fn entries(relative: &str) -> Vec<Entry> {
    notation::parse(&read_data(relative), None)
        .unwrap_or_else(|error| panic!("tests/data/{relative}: {error}"))
}

/// One puzzle from its line notation.
pub fn line_puzzle(text: &str) -> Puzzle {
    let mut entries =
        notation::parse(text, Some(Format::Line)).unwrap_or_else(|error| panic!("{text}: {error}"));
    assert_eq!(entries.len(), 1, "{text}");
    entries.remove(0).puzzle
}

/// The same puzzle with the given long diagonals added.
pub fn with_diagonals(puzzle: &Puzzle, diagonals: &[Diagonal]) -> Puzzle {
    let mut constraints = puzzle.constraints().to_vec();
    for &diagonal in diagonals {
        constraints.push(Constraint::diagonal(puzzle.geometry(), diagonal));
    }
    Puzzle::new(puzzle.geometry(), puzzle.givens().clone(), constraints)
        .expect("adding diagonals keeps the puzzle valid")
}

/// The SAT engine's answer, counting up to `limit`.
pub fn sat_count(puzzle: &Puzzle, limit: usize) -> Count {
    sat::count_solutions(puzzle, limit).expect("the SAT engine answers")
}

/// Asserts the SAT engine finds exactly one solution and that it is the published one.
pub fn assert_unique_and_matching(entry: &Entry, what: &str) {
    let count = sat_count(&entry.puzzle, 2);
    let Count::Unique(solution) = count else {
        panic!(
            "{what} line {}: expected unique, got {}",
            entry.line,
            count.word()
        );
    };
    assert!(entry.puzzle.is_solution(&solution));
    if let Some(published) = &entry.solution {
        assert_eq!(
            &solution, published,
            "{what} line {}: solution differs from the published one",
            entry.line
        );
    }
}

/// Runs the sudokit binary with `arguments` and an empty standard input.
pub fn sudokit(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(arguments)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Runs the binary and asserts it exits with 0.
pub fn succeeds(arguments: &[&str]) -> Output {
    let output = sudokit(arguments);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    output
}

/// A path as an argument.
pub fn path_text(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A temporary file holding `contents`, its name ending in `suffix`, kept alive by the
/// returned handle.
pub fn file_with(contents: impl AsRef<[u8]>, suffix: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::Builder::new()
        .suffix(suffix)
        .tempfile()
        .expect("temporary file");
    file.write_all(contents.as_ref()).expect("write");
    file
}

/// Runs `sudokit generate --out folder arguments…` and asserts it succeeds.
pub fn generate_into(folder: &Path, arguments: &[&str]) {
    let folder = folder.to_str().expect("a UTF-8 path");
    let mut all = vec!["generate", "--out", folder];
    all.extend_from_slice(arguments);
    let output = sudokit(&all);
    assert!(
        output.status.success(),
        "generate {arguments:?} failed: {}",
        text(&output.stderr)
    );
}
