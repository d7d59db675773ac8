//! SE's chain engine. A potential is a candidate assumed on (true) or off (false); links go
//! on → off (a true candidate turns off its cell's other candidates and its digit in every
//! peer) and off → on (a false candidate turns on the other candidate of a bivalue cell, or
//! the other place of its digit in a house with two places). Static chains read the links of
//! the grid as it is; dynamic ones apply every off to a copy of the grid as they go, so a
//! cell or house left with one candidate turns it on.
//!
//! Producers, in SE's order: static chains (bidirectional cycles and forcing chains that
//! end in their own start, X-only or with cell links), Nishio (dynamic, one digit), then
//! multiple forcing chains (contradictions, both values of a candidate, every candidate of a
//! cell or every place of a digit in a house agreeing), static, dynamic, and dynamic with
//! pointing, claiming, hidden and naked pairs and X-Wings inside the propagation. Each producer offers its easiest hint: the
//! base rating plus the length bonus of its complexity (the nodes its chains hold).
//!
//! By concern: `graph.rs` the grid's potentials, static links and search; `cycles.rs` the
//! static chain producer; `propagation.rs` what an assumption implies; `advanced.rs` the
//! rules a stalled dynamic (+) propagation applies; `forcing.rs` Nishio and multiple forcing
//! chains.

mod advanced;
mod cycles;
mod forcing;
mod graph;
mod propagation;

pub(crate) use cycles::static_chains;
pub(super) use forcing::multiple_on;
pub(crate) use forcing::{multiple, nishio};
pub(super) use graph::{Graph, Grid, Search, BOTH_LINKS};
pub(crate) use propagation::Scratch;
pub(super) use propagation::{propagate, propagate_static, Cause, Propagation};

use super::table::SeTechnique;

/// How a multiple forcing chain propagates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Depth {
    /// Links of the grid as it is.
    Static,
    /// Links of the grid as the assumptions change it.
    Dynamic,
    /// Dynamic, with SE's "advanced" rules (pointing and claiming, hidden pairs, naked
    /// pairs, X-Wings) applied when the propagation stalls.
    DynamicPlus,
    /// Dynamic (+), with chains nested inside the propagation when it stalls (SE's levels
    /// 2 to 5: forcing chains, multiple, dynamic, then nested forcing chains inside).
    Nested(u8),
}

impl Depth {
    /// SE's level of a dynamic propagation: 0 plain, 1 with the advanced rules, 2 and up
    /// with nested chains.
    pub(crate) fn level(self) -> u8 {
        match self {
            Depth::Static | Depth::Dynamic => 0,
            Depth::DynamicPlus => 1,
            Depth::Nested(level) => level,
        }
    }
}

/// Whether `technique` belongs to the first chain producer (one search serves them all).
pub(crate) fn is_static_chain(technique: SeTechnique) -> bool {
    use SeTechnique::*;
    matches!(
        technique,
        BidirectionalXCycle
            | BidirectionalYCycle
            | ForcingXChain
            | ForcingChain
            | BidirectionalCycle
    )
}
