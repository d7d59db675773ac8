//! The fast path for plain 9×9 sudoku (rows, columns, boxes, nothing else), after the
//! band-by-digit idea of the fastest published solvers: for each digit and each band of
//! three rows, one 27-bit mask of the cells that may still hold it. A whole band of one digit
//! is narrowed in a few table lookups: each of its three rows and three boxes takes the digit
//! exactly once, so only minirows (a row's three cells in one box) that belong to a
//! permutation of rows to boxes survive, which gives hidden singles in rows and boxes and
//! box-line eliminations at once. Columns are handled across bands; naked singles and the
//! branch cell come from counting candidates bit-parallel over the nine digit masks. Counts
//! may add the triad rule (after tdoku's triads): a minirow or minicolumn holds exactly
//! three digits, counted bit-parallel per band like the candidates.

use super::branching::Branch;
use super::search::Visitor;
use crate::budget::{Budget, Stopped};

/// Cells in a band: three rows of nine.
const BAND_CELLS: u32 = (1 << 27) - 1;

/// Tables computed once: peers inside a band, columns, and the minirow permutation rule.
struct Tables {
    /// For each cell of a band, the other cells of its row and box in the band.
    band_peers: [u32; 27],
    /// For each column, its three cells in a band.
    columns: [u32; 9],
    /// For each set of occupied minirows (bit `3 × row + box`), those on some permutation of
    /// rows to boxes made only of occupied minirows.
    permutation_minirows: [u16; 512],
    /// For each set of minirows, their cells.
    minirow_cells: [u32; 512],
    /// For each row pattern (9 bits), which of its three boxes it touches.
    row_boxes: [u8; 512],
    /// For each set of columns a digit may use in a band, the columns that are alone in
    /// their box: the digit's only column there ("pointing").
    lone_columns: [u16; 512],
    /// For each set of columns (9 bits), their cells in a band.
    column_cells: [u32; 512],
    /// For each set of columns that only one band can serve, the columns that band keeps:
    /// in a box holding one such column, only that column ("claiming"); `u16::MAX` when a
    /// box holds two, which no placement satisfies.
    claimed_keep: [u16; 512],
    /// For each set of minirows a digit may use in a band, those alone in their row or in
    /// their box: the digit is sure to be there.
    lone_minirows: [u16; 512],
    /// For each set of minirows a digit must use in a band, the minirows left to it: those,
    /// and those sharing no row and no box with any of them.
    minirow_keep: [u16; 512],
}

const fn build_tables() -> Tables {
    let mut tables = Tables {
        band_peers: [0; 27],
        columns: [0; 9],
        permutation_minirows: [0; 512],
        minirow_cells: [0; 512],
        row_boxes: [0; 512],
        lone_columns: [0; 512],
        column_cells: [0; 512],
        claimed_keep: [0; 512],
        lone_minirows: [0; 512],
        minirow_keep: [0; 512],
    };
    let mut cell = 0;
    while cell < 27 {
        let (row, column) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 27 {
            let (other_row, other_column) = (other / 9, other % 9);
            let same_row = other_row == row;
            let same_box = other_column / 3 == column / 3;
            if other != cell && (same_row || same_box) {
                tables.band_peers[cell] |= 1 << other;
            }
            other += 1;
        }
        tables.columns[column] |= 1 << cell;
        cell += 1;
    }
    // The six permutations of three rows onto three boxes, as minirow sets.
    let permutations: [u16; 6] = [
        (1 << 0) | (1 << 4) | (1 << 8),
        (1 << 0) | (1 << 5) | (1 << 7),
        (1 << 1) | (1 << 3) | (1 << 8),
        (1 << 1) | (1 << 5) | (1 << 6),
        (1 << 2) | (1 << 3) | (1 << 7),
        (1 << 2) | (1 << 4) | (1 << 6),
    ];
    let mut occupied = 0;
    while occupied < 512 {
        let mut kept = 0;
        let mut index = 0;
        while index < 6 {
            if permutations[index] & !(occupied as u16) == 0 {
                kept |= permutations[index];
            }
            index += 1;
        }
        tables.permutation_minirows[occupied] = kept;
        let mut cells = 0u32;
        let mut minirow = 0;
        while minirow < 9 {
            if occupied & (1 << minirow) != 0 {
                let (row, band_box) = (minirow / 3, minirow % 3);
                cells |= 0b111 << (row * 9 + band_box * 3);
            }
            minirow += 1;
        }
        tables.minirow_cells[occupied] = cells;
        let mut boxes = 0u8;
        let mut band_box = 0;
        while band_box < 3 {
            if occupied & (0b111 << (band_box * 3)) != 0 {
                boxes |= 1 << band_box;
            }
            band_box += 1;
        }
        tables.row_boxes[occupied] = boxes;
        let mut lone = 0u16;
        let mut keep = 0u16;
        let mut column = 0;
        while column < 9 {
            if occupied & (1 << column) != 0 {
                tables.column_cells[occupied] |= tables.columns[column];
            }
            column += 1;
        }
        let mut band_box = 0;
        while band_box < 3 {
            let group = (occupied >> (3 * band_box)) & 0b111;
            if group != 0 && group & (group - 1) == 0 {
                lone |= (group as u16) << (3 * band_box);
            }
            keep |= match group {
                0 => 0b111,
                1 | 2 | 4 => group as u16,
                _ => 0x1FF << 9,
            } << (3 * band_box);
            band_box += 1;
        }
        tables.lone_columns[occupied] = lone;
        tables.claimed_keep[occupied] = if keep & !0x1FF != 0 { u16::MAX } else { keep };
        let mut lone_minirows = 0u16;
        let mut minirow_keep = 0x1FFu16;
        let mut minirow = 0;
        while minirow < 9 {
            let row = 0b111 << (minirow / 3 * 3);
            let in_box = 0b1001001 << (minirow % 3);
            if occupied & (1 << minirow) != 0 {
                if occupied & row == 1 << minirow || occupied & in_box == 1 << minirow {
                    lone_minirows |= 1 << minirow;
                }
                minirow_keep &= !((row | in_box) as u16) | (1 << minirow);
            }
            minirow += 1;
        }
        tables.lone_minirows[occupied] = lone_minirows;
        tables.minirow_keep[occupied] = minirow_keep | occupied as u16;
        occupied += 1;
    }
    tables
}

