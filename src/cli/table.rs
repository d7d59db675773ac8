//! `sudokit table`: a built-in difficulty table printed as RON, to edit and pass back with
//! `grade --table FILE`.

use clap::Args;
use sudokit::grade::explainer::{EXPLAINER_TABLE, ORIGINAL_TABLE};
use sudokit::grade::TechniqueTable;

use super::grade::Scale;
use super::Outcome;

/// Options of `sudokit table`.
#[derive(Debug, Args)]
pub struct TableOptions {
    /// Which scale's table: HoDoKu's levels, base scores, switches and order (killer rows
    /// included), or the base ratings of Sudoku Explainer's techniques (`se`: the Sukaku
    /// Explainer fork's set; `se121`: SE 1.2.1's own).
    #[arg(long, value_enum, default_value_t = Scale::Hodoku)]
    scale: Scale,
}

/// Prints the table of the scale asked for.
pub fn run(options: &TableOptions) -> anyhow::Result<Outcome> {
    match options.scale {
        Scale::Hodoku => say!("{}", TechniqueTable::default().to_ron()),
        Scale::Se => say!("{}", EXPLAINER_TABLE.trim_end()),
        Scale::Se121 => say!("{}", ORIGINAL_TABLE.trim_end()),
    }
    Ok(Outcome::Success)
}
