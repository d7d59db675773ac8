//! lz-string streams no packer would write, for tests: a decompression bomb, whose codes each
//! name the entry being defined, so code k unpacks to k + 1 letters (about codes²/2 letters
//! from 1.6 × codes bytes of link). Shared by the unit tests of `notation::lz_string`, the
//! integration tests and the reader fuzz suite.

/// The Base64 alphabet lz-string writes.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Codes written as lz-string writes them: each code's lowest bit first, six bits a
/// character, each character's highest bit first.
#[derive(Default)]
pub struct Writer {
    values: Vec<u8>,
    bits: usize,
}

impl Writer {
    /// Writes the `count` lowest bits of `number`.
    pub fn put(&mut self, number: u32, count: u32) {
        for power in 0..count {
            if self.bits.is_multiple_of(6) {
                self.values.push(0);
            }
            let bit = ((number >> power) & 1) as u8;
            if let Some(last) = self.values.last_mut() {
                *last |= bit << (5 - self.bits % 6);
            }
            self.bits += 1;
        }
    }

    /// The Base64 text, with the padding character lz-string's packer always ends with.
    pub fn text(&self) -> String {
        let mut text: String = self
            .values
            .iter()
            .map(|&value| char::from(ALPHABET[usize::from(value)]))
            .collect();
        if self.bits.is_multiple_of(6) {
            text.push('A');
        }
        text
    }
}

/// A bomb of `codes` codes after the letter `a`, and how many letters it unpacks to.
pub fn bomb(codes: usize) -> (String, usize) {
    let mut writer = Writer::default();
    // a character of 8 bits, then `a`
    writer.put(0, 2);
    writer.put(u32::from(b'a'), 8);
    let (mut size, mut width, mut enlarge_in) = (4_u32, 3_u32, 4_u32);
    let mut letters = 1;
    for code in 0..codes {
        writer.put(size, width);
        letters += code + 2;
        size += 1;
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
    // the end of the stream
    writer.put(2, width);
    (writer.text(), letters)
}
