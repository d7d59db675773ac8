//! `sudokit bench`: time an engine on puzzle files, one puzzle at a time on one core.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::notation::Entry;

use sudokit::budget::Budget;
use sudokit::service::check::{self, CheckSettings};
use sudokit::service::input::{self, InputOptions as ReadingOptions};

use super::sources::{read_records, InputOptions};
use super::work::progress_bar;
use super::{engine, Engine, Outcome};

/// Options of `sudokit bench`.
#[derive(Debug, Args)]
pub struct BenchOptions {
    #[command(flatten)]
    input: InputOptions,

    /// The engine to time.
    #[arg(long, value_enum, default_value = "sat")]
    engine: Engine,

    /// Count solutions up to this limit per puzzle, 2 or more (2 answers "unique or not").
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = super::check::parse_limit)]
    limit: usize,

    /// Time only a fixed random sample of N puzzles per file (drawn with --seed), 1 or more.
    #[arg(long, value_name = "N", value_parser = parse_sample)]
    sample: Option<usize>,

    /// Seed of the sample and of the order puzzles are timed in.
    #[arg(long, default_value_t = 1, value_parser = super::parse_seed, allow_negative_numbers = true)]
    seed: u64,

    /// Also time a whole `check` of each file through the service layer (in this process, on
    /// one thread): reading, answering every puzzle and building its record, then the same
    /// with the records written as JSON to memory, beside the engine alone on the same
    /// puzzles, all in CPU time (so that other work on the machine does not count). The
    /// difference is what checking costs around the engine.
    #[arg(long)]
    whole: bool,
}

fn parse_sample(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("a sample of 0 puzzles times nothing (give 1 or more)".to_string()),
        Ok(sample) => Ok(sample),
        Err(_) => Err(format!("{text:?} is not a number (give 1 or more)")),
    }
}

/// Runs the benchmark and prints one Markdown table row per file.
pub fn run(options: &BenchOptions) -> anyhow::Result<Outcome> {
    let records = read_records(&options.input);
    let mut outcome = Outcome::Success;
    say!("| file | engine | puzzles | unique / multiple / none | puzzles/s | median | mean | p90 | max | guesses/puzzle |");
    say!("|---|---|---|---|---|---|---|---|---|---|");
    let mut engine_means: Vec<(String, Option<Duration>)> = Vec::new();
    for source in sources_in_order(&options.input) {
        let mut entries: Vec<&Entry> = Vec::new();
        for record in records.iter().filter(|record| record.source == source) {
            match &record.entry {
                Ok(entry) => entries.push(entry),
                Err(reason) => {
                    complain!("error: {reason}");
                    outcome = outcome.worst(Outcome::BadInput);
                }
            }
        }
        // A seeded shuffle: timing order must not follow the file's order (easy puzzles
        // first would warm caches unevenly), and a sample must be the same every run.
        let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
        entries.shuffle(&mut rng);
        // `--whole` compares with `check` on the whole file, so the engine's CPU time is
        // taken over every puzzle of it, not the sample
        let every_entry = entries.clone();
        if let Some(sample) = options.sample {
            entries.truncate(sample);
        }
        if entries.is_empty() {
            continue;
        }
        let progress = progress_bar(entries.len());
        let mut times = Vec::with_capacity(entries.len());
        let mut found = [0usize; 3];
        let mut guesses = 0u64;
        for entry in &entries {
            let started = Instant::now();
            let answer = engine::answer(options.engine, &entry.puzzle, options.limit);
            times.push(started.elapsed());
            match answer {
                Ok(answer) => {
                    found[answer.count.found().min(2)] += 1;
                    guesses += answer.guesses.unwrap_or(0);
                }
                Err(reason) => {
                    complain!("error: {source}:{}: engine failed: {reason}", entry.line);
                    outcome = outcome.worst(Outcome::BadInput);
                }
            }
            progress.inc(1);
        }
        progress.finish_and_clear();
        let engine_cpu = if options.whole {
            cpu_per_run(|| {
                for entry in &every_entry {
                    let _ = engine::answer(options.engine, &entry.puzzle, options.limit);
                }
            })
            .map(|time| time / every_entry.len().max(1) as u32)
        } else {
            None
        };
        let statistics = Statistics::of(&mut times);
        engine_means.push((source.clone(), engine_cpu));
        say!(
            "| {source} | {:?} | {} | {} / {} / {} | {} | {} |",
            options.engine,
            entries.len(),
            found[1],
            found[2],
            found[0],
            statistics.row(),
            if options.engine == Engine::Sat {
                "–".to_string()
            } else {
                format!("{:.1}", guesses as f64 / entries.len() as f64)
            }
        );
    }
    if options.whole {
        outcome = outcome.worst(time_whole_checks(options, &engine_means));
    }
    Ok(outcome)
}

