//! `sudokit merge`: join the shard folders of one batch into the folder one machine would have
//! written, after checking every shard is there exactly once and complete.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;
use sudokit::generate::batch::{
    write_atomically, Manifest, LINES_FILE, MANIFEST_FILE, PARTIAL_FILE, RECORDS_FILE,
};

use super::Outcome;

/// Options of `sudokit merge`.
#[derive(Debug, Args)]
pub struct MergeOptions {
    /// The shard folders (each written by `generate --shard i/N` or a scheduler's shard), in
    /// any order.
    #[arg(required = true, value_name = "DIR")]
    shards: Vec<PathBuf>,

    /// The folder of the whole batch.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,

    /// Replace a batch already in the output folder.
    #[arg(long)]
    force: bool,
}

/// One shard read back.
struct Shard {
    folder: PathBuf,
    manifest: Manifest,
    records: String,
    lines: String,
}

/// Reads a shard folder and checks it is complete.
fn read_shard(folder: &Path) -> anyhow::Result<Shard> {
    let manifest_path = folder.join(MANIFEST_FILE);
    let text = std::fs::read_to_string(&manifest_path)
        .with_context(|| format!("{}: not a batch folder", folder.display()))?;
    let manifest: Manifest = ron::from_str(&text)
        .with_context(|| format!("{}: not a batch manifest", manifest_path.display()))?;
    if folder.join(PARTIAL_FILE).exists() {
        bail!(
            "{}: the shard is unfinished ({PARTIAL_FILE} is there): run it again with --resume",
            folder.display()
        );
    }
    let read = |name: &str| match std::fs::read_to_string(folder.join(name)) {
        Ok(text) => Ok(text),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            bail!("{}: the shard is unfinished (no {name})", folder.display())
        }
        Err(error) => bail!("{}: cannot read {name}: {error}", folder.display()),
    };
    let (records, lines) = (read(RECORDS_FILE)?, read(LINES_FILE)?);
    let expected = manifest.end - manifest.first;
    let found = records.lines().count() as u64;
    if found != expected {
        bail!(
            "{}: {found} lines in {RECORDS_FILE}, the shard holds {expected} puzzles ({}..{})",
            folder.display(),
            manifest.first,
            manifest.end
        );
    }
    // puzzles.txt holds a puzzle a line, or (killers) a block of lines a puzzle: count puzzles
    let puzzles = puzzles_in(&lines)
        .map_err(|reason| anyhow::anyhow!("{}: {LINES_FILE}: {reason}", folder.display()))?;
    if puzzles != expected {
        bail!(
            "{}: {puzzles} puzzles in {LINES_FILE}, the shard holds {expected} ({}..{})",
            folder.display(),
            manifest.first,
            manifest.end
        );
    }
    Ok(Shard {
        folder: folder.to_path_buf(),
        manifest,
        records,
        lines,
    })
}

/// How many puzzles a shard's `puzzles.txt` holds, or the first reason one does not read.
fn puzzles_in(text: &str) -> Result<u64, String> {
    if text.trim().is_empty() {
        return Ok(0);
    }
    let mut count = 0;
    for result in sudokit::notation::parse_each(text, None) {
        match result {
            Ok(_) => count += 1,
            Err(error) => return Err(error.to_string()),
        }
    }
    Ok(count)
}

/// Runs `merge`.
pub fn run(options: &MergeOptions) -> anyhow::Result<Outcome> {
    let mut shards = options
        .shards
        .iter()
        .map(|folder| read_shard(folder))
        .collect::<anyhow::Result<Vec<Shard>>>()?;
    shards.sort_by_key(|shard| shard.manifest.first);
    let first = &shards[0];
    let count = first.manifest.preset.count as u64;
    let mut next = 0;
    for shard in &shards {
        let manifest = &shard.manifest;
        if manifest.preset != first.manifest.preset || manifest.seed != first.manifest.seed {
            bail!(
                "{} belongs to another batch than {} (preset or seed differ)",
                shard.folder.display(),
                first.folder.display()
            );
        }
        if manifest.first != next {
            let problem = if manifest.first < next {
                "overlaps the shard before it (given twice?)"
            } else {
                "leaves a gap: a shard is missing before it"
            };
            bail!(
                "{} holds puzzles {}..{} and {problem} (expected to start at {next})",
                shard.folder.display(),
                manifest.first,
                manifest.end
            );
        }
        next = manifest.end;
    }
    if next != count {
        bail!("the shards end at puzzle {next} of {count}: a last shard is missing");
    }
    let out = &options.out;
    let manifest_path = out.join(MANIFEST_FILE);
    if manifest_path.exists() && !options.force {
        bail!(
            "{} already exists (use --force to replace it)",
            manifest_path.display()
        );
    }
    std::fs::create_dir_all(out).with_context(|| format!("{}: cannot create", out.display()))?;
    let manifest = Manifest {
        first: 0,
        end: count,
        ..first.manifest.clone()
    };
    let text = ron::ser::to_string_pretty(&manifest, ron::ser::PrettyConfig::default())?;
    let records: String = shards.iter().map(|shard| shard.records.as_str()).collect();
    let lines: String = shards.iter().map(|shard| shard.lines.as_str()).collect();
    write_atomically(&out.join(RECORDS_FILE), records.as_bytes())?;
    write_atomically(&out.join(LINES_FILE), lines.as_bytes())?;
    write_atomically(&manifest_path, text.as_bytes())?;
    note!(
        "merged {} shards ({count} puzzles) into {}",
        shards.len(),
        out.display()
    );
    Ok(Outcome::Success)
}
