//! Tests of the variant marks on the drawing items: each family's marks stand where the rule
//! says, in the style it has, and nothing drawn over the digits touches a digit's box.

use crate::model::variant::{
    Arrow, CloneRule, Direction, Dot, DotKind, Extremum, ExtremumKind, Indexer, Line, LineKind,
    LittleKiller, OutsideClue, OutsideKind, Parity, Quadruple, Regions, Side,
};
use crate::model::{Cell, Constraint, Digit, Geometry, Grid, House, HouseKind, Puzzle};
use crate::render::board::{self, bold_width, Detail, Frame, TextSizes};
use crate::render::drawing::{point, text_width, Drawing, Item, Point, Typeface};
use crate::render::font;

use super::lines::style;
use super::Board;

const CELL: f64 = 40.0;

fn cell(row: usize, column: usize) -> Cell {
    Geometry::for_size(9)
        .unwrap()
        .cell(row, column)
        .expect("inside a 9×9 grid")
}

fn cells(places: &[(usize, usize)]) -> Vec<Cell> {
    places
        .iter()
        .map(|&(row, column)| cell(row, column))
        .collect()
}

/// A complete grid of `geometry` (a Latin square: drawing does not ask for a solution),
/// so every cell shows a digit.
fn full_grid(geometry: Geometry) -> Grid {
    let size = usize::from(geometry.size());
    let values: Vec<u8> = (0..size * size)
        .map(|index| ((index / size * 3 + index / size / 3 + index % size) % size + 1) as u8)
        .collect();
    Grid::from_values(geometry, &values).expect("digits within the size")
}

fn puzzle(constraints: Vec<Constraint>) -> Puzzle {
    let geometry = Geometry::for_size(9).unwrap();
    Puzzle::new(geometry, Grid::empty(geometry), constraints).expect("a valid puzzle")
}

/// The frame a 9×9 of 40-point cells fills, from (20, 20).
fn frame_for(puzzle: &Puzzle) -> Frame {
    let cells = f64::from(puzzle.size())
        + if super::has_outside_clues(puzzle) {
            2.0
        } else {
            0.0
        };
    Frame {
        corner: point(20.0, 20.0),
        side: CELL * cells,
    }
}

/// `puzzle` drawn to solve, every cell showing a digit.
fn drawn(puzzle: &Puzzle) -> Drawing {
    let frame = frame_for(puzzle);
    let mut drawing = Drawing::new(frame.side + 40.0, frame.side + 40.0);
    let grid = full_grid(puzzle.geometry());
    board::draw(&mut drawing, puzzle, Some(&grid), frame, Detail::Full);
    drawing
}

/// The board `drawn` used.
fn board_of(puzzle: &Puzzle) -> Board {
    let frame = super::grid_frame(puzzle, frame_for(puzzle), Detail::Full);
    Board::new(puzzle, frame, puzzle.cage_count() > 0)
}

/// A rectangle: left, top, right, bottom.
type Area = (f64, f64, f64, f64);

fn text_area(at: Point, text: &str, size: f64, typeface: Typeface, middle: bool) -> Area {
    let width = text_width(text, typeface, size);
    let left = if middle { at.x - width / 2.0 } else { at.x };
    let height = size * font::face(typeface).cap_height();
    (left, at.y - height, left + width, at.y)
}

/// The digits' positions in the drawing (the text items set at the digits' size) and
/// their boxes.
fn digit_items(drawing: &Drawing, puzzle: &Puzzle) -> Vec<(usize, Area)> {
    let board = board_of(puzzle);
    let size = TextSizes::for_cell(board.cell, puzzle.cage_count() > 0).digits;
    drawing
        .items
        .iter()
        .enumerate()
        .filter_map(|(index, item)| match item {
            Item::Text {
                at,
                text,
                size: drawn_size,
                typeface,
                ..
            } if *drawn_size == size => Some((index, text_area(*at, text, size, *typeface, true))),
            _ => None,
        })
        .collect()
}

/// Whether `item` covers any of `area`.
fn touches(item: &Item, area: Area) -> bool {
    let (left, top, right, bottom) = area;
    let overlaps =
        |other: Area| other.0 < right && left < other.2 && other.1 < bottom && top < other.3;
    match item {
        Item::Line {
            from, to, width, ..
        } => overlaps((
            from.x.min(to.x) - width / 2.0,
            from.y.min(to.y) - width / 2.0,
            from.x.max(to.x) + width / 2.0,
            from.y.max(to.y) + width / 2.0,
        )),
        Item::Fill {
            corner,
            width,
            height,
            ..
        } => overlaps((corner.x, corner.y, corner.x + width, corner.y + height)),
        Item::Path { points, pen, .. } => {
            let half = pen.map_or(0.0, |pen| pen.width / 2.0);
            let xs = points.iter().map(|point| point.x);
            let ys = points.iter().map(|point| point.y);
            overlaps((
                xs.clone().fold(f64::INFINITY, f64::min) - half,
                ys.clone().fold(f64::INFINITY, f64::min) - half,
                xs.fold(f64::NEG_INFINITY, f64::max) + half,
                ys.fold(f64::NEG_INFINITY, f64::max) + half,
            ))
        }
        Item::Circle {
            center,
            radius,
            pen,
            ..
        } => {
            let reach = radius + pen.map_or(0.0, |pen| pen.width / 2.0);
            let dx = (left - center.x).max(0.0).max(center.x - right);
            let dy = (top - center.y).max(0.0).max(center.y - bottom);
            dx.hypot(dy) < reach
        }
        // text along a book's spine: never on a puzzle's page
        Item::Turned { .. } => false,
        Item::Text {
            at,
            text,
            size,
            typeface,
            anchor,
            ..
        } => overlaps(text_area(
            *at,
            text,
            *size,
            *typeface,
            *anchor == crate::render::drawing::Anchor::Middle,
        )),
    }
}

