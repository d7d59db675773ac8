//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding};
pub(crate) fn simple_colors<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
pub(crate) fn multi_colors<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
