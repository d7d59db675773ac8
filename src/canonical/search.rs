//! The searches behind the canonical key: a pruned depth-first walk over band, row, stack
//! and column choices for grids without diagonals, and a walk over the (small) group of row
//! permutations that keep the diagonals for X grids.

use std::borrow::Cow;

use crate::model::{Puzzle, Relation};

use super::transform::{flipped, Transformation};

/// Where a cell value keeps its cage rank (killers).
pub const RANK_SHIFT: u32 = 16;
/// Where a cell value keeps its cage sum (killers).
pub const SUM_SHIFT: u32 = 5;
/// The bits of a cage sum once shifted down.
pub const SUM_MASK: u32 = 0x7ff;
/// The bits of a given digit (killers keep digits as they are).
pub const DIGIT_MASK: u32 = 0x1f;

const NO_TOKEN: u16 = u16::MAX;
const UNSET: usize = usize::MAX;
/// The most stacks a grid whose first rows are sorted by their givens may have.
const MAX_STACKS: usize = 64;
/// The widest stack whose columns a classic walk orders by their smallest values.
const MAX_WIDTH: usize = 16;

/// What the search sees of a puzzle, cell by cell in one orientation. A token is what gets
/// renamed in order of first appearance: the digit for classic and X grids, the cage for
/// killers (whose digits and sums stay as they are, in `fixed`).
#[derive(Clone)]
pub struct Cells {
    size: usize,
    box_rows: usize,
    box_columns: usize,
    tokens: Vec<u16>,
    fixed: Vec<u32>,
    token_count: usize,
    shift: u32,
    comparisons: Vec<(u16, u16, Relation)>,
}

impl Cells {
    /// The cells of `puzzle` as they stand.
    pub fn of(puzzle: &Puzzle) -> Cells {
        let geometry = puzzle.geometry();
        let size = usize::from(geometry.size());
        let cell_count = geometry.cell_count();
        let killer = puzzle.cage_count() > 0;
        let mut tokens = vec![NO_TOKEN; cell_count];
        let mut fixed = vec![0; cell_count];
        if killer {
            for (index, cage) in puzzle.cages().enumerate() {
                let sum = cage.sum.unwrap_or(0) & SUM_MASK;
                for cell in &cage.cells {
                    tokens[cell.index()] = index as u16;
                    fixed[cell.index()] = sum << SUM_SHIFT;
                }
            }
            for (cell, digit) in puzzle.givens().filled() {
                fixed[cell.index()] |= u32::from(digit.get());
            }
        } else {
            for (cell, digit) in puzzle.givens().filled() {
                tokens[cell.index()] = digit.index() as u16;
            }
        }
        let comparisons = puzzle
            .comparisons()
            .map(|comparison| {
                (
                    comparison.first.index() as u16,
                    comparison.second.index() as u16,
                    comparison.relation,
                )
            })
            .collect();
        Cells {
            size,
            box_rows: usize::from(geometry.box_rows()),
            box_columns: usize::from(geometry.box_columns()),
            tokens,
            fixed,
            token_count: if killer { puzzle.cage_count() } else { size },
            shift: if killer { RANK_SHIFT } else { 0 },
            comparisons,
        }
    }

    /// The same cells mirrored in the main diagonal (square boxes only).
    fn transposed(&self) -> Cells {
        let mut transposed = self.clone();
        for row in 0..self.size {
            for column in 0..self.size {
                let from = row * self.size + column;
                let to = column * self.size + row;
                transposed.tokens[to] = self.tokens[from];
                transposed.fixed[to] = self.fixed[from];
            }
        }
        transposed
    }

    /// The same cells with rows and columns put in a likely order (bands, rows, stacks and
    /// columns with fewer givens, then with an earlier first-row pattern, first), and the
    /// original row and column of each. The search is exact from any order; from this one
    /// its first branches come near the smallest image, so the bound prunes from the start
    /// (a randomly shuffled puzzle is otherwise about seven times slower than one already
    /// in minlex form).
    fn presorted(&self) -> (Cells, Vec<usize>, Vec<usize>) {
        let rows = self.likely_order(
            |line, position| line * self.size + position,
            self.box_rows,
            self.box_columns,
        );
        let columns = self.likely_order(
            |line, position| position * self.size + line,
            self.box_columns,
            self.box_rows,
        );
        let mut sorted = self.clone();
        for (row, &original_row) in rows.iter().enumerate() {
            for (column, &original_column) in columns.iter().enumerate() {
                let to = row * self.size + column;
                let from = original_row * self.size + original_column;
                sorted.tokens[to] = self.tokens[from];
                sorted.fixed[to] = self.fixed[from];
            }
        }
        (sorted, rows, columns)
    }

    /// An order of the rows (or columns, by `cell(line, position)`) keeping their blocks of
    /// `block` together: each line keyed by its count of givens and its counts per block of
    /// `across` cells, sorted, and a block by its lines' keys (then their indices).
    fn likely_order(
        &self,
        cell: impl Fn(usize, usize) -> usize,
        block: usize,
        across: usize,
    ) -> Vec<usize> {
        let size = self.size;
        // parts past MAX_STACKS (none on the grids sudokit reads) only weaken the order,
        // which the search does not depend on
        let parts = (size / across).min(MAX_STACKS);
        let keys: Vec<[u8; MAX_STACKS + 1]> = (0..size)
            .map(|line| {
                let mut key = [0u8; MAX_STACKS + 1];
                for part in 0..parts {
                    key[1 + part] = (part * across..(part + 1) * across)
                        .filter(|&position| self.tokens[cell(line, position)] != NO_TOKEN)
                        .count() as u8;
                }
                key[1..=parts].sort_unstable();
                key[0] = key[1..=parts]
                    .iter()
                    .fold(0u8, |total, &count| total.wrapping_add(count));
                key
            })
            .collect();
        let mut order: Vec<usize> = (0..size).collect();
        for lines in order.chunks_mut(block) {
            lines.sort_by_key(|&line| (keys[line], line));
        }
        let mut blocks: Vec<&[usize]> = order.chunks(block).collect();
        blocks.sort_by(|first, second| {
            first
                .iter()
                .map(|&line| &keys[line])
                .cmp(second.iter().map(|&line| &keys[line]))
                .then_with(|| first.cmp(second))
        });
        blocks.concat()
    }

