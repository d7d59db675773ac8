//! `sudokit book`: a print-ready PDF book (title page, colophon, how to play, puzzles easiest
//! first by level, solutions at the back) with `puzzles.jsonl` and `puzzles.txt` beside it, from a book preset
//! (shipped or a file) or from a puzzle file or JSON Lines records.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use rayon::prelude::*;
use serde_json::{json, Map, Value};
use sudokit::generate::{Generator, Record};
use sudokit::grade::{self, Level};
use sudokit::model::{Grid, Puzzle};
use sudokit::notation::{self, Entry, Format};
use sudokit::preset::Preset;
use sudokit::render::book::{self, Layout, RatedPuzzle};
use sudokit::render::book_preset::BookPreset;
use sudokit::render::book_preset::LevelNames;
use sudokit::render::cover::{self, CoverText};
use sudokit::render::links;
use sudokit::render::paper::{Bleed, Paper, PaperStock};
use sudokit::Count;

use super::check::{cell_list, not_unique_text};
use super::render::{refuse_existing, write_atomically};
use super::work::{progress_bar, thread_pool};
use super::Outcome;
use super::{engine, Engine};

/// Options of `sudokit book`.
#[derive(Debug, Args)]
pub struct BookOptions {
    /// Puzzles to print: JSON Lines records (`puzzle`, and optionally `solution`, `level`,
    /// `score`, as `sudokit generate` writes them) or any puzzle file. Puzzles without a
    /// level are graded. Each must have exactly one solution, checked even when the record
    /// gives one (which must then be that one). With
    /// --preset, the preset gives the layout (title, paper, per page) and the file the
    /// puzzles: a book printed again on other paper without generating it again.
    #[arg(long, value_name = "FILE", required_unless_present = "preset")]
    from: Option<PathBuf>,

    /// A book preset: a shipped one by name (book-classic, book-killer, book-x, book-mixed,
    /// book-large-print; `presets/<name>.ron` in the current folder wins when it exists) or
    /// a RON file. Generates its sections' puzzles, unless --from gives them.
    #[arg(long, value_name = "NAME|FILE")]
    preset: Option<String>,

    /// The seed for generating (with --preset): the same preset, seed and flags give the
    /// same book, byte for byte.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Puzzles to generate for each of the preset's sections, instead of its counts (a
    /// short proof copy, say).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    count: Option<u32>,

    /// The book's title (default: the preset's title, or the input's file name).
    #[arg(long)]
    title: Option<String>,

    /// A line under the title (default: the preset's, or none).
    #[arg(long)]
    subtitle: Option<String>,

    /// The author on the title page (default: the preset's, or none).
    #[arg(long)]
    author: Option<String>,

    /// Trim size: A4, A5, Letter, 6x9in, 8.25x11in, 8.5x11in, or any WxH in mm or in
    /// (210x297mm, 7x10in). Default: the preset's paper, or A4. Margins are mirrored, the
    /// inside one (gutter) growing with the page count as KDP asks.
    #[arg(long, value_name = "SIZE", value_parser = parse_paper)]
    paper: Option<Paper>,

    /// Pages reaching beyond the trim: `full` (or no value) adds 0.125 in on every side;
    /// `kdp` adds it on the top, bottom and outside edge only, as KDP asks (6×9 in pages
    /// become 6.125×9.25 in); each page's TrimBox is the trim size and its BleedBox the whole
    /// page. Default: the preset's, or none; `--bleed false` turns off a preset's bleed.
    #[arg(long, value_name = "full|kdp|false", num_args = 0..=1, default_missing_value = "full", value_parser = parse_bleed)]
    bleed: Option<Bleed>,

    /// Headings, captions, rules and page numbers half as large again (default: the
    /// preset's, or off); with one puzzle to a page, digits are about 35 pt on Letter.
    /// `--large-print false` turns off a preset's large print.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    large_print: Option<bool>,

