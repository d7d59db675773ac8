//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding, technique::Technique};
pub(crate) fn bug_plus_one<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn unique_rectangle<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
    _t: Technique,
) -> Option<Finding> {
    None
}
pub(crate) fn avoidable_rectangle<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
    _t: Technique,
) -> Option<Finding> {
    None
}
