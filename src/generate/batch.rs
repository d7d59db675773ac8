//! Batch output: `puzzles.jsonl` and `puzzles.txt` in one folder, written atomically (a
//! temporary file renamed into place), never over existing files unless asked, and resumable.
//!
//! While a batch runs, each finished puzzle is appended as one line to
//! `puzzles.jsonl.partial`, flushed at once, in whatever order the threads finish; the
//! batch's preset, seed and index range are saved first in `batch.ron`. When every index is
//! done, the records are sorted by index and the two final files are written (so they are
//! byte-identical whatever the number of threads), and the partial file is removed. A
//! resumed batch reads `batch.ron` (it must match), keeps every complete line of the partial
//! file and makes only the indices that are missing.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::preset::Preset;

use super::{Record, RecordError};

/// The records, one JSON object per line, sorted by index.
pub const RECORDS_FILE: &str = "puzzles.jsonl";
/// The puzzles in the `line` notation, one per line, sorted by index.
pub const LINES_FILE: &str = "puzzles.txt";
/// The records of an unfinished batch, in the order they were finished.
pub const PARTIAL_FILE: &str = "puzzles.jsonl.partial";
/// What the batch is: preset, seed and index range (RON).
pub const MANIFEST_FILE: &str = "batch.ron";

/// What a batch folder holds the puzzles of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The preset, after flag overrides.
    pub preset: Preset,
    /// The seed.
    pub seed: u64,
    /// The first index.
    pub first: u64,
    /// One past the last index.
    pub end: u64,
}

impl Manifest {
    /// The indices of the batch.
    pub fn indices(&self) -> Range<u64> {
        self.first..self.end
    }
}

/// How to treat a folder that already holds a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Refuse to touch existing batch files.
    Fresh,
    /// Remove existing batch files and start over.
    Force,
    /// Continue the batch the folder holds, keeping every puzzle already made.
    Resume,
}

/// Why a batch folder could not be used.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// A file operation failed.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said (in the message, not a separate source: an error printed
        /// with its chain would say it twice).
        error: io::Error,
    },
    /// The folder already holds a batch and neither `--force` nor `--resume` was given.
    #[error("{} already exists (use --force to start over or --resume to continue)", path.display())]
    Exists {
        /// The first batch file found.
        path: PathBuf,
    },
    /// `--resume` on a folder without a batch.
    #[error("{}: nothing to resume (no {MANIFEST_FILE})", folder.display())]
    NothingToResume {
        /// The folder.
        folder: PathBuf,
    },
    /// `--resume` with another preset, seed, count or shard than the folder's batch.
    #[error("{}: the batch there was made with another {what} (use --force to start over)", folder.display())]
    Mismatch {
        /// The folder.
        folder: PathBuf,
        /// What differs.
        what: &'static str,
    },
    /// A line of a records file is not a record of this batch.
    #[error("{}: line {line}: {reason}", path.display())]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> BatchError + '_ {
    move |error| BatchError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// A batch being made in a folder.
#[derive(Debug)]
pub struct Batch {
    folder: PathBuf,
    manifest: Manifest,
    done: BTreeMap<u64, Record>,
    partial: File,
    /// Whether [`Batch::open`] made the folder (so [`Batch::abandon`] may remove it).
    made_folder: bool,
    /// Kept records of a resumed batch that did not hold together (made again).
    remade: Vec<RecordError>,
}