    /// The signature classes of this orientation's lines (see [`Classes`]).
    fn classes(&self) -> Classes {
        let size = self.size;
        let (height, width) = (self.box_rows, self.box_columns);
        let mut frequency = vec![0u32; self.token_count];
        let mut row_count = vec![0u32; size];
        let mut column_count = vec![0u32; size];
        let mut box_count = vec![0u32; size];
        let box_of = |row: usize, column: usize| (row / height) * (size / width) + column / width;
        for row in 0..size {
            for column in 0..size {
                let token = self.tokens[row * size + column];
                if token != NO_TOKEN {
                    frequency[usize::from(token)] += 1;
                    row_count[row] += 1;
                    column_count[column] += 1;
                    box_count[box_of(row, column)] += 1;
                }
            }
        }
        // a line's signature: per block it crosses (sorted), its cells' (given, digit
        // frequency, count of the crossing line, count of the box) sorted; the same for every
        // isomorph in this orientation, whatever the other lines' order or the digits' names
        let line_signature = |cell: &dyn Fn(usize) -> (usize, usize), across: usize, row: bool| {
            let mut blocks: Vec<Vec<[u32; 4]>> = (0..size / across)
                .map(|block| {
                    let mut cells: Vec<[u32; 4]> = (block * across..(block + 1) * across)
                        .map(|position| {
                            let (at_row, at_column) = cell(position);
                            let token = self.tokens[at_row * size + at_column];
                            let filled = token != NO_TOKEN;
                            [
                                u32::from(filled),
                                if filled {
                                    frequency[usize::from(token)]
                                } else {
                                    0
                                },
                                if row {
                                    column_count[at_column]
                                } else {
                                    row_count[at_row]
                                },
                                box_count[box_of(at_row, at_column)],
                            ]
                        })
                        .collect();
                    cells.sort_unstable();
                    cells
                })
                .collect();
            blocks.sort_unstable();
            blocks
        };
        let rows: Vec<_> = (0..size)
            .map(|row| line_signature(&|position| (row, position), width, true))
            .collect();
        let columns: Vec<_> = (0..size)
            .map(|column| line_signature(&|position| (position, column), height, false))
            .collect();
        Classes {
            rows: line_classes(&rows, height),
            columns: line_classes(&columns, width),
        }
    }

    /// The orientations to try: as is, and transposed when boxes are square.
    fn orientations(&self) -> Vec<Cow<'_, Cells>> {
        let mut orientations = vec![Cow::Borrowed(self)];
        if self.box_rows == self.box_columns {
            orientations.push(Cow::Owned(self.transposed()));
        }
        orientations
    }
}

/// Lines sorted by signature: a class for each line (its signature's rank among the
/// puzzle's), and for each block of lines (band or stack) its lines' classes sorted, with the
/// block's own class (the rank of that sorted list) first.
fn line_classes<T: Ord>(signatures: &[T], block: usize) -> LineClasses {
    let classes = ranks(signatures);
    let mut blocks: Vec<Vec<u32>> = classes
        .chunks(block)
        .map(|lines| {
            let mut lines = lines.to_vec();
            lines.sort_unstable();
            lines
        })
        .collect();
    let block_classes = ranks(&blocks);
    for (lines, class) in blocks.iter_mut().zip(block_classes) {
        lines.insert(0, class);
    }
    let mut wanted: Vec<u32> = blocks.iter().map(|lines| lines[0]).collect();
    wanted.sort_unstable();
    LineClasses {
        class: classes,
        blocks,
        wanted,
    }
}

/// The rank of each item among the distinct items (equal items share a rank).
fn ranks<T: Ord>(items: &[T]) -> Vec<u32> {
    let mut sorted: Vec<&T> = items.iter().collect();
    sorted.sort_unstable();
    sorted.dedup();
    items
        .iter()
        .map(|item| sorted.partition_point(|other| *other < item) as u32)
        .collect()
}

/// The signature classes of one orientation's rows and columns, for a search that keeps only
/// images whose bands come in order of their class, and rows within a band in order of
/// theirs (the same for stacks and columns). A line's signature is the same in every
/// isomorph, so every isomorph has the same set of such images: their smallest is an exact
/// key, found with far fewer choices on big grids.
struct Classes {
    rows: LineClasses,
    columns: LineClasses,
}

impl Classes {
    fn of(&self, axis: Axis) -> &LineClasses {
        match axis {
            Axis::Rows => &self.rows,
            Axis::Columns => &self.columns,
        }
    }
}

/// The signature classes of one axis's lines (rows or columns).
struct LineClasses {
    /// Each original line's class.
    class: Vec<u32>,
    /// Per original block (band or stack): its class, then its lines' classes sorted.
    blocks: Vec<Vec<u32>>,
    /// The class each block of an image must have, in order: the blocks' classes sorted.
    wanted: Vec<u32>,
}

impl LineClasses {
    /// Whether output block `block` may come from original block `original`.
    fn block_fits(&self, block: usize, original: usize) -> bool {
        self.blocks[original][0] == self.wanted[block]
    }

    /// Whether an output line (the `offset`-th of its block) may come from original line
    /// `original` of original block `original_block`.
    fn line_fits(&self, offset: usize, original_block: usize, original: usize) -> bool {
        self.class[original] == self.blocks[original_block][1 + offset]
    }
}

/// The smallest image: cell values row-major, then the comparisons (cage ranks, smaller
/// first, and how the first's sum relates to the second's), sorted.
pub struct Image {
    /// One value per cell.
    pub values: Vec<u32>,
    /// The comparisons between cages, by cage rank.
    pub comparisons: Vec<(u32, u32, Relation)>,
    /// A transformation that takes the puzzle to this image.
    pub transformation: Transformation,
}

/// The transformation behind the smallest image found so far.
struct Found {
    transpose: bool,
    rows: Vec<usize>,
    columns: Vec<usize>,
    /// The rank of each token (digit index, or cage), 0 for tokens not seen.
    ranks: Vec<u32>,
}

