//! The f-puzzles document as sudokit writes it: typed serde structs, one field per key, so no
//! JSON is built by hand from string keys (reading keeps its own map-based reader, which
//! must also accept every key f-puzzles and SudokuPad write).
//!
//! The fields are declared in the byte order of their keys: the order `serde_json` gave the
//! map-built documents before, so documents and links stay byte for byte what they were
//! (a test checks the order).

use serde::Serialize;

/// A whole f-puzzles document. Absent rules are left out: an empty list and a false flag are
/// not written.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(super) struct Document {
    /// Anti-king: no two cells a king's move apart hold the same digit.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) antiking: bool,
    /// Anti-knight.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) antiknight: bool,
    /// Arrows: circle (or pill) cells and a shaft.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) arrow: Vec<ArrowEntry>,
    /// Who set the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) author: Option<String>,
    /// Between lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) betweenline: Vec<LineEntry>,
    /// Box indexer cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) boxindexer: Vec<CellsEntry>,
    /// Clones.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) clone: Vec<CloneEntry>,
    /// Column indexers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) columnindexer: Vec<CellsEntry>,
    /// The anti-diagonal (bottom left to top right).
    #[serde(rename = "diagonal+", skip_serializing_if = "std::ops::Not::not")]
    pub(super) anti_diagonal: bool,
    /// The main diagonal (top left to bottom right).
    #[serde(rename = "diagonal-", skip_serializing_if = "std::ops::Not::not")]
    pub(super) main_diagonal: bool,
    /// White Kropki dots.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) difference: Vec<DotEntry>,
    /// Disjoint groups.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) disjointgroups: bool,
    /// Double arrows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) doublearrow: Vec<LineEntry>,
    /// Entropic lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) entropicline: Vec<LineEntry>,
    /// Even cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) even: Vec<CellEntry>,
    /// Extra all-different regions.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) extraregion: Vec<CellsEntry>,
    /// The cells, row by row.
    pub(super) grid: Vec<Vec<GridCell>>,
    /// Killer cages.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) killercage: Vec<CageEntry>,
    /// Little killer clues.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) littlekillersum: Vec<LittleKillerEntry>,
    /// Lockout lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) lockout: Vec<LineEntry>,
    /// Maximum cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) maximum: Vec<CellEntry>,
    /// Minimum cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) minimum: Vec<CellEntry>,
    /// Modular lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) modularline: Vec<LineEntry>,
    /// Nabner lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) nabner: Vec<LineEntry>,
    /// Negative constraints (`ratio`, `xv`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) negative: Vec<&'static str>,
    /// Nonconsecutive: the negative constraint of white dots.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) nonconsecutive: bool,
    /// Odd cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) odd: Vec<CellEntry>,
    /// Palindromes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) palindrome: Vec<LineEntry>,
    /// Quadruples.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) quadruple: Vec<QuadrupleEntry>,
    /// Black Kropki dots.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) ratio: Vec<DotEntry>,
    /// Region sum lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) regionsumline: Vec<LineEntry>,
    /// Renban lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) renban: Vec<LineEntry>,
    /// Row indexer cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) rowindexer: Vec<CellsEntry>,
    /// The rules as the setter wrote them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) ruleset: Option<String>,
    /// Sandwich clues.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) sandwichsum: Vec<OutsideEntry>,
    /// The grid's side n.
    pub(super) size: usize,
    /// Skyscraper clues.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) skyscraper: Vec<OutsideEntry>,
    /// Slow thermometers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) slowthermometer: Vec<LineEntry>,
    /// The solution, cell by cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) solution: Option<Vec<u8>>,
    /// Text marks: the cage comparisons.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) text: Vec<TextMark>,
    /// Thermometers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) thermometer: Vec<LineEntry>,
    /// The puzzle's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) title: Option<String>,
    /// German whispers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) whispers: Vec<LineEntry>,
    /// X-sum clues.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) xsum: Vec<OutsideEntry>,
    /// X and V.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) xv: Vec<DotEntry>,
    /// Zipper lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) zipperline: Vec<LineEntry>,
}

