//! `sudokit grade --scale se`: Sudoku Explainer ratings, one `puzzle ED=er/ep/ed` line per
//! puzzle as SE's batch rater prints them, or CSV / JSON Lines, or the path with `--explain`.

use anyhow::Context;
use serde_json::json;
use sudokit::grade::explainer::{format_tenths, SeRater, SeRating, SeStop, SeTable};
use sudokit::notation::Entry;

use super::grade::{csv_field, puzzle_text, rate_in_parallel, GradeSe};
use super::input::read_records;
use super::Outcome;

/// Runs `grade --scale se`.
pub fn run(options: &GradeSe<'_>) -> anyhow::Result<Outcome> {
    let table = match options.table {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("{}: cannot read", path.display()))?;
            SeTable::from_ron(&text)
                .with_context(|| format!("{}: not an SE rating table", path.display()))?
        }
        None if options.original => SeTable::original(),
        None => SeTable::explainer(),
    };
    let records = read_records(options.input);
    let ratings = rate_in_parallel(&records, options.jobs, |entry| {
        SeRater::with_table(&entry.puzzle, table.clone())
            .map(|rater| rater.with_work_limit(options.work_limit).rate())
            .map_err(|error| error.to_string())
    })?;
    if options.csv {
        say!("source,puzzle,er,ep,ed,hardest,solved");
    }
    let mut outcome = Outcome::Success;
    for (record, rating) in records.iter().zip(&ratings) {
        let (entry, rating) = match (&record.entry, rating) {
            (Ok(entry), Some(Ok(rating))) => (entry, rating),
            (Err(reason), _) => {
                eprintln!("error: {reason}");
                outcome = outcome.worst(Outcome::BadInput);
                continue;
            }
            (Ok(_), Some(Err(reason))) => {
                eprintln!("error: {}: {reason}", record.location());
                outcome = outcome.worst(Outcome::BadInput);
                continue;
            }
            (Ok(_), None) => continue,
        };
        if !rating.solved {
            outcome = outcome.worst(Outcome::NotUnique);
        }
        print_rating(options, &record.location(), entry, rating);
    }
    Ok(outcome)
}

fn stop_reason(rating: &SeRating) -> Option<&'static str> {
    rating.stop.map(|stop| match stop {
        SeStop::Beyond => "no technique of the table applies",
        SeStop::WorkLimit => {
            "past the work limit: needs nested forcing chains at more states than a rating affords"
        }
        SeStop::Contradiction => "the candidates contradict each other",
    })
}

/// A rating as text, or `beyond` when the path stopped before the end.
fn rated(rating: &SeRating, tenths: u32) -> String {
    if rating.solved {
        format_tenths(tenths)
    } else {
        "beyond".to_string()
    }
}

fn hardest(rating: &SeRating) -> String {
    rating
        .hardest
        .map_or_else(|| "none".to_string(), |technique| technique.to_string())
}

fn print_rating(options: &GradeSe<'_>, location: &str, entry: &Entry, rating: &SeRating) {
    if options.json {
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
        let object = json!({
            "source": location,
            "puzzle": puzzle_text(entry),
            "er": rating.solved.then(|| format_tenths(rating.er)),
            "ep": rating.solved.then(|| format_tenths(rating.ep)),
            "ed": rating.solved.then(|| format_tenths(rating.ed)),
            "hardest": rating.hardest.map(|technique| technique.to_string()),
            "solved": rating.solved,
            "stopped": stop_reason(rating),
            "work": rating.work,
            "techniques": techniques,
        });
        say!("{object}");
        return;
    }
    if options.csv {
        say!(
            "{},{},{},{},{},{},{}",
            csv_field(location),
            puzzle_text(entry),
            rated(rating, rating.er),
            rated(rating, rating.ep),
            rated(rating, rating.ed),
            csv_field(&hardest(rating)),
            rating.solved
        );
        return;
    }
    if rating.solved {
        say!("{} {}", puzzle_text(entry), rating.ed_text());
    } else {
        say!("{} ED=beyond", puzzle_text(entry));
    }
    if let Some(reason) = stop_reason(rating) {
        eprintln!("{location}: not solved: {reason}");
    }
    if options.explain {
        for (number, step) in rating.steps.iter().enumerate() {
            say!("  {:>3}. {}", number + 1, step.explain());
        }
    }
}
