//! `sudokit presets`: the shipped presets, one line each, or one preset's RON text.

use clap::Args;
use sudokit::preset::builtin_presets;

use super::generate::load_preset;
use super::Outcome;

/// Options of `sudokit presets`.
#[derive(Debug, Args)]
pub struct PresetsOptions {
    /// Print this preset (a shipped name or a file) as RON, to copy and edit.
    #[arg(long, value_name = "FILE|NAME")]
    show: Option<String>,
}

/// Lists the shipped presets, or prints one.
pub fn run(options: &PresetsOptions) -> anyhow::Result<Outcome> {
    if let Some(name) = &options.show {
        say!("{}", load_preset(name)?.to_ron());
        return Ok(Outcome::Success);
    }
    for preset in builtin_presets()? {
        say!("{}", preset.summary());
    }
    Ok(Outcome::Success)
}
