//! Grades one 9×9 puzzle given as an 81-character line and prints the path.
//!
//! `cargo run --release --example grade_one -- <puzzle>`

use sudokit::grade::grade;
use sudokit::model::{Geometry, Grid, Puzzle};

fn main() {
    let line = std::env::args().nth(1).expect("a puzzle line");
    let values: Vec<u8> = line
        .bytes()
        .map(|byte| {
            if byte.is_ascii_digit() {
                byte - b'0'
            } else {
                0
            }
        })
        .collect();
    let geometry = Geometry::for_size(9).expect("9×9");
    let puzzle =
        Puzzle::classic(Grid::from_values(geometry, &values).expect("81 cells")).expect("valid");
    let grading = grade(&puzzle);
    for step in &grading.steps {
        if !step.technique.is_single() {
            println!("{}", step.explain(&puzzle));
        }
    }
    println!(
        "{} {} solved={}",
        grading.level, grading.score, grading.solved
    );
}
