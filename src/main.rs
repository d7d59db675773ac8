//! The `sudokit` command: parse arguments, run, print any error on one line, exit with a code.

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::Parser;

mod cli;
mod serve;

fn main() -> ExitCode {
    let arguments = match cli::Arguments::<serve::ServeOptions>::try_parse() {
        Ok(arguments) => arguments,
        Err(error) => return refuse_arguments(error),
    };
    let result = cli::run(arguments, run_server);
    cli::output::flush();
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(error) => {
            eprintln!("error: {error:#}");
            cli::Outcome::BadInput.exit_code()
        }
    }
}

/// Runs `sudokit serve`: the HTTP door, told how much to say as the command line is.
fn run_server(options: serve::ServeOptions) -> anyhow::Result<cli::Outcome> {
    let talk = serve::Talk {
        announce: cli::output::verbosity() > cli::output::Verbosity::Quiet,
        verbose: cli::output::verbosity() >= cli::output::Verbosity::Verbose,
    };
    serve::run(&options, talk).map(|()| cli::Outcome::Success)
}

/// Help and the version are printed as clap writes them; a flag error becomes one line like
/// every other error (clap's own takes several: the error, its usage, a pointer to --help).
fn refuse_arguments(error: clap::Error) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        // written as every other output is: a failed write is exit 2, not a silent 0
        let styled = error.render();
        let text = if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
            styled.ansi().to_string()
        } else {
            styled.to_string()
        };
        return cli::output::write_help(&text);
    }
    if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        error.exit();
    }
    let rendered = error.render().to_string();
    let first_paragraph = rendered.split("\n\n").next().unwrap_or_default();
    let words: Vec<&str> = first_paragraph.split_whitespace().collect();
    eprintln!("{} (see --help)", words.join(" "));
    cli::Outcome::BadInput.exit_code()
}
