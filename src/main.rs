//! The `sudokit` command: parse arguments, run, print any error on one line, exit with a code.

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    let arguments = cli::Arguments::parse();
    let result = cli::run(arguments);
    cli::output::flush();
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(error) => {
            eprintln!("error: {error:#}");
            cli::Outcome::BadInput.exit_code()
        }
    }
}
