//! The library in four steps: check a puzzle read from a string, grade it, generate one from a
//! built-in preset, and render both as SVG.
//!
//! `cargo run --release --example library_tour [PUZZLE] [OUT_DIR]`: the puzzle in any notation
//! the command line reads (an 81-character line when left out), SVG files written to `OUT_DIR`
//! (the system's temporary folder when left out).

use std::error::Error;
use std::path::PathBuf;

use sudokit::preset::Preset;
use sudokit::{backtrack, generate, grade, notation, render, sat, Count};

const DEFAULT_PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn main() -> std::process::ExitCode {
    match tour() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("library_tour: {error}");
            std::process::ExitCode::from(2)
        }
    }
}

fn tour() -> Result<(), Box<dyn Error>> {
    let mut arguments = std::env::args().skip(1);
    let text = arguments.next().unwrap_or_else(|| DEFAULT_PUZZLE.into());
    let out = arguments
        .next()
        .map_or_else(std::env::temp_dir, PathBuf::from);

    // 1. Check: both engines count the solutions, up to two.
    let entry = notation::parse(&text, None)?.remove(0);
    let native = backtrack::count_solutions(&entry.puzzle, 2);
    let confirmed = sat::count_solutions(&entry.puzzle, 2)?;
    // They agree when they count the same, and on the grid when there is only one (two
    // solutions of a loose puzzle may be any two).
    let same_grid = !confirmed.is_unique() || native.solution() == confirmed.solution();
    if native.found() != confirmed.found() || !same_grid {
        return Err("the native and SAT engines disagree".into());
    }
    match &confirmed {
        Count::Unique(_) => println!("check: unique"),
        Count::Multiple { .. } => {
            println!("check: several solutions, so it is not graded");
            return Ok(());
        }
        Count::None { reason } => {
            println!(
                "check: no solution ({})",
                reason.as_deref().unwrap_or("no reason given")
            );
            return Ok(());
        }
    }

    // 2. Grade: the human path and its HoDoKu rating.
    let grading = grade::grade(&entry.puzzle);
    println!(
        "grade: {} {} ({} steps, hardest {})",
        grading.level,
        grading.score,
        grading.steps.len(),
        grading
            .hardest
            .map_or("none".into(), |technique| technique.to_string())
    );

    // 3. Generate: a puzzle from a built-in preset, the same for the same seed and index.
    let preset = Preset::builtin("classic-medium")?;
    let made = generate::puzzle(&preset, 1, 0)?;
    let rating = made
        .grading
        .as_ref()
        .map_or("not rated".to_string(), |grading| {
            format!("{} {}", grading.level, grading.score)
        });
    println!(
        "generate: {} givens, {rating}",
        made.puzzle.givens().filled_count()
    );

    // 4. Render: SVG pictures of the checked and the generated puzzle.
    for (name, puzzle) in [("checked", &entry.puzzle), ("generated", &made.puzzle)] {
        let path = out.join(format!("sudokit-tour-{name}.svg"));
        std::fs::write(&path, render::puzzle_svg(puzzle, None))?;
        println!("render: {}", path.display());
    }
    Ok(())
}
