//! Writing to standard output: a reader that goes away (`sudokit … | head`) ends the run
//! quietly instead of panicking.

use std::fmt;
use std::io::{self, Write};

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
