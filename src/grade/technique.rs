//! `Technique` (every kind of step, with HoDoKu's names) and `Level` (HoDoKu's difficulty scale).

use std::fmt;

use serde::{Deserialize, Serialize};

/// HoDoKu's difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Intersections and small subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Chains, ALS, large finned fish.
    Unfair,
    /// Forcing chains and nets, trial.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The next harder level (Extreme stays Extreme).
    pub fn harder(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        };
        formatter.write_str(name)
    }
}

macro_rules! techniques {
    ($($variant:ident => $name:literal, $doc:literal;)*) => {
        /// Every kind of step the grader can take. `Display` gives the community name as
        /// HoDoKu 2.2 prints it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub enum Technique {
            $(#[doc = $doc] $variant,)*
        }

        impl Technique {
            /// Every technique, in declaration order.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];

            /// The community (HoDoKu) name.
            pub fn name(self) -> &'static str {
                match self {
                    $(Technique::$variant => $name,)*
                }
            }
        }
    };
}

techniques! {
    FullHouse => "Full House", "The last empty cell of a house.";
    NakedSingle => "Naked Single", "A cell with one candidate left.";
    HiddenSingle => "Hidden Single", "A digit with one place left in a house.";
    CageCombination => "Cage Combinations", "Killer: digits no combination of a cage's sum can use.";
    LockedPair => "Locked Pair", "A naked pair inside both a box and a line.";
    LockedTriple => "Locked Triple", "A naked triple inside both a box and a line.";
    LockedCandidatesPointing => "Locked Candidates Type 1 (Pointing)", "A box's digit confined to one line.";
    LockedCandidatesClaiming => "Locked Candidates Type 2 (Claiming)", "A line's digit confined to one box.";
    CageHouseInteraction => "Cage/House Interaction", "Killer: a digit a cage must hold, or a house's digit confined to a cage.";
    NakedPair => "Naked Pair", "Two cells of a house holding only the same two digits.";
    NakedTriple => "Naked Triple", "Three cells of a house holding only three digits.";
    HiddenPair => "Hidden Pair", "Two digits of a house confined to two cells.";
    HiddenTriple => "Hidden Triple", "Three digits of a house confined to three cells.";
    InniesOuties => "Innies and Outies", "Killer: the 45 rule over a house or a run of adjacent houses.";
    HiddenCageInteraction => "Hidden Cage Interaction", "Killer: a digit every combination of a hidden cage (a 45-rule sum) needs, confined to one house.";
    LawOfLeftovers => "Law of Leftovers", "Killer: the cells a union of houses leaves over, once cages of fixed digits are taken out, and the cells those cages put outside hold the same digits up to a known difference.";
    CombinationInteraction => "Combination Interaction", "Killer: cage combinations that leave the rest of a house no way to be filled.";
    CageSplitting => "Cage Splitting", "Killer: combination interaction in a house with the cages it cuts in two, whose cells inside hold what the whole cage allows.";
    CageComparison => "Cage Comparison", "Greater killer: bounds from comparing two cages' sums.";
    HiddenSumBounds => "Hidden Sum Bounds", "Greater killer: the ranges of hidden cage sums narrowed, round after round, through comparisons and the 45 rule.";
    NakedQuadruple => "Naked Quadruple", "Four cells of a house holding only four digits.";
    HiddenQuadruple => "Hidden Quadruple", "Four digits of a house confined to four cells.";
    XWing => "X-Wing", "A digit in two lines confined to two cross lines.";
    Swordfish => "Swordfish", "A digit in three lines confined to three cross lines.";
    Jellyfish => "Jellyfish", "A digit in four lines confined to four cross lines.";
    RemotePair => "Remote Pair", "A chain of cells holding the same two digits.";
    BivalueUniversalGrave => "Bivalue Universal Grave + 1", "BUG+1: every cell but one bivalue.";
    Skyscraper => "Skyscraper", "Two parallel conjugate pairs joined at one end.";
    TwoStringKite => "2-String Kite", "A row and a column conjugate pair joined in a box.";
    TurbotFish => "Turbot Fish", "A single-digit chain of three links.";
    EmptyRectangle => "Empty Rectangle", "A box's digit confined to a cross, with a conjugate pair.";
    WWing => "W-Wing", "Two equal bivalue cells joined by a strong link.";
    XyWing => "XY-Wing", "A bivalue pivot and two bivalue pincers.";
    XyzWing => "XYZ-Wing", "A trivalue pivot and two bivalue pincers.";
    UniquenessTest1 => "Uniqueness Test 1", "Unique rectangle type 1.";
    UniquenessTest2 => "Uniqueness Test 2", "Unique rectangle type 2.";
    UniquenessTest3 => "Uniqueness Test 3", "Unique rectangle type 3.";
    UniquenessTest4 => "Uniqueness Test 4", "Unique rectangle type 4.";
    UniquenessTest5 => "Uniqueness Test 5", "Unique rectangle type 5.";
    UniquenessTest6 => "Uniqueness Test 6", "Unique rectangle type 6.";
    HiddenRectangle => "Hidden Rectangle", "A unique rectangle held by conjugate pairs.";
    AvoidableRectangle1 => "Avoidable Rectangle Type 1", "Avoidable rectangle type 1.";
    AvoidableRectangle2 => "Avoidable Rectangle Type 2", "Avoidable rectangle type 2.";
    FinnedXWing => "Finned X-Wing", "An X-Wing with fins.";
    SashimiXWing => "Sashimi X-Wing", "A finned X-Wing missing a corner.";
    FinnedSwordfish => "Finned Swordfish", "A Swordfish with fins.";
    SashimiSwordfish => "Sashimi Swordfish", "A finned Swordfish missing a corner.";
    FinnedJellyfish => "Finned Jellyfish", "A Jellyfish with fins.";
    SashimiJellyfish => "Sashimi Jellyfish", "A finned Jellyfish missing a corner.";
    SueDeCoq => "Sue de Coq", "Two sets sharing a box-line intersection.";
    SimpleColorsTrap => "Simple Colors Trap", "A candidate seeing both colours of a conjugate chain.";
    SimpleColorsWrap => "Simple Colors Wrap", "A colour seeing itself: that colour is false.";
    MultiColors1 => "Multi Colors 1", "Two colour clusters linked: a trap.";
    MultiColors2 => "Multi Colors 2", "A colour seeing both colours of another cluster.";
    XChain => "X-Chain", "A single-digit alternating chain.";
    XyChain => "XY-Chain", "An alternating chain through bivalue cells.";
    ContinuousNiceLoop => "Continuous Nice Loop", "A closed alternating loop.";
    DiscontinuousNiceLoop => "Discontinuous Nice Loop", "A loop that breaks at its start.";
    Aic => "AIC", "An alternating inference chain.";
    GroupedContinuousNiceLoop => "Grouped Continuous Nice Loop", "A closed loop with group nodes.";
    GroupedDiscontinuousNiceLoop => "Grouped Discontinuous Nice Loop", "A broken loop with group nodes.";
    GroupedAic => "Grouped AIC", "An alternating inference chain with group nodes.";
    AlsXz => "Almost Locked Set XZ-Rule", "Two almost locked sets with a restricted common.";
    AlsXyWing => "Almost Locked Set XY-Wing", "Three almost locked sets.";
    AlsChain => "Almost Locked Set Chain", "A chain of almost locked sets.";
    FrankenXWing => "Franken X-Wing", "An X-Wing using boxes.";
    FrankenSwordfish => "Franken Swordfish", "A Swordfish using boxes.";
    FinnedFrankenXWing => "Finned Franken X-Wing", "A finned X-Wing using boxes.";
    FinnedFrankenSwordfish => "Finned Franken Swordfish", "A finned Swordfish using boxes.";
    ForcingChainContradiction => "Forcing Chain Contradiction", "An assumption whose chain ends in a contradiction.";
    ForcingChainVerity => "Forcing Chain Verity", "Every branch of a choice leads to the same conclusion.";
    ForcingNetContradiction => "Forcing Net Contradiction", "An assumption whose net ends in a contradiction.";
    ForcingNetVerity => "Forcing Net Verity", "Every branch of a choice leads, through nets, to the same conclusion.";
    CageForcingChain => "Cage Forcing Chain", "Killer: a candidate whose consequences, through singles and cage sums, contradict each other.";
    CageCombinationForcing => "Cage Combination Forcing", "Killer: each combination of a cage or hidden cage followed in turn through singles and cage sums; what every combination removes goes.";
    AntiKnight => "Anti-Knight", "Variant: a placed digit removed from the cells a knight's move away.";
    AntiKing => "Anti-King", "Variant: a placed digit removed from the cells a king's move away.";
    ExtraRegion => "Extra Region", "Variant: digits an extra region (of fewer than n cells, all different) cannot hold.";
    EvenOdd => "Even/Odd Cell", "Variant: the digits of the wrong parity removed from an even or odd cell.";
    KropkiDot => "Kropki Dot", "Variant: digits with no partner across a white (difference) or black (ratio) dot.";
    XvSum => "XV Sum", "Variant: digits with no partner across an X (sum 10) or V (sum 5).";
    NegativeConstraint => "Negative Constraint", "Variant: digits whose every partner across an unmarked edge would need a mark (nonconsecutive, no X or V).";
    Thermometer => "Thermometer", "Variant: bounds along a thermometer (digits rise from the bulb).";
    Palindrome => "Palindrome", "Variant: digits a palindrome's mirrored cell cannot match.";
    Clone => "Clone", "Variant: digits a cell's clone cannot hold.";
    MinimumMaximum => "Minimum/Maximum Cell", "Variant: bounds between a minimum or maximum cell and its neighbours.";
    Quadruple => "Quadruple", "Variant: digits the cells around a quadruple's circle must or cannot hold.";
    Whispers => "German Whispers", "Variant: digits with no neighbour far enough away along a whispers line.";
    Renban => "Renban", "Variant: digits no run of consecutive digits on a renban line can use.";
    BetweenLine => "Between Line", "Variant: bounds between a between line's ends and the cells on it.";
    EntropicLine => "Entropic Line", "Variant: digits of a band (low, middle, high) already taken among three cells in a row of an entropic line.";
    ModularLine => "Modular Line", "Variant: digits of a remainder (mod 3) already taken among three cells in a row of a modular line.";
    ZipperLine => "Zipper Line", "Variant: digits no pair of cells the same distance from a zipper line's middle can add up with.";
    RegionSumLine => "Region Sum Line", "Variant: digits that leave a region sum line's segments no equal total.";
    ArrowSum => "Arrow Sum", "Variant: bounds between an arrow's circle and the sum of its shaft.";
    LittleKiller => "Little Killer", "Variant: digits no sum of a little killer's diagonal can use.";
    SandwichSum => "Sandwich Sum", "Variant: digits no arrangement of a row or column meeting its sandwich clue can use.";
    XSum => "X-Sum", "Variant: digits no arrangement of a row or column meeting its X-sum clue can use.";
    SkyscraperClue => "Skyscraper Clue", "Variant: digits no arrangement of a row or column meeting its skyscraper clue can use.";
    ColumnIndexer => "Column Indexer", "Variant: a column indexer's digit and the cell it points to, kept in step.";
    RowIndexer => "Row Indexer", "Variant: a row indexer's digit and the cell it points to, kept in step.";
    BoxIndexer => "Box Indexer", "Variant: a box indexer's digit and the cell it points to, kept in step.";
    DoubleArrow => "Double Arrow", "Variant: bounds between a double arrow's two circles and the sum of the cells between them.";
    LockoutLine => "Lockout Line", "Variant: a lockout line's diamonds at least half the grid's side apart, the cells between them outside their digits.";
    NabnerLine => "Nabner Line", "Variant: digits a nabner line's other cells leave no room for, no two on the line consecutive or equal.";
    FreeCage => "Free Cage", "Variant: digits no filling of a free cage (a killer cage that overlaps another or comes in pieces) can use: distinct, adding up to its sum.";
    RuleForcingChain => "Rule Forcing Chain", "Variant: a candidate whose consequences, through singles and every rule, contradict each other.";
    BruteForce => "Brute Force", "A trial: a digit taken from the solution when no technique applies.";
}

