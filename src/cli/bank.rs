//! `sudokit bank`: keep rated puzzles in a SQLite file and find them again — add (streamed:
//! the canonical key looked up first, only new puzzles checked and rated on both scales, in
//! their canonical form, committed every N puzzles or every second), query, export, stats
//! (read-only, beside a writer).

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use sudokit::bank::{Bank, Filter, Stored};
use sudokit::grade::Level;
use sudokit::notation::{self, records, Format};
use sudokit::service::bank::{
    AddRecord, AddedRecord, StatsRecord, StoredRecord, ADD_COLUMNS, QUERY_COLUMNS, STATS_COLUMNS,
};
use sudokit::service::bank_add::{AddAnswer, AddCounts, AddSettings, AddSink, BankAdd, CHUNK};

use super::records::{Style, Writer};
use super::sources::{each_batch, InputOptions};
use super::work::thread_pool;
use super::Outcome;

/// Options of `sudokit bank`.
#[derive(Debug, Args)]
pub struct BankOptions {
    #[command(subcommand)]
    command: BankCommand,
}

#[derive(Debug, Subcommand)]
enum BankCommand {
    /// Check, rate and store puzzles; a puzzle already in the bank is answered with its
    /// earlier record.
    ///
    /// Reads any puzzle file the other commands read, or `generate`'s puzzles.jsonl, as a
    /// stream. Each puzzle's canonical key is looked up first: a puzzle whose key is in the
    /// bank (the same puzzle relabelled, turned or with rows swapped) is reported as seen,
    /// with the earlier record, and costs nothing more. A new puzzle must have exactly one
    /// solution; it is stored in its canonical form, rated there on HoDoKu's scale and Sudoku
    /// Explainer's (not for killers), so every orientation of it gets the same record. Work
    /// is committed every --commit-every puzzles or every second: a run stopped part way
    /// keeps what was committed, and running it again skips those as seen.
    Add(AddOptions),
    /// List stored puzzles, oldest first, filtered by level, SE rating, variant and size.
    Query(QueryOptions),
    /// Write stored puzzles in a notation sudokit reads (RON by default), oldest first.
    Export(ExportOptions),
    /// Count the stored puzzles by variant, size and level.
    Stats(StatsOptions),
}

/// The bank file.
#[derive(Debug, Args)]
struct DatabaseOption {
    /// The bank: one SQLite file (created by `bank add` when missing).
    #[arg(long, value_name = "FILE")]
    db: PathBuf,
}

/// Options of `bank add`.
#[derive(Debug, Args)]
#[command(after_help = super::EXIT_CODES)]
pub struct AddOptions {
    #[command(flatten)]
    database: DatabaseOption,

    #[command(flatten)]
    input: InputOptions,

    /// One JSON object per puzzle read (JSON Lines), in input order: `status` (`stored`,
    /// `seen`, `multiple`, `none` or `error`), id, canonical key, ratings; for `seen`, the
    /// earlier record under `earlier`.
    #[arg(long, conflicts_with = "csv")]
    json: bool,

    /// CSV with a header, one row per puzzle read: the fields of --json.
    #[arg(long)]
    csv: bool,

    /// Threads to use for checking and rating: 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = super::parse_jobs)]
    jobs: Option<usize>,

    /// Most work the HoDoKu rating may do per puzzle, as `grade --work-limit` counts it
    /// (default 100 million). A puzzle whose rating passes it has no level and is not
    /// stored (`error`, with the reason).
    #[arg(long, value_name = "N", value_parser = super::parse_work_limit, allow_negative_numbers = true)]
    work_limit: Option<u64>,

    /// Commit after this many new puzzles at most (1 to 1000000; a commit also comes every
    /// second): a run killed part way loses at most the open batch.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1000,
        value_parser = clap::value_parser!(u64).range(1..=1_000_000)
    )]
    commit_every: u64,
}

/// Which stored puzzles.
#[derive(Debug, Args)]
struct FilterOptions {
    /// Only this HoDoKu level (easy, medium, hard, unfair, extreme).
    #[arg(long, value_name = "L", value_parser = parse_level)]
    level: Option<String>,

    /// Only puzzles with an SE rating (ER) of at least X.
    #[arg(long, value_name = "X", value_parser = parse_rating)]
    se_min: Option<f64>,

    /// Only puzzles with an SE rating (ER) of at most Y.
    #[arg(long, value_name = "Y", value_parser = parse_rating)]
    se_max: Option<f64>,

