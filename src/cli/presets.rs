//! `sudokit presets`: the shipped generator and book presets, one line each, or one
//! preset's RON text.

use std::path::Path;

use anyhow::Context;
use clap::Args;
use sudokit::preset::builtin_presets;
use sudokit::render::book_preset::{self, BookPreset};

use super::generate::load_preset;
use super::Outcome;

/// Options of `sudokit presets`.
#[derive(Debug, Args)]
pub struct PresetsOptions {
    /// Print this preset (a shipped generator or book preset's name, or a file) as RON, to
    /// copy and edit.
    #[arg(long, value_name = "FILE|NAME")]
    show: Option<String>,
}

/// Lists the shipped presets, generator presets first, or prints one.
pub fn run(options: &PresetsOptions) -> anyhow::Result<Outcome> {
    if let Some(name) = &options.show {
        say!("{}", shown(name)?.trim_end());
        return Ok(Outcome::Success);
    }
    for preset in builtin_presets()? {
        say!("{}", preset.summary());
    }
    for name in book_preset::builtin_names() {
        say!("{}", BookPreset::builtin(name)?.summary(name));
    }
    Ok(Outcome::Success)
}

/// The RON text `--show` prints: a book preset's as written (a file, or a shipped one with
/// its comments), a generator preset's as read.
fn shown(name: &str) -> anyhow::Result<String> {
    let path = Path::new(name);
    // a folder named like a preset is not a preset file: the shipped one is shown
    if path.is_file() {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read the preset", path.display()))?;
        if text.contains("BookPreset(") {
            BookPreset::from_ron(&text)
                .map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))?;
            return Ok(text);
        }
    } else if let Some(text) = book_preset::builtin_text(name) {
        return Ok(text.to_string());
    }
    Ok(load_preset(name)?.to_ron())
}
