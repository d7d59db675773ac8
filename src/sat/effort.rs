//! What the SAT engine did, in splr's own counts, and the rule that turns it into work units
//! comparable with the native engine's.
//!
//! splr cannot be stopped after a number of conflicts, so the work limit of a [`Budget`]
//! given to the SAT engine is looked at before each solver call: the call starts only when
//! the work of the calls done plus its own loading ([`Effort::loading`], known in advance)
//! fits; its search then runs to its end unless the flag or the deadline stops it, and is
//! charged what it did.
//!
//! [`Budget`]: crate::budget::Budget

// The weights: a unit of SAT work takes about the time of a native one, a thousandth of a
// branch point on a 9×9 (2 to 3.6 µs a branch point on the classic sets, so 280 to 500
// million units a second, on a loaded machine). Fitted by least squares on the shared sets
// (`examples/sat_work.rs`, 1070 puzzles: top1465, the forum's hardest, both 16×16 sets,
// krazydad's and vtsukur's killers) and rounded; over three runs the charge came to 0.46 to
// 1.15 of each set's time in native units (BENCHMARKS.md, "Issue 28: work units of the SAT
// proof"). Loading dominates on easy puzzles, propagations and conflicts on hard ones.

/// Work units one solver call counts beyond its literals: the fit finds no fixed cost a call
/// (building a solver is paid per literal), so 0; the calls are counted all the same.
pub const CALL_WORK: u64 = 0;

/// Work units each literal loaded into a solver counts (splr builds its clause database
/// and runs its simplifier over them: about 0.42 µs each).
pub const LITERAL_WORK: u64 = 120;

/// Work units one of splr's propagations counts (about 0.25 µs each).
pub const PROPAGATION_WORK: u64 = 70;

/// Work units one of splr's conflicts counts (its analysis and a learnt clause: about 7 µs).
pub const CONFLICT_WORK: u64 = 2_000;

/// What one or more solver calls did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Solver calls (each builds a solver from the clauses).
    pub calls: u64,
    /// Literals loaded, summed over the calls.
    pub literals: u64,
    /// splr's propagations (variables assigned by unit propagation), summed.
    pub propagations: u64,
    /// splr's conflicts, summed.
    pub conflicts: u64,
}

impl Effort {
    /// What loading `clauses` into a new solver takes: one call and their literals, known
    /// before the call (a call starts only when this fits in what the work limit leaves).
    pub fn loading(clauses: &[Vec<i32>]) -> Effort {
        Effort {
            calls: 1,
            literals: clauses.iter().map(|clause| clause.len() as u64).sum(),
            ..Effort::default()
        }
    }

    /// The work units this effort counts against a budget's work limit: a sum of its counts,
    /// each at its weight ([`CALL_WORK`], [`LITERAL_WORK`], [`PROPAGATION_WORK`],
    /// [`CONFLICT_WORK`]), measured so that a unit of SAT work takes about the time of a
    /// unit of the native engine's (a thousandth of a branch point).
    pub fn work(&self) -> u64 {
        self.calls
            .saturating_mul(CALL_WORK)
            .saturating_add(self.literals.saturating_mul(LITERAL_WORK))
            .saturating_add(self.propagations.saturating_mul(PROPAGATION_WORK))
            .saturating_add(self.conflicts.saturating_mul(CONFLICT_WORK))
    }
}

impl std::ops::AddAssign for Effort {
    fn add_assign(&mut self, other: Effort) {
        self.calls += other.calls;
        self.literals += other.literals;
        self.propagations += other.propagations;
        self.conflicts += other.conflicts;
    }
}
