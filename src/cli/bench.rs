//! `sudokit bench`: time an engine on puzzle files, one puzzle at a time on one core.

use std::time::{Duration, Instant};

use clap::Args;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::notation::Entry;

use super::input::{read_records, InputOptions};
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

    /// Count solutions up to this limit per puzzle (2 answers "unique or not").
    #[arg(long, default_value_t = 2)]
    limit: usize,

    /// Time only a fixed random sample of N puzzles per file (drawn with --seed).
    #[arg(long, value_name = "N")]
    sample: Option<usize>,

    /// Seed of the sample and of the order puzzles are timed in.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs the benchmark and prints one Markdown table row per file.
pub fn run(options: &BenchOptions) -> anyhow::Result<Outcome> {
    let records = read_records(&options.input);
    let mut outcome = Outcome::Success;
    say!("| file | engine | puzzles | unique / multiple / none | puzzles/s | median | mean | p90 | max | guesses/puzzle |");
    say!("|---|---|---|---|---|---|---|---|---|---|");
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
        say!(
            "| {source} | {:?} | {} | {} / {} / {} | {} | {} |",
            options.engine,
            entries.len(),
            found[1],
            found[2],
            found[0],
            Statistics::of(&mut times).row(),
            if options.engine == Engine::Sat {
                "–".to_string()
            } else {
                format!("{:.1}", guesses as f64 / entries.len() as f64)
            }
        );
    }
    Ok(outcome)
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
