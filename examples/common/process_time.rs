//! The CPU time of the whole process (every thread), for examples that time work running on
//! threads of its own, such as the SAT engine under a budget.

use std::time::{Duration, Instant};

/// The user and system time of every thread of this process, living or ended (Linux:
/// `/proc/self/stat`, in clock ticks of 10 ms); elsewhere the program stops, rather than
/// print times it cannot measure.
pub fn process_cpu_time() -> Duration {
    let text = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat: Linux only");
    // fields after the command name (which is in parentheses and may hold spaces): state is
    // the first, user time the twelfth, system time the thirteenth
    let after_name = &text[text.rfind(')').expect("a command name") + 1..];
    let fields: Vec<u64> = after_name
        .split_whitespace()
        .skip(11)
        .take(2)
        .map(|field| field.parse().expect("a tick count"))
        .collect();
    Duration::from_millis(10 * fields.iter().sum::<u64>())
}

/// Waits (at most `patience`) until this process runs no thread but the calling one, so
/// that a search abandoned by a stopped budget no longer runs on while the next is timed;
/// says so when one still runs after that.
pub fn wait_for_other_threads(patience: Duration) {
    let started = Instant::now();
    while started.elapsed() < patience {
        let threads = std::fs::read_dir("/proc/self/task").map_or(1, Iterator::count);
        if threads <= 1 {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!(
        "warning: a thread still runs after {} s: its time counts in the next figure",
        patience.as_secs()
    );
}
