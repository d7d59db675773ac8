//! Tests of the tuple search: exact supports against every filling enumerated, the prefix
//! search sound against them, and the line readings both engines take.

use super::judge::{Bounds, Verdict};
use super::*;
use crate::model::geometry::Geometry;
use crate::model::variant::{DotKind, OutsideKind};

/// Every filling of `masks` (peers distinct) that every prefix of passes and the whole of
/// meets, judged without bounds from the candidates: the supports by enumeration.
fn enumerated(shape: &Shape, masks: &[u32], earlier_peers: &[u64], size: u32) -> Vec<u32> {
    let length = masks.len();
    let bounds = Bounds::new(masks, size, false);
    let mut supported = vec![0u32; length];
    let mut values = vec![0u32; length];
    fn fill(
        position: usize,
        shape: &Shape,
        masks: &[u32],
        earlier_peers: &[u64],
        bounds: &Bounds,
        values: &mut [u32],
        supported: &mut [u32],
    ) {
        let length = masks.len();
        if position == length {
            for (kept, &value) in supported.iter_mut().zip(values.iter()) {
                *kept |= 1 << (value - 1);
            }
            return;
        }
        for digit in 1..=bounds.size {
            if masks[position] & 1 << (digit - 1) == 0 {
                continue;
            }
            let clashes = (0..position).any(|earlier| {
                earlier_peers[position] & 1 << earlier != 0 && values[earlier] == digit
            });
            if clashes {
                continue;
            }
            values[position] = digit;
            if shape.judge(&values[..=position], length, bounds) == Verdict::Reject {
                continue;
            }
            fill(
                position + 1,
                shape,
                masks,
                earlier_peers,
                bounds,
                values,
                supported,
            );
        }
    }
    fill(
        0,
        shape,
        masks,
        earlier_peers,
        &bounds,
        &mut values,
        &mut supported,
    );
    supported
}

/// A small deterministic stream of numbers (xorshift), so the cases are the same each run.
struct Stream(u64);

impl Stream {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % below
    }
}

/// Shapes over `length` cells of a 9×9 grid, for the random cases.
fn shapes(length: usize) -> Vec<Shape> {
    let mut shapes = vec![
        Shape::Distinct,
        Shape::Quadruple(vec![1, 2]),
        Shape::Thermometer { slow: false },
        Shape::Thermometer { slow: true },
        Shape::Palindrome,
        Shape::Whispers(5),
        Shape::Renban,
        Shape::Between,
        Shape::Lockout(4),
        Shape::Entropic,
        Shape::Modular,
        Shape::Zipper {
            odd: length % 2 == 1,
        },
        Shape::RegionSum(vec![2, length]),
        Shape::Arrow(1),
        Shape::Sum(17),
        Shape::Extremum(true),
        Shape::Relation(DotKind::Ratio(2)),
        Shape::Forbidden(vec![DotKind::Difference(1)]),
    ];
    if length == 2 {
        shapes.push(Shape::Equal);
    }
    shapes
}

#[test]
fn exact_supports_are_those_of_every_filling_and_prefix_supports_keep_them() {
    let mut stream = Stream(0x5EED_1234_ABCD);
    let size = 9;
    let mut compared = 0;
    for _ in 0..60 {
        let length = 2 + stream.next(4) as usize;
        let masks: Vec<u32> = (0..length)
            .map(|_| (stream.next(511) as u32 + 1) | 1 << stream.next(9))
            .collect();
        let earlier_peers: Vec<u64> = (0..length)
            .map(|position| {
                (0..position).fold(0, |bits, earlier| {
                    bits | u64::from(stream.next(2) == 1) << earlier
                })
            })
            .collect();
        for shape in shapes(length) {
            let expected = enumerated(&shape, &masks, &earlier_peers, size);
            let exact = supports(&shape, &masks, &earlier_peers, size, Completion::Exact)
                .expect("small rules stay under the cap");
            assert_eq!(
                exact, expected,
                "{shape:?} on {masks:?}, peers {earlier_peers:?}"
            );
            let prefix = supports(&shape, &masks, &earlier_peers, size, Completion::Prefix)
                .expect("small rules stay under the cap");
            for ((&kept, &needed), &mask) in prefix.iter().zip(&expected).zip(&masks) {
                assert_eq!(
                    kept & needed,
                    needed,
                    "{shape:?} on {masks:?}: prefix too strong"
                );
                assert_eq!(kept & !mask, 0, "{shape:?}: a digit that is no candidate");
            }
            compared += 1;
        }
    }
    assert!(compared > 1_000);
}

#[test]
fn an_exact_search_keeps_cells_that_see_each_other_distinct_after_an_accepted_prefix() {
    // a between line with ends 1 and 4 (read first) and three middle cells that see each
    // other: only 2 and 3 fit between, so no filling exists
    let masks = [0b1, 0b1000, 0b110, 0b110, 0b110];
    let earlier_peers = [0, 0, 0, 0b100, 0b1100];
    let exact = supports(
        &Shape::Between,
        &masks,
        &earlier_peers,
        9,
        Completion::Exact,
    );
    assert_eq!(exact, Some(vec![0; 5]));
    // the prefix search stops at the ends and keeps every candidate between them
    let prefix = supports(
        &Shape::Between,
        &masks,
        &earlier_peers,
        9,
        Completion::Prefix,
    );
    assert_eq!(prefix, Some(masks.to_vec()));
}

#[test]
fn an_outside_clue_is_read_by_its_automaton_exactly() {
    // a 4×4 row with sandwich 5: 1 and 4 around digits adding up to 5 (2+3)
    let masks = [0b1111; 4];
    let peers: Vec<u64> = (0..4).map(|position| (1u64 << position) - 1).collect();
    let sandwich = Shape::Outside(OutsideKind::Sandwich, 5);
    for completion in [Completion::Exact, Completion::Prefix] {
        let supported = supports(&sandwich, &masks, &peers, 4, completion);
        assert_eq!(supported, Some(vec![0b1001, 0b0110, 0b0110, 0b1001]));
    }
}

#[test]
fn lines_are_read_ends_first_or_from_the_middle() {
    let geometry = Geometry::new(3, 3).expect("a 9×9 grid");
    let cells: Vec<Cell> = (0..5)
        .map(|column| geometry.cell(0, column).expect("on the grid"))
        .collect();
    let region = |cell: Cell| cell.column() / 3;
    let (order, shape) = line_tuple(LineKind::Between, &cells, 9, &region);
    assert_eq!(
        order,
        vec![cells[0], cells[4], cells[1], cells[2], cells[3]]
    );
    assert_eq!(shape, Shape::Between);
    let (order, shape) = line_tuple(LineKind::Zipper, &cells, 9, &region);
    assert_eq!(
        order,
        vec![cells[2], cells[0], cells[4], cells[1], cells[3]]
    );
    assert_eq!(shape, Shape::Zipper { odd: true });
    let (_, shape) = line_tuple(LineKind::RegionSum, &cells, 9, &region);
    assert_eq!(shape, Shape::RegionSum(vec![3, 5]));
    let (order, shape) = line_tuple(LineKind::DoubleArrow, &cells[..2], 9, &region);
    assert_eq!(order, cells[..2].to_vec());
    assert!(shape.asks_nothing(2));
    let (_, shape) = line_tuple(LineKind::Lockout, &cells, 9, &region);
    assert_eq!(shape, Shape::Lockout(4));
}
