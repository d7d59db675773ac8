//! lz-string's `compressToBase64` and `decompressFromBase64`, the packing f-puzzles and
//! SudokuPad links use, on the `lz-str` crate: the crate does the LZW coding; this module
//! pads as the JavaScript library does (to a multiple of four characters; `lz-str` writes one
//! `=` more) and checks the Base64 text before unpacking (the crate skips characters outside
//! the alphabet without a word, and a damaged link must be an error, not a different puzzle).

/// The Base64 alphabet lz-string writes.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

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
}

/// The text `compressed` holds, inverse of [`compress_to_base64`] (and of lz-string's
/// `compressToBase64`). Whitespace is ignored; `=` padding may be left out; `-` and `_` are
/// read as `+` and `/` (links pass through URLs, which may rewrite them).
pub fn decompress_from_base64(compressed: &str) -> Result<String, DecompressError> {
    let mut cleaned = String::with_capacity(compressed.len());
    for (position, character) in compressed.chars().enumerate() {
        match character {
            '=' => {}
            '-' => cleaned.push('+'),
            '_' => cleaned.push('/'),
            _ if character.is_whitespace() => {}
            _ if character.is_ascii() && ALPHABET.contains(&(character as u8)) => {
                cleaned.push(character)
            }
            _ => return Err(DecompressError::NotBase64(position)),
        }
    }
    if cleaned.is_empty() {
        return Ok(String::new());
    }
    let units = lz_str::decompress_from_base64(&cleaned).ok_or(DecompressError::Damaged)?;
    let text = String::from_utf16(&units).map_err(|_| DecompressError::NotText)?;
    // the coder stops at its end marker and ignores what follows: packing the text again
    // (lz-string's packing is the same for the same text) gives the length of the real data
    let used = compress_to_base64(&text).trim_end_matches('=').len();
    if cleaned.len() > used {
        return Err(DecompressError::Trailing(cleaned.len() - used));
    }
    Ok(text)
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
