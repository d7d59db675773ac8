//! A paperback's cover: one full-wrap sheet (back, spine, front) at the trim plus a bleed
//! on every outer edge, sized by KDP's formula (width = bleed + back + spine + front +
//! bleed, height = bleed + trim height + bleed, the spine the page count times the paper's
//! thickness a page), with the title and author on the front and (from 79 pages, where
//! the spine holds them at 7 pt) the spine, a puzzle drawn on the front, the blurb on the back and the barcode's corner left
//! clear.

use crate::model::Puzzle;

use super::board::{self, Detail, Frame};
use super::drawing::{fitting_size, point, wrap, Anchor, Drawing, Item, Typeface};
use super::paper::{Length, Paper, PaperStock, BLEED};
use super::pdf::{self, DocumentInfo, PdfError};

/// The fewest pages KDP lets a spine carry text.
pub const SPINE_TEXT_LEAST_PAGES: usize = 79;

/// How far text keeps from the trim and from the spine's folds: KDP asks 0.125 in inside
/// each fold and 0.0625 in each side of spine text; 0.375 in keeps clear of both.
const SAFE: Length = Length::inches(0.375);

/// The barcode KDP prints on the back: 2 × 1.2 in, 0.25 in from the trim's bottom and the
/// spine's far edge (the back's outer edge).
const BARCODE_WIDTH: Length = Length::inches(2.0);
const BARCODE_HEIGHT: Length = Length::inches(1.2);
const BARCODE_MARGIN: Length = Length::inches(0.25);

/// The parts of a cover sheet, in points from its top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoverSize {
    /// The whole sheet's width: bleed + back + spine + front + bleed.
    pub width: f64,
    /// The whole sheet's height: bleed + trim height + bleed.
    pub height: f64,
    /// The spine's width.
    pub spine: f64,
    /// The trim's width (of the back and of the front).
    pub trim_width: f64,
    /// The bleed on every outer edge.
    pub bleed: f64,
}

impl CoverSize {
    /// The sheet for a book of `pages` pages on `paper` trim printed on `stock`.
    pub fn of(paper: &Paper, pages: usize, stock: PaperStock) -> CoverSize {
        let spine = stock.page_thickness().in_points() * pages as f64;
        let (trim_width, trim_height) = paper.size();
        let bleed = BLEED.in_points();
        CoverSize {
            width: bleed + trim_width + spine + trim_width + bleed,
            height: bleed + trim_height + bleed,
            spine,
            trim_width,
            bleed,
        }
    }

    /// Where the spine starts, from the sheet's left edge.
    pub fn spine_left(&self) -> f64 {
        self.bleed + self.trim_width
    }

    /// Where the front starts.
    pub fn front_left(&self) -> f64 {
        self.spine_left() + self.spine
    }

    /// The area KDP prints the barcode on: the back's bottom right corner.
    pub fn barcode(&self) -> (f64, f64, f64, f64) {
        let right = self.spine_left() - BARCODE_MARGIN.in_points();
        let bottom = self.height - self.bleed - BARCODE_MARGIN.in_points();
        (
            right - BARCODE_WIDTH.in_points(),
            bottom - BARCODE_HEIGHT.in_points(),
            BARCODE_WIDTH.in_points(),
            BARCODE_HEIGHT.in_points(),
        )
    }
}

/// What a cover says and shows.
#[derive(Clone, Debug, PartialEq)]
pub struct CoverText {
    /// The title, on the front and the spine.
    pub title: String,
    /// A line under the title on the front.
    pub subtitle: Option<String>,
    /// The author, on the front and the spine.
    pub author: Option<String>,
    /// The text on the back.
    pub blurb: Option<String>,
}

