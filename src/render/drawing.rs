//! What a page holds, independent of the file format: lines, filled rectangles and text,
//! in points (1/72 inch) with the origin at the top-left corner and y growing downwards.

/// One of the two typefaces every PDF reader has built in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Typeface {
    /// Helvetica.
    Regular,
    /// Helvetica-Bold.
    Bold,
}

/// Where a text's anchor point lies along the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts at the point.
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

/// A point on the page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Distance from the left edge.
    pub x: f64,
    /// Distance from the top edge.
    pub y: f64,
}

/// A grey level: 0 is black, 1 is white.
pub type Grey = f64;

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A straight line, dashed when `dash` gives (on, off) lengths.
    Line {
        /// Where it starts.
        from: Point,
        /// Where it ends.
        to: Point,
        /// Stroke width.
        width: f64,
        /// Grey level of the stroke.
        grey: Grey,
        /// Dash and gap lengths, or `None` for a solid line.
        dash: Option<(f64, f64)>,
    },
    /// A filled rectangle without outline.
    Fill {
        /// Its top-left corner.
        corner: Point,
        /// Width.
        width: f64,
        /// Height.
        height: f64,
        /// Grey level of the fill.
        grey: Grey,
    },
    /// A line of text, its baseline through `at`.
    Text {
        /// The anchor point on the baseline.
        at: Point,
        /// What it says.
        text: String,
        /// Font size in points.
        size: f64,
        /// Regular or bold.
        typeface: Typeface,
        /// Where the anchor lies along the text.
        anchor: Anchor,
        /// Grey level of the glyphs.
        grey: Grey,
    },
}

/// A page (or a picture): its size and what is drawn on it, in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// Width in points.
    pub width: f64,
    /// Height in points.
    pub height: f64,
    /// What is drawn, back to front.
    pub items: Vec<Item>,
}

impl Drawing {
    /// An empty drawing of this size.
    pub fn new(width: f64, height: f64) -> Drawing {
        Drawing {
            width,
            height,
            items: Vec::new(),
        }
    }

    /// Adds a solid black line.
    pub fn line(&mut self, from: Point, to: Point, width: f64) {
        self.items.push(Item::Line {
            from,
            to,
            width,
            grey: 0.0,
            dash: None,
        });
    }

    /// Adds black text.
    pub fn text(
        &mut self,
        at: Point,
        text: impl Into<String>,
        size: f64,
        typeface: Typeface,
        anchor: Anchor,
    ) {
        self.items.push(Item::Text {
            at,
            text: text.into(),
            size,
            typeface,
            anchor,
            grey: 0.0,
        });
    }
}

/// Shorthand for a point.
pub fn point(x: f64, y: f64) -> Point {
    Point { x, y }
}

/// Widths of the printable ASCII characters (space to `~`) in thousandths of the font size,
/// from Adobe's font metrics for Helvetica and Helvetica-Bold.
const REGULAR_WIDTHS: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const BOLD_WIDTHS: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/// The width of `text` set in `typeface` at `size` points (characters outside ASCII count
/// as a digit's width).
pub fn text_width(text: &str, typeface: Typeface, size: f64) -> f64 {
    let widths = match typeface {
        Typeface::Regular => &REGULAR_WIDTHS,
        Typeface::Bold => &BOLD_WIDTHS,
    };
    let thousandths: u32 = text
        .chars()
        .map(|character| {
            let code = u32::from(character);
            match code {
                32..=126 => u32::from(widths[(code - 32) as usize]),
                0xB7 => 278,
                _ => 556,
            }
        })
        .sum();
    f64::from(thousandths) * size / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_share_one_width_and_bold_letters_are_wider() {
        for digit in '0'..='9' {
            let text = digit.to_string();
            assert_eq!(text_width(&text, Typeface::Regular, 10.0), 5.56);
            assert_eq!(text_width(&text, Typeface::Bold, 10.0), 5.56);
        }
        assert!(
            text_width("Killer", Typeface::Bold, 12.0)
                > text_width("Killer", Typeface::Regular, 12.0)
        );
        assert_eq!(text_width("", Typeface::Regular, 12.0), 0.0);
    }
}
