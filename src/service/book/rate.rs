//! A book's puzzles with their ratings: generated section by section, or read from a file
//! and proved to have one solution, then rated where the records leave it open; both in
//! parallel, each puzzle a pure function of its input, so the book does not depend on the
//! number of threads.

use rayon::prelude::*;

use super::record::Given;
use super::{BookError, Progress, Section, Stage};
use crate::budget::Budget;
use crate::generate::{Generator, Record};
use crate::grade::{self, Grader, Level};
use crate::model::Grid;
use crate::notation::{self, records, Entry};
use crate::render::book::RatedPuzzle;
use crate::service::records::{cell_list, not_unique_text};
use crate::service::uniqueness::{self, Engine};
use crate::Count;

/// A puzzle ready for the book, with what its own record said.
pub type Rated = (RatedPuzzle, Given);

/// Every section's puzzles, in order.
pub fn generate(
    sections: &[Section],
    seed: u64,
    pool: &rayon::ThreadPool,
    budget: &Budget,
    progress: &(dyn Fn(Progress<'_>) + Sync),
) -> Result<Vec<Rated>, BookError> {
    let mut rated = Vec::new();
    // indices run on across sections, so a preset named twice gives different puzzles
    let mut first = 0u64;
    for section in sections {
        rated.extend(generate_section(
            section, seed, first, pool, budget, progress,
        )?);
        first += section.count as u64;
    }
    Ok(rated)
}

/// Puzzles `first .. first + count` of one section's preset.
fn generate_section(
    section: &Section,
    seed: u64,
    first: u64,
    pool: &rayon::ThreadPool,
    budget: &Budget,
    progress: &(dyn Fn(Progress<'_>) + Sync),
) -> Result<Vec<Rated>, BookError> {
    let name = section.preset.name.as_str();
    progress(Progress::Started {
        stage: Stage::Generating { preset: name },
        puzzles: section.count,
        threads: pool.current_num_threads(),
    });
    let refused = |reason: String| BookError::Section {
        preset: name.to_string(),
        reason,
    };
    let generator = Generator::new(&section.preset)
        .map_err(|error| BookError::SectionPreset {
            preset: name.to_string(),
            reason: error.to_string(),
        })?
        .with_budget(budget);
    let made: Vec<Result<Rated, BookError>> = pool.install(|| {
        (0..section.count as u64)
            .into_par_iter()
            .map(|offset| {
                let result = generator
                    .puzzle(seed, first + offset)
                    .map_err(|error| refused(error.to_string()))
                    .and_then(|generated| {
                        // book presets make rated rules; a rule the grader does not rate
                        // has no level to order the book by
                        let grading = generated.grading.clone().ok_or_else(|| {
                            refused(grade::unrated_rule(&generated.puzzle).unwrap_or_default())
                        })?;
                        let given = Given::generated(Record::new(&section.preset, &generated));
                        let rated = RatedPuzzle {
                            trial_steps: Some(grading.trial_steps),
                            level: grading.level,
                            score: grading.score,
                            puzzle: generated.puzzle,
                            solution: generated.solution,
                            credit: None,
                        };
                        Ok((rated, given))
                    });
                progress(Progress::Done);
                result
            })
            .collect()
    });
    progress(Progress::Finished);
    made.into_iter().collect()
}

/// One puzzle read for the book, with what its record already says.
pub struct Candidate {
    /// `file:line`, for errors.
    place: String,
    entry: Entry,
    given: Given,
    /// Whether the puzzle came from a setter's document (f-puzzles), whose title and author
    /// the book credits; a line's name is an index's, not a setter's.
    credited: bool,
}

impl Candidate {
    /// The puzzle's grid side, in cells.
    pub fn size(&self) -> u8 {
        self.entry.puzzle.size()
    }
}

/// The puzzles of a file's text: sudokit's JSON Lines records, each read by the one record
/// reader ([`records::read`]), or any puzzle notation.
pub fn candidates(text: &str, source: &str) -> Result<Vec<Candidate>, BookError> {
    let located = |error: &notation::NotationError| BookError::Input {
        place: match error.line {
            Some(line) => format!("{source}:{line}"),
            None => source.to_string(),
        },
        reason: error.within_line(),
    };
    let first = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or("");
    if !records::is_record(first) {
        let credited = notation::detect(text) == notation::Format::Fpuzzles;
        let entries = notation::parse(text, None).map_err(|error| located(&error))?;
        return Ok(entries
            .into_iter()
            .map(|entry| Candidate {
                place: format!("{source}:{}", entry.line),
                entry,
                given: Given::default(),
                credited,
            })
            .collect());
    }
    let mut candidates = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let read = records::read(line, number).map_err(|error| located(&error))?;
        let place = format!("{source}:{number}");
        let given = Given::read(read.fields).map_err(|reason| BookError::Input {
            place: place.clone(),
            reason,
        })?;
        // a record names its puzzle itself; only a setter's author makes it a credit
        let credited = read.entry.metadata.author.is_some();
        candidates.push(Candidate {
            place,
            entry: read.entry,
            given,
            credited,
        });
    }
    Ok(candidates)
}

/// Proves and rates the candidates, in parallel; the first refusal in input order is the
/// error.
pub fn rate(
    candidates: Vec<Candidate>,
    pool: &rayon::ThreadPool,
    budget: &Budget,
    progress: &(dyn Fn(Progress<'_>) + Sync),
) -> Result<Vec<Rated>, BookError> {
    progress(Progress::Started {
        stage: Stage::Rating,
        puzzles: candidates.len(),
        threads: pool.current_num_threads(),
    });
    let rated: Vec<Result<Rated, BookError>> = pool.install(|| {
        candidates
            .into_par_iter()
            .map(|candidate| {
                let result = rate_one(candidate, budget);
                progress(Progress::Done);
                result
            })
            .collect()
    });
    progress(Progress::Finished);
    rated.into_iter().collect()
}

/// The candidate's one solution, level and score (the record's, when it gives both).
fn rate_one(candidate: Candidate, budget: &Budget) -> Result<Rated, BookError> {
    let Candidate {
        place,
        entry,
        given,
        credited,
    } = candidate;
    let refused = |reason: String| BookError::Input {
        place: place.clone(),
        reason,
    };
    budget.interrupted()?;
    if given.level.is_none() || given.score.is_none() {
        if let Some(reason) = grade::unrated_rule(&entry.puzzle) {
            return Err(refused(reason));
        }
    }
    let solution = only_solution(&entry, budget).map_err(refused)?;
    let credit = credited.then(|| credit(&entry)).flatten();
    let (level, score, trial_steps) = match (given.level, given.score) {
        (Some(level), Some(score)) => (level, score, given.trial_steps),
        _ => rating(&entry, &solution, budget)?,
    };
    Ok((
        RatedPuzzle {
            puzzle: entry.puzzle,
            solution,
            level,
            score,
            trial_steps,
            credit,
        },
        given,
    ))
}

/// The credit under a setter's puzzle: its title and author (`Title — by Author`), or
/// either alone; `None` when the document has neither.
fn credit(entry: &Entry) -> Option<String> {
    match (entry.name.as_deref(), entry.metadata.author.as_deref()) {
        (Some(title), Some(author)) => Some(format!("{title} — by {author}")),
        (Some(title), None) => Some(title.to_string()),
        (None, Some(author)) => Some(format!("by {author}")),
        (None, None) => None,
    }
}

/// The grader's level, score and trial steps, told the one solution already proved.
fn rating(
    entry: &Entry,
    solution: &Grid,
    budget: &Budget,
) -> Result<(Level, u32, Option<usize>), BookError> {
    let grading = Grader::new(&entry.puzzle)
        .with_unique_solution(solution)
        .with_budget(budget)
        .grade();
    // an unlimited budget never stops the grader; a flag or deadline that did is the reason
    budget.interrupted()?;
    Ok((grading.level, grading.score, Some(grading.trial_steps)))
}

/// The puzzle's one solution, or why it cannot be printed: no solution, several, or a
/// published solution that is not the one. A published solution is never taken on trust:
/// a puzzle with several solutions would otherwise reach the book beside one of them.
fn only_solution(entry: &Entry, budget: &Budget) -> Result<Grid, String> {
    let count = uniqueness::count_within(Engine::Auto, &entry.puzzle, 2, budget)?;
    let solution = match count {
        Count::Unique(solution) => solution,
        other => {
            return Err(format!(
                "{}; a book prints only puzzles with exactly one solution",
                not_unique_text(&other, 2).unwrap_or_default()
            ))
        }
    };
    match &entry.solution {
        Some(published) if *published != solution => Err(format!(
            "the published solution differs from the puzzle's only one at {}",
            cell_list(published, &solution).join(" ")
        )),
        _ => Ok(solution),
    }
}
