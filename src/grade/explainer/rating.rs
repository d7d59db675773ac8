//! SE's numbers: tenths as text, and the length bonus of chains.

/// A rating in tenths as SE prints it (`72` → `7.2`).
pub fn format_tenths(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// SE's length bonus in tenths for a chain of `complexity` nodes: one tenth each time the
/// length passes a ceiling, the ceilings growing 4, 6, 8, 12, 16, 24, 32, 48, … (alternately
/// by half and by a third).
pub fn length_bonus(complexity: usize) -> u32 {
    let length = complexity.saturating_sub(2);
    let mut bonus = 0;
    let mut ceiling = 4usize;
    let mut by_half = true;
    while length > ceiling {
        bonus += 1;
        ceiling = if by_half {
            ceiling * 3 / 2
        } else {
            ceiling * 4 / 3
        };
        by_half = !by_half;
    }
    bonus
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceilings_follow_se() {
        // length = complexity - 2 passes 4, 6, 8, 12, 16, 24, 32, 48
        let firsts: Vec<usize> = (1..=8)
            .map(|bonus| (0..200).find(|&c| length_bonus(c) >= bonus).unwrap() - 2)
            .collect();
        assert_eq!(firsts, vec![5, 7, 9, 13, 17, 25, 33, 49]);
        assert_eq!(format_tenths(72), "7.2");
        assert_eq!(format_tenths(100), "10.0");
    }
}