/// The smallest image found so far; positions from `valid` on are not yet known.
///
/// A plain search writes each value it offers into `values` (a branch that gets through
/// every offer is the new best). A tentative one (`candidate` not empty) is for searches
/// whose leaves can still be refused (a killer image that breaks a cage, a dead end): it
/// writes the branch into `candidate` and copies it into `values` only at [`Best::accept`].
struct Best {
    values: Vec<u32>,
    valid: usize,
    /// Steps the search may still take; at 0 it stops and answers nothing.
    work_left: u64,
    found: Option<Found>,
    /// The branch being walked (tentative searches only).
    candidate: Vec<u32>,
    /// The first position where the branch is smaller than `values` (or `values` unknown),
    /// `UNSET` while the branch equals it (tentative searches only).
    smaller_from: usize,
}

impl Best {
    fn new(length: usize, work: u64) -> Best {
        Best {
            values: vec![0; length],
            valid: 0,
            work_left: work,
            found: None,
            candidate: Vec::new(),
            smaller_from: UNSET,
        }
    }

    /// A tentative best: nothing is kept until [`Best::accept`].
    fn tentative(length: usize, work: u64) -> Best {
        Best {
            candidate: vec![0; length],
            ..Best::new(length, work)
        }
    }

    fn is_tentative(&self) -> bool {
        !self.candidate.is_empty()
    }

    /// Keeps the branch offered so far, which got through every offer, as the best.
    fn accept(&mut self) {
        if self.is_tentative() {
            self.values.copy_from_slice(&self.candidate);
            self.valid = self.values.len();
            self.smaller_from = UNSET;
        }
    }

    /// [`Best::offer`] for a tentative search.
    fn offer_tentative(&mut self, position: usize, value: u32) -> bool {
        if self.smaller_from != UNSET && self.smaller_from >= position {
            self.smaller_from = UNSET;
        }
        self.candidate[position] = value;
        if self.smaller_from != UNSET {
            return true;
        }
        if position >= self.valid {
            self.smaller_from = position;
            return true;
        }
        match value.cmp(&self.values[position]) {
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Less => {
                self.smaller_from = position;
                true
            }
            std::cmp::Ordering::Equal => true,
        }
    }

    /// Takes one step of work: false once the budget is spent.
    #[inline]
    fn spend(&mut self) -> bool {
        if self.work_left == 0 {
            return false;
        }
        self.work_left -= 1;
        true
    }

    /// Offers `value` at `position`, the positions before it being equal to the best's:
    /// false when it is larger (the branch stops), true otherwise (kept as the best's).
    #[inline]
    fn offer(&mut self, position: usize, value: u32) -> bool {
        if self.is_tentative() {
            return self.offer_tentative(position, value);
        }
        if position < self.valid {
            if value > self.values[position] {
                return false;
            }
            if value == self.values[position] {
                return true;
            }
        }
        self.values[position] = value;
        self.valid = position + 1;
        true
    }

    /// Offers a whole tail starting at `start`: true when the image is now the best (equal
    /// or smaller), false when the tail is larger.
    fn offer_tail(&mut self, start: usize, tail: &[u32]) -> bool {
        if self.is_tentative() {
            return tail
                .iter()
                .enumerate()
                .all(|(offset, &value)| self.offer_tentative(start + offset, value));
        }
        for (offset, &value) in tail.iter().enumerate() {
            let position = start + offset;
            if position < self.valid {
                if value > self.values[position] {
                    return false;
                }
                if value == self.values[position] {
                    continue;
                }
            }
            self.values[position..position + tail.len() - offset].copy_from_slice(&tail[offset..]);
            self.valid = start + tail.len();
            return true;
        }
        self.valid = self.valid.max(start + tail.len());
        true
    }

    /// The image and the transformation behind it, with digits never seen among the givens
    /// named after the seen ones (in order) when `relabel`.
    fn into_image(self, cell_count: usize, relabel: bool) -> Option<Image> {
        if self.work_left == 0 {
            return None;
        }
        let found = self.found?;
        let digits = relabel.then(|| {
            let mut next = found.ranks.iter().copied().max().unwrap_or(0);
            found
                .ranks
                .iter()
                .map(|&rank| {
                    if rank > 0 {
                        rank as u8
                    } else {
                        next += 1;
                        next as u8
                    }
                })
                .collect()
        });
        let transformation = Transformation {
            transpose: found.transpose,
            rows: found.rows,
            columns: found.columns,
            digits,
        };
        let comparisons = self.values[cell_count..]
            .iter()
            .map(|&value| decode_comparison(value))
            .collect();
        let mut values = self.values;
        values.truncate(cell_count);
        Some(Image {
            values,
            comparisons,
            transformation,
        })
    }
}

fn encode_comparison(first: u32, second: u32, relation: Relation) -> u32 {
    let (first, second, relation) = if first <= second {
        (first, second, relation)
    } else {
        (second, first, flipped(relation))
    };
    let code = match relation {
        Relation::Less => 0,
        Relation::Equal => 1,
        Relation::Greater => 2,
    };
    (first << 20) | (second << 2) | code
}

fn decode_comparison(value: u32) -> (u32, u32, Relation) {
    let relation = match value & 3 {
        0 => Relation::Less,
        1 => Relation::Equal,
        _ => Relation::Greater,
    };
    (value >> 20, (value >> 2) & 0x3ffff, relation)
}

/// The renaming of tokens in order of first appearance along one transformation.
struct Ranks {
    rank: Vec<u32>,
    next: u32,
}

impl Ranks {
    fn new(token_count: usize) -> Ranks {
        Ranks {
            rank: vec![0; token_count],
            next: 0,
        }
    }

    /// The rank of `token` (0 for none), and whether it was given just now.
    fn of(&mut self, token: u16) -> (u32, bool) {
        if token == NO_TOKEN {
            return (0, false);
        }
        let slot = &mut self.rank[usize::from(token)];
        if *slot == 0 {
            self.next += 1;
            *slot = self.next;
            return (*slot, true);
        }
        (*slot, false)
    }

    /// The rank `token` has now (0 for none yet), without ranking it.
    fn peek(&self, token: u16) -> u32 {
        self.rank.get(usize::from(token)).copied().unwrap_or(0)
    }

    fn forget(&mut self, token: u16) {
        self.rank[usize::from(token)] = 0;
        self.next -= 1;
    }

    fn clear(&mut self) {
        self.rank.fill(0);
        self.next = 0;
    }

