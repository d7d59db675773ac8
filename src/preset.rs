//! Presets: what to generate (variant, size, symmetry, clues, target difficulty, count), as
//! RON text; the ten shipped presets are built in as well as kept in `presets/*.ron`.
//!
//! ```
//! use sudokit::preset::{Preset, Variant};
//!
//! let preset = Preset::from_ron("mine", "Preset(size: 9, variant: X, count: 5)").unwrap();
//! assert_eq!(preset.variant, Variant::X);
//! assert_eq!(Preset::builtin("classic-medium").unwrap().size, 9);
//! ```

use ron::extensions::Extensions;
use serde::{Deserialize, Serialize};

use crate::grade::{Level, TechniqueRow, TechniqueTable};
use crate::model::{Constraint, Geometry, House, HouseKind, Symmetry};
use crate::notation::records;

/// The presets shipped in `presets/`, by name (the file stem), built into the library so
/// `sudokit generate --preset NAME` works from any directory.
const BUILTIN: [(&str, &str); 34] = [
    ("classic-easy", include_str!("../presets/classic-easy.ron")),
    (
        "classic-medium",
        include_str!("../presets/classic-medium.ron"),
    ),
    ("classic-hard", include_str!("../presets/classic-hard.ron")),
    (
        "classic-expert",
        include_str!("../presets/classic-expert.ron"),
    ),
    (
        "classic-extreme",
        include_str!("../presets/classic-extreme.ron"),
    ),
    ("x-9", include_str!("../presets/x-9.ron")),
    ("jigsaw-easy", include_str!("../presets/jigsaw-easy.ron")),
    (
        "jigsaw-medium",
        include_str!("../presets/jigsaw-medium.ron"),
    ),
    ("jigsaw-hard", include_str!("../presets/jigsaw-hard.ron")),
    ("jigsaw-6", include_str!("../presets/jigsaw-6.ron")),
    ("jigsaw-8", include_str!("../presets/jigsaw-8.ron")),
    ("jigsaw-16", include_str!("../presets/jigsaw-16.ron")),
    ("sudoku-6", include_str!("../presets/sudoku-6.ron")),
    ("sudoku-16", include_str!("../presets/sudoku-16.ron")),
    (
        "sudoku-16-easy",
        include_str!("../presets/sudoku-16-easy.ron"),
    ),
    (
        "sudoku-16-medium",
        include_str!("../presets/sudoku-16-medium.ron"),
    ),
    (
        "sudoku-16-hard",
        include_str!("../presets/sudoku-16-hard.ron"),
    ),
    (
        "sudoku-16-expert",
        include_str!("../presets/sudoku-16-expert.ron"),
    ),
    ("x-16", include_str!("../presets/x-16.ron")),
    ("sudoku-25", include_str!("../presets/sudoku-25.ron")),
    ("killer-easy", include_str!("../presets/killer-easy.ron")),
    (
        "killer-medium",
        include_str!("../presets/killer-medium.ron"),
    ),
    ("killer-hard", include_str!("../presets/killer-hard.ron")),
    ("killer-6", include_str!("../presets/killer-6.ron")),
    ("killer-x", include_str!("../presets/killer-x.ron")),
    (
        "greater-killer",
        include_str!("../presets/greater-killer.ron"),
    ),
    ("anti-knight", include_str!("../presets/anti-knight.ron")),
    ("windoku", include_str!("../presets/windoku.ron")),
    ("thermo", include_str!("../presets/thermo.ron")),
    ("kropki", include_str!("../presets/kropki.ron")),
    ("xv", include_str!("../presets/xv.ron")),
    ("arrow", include_str!("../presets/arrow.ron")),
    ("even-odd", include_str!("../presets/even-odd.ron")),
    ("consecutive", include_str!("../presets/consecutive.ron")),
];

