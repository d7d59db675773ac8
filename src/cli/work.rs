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

/// Where a command's parallel work runs.
pub enum Pool {
    /// A pool of its own, of the size `--jobs` asks.
    Own(rayon::ThreadPool),
    /// The process's shared rayon pool: under `serve`, every request shares the cores
    /// instead of starting threads of its own.
    Shared,
}

impl Pool {
    /// Runs `work` in the pool (its `par_iter`s spread over the pool's threads).
    pub fn install<T: Send>(&self, work: impl FnOnce() -> T + Send) -> T {
        match self {
            Pool::Own(pool) => pool.install(work),
            Pool::Shared => work(),
        }
    }

    /// How many threads the pool has.
    pub fn current_num_threads(&self) -> usize {
        match self {
            Pool::Own(pool) => pool.current_num_threads(),
            Pool::Shared => rayon::current_num_threads(),
        }
    }
}

/// Whether commands share the process's rayon pool (set once by `serve`).
static SHARED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// From now on, commands run on the process's shared rayon pool.
pub fn share_one_pool() {
    SHARED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// A rayon pool with the asked number of threads (all cores by default), or the shared one.
pub fn thread_pool(jobs: Option<usize>) -> anyhow::Result<Pool> {
    if SHARED.load(std::sync::atomic::Ordering::Relaxed) {
        return Ok(Pool::Shared);
    }
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    let pool = builder.build()?;
    detail!("working on {} thread(s)", pool.current_num_threads());
    Ok(Pool::Own(pool))
}
