//! `Puzzle`: geometry, givens and constraints, checked for consistency when built.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use super::constraint::{Cage, CageId, Comparison, Constraint};
use super::digit::Digit;
use super::error::ModelError;
use super::geometry::{Cell, Diagonal, Geometry, House, HouseKind};
use super::grid::Grid;
use super::variant::{self, check_cells, Dot, Extremum, Regions};

/// The rows, columns and boxes of a geometry, built once per thread and shared: reading a
/// file of 9×9 puzzles otherwise spent more time building these 27 lists than the engine
/// spent solving a 17-clue puzzle.
fn standard_houses(geometry: Geometry) -> Arc<Vec<House>> {
    thread_local! {
        static BUILT: RefCell<Vec<(Geometry, Arc<Vec<House>>)>> = const { RefCell::new(Vec::new()) };
    }
    BUILT.with(|built| {
        let mut built = built.borrow_mut();
        if let Some((_, houses)) = built.iter().find(|(known, _)| *known == geometry) {
            return Arc::clone(houses);
        }
        let houses = Arc::new(geometry.houses());
        built.push((geometry, Arc::clone(&houses)));
        houses
    })
}

/// A puzzle of any supported variant. Built only through [`Puzzle::new`], so every `Puzzle`
/// has cages inside the grid, connected and not overlapping, reachable sums, comparisons
/// between existing cages, and givens that do not clash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    geometry: Geometry,
    givens: Grid,
    constraints: Vec<Constraint>,
    /// Rows, columns and boxes, then the extra houses: shared between puzzles of one
    /// geometry when there are no extra houses (most puzzles), built anew otherwise.
    houses: Arc<Vec<House>>,
    cage_positions: Vec<usize>,
}

impl Puzzle {
    /// Checks and builds a puzzle.
    pub fn new(
        geometry: Geometry,
        givens: Grid,
        constraints: Vec<Constraint>,
    ) -> Result<Puzzle, ModelError> {
        if givens.geometry() != geometry {
            return Err(ModelError::GivensSize {
                expected: geometry.size(),
                found: givens.geometry().size(),
            });
        }
        let mut houses = standard_houses(geometry);
        let regions: Vec<&Regions> = constraints
            .iter()
            .filter_map(|constraint| match constraint {
                Constraint::Regions(regions) => Some(regions),
                _ => None,
            })
            .collect();
        match (geometry.has_boxes(), regions.as_slice()) {
            (true, []) => {}
            (false, [regions]) => {
                // regions stand where boxes stand, right after rows and columns
                Arc::make_mut(&mut houses).extend(regions.houses(geometry));
            }
            (true, _) => {
                return Err(ModelError::RegionsMismatch {
                    reason: format!("irregular regions need an irregular grid, not {geometry}"),
                })
            }
            (false, []) => {
                return Err(ModelError::RegionsMismatch {
                    reason: format!("a {geometry} needs its region map"),
                })
            }
            (false, _) => {
                return Err(ModelError::RegionsMismatch {
                    reason: "irregular regions are given twice".to_string(),
                })
            }
        }
        let mut cage_positions = Vec::new();
        for (position, constraint) in constraints.iter().enumerate() {
            match constraint {
                Constraint::Distinct(house) => {
                    check_house(geometry, house)?;
                    // A house given twice says nothing new, and engines size tables by the
                    // number of houses (at most 3n + 2 this way).
                    if houses.iter().any(|known| known.kind() == house.kind()) {
                        return Err(ModelError::DuplicateHouse {
                            house: house.kind().to_string(),
                        });
                    }
                    Arc::make_mut(&mut houses).push(house.clone());
                }
                Constraint::Cage(cage) => {
                    check_cage(geometry, cage)?;
                    cage_positions.push(position);
                }
                Constraint::Compare(_) | Constraint::Regions(_) => {}
                Constraint::ExtraRegion(cells) => {
                    check_cells(geometry, constraint, cells)?;
                    if cells.len() > usize::from(geometry.size()) {
                        return Err(variant::invalid(
                            constraint,
                            format!(
                                "{} cells cannot all differ with {} digits",
                                cells.len(),
                                geometry.size()
                            ),
                        ));
                    }
                }
                Constraint::Chess(_) => {}
                Constraint::Dot(rule) => rule.check(geometry)?,
                Constraint::Negative(_) => {}
                Constraint::Parity(rule) => rule.check(geometry)?,
                Constraint::PencilMarks(rule) => rule.check(geometry)?,
                Constraint::Extremum(rule) => rule.check(geometry)?,
                Constraint::Quadruple(rule) => rule.check(geometry)?,
                Constraint::Line(rule) => rule.check(geometry)?,
                Constraint::Clone(rule) => rule.check(geometry)?,
                Constraint::Arrow(rule) => rule.check(geometry)?,
                Constraint::LittleKiller(rule) => rule.check(geometry)?,
                Constraint::Outside(rule) => rule.check(geometry)?,
                Constraint::Indexer(rule) => rule.check(geometry)?,
                Constraint::FreeCage(rule) => rule.check(geometry)?,
            }
        }
        let puzzle = Puzzle {
            geometry,
            givens,
            constraints,
            houses,
            cage_positions,
        };
        puzzle.check_cages_apart()?;
        puzzle.check_comparisons()?;
        puzzle.check_givens()?;
        Ok(puzzle)
    }

