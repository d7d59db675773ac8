//! A [`Drawing`] as an SVG document (sizes in points, DejaVu Sans as in the PDFs).

use std::fmt::Write;

use super::drawing::{Anchor, Drawing, Grey, Item, Pen, Typeface};
use super::number::short;

/// The SVG text of `drawing`, ending with a newline.
pub fn to_svg(drawing: &Drawing) -> String {
    let (width, height) = (short(drawing.width), short(drawing.height));
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}pt\" height=\"{height}pt\" viewBox=\"0 0 {width} {height}\">"
    );
    let _ = writeln!(
        svg,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>"
    );
    for item in &drawing.items {
        write_item(&mut svg, item);
    }
    svg.push_str("</svg>\n");
    svg
}

fn colour(grey: f64) -> String {
    let level = (grey.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{level:02x}{level:02x}{level:02x}")
}

fn write_item(svg: &mut String, item: &Item) {
    match item {
        Item::Turned {
            at,
            text,
            size,
            typeface,
        } => {
            let weight = match typeface {
                Typeface::Regular => "",
                Typeface::Bold => " font-weight=\"bold\"",
            };
            let _ = writeln!(
                svg,
                "<text x=\"{x}\" y=\"{y}\" transform=\"rotate(90 {x} {y})\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"{}\"{weight} text-anchor=\"middle\">{}</text>",
                short(*size),
                escape(text),
                x = short(at.x),
                y = short(at.y),
            );
        }
        Item::Line {
            from,
            to,
            width,
            grey,
            dash,
        } => {
            let _ = write!(
                svg,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"",
                short(from.x),
                short(from.y),
                short(to.x),
                short(to.y),
                colour(*grey),
                short(*width)
            );
            match dash {
                Some((on, off)) => {
                    let _ = write!(svg, " stroke-dasharray=\"{} {}\"", short(*on), short(*off));
                }
                None => svg.push_str(" stroke-linecap=\"square\""),
            }
            svg.push_str("/>\n");
        }
        Item::Fill {
            corner,
            width,
            height,
            grey,
        } => {
            let _ = writeln!(
                svg,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                short(corner.x),
                short(corner.y),
                short(*width),
                short(*height),
                colour(*grey)
            );
        }
        Item::Path {
            points,
            closed,
            pen,
            fill,
        } => {
            let element = if *closed { "polygon" } else { "polyline" };
            let corners: Vec<String> = points
                .iter()
                .map(|point| format!("{},{}", short(point.x), short(point.y)))
                .collect();
            let _ = writeln!(
                svg,
                "<{element} points=\"{}\"{}/>",
                corners.join(" "),
                paint(*pen, *fill)
            );
        }
        Item::Circle {
            center,
            radius,
            pen,
            fill,
        } => {
            let _ = writeln!(
                svg,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}/>",
                short(center.x),
                short(center.y),
                short(*radius),
                paint(*pen, *fill)
            );
        }
        Item::Text {
            at,
            text,
            size,
            typeface,
            anchor,
            grey,
        } => {
            let weight = match typeface {
                Typeface::Regular => "",
                Typeface::Bold => " font-weight=\"bold\"",
            };
            let anchor = match anchor {
                Anchor::Start => "",
                Anchor::Middle => " text-anchor=\"middle\"",
                Anchor::End => " text-anchor=\"end\"",
            };
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"{}\"{weight}{anchor} fill=\"{}\">{}</text>",
                short(at.x),
                short(at.y),
                short(*size),
                colour(*grey),
                escape(text)
            );
        }
    }
}

/// The fill and stroke attributes of a path or circle (round ends and joins).
fn paint(pen: Option<Pen>, fill: Option<Grey>) -> String {
    let mut attributes = match fill {
        Some(grey) => format!(" fill=\"{}\"", colour(grey)),
        None => " fill=\"none\"".to_string(),
    };
    if let Some(pen) = pen {
        let _ = write!(
            attributes,
            " stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"",
            colour(pen.grey),
            short(pen.width)
        );
        if let Some((on, off)) = pen.dash {
            let _ = write!(
                attributes,
                " stroke-dasharray=\"{} {}\"",
                short(on),
                short(off)
            );
        }
    }
    attributes
}

fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            _ => escaped.push(character),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::drawing::point;

    #[test]
    fn text_is_escaped_and_styled() {
        let mut drawing = Drawing::new(100.0, 50.0);
        drawing.text(
            point(10.0, 20.0),
            "a<b & c",
            12.0,
            Typeface::Bold,
            Anchor::Middle,
        );
        let svg = to_svg(&drawing);
        assert!(svg.contains(">a&lt;b &amp; c</text>"), "{svg}");
        assert!(svg.contains("font-weight=\"bold\" text-anchor=\"middle\""));
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100pt\""));
        assert!(svg.ends_with("</svg>\n"));
    }
}
