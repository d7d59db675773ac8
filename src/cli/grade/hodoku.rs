//! `sudokit grade` on HoDoKu's scale in text: level, score and hardest technique per puzzle,
//! and the path with `--explain` (the records are the library's).

use sudokit::grade::Grading;
use sudokit::notation::Entry;
use sudokit::service::grade::GradeRecord;

use super::GradeOptions;
use crate::cli::records::Writer;
use crate::cli::sources::Record;

/// Writes one rating: its record, or its line (and path) in text.
pub fn report(
    options: &GradeOptions,
    writer: &Writer,
    record: &Record,
    entry: &Entry,
    grading: &Grading,
    typed: &GradeRecord,
) {
    let GradeRecord::Hodoku(rated) = typed else {
        return;
    };
    let location = record.location();
    if let Some(reason) = &rated.stopped {
        complain!("{location}: not rated to the end: {reason}");
    }
    if options.json || options.csv {
        writer.write(typed);
        return;
    }
    let stopped = rated
        .stopped
        .as_ref()
        .map(|reason| format!("  (not solved: {reason})"))
        .unwrap_or_default();
    let trials = match grading.trial_steps {
        0 => String::new(),
        count => format!("  trial steps: {count}"),
    };
    let rating = if grading.solved {
        format!("{} {}  hardest:", grading.level, grading.score)
    } else {
        "beyond  hardest so far:".to_string()
    };
    let hardest = rated.hardest.as_deref().unwrap_or("none");
    say!("{location}: {rating} {hardest}{trials}{stopped}");
    if options.explain {
        say!("  {}", grading.level_reason());
        for (number, step) in grading.steps.iter().enumerate() {
            say!("  {:>3}. {}", number + 1, step.explain(&entry.puzzle));
        }
    }
}
