//! The Sudoku Explainer scale (`sudokit grade --scale se`): SE's method on the grader's
//! candidate board. At each step the first hint in the producer order is applied (a producer
//! offers its easiest hint); the puzzle is rated by the hardest step (ER), the hardest step up
//! to the first placement (EP) and the first step (ED), printed by SE's batch rater as
//! `puzzle ED=er/ep/ed`.
//!
//! - [`rate_se`] / [`SeRater`]: the rater; [`SeRating`]: its path and ratings.
//! - [`SeTechnique`], [`SeTable`]: the techniques and their base ratings (data: `table.ron`,
//!   SE with the Sukaku Explainer fork's strong-link chains and wings, which rated the
//!   published banks; `table_original.ron`, SE 1.2.1 alone).
//!
//! Techniques neither has (W-Wing, colouring, ALS chains, finned fish) are not used. The
//! chain engine follows SE's published rules (on/off potentials, static and dynamic
//! propagation, cell and region forcing chains) and its length bonus; it is written from
//! those descriptions, not from SE's code. Nested forcing chains (levels 2 to 5, 9.5 to 11.0
//! and up) search chains inside the propagations; they cost so much that a rating has a work
//! limit ([`SeRater::work_limit`]), past which it stops with [`SeStop::WorkLimit`].

mod als_wings;
mod basics;
mod bug;
pub mod calibration;
mod chains;
mod nested;
mod rating;
mod strong_links;
mod table;
mod unique_loops;

use std::fmt;

use crate::budget::{Budget, Stopped};
use crate::model::{Cell, Constraint, Digit, Grid, HouseKind, Puzzle};

use super::board::Board;
use super::cellset::CellSet;
use super::layout::Layout;
use super::memo::Memo;
use super::solution;

pub use rating::{format_tenths, length_bonus};
pub use table::{SeRow, SeTable, SeTechnique, EXPLAINER_TABLE, ORIGINAL_TABLE};

/// Why a rating stopped before the grid was full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeStop {
    /// No technique of the table applies (with SE's, the puzzle is beyond nested forcing
    /// chains of level 5).
    Beyond,
    /// The chain searches did more work than the rater allows ([`SeRater::work_limit`]):
    /// the puzzle needs nested forcing chains at more states than a rating can afford.
    WorkLimit,
    /// The candidates contradict each other (the puzzle has no solution).
    Contradiction,
    /// The caller's budget stopped it (its flag or deadline; see [`SeRater::with_budget`]).
    Stopped(Stopped),
}

/// Why the SE scale cannot rate a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeError {
    /// SE rates grids of rows, columns and boxes (and extra houses) without cages.
    #[error("the SE scale rates puzzles of at most 128 cells without cages: {0}")]
    Unsupported(String),
    /// SE has no steps for variant rules (HoDoKu's scale, the default, has).
    #[error("the SE scale does not rate the {0} (HoDoKu's scale, the default, does)")]
    Rule(String),
}

/// One step of an SE path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeStep {
    /// The technique.
    pub technique: SeTechnique,
    /// The step's rating in tenths (base rating plus SE's bonuses).
    pub tenths: u32,
    /// Digits placed.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The cells of the pattern (or, for chains, the cells the chains pass through).
    pub cells: Vec<Cell>,
    /// For chains, how many nodes they hold (SE's complexity, which sets the length bonus).
    pub complexity: usize,
}

impl SeStep {
    /// A one-line explanation, e.g. `r3c7=5  hidden single (1.5)`.
    pub fn explain(&self) -> String {
        let mut outcome: Vec<String> = self
            .placements
            .iter()
            .map(|(cell, digit)| format!("{cell}={}", crate::notation::character(*digit)))
            .collect();
        outcome.extend(
            self.eliminations
                .iter()
                .map(|(cell, digit)| format!("{cell}<>{}", crate::notation::character(*digit))),
        );
        let mut text = format!(
            "{}  {} ({})",
            outcome.join(", "),
            self.technique.name().to_lowercase(),
            format_tenths(self.tenths)
        );
        if self.complexity > 0 {
            text.push_str(&format!(", {} nodes", self.complexity));
        }
        if !self.cells.is_empty() && self.complexity == 0 {
            let cells: Vec<String> = self.cells.iter().map(|cell| cell.to_string()).collect();
            text.push_str(&format!(": {}", cells.join(",")));
        }
        text
    }
}