/// The cover sheet as a drawing: `puzzle` drawn on the front.
pub fn drawing(size: &CoverSize, pages: usize, text: &CoverText, puzzle: &Puzzle) -> Drawing {
    let mut sheet = Drawing::new(size.width, size.height);
    let safe = SAFE.in_points();
    let top = size.bleed + safe;
    let front_left = size.front_left() + safe;
    let front_width = size.trim_width - 2.0 * safe;
    let front_middle = front_left + front_width / 2.0;
    // a band across the front, back and spine, into the bleed, so the sheet reads as one
    sheet.items.push(Item::Fill {
        corner: point(0.0, 0.0),
        width: size.width,
        height: size.bleed + size.height * 0.06,
        grey: 0.25,
    });
    sheet.items.push(Item::Fill {
        corner: point(0.0, size.height - size.bleed - size.height * 0.06),
        width: size.width,
        height: size.bleed + size.height * 0.06,
        grey: 0.25,
    });
    // the front: title, subtitle, a puzzle, the author
    let title_size = fitting_size(&text.title, Typeface::Bold, 34.0, front_width);
    let mut baseline = top + size.height * 0.06 + title_size;
    for line in wrap(&text.title, Typeface::Bold, title_size, front_width) {
        sheet.text(
            point(front_middle, baseline),
            line,
            title_size,
            Typeface::Bold,
            Anchor::Middle,
        );
        baseline += title_size * 1.2;
    }
    if let Some(subtitle) = &text.subtitle {
        let subtitle_size = 14.0;
        for line in wrap(subtitle, Typeface::Regular, subtitle_size, front_width) {
            sheet.text(
                point(front_middle, baseline),
                line,
                subtitle_size,
                Typeface::Regular,
                Anchor::Middle,
            );
            baseline += subtitle_size * 1.35;
        }
    }
    let author_band = if text.author.is_some() { 40.0 } else { 0.0 };
    let bottom = size.height - size.bleed - size.height * 0.06 - safe - author_band;
    let side = (bottom - baseline - 12.0).min(front_width * 0.8);
    if side > 72.0 {
        let corner = point(front_middle - side / 2.0, baseline + 6.0);
        board::draw(
            &mut sheet,
            puzzle,
            None,
            Frame { corner, side },
            Detail::Full,
        );
    }
    if let Some(author) = &text.author {
        let author_size = fitting_size(author, Typeface::Regular, 18.0, front_width);
        sheet.text(
            point(front_middle, bottom + author_band - 8.0),
            author.clone(),
            author_size,
            Typeface::Regular,
            Anchor::Middle,
        );
    }
    // the spine: title and author across it, from the page count KDP allows text
    if pages >= SPINE_TEXT_LEAST_PAGES {
        spine_text(&mut sheet, size, text);
    }
    // the back: the blurb, clear of the barcode's corner
    if let Some(blurb) = &text.blurb {
        let back_left = size.bleed + safe;
        let back_width = size.trim_width - 2.0 * safe;
        let (_, barcode_top, _, _) = size.barcode();
        let body = 12.0;
        let mut baseline = top + size.height * 0.06 + body * 2.0;
        for line in wrap(blurb, Typeface::Regular, body, back_width) {
            if baseline > barcode_top - body {
                break;
            }
            sheet.text(
                point(back_left, baseline),
                line,
                body,
                Typeface::Regular,
                Anchor::Start,
            );
            baseline += body * 1.4;
        }
    }
    sheet
}

/// Title and author along the spine, reading downwards, centred across it.
fn spine_text(sheet: &mut Drawing, size: &CoverSize, text: &CoverText) {
    // KDP asks 0.0625 in of room each side of spine text
    let room = size.spine - 2.0 * Length::inches(0.0625).in_points();
    if room <= 4.0 {
        return;
    }
    let words = match &text.author {
        Some(author) => format!("{} · {author}", text.title),
        None => text.title.clone(),
    };
    let middle = size.spine_left() + size.spine / 2.0;
    let length = size.height - 2.0 * (size.bleed + size.height * 0.06 + SAFE.in_points());
    // glyphs stand the cap height tall across the spine
    let cap = super::font::face(Typeface::Bold).cap_height();
    let font_size = fitting_size(&words, Typeface::Bold, (room / cap).min(16.0), length);
    // a spine too narrow for 7 pt text stays blank (about 87 pages on white paper)
    if font_size < board::LEAST_TEXT {
        return;
    }
    sheet.items.push(Item::turned(
        point(middle - font_size * cap / 2.0, size.height / 2.0),
        words,
        font_size,
        Typeface::Bold,
    ));
}

/// The cover as a one-page PDF.
pub fn pdf(
    paper: &Paper,
    pages: usize,
    stock: PaperStock,
    text: &CoverText,
    puzzle: &Puzzle,
) -> Result<Vec<u8>, PdfError> {
    let size = CoverSize::of(paper, pages, stock);
    let sheet = drawing(&size, pages, text, puzzle);
    pdf::to_pdf_with(
        &[sheet],
        &DocumentInfo {
            title: format!("{}: cover", text.title),
            author: text.author.clone(),
            ..DocumentInfo::default()
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheet_follows_kdp_formula() {
        let six: Paper = "6x9in".parse().unwrap();
        // KDP's calculator: 6×9 in, white paper, 100 pages: 12.475 × 9.25 in
        let size = CoverSize::of(&six, 100, PaperStock::White);
        let inches = |points: f64| points / 72.0;
        assert!((inches(size.width) - 12.4752).abs() < 1e-9);
        assert!((inches(size.height) - 9.25).abs() < 1e-9);
        let cream = CoverSize::of(&six, 100, PaperStock::Cream);
        assert!((inches(cream.spine) - 0.25).abs() < 1e-9);
        let (left, top, width, height) = size.barcode();
        assert!(left + width <= size.spine_left() - 0.25 * 72.0 + 1e-9);
        assert!(top + height <= size.height - size.bleed - 0.25 * 72.0 + 1e-9);
    }
}
