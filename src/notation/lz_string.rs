//! lz-string's `compressToBase64` and `decompressFromBase64`, the packing f-puzzles and
//! SudokuPad links use. Packing is the `lz-str` crate's, padded as the JavaScript library pads
//! (to a multiple of four characters; `lz-str` writes one `=` more). Unpacking is our own, for
//! hostile links: it checks the Base64 text first (a damaged link must be an error, not a
//! different puzzle), keeps each dictionary entry as a slice of the text already unpacked (so
//! the work is linear in the text, where copying entries costs the square of it), stops at
//! [`LONGEST_TEXT`] characters (a few kilobytes of link can name gigabytes of text) and at the
//! caller's deadline or cancel flag.

use crate::budget::{Budget, Stopped};

/// The Base64 alphabet lz-string writes.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The longest text a link may unpack to, in UTF-16 units: the longest f-puzzles document
/// sudokit reads.
pub const LONGEST_TEXT: usize = super::LONGEST_DOCUMENT;

/// How many codes are unpacked between two looks at the budget's deadline and flag.
const CODES_BETWEEN_CHECKS: usize = 4096;

/// `text` compressed as lz-string's `compressToBase64` does, byte for byte.
pub fn compress_to_base64(text: &str) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    if units.is_empty() {
        return String::new();
    }
    let packed =
        lz_str::compress_internal(&units, 6, |value| u16::from(ALPHABET[usize::from(value)]));
    // every unit is an ASCII letter of the alphabet
    let mut output: String = packed.iter().map(|&unit| char::from(unit as u8)).collect();
    while !output.len().is_multiple_of(4) {
        output.push('=');
    }
    output
}

/// Why a text could not be decompressed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecompressError {
    /// A character outside the Base64 alphabet, at this character position (from 0).
    #[error("character {} is not Base64", .0 + 1)]
    NotBase64(usize),
    /// The stream is cut short or names a code it never defined.
    #[error("the compressed data is cut short or damaged")]
    Damaged,
    /// The units do not form UTF-16 text.
    #[error("the compressed data does not hold text")]
    NotText,
    /// Characters follow the end of the compressed data (a link run into other text, say).
    #[error("{0} character(s) after the end of the compressed data")]
    Trailing(usize),
    /// The text would be longer than any puzzle document (a decompression bomb).
    #[error("the compressed data unpacks to more than {limit} characters, longer than any puzzle document")]
    TooLong {
        /// The longest text unpacked, in UTF-16 units.
        limit: usize,
    },
    /// The caller's deadline passed or its flag was raised while unpacking.
    #[error("unpacking the link {0}")]
    Stopped(Stopped),
}

/// The text `compressed` holds, inverse of [`compress_to_base64`] (and of lz-string's
/// `compressToBase64`). Whitespace is ignored; `=` padding may be left out; `-` and `_` are
/// read as `+` and `/` (links pass through URLs, which may rewrite them). At most
/// [`LONGEST_TEXT`] characters are unpacked; past them, [`DecompressError::TooLong`].
pub fn decompress_from_base64(compressed: &str) -> Result<String, DecompressError> {
    decompress_from_base64_within(compressed, LONGEST_TEXT, &Budget::unlimited())
}

/// [`decompress_from_base64`] unpacking at most `limit` UTF-16 units, and stopping when the
/// deadline of `budget` passes or its flag is raised (its work limit, counted in an engine's
/// unit, does not apply). Time and memory are linear in the input and the text unpacked.
pub fn decompress_from_base64_within(
    compressed: &str,
    limit: usize,
    budget: &Budget,
) -> Result<String, DecompressError> {
    let mut values = Vec::with_capacity(compressed.len());
    for (position, character) in compressed.chars().enumerate() {
        let character = match character {
            '=' => continue,
            '-' => '+',
            '_' => '/',
            _ if character.is_whitespace() => continue,
            _ => character,
        };
        let value = u8::try_from(character)
            .ok()
            .and_then(|byte| ALPHABET.iter().position(|&letter| letter == byte))
            .ok_or(DecompressError::NotBase64(position))?;
        // the alphabet has 64 letters
        values.push(value as u8);
    }
    if values.is_empty() {
        return Ok(String::new());
    }
    let mut bits = Bits {
        values: &values,
        read: 0,
    };
    let units = unpack(&mut bits, limit, budget)?;
    // the packer flushes its last character with at least one bit of padding, so a stream of
    // b bits takes b/6 + 1 characters; the reader may stop short of the last (all padding)
    let used = bits.read / 6 + 1;
    if values.len() > used {
        return Err(DecompressError::Trailing(values.len() - used));
    }
    String::from_utf16(&units).map_err(|_| DecompressError::NotText)
}

