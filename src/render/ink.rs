//! Where each drawn item puts ink (a glyph's outline box, a stroke's band), cutting strokes
//! around glyphs so they pass behind them with a white gap, and the check that no glyph
//! touches another mark.

use super::drawing::{text_width, Anchor, Drawing, Item, Point, Typeface};
use super::font;

/// An upright rectangle on the page, y growing downwards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rectangle {
    /// Left edge.
    pub left: f64,
    /// Top edge.
    pub top: f64,
    /// Right edge.
    pub right: f64,
    /// Bottom edge.
    pub bottom: f64,
}

impl Rectangle {
    /// The rectangle grown by `by` on every side.
    pub fn grown(&self, by: f64) -> Rectangle {
        Rectangle {
            left: self.left - by,
            top: self.top - by,
            right: self.right + by,
            bottom: self.bottom + by,
        }
    }

    /// Whether the two share any point (touching edges count).
    pub fn meets(&self, other: &Rectangle) -> bool {
        self.left <= other.right
            && other.left <= self.right
            && self.top <= other.bottom
            && other.top <= self.bottom
    }

    /// The smallest rectangle holding both.
    fn union(&self, other: &Rectangle) -> Rectangle {
        Rectangle {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    /// The distance from `point` to the rectangle (0 inside).
    fn distance_to(&self, point: Point) -> f64 {
        let dx = (self.left - point.x).max(point.x - self.right).max(0.0);
        let dy = (self.top - point.y).max(point.y - self.bottom).max(0.0);
        (dx * dx + dy * dy).sqrt()
    }
}

/// The box around the ink of `text` set at `at` (its baseline) in `typeface` at `size`,
/// from the glyphs' outlines; `None` for text without ink.
pub fn text_box(
    at: Point,
    text: &str,
    size: f64,
    typeface: Typeface,
    anchor: Anchor,
) -> Option<Rectangle> {
    let face = font::face(typeface);
    let width = text_width(text, typeface, size);
    let mut pen = match anchor {
        Anchor::Start => at.x,
        Anchor::Middle => at.x - width / 2.0,
        Anchor::End => at.x - width,
    };
    let mut ink: Option<Rectangle> = None;
    for character in text.chars() {
        if let Some([left, bottom, right, top]) = face.ink(character) {
            let glyph = Rectangle {
                left: pen + left * size,
                top: at.y - top * size,
                right: pen + right * size,
                bottom: at.y - bottom * size,
            };
            ink = Some(ink.map_or(glyph, |ink| ink.union(&glyph)));
        }
        pen += text_width(&character.to_string(), typeface, size);
    }
    ink
}

/// The ink box of a text item, `None` for any other item or text without ink.
pub fn item_text_box(item: &Item) -> Option<Rectangle> {
    match item {
        Item::Text {
            at,
            text,
            size,
            typeface,
            anchor,
            ..
        } => text_box(*at, text, *size, *typeface, *anchor),
        Item::Turned {
            at,
            text,
            size,
            typeface,
        } => {
            // the upright box about the origin, turned a quarter clockwise: (x, y) → (−y, x)
            let upright = text_box(
                Point { x: 0.0, y: 0.0 },
                text,
                *size,
                *typeface,
                Anchor::Middle,
            )?;
            Some(Rectangle {
                left: at.x - upright.bottom,
                top: at.y + upright.left,
                right: at.x - upright.top,
                bottom: at.y + upright.right,
            })
        }
        _ => None,
    }
}

/// How far a stroke's ink reaches from its centre line: half its width, and as far again
/// along the line at solid lines' square ends.
fn reach(width: f64) -> f64 {
    width / 2.0
}

/// The part of the segment `from`–`to` (as fractions 0–1 along it) inside `rectangle`, by
/// clipping the line against each pair of edges in turn.
fn inside(from: Point, to: Point, rectangle: &Rectangle) -> Option<(f64, f64)> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let (mut low, mut high) = (0.0_f64, 1.0_f64);
    for (step, start, least, most) in [
        (dx, from.x, rectangle.left, rectangle.right),
        (dy, from.y, rectangle.top, rectangle.bottom),
    ] {
        if step.abs() < 1e-12 {
            if start < least || start > most {
                return None;
            }
            continue;
        }
        let (mut enter, mut leave) = ((least - start) / step, (most - start) / step);
        if enter > leave {
            std::mem::swap(&mut enter, &mut leave);
        }
        low = low.max(enter);
        high = high.min(leave);
        if low > high {
            return None;
        }
    }
    Some((low, high))
}

/// A stroke from `from` to `to`, `width` wide, cut where it would come within `gap` of one
/// of `glyphs`: the pieces left, each as (from, to). Solid strokes end square, so a cut
/// stops a further half width short.
pub fn cut_around(
    from: Point,
    to: Point,
    width: f64,
    solid: bool,
    glyphs: &[Rectangle],
    gap: f64,
) -> Vec<(Point, Point)> {
    let length = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2)).sqrt();
    if length < 1e-9 {
        return Vec::new();
    }
    // a centre line outside the box grown by half the width and the gap keeps the whole
    // band that far off (outside the grown box, the distance along one axis is enough)
    let clearance = reach(width) + gap;
    let mut cuts: Vec<(f64, f64)> = glyphs
        .iter()
        .filter_map(|glyph| inside(from, to, &glyph.grown(clearance)))
        .collect();
    cuts.sort_by(|first, second| first.0.total_cmp(&second.0));
    let mut pieces: Vec<(f64, f64)> = Vec::new();
    let mut start = 0.0;
    for (enter, leave) in cuts {
        if enter > start {
            pieces.push((start, enter));
        }
        start = f64::max(start, leave);
    }
    if start < 1.0 {
        pieces.push((start, 1.0));
    }
    // a solid stroke's square end reaches half a width past its end: stop short by that
    // where it was cut
    let shorten = if solid { reach(width) / length } else { 0.0 };
    let along = |fraction: f64| Point {
        x: from.x + (to.x - from.x) * fraction,
        y: from.y + (to.y - from.y) * fraction,
    };
    pieces
        .into_iter()
        .map(|(enter, leave)| {
            let enter = if enter > 0.0 { enter + shorten } else { enter };
            let leave = if leave < 1.0 { leave - shorten } else { leave };
            (enter, leave)
        })
        // pieces shorter than their own width would print as dots
        .filter(|(enter, leave)| (leave - enter) * length > width)
        .map(|(enter, leave)| (along(enter), along(leave)))
        .collect()
}

