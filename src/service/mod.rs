//! The library's front, what both doors (the command line and the HTTP server) call: typed
//! requests in, typed records out (one record type per answer, serialized the same way by
//! `--json`, `--csv` and the service), and one uniqueness policy.
//!
//! ```
//! use sudokit::budget::Budget;
//! use sudokit::service::{self, check::CheckRequest, AnswerStatus};
//!
//! let request: CheckRequest = serde_json::from_str(
//!     r#"{"puzzle": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}"#,
//! )?;
//! let answer = service::check::check(&request, &Budget::unlimited())?;
//! assert_eq!(answer.status, AnswerStatus::Ok);
//! assert_eq!(serde_json::to_value(&answer.records[0])?["status"], "unique");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod answer;
pub mod bank;
#[cfg(all(feature = "bank", feature = "parallel"))]
pub mod bank_add;
#[cfg(all(feature = "pdf", feature = "parallel"))]
pub mod book;
pub mod candidates;
pub mod check;
pub mod columns;
pub mod generate;
pub mod grade;
pub mod input;
pub mod link;
pub mod records;
pub mod render;
pub mod request;
pub mod solve;
pub mod suggest;
pub mod uniqueness;

pub use answer::{Answer, AnswerStatus, Outcome, Refusal};
pub use request::RequestError;

/// `each` of every item, in order: across rayon's pool with the `parallel` feature, one after
/// another without it.
#[cfg(feature = "parallel")]
fn each_in_order<Item: Sync, Answer: Send>(
    items: &[Item],
    each: impl Fn(&Item) -> Answer + Sync + Send,
) -> Vec<Answer> {
    use rayon::prelude::*;
    items.par_iter().map(each).collect()
}

/// `each` of every item, in order: across rayon's pool with the `parallel` feature, one after
/// another without it.
#[cfg(not(feature = "parallel"))]
fn each_in_order<Item, Answer>(items: &[Item], each: impl Fn(&Item) -> Answer) -> Vec<Answer> {
    items.iter().map(each).collect()
}