/// Asserts that nothing drawn after the digits covers a digit, and returns those items.
fn assert_clear_of_digits(drawing: &Drawing, puzzle: &Puzzle) -> Vec<Item> {
    let digits = digit_items(drawing, puzzle);
    assert_eq!(
        digits.len(),
        puzzle.geometry().cell_count(),
        "one digit a cell"
    );
    let last = digits.iter().map(|(index, _)| *index).max().unwrap();
    let over: Vec<Item> = drawing.items[last + 1..].to_vec();
    for item in &over {
        for (_, area) in &digits {
            assert!(
                !touches(item, *area),
                "{item:?} covers the digit at {area:?}"
            );
        }
    }
    over
}

fn near(first: Point, second: Point) -> bool {
    (first.x - second.x).abs() < 1e-6 && (first.y - second.y).abs() < 1e-6
}

fn circles_at(items: &[Item], at: Point) -> Vec<(f64, Option<f64>)> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::Circle {
                center,
                radius,
                fill,
                ..
            } if near(*center, at) => Some((*radius, *fill)),
            _ => None,
        })
        .collect()
}

fn texts(items: &[Item]) -> Vec<(String, Point)> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::Text { text, at, .. } => Some((text.clone(), *at)),
            _ => None,
        })
        .collect()
}

fn middle(first: Point, second: Point) -> Point {
    point((first.x + second.x) / 2.0, (first.y + second.y) / 2.0)
}

#[test]
fn irregular_regions_have_bold_borders_and_no_box_lines() {
    // a 4×4 of regions: an L of four cells in each corner quarter, shifted
    let geometry = Geometry::irregular(4).unwrap();
    let map = vec![0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
    let regions = Regions::new(geometry, map.clone()).unwrap();
    let puzzle = Puzzle::new(
        geometry,
        Grid::empty(geometry),
        vec![Constraint::Regions(regions)],
    )
    .unwrap();
    let drawing = drawn(&puzzle);
    let board = board_of(&puzzle);
    let bold = bold_width(board.cell);
    let bold_lines: Vec<(Point, Point)> = drawing
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Line {
                from, to, width, ..
            } if *width == bold => Some((*from, *to)),
            _ => None,
        })
        .collect();
    // every unit edge between two cells is bold exactly when their regions differ
    let covered = |a: Point, b: Point| {
        bold_lines.iter().any(|(from, to)| {
            let on_line = |p: Point| {
                let cross = (to.x - from.x) * (p.y - from.y) - (to.y - from.y) * (p.x - from.x);
                let inside = p.x >= from.x.min(to.x) - 1e-6
                    && p.x <= from.x.max(to.x) + 1e-6
                    && p.y >= from.y.min(to.y) - 1e-6
                    && p.y <= from.y.max(to.y) + 1e-6;
                cross.abs() < 1e-6 && inside
            };
            on_line(a) && on_line(b)
        })
    };
    for row in 0..4 {
        for column in 0..4 {
            let here = map[row * 4 + column];
            if column + 1 < 4 {
                let edge = (
                    board.at(row as f64, column as f64 + 1.0),
                    board.at(row as f64 + 1.0, column as f64 + 1.0),
                );
                assert_eq!(
                    covered(edge.0, edge.1),
                    here != map[row * 4 + column + 1],
                    "edge right of r{}c{}",
                    row + 1,
                    column + 1
                );
            }
            if row + 1 < 4 {
                let edge = (
                    board.at(row as f64 + 1.0, column as f64),
                    board.at(row as f64 + 1.0, column as f64 + 1.0),
                );
                assert_eq!(
                    covered(edge.0, edge.1),
                    here != map[(row + 1) * 4 + column],
                    "edge below r{}c{}",
                    row + 1,
                    column + 1
                );
            }
        }
    }
    // and the solution drawing (plain) keeps them
    let mut plain = Drawing::new(200.0, 200.0);
    board::draw(
        &mut plain,
        &puzzle,
        Some(&full_grid(geometry)),
        frame_for(&puzzle),
        Detail::Plain,
    );
    let plain_bold = plain
        .items
        .iter()
        .filter(|item| matches!(item, Item::Line { width, .. } if *width == bold))
        .count();
    assert_eq!(plain_bold, bold_lines.len());
}