impl Batch {
    /// Opens `folder` for the batch `manifest` describes: creates it, checks what is there
    /// according to `start`, saves the manifest, and reads what a resumed batch had made.
    pub fn open(folder: &Path, manifest: Manifest, start: Start) -> Result<Batch, BatchError> {
        let made_folder = !folder.exists();
        fs::create_dir_all(folder).map_err(io_error(folder))?;
        let files =
            [MANIFEST_FILE, PARTIAL_FILE, RECORDS_FILE, LINES_FILE].map(|name| folder.join(name));
        let mut done = BTreeMap::new();
        let mut remade = Vec::new();
        match start {
            Start::Fresh => {
                if let Some(existing) = files.iter().find(|path| path.exists()) {
                    return Err(BatchError::Exists {
                        path: existing.clone(),
                    });
                }
            }
            Start::Force => {
                for path in files.iter().filter(|path| path.exists()) {
                    fs::remove_file(path).map_err(io_error(path))?;
                }
            }
            Start::Resume => {
                check_manifest(folder, &manifest)?;
                for name in [RECORDS_FILE, PARTIAL_FILE] {
                    read_records(&folder.join(name), &manifest, &mut done, &mut remade)?;
                }
            }
        }
        if start != Start::Resume {
            let text = ron::ser::to_string_pretty(&manifest, ron::ser::PrettyConfig::default())
                .unwrap_or_default();
            write_atomically(&folder.join(MANIFEST_FILE), text.as_bytes())?;
        }
        let partial_path = folder.join(PARTIAL_FILE);
        // A resumed partial file may end in a line cut short by the interruption: it was
        // skipped when read, and goes now, so the next record starts a line of its own.
        let complete = complete_length(&partial_path)?;
        let partial = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&partial_path)
            .map_err(io_error(&partial_path))?;
        if let Some(length) = complete {
            partial.set_len(length).map_err(io_error(&partial_path))?;
        }
        Ok(Batch {
            folder: folder.to_path_buf(),
            manifest,
            done,
            partial,
            made_folder,
            remade,
        })
    }

    /// The kept records of a resumed batch that did not hold together, made again.
    pub fn remade(&self) -> &[RecordError] {
        &self.remade
    }

    /// The folder.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The indices still to make, in order.
    pub fn missing(&self) -> Vec<u64> {
        self.manifest
            .indices()
            .filter(|index| !self.done.contains_key(index))
            .collect()
    }

    /// The records made so far, by index.
    pub fn records(&self) -> impl Iterator<Item = &Record> {
        self.done.values()
    }

    /// Saves a finished record: one line appended to the partial file and flushed.
    pub fn append(&mut self, record: Record) -> Result<(), BatchError> {
        let mut line = record.to_json();
        line.push('\n');
        let path = self.folder.join(PARTIAL_FILE);
        self.partial
            .write_all(line.as_bytes())
            .and_then(|()| self.partial.flush())
            .map_err(io_error(&path))?;
        self.done.insert(record.index, record);
        Ok(())
    }

    /// Writes `puzzles.jsonl` and `puzzles.txt` (sorted by index, each atomically) and
    /// removes the partial file. Returns the paths written.
    pub fn finish(self) -> Result<Vec<PathBuf>, BatchError> {
        let mut records = String::new();
        let mut lines = String::new();
        for record in self.done.values() {
            records.push_str(&record.to_json());
            records.push('\n');
            let line = record.to_text().map_err(|error| BatchError::BadLine {
                path: self.folder.join(PARTIAL_FILE),
                line: 0,
                reason: error.to_string(),
            })?;
            lines.push_str(&line);
            lines.push('\n');
        }
        let records_path = self.folder.join(RECORDS_FILE);
        let lines_path = self.folder.join(LINES_FILE);
        write_atomically(&records_path, records.as_bytes())?;
        write_atomically(&lines_path, lines.as_bytes())?;
        drop(self.partial);
        let partial = self.folder.join(PARTIAL_FILE);
        fs::remove_file(&partial).map_err(io_error(&partial))?;
        Ok(vec![records_path, lines_path])
    }

    /// Leaves no trace of a batch that made nothing: removes the manifest and the partial
    /// file, and the folder when [`Batch::open`] made it and nothing else is in it. A batch
    /// with records (made now or resumed) is never abandoned.
    pub fn abandon(self) -> Result<(), BatchError> {
        if !self.done.is_empty() {
            return Ok(());
        }
        drop(self.partial);
        for name in [PARTIAL_FILE, MANIFEST_FILE] {
            let path = self.folder.join(name);
            if path.exists() {
                fs::remove_file(&path).map_err(io_error(&path))?;
            }
        }
        if self.made_folder {
            // only an empty folder goes: whatever else is there is not ours
            let _ = fs::remove_dir(&self.folder);
        }
        Ok(())
    }
}