    /// The comparisons, by rank, sorted.
    fn comparisons(&self, comparisons: &[(u16, u16, Relation)]) -> Vec<u32> {
        let mut encoded: Vec<u32> = comparisons
            .iter()
            .map(|&(first, second, relation)| {
                encode_comparison(
                    self.rank[usize::from(first)],
                    self.rank[usize::from(second)],
                    relation,
                )
            })
            .collect();
        encoded.sort_unstable();
        encoded
    }
}

/// The depth-first walk over the geometry's symmetries: which original band, row, stack and
/// column each output one comes from, chosen when the first cell needing it is reached.
pub struct GeometrySearch<'cells> {
    cells: &'cells Cells,
    lazy_columns: bool,
    keep_cages: bool,
    by_signatures: bool,
}

/// Which lines a walk binds: rows or columns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Axis {
    Rows,
    Columns,
}

/// One axis of a walk: the original line each output line comes from, and the original
/// block (band or stack) each output block comes from.
struct Lines {
    /// Lines per block: a box's height for rows, its width for columns.
    block: usize,
    image: Vec<usize>,
    used: Vec<bool>,
    block_image: Vec<usize>,
    block_used: Vec<bool>,
}

impl Lines {
    fn new(size: usize, block: usize) -> Lines {
        Lines {
            block,
            image: vec![UNSET; size],
            used: vec![false; size],
            block_image: vec![UNSET; size / block],
            block_used: vec![false; size / block],
        }
    }
}

struct Walk<'cells> {
    cells: &'cells Cells,
    /// Whether `cells` is the puzzle transposed.
    transpose: bool,
    rows: Lines,
    columns: Lines,
    /// How many leading columns of each output stack are still unbound: columns empty in
    /// every row so far, so any order of them gives the same image up to here (classic
    /// grids only; the choice waits for the first row where they differ).
    lazy: Vec<usize>,
    lazy_columns: bool,
    /// Whether only images with every cage connected count (a killer's canonical form).
    keep_cages: bool,
    /// The original rows that may come first: on a classic grid, those whose
    /// [`Walk::first_row_counts`] are the smallest (any other starts a larger image).
    first_rows: Vec<bool>,
    /// The signature classes lines must follow ([`GeometrySearch::by_signatures`]).
    classes: Option<Classes>,
    ranks: Ranks,
}

impl<'cells> GeometrySearch<'cells> {
    /// A search over the cells of one puzzle.
    pub fn new(cells: &'cells Cells) -> GeometrySearch<'cells> {
        GeometrySearch {
            cells,
            lazy_columns: cells.shift == 0,
            keep_cages: false,
            by_signatures: false,
        }
    }

    /// The same search over images whose lines come in order of their signatures only
    /// ([`Classes`]): an exact key, other than the minlex one, that big grids reach in far
    /// fewer steps.
    pub fn by_signatures(mut self) -> GeometrySearch<'cells> {
        self.by_signatures = true;
        self.lazy_columns = false;
        self
    }

