//! CSV: the columns a command writes, typed, and the trait a record implements to fill them.

/// A CSV column: each command writes a fixed list of them, in order, under a header of
/// their names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)] // each is the record field of the same name
pub enum Column {
    Source,
    Name,
    Status,
    Id,
    Puzzle,
    Variant,
    Size,
    Solutions,
    AtLeast,
    Solution,
    Second,
    Level,
    Score,
    Er,
    Ep,
    Ed,
    Se,
    Hardest,
    TrialSteps,
    Solved,
    Techniques,
    Work,
    CanonicalKey,
    SeRating,
    Added,
    Count,
    EarlierId,
    EarlierSource,
    EarlierAdded,
    Differences,
    PublishedSolutionDiffersAt,
    Reason,
    Suggest,
}

impl Column {
    /// The column's name in the header (the record field's name).
    pub fn name(self) -> &'static str {
        match self {
            Column::Source => "source",
            Column::Name => "name",
            Column::Status => "status",
            Column::Id => "id",
            Column::Puzzle => "puzzle",
            Column::Variant => "variant",
            Column::Size => "size",
            Column::Solutions => "solutions",
            Column::AtLeast => "at_least",
            Column::Solution => "solution",
            Column::Second => "second",
            Column::Level => "level",
            Column::Score => "score",
            Column::Er => "er",
            Column::Ep => "ep",
            Column::Ed => "ed",
            Column::Se => "se",
            Column::Hardest => "hardest",
            Column::TrialSteps => "trial_steps",
            Column::Solved => "solved",
            Column::Techniques => "techniques",
            Column::Work => "work",
            Column::CanonicalKey => "canonical_key",
            Column::SeRating => "se_rating",
            Column::Added => "added",
            Column::Count => "count",
            Column::EarlierId => "earlier_id",
            Column::EarlierSource => "earlier_source",
            Column::EarlierAdded => "earlier_added",
            Column::Differences => "differences",
            Column::PublishedSolutionDiffersAt => "published_solution_differs_at",
            Column::Reason => "reason",
            Column::Suggest => "suggest",
        }
    }
}

/// A record written as a CSV row.
pub trait Row {
    /// The text of `column` in this record (empty when the record has no such field).
    fn field(&self, column: Column) -> String;

    /// The row under `columns`, each field quoted when needed.
    fn row(&self, columns: &[Column]) -> String {
        columns
            .iter()
            .map(|&column| csv_field(&self.field(column)))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The header line of `columns`.
pub fn header(columns: &[Column]) -> String {
    columns
        .iter()
        .map(|column| column.name())
        .collect::<Vec<_>>()
        .join(",")
}

/// A CSV field, quoted when needed.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// An optional value's text (empty when absent).
pub fn text_of<T: ToString>(value: &Option<T>) -> String {
    value.as_ref().map(ToString::to_string).unwrap_or_default()
}

/// Technique counts as one field: `name xN; …`.
pub fn techniques_text(counts: &std::collections::BTreeMap<String, usize>) -> String {
    counts
        .iter()
        .map(|(name, count)| format!("{name} x{count}"))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_when_needed() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
        assert_eq!(csv_field("r1c1 r2c2"), "r1c1 r2c2");
        let counts = [("Naked Single".to_string(), 3)].into_iter().collect();
        assert_eq!(techniques_text(&counts), "Naked Single x3");
    }
}
