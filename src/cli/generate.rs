//! `sudokit generate`: a batch of puzzles from a preset and a seed into `output/<name>/`.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::Args;
use rayon::prelude::*;
use sudokit::generate::batch::{Batch, Manifest, Start};
use sudokit::generate::{GenerateError, Generator, Record, Symmetry, Timings};
use sudokit::grade::Level;
use sudokit::preset::{ClueRange, Preset, SeBand};
use sudokit::shard::Shard;

use super::output::{verbosity, Verbosity};
use super::work::{progress_bar, thread_pool};
use super::Outcome;

/// Options of `sudokit generate`.
#[derive(Debug, Args)]
pub struct GenerateOptions {
    /// A preset file (RON) or the name of a shipped preset (`sudokit presets` lists them).
    #[arg(long, value_name = "FILE|NAME")]
    preset: String,

    /// Puzzles in the batch, 1 or more (default: the preset's count).
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    count: Option<usize>,

    /// The seed: the same preset and seed give the same puzzles, byte for byte.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = super::parse_seed, allow_negative_numbers = true)]
    seed: u64,

    /// Output folder (default: output/<preset name>, plus shard-i-of-N for a shard). `-`
    /// writes the records (JSON Lines, as in puzzles.jsonl) to standard output instead, in
    /// index order, with no folder, journal or --resume.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,

    /// Threads to use: 1 to 256 (default: all cores). The files do not depend on it.
    #[arg(long, value_name = "J", value_parser = super::parse_jobs, allow_negative_numbers = true)]
    jobs: Option<usize>,

    /// Make only shard i of N (0 ≤ i < N) of the batch: a contiguous block of indices, so
    /// the shards' files, concatenated in order, are the whole batch's files. When absent,
    /// read from the scheduler: a Slurm job array (SLURM_ARRAY_TASK_ID minus
    /// SLURM_ARRAY_TASK_MIN, of SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job
    /// (JOB_COMPLETION_INDEX, of SUDOKIT_SHARDS set in the manifest).
    #[arg(long, value_name = "i/N")]
    shard: Option<Shard>,

    /// Overwrite a batch already in the output folder.
    #[arg(long, conflicts_with = "resume")]
    force: bool,

    /// Continue the interrupted batch in the output folder (same preset, flags and seed),
    /// keeping every puzzle already made.
    #[arg(long)]
    resume: bool,

    /// Override the preset's symmetry: none, rotate-180, rotate-90, mirror-horizontal,
    /// mirror-vertical, diagonal, anti-diagonal, dihedral.
    #[arg(long, value_name = "SYMMETRY")]
    symmetry: Option<Symmetry>,

    /// Override whether every given must be needed (true or false).
    #[arg(long, value_name = "BOOL")]
    minimal: Option<bool>,

    /// Override the clue range, e.g. 30-36.
    #[arg(long, value_name = "MIN-MAX")]
    clues: Option<Clues>,

    /// Override the target levels: comma-separated HoDoKu levels (easy, medium, hard,
    /// unfair, extreme), or `any`.
    #[arg(long, value_name = "LEVELS")]
    level: Option<Levels>,

    /// Override the lowest HoDoKu score accepted.
    #[arg(long, value_name = "SCORE")]
    min_score: Option<u32>,

    /// Override the highest HoDoKu score accepted.
    #[arg(long, value_name = "SCORE")]
    max_score: Option<u32>,

    /// Keep only puzzles whose Sudoku Explainer rating (ER) is in this band, e.g. 6.6-7.5
    /// (classic and X grids up to 11×11), or `any`.
    #[arg(long, value_name = "MIN-MAX")]
    se: Option<SeBandArgument>,

    /// Override the candidates tried per puzzle before giving up.
    #[arg(long, value_name = "N")]
    attempts: Option<u32>,

    /// Override the near-miss search's steps per near miss (0: off).
    #[arg(long, value_name = "N")]
    near_miss_steps: Option<u32>,

