//! The typefaces shipped inside the binary (DejaVu Sans and DejaVu Sans Bold, see
//! `assets/fonts/`): their bytes, which glyph draws a character, and how wide text sets.

use std::sync::LazyLock;

use skrifa::charmap::Charmap;
use skrifa::instance::{LocationRef, Size};
use skrifa::metrics::GlyphMetrics;
use skrifa::{FontRef, MetadataProvider};

use super::drawing::Typeface;

const REGULAR_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// One parsed font file: its character map and advance widths.
pub struct Face {
    bytes: &'static [u8],
    charmap: Charmap<'static>,
    metrics: GlyphMetrics<'static>,
    units_per_em: f64,
    cap_height: f64,
}

/// A glyph of a face: its number in the font and its advance in units of the font size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glyph {
    /// The glyph's number in the font file.
    pub id: u32,
    /// How far the pen moves after it, as a fraction of the font size.
    pub advance: f64,
}

impl Face {
    fn parse(bytes: &'static [u8]) -> Face {
        // the files are part of the binary and parsed by a test, so failing here is a build bug
        let font = FontRef::new(bytes).expect("the shipped font files parse");
        let metrics = font.metrics(Size::unscaled(), LocationRef::default());
        let units_per_em = f64::from(metrics.units_per_em);
        // DejaVu's capitals and digits stand 1493 of 2048 units tall
        let cap_height = f64::from(metrics.cap_height.unwrap_or(1493.0)) / units_per_em;
        Face {
            bytes,
            charmap: font.charmap(),
            metrics: font.glyph_metrics(Size::unscaled(), LocationRef::default()),
            units_per_em,
            cap_height,
        }
    }

    /// The font file.
    pub fn bytes(&self) -> &'static [u8] {
        self.bytes
    }

    /// How tall capitals and digits stand above the baseline, as a fraction of the font size.
    pub fn cap_height(&self) -> f64 {
        self.cap_height
    }

    /// The glyph that draws `character`, or `None` when the font has none.
    pub fn glyph(&self, character: char) -> Option<Glyph> {
        let id = self.charmap.map(character)?;
        Some(Glyph {
            id: id.to_u32(),
            advance: self.advance(id),
        })
    }

    /// Where `character`'s glyph puts ink, relative to the pen on the baseline: left,
    /// bottom, right and top as fractions of the font size, y upwards; `None` for a glyph
    /// without ink (a space) or a character the font lacks.
    pub fn ink(&self, character: char) -> Option<[f64; 4]> {
        let id = self.charmap.map(character)?;
        let bounds = self.metrics.bounds(id)?;
        let scale = |value: f32| f64::from(value) / self.units_per_em;
        (bounds.x_max > bounds.x_min && bounds.y_max > bounds.y_min).then(|| {
            [
                scale(bounds.x_min),
                scale(bounds.y_min),
                scale(bounds.x_max),
                scale(bounds.y_max),
            ]
        })
    }

    fn advance(&self, id: skrifa::GlyphId) -> f64 {
        f64::from(self.metrics.advance_width(id).unwrap_or(0.0)) / self.units_per_em
    }

    /// The width of `text` at `size` points; a character without a glyph counts as the
    /// font's missing-glyph box (such text never reaches a PDF: the writer refuses it).
    pub fn width(&self, text: &str, size: f64) -> f64 {
        let missing = self.advance(skrifa::GlyphId::NOTDEF);
        let ems: f64 = text
            .chars()
            .map(|character| self.glyph(character).map_or(missing, |glyph| glyph.advance))
            .sum();
        ems * size
    }
}

static REGULAR: LazyLock<Face> = LazyLock::new(|| Face::parse(REGULAR_BYTES));
static BOLD: LazyLock<Face> = LazyLock::new(|| Face::parse(BOLD_BYTES));

/// The face that sets `typeface`.
pub fn face(typeface: Typeface) -> &'static Face {
    match typeface {
        Typeface::Regular => &REGULAR,
        Typeface::Bold => &BOLD,
    }
}

/// The first character of `text` that `typeface` has no glyph for.
pub fn first_missing(text: &str, typeface: Typeface) -> Option<char> {
    let face = face(typeface);
    text.chars()
        .find(|&character| face.glyph(character).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_faces_parse_and_map_digits_latin_cyrillic_and_greek() {
        for typeface in [Typeface::Regular, Typeface::Bold] {
            for character in "0123456789 Sudoku Судоку Σουντόκου ·—".chars() {
                assert!(face(typeface).glyph(character).is_some(), "{character}");
            }
            assert_eq!(first_missing("数独", typeface), Some('数'));
        }
    }

    #[test]
    fn digits_share_one_width_and_bold_is_wider() {
        let digit = face(Typeface::Regular).width("0", 10.0);
        assert!((digit - 6.362).abs() < 0.001, "{digit}");
        for character in '0'..='9' {
            let text = character.to_string();
            assert_eq!(face(Typeface::Regular).width(&text, 10.0), digit);
        }
        assert!(
            face(Typeface::Bold).width("Killer", 12.0)
                > face(Typeface::Regular).width("Killer", 12.0)
        );
    }
}
