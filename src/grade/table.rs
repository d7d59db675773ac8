//! `TechniqueTable`: each technique's level, base score and switch, the search order, and the
//! level caps: data (serde, e.g. RON in a preset), by default HoDoKu 2.2's, with 16×16's own
//! level bands.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::technique::{Level, Technique};

/// One technique's rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TechniqueRow {
    /// Which technique.
    pub technique: Technique,
    /// The level a puzzle needing it reaches at least.
    pub level: Level,
    /// Points added to the score each time it is used.
    pub score: u32,
    /// Whether the grader may use it.
    pub enabled: bool,
}

/// The highest score each level allows before the puzzle is moved up a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelCaps {
    /// Easy's cap.
    pub easy: u32,
    /// Medium's cap.
    pub medium: u32,
    /// Hard's cap.
    pub hard: u32,
    /// Unfair's cap (Extreme has none).
    pub unfair: u32,
}

impl LevelCaps {
    /// The cap of `level`, `None` for Extreme.
    pub fn cap(&self, level: Level) -> Option<u32> {
        match level {
            Level::Easy => Some(self.easy),
            Level::Medium => Some(self.medium),
            Level::Hard => Some(self.hard),
            Level::Unfair => Some(self.unfair),
            Level::Extreme => None,
        }
    }
}

/// The rating table: rows for every technique, the order in which the grader tries them
/// (each entry searches its technique's [`Technique::family`]), and the level caps.
///
/// The rating rule is HoDoKu's (`SudokuSolver.solve`): the score is the sum of the rows'
/// scores along the path; the level is the highest row level used, then raised one level
/// at a time while the score exceeds the level's cap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TechniqueTable {
    /// One row per technique; a technique without a row is never used.
    pub rows: Vec<TechniqueRow>,
    /// The techniques in the order they are tried.
    pub order: Vec<Technique>,
    /// Level caps.
    pub caps: LevelCaps,
    /// How killers (puzzles with cages) are rated instead (absent from older tables: the
    /// default).
    #[serde(default)]
    pub killer: KillerRule,
    /// Grid sizes rated on bands of their own (absent from older tables: none, every size
    /// then rated as 9×9).
    #[serde(default)]
    pub sizes: Vec<SizeRule>,
}

/// The level bands of one grid size (issue 41): its caps, and the levels of the few techniques
/// it rates otherwise than 9×9. A 16×16 path places three times as many digits as a 9×9 one,
/// so its score runs about three times as high, and what a 16×16 setter calls hard sits a step
/// lower on HoDoKu's scale.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SizeRule {
    /// The grid's side (16 for 16×16).
    pub size: u8,
    /// The caps replacing the table's for this size.
    pub caps: LevelCaps,
    /// Techniques whose level differs at this size (their scores stay the table's).
    #[serde(default)]
    pub levels: Vec<(Technique, Level)>,
}

impl SizeRule {
    /// 16×16's bands, calibrated on krazydad's 16×16 volumes 1-3 (volume 4 held back:
    /// BENCHMARKS.md, issue 41), whose four levels are the four first here (Easy for
    /// Intermediate, Medium for Challenging, Hard for Tough, Unfair for Super-Tough):
    /// - Singles only: Easy up to a score of 1500 (about 150 placements at 4 to 14 points).
    /// - Intersections (locked candidates): Medium up to 2200.
    /// - Pairs and triples, naked or hidden, are Hard (Medium on 9×9): on 16 candidates a
    ///   cell they are as rare as wings are on 9; Hard up to 3700.
    /// - Forcing chains and nets are Unfair, as chains (a 16×16 book's hardest puzzles need
    ///   them); no cap above Unfair, so Extreme means a trial step or an unsolved path.
    pub fn sixteen() -> SizeRule {
        use Level::*;
        use Technique::*;
        SizeRule {
            size: 16,
            caps: LevelCaps {
                easy: 1500,
                medium: 2200,
                hard: 3700,
                unfair: u32::MAX,
            },
            levels: vec![
                (NakedPair, Hard),
                (NakedTriple, Hard),
                (HiddenPair, Hard),
                (HiddenTriple, Hard),
                (ForcingChainContradiction, Unfair),
                (ForcingChainVerity, Unfair),
                (ForcingNetContradiction, Unfair),
                (ForcingNetVerity, Unfair),
            ],
        }
    }
}

