//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding};
pub(crate) fn cage_combinations<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
) -> Option<Finding> {
    None
}
pub(crate) fn cage_house_interaction<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
) -> Option<Finding> {
    None
}
pub(crate) fn innies_outies<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn cage_comparison<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
) -> Option<Finding> {
    None
}
