//! `Step`: one finding of a technique (placements, eliminations and the evidence that
//! justifies them) and its plain-English explanation.

use std::fmt::Write as _;

use crate::model::{Cell, Digit, DigitSet, Geometry, HouseKind, Puzzle};
use crate::notation::character;

use super::layout::Layout;
use super::technique::Technique;

/// A node of a chain: one or more cells (a group node when several) holding a digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The cells (one, or two or three for a group node).
    pub cells: Vec<Cell>,
    /// The digit.
    pub digit: Digit,
}

/// One link of a chain: `from` and `to` cannot both be true (weak) or cannot both be false
/// (strong).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// Where the link starts.
    pub from: Node,
    /// Where it ends.
    pub to: Node,
    /// Strong (at least one true) or weak (at most one true).
    pub strong: bool,
}

/// Why a step holds: the pattern that the technique found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
    /// The cells forming the pattern (subset, fish body, wing, rectangle, …).
    pub cells: Vec<Cell>,
    /// The houses involved (for a fish: base houses, then cover houses).
    pub houses: Vec<HouseKind>,
    /// The digits involved.
    pub digits: DigitSet,
    /// Fin candidates of a fish, the box candidates of a kite or rectangle.
    pub fins: Vec<(Cell, Digit)>,
    /// Chain links, in order along the chain (several chains for forcing chains).
    pub links: Vec<Link>,
    /// Cell groups such as almost locked sets, in order. Killer steps: the cages and hidden
    /// cages used (for an innie–outie difference: the cells added, then those subtracted).
    pub groups: Vec<Vec<Cell>>,
    /// Killer steps: the sum of each group in `groups` (one sum for an innie–outie difference).
    pub totals: Vec<i32>,
    /// Killer steps: per group, the digit combinations it may still take after the step
    /// (empty where the group's cells may repeat a digit).
    pub combinations: Vec<Vec<DigitSet>>,
    /// Variant steps: the rule in setters' words with its cells, and what it says here
    /// (`thermometer r2c3-r4c3: r2c3 ≤ 6`). Other steps on a variant puzzle: the cells that
    /// see each other by a rule alone, a removed candidate's and the pattern's
    /// (`r5c5 sees r1c4 (anti-knight)`).
    pub rule: Option<String>,
}

/// One step of a solving path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digits placed.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The pattern.
    pub evidence: Evidence,
}

impl Step {
    /// A one-line explanation, e.g. `r3c7=5  hidden single: the only place for 5 in box 3`,
    /// digits written in the board's alphabet (`r1c2=G` on a 16×16).
    pub fn explain(&self, puzzle: &Puzzle) -> String {
        let geometry = puzzle.geometry();
        let mut text = String::new();
        let mut outcome: Vec<String> = self
            .placements
            .iter()
            .map(|(cell, digit)| format!("{cell}={}", character(*digit)))
            .collect();
        outcome.extend(
            self.eliminations
                .iter()
                .map(|(cell, digit)| format!("{cell}<>{}", character(*digit))),
        );
        text.push_str(&outcome.join(", "));
        let _ = write!(text, "  {}: ", self.technique.name().to_lowercase());
        text.push_str(&self.detail(geometry));
        text
    }

    fn detail(&self, geometry: Geometry) -> String {
        let evidence = &self.evidence;
        let digits: Vec<String> = evidence
            .digits
            .iter()
            .map(|d| character(d).to_string())
            .collect();
        let digits = digits.join("/");
        let cells = cell_list(&evidence.cells);
        let houses: Vec<String> = evidence.houses.iter().map(|h| h.to_string()).collect();
        match self.technique {
            Technique::FullHouse => format!("the last empty cell of {}", houses.join(", ")),
            Technique::NakedSingle => "the only candidate left in the cell".to_string(),
            Technique::HiddenSingle => {
                format!("the only place for {digits} in {}", houses.join(", "))
            }
            Technique::BruteForce => {
                "no technique in the catalogue applies; trial with the solution's digit".to_string()
            }
            technique if technique.is_variant() => evidence.rule.clone().unwrap_or_default(),
            technique if technique.is_killer() => {
                super::techniques::killer::explain::detail(self, geometry)
            }
            _ => {
                let mut parts = Vec::new();
                if !digits.is_empty() {
                    parts.push(format!("digits {digits}"));
                }
                if !cells.is_empty() {
                    parts.push(format!("in {cells}"));
                }
                if !houses.is_empty() {
                    parts.push(format!("houses {}", houses.join(", ")));
                }
                if !evidence.fins.is_empty() {
                    let fins: Vec<String> = evidence
                        .fins
                        .iter()
                        .map(|(cell, digit)| format!("{cell}({})", character(*digit)))
                        .collect();
                    parts.push(format!("fins {}", fins.join(" ")));
                }
                for group in &evidence.groups {
                    parts.push(format!("set {}", cell_list(group)));
                }
                if !evidence.links.is_empty() {
                    parts.push(format!("chain {}", chain_text(&evidence.links)));
                }
                parts.extend(evidence.rule.clone());
                parts.join("; ")
            }
        }
    }
}

