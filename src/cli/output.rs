//! Writing to standard output: a reader that goes away (`sudokit … | head`) ends the run
//! quietly instead of panicking; how much is said on standard error besides errors
//! (`--quiet`, `--verbose`).

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU8, Ordering};

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

/// Writes `arguments` (and a newline when `newline`) to standard output. On a closed pipe the
/// process exits with code 0, since nobody reads any more; on any other write error it
/// reports it and exits with code 2.
pub fn emit(arguments: fmt::Arguments<'_>, newline: bool) {
    let mut stdout = io::stdout().lock();
    let mut result = stdout.write_fmt(arguments);
    if newline {
        result = result.and_then(|()| stdout.write_all(b"\n"));
    }
    if let Err(error) = result {
        if error.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {error}");
        std::process::exit(2);
    }
}
