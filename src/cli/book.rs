//! `sudokit book`: a print-ready PDF book (title page, colophon, how to play, puzzles easiest
//! first by level, solutions at the back) with `puzzles.jsonl` and `puzzles.txt` beside it, from a book preset
//! (shipped or a file) or from a puzzle file or JSON Lines records. The flags become a
//! [`BookRequest`] for the library's book pipeline (`sudokit::service::book`); this file
//! reads the presets and the input, shows the progress and writes the files.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::Context;
use clap::Args;
use indicatif::ProgressBar;
use sudokit::budget::Budget;
use sudokit::preset::Preset;
use sudokit::render::book::Layout;
use sudokit::render::book_preset::BookPreset;
use sudokit::render::book_preset::LevelNames;
use sudokit::render::paper::{Bleed, Paper, PaperStock};
use sudokit::service::book::{
    self as pipeline, Book, BookPuzzles, BookRequest, CoverRequest, Progress, Section, Stage,
};

use super::render::{refuse_existing, write_atomically};
use super::work::progress_bar;
use super::Outcome;

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
    #[arg(long, default_value_t = 1, value_parser = super::parse_seed, allow_negative_numbers = true)]
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

    /// Puzzles per page: 1, 2, 4 or 6 (default: the preset's, or 4; with --paper alone, the
    /// most up to that which keep cells at 8 mm). Refused before any puzzle is made when
    /// the paper would need cells under 8 mm, and when laid out if text would be under 7 pt
    /// (14 pt in large print) (the error names the most that fit; --force prints them
    /// anyway, with a warning).
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
        solutions_per_page: preset.and_then(|preset| preset.solutions_per_page),
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
    let puzzles = match from {
        Some(from) => read_puzzles(from)?,
        None => BookPuzzles::Generate {
            sections: sections(options, &book_preset)?,
            seed: options.seed,
        },
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
    let request = BookRequest {
        puzzles,
        layout,
        cover,
        jobs: options.jobs,
        choose_per_page: options.paper.is_some() && options.per_page.is_none(),
    };
    write_book(&directory, &make(&request)?, options.force, from)?;
    Ok(Outcome::Success)
}

/// The preset's sections, `--count` puzzles each when given; every section's preset is
/// found before any puzzle is made.
fn sections(options: &BookOptions, book_preset: &BookPreset) -> anyhow::Result<Vec<Section>> {
    book_preset
        .sections
        .iter()
        .map(|section| {
            Ok(Section {
                preset: generator_preset(&section.preset)?,
                count: options.count.map_or(section.count, |count| count as usize),
            })
        })
        .collect()
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

/// The puzzles of `--from`, to be read by the library.
fn read_puzzles(from: &Path) -> anyhow::Result<BookPuzzles> {
    let text = std::fs::read_to_string(from)
        .with_context(|| format!("{}: cannot read", from.display()))?;
    Ok(BookPuzzles::Read {
        text,
        source: from.display().to_string(),
    })
}

/// Runs `book --from`.
fn run_from(options: &BookOptions, from: &Path) -> anyhow::Result<Outcome> {
    let puzzles = read_puzzles(from)?;
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
    let request = BookRequest {
        puzzles,
        layout,
        cover,
        jobs: options.jobs,
        choose_per_page: options.paper.is_some() && options.per_page.is_none(),
    };
    write_book(&directory, &make(&request)?, options.force, Some(from))?;
    Ok(Outcome::Success)
}

/// Makes the book, with a progress bar for each stage on standard error and the layout's
/// warnings after it.
fn make(request: &BookRequest) -> anyhow::Result<Book> {
    let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
    let progress = |event: Progress<'_>| {
        let mut bar = bar
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match event {
            Progress::Started {
                stage,
                puzzles,
                threads,
            } => {
                if let Stage::Generating { preset } = stage {
                    note!("generating {puzzles} puzzles with {preset}");
                }
                *bar = Some(progress_bar(puzzles));
                detail!("working on {threads} thread(s)");
            }
            Progress::Done => {
                if let Some(bar) = bar.as_ref() {
                    bar.inc(1);
                }
            }
            Progress::Finished => {
                if let Some(bar) = bar.take() {
                    bar.finish_and_clear();
                }
            }
        }
    };
    let book = pipeline::make_book(request, &Budget::unlimited(), &progress)?;
    if book.per_page != request.layout.per_page {
        note!(
            "{} puzzles to a page, the most that keep cells at 8 mm on {} paper",
            book.per_page,
            request.layout.paper.name
        );
    }
    for warning in &book.warnings {
        complain!("warning: {warning}");
    }
    Ok(book)
}

/// Writes `book.pdf`, `puzzles.jsonl` (records in book order, numbered, with links),
/// `puzzles.txt` (the same puzzles in notations `check` reads) and `cover.pdf` when made
/// into `directory`; either text file is left alone when it is the input itself.
fn write_book(
    directory: &Path,
    book: &Book,
    force: bool,
    input: Option<&Path>,
) -> anyhow::Result<()> {
    let pdf_path = directory.join("book.pdf");
    let cover_path = directory.join("cover.pdf");
    if book.cover.is_some() {
        refuse_existing(&[&cover_path], force)?;
    }
    let records_path = directory.join("puzzles.jsonl");
    let text_path = directory.join("puzzles.txt");
    let same = |input: &Path, output: &Path| {
        let canonical = |path: &Path| std::fs::canonicalize(path).ok();
        canonical(input).is_some() && canonical(input) == canonical(output)
    };
    let records_are_the_input = input.is_some_and(|input| same(input, &records_path));
    let text_is_the_input = input.is_some_and(|input| same(input, &text_path));
    let mut written: Vec<&Path> = vec![&pdf_path];
    if !records_are_the_input {
        written.push(&records_path);
    }
    if !text_is_the_input {
        written.push(&text_path);
    }
    refuse_existing(&written, force)?;
    write_atomically(&pdf_path, &book.pdf, force)?;
    if let Some(bytes) = &book.cover {
        write_atomically(&cover_path, bytes, force)?;
        note!("wrote {}", cover_path.display());
    }
    if !text_is_the_input {
        write_atomically(&text_path, book.text.as_bytes(), force)?;
    }
    if !records_are_the_input {
        write_atomically(&records_path, book.records_text()?.as_bytes(), force)?;
    }
    let names: Vec<String> = written
        .iter()
        .map(|path| path.display().to_string())
        .collect();
    note!(
        "wrote {} ({})",
        names.join(", "),
        super::output::counted(book.records.len(), "puzzle")
    );
    Ok(())
}