    /// Print the time spent per stage (fill, dig, minimality, grading, SAT confirmation).
    #[arg(long)]
    timings: bool,
}

/// `MIN-MAX` givens.
#[derive(Clone, Copy, Debug)]
pub struct Clues(ClueRange);

impl FromStr for Clues {
    type Err = String;

    fn from_str(text: &str) -> Result<Clues, String> {
        text.split_once(['-', ','])
            .and_then(|(min, max)| {
                Some(Clues(ClueRange {
                    min: min.trim().parse().ok()?,
                    max: max.trim().parse().ok()?,
                }))
            })
            .ok_or_else(|| format!("{text:?} is not MIN-MAX (e.g. 30-36)"))
    }
}

/// `MIN-MAX` SE ratings with one decimal, or `any` (no SE band).
#[derive(Clone, Copy, Debug)]
pub struct SeBandArgument(Option<SeBand>);

impl FromStr for SeBandArgument {
    type Err = String;

    fn from_str(text: &str) -> Result<SeBandArgument, String> {
        if text.trim().eq_ignore_ascii_case("any") {
            return Ok(SeBandArgument(None));
        }
        let tenths = |rating: &str| -> Option<u32> {
            let rating: f64 = rating.trim().parse().ok()?;
            (0.0..=20.0)
                .contains(&rating)
                .then(|| (rating * 10.0).round() as u32)
        };
        text.split_once('-')
            .and_then(|(min, max)| {
                Some(SeBandArgument(Some(SeBand {
                    min_tenths: tenths(min)?,
                    max_tenths: tenths(max)?,
                })))
            })
            .ok_or_else(|| format!("{text:?} is not MIN-MAX SE ratings (e.g. 6.6-7.5) or any"))
    }
}

/// Comma-separated levels, or `any` (no level target).
#[derive(Clone, Debug)]
pub struct Levels(Vec<Level>);

impl FromStr for Levels {
    type Err = String;

    fn from_str(text: &str) -> Result<Levels, String> {
        if text.trim().eq_ignore_ascii_case("any") {
            return Ok(Levels(Vec::new()));
        }
        text.split(',')
            .map(|word| {
                Level::ALL
                    .into_iter()
                    .find(|level| level.to_string().eq_ignore_ascii_case(word.trim()))
                    .ok_or_else(|| {
                        format!(
                            "{word:?} is not a level (easy, medium, hard, unfair, extreme, any)"
                        )
                    })
            })
            .collect::<Result<Vec<Level>, String>>()
            .map(Levels)
    }
}

/// A batch size: a batch of no puzzles would write empty files and succeed.
fn parse_count(text: &str) -> Result<usize, String> {
    if super::is_negative(text) {
        return Err(format!("{}: must be 1 or more", text.trim()));
    }
    match text.trim().parse::<usize>() {
        Ok(0) => Err("a batch of 0 puzzles makes nothing (give 1 or more)".to_string()),
        Ok(count) => Ok(count),
        Err(_) => Err(format!("{text:?} is not a number (give 1 or more)")),
    }
}

/// Reads `--preset`: a file when it names one (or looks like a path), else a shipped preset.
pub fn load_preset(value: &str) -> anyhow::Result<Preset> {
    let path = Path::new(value);
    let looks_like_file = value.ends_with(".ron") || value.contains(['/', '\\']);
    if path.is_file() || looks_like_file {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read the preset", path.display()))?;
        let name = path
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default();
        return Preset::from_ron(&name, &text).with_context(|| path.display().to_string());
    }
    Ok(Preset::builtin(value)?)
}

