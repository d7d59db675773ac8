//! `check --suggest` in text: the suggestion printed under each verdict, in killer solvers'
//! words (the record's field is the library's, `sudokit::service::suggest`).

use sudokit::service::suggest::{text, Advice, NoSuggestion};

/// Prints the suggestion for one puzzle under its verdict (nothing when it is unique).
pub fn print(location: &str, advice: &Advice) {
    match advice {
        Ok(Some(suggestion)) => say!("  {}", text(suggestion)),
        Ok(None) => {}
        // the answer above stands: a search cut off by its limit is a note, not an error
        Err(NoSuggestion::Stopped(reason)) => {
            complain!("note: {location}: suggestion {reason} (raise --work-limit for more)")
        }
        Err(NoSuggestion::Failed(reason)) => {
            complain!("error: {location}: no suggestion: {reason}")
        }
    }
}
