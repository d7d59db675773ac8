//! `sudokit book`: a print-ready PDF book (title page, puzzles easiest first, solutions at
//! the back) and `puzzles.jsonl` beside it, from a puzzle file or JSON Lines records.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde_json::{json, Map, Value};
use sudokit::generate::{Generator, Record};
use sudokit::grade::{self, Level};
use sudokit::model::{Constraint, Diagonal, Geometry, Grid, Puzzle};
use sudokit::notation::{self, Entry, Format};
use sudokit::preset::Preset;
use sudokit::render::book::{self, Layout, Paper, RatedPuzzle};
use sudokit::render::book_preset::BookPreset;
use sudokit::render::links;

use super::check::{progress_bar, thread_pool};
use super::render::{solution_of, write_atomically};
use super::Outcome;

/// Options of `sudokit book`.
#[derive(Debug, Args)]
pub struct BookOptions {
    /// Puzzles to print: JSON Lines records (`puzzle`, and optionally `solution`, `level`,
    /// `score`, as `sudokit generate` writes them) or any puzzle file. Puzzles without a
    /// level are graded; without a solution, solved (each must have exactly one).
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present = "preset",
        conflicts_with = "preset"
    )]
    from: Option<PathBuf>,

    /// A book preset (`presets/book-*.ron`, or its name): generate its sections' puzzles
    /// with the generator and print them.
    #[arg(long, value_name = "FILE|NAME")]
    preset: Option<String>,

    /// The seed for generating (with --preset): the same preset and seed give the same book.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// The book's title (default: the preset's title, or the input's file name).
    #[arg(long)]
    title: Option<String>,

    /// Paper size (default: the preset's paper, or A4).
    #[arg(long, value_enum)]
    paper: Option<PaperChoice>,

    /// Puzzles per page: 1, 2, 4 or 6 (default: the preset's, or 4).
    #[arg(long, value_parser = parse_per_page)]
    per_page: Option<usize>,

    /// Directory for `book.pdf` and `puzzles.jsonl` (default: `output/<input stem>`).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,

    /// Replace files that already exist.
    #[arg(long)]
    force: bool,

    /// Threads for generating and grading: 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = super::parse_jobs)]
    jobs: Option<usize>,
}

fn parse_per_page(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(count @ (1 | 2 | 4 | 6)) => Ok(count),
        _ => Err(format!("{text:?}: puzzles per page must be 1, 2, 4 or 6")),
    }
}

/// Paper sizes on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperChoice {
    /// 210 × 297 mm.
    A4,
    /// 8.5 × 11 inches.
    Letter,
}

impl PaperChoice {
    fn paper(self) -> Paper {
        match self {
            PaperChoice::A4 => Paper::A4,
            PaperChoice::Letter => Paper::Letter,
        }
    }
}

/// A puzzle ready for the book, with the other fields of its record (preset, seed, index,
/// techniques…) to carry into `puzzles.jsonl`.
type Rated = (RatedPuzzle, Map<String, Value>);

/// One puzzle read for the book, with what its record already says.
struct Candidate {
    entry: Entry,
    level: Option<Level>,
    score: Option<u32>,
    /// The record's other fields (preset, seed, index, techniques…), kept for the output.
    record: Map<String, Value>,
}

/// Runs `book`: from a preset (generating) or from a file.
pub fn run(options: &BookOptions) -> anyhow::Result<Outcome> {
    if options.out.as_deref() == Some(Path::new("-")) {
        anyhow::bail!(
            "--out -: a book is two files (book.pdf and puzzles.jsonl), which cannot share standard output; give a directory"
        );
    }
    match (&options.preset, &options.from) {
        (Some(preset), _) => run_preset(options, preset),
        (None, Some(from)) => run_from(options, from),
        (None, None) => anyhow::bail!("give --preset or --from"),
    }
}

/// The book preset's path: a file, or `presets/<name>.ron`.
fn preset_path(preset: &str) -> PathBuf {
    let path = PathBuf::from(preset);
    if path.exists() || preset.ends_with(".ron") {
        path
    } else {
        PathBuf::from("presets").join(format!("{preset}.ron"))
    }
}