    /// A puzzle with only rows, columns and boxes.
    pub fn classic(givens: Grid) -> Result<Puzzle, ModelError> {
        Puzzle::new(givens.geometry(), givens, Vec::new())
    }

    /// The grid's geometry.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The side n of the grid.
    pub fn size(&self) -> u8 {
        self.geometry.size()
    }

    /// The given digits.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The rules beyond rows, columns and boxes, in the order given.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Every all-different group of n cells: rows, columns, boxes, then the
    /// [`Constraint::Distinct`] houses such as diagonals.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The cages, in order; a cage's position is its [`CageId`].
    pub fn cages(&self) -> impl Iterator<Item = &Cage> + '_ {
        self.cage_positions
            .iter()
            .map(move |&position| match &self.constraints[position] {
                Constraint::Cage(cage) => cage,
                _ => unreachable!("cage_positions lists only cages"),
            })
    }

    /// How many cages the puzzle has.
    pub fn cage_count(&self) -> usize {
        self.cage_positions.len()
    }

    /// The cage with this id.
    pub fn cage(&self, id: CageId) -> &Cage {
        match &self.constraints[self.cage_positions[id.index()]] {
            Constraint::Cage(cage) => cage,
            _ => unreachable!("cage_positions lists only cages"),
        }
    }

    /// The comparisons between cage sums, in order.
    pub fn comparisons(&self) -> impl Iterator<Item = &Comparison> + '_ {
        self.constraints
            .iter()
            .filter_map(|constraint| match constraint {
                Constraint::Compare(comparison) => Some(comparison),
                _ => None,
            })
    }

    /// Whether the comparison's two cages share a border, so its sign can sit on that border
    /// (f-puzzles and the drawn grid have nowhere else to put it).
    pub fn comparison_touches(&self, comparison: &Comparison) -> bool {
        let first = self.cage(comparison.first);
        let second = self.cage(comparison.second);
        first.cells.iter().any(|a| {
            second
                .cells
                .iter()
                .any(|b| a.row().abs_diff(b.row()) + a.column().abs_diff(b.column()) == 1)
        })
    }

    /// The comparison in words, each cage named by its label (when it has one) and its first
    /// cell: `cage e at r8c8 < cage A at r1c1`.
    pub fn comparison_words(&self, comparison: &Comparison) -> String {
        let name = |id: CageId| {
            let cage = self.cage(id);
            let first = cage.cells.iter().min().map(ToString::to_string);
            let at = first.map(|cell| format!(" at {cell}")).unwrap_or_default();
            match cage.label.trim() {
                "" => format!("cage{at}"),
                label => format!("cage {label}{at}"),
            }
        };
        format!(
            "{} {} {}",
            name(comparison.first),
            comparison.relation.symbol(),
            name(comparison.second)
        )
    }

    /// Which long diagonals must hold every digit.
    pub fn diagonals(&self) -> Vec<Diagonal> {
        self.houses
            .iter()
            .filter_map(|house| match house.kind() {
                HouseKind::Diagonal(diagonal) => Some(diagonal),
                _ => None,
            })
            .collect()
    }

    /// The same puzzle with other givens (same geometry), checked again.
    pub fn with_givens(&self, givens: Grid) -> Result<Puzzle, ModelError> {
        Puzzle::new(self.geometry, givens, self.constraints.clone())
    }

    /// Whether `grid` is complete and obeys every rule of the puzzle, givens included.
    pub fn is_solution(&self, grid: &Grid) -> bool {
        if grid.geometry() != self.geometry || !grid.is_complete() {
            return false;
        }
        let givens_kept = self
            .givens
            .filled()
            .all(|(cell, digit)| grid.get(cell) == Some(digit));
        let houses_hold = self
            .houses
            .iter()
            .all(|house| all_different(grid, house.cells()));
        let cages_hold = self.cages().all(|cage| {
            all_different(grid, &cage.cells)
                && cage.sum.is_none_or(|sum| cage_sum(grid, cage) == sum)
        });
        let comparisons_hold = self.comparisons().all(|comparison| {
            comparison.relation.holds(
                cage_sum(grid, self.cage(comparison.first)),
                cage_sum(grid, self.cage(comparison.second)),
            )
        });
        givens_kept
            && houses_hold
            && cages_hold
            && comparisons_hold
            && self.variant_rules_hold(grid)
    }

    /// Whether a complete grid obeys every variant rule (houses, cages and comparisons are
    /// checked by [`Puzzle::is_solution`]).
    fn variant_rules_hold(&self, grid: &Grid) -> bool {
        let dots = || self.dots();
        let region_of = |cell: Cell| self.region_of(cell);
        let extrema: Vec<Extremum> = self.extrema().copied().collect();
        self.constraints.iter().all(|constraint| match constraint {
            Constraint::Distinct(_)
            | Constraint::Cage(_)
            | Constraint::Compare(_)
            | Constraint::Regions(_) => true,
            Constraint::ExtraRegion(cells) => all_different(grid, cells),
            Constraint::Chess(rule) => rule.holds(grid),
            Constraint::Dot(rule) => rule.holds(grid),
            Constraint::Negative(rule) => rule.holds(grid, dots()),
            Constraint::Parity(rule) => rule.holds(grid),
            Constraint::PencilMarks(rule) => rule.holds(grid),
            Constraint::Extremum(rule) => rule.holds_among(grid, &extrema),
            Constraint::Quadruple(rule) => rule.holds(grid),
            Constraint::Line(rule) => rule.holds(grid, &region_of),
            Constraint::Clone(rule) => rule.holds(grid),
            Constraint::Arrow(rule) => rule.holds(grid),
            Constraint::LittleKiller(rule) => rule.holds(grid),
            Constraint::Outside(rule) => rule.holds(grid),
            Constraint::Indexer(rule) => rule.holds(grid, &region_of),
            Constraint::FreeCage(rule) => rule.holds(grid),
        })
    }

    /// The Kropki dots, X and V marks, in order.
    pub fn dots(&self) -> impl Iterator<Item = &Dot> + '_ {
        self.constraints
            .iter()
            .filter_map(|constraint| match constraint {
                Constraint::Dot(dot) => Some(dot),
                _ => None,
            })
    }

    /// The minimum and maximum cells, in order.
    pub fn extrema(&self) -> impl Iterator<Item = &Extremum> + '_ {
        self.constraints
            .iter()
            .filter_map(|constraint| match constraint {
                Constraint::Extremum(extremum) => Some(extremum),
                _ => None,
            })
    }

    /// The irregular regions, if the puzzle has them instead of boxes.
    pub fn regions(&self) -> Option<&Regions> {
        self.constraints
            .iter()
            .find_map(|constraint| match constraint {
                Constraint::Regions(regions) => Some(regions),
                _ => None,
            })
    }

    /// The zero-based box of `cell`, or its irregular region.
    pub fn region_of(&self, cell: Cell) -> usize {
        match self.regions() {
            Some(regions) => regions.region_of(cell),
            None => self.geometry.box_of(cell),
        }
    }

    /// Whether the puzzle has any variant rule beyond houses, cages and comparisons (the
    /// parts of sudokit that do not handle them yet refuse such puzzles by name).
    pub fn has_variant_rules(&self) -> bool {
        self.constraints.iter().any(Constraint::is_variant_rule)
    }

    /// The first variant rule, for a refusal naming it.
    pub fn first_variant_rule(&self) -> Option<&Constraint> {
        self.constraints
            .iter()
            .find(|constraint| constraint.is_variant_rule())
    }

    fn check_cages_apart(&self) -> Result<(), ModelError> {
        if self.cage_positions.is_empty() {
            return Ok(());
        }
        let mut owner: Vec<Option<&str>> = vec![None; self.geometry.cell_count()];
        let mut labels = HashMap::new();
        for cage in self.cages() {
            if labels.insert(cage.label.as_str(), ()).is_some() {
                return Err(ModelError::DuplicateCage {
                    label: cage.label.clone(),
                });
            }
            for &cell in &cage.cells {
                if let Some(first) = owner[cell.index()] {
                    return Err(ModelError::CagesOverlap {
                        cell,
                        first: first.to_string(),
                        second: cage.label.clone(),
                    });
                }
                owner[cell.index()] = Some(&cage.label);
            }
        }
        Ok(())
    }

    fn check_comparisons(&self) -> Result<(), ModelError> {
        for comparison in self.comparisons() {
            for id in [comparison.first, comparison.second] {
                if id.index() >= self.cage_count() {
                    return Err(ModelError::MissingCage {
                        index: id.index(),
                        count: self.cage_count(),
                    });
                }
            }
            if comparison.first == comparison.second {
                return Err(ModelError::SelfComparison {
                    label: self.cage(comparison.first).label.clone(),
                });
            }
        }
        Ok(())
    }

    fn check_givens(&self) -> Result<(), ModelError> {
        for (cell, digit) in self.givens.filled() {
            if digit.get() > self.size() {
                return Err(ModelError::DigitTooLarge {
                    cell,
                    digit,
                    size: self.size(),
                });
            }
        }
        for house in self.houses.iter() {
            check_repeats(&self.givens, house.cells(), || house.kind().to_string())?;
        }
        for cage in self.cages() {
            check_repeats(&self.givens, &cage.cells, || format!("cage {}", cage.label))?;
        }
        Ok(())
    }
}

