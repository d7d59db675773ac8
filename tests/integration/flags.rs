//! One flag vocabulary: `--quiet` and `--verbose` on every command, answers alone on standard
//! output, and the old spellings (`check --count`, `solve --format`) still read.

use crate::helpers::{file_with, path_text, sudokit, text};

const COMMANDS: [&str; 14] = [
    "check",
    "solve",
    "grade",
    "bench",
    "render",
    "link",
    "book",
    "generate",
    "presets",
    "serve",
    "bank",
    "merge",
    "completions",
    "man",
];

/// Two unique puzzles and one with several solutions.
const BATCH: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
";

#[test]
fn every_command_takes_quiet_and_verbose() {
    for command in COMMANDS {
        let help = text(&sudokit(&[command, "--help"]).stdout);
        for flag in ["-q, --quiet", "-v, --verbose"] {
            assert!(
                help.contains(flag),
                "{command} --help lacks {flag}:\n{help}"
            );
        }
    }
    let both = sudokit(&["presets", "--quiet", "--verbose"]);
    assert_eq!(both.status.code(), Some(2));
    assert!(text(&both.stderr).contains("cannot be used with"));
}

#[test]
fn quiet_leaves_the_answers_alone_on_standard_output() {
    let file = file_with(BATCH, ".txt");
    let path = path_text(file.path());
    let normal = sudokit(&["check", path]);
    // the summary goes to standard error (docs/guide.md): standard output holds the answers alone
    assert!(
        text(&normal.stderr).contains("summary: 3 puzzles"),
        "a summary without --quiet: {}",
        text(&normal.stderr)
    );
    assert!(!text(&normal.stdout).contains("summary:"));
    for arguments in [["check", "--quiet", path], ["-q", "check", path]] {
        let quiet = sudokit(&arguments);
        assert_eq!(quiet.status.code(), normal.status.code());
        assert_eq!(text(&quiet.stderr), "", "{arguments:?}");
        assert_eq!(text(&quiet.stdout), text(&normal.stdout), "{arguments:?}");
    }
    // records stay whole and alone; the summary on standard error goes with --quiet
    let records = sudokit(&["check", "--json", "--quiet", path]);
    assert_eq!(text(&records.stdout).lines().count(), 3);
    assert_eq!(text(&records.stderr), "");
    assert!(!text(&sudokit(&["check", "--json", path]).stderr).is_empty());
}

