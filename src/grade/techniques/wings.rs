//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding};
pub(crate) fn w_wing<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn xy_wing<const W: usize>(
    _c: &Context<'_, W>,
    _b: &Board<W>,
    _z: bool,
) -> Option<Finding> {
    None
}
