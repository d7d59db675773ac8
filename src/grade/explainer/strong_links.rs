//! Strong-link chains on one digit, as the Sukaku Explainer fork of SE rates them: a chain
//! of N strong links (a house where the digit has two places, or two groups of places) joined
//! by weak links (the end of one link and the start of the next share a house). Either the
//! chain's first or its last node holds the digit, so every cell seeing both loses it. When
//! the two ends share a house the chain is a loop (an X-Loop), and every weak link's houses
//! lose the digit outside the loop.
//!
//! Two links are the Skyscraper, 2-String Kite and Turbot Fish; three and more are their
//! longer cousins. The rating is the base of the chain's length, plus a tenth when the links
//! mix kinds of houses (rows with columns, or lines with boxes), two tenths when boxes, rows
//! and columns all appear, and three tenths when a link is grouped (an empty rectangle in a
//! box, or a line whose places fall in two box segments). Of all chains of a length the
//! producer offers the lowest rated, then the one removing most candidates.

use super::table::SeTechnique;
use super::{Hint, Scene};
use crate::grade::board::Board;
use crate::grade::cellset::CellSet;
use crate::grade::layout::Layout;

/// Places of a house with more candidates than this are not split into groups.
const MOST_PLACES: usize = 6;

/// The kind of house a strong link lies in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum HouseKind {
    Row,
    Column,
    Box,
}

/// One end of a strong link: a cell, or a group of cells sharing a line inside a box.
#[derive(Clone, Copy)]
struct Node {
    cells: CellSet<2>,
    /// The houses holding every cell of the node (bit per house).
    houses: u64,
}

/// A strong link: the digit is in `ends[0]` or in `ends[1]`.
#[derive(Clone, Copy)]
struct Link {
    house: usize,
    kind: HouseKind,
    grouped: bool,
    ends: [Node; 2],
}

/// The strong links of one digit and how they join, kept while the digit's places stay the
/// same: the producers of two, three and four links ask at every step, and most steps
/// leave most digits alone.
#[derive(Default)]
struct DigitLinks {
    /// The places these links were found in (`None` before the first search).
    places: Option<CellSet<2>>,
    links: Vec<Link>,
    /// For every link left through end `e` (`2 * link + orientation`), the (link,
    /// orientation) pairs a weak link can enter next: their entry shares a house with that
    /// end and no cell with it.
    adjacent: Vec<Vec<(usize, usize)>>,
    /// The best chain of these places per search already made: (links, base rating, best).
    found: Vec<(usize, u32, Option<Best>)>,
}

impl DigitLinks {
    /// Finds the links again if `places` changed.
    fn update(&mut self, layout: &Layout<2>, places: CellSet<2>) {
        if self.places == Some(places) {
            return;
        }
        self.places = Some(places);
        self.links = strong_links(layout, places);
        self.adjacent = adjacent(&self.links);
        self.found.clear();
    }

    /// The best chain of `lengths[0].0` links on these places at base rating
    /// `lengths[0].1` (searched once per length and base). A search also finds the best
    /// chains of the other (longer) lengths listed, in the same walk: a chain's first links
    /// are a shorter chain, met in the same order.
    fn best(&mut self, layout: &Layout<2>, lengths: &[(usize, u32)], digit: usize) -> Option<Best> {
        let (length, base) = lengths[0];
        if let Some((_, _, best)) = self
            .found
            .iter()
            .find(|&&(known, known_base, _)| known == length && known_base == base)
        {
            return best.clone();
        }
        let deepest = lengths
            .iter()
            .map(|&(length, _)| length)
            .max()
            .unwrap_or(length);
        let mut search = Search {
            layout,
            places: self.places.unwrap_or(CellSet::EMPTY),
            links: &self.links,
            lengths,
            deepest,
            digit,
            chain: Vec::with_capacity(deepest),
            best: vec![None; lengths.len()],
        };
        search.start(&self.adjacent);
        let found = std::mem::take(&mut search.best);
        for (&(length, base), best) in lengths.iter().zip(found) {
            let known = self
                .found
                .iter()
                .any(|&(known, known_base, _)| known == length && known_base == base);
            if !known {
                self.found.push((length, base, best));
            }
        }
        self.found
            .iter()
            .find(|&&(known, known_base, _)| known == length && known_base == base)
            .and_then(|(_, _, best)| best.clone())
    }
}

