//! `sudokit bank`: keep rated puzzles in a SQLite file and find them again — add (streamed:
//! the canonical key looked up first, only new puzzles checked and rated on both scales, in
//! their canonical form, committed every N puzzles or every second), query, export, stats
//! (read-only, beside a writer).

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, Subcommand};
use rayon::prelude::*;
use serde_json::{json, Value};
use sudokit::bank::{Added, Bank, Filter, NewPuzzle, Stored};
use sudokit::canonical::{canonical_form_within, CanonicalForm, BANK_WORK};
use sudokit::grade::Level;
use sudokit::notation::{self, Entry, Format};
use sudokit::preset::Variant;
use sudokit::Count;

use super::judging::{judged_entry, puzzle_text, Judged};
use super::records::{self, MapWriter as Writer, Style};
use super::sources::{each_batch, InputOptions, Record};
use super::work::{thread_pool, Pool};
use super::{engine, Engine, Outcome};

pub use sudokit::service::bank::{
    new_puzzle, now, rate_with_key, stored_json, timestamp, TOO_COSTLY,
};

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
    #[arg(long, value_name = "N")]
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

    /// Only this variant: classic, x, killer, killer-x, greater-killer.
    #[arg(long, value_name = "V", value_parser = parse_variant)]
    variant: Option<String>,

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