#[test]
fn verbose_says_what_was_read_and_how_long_it_took() {
    let file = file_with(BATCH, ".txt");
    let path = path_text(file.path());
    let verbose = sudokit(&["check", "--verbose", path]);
    let said = text(&verbose.stderr);
    assert!(
        said.contains(&format!("read {path}: 3 puzzle(s), 0 unreadable")),
        "{said}"
    );
    assert!(said.contains("thread(s)"), "{said}");
    assert!(said.contains("done in"), "{said}");
    // the same answers and summary (whose timing may differ) on standard output
    let answers = |output: &std::process::Output| -> Vec<String> {
        let stdout = text(&output.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        lines[..lines.len() - 1]
            .iter()
            .map(|line| line.to_string())
            .collect()
    };
    let normal = sudokit(&["check", path]);
    assert_eq!(
        answers(&verbose),
        answers(&normal),
        "--verbose adds nothing"
    );
    assert_eq!(
        text(&verbose.stdout).lines().count(),
        text(&normal.stdout).lines().count()
    );
}

#[test]
fn generate_and_render_say_nothing_with_quiet() {
    let folder = tempfile::tempdir().unwrap();
    let out = folder.path().join("six");
    let arguments = [
        "generate",
        "--preset",
        "sudoku-6",
        "--count",
        "2",
        "--seed",
        "3",
        "--out",
        path_text(&out),
        "--quiet",
    ];
    let generated = sudokit(&arguments);
    assert_eq!(
        generated.status.code(),
        Some(0),
        "{}",
        text(&generated.stderr)
    );
    assert_eq!(text(&generated.stdout), "");
    assert_eq!(text(&generated.stderr), "");
    let puzzles = out.join("puzzles.txt");
    assert_eq!(
        std::fs::read_to_string(&puzzles).unwrap().lines().count(),
        2
    );
    let pdf = folder.path().join("six.pdf");
    let rendered = sudokit(&[
        "render",
        "--pdf",
        "--out",
        path_text(&pdf),
        "-q",
        path_text(&puzzles),
    ]);
    assert_eq!(
        rendered.status.code(),
        Some(0),
        "{}",
        text(&rendered.stderr)
    );
    assert_eq!(text(&rendered.stderr), "");
    assert!(pdf.exists());
}

#[test]
fn old_spellings_still_work_and_stay_out_of_help() {
    let file = file_with(BATCH, ".txt");
    let path = path_text(file.path());
    let pairs: [(&[&str], &[&str]); 3] = [
        // --quiet: the summary's timing may differ between two runs
        (
            &["check", "--count", "3", "--quiet", path],
            &["check", "--limit", "3", "--quiet", path],
        ),
        (
            &["solve", "--format", "line", path],
            &["solve", "--output-format", "line", path],
        ),
        (
            &["solve", "--format", "json", path],
            &["solve", "--json", path],
        ),
    ];
    for (old, new) in pairs {
        let (old_output, new_output) = (sudokit(old), sudokit(new));
        assert_eq!(
            old_output.status.code(),
            new_output.status.code(),
            "{old:?}"
        );
        assert_eq!(
            text(&old_output.stdout),
            text(&new_output.stdout),
            "{old:?}"
        );
        assert!(!text(&new_output.stdout).is_empty());
    }
    let check_help = text(&sudokit(&["check", "--help"]).stdout);
    assert!(check_help.contains("--limit <N>") && !check_help.contains("--count"));
    let solve_help = text(&sudokit(&["solve", "--help"]).stdout);
    assert!(solve_help.contains("--output-format") && !solve_help.contains(" --format"));
    assert!(
        !solve_help.contains("json:"),
        "the old --format json stays hidden"
    );
}

#[test]
fn bench_refuses_a_limit_below_two_and_an_empty_sample() {
    let batch = file_with(BATCH, ".txt");
    let path = path_text(batch.path());
    // a limit of 0 or 1 used to count the puzzle with several solutions as unique
    for (flag, value) in [("--limit", "0"), ("--limit", "1"), ("--sample", "0")] {
        let output = sudokit(&["bench", "--engine", "native", flag, value, path]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{flag} {value}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: invalid value '{value}' for '{flag}")),
            "{stderr}"
        );
        assert!(output.stdout.is_empty(), "no table for a refused flag");
    }
    let output = sudokit(&["bench", "--engine", "native", "--limit", "2", path]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("| 3 | 2 / 1 / 0 |"));
}

#[test]
fn render_without_a_picture_kind_names_both_svg_and_pdf() {
    let batch = file_with(BATCH, ".txt");
    let output = sudokit(&["render", path_text(batch.path())]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("<--svg|--pdf>"), "{stderr}");
    let both = sudokit(&["render", "--svg", "--pdf", path_text(batch.path())]);
    assert_eq!(both.status.code(), Some(2));
    assert!(text(&both.stderr).contains("cannot be used with"));
}

#[test]
fn a_flag_error_is_one_line_naming_the_flag_and_why() {
    let batch = file_with(BATCH, ".txt");
    let path = path_text(batch.path());
    for (arguments, expected) in [
        (
            &["check", "--input-format", "foo", path][..],
            "unknown format \"foo\"",
        ),
        (&["check", "--jobs", "0", path], "0 threads"),
        (
            &["solve", "--output-format", "foo", path],
            "possible values",
        ),
        (&["check", "--json", "--csv", path], "cannot be used with"),
        (&["render", path], "<--svg|--pdf>"),
        (&["generate", "--preset", "x", "--seed", "-1"], "'-1'"),
        (&["nosuch"], "unrecognized subcommand"),
    ] {
        let output = sudokit(arguments);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(stderr.contains(expected), "{arguments:?}: {stderr}");
    }
    // help and the version still print in full, and succeed
    assert!(text(&sudokit(&["check", "--help"]).stdout).contains("Usage: sudokit check"));
    assert_eq!(sudokit(&["--version"]).status.code(), Some(0));
}
