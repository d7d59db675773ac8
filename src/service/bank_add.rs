//! `bank add`'s one pipeline: each batch of records read has its canonical keys found in
//! parallel and looked up, its new puzzles checked and rated on a pool while their answers
//! are stored in input order, committed every N puzzles or every second; each answer is a
//! typed record, handed on once the bank holds what it reports.

use std::collections::HashMap;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::answer::Outcome;
use super::bank::{form_to_keep, judge_new, now, AddRecord, AddedRecord, Prepared};
use super::input::Record;
use super::records::{not_unique_text, ErrorRecord};
use crate::bank::{Added, Bank, BankError, NewPuzzle};
use crate::budget::Budget;
use crate::canonical::CanonicalForm;

/// Records handled at once: their keys found in parallel, looked up, then the new ones
/// checked and rated in parallel. A reader hands `bank add` batches of this many.
pub const CHUNK: usize = 256;

/// The longest a write transaction stays open before it is committed.
const COMMIT_AFTER: Duration = Duration::from_secs(1);

/// How `bank add` stores (its flags, typed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddSettings {
    /// The most work the HoDoKu rating (and the uniqueness proof) may do per puzzle.
    pub work_limit: u64,
    /// Commit after this many new puzzles at most (a commit also comes every second).
    pub commit_every: u64,
}

/// One record read, answered.
#[derive(Debug, Clone, PartialEq)]
pub struct AddAnswer {
    /// Where it was read, with its name when it has one: `file:line name`.
    pub location: String,
    /// Its record: stored, seen, its count, or the error.
    pub record: AddRecord,
    /// What it adds to the run's outcome.
    pub outcome: Outcome,
    /// For a puzzle with no solution or several, its count in words (`multiple (…); …`).
    pub not_unique: Option<String>,
}

/// How many records a run has answered so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AddCounts {
    /// Records read.
    pub read: u64,
    /// Puzzles stored.
    pub stored: u64,
    /// Puzzles whose key the bank held already.
    pub seen: u64,
}

impl AddCounts {
    /// Records neither stored nor seen: unreadable, refused or not unique.
    pub fn not_added(&self) -> u64 {
        self.read - self.stored - self.seen
    }
}

/// Where a run's answers go.
pub trait AddSink {
    /// A record has been answered; the bank may not hold it yet (for words on standard
    /// error, which need not wait).
    fn answered(&mut self, answer: &AddAnswer);
    /// A record's answer, in input order, once the bank holds what it reports: no `stored`
    /// (nor `seen` of a puzzle stored in the open transaction) comes before its commit.
    fn committed(&mut self, answer: AddAnswer);
    /// The counts so far and the seconds since the run began, once a second.
    fn progress(&mut self, counts: &AddCounts, seconds: f64);
}

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

/// The canonical form of each record of a chunk: `None` for one that could not be read, the
/// reason for one the bank does not keep ([`form_to_keep`]).
type Forms = [Option<Result<CanonicalForm, String>>];

/// A `bank add` run: the bank, the open transaction and the counts so far.
pub struct BankAdd {
    bank: Bank,
    settings: AddSettings,
    outcome: Outcome,
    counts: AddCounts,
    /// Puzzles stored in the open transaction.
    open: u64,
    /// When the open transaction began.
    opened: Option<Instant>,
    /// What is to be handed on once the open transaction is committed.
    pending: Vec<AddAnswer>,
    started: Instant,
    last_note: Instant,
}

impl BankAdd {
    /// A run storing in `bank`.
    pub fn new(bank: Bank, settings: AddSettings) -> BankAdd {
        BankAdd {
            bank,
            settings,
            outcome: Outcome::Success,
            counts: AddCounts::default(),
            open: 0,
            opened: None,
            pending: Vec::new(),
            started: Instant::now(),
            last_note: Instant::now(),
        }
    }

    /// The counts so far.
    pub fn counts(&self) -> AddCounts {
        self.counts
    }

    /// Answers `records`, [`CHUNK`] at a time: keys found in parallel on `pool` and looked
    /// up, then the new puzzles rated on `pool` while this thread stores each record's
    /// answer in input order as soon as it and those before it are known, committing at
    /// [`AddSettings::commit_every`] or every second. On a failure, what was committed stays
    /// (and was handed on); the open transaction is lost with the run.
    pub fn add(
        &mut self,
        pool: &rayon::ThreadPool,
        records: &[Record],
        sink: &mut impl AddSink,
    ) -> Result<(), BankError> {
        for chunk in records.chunks(CHUNK) {
            self.chunk(pool, chunk, sink)?;
        }
        Ok(())
    }

    /// Commits what is open and hands on the answers that waited for it: the run's counts
    /// and outcome.
    pub fn finish(mut self, sink: &mut impl AddSink) -> Result<(AddCounts, Outcome), BankError> {
        self.commit(sink)?;
        Ok((self.counts, self.outcome))
    }

