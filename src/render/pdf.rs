//! Pages of [`Drawing`]s as a PDF/A-2b file, written by the `krilla` crate (which validates
//! it) with the shipped DejaVu fonts embedded and subset. Greys are written as grey (one
//! channel, sGrey), so black prints as black ink only. Every page has a TrimBox, and a
//! BleedBox when the page is enlarged by a bleed. The bytes depend only on the drawings and
//! the document's information (no dates, a document id hashed from the content), so the
//! same input gives the same file.

use std::fmt;

use krilla::color::luma;
use krilla::configure::{Archival, ConfigurationBuilder};
use krilla::destination::XyzDestination;
use krilla::error::KrillaError;
use krilla::geom::{PathBuilder, Point as PdfPoint, Rect, Transform};
use krilla::metadata::{DateTime, Metadata};
use krilla::num::NormalizedF32;
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::paint::{Fill, LineCap, LineJoin, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};
use krilla::{Data, Document, SerializeSettings};

use super::drawing::{text_width, Anchor, Drawing, Grey, Item, Pen, Point, Typeface};
use super::font::{face, first_missing};
use super::paper::Bleed;

/// Where a piece of text sits, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The document's title.
    Title,
    /// A page, counted from 1.
    Page(usize),
}

impl fmt::Display for Place {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Title => write!(formatter, "in the title"),
            Place::Page(number) => write!(formatter, "on page {number}"),
        }
    }
}

/// Why a PDF cannot be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdfError {
    /// Text holds a character the shipped font cannot draw.
    #[error("the font has no glyph for '{character}' (U+{code:04X}) {place}", code = u32::from(*character))]
    MissingGlyph {
        /// The character.
        character: char,
        /// Where it was asked for.
        place: Place,
    },
    /// A page whose width or height is not a positive finite number of points.
    #[error("page {page}: its width and height must be positive numbers of points")]
    PageSize {
        /// The page, counted from 1.
        page: usize,
    },
    /// The PDF library refused the document.
    #[error("the PDF could not be written: {0}")]
    Library(String),
}

/// An entry of the PDF's outline (its bookmarks): a title and the page it opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bookmark {
    /// What the reader's sidebar shows.
    pub title: String,
    /// The page it opens, counted from 0.
    pub page: usize,
}

/// What a PDF file says about itself, and how far its pages reach beyond the trim.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DocumentInfo {
    /// The document's title.
    pub title: String,
    /// Its author, if any.
    pub author: Option<String>,
    /// The outline, in page order.
    pub bookmarks: Vec<Bookmark>,
    /// Paper added beyond the trimmed edges. The drawings are the trimmed pages; each file
    /// page is larger by what the bleed adds to it, the drawing placed inside.
    pub bleed: Bleed,
}

/// The PDF file holding `pages` in order, with `title` in its document information.
pub fn to_pdf(pages: &[Drawing], title: &str) -> Result<Vec<u8>, PdfError> {
    to_pdf_with(
        pages,
        &DocumentInfo {
            title: title.to_string(),
            ..DocumentInfo::default()
        },
    )
}

/// The PDF file holding `pages` in order, described by `info`.
pub fn to_pdf_with(pages: &[Drawing], info: &DocumentInfo) -> Result<Vec<u8>, PdfError> {
    check_glyphs(pages, &info.title)?;
    let regular = embedded_font(Typeface::Regular)?;
    let bold = embedded_font(Typeface::Bold)?;
    let configuration = ConfigurationBuilder::new()
        .with_archival_validator(Archival::A2_B)
        .finish()
        .map_err(|error| PdfError::Library(format!("{error:?}")))?;
    let mut document = Document::new_with(SerializeSettings {
        configuration,
        ..SerializeSettings::default()
    });
    // PDF/A asks for a date; a fixed one keeps the bytes the same on every run
    let date = DateTime::new(2026)
        .month(1)
        .day(1)
        .hour(0)
        .minute(0)
        .second(0)
        .utc_offset_hour(0)
        .utc_offset_minute(0);
    let mut metadata = Metadata::new()
        .title(info.title.clone())
        .creation_date(date)
        .producer("sudokit".to_string());
    if let Some(author) = &info.author {
        metadata = metadata.authors(vec![author.clone()]);
    }
    document.set_metadata(metadata);
    for (index, drawing) in pages.iter().enumerate() {
        let extra = info.bleed.extra(index + 1);
        let [left, right, top, bottom] = [extra.left, extra.right, extra.top, extra.bottom]
            .map(|length| length.in_points().max(0.0) as f32);
        let (width, height) = (drawing.width as f32, drawing.height as f32);
        let error = PdfError::PageSize { page: index + 1 };
        let (whole_width, whole_height) = (width + left + right, height + top + bottom);
        let trim = Rect::from_xywh(left, top, width, height).ok_or(error.clone())?;
        let mut settings = PageSettings::from_wh(whole_width, whole_height)
            .ok_or(error.clone())?
            .with_trim_box(Some(trim));
        if info.bleed != Bleed::None {
            let whole = Rect::from_xywh(0.0, 0.0, whole_width, whole_height).ok_or(error)?;
            settings = settings.with_bleed_box(Some(whole));
        }
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        surface.push_transform(&Transform::from_translate(left, top));
        for item in &drawing.items {
            draw(&mut surface, item, &regular, &bold);
        }
        surface.pop();
        surface.finish();
        page.finish();
    }
    if !info.bookmarks.is_empty() {
        let mut outline = Outline::new();
        for bookmark in &info.bookmarks {
            let destination = XyzDestination::new(bookmark.page, PdfPoint::from_xy(0.0, 0.0));
            outline.push_child(OutlineNode::new(bookmark.title.clone(), destination));
        }
        document.set_outline(outline);
    }
    document.finish().map_err(|error| match error {
        KrillaError::Validation(errors) => PdfError::Library(format!(
            "not valid PDF/A-2b: {}",
            errors
                .iter()
                .map(|(error, _)| format!("{error:?}"))
                .collect::<Vec<_>>()
                .join("; ")
        )),
        other => PdfError::Library(other.to_string()),
    })
}