static TABLES: Tables = build_tables();

/// The three rows of a band mask.
#[inline(always)]
fn rows_of(mask: u32) -> [u32; 3] {
    [mask & 0x1FF, (mask >> 9) & 0x1FF, mask >> 18]
}

/// Where the mask of `digit` (0–8) in `band` (0–2) sits: band by band, so the nine digits
/// of one band are adjacent.
#[inline(always)]
fn slot(digit: usize, band: usize) -> usize {
    9 * band + digit
}

/// One search state: where each digit may go, by band, and which cells are still open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// `places[slot(digit, band)]`: the cells of the band that may hold the digit.
    places: [u32; 27],
    /// Open cells, by band.
    open: [u32; 3],
    /// Digit bands changed since the row-and-box rule last saw them (bit `slot(digit, band)`).
    changed_bands: u32,
    /// Digits changed since the column rule last saw them.
    changed_digits: u32,
}

/// A state with no solution, and the rule that showed it: a digit band (0–26, numbered by
/// `slot`), a digit's columns (27–35) or a cell (36–116), for the branching weights.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dead(u8);

/// Rules that can fail: 27 digit bands, 9 digits' columns, 81 cells.
const RULES: usize = 27 + 9 + 81;

/// The rule number of a digit's columns.
fn columns_rule(digit: usize) -> u8 {
    (27 + digit) as u8
}

/// The rule number of a cell.
fn cell_rule(band: usize, bit: u32) -> u8 {
    (36 + band * 27 + bit as usize) as u8
}

impl State {
    /// Every digit possible everywhere.
    pub fn new() -> State {
        State {
            places: [BAND_CELLS; 27],
            open: [BAND_CELLS; 3],
            changed_bands: (1 << 27) - 1,
            changed_digits: 0x1FF,
        }
    }

    /// Places digit index `digit` (0–8) in `cell` (0–80).
    pub fn place(&mut self, cell: usize, digit: usize) -> Result<(), Dead> {
        let (band, bit) = (cell / 27, (cell % 27) as u32);
        if self.places[slot(digit, band)] & (1 << bit) == 0 {
            return Err(Dead(cell_rule(band, bit)));
        }
        self.assign(band, bit, digit);
        Ok(())
    }