/// A variant as the bank stores it.
fn parse_variant(text: &str) -> Result<String, String> {
    Variant::from_name(&text.trim().to_ascii_lowercase())
        .map(|variant| variant.name().to_string())
        .ok_or_else(|| {
            format!("{text:?} is not a variant (classic, x, killer, killer-x, greater-killer)")
        })
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
        if let (Some(minimum), Some(maximum)) = (self.se_min, self.se_max) {
            if minimum > maximum {
                anyhow::bail!("--se-min {minimum} is above --se-max {maximum}: nothing can match");
            }
        }
        Ok(Filter {
            level: self.level.clone(),
            se_minimum: self.se_min,
            se_maximum: self.se_max,
            variant: self.variant.clone(),
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

    /// One JSON object per variant, size and level.
    #[arg(long)]
    json: bool,
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

/// Checks and rates a puzzle whose key is new: its canonical form must have exactly one
/// solution (the native engine's count, as `grade` checks); it is rated there. A form with
/// none or several is counted again as given, so that the record shows the puzzle's own
/// solutions.
pub fn judge_new(
    entry: &Entry,
    form: &CanonicalForm,
    work_limit: u64,
    source: String,
) -> Judged<Prepared> {
    match engine::count(Engine::Native, &form.puzzle, 2) {
        Ok(Count::Unique(solution)) => {
            let rated = rate_with_key(&form.puzzle, &solution, work_limit, Some(form.key.clone()));
            Judged::Rated(match new_puzzle(&form.puzzle, &rated, source) {
                Ok(puzzle) => Prepared::Store(Box::new(puzzle)),
                Err(reason) => Prepared::Refused(reason),
            })
        }
        _ => match engine::count(Engine::Native, &entry.puzzle, 2) {
            Ok(Count::Unique(_)) => {
                Judged::Failed("its canonical form counts otherwise than the puzzle".to_string())
            }
            Ok(count) => Judged::NotUnique(count),
            Err(reason) => Judged::Failed(reason),
        },
    }
}

/// What `bank add` does with one readable puzzle.
pub enum Prepared {
    /// Its key is new: rated, to store.
    Store(Box<NewPuzzle>),
    /// The bank holds its key: the earlier record.
    Seen(Box<Stored>),
    /// Not stored, and why.
    Refused(&'static str),
}

const ADD_COLUMNS: &[&str] = &[
    "source",
    "name",
    "status",
    "id",
    "puzzle",
    "variant",
    "size",
    "level",
    "score",
    "se",
    "canonical_key",
    "earlier_id",
    "earlier_source",
    "earlier_added",
    "differences",
    "reason",
];

/// Records handled at once: their keys found in parallel, looked up, then the new ones
/// checked and rated in parallel.
const CHUNK: usize = 256;

/// The longest a write transaction stays open before it is committed.
const COMMIT_AFTER: Duration = Duration::from_secs(1);

/// Where one record of a chunk stands between lookup and answer.
enum Slot {
    /// Unreadable: answered by its failure.
    Unreadable,
    /// Answered already (seen, or refused).
    Ready(Judged<Prepared>),
    /// New: to check and rate.
    New,
    /// The same key as the earlier record at this index of the chunk.
    Repeat(usize),
}

/// A `bank add` run: the bank, the open transaction and the counts so far.
struct Adding<'options> {
    options: &'options AddOptions,
    bank: Bank,
    pool: Pool,
    writer: Writer,
    style: Style,
    work_limit: u64,
    outcome: Outcome,
    read: u64,
    stored: u64,
    seen: u64,
    /// Puzzles stored in the open transaction.
    open: u64,
    /// When the open transaction began.
    opened: Option<Instant>,
    started: Instant,
    last_note: Instant,
}

fn add(options: &AddOptions) -> anyhow::Result<Outcome> {
    let bank = Bank::open(&options.database.db, true)?;
    let style = Style::from_flags(options.json, options.csv);
    let mut run = Adding {
        options,
        bank,
        pool: thread_pool(options.jobs)?,
        writer: Writer::new(style, ADD_COLUMNS),
        style,
        work_limit: options
            .work_limit
            .unwrap_or(sudokit::grade::DEFAULT_WORK_LIMIT),
        outcome: Outcome::Success,
        read: 0,
        stored: 0,
        seen: 0,
        open: 0,
        opened: None,
        started: Instant::now(),
        last_note: Instant::now(),
    };
    let mut failure = None;
    each_input(&options.input, |records| {
        for chunk in records.chunks(CHUNK) {
            if failure.is_none() {
                failure = run.chunk(chunk).err();
            }
        }
    });
    if let Some(failure) = failure {
        // what was committed stays; the open batch is rolled back with the connection
        return Err(failure);
    }
    run.bank.commit()?;
    note!(
        "{}: {} stored, {} seen before, {} not added",
        options.database.db.display(),
        run.stored,
        run.seen,
        run.read - run.stored - run.seen
    );
    Ok(run.outcome)
}

/// Why the bank does not keep `puzzle`: a rule the grader does not rate, irregular regions
/// (the grader rates jigsaws, but the canonical key knows no region map yet, so two jigsaws
/// with the same givens would share a key), or a variant rule or extra house beyond the
/// diagonals (the grader rates them, issue 32, but the key knows only diagonals and cages).
fn bank_refusal(puzzle: &sudokit::model::Puzzle) -> Option<String> {
    use sudokit::model::{Constraint, HouseKind};
    sudokit::grade::unrated_rule(puzzle)
        .or_else(|| {
            puzzle.regions().map(|_| {
                "bank: irregular regions are not kept yet (the canonical key has no region map)"
                    .to_string()
            })
        })
        .or_else(|| {
            let rule = puzzle.constraints().iter().find(|rule| match rule {
                Constraint::Distinct(house) => !matches!(house.kind(), HouseKind::Diagonal(_)),
                other => other.is_variant_rule(),
            })?;
            Some(format!(
                "bank: the {rule} is not kept yet (the canonical key has no variant rules)"
            ))
        })
}

impl Adding<'_> {
    fn chunk(&mut self, records: &[Record]) -> anyhow::Result<()> {
        let forms: Vec<Option<Option<CanonicalForm>>> = self.pool.install(|| {
            records
                .par_iter()
                .map(|record| {
                    let entry = record.entry.as_ref().ok()?;
                    Some(canonical_form_within(&entry.puzzle, BANK_WORK))
                })
                .collect()
        });
        let mut slots = Vec::with_capacity(records.len());
        let mut first_of: HashMap<&str, usize> = HashMap::new();
        for (index, form) in forms.iter().enumerate() {
            if let Some(reason) = records[index]
                .entry
                .as_ref()
                .ok()
                .and_then(|entry| bank_refusal(&entry.puzzle))
            {
                slots.push(Slot::Ready(Judged::Refused(reason)));
                continue;
            }
            slots.push(match form {
                None => Slot::Unreadable,
                Some(None) => Slot::Ready(Judged::Rated(Prepared::Refused(TOO_COSTLY))),
                Some(Some(form)) => match self.bank.find(&form.key)? {
                    Some(earlier) => Slot::Ready(Judged::Rated(Prepared::Seen(Box::new(earlier)))),
                    None => match first_of.get(form.key.as_str()) {
                        Some(&first) => Slot::Repeat(first),
                        None => {
                            first_of.insert(&form.key, index);
                            Slot::New
                        }
                    },
                },
            });
        }
        let new: Vec<usize> = (0..records.len())
            .filter(|&index| matches!(slots[index], Slot::New))
            .collect();
        if !new.is_empty() {
            // rating takes a while: store what is open first, and hold no lock meanwhile
            self.commit()?;
            let work_limit = self.work_limit;
            let judged: Vec<Judged<Prepared>> = self.pool.install(|| {
                new.par_iter()
                    .map(|&index| {
                        let record = &records[index];
                        let entry = record.entry.as_ref().expect("a new key was read");
                        let form = forms[index].as_ref().and_then(Option::as_ref);
                        let form = form.expect("a new key was found");
                        judge_new(entry, form, work_limit, record.place())
                    })
                    .collect()
            });
            for (index, judged) in new.into_iter().zip(judged) {
                slots[index] = Slot::Ready(judged);
            }
        }
        for index in 0..records.len() {
            let Slot::Repeat(first) = slots[index] else {
                continue;
            };
            let record = &records[index];
            let repeated = match &slots[first] {
                Slot::Ready(Judged::Rated(Prepared::Store(puzzle))) => {
                    Judged::Rated(Prepared::Store(Box::new(NewPuzzle {
                        source: record.place(),
                        ..puzzle.as_ref().clone()
                    })))
                }
                Slot::Ready(Judged::Rated(Prepared::Refused(reason))) => {
                    Judged::Rated(Prepared::Refused(reason))
                }
                _ => {
                    let entry = record.entry.as_ref().expect("a repeated key was read");
                    let form = forms[index].as_ref().and_then(Option::as_ref);
                    let form = form.expect("a repeated key was found");
                    judge_new(entry, form, self.work_limit, record.place())
                }
            };
            slots[index] = Slot::Ready(repeated);
        }
        for (record, slot) in records.iter().zip(slots) {
            self.answer(record, slot)?;
        }
        self.commit_when_due()?;
        if self.last_note.elapsed() >= Duration::from_secs(1) {
            self.last_note = Instant::now();
            let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
            note!(
                "{}: {} read, {} stored, {} seen before, {} not added ({:.0} puzzles/s)",
                self.options.database.db.display(),
                self.read,
                self.stored,
                self.seen,
                self.read - self.stored - self.seen,
                self.read as f64 / seconds
            );
        }
        Ok(())
    }

    /// Commits once the open transaction holds --commit-every puzzles or is a second old.
    fn commit_when_due(&mut self) -> anyhow::Result<()> {
        let full = self.open >= self.options.commit_every;
        let old = self
            .opened
            .is_some_and(|opened| opened.elapsed() >= COMMIT_AFTER);
        if full || old {
            self.commit()?;
        }
        Ok(())
    }

    fn commit(&mut self) -> anyhow::Result<()> {
        self.bank.commit()?;
        self.open = 0;
        self.opened = None;
        Ok(())
    }

    /// Stores or answers one record, and writes its line.
    fn answer(&mut self, record: &Record, slot: Slot) -> anyhow::Result<()> {
        self.read += 1;
        let judged = match slot {
            Slot::Ready(judged) => Some(judged),
            _ => None,
        };
        let (entry, prepared) = match judged_entry(record, &judged, &self.writer, self.style) {
            Ok(pair) => pair,
            Err(worst) => {
                self.outcome = self.outcome.worst(worst);
                return Ok(());
            }
        };
        let (puzzle, answer) = match prepared {
            Prepared::Refused(reason) => {
                complain!("error: {}: {reason}", record.location());
                self.writer.write(&records::error(record, reason));
                self.outcome = self.outcome.worst(Outcome::BadInput);
                return Ok(());
            }
            Prepared::Seen(earlier) => (earlier.record.clone(), Added::Seen(earlier.clone())),
            Prepared::Store(puzzle) => {
                self.bank.begin()?;
                self.opened.get_or_insert_with(Instant::now);
                let answer = self.bank.insert(puzzle, now())?;
                if matches!(answer, Added::Stored(_)) {
                    self.open += 1;
                }
                self.commit_when_due()?;
                (puzzle.as_ref().clone(), answer)
            }
        };
        match answer {
            Added::Stored(_) => self.stored += 1,
            Added::Seen(_) => self.seen += 1,
        }
        // the record shows the puzzle as read; the bank keeps its canonical form
        let shown = NewPuzzle {
            puzzle: puzzle_text(entry),
            ..puzzle
        };
        write_added(&self.writer, self.style, record, &shown, &answer);
        Ok(())
    }
}

fn write_added(writer: &Writer, style: Style, record: &Record, puzzle: &NewPuzzle, answer: &Added) {
    let se = puzzle.se.as_deref().unwrap_or("-");
    if !style.is_record() {
        match answer {
            Added::Stored(id) => say!(
                "{}: stored #{id}: {} {} {}, SE {se}",
                record.location(),
                puzzle.variant,
                puzzle.level,
                puzzle.score
            ),
            Added::Seen(earlier) => say!(
                "{}: seen before: #{} from {} added {}: {} {}, SE {}",
                record.location(),
                earlier.id,
                earlier.record.source,
                timestamp(earlier.added),
                earlier.record.level,
                earlier.record.score,
                earlier.record.se.as_deref().unwrap_or("-")
            ),
        }
        return;
    }
    let (status, id) = match answer {
        Added::Stored(id) => ("stored", *id),
        Added::Seen(earlier) => ("seen", earlier.id),
    };
    let mut object = records::header(record, status);
    object.insert("id".into(), json!(id));
    object.insert("puzzle".into(), json!(puzzle.puzzle));
    object.insert("variant".into(), json!(puzzle.variant));
    object.insert("size".into(), json!(puzzle.size));
    object.insert("level".into(), json!(puzzle.level));
    object.insert("score".into(), json!(puzzle.score));
    object.insert("se".into(), json!(puzzle.se));
    object.insert("canonical_key".into(), json!(puzzle.canonical_key));
    if let Added::Seen(earlier) = answer {
        object.insert("earlier_id".into(), json!(earlier.id));
        object.insert("earlier_source".into(), json!(earlier.record.source));
        object.insert("earlier_added".into(), json!(timestamp(earlier.added)));
        object.insert("earlier".into(), Value::Object(stored_json(earlier)));
    }
    writer.write(&object);
}

/// Hands the records of each input to `handle`, a batch at a time, through the common
/// reader: any notation, `generate`'s and `book`'s puzzles.jsonl included (a file of one
/// puzzle or record a line is read a batch of lines at a time, so memory stays bounded).
fn each_input(options: &InputOptions, handle: impl FnMut(Vec<Record>)) {
    each_batch(options, CHUNK, handle);
}

const QUERY_COLUMNS: &[&str] = &[
    "id",
    "puzzle",
    "solution",
    "variant",
    "size",
    "level",
    "score",
    "se_rating",
    "se",
    "source",
    "added",
    "canonical_key",
];

fn query(options: &QueryOptions) -> anyhow::Result<Outcome> {
    let bank = Bank::open_to_read(&options.database.db)?;
    let filter = options.filter.filter()?;
    let style = Style::from_flags(options.json, options.csv);
    let writer = Writer::new(style, QUERY_COLUMNS);
    let mut count = 0u64;
    bank.query_each(&filter, |stored| {
        count += 1;
        if style.is_record() {
            writer.write(&stored_json(&stored));
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

fn export(options: &ExportOptions) -> anyhow::Result<Outcome> {
    let bank = Bank::open_to_read(&options.database.db)?;
    let found = bank.query(&options.filter.filter()?)?;
    let mut entries = Vec::with_capacity(found.len());
    for stored in &found {
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
        entries.push(entry);
    }
    let text = notation::format_entries(&entries, options.output_format)
        .with_context(|| format!("cannot write the puzzles as {}", options.output_format))?;
    say_inline!("{text}");
    note!("{} puzzle(s) exported", entries.len());
    Ok(Outcome::Success)
}

fn stats(options: &StatsOptions) -> anyhow::Result<Outcome> {
    let bank = Bank::open_to_read(&options.database.db)?;
    let counts = bank.stats()?;
    let total: u64 = counts.iter().map(|count| count.count).sum();
    for count in &counts {
        if options.json {
            say!(
                "{}",
                json!({"variant": count.variant, "size": count.size, "level": count.level, "count": count.count})
            );
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
    if !options.json {
        say!("{:<16} {:>5} {:<8} {total:>8}", "total", "", "");
    }
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_dates() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(timestamp(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(timestamp(1_795_617_000), "2026-11-25T14:30:00Z");
    }
}