/// Checks that the folder's manifest is the one of the batch being resumed.
fn check_manifest(folder: &Path, manifest: &Manifest) -> Result<(), BatchError> {
    let path = folder.join(MANIFEST_FILE);
    if !path.exists() {
        return Err(BatchError::NothingToResume {
            folder: folder.to_path_buf(),
        });
    }
    let text = fs::read_to_string(&path).map_err(io_error(&path))?;
    let saved: Manifest = ron::from_str(&text).map_err(|error| BatchError::BadLine {
        path: path.clone(),
        line: error.position.line,
        reason: error.code.to_string(),
    })?;
    let mismatch = |what| BatchError::Mismatch {
        folder: folder.to_path_buf(),
        what,
    };
    if saved.preset != manifest.preset {
        return Err(mismatch("preset (or preset flags)"));
    }
    if saved.seed != manifest.seed {
        return Err(mismatch("seed"));
    }
    if saved.indices() != manifest.indices() {
        return Err(mismatch("count or shard"));
    }
    Ok(())
}

/// Reads the records of `path` (if it exists) into `done`. A last line cut short (no
/// newline) is skipped: the puzzle is made again, as is one whose record does not hold
/// together (listed in `remade`). Any other bad line is an error.
fn read_records(
    path: &Path,
    manifest: &Manifest,
    done: &mut BTreeMap<u64, Record>,
    remade: &mut Vec<RecordError>,
) -> Result<(), BatchError> {
    if !path.exists() {
        return Ok(());
    }
    let text = fs::read_to_string(path).map_err(io_error(path))?;
    let complete = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    for (number, line) in complete.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |reason: String| BatchError::BadLine {
            path: path.to_path_buf(),
            line: number + 1,
            reason,
        };
        let record: Record = serde_json::from_str(line).map_err(|error| bad(error.to_string()))?;
        if record.preset != manifest.preset.name || record.seed != manifest.seed {
            return Err(bad(format!(
                "a record of preset {} with seed {}, not of this batch",
                record.preset, record.seed
            )));
        }
        if !manifest.indices().contains(&record.index) {
            return Err(bad(format!("index {} is outside the batch", record.index)));
        }
        if let Err(reason) = holds_together(&record, manifest) {
            // altered or damaged: the puzzle is made again rather than kept
            remade.push(RecordError {
                index: record.index,
                reason: format!("{}: line {}: {reason}", path.display(), number + 1),
            });
            continue;
        }
        done.entry(record.index).or_insert(record);
    }
    Ok(())
}

/// Whether a kept record is what the batch would have made: a puzzle of the preset's size
/// whose solution fills the grid and keeps its givens and every rule, with as many givens
/// as its `clues` says.
fn holds_together(record: &Record, manifest: &Manifest) -> Result<(), String> {
    let puzzle = record.to_puzzle().map_err(|error| error.reason)?;
    if puzzle.geometry().size() != manifest.preset.size {
        return Err(format!(
            "a {0}×{0} puzzle in a batch of {1}×{1}",
            puzzle.geometry().size(),
            manifest.preset.size
        ));
    }
    let solution = record.solution_grid().map_err(|error| error.reason)?;
    if !puzzle.is_solution(&solution) {
        return Err("its solution does not fit its givens and rules (was it altered?)".to_string());
    }
    let givens = puzzle.givens().filled().count();
    if givens != record.clues {
        return Err(format!(
            "it says {} clues but its puzzle has {givens} givens",
            record.clues
        ));
    }
    Ok(())
}

/// The length of `path` up to its last newline, when the file exists and ends otherwise.
fn complete_length(path: &Path) -> Result<Option<u64>, BatchError> {
    if !path.exists() {
        return Ok(None);
    }
    let bytes = fs::read(path).map_err(io_error(path))?;
    if bytes.last().is_none_or(|&last| last == b'\n') {
        return Ok(None);
    }
    let length = bytes
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |end| end + 1);
    Ok(Some(length as u64))
}

/// Writes `bytes` to a temporary file beside `path`, then renames it into place, so `path`
/// is either absent, as before, or complete.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), BatchError> {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let written = File::create(&temporary)
        .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()));
    if let Err(error) = written {
        let _ = fs::remove_file(&temporary);
        return Err(BatchError::Io {
            path: temporary,
            error,
        });
    }
    fs::rename(&temporary, path).map_err(io_error(path))
}