    /// The same search counting only images that keep every cage connected (a valid
    /// killer): the smallest of those is the same for every valid isomorph, so it is the
    /// killer's canonical form whichever orientation arrives first.
    pub fn keeping_cages(mut self) -> GeometrySearch<'cells> {
        self.keep_cages = true;
        self.lazy_columns = false;
        self
    }

    /// The same search binding every column as soon as it is reached: slower, kept to check
    /// the lazy one against.
    #[cfg(test)]
    pub fn eager(mut self) -> GeometrySearch<'cells> {
        self.lazy_columns = false;
        self
    }

    /// The smallest image over every orientation and permutation, or `None` when it takes
    /// more than `work` steps.
    pub fn smallest(&self, work: u64) -> Option<Image> {
        let cell_count = self.cells.size * self.cells.size;
        let length = cell_count + self.cells.comparisons.len();
        let mut best = if self.keep_cages {
            Best::tentative(length, work)
        } else {
            Best::new(length, work)
        };
        let (sorted, sorted_rows, sorted_columns) = self.cells.presorted();
        let orientations = sorted.orientations();
        let size = sorted.size;
        let first_rows_known = self.lazy_columns && size / sorted.box_columns <= MAX_STACKS;
        // each orientation's rows by their smallest first image: only those whose image is
        // the smallest of all orientations may come first (any other starts a larger image)
        let first_counts: Vec<Vec<[u8; MAX_STACKS]>> = if first_rows_known {
            orientations
                .iter()
                .map(|oriented| {
                    (0..size)
                        .map(|original| Walk::first_row_counts(oriented, original))
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        };
        let smallest_counts = first_counts.iter().flatten().min();
        for (orientation, oriented) in orientations.iter().enumerate() {
            let first_rows = match (first_counts.get(orientation), smallest_counts) {
                (Some(counts), Some(smallest)) => {
                    if !counts.contains(smallest) {
                        // every image of this orientation starts larger
                        continue;
                    }
                    counts.iter().map(|counts| counts == smallest).collect()
                }
                _ => vec![true; size],
            };
            let stacks = size / oriented.box_columns;
            let mut walk = Walk {
                cells: oriented,
                transpose: orientation == 1,
                rows: Lines::new(size, oriented.box_rows),
                columns: Lines::new(size, oriented.box_columns),
                lazy: vec![0; stacks],
                lazy_columns: self.lazy_columns,
                keep_cages: self.keep_cages,
                first_rows,
                classes: self.by_signatures.then(|| oriented.classes()),
                ranks: Ranks::new(oriented.token_count),
            };
            walk.visit(0, &mut best);
        }
        if let Some(found) = &mut best.found {
            // back from the sorted cells to the puzzle's own rows and columns
            let (rows_from, columns_from) = if found.transpose {
                (&sorted_columns, &sorted_rows)
            } else {
                (&sorted_rows, &sorted_columns)
            };
            for row in &mut found.rows {
                *row = rows_from[*row];
            }
            for column in &mut found.columns {
                *column = columns_from[*column];
            }
        }
        best.into_image(cell_count, self.cells.shift == 0)
    }
}

impl Walk<'_> {
    /// Whether the image's rows up to `last` (all bound, with every column) can still end
    /// with every cage connected: each group of a cage's cells there is the whole cage, or
    /// reaches row `last` to join the rest below.
    fn cages_may_close(&self, last: usize) -> bool {
        let size = self.cells.size;
        let cell_count = (last + 1) * size;
        let mut cage_size = vec![0usize; self.cells.token_count];
        for &token in &self.cells.tokens {
            if token != NO_TOKEN {
                cage_size[usize::from(token)] += 1;
            }
        }
        let image: Vec<u16> = (0..cell_count)
            .map(|position| {
                self.cells.tokens
                    [self.rows.image[position / size] * size + self.columns.image[position % size]]
            })
            .collect();
        let mut reached = vec![false; cell_count];
        let mut stack = Vec::new();
        for first in 0..cell_count {
            let token = image[first];
            if token == NO_TOKEN || reached[first] {
                continue;
            }
            reached[first] = true;
            stack.push(first);
            let (mut cells, mut touches_last) = (0, false);
            while let Some(cell) = stack.pop() {
                cells += 1;
                let (row, column) = (cell / size, cell % size);
                touches_last |= row == last;
                let neighbours = [
                    (row > 0).then(|| cell - size),
                    (row < last).then(|| cell + size),
                    (column > 0).then(|| cell - 1),
                    (column + 1 < size).then(|| cell + 1),
                ];
                for next in neighbours.into_iter().flatten() {
                    if !reached[next] && image[next] == token {
                        reached[next] = true;
                        stack.push(next);
                    }
                }
            }
            if !touches_last && cells < cage_size[usize::from(token)] {
                return false;
            }
        }
        true
    }

    /// Whether every cage is connected in this walk's image (every row and column bound).
    fn cages_whole(&self) -> bool {
        cages_whole(self.cells, &self.rows.image, &self.columns.image)
    }

    /// The transformation of this walk, at a full image: columns still unbound (empty in
    /// every row) take their stack's unused columns in order.
    fn found(&self) -> Found {
        let width = self.cells.box_columns;
        let mut columns = self.columns.image.clone();
        let mut used = self.columns.used.clone();
        for (column, slot) in columns.iter_mut().enumerate() {
            if *slot != UNSET {
                continue;
            }
            let first = self.columns.block_image[column / width] * width;
            if let Some(original) = (first..first + width).find(|&original| !used[original]) {
                used[original] = true;
                *slot = original;
            }
        }
        Found {
            transpose: self.transpose,
            rows: self.rows.image.clone(),
            columns,
            ranks: self.ranks.rank.clone(),
        }
    }

    /// Walks on from `position`: cells whose row and column are bound are offered in a loop
    /// (no call per cell), and the first cell needing a choice hands over to it.
    fn visit(&mut self, mut position: usize, best: &mut Best) {
        let size = self.cells.size;
        let width = self.cells.box_columns;
        // the cell's row and column, and its stack with the stack's first column, kept as
        // the walk moves on (no division per cell)
        let (mut row, mut column) = (position / size, position % size);
        let mut stack = column / width;
        let mut stack_start = stack * width;
        // the tokens ranked along this run, forgotten in reverse on the way back
        let mut fresh = [NO_TOKEN; 32];
        let mut fresh_count = 0;
        loop {
            if !best.spend() {
                break;
            }
            if row == size {
                let tail = self.ranks.comparisons(&self.cells.comparisons);
                if best.offer_tail(position, &tail) && (!self.keep_cages || self.cages_whole()) {
                    best.accept();
                    best.found = Some(self.found());
                }
                break;
            }
            if self.keep_cages && column == 0 && row > 0 && !self.cages_may_close(row - 1) {
                break;
            }
            let original_row = self.rows.image[row];
            if original_row == UNSET {
                self.choose(Axis::Rows, row, position, best);
                break;
            }
            if self.lazy_columns {
                if self.columns.block_image[stack] == UNSET {
                    self.choose_stack(row, stack, position, best);
                    break;
                }
                if self.lazy[stack] > 0 && column == stack_start {
                    self.refine(row, stack, position, best);
                    break;
                }
            }
            let original_column = self.columns.image[column];
            if original_column == UNSET {
                self.choose(Axis::Columns, column, position, best);
                break;
            }
            if fresh_count == fresh.len() {
                self.visit(position, best);
                break;
            }
            let original = original_row * size + original_column;
            let token = self.cells.tokens[original];
            let (rank, new) = self.ranks.of(token);
            if new {
                fresh[fresh_count] = token;
                fresh_count += 1;
            }
            let value = (rank << self.cells.shift) | self.cells.fixed[original];
            if !best.offer(position, value) {
                break;
            }
            position += 1;
            column += 1;
            if column == size {
                (row, column, stack, stack_start) = (row + 1, 0, 0, 0);
            } else if column == stack_start + width {
                stack += 1;
                stack_start = column;
            }
        }
        for &token in fresh[..fresh_count].iter().rev() {
            self.ranks.forget(token);
        }
    }

    /// The counts of givens in the stacks of original row `original`, sorted (fewest first)
    /// and padded with zeros. A row's smallest first image on a classic grid is the 0/1
    /// pattern of its stacks in this order (empty cells first within each) with its digits
    /// numbered 1, 2, 3…, so two rows' smallest first images compare as these counts do.
    fn first_row_counts(cells: &Cells, original: usize) -> [u8; MAX_STACKS] {
        let size = cells.size;
        let width = cells.box_columns;
        let stacks = size / width;
        let mut counts = [0u8; MAX_STACKS];
        for (stack, count) in counts.iter_mut().enumerate().take(stacks) {
            let row = &cells.tokens[original * size + stack * width..][..width];
            *count = row.iter().filter(|&&token| token != NO_TOKEN).count() as u8;
        }
        counts[..stacks].sort_unstable();
        counts
    }

    /// Binds output stack `stack` to each unused original stack in turn, all its columns
    /// left unbound.
    /// Only the stacks whose [`Walk::smallest_segment`] in output row `row` is the smallest
    /// are tried: any other shows a larger image there than one of those.
    fn choose_stack(&mut self, row: usize, stack: usize, position: usize, best: &mut Best) {
        let stacks = self.columns.block_used.len();
        let smallest = (0..stacks)
            .filter(|&original_stack| !self.columns.block_used[original_stack])
            .filter_map(|original_stack| self.smallest_segment(row, original_stack))
            .min();
        for original_stack in 0..stacks {
            if self.columns.block_used[original_stack]
                || smallest.is_some_and(|smallest| {
                    self.smallest_segment(row, original_stack) != Some(smallest)
                })
            {
                continue;
            }
            self.columns.block_used[original_stack] = true;
            self.columns.block_image[stack] = original_stack;
            self.lazy[stack] = self.cells.box_columns;
            self.visit(position, best);
            self.columns.block_used[original_stack] = false;
        }
        self.columns.block_image[stack] = UNSET;
        self.lazy[stack] = 0;
    }

    /// The smallest values original stack `original_stack` can show in output row `row`
    /// with all its columns unbound: its empty cells first, then its digits ranked already,
    /// smallest first, then its new ones (ranked next, in any order); `None` for stacks
    /// wider than [`MAX_WIDTH`].
    fn smallest_segment(&self, row: usize, original_stack: usize) -> Option<[u32; MAX_WIDTH]> {
        let size = self.cells.size;
        let width = self.cells.box_columns;
        if width > MAX_WIDTH {
            return None;
        }
        let start = self.rows.image[row] * size + original_stack * width;
        let mut ranked = [0u32; MAX_WIDTH];
        let (mut ranked_count, mut new) = (0, 0);
        for &token in &self.cells.tokens[start..start + width] {
            if token == NO_TOKEN {
                continue;
            }
            match self.ranks.peek(token) {
                0 => new += 1,
                rank => {
                    ranked[ranked_count] = rank;
                    ranked_count += 1;
                }
            }
        }
        ranked[..ranked_count].sort_unstable();
        let empty = width - ranked_count - new;
        let mut segment = [0u32; MAX_WIDTH];
        segment[empty..empty + ranked_count].copy_from_slice(&ranked[..ranked_count]);
        for (offset, value) in segment[empty + ranked_count..width].iter_mut().enumerate() {
            *value = self.ranks.next + 1 + offset as u32;
        }
        Some(segment)
    }

    /// At the first unbound column of a stack in output row `row`: the unbound columns empty
    /// in this row come first (and stay unbound), the others are bound after them in every
    /// order the pruning lets through.
    fn refine(&mut self, row: usize, stack: usize, position: usize, best: &mut Best) {
        let size = self.cells.size;
        let width = self.cells.box_columns;
        let unbound = self.lazy[stack];
        let original_row = self.rows.image[row];
        let first = self.columns.block_image[stack] * width;
        let mut empty = 0;
        let mut filled = [0usize; 32];
        let mut filled_count = 0;
        for original in first..first + width {
            if self.columns.used[original] {
                continue;
            }
            if self.cells.tokens[original_row * size + original] == NO_TOKEN {
                empty += 1;
            } else {
                filled[filled_count] = original;
                filled_count += 1;
            }
        }
        for offset in 0..empty {
            best.offer(position + offset, 0);
        }
        self.lazy[stack] = empty;
        self.bind_filled(
            row,
            &filled[..filled_count],
            0,
            position + empty,
            position + unbound,
            best,
        );
        self.lazy[stack] = unbound;
    }

    fn bind_filled(
        &mut self,
        row: usize,
        filled: &[usize],
        taken: u32,
        position: usize,
        end: usize,
        best: &mut Best,
    ) {
        if position == end {
            self.visit(position, best);
            return;
        }
        let size = self.cells.size;
        let column = position % size;
        let row_start = self.rows.image[row] * size;
        // A digit ranked already is smaller than any new one, and the row's digits differ:
        // the smallest images put the ranked ones first, smallest rank first, then the new
        // ones in every order (any other order is larger here than one of those).
        let mut first_ranked: Option<(u32, usize)> = None;
        for (slot, &original) in filled.iter().enumerate() {
            let rank = self.ranks.peek(self.cells.tokens[row_start + original]);
            if taken & (1 << slot) == 0
                && rank > 0
                && first_ranked.is_none_or(|(smallest, _)| rank < smallest)
            {
                first_ranked = Some((rank, slot));
            }
        }
        for (slot, &original) in filled.iter().enumerate() {
            if taken & (1 << slot) != 0 || first_ranked.is_some_and(|(_, only)| only != slot) {
                continue;
            }
            let cell = row_start + original;
            let token = self.cells.tokens[cell];
            let (rank, fresh) = self.ranks.of(token);
            if best.offer(position, rank) {
                self.columns.image[column] = original;
                self.columns.used[original] = true;
                self.bind_filled(row, filled, taken | (1 << slot), position + 1, end, best);
                self.columns.used[original] = false;
                self.columns.image[column] = UNSET;
            }
            if fresh {
                self.ranks.forget(token);
            }
        }
    }

    /// The axis's lines (rows or columns) of this walk.
    fn lines(&mut self, axis: Axis) -> &mut Lines {
        match axis {
            Axis::Rows => &mut self.rows,
            Axis::Columns => &mut self.columns,
        }
    }

    /// Binds output line `line` of `axis` (a row or a column): at a block's first line to
    /// each unused original block in turn, then to each unused line of its block.
    fn choose(&mut self, axis: Axis, line: usize, position: usize, best: &mut Best) {
        let height = self.lines(axis).block;
        let block = line / height;
        if line.is_multiple_of(height) {
            for original_block in 0..self.lines(axis).block_used.len() {
                if self.lines(axis).block_used[original_block]
                    || self
                        .classes
                        .as_ref()
                        .is_some_and(|classes| !classes.of(axis).block_fits(block, original_block))
                {
                    continue;
                }
                let lines = self.lines(axis);
                lines.block_used[original_block] = true;
                lines.block_image[block] = original_block;
                self.try_lines(axis, line, original_block, position, best);
                self.lines(axis).block_used[original_block] = false;
            }
            self.lines(axis).block_image[block] = UNSET;
        } else {
            let original_block = self.lines(axis).block_image[block];
            self.try_lines(axis, line, original_block, position, best);
        }
    }

    fn try_lines(
        &mut self,
        axis: Axis,
        line: usize,
        original_block: usize,
        position: usize,
        best: &mut Best,
    ) {
        let height = self.lines(axis).block;
        for original in original_block * height..(original_block + 1) * height {
            if self.lines(axis).used[original]
                || (axis == Axis::Rows && line == 0 && !self.first_rows[original])
                || self.classes.as_ref().is_some_and(|classes| {
                    !classes
                        .of(axis)
                        .line_fits(line % height, original_block, original)
                })
            {
                continue;
            }
            let lines = self.lines(axis);
            lines.used[original] = true;
            lines.image[line] = original;
            self.visit(position, best);
            self.lines(axis).used[original] = false;
        }
        self.lines(axis).image[line] = UNSET;
    }
}

