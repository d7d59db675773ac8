//! `sudokit grade --scale se` in text: one `puzzle ED=er/ep/ed` line per puzzle as SE's batch
//! rater prints them, and the path with `--explain` (the records are the library's).

use sudokit::grade::explainer::SeRating;
use sudokit::notation::Entry;
use sudokit::service::grade::{puzzle_text, GradeRecord};

use super::GradeOptions;
use crate::cli::records::Writer;
use crate::cli::sources::Record;

/// Writes one rating: its record, or its line (and path) in text.
pub fn report(
    options: &GradeOptions,
    writer: &Writer,
    record: &Record,
    entry: &Entry,
    rating: &SeRating,
    typed: &GradeRecord,
) {
    let GradeRecord::Se(rated) = typed else {
        return;
    };
    let location = record.location();
    if options.json || options.csv {
        writer.write(typed);
    } else if rating.solved {
        say!("{} {}", puzzle_text(entry), rating.ed_text());
    } else {
        say!("{} ED=beyond", puzzle_text(entry));
    }
    if let Some(reason) = &rated.stopped {
        complain!("{location}: not solved: {reason}");
    }
    if options.explain && !(options.json || options.csv) {
        for (number, step) in rating.steps.iter().enumerate() {
            say!("  {:>3}. {}", number + 1, step.explain());
        }
    }
}
