//! TODO
use super::Context;
use crate::grade::{board::Board, step::Finding};
pub(crate) fn sue_de_coq<const W: usize>(_c: &Context<'_, W>, _b: &Board<W>) -> Option<Finding> {
    None
}
