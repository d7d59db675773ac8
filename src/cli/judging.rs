//! What the rating commands share: the published solution compared with a rating's digits.

use sudokit::model::Grid;
use sudokit::notation::Entry;

use super::sources::Record;

/// The cells where the puzzle's published solution (a `solution` line or field) differs from
/// the digits a rating placed (`grid`, full or not: every digit the grader places is the
/// only solution's), if it does; said on standard error, and the run exits 1, as `check`.
pub fn published_differs(record: &Record, entry: &Entry, grid: &Grid) -> bool {
    let Some(published) = &entry.solution else {
        return false;
    };
    let cells: Vec<String> = grid
        .filled()
        .filter(|&(cell, digit)| published.get(cell) != Some(digit))
        .map(|(cell, _)| cell.to_string())
        .collect();
    if cells.is_empty() {
        return false;
    }
    complain!(
        "{}: the published solution differs at {}",
        record.location(),
        cells.join(" ")
    );
    true
}