    /// Only puzzles with a HoDoKu score of at least S.
    #[arg(long, value_name = "S")]
    score_min: Option<u32>,

    /// Only puzzles with a HoDoKu score of at most T.
    #[arg(long, value_name = "T")]
    score_max: Option<u32>,

    /// Only this variant: classic, x (both diagonals), x-one-diagonal, killer, killer-x
    /// (both diagonals), killer-x-one-diagonal, greater-killer, jigsaw, rules (any other
    /// variant rule, keyed under identity only).
    #[arg(long, value_name = "V", value_parser = parse_variant)]
    variant: Option<VariantFilter>,

    /// Only grids of side N (4 to 25).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(4..=25))]
    size: Option<u8>,

    /// At most N puzzles.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
}

/// A level as the bank stores it; a misspelt one would match nothing, without a word.
fn parse_level(text: &str) -> Result<String, String> {
    Level::ALL
        .into_iter()
        .find(|level| level.to_string().eq_ignore_ascii_case(text.trim()))
        .map(|level| level.to_string())
        .ok_or_else(|| format!("{text:?} is not a level (easy, medium, hard, unfair, extreme)"))
}

/// A variant as the bank stores it, and how many diagonals it has where that tells two
/// apart (x and killer-x: both; `…-one-diagonal`: one).
#[derive(Debug, Clone)]
struct VariantFilter {
    name: String,
    diagonals: Option<u8>,
}

fn parse_variant(text: &str) -> Result<VariantFilter, String> {
    let text = text.trim().to_ascii_lowercase();
    let (name, one) = match text.strip_suffix("-one-diagonal") {
        Some(name) => (name, true),
        None => (text.as_str(), false),
    };
    match records::variant_named(name) {
        Some(variant) if variant.both_diagonals || !one => Ok(VariantFilter {
            name: variant.name.to_string(),
            diagonals: variant.both_diagonals.then_some(if one { 1 } else { 2 }),
        }),
        _ => Err(format!(
            "{text:?} is not a variant (classic, x, x-one-diagonal, killer, killer-x, \
             killer-x-one-diagonal, greater-killer, jigsaw, rules)"
        )),
    }
}

/// An SE rating bound: a number from 0 up.
fn parse_rating(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(rating) if rating.is_finite() && rating >= 0.0 => Ok(rating),
        _ => Err(format!(
            "{text:?} is not an SE rating (a number such as 7.2)"
        )),
    }
}

impl FilterOptions {
    fn filter(&self) -> anyhow::Result<Filter> {
        if let (Some(minimum), Some(maximum)) = (self.score_min, self.score_max) {
            if minimum > maximum {
                anyhow::bail!(
                    "--score-min {minimum} is above --score-max {maximum}: nothing can match"
                );
            }
        }
        if let (Some(minimum), Some(maximum)) = (self.se_min, self.se_max) {
            if minimum > maximum {
                anyhow::bail!("--se-min {minimum} is above --se-max {maximum}: nothing can match");
            }
        }
        Ok(Filter {
            level: self.level.clone(),
            se_minimum: self.se_min,
            se_maximum: self.se_max,
            score_minimum: self.score_min,
            score_maximum: self.score_max,
            diagonals: self.variant.as_ref().and_then(|variant| variant.diagonals),
            variant: self.variant.as_ref().map(|variant| variant.name.clone()),
            size: self.size,
            limit: self.limit,
        })
    }
}

/// Options of `bank query`.
#[derive(Debug, Args)]
pub struct QueryOptions {
    #[command(flatten)]
    database: DatabaseOption,

    #[command(flatten)]
    filter: FilterOptions,

    /// One JSON object per puzzle (JSON Lines): every stored field.
    #[arg(long, conflicts_with = "csv")]
    json: bool,

    /// CSV with a header, one row per puzzle.
    #[arg(long)]
    csv: bool,
}

/// Options of `bank export`.
#[derive(Debug, Args)]
pub struct ExportOptions {
    #[command(flatten)]
    database: DatabaseOption,

    #[command(flatten)]
    filter: FilterOptions,

    /// The notation to write: ron (every variant, the default), line, grid, csv, killer,
    /// killer-tsv, fpuzzles.
    #[arg(
        long,
        alias = "format",
        value_name = "FORMAT",
        default_value = "ron",
        value_parser = parse_format
    )]
    output_format: Format,
}

