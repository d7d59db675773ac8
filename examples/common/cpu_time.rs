//! The CPU time of the calling thread, shared by the examples that time the engines.

use std::time::Duration;

/// The CPU time this thread has run (Linux: `/proc/thread-self/schedstat`, nanoseconds);
/// elsewhere the program stops, rather than print rates it cannot measure.
pub fn thread_cpu_time() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .map(Duration::from_nanos)
        .expect("/proc/thread-self/schedstat: this example measures CPU time on Linux only")
}