#[test]
fn extra_regions_and_clones_are_shaded_under_the_grid_lines() {
    let extra = cells(&[(1, 1), (1, 2), (2, 1), (2, 2)]);
    let window = House::new(
        HouseKind::Extra(0),
        cells(&[
            (5, 5),
            (5, 6),
            (5, 7),
            (6, 5),
            (6, 6),
            (6, 7),
            (7, 5),
            (7, 6),
            (7, 7),
        ]),
    );
    let clone = CloneRule {
        first: cells(&[(0, 6), (0, 7)]),
        second: cells(&[(8, 0), (8, 1)]),
    };
    let puzzle = puzzle(vec![
        Constraint::ExtraRegion(extra.clone()),
        Constraint::Distinct(window.clone()),
        Constraint::Clone(clone.clone()),
    ]);
    let drawing = drawn(&puzzle);
    let board = board_of(&puzzle);
    let first_line = drawing
        .items
        .iter()
        .position(|item| matches!(item, Item::Line { .. }))
        .unwrap();
    let fills: Vec<(Point, f64)> = drawing.items[..first_line]
        .iter()
        .filter_map(|item| match item {
            Item::Fill { corner, grey, .. } => Some((*corner, *grey)),
            _ => None,
        })
        .collect();
    let shaded = |place: Cell, grey: f64| {
        let corner = board.at(place.row() as f64, place.column() as f64);
        fills
            .iter()
            .any(|(at, shade)| near(*at, corner) && *shade == grey)
    };
    for &place in extra.iter().chain(window.cells()) {
        assert!(shaded(place, super::regions::EXTRA_REGION_GREY), "{place}");
    }
    for &place in clone.first.iter().chain(&clone.second) {
        assert!(shaded(place, super::pairs::CLONE_GREY), "{place}");
    }
    assert_eq!(fills.len(), 4 + 9 + 4);
    assert_clear_of_digits(&drawing, &puzzle);
}

#[test]
fn dots_x_and_v_sit_on_the_middle_of_their_edges_clear_of_digits() {
    let dot = |first: (usize, usize), second: (usize, usize), kind: DotKind| {
        Constraint::Dot(Dot {
            first: cell(first.0, first.1),
            second: cell(second.0, second.1),
            kind,
        })
    };
    let puzzle = puzzle(vec![
        dot((0, 0), (0, 1), DotKind::Difference(1)),
        dot((1, 1), (2, 1), DotKind::Ratio(2)),
        dot((3, 3), (3, 4), DotKind::Sum(10)),
        dot((4, 4), (5, 4), DotKind::Sum(5)),
        dot((6, 6), (6, 7), DotKind::Difference(3)),
        dot((7, 7), (8, 7), DotKind::Ratio(3)),
        dot((8, 0), (8, 1), DotKind::Sum(7)),
    ]);
    let drawing = drawn(&puzzle);
    let board = board_of(&puzzle);
    let over = assert_clear_of_digits(&drawing, &puzzle);
    let edge = |first: (usize, usize), second: (usize, usize)| {
        middle(
            board.center(cell(first.0, first.1)),
            board.center(cell(second.0, second.1)),
        )
    };
    // white and black dots
    assert!(matches!(
        circles_at(&over, edge((0, 0), (0, 1))).as_slice(),
        [(_, Some(white))] if *white == 1.0
    ));
    assert!(matches!(
        circles_at(&over, edge((1, 1), (2, 1))).as_slice(),
        [(_, Some(black))] if *black == 0.0
    ));
    // letters and values, centred on their edges
    let written = texts(&over);
    for (label, at) in [
        ("X", edge((3, 3), (3, 4))),
        ("V", edge((4, 4), (5, 4))),
        ("3", edge((6, 6), (6, 7))),
        ("3", edge((7, 7), (8, 7))),
        ("7", edge((8, 0), (8, 1))),
    ] {
        assert!(
            written
                .iter()
                .any(|(text, point)| text == label && (point.x - at.x).abs() < 1e-6),
            "{label} at {at:?} in {written:?}"
        );
        assert_eq!(circles_at(&over, at).len(), 1, "{label}'s disc");
    }
}

