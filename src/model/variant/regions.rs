//! Irregular regions (jigsaw): n regions of n cells that stand where boxes stand.

use super::super::error::ModelError;
use super::super::geometry::{Cell, Geometry, House, HouseKind};
use super::invalid;

/// The region of every cell, row-major: n regions of n cells each, numbered from 0. A
/// puzzle with regions has an irregular [`Geometry`] and no boxes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    of_cell: Vec<u8>,
}

impl Regions {
    /// Regions from each cell's region number (row-major, numbered from 0), checked: n²
    /// cells, n regions of n cells each.
    pub fn new(geometry: Geometry, of_cell: Vec<u8>) -> Result<Regions, ModelError> {
        let size = usize::from(geometry.size());
        if of_cell.len() != geometry.cell_count() {
            return Err(invalid(
                "irregular regions",
                format!(
                    "the map has {} cells, a {size}×{size} grid has {}",
                    of_cell.len(),
                    geometry.cell_count()
                ),
            ));
        }
        let mut counts = vec![0usize; size];
        for (index, &region) in of_cell.iter().enumerate() {
            let cell = geometry.cell_at(index).expect("length checked above");
            match counts.get_mut(usize::from(region)) {
                Some(count) => *count += 1,
                None => {
                    return Err(invalid(
                        "irregular regions",
                        format!(
                            "{cell} is in region {}, a {size}×{size} grid has {size} regions",
                            region + 1
                        ),
                    ))
                }
            }
        }
        if let Some((region, &count)) = counts.iter().enumerate().find(|(_, &count)| count != size)
        {
            return Err(invalid(
                "irregular regions",
                format!(
                    "region {} has {count} cells, each region needs {size}",
                    region + 1
                ),
            ));
        }
        Ok(Regions { of_cell })
    }

    /// The zero-based region of `cell`.
    pub fn region_of(&self, cell: Cell) -> usize {
        usize::from(self.of_cell[cell.index()])
    }

    /// Each cell's region number, row-major.
    pub fn of_cell(&self) -> &[u8] {
        &self.of_cell
    }

    /// The regions as houses, region 0 first, cells in reading order.
    pub fn houses(&self, geometry: Geometry) -> Vec<House> {
        let size = usize::from(geometry.size());
        (0..size)
            .map(|region| {
                let cells = geometry
                    .cells()
                    .filter(|&cell| self.region_of(cell) == region)
                    .collect();
                House::new(HouseKind::Region(region as u8), cells)
            })
            .collect()
    }
}
