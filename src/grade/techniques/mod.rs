//! The technique families: each is a function from the candidate grid to a finding.
//!
//! Every family follows HoDoKu 2.2's search (its order of houses, digits and cells, and its
//! choice among several findings), so that the path, and so the rating, match HoDoKu's.

pub(crate) mod als;
pub(crate) mod chains;
pub(crate) mod coloring;
pub(crate) mod fish;
pub(crate) mod intersections;
pub(crate) mod killer;
pub(crate) mod premises;
mod sightings;
pub(crate) mod single_digit;
pub(crate) mod singles;
pub(crate) mod subsets;
pub(crate) mod sue_de_coq;

pub(crate) mod tabling;
pub(crate) mod uniqueness;
pub(crate) mod variant;
pub(crate) mod wings;

use super::board::Board;
use super::layout::Layout;
use super::memo::Memo;
use super::step::Finding;
use super::technique::Technique;

/// What every search may read besides the grid.
pub(crate) struct Context<'a, const W: usize> {
    /// The geometry tables.
    pub layout: &'a Layout<W>,
    /// Whether each technique (by `as usize`) may be used.
    pub enabled: &'a [bool],
    /// Whether the puzzle is known to have exactly one solution (uniqueness techniques).
    pub unique: bool,
    /// What earlier searches of this grading found out.
    pub memo: &'a Memo<W>,
}

impl<const W: usize> Context<'_, W> {
    /// Whether `technique` may be used.
    pub(crate) fn enabled(&self, technique: Technique) -> bool {
        self.enabled[technique as usize]
    }
}

/// Runs the search of `technique` (its whole [`Technique::family`]) on `board`.
pub(crate) fn find<const W: usize>(
    technique: Technique,
    context: &Context<'_, W>,
    board: &mut Board<W>,
) -> Option<Finding> {
    if technique.needs_uniqueness() && !context.unique {
        return None;
    }
    let mut finding = search(technique, context, board)?;
    let found = finding.technique;
    let classic = !(found.is_single() || found.is_killer() || found.is_variant());
    if classic && !context.layout.rules.is_empty() {
        sightings::name_rule_sightings(context.layout, board, &mut finding);
    }
    Some(finding)
}