/// Which rules the puzzle has beyond rows, columns and boxes. Killer variants (cages, hidden
/// sums) join this enum with their own fields.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Variant {
    /// Rows, columns and boxes only.
    #[default]
    Classic,
    /// Both long diagonals hold every digit too.
    X,
    /// Killer: cages with sums carved on the grid, no givens (unless `cages.max_givens`).
    Killer,
    /// Killer with both long diagonals.
    KillerX,
    /// Greater killer: a killer with `cages.hidden_sums` sums hidden and neighbouring cages
    /// compared by `<`, `=`, `>`.
    GreaterKiller,
    /// Jigsaw: irregular regions instead of boxes, a new random map for every puzzle
    /// (half-turn symmetric when the preset's symmetry is), then givens dug as for classic.
    Jigsaw,
    /// Anti-knight: no digit a knight's move from itself; the grid is filled under the rule.
    AntiKnight,
    /// Windoku: four extra 3×3 windows (9×9 only) hold every digit; the grid is filled under
    /// the rule.
    Windoku,
    /// Thermometers read off a classic solution: digits increase from each bulb.
    Thermo,
    /// Kropki: every white dot (consecutive neighbours) with the negative constraint
    /// (nonconsecutive where no white dot), and black dots (one digit twice the other) where
    /// the neighbours are not consecutive.
    Kropki,
    /// XV: every X (sum 10) and V (sum 5) between neighbours, with the negative constraint.
    Xv,
    /// Arrows read off a classic solution: each shaft adds up to its circle.
    Arrow,
    /// Even (square) and odd (circle) cells read off a classic solution.
    EvenOdd,
    /// Consecutive: every white dot between consecutive neighbours, with the negative
    /// constraint (no dot: not consecutive).
    Consecutive,
}

impl Variant {
    /// Every variant, in the order of [`records::VARIANTS`], which holds their names.
    pub const ALL: [Variant; 14] = [
        Variant::Classic,
        Variant::X,
        Variant::Killer,
        Variant::KillerX,
        Variant::GreaterKiller,
        Variant::Jigsaw,
        Variant::AntiKnight,
        Variant::Windoku,
        Variant::Thermo,
        Variant::Kropki,
        Variant::Xv,
        Variant::Arrow,
        Variant::EvenOdd,
        Variant::Consecutive,
    ];

    /// The variant's name in records: `classic` or `x`.
    pub fn name(&self) -> &'static str {
        // the cases are in the order of the records' list (a test checks it)
        records::VARIANTS[self.clone() as usize].name
    }

    /// The variant named `name` (as [`Variant::name`] writes it).
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name() == name)
    }

    /// Whether puzzles are cut into cages rather than dug to givens.
    pub fn is_killer(&self) -> bool {
        matches!(
            self,
            Variant::Killer | Variant::KillerX | Variant::GreaterKiller
        )
    }

    /// Whether each puzzle gets its own random region map instead of boxes.
    pub fn is_jigsaw(&self) -> bool {
        matches!(self, Variant::Jigsaw)
    }

    /// Whether both long diagonals are houses.
    pub fn has_diagonals(&self) -> bool {
        matches!(self, Variant::X | Variant::KillerX)
    }

    /// Whether each puzzle's rule clues (thermometers, dots, arrows, even/odd cells) are
    /// read off its own solution grid, filled under the plain rules first.
    pub fn has_clue_rules(&self) -> bool {
        matches!(
            self,
            Variant::Thermo
                | Variant::Kropki
                | Variant::Xv
                | Variant::Arrow
                | Variant::EvenOdd
                | Variant::Consecutive
        )
    }
}

/// Rule-based variants: how many thermometers, arrows or even/odd cells are drawn on each
/// solution, and how long a line may be (the `marks` field of a preset; dot variants give
/// every dot and ignore it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MarkOptions {
    /// Thermometers, arrows or even/odd cells per puzzle (0: the variant's own number).
    pub count: usize,
    /// Fewest cells on a thermometer or an arrow's shaft.
    pub min_length: usize,
    /// Most cells on a thermometer or an arrow's shaft.
    pub max_length: usize,
}

impl Default for MarkOptions {
    fn default() -> MarkOptions {
        MarkOptions {
            count: 0,
            min_length: 2,
            max_length: 5,
        }
    }
}

/// How many givens a puzzle may keep, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClueRange {
    /// Fewest givens: digging stops before going below.
    pub min: usize,
    /// Most givens: a dug puzzle with more is discarded.
    pub max: usize,
}

