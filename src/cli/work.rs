//! The machinery of commands that work through a batch: a thread pool of the asked size and a
//! progress bar that shows only on a terminal and never under `--quiet`.

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