/// The search of `technique`'s family.
fn search<const W: usize>(
    technique: Technique,
    context: &Context<'_, W>,
    board: &mut Board<W>,
) -> Option<Finding> {
    use Technique::*;
    match technique {
        FullHouse => singles::full_house(context, board),
        NakedSingle => singles::naked_single(context, board),
        HiddenSingle => singles::hidden_single(context, board),
        LockedCandidatesPointing | LockedCandidatesClaiming => {
            intersections::locked_candidates(context, board)
        }
        LockedPair => subsets::naked(context, board, 2, true),
        LockedTriple => subsets::naked(context, board, 3, true),
        NakedPair => subsets::naked(context, board, 2, false),
        NakedTriple => subsets::naked(context, board, 3, false),
        NakedQuadruple => subsets::naked(context, board, 4, false),
        HiddenPair => subsets::hidden(context, board, 2),
        HiddenTriple => subsets::hidden(context, board, 3),
        HiddenQuadruple => subsets::hidden(context, board, 4),
        XWing => fish::basic(context, board, 2, fish::Fins::None),
        Swordfish => fish::basic(context, board, 3, fish::Fins::None),
        Jellyfish => fish::basic(context, board, 4, fish::Fins::None),
        FinnedXWing => fish::basic(context, board, 2, fish::Fins::Finned),
        FinnedSwordfish => fish::basic(context, board, 3, fish::Fins::Finned),
        FinnedJellyfish => fish::basic(context, board, 4, fish::Fins::Finned),
        SashimiXWing => fish::basic(context, board, 2, fish::Fins::Sashimi),
        SashimiSwordfish => fish::basic(context, board, 3, fish::Fins::Sashimi),
        SashimiJellyfish => fish::basic(context, board, 4, fish::Fins::Sashimi),
        FrankenXWing => fish::franken(context, board, 2, false),
        FrankenSwordfish => fish::franken(context, board, 3, false),
        FinnedFrankenXWing => fish::franken(context, board, 2, true),
        FinnedFrankenSwordfish => fish::franken(context, board, 3, true),
        Skyscraper => single_digit::skyscraper(context, board),
        TwoStringKite => single_digit::two_string_kite(context, board),
        EmptyRectangle => single_digit::empty_rectangle(context, board),
        TurbotFish => chains::turbot_fish(context, board),
        WWing => wings::w_wing(context, board),
        XyWing => wings::xy_wing(context, board, false),
        XyzWing => wings::xy_wing(context, board, true),
        RemotePair => chains::remote_pair(context, board),
        XChain => chains::x_chain(context, board),
        XyChain => chains::xy_chain(context, board),
        BivalueUniversalGrave => uniqueness::bug_plus_one(context, board),
        UniquenessTest1 | UniquenessTest2 | UniquenessTest3 | UniquenessTest4 | UniquenessTest5
        | UniquenessTest6 | HiddenRectangle => {
            uniqueness::unique_rectangle(context, board, technique)
        }
        AvoidableRectangle1 | AvoidableRectangle2 => {
            uniqueness::avoidable_rectangle(context, board, technique)
        }
        SimpleColorsTrap | SimpleColorsWrap => coloring::simple_colors(context, board),
        MultiColors1 | MultiColors2 => coloring::multi_colors(context, board),
        SueDeCoq => sue_de_coq::sue_de_coq(context, board),
        ContinuousNiceLoop | DiscontinuousNiceLoop | Aic => {
            tabling::nice_loops(context, board, false)
        }
        GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => {
            tabling::nice_loops(context, board, true)
        }
        ForcingChainContradiction | ForcingChainVerity => {
            tabling::forcing_chains(context, board, false)
        }
        ForcingNetContradiction | ForcingNetVerity => tabling::forcing_chains(context, board, true),
        AlsXz => als::als_xz(context, board),
        AlsXyWing => als::als_xy_wing(context, board),
        AlsChain => als::als_chain(context, board),
        CageCombination => killer::cage_combinations(context, board),
        CageHouseInteraction => killer::cage_house_interaction(context, board),
        InniesOuties => killer::innies_outies(context, board),
        CombinationInteraction => killer::combination_interaction(context, board),
        HiddenCageInteraction => killer::hidden_cage_interaction(context, board),
        LawOfLeftovers => killer::law_of_leftovers(context, board),
        CageComparison => killer::cage_comparison(context, board),
        CageSplitting => killer::cage_splitting(context, board),
        HiddenSumBounds => killer::hidden_sum_bounds(context, board),
        CageForcingChain => killer::cage_forcing_chain(context, board),
        CageCombinationForcing => killer::cage_combination_forcing(context, board),
        AntiKnight | AntiKing | ExtraRegion | EvenOdd | KropkiDot | XvSum | NegativeConstraint
        | Thermometer | Palindrome | Clone | MinimumMaximum | Quadruple | Whispers | Renban
        | BetweenLine | EntropicLine | ModularLine | ZipperLine | RegionSumLine | ArrowSum
        | LittleKiller | SandwichSum | XSum | SkyscraperClue | ColumnIndexer | RowIndexer
        | BoxIndexer | DoubleArrow | LockoutLine | NabnerLine | FreeCage | RuleForcingChain => {
            variant::find(technique, context, board)
        }
        BruteForce => None,
    }
}

/// Visits every `size`-subset of `0..count` in lexicographic order until `visit` returns
/// `true`; returns whether it did.
pub(crate) fn for_each_combination(
    count: usize,
    size: usize,
    mut visit: impl FnMut(&[usize]) -> bool,
) -> bool {
    if size == 0 || size > count {
        return false;
    }
    let mut chosen: Vec<usize> = (0..size).collect();
    loop {
        if visit(&chosen) {
            return true;
        }
        let mut position = size;
        loop {
            if position == 0 {
                return false;
            }
            position -= 1;
            if chosen[position] < count - size + position {
                break;
            }
        }
        chosen[position] += 1;
        for next in position + 1..size {
            chosen[next] = chosen[next - 1] + 1;
        }
    }
}

/// The digit indices of a mask, in increasing order.
#[inline]
pub(crate) fn digits_of(mask: u32) -> impl Iterator<Item = usize> {
    let mut bits = mask;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let digit = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(digit)
    })
}
