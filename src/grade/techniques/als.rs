//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding};
pub(crate) fn als_xz<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn als_xy_wing<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn als_chain<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
