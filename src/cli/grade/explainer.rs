//! `sudokit grade --scale se`: Sudoku Explainer ratings, one `puzzle ED=er/ep/ed` line per
//! puzzle as SE's batch rater prints them, or CSV / JSON Lines, or the path with `--explain`.

use anyhow::Context;
use serde_json::json;
use sudokit::budget::Stopped;
use sudokit::grade::explainer::{format_tenths, SeRater, SeRating, SeStop, SeTable};
use sudokit::notation::Entry;

use crate::cli::input::{read_records, Record};
use crate::cli::judging::{
    judge_in_parallel_within, judged_entry, published_differs, puzzle_text, shard_block,
};
use crate::cli::records::{self, Style, Writer};
use crate::cli::Outcome;

use super::{GradeOptions, Scale};

/// Runs `grade --scale se`.
pub fn run(options: &GradeOptions) -> anyhow::Result<Outcome> {
    let table = match &options.table {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("{}: cannot read", path.display()))?;
            SeTable::from_ron(&text)
                .with_context(|| format!("{}: not an SE rating table", path.display()))?
        }
        None if options.scale == Scale::Se121 => SeTable::original(),
        None => SeTable::explainer(),
    };
    let records = shard_block(read_records(&options.input), options.shard)?;
    let work_limit = options
        .work_limit
        .unwrap_or(sudokit::grade::explainer::DEFAULT_WORK_LIMIT);
    let budget = &options.budget;
    let judged = judge_in_parallel_within(&records, options.jobs, budget, |entry, solution| {
        SeRater::with_table(&entry.puzzle, table.clone())
            .map(|rater| {
                rater
                    .with_unique_solution(solution)
                    .with_work_limit(work_limit)
                    .with_budget(budget)
                    .rate()
            })
            .map_err(|error| error.to_string())
    })?;
    let style = Style::from_flags(options.json, options.csv);
    let writer = Writer::new(style, COLUMNS);
    let mut outcome = Outcome::Success;
    for (record, judged) in records.iter().zip(&judged) {
        let (entry, rating) = match judged_entry(record, judged, &writer, style) {
            Ok((entry, Ok(rating))) => (entry, rating),
            Ok((_, Err(reason))) => {
                complain!("error: {}: {reason}", record.location());
                writer.write(&records::error(record, reason));
                outcome = outcome.worst(Outcome::BadInput);
                continue;
            }
            Err(worst) => {
                outcome = outcome.worst(worst);
                continue;
            }
        };
        if published_differs(record, entry, &rating.grid) || !rating.solved {
            outcome = outcome.worst(Outcome::NotUnique);
        }
        print_rating(options, &writer, record, entry, rating);
    }
    Ok(outcome)
}

/// The columns of `grade --scale se --csv`.
const COLUMNS: &[&str] = &[
    "source",
    "name",
    "status",
    "puzzle",
    "er",
    "ep",
    "ed",
    "hardest",
    "solved",
    "work",
    "differences",
    "reason",
];

fn stop_reason(rating: &SeRating) -> Option<&'static str> {
    rating.stop.map(|stop| match stop {
        SeStop::Beyond => "no technique of the table applies",
        SeStop::WorkLimit => {
            "past the work limit: needs nested forcing chains at more states than a rating affords"
        }
        SeStop::Contradiction => "the candidates contradict each other",
        SeStop::Stopped(Stopped::Cancelled) => "stopped: cancelled",
        SeStop::Stopped(_) => "stopped: past the time or work limit",
    })
}

fn print_rating(
    options: &GradeOptions,
    writer: &Writer,
    record: &Record,
    entry: &Entry,
    rating: &SeRating,
) {
    let location = record.location();
    if options.json || options.csv {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for step in &rating.steps {
            let name = step.technique.to_string();
            match counts.iter_mut().find(|(known, _)| *known == name) {
                Some((_, count)) => *count += 1,
                None => counts.push((name, 1)),
            }
        }
        let techniques: serde_json::Map<String, serde_json::Value> = counts
            .into_iter()
            .map(|(name, count)| (name, json!(count)))
            .collect();
        let status = if rating.solved { "rated" } else { "beyond" };
        let mut object = records::header(record, status);
        object.insert("puzzle".into(), json!(puzzle_text(entry)));
        for (key, tenths) in [("er", rating.er), ("ep", rating.ep), ("ed", rating.ed)] {
            object.insert(
                key.into(),
                json!(rating.solved.then(|| format_tenths(tenths))),
            );
        }
        object.insert(
            "hardest".into(),
            json!(rating.hardest.map(|technique| technique.to_string())),
        );
        object.insert("solved".into(), json!(rating.solved));
        object.insert("stopped".into(), json!(stop_reason(rating)));
        object.insert("reason".into(), json!(stop_reason(rating)));
        object.insert("work".into(), json!(rating.work));
        object.insert("techniques".into(), json!(techniques));
        object.insert(
            "fpuzzles".into(),
            // the puzzle with its rules (`puzzle` holds the givens alone), so the record reads
            // back; null where f-puzzles cannot hold the puzzle
            json!(sudokit::render::links::fpuzzles(&entry.puzzle, entry.name.as_deref()).ok()),
        );
        writer.write(&object);
        if let Some(reason) = stop_reason(rating) {
            complain!("{location}: not solved: {reason}");
        }
        return;
    }
    if rating.solved {
        say!("{} {}", puzzle_text(entry), rating.ed_text());
    } else {
        say!("{} ED=beyond", puzzle_text(entry));
    }
    if let Some(reason) = stop_reason(rating) {
        complain!("{location}: not solved: {reason}");
    }
    if options.explain {
        for (number, step) in rating.steps.iter().enumerate() {
            say!("  {:>3}. {}", number + 1, step.explain());
        }
    }
}