impl Technique {
    /// Techniques one search finds together; the search picks the best step among them.
    pub fn family(self) -> &'static [Technique] {
        use Technique::*;
        match self {
            LockedCandidatesPointing | LockedCandidatesClaiming => {
                &[LockedCandidatesPointing, LockedCandidatesClaiming]
            }
            SimpleColorsTrap | SimpleColorsWrap => &[SimpleColorsTrap, SimpleColorsWrap],
            MultiColors1 | MultiColors2 => &[MultiColors1, MultiColors2],
            ContinuousNiceLoop | DiscontinuousNiceLoop | Aic => {
                &[ContinuousNiceLoop, DiscontinuousNiceLoop, Aic]
            }
            GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => &[
                GroupedContinuousNiceLoop,
                GroupedDiscontinuousNiceLoop,
                GroupedAic,
                ContinuousNiceLoop,
                DiscontinuousNiceLoop,
                Aic,
            ],
            ForcingChainContradiction | ForcingChainVerity => {
                &[ForcingChainContradiction, ForcingChainVerity]
            }
            ForcingNetContradiction | ForcingNetVerity => {
                &[ForcingNetContradiction, ForcingNetVerity]
            }
            _ => std::slice::from_ref(Technique::ALL.iter().find(|t| **t == self).expect("listed")),
        }
    }

    /// Whether the technique relies on the puzzle having one solution.
    pub fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            BivalueUniversalGrave
                | UniquenessTest1
                | UniquenessTest2
                | UniquenessTest3
                | UniquenessTest4
                | UniquenessTest5
                | UniquenessTest6
                | HiddenRectangle
                | AvoidableRectangle1
                | AvoidableRectangle2
        )
    }

    /// Whether the technique belongs to the killer family (reasons about cage sums).
    pub fn is_killer(self) -> bool {
        use Technique::*;
        matches!(
            self,
            CageCombination
                | CageHouseInteraction
                | InniesOuties
                | HiddenCageInteraction
                | LawOfLeftovers
                | CombinationInteraction
                | CageComparison
                | CageSplitting
                | HiddenSumBounds
                | CageForcingChain
                | CageCombinationForcing
        )
    }

    /// Whether the technique belongs to the variant family (reasons about one variant rule:
    /// anti-knight, Kropki dots, thermometers, arrows, …).
    pub fn is_variant(self) -> bool {
        use Technique::*;
        matches!(
            self,
            AntiKnight
                | AntiKing
                | ExtraRegion
                | EvenOdd
                | KropkiDot
                | XvSum
                | NegativeConstraint
                | Thermometer
                | Palindrome
                | Clone
                | MinimumMaximum
                | Quadruple
                | Whispers
                | Renban
                | BetweenLine
                | EntropicLine
                | ModularLine
                | ZipperLine
                | RegionSumLine
                | ArrowSum
                | LittleKiller
                | SandwichSum
                | XSum
                | SkyscraperClue
                | ColumnIndexer
                | RowIndexer
                | BoxIndexer
                | DoubleArrow
                | LockoutLine
                | NabnerLine
                | FreeCage
                | RuleForcingChain
        )
    }

    /// Whether the technique places digits (singles, trial) rather than eliminating candidates.
    pub fn is_single(self) -> bool {
        matches!(
            self,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}
