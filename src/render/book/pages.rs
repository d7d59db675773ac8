//! A book's pages drawn one after another from its plan: title page, colophon, how-to-play
//! pages, puzzle pages and solution pages.

use crate::grade::Level;
use crate::model::{Grid, Puzzle};

use super::plan::{
    caption_lift, frames, grid_area, half_border, least_text, Content, Furniture, Plan, LEAST_GAP,
};
use super::{subtitle, Layout, RatedPuzzle};
use crate::render::board::{self, Detail, Frame};
use crate::render::drawing::{point, text_width, wrap, Anchor, Drawing, Typeface};
use crate::render::font;
use crate::render::how_to_play::{self, Facts, Rule};
use crate::render::pdf::Bookmark;

/// Draws the pages one after another.
pub(super) struct Writer<'a> {
    pub(super) layout: &'a Layout,
    pub(super) furniture: Furniture,
    pub(super) plan: &'a Plan,
    pub(super) pages: Vec<Drawing>,
    pub(super) bookmarks: Vec<Bookmark>,
}

impl Writer<'_> {
    /// A new blank page and its content area.
    pub(super) fn new_page(&self) -> (Drawing, Content) {
        let (width, height) = self.layout.paper.size();
        let number = self.pages.len() + 1;
        (
            Drawing::new(width, height),
            Content::of_page(&self.layout.paper, &self.plan.margins, number),
        )
    }

    /// Adds the page, numbered at its outside corner below the content.
    pub(super) fn finish_page(&mut self, mut page: Drawing, content: Content, numbered: bool) {
        let number = self.pages.len() + 1;
        if numbered {
            let (x, anchor) = if number % 2 == 1 {
                (content.left + content.width, Anchor::End)
            } else {
                (content.left, Anchor::Start)
            };
            // the font's descent (0.24 of the size) stays inside the margin too
            let size = self.furniture.page_number_size;
            page.text(
                point(x, content.bottom() - 0.3 * size),
                number.to_string(),
                size,
                Typeface::Regular,
                anchor,
            );
        }
        self.pages.push(page);
    }

    pub(super) fn bookmark(&mut self, title: String) {
        self.bookmarks.push(Bookmark {
            title,
            page: self.pages.len(),
        });
    }

    /// Sets `text` wrapped to the content width, centred or from the left; returns the
    /// baseline below the last line.
    pub(super) fn paragraph(
        page: &mut Drawing,
        content: Content,
        text: &str,
        (size, typeface): (f64, Typeface),
        mut baseline: f64,
        centred: bool,
    ) -> f64 {
        let leading = size * 1.35;
        for line in wrap(text, typeface, size, content.width) {
            let (x, anchor) = if centred {
                (content.middle(), Anchor::Middle)
            } else {
                (content.left, Anchor::Start)
            };
            page.text(point(x, baseline), line, size, typeface, anchor);
            baseline += leading;
        }
        baseline
    }

    pub(super) fn title_page(&mut self, puzzles: &[RatedPuzzle]) {
        let (mut page, content) = self.new_page();
        let layout = self.layout;
        let made = subtitle(puzzles, &layout.level_names);
        let subtitle = Some(layout.subtitle.as_ref().unwrap_or(&made));
        let mut baseline = content.top + content.height * 0.3;
        baseline = Self::paragraph(
            &mut page,
            content,
            &layout.title,
            (28.0, Typeface::Bold),
            baseline,
            true,
        );
        if let Some(subtitle) = subtitle {
            baseline = Self::paragraph(
                &mut page,
                content,
                subtitle,
                (16.0, Typeface::Regular),
                baseline + 8.0,
                true,
            );
        }
        if let Some(author) = &layout.author {
            let at = (content.top + content.height * 0.7).max(baseline + 24.0);
            Self::paragraph(
                &mut page,
                content,
                author,
                (14.0, Typeface::Regular),
                at,
                true,
            );
        }
        self.finish_page(page, content, false);
    }

    pub(super) fn colophon_page(&mut self, puzzles: &[RatedPuzzle]) {
        let (mut page, content) = self.new_page();
        let body_size = self.furniture.body_size;
        let body = (body_size, Typeface::Regular);
        let names = &self.layout.level_names;
        let counts: Vec<String> = Level::ALL
            .iter()
            .filter_map(|&level| {
                let count = puzzles.iter().filter(|rated| rated.level == level).count();
                (count > 0).then(|| format!("{} {count}", names.of(level)))
            })
            .collect();
        let mut lines = vec![
            format!("{}: {}.", subtitle(puzzles, names), counts.join(", ")),
            format!(
                "Every puzzle has exactly one solution, confirmed by a computer. Its level says \
                 how advanced the solving methods it needs are, from {} (each digit has only \
                 one place to go) to {}.",
                names.of(Level::Easy),
                names.of(Level::Extreme)
            ),
        ];
        if let Some(copyright) = &self.layout.copyright {
            lines.push(copyright.clone());
        }
        if let Some(isbn) = &self.layout.isbn {
            lines.push(format!("ISBN {}", isbn.trim_start_matches("ISBN").trim()));
        }
        lines.extend(self.layout.colophon.iter().cloned());
        lines.push(format!(
            "Made with sudokit {}. Set in DejaVu Sans (free licence).",
            env!("CARGO_PKG_VERSION")
        ));
        // the colophon sits low on the page, as in printed books
        let leading = body_size * 1.35;
        let line_count: usize = lines
            .iter()
            .map(|line| wrap(line, Typeface::Regular, body_size, content.width).len())
            .sum();
        let height = line_count as f64 * leading + (lines.len() - 1) as f64 * 6.0;
        let mut baseline =
            (content.bottom() - self.furniture.footer - height).max(content.top + body_size);
        for line in &lines {
            baseline = Self::paragraph(&mut page, content, line, body, baseline, false) + 6.0;
        }
        self.finish_page(page, content, true);
    }

    /// What the rules pages may say of these puzzles: of all of them at the front, of a
    /// section's (`only`) on its opening pages.
    pub(super) fn facts(&self, puzzles: &[RatedPuzzle], only: Option<&[usize]>) -> Facts {
        let in_book_order: Vec<&RatedPuzzle> =
            self.plan.order().map(|index| &puzzles[index]).collect();
        let has_givens = |rated: &&RatedPuzzle| {
            rated
                .puzzle
                .givens()
                .values()
                .iter()
                .any(|&value| value != 0)
        };
        let needing_trial = in_book_order
            .iter()
            .enumerate()
            .map(|(position, rated)| rated.trial_steps.map(|steps| (position + 1, steps)))
            .collect::<Option<Vec<(usize, usize)>>>()
            .map(|steps| {
                steps
                    .into_iter()
                    .filter(|&(_, steps)| steps > 0)
                    .map(|(number, _)| number)
                    .collect()
            });
        let described: Vec<&Puzzle> = match only {
            Some(indices) => indices
                .iter()
                .map(|&index| &puzzles[index].puzzle)
                .collect(),
            None => in_book_order.iter().map(|rated| &rated.puzzle).collect(),
        };
        let (mut every_mark_shown, mut some_marks_shown) = (Vec::new(), Vec::new());
        for rule in [Rule::Kropki, Rule::Consecutive, Rule::Xv] {
            let with_rule: Vec<&&Puzzle> = described
                .iter()
                .filter(|puzzle| how_to_play::rules_of(puzzle).contains(&rule))
                .collect();
            let shown = with_rule
                .iter()
                .filter(|puzzle| how_to_play::shows_every_mark(puzzle, rule))
                .count();
            if !with_rule.is_empty() && shown == with_rule.len() {
                every_mark_shown.push(rule);
            } else if !with_rule.is_empty() && shown == 0 {
                some_marks_shown.push(rule);
            }
        }
        Facts {
            sizes: self.plan.sizes.clone(),
            has_givens: in_book_order.iter().any(has_givens),
            killers_have_givens: in_book_order
                .iter()
                .filter(|rated| rated.puzzle.cage_count() > 0)
                .any(has_givens),
            needing_trial,
            every_mark_shown,
            some_marks_shown,
            sections_by_variant: self.layout.sections_by_variant,
            every_black_dot_shown: {
                let kropki = || {
                    described
                        .iter()
                        .filter(|puzzle| how_to_play::rules_of(puzzle).contains(&Rule::Kropki))
                };
                kropki().next().is_some() && kropki().all(|puzzle| shows_black_dots(puzzle))
            },
        }
    }

    pub(super) fn rules_pages(&mut self, puzzles: &[RatedPuzzle]) {
        let facts = self.facts(puzzles, None);
        for (position, &rule) in self.plan.rules.iter().enumerate() {
            if position == 0 {
                self.bookmark("How to play".to_string());
            }
            self.rules_page(rule, &facts);
        }
    }

    /// A how-to-play page: the rule's heading, what it says of these puzzles and a small
    /// example with its solution.
    pub(super) fn rules_page(&mut self, rule: Rule, facts: &Facts) {
        let (mut page, content) = self.new_page();
        let furniture = self.furniture;
        let mut baseline = content.top + furniture.heading_size;
        baseline = Self::paragraph(
            &mut page,
            content,
            how_to_play::heading(rule),
            (furniture.heading_size, Typeface::Bold),
            baseline,
            false,
        ) + 6.0;
        for paragraph in how_to_play::paragraphs(rule, facts) {
            baseline = Self::paragraph(
                &mut page,
                content,
                &paragraph,
                (furniture.body_size, Typeface::Regular),
                baseline,
                false,
            ) + 6.0;
        }
        self.example(&mut page, content, baseline, rule);
        self.finish_page(page, content, true);
    }

    /// A small example of `rule` under its rules (4×4, or 6×6), the puzzle and its
    /// solution side by side, when they fit legibly.
    pub(super) fn example(&self, page: &mut Drawing, content: Content, top: f64, rule: Rule) {
        let (puzzle, solution) = how_to_play::example(rule);
        let furniture = self.furniture;
        let least = least_text(self.layout);
        let room = content.bottom() - furniture.footer - top - furniture.caption;
        // a 4×4 at most 150 points wide (220 in large print), a 6×6 as much larger as its
        // cells are more, so its marks are as large
        let most = if self.layout.large_print {
            220.0
        } else {
            150.0
        } * f64::from(puzzle.size().max(4))
            / 4.0;
        // the two grids and the gap between them, their borders' ink inside the margins
        let side = room
            .min((content.width - LEAST_GAP * 2.0 - 2.0 * half_border()) / 2.0)
            .min(most);
        if side < 60.0 || board::text_sizes(&puzzle, side, Detail::Full).smallest().0 < least {
            return;
        }
        let top = top + furniture.caption;
        let gap = LEAST_GAP * 2.0;
        let left = content.middle() - side - gap / 2.0;
        for (column, caption, grid) in [
            (0.0, "Example", None),
            (1.0, "Its solution", Some(&solution)),
        ] {
            let corner = point(left + column * (side + gap), top);
            page.text(
                point(
                    corner.x,
                    corner.y - caption_lift(furniture.puzzle_caption_size),
                ),
                caption,
                furniture.puzzle_caption_size,
                Typeface::Regular,
                Anchor::Start,
            );
            board::draw(page, &puzzle, grid, Frame { corner, side }, Detail::Full);
        }
    }

    pub(super) fn heading(&self, page: &mut Drawing, content: Content, text: &str) {
        let size = self.furniture.heading_size;
        page.text(
            point(content.left, content.top + size),
            text,
            size,
            Typeface::Bold,
            Anchor::Start,
        );
    }

    pub(super) fn puzzle_pages(&mut self, puzzles: &[RatedPuzzle]) {
        let plan = self.plan;
        let per_page = plan.columns * plan.rows;
        let level_names = &self.layout.level_names;
        let named_variants = {
            let mut names: Vec<String> = puzzles
                .iter()
                .map(|rated| how_to_play::variant_name(&rated.puzzle))
                .collect();
            names.sort();
            names.dedup();
            names.len() > 1
        };
        let mut number = 0;
        for section in &plan.sections {
            let (name, indices) = (&section.heading, &section.indices);
            self.bookmark(if indices.len() == 1 {
                format!("{name}: puzzle {}", number + 1)
            } else {
                format!("{name}: puzzles {}–{}", number + 1, number + indices.len())
            });
            if !section.opening.is_empty() {
                let facts = self.facts(puzzles, Some(indices));
                for &rule in &section.opening {
                    self.rules_page(rule, &facts);
                }
            }
            for chunk in indices.chunks(per_page) {
                let (mut page, content) = self.new_page();
                self.heading(&mut page, content, name);
                let frames = frames(
                    grid_area(content, &self.furniture),
                    plan.columns,
                    plan.rows,
                    self.furniture.caption_band(false),
                );
                for (&index, frame) in chunk.iter().zip(frames) {
                    number += 1;
                    let rated = &puzzles[index];
                    let caption = if section.of_variant {
                        // the heading names the variant; the caption too, and the level
                        format!("{name} · {}", level_names.of(rated.level))
                    } else if named_variants {
                        format!("{} · {name}", how_to_play::variant_name(&rated.puzzle))
                    } else {
                        name.clone()
                    };
                    place(
                        &mut page,
                        frame,
                        number,
                        &caption,
                        rated,
                        None,
                        &self.furniture,
                    );
                }
                self.finish_page(page, content, true);
            }
        }
    }

    pub(super) fn solution_pages(&mut self, puzzles: &[RatedPuzzle]) {
        let plan = self.plan;
        self.bookmark("Solutions".to_string());
        for solution_page in &plan.solution_pages {
            let (mut page, content) = self.new_page();
            self.heading(&mut page, content, "Solutions");
            let frames = frames(
                grid_area(content, &self.furniture),
                solution_page.columns,
                solution_page.rows,
                self.furniture.caption_band(true),
            );
            for (&(number, index), frame) in solution_page.solutions.iter().zip(frames) {
                let rated = &puzzles[index];
                place(
                    &mut page,
                    frame,
                    number,
                    "",
                    rated,
                    Some(&rated.solution),
                    &self.furniture,
                );
            }
            self.finish_page(page, content, true);
        }
    }
}