fn all_different(grid: &Grid, cells: &[Cell]) -> bool {
    let mut seen = 0u32;
    cells.iter().all(|&cell| {
        let bit = grid.get(cell).map_or(0, |digit| 1 << digit.index());
        let fresh = seen & bit == 0;
        seen |= bit;
        fresh
    })
}

/// The sum of the digits a grid holds in a cage's cells (empty cells count 0).
pub fn cage_sum(grid: &Grid, cage: &Cage) -> u32 {
    cage.cells
        .iter()
        .filter_map(|&cell| grid.get(cell))
        .map(|digit| u32::from(digit.get()))
        .sum()
}

fn check_repeats(
    givens: &Grid,
    cells: &[Cell],
    group: impl Fn() -> String,
) -> Result<(), ModelError> {
    // digits are checked to be at most the side (≤ 25) before this runs. A first pass
    // without branches on the givens (`check` reads every puzzle of a file, and a branch
    // per cell mispredicts on a sparse grid); the clash is looked for only if there is one.
    let (mut seen, mut clash) = (0u32, 0u32);
    for &cell in cells {
        let bit = (1u32 << givens.get(cell).map_or(0, Digit::get)) >> 1;
        clash |= seen & bit;
        seen |= bit;
    }
    if clash == 0 {
        return Ok(());
    }
    let mut seen = 0u32;
    for &cell in cells {
        if let Some(digit) = givens.get(cell) {
            let bit = 1u32 << digit.index();
            if seen & bit != 0 {
                let first = cells
                    .iter()
                    .copied()
                    .find(|&other| givens.get(other) == Some(digit))
                    .unwrap_or(cell);
                return Err(ModelError::GivensClash {
                    first,
                    second: cell,
                    digit,
                    group: group(),
                });
            }
            seen |= bit;
        }
    }
    Ok(())
}

