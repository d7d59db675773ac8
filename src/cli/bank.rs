//! `sudokit bank`: keep rated puzzles in a SQLite file and find them again — add (streamed:
//! the canonical key looked up first, only new puzzles checked and rated on both scales, in
//! their canonical form, committed every N puzzles or every second), query, export, stats
//! (read-only, beside a writer).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, Subcommand};
use rayon::prelude::*;
use sudokit::bank::{Added, Bank, Filter, NewPuzzle, Stored};
use sudokit::budget::Budget;
use sudokit::canonical::{canonical_form_within, CanonicalForm, BANK_WORK};
use sudokit::grade::Level;
use sudokit::notation::{self, records, Format};
use sudokit::service::bank::{
    judge_new, now, refusal, AddRecord, AddedRecord, Prepared, StatsRecord, StoredRecord,
    ADD_COLUMNS, QUERY_COLUMNS, STATS_COLUMNS, TOO_COSTLY,
};
use sudokit::service::records::ErrorRecord;

use super::records::{Style, Writer};
use super::sources::{each_batch, InputOptions, Record};
use super::work::{thread_pool, Pool};
use super::Outcome;
use sudokit::service::records::not_unique_text;

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
    let diagonal = matches!(name, "x" | "killer-x");
    let stored = records::variant_named(name).map(|variant| variant.name);
    match stored {
        Some(variant) if diagonal || !one => Ok(VariantFilter {
            name: variant.to_string(),
            diagonals: diagonal.then_some(if one { 1 } else { 2 }),
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
    Ready(Prepared),
    /// New: being checked and rated.
    New,
    /// The same key as the earlier record at this index of the chunk.
    Repeat(usize),
}

/// A line of output waiting for the commit of what it reports: no `stored` (or `seen` of
/// a puzzle stored in the open transaction) is written before the bank holds it.
enum Pending {
    /// A record (`--json`, `--csv`).
    Record(Box<AddRecord>),
    /// A line of text.
    Line(String),
}

/// A `bank add` run: the bank, the open transaction and the counts so far.
struct Adding<'options> {
    options: &'options AddOptions,
    bank: Bank,
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
    /// What is to be written once the open transaction is committed.
    pending: Vec<Pending>,
    started: Instant,
    last_note: Instant,
}

fn add(options: &AddOptions) -> anyhow::Result<Outcome> {
    let bank = Bank::open(&options.database.db, true)?;
    let style = Style::from_flags(options.json, options.csv);
    let pool = thread_pool(options.jobs)?;
    let mut run = Adding {
        options,
        bank,
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
        pending: Vec::new(),
        started: Instant::now(),
        last_note: Instant::now(),
    };
    let mut failure = None;
    each_input(&options.input, |records| {
        for chunk in records.chunks(CHUNK) {
            if failure.is_none() {
                failure = run.chunk(&pool, chunk).err();
            }
        }
    });
    if let Some(failure) = failure {
        // what was committed stays (and was written); the open batch is rolled back with
        // the connection, and its lines are not written
        return Err(failure);
    }
    run.commit()?;
    note!(
        "{}: {} stored, {} seen before, {} not added",
        options.database.db.display(),
        run.stored,
        run.seen,
        run.read - run.stored - run.seen
    );
    Ok(run.outcome)
}

/// The canonical form of each record of a chunk: `None` for one that could not be read, the
/// reason for one the bank does not keep, and `Ok(None)` when the form took too long to find.
type Forms = [Option<Result<Option<CanonicalForm>, String>>];

/// Checks and rates the puzzle of `records[index]`, whose key is new.
fn judge(records: &[Record], forms: &Forms, index: usize, work_limit: u64) -> Prepared {
    let record = &records[index];
    let (Ok(entry), Some(Ok(Some(form)))) = (&record.entry, &forms[index]) else {
        // only a read puzzle whose key was found is judged
        return Prepared::Refused("no answer was computed".to_string());
    };
    judge_new(
        entry,
        form,
        work_limit,
        record.place(),
        &Budget::unlimited(),
    )
}

impl Adding<'_> {
    /// Handles a chunk: keys found in parallel and looked up, then the new puzzles rated on
    /// the pool while this thread stores each record's answer in input order as soon as it
    /// and those before it are known, committing at --commit-every or every second.
    fn chunk(&mut self, pool: &Pool, records: &[Record]) -> anyhow::Result<()> {
        // a puzzle the bank does not keep is refused before its key is looked for
        let forms: Vec<Option<Result<Option<CanonicalForm>, String>>> = pool.install(|| {
            records
                .par_iter()
                .map(|record| {
                    let entry = record.entry.as_ref().ok()?;
                    Some(match refusal(&entry.puzzle) {
                        Some(reason) => Err(reason),
                        None => Ok(canonical_form_within(&entry.puzzle, BANK_WORK)),
                    })
                })
                .collect()
        });
        let mut slots = Vec::with_capacity(records.len());
        let mut first_of: HashMap<&str, usize> = HashMap::new();
        for (index, form) in forms.iter().enumerate() {
            slots.push(match form {
                None => Slot::Unreadable,
                Some(Err(reason)) => Slot::Ready(Prepared::Refused(reason.clone())),
                Some(Ok(None)) => Slot::Ready(Prepared::Refused(TOO_COSTLY.to_string())),
                Some(Ok(Some(form))) => match self.bank.find(&form.key)? {
                    Some(earlier) => Slot::Ready(Prepared::Seen(Box::new(earlier))),
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
        let work_limit = self.work_limit;
        let forms = &forms;
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            if !new.is_empty() {
                scope.spawn(move || {
                    pool.install(|| {
                        new.par_iter().for_each_with(sender, |sender, &index| {
                            // the receiver is gone only after a failure: nothing to tell
                            let _ = sender.send((index, judge(records, forms, index, work_limit)));
                        });
                    });
                });
            } else {
                drop(sender);
            }
            self.answer_in_order(records, forms, &mut slots, &receiver)
        })
    }

    /// Answers the records of a chunk in order as their ratings arrive on `receiver`.
    fn answer_in_order(
        &mut self,
        records: &[Record],
        forms: &Forms,
        slots: &mut [Slot],
        receiver: &mpsc::Receiver<(usize, Prepared)>,
    ) -> anyhow::Result<()> {
        // what a repeated key's first record came to, for the repeats
        let mut firsts: HashMap<usize, Prepared> = HashMap::new();
        let mut next = 0;
        loop {
            while next < records.len() {
                let slot = match &slots[next] {
                    Slot::New => break,
                    Slot::Repeat(first) => {
                        // the same canonical form: its rating, or its refusal, holds for this
                        // one too (stored already, it comes back as seen); a count is the
                        // puzzle's own, so a puzzle not unique is counted as given
                        Slot::Ready(match firsts.get(first) {
                            Some(Prepared::Store(puzzle)) => Prepared::Store(Box::new(NewPuzzle {
                                source: records[next].place(),
                                ..puzzle.as_ref().clone()
                            })),
                            Some(Prepared::Refused(reason)) => Prepared::Refused(reason.clone()),
                            _ => judge(records, forms, next, self.work_limit),
                        })
                    }
                    _ => std::mem::replace(&mut slots[next], Slot::Unreadable),
                };
                if let Slot::Ready(prepared @ (Prepared::Store(_) | Prepared::Refused(_))) = &slot {
                    firsts.insert(next, prepared.clone());
                }
                self.answer(&records[next], slot)?;
                next += 1;
            }
            self.commit_when_due()?;
            self.progress();
            if next == records.len() {
                return Ok(());
            }
            match receiver.recv_timeout(self.until_due()) {
                Ok((index, prepared)) => slots[index] = Slot::Ready(prepared),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // every rating has arrived, yet one is missing: say so, never hang
                    slots[next] = Slot::Ready(Prepared::Refused(
                        "engine failed: its rating never came back".to_string(),
                    ));
                }
            }
        }
    }

    /// How long to wait for a rating before the open transaction is due (or the progress
    /// line, when none is open).
    fn until_due(&self) -> Duration {
        let since = self.opened.unwrap_or(self.last_note);
        COMMIT_AFTER
            .saturating_sub(since.elapsed())
            .max(Duration::from_millis(10))
    }

    /// The progress line, once a second.
    fn progress(&mut self) {
        if self.last_note.elapsed() < Duration::from_secs(1) {
            return;
        }
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

    /// Commits the open transaction, then writes the lines that waited for it.
    fn commit(&mut self) -> anyhow::Result<()> {
        self.bank.commit()?;
        self.open = 0;
        self.opened = None;
        self.flush();
        Ok(())
    }

    fn flush(&mut self) {
        for pending in std::mem::take(&mut self.pending) {
            match pending {
                Pending::Record(record) => self.writer.write(record.as_ref()),
                Pending::Line(line) => say!("{line}"),
            }
        }
    }

    /// Writes `pending` now when no transaction is open, else after its commit.
    fn emit(&mut self, pending: Pending) {
        self.pending.push(pending);
        if self.opened.is_none() {
            self.flush();
        }
    }

    /// Stores or answers one record, and writes its line (after the commit that stores it).
    fn answer(&mut self, record: &Record, slot: Slot) -> anyhow::Result<()> {
        self.read += 1;
        let location = record.location();
        let entry = match &record.entry {
            Ok(entry) => entry,
            Err(failure) => {
                complain!("error: {failure}");
                let error = AddRecord::Error(ErrorRecord::new(record, &failure.reason));
                if self.style.is_record() {
                    self.emit(Pending::Record(Box::new(error)));
                }
                self.outcome = self.outcome.worst(Outcome::BadInput);
                return Ok(());
            }
        };
        let prepared = match slot {
            Slot::Ready(prepared) => prepared,
            _ => Prepared::Refused("no answer was computed".to_string()),
        };
        let (puzzle, answer) = match prepared {
            Prepared::Refused(reason) => {
                complain!("error: {location}: {reason}");
                let error = AddRecord::Error(ErrorRecord::new(record, &reason));
                if self.style.is_record() {
                    self.emit(Pending::Record(Box::new(error)));
                }
                self.outcome = self.outcome.worst(Outcome::BadInput);
                return Ok(());
            }
            Prepared::NotUnique(count) => {
                let text = not_unique_text(&count, 2).unwrap_or_default();
                if self.style.is_record() {
                    let counted = AddRecord::not_unique(record, entry, &count);
                    self.emit(Pending::Record(Box::new(counted)));
                    complain!("{location}: not rated: {text}");
                } else {
                    self.emit(Pending::Line(format!("{location}: {text}")));
                }
                self.outcome = self.outcome.worst(Outcome::NotUnique);
                return Ok(());
            }
            Prepared::Seen(earlier) => (earlier.record.clone(), Added::Seen(earlier)),
            Prepared::Store(puzzle) => {
                self.bank.begin()?;
                self.opened.get_or_insert_with(Instant::now);
                let answer = self.bank.insert(&puzzle, now())?;
                if matches!(answer, Added::Stored(_)) {
                    self.open += 1;
                }
                (*puzzle, answer)
            }
        };
        match answer {
            Added::Stored(_) => self.stored += 1,
            Added::Seen(_) => self.seen += 1,
        }
        // the record shows the puzzle as read; the bank keeps its canonical form
        let added = AddedRecord::new(record, entry, &puzzle, &answer);
        if self.style.is_record() {
            self.emit(Pending::Record(Box::new(AddRecord::Added(added))));
        } else {
            self.emit(Pending::Line(added_line(&location, &added)));
        }
        self.commit_when_due()
    }
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

/// Hands the records of each input to `handle`, a batch at a time, through the common
/// reader: any notation, `generate`'s and `book`'s puzzles.jsonl included (a file of one
/// puzzle or record a line is read a batch of lines at a time, so memory stays bounded).
fn each_input(options: &InputOptions, handle: impl FnMut(Vec<Record>)) {
    each_batch(options, CHUNK, handle);
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
