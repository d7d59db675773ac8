//! Time to unpack lz-string decompression bombs (issue 37): our decoder, with the output cap
//! (the longest document) and without it, against the path it replaced (the `lz-str`
//! crate's decoder, then the text packed again to find where the data ended: cubic in the
//! link), on links of 1.5 to 10 KB. `cargo run --release --example link_bomb_timing`; figures in
//! BENCHMARKS.md.

use std::time::Instant;

use sudokit::budget::Budget;
use sudokit::notation::lz_string;

#[path = "../tests/common/lz_bomb.rs"]
mod lz_bomb;

/// Seconds `work` takes, and what it returns.
fn timed<T>(work: impl FnOnce() -> T) -> (f64, T) {
    let started = Instant::now();
    let result = work();
    (started.elapsed().as_secs_f64(), result)
}

fn main() {
    println!("link bytes | unpacks to | capped (ours) | uncapped (ours) | replaced path");
    for codes in [900, 1400, 2000, 4500, 6200] {
        let (link, letters) = lz_bomb::bomb(codes);
        let (capped, refused) = timed(|| lz_string::decompress_from_base64(&link).is_err());
        assert!(refused || letters <= lz_string::LONGEST_TEXT);
        let (uncapped, text) = timed(|| {
            lz_string::decompress_from_base64_within(&link, usize::MAX, &Budget::unlimited())
        });
        assert_eq!(text.map(|text| text.len()), Ok(letters));
        // the replaced path grows with the cube of the link: past 4 KB, it is left out
        let replaced = if link.len() < 4000 {
            let (seconds, units) = timed(|| {
                let units = lz_str::decompress_from_base64(&link).expect("a bomb unpacks");
                let text = String::from_utf16(&units).expect("letters");
                lz_string::compress_to_base64(&text).len()
            });
            assert!(units > 0);
            format!("{seconds:>11.3} s")
        } else {
            "(not run)".to_string()
        };
        println!(
            "{:>10} | {letters:>10} | {:>11.4} s | {uncapped:>13.4} s | {replaced}",
            link.len(),
            capped
        );
    }
}
