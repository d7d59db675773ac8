//! What a long computation may spend: a work limit, a deadline and a cancel flag, passed into
//! every engine, grader and loop that can run long, so a caller can stop it from outside.
//!
//! A [`Budget`] is cheap to clone (the flag is one shared atomic) and cheap to poll: an
//! engine asks [`Budget::check`] at its natural unit of work (a branch point of the native
//! search, a technique search of the grader, a solver call of the SAT engine) and stops with
//! the [`Stopped`] reason when it says so. The work limit counts each engine's own unit;
//! the deadline and the flag mean the same everywhere.
//!
//! ```
//! use std::time::Duration;
//! use sudokit::budget::{Budget, Cancel, Stopped};
//!
//! let cancel = Cancel::new();
//! let budget = Budget::unlimited()
//!     .with_timeout(Duration::from_secs(60))
//!     .with_cancel(&cancel);
//! assert_eq!(budget.check(1_000_000), Ok(()));
//! cancel.cancel();
//! assert_eq!(budget.check(0), Err(Stopped::Cancelled));
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why a computation stopped before its answer was known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// The work limit was used up.
    #[error("stopped: the work limit of {limit} was used up")]
    WorkLimit {
        /// The limit, in the engine's unit of work.
        limit: u64,
    },
    /// The deadline passed.
    #[error("stopped: the time limit passed")]
    Deadline,
    /// The caller asked it to stop.
    #[error("stopped: cancelled")]
    Cancelled,
}

/// The flag a caller raises to stop every computation holding a budget made with it.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not raised.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: every computation holding it stops at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What a caller lends to work that may leave a thread of its own running after it returns
/// (a SAT search cannot be stopped from outside, see `sat`): every such thread keeps a clone
/// until it ends, so the value inside is dropped only when the last of them has ended. The
/// server puts a request's slot in it: work left running counts against `--concurrency`.
#[derive(Clone)]
pub struct Hold {
    _kept: Arc<dyn std::any::Any + Send + Sync>,
}

impl Hold {
    /// Holds `value` until the last clone is dropped.
    pub fn new(value: impl std::any::Any + Send + Sync) -> Hold {
        Hold {
            _kept: Arc::new(value),
        }
    }
}

impl std::fmt::Debug for Hold {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("Hold")
    }
}

/// A work limit, a deadline and a cancel flag; each may be absent.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    work_limit: Option<u64>,
    deadline: Option<Instant>,
    /// The flags it stops at (usually one; two when a budget is joined with another's).
    cancels: Vec<Cancel>,
    hold: Option<Hold>,
}

impl Budget {
    /// No limit at all: the computation runs to its answer.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// The same budget with a work limit (in the unit of the engine it is given to).
    pub fn with_work_limit(mut self, limit: u64) -> Budget {
        self.work_limit = Some(limit);
        self
    }

    /// The same budget without a work limit (deadline and flag kept).
    pub fn without_work_limit(mut self) -> Budget {
        self.work_limit = None;
        self
    }