fn check_inside(geometry: Geometry, cell: Cell) -> Result<(), ModelError> {
    if geometry.cell(cell.row(), cell.column()) == Some(cell) {
        Ok(())
    } else {
        Err(ModelError::CellOutside {
            cell,
            size: geometry.size(),
        })
    }
}

fn check_house(geometry: Geometry, house: &House) -> Result<(), ModelError> {
    for &cell in house.cells() {
        check_inside(geometry, cell)?;
    }
    let mut cells = house.cells().to_vec();
    cells.sort();
    cells.dedup();
    if cells.len() != usize::from(geometry.size()) {
        return Err(ModelError::HouseSize {
            house: house.kind().to_string(),
            found: cells.len(),
            size: geometry.size(),
        });
    }
    Ok(())
}

/// The smallest and largest sums of `cells` distinct digits from `1..=size`; every sum
/// between them is reachable too.
pub fn sum_range(cells: usize, size: u8) -> (u32, u32) {
    let cells = cells as u32;
    let size = u32::from(size);
    let minimum = cells * (cells + 1) / 2;
    let maximum = cells * (2 * size + 1 - cells) / 2;
    (minimum, maximum)
}

fn check_cage(geometry: Geometry, cage: &Cage) -> Result<(), ModelError> {
    let label = || cage.label.clone();
    let Some(&start) = cage.cells.first() else {
        return Err(ModelError::EmptyCage { label: label() });
    };
    let mut seen = vec![false; geometry.cell_count()];
    for &cell in &cage.cells {
        check_inside(geometry, cell)?;
        if std::mem::replace(&mut seen[cell.index()], true) {
            return Err(ModelError::CageCellRepeated {
                label: label(),
                cell,
            });
        }
    }
    if cage.cells.len() > usize::from(geometry.size()) {
        return Err(ModelError::CageTooLarge {
            label: label(),
            cells: cage.cells.len(),
            size: geometry.size(),
        });
    }
    check_connected(geometry, cage, start, &seen)?;
    if let Some(sum) = cage.sum {
        let (minimum, maximum) = sum_range(cage.cells.len(), geometry.size());
        if !(minimum..=maximum).contains(&sum) {
            return Err(ModelError::CageSumImpossible {
                label: label(),
                cell: start,
                cells: cage.cells.len(),
                sum,
                size: geometry.size(),
                minimum,
                maximum,
            });
        }
    }
    Ok(())
}

