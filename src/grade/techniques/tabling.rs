//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding};
pub(crate) fn nice_loops<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
    _g: bool,
) -> Option<Finding> {
    None
}
pub(crate) fn forcing_chains<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
    _n: bool,
) -> Option<Finding> {
    None
}