    /// Puzzles per page: 1, 2, 4 or 6 (default: the preset's, or 4). Refused when the
    /// paper would need text under 7 pt (14 pt in large print), or cells under 8 mm (the
    /// error names the most that fit; --force prints them anyway, with a warning).
    #[arg(long, value_parser = parse_per_page)]
    per_page: Option<usize>,

    /// Directory for `book.pdf`, `puzzles.jsonl` and `puzzles.txt` (default: `output/<preset or input
    /// stem>`).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,

    /// Replace files that already exist, and print puzzle cells under 8 mm (with a
    /// warning) where the layout would otherwise be refused.
    #[arg(long)]
    force: bool,

    /// The colophon's copyright line, such as '© 2026 A. Author' (default: the preset's, or
    /// none).
    #[arg(long)]
    copyright: Option<String>,

    /// The book's ISBN, printed in the colophon (default: the preset's, or none).
    #[arg(long)]
    isbn: Option<String>,

    /// Also write `cover.pdf`: one full-wrap sheet (back, spine, front) at the trim plus a
    /// 0.125 in bleed, the spine as wide as KDP's formula gives for the page count and
    /// --paper-stock.
    #[arg(long)]
    cover: bool,

    /// The paper the book is printed on, which sets the cover's spine width: white
    /// (0.002252 in a page) or cream (0.0025 in a page).
    #[arg(long, value_name = "white|cream", default_value = "white", value_parser = parse_stock)]
    paper_stock: PaperStock,

    /// The text on the back of the cover (default: the preset's, or none).
    #[arg(long)]
    blurb: Option<String>,

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

fn parse_bleed(text: &str) -> Result<Bleed, String> {
    text.parse()
}

fn parse_stock(text: &str) -> Result<PaperStock, String> {
    text.parse()
}

fn parse_paper(text: &str) -> Result<Paper, String> {
    text.parse::<Paper>().map_err(|error| error.to_string())
}

/// A puzzle ready for the book, with the other fields of its record (preset, seed, index,
/// techniques…) to carry into `puzzles.jsonl`.
type Rated = (RatedPuzzle, Map<String, Value>);

/// One puzzle read for the book, with what its record already says.
struct Candidate {
    /// `file:line`, for errors.
    place: String,
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
            "--out -: a book is several files (book.pdf, puzzles.jsonl, puzzles.txt), which cannot share standard output; give a directory"
        );
    }
    match (&options.preset, &options.from) {
        (Some(preset), from) => run_preset(options, preset, from.as_deref()),
        (None, Some(from)) => run_from(options, from),
        (None, None) => anyhow::bail!("give --preset or --from"),
    }
}

/// A book preset by name or path, with its name (the file stem).
fn read_book_preset(preset: &str) -> anyhow::Result<(String, BookPreset)> {
    let mut path = PathBuf::from(preset);
    if !path.is_file() && !preset.ends_with(".ron") {
        let local = PathBuf::from("presets").join(format!("{preset}.ron"));
        if !local.is_file() {
            let book_preset = BookPreset::builtin(preset)?;
            return Ok((preset.to_string(), book_preset));
        }
        path = local;
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("{}: cannot read", path.display()))?;
    let book_preset = BookPreset::from_ron(&text)
        .map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))?;
    let name = path.file_stem().map_or_else(
        || "book".to_string(),
        |stem| stem.to_string_lossy().into_owned(),
    );
    Ok((name, book_preset))
}