/// The difficulty a puzzle must have to be kept (HoDoKu's scale); an empty target keeps
/// every puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Target {
    /// Levels accepted (empty: any level).
    pub levels: Vec<Level>,
    /// Lowest score accepted.
    pub min_score: Option<u32>,
    /// Highest score accepted.
    pub max_score: Option<u32>,
    /// A Sudoku Explainer band the puzzle's ER must fall in, both ends included, e.g.
    /// `se: Some((min: 6.6, max: 7.5))` (classic and X grids of at most 11×11).
    pub se: Option<SeBand>,
    /// Keep only puzzles the grader solves without a trial step ("Brute Force"): puzzles a
    /// person solves without guessing.
    pub no_trial: bool,
    /// Levels the hardest step itself must have (empty: any), e.g. `[Hard, Unfair]` for a
    /// killer whose level comes from a Hard or Unfair step, not from a long path of easier
    /// ones (issue 29).
    pub step_levels: Vec<Level>,
}

/// A band of Sudoku Explainer ratings (ER), kept in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeBand {
    /// Lowest ER accepted, in tenths.
    pub min_tenths: u32,
    /// Highest ER accepted, in tenths.
    pub max_tenths: u32,
}

impl SeBand {
    /// Whether an ER of `tenths` is inside the band.
    pub fn contains(self, tenths: u32) -> bool {
        (self.min_tenths..=self.max_tenths).contains(&tenths)
    }
}

/// The band as written in a preset: ratings with one decimal.
#[derive(Serialize, Deserialize)]
#[serde(rename = "SeBand", deny_unknown_fields)]
struct SeBandText {
    min: f64,
    max: f64,
}

impl Serialize for SeBand {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SeBandText {
            min: f64::from(self.min_tenths) / 10.0,
            max: f64::from(self.max_tenths) / 10.0,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for SeBand {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = SeBandText::deserialize(deserializer)?;
        let tenths = |rating: f64| {
            if (0.0..=20.0).contains(&rating) {
                Ok((rating * 10.0).round() as u32)
            } else {
                Err(serde::de::Error::custom(format!(
                    "SE rating {rating} is outside 0.0 to 20.0"
                )))
            }
        };
        Ok(SeBand {
            min_tenths: tenths(text.min)?,
            max_tenths: tenths(text.max)?,
        })
    }
}

impl Target {
    /// Whether a puzzle rated `level` with `score` is kept.
    pub fn accepts(&self, level: Level, score: u32) -> bool {
        (self.levels.is_empty() || self.levels.contains(&level))
            && self.min_score.is_none_or(|min| score >= min)
            && self.max_score.is_none_or(|max| score <= max)
    }

