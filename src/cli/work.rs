//! The machinery of commands that work through a batch: a thread pool of the asked size, a
//! progress bar that shows only on a terminal and never under `--quiet`, and the parts a
//! batch is answered in between two writes.

use std::ops::Range;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::output::{verbosity, Verbosity};

/// A progress bar on standard error, drawn only when it is a terminal (indicatif hides it
/// otherwise), for batches of two or more, and not with `--quiet`.
pub fn progress_bar(length: usize) -> ProgressBar {
    let bar = ProgressBar::new(length as u64);
    if length < 2 || verbosity() == Verbosity::Quiet {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// Where a command's parallel work runs: a pool of its own, of the size `--jobs` asks.
pub struct Pool(rayon::ThreadPool);

impl Pool {
    /// Runs `work` in the pool (its `par_iter`s spread over the pool's threads).
    pub fn install<T: Send>(&self, work: impl FnOnce() -> T + Send) -> T {
        self.0.install(work)
    }

    /// The rayon pool itself, for a service call that spreads its work on it.
    pub fn threads(&self) -> &rayon::ThreadPool {
        &self.0
    }

    /// How many threads the pool has.
    pub fn current_num_threads(&self) -> usize {
        self.0.current_num_threads()
    }
}

/// A rayon pool with the asked number of threads (all cores by default).
pub fn thread_pool(jobs: Option<usize>) -> anyhow::Result<Pool> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    let pool = builder.build()?;
    detail!("working on {} thread(s)", pool.current_num_threads());
    Ok(Pool(pool))
}

/// Puzzles answered before the first answers are written.
const FIRST_PART: usize = 64;

/// The parts a run answers its puzzles in, writing each part's answers before the next is
/// begun: the first of 64 puzzles, each next twice the one before, up to a most. A standard
/// output that cannot be written (a full disk, /dev/full) stops the run at the first part's
/// answers, not after the whole input's work; the later, larger parts keep the cost of
/// waiting for a part's slowest puzzle small.
pub struct Parts {
    next: usize,
    most: usize,
}

impl Parts {
    /// Parts growing from 64 puzzles up to `most` (at least 1).
    pub fn growing_to(most: usize) -> Parts {
        let most = most.max(1);
        Parts {
            next: FIRST_PART.min(most),
            most,
        }
    }

    /// The ranges of `length` puzzles, cut where the parts end; the sizes carry on from the
    /// last call, so the batches of one run keep growing.
    pub fn cut(&mut self, length: usize) -> Vec<Range<usize>> {
        let mut ranges = Vec::new();
        let mut start = 0;
        while start < length {
            let end = length.min(start + self.next);
            ranges.push(start..end);
            start = end;
            self.next = self.most.min(self.next * 2);
        }
        ranges
    }
}

#[cfg(test)]
mod tests {
    use super::Parts;

    #[test]
    fn parts_grow_from_64_to_the_most_and_cover_every_puzzle_once() {
        let mut parts = Parts::growing_to(256);
        let ranges = parts.cut(1000);
        let sizes: Vec<usize> = ranges.iter().map(|range| range.len()).collect();
        assert_eq!(sizes, [64, 128, 256, 256, 256, 40]);
        assert!(ranges.windows(2).all(|pair| pair[0].end == pair[1].start));
        assert_eq!((ranges[0].start, ranges[5].end), (0, 1000));
        // the next batch carries on at the most
        assert_eq!(parts.cut(300), [0..256, 256..300]);
        assert!(parts.cut(0).is_empty());
        assert_eq!(Parts::growing_to(10).cut(25), [0..10, 10..20, 20..25]);
    }
}