/// Refuses text with a character the fonts lack, naming the first one.
fn check_glyphs(pages: &[Drawing], title: &str) -> Result<(), PdfError> {
    // the title is printed in bold on a title page or as a heading
    for typeface in [Typeface::Bold, Typeface::Regular] {
        if let Some(character) = first_missing(title, typeface) {
            return Err(PdfError::MissingGlyph {
                character,
                place: Place::Title,
            });
        }
    }
    for (index, page) in pages.iter().enumerate() {
        for item in &page.items {
            if let Item::Text { text, typeface, .. } | Item::Turned { text, typeface, .. } = item {
                if let Some(character) = first_missing(text, *typeface) {
                    return Err(PdfError::MissingGlyph {
                        character,
                        place: Place::Page(index + 1),
                    });
                }
            }
        }
    }
    Ok(())
}

fn embedded_font(typeface: Typeface) -> Result<Font, PdfError> {
    Font::new(Data::from(face(typeface).bytes()), 0)
        .ok_or_else(|| PdfError::Library(format!("the {typeface:?} font cannot be read")))
}

/// A grey level as an 8-bit grey colour (0 black, 255 white).
fn grey_colour(grey: Grey) -> luma::Color {
    luma::Color::new((grey.clamp(0.0, 1.0) * 255.0).round() as u8)
}

fn draw(surface: &mut Surface<'_>, item: &Item, regular: &Font, bold: &Font) {
    match item {
        Item::Turned {
            at,
            text,
            size,
            typeface,
        } => {
            // a quarter turn clockwise about `at`: x runs down the page, y to the left
            surface.push_transform(&Transform::from_row(
                0.0,
                1.0,
                -1.0,
                0.0,
                at.x as f32,
                at.y as f32,
            ));
            let upright = Item::Text {
                at: super::drawing::point(0.0, 0.0),
                text: text.clone(),
                size: *size,
                typeface: *typeface,
                anchor: Anchor::Middle,
                grey: 0.0,
            };
            draw(surface, &upright, regular, bold);
            surface.pop();
        }
        Item::Line {
            from,
            to,
            width,
            grey,
            dash,
        } => {
            let mut builder = PathBuilder::new();
            builder.move_to(from.x as f32, from.y as f32);
            builder.line_to(to.x as f32, to.y as f32);
            let Some(path) = builder.finish() else {
                return;
            };
            surface.set_fill(None);
            surface.set_stroke(Some(Stroke {
                paint: grey_colour(*grey).into(),
                width: *width as f32,
                line_cap: if dash.is_some() {
                    LineCap::Butt
                } else {
                    LineCap::Square
                },
                dash: dash.map(|(on, off)| StrokeDash {
                    array: vec![on as f32, off as f32],
                    offset: 0.0,
                }),
                ..Stroke::default()
            }));
            surface.draw_path(&path);
            surface.set_stroke(None);
        }
        Item::Fill {
            corner,
            width,
            height,
            grey,
        } => {
            let Some(rectangle) = Rect::from_xywh(
                corner.x as f32,
                corner.y as f32,
                *width as f32,
                *height as f32,
            ) else {
                return;
            };
            let mut builder = PathBuilder::new();
            builder.push_rect(rectangle);
            let Some(path) = builder.finish() else {
                return;
            };
            surface.set_stroke(None);
            surface.set_fill(Some(solid_fill(*grey)));
            surface.draw_path(&path);
        }
        Item::Path {
            points,
            closed,
            pen,
            fill,
        } => {
            let mut builder = PathBuilder::new();
            for (index, point) in points.iter().enumerate() {
                if index == 0 {
                    builder.move_to(point.x as f32, point.y as f32);
                } else {
                    builder.line_to(point.x as f32, point.y as f32);
                }
            }
            if *closed {
                builder.close();
            }
            if let Some(path) = builder.finish() {
                paint_path(surface, &path, *pen, *fill);
            }
        }
        Item::Circle {
            center,
            radius,
            pen,
            fill,
        } => {
            if let Some(path) = circle_path(*center, *radius) {
                paint_path(surface, &path, *pen, *fill);
            }
        }
        Item::Text {
            at,
            text,
            size,
            typeface,
            anchor,
            grey,
        } => {
            let width = text_width(text, *typeface, *size);
            let x = match anchor {
                Anchor::Start => at.x,
                Anchor::Middle => at.x - width / 2.0,
                Anchor::End => at.x - width,
            };
            let face = face(*typeface);
            // every character has a glyph: `check_glyphs` ran first
            let glyphs: Vec<KrillaGlyph> = text
                .char_indices()
                .filter_map(|(start, character)| {
                    let glyph = face.glyph(character)?;
                    Some(KrillaGlyph::new(
                        GlyphId::new(glyph.id),
                        glyph.advance as f32,
                        0.0,
                        0.0,
                        0.0,
                        start..start + character.len_utf8(),
                        None,
                    ))
                })
                .collect();
            let font = match typeface {
                Typeface::Regular => regular,
                Typeface::Bold => bold,
            };
            surface.set_stroke(None);
            surface.set_fill(Some(solid_fill(*grey)));
            surface.draw_glyphs(
                PdfPoint::from_xy(x as f32, at.y as f32),
                &glyphs,
                font.clone(),
                text,
                *size as f32,
                false,
            );
        }
    }
}

