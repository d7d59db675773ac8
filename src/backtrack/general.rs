//! The general engine: every size and variant, on per-cell candidate masks (`propagate.rs`
//! and the rules beside it) searched depth-first (`search.rs`).

use crate::budget::{Budget, Stopped};
use crate::model::{Cell, Digit, Grid, Puzzle};

use super::branching::Branching;
use super::cages::CageRules;
use super::layout::Layout;
use super::propagate::{Pass, Rules, Work};
use super::reasons;
use super::search::{Search, Visitor};
use super::variant::VariantRules;

/// Grids larger than this get the full matching rule on houses and digits: on 25×25 it
/// cuts the search by orders of magnitude, on 16×16 and below it costs more than it saves.
const MATCHING_FROM_SIZE: usize = 16;

/// Branch points of a search's first run before it restarts (see [`General::search_within`]):
/// far more than any generation or test search needs, so only the long searches (sparse
/// irregular grids, where an early wrong choice costs minutes) ever restart.
const FIRST_CUTOFF: u64 = 20_000;

/// The general engine's tables and working memory for one puzzle's rules.
#[derive(Clone, Debug)]
pub(super) struct General {
    rules: Rules,
    work: Work,
    /// Stack of search states, one after another.
    states: Vec<u32>,
    branching: Branching,
    /// The root state, kept while a search that may restart runs.
    root: Vec<u32>,
}

impl General {
    /// Builds the tables for `puzzle`'s houses, cages and comparisons.
    pub fn new(puzzle: &Puzzle) -> General {
        let layout = Layout::new(puzzle);
        let variants = VariantRules::new(puzzle, &layout);
        let rules = Rules {
            layout,
            cages: CageRules::new(puzzle),
            matching: usize::from(puzzle.size()) > MATCHING_FROM_SIZE,
            variants,
        };
        General {
            work: Work::new(&rules),
            states: vec![0; rules.state_len()],
            branching: Branching::new(&rules),
            root: Vec::new(),
            rules,
        }
    }

    /// Writes the root state for `givens` (same geometry as `puzzle`) and propagates it;
    /// the reason when it fails.
    pub fn prepare(&mut self, puzzle: &Puzzle, givens: &Grid) -> Result<(), String> {
        self.prepare_excluding(puzzle, givens, None)
    }

    /// Like [`General::prepare`], with `excluded`'s digit also ruled out of its cell.
    pub fn prepare_excluding(
        &mut self,
        puzzle: &Puzzle,
        givens: &Grid,
        excluded: Option<(Cell, Digit)>,
    ) -> Result<(), String> {
        let length = self.rules.state_len();
        let state = &mut self.states[..length];
        self.rules.reset(state);
        let mut pass = Pass::new(&self.rules, &mut self.work, state);
        pass.check_everything();
        let placed = pass.variant_masks().and_then(|()| {
            givens
                .filled()
                .try_for_each(|(cell, digit)| pass.place(cell.index(), 1 << digit.index()))
        });
        let excluded = placed.and_then(|()| match excluded {
            Some((cell, digit)) => pass.restrict(cell.index(), !(1 << digit.index())),
            None => Ok(()),
        });
        excluded.and_then(|()| pass.run()).map_err(|contradiction| {
            reasons::from_givens(&self.rules.layout, givens)
                .unwrap_or_else(|| reasons::of_contradiction(puzzle, &self.rules, contradiction))
        })
    }

    /// Searches from the prepared root until the visitor stops or `budget` says so (its work
    /// limit counts branch points; none: no limit): the branch points visited, and why it
    /// gave up, if it did.
    pub fn search_within(
        &mut self,
        visitor: &mut impl Visitor,
        budget: Option<&Budget>,
    ) -> (u64, Option<Stopped>) {
        let restartable = visitor.restartable();
        if restartable {
            // a run works on the root state in place once it takes its last alternative
            let length = self.rules.state_len();
            self.root.clear();
            self.root.extend_from_slice(&self.states[..length]);
        }
        let mut search = Search::new(
            &self.rules,
            &mut self.work,
            &mut self.states,
            &mut self.branching,
        )
        .with_budget(budget)
        .with_cutoff(restartable.then_some(FIRST_CUTOFF));
        search.run(visitor);
        let (mut guesses, mut cut_off, mut stopped) =
            (search.guesses, search.cut_off, search.stopped);
        let mut cutoff = FIRST_CUTOFF;
        // A long search restarts from the root with what it learnt of the tight houses (the
        // branching weights), within a cutoff that doubles each time, so the last run is
        // complete; a visitor whose answer depends on its order of solutions never restarts.
        while cut_off && stopped.is_none() {
            visitor.restart();
            let length = self.rules.state_len();
            self.states[..length].copy_from_slice(&self.root);
            cutoff = cutoff.saturating_mul(2);
            let mut search = Search::resuming(
                &self.rules,
                &mut self.work,
                &mut self.states,
                &mut self.branching,
                guesses,
            )
            .with_budget(budget)
            .with_cutoff(Some(cutoff));
            search.run(visitor);
            guesses += search.guesses;
            cut_off = search.cut_off;
            stopped = search.stopped;
        }
        (guesses, stopped)
    }
}
