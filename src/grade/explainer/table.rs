//! `SeTechnique` (every kind of step on Sudoku Explainer's scale) and `SeTable` (their base
//! ratings, in the producer order of SE and its Sukaku Explainer fork; data read from `table.ron`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Every kind of step Sudoku Explainer (1.2.1 and its Sukaku Explainer fork) takes, named as SE
/// prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SeTechnique {
    /// The last empty cell of a house (SE: "Single", last value).
    LastValue,
    /// A digit with one place left in a box.
    HiddenSingleBox,
    /// A digit with one place left in a row or column.
    HiddenSingleLine,
    /// A pointing elimination that leaves a hidden single.
    DirectPointing,
    /// A claiming elimination that leaves a hidden single.
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triplet whose eliminations leave a hidden single.
    DirectHiddenTriplet,
    /// A box's digit confined to one line.
    Pointing,
    /// A line's digit confined to one box.
    Claiming,
    /// Two cells of a house holding only the same two digits.
    NakedPair,
    /// A digit in two lines confined to two cross lines.
    XWing,
    /// Two digits of a house confined to two cells.
    HiddenPair,
    /// Three cells of a house holding only three digits.
    NakedTriplet,
    /// A digit in three lines confined to three cross lines.
    Swordfish,
    /// Three digits of a house confined to three cells.
    HiddenTriplet,
    /// Two strong links on one digit joined by a weak link (Skyscraper, 2-String Kite,
    /// Turbot Fish, or grouped as an empty rectangle).
    TwoStrongLinks,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// A unique rectangle (types 1 to 4).
    UniqueRectangle,
    /// Four cells of a house holding only four digits.
    NakedQuad,
    /// A digit in four lines confined to four cross lines.
    Jellyfish,
    /// Four digits of a house confined to four cells.
    HiddenQuad,
    /// Three strong links on one digit.
    ThreeStrongLinks,
    /// A bivalue cell and an almost locked set of three cells sharing a restricted digit.
    WxyzWing,
    /// Bivalue universal grave.
    BivalueUniversalGrave,
    /// Four strong links on one digit.
    FourStrongLinks,
    /// A bivalue cell and an almost locked set of four cells sharing a restricted digit.
    VwxyzWing,
    /// Two cells whose combinations of candidates rule some candidates out.
    AlignedPairExclusion,
    /// Five strong links on one digit.
    FiveStrongLinks,
    /// A bivalue cell and an almost locked set of five cells sharing a restricted digit.
    UvwxyzWing,
    /// Six strong links on one digit.
    SixStrongLinks,
    /// A single-digit loop of conjugate pairs and weak links.
    BidirectionalXCycle,
    /// A loop through bivalue cells.
    BidirectionalYCycle,
    /// A single-digit chain from a candidate to its own negation.
    ForcingXChain,
    /// A chain from a candidate to its own negation.
    ForcingChain,
    /// A loop mixing both kinds of links.
    BidirectionalCycle,
    /// A bivalue cell and an almost locked set of six cells sharing a restricted digit.
    TuvwxyzWing,
    /// Three cells whose combinations of candidates rule some candidates out.
    AlignedTripletExclusion,
    /// A candidate whose assumption leads, dynamically, to a contradiction.
    NishioForcingChain,
    /// Several chains (from a cell's candidates, a house's places, or both values of a
    /// candidate) that agree.
    MultipleForcingChain,
    /// Multiple forcing chains propagated on the grid as it changes.
    DynamicForcingChain,
    /// Dynamic forcing chains that also use pointing, claiming and subsets.
    DynamicForcingChainPlus,
    /// Dynamic forcing chains (+) with forcing chains nested inside (SE level 2).
    NestedForcingChain,
    /// Dynamic forcing chains (+) with multiple forcing chains nested inside (SE level 3).
    NestedMultipleForcingChain,
    /// Dynamic forcing chains (+) with dynamic forcing chains nested inside (SE level 4).
    NestedDynamicForcingChain,
    /// Dynamic forcing chains (+) with nested forcing chains nested inside (SE level 5).
    DoublyNestedForcingChain,
}

impl SeTechnique {
    /// Every technique, in SE's producer order.
    pub const ALL: [SeTechnique; 47] = [
        SeTechnique::LastValue,
        SeTechnique::HiddenSingleBox,
        SeTechnique::HiddenSingleLine,
        SeTechnique::DirectPointing,
        SeTechnique::DirectClaiming,
        SeTechnique::DirectHiddenPair,
        SeTechnique::NakedSingle,
        SeTechnique::DirectHiddenTriplet,
        SeTechnique::Pointing,
        SeTechnique::Claiming,
        SeTechnique::NakedPair,
        SeTechnique::XWing,
        SeTechnique::HiddenPair,
        SeTechnique::NakedTriplet,
        SeTechnique::Swordfish,
        SeTechnique::HiddenTriplet,
        SeTechnique::TwoStrongLinks,
        SeTechnique::XyWing,
        SeTechnique::XyzWing,
        SeTechnique::UniqueRectangle,
        SeTechnique::NakedQuad,
        SeTechnique::Jellyfish,
        SeTechnique::HiddenQuad,
        SeTechnique::ThreeStrongLinks,
        SeTechnique::WxyzWing,
        SeTechnique::BivalueUniversalGrave,
        SeTechnique::FourStrongLinks,
        SeTechnique::VwxyzWing,
        SeTechnique::AlignedPairExclusion,
        SeTechnique::FiveStrongLinks,
        SeTechnique::UvwxyzWing,
        SeTechnique::SixStrongLinks,
        SeTechnique::BidirectionalXCycle,
        SeTechnique::BidirectionalYCycle,
        SeTechnique::ForcingXChain,
        SeTechnique::ForcingChain,
        SeTechnique::BidirectionalCycle,
        SeTechnique::TuvwxyzWing,
        SeTechnique::AlignedTripletExclusion,
        SeTechnique::NishioForcingChain,
        SeTechnique::MultipleForcingChain,
        SeTechnique::DynamicForcingChain,
        SeTechnique::DynamicForcingChainPlus,
        SeTechnique::NestedForcingChain,
        SeTechnique::NestedMultipleForcingChain,
        SeTechnique::NestedDynamicForcingChain,
        SeTechnique::DoublyNestedForcingChain,
    ];

