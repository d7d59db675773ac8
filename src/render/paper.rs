//! Trim sizes and margins of printed books: lengths in points, inches or millimetres, named
//! and custom paper sizes (`A5`, `6x9in`, `210x297mm`), the bleed (on four sides, or KDP's
//! three), the paper stock, and the mirrored margins whose inside edge (the gutter) grows
//! with the page count as print-on-demand services ask.
//!
//! ```
//! use sudokit::render::paper::{Length, Margins, Paper};
//!
//! let paper: Paper = "6x9in".parse()?;
//! assert_eq!(paper.width, Length::inches(6.0));
//! let margins = Margins::for_pages(320);
//! assert_eq!(margins.inside, Length::inches(0.625));
//! # Ok::<(), sudokit::render::paper::PaperError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A length on the page, held in points (1/72 inch).
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Length(f64);

const POINTS_PER_INCH: f64 = 72.0;
const MILLIMETRES_PER_INCH: f64 = 25.4;

impl Length {
    /// A length in points.
    pub const fn points(points: f64) -> Length {
        Length(points)
    }

    /// A length in inches.
    pub const fn inches(inches: f64) -> Length {
        Length(inches * POINTS_PER_INCH)
    }

    /// A length in millimetres.
    pub const fn millimetres(millimetres: f64) -> Length {
        Length(millimetres * POINTS_PER_INCH / MILLIMETRES_PER_INCH)
    }

    /// The length in points.
    pub const fn in_points(self) -> f64 {
        self.0
    }

    /// The length in inches.
    pub fn in_inches(self) -> f64 {
        self.0 / POINTS_PER_INCH
    }
}

impl std::ops::Add for Length {
    type Output = Length;
    fn add(self, other: Length) -> Length {
        Length(self.0 + other.0)
    }
}

impl std::ops::Sub for Length {
    type Output = Length;
    fn sub(self, other: Length) -> Length {
        Length(self.0 - other.0)
    }
}

/// The bleed print shops ask for: 0.125 in beyond each trimmed edge.
pub const BLEED: Length = Length::inches(0.125);

/// The fewest pages KDP prints in a paperback.
pub const KDP_LEAST_PAGES: usize = 24;

/// How far a book's pages reach beyond the trim, for print shops that print to the edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bleed {
    /// None: every page is the trim size.
    #[default]
    None,
    /// [`BLEED`] on all four sides (most print shops).
    Full,
    /// [`BLEED`] on the top, bottom and outside edge only, as KDP asks of an interior with
    /// bleed: a 6×9 in book's pages are 6.125×9.25 in.
    Kdp,
}

/// The paper added beyond each edge of one page: left, right, top, bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extra {
    /// Beyond the left edge.
    pub left: Length,
    /// Beyond the right edge.
    pub right: Length,
    /// Above the top edge.
    pub top: Length,
    /// Below the bottom edge.
    pub bottom: Length,
}

impl Bleed {
    /// The paper added around page `number` (counted from 1; odd pages are right-hand
    /// pages, whose outside edge is on the right).
    pub fn extra(self, number: usize) -> Extra {
        let zero = Length::points(0.0);
        match self {
            Bleed::None => Extra {
                left: zero,
                right: zero,
                top: zero,
                bottom: zero,
            },
            Bleed::Full => Extra {
                left: BLEED,
                right: BLEED,
                top: BLEED,
                bottom: BLEED,
            },
            Bleed::Kdp => {
                let (left, right) = if number % 2 == 1 {
                    (zero, BLEED)
                } else {
                    (BLEED, zero)
                };
                Extra {
                    left,
                    right,
                    top: BLEED,
                    bottom: BLEED,
                }
            }
        }
    }

    /// The word `--bleed` takes for it.
    pub fn word(self) -> &'static str {
        match self {
            Bleed::None => "none",
            Bleed::Full => "full",
            Bleed::Kdp => "kdp",
        }
    }
}

impl FromStr for Bleed {
    type Err = String;

    fn from_str(text: &str) -> Result<Bleed, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" | "false" => Ok(Bleed::None),
            "full" | "true" => Ok(Bleed::Full),
            "kdp" => Ok(Bleed::Kdp),
            _ => Err(format!(
                "{text:?}: a bleed is full (0.125 in on every side), kdp (top, bottom and outside edge) or none"
            )),
        }
    }
}

impl Serialize for Bleed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

impl<'de> Deserialize<'de> for Bleed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bleed, D::Error> {
        // `bleed: true` as before, or `bleed: "kdp"`
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Switch(bool),
            Word(String),
        }
        match Written::deserialize(deserializer)? {
            Written::Switch(true) => Ok(Bleed::Full),
            Written::Switch(false) => Ok(Bleed::None),
            Written::Word(word) => word.parse().map_err(serde::de::Error::custom),
        }
    }
}

