//! Book presets (`presets/book-*.ron`, built into the binary too): a title, author, the
//! paper, puzzles per page, the names the levels go by, the colophon's copyright and ISBN,
//! the cover's blurb, and sections, each a generator preset and how many puzzles to make
//! with it.
//!
//! ```
//! use sudokit::render::book_preset::BookPreset;
//!
//! let preset = BookPreset::from_ron(r#"BookPreset(
//!     title: "Classic Sudoku",
//!     paper: "6x9in",
//!     per_page: 4,
//!     sections: [(preset: "classic-easy", count: 8), (preset: "classic-hard", count: 4)],
//! )"#)?;
//! assert_eq!(preset.total(), 12);
//! # Ok::<(), sudokit::render::book_preset::BookPresetError>(())
//! ```

use serde::{Deserialize, Serialize};

use crate::grade::Level;

use super::paper::{Bleed, Paper};

/// Columns and rows of solutions on a page, densest first: the book takes the first that
/// keeps every solution's digits at 7 pt or more (and holds at most the layout's
/// `solutions_per_page`).
pub(crate) const SOLUTION_GRIDS: [(usize, usize); 6] =
    [(3, 4), (3, 3), (2, 3), (2, 2), (1, 2), (1, 1)];

/// The book presets shipped inside the binary, by name.
const BUILTIN: [(&str, &str); 8] = [
    (
        "book-classic",
        include_str!("../../presets/book-classic.ron"),
    ),
    ("book-killer", include_str!("../../presets/book-killer.ron")),
    ("book-x", include_str!("../../presets/book-x.ron")),
    ("book-mixed", include_str!("../../presets/book-mixed.ron")),
    ("book-jigsaw", include_str!("../../presets/book-jigsaw.ron")),
    (
        "book-variety",
        include_str!("../../presets/book-variety.ron"),
    ),
    (
        "book-large-print",
        include_str!("../../presets/book-large-print.ron"),
    ),
    ("book-16", include_str!("../../presets/book-16.ron")),
];

/// The names of the shipped book presets.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(name, _)| *name)
}

/// One part of a book: puzzles from one generator preset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// The generator preset's name (a file stem in `presets/`) or path.
    pub preset: String,
    /// How many puzzles it gives.
    pub count: usize,
}

/// A book preset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookPreset {
    /// The title on the title page.
    pub title: String,
    /// A line under the title (when left out, the book says what it holds: how many
    /// puzzles, of which kinds, from which level to which).
    #[serde(default)]
    pub subtitle: Option<String>,
    /// Who made the book, on the title page.
    #[serde(default)]
    pub author: Option<String>,
    /// Trim size, as `--paper` takes it: `"A4"` (when left out), `"6x9in"`, `"210x297mm"`…
    #[serde(default)]
    pub paper: Paper,
    /// How far pages reach beyond the trim: `false` (when left out), `true` (0.125 in on
    /// every side) or `"kdp"` (top, bottom and outside edge).
    #[serde(default)]
    pub bleed: Bleed,
    /// Headings, captions, rules and page numbers half as large again (false when left out).
    #[serde(default)]
    pub large_print: bool,
    /// Puzzles per page: 1, 2, 4 or 6 (4 when left out).
    #[serde(default = "default_per_page")]
    pub per_page: usize,
    /// The most solutions on a page: 1, 2, 4, 6, 9 or 12 (when left out: as many as keep
    /// their digits at 7 pt).
    #[serde(default)]
    pub solutions_per_page: Option<usize>,
    /// What the buyer reads for each level, easiest first: five names for Easy, Medium,
    /// Hard, Unfair and Extreme (when left out: Easy, Medium, Hard, Expert, Extreme).
    #[serde(default)]
    pub level_names: Option<Vec<String>>,
    /// The copyright line of the colophon (`"© 2026 A. Author"`), none when left out.
    #[serde(default)]
    pub copyright: Option<String>,
    /// The ISBN printed in the colophon, none when left out.
    #[serde(default)]
    pub isbn: Option<String>,
    /// The text on the back of the cover (`book --cover`), none when left out.
    #[serde(default)]
    pub blurb: Option<String>,
    /// The parts, in any order: the book sorts all puzzles by difficulty (unless
    /// `sections_by_variant`).
    pub sections: Vec<Section>,
    /// A section per variant, in the order of `sections`, each opening with the
    /// how-to-play page of its rule and holding its puzzles easiest first (false when left
    /// out: every puzzle sorted by difficulty, the rules pages at the front).
    #[serde(default)]
    pub sections_by_variant: bool,
}

/// The names the levels go by in a book when its preset names none: HoDoKu's "Unfair" is
/// a rater's word, not a buyer's.
pub const DEFAULT_LEVEL_NAMES: [&str; 5] = ["Easy", "Medium", "Hard", "Expert", "Extreme"];

/// The buyer-facing name of each level, in [`Level::ALL`] order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelNames(pub [String; 5]);

impl Default for LevelNames {
    fn default() -> LevelNames {
        LevelNames(DEFAULT_LEVEL_NAMES.map(str::to_string))
    }
}