#[test]
fn even_odd_and_min_max_cells_are_marked_under_the_digits() {
    let puzzle = puzzle(vec![
        Constraint::Parity(Parity {
            cell: cell(0, 0),
            even: true,
        }),
        Constraint::Parity(Parity {
            cell: cell(0, 2),
            even: false,
        }),
        Constraint::Extremum(Extremum {
            cell: cell(4, 4),
            kind: ExtremumKind::Maximum,
        }),
        Constraint::Extremum(Extremum {
            cell: cell(6, 6),
            kind: ExtremumKind::Minimum,
        }),
    ]);
    let drawing = drawn(&puzzle);
    let board = board_of(&puzzle);
    let over = assert_clear_of_digits(&drawing, &puzzle);
    assert!(over.is_empty(), "nothing over the digits: {over:?}");
    // the even square and the odd circle, centred on their cells
    let square = drawing.items.iter().any(|item| match item {
        Item::Fill {
            corner,
            width,
            grey,
            ..
        } => {
            *grey == super::cells::PARITY_GREY
                && near(
                    point(corner.x + width / 2.0, corner.y + width / 2.0),
                    board.center(cell(0, 0)),
                )
        }
        _ => false,
    });
    assert!(square);
    assert_eq!(
        circles_at(&drawing.items, board.center(cell(0, 2))),
        vec![(board.cell * 0.32, Some(super::cells::PARITY_GREY))]
    );
    // four chevrons in each min/max cell: a maximum's tips lie nearer the edge than its
    // wings, a minimum's farther
    for (place, outward) in [(cell(4, 4), true), (cell(6, 6), false)] {
        let center = board.center(place);
        let chevrons: Vec<&Vec<Point>> = drawing
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Path { points, .. }
                    if points.len() == 3
                        && points.iter().all(|point| {
                            (point.x - center.x).abs() < board.cell / 2.0
                                && (point.y - center.y).abs() < board.cell / 2.0
                        }) =>
                {
                    Some(points)
                }
                _ => None,
            })
            .collect();
        assert_eq!(chevrons.len(), 4, "{place}");
        for points in chevrons {
            // how far out from the centre, across the side the chevron stands by
            let distance =
                |point: &Point| (point.x - center.x).abs().max((point.y - center.y).abs());
            let (tip, wing) = (distance(&points[1]), distance(&points[0]));
            assert_eq!(tip > wing, outward, "{place}: {points:?}");
        }
    }
}

#[test]
fn quadruple_circles_sit_on_their_corner_with_their_digits() {
    let digits = |values: &[u8]| -> Vec<Digit> {
        values
            .iter()
            .map(|&value| Digit::new(value).unwrap())
            .collect()
    };
    let puzzle = puzzle(vec![
        Constraint::Quadruple(Quadruple {
            cells: cells(&[(2, 2), (2, 3), (3, 2), (3, 3)]),
            digits: digits(&[1, 2, 3, 4]),
        }),
        Constraint::Quadruple(Quadruple {
            cells: cells(&[(6, 6), (6, 7), (7, 6), (7, 7)]),
            digits: digits(&[9]),
        }),
    ]);
    let drawing = drawn(&puzzle);
    let board = board_of(&puzzle);
    let over = assert_clear_of_digits(&drawing, &puzzle);
    for (corner, labels) in [
        (board.at(3.0, 3.0), vec!["12", "34"]),
        (board.at(7.0, 7.0), vec!["9"]),
    ] {
        let found = circles_at(&over, corner);
        assert!(matches!(found.as_slice(), [(_, Some(white))] if *white == 1.0));
        let radius = found[0].0;
        for label in labels {
            assert!(
                texts(&over).iter().any(|(text, at)| text == label
                    && (at.x - corner.x).abs() < 1e-6
                    && (at.y - corner.y).abs() < radius),
                "{label}"
            );
        }
    }
}

#[test]
fn thermometers_have_a_bulb_and_lines_run_through_cell_centres() {
    let line = |kind: LineKind, places: &[(usize, usize)]| {
        Constraint::Line(Line {
            kind,
            cells: cells(places),
        })
    };
    let kinds = [
        LineKind::Palindrome,
        LineKind::Renban,
        LineKind::Whispers(5),
        LineKind::Entropic,
        LineKind::Modular,
        LineKind::Zipper,
        LineKind::RegionSum,
    ];
    let mut constraints = vec![
        line(LineKind::Thermometer, &[(0, 0), (0, 1), (1, 2)]),
        line(LineKind::SlowThermometer, &[(8, 0), (7, 0), (7, 1)]),
        line(LineKind::Between, &[(0, 4), (0, 5), (0, 6), (0, 7)]),
    ];
    for (row, kind) in (1..).zip(kinds) {
        constraints.push(line(kind, &[(row, 4), (row, 5), (row, 6)]));
    }
    let puzzle = puzzle(constraints);
    let drawing = drawn(&puzzle);
    let board = board_of(&puzzle);
    let over = assert_clear_of_digits(&drawing, &puzzle);
    assert!(over.is_empty(), "lines stay under the digits: {over:?}");
    let centres = |places: &[(usize, usize)]| -> Vec<Point> {
        places
            .iter()
            .map(|&(row, column)| board.center(cell(row, column)))
            .collect()
    };
    let path_with = |points: &[Point], grey: f64| {
        drawing.items.iter().any(|item| match item {
            Item::Path {
                points: drawn,
                pen: Some(pen),
                ..
            } => {
                pen.grey == grey
                    && drawn.len() == points.len()
                    && drawn.iter().zip(points).all(|(a, b)| near(*a, *b))
            }
            _ => false,
        })
    };
    // thermometers: a filled bulb on the first cell, the line from it
    let thermometer = style(LineKind::Thermometer);
    for places in [&[(0, 0), (0, 1), (1, 2)][..], &[(8, 0), (7, 0), (7, 1)]] {
        let points = centres(places);
        let bulb = circles_at(&drawing.items, points[0]);
        assert!(matches!(bulb.as_slice(), [(_, Some(grey))] if *grey == thermometer.grey));
        assert!(path_with(&points, thermometer.grey));
    }
    // the slow one carries a white stripe, the fast one none
    let stripes = drawing
        .items
        .iter()
        .filter(|item| matches!(item, Item::Path { pen: Some(pen), .. } if pen.grey == 1.0))
        .count();
    assert_eq!(stripes, 1);
    // a between line's ends are circled, open, the line running between the circles
    let ends = centres(&[(0, 4), (0, 7)]);
    for end in &ends {
        assert!(matches!(
            circles_at(&drawing.items, *end).as_slice(),
            [(_, None)]
        ));
    }
    let inside = centres(&[(0, 5), (0, 6)]);
    let radius = board.cell * 0.4;
    assert!(path_with(
        &[
            point(ends[0].x + radius, ends[0].y),
            inside[0],
            inside[1],
            point(ends[1].x - radius, ends[1].y)
        ],
        style(LineKind::Between).grey
    ));
    for (row, kind) in (1..).zip(kinds) {
        let points = centres(&[(row, 4), (row, 5), (row, 6)]);
        assert!(path_with(&points, style(kind).grey), "{kind}");
    }
}

