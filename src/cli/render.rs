//! `sudokit render`: puzzles drawn as SVG pictures or a PDF (one page per puzzle), and the
//! atomic file writing the printing commands share.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{ArgGroup, Args};
use sudokit::model::Grid;
use sudokit::notation::Entry;
use sudokit::render;

use super::sources::{read_records, InputOptions};
use super::Outcome;

/// Options of `sudokit render`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("picture").required(true).args(["svg", "pdf"])))]
pub struct RenderOptions {
    #[command(flatten)]
    input: InputOptions,

    /// Write SVG: one picture per puzzle.
    #[arg(long)]
    svg: bool,

    /// Write one PDF with a page per puzzle.
    #[arg(long)]
    pdf: bool,

    /// Also draw each puzzle's solution, on the next PDF page or as `<name>-solution.svg`:
    /// only a puzzle with exactly one solution has one to draw (the engines decide, and a
    /// published solution must be that one); otherwise a warning and exit 1.
    #[arg(long)]
    solution: bool,

    /// Where to write: the PDF file, or the SVG file (numbered `-1`, `-2`, … when the input
    /// holds several puzzles). `-` writes the PDF, or the one SVG picture, to standard
    /// output. Default: `output/<input stem>.pdf` or `.svg`.
    #[arg(long, value_name = "PATH")]
    out: Option<PathBuf>,

    /// Replace files that already exist.
    #[arg(long)]
    force: bool,
}

/// Runs `render`.
pub fn run(options: &RenderOptions) -> anyhow::Result<Outcome> {
    let records = read_records(&options.input);
    let mut outcome = Outcome::Success;
    let mut entries: Vec<Entry> = Vec::new();
    let mut places: Vec<String> = Vec::new();
    // each good puzzle's place among the puzzles read (1-based), which numbers its picture
    let mut positions: Vec<usize> = Vec::new();
    let mut unreadable = 0;
    let read = records.len();
    for (position, record) in records.into_iter().enumerate() {
        let place = record.place();
        match record.entry {
            Ok(entry) => {
                entries.push(entry);
                places.push(place);
                positions.push(position + 1);
            }
            Err(reason) => {
                complain!("error: {reason}");
                unreadable += 1;
            }
        }
    }
    // every good puzzle is drawn; each bad one is named above, and the run ends with exit 2
    // and a line saying how many were left out, so the pictures never pass for the whole input
    if entries.is_empty() {
        if unreadable > 0 {
            anyhow::bail!(
                "nothing drawn: {} in the input and no puzzle read",
                super::output::counted(unreadable, "error")
            );
        }
        anyhow::bail!("no puzzle to render");
    }
    if unreadable > 0 {
        outcome = Outcome::BadInput;
    }
    let left_out = |outcome: Outcome| {
        if unreadable > 0 {
            complain!(
                "error: drew {} of the {read} read: {} left out (named above)",
                entries.len(),
                super::output::counted(unreadable, "unreadable puzzle")
            );
        }
        Ok(outcome)
    };
    let mut solutions: Vec<Option<Grid>> = Vec::with_capacity(entries.len());
    for (entry, place) in entries.iter().zip(&places) {
        if !options.solution {
            solutions.push(None);
            continue;
        }
        match solution_of(entry) {
            Ok(solution) => solutions.push(Some(solution)),
            Err(reason) => {
                complain!("warning: {place}: {reason}");
                outcome = outcome.worst(Outcome::NotUnique);
                solutions.push(None);
            }
        }
    }
    let extension = if options.pdf { "pdf" } else { "svg" };
    let to_standard_output = options.out.as_deref() == Some(Path::new("-"));
    if to_standard_output && !options.pdf && (entries.len() > 1 || options.solution) {
        anyhow::bail!(
            "--out -: {} SVG pictures cannot share standard output (use --pdf, or a file path)",
            entries.len() * if options.solution { 2 } else { 1 }
        );
    }
    if to_standard_output && !options.pdf {
        say_inline!("{}", render::puzzle_svg(&entries[0].puzzle, None));
        return left_out(outcome);
    }
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| default_path(&options.input.files[0], extension));
    let names_a_folder = out.is_dir() || out.as_os_str().to_string_lossy().ends_with(['/', '\\']);
    if names_a_folder {
        anyhow::bail!(
            "{}: a folder, but --out names the file to write (such as {})",
            out.display(),
            out.join(format!("puzzles.{extension}")).display()
        );
    }
    if options.pdf {
        let stem = out
            .file_stem()
            .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
        let pages: Vec<_> = entries
            .iter()
            .zip(&solutions)
            .map(|(entry, solution)| (&entry.puzzle, entry.name.as_deref(), solution.as_ref()))
            .collect();
        let pdf = render::puzzle_pdf(&pages, &stem)?;
        if to_standard_output {
            write_standard_output(&pdf)?;
            return left_out(outcome);
        }
        write_atomically(&out, &pdf, options.force)?;
        note!(
            "wrote {} ({})",
            out.display(),
            super::output::counted(entries.len(), "puzzle")
        );
        return left_out(outcome);
    }
    let numbered = read > 1;
    let mut pictures = Vec::new();
    for ((entry, solution), position) in entries.iter().zip(&solutions).zip(&positions) {
        let path = if numbered {
            with_suffix(&out, &format!("-{position}"))
        } else {
            out.clone()
        };
        let solved = solution.as_ref().map(|solution| {
            (
                with_suffix(&path, "-solution"),
                render::puzzle_svg(&entry.puzzle, Some(solution)),
            )
        });
        pictures.push((path, render::puzzle_svg(&entry.puzzle, None)));
        pictures.extend(solved);
    }
    let paths: Vec<&Path> = pictures.iter().map(|(path, _)| path.as_path()).collect();
    refuse_existing(&paths, options.force)?;
    for (path, picture) in &pictures {
        write_atomically(path, picture.as_bytes(), options.force)?;
    }
    note!(
        "wrote {} at {}",
        super::output::counted(pictures.len(), "SVG picture"),
        out.display()
    );
    left_out(outcome)
}

