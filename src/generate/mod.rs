//! The generator: full grids, givens dug under symmetry, killer cages carved, all unique.

pub mod cages;
pub mod comparisons;