    /// Whether the target asks for nothing (every puzzle is kept).
    pub fn is_any(&self) -> bool {
        self.levels.is_empty()
            && self.min_score.is_none()
            && self.max_score.is_none()
            && self.se.is_none()
            && !self.no_trial
            && self.step_levels.is_empty()
    }
}

/// A preset: everything that decides the puzzles of a batch except the seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    /// The preset's name (the file stem when the file does not say), also the default
    /// output folder `output/<name>`.
    #[serde(default)]
    pub name: String,
    /// One line saying what the preset makes, for `sudokit presets`.
    #[serde(default)]
    pub description: String,
    /// The rules beyond rows, columns and boxes.
    #[serde(default)]
    pub variant: Variant,
    /// The side n of the grid (4 to 25).
    pub size: u8,
    /// Box rows × box columns when not the usual shape for the size (6 → 2×3, 8 → 2×4,
    /// 12 → 3×4).
    #[serde(default)]
    pub boxes: Option<(u8, u8)>,
    /// The symmetry of the givens' pattern.
    #[serde(default)]
    pub symmetry: Symmetry,
    /// Keep only puzzles from which no single given can be removed (checked cell by cell,
    /// beyond the symmetric digging, which only removes whole orbits).
    #[serde(default)]
    pub minimal: bool,
    /// How many givens a puzzle may keep.
    #[serde(default)]
    pub clues: Option<ClueRange>,
    /// The difficulty to keep.
    #[serde(default)]
    pub target: Target,
    /// Puzzles in a batch when `--count` is not given.
    #[serde(default = "default_count")]
    pub count: usize,
    /// Candidate puzzles tried per index before giving up on the target.
    #[serde(default = "default_attempts")]
    pub attempts: u32,
    /// Near-miss search: how many changed-givens neighbours of a puzzle that just missed the
    /// target are tried before starting again from a new grid (0: no search).
    #[serde(default)]
    pub near_miss_steps: u32,
    /// Dig by level: take out a symmetric set of givens only while the grader, held to the
    /// techniques of the target's hardest level (none assuming uniqueness, no trial), still
    /// solves the puzzle; for levels random digging rarely reaches at a clue count (issue 41:
    /// 16×16 at about 100 givens). Needs a level target; false when left out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dig_by_level: bool,
    /// Killer variants: how cages are cut (sizes, cap, informative sums, hidden sums).
    #[serde(default)]
    pub cages: CageOptions,
    /// Rows replacing HoDoKu's defaults in the grader's technique table (level, base
    /// score, switch of a technique).
    #[serde(default)]
    pub techniques: Vec<TechniqueRow>,
    /// Rule-based variants: how many marks are drawn and how long lines are.
    #[serde(default, skip_serializing_if = "is_default_marks")]
    pub marks: MarkOptions,
}

fn is_default_marks(marks: &MarkOptions) -> bool {
    *marks == MarkOptions::default()
}

fn default_count() -> usize {
    10
}

fn default_attempts() -> u32 {
    2000
}

/// Why a preset could not be read or used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PresetError {
    /// The RON text does not describe a preset.
    #[error("preset {name}: line {line}, column {column}: {message}")]
    Syntax {
        /// The preset's name.
        name: String,
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// What the RON reader said.
        message: String,
    },
    /// The preset reads but asks for something impossible.
    #[error("preset {name}: {reason}")]
    Invalid {
        /// The preset's name.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// No shipped preset has this name.
    #[error("no preset named {name:?} (shipped: {})", builtin_names().collect::<Vec<_>>().join(", "))]
    Unknown {
        /// The name asked for.
        name: String,
    },
}

/// The names of the shipped presets, in the order `sudokit presets` lists them.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(name, _)| *name)
}

/// Every shipped preset.
pub fn builtin_presets() -> Result<Vec<Preset>, PresetError> {
    BUILTIN
        .iter()
        .map(|(name, text)| Preset::from_ron(name, text))
        .collect()
}