    /// Writes the digit into an open cell and removes it from the cell's peers.
    #[inline(always)]
    fn assign(&mut self, band: usize, bit: u32, digit: usize) {
        let cell = 1u32 << bit;
        self.open[band] &= !cell;
        let mut changed = 0u32;
        let mut digits = 1u32 << digit;
        for (other, mask) in self.places[9 * band..9 * band + 9].iter_mut().enumerate() {
            digits |= ((*mask >> bit) & 1) << other;
            *mask &= !cell;
        }
        changed |= digits << (9 * band);
        let column = TABLES.columns[(bit % 9) as usize];
        for other_band in 0..3 {
            let index = slot(digit, other_band);
            changed |= u32::from(self.places[index] & column != 0) << index;
            self.places[index] &= !column;
        }
        let index = slot(digit, band);
        self.places[index] = (self.places[index] & !TABLES.band_peers[bit as usize]) | cell;
        self.changed_bands |= changed | (1 << index);
        self.changed_digits |= digits;
    }

    /// Narrows to a fixpoint: rows and boxes band by band, then columns digit by digit,
    /// then naked singles, each time something changed.
    pub fn propagate(&mut self) -> Result<(), Dead> {
        self.propagate_with(false)
    }

    /// Narrows like [`State::propagate`], and with `triads` the triad rule last (see
    /// [`State::narrow_triads`]) until it changes nothing in the bands it looks at.
    pub fn propagate_with(&mut self, triads: bool) -> Result<(), Dead> {
        // Digit bands marked changed as a round of band narrowing began or ended: a band
        // narrowed only within a round's chain is not among them, so the rule may look at
        // fewer bands than changed (it then misses a deduction, never makes a wrong one;
        // recording every band, and a first pass over the root, were measured slower).
        let mut touched = 0u32;
        loop {
            touched |= self.changed_bands;
            while self.changed_bands != 0 {
                let index = self.changed_bands.trailing_zeros() as usize;
                self.changed_bands &= self.changed_bands - 1;
                self.narrow_band(index)?;
            }
            if self.changed_digits != 0 {
                let digit = self.changed_digits.trailing_zeros() as usize;
                self.changed_digits &= self.changed_digits - 1;
                self.narrow_columns(digit)?;
                continue;
            }
            if self.naked_singles()? {
                continue;
            }
            touched |= self.changed_bands;
            if !triads || touched == 0 {
                return Ok(());
            }
            let bands = [touched & 0x1FF, touched >> 9 & 0x1FF, touched >> 18];
            touched = 0;
            if !self.narrow_triads(bands.map(|digits| digits != 0))? {
                return Ok(());
            }
        }
    }

    /// The triad rule, band by band: the three cells of a minirow (a row within a box) or of
    /// a minicolumn (a column within a box) hold exactly three digits. When only three
    /// digits can go in one, each of them is there, so it leaves the rest of that row or
    /// column and of that box; when three digits are sure to be there (each has no other
    /// place in the row or column, or in the box), no other digit goes there. Whether it
    /// narrowed anything.
    /// Only the bands marked in `bands` (see [`State::propagate_with`]) are looked at.
    fn narrow_triads(&mut self, bands: [bool; 3]) -> Result<bool, Dead> {
        let mut columns = [0u32; 27];
        for (used, &mask) in columns.iter_mut().zip(&self.places) {
            let [first, second, third] = rows_of(mask);
            *used = first | second | third;
        }
        let mut narrowed = false;
        for (band, touched) in bands.into_iter().enumerate() {
            if touched {
                narrowed |= self.narrow_band_triads(band, &columns)?;
            }
        }
        Ok(narrowed)
    }