/// Options of `bank stats`.
#[derive(Debug, Args)]
pub struct StatsOptions {
    #[command(flatten)]
    database: DatabaseOption,

    /// One JSON object per variant, size and level (JSON Lines): variant, size, level,
    /// count.
    #[arg(long, conflicts_with = "csv")]
    json: bool,

    /// CSV with a header, one row per variant, size and level: the fields of --json.
    #[arg(long)]
    csv: bool,
}

fn parse_format(text: &str) -> Result<Format, String> {
    text.parse::<Format>().map_err(|error| error.to_string())
}

/// Runs `bank`.
pub fn run(options: &BankOptions) -> anyhow::Result<Outcome> {
    match &options.command {
        BankCommand::Add(options) => add(options),
        BankCommand::Query(options) => query(options),
        BankCommand::Export(options) => export(options),
        BankCommand::Stats(options) => stats(options),
    }
}

/// Where `bank add`'s answers go: standard error at once for what went wrong, the writer
/// (a record, or a line of text) once the bank holds what the answer reports.
struct AddWriter<'options> {
    options: &'options AddOptions,
    writer: Writer,
    style: Style,
}

impl AddSink for AddWriter<'_> {
    fn answered(&mut self, answer: &AddAnswer) {
        match &answer.record {
            AddRecord::Error(error) => complain!("error: {}: {}", answer.location, error.reason),
            AddRecord::Count(_) if self.style.is_record() => complain!(
                "{}: not rated: {}",
                answer.location,
                answer.not_unique.as_deref().unwrap_or_default()
            ),
            _ => {}
        }
    }

    fn committed(&mut self, answer: AddAnswer) {
        if self.style.is_record() {
            self.writer.write(&answer.record);
            return;
        }
        match &answer.record {
            AddRecord::Added(added) => say!("{}", added_line(&answer.location, added)),
            AddRecord::Count(_) => say!(
                "{}: {}",
                answer.location,
                answer.not_unique.as_deref().unwrap_or_default()
            ),
            AddRecord::Error(_) => {}
        }
    }

    fn progress(&mut self, counts: &AddCounts, seconds: f64) {
        note!(
            "{}: {} read, {} stored, {} seen before, {} not added ({:.0} puzzles/s)",
            self.options.database.db.display(),
            counts.read,
            counts.stored,
            counts.seen,
            counts.not_added(),
            counts.read as f64 / seconds
        );
    }
}

/// `bank add`: flags → settings → the service's pipeline ([`BankAdd`]) → typed records →
/// the writer.
fn add(options: &AddOptions) -> anyhow::Result<Outcome> {
    let bank = Bank::open(&options.database.db, true)?;
    let style = Style::from_flags(options.json, options.csv);
    let pool = thread_pool(options.jobs)?;
    let settings = AddSettings {
        work_limit: options
            .work_limit
            .unwrap_or(sudokit::grade::DEFAULT_WORK_LIMIT),
        commit_every: options.commit_every,
    };
    let mut run = BankAdd::new(bank, settings);
    let mut sink = AddWriter {
        options,
        writer: Writer::new(style, ADD_COLUMNS),
        style,
    };
    let mut failure = None;
    // the common reader, a batch at a time: any notation, `generate`'s and `book`'s
    // puzzles.jsonl included (a file of one puzzle or record a line is read a batch of lines
    // at a time, so memory stays bounded)
    each_batch(&options.input, CHUNK, |records| {
        if failure.is_none() {
            failure = run.add(pool.threads(), &records, &mut sink).err();
        }
    });
    if let Some(failure) = failure {
        // what was committed stays (and was written); the open batch is rolled back with
        // the connection, and its lines are not written
        return Err(failure.into());
    }
    let (counts, outcome) = run.finish(&mut sink)?;
    note!(
        "{}: {} stored, {} seen before, {} not added",
        options.database.db.display(),
        counts.stored,
        counts.seen,
        counts.not_added()
    );
    Ok(outcome)
}

/// The line `bank add` says of a stored or seen puzzle.
fn added_line(location: &str, added: &AddedRecord) -> String {
    let se = |se: &Option<String>| se.clone().unwrap_or_else(|| "-".to_string());
    match &added.earlier {
        None => format!(
            "{location}: stored #{}: {} {} {}, SE {}",
            added.id,
            added.variant,
            added.level,
            added.score,
            se(&added.se)
        ),
        Some(earlier) => format!(
            "{location}: seen before: #{} from {} added {}: {} {}, SE {}",
            earlier.id,
            earlier.source,
            earlier.added,
            earlier.level,
            earlier.score,
            se(&earlier.se)
        ),
    }
}

