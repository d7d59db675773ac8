//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding};
pub(crate) fn turbot_fish<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn remote_pair<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn x_chain<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn xy_chain<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