    /// The triad rule on the nine minirows and nine minicolumns of one band; `used` holds
    /// each digit band's columns (by `slot`) as the pass began. Minirows and minicolumns
    /// go in one word, minirows (bit `3 × row + box`) low, columns from bit 16.
    fn narrow_band_triads(&mut self, band: usize, used: &[u32; 27]) -> Result<bool, Dead> {
        // Per digit: the triads it may occupy, and those it is sure to occupy.
        let mut possible = [0u32; 9];
        let mut sure = [0u32; 9];
        let (mut once, mut twice, mut thrice, mut more) = (0u32, 0u32, 0u32, 0u32);
        let (mut sure_once, mut sure_twice, mut sure_thrice, mut sure_more) = (0u32, 0, 0, 0);
        for digit in 0..9 {
            let [first, second, third] = rows_of(self.places[slot(digit, band)]);
            let minirows = u32::from(TABLES.row_boxes[first as usize])
                | u32::from(TABLES.row_boxes[second as usize]) << 3
                | u32::from(TABLES.row_boxes[third as usize]) << 6;
            let columns = used[slot(digit, band)];
            // A minirow alone in its row or box; a minicolumn alone in its box in this
            // band, or in a column no other band can serve.
            let elsewhere = used[slot(digit, (band + 1) % 3)] | used[slot(digit, (band + 2) % 3)];
            let sure_columns =
                (u32::from(TABLES.lone_columns[columns as usize]) | !elsewhere) & columns;
            let triads = minirows | columns << 16;
            let sure_triads =
                u32::from(TABLES.lone_minirows[minirows as usize]) | sure_columns << 16;
            possible[digit] = triads;
            sure[digit] = sure_triads;
            more |= thrice & triads;
            thrice |= twice & triads;
            twice |= once & triads;
            once |= triads;
            sure_more |= sure_thrice & sure_triads;
            sure_thrice |= sure_twice & sure_triads;
            sure_twice |= sure_once & sure_triads;
            sure_once |= sure_triads;
        }
        let broken = (!thrice & 0x1FF_01FF) | sure_more;
        if broken != 0 {
            // the first cell of the first triad that fails
            let triad = broken.trailing_zeros();
            let bit = if triad < 16 {
                triad / 3 * 9 + triad % 3 * 3
            } else {
                triad - 16
            };
            return Err(Dead(cell_rule(band, bit)));
        }
        // Exactly three possible: all three are sure. Exactly three sure: nothing else.
        let full = thrice & !more;
        let closed = sure_thrice;
        if full | closed == 0 {
            return Ok(false);
        }
        let mut narrowed = false;
        for digit in 0..9 {
            let index = slot(digit, band);
            let before = self.places[index];
            let mut mask = before;
            let must = possible[digit] & full & !sure[digit];
            let shut = possible[digit] & closed & !sure[digit];
            if must & 0x1FF != 0 {
                mask &=
                    TABLES.minirow_cells[usize::from(TABLES.minirow_keep[(must & 0x1FF) as usize])];
            }
            mask &= !TABLES.minirow_cells[(shut & 0x1FF) as usize];
            mask &= !TABLES.column_cells[(shut >> 16) as usize];
            let must_columns = must >> 16;
            if must_columns != 0 {
                // In its box within this band, only that column.
                let keep = TABLES.claimed_keep[must_columns as usize];
                if keep == u16::MAX {
                    return Err(Dead(columns_rule(digit)));
                }
                mask &= TABLES.column_cells[usize::from(keep)];
                // In the other bands, not that column.
                let cells = TABLES.column_cells[must_columns as usize];
                for other in [(band + 1) % 3, (band + 2) % 3] {
                    let other_index = slot(digit, other);
                    if self.places[other_index] & cells != 0 {
                        self.places[other_index] &= !cells;
                        self.changed_bands |= 1 << other_index;
                        self.changed_digits |= 1 << digit;
                        narrowed = true;
                    }
                }
            }
            if mask != before {
                self.places[index] = mask;
                self.changed_bands |= 1 << index;
                self.changed_digits |= 1 << digit;
                narrowed = true;
            }
        }
        Ok(narrowed)
    }

    /// The column rules for one digit across the three bands: every column needs it; a box
    /// whose cells for it lie in one column takes that column from the other bands; a column
    /// only one band can serve takes the rest of its box in that band; a column left with one
    /// open cell gets the digit.
    fn narrow_columns(&mut self, digit: usize) -> Result<(), Dead> {
        let columns = |mask: u32| {
            let [first, second, third] = rows_of(mask);
            first | second | third
        };
        let at = |band: usize| slot(digit, band);
        let before = [self.places[at(0)], self.places[at(1)], self.places[at(2)]];
        let used = [columns(before[0]), columns(before[1]), columns(before[2])];
        if used[0] | used[1] | used[2] != 0x1FF {
            return Err(Dead(columns_rule(digit)));
        }
        for band in 0..3 {
            let others = used[(band + 1) % 3] | used[(band + 2) % 3];
            let lone = TABLES.lone_columns[used[band] as usize];
            let cells = TABLES.column_cells[usize::from(lone)];
            self.places[at((band + 1) % 3)] &= !cells;
            self.places[at((band + 2) % 3)] &= !cells;
            let only_here = used[band] & !others;
            // Columns where the digit is already placed need nothing more.
            let open_here = only_here & columns(self.places[at(band)] & self.open[band]);
            if open_here != 0 {
                let keep = TABLES.claimed_keep[open_here as usize];
                if keep == u16::MAX {
                    return Err(Dead(columns_rule(digit)));
                }
                self.places[at(band)] &= TABLES.column_cells[usize::from(keep)];
                self.column_singles(digit, band, open_here)?;
            }
        }
        for (band, &mask) in before.iter().enumerate() {
            if self.places[at(band)] != mask {
                self.changed_bands |= 1 << at(band);
            }
        }
        Ok(())
    }

