//! Writing to standard output: a reader that goes away (`sudokit … | head`) ends the run
//! quietly instead of panicking; how much is said on standard error besides errors
//! (`--quiet`, `--verbose`).

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Mutex, OnceLock};

/// How much sudokit says on standard error besides errors and warnings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    /// `--quiet`: errors and warnings only; no progress, summaries or "wrote" lines.
    Quiet,
    /// The default: progress on a terminal, summaries, what was written.
    Normal,
    /// `--verbose`: also each file read, the threads used, time per stage and in all.
    Verbose,
}

static VERBOSITY: AtomicU8 = AtomicU8::new(1);

/// Sets the verbosity for the rest of the run (once, from the command line).
pub fn set_verbosity(verbosity: Verbosity) {
    VERBOSITY.store(verbosity as u8, Ordering::Relaxed);
}

/// The run's verbosity.
pub fn verbosity() -> Verbosity {
    match VERBOSITY.load(Ordering::Relaxed) {
        0 => Verbosity::Quiet,
        1 => Verbosity::Normal,
        _ => Verbosity::Verbose,
    }
}

/// What `say!` wrote and standard output has not yet received. Records are gathered here
/// and handed over in blocks: a write per record costs a system call each (standard output
/// is line-buffered by Rust), more than answering a 17-clue puzzle.
static PENDING: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// How much is gathered before it is handed to standard output.
const BLOCK: usize = 64 * 1024;

/// Whether standard output is a terminal, where every line goes out as it is said.
fn stdout_is_terminal() -> bool {
    static TERMINAL: OnceLock<bool> = OnceLock::new();
    *TERMINAL.get_or_init(|| io::stdout().is_terminal())
}

/// Writes `arguments` (and a newline when `newline`) to standard output. On a closed pipe the
/// process exits with code 0, since nobody reads any more; on any other write error it
/// reports it and exits with code 2.
pub fn emit(arguments: fmt::Arguments<'_>, newline: bool) {
    let mut pending = PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let _ = pending.write_fmt(arguments);
    if newline {
        pending.push(b'\n');
    }
    // the first line goes out at once: a standard output that cannot be written (a full
    // disk, /dev/full) stops the run at its first answer, not a block of work later
    let first = !HANDED_OVER.swap(true, Ordering::Relaxed);
    if first || pending.len() >= BLOCK || stdout_is_terminal() {
        hand_over(&mut pending);
    }
}

/// Whether anything was handed to standard output yet.
static HANDED_OVER: AtomicBool = AtomicBool::new(false);

/// Writes text clap made (help, the version) to standard output, with the same rule as every
/// other write: a closed pipe ends the run quietly (0), any other failure is an error (2).
pub fn write_help(text: &str) -> std::process::ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: cannot write to standard output: {error}");
            std::process::ExitCode::from(2)
        }
    }
}

/// Hands what `say!` gathered to standard output now: at the end of a run, before anything
/// goes to standard error (so that a terminal shows both in the order they were said), after
/// each batch of records, and before bytes are written to standard output directly.
pub fn flush() {
    let mut pending = PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    hand_over(&mut pending);
}

fn hand_over(pending: &mut Vec<u8>) {
    let mut stdout = io::stdout().lock();
    let result = stdout.write_all(pending).and_then(|()| stdout.flush());
    pending.clear();
    if let Err(error) = result {
        if error.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {error}");
        std::process::exit(2);
    }
}

/// `1 puzzle`, `2 puzzles`: a count with its noun (a regular English plural).
pub fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}