fn query(options: &QueryOptions) -> anyhow::Result<Outcome> {
    let bank = Bank::open_to_read(&options.database.db)?;
    let filter = options.filter.filter()?;
    let style = Style::from_flags(options.json, options.csv);
    let writer = Writer::new(style, QUERY_COLUMNS);
    let mut count = 0u64;
    bank.query_each(&filter, |stored| {
        count += 1;
        if style.is_record() {
            writer.write(&StoredRecord::new(&stored));
        } else {
            say!(
                "#{} {} {} {}×{} {} {} SE {} {}",
                stored.id,
                stored.record.puzzle,
                stored.record.variant,
                stored.record.size,
                stored.record.size,
                stored.record.level,
                stored.record.score,
                stored.record.se.as_deref().unwrap_or("-"),
                stored.record.source
            );
        }
    })?;
    note!("{count} puzzle(s)");
    Ok(Outcome::Success)
}

/// Writes the stored puzzles one at a time as the bank hands them over (memory holds one
/// puzzle, whatever the bank's size), in the text [`notation::format_entries`] writes for
/// them all: lines one after another, blocks separated by a blank line, RON documents in a
/// list.
fn export(options: &ExportOptions) -> anyhow::Result<Outcome> {
    let bank = Bank::open_to_read(&options.database.db)?;
    let filter = options.filter.filter()?;
    let format = options.output_format;
    let mut count = 0u64;
    let mut failure = None;
    if format == Format::Ron {
        say_inline!("[\n");
    }
    bank.query_each(&filter, |stored| {
        if failure.is_some() {
            return;
        }
        match export_text(&stored, format) {
            Ok(text) => {
                match format {
                    Format::Ron => say_inline!("{},\n", text.trim_end()),
                    Format::Grid | Format::Csv | Format::Killer if count > 0 => {
                        say_inline!("\n{text}")
                    }
                    _ => say_inline!("{text}"),
                }
                count += 1;
            }
            Err(error) => failure = Some(error),
        }
    })?;
    if let Some(failure) = failure {
        return Err(failure);
    }
    if format == Format::Ron {
        say_inline!("]\n");
    }
    note!("{count} puzzle(s) exported");
    Ok(Outcome::Success)
}

/// One stored puzzle in `format`, named `bank #N`, with its solution.
fn export_text(stored: &Stored, format: Format) -> anyhow::Result<String> {
    let mut entry = notation::parse(&stored.record.definition, Some(Format::Ron))
        .ok()
        .and_then(|mut entries| entries.pop())
        .with_context(|| {
            format!(
                "bank puzzle #{}: its stored definition does not read",
                stored.id
            )
        })?;
    // not `#N` alone: a name starting with # is a comment to the killer TSV reader
    entry.name = Some(format!("bank #{}", stored.id));
    entry.solution = sudokit::model::Grid::from_values(
        entry.puzzle.geometry(),
        &notation::parse(&stored.record.solution, Some(Format::Line))
            .ok()
            .and_then(|mut solved| solved.pop())
            .map(|solved| solved.puzzle.givens().values())
            .unwrap_or_default(),
    );
    notation::format_entry(&entry, format)
        .with_context(|| format!("cannot write bank puzzle #{} as {format}", stored.id))
}

fn stats(options: &StatsOptions) -> anyhow::Result<Outcome> {
    let bank = Bank::open_to_read(&options.database.db)?;
    let counts = bank.stats()?;
    let total: u64 = counts.iter().map(|count| count.count).sum();
    let style = Style::from_flags(options.json, options.csv);
    let writer = Writer::new(style, STATS_COLUMNS);
    for count in &counts {
        if style.is_record() {
            writer.write(&StatsRecord::new(count));
        } else {
            say!(
                "{:<16} {:>2}×{:<2} {:<8} {:>8}",
                count.variant,
                count.size,
                count.size,
                count.level,
                count.count
            );
        }
    }
    if !style.is_record() {
        say!("{:<16} {:>5} {:<8} {total:>8}", "total", "", "");
    }
    Ok(Outcome::Success)
}
