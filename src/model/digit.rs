//! Digits (`1..=n`) and typed sets of digits.

use std::fmt;
use std::num::NonZeroU8;

/// The largest grid side the model supports (25×25 with 5×5 boxes).
pub const MAX_SIZE: u8 = 25;

/// A digit placed in a cell: `1..=n` for an n×n grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit with this value, if the value is in `1..=MAX_SIZE`.
    pub fn new(value: u8) -> Option<Digit> {
        if value > MAX_SIZE {
            return None;
        }
        NonZeroU8::new(value).map(Digit)
    }

    /// The digit's value, `1..=n`.
    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// The digit's zero-based position, for indexing tables.
    pub fn index(self) -> usize {
        usize::from(self.0.get() - 1)
    }

    /// The digit at zero-based position `index`.
    pub fn from_index(index: usize) -> Digit {
        Digit::new(u8::try_from(index + 1).expect("digit index out of range"))
            .expect("digit index out of range")
    }

    /// All digits of an n×n grid, in increasing order.
    pub fn all(size: u8) -> impl Iterator<Item = Digit> {
        (1..=size).filter_map(Digit::new)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}", self.get())
    }
}

/// A set of digits, one bit per digit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u32);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// Every digit of an n×n grid.
    pub fn full(size: u8) -> DigitSet {
        DigitSet((1u32 << size) - 1)
    }

    /// The set holding only `digit`.
    pub fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << digit.index())
    }

    /// The raw bits (bit `d - 1` stands for digit `d`).
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The set whose raw bits are `bits`.
    pub fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits)
    }

    /// Whether `digit` is in the set.
    pub fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << digit.index()) != 0
    }

    /// Adds `digit`.
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << digit.index();
    }

    /// Removes `digit`.
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << digit.index());
    }

    /// How many digits the set holds.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digits in the set, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Digit::from_index(index))
        })
    }

    /// The sum of the digits' values.
    pub fn sum(self) -> u32 {
        self.iter().map(|digit| u32::from(digit.get())).sum()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_bounds() {
        assert!(Digit::new(0).is_none());
        assert!(Digit::new(26).is_none());
        assert_eq!(Digit::new(25).unwrap().index(), 24);
        assert_eq!(Digit::from_index(8).get(), 9);
    }

    #[test]
    fn set_operations() {
        let mut set = DigitSet::EMPTY;
        for value in [2, 5, 9] {
            set.insert(Digit::new(value).unwrap());
        }
        assert_eq!(set.len(), 3);
        assert_eq!(set.sum(), 16);
        assert_eq!(
            set.iter().map(Digit::get).collect::<Vec<_>>(),
            vec![2, 5, 9]
        );
        set.remove(Digit::new(5).unwrap());
        assert!(!set.contains(Digit::new(5).unwrap()));
        assert_eq!(DigitSet::full(9).len(), 9);
        assert_eq!(DigitSet::full(25).len(), 25);
    }
}
