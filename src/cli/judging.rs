//! What the rating commands share: a shard's block of the records read, and the published
//! solution compared with a rating's digits.

use sudokit::model::Grid;
use sudokit::notation::Entry;

use super::sources::Record;

/// The shard's block of `records` (all of them without a shard): `--shard`, or else the
/// scheduler's environment (Slurm job array, Kubernetes Indexed Job).
pub fn shard_block(
    records: Vec<Record>,
    shard: Option<super::generate::Shard>,
) -> anyhow::Result<Vec<Record>> {
    Ok(match super::generate::resolve_shard(shard)? {
        Some(shard) => {
            let (first, end) = shard.block(records.len() as u64);
            detail!(
                "shard {} of {}: puzzles {first}..{end}",
                shard.index,
                shard.count
            );
            records
                .into_iter()
                .skip(first as usize)
                .take((end - first) as usize)
                .collect()
        }
        None => records,
    })
}

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