/// Times `check` through the service layer on each file and prints a table: per puzzle, the
/// CPU time of reading the file, answering every puzzle on this thread and building its typed
/// record, then the same with each record written as JSON (to memory), the engine's alone on
/// the same puzzles, and the difference. CPU time (all threads of the process, from the
/// kernel's accounting) rather than wall time, so that other work on the machine does not
/// count; each is run until a second of CPU has gone.
fn time_whole_checks(
    options: &BenchOptions,
    engine_means: &[(String, Option<Duration>)],
) -> Outcome {
    let settings = CheckSettings::new(options.engine.into(), Some(options.limit), false, false);
    let budget = Budget::unlimited();
    say!();
    say!("| file | puzzles | CPU per puzzle: check (records) | check --json | the engine alone | around the engine (records / json) |");
    say!("|---|---|---|---|---|---|");
    let mut outcome = Outcome::Success;
    for (source, engine_mean) in engine_means {
        let mut reading = options.input.reading();
        reading.files = vec![PathBuf::from(source)];
        let mut elapsed = Vec::new();
        let mut puzzles = 0;
        for json in [false, true] {
            elapsed.push(cpu_per_run(|| {
                let (read, checked) = check_records(&reading, &settings, &budget, json);
                puzzles = read;
                outcome = outcome.worst(checked);
            }));
        }
        let per_puzzle: Vec<Option<Duration>> = elapsed
            .iter()
            .map(|whole| whole.map(|whole| whole / puzzles.max(1) as u32))
            .collect();
        let shown = |time: Option<Duration>| time.map_or_else(|| "–".to_string(), human);
        let around = |whole: Option<Duration>| match (whole, engine_mean) {
            (Some(whole), Some(engine)) => {
                format!(
                    "{:+.1} µs",
                    (whole.as_secs_f64() - engine.as_secs_f64()) * 1e6
                )
            }
            _ => "–".to_string(),
        };
        say!(
            "| {source} | {puzzles} | {} | {} | {} | {} / {} |",
            shown(per_puzzle[0]),
            shown(per_puzzle[1]),
            shown(*engine_mean),
            around(per_puzzle[0]),
            around(per_puzzle[1])
        );
    }
    outcome
}

/// One whole `check` of a file through the service layer, on this thread: every record read,
/// answered and made a typed record, written as JSON to memory when `json`. Returns the
/// records read and the worst outcome.
fn check_records(
    reading: &ReadingOptions,
    settings: &CheckSettings,
    budget: &Budget,
    json: bool,
) -> (usize, Outcome) {
    let records = input::read_records(reading);
    let mut outcome = Outcome::Success;
    let mut written = String::new();
    for record in &records {
        let verdict = record
            .entry
            .as_ref()
            .ok()
            .map(|entry| check::judge(entry, settings, budget));
        let (typed, its) = check::record(record, verdict.as_ref(), settings);
        outcome = outcome.worst(its);
        if json {
            if let Ok(text) = serde_json::to_string(&typed) {
                written.push_str(&text);
                written.push('\n');
            }
        } else {
            std::hint::black_box(&typed);
        }
    }
    std::hint::black_box(written);
    (records.len(), outcome)
}

/// The CPU time one run of `work` takes: runs it until at least a second of CPU
/// has gone (at most 1000 times), so that the 10 ms ticks of the accounting matter little.
fn cpu_per_run(mut work: impl FnMut()) -> Option<Duration> {
    let start = process_cpu_time()?;
    for runs in 1..=1000u32 {
        work();
        let spent = process_cpu_time()?.saturating_sub(start);
        if spent >= Duration::from_secs(1) || runs == 1000 {
            return Some(spent / runs);
        }
    }
    None
}

/// The CPU time this process has used so far, all threads, user and system (Linux: from
/// `/proc/self/stat`, in the kernel's clock ticks of 10 ms); `None` where that is not known.
fn process_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // the fields after the command name, which is in parentheses and may hold spaces
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    const TICKS_PER_SECOND: u64 = 100;
    Some(Duration::from_millis(ticks * 1000 / TICKS_PER_SECOND))
}

fn sources_in_order(input: &InputOptions) -> Vec<String> {
    input
        .files
        .iter()
        .map(|path| path.display().to_string())
        .collect()
}

struct Statistics {
    total: Duration,
    count: usize,
    median: Duration,
    p90: Duration,
    max: Duration,
}

impl Statistics {
    fn of(times: &mut [Duration]) -> Statistics {
        times.sort();
        let count = times.len();
        Statistics {
            total: times.iter().sum(),
            count,
            median: times[count / 2],
            p90: times[(count * 9 / 10).min(count - 1)],
            max: times[count - 1],
        }
    }

    fn row(&self) -> String {
        let seconds = self.total.as_secs_f64();
        let rate = if seconds > 0.0 {
            self.count as f64 / seconds
        } else {
            f64::INFINITY
        };
        format!(
            "{rate:.0} | {} | {} | {} | {}",
            human(self.median),
            human(self.total / self.count as u32),
            human(self.p90),
            human(self.max)
        )
    }
}

fn human(duration: Duration) -> String {
    let micros = duration.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.1} µs")
    } else if micros < 1e6 {
        format!("{:.2} ms", micros / 1000.0)
    } else {
        format!("{:.2} s", micros / 1e6)
    }
}
