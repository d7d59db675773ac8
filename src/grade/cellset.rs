//! `CellSet`: a fixed-width bitset of cell positions, sized at compile time for the grid.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

/// A set of cell positions (row-major indices), `W` 64-bit words wide: `W = 2` holds every
/// grid up to 11×11, `W = 4` up to 16×16 and `W = 10` up to 25×25.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct CellSet<const W: usize>([u64; W]);

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        CellSet::EMPTY
    }
}

impl<const W: usize> CellSet<W> {
    /// The empty set.
    pub(crate) const EMPTY: CellSet<W> = CellSet([0; W]);

    /// The set holding only `index`.
    pub(crate) fn single(index: usize) -> CellSet<W> {
        let mut set = CellSet::EMPTY;
        set.insert(index);
        set
    }

    /// Adds `index`.
    #[inline]
    pub(crate) fn insert(&mut self, index: usize) {
        self.0[index >> 6] |= 1u64 << (index & 63);
    }

    /// Removes `index`.
    #[inline]
    pub(crate) fn remove(&mut self, index: usize) {
        self.0[index >> 6] &= !(1u64 << (index & 63));
    }

    /// Whether `index` is in the set.
    #[inline]
    pub(crate) fn contains(&self, index: usize) -> bool {
        self.0[index >> 6] & (1u64 << (index & 63)) != 0
    }

    /// How many cells the set holds.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// How many cells the set holds, counted one by one: cheaper than [`len`](Self::len) for
    /// sets of a few cells when the processor has no population count instruction.
    #[inline]
    pub(crate) fn sparse_len(&self) -> usize {
        let mut count = 0;
        for &word in &self.0 {
            let mut bits = word;
            while bits != 0 {
                bits &= bits - 1;
                count += 1;
            }
        }
        count
    }

    /// Whether the set holds two cells or more.
    #[inline]
    pub(crate) fn more_than_one(&self) -> bool {
        let mut seen = false;
        for &word in &self.0 {
            if word != 0 {
                if seen || word & (word - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// Whether the set is empty.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub(crate) fn intersects(&self, other: &CellSet<W>) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// Whether every cell of `self` is in `other`.
    #[inline]
    pub(crate) fn is_subset(&self, other: &CellSet<W>) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    /// The cells of `self` that are not in `other`.
    #[inline]
    pub(crate) fn minus(&self, other: &CellSet<W>) -> CellSet<W> {
        let mut words = self.0;
        for (word, other) in words.iter_mut().zip(other.0.iter()) {
            *word &= !other;
        }
        CellSet(words)
    }

    /// The smallest index in the set.
    #[inline]
    pub(crate) fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &word)| word != 0)
            .map(|(position, word)| position * 64 + word.trailing_zeros() as usize)
    }

    /// The indices in increasing order.
    #[inline]
    pub(crate) fn iter(&self) -> CellSetIter<W> {
        CellSetIter {
            words: self.0,
            position: 0,
        }
    }

    /// The indices in increasing order, collected.
    pub(crate) fn to_vec(self) -> Vec<usize> {
        self.iter().collect()
    }
}

impl<const W: usize> FromIterator<usize> for CellSet<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for index in iter {
            set.insert(index);
        }
        set
    }
}

/// Iterator over a [`CellSet`] in increasing order.
pub(crate) struct CellSetIter<const W: usize> {
    words: [u64; W],
    position: usize,
}

impl<const W: usize> Iterator for CellSetIter<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.position < W {
            let word = self.words[self.position];
            if word != 0 {
                self.words[self.position] = word & (word - 1);
                return Some(self.position * 64 + word.trailing_zeros() as usize);
            }
            self.position += 1;
        }
        None
    }
}

impl<const W: usize> BitAnd for CellSet<W> {
    type Output = CellSet<W>;
    #[inline]
    fn bitand(mut self, other: CellSet<W>) -> CellSet<W> {
        self &= other;
        self
    }
}

impl<const W: usize> BitAndAssign for CellSet<W> {
    #[inline]
    fn bitand_assign(&mut self, other: CellSet<W>) {
        for (word, other) in self.0.iter_mut().zip(other.0.iter()) {
            *word &= other;
        }
    }
}

impl<const W: usize> BitOr for CellSet<W> {
    type Output = CellSet<W>;
    #[inline]
    fn bitor(mut self, other: CellSet<W>) -> CellSet<W> {
        self |= other;
        self
    }
}

impl<const W: usize> BitOrAssign for CellSet<W> {
    #[inline]
    fn bitor_assign(&mut self, other: CellSet<W>) {
        for (word, other) in self.0.iter_mut().zip(other.0.iter()) {
            *word |= other;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut set: CellSet<2> = [3, 64, 80].into_iter().collect();
        assert_eq!(set.len(), 3);
        assert_eq!(set.to_vec(), vec![3, 64, 80]);
        assert_eq!(set.first(), Some(3));
        set.remove(3);
        assert!(!set.contains(3));
        let other: CellSet<2> = [64, 100].into_iter().collect();
        assert_eq!((set & other).to_vec(), vec![64]);
        assert_eq!((set | other).len(), 3);
        assert_eq!(set.minus(&other).to_vec(), vec![80]);
        assert!(!set.is_subset(&other));
        assert!(CellSet::<2>::single(64).is_subset(&set));
    }
}
