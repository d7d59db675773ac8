//! `sudokit grade` on HoDoKu's scale: level, score and hardest technique per puzzle, or CSV /
//! JSON Lines records, and the path with `--explain`.

use anyhow::Context;
use serde_json::json;
use sudokit::budget::Stopped;
use sudokit::grade::{Grader, Grading, Step, Stop, TechniqueTable, DEFAULT_WORK_LIMIT};
use sudokit::notation::Entry;

use super::GradeOptions;
use crate::cli::input::{read_records, Record};
use crate::cli::judging::{
    judge_in_parallel_within, judged_entry, published_differs, puzzle_text, shard_block,
};
use crate::cli::records::{self, Style, Writer};
use crate::cli::Outcome;

/// The columns of `grade --csv` on HoDoKu's scale.
const COLUMNS: &[&str] = &[
    "source",
    "name",
    "status",
    "puzzle",
    "level",
    "score",
    "hardest",
    "trial_steps",
    "solved",
    "techniques",
    "work",
    "differences",
    "reason",
];

/// Runs `grade` on HoDoKu's scale.
pub fn run(options: &GradeOptions) -> anyhow::Result<Outcome> {
    let table = match &options.table {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("{}: cannot read", path.display()))?;
            ron::from_str::<TechniqueTable>(&text)
                .with_context(|| format!("{}: not a technique table", path.display()))?
        }
        None => TechniqueTable::default(),
    };
    let work_limit = options.work_limit.unwrap_or(DEFAULT_WORK_LIMIT);
    let records = shard_block(read_records(&options.input), options.shard)?;
    let budget = &options.budget;
    let judged = judge_in_parallel_within(&records, options.jobs, budget, |entry, solution| {
        Grader::with_table(&entry.puzzle, table.clone())
            .with_unique_solution(solution)
            .with_work_limit(work_limit)
            .with_budget(budget)
            .grade()
    })?;
    let style = Style::from_flags(options.json, options.csv);
    let writer = Writer::new(style, COLUMNS);
    let mut outcome = Outcome::Success;
    for (record, judged) in records.iter().zip(&judged) {
        let (entry, grading) = match judged_entry(record, judged, &writer, style) {
            Ok(pair) => pair,
            Err(worst) => {
                outcome = outcome.worst(worst);
                continue;
            }
        };
        if published_differs(record, entry, &grading.grid) {
            outcome = outcome.worst(Outcome::NotUnique);
        }
        if !grading.solved {
            outcome = outcome.worst(Outcome::NotUnique);
            if let Some(reason) = stop_reason(grading) {
                complain!("{}: not rated to the end: {reason}", record.location());
            }
        }
        print_grading(options, &writer, record, entry, grading);
    }
    Ok(outcome)
}

fn hardest(grading: &Grading) -> String {
    grading
        .hardest
        .map_or_else(|| "none".to_string(), |technique| technique.to_string())
}

fn stop_reason(grading: &Grading) -> Option<&'static str> {
    grading.stop.as_ref().map(|stop| match stop {
        Stop::NothingApplies => "no enabled technique applies",
        Stop::Contradiction => "the candidates contradict each other",
        Stop::NoSolution => "the puzzle has no solution",
        Stop::WorkLimit => "past the work limit (--work-limit)",
        Stop::Stopped(Stopped::Cancelled) => "stopped: cancelled",
        Stop::Stopped(_) => "stopped: past the time or work limit",
    })
}

/// One step of `grade --json --explain`: the technique, the explanation, what it changed, and
/// the evidence to draw (cells, houses, digits, groups such as cages with their sums and the
/// combinations they keep).
fn step_record(step: &Step, puzzle: &sudokit::model::Puzzle) -> serde_json::Value {
    let cells = |cells: &[sudokit::model::Cell]| -> Vec<String> {
        cells.iter().map(ToString::to_string).collect()
    };
    let pairs = |pairs: &[(sudokit::model::Cell, sudokit::model::Digit)],
                 sign: &str|
     -> Vec<String> {
        pairs
            .iter()
            .map(|(cell, digit)| format!("{cell}{sign}{}", sudokit::notation::character(*digit)))
            .collect()
    };
    let evidence = &step.evidence;
    json!({
        "technique": step.technique.to_string(),
        "text": step.explain(puzzle),
        "placements": pairs(&step.placements, "="),
        "eliminations": pairs(&step.eliminations, "<>"),
        "cells": cells(&evidence.cells),
        "houses": evidence.houses.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "digits": evidence.digits.iter().map(|digit| digit.get()).collect::<Vec<_>>(),
        "groups": evidence.groups.iter().map(|group| cells(group)).collect::<Vec<_>>(),
        "totals": evidence.totals,
        "combinations": evidence
            .combinations
            .iter()
            .map(|sets| {
                sets.iter()
                    .map(|set| set.iter().map(sudokit::notation::character).collect::<String>())
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>(),
    })
}

fn print_grading(
    options: &GradeOptions,
    writer: &Writer,
    record: &Record,
    entry: &Entry,
    grading: &Grading,
) {
    if options.json || options.csv {
        let techniques: serde_json::Map<String, serde_json::Value> = grading
            .counts()
            .iter()
            .map(|(technique, count)| (technique.to_string(), json!(count)))
            .collect();
        let status = if grading.solved { "rated" } else { "beyond" };
        let mut object = records::header(record, status);
        object.insert("puzzle".into(), json!(puzzle_text(entry)));
        // a path cut short has no level or score, as on the SE scale its ratings are null
        let rated = grading.solved;
        object.insert(
            "level".into(),
            json!(rated.then(|| grading.level.to_string())),
        );
        object.insert("score".into(), json!(rated.then_some(grading.score)));
        object.insert(
            "hardest".into(),
            json!(grading.hardest.map(|technique| technique.to_string())),
        );
        object.insert("trial_steps".into(), json!(grading.trial_steps));
        object.insert("solved".into(), json!(grading.solved));
        object.insert("stopped".into(), json!(stop_reason(grading)));
        object.insert("reason".into(), json!(stop_reason(grading)));
        object.insert("work".into(), json!(grading.work));
        object.insert("techniques".into(), json!(techniques));
        if options.explain && options.json {
            let steps: Vec<serde_json::Value> = grading
                .steps
                .iter()
                .map(|step| step_record(step, &entry.puzzle))
                .collect();
            object.insert("level_reason".into(), json!(grading.level_reason()));
            object.insert("steps".into(), json!(steps));
        }
        object.insert(
            "fpuzzles".into(),
            // null where f-puzzles cannot hold the puzzle
            json!(sudokit::render::links::fpuzzles(&entry.puzzle, entry.name.as_deref()).ok()),
        );
        writer.write(&object);
        return;
    }
    let location = record.location();
    let stopped = stop_reason(grading)
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
    say!("{location}: {rating} {}{trials}{stopped}", hardest(grading));
    if options.explain {
        say!("  {}", grading.level_reason());
        for (number, step) in grading.steps.iter().enumerate() {
            say!("  {:>3}. {}", number + 1, step.explain(&entry.puzzle));
        }
    }
}
