//! `check --candidates` in text: the setter's candidate view, each cell's true candidates (the
//! digits it takes in at least one solution) as a grid of pencil marks; the record is the
//! library's (`sudokit::service::candidates`).

use sudokit::model::{Digit, Geometry};
use sudokit::sat::TrueCandidates;

/// The shape of a cell's block of pencil marks: rows × columns holding 1..=n.
fn block(size: usize) -> (usize, usize) {
    let rows = (1..=size).find(|rows| rows * rows >= size).unwrap_or(1);
    (rows, size.div_ceil(rows))
}

/// The symbol of a digit: 1 to 9, then A for 10, B for 11 …
fn symbol(digit: Digit) -> char {
    match digit.get() {
        value @ 1..=9 => char::from(b'0' + value),
        value => char::from(b'A' + value - 10),
    }
}

/// The candidate grid in text: each cell a block of pencil marks (digit d at its place in
/// the block, `.` where d is not a candidate), cells apart by a space, boxes by `|`, rows
/// of cells by a blank line and bands of boxes by a rule.
pub fn grid_text(found: &TrueCandidates) -> String {
    let geometry: Geometry = found.geometry();
    let size = usize::from(geometry.size());
    let (block_rows, block_columns) = block(size);
    let box_rows = usize::from(geometry.box_rows());
    let box_columns = usize::from(geometry.box_columns());
    let boxed = geometry.has_boxes();
    let mut lines: Vec<String> = Vec::new();
    for row in 0..size {
        if row > 0 {
            if boxed && row % box_rows == 0 {
                lines.push(rule_line(size, block_columns, box_columns));
            } else {
                lines.push(String::new());
            }
        }
        for mark_row in 0..block_rows {
            let mut text = String::new();
            for column in 0..size {
                if column > 0 {
                    text.push_str(if boxed && column % box_columns == 0 {
                        " | "
                    } else {
                        " "
                    });
                }
                let Some(cell) = geometry.cell(row, column) else {
                    continue;
                };
                let digits = found.of(cell);
                for mark_column in 0..block_columns {
                    let value = mark_row * block_columns + mark_column + 1;
                    let digit = (value <= size).then(|| Digit::from_index(value - 1));
                    text.push(match digit {
                        Some(digit) if digits.contains(digit) => symbol(digit),
                        Some(_) => '.',
                        None => ' ',
                    });
                }
            }
            lines.push(text.trim_end().to_string());
        }
    }
    lines.join("\n")
}

/// The rule between two bands of boxes, its `+` under each `|`.
fn rule_line(size: usize, block_columns: usize, box_columns: usize) -> String {
    let boxes = size.div_ceil(box_columns);
    let width = box_columns * block_columns + box_columns - 1;
    let segment = "-".repeat(width);
    let mut text = String::new();
    for index in 0..boxes {
        if index > 0 {
            text.push_str("-+-");
        }
        text.push_str(&segment);
    }
    text
}

/// The verdict line above the grid: the status, how many solutions were found, and
/// whether the search was cut short (by --limit, or by the budget: then why).
pub fn summary(found: &TrueCandidates, limit: usize) -> String {
    let solutions = match found.solutions_found {
        1 => "1 solution".to_string(),
        count => format!("{count} solutions"),
    };
    let mut text = format!("{}, candidates from {solutions}", found.status());
    if let Some(stopped) = found.stopped {
        text.push_str(&format!(
            "; {stopped}: the digits shown each appear in a solution, the others are undecided"
        ));
    } else if !found.complete {
        text.push_str(&format!(
            "; stopped at --limit {limit}: the digits shown each appear in a solution, the \
             others are undecided (raise --limit to decide them)"
        ));
    }
    if let Some(reason) = &found.reason {
        text.push_str(&format!(": {reason}"));
    }
    text
}