/// The strong links of every digit for the producers of a puzzle (see [`DigitLinks`]).
#[derive(Default)]
pub(crate) struct LinkCache {
    digits: std::cell::RefCell<Vec<DigitLinks>>,
}

/// For every link left through end `e`, the (link, orientation) pairs a weak link can enter
/// next: their entry shares a house with that end and no cell with it.
fn adjacent(links: &[Link]) -> Vec<Vec<(usize, usize)>> {
    (0..2 * links.len())
        .map(|end| {
            let node = links[end / 2].ends[end % 2];
            let mut next = Vec::new();
            for (index, link) in links.iter().enumerate() {
                for orientation in 0..2 {
                    let enter = link.ends[orientation];
                    if index != end / 2
                        && enter.houses & node.houses != 0
                        && !enter.cells.intersects(&node.cells)
                    {
                        next.push((index, orientation));
                    }
                }
            }
            next
        })
        .collect()
}

/// The best chain found so far.
#[derive(Clone)]
struct Best {
    tenths: u32,
    eliminations: Vec<usize>,
    cells: CellSet<2>,
    digit: usize,
}

impl Best {
    /// Whether this chain is rated lower than `kept`, or as low and removes more.
    fn improves(&self, kept: &Option<Best>) -> bool {
        kept.as_ref().is_none_or(|kept| {
            self.tenths < kept.tenths
                || (self.tenths == kept.tenths && self.eliminations.len() > kept.eliminations.len())
        })
    }
}

/// Finds the chains of `technique` (two to six strong links) and offers the lowest rated.
pub(crate) fn produce(technique: SeTechnique, scene: &Scene<'_>, board: &Board<2>) -> Option<Hint> {
    let tenths = scene.tenths(technique)?;
    let links = (2..=6).find(|&links| technique_of(links) == Some(technique))?;
    let layout = scene.layout;
    if layout.houses.len() > 64 {
        return None;
    }
    // Three links and more: the next length, when the table has it, in the same walk (its
    // producer comes later and most digits keep their places till then).
    let mut lengths = vec![(links, tenths)];
    if links >= 3 {
        if let Some(next) = technique_of(links + 1).and_then(|next| scene.tenths(next)) {
            lengths.push((links + 1, next));
        }
    }
    let mut best: Option<Best> = None;
    let mut cache = scene.strong_links.digits.borrow_mut();
    cache.resize_with(layout.size, DigitLinks::default);
    // Each digit's best chain depends on its places alone; the first digit whose best is
    // strictly better than the earlier ones' wins, as in one search over all digits.
    for (digit, known) in cache.iter_mut().enumerate() {
        let places = board.digit_cells[digit] & board.empty;
        known.update(layout, places);
        if let Some(found) = known.best(layout, &lengths, digit) {
            if found.improves(&best) {
                best = Some(found);
            }
        }
    }
    let best = best?;
    let mut hint = Hint::new(technique, best.tenths);
    hint.eliminations = best
        .eliminations
        .iter()
        .map(|&cell| (cell, best.digit))
        .collect();
    hint.cells = best.cells.to_vec();
    Some(hint)
}

/// The technique of chains of `links` strong links.
fn technique_of(links: usize) -> Option<SeTechnique> {
    match links {
        2 => Some(SeTechnique::TwoStrongLinks),
        3 => Some(SeTechnique::ThreeStrongLinks),
        4 => Some(SeTechnique::FourStrongLinks),
        5 => Some(SeTechnique::FiveStrongLinks),
        6 => Some(SeTechnique::SixStrongLinks),
        _ => None,
    }
}