/// The rating rule of killers (issue 29), and of variants (issue 32: their paths carry tens
/// of rule steps as killers' carry sum steps): a killer's level is the level of the hardest step
/// its path needs, raised one level (never more) when the path is long: when its score (the
/// sum of the base scores along the path, as HoDoKu's) exceeds the cap of that level. So a
/// path of Easy and Medium steps is at most Hard, however long, as a killer solver would call
/// it. HoDoKu's rule, which raises the level while the score exceeds each cap, pushed
/// givenless killers (80 placements and some 80 sum steps each) past every technique they
/// used: krazydad's Intermediate books came out 21 % Unfair or Extreme.
///
/// The caps, 600 apart, put a krazydad Intermediate killer (hardest step the 45 rule) at
/// Medium up to 2200, at Hard beyond: 84 % Medium in books 1-10, 36 % in books 91-100.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KillerRule {
    /// The score above which a killer's path is long, per level of its hardest step.
    pub caps: LevelCaps,
}

impl Default for KillerRule {
    fn default() -> Self {
        KillerRule {
            caps: LevelCaps {
                easy: 1600,
                medium: 2200,
                hard: 2800,
                unfair: 3400,
            },
        }
    }
}

impl KillerRule {
    /// The level of a killer whose hardest step is of level `hardest` and whose path scores
    /// `score`: `hardest`, or one level more when `score` exceeds its cap.
    pub fn rate(&self, hardest: Level, score: u32) -> Level {
        match self.caps.cap(hardest) {
            Some(cap) if score > cap => hardest.harder(),
            _ => hardest,
        }
    }
}

impl Default for TechniqueTable {
    fn default() -> Self {
        TechniqueTable::hodoku()
    }
}

