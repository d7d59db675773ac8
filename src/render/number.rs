//! Numbers written into SVG and PDF: at most two decimals, no trailing zeros, so output is
//! short and the same on every machine.

/// `value` rounded to two decimals, without trailing zeros (`12`, `12.5`, `-0.25`).
pub fn short(value: f64) -> String {
    let hundredths = (value * 100.0).round() as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let magnitude = hundredths.unsigned_abs();
    let (whole, fraction) = (magnitude / 100, magnitude % 100);
    match fraction {
        0 => format!("{sign}{whole}"),
        _ if fraction % 10 == 0 => format!("{sign}{whole}.{}", fraction / 10),
        _ => format!("{sign}{whole}.{fraction:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn two_decimals_at_most() {
        assert_eq!(short(12.0), "12");
        assert_eq!(short(12.5), "12.5");
        assert_eq!(short(0.254), "0.25");
        assert_eq!(short(-0.25), "-0.25");
        assert_eq!(short(-0.001), "0");
        assert_eq!(short(595.2756), "595.28");
    }
}