/// Whether `puzzle` carries the negative constraint of black dots (every one shown).
fn shows_black_dots(puzzle: &Puzzle) -> bool {
    puzzle.constraints().iter().any(|constraint| {
        matches!(constraint, crate::model::Constraint::Negative(negative)
            if negative.family == crate::model::variant::DotFamily::Ratio)
    })
}

/// Draws a puzzle (or its solution) in its frame, its number and caption above it.
pub(super) fn place(
    page: &mut Drawing,
    frame: Frame,
    number: usize,
    caption: &str,
    rated: &RatedPuzzle,
    solution: Option<&Grid>,
    furniture: &Furniture,
) {
    let (corner, side) = (frame.corner, frame.side);
    let text_size = if solution.is_some() {
        furniture.solution_caption_size
    } else {
        furniture.puzzle_caption_size
    };
    let baseline = corner.y - caption_lift(text_size);
    page.text(
        point(corner.x, baseline),
        number.to_string(),
        text_size,
        Typeface::Bold,
        Anchor::Start,
    );
    if !caption.is_empty() {
        page.text(
            point(corner.x + side, baseline),
            caption,
            text_size,
            Typeface::Regular,
            Anchor::End,
        );
    }
    let detail = if solution.is_some() {
        Detail::Plain
    } else {
        Detail::Full
    };
    board::draw(page, &rated.puzzle, solution, frame, detail);
    if let (None, Some(credit)) = (solution, &rated.credit) {
        // the setter's credit, centred in the gap under the grid (at least LEAST_GAP tall,
        // or the footer band under the last row), clear of the border's ink
        let size = furniture.solution_caption_size;
        let baseline = corner.y
            + side
            + half_border()
            + 1.5
            + font::face(Typeface::Regular).cap_height() * size;
        page.text(
            point(corner.x + side / 2.0, baseline),
            credit_line(credit, size, side),
            size,
            Typeface::Regular,
            Anchor::Middle,
        );
    }
}

/// A credit as printed: every character the font lacks shown as `?` (a title in a script
/// the shipped font does not cover still prints), cut with `…` to fit `room` points.
pub(super) fn credit_line(credit: &str, size: f64, room: f64) -> String {
    let face = font::face(Typeface::Regular);
    let drawable: String = credit
        .chars()
        .map(|character| {
            if face.glyph(character).is_some() {
                character
            } else {
                '?'
            }
        })
        .collect();
    if text_width(&drawable, Typeface::Regular, size) <= room {
        return drawable;
    }
    let mut kept: Vec<char> = drawable.chars().collect();
    while !kept.is_empty() {
        kept.pop();
        let cut = format!("{}…", kept.iter().collect::<String>().trim_end());
        if text_width(&cut, Typeface::Regular, size) <= room {
            return cut;
        }
    }
    String::new()
}