#[test]
fn every_line_rule_has_a_style_of_its_own() {
    let kinds = [
        LineKind::Thermometer,
        LineKind::Palindrome,
        LineKind::Between,
        LineKind::Renban,
        LineKind::Whispers(5),
        LineKind::Entropic,
        LineKind::Modular,
        LineKind::Zipper,
        LineKind::RegionSum,
        LineKind::DoubleArrow,
        LineKind::Lockout,
        LineKind::Nabner,
    ];
    for (index, &first) in kinds.iter().enumerate() {
        let one = style(first);
        assert!(
            one.grey <= 0.8 && one.grey >= 0.3,
            "{first}: prints, and lighter than digits"
        );
        for &second in &kinds[index + 1..] {
            let other = style(second);
            let apart = (one.grey - other.grey).abs() >= 0.08
                || (one.width - other.width).abs() >= 0.06
                || one.dash.is_some() != other.dash.is_some();
            assert!(apart, "{first} and {second} look alike");
        }
    }
}

/// Dashes are drawn with round caps, which reach half the width into each gap, so a dashed
/// line's gaps must be wider than the line to show (lockout and modular lines printed solid
/// before); a nabner line is dotted.
#[test]
fn dashed_lines_keep_their_gaps_open_and_a_nabner_line_is_dotted() {
    let nabner = style(LineKind::Nabner);
    let (dash, _) = nabner.dash.expect("dashed");
    assert!(dash < nabner.width, "a dot, not a dash");
    for kind in [
        LineKind::Modular,
        LineKind::DoubleArrow,
        LineKind::Lockout,
        LineKind::Nabner,
    ] {
        let line = style(kind);
        let (_, gap) = line.dash.expect("dashed");
        assert!(
            gap > line.width + 0.02,
            "{kind}: gaps {gap} closed by caps of width {}",
            line.width
        );
    }
}

#[test]
fn arrows_have_a_circle_or_pill_a_shaft_and_an_arrowhead_on_the_last_cell() {
    let puzzle = puzzle(vec![
        Constraint::Arrow(Arrow {
            circle: cells(&[(1, 1)]),
            shaft: cells(&[(2, 2), (3, 3), (3, 4)]),
        }),
        Constraint::Arrow(Arrow {
            circle: cells(&[(6, 0), (6, 1)]),
            shaft: cells(&[(7, 2), (8, 3)]),
        }),
    ]);
    let drawing = drawn(&puzzle);
    let board = board_of(&puzzle);
    let over = assert_clear_of_digits(&drawing, &puzzle);
    assert!(over.is_empty(), "arrows stay under the digits: {over:?}");
    let paths: Vec<&Vec<Point>> = drawing
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Path { points, .. } => Some(points),
            _ => None,
        })
        .collect();
    // the shaft from the circle's edge through each cell's centre
    let mut shaft: Vec<Point> = cells(&[(1, 1), (2, 2), (3, 3), (3, 4)])
        .into_iter()
        .map(|place| board.center(place))
        .collect();
    let step = board.cell * 0.4 / 2f64.sqrt();
    shaft[0] = point(shaft[0].x + step, shaft[0].y + step);
    assert!(paths.iter().any(|points| points.len() == shaft.len()
        && points.iter().zip(&shaft).all(|(a, b)| near(*a, *b))));
    // the arrowhead's tip on the last cell's centre, its wings behind it (to the left)
    let tip = board.center(cell(3, 4));
    let head = paths
        .iter()
        .find(|points| points.len() == 3 && near(points[1], tip))
        .expect("an arrowhead");
    assert!(head[0].x < tip.x && head[2].x < tip.x);
    // the circle, open
    let circle = circles_at(&drawing.items, board.center(cell(1, 1)));
    assert!(
        matches!(circle.as_slice(), [(radius, None)] if (radius - board.cell * 0.4).abs() < 1e-9)
    );
    // the pill: a stroke from one cell's centre to the other's, as wide as the circle
    let pill = [board.center(cell(6, 0)), board.center(cell(6, 1))];
    let pill_widths: Vec<f64> = drawing
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Path {
                points,
                pen: Some(pen),
                ..
            } if points.as_slice() == pill.as_slice() => Some(pen.width),
            _ => None,
        })
        .collect();
    assert_eq!(pill_widths.len(), 2, "outline and inside");
    assert!((pill_widths[0] - board.cell * 0.8).abs() < 1e-9);
}

