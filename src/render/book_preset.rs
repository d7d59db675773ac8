//! Book presets (`presets/book-*.ron`): a title, paper, puzzles per page, and sections, each
//! a generator preset and how many puzzles to make with it.
//!
//! ```
//! use sudokit::render::book_preset::BookPreset;
//!
//! let preset = BookPreset::from_ron(r#"BookPreset(
//!     title: "Classic Sudoku",
//!     paper: A4,
//!     per_page: 4,
//!     sections: [(preset: "classic-easy", count: 8), (preset: "classic-hard", count: 4)],
//! )"#)?;
//! assert_eq!(preset.total(), 12);
//! # Ok::<(), sudokit::render::book_preset::BookPresetError>(())
//! ```

use serde::{Deserialize, Serialize};

use super::book::Paper;

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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookPreset {
    /// The title on the title page.
    pub title: String,
    /// Paper size (A4 when left out).
    #[serde(default)]
    pub paper: Paper,
    /// Puzzles per page: 1, 2, 4 or 6 (4 when left out).
    #[serde(default = "default_per_page")]
    pub per_page: usize,
    /// The parts, in any order: the book sorts all puzzles by difficulty.
    pub sections: Vec<Section>,
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
        if preset.sections.is_empty() || preset.total() == 0 {
            return Err(BookPresetError::Invalid(
                "sections: the book has no puzzles".into(),
            ));
        }
        Ok(preset)
    }

    /// How many puzzles the book holds.
    pub fn total(&self) -> usize {
        self.sections.iter().map(|section| section.count).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_book_presets_read() {
        for name in ["book-classic", "book-killer"] {
            let path = format!("{}/presets/{name}.ron", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            let preset =
                BookPreset::from_ron(&text).unwrap_or_else(|error| panic!("{path}: {error}"));
            assert!(preset.total() > 0);
        }
    }

    #[test]
    fn the_readme_example_reads() {
        let readme = include_str!("../../README.md");
        let start = readme
            .find("BookPreset(")
            .expect("a book preset in the README");
        let end = start + readme[start..].find("```").expect("the block's end");
        let preset = BookPreset::from_ron(&readme[start..end]).unwrap();
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