/// The row permutations that keep the band structure and commute with reversal (row i goes
/// where row n-1-i's mirror goes), so that applied to rows and columns alike they keep both
/// long diagonals.
pub fn diagonal_row_group(size: usize, box_rows: usize) -> Vec<Vec<usize>> {
    let mut group = Vec::new();
    let mut image = vec![UNSET; size];
    let mut used = vec![false; size];
    let mut band_image = vec![UNSET; size / box_rows];
    extend_diagonal(
        0,
        box_rows,
        &mut image,
        &mut used,
        &mut band_image,
        &mut group,
    );
    group
}

fn extend_diagonal(
    row: usize,
    box_rows: usize,
    image: &mut Vec<usize>,
    used: &mut Vec<bool>,
    band_image: &mut Vec<usize>,
    group: &mut Vec<Vec<usize>>,
) {
    let size = image.len();
    let mirror = size - 1 - row;
    if row > mirror {
        group.push(image.clone());
        return;
    }
    for target in 0..size {
        let target_mirror = size - 1 - target;
        if used[target] || used[target_mirror] || (row == mirror) != (target == target_mirror) {
            continue;
        }
        let pairs = [(row, target), (mirror, target_mirror)];
        let mut set_bands = Vec::new();
        let consistent = pairs.iter().all(|&(from, to)| {
            let (from_band, to_band) = (from / box_rows, to / box_rows);
            if band_image[from_band] == UNSET {
                if band_image.contains(&to_band) {
                    return false;
                }
                band_image[from_band] = to_band;
                set_bands.push(from_band);
                true
            } else {
                band_image[from_band] == to_band
            }
        });
        if consistent {
            for &(from, to) in &pairs {
                image[from] = to;
                used[to] = true;
            }
            extend_diagonal(row + 1, box_rows, image, used, band_image, group);
            for &(from, to) in &pairs {
                image[from] = UNSET;
                used[to] = false;
            }
        }
        for band in set_bands {
            band_image[band] = UNSET;
        }
    }
}