    fn chunk(
        &mut self,
        pool: &rayon::ThreadPool,
        records: &[Record],
        sink: &mut impl AddSink,
    ) -> Result<(), BankError> {
        // a puzzle the bank does not keep is refused before its key is looked for
        let forms: Vec<Option<Result<CanonicalForm, String>>> = pool.install(|| {
            records
                .par_iter()
                .map(|record| Some(form_to_keep(&record.entry.as_ref().ok()?.puzzle)))
                .collect()
        });
        let mut slots = Vec::with_capacity(records.len());
        let mut first_of: HashMap<&str, usize> = HashMap::new();
        for (index, form) in forms.iter().enumerate() {
            slots.push(match form {
                None => Slot::Unreadable,
                Some(Err(reason)) => Slot::Ready(Prepared::Refused(reason.clone())),
                Some(Ok(form)) => match self.bank.find(&form.key)? {
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
        let work_limit = self.settings.work_limit;
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
            self.answer_in_order(records, forms, &mut slots, &receiver, sink)
        })
    }

    /// Answers the records of a chunk in order as their ratings arrive on `receiver`.
    fn answer_in_order(
        &mut self,
        records: &[Record],
        forms: &Forms,
        slots: &mut [Slot],
        receiver: &mpsc::Receiver<(usize, Prepared)>,
        sink: &mut impl AddSink,
    ) -> Result<(), BankError> {
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
                            _ => judge(records, forms, next, self.settings.work_limit),
                        })
                    }
                    _ => std::mem::replace(&mut slots[next], Slot::Unreadable),
                };
                if let Slot::Ready(prepared @ (Prepared::Store(_) | Prepared::Refused(_))) = &slot {
                    firsts.insert(next, prepared.clone());
                }
                self.answer(&records[next], slot, sink)?;
                next += 1;
            }
            self.commit_when_due(sink)?;
            self.progress(sink);
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

    /// The progress, once a second.
    fn progress(&mut self, sink: &mut impl AddSink) {
        if self.last_note.elapsed() < Duration::from_secs(1) {
            return;
        }
        self.last_note = Instant::now();
        let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
        sink.progress(&self.counts, seconds);
    }

    /// Commits once the open transaction holds enough puzzles or is a second old.
    fn commit_when_due(&mut self, sink: &mut impl AddSink) -> Result<(), BankError> {
        let full = self.open >= self.settings.commit_every;
        let old = self
            .opened
            .is_some_and(|opened| opened.elapsed() >= COMMIT_AFTER);
        if full || old {
            self.commit(sink)?;
        }
        Ok(())
    }

    /// Commits the open transaction, then hands on the answers that waited for it.
    fn commit(&mut self, sink: &mut impl AddSink) -> Result<(), BankError> {
        self.bank.commit()?;
        self.open = 0;
        self.opened = None;
        self.flush(sink);
        Ok(())
    }

    fn flush(&mut self, sink: &mut impl AddSink) {
        for answer in std::mem::take(&mut self.pending) {
            sink.committed(answer);
        }
    }

    /// Hands `answer` on now when no transaction is open, else after its commit.
    fn emit(&mut self, answer: AddAnswer, sink: &mut impl AddSink) {
        sink.answered(&answer);
        self.outcome = self.outcome.worst(answer.outcome);
        self.pending.push(answer);
        if self.opened.is_none() {
            self.flush(sink);
        }
    }

    /// Stores or answers one record.
    fn answer(
        &mut self,
        record: &Record,
        slot: Slot,
        sink: &mut impl AddSink,
    ) -> Result<(), BankError> {
        self.counts.read += 1;
        let location = record.location();
        let refused = |reason: &str| AddAnswer {
            location: location.clone(),
            record: AddRecord::Error(ErrorRecord::new(record, reason)),
            outcome: Outcome::BadInput,
            not_unique: None,
        };
        let entry = match &record.entry {
            Ok(entry) => entry,
            Err(failure) => {
                self.emit(refused(&failure.reason), sink);
                return Ok(());
            }
        };
        let prepared = match slot {
            Slot::Ready(prepared) => prepared,
            _ => Prepared::Refused("no answer was computed".to_string()),
        };
        let (puzzle, added) = match prepared {
            Prepared::Refused(reason) => {
                self.emit(refused(&reason), sink);
                return Ok(());
            }
            Prepared::NotUnique(count) => {
                let counted = AddAnswer {
                    location: location.clone(),
                    record: AddRecord::not_unique(record, entry, &count),
                    outcome: Outcome::NotUnique,
                    not_unique: Some(not_unique_text(&count, 2).unwrap_or_default()),
                };
                self.emit(counted, sink);
                return Ok(());
            }
            Prepared::Seen(earlier) => (earlier.record.clone(), Added::Seen(earlier)),
            Prepared::Store(puzzle) => {
                self.bank.begin()?;
                self.opened.get_or_insert_with(Instant::now);
                let added = self.bank.insert(&puzzle, now())?;
                if matches!(added, Added::Stored(_)) {
                    self.open += 1;
                }
                (*puzzle, added)
            }
        };
        match added {
            Added::Stored(_) => self.counts.stored += 1,
            Added::Seen(_) => self.counts.seen += 1,
        }
        // the record shows the puzzle as read; the bank keeps its canonical form
        let record = AddRecord::Added(AddedRecord::new(record, entry, &puzzle, &added));
        let answer = AddAnswer {
            location,
            record,
            outcome: Outcome::Success,
            not_unique: None,
        };
        self.emit(answer, sink);
        self.commit_when_due(sink)
    }
}

/// Checks and rates the puzzle of `records[index]`, whose key is new.
fn judge(records: &[Record], forms: &Forms, index: usize, work_limit: u64) -> Prepared {
    let record = &records[index];
    let (Ok(entry), Some(Ok(form))) = (&record.entry, &forms[index]) else {
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
