//! Symmetries of the givens' pattern and the orbits of cells they move together.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Cell, Geometry};

/// A symmetry the pattern of givens keeps: the digger removes a cell only together with
/// every cell the symmetry maps it to (its orbit). It is a property of the pattern, not of
/// the digits, so it holds for every box shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symmetry {
    /// No symmetry: cells are removed one at a time.
    None,
    /// Half-turn rotation about the centre, the usual one in books: r,c ↔ n−1−r,n−1−c.
    #[default]
    Rotate180,
    /// Quarter-turn rotation about the centre (orbits of up to four cells).
    Rotate90,
    /// Mirror across the horizontal middle line: the top half mirrors the bottom.
    MirrorHorizontal,
    /// Mirror across the vertical middle line: the left half mirrors the right.
    MirrorVertical,
    /// Mirror across the main diagonal (top-left to bottom-right): r,c ↔ c,r.
    Diagonal,
    /// Mirror across the anti-diagonal (top-right to bottom-left): r,c ↔ n−1−c,n−1−r.
    AntiDiagonal,
    /// Every rotation and mirror of the square at once (orbits of up to eight cells).
    Dihedral,
}

/// A map of an n×n grid onto itself: (side, row, column) → (row, column).
type CellMap = fn(usize, usize, usize) -> (usize, usize);

impl Symmetry {
    /// Every symmetry, in the order of their names in help texts.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::MirrorHorizontal,
        Symmetry::MirrorVertical,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Dihedral,
    ];

    /// The name used on the command line: `none`, `rotate-180`, `rotate-90`,
    /// `mirror-horizontal`, `mirror-vertical`, `diagonal`, `anti-diagonal`, `dihedral`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::MirrorHorizontal => "mirror-horizontal",
            Symmetry::MirrorVertical => "mirror-vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The maps (row, column) → (row, column) that generate the symmetry's group on an
    /// n×n grid (the identity is implied).
    fn generators(self) -> &'static [CellMap] {
        match self {
            Symmetry::None => &[],
            Symmetry::Rotate180 => &[rotate_half],
            Symmetry::Rotate90 => &[rotate_quarter],
            Symmetry::MirrorHorizontal => &[mirror_horizontal],
            Symmetry::MirrorVertical => &[mirror_vertical],
            Symmetry::Diagonal => &[mirror_diagonal],
            Symmetry::AntiDiagonal => &[mirror_anti_diagonal],
            Symmetry::Dihedral => &[rotate_quarter, mirror_vertical],
        }
    }

    /// The cells of `geometry` grouped into orbits: each orbit holds every cell the symmetry
    /// maps its first cell to. Orbits are listed by their smallest cell, cells in row-major
    /// order, so the list depends only on the geometry.
    pub fn orbits(self, geometry: Geometry) -> Vec<Vec<Cell>> {
        let size = usize::from(geometry.size());
        let generators = self.generators();
        let mut seen = vec![false; geometry.cell_count()];
        let mut orbits = Vec::new();
        for start in geometry.cells() {
            if seen[start.index()] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start.index()] = true;
            let mut next = 0;
            while next < orbit.len() {
                let cell = orbit[next];
                next += 1;
                for generator in generators {
                    let (row, column) = generator(size, cell.row(), cell.column());
                    if let Some(image) = geometry.cell(row, column) {
                        if !seen[image.index()] {
                            seen[image.index()] = true;
                            orbit.push(image);
                        }
                    }
                }
            }
            orbit.sort_by_key(|cell| cell.index());
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the cells given in `filled` (one flag per cell) form a pattern this symmetry
    /// keeps.
    pub fn holds_for(self, geometry: Geometry, filled: &[bool]) -> bool {
        self.orbits(geometry).iter().all(|orbit| {
            orbit
                .iter()
                .all(|cell| filled[cell.index()] == filled[orbit[0].index()])
        })
    }
}

fn rotate_half(size: usize, row: usize, column: usize) -> (usize, usize) {
    (size - 1 - row, size - 1 - column)
}

fn rotate_quarter(size: usize, row: usize, column: usize) -> (usize, usize) {
    (column, size - 1 - row)
}