impl LevelNames {
    /// The name `level` goes by.
    pub fn of(&self, level: Level) -> &str {
        let position = Level::ALL
            .iter()
            .position(|&candidate| candidate == level)
            .unwrap_or(0);
        &self.0[position]
    }
}

fn default_per_page() -> usize {
    4
}

/// Why a book preset cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookPresetError {
    /// Not a RON book preset (the RON reader's message, with line and column).
    #[error("{0}")]
    Syntax(String),
    /// A value out of range.
    #[error("{0}")]
    Invalid(String),
    /// No shipped book preset has this name.
    #[error("no book preset named {0:?} (shipped: book-classic, book-killer, book-x, book-mixed, book-jigsaw, book-variety, book-large-print)")]
    Unknown(String),
}

impl BookPreset {
    /// Reads and checks a preset.
    pub fn from_ron(text: &str) -> Result<BookPreset, BookPresetError> {
        let preset: BookPreset = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
            .map_err(|error| BookPresetError::Syntax(error.to_string()))?;
        if ![1, 2, 4, 6].contains(&preset.per_page) {
            return Err(BookPresetError::Invalid(format!(
                "per_page: {} is not offered (1, 2, 4 or 6)",
                preset.per_page
            )));
        }
        if let Some(most) = preset.solutions_per_page {
            if !SOLUTION_GRIDS
                .iter()
                .any(|(columns, rows)| columns * rows == most)
            {
                return Err(BookPresetError::Invalid(format!(
                    "solutions_per_page: {most} is not offered (1, 2, 4, 6, 9 or 12)"
                )));
            }
        }
        if let Some(names) = &preset.level_names {
            if names.len() != 5 || names.iter().any(|name| name.trim().is_empty()) {
                return Err(BookPresetError::Invalid(format!(
                    "level_names: give five names (for Easy, Medium, Hard, Unfair, Extreme), not {}",
                    names.len()
                )));
            }
        }
        if preset.sections.is_empty() || preset.total() == 0 {
            return Err(BookPresetError::Invalid(
                "sections: the book has no puzzles".into(),
            ));
        }
        Ok(preset)
    }

    /// A shipped book preset by name (`book-killer`).
    pub fn builtin(name: &str) -> Result<BookPreset, BookPresetError> {
        let (_, text) = BUILTIN
            .iter()
            .find(|(builtin, _)| *builtin == name)
            .ok_or_else(|| BookPresetError::Unknown(name.to_string()))?;
        BookPreset::from_ron(text)
    }

    /// How many puzzles the book holds.
    pub fn total(&self) -> usize {
        self.sections.iter().map(|section| section.count).sum()
    }

    /// The names the book gives its levels: the preset's, or [`DEFAULT_LEVEL_NAMES`].
    pub fn level_names(&self) -> LevelNames {
        match &self.level_names {
            Some(names) if names.len() == 5 => {
                LevelNames(std::array::from_fn(|position| names[position].clone()))
            }
            _ => LevelNames::default(),
        }
    }

    /// One line for `sudokit presets`: the title, puzzle count, paper and sections.
    pub fn summary(&self, name: &str) -> String {
        let sections: Vec<String> = self
            .sections
            .iter()
            .map(|section| format!("{} {}", section.count, section.preset))
            .collect();
        format!(
            "{name:<16} book: \"{}\", {} puzzles, {} to a {} page{}: {}",
            self.title,
            self.total(),
            self.per_page,
            self.paper,
            if self.large_print {
                ", large print"
            } else {
                ""
            },
            sections.join(", ")
        )
    }
}

/// The RON text of a shipped book preset, comments included, as `presets --show` prints it.
pub fn builtin_text(name: &str) -> Option<&'static str> {
    BUILTIN
        .iter()
        .find(|(builtin, _)| *builtin == name)
        .map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_book_presets_read() {
        for name in builtin_names() {
            let preset =
                BookPreset::builtin(name).unwrap_or_else(|error| panic!("{name}: {error}"));
            assert!(preset.total() > 0);
        }
        let shipped = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/presets"))
            .unwrap()
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| name.starts_with("book-"))
            .count();
        assert_eq!(
            shipped,
            builtin_names().count(),
            "every book preset is built in"
        );
        assert!(BookPreset::builtin("book-nope")
            .unwrap_err()
            .to_string()
            .starts_with("no book preset named \"book-nope\""));
    }

    #[test]
    fn the_documented_example_reads() {
        let guide = include_str!("../../docs/printing.md");
        let start = guide
            .find("BookPreset(")
            .expect("a book preset in docs/printing.md");
        let end = start + guide[start..].find("```").expect("the block's end");
        let preset = BookPreset::from_ron(&guide[start..end]).unwrap();
        assert_eq!(preset.per_page, 4);
    }

    #[test]
    fn bad_presets_say_why() {
        let error = BookPreset::from_ron(
            "BookPreset(title: \"x\", per_page: 3, sections: [(preset: \"a\", count: 1)])",
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "per_page: 3 is not offered (1, 2, 4 or 6)"
        );
        let error =
            BookPreset::from_ron("BookPreset(title: \"x\", sections: [(preset: \"a\", cuont: 1)])")
                .unwrap_err();
        assert!(error.to_string().contains("cuont"), "{error}");
    }
}
