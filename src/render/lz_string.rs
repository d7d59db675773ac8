//! lz-string's `compressToBase64` and `decompressFromBase64`, the packing f-puzzles and
//! SudokuPad links use: LZW over UTF-16 code units, codes of growing width written
//! least-significant bit first, six bits per Base64 character.

use std::collections::{HashMap, HashSet};

/// The Base64 alphabet lz-string writes.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Code 0: a new 8-bit unit follows; 1: a new 16-bit unit follows; 2: end of stream.
const NEW_NARROW: u32 = 0;
const NEW_WIDE: u32 = 1;
const END: u32 = 2;

/// Packs bits, least significant first, into six-bit Base64 characters.
struct BitWriter {
    output: String,
    value: u8,
    filled: u8,
}

impl BitWriter {
    fn write(&mut self, mut value: u32, width: u32) {
        for _ in 0..width {
            self.push_bit((value & 1) as u8);
            value >>= 1;
        }
    }

    fn push_bit(&mut self, bit: u8) {
        self.value = (self.value << 1) | bit;
        self.filled += 1;
        if self.filled == 6 {
            self.output
                .push(char::from(ALPHABET[usize::from(self.value)]));
            self.value = 0;
            self.filled = 0;
        }
    }

    /// Pads the last character with zero bits and the text with `=` to a multiple of four.
    fn finish(mut self) -> String {
        // lz-string always shifts at least once after the end code, so a full last
        // character still gets a zero character after it
        loop {
            let last = self.filled == 5;
            self.push_bit(0);
            if last {
                break;
            }
        }
        while !self.output.len().is_multiple_of(4) {
            self.output.push('=');
        }
        self.output
    }
}

/// The LZW state shared by the writer: code width and when it grows.
struct Widths {
    bits: u32,
    until_wider: u32,
}

impl Widths {
    fn count_one(&mut self) {
        self.until_wider -= 1;
        if self.until_wider == 0 {
            self.until_wider = 1 << self.bits;
            self.bits += 1;
        }
    }
}

/// The compressor's state: the code dictionary, the single units not yet written out, and
/// the bits written so far.
struct Compressor {
    writer: BitWriter,
    widths: Widths,
    dictionary: HashMap<Vec<u16>, u32>,
    not_yet_written: HashSet<u16>,
    next_code: u32,
}

impl Compressor {
    /// Writes the code for `word`; a unit seen for the first time goes out in full, after
    /// the code saying how wide it is.
    fn emit(&mut self, word: &[u16]) {
        if word.len() == 1 && self.not_yet_written.remove(&word[0]) {
            let unit = word[0];
            if unit < 256 {
                self.writer.write(NEW_NARROW, self.widths.bits);
                self.writer.write(u32::from(unit), 8);
            } else {
                self.writer.write(NEW_WIDE, self.widths.bits);
                self.writer.write(u32::from(unit), 16);
            }
            self.widths.count_one();
        } else {
            self.writer.write(self.dictionary[word], self.widths.bits);
        }
        self.widths.count_one();
    }

    fn add(&mut self, word: Vec<u16>) {
        self.dictionary.insert(word, self.next_code);
        self.next_code += 1;
    }
}

/// `text` compressed as lz-string's `compressToBase64` does, byte for byte.
pub fn compress_to_base64(text: &str) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    if units.is_empty() {
        return String::new();
    }
    let mut state = Compressor {
        writer: BitWriter {
            output: String::new(),
            value: 0,
            filled: 0,
        },
        widths: Widths {
            bits: 2,
            until_wider: 2,
        },
        dictionary: HashMap::new(),
        not_yet_written: HashSet::new(),
        next_code: 3,
    };
    let mut word: Vec<u16> = Vec::new();
    for &unit in &units {
        if !state.dictionary.contains_key([unit].as_slice()) {
            state.add(vec![unit]);
            state.not_yet_written.insert(unit);
        }
        let mut extended = word.clone();
        extended.push(unit);
        if state.dictionary.contains_key(&extended) {
            word = extended;
        } else {
            state.emit(&word);
            state.add(extended);
            word = vec![unit];
        }
    }
    state.emit(&word);
    state.writer.write(END, state.widths.bits);
    state.writer.finish()
}

/// Why a text could not be decompressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecompressError {
    /// A character outside the Base64 alphabet, at this character position.
    NotBase64(usize),
    /// The stream ended before its end code.
    Truncated,
    /// A code that names no dictionary entry.
    BadCode,
    /// The units do not form UTF-16 text.
    NotText,
}