    /// The same budget, stopping at `deadline` (the earlier one when it has one already).
    pub fn with_deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(self.deadline.map_or(deadline, |own| own.min(deadline)));
        self
    }

    /// The same budget, stopping `timeout` from now.
    pub fn with_timeout(self, timeout: Duration) -> Budget {
        match Instant::now().checked_add(timeout) {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// The same budget, stopping when `cancel` is raised (or any flag it stopped at before).
    pub fn with_cancel(mut self, cancel: &Cancel) -> Budget {
        if !self
            .cancels
            .iter()
            .any(|own| Arc::ptr_eq(&own.0, &cancel.0))
        {
            self.cancels.push(cancel.clone());
        }
        self
    }

    /// The stricter of this budget and `other`: the smaller work limit, the earlier
    /// deadline, and every flag of both (the hold is this budget's, else `other`'s).
    pub fn and(&self, other: &Budget) -> Budget {
        let mut joined = self.clone();
        joined.work_limit = match (self.work_limit, other.work_limit) {
            (Some(own), Some(theirs)) => Some(own.min(theirs)),
            (own, theirs) => own.or(theirs),
        };
        if let Some(deadline) = other.deadline {
            joined = joined.with_deadline(deadline);
        }
        for cancel in &other.cancels {
            joined = joined.with_cancel(cancel);
        }
        if joined.hold.is_none() {
            joined.hold = other.hold.clone();
        }
        joined
    }

    /// The same budget, lending `hold` to every thread its work leaves running.
    pub fn with_hold(mut self, hold: Hold) -> Budget {
        self.hold = Some(hold);
        self
    }

    /// What a thread started under this budget keeps until it ends (see [`Hold`]).
    pub fn hold(&self) -> Option<Hold> {
        self.hold.clone()
    }

    /// The work limit, if any.
    pub fn work_limit(&self) -> Option<u64> {
        self.work_limit
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The time left before the deadline (none: no deadline).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|deadline| deadline.saturating_duration_since(Instant::now()))
    }

    /// Whether the flag was raised (one atomic load: cheap enough for every step of a
    /// search; the clock is dearer, see [`Budget::interrupted`]).
    pub fn is_cancelled(&self) -> bool {
        self.cancels.iter().any(Cancel::is_cancelled)
    }

    /// Whether the flag was raised or the deadline passed (the work limit aside).
    pub fn interrupted(&self) -> Result<(), Stopped> {
        if self.is_cancelled() {
            return Err(Stopped::Cancelled);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Stopped::Deadline);
        }
        Ok(())
    }

    /// Whether a computation that has done `work` may go on: the work limit, the flag and the
    /// deadline, in that order.
    pub fn check(&self, work: u64) -> Result<(), Stopped> {
        if let Some(limit) = self.work_limit.filter(|&limit| work > limit) {
            return Err(Stopped::WorkLimit { limit });
        }
        self.interrupted()
    }

    /// Whether the budget can stop anything (a limit, a deadline or a flag).
    pub fn is_limited(&self) -> bool {
        self.work_limit.is_some() || self.deadline.is_some() || !self.cancels.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unlimited_budget_never_stops() {
        let budget = Budget::unlimited();
        assert_eq!(budget.check(u64::MAX), Ok(()));
        assert!(!budget.is_limited());
        assert_eq!(budget.remaining(), None);
    }

    #[test]
    fn the_work_limit_stops_past_it() {
        let budget = Budget::unlimited().with_work_limit(10);
        assert_eq!(budget.check(10), Ok(()));
        assert_eq!(budget.check(11), Err(Stopped::WorkLimit { limit: 10 }));
        // the flag and deadline stay when the work limit goes
        assert_eq!(budget.without_work_limit().check(11), Ok(()));
    }

    #[test]
    fn a_passed_deadline_stops_and_the_earlier_deadline_holds() {
        let now = Instant::now();
        let budget = Budget::unlimited()
            .with_deadline(now + Duration::from_secs(3600))
            .with_deadline(now);
        assert_eq!(budget.deadline(), Some(now));
        assert_eq!(budget.interrupted(), Err(Stopped::Deadline));
        assert_eq!(budget.remaining(), Some(Duration::ZERO));
    }

    #[test]
    fn a_raised_flag_stops_every_clone() {
        let cancel = Cancel::new();
        let budget = Budget::unlimited().with_cancel(&cancel);
        let copy = budget.clone();
        assert_eq!(copy.check(0), Ok(()));
        cancel.cancel();
        assert_eq!(budget.check(0), Err(Stopped::Cancelled));
        assert_eq!(copy.interrupted(), Err(Stopped::Cancelled));
    }

    #[test]
    fn joined_budgets_keep_the_stricter_limits_and_both_flags() {
        let now = Instant::now();
        let (first_flag, second_flag) = (Cancel::new(), Cancel::new());
        let first = Budget::unlimited()
            .with_work_limit(50)
            .with_deadline(now + Duration::from_secs(3600))
            .with_cancel(&first_flag);
        let second = Budget::unlimited()
            .with_work_limit(10)
            .with_deadline(now + Duration::from_secs(60))
            .with_cancel(&second_flag);
        let joined = first.and(&second);
        assert_eq!(joined.work_limit(), Some(10));
        assert_eq!(joined.deadline(), Some(now + Duration::from_secs(60)));
        assert_eq!(joined.check(10), Ok(()));
        second_flag.cancel();
        assert_eq!(joined.check(0), Err(Stopped::Cancelled));
        assert_eq!(first.check(0), Ok(()));
        // a limit only one side has is kept
        assert_eq!(
            Budget::unlimited().and(&first).work_limit(),
            Some(50),
            "the other side's work limit"
        );
        assert!(!Budget::unlimited().and(&Budget::unlimited()).is_limited());
    }

    #[test]
    fn a_held_value_goes_with_the_last_clone_of_the_budget() {
        let (sender, receiver) = std::sync::mpsc::channel::<()>();
        let budget = Budget::unlimited().with_hold(Hold::new(sender));
        let kept = budget.hold();
        drop(budget);
        assert!(receiver
            .try_recv()
            .is_err_and(|error| error == std::sync::mpsc::TryRecvError::Empty));
        drop(kept);
        assert_eq!(
            receiver.try_recv(),
            Err(std::sync::mpsc::TryRecvError::Disconnected)
        );
    }
}