/// Runs `book --preset`: generates every section, writes `output/<name>/`.
fn run_preset(options: &BookOptions, preset: &str) -> anyhow::Result<Outcome> {
    let path = preset_path(preset);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("{}: cannot read", path.display()))?;
    let book_preset = BookPreset::from_ron(&text)
        .map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))?;
    let name = path.file_stem().map_or_else(
        || "book".to_string(),
        |stem| stem.to_string_lossy().into_owned(),
    );
    let mut rated = Vec::new();
    // indices run on across sections, so a preset named twice gives different puzzles
    let mut first = 0u64;
    for section in &book_preset.sections {
        eprintln!(
            "generating {} puzzles with {}",
            section.count, section.preset
        );
        rated.extend(generate_section(
            &section.preset,
            first,
            section.count,
            options,
        )?);
        first += section.count as u64;
    }
    let directory = options
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(&name));
    let layout = Layout {
        title: options
            .title
            .clone()
            .unwrap_or_else(|| book_preset.title.clone()),
        notes: vec![format!("preset {name} · seed {}", options.seed)],
        paper: options.paper.map_or(book_preset.paper, PaperChoice::paper),
        per_page: options.per_page.unwrap_or(book_preset.per_page),
    };
    write_book(&directory, &rated, &layout, options.force, None)?;
    Ok(Outcome::Success)
}

/// A generator preset by name (`presets/<name>.ron` when that file exists, else a shipped
/// one) or by path.
fn generator_preset(name: &str) -> anyhow::Result<Preset> {
    let path = if name.ends_with(".ron") {
        PathBuf::from(name)
    } else {
        PathBuf::from("presets").join(format!("{name}.ron"))
    };
    if path.exists() {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("{}: cannot read", path.display()))?;
        let stem = path.file_stem().map_or_else(
            || name.to_string(),
            |stem| stem.to_string_lossy().into_owned(),
        );
        return Preset::from_ron(&stem, &text)
            .map_err(|error| anyhow::anyhow!("{}: {error}", path.display()));
    }
    Preset::builtin(name).map_err(|error| anyhow::anyhow!("section preset {name}: {error}"))
}

/// Puzzles `first .. first + count` of one section's preset, made by the generator in
/// parallel; each is a pure function of (preset, seed, index), so the book does not depend
/// on the number of threads.
fn generate_section(
    name: &str,
    first: u64,
    count: usize,
    options: &BookOptions,
) -> anyhow::Result<Vec<Rated>> {
    let preset = generator_preset(name)?;
    let generator = Generator::new(&preset)
        .map_err(|error| anyhow::anyhow!("section preset {name}: {error}"))?;
    let progress = progress_bar(count);
    let made: Vec<Result<Rated, String>> = thread_pool(options.jobs)?.install(|| {
        (0..count as u64)
            .into_par_iter()
            .map(|offset| {
                let result = generator
                    .puzzle(options.seed, first + offset)
                    .map_err(|error| format!("section {name}: {error}"))
                    .map(|generated| {
                        let record = match serde_json::to_value(Record::new(&preset, &generated)) {
                            Ok(Value::Object(record)) => record,
                            _ => Map::new(),
                        };
                        let rated = RatedPuzzle {
                            level: generated.grading.level,
                            score: generated.grading.score,
                            puzzle: generated.puzzle,
                            solution: generated.solution,
                        };
                        (rated, record)
                    });
                progress.inc(1);
                result
            })
            .collect()
    });
    progress.finish_and_clear();
    made.into_iter()
        .collect::<Result<Vec<_>, String>>()
        .map_err(anyhow::Error::msg)
}

/// Runs `book --from`.
fn run_from(options: &BookOptions, from: &Path) -> anyhow::Result<Outcome> {
    let text = std::fs::read_to_string(from)
        .with_context(|| format!("{}: cannot read", from.display()))?;
    let source = from.display().to_string();
    let candidates = read_candidates(&text, &source)?;
    let rated = rate(candidates, options.jobs)?;
    let stem = from.file_stem().map_or_else(
        || "book".to_string(),
        |stem| stem.to_string_lossy().into_owned(),
    );
    let directory = options.out.clone().unwrap_or_else(|| {
        if from
            .extension()
            .is_some_and(|extension| extension == "jsonl")
        {
            from.parent()
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
        } else {
            PathBuf::from("output").join(&stem)
        }
    });
    let layout = Layout {
        title: options.title.clone().unwrap_or(stem),
        notes: Vec::new(),
        paper: options.paper.map_or(Paper::A4, PaperChoice::paper),
        per_page: options.per_page.unwrap_or(4),
    };
    write_book(&directory, &rated, &layout, options.force, Some(from))?;
    Ok(Outcome::Success)
}

