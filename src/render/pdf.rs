//! A small PDF writer: pages of [`Drawing`]s as PDF 1.4 with the Helvetica fonts every reader
//! has built in (no font file inside), uncompressed content streams, a cross-reference table.
//! The bytes depend only on the drawings and the title (no dates), so output is reproducible.

use std::fmt::Write;

use super::drawing::{text_width, Anchor, Drawing, Item, Typeface};
use super::number::short;

/// Object numbers of the fixed objects; pages follow from [`FIRST_PAGE`] on, two objects each
/// (the page, then its content stream).
const CATALOG: usize = 1;
const PAGES: usize = 2;
const REGULAR_FONT: usize = 3;
const BOLD_FONT: usize = 4;
const INFO: usize = 5;
const FIRST_PAGE: usize = 6;

/// The PDF file holding `pages` in order, with `title` in its document information.
pub fn to_pdf(pages: &[Drawing], title: &str) -> Vec<u8> {
    let mut objects: Vec<Vec<u8>> = Vec::new();
    objects.push(format!("<< /Type /Catalog /Pages {PAGES} 0 R >>").into_bytes());
    let kids: Vec<String> = (0..pages.len())
        .map(|index| format!("{} 0 R", FIRST_PAGE + 2 * index))
        .collect();
    objects.push(
        format!(
            "<< /Type /Pages /Kids [{}] /Count {} >>",
            kids.join(" "),
            pages.len()
        )
        .into_bytes(),
    );
    for name in ["Helvetica", "Helvetica-Bold"] {
        objects.push(
            format!(
                "<< /Type /Font /Subtype /Type1 /BaseFont /{name} /Encoding /WinAnsiEncoding >>"
            )
            .into_bytes(),
        );
    }
    let mut info = b"<< /Title ".to_vec();
    info.extend_from_slice(&string_literal(title));
    info.extend_from_slice(b" /Producer (sudokit) >>");
    objects.push(info);
    for (index, page) in pages.iter().enumerate() {
        let content = content_stream(page);
        objects.push(
            format!(
                "<< /Type /Page /Parent {PAGES} 0 R /MediaBox [0 0 {} {}] /Resources << /Font << /F1 {REGULAR_FONT} 0 R /F2 {BOLD_FONT} 0 R >> >> /Contents {} 0 R >>",
                short(page.width),
                short(page.height),
                FIRST_PAGE + 2 * index + 1
            )
            .into_bytes(),
        );
        let mut stream = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
        stream.extend_from_slice(&content);
        stream.extend_from_slice(b"\nendstream");
        objects.push(stream);
    }
    debug_assert_eq!(objects.len(), FIRST_PAGE - 1 + 2 * pages.len());
    assemble(&objects)
}

/// Header, numbered objects, cross-reference table and trailer.
fn assemble(objects: &[Vec<u8>]) -> Vec<u8> {
    // the binary comment line tells transfer programs the file is not plain text
    let mut file = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (index, body) in objects.iter().enumerate() {
        offsets.push(file.len());
        file.extend_from_slice(format!("{} 0 obj\n", index + 1).as_bytes());
        file.extend_from_slice(body);
        file.extend_from_slice(b"\nendobj\n");
    }
    let table = file.len();
    let mut xref = format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1);
    for offset in offsets {
        let _ = writeln!(xref, "{offset:010} 00000 n ");
    }
    let _ = write!(
        xref,
        "trailer\n<< /Size {} /Root {CATALOG} 0 R /Info {INFO} 0 R >>\nstartxref\n{table}\n%%EOF\n",
        objects.len() + 1
    );
    file.extend_from_slice(xref.as_bytes());
    file
}