impl TechniqueTable {
    /// HoDoKu 2.2's default configuration (`Options.DEFAULT_SOLVER_STEPS`, default
    /// difficulty levels), plus rows of our own for the killer techniques.
    pub fn hodoku() -> TechniqueTable {
        use Level::*;
        use Technique::*;
        // (technique, level, score, enabled), in HoDoKu's solver order (StepConfig index).
        // The killer rows are ours (HoDoKu has no killers); killers are rated by
        // [`KillerRule`] (the hardest step's level, raised one level at most by a long path),
        // calibrated on krazydad's volumes 1-5 (BENCHMARKS.md, issue 29). Levels say what a
        // killer solver calls each step; scores say how much work it is, and a killer's
        // score is their sum, as HoDoKu's:
        // - Cage Combinations (Easy, 20): the first thing a killer guide teaches; each step
        //   works out one cage's combinations against its candidates, a deduction as real as
        //   the 45 rule's (krazydad's later books need more of both: counted alike, the path's
        //   score follows the books, 0.38 per puzzle; at 1 a step, 0.28).
        // - Innies and Outies (Medium, 20): the 45 rule, taught next; tried right after cage
        //   combinations, before every subset, as the guides order it (over 99 % of its uses
        //   on krazydad are over one house).
        // - Cage/House Interaction (Medium, 20) and Hidden Cage Interaction (Medium, 40): a
        //   cage's (or a 45-rule sum's) digits confined to a house, the killer's
        //   intersections; tried before the classic intersections.
        // - Law of Leftovers (Medium, 50): the 45 rule counted in digits, after intersections
        //   (after the 45 rule's exact sums it is never the next step on the shared killers).
        // - Combination Interaction (Hard, 110), Cage Splitting (Hard, 130), Cage Comparison
        //   (Hard, 100), Hidden Sum Bounds (Hard, 120): several cages weighed at once (like
        //   fish), after the subsets.
        // - Cage Forcing Chain (Extreme, 600) and Cage Combination Forcing (Extreme, 700):
        //   cases followed through, like forcing chains and nets, last before trial.
        let rows: &[(Technique, Level, u32)] = &[
            (FullHouse, Easy, 4),
            (NakedSingle, Easy, 4),
            (HiddenSingle, Easy, 14),
            (CageCombination, Easy, 20),
            (LockedPair, Medium, 40),
            (LockedTriple, Medium, 60),
            (LockedCandidatesPointing, Medium, 50),
            (LockedCandidatesClaiming, Medium, 50),
            (CageHouseInteraction, Medium, 20),
            (NakedPair, Medium, 60),
            (NakedTriple, Medium, 80),
            (HiddenPair, Medium, 70),
            (HiddenTriple, Medium, 100),
            (InniesOuties, Medium, 20),
            (HiddenCageInteraction, Medium, 40),
            (LawOfLeftovers, Medium, 50),
            (CombinationInteraction, Hard, 110),
            (CageSplitting, Hard, 130),
            (CageComparison, Hard, 100),
            (HiddenSumBounds, Hard, 120),
            (NakedQuadruple, Hard, 120),
            (HiddenQuadruple, Hard, 150),
            (XWing, Hard, 140),
            (Swordfish, Hard, 150),
            (Jellyfish, Hard, 160),
            (RemotePair, Hard, 110),
            (BivalueUniversalGrave, Hard, 100),
            (Skyscraper, Hard, 130),
            (TwoStringKite, Hard, 150),
            (TurbotFish, Hard, 120),
            (EmptyRectangle, Hard, 120),
            (WWing, Hard, 150),
            (XyWing, Hard, 160),
            (XyzWing, Hard, 180),
            (UniquenessTest1, Hard, 100),
            (UniquenessTest2, Hard, 100),
            (UniquenessTest3, Hard, 100),
            (UniquenessTest4, Hard, 100),
            (UniquenessTest5, Hard, 100),
            (UniquenessTest6, Hard, 100),
            (HiddenRectangle, Hard, 100),
            (AvoidableRectangle1, Hard, 100),
            (AvoidableRectangle2, Hard, 100),
            (FinnedXWing, Hard, 130),
            (SashimiXWing, Hard, 150),
            (FinnedSwordfish, Unfair, 200),
            (SashimiSwordfish, Unfair, 240),
            (FinnedJellyfish, Unfair, 250),
            (SashimiJellyfish, Unfair, 260),
            (SueDeCoq, Unfair, 250),
            (SimpleColorsTrap, Hard, 150),
            (SimpleColorsWrap, Hard, 150),
            (MultiColors1, Hard, 200),
            (MultiColors2, Hard, 200),
            (XChain, Unfair, 260),
            (XyChain, Unfair, 260),
            (ContinuousNiceLoop, Unfair, 280),
            (DiscontinuousNiceLoop, Unfair, 280),
            (Aic, Unfair, 280),
            (GroupedContinuousNiceLoop, Unfair, 300),
            (GroupedDiscontinuousNiceLoop, Unfair, 300),
            (GroupedAic, Unfair, 300),
            (AlsXz, Unfair, 300),
            (AlsXyWing, Unfair, 320),
            (AlsChain, Unfair, 340),
            (FrankenXWing, Unfair, 300),
            (FrankenSwordfish, Unfair, 350),
            (FinnedFrankenXWing, Unfair, 390),
            (FinnedFrankenSwordfish, Unfair, 410),
            (ForcingChainContradiction, Extreme, 500),
            (ForcingChainVerity, Extreme, 500),
            (ForcingNetContradiction, Extreme, 700),
            (ForcingNetVerity, Extreme, 700),
            (CageForcingChain, Extreme, 600),
            (CageCombinationForcing, Extreme, 700),
            // Variant rules (issue 32), ours: one row per rule, the level of the reasoning
            // a setter expects for it. Exclusions as plain as a placement's (a placed digit
            // off its knight's or king's moves, a parity, an extra region) are Easy at a
            // single's score; rules read between two or along a few cells (Kropki, XV, the
            // negative constraint, thermometers, palindromes, clones, minimum/maximum cells,
            // quadruples) Easy at a cage combination's 20; rules that need sums or sets
            // weighed (whispers, renban, between, entropic, modular and zipper lines, arrows,
            // little killers, the column indexer) Medium, 30-50; clues over a whole row or
            // column and region sum lines (sandwich, X-sum, skyscraper) Hard at a fish's 100.
            (AntiKnight, Easy, 4),
            (AntiKing, Easy, 4),
            (ExtraRegion, Easy, 4),
            (EvenOdd, Easy, 4),
            (KropkiDot, Easy, 20),
            (XvSum, Easy, 20),
            (NegativeConstraint, Easy, 20),
            (Thermometer, Easy, 20),
            (Palindrome, Easy, 20),
            (Clone, Easy, 20),
            (MinimumMaximum, Easy, 20),
            (Quadruple, Easy, 20),
            (FreeCage, Easy, 20),
            (Whispers, Medium, 30),
            (Renban, Medium, 40),
            (BetweenLine, Medium, 40),
            (EntropicLine, Medium, 40),
            (ModularLine, Medium, 40),
            (ZipperLine, Medium, 40),
            (ArrowSum, Medium, 40),
            (LittleKiller, Medium, 40),
            (ColumnIndexer, Medium, 50),
            (RowIndexer, Medium, 50),
            (BoxIndexer, Medium, 50),
            (DoubleArrow, Medium, 40),
            (LockoutLine, Medium, 40),
            (NabnerLine, Medium, 30),
            (RegionSumLine, Hard, 100),
            (SandwichSum, Hard, 100),
            (XSum, Hard, 100),
            (SkyscraperClue, Hard, 100),
            // a rule forcing chain follows an assumption through singles and every rule, as
            // a cage forcing chain does through sums: Extreme, at its score
            (RuleForcingChain, Extreme, 600),
            (BruteForce, Extreme, 10000),
        ];
        let order = vec![
            FullHouse,
            NakedSingle,
            HiddenSingle,
            AntiKnight,
            AntiKing,
            ExtraRegion,
            EvenOdd,
            KropkiDot,
            XvSum,
            NegativeConstraint,
            Thermometer,
            Palindrome,
            Clone,
            MinimumMaximum,
            Quadruple,
            FreeCage,
            CageCombination,
            InniesOuties,
            CageHouseInteraction,
            HiddenCageInteraction,
            LockedPair,
            LockedTriple,
            LockedCandidatesPointing,
            LockedCandidatesClaiming,
            Whispers,
            Renban,
            BetweenLine,
            EntropicLine,
            ModularLine,
            ZipperLine,
            ArrowSum,
            LittleKiller,
            ColumnIndexer,
            RowIndexer,
            BoxIndexer,
            DoubleArrow,
            LockoutLine,
            NabnerLine,
            LawOfLeftovers,
            NakedPair,
            NakedTriple,
            HiddenPair,
            HiddenTriple,
            RegionSumLine,
            SandwichSum,
            XSum,
            SkyscraperClue,
            CombinationInteraction,
            CageSplitting,
            CageComparison,
            HiddenSumBounds,
            NakedQuadruple,
            HiddenQuadruple,
            XWing,
            Swordfish,
            Jellyfish,
            RemotePair,
            BivalueUniversalGrave,
            Skyscraper,
            TwoStringKite,
            TurbotFish,
            EmptyRectangle,
            WWing,
            XyWing,
            XyzWing,
            UniquenessTest1,
            UniquenessTest2,
            UniquenessTest3,
            UniquenessTest4,
            UniquenessTest5,
            UniquenessTest6,
            HiddenRectangle,
            AvoidableRectangle1,
            AvoidableRectangle2,
            FinnedXWing,
            SashimiXWing,
            FinnedSwordfish,
            SashimiSwordfish,
            FinnedJellyfish,
            SashimiJellyfish,
            SueDeCoq,
            SimpleColorsTrap,
            MultiColors1,
            XChain,
            XyChain,
            ContinuousNiceLoop,
            GroupedContinuousNiceLoop,
            AlsXz,
            AlsXyWing,
            AlsChain,
            FrankenXWing,
            FrankenSwordfish,
            FinnedFrankenXWing,
            FinnedFrankenSwordfish,
            CageForcingChain,
            CageCombinationForcing,
            RuleForcingChain,
            ForcingChainContradiction,
            ForcingNetContradiction,
            BruteForce,
        ];
        TechniqueTable {
            rows: rows
                .iter()
                .map(|&(technique, level, score)| TechniqueRow {
                    technique,
                    level,
                    score,
                    enabled: true,
                })
                .collect(),
            order,
            caps: LevelCaps {
                easy: 800,
                medium: 1000,
                hard: 1600,
                unfair: 1800,
            },
            killer: KillerRule::default(),
            sizes: vec![SizeRule::sixteen()],
        }
    }

