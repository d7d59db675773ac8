//! Sharding a run over machines: shard i of N takes a contiguous block of the run's items,
//! so the shards' outputs, joined in order, are the whole run's; a scheduler's job array
//! names the shard through its environment variables.
//!
//! ```
//! use sudokit::shard::{Scheduler, Shard};
//!
//! let shard: Shard = "1/3".parse()?;
//! assert_eq!(shard.block(10), 3..6);
//! // a Slurm job array of tasks 1-3: task 2 is shard 1 of 3
//! let variables = [
//!     ("SLURM_ARRAY_TASK_ID", "2"),
//!     ("SLURM_ARRAY_TASK_MIN", "1"),
//!     ("SLURM_ARRAY_TASK_COUNT", "3"),
//! ];
//! let lookup = |name: &str| {
//!     variables
//!         .iter()
//!         .find(|(variable, _)| *variable == name)
//!         .map(|(_, value)| value.to_string())
//! };
//! assert_eq!(Shard::from_scheduler(lookup)?, Some((shard, Scheduler::Slurm)));
//! # Ok::<(), sudokit::shard::ShardError>(())
//! ```

use std::ops::Range;
use std::str::FromStr;

/// Shard `index` of `count` (`0 ≤ index < count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

/// Why a shard cannot be taken: the text is not `i/N`, or a scheduler's variables do not
/// name a shard that exists.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// The text is not `i/N` with `0 ≤ i < N`.
    #[error("{text:?} is not i/N with 0 ≤ i < N (e.g. 0/4)")]
    NotAShard {
        /// The text as given.
        text: String,
    },
    /// A scheduler's variable is not a whole number.
    #[error("{name}={value:?} is not a whole number")]
    NotANumber {
        /// The variable's name.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// A job array's task index without the count of its tasks.
    #[error("{index} is set without {count}: {advice}")]
    NoCount {
        /// The variable giving the index.
        index: &'static str,
        /// The variable that should give the count.
        count: &'static str,
        /// What to do about it.
        advice: &'static str,
    },
    /// A Slurm task below the array's first task.
    #[error("SLURM_ARRAY_TASK_ID {task} is below SLURM_ARRAY_TASK_MIN {first}")]
    BelowFirst {
        /// The task's number.
        task: u64,
        /// The array's first task.
        first: u64,
    },
    /// An index at or past the count.
    #[error("{scheduler}: shard {index} of {count} does not exist", scheduler = scheduler.variables())]
    Missing {
        /// The scheduler whose variables say so.
        scheduler: Scheduler,
        /// The shard's index.
        index: u64,
        /// The number of shards.
        count: u64,
    },
}

/// A scheduler that runs one process per shard and names the shard in its environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheduler {
    /// A Slurm job array: `SLURM_ARRAY_TASK_ID` minus `SLURM_ARRAY_TASK_MIN`, of
    /// `SLURM_ARRAY_TASK_COUNT`.
    Slurm,
    /// A Kubernetes Indexed Job: `JOB_COMPLETION_INDEX`, of `SUDOKIT_SHARDS` (the Job's
    /// completions, set in its manifest).
    Kubernetes,
}

impl Scheduler {
    /// The variables that give the index and the count, as `INDEX/COUNT`.
    pub fn variables(self) -> &'static str {
        match self {
            Scheduler::Slurm => "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT",
            Scheduler::Kubernetes => "JOB_COMPLETION_INDEX/SUDOKIT_SHARDS",
        }
    }
}

impl std::fmt::Display for Scheduler {
    /// The scheduler in words, with the variables it was recognised by.
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(match self {
            Scheduler::Slurm => "a Slurm job array (SLURM_ARRAY_TASK_ID)",
            Scheduler::Kubernetes => {
                "a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, SUDOKIT_SHARDS)"
            }
        })
    }
}