/// A circle as four cubic Bézier quarters (the usual 0.5523 handle length, off by less
/// than 0.03 % of the radius).
fn circle_path(center: Point, radius: f64) -> Option<krilla::geom::Path> {
    let handle = (radius * 0.552_284_75) as f32;
    let (x, y, r) = (center.x as f32, center.y as f32, radius as f32);
    let mut builder = PathBuilder::new();
    builder.move_to(x + r, y);
    builder.cubic_to(x + r, y + handle, x + handle, y + r, x, y + r);
    builder.cubic_to(x - handle, y + r, x - r, y + handle, x - r, y);
    builder.cubic_to(x - r, y - handle, x - handle, y - r, x, y - r);
    builder.cubic_to(x + handle, y - r, x + r, y - handle, x + r, y);
    builder.close();
    builder.finish()
}

/// Fills then strokes `path` (round ends and joins), as the item asks.
fn paint_path(
    surface: &mut Surface<'_>,
    path: &krilla::geom::Path,
    pen: Option<Pen>,
    fill: Option<Grey>,
) {
    surface.set_fill(fill.map(solid_fill));
    surface.set_stroke(pen.map(|pen| Stroke {
        paint: grey_colour(pen.grey).into(),
        width: pen.width as f32,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        dash: pen.dash.map(|(on, off)| StrokeDash {
            array: vec![on as f32, off as f32],
            offset: 0.0,
        }),
        ..Stroke::default()
    }));
    surface.draw_path(path);
    surface.set_stroke(None);
}

fn solid_fill(grey: Grey) -> Fill {
    Fill {
        paint: grey_colour(grey).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::drawing::point;

    fn sample_page() -> Drawing {
        let mut page = Drawing::new(200.0, 100.0);
        page.line(point(0.0, 0.0), point(10.0, 10.0), 1.0);
        page.text(
            point(5.0, 50.0),
            "(x) · 5 Судоку",
            10.0,
            Typeface::Regular,
            Anchor::Middle,
        );
        page
    }

    #[test]
    fn same_pages_give_the_same_bytes() {
        let pages = [sample_page(), sample_page()];
        let first = to_pdf(&pages, "Book").unwrap();
        assert!(first.starts_with(b"%PDF-"));
        assert_eq!(first, to_pdf(&pages, "Book").unwrap());
        assert_ne!(first, to_pdf(&pages, "Other book").unwrap());
    }

    #[test]
    fn a_character_without_glyph_is_named() {
        let error = to_pdf(&[sample_page()], "数独").unwrap_err();
        assert_eq!(
            error.to_string(),
            "the font has no glyph for '数' (U+6570) in the title"
        );
        let mut page = sample_page();
        page.text(point(1.0, 1.0), "ok 漢", 9.0, Typeface::Bold, Anchor::End);
        let error = to_pdf(&[sample_page(), page], "Book").unwrap_err();
        assert_eq!(
            error,
            PdfError::MissingGlyph {
                character: '漢',
                place: Place::Page(2)
            }
        );
    }
}