/// An open path through `points`, `width` wide, cut where it would come within `gap` of
/// one of `glyphs` (as [`cut_around`] cuts each of its segments): the runs left, each a path
/// of its own, the uncut corners kept as corners.
pub fn cut_path_around(
    points: &[Point],
    width: f64,
    solid: bool,
    glyphs: &[Rectangle],
    gap: f64,
) -> Vec<Vec<Point>> {
    let mut runs: Vec<Vec<Point>> = Vec::new();
    let mut joined = false;
    for pair in points.windows(2) {
        let pieces = cut_around(pair[0], pair[1], width, solid, glyphs, gap);
        let whole = pieces.len() == 1 && pieces[0] == (pair[0], pair[1]);
        for (index, (from, to)) in pieces.into_iter().enumerate() {
            // a piece starting where the last run ended (an uncut corner) carries it on
            match runs.last_mut() {
                Some(run) if joined && index == 0 && run.last() == Some(&from) => run.push(to),
                _ => runs.push(vec![from, to]),
            }
        }
        // the next segment joins this one only if this one reached its end uncut
        joined = whole || runs.last().and_then(|run| run.last()) == Some(&pair[1]);
    }
    runs
}

/// The distance from the segment `from`–`to` to `rectangle` (0 when it crosses it).
fn segment_distance(from: Point, to: Point, rectangle: &Rectangle) -> f64 {
    if inside(from, to, rectangle).is_some() {
        return 0.0;
    }
    let mut nearest = rectangle.distance_to(from).min(rectangle.distance_to(to));
    let corners = [
        Point {
            x: rectangle.left,
            y: rectangle.top,
        },
        Point {
            x: rectangle.right,
            y: rectangle.top,
        },
        Point {
            x: rectangle.left,
            y: rectangle.bottom,
        },
        Point {
            x: rectangle.right,
            y: rectangle.bottom,
        },
    ];
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let squared = dx * dx + dy * dy;
    for corner in corners {
        let fraction = if squared > 0.0 {
            (((corner.x - from.x) * dx + (corner.y - from.y) * dy) / squared).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (x, y) = (from.x + dx * fraction, from.y + dy * fraction);
        nearest = nearest.min(((corner.x - x).powi(2) + (corner.y - y).powi(2)).sqrt());
    }
    nearest
}

/// Whether `item` puts ink on `glyph`'s box: a stroke's band (square ends included on solid
/// strokes), another text's box, a fill darker than white.
fn inks(item: &Item, glyph: &Rectangle) -> bool {
    match item {
        Item::Line {
            from,
            to,
            width,
            dash,
            grey,
        } => {
            if *grey >= 1.0 {
                return false;
            }
            let length = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2))
                .sqrt()
                .max(1e-12);
            let extend = if dash.is_none() { reach(*width) } else { 0.0 };
            let (ux, uy) = ((to.x - from.x) / length, (to.y - from.y) / length);
            let start = Point {
                x: from.x - ux * extend,
                y: from.y - uy * extend,
            };
            let end = Point {
                x: to.x + ux * extend,
                y: to.y + uy * extend,
            };
            segment_distance(start, end, glyph) < reach(*width)
        }
        Item::Fill {
            corner,
            width,
            height,
            grey,
        } => {
            *grey < 1.0
                && glyph.meets(&Rectangle {
                    left: corner.x,
                    top: corner.y,
                    right: corner.x + width,
                    bottom: corner.y + height,
                })
        }
        Item::Text { .. } | Item::Turned { .. } => {
            item_text_box(item).is_some_and(|other| other.meets(glyph))
        }
        Item::Path {
            points, pen, fill, ..
        } => {
            let inked =
                pen.is_some_and(|pen| pen.grey < 1.0) || fill.is_some_and(|grey| grey < 1.0);
            let half = pen.map_or(0.0, |pen| pen.width / 2.0);
            inked
                && glyph.meets(&Rectangle {
                    left: points
                        .iter()
                        .map(|point| point.x)
                        .fold(f64::INFINITY, f64::min)
                        - half,
                    top: points
                        .iter()
                        .map(|point| point.y)
                        .fold(f64::INFINITY, f64::min)
                        - half,
                    right: points
                        .iter()
                        .map(|point| point.x)
                        .fold(f64::NEG_INFINITY, f64::max)
                        + half,
                    bottom: points
                        .iter()
                        .map(|point| point.y)
                        .fold(f64::NEG_INFINITY, f64::max)
                        + half,
                })
        }
        Item::Circle {
            center,
            radius,
            pen,
            fill,
        } => {
            let inked =
                pen.is_some_and(|pen| pen.grey < 1.0) || fill.is_some_and(|grey| grey < 1.0);
            let reach = radius + pen.map_or(0.0, |pen| pen.width / 2.0);
            inked
                && glyph.meets(&Rectangle {
                    left: center.x - reach,
                    top: center.y - reach,
                    right: center.x + reach,
                    bottom: center.y + reach,
                })
        }
    }
}