/// The node of `cells` (non-empty), with the houses holding all of them.
fn node(layout: &Layout<2>, cells: CellSet<2>) -> Node {
    let mut houses = u64::MAX;
    for cell in cells.iter() {
        let mut own = 0u64;
        for &house in &layout.cell_houses[cell] {
            own |= 1 << house;
        }
        houses &= own;
    }
    Node { cells, houses }
}

fn kind_of(layout: &Layout<2>, house: usize) -> Option<HouseKind> {
    let n = layout.size;
    match house {
        house if house < n => Some(HouseKind::Row),
        house if house < 2 * n => Some(HouseKind::Column),
        house if house < 3 * n => Some(HouseKind::Box),
        _ => None,
    }
}

/// Every strong link of a digit whose candidates are `places`.
fn strong_links(layout: &Layout<2>, places: CellSet<2>) -> Vec<Link> {
    let mut links = Vec::new();
    for (house, data) in layout.houses.iter().enumerate() {
        let Some(kind) = kind_of(layout, house) else {
            continue;
        };
        let here = places & data.set;
        let count = here.len();
        if count < 2 {
            continue;
        }
        if count == 2 {
            let mut cells = here.iter();
            let (Some(first), Some(second)) = (cells.next(), cells.next()) else {
                continue;
            };
            links.push(Link {
                house,
                kind,
                grouped: false,
                ends: [
                    node(layout, CellSet::single(first)),
                    node(layout, CellSet::single(second)),
                ],
            });
            continue;
        }
        if count > MOST_PLACES {
            continue;
        }
        let mut add = |first: CellSet<2>, second: CellSet<2>| {
            links.push(Link {
                house,
                kind,
                grouped: true,
                ends: [node(layout, first), node(layout, second)],
            });
        };
        match kind {
            HouseKind::Row | HouseKind::Column => {
                // The places fall in exactly two box segments of the line.
                let segments: Vec<CellSet<2>> = (0..layout.size)
                    .map(|number| here & layout.houses[layout.box_house(number)].set)
                    .filter(|segment| !segment.is_empty())
                    .collect();
                if let [first, second] = segments[..] {
                    add(first, second);
                }
            }
            HouseKind::Box => {
                let cells = &data.cells;
                let rows: Vec<usize> = dedup(cells.iter().map(|&cell| layout.row(cell)));
                let columns: Vec<usize> = dedup(cells.iter().map(|&cell| layout.column(cell)));
                let row_set = |row: usize| here & layout.houses[layout.row_house(row)].set;
                let column_set =
                    |column: usize| here & layout.houses[layout.column_house(column)].set;
                // Empty rectangle: every place on one row or one column of the box.
                for &row in &rows {
                    for &column in &columns {
                        let across = row_set(row);
                        let down = column_set(column);
                        if (across | down) != here {
                            continue;
                        }
                        let heart = CellSet::single(layout.index(row, column));
                        if across.minus(&heart).is_empty() || down.minus(&heart).is_empty() {
                            continue;
                        }
                        add(across, down);
                    }
                }
                // Every place on two rows (or two columns) of the box.
                for lines in [
                    rows.iter().map(|&row| row_set(row)).collect::<Vec<_>>(),
                    columns.iter().map(|&column| column_set(column)).collect(),
                ] {
                    let used: Vec<CellSet<2>> =
                        lines.into_iter().filter(|set| !set.is_empty()).collect();
                    if let [first, second] = used[..] {
                        if count > 3 {
                            add(first, second);
                        }
                    }
                }
            }
        }
    }
    links
}

fn dedup(values: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut list: Vec<usize> = values.collect();
    list.sort_unstable();
    list.dedup();
    list
}

/// A depth-first search for chains of one digit.
struct Search<'a> {
    layout: &'a Layout<2>,
    places: CellSet<2>,
    links: &'a [Link],
    /// The lengths searched, each with its base rating.
    lengths: &'a [(usize, u32)],
    /// The longest of them.
    deepest: usize,
    digit: usize,
    /// (link, orientation): the link is entered at `ends[orientation]`.
    chain: Vec<(usize, usize)>,
    /// The best chain of each length searched.
    best: Vec<Option<Best>>,
}