/// The rating of a puzzle on SE's scale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeRating {
    /// The path, in order.
    pub steps: Vec<SeStep>,
    /// Whether the path ends in a full grid.
    pub solved: bool,
    /// ER: the hardest step, in tenths.
    pub er: u32,
    /// EP: the hardest step up to the first placement, in tenths.
    pub ep: u32,
    /// ED: the first step, in tenths.
    pub ed: u32,
    /// The technique of the hardest step (the first one reaching ER).
    pub hardest: Option<SeTechnique>,
    /// Why the path stopped early, if it did.
    pub stop: Option<SeStop>,
    /// The grid at the end of the path.
    pub grid: Grid,
    /// The implications the chain searches derived (the rating's cost, which the work limit
    /// bounds).
    pub work: u64,
}

impl SeRating {
    /// The `ED=er/ep/ed` part of SE's batch line, e.g. `ED=7.2/1.2/1.2`.
    pub fn ed_text(&self) -> String {
        format!(
            "ED={}/{}/{}",
            format_tenths(self.er),
            format_tenths(self.ep),
            format_tenths(self.ed)
        )
    }
}

impl fmt::Display for SeRating {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.ed_text())
    }
}

/// A rater for one puzzle on the SE scale, with a table (the fork's set by default).
#[derive(Clone, Debug)]
pub struct SeRater {
    puzzle: Puzzle,
    table: SeTable,
    work_limit: u64,
    budget: Budget,
    /// Whether the caller has proved the puzzle has exactly one solution.
    known_unique: bool,
}

/// The default work limit: implications the chain searches of one rating may derive (a few
/// seconds on one core of the machine BENCHMARKS.md describes; the calibration bank's
/// puzzles need far less, the hardest known puzzles more).
pub const DEFAULT_WORK_LIMIT: u64 = 100_000_000;

impl SeRater {
    /// A rater with the default table (SE with the Sukaku Explainer fork's techniques); fails
    /// on puzzles the scale does not cover.
    pub fn new(puzzle: &Puzzle) -> Result<SeRater, SeError> {
        SeRater::with_table(puzzle, SeTable::explainer())
    }

    /// A rater with another table.
    pub fn with_table(puzzle: &Puzzle, table: SeTable) -> Result<SeRater, SeError> {
        if puzzle.cages().next().is_some() {
            return Err(SeError::Unsupported("the puzzle has cages".to_string()));
        }
        // the SE scale has no steps for variant rules (HoDoKu's scale has, issue 32), nor
        // extra houses beyond the diagonals; rating without them would be rating another
        // puzzle
        if let Some(rule) = puzzle
            .constraints()
            .iter()
            .find(|constraint| match constraint {
                Constraint::Distinct(house) => !matches!(house.kind(), HouseKind::Diagonal(_)),
                Constraint::Regions(_) => false,
                other => other.is_variant_rule(),
            })
        {
            return Err(SeError::Rule(rule.to_string()));
        }
        if puzzle.geometry().cell_count() > 128 {
            return Err(SeError::Unsupported(format!(
                "the puzzle has {} cells",
                puzzle.geometry().cell_count()
            )));
        }
        Ok(SeRater {
            puzzle: puzzle.clone(),
            table,
            work_limit: DEFAULT_WORK_LIMIT,
            budget: Budget::unlimited(),
            known_unique: false,
        })
    }

    /// The same rater, told that `solution` is the puzzle's only solution (the caller has
    /// proved it, by either engine): the rater then does not prove uniqueness again, which
    /// on an easy puzzle is most of its time. A grid of another shape, or one that is not a
    /// solution of the puzzle, is ignored (the rater proves uniqueness itself).
    pub fn with_unique_solution(mut self, solution: &Grid) -> SeRater {
        if solution.geometry() == self.puzzle.geometry() && self.puzzle.is_solution(solution) {
            self.known_unique = true;
        }
        self
    }