/// Every pair (glyph's item, other item) of `drawing` where the other puts ink on the
/// glyph's box, by their positions in the drawing: empty when no text is drawn over.
pub fn glyphs_touched(drawing: &Drawing) -> Vec<(usize, usize)> {
    let mut touched = Vec::new();
    for (position, item) in drawing.items.iter().enumerate() {
        let Some(glyph) = item_text_box(item) else {
            continue;
        };
        for (other_position, other) in drawing.items.iter().enumerate() {
            if other_position != position && inks(other, &glyph) {
                // two texts touching are one pair, not two
                if matches!(other, Item::Text { .. } | Item::Turned { .. })
                    && other_position < position
                {
                    continue;
                }
                touched.push((position, other_position));
            }
        }
    }
    touched
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::drawing::point;

    #[test]
    fn a_digit_box_sits_on_its_baseline_under_the_cap_height() {
        let ink = text_box(
            point(100.0, 100.0),
            "7",
            20.0,
            Typeface::Bold,
            Anchor::Middle,
        )
        .expect("a digit has ink");
        assert!(ink.bottom <= 100.0 + 1e-9 && ink.bottom > 99.0, "{ink:?}");
        let cap = font::face(Typeface::Bold).cap_height() * 20.0;
        assert!((100.0 - ink.top - cap).abs() < 0.5, "{ink:?}");
        assert!(ink.left > 94.0 && ink.right < 106.0, "{ink:?}");
        assert!(text_box(point(0.0, 0.0), " ", 10.0, Typeface::Regular, Anchor::Start).is_none());
    }

    #[test]
    fn a_stroke_is_cut_around_a_glyph_and_then_misses_it() {
        let glyph = Rectangle {
            left: 40.0,
            top: 40.0,
            right: 60.0,
            bottom: 60.0,
        };
        let pieces = cut_around(
            point(0.0, 0.0),
            point(100.0, 100.0),
            1.0,
            true,
            &[glyph],
            1.0,
        );
        assert_eq!(pieces.len(), 2, "{pieces:?}");
        let mut drawing = Drawing::new(100.0, 100.0);
        drawing.text(
            point(50.0, 60.0),
            "8",
            27.0,
            Typeface::Regular,
            Anchor::Middle,
        );
        drawing.line(point(0.0, 0.0), point(100.0, 100.0), 1.0);
        assert_eq!(glyphs_touched(&drawing), vec![(0, 1)]);
        let glyph = item_text_box(&drawing.items[0]).unwrap();
        drawing.items.pop();
        for (from, to) in cut_around(
            point(0.0, 0.0),
            point(100.0, 100.0),
            1.0,
            true,
            &[glyph],
            0.5,
        ) {
            drawing.line(from, to, 1.0);
        }
        assert_eq!(drawing.items.len(), 3);
        assert!(glyphs_touched(&drawing).is_empty());
    }
}