/// The preset with the flags' overrides put in, checked again.
fn resolve_preset(options: &GenerateOptions) -> anyhow::Result<Preset> {
    let mut preset = load_preset(&options.preset)?;
    if preset.variant.is_killer() {
        // killers are carved, not dug: these flags would change nothing but the record
        let ignored = [
            (
                "--symmetry",
                options
                    .symmetry
                    .is_some_and(|symmetry| symmetry != Symmetry::None),
            ),
            ("--clues", options.clues.is_some()),
            ("--minimal true", options.minimal == Some(true)),
            (
                "--near-miss-steps",
                options.near_miss_steps.is_some_and(|steps| steps > 0),
            ),
        ];
        if let Some((flag, _)) = ignored.iter().find(|(_, given)| *given) {
            bail!(
                "{flag}: preset {} is a {} puzzle, whose cages are carved with no givens dug, \
                 so the flag would change nothing (it shapes the givens of classic and X grids)",
                preset.name,
                preset.variant.name()
            );
        }
    }
    if let Some(count) = options.count {
        preset.count = count;
    }
    if let Some(symmetry) = options.symmetry {
        preset.symmetry = symmetry;
    }
    if let Some(minimal) = options.minimal {
        preset.minimal = minimal;
    }
    if let Some(Clues(clues)) = options.clues {
        preset.clues = Some(clues);
    }
    if let Some(Levels(levels)) = &options.level {
        preset.target.levels.clone_from(levels);
    }
    if options.min_score.is_some() {
        preset.target.min_score = options.min_score;
    }
    if options.max_score.is_some() {
        preset.target.max_score = options.max_score;
    }
    if let Some(SeBandArgument(band)) = options.se {
        preset.target.se = band;
    }
    if let Some(attempts) = options.attempts {
        preset.attempts = attempts;
    }
    if let Some(steps) = options.near_miss_steps {
        preset.near_miss_steps = steps;
    }
    preset.check()?;
    Ok(preset)
}

/// The shard asked for: `--shard` when given, else the scheduler's (see
/// [`Shard::from_scheduler`]). A shard taken from the environment is said on standard error,
/// so a run that does only part of the work never looks like the whole.
pub fn resolve_shard(flag: Option<Shard>) -> anyhow::Result<Option<Shard>> {
    if flag.is_some() {
        return Ok(flag);
    }
    let found = Shard::from_scheduler(|name| std::env::var(name).ok())?;
    if let Some((shard, scheduler)) = &found {
        note!(
            "shard {}/{} from {scheduler}: only this shard's part of the work is done (--shard overrides)",
            shard.index,
            shard.count
        );
    }
    Ok(found.map(|(shard, _)| shard))
}

/// The batch's indices (the whole count, or the shard's block) and its folder.
fn indices_and_folder(
    options: &GenerateOptions,
    preset: &Preset,
    shard: Option<Shard>,
) -> (u64, u64, PathBuf) {
    let count = preset.count as u64;
    let block = shard.map_or(0..count, |shard| shard.block(count));
    let (first, end) = (block.start, block.end);
    let folder = options.out.clone().unwrap_or_else(|| {
        let base = Path::new("output").join(&preset.name);
        match shard {
            Some(Shard { index, count }) => {
                let width = count.to_string().len();
                base.join(format!("shard-{index:0width$}-of-{count}"))
            }
            None => base,
        }
    });
    (first, end, folder)
}