/// The smallest image of a grid whose long diagonals are houses: every row permutation of
/// [`diagonal_row_group`] applied to rows and to columns (or to columns then mirrored, which
/// swaps the two diagonals, when both are houses), in both orientations when boxes are
/// square.
/// `keep_cages` counts only images that keep every cage connected.
pub fn smallest_diagonal(cells: &Cells, both: bool, keep_cages: bool, work: u64) -> Option<Image> {
    let size = cells.size;
    let cell_count = size * size;
    let group = diagonal_row_group(size, cells.box_rows);
    let mut best = Best::new(cell_count + cells.comparisons.len(), work);
    let mut ranks = Ranks::new(cells.token_count);
    let mut candidate = vec![0; cell_count];
    let mut mirrored = vec![0; size];
    for (orientation, oriented) in cells.orientations().iter().enumerate() {
        for rows in &group {
            for mirror in [false, true] {
                if mirror && !both {
                    continue;
                }
                let columns = if mirror {
                    for (column, slot) in mirrored.iter_mut().enumerate() {
                        *slot = size - 1 - rows[column];
                    }
                    &mirrored
                } else {
                    rows
                };
                if !best.spend() {
                    return None;
                }
                ranks.clear();
                let mut position = 0;
                let mut smaller = best.valid == 0;
                let mut larger = false;
                'cells: for &original_row in rows.iter() {
                    for &original_column in columns.iter() {
                        let original = original_row * size + original_column;
                        let (rank, _) = ranks.of(oriented.tokens[original]);
                        let value = (rank << oriented.shift) | oriented.fixed[original];
                        if !smaller {
                            if value > best.values[position] {
                                larger = true;
                                break 'cells;
                            }
                            smaller = value < best.values[position];
                        }
                        candidate[position] = value;
                        position += 1;
                    }
                }
                if larger {
                    continue;
                }
                if keep_cages {
                    let image: Vec<u16> = rows
                        .iter()
                        .flat_map(|&row| columns.iter().map(move |&column| row * size + column))
                        .map(|original| oriented.tokens[original])
                        .collect();
                    if !tokens_connected(&image, size, oriented.token_count) {
                        continue;
                    }
                }
                let tail = ranks.comparisons(&oriented.comparisons);
                if smaller {
                    best.values[..cell_count].copy_from_slice(&candidate);
                    best.valid = cell_count;
                }
                if best.offer_tail(cell_count, &tail) {
                    best.found = Some(Found {
                        transpose: orientation == 1,
                        rows: rows.clone(),
                        columns: columns.clone(),
                        ranks: ranks.rank.clone(),
                    });
                }
            }
        }
    }
    best.into_image(cell_count, cells.shift == 0)
}

/// Whether every cage is connected in the image that takes output cell (i, j) from
/// (`rows[i]`, `columns[j]`) of `cells`.
fn cages_whole(cells: &Cells, rows: &[usize], columns: &[usize]) -> bool {
    let size = cells.size;
    let image: Vec<u16> = (0..size * size)
        .map(|position| cells.tokens[rows[position / size] * size + columns[position % size]])
        .collect();
    tokens_connected(&image, size, cells.token_count)
}