fn check_connected(
    geometry: Geometry,
    cage: &Cage,
    start: Cell,
    in_cage: &[bool],
) -> Result<(), ModelError> {
    let mut reached = vec![false; geometry.cell_count()];
    reached[start.index()] = true;
    let mut stack = vec![start];
    while let Some(cell) = stack.pop() {
        for neighbour in geometry.neighbours(cell) {
            if in_cage[neighbour.index()] && !reached[neighbour.index()] {
                reached[neighbour.index()] = true;
                stack.push(neighbour);
            }
        }
    }
    match cage.cells.iter().find(|cell| !reached[cell.index()]) {
        Some(&cell) => Err(ModelError::CageNotConnected {
            label: cage.label.clone(),
            start,
            cell,
        }),
        None => Ok(()),
    }
}

impl Constraint {
    /// The rule that one long diagonal holds every digit.
    pub fn diagonal(geometry: Geometry, diagonal: Diagonal) -> Constraint {
        Constraint::Distinct(geometry.diagonal_house(diagonal))
    }

    /// The disjoint groups of a grid with boxes: for each position inside a box (row-major),
    /// the cells at that position in every box hold every digit. Empty for an irregular grid
    /// (its regions have no positions that correspond).
    pub fn disjoint_groups(geometry: Geometry) -> Vec<Constraint> {
        if !geometry.has_boxes() {
            return Vec::new();
        }
        let size = usize::from(geometry.size());
        let (box_rows, box_columns) = (
            usize::from(geometry.box_rows()),
            usize::from(geometry.box_columns()),
        );
        let boxes_per_band = size / box_columns;
        (0..size)
            .map(|position| {
                let cells = (0..size)
                    .filter_map(|number| {
                        let top = number / boxes_per_band * box_rows;
                        let left = number % boxes_per_band * box_columns;
                        geometry.cell(top + position / box_columns, left + position % box_columns)
                    })
                    .collect();
                Constraint::Distinct(House::new(HouseKind::Disjoint(position as u8), cells))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Digit, Relation};

    fn digit(value: u8) -> Digit {
        Digit::new(value).unwrap()
    }

    fn nine() -> Geometry {
        Geometry::for_size(9).unwrap()
    }

    fn cage(label: &str, cells: &[(usize, usize)], sum: Option<u32>) -> Constraint {
        Constraint::Cage(Cage {
            label: label.to_string(),
            cells: cells
                .iter()
                .map(|&(row, column)| nine().cell(row, column).unwrap())
                .collect(),
            sum,
        })
    }

    #[test]
    fn clashing_givens_name_both_cells() {
        let mut givens = Grid::empty(nine());
        givens.set(nine().cell(2, 0).unwrap(), Some(digit(5)));
        givens.set(nine().cell(2, 6).unwrap(), Some(digit(5)));
        let error = Puzzle::classic(givens).unwrap_err();
        assert_eq!(
            error.to_string(),
            "r3c7: 5 clashes with the 5 in r3c1, both in row 3"
        );
    }

    #[test]
    fn diagonal_clash_is_found() {
        let mut givens = Grid::empty(nine());
        givens.set(nine().cell(0, 0).unwrap(), Some(digit(4)));
        givens.set(nine().cell(8, 8).unwrap(), Some(digit(4)));
        let constraints = vec![Constraint::diagonal(nine(), Diagonal::Main)];
        assert!(Puzzle::classic(givens.clone()).is_ok());
        let error = Puzzle::new(nine(), givens, constraints).unwrap_err();
        assert!(error.to_string().contains("the main diagonal"), "{error}");
    }

    #[test]
    fn a_diagonal_given_twice_is_refused() {
        let twice = vec![
            Constraint::diagonal(nine(), Diagonal::Anti),
            Constraint::diagonal(nine(), Diagonal::Anti),
        ];
        let error = Puzzle::new(nine(), Grid::empty(nine()), twice).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the anti-diagonal is given twice as an extra all-different house"
        );
    }

    #[test]
    fn impossible_cage_sum() {
        let error = Puzzle::new(
            nine(),
            Grid::empty(nine()),
            vec![cage("a", &[(0, 0), (0, 1)], Some(18))],
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "cage a at r1c1: no 2 distinct digits from 1 to 9 sum to 18 (possible: 3 to 17)"
        );
    }

    #[test]
    fn overlapping_and_disconnected_cages() {
        let overlap = Puzzle::new(
            nine(),
            Grid::empty(nine()),
            vec![
                cage("a", &[(0, 0), (0, 1)], Some(3)),
                cage("b", &[(0, 1), (0, 2)], Some(5)),
            ],
        )
        .unwrap_err();
        assert_eq!(overlap.to_string(), "r1c2 is in both cage a and cage b");
        let apart = Puzzle::new(
            nine(),
            Grid::empty(nine()),
            vec![cage("a", &[(0, 0), (1, 1)], Some(3))],
        )
        .unwrap_err();
        assert!(matches!(apart, ModelError::CageNotConnected { .. }));
    }

    #[test]
    fn comparisons_need_existing_cages() {
        let comparison = Constraint::Compare(Comparison {
            first: CageId::new(0),
            second: CageId::new(3),
            relation: Relation::Less,
        });
        let error = Puzzle::new(
            nine(),
            Grid::empty(nine()),
            vec![cage("a", &[(0, 0)], None), comparison],
        )
        .unwrap_err();
        assert!(matches!(error, ModelError::MissingCage { index: 3, .. }));
    }

    #[test]
    fn disjoint_groups_take_one_cell_of_each_box() {
        let six = Geometry::new(2, 3).unwrap();
        let groups = Constraint::disjoint_groups(six);
        assert_eq!(groups.len(), 6);
        let Constraint::Distinct(last) = &groups[5] else {
            panic!("a disjoint group is a house");
        };
        let names: Vec<String> = last.cells().iter().map(ToString::to_string).collect();
        assert_eq!(names, ["r2c3", "r2c6", "r4c3", "r4c6", "r6c3", "r6c6"]);
        assert!(Puzzle::new(six, Grid::empty(six), groups).is_ok());
        assert!(Constraint::disjoint_groups(Geometry::irregular(7).unwrap()).is_empty());
    }

    #[test]
    fn maximum_cells_side_by_side_are_not_compared_with_each_other() {
        // MiniMax Sandwich (Lisztes) marks r5c8 and r5c9 both maximum: 7 beside 9, each above
        // its other neighbours
        use crate::model::variant::ExtremumKind;
        let four = Geometry::for_size(4).unwrap();
        let solution =
            Grid::from_values(four, &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        let maximum = |row, column| {
            Constraint::Extremum(Extremum {
                cell: four.cell(row, column).unwrap(),
                kind: ExtremumKind::Maximum,
            })
        };
        // r2c2 = 4 is above its neighbours 2, 1, 3, 1 and r3c3 = 4 above 1, 2, 1, 3: both hold
        let apart = Puzzle::new(four, Grid::empty(four), vec![maximum(1, 1), maximum(2, 2)]);
        assert!(apart.unwrap().is_solution(&solution));
        // r4c1 = 4 and r4c2 = 3 side by side: each above its other neighbours (2; 1 and 2)
        let side_by_side = vec![maximum(3, 0), maximum(3, 1)];
        let puzzle = Puzzle::new(four, Grid::empty(four), side_by_side).unwrap();
        assert!(puzzle.is_solution(&solution));
        // alone, r4c2 = 3 is below its neighbour r4c1 = 4
        let alone = Puzzle::new(four, Grid::empty(four), vec![maximum(3, 1)]).unwrap();
        assert!(!alone.is_solution(&solution));
    }

    #[test]
    fn sum_ranges() {
        assert_eq!(sum_range(2, 9), (3, 17));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(1, 25), (1, 25));
    }
}