    /// The same rater with another work limit: how many implications (potentials derived by
    /// following assumptions through the grid, each candidate on or off) the chain searches
    /// may derive before the rating stops with [`SeStop::WorkLimit`]. Counting work rather
    /// than time keeps ratings the same on every machine.
    pub fn with_work_limit(mut self, limit: u64) -> SeRater {
        self.work_limit = limit;
        self
    }

    /// The same rater, stopping with [`SeStop::Stopped`] when `budget`'s flag is raised or
    /// its deadline passes (its work limit, when it has one, replaces the rater's).
    pub fn with_budget(mut self, budget: &Budget) -> SeRater {
        if let Some(limit) = budget.work_limit() {
            self.work_limit = limit;
        }
        self.budget = budget.clone().without_work_limit();
        self
    }

    /// The work limit (implications).
    pub fn work_limit(&self) -> u64 {
        self.work_limit
    }

    /// Solves the puzzle the way SE does and rates the path.
    pub fn rate(&self) -> SeRating {
        run(
            &self.puzzle,
            &self.table,
            self.work_limit,
            self.known_unique,
            &self.budget,
        )
    }
}

/// Rates `puzzle` with the default table.
pub fn rate_se(puzzle: &Puzzle) -> Result<SeRating, SeError> {
    Ok(SeRater::new(puzzle)?.rate())
}

/// What a producer found: one hint, in grid indices.
#[derive(Clone, Debug, Default)]
pub(crate) struct Hint {
    /// The technique (set by the producer).
    pub technique: Option<SeTechnique>,
    /// Rating in tenths.
    pub tenths: u32,
    /// Digits placed (cell, digit index).
    pub placements: Vec<(usize, usize)>,
    /// Candidates removed (cell, digit index).
    pub eliminations: Vec<(usize, usize)>,
    /// Cells of the pattern.
    pub cells: Vec<usize>,
    /// Chain nodes (0 for other techniques).
    pub complexity: usize,
}

impl Hint {
    pub(crate) fn new(technique: SeTechnique, tenths: u32) -> Hint {
        Hint {
            technique: Some(technique),
            tenths,
            ..Hint::default()
        }
    }
}

/// What every producer may read.
pub(crate) struct Scene<'a> {
    /// The geometry tables.
    pub layout: &'a Layout<2>,
    /// The ratings.
    pub table: &'a SeTable,
    /// Whether the puzzle has exactly one solution (uniqueness techniques).
    pub unique: bool,
    /// Scratch memory for the grader's own searches.
    pub memo: &'a Memo<2>,
    /// Buffers the chain producers reuse.
    pub scratch: chains::Scratch,
    /// Implications the chain searches derived so far.
    pub work: std::cell::Cell<u64>,
    /// How many the rating may derive.
    pub work_limit: u64,
    /// Strong links per digit, kept while the digit's places stay the same.
    pub strong_links: strong_links::LinkCache,
    /// The caller's flag and deadline (none: only the work limit stops the rating): the flag
    /// at every look at the work, the clock every [`POLL_LOOKS`].
    pub budget: Option<&'a Budget>,
    /// Looks at the work so far, and why the budget stopped the rating once it did.
    pub looks: std::cell::Cell<u32>,
    pub stopped: std::cell::Cell<Option<Stopped>>,
    /// For the techniques whose hints rest on their pattern's cells, the candidates each last
    /// found nothing on (see [`Scene::changed`]).
    pub barren: std::cell::RefCell<Vec<(SeTechnique, Vec<u32>)>>,
}

/// Looks at the work between two looks at the budget's clock.
const POLL_LOOKS: u32 = 64;

