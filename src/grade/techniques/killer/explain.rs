//! Killer steps in killer solvers' words: a cage as `14(2) r3c4+r3c5`, the combinations it
//! keeps as `{59/68}`, the houses of a 45-rule sum as `Innies n8: r7c6+r9c4 = 7(2)` (rows
//! `r`, columns `c`, boxes — nonets — `n`), an innie–outie difference as
//! `Innies-outies r6: r6c1 - r7c3 = 5`.

use crate::grade::step::Step;
use crate::grade::technique::Technique;
use crate::model::{Cell, Diagonal, DigitSet, Geometry, HouseKind};
use crate::notation::character;

/// Cells joined by `+`: `r3c4+r3c5`.
fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(Cell::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

/// A cage or hidden cage: `14(2) r3c4+r3c5`.
fn cage_text(cells: &[Cell], total: i32) -> String {
    format!("{total}({}) {}", cells.len(), cells_text(cells))
}

/// Combinations: `{59/68}`.
fn combinations_text(sets: &[DigitSet]) -> String {
    let sets: Vec<String> = sets
        .iter()
        .map(|set| set.iter().map(character).collect())
        .collect();
    format!("{{{}}}", sets.join("/"))
}

/// A group with its sum and, where known, its combinations: `14(2) r3c4+r3c5 {59/68}`.
fn group_text(step: &Step, index: usize) -> String {
    let evidence = &step.evidence;
    let Some(cells) = evidence.groups.get(index) else {
        return String::new();
    };
    let mut text = match evidence.totals.get(index) {
        Some(&total) => cage_text(cells, total),
        None => cells_text(cells),
    };
    if let Some(sets) = evidence
        .combinations
        .get(index)
        .filter(|sets| !sets.is_empty())
    {
        text.push(' ');
        text.push_str(&combinations_text(sets));
    }
    text
}

/// A run of numbers as `3` or `1-3`, other lists joined by `+`.
fn numbers_text(prefix: char, numbers: &[usize]) -> String {
    let consecutive = numbers.windows(2).all(|pair| pair[1] == pair[0] + 1);
    match numbers {
        [] => String::new(),
        [only] => format!("{prefix}{}", only + 1),
        [first, .., last] if consecutive => format!("{prefix}{}-{}", first + 1, last + 1),
        _ => numbers
            .iter()
            .map(|number| format!("{prefix}{}", number + 1))
            .collect::<Vec<_>>()
            .join("+"),
    }
}

/// The houses of a region: `r7`, `r1-3`, `c4-5`, `n8`, `n1-2`.
fn region_text(houses: &[HouseKind]) -> String {
    let mut rows = Vec::new();
    let mut columns = Vec::new();
    let mut boxes = Vec::new();
    let mut parts = Vec::new();
    for house in houses {
        match *house {
            HouseKind::Row(row) => rows.push(usize::from(row)),
            HouseKind::Column(column) => columns.push(usize::from(column)),
            HouseKind::Box(number) => boxes.push(usize::from(number)),
            HouseKind::Diagonal(Diagonal::Main) => parts.push("the main diagonal".to_string()),
            HouseKind::Diagonal(Diagonal::Anti) => parts.push("the anti-diagonal".to_string()),
            other @ (HouseKind::Region(_) | HouseKind::Extra(_) | HouseKind::Disjoint(_)) => {
                parts.push(other.to_string())
            }
        }
    }
    for (prefix, numbers) in [('r', rows), ('c', columns), ('n', boxes)] {
        if !numbers.is_empty() {
            parts.insert(0, numbers_text(prefix, &numbers));
        }
    }
    parts.join("+")
}

/// Whether `cell` lies in `house`.
fn in_house(geometry: Geometry, house: HouseKind, cell: Cell) -> bool {
    match house {
        HouseKind::Row(row) => cell.row() == usize::from(row),
        HouseKind::Column(column) => cell.column() == usize::from(column),
        HouseKind::Box(number) => geometry.box_of(cell) == usize::from(number),
        HouseKind::Diagonal(Diagonal::Main) => cell.row() == cell.column(),
        HouseKind::Diagonal(Diagonal::Anti) => {
            cell.row() + cell.column() + 1 == usize::from(geometry.size())
        }
        // the grader refuses puzzles with irregular, extra or disjoint houses before any
        // killer step is explained (see `grade::refuse_unsupported`)
        HouseKind::Region(_) | HouseKind::Extra(_) | HouseKind::Disjoint(_) => false,
    }
}

/// The 45 rule's sum: innies, outies, or an innie–outie difference.
fn rule45_text(step: &Step, geometry: Geometry) -> String {
    let evidence = &step.evidence;
    let region = region_text(&evidence.houses);
    let total = evidence.totals.first().copied().unwrap_or_default();
    if let [added, subtracted] = evidence.groups.as_slice() {
        return format!(
            "Innies-outies {region}: {} - {} = {total}",
            cells_text(added),
            cells_text(subtracted)
        );
    }
    let inside = evidence
        .groups
        .first()
        .and_then(|cells| cells.first())
        .is_some_and(|&cell| {
            evidence
                .houses
                .iter()
                .any(|&house| in_house(geometry, house, cell))
        });
    let kind = if inside { "Innies" } else { "Outies" };
    let cells = evidence.groups.first().cloned().unwrap_or_default();
    let mut text = format!(
        "{kind} {region}: {} = {total}({})",
        cells_text(&cells),
        cells.len()
    );
    if let Some(sets) = evidence
        .combinations
        .first()
        .filter(|sets| !sets.is_empty())
    {
        text.push(' ');
        text.push_str(&combinations_text(sets));
    }
    text
}

/// The law of leftovers: `Leftovers r1-2: each digit 2 times, the cages 3(2) r1c1+r1c2 {12},
/// … leave innies r2c5+r2c6 and outies r3c1 to make up the rest, which rules out 7 there`.
fn leftovers_text(step: &Step) -> String {
    let evidence = &step.evidence;
    let region = region_text(&evidence.houses);
    let side = |index: usize| match evidence.groups.get(index) {
        Some(cells) if !cells.is_empty() => cells_text(cells),
        _ => "none".to_string(),
    };
    let times = evidence.totals.first().copied().unwrap_or(1);
    let cages: Vec<String> = (2..evidence.groups.len())
        .map(|index| {
            let mut text = cage_text(
                &evidence.groups[index],
                evidence.totals.get(index - 1).copied().unwrap_or_default(),
            );
            if let Some(sets) = evidence
                .combinations
                .get(index - 2)
                .filter(|sets| !sets.is_empty())
            {
                text.push(' ');
                text.push_str(&combinations_text(sets));
            }
            text
        })
        .collect();
    let digits: Vec<String> = evidence
        .digits
        .iter()
        .map(|d| character(d).to_string())
        .collect();
    let times = match times {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        count => format!("{count} times"),
    };
    format!(
        "Leftovers {region}: each digit {times}, the cages {} leave innies {} and outies {} \
         to make up the rest, which rules out {} there",
        cages.join(", "),
        side(0),
        side(1),
        digits.join("/")
    )
}

/// The explanation of a killer step (after its placements and eliminations).
pub(crate) fn detail(step: &Step, geometry: Geometry) -> String {
    let evidence = &step.evidence;
    let digits: Vec<String> = evidence
        .digits
        .iter()
        .map(|d| character(d).to_string())
        .collect();
    let digits = digits.join("/");
    let houses: Vec<String> = evidence.houses.iter().map(|h| h.to_string()).collect();
    match step.technique {
        Technique::CageCombination => group_text(step, 0),
        Technique::HiddenCageInteraction => format!(
            "every combination of the hidden cage {} holds {digits}, only in {}",
            group_text(step, 0),
            houses.join(", ")
        ),
        Technique::CageHouseInteraction => {
            let cage = evidence.groups.first().cloned().unwrap_or_default();
            let inside = step
                .eliminations
                .iter()
                .all(|(cell, _)| cage.contains(cell));
            if inside {
                format!(
                    "{digits} of {} only in {}, so not elsewhere in the cage",
                    houses.join(", "),
                    group_text(step, 0)
                )
            } else {
                format!(
                    "every combination of {} holds {digits}, only in {}",
                    group_text(step, 0),
                    houses.join(", ")
                )
            }
        }
        Technique::InniesOuties => rule45_text(step, geometry),
        Technique::LawOfLeftovers => leftovers_text(step),
        Technique::CageForcingChain => {
            let cells: Vec<String> = evidence.cells.iter().map(Cell::to_string).collect();
            format!(
                "{}={digits} leads, through singles and cage sums, to a contradiction",
                cells.join(",")
            )
        }
        Technique::HiddenSumBounds => {
            let cells = evidence.groups.first().cloned().unwrap_or_default();
            let (low, high) = match evidence.totals.as_slice() {
                [low, high] => (*low, *high),
                _ => (0, 0),
            };
            format!(
                "the hidden sum of {} lies in {low}..{high}, by the comparisons and the 45 rule \
                 over the houses holding cages without a sum",
                cells_text(&cells)
            )
        }
        Technique::CageCombinationForcing => {
            let cases = format!("every combination of {}", group_text(step, 0));
            format!("{cases} leads, through singles and cage sums, to these eliminations")
        }
        Technique::CageSplitting => {
            let groups: Vec<String> = (0..evidence.groups.len())
                .map(|index| group_text(step, index))
                .collect();
            format!(
                "in {}, with the cages it cuts in two: {}",
                houses.join(", "),
                groups.join(", ")
            )
        }
        Technique::CombinationInteraction => {
            let groups: Vec<String> = (0..evidence.groups.len())
                .map(|index| group_text(step, index))
                .collect();
            format!("in {}: {}", houses.join(", "), groups.join(", "))
        }
        _ => {
            let groups: Vec<String> = evidence
                .groups
                .iter()
                .map(|cells| cells_text(cells))
                .collect();
            format!("cages {}", groups.join(" and "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_and_combinations_read_as_killer_solvers_write_them() {
        assert_eq!(region_text(&[HouseKind::Box(7)]), "n8");
        assert_eq!(
            region_text(&[HouseKind::Row(0), HouseKind::Row(1), HouseKind::Row(2)]),
            "r1-3"
        );
        assert_eq!(
            region_text(&[HouseKind::Box(0), HouseKind::Box(3)]),
            "n1+n4"
        );
        let sets = [
            DigitSet::from_bits(0b1_0001_0000),
            DigitSet::from_bits(0b0_1010_0000),
        ];
        assert_eq!(combinations_text(&sets), "{59/68}");
    }
}
