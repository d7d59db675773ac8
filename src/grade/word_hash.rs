//! A multiply-rotate hash of small words for the grader's sets of seen states (rectangles
//! met, dead sum-search states): keys of a few cell numbers or digit masks, on which SipHash
//! costs more than the searches around it. Not meant to resist chosen keys; only lookups use
//! it, never an iteration order, so it changes no answer.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// A set hashed with [`WordHasher`].
pub(crate) type WordSet<T> = HashSet<T, BuildHasherDefault<WordHasher>>;

/// The hasher: each word rotates the state, is mixed in and multiplied by an odd constant.
#[derive(Default)]
pub(crate) struct WordHasher(u64);

impl WordHasher {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.mix(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        for &byte in chunks.remainder() {
            self.mix(u64::from(byte));
        }
    }

    fn write_u32(&mut self, word: u32) {
        self.mix(u64::from(word));
    }

    fn write_u64(&mut self, word: u64) {
        self.mix(word);
    }

    fn write_usize(&mut self, word: usize) {
        self.mix(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
