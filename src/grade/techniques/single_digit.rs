//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding};
pub(crate) fn skyscraper<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn two_string_kite<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
) -> Option<Finding> {
    None
}
pub(crate) fn empty_rectangle<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
) -> Option<Finding> {
    None
}