impl Document {
    /// The list of lines under an f-puzzles line key (`thermometer`, `renban`, …), or
    /// `None` for a key that holds no lines.
    pub(super) fn lines_mut(&mut self, key: &str) -> Option<&mut Vec<LineEntry>> {
        Some(match key {
            "thermometer" => &mut self.thermometer,
            "slowthermometer" => &mut self.slowthermometer,
            "palindrome" => &mut self.palindrome,
            "betweenline" => &mut self.betweenline,
            "renban" => &mut self.renban,
            "whispers" => &mut self.whispers,
            "entropicline" => &mut self.entropicline,
            "modularline" => &mut self.modularline,
            "zipperline" => &mut self.zipperline,
            "regionsumline" => &mut self.regionsumline,
            "doublearrow" => &mut self.doublearrow,
            "lockout" => &mut self.lockout,
            "nabner" => &mut self.nabner,
            _ => return None,
        })
    }

    /// The list of clues under an f-puzzles outside-clue key (`sandwichsum`, `xsum`,
    /// `skyscraper`), or `None` for another key.
    pub(super) fn outside_mut(&mut self, key: &str) -> Option<&mut Vec<OutsideEntry>> {
        Some(match key {
            "sandwichsum" => &mut self.sandwichsum,
            "xsum" => &mut self.xsum,
            "skyscraper" => &mut self.skyscraper,
            _ => return None,
        })
    }
}

/// One cell of `grid`: its given digit and its region, each when it has one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub(super) struct GridCell {
    /// Whether `value` is a given (always with a value).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) given: bool,
    /// The cell's region (0-based), for irregular regions or an unusual box shape.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) region: Option<usize>,
    /// The given digit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) value: Option<u8>,
    /// Given pencil marks: the digits the cell may hold.
    #[serde(rename = "givenPencilMarks", skip_serializing_if = "Vec::is_empty")]
    pub(super) given_pencil_marks: Vec<u8>,
}

/// A killer cage: its cells and, unless hidden, its sum as a string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct CageEntry {
    /// `R1C1` names.
    pub(super) cells: Vec<String>,
    /// The sum, as f-puzzles writes it (a string).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) value: Option<String>,
}

/// A Kropki dot or an X/V: two cells and a value when not the default one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct DotEntry {
    /// The two cells.
    pub(super) cells: Vec<String>,
    /// The difference, ratio, or `X`/`V`; absent for a difference of 1 or a ratio of 2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) value: Option<String>,
}

/// A rule on a group of cells (an extra region, a column indexer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct CellsEntry {
    /// Its cells.
    pub(super) cells: Vec<String>,
}

/// A rule on one cell (even, odd, minimum, maximum).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct CellEntry {
    /// Its cell.
    pub(super) cell: String,
}

/// A line rule: one line of cells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct LineEntry {
    /// The line (f-puzzles holds a list of them; sudokit writes one a rule).
    pub(super) lines: Vec<Vec<String>>,
}

/// An arrow: its circle (or pill) and its drawn line from the circle along the shaft.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct ArrowEntry {
    /// The circle or pill.
    pub(super) cells: Vec<String>,
    /// The drawn line, starting in the circle.
    pub(super) lines: Vec<Vec<String>>,
}

/// A clone: `cells[i]` holds the digit of `cloneCells[i]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct CloneEntry {
    /// The first group.
    pub(super) cells: Vec<String>,
    /// The second group, in the same order.
    #[serde(rename = "cloneCells")]
    pub(super) clone_cells: Vec<String>,
}

/// A quadruple: four cells and the digits they hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct QuadrupleEntry {
    /// The four cells.
    pub(super) cells: Vec<String>,
    /// The digits.
    pub(super) values: Vec<u8>,
}

/// A little killer clue: where it stands, the cells it sums, its direction and its sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct LittleKillerEntry {
    /// The clue's place outside the grid (`R0C3`).
    pub(super) cell: String,
    /// The cells on its diagonal.
    pub(super) cells: Vec<String>,
    /// `UL`, `UR`, `DL` or `DR`.
    pub(super) direction: &'static str,
    /// The sum, as a string.
    pub(super) value: String,
}

/// A clue outside the grid (sandwich, X-sum, skyscraper).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(super) struct OutsideEntry {
    /// Its place outside the grid (`R0C3`).
    pub(super) cell: String,
    /// Its value, as a string.
    pub(super) value: String,
}