/// The bits of the Base64 values, each value's highest bit first.
struct Bits<'a> {
    values: &'a [u8],
    /// Bits read so far.
    read: usize,
}

impl Bits<'_> {
    /// The next `count` bits (at most 32), the first read being the lowest.
    fn take(&mut self, count: u32) -> Result<u32, DecompressError> {
        let mut number = 0;
        for power in 0..count {
            let value = self
                .values
                .get(self.read / 6)
                .ok_or(DecompressError::Damaged)?;
            let bit = (value >> (5 - self.read % 6)) & 1;
            number |= u32::from(bit) << power;
            self.read += 1;
        }
        Ok(number)
    }
}

/// A code naming a character of 8 bits, then one of 16 bits, then the end of the stream.
const NARROW: u32 = 0;
const WIDE: u32 = 1;
const END: u32 = 2;

/// lz-string's LZW decoding (the JavaScript library's `_decompress`). Every entry the
/// decoder adds is the previous entry and one more character, and the previous entry is
/// the text just before that character: so each entry is a slice of the output, held as
/// (start, length), and writing one copies it within the output.
fn unpack(bits: &mut Bits, limit: usize, budget: &Budget) -> Result<Vec<u16>, DecompressError> {
    let too_long = DecompressError::TooLong { limit };
    let character = |bits: &mut Bits, code: u32| -> Result<u16, DecompressError> {
        let width = if code == NARROW { 8 } else { 16 };
        // at most 16 bits
        Ok(bits.take(width)? as u16)
    };
    let first = match bits.take(2)? {
        code @ (NARROW | WIDE) => character(bits, code)?,
        END => return Ok(Vec::new()),
        _ => return Err(DecompressError::Damaged),
    };
    if limit == 0 {
        return Err(too_long);
    }
    let mut output: Vec<u16> = vec![first];
    // codes 0, 1 and 2 are NARROW, WIDE and END; their slots are never read
    let mut dictionary: Vec<(usize, usize)> = vec![(0, 0), (0, 0), (0, 0), (0, 1)];
    let mut previous = (0, 1);
    let mut width: u32 = 3;
    let mut enlarge_in: usize = 4;
    let mut codes: usize = 0;
    loop {
        // at the first code too: a link unpacked for work already cut off stops at once
        if codes.is_multiple_of(CODES_BETWEEN_CHECKS) {
            budget.interrupted().map_err(DecompressError::Stopped)?;
        }
        codes += 1;
        let mut code = bits.take(width)?;
        let mut literal = None;
        match code {
            NARROW | WIDE => {
                literal = Some(character(bits, code)?);
                // the character's entry is where it is about to be written
                dictionary.push((output.len(), 1));
                code = u32::try_from(dictionary.len() - 1).map_err(|_| too_long.clone())?;
                enlarge_in -= 1;
            }
            END => return Ok(output),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
        let code = usize::try_from(code).map_err(|_| DecompressError::Damaged)?;
        let start = output.len();
        if let Some(character) = literal {
            output.push(character);
        } else if let Some(&(from, length)) = dictionary.get(code) {
            if output.len() + length > limit {
                return Err(too_long);
            }
            output.extend_from_within(from..from + length);
        } else if code == dictionary.len() {
            // the entry being defined: the previous one and its own first character
            let (from, length) = previous;
            if output.len() + length + 1 > limit {
                return Err(too_long);
            }
            output.extend_from_within(from..from + length);
            output.push(output[from]);
        } else {
            return Err(DecompressError::Damaged);
        }
        if output.len() > limit {
            return Err(too_long);
        }
        // the previous entry and this one's first character, which follows it in the output
        dictionary.push((previous.0, previous.1 + 1));
        enlarge_in -= 1;
        previous = (start, output.len() - start);
        if enlarge_in == 0 {
            enlarge_in = 1 << width;
            width += 1;
        }
    }
}

#[cfg(test)]
#[path = "../../tests/common/lz_bomb.rs"]
pub(super) mod lz_bomb;

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
    /// read, each variant and size) and every f-puzzles document they read round-trip, padded
    /// as the JavaScript library pads. (Before our own packer was replaced by `lz-str`, this
    /// test compared the two on the same 3357 links and 16 documents: byte-identical.)
    #[test]
    fn every_link_the_tests_make_round_trips() {
        use crate::notation::{self, fpuzzles};
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
        let mut documents: Vec<String> = Vec::new();
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
                    let Ok(link) =
                        fpuzzles::link(&entry.puzzle, entry.name.as_deref(), "https://x/?load=")
                    else {
                        continue;
                    };
                    let payload = link.split_once("?load=").unwrap().1;
                    assert_eq!(payload.len() % 4, 0, "{payload}");
                    documents.push(decompress_from_base64(payload).unwrap());
                }
            }
        }
        assert!(documents.len() > 3000, "{} documents", documents.len());
        for json in &documents {
            let packed = compress_to_base64(json);
            assert_eq!(packed.len() % 4, 0);
            assert_eq!(&decompress_from_base64(&packed).unwrap(), json);
        }
    }

    #[test]
    fn reads_links_rewritten_by_urls_and_names_a_stray_character() {
        let packed = compress_to_base64("{\"size\":9,\"grid\":[[{},{\"value\":5}]]}");
        let rewritten = packed.replace('+', "-").replace('/', "_");
        assert_eq!(
            decompress_from_base64(&rewritten),
            decompress_from_base64(&packed)
        );
        let spaced = format!(" {}\n", packed.trim_end_matches('='));
        assert_eq!(
            decompress_from_base64(&spaced),
            decompress_from_base64(&packed)
        );
        assert_eq!(
            decompress_from_base64("N4Ig!AAA"),
            Err(DecompressError::NotBase64(4))
        );
        assert_eq!(
            decompress_from_base64("N4Igé"),
            Err(DecompressError::NotBase64(4))
        );
    }

    #[test]
    fn refuses_characters_after_the_end_of_the_data() {
        let packed = compress_to_base64("{\"size\":9,\"grid\":[[{},{\"value\":5}]]}");
        let trimmed = packed.trim_end_matches('=');
        assert!(decompress_from_base64(trimmed).is_ok());
        assert_eq!(
            decompress_from_base64(&format!("{trimmed}xx")),
            Err(DecompressError::Trailing(2))
        );
        for (_, published) in PUBLISHED {
            assert!(decompress_from_base64(published).is_ok(), "{published}");
        }
    }

    use super::lz_bomb::bomb;

    #[test]
    fn unpacks_a_stream_of_growing_entries_in_full_below_the_limit() {
        let (link, letters) = bomb(1500);
        assert_eq!(letters, 1_127_251);
        let text = decompress_from_base64_within(&link, usize::MAX, &Budget::unlimited()).unwrap();
        assert_eq!(text.len(), letters);
        assert!(text.bytes().all(|byte| byte == b'a'));
        // the crate this decoder replaced reads the same text
        let units = lz_str::decompress_from_base64(&link).unwrap();
        assert_eq!(units.len(), letters);
        // one letter short of its length, the limit refuses it
        assert_eq!(
            decompress_from_base64_within(&link, letters - 1, &Budget::unlimited()),
            Err(DecompressError::TooLong { limit: letters - 1 })
        );
    }

    #[test]
    fn refuses_a_ten_kilobyte_bomb_at_the_longest_document() {
        // 6000 codes would unpack to 18 million letters
        let (link, letters) = bomb(6000);
        assert!(link.len() > 10_000 && link.len() < 12_000, "{}", link.len());
        assert!(letters > 18_000_000);
        let error = decompress_from_base64(&link).unwrap_err();
        assert_eq!(
            error,
            DecompressError::TooLong {
                limit: LONGEST_TEXT
            }
        );
        assert_eq!(
            error.to_string(),
            "the compressed data unpacks to more than 1048576 characters, longer than any puzzle document"
        );
    }

    #[test]
    fn stops_at_a_raised_flag() {
        let (link, _) = bomb(6000);
        let cancel = crate::budget::Cancel::new();
        cancel.cancel();
        let budget = Budget::unlimited().with_cancel(&cancel);
        assert_eq!(
            decompress_from_base64_within(&link, usize::MAX, &budget),
            Err(DecompressError::Stopped(Stopped::Cancelled))
        );
    }

    /// On random streams, the decoder reads what the `lz-str` crate reads, or refuses them
    /// where the crate reads on past the end of the data.
    #[test]
    fn agrees_with_the_crate_on_random_streams() {
        use rand::{Rng, SeedableRng};
        let mut random = rand_chacha::ChaCha8Rng::seed_from_u64(37);
        let mut read = 0;
        for _ in 0..20_000 {
            let length = random.random_range(1..24);
            let text: String = (0..length)
                .map(|_| char::from(ALPHABET[random.random_range(0..64)]))
                .collect();
            let values: Vec<u8> = text
                .bytes()
                .map(|byte| ALPHABET.iter().position(|&letter| letter == byte).unwrap() as u8)
                .collect();
            let ours = unpack(
                &mut Bits {
                    values: &values,
                    read: 0,
                },
                usize::MAX,
                &Budget::unlimited(),
            );
            if let Some(theirs) = lz_str::decompress_from_base64(&text) {
                assert_eq!(ours, Ok(theirs), "{text}");
                read += 1;
            }
        }
        assert!(read > 1000, "{read}");
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