fn cell_list(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|cell| cell.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn node_text(node: &Node) -> String {
    format!("{}({})", cell_list(&node.cells), character(node.digit))
}

fn chain_text(links: &[Link]) -> String {
    let mut text = String::new();
    for (position, link) in links.iter().enumerate() {
        if position == 0 || links[position - 1].to != link.from {
            if position > 0 {
                text.push_str(" | ");
            }
            text.push_str(&node_text(&link.from));
        }
        text.push_str(if link.strong { " = " } else { " - " });
        text.push_str(&node_text(&link.to));
    }
    text
}

/// A chain node inside the grader: cells (by index) and a digit index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NodeIndex {
    /// Cell indices.
    pub cells: Vec<usize>,
    /// Digit index.
    pub digit: usize,
}

/// A technique's finding inside the grader, by indices; turned into a [`Step`] when chosen.
#[derive(Clone, Debug)]
pub(crate) struct Finding {
    /// The technique.
    pub technique: Technique,
    /// (cell, digit index) placed.
    pub placements: Vec<(usize, usize)>,
    /// (cell, digit index) removed, in the order they are applied.
    pub eliminations: Vec<(usize, usize)>,
    /// Pattern cells.
    pub cells: Vec<usize>,
    /// Houses involved.
    pub houses: Vec<usize>,
    /// Digits involved (mask).
    pub digits: u32,
    /// Fin candidates.
    pub fins: Vec<(usize, usize)>,
    /// Chain links.
    pub links: Vec<(NodeIndex, NodeIndex, bool)>,
    /// Groups of cells.
    pub groups: Vec<Vec<usize>>,
    /// Killer: the sum of each group (see [`Evidence::totals`]).
    pub totals: Vec<i32>,
    /// Killer: per group, the digit sets it may still take (see [`Evidence::combinations`]).
    pub combinations: Vec<Vec<u32>>,
    /// Variant: the rule and what it says; classic on a variant puzzle: the cells that see
    /// each other by a rule alone (see [`Evidence::rule`]).
    pub rule: Option<String>,
    /// Length used to prefer shorter chains among equal findings.
    pub length: usize,
}

impl Finding {
    /// An empty finding of `technique`.
    pub(crate) fn new(technique: Technique) -> Finding {
        Finding {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            digits: 0,
            fins: Vec::new(),
            links: Vec::new(),
            groups: Vec::new(),
            totals: Vec::new(),
            combinations: Vec::new(),
            rule: None,
            length: 0,
        }
    }

    /// Adds an elimination.
    pub(crate) fn eliminate(&mut self, cell: usize, digit: usize) {
        self.eliminations.push((cell, digit));
    }

    /// HoDoKu's sort key for equal-sized elimination lists (`getIndexSumme`): a weighted
    /// sum of the eliminations in list order; lower goes first.
    pub(crate) fn index_sum(&self) -> i64 {
        Finding::index_sum_of(&self.eliminations)
    }

    /// [`index_sum`](Self::index_sum) of an elimination list.
    pub(crate) fn index_sum_of(eliminations: &[(usize, usize)]) -> i64 {
        let mut sum = 0i64;
        let mut offset = 1i64;
        for &(cell, digit) in eliminations {
            sum += cell as i64 * offset + digit as i64 + 1;
            offset += 80;
        }
        sum
    }

    /// Whether two findings remove exactly the same candidates.
    pub(crate) fn same_eliminations(&self, other: &Finding) -> bool {
        self.eliminations.len() == other.eliminations.len()
            && self
                .eliminations
                .iter()
                .all(|entry| other.eliminations.contains(entry))
    }

    /// HoDoKu's default order of findings (`SolutionStep.compareTo`): more eliminations
    /// first, then the lower weighted index sum, then the shorter chain.
    pub(crate) fn hodoku_order(&self, other: &Finding) -> std::cmp::Ordering {
        other
            .eliminations
            .len()
            .cmp(&self.eliminations.len())
            .then_with(|| {
                if self.same_eliminations(other) {
                    std::cmp::Ordering::Equal
                } else {
                    self.index_sum().cmp(&other.index_sum())
                }
            })
            .then_with(|| self.length.cmp(&other.length))
    }

    /// The public step.
    pub(crate) fn into_step<const W: usize>(self, layout: &Layout<W>) -> Step {
        let pair = |&(cell, digit): &(usize, usize)| (layout.cell(cell), layout.digit(digit));
        let node = |node: &NodeIndex| Node {
            cells: node.cells.iter().map(|&cell| layout.cell(cell)).collect(),
            digit: layout.digit(node.digit),
        };
        Step {
            technique: self.technique,
            placements: self.placements.iter().map(pair).collect(),
            eliminations: self.eliminations.iter().map(pair).collect(),
            evidence: Evidence {
                cells: self.cells.iter().map(|&cell| layout.cell(cell)).collect(),
                houses: self
                    .houses
                    .iter()
                    .map(|&house| layout.houses[house].kind)
                    .collect(),
                digits: DigitSet::from_bits(self.digits),
                fins: self.fins.iter().map(pair).collect(),
                links: self
                    .links
                    .iter()
                    .map(|(from, to, strong)| Link {
                        from: node(from),
                        to: node(to),
                        strong: *strong,
                    })
                    .collect(),
                groups: self
                    .groups
                    .iter()
                    .map(|group| group.iter().map(|&cell| layout.cell(cell)).collect())
                    .collect(),
                totals: self.totals,
                combinations: self
                    .combinations
                    .iter()
                    .map(|sets| sets.iter().map(|&set| DigitSet::from_bits(set)).collect())
                    .collect(),
                rule: self.rule,
            },
        }
    }
}