/// The puzzle's solution when it has exactly one (the engines decide, as for `book`: the
/// native one within its budget, then SAT; even beside a published solution, since a
/// published solution of a puzzle with several is not *the* solution), or why none is drawn.
pub fn solution_of(entry: &Entry) -> Result<Grid, String> {
    solution_of_within(entry, &sudokit::budget::Budget::unlimited())
}

/// [`solution_of`], stopped when `budget`'s flag is raised or its deadline passes.
pub fn solution_of_within(entry: &Entry, budget: &sudokit::budget::Budget) -> Result<Grid, String> {
    sudokit::service::render::solution_of(entry, budget)
}

/// `output/<stem of input>.<extension>` (`output/stdin.…` for standard input).
pub(super) fn default_path(input: &Path, extension: &str) -> PathBuf {
    let stem = input
        .file_stem()
        .filter(|_| input.as_os_str() != "-")
        .map_or_else(
            || "stdin".to_string(),
            |stem| stem.to_string_lossy().into_owned(),
        );
    PathBuf::from("output").join(format!("{stem}.{extension}"))
}

/// `dir/name-suffix.ext` for `dir/name.ext`.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(extension) => format!("{stem}{suffix}.{}", extension.to_string_lossy()),
        None => format!("{stem}{suffix}"),
    };
    path.with_file_name(name)
}

/// Refuses, before anything is written, when one of the files a command is about to write
/// already exists and `force` is not given: a refusal halfway would leave some of the new
/// files beside old ones.
pub fn refuse_existing(paths: &[&Path], force: bool) -> anyhow::Result<()> {
    if force {
        return Ok(());
    }
    match paths.iter().find(|path| path.exists()) {
        Some(path) => anyhow::bail!(
            "{}: already exists (use --force to replace it)",
            path.display()
        ),
        None => Ok(()),
    }
}

/// Writes `bytes` to a temporary file beside `path` and renames it into place, so `path`
/// is never left half written; refuses to replace an existing file unless `force`.
pub fn write_atomically(path: &Path, bytes: &[u8], force: bool) -> anyhow::Result<()> {
    refuse_existing(&[path], force)?;
    let directory = path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(directory)
        .with_context(|| format!("{}: cannot create the directory", directory.display()))?;
    let name = path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    let temporary = directory.join(format!(".{name}.{}.tmp", std::process::id()));
    if let Err(error) = std::fs::write(&temporary, bytes) {
        let _ = std::fs::remove_file(&temporary);
        anyhow::bail!("{}: cannot write: {error}", path.display());
    }
    std::fs::rename(&temporary, path).map_err(|error| {
        let _ = std::fs::remove_file(&temporary);
        anyhow::anyhow!("{}: cannot write: {error}", path.display())
    })
}

/// Writes `bytes` to standard output (a PDF piped on, say).
fn write_standard_output(bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    super::output::flush();
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .context("cannot write to standard output")
}
