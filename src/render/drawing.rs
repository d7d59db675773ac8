//! What a page holds, independent of the file format: lines, filled rectangles, paths,
//! circles and text, in points (1/72 inch) with the origin at the top-left corner and y growing downwards.

/// One of the two typefaces shipped with the program (see [`super::font`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Typeface {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
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

/// How a path or circle is stroked: width, grey level and dashes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pen {
    /// Stroke width.
    pub width: f64,
    /// Grey level of the stroke.
    pub grey: Grey,
    /// Dash and gap lengths, or `None` for a solid stroke.
    pub dash: Option<(f64, f64)>,
}

impl Pen {
    /// A solid pen.
    pub fn solid(width: f64, grey: Grey) -> Pen {
        Pen {
            width,
            grey,
            dash: None,
        }
    }
}

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
    /// Straight pieces through `points` with round joins and round ends (a line of cells,
    /// an arrow's shaft), or a polygon when `closed`; stroked, filled, or both.
    Path {
        /// The corners, in order.
        points: Vec<Point>,
        /// Whether the last point joins the first.
        closed: bool,
        /// The stroke, if any.
        pen: Option<Pen>,
        /// The fill's grey level, if filled (a closed path).
        fill: Option<Grey>,
    },
    /// A circle, stroked, filled, or both.
    Circle {
        /// Its centre.
        center: Point,
        /// Its radius.
        radius: f64,
        /// The stroke, if any.
        pen: Option<Pen>,
        /// The fill's grey level, if filled.
        fill: Option<Grey>,
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
    /// A line of black text turned a quarter turn clockwise (see [`Item::turned`]).
    Turned {
        /// The middle of the text on its baseline.
        at: Point,
        /// What it says.
        text: String,
        /// Font size in points.
        size: f64,
        /// Regular or bold.
        typeface: Typeface,
    },
}

/// One thing drawn that is not upright: text along a book's spine.
impl Item {
    /// Text turned a quarter turn clockwise, reading downwards (as on a spine): centred on
    /// `at` along its length, its baseline through `at`, the glyphs' tops facing right.
    pub fn turned(at: Point, text: impl Into<String>, size: f64, typeface: Typeface) -> Item {
        Item::Turned {
            at,
            text: text.into(),
            size,
            typeface,
        }
    }
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

/// The width of `text` set in `typeface` at `size` points, from the shipped font's advance
/// widths (a character the font lacks counts as its missing-glyph box).
pub fn text_width(text: &str, typeface: Typeface, size: f64) -> f64 {
    super::font::face(typeface).width(text, size)
}

/// `size`, or a smaller size at which `text` fits in `room` points.
pub fn fitting_size(text: &str, typeface: Typeface, size: f64, room: f64) -> f64 {
    let width = text_width(text, typeface, size);
    if width > room && width > 0.0 {
        size * room / width
    } else {
        size
    }
}

/// `text` broken into lines no wider than `room` at `size` points: at spaces, and inside a
/// word only when the word alone is wider than the room.
pub fn wrap(text: &str, typeface: Typeface, size: f64, room: f64) -> Vec<String> {
    let fits = |line: &str| text_width(line, typeface, size) <= room;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if fits(&joined) {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for character in word.chars() {
            line.push(character);
            if !fits(&line) && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::take(&mut line));
                line.push(character);
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_share_one_width_and_bold_letters_are_wider() {
        for digit in '0'..='9' {
            let text = digit.to_string();
            let regular = text_width(&text, Typeface::Regular, 10.0);
            let bold = text_width(&text, Typeface::Bold, 10.0);
            assert!((regular - 6.362).abs() < 0.001, "{regular}");
            assert!((bold - 6.958).abs() < 0.001, "{bold}");
        }
        assert!(
            text_width("Killer", Typeface::Bold, 12.0)
                > text_width("Killer", Typeface::Regular, 12.0)
        );
        assert_eq!(text_width("", Typeface::Regular, 12.0), 0.0);
    }

    #[test]
    fn text_wraps_at_spaces_and_inside_overlong_words() {
        let lines = wrap("one two three four", Typeface::Regular, 10.0, 60.0);
        assert_eq!(lines, vec!["one two", "three four"]);
        let long = wrap("Donaudampfschifffahrt", Typeface::Regular, 10.0, 40.0);
        assert!(long.len() > 1);
        assert_eq!(long.concat(), "Donaudampfschifffahrt");
        for line in long {
            assert!(text_width(&line, Typeface::Regular, 10.0) <= 40.0, "{line}");
        }
        assert_eq!(wrap("", Typeface::Bold, 10.0, 40.0), vec![String::new()]);
    }

    #[test]
    fn long_text_shrinks_to_fit() {
        assert_eq!(fitting_size("Book", Typeface::Bold, 30.0, 500.0), 30.0);
        let title = "A title far too long to be set at thirty points on one line";
        let size = fitting_size(title, Typeface::Bold, 30.0, 500.0);
        assert!(size < 30.0);
        assert!((text_width(title, Typeface::Bold, size) - 500.0).abs() < 1e-9);
    }
}