impl Scene<'_> {
    /// The base rating of `technique`, if the table uses it.
    pub(crate) fn tenths(&self, technique: SeTechnique) -> Option<u32> {
        self.table.tenths(technique)
    }

    /// The cells whose candidates changed since `technique` last found nothing on the board
    /// (`None`: it has not, or it found something since). Candidates only go during a
    /// rating, so where a hint rests on its pattern's cells alone (their candidates decide
    /// the pattern, and it removes some of a fixed set of candidates), a pattern whose cells
    /// kept their candidates removed nothing then and removes nothing now: only patterns
    /// touching these cells need a look.
    pub(crate) fn changed(&self, technique: SeTechnique, board: &Board<2>) -> Option<CellSet<2>> {
        let barren = self.barren.borrow();
        let (_, then) = barren.iter().find(|(known, _)| *known == technique)?;
        debug_assert!(
            board
                .candidates
                .iter()
                .zip(then)
                .all(|(now, then)| now & !then == 0),
            "a rating's board gained a candidate: the barren snapshots no longer hold"
        );
        Some(
            board
                .candidates
                .iter()
                .zip(then)
                .enumerate()
                .filter(|(_, (now, then))| now != then)
                .map(|(cell, _)| cell)
                .collect(),
        )
    }

    /// Notes whether `technique` found something on `board` (see [`Scene::changed`]).
    pub(crate) fn note(&self, technique: SeTechnique, board: &Board<2>, found: bool) {
        let mut barren = self.barren.borrow_mut();
        let position = barren.iter().position(|(known, _)| *known == technique);
        match (position, found) {
            (Some(position), true) => {
                barren.swap_remove(position);
            }
            (Some(position), false) => barren[position].1.copy_from_slice(&board.candidates),
            (None, true) => {}
            (None, false) => barren.push((technique, board.candidates.clone())),
        }
    }

    /// Counts `implications` more derived.
    pub(crate) fn spend(&self, implications: u64) {
        self.work.set(self.work.get() + implications);
    }

    /// Whether the rating has run out of work: the searches then stop short.
    pub(crate) fn exhausted(&self) -> bool {
        if let Some(budget) = self.budget {
            let looks = self.looks.get().wrapping_add(1);
            self.looks.set(looks);
            if self.stopped.get().is_none() {
                if budget.is_cancelled() {
                    self.stopped.set(Some(Stopped::Cancelled));
                } else if looks.is_multiple_of(POLL_LOOKS) {
                    self.stopped.set(budget.interrupted().err());
                }
            }
        }
        self.stopped.get().is_some() || self.work.get() > self.work_limit
    }
}