/// The paper a paperback is printed on, which sets its spine's width.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PaperStock {
    /// White paper: 0.002252 in a page at KDP.
    #[default]
    White,
    /// Cream paper: 0.0025 in a page at KDP.
    Cream,
}

impl PaperStock {
    /// How thick one page (one side of a leaf) is, by KDP's table.
    pub fn page_thickness(self) -> Length {
        match self {
            PaperStock::White => Length::inches(0.002252),
            PaperStock::Cream => Length::inches(0.0025),
        }
    }
}

impl FromStr for PaperStock {
    type Err = String;

    fn from_str(text: &str) -> Result<PaperStock, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "white" => Ok(PaperStock::White),
            "cream" => Ok(PaperStock::Cream),
            _ => Err(format!("{text:?}: the paper stock is white or cream")),
        }
    }
}

/// The least outside margin print-on-demand services accept.
pub const LEAST_OUTSIDE: Length = Length::inches(0.25);

/// A trim size: the finished page.
#[derive(Clone, Debug, PartialEq)]
pub struct Paper {
    /// The name it was given by (`A4`, `6x9in`, `210x297mm`).
    pub name: String,
    /// Width of the trimmed page.
    pub width: Length,
    /// Height of the trimmed page.
    pub height: Length,
}

/// Why a paper size cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PaperError {
    /// Neither a known name nor `WxH` with a unit.
    #[error("{0:?}: not a paper size (A4, A5, Letter, 6x9in, 8.25x11in, 8.5x11in, or WxH in mm or in such as 210x297mm or 7x10in)")]
    Unknown(String),
    /// A size too small or too large to print a book on.
    #[error("{0:?}: a page must be 2 to 40 inches (51 to 1016 mm) on each side")]
    OutOfRange(String),
}

/// The named sizes, with their width and height.
const NAMED: [(&str, Length, Length); 6] = [
    ("A4", Length::millimetres(210.0), Length::millimetres(297.0)),
    ("A5", Length::millimetres(148.0), Length::millimetres(210.0)),
    ("Letter", Length::inches(8.5), Length::inches(11.0)),
    ("6x9in", Length::inches(6.0), Length::inches(9.0)),
    ("8.25x11in", Length::inches(8.25), Length::inches(11.0)),
    ("8.5x11in", Length::inches(8.5), Length::inches(11.0)),
];

impl Paper {
    /// The named sizes, as `--paper` takes them.
    pub fn named() -> impl Iterator<Item = Paper> {
        NAMED.iter().map(|&(name, width, height)| Paper {
            name: name.to_string(),
            width,
            height,
        })
    }

    /// A4, the default.
    pub fn a4() -> Paper {
        Paper {
            name: NAMED[0].0.to_string(),
            width: NAMED[0].1,
            height: NAMED[0].2,
        }
    }

    /// Width and height in points.
    pub fn size(&self) -> (f64, f64) {
        (self.width.in_points(), self.height.in_points())
    }
}

impl Default for Paper {
    fn default() -> Paper {
        Paper::a4()
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.name)
    }
}

impl FromStr for Paper {
    type Err = PaperError;

    fn from_str(text: &str) -> Result<Paper, PaperError> {
        let trimmed = text.trim();
        let unknown = || PaperError::Unknown(text.to_string());
        let compact: String = trimmed
            .chars()
            .filter(|character| !character.is_whitespace())
            .map(|character| if character == '×' { 'x' } else { character })
            .collect::<String>()
            .to_ascii_lowercase();
        if let Some(&(name, width, height)) = NAMED
            .iter()
            .find(|(name, _, _)| name.to_ascii_lowercase() == compact)
        {
            return Ok(Paper {
                name: name.to_string(),
                width,
                height,
            });
        }
        let (numbers, unit): (&str, fn(f64) -> Length) =
            if let Some(numbers) = compact.strip_suffix("mm") {
                (numbers, Length::millimetres)
            } else if let Some(numbers) = compact.strip_suffix("in") {
                (numbers, Length::inches)
            } else {
                return Err(unknown());
            };
        let (width, height) = numbers.split_once('x').ok_or_else(unknown)?;
        let number = |text: &str| {
            text.parse::<f64>()
                .ok()
                .filter(|value| value.is_finite())
                .ok_or_else(unknown)
        };
        let (width, height) = (unit(number(width)?), unit(number(height)?));
        let fits = |length: Length| (2.0..=40.0).contains(&length.in_inches());
        if !fits(width) || !fits(height) {
            return Err(PaperError::OutOfRange(text.to_string()));
        }
        Ok(Paper {
            name: compact,
            width,
            height,
        })
    }
}

