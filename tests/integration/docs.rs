//! The documents a newcomer reads: README's length and first lines, and every link between
//! README, the other top-level documents and `docs/` (files and headings that exist).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

/// The two commands a new user runs first: one that makes a book from a preset, and the test
/// command CI runs.
const FIRST_COMMANDS: &str = "```sh\n\
    cargo run --release -- book --preset book-classic --seed 1\n\
    cargo test --release\n\
    ```\n";

/// Issue 43, point 7: README is at most 300 lines, says what sudokit is with the true count
/// of the book its first command makes, and then gives the two commands before anything else.
#[test]
fn readme_is_short_and_starts_with_the_two_commands() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines, more than 300");
    let first_block = readme.find("```").expect("a code block in README");
    assert_eq!(
        &readme[first_block..first_block + FIRST_COMMANDS.len()],
        FIRST_COMMANDS,
        "README's first code block is the two commands"
    );
    let before = &readme[..first_block];
    assert!(
        !before.contains("\n## "),
        "the two commands come before README's first section"
    );
    let book = sudokit::render::book_preset::BookPreset::builtin("book-classic").unwrap();
    let puzzles: usize = book.sections.iter().map(|section| section.count).sum();
    assert!(
        before.contains(&format!("{puzzles} puzzles")),
        "README's first paragraph gives book-classic's count, {puzzles} puzzles"
    );
    let ci = read(&root().join(".ci/run"));
    assert!(
        ci.lines().any(|line| line == "cargo test --release"),
        ".ci/run runs the test command README gives"
    );
}

/// Every Markdown file whose links are checked: README, the top-level documents and `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["README.md", "ARCHITECTURE.md", "BENCHMARKS.md"]
        .iter()
        .map(|name| root().join(name))
        .collect();
    let mut in_docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "md"))
        .collect();
    in_docs.sort();
    files.extend(in_docs);
    files
}

/// The lines of a Markdown text outside fenced code blocks.
fn prose_lines(text: &str) -> Vec<&str> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            lines.push(line);
        }
    }
    lines
}

/// The anchors GitHub gives a document's headings: lower case, letters, digits, `-` and `_`
/// kept, spaces made `-`, everything else dropped; a repeated anchor numbered `-1`, `-2`, ….
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for line in prose_lines(text) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let title = heading.trim_start_matches('#');
        if !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|character| match character {
                ' ' => Some('-'),
                '-' | '_' => Some(character),
                _ if character.is_alphanumeric() => Some(character),
                _ => None,
            })
            .collect();
        let mut anchor = slug.clone();
        let mut number = 0;
        while seen.contains(&anchor) {
            number += 1;
            anchor = format!("{slug}-{number}");
        }
        seen.insert(anchor);
    }
    seen
}

/// The targets of a text's inline links and images, `[text](target)`, outside code.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose_lines(text) {
        let mut from = 0;
        while let Some(found) = line[from..].find("](") {
            let start = from + found + 2;
            let Some(length) = line[start..].find(')') else {
                break;
            };
            // a link inside an inline code span (an odd number of backticks before it) is code
            if line[..start].matches('`').count() % 2 == 0 {
                let target = line[start..start + length].split_whitespace().next();
                targets.push(target.unwrap_or("").to_string());
            }
            from = start + length;
        }
    }
    targets
}

/// Issue 43, point 7: every relative link in README, the top-level documents and `docs/`
/// names a file that exists, and a link to a heading names a heading that exists.
#[test]
fn every_link_between_the_documents_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for document in documents() {
        let text = read(&document);
        let folder = document.parent().unwrap();
        let name = document.strip_prefix(root()).unwrap().display().to_string();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, fragment) = match target.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (target.as_str(), None),
            };
            let linked = if file.is_empty() {
                document.clone()
            } else {
                folder.join(file)
            };
            if !linked.exists() {
                broken.push(format!("{name}: {target}: no such file"));
                continue;
            }
            if let Some(fragment) = fragment {
                if linked
                    .extension()
                    .is_some_and(|extension| extension == "md")
                    && !anchors(&read(&linked)).contains(fragment)
                {
                    broken.push(format!("{name}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links found: is the reader right?"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_follow_github() {
    let text = "# Title\n## Setter help: `check --suggest`\n## 25×25\n```\n# not a heading\n```\n## Title\n";
    let found = anchors(text);
    let expected: BTreeSet<String> = ["title", "setter-help-check---suggest", "2525", "title-1"]
        .iter()
        .map(|anchor| anchor.to_string())
        .collect();
    assert_eq!(found, expected);
}
