//! The puzzle model: geometry and typed indices, digit sets, grids, constraints (the variant
//! rules in [`variant`]), `Puzzle`.

mod constraint;
mod digit;
mod error;
mod geometry;
mod grid;
mod puzzle;
mod symmetry;
pub mod variant;

pub use constraint::{Cage, CageId, Comparison, Constraint, Relation};
pub use digit::{Digit, DigitSet, MAX_SIZE};
pub use error::ModelError;
pub use geometry::{Cell, Diagonal, Geometry, House, HouseKind};
pub use grid::Grid;
pub use puzzle::{cage_sum, sum_range, Puzzle};
pub use symmetry::{Symmetry, UnknownSymmetry};