impl Shard {
    /// Shard `index` of `count`, or why there is none.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if index < count {
            Ok(Shard { index, count })
        } else {
            Err(ShardError::NotAShard {
                text: format!("{index}/{count}"),
            })
        }
    }

    /// The shard's contiguous block `first..end` of `total` items: the blocks of shards
    /// `0..count` cover `0..total` once each, in order, and differ in length by one at
    /// most.
    pub fn block(self, total: u64) -> Range<u64> {
        // in u128, so that no total overflows on the way
        let at = |index: u64| {
            let position = u128::from(total) * u128::from(index) / u128::from(self.count);
            // at most `total`, since index ≤ count
            u64::try_from(position).unwrap_or(total)
        };
        at(self.index)..at(self.index + 1)
    }

    /// The shard's block of `items`, in order.
    pub fn take<T>(self, items: Vec<T>) -> Vec<T> {
        let block = self.block(items.len() as u64);
        let length = (block.end - block.start) as usize;
        items
            .into_iter()
            .skip(block.start as usize)
            .take(length)
            .collect()
    }

    /// The shard a scheduler gives this process through its environment, read with
    /// `variable` (the environment's lookup, or a test's), and the scheduler: a Slurm job
    /// array, or else a Kubernetes Indexed Job; `None` when neither is there.
    pub fn from_scheduler(
        variable: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<(Shard, Scheduler)>, ShardError> {
        let number = |name: &'static str| -> Result<Option<u64>, ShardError> {
            variable(name)
                .map(|value| {
                    value
                        .trim()
                        .parse::<u64>()
                        .map_err(|_| ShardError::NotANumber { name, value })
                })
                .transpose()
        };
        let (index, count, scheduler) = if let Some(task) = number("SLURM_ARRAY_TASK_ID")? {
            let first = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let count = number("SLURM_ARRAY_TASK_COUNT")?.ok_or(ShardError::NoCount {
                index: "SLURM_ARRAY_TASK_ID",
                count: "SLURM_ARRAY_TASK_COUNT",
                advice: "give --shard i/N",
            })?;
            let index = task
                .checked_sub(first)
                .ok_or(ShardError::BelowFirst { task, first })?;
            (index, count, Scheduler::Slurm)
        } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            let count = number("SUDOKIT_SHARDS")?.ok_or(ShardError::NoCount {
                index: "JOB_COMPLETION_INDEX",
                count: "SUDOKIT_SHARDS (the Job's completions)",
                advice: "set it in the manifest or give --shard i/N",
            })?;
            (index, count, Scheduler::Kubernetes)
        } else {
            return Ok(None);
        };
        if index >= count {
            return Err(ShardError::Missing {
                scheduler,
                index,
                count,
            });
        }
        Ok(Some((Shard { index, count }, scheduler)))
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `i/N`, spaces allowed around either number.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let not_a_shard = || ShardError::NotAShard {
            text: text.to_string(),
        };
        let (index, count) = text.split_once('/').ok_or_else(not_a_shard)?;
        match (index.trim().parse(), count.trim().parse()) {
            (Ok(index), Ok(count)) if index < count => Ok(Shard { index, count }),
            _ => Err(not_a_shard()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lookup over a list of variables.
    fn environment<'a>(
        variables: &'a [(&'a str, &'a str)],
    ) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            variables
                .iter()
                .find(|(variable, _)| *variable == name)
                .map(|(_, value)| value.to_string())
        }
    }

    #[test]
    fn the_blocks_cover_every_item_once_in_order() {
        for total in (0..=40).chain([97, 1000, 12_345]) {
            for count in 1..=25 {
                let mut next = 0;
                let mut lengths = Vec::new();
                for index in 0..count {
                    let block = Shard::new(index, count).unwrap().block(total);
                    assert_eq!(block.start, next, "shard {index}/{count} of {total}");
                    assert!(block.end >= block.start, "shard {index}/{count} of {total}");
                    lengths.push(block.end - block.start);
                    next = block.end;
                }
                assert_eq!(next, total, "{count} shards of {total}");
                let (shortest, longest) = (lengths.iter().min(), lengths.iter().max());
                assert!(
                    longest
                        .zip(shortest)
                        .is_some_and(|(long, short)| long - short <= 1),
                    "{count} shards of {total}: {lengths:?}"
                );
            }
        }
    }

    #[test]
    fn blocks_of_the_largest_totals_do_not_overflow() {
        let last = Shard::new(6, 7).unwrap().block(u64::MAX);
        assert_eq!(last.end, u64::MAX);
        let six_sevenths = u128::from(u64::MAX) * 6 / 7;
        assert_eq!(u128::from(last.start), six_sevenths);
    }

    #[test]
    fn take_keeps_the_block_in_order() {
        let items: Vec<u32> = (0..10).collect();
        assert_eq!(Shard::new(0, 3).unwrap().take(items.clone()), [0, 1, 2]);
        assert_eq!(Shard::new(1, 3).unwrap().take(items.clone()), [3, 4, 5]);
        assert_eq!(Shard::new(2, 3).unwrap().take(items), [6, 7, 8, 9]);
        // more shards than items: some are empty, none is lost
        let few = vec!['a', 'b'];
        let joined: Vec<char> = (0..5)
            .flat_map(|index| Shard::new(index, 5).unwrap().take(few.clone()))
            .collect();
        assert_eq!(joined, few);
    }

    #[test]
    fn shards_parse_as_i_of_n() {
        assert_eq!("0/4".parse(), Ok(Shard { index: 0, count: 4 }));
        assert_eq!(" 3 / 4 ".parse(), Ok(Shard { index: 3, count: 4 }));
        for text in ["4/4", "1/0", "-1/4", "1", "a/b", "1/2/3", ""] {
            let error = text.parse::<Shard>().unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("{text:?} is not i/N with 0 ≤ i < N (e.g. 0/4)")
            );
        }
        assert!(Shard::new(2, 2).is_err());
    }

    #[test]
    fn a_slurm_array_names_its_task_from_the_first() {
        let variables = [
            ("SLURM_ARRAY_TASK_ID", "7"),
            ("SLURM_ARRAY_TASK_MIN", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ];
        assert_eq!(
            Shard::from_scheduler(environment(&variables)),
            Ok(Some((Shard { index: 2, count: 4 }, Scheduler::Slurm)))
        );
        // no SLURM_ARRAY_TASK_MIN: tasks count from 0
        let variables = [
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
        ];
        assert_eq!(
            Shard::from_scheduler(environment(&variables)),
            Ok(Some((Shard { index: 1, count: 2 }, Scheduler::Slurm)))
        );
    }

    #[test]
    fn slurm_wins_over_kubernetes_and_nothing_is_no_shard() {
        let variables = [
            ("JOB_COMPLETION_INDEX", "0"),
            ("SUDOKIT_SHARDS", "3"),
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ];
        assert_eq!(
            Shard::from_scheduler(environment(&variables)),
            Ok(Some((Shard { index: 2, count: 3 }, Scheduler::Slurm)))
        );
        let variables = [("JOB_COMPLETION_INDEX", "0"), ("SUDOKIT_SHARDS", "3")];
        assert_eq!(
            Shard::from_scheduler(environment(&variables)),
            Ok(Some((Shard { index: 0, count: 3 }, Scheduler::Kubernetes)))
        );
        assert_eq!(Shard::from_scheduler(environment(&[])), Ok(None));
        // the count alone names no shard
        let variables = [("SUDOKIT_SHARDS", "3"), ("SLURM_ARRAY_TASK_COUNT", "3")];
        assert_eq!(Shard::from_scheduler(environment(&variables)), Ok(None));
    }

    #[test]
    fn a_schedulers_variables_that_name_no_shard_are_refused_by_name() {
        let refusal = |variables: &[(&str, &str)]| {
            Shard::from_scheduler(environment(variables))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refusal(&[("SLURM_ARRAY_TASK_ID", "2")]),
            "SLURM_ARRAY_TASK_ID is set without SLURM_ARRAY_TASK_COUNT: give --shard i/N"
        );
        assert_eq!(
            refusal(&[
                ("SLURM_ARRAY_TASK_ID", "x"),
                ("SLURM_ARRAY_TASK_COUNT", "3")
            ]),
            "SLURM_ARRAY_TASK_ID=\"x\" is not a whole number"
        );
        assert_eq!(
            refusal(&[
                ("SLURM_ARRAY_TASK_ID", "1"),
                ("SLURM_ARRAY_TASK_MIN", "2"),
                ("SLURM_ARRAY_TASK_COUNT", "3")
            ]),
            "SLURM_ARRAY_TASK_ID 1 is below SLURM_ARRAY_TASK_MIN 2"
        );
        assert_eq!(
            refusal(&[
                ("SLURM_ARRAY_TASK_ID", "3"),
                ("SLURM_ARRAY_TASK_COUNT", "3")
            ]),
            "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT: shard 3 of 3 does not exist"
        );
        assert_eq!(
            refusal(&[("JOB_COMPLETION_INDEX", "0")]),
            "JOB_COMPLETION_INDEX is set without SUDOKIT_SHARDS (the Job's completions): set it in the manifest or give --shard i/N"
        );
        assert_eq!(
            refusal(&[("JOB_COMPLETION_INDEX", "3"), ("SUDOKIT_SHARDS", "3")]),
            "JOB_COMPLETION_INDEX/SUDOKIT_SHARDS: shard 3 of 3 does not exist"
        );
        assert_eq!(
            refusal(&[("JOB_COMPLETION_INDEX", "0"), ("SUDOKIT_SHARDS", " 0 ")]),
            "JOB_COMPLETION_INDEX/SUDOKIT_SHARDS: shard 0 of 0 does not exist"
        );
    }
}
