//! `sudokit completions` and `sudokit man`: shell completion scripts and roff manual pages,
//! both made from the same clap definitions as the commands themselves.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Arguments, Outcome};

/// Options of `sudokit completions`.
#[derive(Debug, Args)]
pub struct CompletionsOptions {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    shell: Shell,
}

/// Options of `sudokit man`.
#[derive(Debug, Args)]
pub struct ManOptions {
    /// Write one page per command (`sudokit.1`, `sudokit-check.1`, …) into DIR instead of
    /// printing the main page.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Prints the completion script for the shell.
pub fn completions<Server: Args>(options: &CompletionsOptions) -> anyhow::Result<Outcome> {
    let mut command = Arguments::<Server>::command();
    let mut script = Vec::new();
    clap_complete::generate(options.shell, &mut command, "sudokit", &mut script);
    say_inline!("{}", String::from_utf8_lossy(&script));
    Ok(Outcome::Success)
}

/// Prints the main manual page, or writes every page into a folder.
pub fn man<Server: Args>(options: &ManOptions) -> anyhow::Result<Outcome> {
    let command = Arguments::<Server>::command();
    match &options.out {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            say_inline!("{}", String::from_utf8_lossy(&page));
        }
        Some(folder) if folder.as_os_str() == "-" => {
            anyhow::bail!(
                "--out -: the manual is a page per command, which cannot share standard output; leave --out out to print the main page, or give a folder"
            );
        }
        Some(folder) => {
            let written = write_pages(&command, folder)?;
            note!("wrote {written} manual pages into {}", folder.display());
        }
    }
    Ok(Outcome::Success)
}

/// Writes `sudokit.1` and a page per subcommand (`sudokit-check.1`, …) into `folder`;
/// returns how many.
fn write_pages(command: &clap::Command, folder: &Path) -> anyhow::Result<usize> {
    std::fs::create_dir_all(folder)
        .with_context(|| format!("{}: cannot create the folder", folder.display()))?;
    let mut pages = vec![(
        "sudokit".to_string(),
        command.clone().disable_help_subcommand(true),
    )];
    for subcommand in command.get_subcommands() {
        if subcommand.get_name() == "help" {
            continue;
        }
        let name = format!("sudokit-{}", subcommand.get_name());
        pages.push((name.clone(), subcommand.clone().name(name)));
    }
    for (name, page_command) in &pages {
        let mut page = Vec::new();
        clap_mangen::Man::new(page_command.clone()).render(&mut page)?;
        let path = folder.join(format!("{name}.1"));
        super::render::write_atomically(&path, &page, true)?;
    }
    Ok(pages.len())
}