    /// The name SE prints.
    pub fn name(self) -> &'static str {
        use SeTechnique::*;
        match self {
            LastValue => "Last Value",
            HiddenSingleBox | HiddenSingleLine => "Hidden Single",
            DirectPointing => "Direct Pointing",
            DirectClaiming => "Direct Claiming",
            DirectHiddenPair => "Direct Hidden Pair",
            NakedSingle => "Naked Single",
            DirectHiddenTriplet => "Direct Hidden Triplet",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked Pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden Pair",
            NakedTriplet => "Naked Triplet",
            Swordfish => "Swordfish",
            HiddenTriplet => "Hidden Triplet",
            TwoStrongLinks => "Turbot Fish",
            ThreeStrongLinks => "3 Strong Links",
            FourStrongLinks => "4 Strong Links",
            FiveStrongLinks => "5 Strong Links",
            SixStrongLinks => "6 Strong Links",
            WxyzWing => "WXYZ-Wing",
            VwxyzWing => "VWXYZ-Wing",
            UvwxyzWing => "UVWXYZ-Wing",
            TuvwxyzWing => "TUVWXYZ-Wing",
            AlignedTripletExclusion => "Aligned Triplet Exclusion",
            XyWing => "XY-Wing",
            XyzWing => "XYZ-Wing",
            UniqueRectangle => "Unique Rectangle",
            NakedQuad => "Naked Quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden Quad",
            BivalueUniversalGrave => "Bivalue Universal Grave",
            AlignedPairExclusion => "Aligned Pair Exclusion",
            BidirectionalXCycle => "Bidirectional X-Cycle",
            BidirectionalYCycle => "Bidirectional Y-Cycle",
            ForcingXChain => "Forcing X-Chain",
            ForcingChain => "Forcing Chain",
            BidirectionalCycle => "Bidirectional Cycle",
            NishioForcingChain => "Nishio Forcing Chains",
            MultipleForcingChain => "Multiple Forcing Chains",
            DynamicForcingChain => "Dynamic Forcing Chains",
            DynamicForcingChainPlus => "Dynamic Forcing Chains (+)",
            NestedForcingChain => "Nested Forcing Chains (+ Forcing Chains)",
            NestedMultipleForcingChain => "Nested Forcing Chains (+ Multiple Forcing Chains)",
            NestedDynamicForcingChain => "Nested Forcing Chains (+ Dynamic Forcing Chains)",
            DoublyNestedForcingChain => "Nested Forcing Chains (+ Nested Forcing Chains)",
        }
    }
}

impl fmt::Display for SeTechnique {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// One row of the table: a technique and its base rating (SE's number, e.g. 6.6).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeRow {
    /// The technique.
    pub technique: SeTechnique,
    /// Its base rating.
    pub rating: f64,
}

/// The RON text of the built-in SE table with the Sukaku Explainer fork's techniques
/// (`table.ron`), comments included.
pub const EXPLAINER_TABLE: &str = include_str!("table.ron");

/// The RON text of the built-in SE 1.2.1 table (`table_original.ron`), comments included.
pub const ORIGINAL_TABLE: &str = include_str!("table_original.ron");

/// The base rating of every technique of the SE scale. The rater's order is SE's producer
/// order; the table says what each step is worth before the chain length bonus.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeTable {
    /// One row per technique.
    pub rows: Vec<SeRow>,
}

impl Default for SeTable {
    fn default() -> Self {
        SeTable::explainer()
    }
}

impl SeTable {
    /// Sudoku Explainer's ratings with the Sukaku Explainer fork's techniques (`table.ron`),
    /// the set that rated the published banks.
    pub fn explainer() -> SeTable {
        SeTable::from_ron(EXPLAINER_TABLE).expect("the built-in SE table parses")
    }

    /// Sudoku Explainer 1.2.1's own techniques and ratings (`table_original.ron`).
    pub fn original() -> SeTable {
        SeTable::from_ron(ORIGINAL_TABLE).expect("the built-in SE 1.2.1 table parses")
    }

    /// Reads a table from RON text.
    pub fn from_ron(text: &str) -> Result<SeTable, ron::error::SpannedError> {
        ron::from_str(text)
    }

    /// A technique's base rating in tenths (6.6 → 66); techniques missing from the table
    /// are not used.
    pub fn tenths(&self, technique: SeTechnique) -> Option<u32> {
        self.rows
            .iter()
            .find(|row| row.technique == technique)
            .map(|row| (row.rating * 10.0).round().max(0.0) as u32)
    }
}