/// Writes `book.pdf` and `puzzles.jsonl` (records in book order, numbered, with links) into
/// `directory`; `puzzles.jsonl` is left alone when it is the input itself.
pub fn write_book(
    directory: &Path,
    rated: &[Rated],
    layout: &Layout,
    force: bool,
    input: Option<&Path>,
) -> anyhow::Result<()> {
    let puzzles: Vec<RatedPuzzle> = rated.iter().map(|(puzzle, _)| puzzle.clone()).collect();
    let pdf = book::pdf(&puzzles, layout)?;
    let pdf_path = directory.join("book.pdf");
    write_atomically(&pdf_path, &pdf, force)?;
    let records_path = directory.join("puzzles.jsonl");
    let same = |input: &Path| {
        let canonical = |path: &Path| std::fs::canonicalize(path).ok();
        canonical(input).is_some() && canonical(input) == canonical(&records_path)
    };
    if input.is_some_and(same) {
        eprintln!("wrote {} ({} puzzles)", pdf_path.display(), puzzles.len());
        return Ok(());
    }
    let mut lines = String::new();
    for (number, index) in book::difficulty_order(&puzzles).into_iter().enumerate() {
        let (rated, record) = &rated[index];
        lines.push_str(&book_record(number + 1, rated, record).to_string());
        lines.push('\n');
    }
    write_atomically(&records_path, lines.as_bytes(), force)?;
    eprintln!(
        "wrote {} and {} ({} puzzles)",
        pdf_path.display(),
        records_path.display(),
        puzzles.len()
    );
    Ok(())
}

/// The puzzle as text: a line where it fits, killer text otherwise.
fn puzzle_text(puzzle: &Puzzle) -> String {
    notation::format(puzzle, Format::Line)
        .or_else(|_| notation::format(puzzle, Format::Killer))
        .map(|text| text.trim_end().to_string())
        .unwrap_or_default()
}

fn book_record(number: usize, rated: &RatedPuzzle, record: &Map<String, Value>) -> Value {
    // a generator's record keeps its own fields; what a record lacks is filled in
    let mut object = record.clone();
    object.insert("number".into(), json!(number));
    object
        .entry("puzzle")
        .or_insert_with(|| json!(puzzle_text(&rated.puzzle)));
    object
        .entry("solution")
        .or_insert_with(|| json!(notation::format_grid(&rated.solution, Format::Line)));
    object
        .entry("level")
        .or_insert_with(|| json!(rated.level.to_string()));
    object.entry("score").or_insert_with(|| json!(rated.score));
    object.insert(
        "fpuzzles".into(),
        json!(links::fpuzzles(&rated.puzzle, None)),
    );
    Value::Object(object)
}

/// JSON Lines records with a `puzzle` field, or any puzzle file.
fn read_candidates(text: &str, source: &str) -> anyhow::Result<Vec<Candidate>> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or("");
    let is_records = first.starts_with('{')
        && serde_json::from_str::<Value>(first).is_ok_and(|value| value.get("puzzle").is_some());
    if !is_records {
        let entries =
            notation::parse(text, None).map_err(|error| anyhow::anyhow!("{source}: {error}"))?;
        return Ok(entries
            .into_iter()
            .map(|entry| Candidate {
                entry,
                level: None,
                score: None,
                record: Map::new(),
            })
            .collect());
    }
    let mut candidates = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line)
            .with_context(|| format!("{source}: line {number}: not JSON"))?;
        if let Ok(generated) = serde_json::from_value::<Record>(value.clone()) {
            candidates.push(from_generator_record(generated, number, value, source)?);
            continue;
        }
        let Value::Object(mut record) = value else {
            anyhow::bail!("{source}: line {number}: not a JSON object");
        };
        let puzzle_text = record
            .get("puzzle")
            .and_then(Value::as_str)
            .with_context(|| format!("{source}: line {number}: no \"puzzle\" text"))?;
        let mut entry = notation::parse(puzzle_text, None)
            .map_err(|error| anyhow::anyhow!("{source}: line {number}: puzzle: {error}"))?
            .into_iter()
            .next()
            .with_context(|| format!("{source}: line {number}: no puzzle"))?;
        entry.line = number;
        entry.puzzle = with_record_rules(entry.puzzle, &record)
            .map_err(|reason| anyhow::anyhow!("{source}: line {number}: {reason}"))?;
        if let Some(solution) = record.get("solution").and_then(Value::as_str) {
            entry.solution = read_grid(solution, &entry.puzzle);
        }
        let level = record
            .get("level")
            .and_then(|level| serde_json::from_value::<Level>(level.clone()).ok());
        let score = record
            .get("score")
            .and_then(Value::as_u64)
            .and_then(|score| u32::try_from(score).ok());
        for key in ["number", "fpuzzles"] {
            record.remove(key);
        }
        candidates.push(Candidate {
            entry,
            level,
            score,
            record,
        });
    }
    Ok(candidates)
}