fn mirror_horizontal(size: usize, row: usize, column: usize) -> (usize, usize) {
    (size - 1 - row, column)
}

fn mirror_vertical(size: usize, row: usize, column: usize) -> (usize, usize) {
    (row, size - 1 - column)
}

fn mirror_diagonal(_size: usize, row: usize, column: usize) -> (usize, usize) {
    (column, row)
}

fn mirror_anti_diagonal(size: usize, row: usize, column: usize) -> (usize, usize) {
    (size - 1 - column, size - 1 - row)
}

impl fmt::Display for Symmetry {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// A word that names no symmetry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry {word:?} (expected one of: {})", Symmetry::ALL.map(Symmetry::name).join(", "))]
pub struct UnknownSymmetry {
    /// The word given.
    pub word: String,
}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(text: &str) -> Result<Symmetry, UnknownSymmetry> {
        let wanted = text.trim().to_ascii_lowercase().replace('_', "-");
        let aliases = [("180", Symmetry::Rotate180), ("90", Symmetry::Rotate90)];
        Symmetry::ALL
            .into_iter()
            .find(|symmetry| symmetry.name() == wanted)
            .or_else(|| {
                aliases
                    .iter()
                    .find(|(alias, _)| *alias == wanted)
                    .map(|&(_, symmetry)| symmetry)
            })
            .ok_or_else(|| UnknownSymmetry {
                word: text.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn orbit_sizes(symmetry: Symmetry, size: usize) -> Vec<usize> {
        let geometry = Geometry::for_size(size).unwrap();
        let mut sizes: Vec<usize> = symmetry.orbits(geometry).iter().map(Vec::len).collect();
        sizes.sort_unstable();
        sizes
    }

    #[test]
    fn orbits_partition_the_grid() {
        for size in [4, 6, 9, 16, 25] {
            let geometry = Geometry::for_size(size).unwrap();
            for symmetry in Symmetry::ALL {
                let mut cells: Vec<usize> = symmetry
                    .orbits(geometry)
                    .iter()
                    .flatten()
                    .map(|cell| cell.index())
                    .collect();
                cells.sort_unstable();
                assert_eq!(cells, (0..size * size).collect::<Vec<_>>(), "{symmetry}");
            }
        }
    }

    #[test]
    fn orbit_sizes_match_the_group() {
        // 9×9: the centre is fixed by every map; 80 other cells pair up under a half turn.
        let half = orbit_sizes(Symmetry::Rotate180, 9);
        assert_eq!(half.iter().filter(|&&size| size == 1).count(), 1);
        assert_eq!(half.iter().filter(|&&size| size == 2).count(), 40);
        let quarter = orbit_sizes(Symmetry::Rotate90, 9);
        assert_eq!(quarter.iter().filter(|&&size| size == 4).count(), 20);
        // A mirror fixes the cells on its axis: 9 of them on 9×9, none on 16×16.
        let mirror = orbit_sizes(Symmetry::MirrorVertical, 9);
        assert_eq!(mirror.iter().filter(|&&size| size == 1).count(), 9);
        assert!(orbit_sizes(Symmetry::MirrorHorizontal, 16)
            .iter()
            .all(|&size| size == 2));
        let diagonal = orbit_sizes(Symmetry::Diagonal, 9);
        assert_eq!(diagonal.iter().filter(|&&size| size == 1).count(), 9);
        // Dihedral on 9×9: the centre alone; the middle row and column and the two
        // diagonals give orbits of 4; everything else 8: 1 + 8·4 + 6·8 = 81.
        let dihedral = orbit_sizes(Symmetry::Dihedral, 9);
        assert_eq!(dihedral.iter().filter(|&&size| size == 1).count(), 1);
        assert_eq!(dihedral.iter().filter(|&&size| size == 4).count(), 8);
        assert_eq!(dihedral.iter().filter(|&&size| size == 8).count(), 6);
        assert_eq!(orbit_sizes(Symmetry::None, 9), vec![1; 81]);
    }

    #[test]
    fn names_read_back() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
        }
        assert_eq!("180".parse::<Symmetry>(), Ok(Symmetry::Rotate180));
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