#[test]
fn clues_outside_stand_in_a_frame_around_the_grid() {
    let puzzle = puzzle(vec![
        Constraint::LittleKiller(LittleKiller {
            clue: (0, 0),
            direction: Direction::DownRight,
            sum: 45,
        }),
        Constraint::LittleKiller(LittleKiller {
            clue: (10, 3),
            direction: Direction::UpRight,
            sum: 12,
        }),
        Constraint::Outside(OutsideClue {
            kind: OutsideKind::Sandwich,
            side: Side::Top,
            index: 4,
            value: 0,
        }),
        Constraint::Outside(OutsideClue {
            kind: OutsideKind::XSum,
            side: Side::Left,
            index: 2,
            value: 15,
        }),
        Constraint::Outside(OutsideClue {
            kind: OutsideKind::Skyscraper,
            side: Side::Right,
            index: 8,
            value: 3,
        }),
    ]);
    let frame = frame_for(&puzzle);
    let drawing = drawn(&puzzle);
    let board = board_of(&puzzle);
    // the grid is one cell in from the frame on every side, its cells as wide as asked
    assert!((board.cell - CELL).abs() < 1e-9);
    assert!(near(
        board.corner,
        point(frame.corner.x + CELL, frame.corner.y + CELL)
    ));
    let over = assert_clear_of_digits(&drawing, &puzzle);
    let written = texts(&over);
    let inside_frame_cell = |label: &str, row: f64, column: f64| {
        let (left, top) = (board.at(row, column).x, board.at(row, column).y);
        written.iter().any(|(text, at)| {
            text == label
                && at.x > left
                && at.x < left + board.cell
                && at.y > top
                && at.y < top + board.cell
        })
    };
    assert!(inside_frame_cell("45", -1.0, -1.0));
    assert!(inside_frame_cell("12", 9.0, 2.0));
    assert!(inside_frame_cell("0", -1.0, 4.0));
    assert!(inside_frame_cell("15", 2.0, -1.0));
    assert!(inside_frame_cell("3", 8.0, 9.0));
    // every clue and arrow stays out of the grid and inside the frame
    let grid = (
        board.corner.x,
        board.corner.y,
        board.corner.x + 9.0 * board.cell,
        board.corner.y + 9.0 * board.cell,
    );
    for item in &over {
        assert!(!touches(item, grid), "{item:?} reaches into the grid");
        assert!(
            touches(
                item,
                (
                    frame.corner.x,
                    frame.corner.y,
                    frame.corner.x + frame.side,
                    frame.corner.y + frame.side
                )
            ),
            "{item:?} is outside the frame"
        );
    }
    // the little killers' arrows point along their diagonals
    let heads: Vec<&Vec<Point>> = over
        .iter()
        .filter_map(|item| match item {
            Item::Path { points, .. } if points.len() == 3 => Some(points),
            _ => None,
        })
        .collect();
    assert_eq!(heads.len(), 2);
    let top_left = board.at(0.0, 0.0);
    assert!(heads[0][1].x < top_left.x && heads[0][1].x > top_left.x - board.cell * 0.2);
    // with its clues, the puzzle's smallest text is no smaller than its digits' smallest
    let sizes = board::text_sizes(&puzzle, frame.side, Detail::Full);
    assert!(sizes.clues.is_some());
    assert!(sizes.smallest().0 >= board::LEAST_TEXT);
}

#[test]
fn indexer_columns_are_shaded() {
    let nine = Geometry::for_size(9).unwrap();
    let puzzle = puzzle(vec![
        Constraint::Indexer(Indexer::column(nine, 0)),
        Constraint::Indexer(Indexer::column(nine, 4)),
        Constraint::Indexer(Indexer::column(nine, 8)),
    ]);
    let drawing = drawn(&puzzle);
    let shaded = drawing
        .items
        .iter()
        .filter(
            |item| matches!(item, Item::Fill { grey, .. } if *grey == super::sums::INDEXER_GREY),
        )
        .count();
    assert_eq!(shaded, 27);
}

#[test]
fn rules_without_marks_draw_nothing() {
    use crate::model::variant::{ChessMove, DotFamily, Negative};
    let plain = puzzle(Vec::new());
    let with_rules = puzzle(vec![
        Constraint::Chess(ChessMove::Knight),
        Constraint::Chess(ChessMove::King),
        Constraint::Negative(Negative {
            family: DotFamily::Difference,
            values: vec![1],
        }),
    ]);
    assert_eq!(drawn(&plain), drawn(&with_rules));
}

