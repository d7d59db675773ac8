//! Comparing our SE ratings with published ones: the calibration file's rating column
//! (an exact ER, or a bucket such as `<1.5` or `1.5-2.3`) and the fidelity measures
//! (exact ER, ER within 0.5, Spearman rank correlation).

/// A published ER: exact, or only known to lie in a range (tenths, both ends included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Published {
    /// An exact rating in tenths.
    Exact(u32),
    /// A bucket: lowest and highest rating in tenths.
    Range(u32, u32),
}

impl Published {
    /// Reads `7.2`, `<1.5` (1.0 to 1.4) or `1.5-2.3`; `None` for anything else.
    pub fn parse(text: &str) -> Option<Published> {
        let tenths = |word: &str| -> Option<u32> {
            let value: f64 = word.trim().parse().ok()?;
            (0.0..100.0)
                .contains(&value)
                .then(|| (value * 10.0).round() as u32)
        };
        if let Some(rest) = text.strip_prefix('<') {
            return Some(Published::Range(0, tenths(rest)?.checked_sub(1)?));
        }
        if let Some((low, high)) = text.split_once('-') {
            return Some(Published::Range(tenths(low)?, tenths(high)?));
        }
        tenths(text).map(Published::Exact)
    }

    /// How far `tenths` lies from the published rating (0 inside a bucket).
    pub fn distance(self, tenths: u32) -> u32 {
        match self {
            Published::Exact(value) => value.abs_diff(tenths),
            Published::Range(low, high) => {
                if tenths < low {
                    low - tenths
                } else {
                    tenths.saturating_sub(high)
                }
            }
        }
    }

    /// A representative value for ranking: the exact rating or the bucket's middle.
    pub fn representative(self) -> f64 {
        match self {
            Published::Exact(value) => f64::from(value),
            Published::Range(low, high) => f64::from(low + high) / 2.0,
        }
    }
}

/// Fidelity of our ratings against published ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fidelity {
    /// Puzzles compared.
    pub count: usize,
    /// Share with the same ER (inside the bucket for bucketed ones).
    pub exact: f64,
    /// Share with ER within 0.5.
    pub within_half: f64,
    /// Spearman rank correlation of ER (bucket middles for bucketed ones).
    pub spearman: f64,
}

/// Measures `pairs` of (published, ours in tenths).
pub fn fidelity(pairs: &[(Published, u32)]) -> Fidelity {
    let count = pairs.len();
    if count == 0 {
        return Fidelity {
            count,
            exact: 0.0,
            within_half: 0.0,
            spearman: 0.0,
        };
    }
    let share = |test: &dyn Fn(u32) -> bool| {
        pairs
            .iter()
            .filter(|(published, ours)| test(published.distance(*ours)))
            .count() as f64
            / count as f64
    };
    let published: Vec<f64> = pairs.iter().map(|(p, _)| p.representative()).collect();
    let ours: Vec<f64> = pairs.iter().map(|(_, ours)| f64::from(*ours)).collect();
    Fidelity {
        count,
        exact: share(&|distance| distance == 0),
        within_half: share(&|distance| distance <= 5),
        spearman: pearson(&ranks(&published), &ranks(&ours)),
    }
}

/// Spearman's rank correlation of two equally long series (ties ranked at their average),
/// 0 when either is constant.
pub fn spearman(first: &[f64], second: &[f64]) -> f64 {
    pearson(&ranks(first), &ranks(second))
}

/// Ranks with ties given their average rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start;
        while end + 1 < order.len() && values[order[end + 1]] == values[order[start]] {
            end += 1;
        }
        let average = (start + end) as f64 / 2.0;
        for &index in &order[start..=end] {
            ranks[index] = average;
        }
        start = end + 1;
    }
    ranks
}

fn pearson(first: &[f64], second: &[f64]) -> f64 {
    let count = first.len() as f64;
    let mean_first = first.iter().sum::<f64>() / count;
    let mean_second = second.iter().sum::<f64>() / count;
    let mut covariance = 0.0;
    let mut spread_first = 0.0;
    let mut spread_second = 0.0;
    for (a, b) in first.iter().zip(second) {
        covariance += (a - mean_first) * (b - mean_second);
        spread_first += (a - mean_first).powi(2);
        spread_second += (b - mean_second).powi(2);
    }
    if spread_first == 0.0 || spread_second == 0.0 {
        return 0.0;
    }
    covariance / (spread_first * spread_second).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_and_ranks() {
        assert_eq!(Published::parse("<1.5"), Some(Published::Range(0, 14)));
        assert_eq!(Published::parse("1.5-2.3"), Some(Published::Range(15, 23)));
        assert_eq!(Published::parse("7.2"), Some(Published::Exact(72)));
        assert_eq!(Published::parse("x"), None);
        assert_eq!(Published::Range(15, 23).distance(12), 3);
        assert_eq!(Published::Range(15, 23).distance(20), 0);
        let pairs = [
            (Published::Exact(25), 25),
            (Published::Exact(72), 75),
            (Published::Exact(90), 92),
            (Published::Exact(40), 80),
        ];
        let measured = fidelity(&pairs);
        assert_eq!(measured.exact, 0.25);
        assert_eq!(measured.within_half, 0.75);
        assert!((measured.spearman - 0.8).abs() < 1e-9);
    }
}