/// The layout: the flags over the preset's choices over the defaults.
fn layout_of(
    options: &BookOptions,
    preset: Option<&BookPreset>,
    title: String,
    colophon: Vec<String>,
) -> Layout {
    let chosen = |flag: &Option<String>, preset_value: Option<&Option<String>>| {
        flag.clone().or_else(|| preset_value.cloned().flatten())
    };
    Layout {
        title: options.title.clone().unwrap_or(title),
        subtitle: chosen(&options.subtitle, preset.map(|preset| &preset.subtitle)),
        author: chosen(&options.author, preset.map(|preset| &preset.author)),
        colophon,
        paper: options
            .paper
            .clone()
            .or_else(|| preset.map(|preset| preset.paper.clone()))
            .unwrap_or_default(),
        bleed: options
            .bleed
            .unwrap_or_else(|| preset.map_or(Bleed::None, |preset| preset.bleed)),
        copyright: chosen(&options.copyright, preset.map(|preset| &preset.copyright)),
        isbn: chosen(&options.isbn, preset.map(|preset| &preset.isbn)),
        level_names: preset.map_or_else(LevelNames::default, BookPreset::level_names),
        allow_small_cells: options.force,
        for_kdp: options.cover,
        sections_by_variant: preset.is_some_and(|preset| preset.sections_by_variant),
        per_page: options
            .per_page
            .or(preset.map(|preset| preset.per_page))
            .unwrap_or(4),
        large_print: options
            .large_print
            .unwrap_or_else(|| preset.is_some_and(|preset| preset.large_print)),
    }
}

/// The command that makes the same book again, for the colophon.
fn command_line(options: &BookOptions, preset: &str, from: Option<&Path>) -> String {
    let quoted = |text: &str| {
        if text
            .chars()
            .all(|character| character.is_alphanumeric() || "-_./:".contains(character))
        {
            text.to_string()
        } else {
            format!("'{}'", text.replace('\'', "'\\''"))
        }
    };
    let mut words = vec!["sudokit book --preset".to_string(), quoted(preset)];
    match from {
        Some(from) => words.push(format!("--from {}", quoted(&from.display().to_string()))),
        None => words.push(format!("--seed {}", options.seed)),
    }
    if let (Some(count), None) = (options.count, from) {
        words.push(format!("--count {count}"));
    }
    for (flag, value) in [
        ("--title", &options.title),
        ("--subtitle", &options.subtitle),
        ("--author", &options.author),
        ("--copyright", &options.copyright),
        ("--isbn", &options.isbn),
    ] {
        if let Some(value) = value {
            words.push(format!("{flag} {}", quoted(value)));
        }
    }
    if let Some(paper) = &options.paper {
        words.push(format!("--paper {paper}"));
    }
    match options.bleed {
        Some(Bleed::Full) => words.push("--bleed".to_string()),
        Some(Bleed::Kdp) => words.push("--bleed kdp".to_string()),
        Some(Bleed::None) => words.push("--bleed false".to_string()),
        None => {}
    }
    for (flag, value) in [("--large-print", options.large_print)] {
        match value {
            Some(true) => words.push(flag.to_string()),
            Some(false) => words.push(format!("{flag} false")),
            None => {}
        }
    }
    if let Some(per_page) = options.per_page {
        words.push(format!("--per-page {per_page}"));
    }
    words.join(" ")
}

/// Runs `book --preset`: generates every section (or reads `--from`), writes
/// `output/<name>/`.
fn run_preset(options: &BookOptions, preset: &str, from: Option<&Path>) -> anyhow::Result<Outcome> {
    let (name, book_preset) = read_book_preset(preset)?;
    let rated = match from {
        Some(from) => read_and_rate(options, from)?,
        None => generate_book(options, &book_preset)?,
    };
    let directory = options
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(&name));
    let version = env!("CARGO_PKG_VERSION");
    let colophon = vec![
        match from {
            Some(_) => format!("Book preset {name}, the puzzles read from a file."),
            None => format!(
                "Book preset {name}, seed {}: the same preset, seed and sudokit version give the same book, byte for byte.",
                options.seed
            ),
        },
        format!(
            "To make it again with sudokit {version}: {}",
            command_line(options, preset, from)
        ),
    ];
    let layout = layout_of(
        options,
        Some(&book_preset),
        book_preset.title.clone(),
        colophon,
    );
    let cover = options.cover.then(|| CoverRequest {
        stock: options.paper_stock,
        blurb: options.blurb.clone().or_else(|| book_preset.blurb.clone()),
    });
    write_book(
        &directory,
        &rated,
        &layout,
        options.force,
        from,
        cover.as_ref(),
    )?;
    Ok(Outcome::Success)
}