impl Search<'_> {
    fn start(&mut self, adjacent: &[Vec<(usize, usize)>]) {
        for index in 0..self.links.len() {
            for orientation in 0..2 {
                let link = self.links[index];
                let used = link.ends[0].cells | link.ends[1].cells;
                self.chain.push((index, orientation));
                self.extend(adjacent, used, 1 << link.house, index * 2 + 1 - orientation);
                self.chain.pop();
            }
        }
    }

    /// Extends the chain, which ends at end `end % 2` of link `end / 2`.
    fn extend(
        &mut self,
        adjacent: &[Vec<(usize, usize)>],
        used: CellSet<2>,
        houses: u64,
        end: usize,
    ) {
        let depth = self.chain.len();
        let first = self.chain[0].0;
        // A chain and its reverse remove the same candidates at the same rating: keep the
        // one whose first link comes first.
        if self.chain[depth - 1].0 >= first {
            if let Some(position) = self.lengths.iter().position(|&(length, _)| length == depth) {
                self.finish(position, used);
            }
        }
        if depth == self.deepest {
            return;
        }
        let last = depth + 1 == self.deepest;
        for &(index, orientation) in &adjacent[end] {
            let link = self.links[index];
            if houses & (1 << link.house) != 0 || (last && index < first) {
                continue;
            }
            let enter = link.ends[orientation];
            let leave = link.ends[1 - orientation];
            if enter.cells.intersects(&used) || leave.cells.intersects(&used) {
                continue;
            }
            self.chain.push((index, orientation));
            self.extend(
                adjacent,
                used | enter.cells | leave.cells,
                houses | (1 << link.house),
                index * 2 + 1 - orientation,
            );
            self.chain.pop();
        }
    }

    /// Offers the chain as one of `self.lengths[position]` links.
    fn finish(&mut self, position: usize, used: CellSet<2>) {
        let (first_index, first_orientation) = self.chain[0];
        let (last_index, last_orientation) = self.chain[self.chain.len() - 1];
        let start = self.links[first_index].ends[first_orientation];
        let end = self.links[last_index].ends[1 - last_orientation];
        let mut targets = (self.places
            & self.layout.common_peers(&start.cells)
            & self.layout.common_peers(&end.cells))
        .minus(&used);
        if start.houses & end.houses != 0 {
            // The ends share a house: the chain closes into a loop, where every weak link
            // holds the digit once, so the rest of each weak link's houses loses it.
            for position in 0..self.chain.len() {
                let (index, orientation) = self.chain[position];
                let leave = self.links[index].ends[1 - orientation];
                let (next_index, next_orientation) = self.chain[(position + 1) % self.chain.len()];
                let enter = self.links[next_index].ends[next_orientation];
                targets |= (self.places & self.layout.common_peers(&(leave.cells | enter.cells)))
                    .minus(&used);
            }
        }
        if targets.is_empty() {
            return;
        }
        let tenths = self.lengths[position].1 + self.bonus();
        let count = targets.len();
        let best = &mut self.best[position];
        let better = match best.as_ref() {
            None => true,
            Some(best) => {
                tenths < best.tenths || (tenths == best.tenths && count > best.eliminations.len())
            }
        };
        if better {
            *best = Some(Best {
                tenths,
                eliminations: targets.to_vec(),
                cells: used,
                digit: self.digit,
            });
        }
    }

    /// The rating above the base: three tenths for a grouped link, else two when boxes, rows
    /// and columns all appear, one when the links mix kinds, none when they are all rows or
    /// all columns.
    fn bonus(&self) -> u32 {
        let links = self.chain.iter().map(|&(index, _)| self.links[index]);
        if links.clone().any(|link| link.grouped) {
            return 3;
        }
        let has = |kind: HouseKind| links.clone().any(|link| link.kind == kind);
        let (rows, columns, boxes) = (
            has(HouseKind::Row),
            has(HouseKind::Column),
            has(HouseKind::Box),
        );
        match (rows, columns, boxes) {
            (true, false, false) | (false, true, false) => 0,
            (true, true, true) => 2,
            _ => 1,
        }
    }
}