impl Preset {
    /// Reads a preset from RON text; `name` is used when the text names none. The preset is
    /// checked ([`Preset::check`]).
    pub fn from_ron(name: &str, text: &str) -> Result<Preset, PresetError> {
        let options = ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME);
        let mut preset: Preset = options
            .from_str(text)
            .map_err(|error| PresetError::Syntax {
                name: name.to_string(),
                line: error.position.line,
                column: error.position.col,
                message: error.code.to_string(),
            })?;
        if preset.name.trim().is_empty() {
            preset.name = name.to_string();
        }
        preset.check()?;
        Ok(preset)
    }

    /// A shipped preset by name.
    pub fn builtin(name: &str) -> Result<Preset, PresetError> {
        let (name, text) = BUILTIN
            .iter()
            .find(|(builtin, _)| *builtin == name)
            .ok_or_else(|| PresetError::Unknown {
                name: name.to_string(),
            })?;
        Preset::from_ron(name, text)
    }

    /// The preset as RON text that [`Preset::from_ron`] reads back.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::default();
        ron::ser::to_string_pretty(self, config).unwrap_or_else(|_| format!("{self:?}"))
    }

    /// The fewest givens a puzzle of the preset's rules can have and still one solution,
    /// with the reason, where one is known (killers carry their clues in the cages).
    fn fewest_givens(&self, geometry: Geometry) -> Option<(usize, &'static str)> {
        if self.variant.is_killer() || self.variant.has_clue_rules() {
            // cages and rule clues can pin the digits down without givens
            return None;
        }
        let size = usize::from(geometry.size());
        if self.variant == Variant::Classic
            && geometry.box_rows() == 3
            && geometry.box_columns() == 3
        {
            return Some((17, "McGuire, Tugemann and Civario, 2012: no 16-clue sudoku"));
        }
        // with two digits absent from the givens, swapping them gives a second solution
        Some((
            size - 1,
            "two digits missing from the givens could be swapped",
        ))
    }

    /// Checks that the preset can be generated: a known geometry, a clue range inside the
    /// grid, at least one attempt, a score band the right way round.
    pub fn check(&self) -> Result<(), PresetError> {
        let invalid = |reason: String| PresetError::Invalid {
            name: self.name.clone(),
            reason,
        };
        if self.name.contains(['/', '\\']) || self.name.starts_with('.') {
            return Err(invalid(format!(
                "the name {:?} must not hold a path (it names the output folder)",
                self.name
            )));
        }
        let geometry = self.geometry().map_err(invalid)?;
        let cells = geometry.cell_count();
        if let Some(clues) = self.clues {
            if clues.min > clues.max || clues.max > cells {
                return Err(invalid(format!(
                    "clues ({}, {}) must satisfy min ≤ max ≤ {cells}",
                    clues.min, clues.max
                )));
            }
            if let Some((needed, why)) = self.fewest_givens(geometry) {
                if clues.max < needed {
                    return Err(invalid(format!(
                        "clues up to {}: no {}×{} puzzle of these rules with one solution has \
                         fewer than {needed} givens ({why}); raise the range's maximum",
                        clues.max, self.size, self.size
                    )));
                }
            }
        }
        if let (Some(min), Some(max)) = (self.target.min_score, self.target.max_score) {
            if min > max {
                return Err(invalid(format!(
                    "target score from {min} to {max} is empty"
                )));
            }
        }
        if self.variant.is_killer() {
            let cages = &self.cages;
            let largest = cages
                .sizes
                .iter()
                .filter(|&&(size, weight)| weight > 0 && size >= 1 && size <= cages.max_size)
                .map(|&(size, _)| size)
                .max();
            if largest.is_none() {
                return Err(invalid(format!(
                    "cages: no size with a weight between 1 and max_size {}",
                    cages.max_size
                )));
            }
            if cages.max_size > usize::from(self.size) {
                return Err(invalid(format!(
                    "cages: max_size {} exceeds the {} digits a cage can hold",
                    cages.max_size, self.size
                )));
            }
            if cages.informative > 100 {
                return Err(invalid(format!(
                    "cages: informative {} is a percentage (0 to 100)",
                    cages.informative
                )));
            }
            if cages.hidden_sums > 0 && self.variant != Variant::GreaterKiller {
                return Err(invalid(
                    "cages: hidden_sums needs the GreaterKiller variant".to_string(),
                ));
            }
        }
        if let Some(band) = self.target.se {
            if band.min_tenths > band.max_tenths {
                return Err(invalid(format!(
                    "target SE band from {:.1} to {:.1} is empty",
                    f64::from(band.min_tenths) / 10.0,
                    f64::from(band.max_tenths) / 10.0
                )));
            }
            if self.variant.is_killer() || cells > 128 {
                return Err(invalid(
                    "an SE band needs a classic or X grid of at most 11×11 (the SE scale rates no killers and no larger grids)".to_string(),
                ));
            }
        }
        if self.attempts == 0 {
            return Err(invalid("attempts must be at least 1".to_string()));
        }
        if self.dig_by_level && (self.target.levels.is_empty() || self.variant.is_killer()) {
            return Err(invalid(
                "dig_by_level needs a target with levels, and givens to dig (not a killer)"
                    .to_string(),
            ));
        }
        if self.variant == Variant::Windoku {
            windows(geometry).map_err(invalid)?;
        }
        let marks = &self.marks;
        if marks.min_length == 0 || marks.min_length > marks.max_length {
            return Err(invalid(format!(
                "marks: lengths from {} to {} must satisfy 1 ≤ min_length ≤ max_length",
                marks.min_length, marks.max_length
            )));
        }
        if marks.max_length > usize::from(self.size) {
            return Err(invalid(format!(
                "marks: max_length {} exceeds the grid's side {}",
                marks.max_length, self.size
            )));
        }
        Ok(())
    }

    /// The grid's geometry.
    pub fn geometry(&self) -> Result<Geometry, String> {
        if self.variant.is_jigsaw() {
            if self.boxes.is_some() {
                return Err("a jigsaw has regions, not boxes: remove `boxes`".to_string());
            }
            return Geometry::irregular(usize::from(self.size)).map_err(|error| error.to_string());
        }
        let geometry = match self.boxes {
            Some((rows, columns)) => Geometry::new(rows, columns),
            None => Geometry::for_size(usize::from(self.size)),
        }
        .map_err(|error| error.to_string())?;
        if geometry.size() != self.size {
            return Err(format!(
                "boxes {}×{} make a {}×{} grid, not {}×{}",
                geometry.box_rows(),
                geometry.box_columns(),
                geometry.size(),
                geometry.size(),
                self.size,
                self.size
            ));
        }
        Ok(geometry)
    }

    /// HoDoKu's technique table with the preset's rows put in.
    pub fn technique_table(&self) -> TechniqueTable {
        let mut table = TechniqueTable::hodoku();
        for row in &self.techniques {
            table.set(row.technique, row.level, row.score, row.enabled);
        }
        table
    }

    /// One line for `sudokit presets`: name, grid, variant, symmetry, target, description.
    pub fn summary(&self) -> String {
        let levels = if self.target.levels.is_empty() {
            "any level".to_string()
        } else {
            self.target
                .levels
                .iter()
                .map(Level::to_string)
                .collect::<Vec<_>>()
                .join("/")
        };
        let clues = self
            .clues
            .map(|clues| format!(", {}–{} clues", clues.min, clues.max))
            .unwrap_or_default();
        let minimal = if self.minimal { ", minimal" } else { "" };
        format!(
            "{:<16} {}×{} {}, {}{minimal}{clues}, {levels}: {}",
            self.name,
            self.size,
            self.size,
            self.variant.name(),
            self.symmetry,
            self.description
        )
    }
}