/// Every section's puzzles, `--count` each when given.
fn generate_book(options: &BookOptions, book_preset: &BookPreset) -> anyhow::Result<Vec<Rated>> {
    let mut rated = Vec::new();
    // indices run on across sections, so a preset named twice gives different puzzles
    let mut first = 0u64;
    for section in &book_preset.sections {
        let count = options.count.map_or(section.count, |count| count as usize);
        note!("generating {count} puzzles with {}", section.preset);
        rated.extend(generate_section(&section.preset, first, count, options)?);
        first += count as u64;
    }
    Ok(rated)
}

/// A generator preset by name (`presets/<name>.ron` when that file exists, else a shipped
/// one) or by path.
fn generator_preset(name: &str) -> anyhow::Result<Preset> {
    let path = if name.ends_with(".ron") {
        PathBuf::from(name)
    } else {
        PathBuf::from("presets").join(format!("{name}.ron"))
    };
    if path.is_file() {
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
                    .and_then(|generated| {
                        // book presets make rated rules; a rule the grader does not rate
                        // has no level to order the book by
                        let grading = generated.grading.clone().ok_or_else(|| {
                            format!(
                                "section {name}: {}",
                                sudokit::grade::unrated_rule(&generated.puzzle).unwrap_or_default()
                            )
                        })?;
                        let record = match serde_json::to_value(Record::new(&preset, &generated)) {
                            Ok(Value::Object(record)) => record,
                            _ => Map::new(),
                        };
                        let rated = RatedPuzzle {
                            trial_steps: Some(grading.trial_steps),
                            level: grading.level,
                            score: grading.score,
                            puzzle: generated.puzzle,
                            solution: generated.solution,
                        };
                        Ok((rated, record))
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

/// The puzzles of `--from`, solved and graded where their records leave it open.
fn read_and_rate(options: &BookOptions, from: &Path) -> anyhow::Result<Vec<Rated>> {
    let text = std::fs::read_to_string(from)
        .with_context(|| format!("{}: cannot read", from.display()))?;
    let source = from.display().to_string();
    let candidates = read_candidates(&text, &source)?;
    rate(candidates, options.jobs)
}

/// Runs `book --from`.
fn run_from(options: &BookOptions, from: &Path) -> anyhow::Result<Outcome> {
    let rated = read_and_rate(options, from)?;
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
    let name = from
        .file_name()
        .map_or_else(|| stem.clone(), |name| name.to_string_lossy().into_owned());
    let colophon = vec![format!(
        "The puzzles of {name}, laid out by sudokit {}.",
        env!("CARGO_PKG_VERSION")
    )];
    let layout = layout_of(options, None, stem, colophon);
    let cover = options.cover.then(|| CoverRequest {
        stock: options.paper_stock,
        blurb: options.blurb.clone(),
    });
    write_book(
        &directory,
        &rated,
        &layout,
        options.force,
        Some(from),
        cover.as_ref(),
    )?;
    Ok(Outcome::Success)
}

/// What `--cover` asks for beyond the book's own title and author.
pub struct CoverRequest {
    /// The paper the book is printed on (the spine's width).
    pub stock: PaperStock,
    /// The back's text.
    pub blurb: Option<String>,
}

/// Writes `book.pdf`, `puzzles.jsonl` (records in book order, numbered, with links) and
/// `puzzles.txt` (the same puzzles in notations `check` reads) into `directory`; either text
/// file is left alone when it is the input itself.
pub fn write_book(
    directory: &Path,
    rated: &[Rated],
    layout: &Layout,
    force: bool,
    input: Option<&Path>,
    cover: Option<&CoverRequest>,
) -> anyhow::Result<()> {
    let puzzles: Vec<RatedPuzzle> = rated.iter().map(|(puzzle, _)| puzzle.clone()).collect();
    let laid_out = book::book(&puzzles, layout)?;
    for warning in &laid_out.warnings {
        complain!("warning: {warning}");
    }
    let pdf = book::book_pdf(&laid_out, layout)?;
    let pdf_path = directory.join("book.pdf");
    let cover = match cover {
        Some(request) => {
            let text = CoverText {
                title: layout.title.clone(),
                subtitle: Some(
                    layout
                        .subtitle
                        .clone()
                        .unwrap_or_else(|| book::subtitle(&puzzles, &layout.level_names)),
                ),
                author: layout.author.clone(),
                blurb: request.blurb.clone(),
            };
            // the front shows the book's last (hardest) puzzle
            let order = book::difficulty_order(&puzzles);
            let shown = order.last().map_or(&puzzles[0], |&index| &puzzles[index]);
            let bytes = cover::pdf(
                &layout.paper,
                laid_out.pages.len(),
                request.stock,
                &text,
                &shown.puzzle,
            )?;
            Some((directory.join("cover.pdf"), bytes))
        }
        None => None,
    };
    if let Some((cover_path, _)) = &cover {
        refuse_existing(&[cover_path], force)?;
    }
    let records_path = directory.join("puzzles.jsonl");
    let text_path = directory.join("puzzles.txt");
    let same = |input: &Path, output: &Path| {
        let canonical = |path: &Path| std::fs::canonicalize(path).ok();
        canonical(input).is_some() && canonical(input) == canonical(output)
    };
    let records_are_the_input = input.is_some_and(|input| same(input, &records_path));
    let text_is_the_input = input.is_some_and(|input| same(input, &text_path));
    let order = book::book_order(&puzzles, layout);
    let text = puzzles_text(&order, &puzzles)?;
    let mut written: Vec<&Path> = vec![&pdf_path];
    if !records_are_the_input {
        written.push(&records_path);
    }
    if !text_is_the_input {
        written.push(&text_path);
    }
    refuse_existing(&written, force)?;
    write_atomically(&pdf_path, &pdf, force)?;
    if let Some((cover_path, bytes)) = &cover {
        write_atomically(cover_path, bytes, force)?;
        note!("wrote {}", cover_path.display());
    }
    if !text_is_the_input {
        write_atomically(&text_path, text.as_bytes(), force)?;
    }
    if !records_are_the_input {
        let mut lines = String::new();
        for (number, &index) in order.iter().enumerate() {
            let (rated, record) = &rated[index];
            lines.push_str(&book_record(number + 1, rated, record).to_string());
            lines.push('\n');
        }
        write_atomically(&records_path, lines.as_bytes(), force)?;
    }
    let names: Vec<String> = written
        .iter()
        .map(|path| path.display().to_string())
        .collect();
    note!(
        "wrote {} ({})",
        names.join(", "),
        super::output::counted(puzzles.len(), "puzzle")
    );
    Ok(())
}

/// `puzzles.txt`: the book's puzzles in book order, each named `puzzle <number>` with its
/// solution, in the first notation that holds all its rules and that `check` reads back in
/// one file: a line (with its `diag=`, `boxes=`, `regions=` tokens), killer text between
/// blank lines, an f-puzzles document on one line, or else a record line.
fn puzzles_text(order: &[usize], puzzles: &[RatedPuzzle]) -> anyhow::Result<String> {
    let mut text = String::new();
    for (number, &index) in order.iter().enumerate() {
        let rated = &puzzles[index];
        let mut entry = Entry::new(rated.puzzle.clone());
        entry.name = Some(format!("puzzle {}", number + 1));
        entry.solution = Some(rated.solution.clone());
        let written = [
            Format::Line,
            Format::Killer,
            Format::Fpuzzles,
            Format::Records,
        ]
        .into_iter()
        .find_map(|format| notation::format_entry(&entry, format).ok())
        .with_context(|| format!("puzzle {}: no notation holds it", number + 1))?;
        let written = written.trim_end();
        if written.contains('\n') {
            // killer text: a block of its own
            if !text.is_empty() && !text.ends_with("\n\n") {
                text.push('\n');
            }
            text.push_str(written);
            text.push_str("\n\n");
        } else {
            text.push_str(written);
            text.push('\n');
        }
    }
    Ok(text)
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
        // null where f-puzzles cannot hold the puzzle (the book's own puzzles it always can)
        json!(links::fpuzzles(&rated.puzzle, None).ok()),
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
    if !notation::records::is_record(first) {
        let entries = notation::parse(text, None).map_err(|error| located(source, &error))?;
        return Ok(entries
            .into_iter()
            .map(|entry| Candidate {
                place: format!("{source}:{}", entry.line),
                entry,
                level: None,
                score: None,
                record: Map::new(),
            })
            .collect());
    }
    // sudokit's records, through the one reader every command uses: the puzzle with all
    // its rules, and the fields (level and score kept, the rest carried into the book's)
    let mut candidates = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let read =
            notation::records::read(line, number).map_err(|error| located(source, &error))?;
        let mut record = read.fields;
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
            place: format!("{source}:{number}"),
            entry: read.entry,
            level,
            score,
            record,
        });
    }
    Ok(candidates)
}

/// `file:line: column C: reason`, the place of a notation error as every command writes it.
fn located(source: &str, error: &notation::NotationError) -> anyhow::Error {
    let place = match error.line {
        Some(line) => format!("{source}:{line}"),
        None => source.to_string(),
    };
    anyhow::anyhow!("{place}: {}", error.within_line())
}

/// The puzzle's one solution, or why it cannot be printed: no solution, several, or a
/// published solution that is not the one. A published solution is never taken on trust:
/// a puzzle with several solutions would otherwise reach the book beside one of them.
fn only_solution(entry: &Entry) -> Result<Grid, String> {
    let count = engine::count(Engine::Auto, &entry.puzzle, 2)?;
    let solution = match count {
        Count::Unique(solution) => solution,
        other => {
            let account = not_unique_text(&other, 2).unwrap_or_else(|| other.word().to_string());
            return Err(format!(
                "{account}; a book prints only puzzles with exactly one solution"
            ));
        }
    };
    match &entry.solution {
        Some(published) if *published != solution => Err(format!(
            "the published solution differs from the puzzle's only one at {}",
            cell_list(published, &solution).join(" ")
        )),
        _ => Ok(solution),
    }
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
        place,
        entry,
        level,
        score,
        mut record,
    } = candidate;
    if level.is_none() || score.is_none() {
        if let Some(reason) = grade::unrated_rule(&entry.puzzle) {
            return Err(format!("{place}: {reason}"));
        }
    }
    let solution = only_solution(&entry).map_err(|reason| format!("{place}: {reason}"))?;
    let (level, score, trial_steps) = match (level, score) {
        (Some(level), Some(score)) => {
            let trial_steps = record
                .get("trial_steps")
                .and_then(Value::as_u64)
                .and_then(|steps| usize::try_from(steps).ok());
            (level, score, trial_steps)
        }
        _ => {
            let grading = grade::grade(&entry.puzzle);
            record.insert("trial_steps".into(), json!(grading.trial_steps));
            (grading.level, grading.score, Some(grading.trial_steps))
        }
    };
    Ok((
        RatedPuzzle {
            puzzle: entry.puzzle,
            solution,
            level,
            score,
            trial_steps,
        },
        record,
    ))
}