impl Serialize for Paper {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name)
    }
}

impl<'de> Deserialize<'de> for Paper {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Paper, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The four margins of a page, the inside one by the binding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margins {
    /// Above the text.
    pub top: Length,
    /// Below the page number.
    pub bottom: Length,
    /// On the bound edge (the gutter): on the left of right-hand (odd) pages.
    pub inside: Length,
    /// On the edge away from the binding.
    pub outside: Length,
}

impl Margins {
    /// The margins of a book of `pages` pages: the inside margin from KDP's table of
    /// gutters (24–150 pages 0.375 in, 151–300 0.5 in, 301–500 0.625 in, 501–700 0.75 in,
    /// more 0.875 in; fewer than 24 pages as 24), 0.375 in outside (KDP asks at least
    /// 0.25 in), 0.5 in above and below.
    pub fn for_pages(pages: usize) -> Margins {
        let gutter = match pages {
            0..=150 => 0.375,
            151..=300 => 0.5,
            301..=500 => 0.625,
            501..=700 => 0.75,
            _ => 0.875,
        };
        Margins {
            top: Length::inches(0.5),
            bottom: Length::inches(0.5),
            inside: Length::inches(gutter),
            outside: Length::inches(0.375),
        }
    }

    /// The left and right margins of page `number` (counted from 1; odd pages are
    /// right-hand pages, bound on their left edge).
    pub fn left_and_right(&self, number: usize) -> (Length, Length) {
        if number % 2 == 1 {
            (self.inside, self.outside)
        } else {
            (self.outside, self.inside)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_and_custom_sizes_read() {
        let a4: Paper = "a4".parse().unwrap();
        assert_eq!(a4.name, "A4");
        assert!((a4.width.in_points() - 595.276).abs() < 0.001);
        let letter: Paper = "Letter".parse().unwrap();
        assert_eq!(letter.size(), (612.0, 792.0));
        let six: Paper = "6 x 9 in".parse().unwrap();
        assert_eq!(six.size(), (432.0, 648.0));
        let custom: Paper = "7x10in".parse().unwrap();
        assert_eq!(
            (custom.name.as_str(), custom.size()),
            ("7x10in", (504.0, 720.0))
        );
        let metric: Paper = "210×297mm".parse().unwrap();
        assert_eq!(metric.size(), a4.size());
        for bad in ["B5", "7x10", "x10in", "7x10cm", "1x10in", "7xNaNin", ""] {
            assert!(bad.parse::<Paper>().is_err(), "{bad}");
        }
        assert_eq!(
            "1x10in".parse::<Paper>().unwrap_err().to_string(),
            "\"1x10in\": a page must be 2 to 40 inches (51 to 1016 mm) on each side"
        );
    }

    #[test]
    fn a_kdp_bleed_reaches_past_the_outside_edge_only() {
        let six: Paper = "6x9in".parse().unwrap();
        for number in [1, 2] {
            let extra = Bleed::Kdp.extra(number);
            let width = six.width + extra.left + extra.right;
            let height = six.height + extra.top + extra.bottom;
            assert_eq!((width.in_inches(), height.in_inches()), (6.125, 9.25));
        }
        assert_eq!(Bleed::Kdp.extra(1).right, BLEED);
        assert_eq!(Bleed::Kdp.extra(2).left, BLEED);
        assert_eq!(
            Bleed::Full.extra(2).left + Bleed::Full.extra(2).right,
            BLEED + BLEED
        );
        assert_eq!("KDP".parse::<Bleed>(), Ok(Bleed::Kdp));
        assert_eq!("true".parse::<Bleed>(), Ok(Bleed::Full));
        assert!("half".parse::<Bleed>().is_err());
    }

    #[test]
    fn the_gutter_follows_kdp_table_and_mirrors() {
        let inside = |pages| Margins::for_pages(pages).inside.in_inches();
        for (pages, expected) in [
            (10, 0.375),
            (24, 0.375),
            (150, 0.375),
            (151, 0.5),
            (300, 0.5),
            (301, 0.625),
            (500, 0.625),
            (501, 0.75),
            (700, 0.75),
            (701, 0.875),
            (828, 0.875),
        ] {
            assert_eq!(inside(pages), expected, "{pages} pages");
        }
        let margins = Margins::for_pages(400);
        assert!(margins.outside >= LEAST_OUTSIDE);
        assert_eq!(margins.left_and_right(1), (margins.inside, margins.outside));
        assert_eq!(margins.left_and_right(2), (margins.outside, margins.inside));
    }
}
