//! The rules behind a classic technique's sight lines on a variant puzzle: where a removed
//! candidate's cell sees a cell of the pattern only because a rule keeps the two apart (a
//! knight's move, one renban line, …), the step names the rule, `r5c5 sees r1c4
//! (anti-knight)`, so a reader who only knows houses can still check it.

use crate::grade::board::Board;
use crate::grade::layout::Layout;
use crate::grade::step::Finding;
use crate::grade::technique::Technique;

/// Notes in `finding` (a classic technique's, on `board` before it is applied) the cells
/// that see each other by a rule alone where the step leans on it: a removed candidate's
/// cell and a pattern cell holding that digit, a weak link of a chain between two cells of
/// one digit, a wing's cells that must see each other. Nothing when there are none.
pub(crate) fn name_rule_sightings<const W: usize>(
    layout: &Layout<W>,
    board: &Board<W>,
    finding: &mut Finding,
) {
    let mut pattern: Vec<usize> = finding.cells.clone();
    pattern.extend(finding.fins.iter().map(|&(cell, _)| cell));
    pattern.extend(finding.groups.iter().flatten());
    pattern.extend(
        finding
            .links
            .iter()
            .flat_map(|(from, to, _)| from.cells.iter().chain(&to.cells)),
    );
    pattern.sort_unstable();
    pattern.dedup();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for &(target, digit) in &finding.eliminations {
        pairs.extend(
            pattern
                .iter()
                .filter(|&&cell| board.candidates[cell] & (1 << digit) != 0)
                .map(|&cell| (target, cell)),
        );
    }
    for (from, to, strong) in &finding.links {
        if !strong && from.digit == to.digit {
            for &first in &from.cells {
                pairs.extend(to.cells.iter().map(|&second| (first, second)));
            }
        }
    }
    let cells = &finding.cells;
    match finding.technique {
        Technique::XyWing | Technique::XyzWing => {
            pairs.extend(cells[1..].iter().map(|&pincer| (cells[0], pincer)));
        }
        Technique::WWing => pairs.extend([(cells[2], cells[0]), (cells[3], cells[1])]),
        _ => {}
    }
    let mut sightings: Vec<String> = Vec::new();
    for (first, second) in pairs {
        if let Some(rule) = layout.rule_between(first, second) {
            let sighting = format!(
                "{} sees {} ({})",
                layout.cell(first),
                layout.cell(second),
                rule.label
            );
            if !sightings.contains(&sighting) {
                sightings.push(sighting);
            }
        }
    }
    if !sightings.is_empty() {
        finding.rule = Some(sightings.join(", "));
    }
}

#[cfg(test)]
mod tests {
    use crate::grade::board::Board;
    use crate::grade::layout::Layout;
    use crate::grade::memo::Memo;
    use crate::grade::technique::Technique;
    use crate::grade::techniques::{find, Context};
    use crate::grade::Step;
    use crate::model::variant::ChessMove;
    use crate::model::{Constraint, Geometry, Grid, Puzzle};

    /// `r3c7` → its index on a 9×9 grid.
    fn at(name: &str) -> usize {
        let (row, column) = name[1..].split_once('c').unwrap();
        (row.parse::<usize>().unwrap() - 1) * 9 + column.parse::<usize>().unwrap() - 1
    }

    /// The first XY-Wing on an empty 9×9 with `rules`, after the candidates are cut to:
    /// r1c1 {1,2} (the pivot), r1c5 {1,3} and r2c2 {2,3} (the pincers), and no 3 in the cells
    /// that share a house with both pincers. So only a rule can give the pincers common peers.
    fn xy_wing_with(rules: Vec<Constraint>) -> Option<(Step, Puzzle)> {
        let geometry = Geometry::for_size(9).unwrap();
        let puzzle = Puzzle::new(geometry, Grid::empty(geometry), rules).unwrap();
        let layout = Layout::<2>::new(&puzzle);
        let mut board = Board::new(&layout, &puzzle);
        let keep = [("r1c1", [0, 1]), ("r1c5", [0, 2]), ("r2c2", [1, 2])];
        for (name, digits) in keep {
            for digit in (0..9).filter(|digit| !digits.contains(digit)) {
                board.eliminate(&layout, at(name), digit);
            }
        }
        for name in ["r1c2", "r1c3", "r2c4", "r2c5", "r2c6"] {
            board.eliminate(&layout, at(name), 2);
        }
        let enabled = vec![true; Technique::ALL.len()];
        let memo = Memo::new();
        let context = Context {
            layout: &layout,
            enabled: &enabled,
            unique: false,
            memo: &memo,
        };
        let finding = find(Technique::XyWing, &context, &mut board)?;
        Some((finding.into_step(&layout), puzzle))
    }

    #[test]
    fn an_xy_wing_eliminates_through_anti_knight_moves_and_names_them() {
        assert!(
            xy_wing_with(Vec::new()).is_none(),
            "without the rule the pincers share no peer holding 3"
        );
        // a king's move from a pincer reaches only cells without 3 or out of the other's sight
        assert!(xy_wing_with(vec![Constraint::Chess(ChessMove::King)]).is_none());
        let (step, puzzle) =
            xy_wing_with(vec![Constraint::Chess(ChessMove::Knight)]).expect("an XY-Wing");
        assert_eq!(step.technique, Technique::XyWing);
        // each removed 3 sees one pincer by a house and the other a knight's move away
        assert_eq!(
            step.explain(&puzzle),
            "r1c4<>3, r2c3<>3, r2c7<>3, r3c4<>3  xy-wing: digits 1/2/3; in r1c1,r1c5,r2c2; \
             fins r1c5(3) r2c2(3); r1c4 sees r2c2 (anti-knight), r2c3 sees r1c5 (anti-knight), \
             r2c7 sees r1c5 (anti-knight), r3c4 sees r2c2 (anti-knight)"
        );
    }
}