/// Whether the cells of each token (cage) form one orthogonally connected group in `image`
/// (row-major tokens of a `size`×`size` grid).
fn tokens_connected(image: &[u16], size: usize, token_count: usize) -> bool {
    let mut reached = vec![false; image.len()];
    let mut started = vec![false; token_count];
    let mut stack = Vec::new();
    for first in 0..image.len() {
        let token = image[first];
        if token == NO_TOKEN || reached[first] {
            continue;
        }
        if std::mem::replace(&mut started[usize::from(token)], true) {
            // a second group of the same cage
            return false;
        }
        reached[first] = true;
        stack.push(first);
        while let Some(cell) = stack.pop() {
            let (row, column) = (cell / size, cell % size);
            let neighbours = [
                (row > 0).then(|| cell - size),
                (row + 1 < size).then(|| cell + size),
                (column > 0).then(|| cell - 1),
                (column + 1 < size).then(|| cell + 1),
            ];
            for next in neighbours.into_iter().flatten() {
                if !reached[next] && image[next] == token {
                    reached[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    true
}

/// The output cells a [`smallest_one_diagonal`] walk fixes when it binds output line `line`
/// (row and column at once): `(line, line)`, then `(line, j)` and `(j, line)` for each
/// earlier `j`. Their order, line by line, is the order its images compare in.
fn shell(line: usize) -> impl Iterator<Item = (usize, usize)> {
    std::iter::once((line, line))
        .chain((0..line).flat_map(move |earlier| [(line, earlier), (earlier, line)]))
}

/// The walk over the permutations that move rows and columns alike (keeping the main
/// diagonal), bands and stacks kept.
struct TiedWalk<'cells> {
    cells: &'cells Cells,
    keep_cages: bool,
    transpose: bool,
    lines: Vec<usize>,
    used: Vec<bool>,
    band_image: Vec<usize>,
    band_used: Vec<bool>,
    stack_image: Vec<usize>,
    stack_used: Vec<bool>,
    ranks: Ranks,
}

impl TiedWalk<'_> {
    /// Binds `from` (output band or stack index) to `to` in `image`, unless another is bound
    /// there: answers whether it fits and whether it was bound just now.
    fn bind(image: &mut [usize], used: &mut [bool], from: usize, to: usize) -> (bool, bool) {
        if image[from] == UNSET {
            if used[to] {
                return (false, false);
            }
            image[from] = to;
            used[to] = true;
            return (true, true);
        }
        (image[from] == to, false)
    }

    fn visit(&mut self, line: usize, position: usize, best: &mut Best) {
        if !best.spend() {
            return;
        }
        let size = self.cells.size;
        if line == size {
            let tail = self.ranks.comparisons(&self.cells.comparisons);
            if best.offer_tail(position, &tail) && (!self.keep_cages || self.cages_whole()) {
                best.accept();
                best.found = Some(Found {
                    transpose: self.transpose,
                    rows: self.lines.clone(),
                    columns: self.lines.clone(),
                    ranks: self.ranks.rank.clone(),
                });
            }
            return;
        }
        let (height, width) = (self.cells.box_rows, self.cells.box_columns);
        for original in 0..size {
            if self.used[original] {
                continue;
            }
            let (band_fits, band_new) = Self::bind(
                &mut self.band_image,
                &mut self.band_used,
                line / height,
                original / height,
            );
            let (stack_fits, stack_new) = if band_fits {
                Self::bind(
                    &mut self.stack_image,
                    &mut self.stack_used,
                    line / width,
                    original / width,
                )
            } else {
                (false, false)
            };
            if band_fits && stack_fits {
                self.used[original] = true;
                self.lines[line] = original;
                self.emit(line, position, best);
                self.lines[line] = UNSET;
                self.used[original] = false;
            }
            if stack_new {
                self.stack_used[self.stack_image[line / width]] = false;
                self.stack_image[line / width] = UNSET;
            }
            if band_new {
                self.band_used[self.band_image[line / height]] = false;
                self.band_image[line / height] = UNSET;
            }
        }
    }

    /// Offers the cells `line` fixes, then walks on.
    fn emit(&mut self, line: usize, start: usize, best: &mut Best) {
        let size = self.cells.size;
        let mut fresh = Vec::new();
        let mut position = start;
        let mut larger = false;
        for (row, column) in shell(line) {
            let original = self.lines[row] * size + self.lines[column];
            let token = self.cells.tokens[original];
            let (rank, new) = self.ranks.of(token);
            if new {
                fresh.push(token);
            }
            let value = (rank << self.cells.shift) | self.cells.fixed[original];
            if !best.offer(position, value) {
                larger = true;
                break;
            }
            position += 1;
        }
        if !larger {
            self.visit(line + 1, position, best);
        }
        for token in fresh.into_iter().rev() {
            self.ranks.forget(token);
        }
    }

    fn cages_whole(&self) -> bool {
        cages_whole(self.cells, &self.lines, &self.lines)
    }
}

/// The smallest image of a grid with one long diagonal a house: every permutation that
/// keeps bands and stacks, applied to rows and columns alike (2 592 on a 9×9 grid), in both
/// orientations when boxes are square, and digits renamed (not for killers). An anti
/// diagonal is mirrored onto the main one first, so a puzzle and its mirror share the key.
/// Its values come in the order of [`shell`], not row-major. `keep_cages` counts only
/// images that keep every cage connected (a killer's canonical form).
pub fn smallest_one_diagonal(
    cells: &Cells,
    anti: bool,
    keep_cages: bool,
    work: u64,
) -> Option<Image> {
    let size = cells.size;
    let cell_count = size * size;
    let mut mirrored = cells.clone();
    if anti {
        for row in 0..size {
            for column in 0..size {
                let from = row * size + size - 1 - column;
                mirrored.tokens[row * size + column] = cells.tokens[from];
                mirrored.fixed[row * size + column] = cells.fixed[from];
            }
        }
    }
    // dead ends (bands and stacks of other heights) refuse branches: always tentative
    let mut best = Best::tentative(cell_count + cells.comparisons.len(), work);
    for (orientation, oriented) in mirrored.orientations().iter().enumerate() {
        let mut walk = TiedWalk {
            cells: oriented,
            keep_cages,
            transpose: orientation == 1,
            lines: vec![UNSET; size],
            used: vec![false; size],
            band_image: vec![UNSET; size / oriented.box_rows],
            band_used: vec![false; size / oriented.box_rows],
            stack_image: vec![UNSET; size / oriented.box_columns],
            stack_used: vec![false; size / oriented.box_columns],
            ranks: Ranks::new(oriented.token_count),
        };
        walk.visit(0, 0, &mut best);
    }
    if anti {
        // the walk read the mirrored cells: back to the puzzle's own columns
        if let Some(found) = &mut best.found {
            let mirrored_lines = if found.transpose {
                &mut found.rows
            } else {
                &mut found.columns
            };
            for line in mirrored_lines.iter_mut() {
                *line = size - 1 - *line;
            }
        }
    }
    best.into_image(cell_count, cells.shift == 0)
}