/// Windoku's four extra houses: the 3×3 windows one cell in from each corner of a 9×9 grid.
pub(crate) fn windows(geometry: Geometry) -> Result<Vec<Constraint>, String> {
    if geometry.size() != 9 || !geometry.has_boxes() {
        return Err(format!(
            "windoku's four windows fit a 9×9 grid with boxes, not {0}×{0}",
            geometry.size()
        ));
    }
    let corners = [(1, 1), (1, 5), (5, 1), (5, 5)];
    Ok(corners
        .iter()
        .enumerate()
        .map(|(number, &(top, left))| {
            let cells = (0..9)
                .filter_map(|position| geometry.cell(top + position / 3, left + position % 3))
                .collect();
            Constraint::Distinct(House::new(HouseKind::Extra(number as u8), cells))
        })
        .collect())
}

/// How cages are cut (the `cages` field of a killer preset).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CageOptions {
    /// Relative weights of cage sizes: `(size, weight)`; sizes above `max_size` are ignored.
    pub sizes: Vec<(usize, u32)>,
    /// The largest cage allowed.
    pub max_size: usize,
    /// From 0 to 100: the percentage of growth steps that take the cell leaving the cage's
    /// sum with the fewest digit sets rather than a random one (higher: easier puzzles).
    pub informative: u8,
    /// How many givens may be added when repairing cages runs out (0 for a pure killer).
    pub max_givens: usize,
    /// Repairs tried before giving up on a grid (each costs one uniqueness search).
    pub max_repairs: usize,
    /// Greater killer: how many cage sums to hide (each replaced by comparisons with the
    /// neighbouring cages); 0 for a plain killer.
    pub hidden_sums: usize,
}