/// A text mark on the border of two cells: a cage comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(super) struct TextMark {
    /// The two cells, upper or left first.
    pub(super) cells: [String; 2],
    /// The mark's colour.
    #[serde(rename = "fontC")]
    pub(super) font_colour: &'static str,
    /// The mark's size, in cells.
    pub(super) size: f64,
    /// `<`, `=`, `>`, `^` or `v`.
    pub(super) value: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_written_in_the_byte_order_of_its_key() {
        // a document with every field present: the text written must be what a sorted map
        // of the same keys writes (the order of the map-built documents before)
        let names = |cells: &[&str]| cells.iter().map(|cell| cell.to_string()).collect();
        let line = || LineEntry {
            lines: vec![names(&["R1C1", "R1C2"])],
        };
        let dot = || DotEntry {
            cells: names(&["R1C1", "R1C2"]),
            value: Some("3".into()),
        };
        let cell = || CellEntry {
            cell: "R2C2".into(),
        };
        let outside = || OutsideEntry {
            cell: "R0C1".into(),
            value: "5".into(),
        };
        let document = Document {
            antiking: true,
            antiknight: true,
            arrow: vec![ArrowEntry {
                cells: names(&["R1C1"]),
                lines: vec![names(&["R1C1", "R2C2"])],
            }],
            author: Some("a setter".into()),
            betweenline: vec![line()],
            boxindexer: vec![CellsEntry {
                cells: names(&["R1C1"]),
            }],
            clone: vec![CloneEntry {
                cells: names(&["R1C1"]),
                clone_cells: names(&["R4C4"]),
            }],
            columnindexer: vec![CellsEntry {
                cells: names(&["R1C1"]),
            }],
            anti_diagonal: true,
            main_diagonal: true,
            difference: vec![dot()],
            disjointgroups: true,
            doublearrow: vec![line()],
            entropicline: vec![line()],
            even: vec![cell()],
            extraregion: vec![CellsEntry {
                cells: names(&["R1C1"]),
            }],
            grid: vec![vec![GridCell {
                given: true,
                region: Some(0),
                value: Some(1),
                given_pencil_marks: Vec::new(),
            }]],
            killercage: vec![CageEntry {
                cells: names(&["R1C1"]),
                value: Some("7".into()),
            }],
            littlekillersum: vec![LittleKillerEntry {
                cell: "R0C1".into(),
                cells: names(&["R1C2"]),
                direction: "DR",
                value: "9".into(),
            }],
            lockout: vec![line()],
            maximum: vec![cell()],
            minimum: vec![cell()],
            modularline: vec![line()],
            nabner: vec![line()],
            negative: vec!["ratio", "xv"],
            nonconsecutive: true,
            odd: vec![cell()],
            palindrome: vec![line()],
            quadruple: vec![QuadrupleEntry {
                cells: names(&["R1C1", "R1C2", "R2C1", "R2C2"]),
                values: vec![1, 2],
            }],
            ratio: vec![dot()],
            regionsumline: vec![line()],
            renban: vec![line()],
            rowindexer: vec![CellsEntry {
                cells: names(&["R1C1"]),
            }],
            ruleset: Some("normal sudoku rules".into()),
            sandwichsum: vec![outside()],
            size: 9,
            skyscraper: vec![outside()],
            slowthermometer: vec![line()],
            solution: Some(vec![1, 2]),
            text: vec![TextMark {
                cells: ["R1C1".into(), "R1C2".into()],
                font_colour: "#000000",
                size: 0.5,
                value: "<",
            }],
            thermometer: vec![line()],
            title: Some("all".into()),
            whispers: vec![line()],
            xsum: vec![outside()],
            xv: vec![dot()],
            zipperline: vec![line()],
        };
        let written = serde_json::to_string(&document).unwrap();
        // serde_json's map (without `preserve_order`) sorts its keys at every level
        let sorted = serde_json::to_value(&document).unwrap();
        assert_eq!(sorted.as_object().map(|map| map.len()), Some(46));
        assert_eq!(
            written,
            sorted.to_string(),
            "a field out of its key's byte order"
        );
        // an empty document writes only its size and grid
        let empty = Document {
            size: 4,
            ..Document::default()
        };
        assert_eq!(
            serde_json::to_string(&empty).unwrap(),
            "{\"grid\":[],\"size\":4}"
        );
    }
}