/// The text of a file under `tests/data/`.
fn data(path: &str) -> String {
    let full = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|error| panic!("{full}: {error}"))
}

/// Asserts `drawing` holds the mark of every rule of `puzzle`: one arm per rule, so a new
/// rule makes this test say how it is drawn.
fn assert_every_rule_marked(drawing: &Drawing, puzzle: &Puzzle, title: &str) {
    let board = board_of(puzzle);
    let items = &drawing.items;
    let centre = |place: Cell| board.center(place);
    let has_circle = |at: Point| !circles_at(items, at).is_empty();
    // a line stops at a given's halo: the cells with no given must each be on a path
    let given_at = |at: &Point| {
        puzzle
            .geometry()
            .cells()
            .any(|place| puzzle.givens().get(place).is_some() && near(centre(place), *at))
    };
    let has_path_through = |points: &[Point]| {
        points.iter().filter(|point| !given_at(point)).all(|point| {
            items.iter().any(|item| match item {
                Item::Path { points: drawn, .. } => drawn.iter().any(|other| near(*point, *other)),
                _ => false,
            })
        })
    };
    let has_fill_at = |place: Cell| {
        let corner = board.at(place.row() as f64, place.column() as f64);
        items
            .iter()
            .any(|item| matches!(item, Item::Fill { corner: at, .. } if near(*at, corner)))
    };
    let has_text = |label: String| {
        items
            .iter()
            .any(|item| matches!(item, Item::Text { text, .. } if *text == label))
    };
    for constraint in puzzle.constraints() {
        let marked = match constraint {
            // diagonals are drawn by the board; disjoint groups are a rule, no mark
            Constraint::Distinct(house) => match house.kind() {
                HouseKind::Extra(_) => house.cells().iter().all(|&place| has_fill_at(place)),
                _ => true,
            },
            Constraint::Cage(_) | Constraint::Compare(_) => true,
            Constraint::Regions(_) => {
                let bold = bold_width(board.cell);
                let inner = items
                    .iter()
                    .filter(|item| {
                        matches!(item, Item::Line { from, to, width, .. }
                            if *width == bold
                                && from.x > board.corner.x + 1.0
                                && to.x > board.corner.x + 1.0
                                && from.y > board.corner.y + 1.0
                                && to.y > board.corner.y + 1.0)
                    })
                    .count();
                inner > 0
            }
            Constraint::ExtraRegion(cells) => cells.iter().all(|&place| has_fill_at(place)),
            Constraint::Chess(_) | Constraint::Negative(_) => true,
            Constraint::Dot(dot) => has_circle(middle(centre(dot.first), centre(dot.second))),
            Constraint::PencilMarks(marks) => has_text(super::cells::pencil_marks_text(marks)),
            Constraint::Parity(parity) => {
                has_circle(centre(parity.cell))
                    || items.iter().any(|item| {
                        matches!(item, Item::Fill { corner, width, .. }
                            if near(point(corner.x + width / 2.0, corner.y + width / 2.0), centre(parity.cell)))
                    })
            }
            Constraint::Extremum(extremum) => {
                has_fill_at(extremum.cell)
                    && items
                        .iter()
                        .filter(|item| match item {
                            Item::Path { points, .. } => {
                                points.len() == 3 && {
                                    let at = centre(extremum.cell);
                                    (points[1].x - at.x).abs() < board.cell / 2.0
                                        && (points[1].y - at.y).abs() < board.cell / 2.0
                                }
                            }
                            _ => false,
                        })
                        .count()
                        == 4
            }
            Constraint::Quadruple(quadruple) => {
                let row = quadruple.cells.iter().map(|c| c.row()).max().unwrap();
                let column = quadruple.cells.iter().map(|c| c.column()).max().unwrap();
                has_circle(board.at(row as f64, column as f64))
            }
            Constraint::Line(line) => {
                let points: Vec<Point> = line.cells.iter().map(|&place| centre(place)).collect();
                match line.kind {
                    LineKind::Between => {
                        has_circle(points[0])
                            && has_circle(points[points.len() - 1])
                            && has_path_through(&points[1..points.len() - 1])
                    }
                    LineKind::Thermometer | LineKind::SlowThermometer => {
                        has_circle(points[0]) && has_path_through(&points)
                    }
                    _ => has_path_through(&points),
                }
            }
            Constraint::Clone(clone) => clone
                .first
                .iter()
                .chain(&clone.second)
                .all(|&place| has_fill_at(place)),
            Constraint::Arrow(arrow) => {
                let shaft: Vec<Point> = arrow.shaft.iter().map(|&place| centre(place)).collect();
                let tip = shaft[shaft.len() - 1];
                let head = given_at(&tip)
                    || items.iter().any(|item| {
                        matches!(item, Item::Path { points, .. } if points.len() == 3 && near(points[1], tip))
                    });
                let bulb = arrow.circle.len() > 1 || has_circle(centre(arrow.circle[0]));
                head && bulb && has_path_through(&shaft)
            }
            Constraint::LittleKiller(clue) => has_text(clue.sum.to_string()),
            Constraint::Outside(clue) => has_text(clue.value.to_string()),
            Constraint::Indexer(indexer) => indexer.cells.iter().all(|&place| has_fill_at(place)),
            Constraint::FreeCage(cage) => cage.sum.is_none_or(|sum| has_text(sum.to_string())),
        };
        assert!(marked, "{title}: {constraint} is not drawn");
    }
}