/// The page's drawing operators, y turned upwards as PDF counts it.
fn content_stream(page: &Drawing) -> Vec<u8> {
    let mut stream = Vec::new();
    let flip = |y: f64| page.height - y;
    for item in &page.items {
        match item {
            Item::Line {
                from,
                to,
                width,
                grey,
                dash,
            } => {
                let (dash_operator, cap) = match dash {
                    Some((on, off)) => (format!("[{} {}] 0 d", short(*on), short(*off)), 0),
                    None => ("[] 0 d".to_string(), 2),
                };
                let _ = writeln!(
                    Adapter(&mut stream),
                    "{} G {} w {cap} J {dash_operator} {} {} m {} {} l S",
                    short(*grey),
                    short(*width),
                    short(from.x),
                    short(flip(from.y)),
                    short(to.x),
                    short(flip(to.y))
                );
            }
            Item::Fill {
                corner,
                width,
                height,
                grey,
            } => {
                let _ = writeln!(
                    Adapter(&mut stream),
                    "{} g {} {} {} {} re f",
                    short(*grey),
                    short(corner.x),
                    short(flip(corner.y + height)),
                    short(*width),
                    short(*height)
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
                let font = match typeface {
                    Typeface::Regular => "F1",
                    Typeface::Bold => "F2",
                };
                let width = text_width(text, *typeface, *size);
                let x = match anchor {
                    Anchor::Start => at.x,
                    Anchor::Middle => at.x - width / 2.0,
                    Anchor::End => at.x - width,
                };
                let _ = write!(
                    Adapter(&mut stream),
                    "BT {} g /{font} {} Tf 1 0 0 1 {} {} Tm ",
                    short(*grey),
                    short(*size),
                    short(x),
                    short(flip(at.y))
                );
                stream.extend_from_slice(&string_literal(text));
                stream.extend_from_slice(b" Tj ET\n");
            }
        }
    }
    stream
}

/// Lets `write!` append to a byte vector.
struct Adapter<'bytes>(&'bytes mut Vec<u8>);

impl std::fmt::Write for Adapter<'_> {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.0.extend_from_slice(text.as_bytes());
        Ok(())
    }
}

/// `text` as a PDF string in WinAnsi encoding: ASCII as is (with `(`, `)`, `\` escaped),
/// Latin-1 letters and a few signs as octal escapes, anything else as `?`.
fn string_literal(text: &str) -> Vec<u8> {
    let mut literal = vec![b'('];
    for character in text.chars() {
        let code = match character {
            '€' => 0x80,
            '–' => 0x96,
            '—' => 0x97,
            '•' => 0x95,
            _ => match u32::from(character) {
                code @ (0x20..=0x7e | 0xa0..=0xff) => code as u8,
                _ => b'?',
            },
        };
        match code {
            b'(' | b')' | b'\\' => literal.extend_from_slice(&[b'\\', code]),
            0x20..=0x7e => literal.push(code),
            _ => literal.extend_from_slice(format!("\\{code:03o}").as_bytes()),
        }
    }
    literal.push(b')');
    literal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::drawing::point;

    #[test]
    fn cross_references_point_at_their_objects() {
        let mut page = Drawing::new(200.0, 100.0);
        page.line(point(0.0, 0.0), point(10.0, 10.0), 1.0);
        page.text(
            point(5.0, 50.0),
            "(x) · 5",
            10.0,
            Typeface::Regular,
            Anchor::Middle,
        );
        let pdf = to_pdf(&[page.clone(), page], "Book");
        let text = String::from_utf8_lossy(&pdf);
        let start: usize = text
            .rsplit("startxref\n")
            .next()
            .and_then(|rest| rest.lines().next())
            .and_then(|line| line.parse().ok())
            .unwrap();
        assert!(pdf[start..].starts_with(b"xref\n0 10\n"));
        let table = String::from_utf8_lossy(&pdf[start..]);
        for (number, line) in table.lines().skip(3).take(9).enumerate() {
            let offset: usize = line[..10].parse().unwrap();
            let expected = format!("{} 0 obj", number + 1);
            assert!(pdf[offset..].starts_with(expected.as_bytes()), "{expected}");
        }
        assert!(text.contains("(\\(x\\) \\267 5) Tj"));
        assert!(text.contains("/Count 2"));
    }
}