    /// Places the digit in each column of `columns` that has one open cell left in `band`.
    fn column_singles(&mut self, digit: usize, band: usize, columns: u32) -> Result<(), Dead> {
        let mut rest = columns;
        while rest != 0 {
            let column = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let cells = self.places[slot(digit, band)] & TABLES.columns[column];
            if cells == 0 {
                return Err(Dead(columns_rule(digit)));
            }
            if cells & (cells - 1) == 0 && cells & self.open[band] != 0 {
                self.assign(band, cells.trailing_zeros(), digit);
            }
        }
        Ok(())
    }

    /// Keeps the minirows of one digit band that fit a permutation of rows to boxes and
    /// places the digit where a row has one open cell left; whether it placed any.
    fn narrow_band(&mut self, index: usize) -> Result<bool, Dead> {
        let (digit, band) = (index % 9, index / 9);
        let mask = self.places[index];
        let [first, second, third] = rows_of(mask);
        let occupied = usize::from(TABLES.row_boxes[first as usize])
            | usize::from(TABLES.row_boxes[second as usize]) << 3
            | usize::from(TABLES.row_boxes[third as usize]) << 6;
        let kept = TABLES.permutation_minirows[occupied];
        if kept == 0 {
            return Err(Dead(index as u8));
        }
        let narrowed = mask & TABLES.minirow_cells[usize::from(kept)];
        if narrowed != mask {
            self.changed_digits |= 1 << digit;
        }
        let mask = narrowed;
        self.places[index] = mask;
        // A row down to one cell that is still open: the digit goes there.
        let mut singles = 0;
        for (row, pattern) in rows_of(mask).into_iter().enumerate() {
            if pattern & pattern.wrapping_sub(1) == 0 {
                singles |= pattern << (9 * row);
            }
        }
        singles &= self.open[band];
        let placed = singles != 0;
        while singles != 0 {
            let bit = singles.trailing_zeros();
            singles &= singles - 1;
            if self.places[index] & (1 << bit) == 0 {
                return Err(Dead(index as u8));
            }
            self.assign(band, bit, digit);
        }
        Ok(placed)
    }