    /// The table a grid of side `size` is rated with: this one, with the caps and levels of
    /// `size`'s [`SizeRule`] when the table has one.
    pub fn for_size(&self, size: u8) -> Cow<'_, TechniqueTable> {
        let Some(rule) = self.sizes.iter().find(|rule| rule.size == size) else {
            return Cow::Borrowed(self);
        };
        let mut table = self.clone();
        table.caps = rule.caps;
        for &(technique, level) in &rule.levels {
            if let Some(row) = table.rows.iter_mut().find(|row| row.technique == technique) {
                row.level = level;
            }
        }
        table.sizes.clear();
        Cow::Owned(table)
    }

    /// Reads a table from RON text.
    pub fn from_ron(text: &str) -> Result<TechniqueTable, ron::error::SpannedError> {
        ron::from_str(text)
    }

    /// The table as RON text.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a table always serialises")
    }

    /// The row of `technique`, if it has one.
    pub fn row(&self, technique: Technique) -> Option<&TechniqueRow> {
        self.rows.iter().find(|row| row.technique == technique)
    }

    /// Whether `technique` has an enabled row.
    pub fn is_enabled(&self, technique: Technique) -> bool {
        self.row(technique).is_some_and(|row| row.enabled)
    }

    /// Changes a row (adding it if missing).
    pub fn set(&mut self, technique: Technique, level: Level, score: u32, enabled: bool) {
        let row = TechniqueRow {
            technique,
            level,
            score,
            enabled,
        };
        match self.rows.iter_mut().find(|row| row.technique == technique) {
            Some(existing) => *existing = row,
            None => self.rows.push(row),
        }
    }

    /// HoDoKu's rule: the highest level used, raised while the score exceeds its cap.
    pub fn rate(&self, highest: Level, score: u32) -> Level {
        let mut level = highest;
        while let Some(cap) = self.caps.cap(level) {
            if score <= cap {
                break;
            }
            level = level.harder();
        }
        level
    }
}