/// Runs `generate`: makes the missing puzzles of the batch on all threads, appending each
/// to the partial file as it is finished, then writes the final files.
pub fn run(options: &GenerateOptions) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let preset = resolve_preset(options)?;
    let generator = Generator::new(&preset)?;
    let shard = resolve_shard(options.shard)?;
    if let Some(Shard { index, count }) = shard {
        detail!("shard {index} of {count}");
    }
    let (first, end, folder) = indices_and_folder(options, &preset, shard);
    if folder == Path::new("-") {
        if options.resume {
            bail!("--resume continues a batch in a folder; with --out - nothing is kept to resume");
        }
        return run_to_standard_output(options, &preset, &generator, first, end);
    }
    let start = if options.force {
        Start::Force
    } else if options.resume {
        Start::Resume
    } else {
        Start::Fresh
    };
    let manifest = Manifest {
        preset: preset.clone(),
        seed: options.seed,
        first,
        end,
    };
    let batch = Batch::open(&folder, manifest, start)?;
    for remade in batch.remade() {
        complain!("warning: {remade}; made again");
    }
    let missing = batch.missing();
    let resumed = (end - first) as usize - missing.len();
    let progress = progress_bar(missing.len());
    let batch = Mutex::new(batch);
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    // the first failed write (a full disk, say) stops the run: nothing after it is made
    let write_failure: Mutex<Option<String>> = Mutex::new(None);
    let stopped = AtomicBool::new(false);
    let timings = Mutex::new(Timings::default());
    thread_pool(options.jobs)?.install(|| {
        missing.par_iter().for_each(|&index| {
            if stopped.load(Ordering::Relaxed) {
                return;
            }
            let result = generator.puzzle(options.seed, index);
            progress.inc(1);
            let generated = match result {
                Ok(generated) => generated,
                Err(error) => {
                    if let GenerateError::TargetNotMet { timings: spent, .. } = &error {
                        if let Ok(mut total) = timings.lock() {
                            total.add(spent);
                        }
                    }
                    if let Ok(mut failures) = failures.lock() {
                        failures.push(error.to_string());
                    }
                    return;
                }
            };
            if let Ok(mut total) = timings.lock() {
                total.add(&generated.timings);
            }
            let record = Record::new(&preset, &generated);
            let Ok(mut batch) = batch.lock() else {
                stopped.store(true, Ordering::Relaxed);
                return;
            };
            if stopped.load(Ordering::Relaxed) {
                return;
            }
            if let Err(error) = batch.append(record) {
                stopped.store(true, Ordering::Relaxed);
                if let Ok(mut failure) = write_failure.lock() {
                    failure.get_or_insert_with(|| error.to_string());
                }
            }
        });
    });
    progress.finish_and_clear();
    let batch = batch
        .into_inner()
        .map_err(|_| anyhow::anyhow!("the batch writer failed"))?;
    let failures = failures.into_inner().unwrap_or_default();
    if let Some(failure) = write_failure.into_inner().ok().flatten() {
        bail!(
            "{failure}; stopped at once: the {} made so far are kept in {}, finish the \
             batch with --resume once the cause is fixed",
            super::output::counted(batch.records().count(), "puzzle"),
            batch.folder().join("puzzles.jsonl.partial").display()
        );
    }
    if stopped.load(Ordering::Relaxed) {
        bail!("the batch writer failed; run again with --resume");
    }
    if batch.records().next().is_none() && !failures.is_empty() {
        // nothing made, nothing resumed: no empty puzzle files, no manifest of nothing
        if options.timings || verbosity() == Verbosity::Verbose {
            print_timings(&timings.into_inner().unwrap_or_default());
        }
        batch.abandon()?;
        tell_failures(&failures);
        bail!(
            "no puzzle could be made ({}); nothing written",
            super::output::counted(failures.len(), "failure")
        );
    }
    let quiet = verbosity() == Verbosity::Quiet;
    if !quiet {
        report(
            &preset,
            options.seed,
            &batch,
            resumed,
            started,
            missing.len() - failures.len(),
        );
    }
    if options.timings || verbosity() == Verbosity::Verbose {
        print_timings(&timings.into_inner().unwrap_or_default());
    }
    let written = batch.finish()?;
    if !quiet {
        note!(
            "wrote {}",
            written
                .iter()
                .map(|path| path.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if failures.is_empty() {
        return Ok(Outcome::Success);
    }
    tell_failures(&failures);
    Ok(Outcome::NotUnique)
}

/// Each puzzle that could not be made, a line on standard error (after what standard output
/// has been handed, so a terminal shows them last).
fn tell_failures(failures: &[String]) {
    super::output::flush();
    for failure in failures {
        eprintln!("error: {failure}");
    }
}

/// `generate --out -`: the records of indices `first..end` on standard output, in index
/// order, as soon as every earlier one is written.
fn run_to_standard_output(
    options: &GenerateOptions,
    preset: &Preset,
    generator: &Generator,
    first: u64,
    end: u64,
) -> anyhow::Result<Outcome> {
    let indices: Vec<u64> = (first..end).collect();
    let progress = progress_bar(indices.len());
    // chunks keep memory bounded and let the output flow while the rest is made
    let pool = thread_pool(options.jobs)?;
    let chunk = pool.current_num_threads().max(1) * 4;
    let mut failures = 0usize;
    for block in indices.chunks(chunk) {
        let made: Vec<Result<Record, String>> = pool.install(|| {
            block
                .par_iter()
                .map(|&index| {
                    let result = generator
                        .puzzle(options.seed, index)
                        .map(|generated| Record::new(preset, &generated))
                        .map_err(|error| format!("puzzle {index}: {error}"));
                    progress.inc(1);
                    result
                })
                .collect()
        });
        for result in made {
            match result {
                Ok(record) => say!("{}", record.to_json()),
                Err(message) => {
                    failures += 1;
                    super::output::flush();
                    eprintln!("error: {message}");
                }
            }
        }
        // each block goes out as soon as it is made
        super::output::flush();
    }
    progress.finish_and_clear();
    Ok(if failures == 0 {
        Outcome::Success
    } else {
        Outcome::NotUnique
    })
}

/// Says the summary on standard error, as every command does: puzzles, acceptance rate,
/// levels, time.
fn report(
    preset: &Preset,
    seed: u64,
    batch: &Batch,
    resumed: usize,
    started: Instant,
    made: usize,
) {
    let records: Vec<&Record> = batch.records().collect();
    let candidates: u64 = records
        .iter()
        .map(|record| u64::from(record.attempts))
        .sum();
    let rate = if candidates == 0 {
        0.0
    } else {
        100.0 * records.len() as f64 / candidates as f64
    };
    let levels: Vec<String> = Level::ALL
        .into_iter()
        .filter_map(|level| {
            let count = records
                .iter()
                .filter(|record| record.level == Some(level))
                .count();
            (count > 0).then(|| format!("{level} {count}"))
        })
        .collect();
    let seconds = started.elapsed().as_secs_f64();
    let resumed = if resumed > 0 {
        format!(" ({resumed} kept from before)")
    } else {
        String::new()
    };
    note!(
        "{}: {}, seed {seed}, in {}{resumed}",
        preset.name,
        super::output::counted(records.len(), "puzzle"),
        batch.folder().display()
    );
    note!(
        "acceptance: {} kept of {candidates} candidates ({rate:.1} %); levels: {}",
        records.len(),
        levels.join(", ")
    );
    note!(
        "made {made} in {seconds:.2} s ({:.3} s per puzzle, {:.1} puzzles/s)",
        if made == 0 {
            0.0
        } else {
            seconds / made as f64
        },
        if seconds == 0.0 {
            0.0
        } else {
            made as f64 / seconds
        }
    );
}

fn print_timings(timings: &Timings) {
    let stages = [
        ("fill", timings.fill),
        ("dig", timings.dig),
        ("minimal", timings.minimal),
        ("grade", timings.grade),
        ("confirm", timings.confirm),
    ];
    let line: Vec<String> = stages
        .iter()
        .map(|(name, time)| format!("{name} {:.3} s", time.as_secs_f64()))
        .collect();
    super::output::flush();
    eprintln!(
        "this run: {} candidates dug, {} graded; time per stage (summed over threads): {}; \
         uniqueness questions while digging: {} searched, {} answered by other solutions met",
        timings.candidates,
        timings.graded,
        line.join(", "),
        timings.searched,
        timings.recalled
    );
}