#[test]
fn every_shared_variant_puzzle_draws_each_rule_clear_of_its_digits() {
    let mut drawn_count = 0;
    for line in data("variants/fpuzzles_variants.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let (title, link, solution) = (fields[0], fields[2], fields[3]);
        let entry = crate::notation::parse(link, None)
            .unwrap_or_else(|error| panic!("{title}: {error}"))
            .remove(0);
        let puzzle = &entry.puzzle;
        let values: Vec<u8> = solution
            .chars()
            .map(|digit| digit.to_digit(10).expect("a digit") as u8)
            .collect();
        let grid = Grid::from_values(puzzle.geometry(), &values).expect("a full grid");
        assert!(puzzle.is_solution(&grid), "{title}");
        let frame = frame_for(puzzle);
        let mut drawing = Drawing::new(frame.side + 40.0, frame.side + 40.0);
        board::draw(&mut drawing, puzzle, Some(&grid), frame, Detail::Full);
        assert_clear_of_digits(&drawing, puzzle);
        assert_every_rule_marked(&drawing, puzzle, title);
        // and the puzzle's text stays printable at this size
        let sizes = board::text_sizes(puzzle, frame.side, Detail::Full);
        assert!(
            sizes.smallest().0 >= board::LEAST_TEXT,
            "{title}: {sizes:?}"
        );
        drawn_count += 1;
    }
    assert_eq!(drawn_count, 21);
}

#[test]
fn a_line_stops_at_the_halo_of_a_given_on_it() {
    let geometry = Geometry::for_size(9).unwrap();
    let mut givens = Grid::empty(geometry);
    // a given in the middle of a thermometer, one on an arrow's shaft, one in a bulb
    givens.set(cell(0, 1), Digit::new(5));
    givens.set(cell(2, 3), Digit::new(7));
    givens.set(cell(5, 5), Digit::new(1));
    let constraints = vec![
        Constraint::Line(Line {
            kind: LineKind::Thermometer,
            cells: cells(&[(0, 0), (0, 1), (0, 2), (1, 3)]),
        }),
        Constraint::Line(Line {
            kind: LineKind::Thermometer,
            cells: cells(&[(5, 5), (5, 6), (6, 7)]),
        }),
        Constraint::Arrow(Arrow {
            circle: cells(&[(2, 1)]),
            shaft: cells(&[(2, 2), (2, 3), (2, 4)]),
        }),
    ];
    let puzzle = Puzzle::new(geometry, givens, constraints).expect("a valid puzzle");
    let frame = frame_for(&puzzle);
    let mut drawing = Drawing::new(frame.side + 40.0, frame.side + 40.0);
    board::draw(&mut drawing, &puzzle, None, frame, Detail::Full);
    let halos: Vec<crate::render::ink::Rectangle> = drawing
        .items
        .iter()
        .filter(|item| {
            matches!(
                item,
                Item::Text {
                    typeface: Typeface::Bold,
                    ..
                }
            )
        })
        .filter_map(crate::render::ink::item_text_box)
        .collect();
    assert_eq!(halos.len(), 3, "the three givens");
    let mut segments = 0;
    for item in &drawing.items {
        let Item::Path {
            points,
            pen: Some(pen),
            closed: false,
            ..
        } = item
        else {
            continue;
        };
        for pair in points.windows(2) {
            segments += 1;
            for step in 0..=200 {
                let along = f64::from(step) / 200.0;
                let at = point(
                    pair[0].x + (pair[1].x - pair[0].x) * along,
                    pair[0].y + (pair[1].y - pair[0].y) * along,
                );
                for halo in &halos {
                    let across = (halo.left - at.x).max(at.x - halo.right).max(0.0);
                    let down = (halo.top - at.y).max(at.y - halo.bottom).max(0.0);
                    assert!(
                        across.hypot(down) >= pen.width / 2.0,
                        "a stroke {pair:?} through the given at {halo:?}"
                    );
                }
            }
        }
    }
    // the lines are still drawn on either side of the givens
    let board = board_of(&puzzle);
    let on_a_path = |place: Cell| {
        let centre = board.center(place);
        drawing.items.iter().any(|item| {
            matches!(item, Item::Path { points, .. } if points.iter().any(|point| near(*point, centre)))
        })
    };
    for place in cells(&[(0, 2), (1, 3), (2, 2), (2, 4), (5, 6), (6, 7)]) {
        assert!(on_a_path(place), "no line reaches {place}");
    }
    assert!(segments >= 6, "{segments} segments");
}