impl std::fmt::Display for DecompressError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecompressError::NotBase64(position) => {
                write!(formatter, "character {} is not Base64", position + 1)
            }
            DecompressError::Truncated => formatter.write_str("the compressed data is cut short"),
            DecompressError::BadCode => {
                formatter.write_str("the compressed data is damaged (an unknown code)")
            }
            DecompressError::NotText => {
                formatter.write_str("the compressed data does not hold text")
            }
        }
    }
}

/// Reads bits, least significant first, out of Base64 characters.
struct BitReader {
    values: Vec<u8>,
    position: usize,
    bit: u8,
}

impl BitReader {
    fn read(&mut self, width: u32) -> Result<u32, DecompressError> {
        let mut value = 0u32;
        for shift in 0..width {
            let character = *self
                .values
                .get(self.position)
                .ok_or(DecompressError::Truncated)?;
            if character & (1 << (5 - self.bit)) != 0 {
                value |= 1 << shift;
            }
            self.bit += 1;
            if self.bit == 6 {
                self.bit = 0;
                self.position += 1;
            }
        }
        Ok(value)
    }
}

/// The text `compressed` holds, inverse of [`compress_to_base64`] (and of lz-string's
/// `compressToBase64`). Whitespace is ignored; `=` padding may be left out.
pub fn decompress_from_base64(compressed: &str) -> Result<String, DecompressError> {
    let mut values = Vec::new();
    for (position, character) in compressed.chars().enumerate() {
        if character.is_whitespace() || character == '=' {
            continue;
        }
        // links pass through URLs, where `+` may have turned into a space or `-`/`_` forms
        let found = match character {
            '-' => Some(62),
            '_' => Some(63),
            _ => ALPHABET
                .iter()
                .position(|&letter| char::from(letter) == character),
        };
        let value = found.ok_or(DecompressError::NotBase64(position))?;
        values.push(value as u8);
    }
    if values.is_empty() {
        return Ok(String::new());
    }
    let mut reader = BitReader {
        values,
        position: 0,
        bit: 0,
    };
    let mut dictionary: Vec<Vec<u16>> = vec![Vec::new(), Vec::new(), Vec::new()];
    let mut bits = 3u32;
    let mut until_wider = 4u32;
    let first = match reader.read(2)? {
        NEW_NARROW => reader.read(8)?,
        NEW_WIDE => reader.read(16)?,
        _ => return Ok(String::new()),
    };
    let mut word = vec![first as u16];
    dictionary.push(word.clone());
    let mut result = word.clone();
    loop {
        let mut code = reader.read(bits)? as usize;
        match code as u32 {
            NEW_NARROW | NEW_WIDE => {
                let width = if code as u32 == NEW_NARROW { 8 } else { 16 };
                dictionary.push(vec![reader.read(width)? as u16]);
                code = dictionary.len() - 1;
                until_wider -= 1;
            }
            END => break,
            _ => {}
        }
        if until_wider == 0 {
            until_wider = 1 << bits;
            bits += 1;
        }
        let entry = if code < dictionary.len() {
            dictionary[code].clone()
        } else if code == dictionary.len() {
            let mut entry = word.clone();
            entry.push(word[0]);
            entry
        } else {
            return Err(DecompressError::BadCode);
        };
        result.extend_from_slice(&entry);
        let mut added = word;
        added.push(entry[0]);
        dictionary.push(added);
        until_wider -= 1;
        word = entry;
        if until_wider == 0 {
            until_wider = 1 << bits;
            bits += 1;
        }
    }
    String::from_utf16(&result).map_err(|_| DecompressError::NotText)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outputs of the JavaScript library, as published in other projects' test suites.
    const PUBLISHED: [(&str, &str); 3] = [
        // gchq/CyberChef tests/operations/tests/LZString.mjs
        ("hello world", "BYUwNmD2AEDukCcwBMg="),
        // lz-string-csharp's tests
        ("{ \"key\": \"value\" }", "N4AgRA1gpgnmBc4BuBDANgVymEBfIA=="),
        // langchain-ai/langserve's tests, generated with the JavaScript library
        (
            "Žluťoučký kůň úpěl ďábelské ódy!",
            "r6ABsK6KaAD2aLCADWBfgBPQ9oCAlAZAvgDobEARlB4QAEOAjAUxAGd4BL5AZ4BMBPAQiA==",
        ),
    ];

    #[test]
    fn compresses_as_the_javascript_library() {
        for (text, expected) in PUBLISHED {
            assert_eq!(compress_to_base64(text), expected, "{text}");
        }
    }

    #[test]
    fn decompresses_published_outputs() {
        for (text, compressed) in PUBLISHED {
            assert_eq!(decompress_from_base64(compressed).unwrap(), text);
        }
    }

    /// A JSON text packed by the JavaScript library (langchain-ai/langserve's lz-string test).
    const PUBLISHED_JSON: &str = "N4Ig5gNg9gzjCGAnAniAXKALgS0xApuiPgB7wC2ADgQASSwIogA0IA4tHACLYBu6WXASIBlFu04wAMthiYBEhgFEAdpiYYQASS6i2AWSniRURJgCCMPYfEcGAFXyJyozPBUATJB5pt8Kp3gIbAAvfB99JABrAFdKGil3MBj4MEJWcwBjRCgVZBc0EBEDIwyAIzLEfH5CrREAeRoADiaAdgBONABGdqaANltJLnwAMwVKJHgicxpyfDcAWnJouJoIJJS05hoYmHCaTCgabPx4THxZlfj1lWTU/BgaGBjMgAsaeEeuKEyAISgoFEAHSDBgifD4cwQGBQdAAbXYNlYAA0bABdAC+rDscHBhEKy0QsUoIAxZLJQA";

    #[test]
    fn unpacks_and_repacks_a_published_json_text() {
        let json = decompress_from_base64(PUBLISHED_JSON).unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["glossary"]["title"], "example glossary");
        assert_eq!(
            compress_to_base64(&json).trim_end_matches('='),
            PUBLISHED_JSON
        );
    }

    #[test]
    fn round_trips_long_and_repetitive_text() {
        let mut text = String::new();
        for index in 0..3000 {
            text.push_str(&format!(
                "{{\"value\":{},\"given\":true}},{{}},",
                index % 17
            ));
            if index % 97 == 0 {
                text.push('€');
            }
        }
        for sample in ["", "a", "aaaaaaaaaaaaaaaaaaaaaaa", "ab", text.as_str()] {
            let compressed = compress_to_base64(sample);
            assert_eq!(decompress_from_base64(&compressed).unwrap(), sample);
        }
    }

    /// Every f-puzzles link the tests make (the puzzles of every shared data file the tests
    /// read, each variant and size) and every f-puzzles document they read: the `lz-str` crate
    /// packs and unpacks them exactly as this module does.
    #[test]
    fn the_lz_str_crate_packs_every_link_the_same() {
        use crate::notation::{self, fpuzzles};
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
        let mut documents: Vec<String> = Vec::new();
        let mut links = 0;
        for folder in ["seeds", "sizes", "killer", "classic", "fpuzzles"] {
            let mut paths: Vec<_> = std::fs::read_dir(format!("{data}/{folder}"))
                .unwrap()
                .map(|entry| entry.unwrap().path())
                .collect();
            paths.sort();
            for path in paths {
                let text = std::fs::read_to_string(&path).unwrap();
                if folder == "fpuzzles" {
                    documents.push(text);
                    continue;
                }
                let Ok(entries) = notation::parse(&text, None) else {
                    continue;
                };
                for entry in entries.iter().take(300) {
                    let link =
                        fpuzzles::link(&entry.puzzle, entry.name.as_deref(), "https://x/?load=");
                    let payload = link.split_once("?load=").unwrap().1;
                    documents.push(decompress_from_base64(payload).unwrap());
                    links += 1;
                }
            }
        }
        assert!(links > 2000, "{links} links");
        for json in &documents {
            let ours = compress_to_base64(json);
            let units: Vec<u16> = json.encode_utf16().collect();
            let mut packed = lz_str::compress_internal(&units, 6, |value| {
                u16::from(ALPHABET[usize::from(value)])
            });
            while packed.len() % 4 != 0 {
                packed.push(u16::from(b'='));
            }
            assert_eq!(String::from_utf16(&packed).unwrap(), ours, "{json}");
            let unpacked = lz_str::decompress_from_base64(&ours).expect("lz-str unpacks");
            assert_eq!(&String::from_utf16(&unpacked).unwrap(), json);
        }
        eprintln!("{} documents, {links} links", documents.len());
    }

    #[test]
    fn rejects_garbage_without_panicking() {
        assert_eq!(
            decompress_from_base64("BYU*"),
            Err(DecompressError::NotBase64(3))
        );
        for garbage in ["B", "BYUwNmD2", "////////////", "AAAA", "N4Ig"] {
            let _ = decompress_from_base64(garbage);
        }
    }
}
