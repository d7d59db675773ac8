//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding};
pub(crate) enum Fins {
    None,
    Finned,
    Sashimi,
}
pub(crate) fn basic<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
    _s: usize,
    _f: Fins,
) -> Option<Finding> {
    None
}
pub(crate) fn franken<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
    _s: usize,
    _f: bool,
) -> Option<Finding> {
    None
}