/// A record `sudokit generate` wrote: its puzzle (cages and comparisons included), solution
/// and rating as they are.
fn from_generator_record(
    generated: Record,
    number: usize,
    value: Value,
    source: &str,
) -> anyhow::Result<Candidate> {
    let at = |error: &dyn std::fmt::Display| anyhow::anyhow!("{source}: line {number}: {error}");
    let puzzle = generated.to_puzzle().map_err(|error| at(&error))?;
    let solution = generated.solution_grid().map_err(|error| at(&error))?;
    let mut entry = Entry::new(puzzle);
    entry.line = number;
    entry.solution = Some(solution);
    let mut record = match value {
        Value::Object(record) => record,
        _ => Map::new(),
    };
    for key in ["number", "fpuzzles"] {
        record.remove(key);
    }
    Ok(Candidate {
        entry,
        level: Some(generated.level),
        score: Some(generated.score),
        record,
    })
}

/// The puzzle with what a generator record says beside its givens line: `variant: "x"`
/// (both diagonals) and `box_rows`/`box_columns` (a box shape other than the usual one).
fn with_record_rules(puzzle: Puzzle, record: &Map<String, Value>) -> Result<Puzzle, String> {
    let shape = |key: &str| {
        record
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|value| u8::try_from(value).ok())
    };
    let mut geometry = puzzle.geometry();
    if let (Some(rows), Some(columns)) = (shape("box_rows"), shape("box_columns")) {
        geometry = Geometry::new(rows, columns).map_err(|error| error.to_string())?;
        if geometry.size() != puzzle.size() {
            return Err(format!(
                "box_rows × box_columns is not the side {}",
                puzzle.size()
            ));
        }
    }
    let is_x = record.get("variant").and_then(Value::as_str) == Some("x");
    if geometry == puzzle.geometry() && (!is_x || !puzzle.diagonals().is_empty()) {
        return Ok(puzzle);
    }
    let givens = Grid::from_values(geometry, &puzzle.givens().values())
        .ok_or_else(|| "the givens do not fit the box shape".to_string())?;
    let mut constraints = Vec::new();
    let diagonals = if is_x {
        vec![Diagonal::Main, Diagonal::Anti]
    } else {
        puzzle.diagonals()
    };
    for diagonal in diagonals {
        constraints.push(Constraint::diagonal(geometry, diagonal));
    }
    if puzzle
        .constraints()
        .iter()
        .any(|constraint| !matches!(constraint, Constraint::Distinct(_)))
    {
        return Err("box_rows/box_columns given for a puzzle with cages".to_string());
    }
    Puzzle::new(geometry, givens, constraints).map_err(|error| error.to_string())
}

/// A full grid written as a line, in the puzzle's geometry.
fn read_grid(text: &str, puzzle: &Puzzle) -> Option<Grid> {
    let values: Option<Vec<u8>> = text
        .trim()
        .chars()
        .map(|character| match notation::symbol(character) {
            Some(notation::Symbol::Digit(digit)) => Some(digit.get()),
            _ => None,
        })
        .collect();
    Grid::from_values(puzzle.geometry(), &values?)
}

/// Solves and grades what the records leave open, in parallel.
fn rate(candidates: Vec<Candidate>, jobs: Option<usize>) -> anyhow::Result<Vec<Rated>> {
    let progress = progress_bar(candidates.len());
    let rated: Vec<Result<Rated, String>> = thread_pool(jobs)?.install(|| {
        candidates
            .into_par_iter()
            .map(|candidate| {
                let result = rate_one(candidate);
                progress.inc(1);
                result
            })
            .collect()
    });
    progress.finish_and_clear();
    rated
        .into_iter()
        .collect::<Result<Vec<_>, String>>()
        .map_err(anyhow::Error::msg)
}

fn rate_one(candidate: Candidate) -> Result<Rated, String> {
    let Candidate {
        entry,
        level,
        score,
        mut record,
    } = candidate;
    let solution = solution_of(&entry).ok_or_else(|| {
        format!(
            "line {}: the puzzle does not have exactly one solution",
            entry.line
        )
    })?;
    let (level, score) = match (level, score) {
        (Some(level), Some(score)) => (level, score),
        _ => {
            let grading = grade::grade(&entry.puzzle);
            record.insert("trial_steps".into(), json!(grading.trial_steps));
            (grading.level, grading.score)
        }
    };
    Ok((
        RatedPuzzle {
            puzzle: entry.puzzle,
            solution,
            level,
            score,
        },
        record,
    ))
}