    /// Cells with one candidate left get it; a cell with none is a dead end. Whether any
    /// cell was placed.
    fn naked_singles(&mut self) -> Result<bool, Dead> {
        let mut placed = false;
        for band in 0..3 {
            let (once, twice) = self.counts(band);
            let empty = self.open[band] & !once;
            if empty != 0 {
                return Err(Dead(cell_rule(band, empty.trailing_zeros())));
            }
            let mut singles = once & !twice & self.open[band];
            while singles != 0 {
                let bit = singles.trailing_zeros();
                singles &= singles - 1;
                let Some(digit) =
                    (0..9).find(|&digit| self.places[slot(digit, band)] & (1 << bit) != 0)
                else {
                    return Err(Dead(cell_rule(band, bit)));
                };
                self.assign(band, bit, digit);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Cells holding at least one and at least two candidates, over the open cells of `band`.
    #[inline(always)]
    fn counts(&self, band: usize) -> (u32, u32) {
        let (mut once, mut twice) = (0u32, 0u32);
        for digit in 0..9 {
            let mask = self.places[slot(digit, band)];
            twice |= once & mask;
            once |= mask;
        }
        (once & self.open[band], twice & self.open[band])
    }

    /// The branch at an open cell with the fewest candidates (two when there is one),
    /// among those the one whose rules failed most often (`weights`), or `None` when every
    /// cell is filled.
    pub fn branch(&self, weights: &[u32; RULES]) -> Option<Branch> {
        let weight = |cell: usize, candidates: u32| {
            let band = cell / 27;
            let mut total = weights[36 + cell];
            let mut digits = candidates;
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                total += weights[slot(digit, band)] + weights[27 + digit];
            }
            total
        };
        // (cell, candidate count, weight)
        let mut best: Option<(usize, u32, u32)> = None;
        for band in 0..3 {
            if self.open[band] == 0 {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for digit in 0..9 {
                let mask = self.places[slot(digit, band)];
                thrice |= twice & mask;
                twice |= once & mask;
                once |= mask;
            }
            let pairs = twice & !thrice & self.open[band];
            let mut cells = if pairs != 0 || best.is_some_and(|(_, count, _)| count == 2) {
                pairs
            } else {
                self.open[band]
            };
            while cells != 0 {
                let cell = band * 27 + cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let candidates = self.candidates(cell);
                let count = candidates.count_ones();
                let heft = weight(cell, candidates);
                let better = best.is_none_or(|(_, best_count, best_heft)| {
                    count < best_count || (count == best_count && heft > best_heft)
                });
                if better {
                    best = Some((cell, count, heft));
                }
            }
        }
        best.map(|(cell, _, _)| Branch::cell(cell, self.candidates(cell)))
    }

    /// The digit mask (bit `d` for digit `d + 1`) of `cell`.
    fn candidates(&self, cell: usize) -> u32 {
        let (band, bit) = (cell / 27, cell % 27);
        (0..9).fold(0, |mask, digit| {
            mask | (((self.places[slot(digit, band)] >> bit) & 1) << digit)
        })
    }

    /// Whether every cell is filled.
    fn is_solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// One digit mask per cell, for a solved state: each digit band holds exactly the
    /// cells of that digit.
    fn cells(&self) -> [u32; 81] {
        let mut cells = [0u32; 81];
        for (index, &mask) in self.places.iter().enumerate() {
            let (digit, band) = (index % 9, index / 9);
            let mut rest = mask;
            while rest != 0 {
                cells[band * 27 + rest.trailing_zeros() as usize] |= 1 << digit;
                rest &= rest - 1;
            }
        }
        cells
    }
}

/// Depth-first search over fast-path states.
pub(super) struct ClassicSearch<'b> {
    /// Branch points visited.
    pub guesses: u64,
    /// How often each rule showed a dead end in this call.
    weights: [u32; RULES],
    /// What the search may spend (none: no limit), asked every [`POLL_GUESSES`] branch points.
    budget: Option<&'b Budget>,
    /// The budget's work limit, asked at every branch point (`u64::MAX`: none).
    work_limit: u64,
    /// Why the search stopped before the visitor asked it to, if it did.
    pub stopped: Option<Stopped>,
    /// Whether propagation applies the triad rule too (see [`State::narrow_triads`]).
    triads: bool,
}

/// Branch points between two looks at the budget: a fast-path branch point takes well under
/// a microsecond, so the clock is read about every 0.1 ms.
const POLL_GUESSES: u64 = 256;

impl<'b> ClassicSearch<'b> {
    /// A search with no failures recorded yet.
    pub fn new() -> ClassicSearch<'b> {
        ClassicSearch {
            guesses: 0,
            weights: [0; RULES],
            budget: None,
            work_limit: u64::MAX,
            stopped: None,
            triads: false,
        }
    }

    /// The same search with the triad rule in its propagation below the root: fewer branch
    /// points over a set of puzzles (not on every one), the same solutions, found in another
    /// order.
    pub fn with_triads(mut self) -> ClassicSearch<'b> {
        self.triads = true;
        self
    }

    /// The same search, stopping when `budget`'s work limit (branch points) is used up, its
    /// flag is raised or its deadline passes.
    pub fn with_budget(mut self, budget: Option<&'b Budget>) -> ClassicSearch<'b> {
        self.budget = budget;
        self.work_limit = budget.and_then(Budget::work_limit).unwrap_or(u64::MAX);
        self
    }

    /// Explores from a propagated `state` until the visitor stops; `true` when it did.
    pub fn explore(&mut self, state: &State, visitor: &mut impl Visitor) -> bool {
        if state.is_solved() {
            return visitor.solution(&state.cells());
        }
        let Some(mut branch) = state.branch(&self.weights) else {
            return false;
        };
        self.guesses += 1;
        if self.guesses > self.work_limit {
            self.stopped = Some(Stopped::WorkLimit {
                limit: self.work_limit,
            });
            return true;
        }
        if self.guesses.is_multiple_of(POLL_GUESSES) {
            if let Some(Err(stopped)) = self.budget.map(Budget::interrupted) {
                self.stopped = Some(stopped);
                return true;
            }
        }
        visitor.order(&mut branch);
        for choice in branch.choices() {
            let mut child = *state;
            let digit = choice.digit.trailing_zeros() as usize;
            let outcome = child
                .place(usize::from(choice.cell), digit)
                .and_then(|()| child.propagate_with(self.triads));
            match outcome {
                Ok(()) => {
                    if self.explore(&child, visitor) {
                        return true;
                    }
                }
                Err(Dead(rule)) => self.weights[usize::from(rule)] += 1,
            }
        }
        false
    }
}
