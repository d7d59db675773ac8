//! Writes the input of the bank benchmarks (BENCHMARKS.md, "Puzzle bank at a million"):
//! `COPIES` random transformations of every puzzle of the given files (bands, rows, stacks,
//! columns, transposition and digits shuffled by a ChaCha stream of seed 30), one line each,
//! in a seeded random order, to standard output.
//! `cargo run --release --example bank_scale_input -- 20 tests/data/classic/royle_17clue_49158.txt > million.txt`

use std::io::Write;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit::canonical::Transformation;
use sudokit::notation::{self, Format};

fn main() {
    let mut arguments = std::env::args().skip(1);
    let copies: usize = match arguments.next().and_then(|text| text.parse().ok()) {
        Some(copies) => copies,
        None => {
            eprintln!("usage: bank_scale_input COPIES FILE…");
            std::process::exit(2);
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    let mut lines = Vec::new();
    for path in arguments {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|error| {
            eprintln!("{path}: {error}");
            std::process::exit(2);
        });
        for entry in notation::parse_each(&text, None).into_iter().flatten() {
            for _ in 0..copies {
                let turned = Transformation::random(&entry.puzzle, true, &mut rng)
                    .apply(&entry.puzzle)
                    .expect("a classic transformation keeps a classic puzzle valid");
                lines.push(notation::format_grid(turned.givens(), Format::Line));
            }
        }
    }
    lines.shuffle(&mut rng);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in lines {
        if writeln!(out, "{line}").is_err() {
            return;
        }
    }
}
