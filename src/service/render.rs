//! Drawing for a request (`POST /v1/render`): an SVG picture of one puzzle or a PDF with a
//! page per puzzle, with the solution when asked and the puzzle has exactly one.

use serde::{Deserialize, Serialize};

use super::input::read_records;
use super::records::cell_list;
use super::request::{self, RequestError};
use super::uniqueness::{self, Engine};
use crate::budget::Budget;
use crate::model::Grid;
use crate::notation::Entry;
use crate::Count;

/// A drawing request.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    /// The puzzle(s), in any notation sudokit reads.
    pub puzzle: String,
    /// The notation, when detection should not guess.
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "request::input_format_schema")
    )]
    pub input_format: Option<String>,
    /// `both`, `main` or `anti`: add the X rule.
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(schema_with = "request::diagonals_schema")
    )]
    pub diagonals: Option<String>,
    /// `svg` (default; one puzzle) or `pdf` (a page per puzzle).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(schema_with = "format_schema"))]
    pub format: Option<String>,
    /// Also draw the solution (when the puzzle has exactly one).
    #[serde(default)]
    pub solution: bool,
}

#[cfg(feature = "schema")]
fn format_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": ["string", "null"],
        "enum": ["svg", "pdf", null],
        "description": "svg (one puzzle) or pdf (a page per puzzle)"
    })
}

/// A picture: SVG text or PDF bytes.
pub enum Picture {
    /// One puzzle as SVG.
    Svg(String),
    /// A page per puzzle.
    Pdf(Vec<u8>),
}

/// The puzzle's solution when it has exactly one (the one uniqueness policy: native within
/// its budget, then SAT; even beside a published solution, since a published solution of a
/// puzzle with several is not *the* solution), or why none is drawn. Stopped when `budget`'s
/// flag is raised or its deadline passes.
pub fn solution_of(entry: &Entry, budget: &Budget) -> Result<Grid, String> {
    match uniqueness::count_within(Engine::Auto, &entry.puzzle, 2, budget)? {
        Count::Unique(solution) => match &entry.solution {
            Some(published) if *published != solution => Err(format!(
                "the published solution differs from the only solution at {}; no solution drawn",
                cell_list(published, &solution).join(" ")
            )),
            _ => Ok(solution),
        },
        Count::Multiple { .. } => Err(if entry.solution.is_some() {
            "several solutions (the published one is one of them): no unique solution to draw"
        } else {
            "several solutions: no unique solution to draw"
        }
        .to_string()),
        Count::None { .. } => Err("no solution to draw".to_string()),
    }
}

/// Draws the request's puzzles (their solutions found within `budget`), or the one-line
/// reason it cannot.
pub fn render(request: &RenderRequest, budget: &Budget) -> Result<Picture, RequestError> {
    let input = request::input(
        &request.puzzle,
        request.input_format.as_deref(),
        request.diagonals.as_deref(),
        budget,
    )?;
    let pdf = match request.format.as_deref() {
        None | Some("svg") => false,
        Some("pdf") => true,
        Some(other) => return Err(RequestError(format!("format {other:?}: give svg or pdf"))),
    };
    let mut puzzles = Vec::new();
    for record in read_records(&input) {
        match record.entry {
            Ok(entry) => puzzles.push(entry),
            Err(failure) => return Err(RequestError(failure.to_string())),
        }
    }
    // only a puzzle's only solution is drawn; when one has none to draw, the request is
    // refused with the reason (never a picture without it)
    let mut solutions: Vec<Option<Grid>> = Vec::with_capacity(puzzles.len());
    for entry in &puzzles {
        if !request.solution {
            solutions.push(None);
            continue;
        }
        let solution = solution_of(entry, budget)
            .map_err(|reason| RequestError(format!("request:{}: {reason}", entry.line)))?;
        solutions.push(Some(solution));
    }
    if pdf {
        return pdf_of(&puzzles, &solutions);
    }
    match puzzles.as_slice() {
        [entry] => Ok(Picture::Svg(crate::render::puzzle_svg(
            &entry.puzzle,
            solutions[0].as_ref(),
        ))),
        _ => Err(RequestError(format!(
            "an SVG draws one puzzle and the request holds {}: ask for format pdf",
            puzzles.len()
        ))),
    }
}

/// The pages of `puzzles` (with `solutions` where asked) as one PDF.
#[cfg(feature = "pdf")]
fn pdf_of(puzzles: &[Entry], solutions: &[Option<Grid>]) -> Result<Picture, RequestError> {
    let pages: Vec<_> = puzzles
        .iter()
        .zip(solutions)
        .map(|(entry, solution)| (&entry.puzzle, entry.name.as_deref(), solution.as_ref()))
        .collect();
    crate::render::puzzle_pdf(&pages, "sudokit")
        .map(Picture::Pdf)
        .map_err(|error| RequestError(error.to_string()))
}

/// Without the `pdf` feature, a PDF is refused by name.
#[cfg(not(feature = "pdf"))]
fn pdf_of(_: &[Entry], _: &[Option<Grid>]) -> Result<Picture, RequestError> {
    Err(RequestError(
        "format pdf: this build has no PDF writer (the library's `pdf` feature)".to_string(),
    ))
}
