//! Per-puzzle tables built once in `Solver::new`: houses as flat cell lists, each cell's
//! peers (house mates and cage mates) and the houses each cell belongs to.

use crate::model::Puzzle;

/// Flat lookup tables for one puzzle's geometry and all-different groups. Cells are row-major
/// indices and digits are bit positions (bit `d - 1` for digit `d`), so the hot loops work on
/// plain integers.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// The side n of the grid.
    pub size: usize,
    /// n².
    pub cell_count: usize,
    /// The mask holding every digit of the grid.
    pub all_digits: u32,
    /// How many houses (rows, columns, boxes, then extra houses such as diagonals).
    pub house_count: usize,
    /// The cells of house `h` at `house_cells[h * size..(h + 1) * size]`.
    pub house_cells: Vec<u16>,
    /// Peers of cell `c` at `peers[peer_start[c]..peer_start[c + 1]]`.
    pub peer_start: Vec<u32>,
    /// Every cell that must differ from a given cell: house mates, cage mates and the cells
    /// a variant rule keeps apart from it; sorted.
    pub peers: Vec<u16>,
    /// For each cell, the set of houses holding it (bit `h` for house `h`).
    pub cell_houses: Vec<u128>,
    /// Rows and columns cut into box-wide segments, for box-line locked candidates.
    pub segments: [SegmentFamily; 2],
    /// Whether the grid has rectangular boxes. Without them (irregular regions) a segment
    /// is a whole row or a single cell, and box-line reasoning on segments finds nothing
    /// that singles have not already found.
    pub has_boxes: bool,
    /// Pairs of houses sharing two cells or more where one is an extra house (a diagonal)
    /// or an irregular region, for locked candidates beyond boxes and lines.
    pub overlaps: Vec<Overlap>,
    /// The cell lists the overlaps point into.
    pub overlap_cells: Vec<u16>,
}

/// Two houses that share cells. A digit whose cells in one house all lie in the shared
/// part must go there, so it leaves the rest of the other house.
#[derive(Clone, Debug)]
pub(super) struct Overlap {
    /// The shared cells, in `overlap_cells`.
    pub shared: (u32, u32),
    /// The first house's other cells.
    pub first_rest: (u32, u32),
    /// The second house's other cells.
    pub second_rest: (u32, u32),
    /// Both houses (bit `h` for house `h`): the overlap needs another look only when a cell
    /// of one of them changed.
    pub houses: u128,
}

/// The lines of one direction (rows or columns) cut where they cross boxes. Segment `j` of
/// line `l` holds cells `cells[(l * per_line + j) * length..][..length]`; the lines of one
/// band (`group` consecutive lines) cross the same boxes.
#[derive(Clone, Debug)]
pub(super) struct SegmentFamily {
    /// Segments per line (boxes a line crosses).
    pub per_line: usize,
    /// Cells per segment.
    pub length: usize,
    /// Lines per band of boxes.
    pub group: usize,
    /// The cells of every segment, line by line.
    pub cells: Vec<u16>,
}

impl SegmentFamily {
    /// Rows (`by_rows`) or columns of a grid with boxes `box_rows` × `box_columns`.
    fn new(size: usize, box_rows: usize, box_columns: usize, by_rows: bool) -> SegmentFamily {
        let (length, group) = if by_rows {
            (box_columns, box_rows)
        } else {
            (box_rows, box_columns)
        };
        let per_line = size / length;
        let mut cells = Vec::with_capacity(size * size);
        for line in 0..size {
            for position in 0..size {
                let (row, column) = if by_rows {
                    (line, position)
                } else {
                    (position, line)
                };
                cells.push(cell_index(row * size + column));
            }
        }
        SegmentFamily {
            per_line,
            length,
            group,
            cells,
        }
    }

    /// The cells of segment `segment` of line `line`.
    #[inline]
    pub fn segment(&self, line: usize, segment: usize) -> &[u16] {
        let start = (line * self.per_line + segment) * self.length;
        &self.cells[start..start + self.length]
    }
}

