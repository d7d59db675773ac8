//! Locked candidates on a search state: where a digit's cells in one house all lie where it
//! crosses another, the digit leaves the rest of the other. Boxes and lines go segment by
//! segment; extra houses (diagonals) through their listed overlaps.

use super::layout::SegmentFamily;
use super::propagate::{Contradiction, Pass, Rules};

impl<'a> Pass<'a> {
    /// One locked-candidates pass over every box-line crossing and every overlap with an
    /// extra house. Eliminations are judged on the candidates as the pass found them: they
    /// stay valid as candidates only shrink.
    #[inline(never)]
    pub(super) fn locked_candidates(&mut self) -> Result<(), Contradiction> {
        let rules: &'a Rules = self.rules;
        let digits = std::mem::take(&mut self.work.dirty_lines);
        // Without boxes, box-line reasoning on segments finds nothing once singles are
        // settled (they are when this pass runs): only band matching would.
        if rules.layout.has_boxes || rules.matching {
            for family in &rules.layout.segments {
                self.box_lines(family, digits)?;
            }
        }
        self.extra_overlaps()
    }

    fn box_lines(&mut self, family: &SegmentFamily, digits: u32) -> Result<(), Contradiction> {
        let lines = self.rules.layout.size;
        let per_line = family.per_line;
        let mut unions = std::mem::take(&mut self.work.segment_unions);
        unions.clear();
        for line in 0..lines {
            for segment in 0..per_line {
                let union = family
                    .segment(line, segment)
                    .iter()
                    .fold(0, |union, &cell| union | self.candidates[usize::from(cell)]);
                unions.push(union);
            }
        }
        let mut result = self.box_lines_from(family, &unions);
        if result.is_ok() && self.rules.matching {
            result = self.band_matching(family, &unions, digits);
        }
        self.work.segment_unions = unions;
        result
    }

    /// In a band (or stack), each digit takes one minirow per line and per box: its lines
    /// must match its boxes. Minirows on no perfect matching lose the digit. This is box-line
    /// reasoning over whole bands, beyond one box and one line at a time.
    fn band_matching(
        &mut self,
        family: &SegmentFamily,
        unions: &[u32],
        digits: u32,
    ) -> Result<(), Contradiction> {
        let per_line = family.per_line;
        for band in (0..self.rules.layout.size).step_by(family.group) {
            let mut rest = digits;
            while rest != 0 {
                let digit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let bit = 1u32 << digit;
                let mut matching = super::matching::Matching::empty();
                for line in band..band + family.group {
                    let boxes = (0..per_line).fold(0, |boxes, segment| {
                        boxes | (((unions[line * per_line + segment] >> digit) & 1) << segment)
                    });
                    matching.push(line as u16, boxes);
                }
                let Some(kept) = matching.solve() else {
                    return Err(Contradiction::NoPlace {
                        house: band as u16,
                        digit: digit as u8,
                    });
                };
                for (offset, &keep) in kept[..family.group].iter().enumerate() {
                    let line = band + offset;
                    let mut dropped = matching.candidates[offset] & !keep;
                    while dropped != 0 {
                        let segment = dropped.trailing_zeros() as usize;
                        dropped &= dropped - 1;
                        self.remove_from(family.segment(line, segment), bit)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn box_lines_from(
        &mut self,
        family: &SegmentFamily,
        unions: &[u32],
    ) -> Result<(), Contradiction> {
        let per_line = family.per_line;
        for band in (0..self.rules.layout.size).step_by(family.group) {
            // Per box of the band: digits in at least one and in at least two of its segments.
            let (mut box_once, mut box_twice) = ([0u32; 25], [0u32; 25]);
            for line in band..band + family.group {
                for segment in 0..per_line {
                    let union = unions[line * per_line + segment];
                    box_twice[segment] |= box_once[segment] & union;
                    box_once[segment] |= union;
                }
            }
            for line in band..band + family.group {
                let own = &unions[line * per_line..(line + 1) * per_line];
                let (mut once, mut twice) = (0u32, 0u32);
                for &union in own {
                    twice |= once & union;
                    once |= union;
                }
                for (segment, &union) in own.iter().enumerate() {
                    // Digits in some other segment of the line (of the box): in two
                    // segments, or in one that is not this one.
                    let line_rest = twice | (once & !union);
                    let box_rest = box_twice[segment] | (box_once[segment] & !union);
                    let confined_to_line = union & !line_rest & box_rest;
                    if confined_to_line != 0 {
                        for other in (band..band + family.group).filter(|&other| other != line) {
                            self.remove_from(family.segment(other, segment), confined_to_line)?;
                        }
                    }
                    let confined_to_box = union & !box_rest & line_rest;
                    if confined_to_box != 0 {
                        for other in (0..per_line).filter(|&other| other != segment) {
                            self.remove_from(family.segment(line, other), confined_to_box)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Every overlap one of whose houses changed since the last pass began, or during this
    /// one: an overlap whose cells did not change has nothing to add (its last look removed
    /// what it could, and a state enters a propagation settled), so skipping it changes
    /// neither what is removed nor in which order.
    fn extra_overlaps(&mut self) -> Result<(), Contradiction> {
        let rules: &'a Rules = self.rules;
        let layout = &rules.layout;
        let earlier = std::mem::take(&mut self.work.dirty_overlaps);
        for overlap in &layout.overlaps {
            if (earlier | self.work.dirty_overlaps) & overlap.houses == 0 {
                continue;
            }
            let union = |cells: &[u16]| {
                cells
                    .iter()
                    .fold(0, |union, &cell| union | self.candidates[usize::from(cell)])
            };
            let shared = union(layout.overlap_part(overlap.shared));
            let first_rest = union(layout.overlap_part(overlap.first_rest));
            let second_rest = union(layout.overlap_part(overlap.second_rest));
            let confined_in_first = shared & !first_rest & second_rest;
            let confined_in_second = shared & !second_rest & first_rest;
            if confined_in_first != 0 {
                self.remove_from(layout.overlap_part(overlap.second_rest), confined_in_first)?;
            }
            if confined_in_second != 0 {
                self.remove_from(layout.overlap_part(overlap.first_rest), confined_in_second)?;
            }
        }
        Ok(())
    }
}