impl Default for CageOptions {
    fn default() -> CageOptions {
        CageOptions {
            sizes: vec![(2, 4), (3, 4), (4, 3), (5, 1)],
            max_size: 6,
            informative: 50,
            max_givens: 0,
            max_repairs: 200,
            hidden_sums: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_preset_reads_and_round_trips() {
        let presets = builtin_presets().unwrap();
        assert_eq!(presets.len(), BUILTIN.len());
        for preset in presets {
            let again = Preset::from_ron(&preset.name, &preset.to_ron()).unwrap();
            assert_eq!(again, preset);
            assert!(!preset.description.is_empty(), "{}", preset.name);
        }
    }

    #[test]
    fn shipped_presets_are_the_files_in_presets() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("presets");
        for (name, text) in BUILTIN {
            let file = std::fs::read_to_string(folder.join(format!("{name}.ron"))).unwrap();
            assert_eq!(file, text);
        }
    }

    #[test]
    fn the_documented_example_reads() {
        let guide = include_str!("../docs/generating.md");
        let start = guide
            .find("```ron\n")
            .expect("a RON block in docs/generating.md")
            + 7;
        let end = start + guide[start..].find("```").unwrap();
        let preset = Preset::from_ron("documented", &guide[start..end]).unwrap();
        assert_eq!(preset.target.levels, vec![Level::Hard]);
    }

    #[test]
    fn defaults_fill_what_a_preset_leaves_out() {
        let preset = Preset::from_ron("small", "Preset(size: 6)").unwrap();
        assert_eq!(preset.name, "small");
        assert_eq!(preset.variant, Variant::Classic);
        assert_eq!(preset.symmetry, Symmetry::Rotate180);
        assert_eq!(preset.geometry().unwrap(), Geometry::new(2, 3).unwrap());
        assert!(preset.target.is_any());
    }

    #[test]
    fn bad_presets_say_where_and_why() {
        let error = Preset::from_ron("bad", "Preset(\n  size: 9,\n  colour: 3,\n)").unwrap_err();
        assert!(
            matches!(error, PresetError::Syntax { line: 3, .. }),
            "{error}"
        );
        let error = Preset::from_ron("bad", "Preset(size: 7)").unwrap_err();
        assert!(error.to_string().contains("preset bad"), "{error}");
        let error =
            Preset::from_ron("bad", "Preset(size: 9, clues: (min: 40, max: 30))").unwrap_err();
        assert!(error.to_string().contains("clues"), "{error}");
        let error = Preset::from_ron("bad", "Preset(size: 9, boxes: (2, 3))").unwrap_err();
        assert!(error.to_string().contains("6×6"), "{error}");
        assert!(Preset::builtin("classic-impossible").is_err());
    }

    #[test]
    fn targets_accept_levels_and_score_bands() {
        let target = Target {
            levels: vec![Level::Hard, Level::Unfair],
            min_score: Some(1200),
            max_score: None,
            se: None,
            no_trial: false,
            step_levels: Vec::new(),
        };
        assert!(target.accepts(Level::Hard, 1300));
        assert!(!target.accepts(Level::Hard, 1100));
        assert!(!target.accepts(Level::Medium, 1300));
        assert!(Target::default().accepts(Level::Extreme, 1));
    }

    #[test]
    fn variant_names_are_the_records_list_in_order() {
        // the records' list holds every case's name in the enum's order, then the bank's `rules`
        let names: Vec<&str> = records::VARIANTS.iter().map(|row| row.name).collect();
        assert_eq!(names.len(), Variant::ALL.len() + 1);
        assert_eq!(names.last(), Some(&"rules"));
        for (position, variant) in Variant::ALL.iter().enumerate() {
            assert_eq!(variant.clone() as usize, position, "{variant:?}");
            assert_eq!(Variant::from_name(variant.name()).as_ref(), Some(variant));
            // a variant with no field of its own (cages, diagonals, regions) has its rules
            // in the record's link
            let own_fields = matches!(variant, Variant::Classic | Variant::X)
                || variant.is_killer()
                || variant.is_jigsaw();
            assert_eq!(
                records::VARIANTS[position].rules_in_link,
                !own_fields,
                "{variant:?}"
            );
        }
        assert_eq!(Variant::from_name("rules"), None);
    }
}