#[cfg(test)]
mod tests {
    use super::super::technique::Technique;
    use super::TechniqueTable;

    /// The grader runs only the techniques the table lists: one left out would be switched
    /// off without a word, so every technique needs its row (in HoDoKu's table and on
    /// 16×16's bands).
    #[test]
    fn every_technique_has_a_row_in_the_table() {
        let table = TechniqueTable::hodoku();
        for &technique in Technique::ALL {
            assert!(
                table.row(technique).is_some(),
                "{technique}: no row in grade/table.rs, so the grader never tries it"
            );
            assert!(
                table.for_size(16).row(technique).is_some(),
                "{technique}: no row on 16×16's bands"
            );
        }
    }

    /// Every variant technique gives the steps of a rule of the rule table (or of every
    /// rule, for rule forcing chains), and every rule names a technique the grader knows.
    #[test]
    fn variant_techniques_and_the_rule_table_name_each_other() {
        use crate::model::variant::RULES;
        for &technique in Technique::ALL {
            if technique.is_variant() && technique != Technique::RuleForcingChain {
                assert!(
                    RULES.iter().any(|rule| rule.technique == technique.name()),
                    "{technique}: no rule of model/variant/table.rs gives its steps"
                );
            }
        }
        for rule in RULES.iter().filter(|rule| !rule.technique.is_empty()) {
            let technique = Technique::ALL
                .iter()
                .find(|technique| technique.name() == rule.technique);
            assert!(
                technique.is_some_and(|technique| technique.is_variant()),
                "{}: its technique {:?} is not a variant technique of the grader",
                rule.name,
                rule.technique
            );
        }
    }
}