impl Layout {
    /// Builds the tables for a puzzle's houses and cages.
    pub fn new(puzzle: &Puzzle) -> Layout {
        let size = usize::from(puzzle.size());
        let cell_count = size * size;
        let houses = puzzle.houses();
        // 3 × 25 + 2 diagonals fit in a u128; more houses would be extra all-different groups
        // beyond the diagonals, which the model builds only from long diagonals today.
        assert!(houses.len() <= 128, "at most 128 houses are supported");
        let mut house_cells = Vec::with_capacity(houses.len() * size);
        let mut cell_houses = vec![0u128; cell_count];
        let mut peer_sets = vec![Vec::<u16>::new(); cell_count];
        let mut groups: Vec<Vec<u16>> = Vec::new();
        for (number, house) in houses.iter().enumerate() {
            let cells: Vec<u16> = house
                .cells()
                .iter()
                .map(|cell| cell_index(cell.index()))
                .collect();
            for &cell in &cells {
                cell_houses[usize::from(cell)] |= 1u128 << number;
            }
            house_cells.extend_from_slice(&cells);
            groups.push(cells);
        }
        for cage in puzzle.cages() {
            groups.push(
                cage.cells
                    .iter()
                    .map(|cell| cell_index(cell.index()))
                    .collect(),
            );
        }
        // Cells a variant rule keeps apart (anti-knight, renban, ...) are peers too.
        groups.extend(super::variant::distinct_groups(puzzle));
        for group in &groups {
            for &cell in group {
                peer_sets[usize::from(cell)]
                    .extend(group.iter().copied().filter(|&other| other != cell));
            }
        }
        let mut peer_start = Vec::with_capacity(cell_count + 1);
        let mut peers = Vec::new();
        for mut set in peer_sets {
            set.sort_unstable();
            set.dedup();
            peer_start.push(u32::try_from(peers.len()).expect("peer table fits u32"));
            peers.extend(set);
        }
        peer_start.push(u32::try_from(peers.len()).expect("peer table fits u32"));
        let geometry = puzzle.geometry();
        // Irregular regions cross rows and columns like extra houses do (box-line locked
        // candidates cannot see them: the segments cut whole rows).
        let first_extra = if geometry.has_boxes() {
            3 * size
        } else {
            2 * size
        };
        let (overlaps, overlap_cells) = overlaps(&groups[..houses.len()], first_extra);
        let (box_rows, box_columns) = (
            usize::from(geometry.box_rows()),
            usize::from(geometry.box_columns()),
        );
        Layout {
            size,
            cell_count,
            all_digits: full_mask(size),
            house_count: houses.len(),
            house_cells,
            peer_start,
            peers,
            cell_houses,
            segments: [
                SegmentFamily::new(size, box_rows, box_columns, true),
                SegmentFamily::new(size, box_rows, box_columns, false),
            ],
            has_boxes: geometry.has_boxes(),
            overlaps,
            overlap_cells,
        }
    }

    /// The cells of a range of `overlap_cells`.
    #[inline]
    pub fn overlap_part(&self, (start, end): (u32, u32)) -> &[u16] {
        &self.overlap_cells[start as usize..end as usize]
    }

    /// The cells of house `house`.
    #[inline]
    pub fn house(&self, house: usize) -> &[u16] {
        &self.house_cells[house * self.size..(house + 1) * self.size]
    }

    /// The peers of `cell`.
    #[inline]
    pub fn peers_of(&self, cell: usize) -> &[u16] {
        let start = self.peer_start[cell] as usize;
        let end = self.peer_start[cell + 1] as usize;
        &self.peers[start..end]
    }

    /// The set holding every house.
    pub fn all_houses(&self) -> u128 {
        if self.house_count == 128 {
            u128::MAX
        } else {
            (1u128 << self.house_count) - 1
        }
    }
}

/// Every pair of houses sharing at least two cells, one of them an extra house (number
/// `first_extra` or above), with the shared cells and the rest of each house laid out in one
/// flat list.
fn overlaps(houses: &[Vec<u16>], first_extra: usize) -> (Vec<Overlap>, Vec<u16>) {
    let mut overlaps = Vec::new();
    let mut cells: Vec<u16> = Vec::new();
    let push = |list: &mut dyn Iterator<Item = u16>, cells: &mut Vec<u16>| {
        let start = cells.len() as u32;
        cells.extend(list);
        (start, cells.len() as u32)
    };
    for (first_number, first) in houses.iter().enumerate() {
        for (second_number, second) in houses.iter().enumerate().skip(first_number + 1) {
            if second_number < first_extra {
                continue;
            }
            let shared_count = first.iter().filter(|cell| second.contains(cell)).count();
            if shared_count < 2 || shared_count == first.len() {
                continue;
            }
            let shared = push(
                &mut first.iter().copied().filter(|cell| second.contains(cell)),
                &mut cells,
            );
            let first_rest = push(
                &mut first.iter().copied().filter(|cell| !second.contains(cell)),
                &mut cells,
            );
            let second_rest = push(
                &mut second.iter().copied().filter(|cell| !first.contains(cell)),
                &mut cells,
            );
            overlaps.push(Overlap {
                shared,
                first_rest,
                second_rest,
                houses: (1u128 << first_number) | (1u128 << second_number),
            });
        }
    }
    (overlaps, cells)
}

/// The mask of digits `1..=size`.
pub(super) fn full_mask(size: usize) -> u32 {
    (1u32 << size) - 1
}

/// A cell index as stored in the tables (grids have at most 625 cells).
pub(super) fn cell_index(index: usize) -> u16 {
    u16::try_from(index).expect("at most 625 cells")
}