fn run(
    puzzle: &Puzzle,
    table: &SeTable,
    work_limit: u64,
    known_unique: bool,
    budget: &Budget,
) -> SeRating {
    let layout = Layout::<2>::new(puzzle);
    let mut board = Board::new(&layout, puzzle);
    let (unique, mut stop) = if known_unique {
        (true, None)
    } else {
        match solution::solutions_within_budget(&layout, &board.values, None, 2, budget) {
            Ok(found) => (found.len() == 1, None),
            Err(stopped) => (false, Some(SeStop::Stopped(stopped))),
        }
    };
    let memo = Memo::new();
    let scene = Scene {
        layout: &layout,
        table,
        unique,
        memo: &memo,
        scratch: chains::Scratch::default(),
        work: std::cell::Cell::new(0),
        work_limit,
        strong_links: strong_links::LinkCache::default(),
        budget: budget.is_limited().then_some(budget),
        looks: std::cell::Cell::new(0),
        stopped: std::cell::Cell::new(None),
        barren: std::cell::RefCell::new(Vec::new()),
    };
    let order: Vec<SeTechnique> = SeTechnique::ALL
        .iter()
        .copied()
        .filter(|&technique| table.tenths(technique).is_some())
        .collect();
    let mut steps = Vec::new();
    let (mut er, mut ep, mut ed) = (0u32, 0u32, 0u32);
    let mut placed_yet = false;
    let mut hardest = None;
    while stop.is_none() && !board.is_solved() {
        if board.empty.iter().any(|cell| board.candidates[cell] == 0) {
            stop = Some(SeStop::Contradiction);
            break;
        }
        let mut found = None;
        let mut asked_chains = false;
        for &technique in &order {
            if chains::is_static_chain(technique) {
                if asked_chains {
                    continue;
                }
                asked_chains = true;
            }
            if let Some(hint) = produce(technique, &scene, &mut board) {
                if makes_progress(&board, &hint) {
                    found = Some(hint);
                    break;
                }
            }
        }
        if scene.exhausted() {
            // a search cut short may have missed an easier hint: no rating is better than
            // a wrong one
            stop = Some(
                scene
                    .stopped
                    .get()
                    .map_or(SeStop::WorkLimit, SeStop::Stopped),
            );
            break;
        }
        let Some(hint) = found else {
            stop = Some(SeStop::Beyond);
            break;
        };
        if steps.is_empty() {
            ed = hint.tenths;
        }
        if hint.tenths > er {
            er = hint.tenths;
            hardest = hint.technique;
        }
        if !placed_yet {
            ep = ep.max(hint.tenths);
            placed_yet = !hint.placements.is_empty();
        }
        for &(cell, digit) in &hint.placements {
            board.place(&layout, cell, digit);
        }
        for &(cell, digit) in &hint.eliminations {
            board.eliminate(&layout, cell, digit);
        }
        steps.push(SeStep {
            technique: hint.technique.unwrap_or(SeTechnique::LastValue),
            tenths: hint.tenths,
            placements: hint
                .placements
                .iter()
                .map(|&(cell, digit)| (layout.cell(cell), layout.digit(digit)))
                .collect(),
            eliminations: hint
                .eliminations
                .iter()
                .map(|&(cell, digit)| (layout.cell(cell), layout.digit(digit)))
                .collect(),
            cells: hint.cells.iter().map(|&cell| layout.cell(cell)).collect(),
            complexity: hint.complexity,
        });
    }
    SeRating {
        steps,
        solved: board.is_solved(),
        er,
        ep,
        ed,
        hardest,
        stop,
        grid: Grid::from_values(layout.geometry, &board.values).expect("values fit the grid"),
        work: scene.work.get(),
    }
}

fn produce(technique: SeTechnique, scene: &Scene<'_>, board: &mut Board<2>) -> Option<Hint> {
    use SeTechnique::*;
    match technique {
        BidirectionalXCycle | BidirectionalYCycle | ForcingXChain | ForcingChain
        | BidirectionalCycle => chains::static_chains(scene, board),
        NishioForcingChain => chains::nishio(scene, board),
        MultipleForcingChain => chains::multiple(scene, board, chains::Depth::Static),
        DynamicForcingChain => chains::multiple(scene, board, chains::Depth::Dynamic),
        DynamicForcingChainPlus => chains::multiple(scene, board, chains::Depth::DynamicPlus),
        NestedForcingChain => chains::multiple(scene, board, chains::Depth::Nested(2)),
        NestedMultipleForcingChain => chains::multiple(scene, board, chains::Depth::Nested(3)),
        NestedDynamicForcingChain => chains::multiple(scene, board, chains::Depth::Nested(4)),
        DoublyNestedForcingChain => chains::multiple(scene, board, chains::Depth::Nested(5)),
        WxyzWing | VwxyzWing | UvwxyzWing | TuvwxyzWing => {
            als_wings::produce(technique, scene, board)
        }
        TwoStrongLinks | ThreeStrongLinks | FourStrongLinks | FiveStrongLinks | SixStrongLinks => {
            strong_links::produce(technique, scene, board)
        }
        _ => basics::produce(technique, scene, board),
    }
}

fn makes_progress(board: &Board<2>, hint: &Hint) -> bool {
    hint.placements
        .iter()
        .any(|&(cell, digit)| board.values[cell] == 0 && board.has(cell, digit))
        || hint
            .eliminations
            .iter()
            .any(|&(cell, digit)| board.has(cell, digit))
}

/// The digit indices of a mask, in increasing order.
fn techniques_digits(mask: u32) -> impl Iterator<Item = usize> {
    super::techniques::digits_of(mask)
}
