//! The generator: every puzzle unique under both engines, symmetric, minimal when asked and
//! at its target; batches byte-identical whatever the threads or shards; no clobbering;
//! resumption keeps what was made.

use std::fs;
use std::path::Path;

use sudokit::backtrack;
use sudokit::generate::{self, Record, Symmetry};
use sudokit::grade::Level;
use sudokit::preset::Preset;

use crate::helpers::{generate_into, sat_count, sudokit, text};

/// Runs `generate` into `folder` with extra arguments, asserting success.
fn read(folder: &Path, name: &str) -> String {
    fs::read_to_string(folder.join(name)).unwrap_or_else(|error| {
        panic!("{}: {error}", folder.join(name).display());
    })
}

fn records(folder: &Path) -> Vec<Record> {
    read(folder, "puzzles.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a record per line"))
        .collect()
}

/// Checks a record against its preset: unique under both engines with the recorded
/// solution, the preset's symmetry, clue range, minimality and target.
fn assert_record_fits(record: &Record, preset: &Preset) {
    let puzzle = record.to_puzzle().unwrap();
    let solution = record.solution_grid().unwrap();
    let what = format!("{} #{}", record.preset, record.index);
    assert_eq!(sat_count(&puzzle, 2).solution(), Some(&solution), "{what}");
    let mut native = backtrack::Solver::new(&puzzle);
    assert_eq!(
        native.count(2).unwrap().solution(),
        Some(&solution),
        "{what}"
    );
    let filled: Vec<bool> = puzzle
        .givens()
        .values()
        .iter()
        .map(|&value| value != 0)
        .collect();
    assert!(
        preset.symmetry.holds_for(puzzle.geometry(), &filled),
        "{what}"
    );
    assert_eq!(record.clues, puzzle.givens().filled_count(), "{what}");
    if let Some(clues) = preset.clues {
        assert!(
            (clues.min..=clues.max).contains(&record.clues),
            "{what}: {} clues",
            record.clues
        );
    }
    if preset.minimal {
        assert!(
            generate::is_minimal(&mut native, puzzle.givens(), &solution),
            "{what}"
        );
    }
    let (level, score) = (record.level.expect("rated"), record.score.expect("rated"));
    assert!(
        preset.target.accepts(level, score),
        "{what}: {level} {score}"
    );
    // The record's rating is the grader's.
    let grading = sudokit::grade::Grader::with_table(&puzzle, preset.technique_table()).grade();
    assert!(grading.solved, "{what}");
    assert_eq!((grading.level, grading.score), (level, score));
}

#[test]
fn batches_are_byte_identical_whatever_the_threads_or_shards() {
    let root = tempfile::tempdir().unwrap();
    let common = ["--preset", "classic-easy", "--count", "12", "--seed", "3"];
    let one = root.path().join("one");
    generate_into(&one, &[&common[..], &["--jobs", "1"]].concat());
    let two = root.path().join("two");
    generate_into(&two, &[&common[..], &["--jobs", "2"]].concat());
    for name in ["puzzles.jsonl", "puzzles.txt"] {
        assert_eq!(read(&one, name), read(&two, name), "{name}");
        let mut joined = String::new();
        for shard in ["0/3", "1/3", "2/3"] {
            let folder = root.path().join(shard.replace('/', "-of-"));
            if !folder.join(name).exists() {
                generate_into(&folder, &[&common[..], &["--shard", shard]].concat());
            }
            joined.push_str(&read(&folder, name));
        }
        assert_eq!(joined, read(&one, name), "{name} from shards");
    }
    assert_eq!(read(&one, "puzzles.txt").lines().count(), 12);
    let preset = Preset::builtin("classic-easy").unwrap();
    let records = records(&one);
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record.index, index as u64);
        assert_eq!((record.seed, record.preset.as_str()), (3, "classic-easy"));
        assert_record_fits(record, &preset);
    }
    // Another seed gives other puzzles.
    let other = root.path().join("other");
    generate_into(
        &other,
        &["--preset", "classic-easy", "--count", "2", "--seed", "4"],
    );
    assert_ne!(
        records[0].puzzle,
        crate::generation::records(&other)[0].puzzle
    );
}

#[test]
fn minimal_symmetric_puzzles_fit_their_presets() {
    for (name, count, extra) in [
        ("sudoku-6", "6", &[][..]),
        ("classic-medium", "3", &[][..]),
        ("x-9", "2", &[][..]),
        (
            "classic-hard",
            "2",
            &["--symmetry", "dihedral", "--level", "any"][..],
        ),
        ("sudoku-6", "3", &["--symmetry", "mirror-vertical"][..]),
    ] {
        let folder = tempfile::tempdir().unwrap();
        generate_into(
            folder.path(),
            &[
                &["--preset", name, "--count", count, "--seed", "11"][..],
                extra,
            ]
            .concat(),
        );
        let mut preset = Preset::builtin(name).unwrap();
        if extra.contains(&"dihedral") {
            preset.symmetry = Symmetry::Dihedral;
            preset.target.levels.clear();
        }
        if extra.contains(&"mirror-vertical") {
            preset.symmetry = Symmetry::MirrorVertical;
        }
        let records = records(folder.path());
        assert_eq!(records.len().to_string(), count, "{name}");
        for record in &records {
            assert_record_fits(record, &preset);
        }
    }
}

#[test]
fn the_library_makes_the_same_puzzle_from_the_same_seed_and_index() {
    let preset = Preset::builtin("classic-easy").unwrap();
    let generator = generate::Generator::new(&preset).unwrap();
    let first = generator.puzzle(9, 5).unwrap();
    let again = generate::puzzle(&preset, 9, 5).unwrap();
    assert_eq!(first.puzzle, again.puzzle);
    assert_eq!(first.solution, again.solution);
    let record = Record::new(&preset, &first);
    assert_eq!(record.to_puzzle().unwrap(), first.puzzle);
    assert_eq!(record.solution_grid().unwrap(), first.solution);
    assert_ne!(generator.puzzle(9, 6).unwrap().puzzle, first.puzzle);
}

#[test]
fn existing_batches_are_not_clobbered_without_force() {
    let folder = tempfile::tempdir().unwrap();
    let arguments = ["--preset", "sudoku-6", "--count", "3"];
    generate_into(folder.path(), &[&arguments[..], &["--seed", "1"]].concat());
    let before = read(folder.path(), "puzzles.jsonl");
    let out = folder.path().to_str().unwrap();
    let output = sudokit(
        &[
            &["generate", "--out", out][..],
            &arguments[..],
            &["--seed", "2"],
        ]
        .concat(),
    );
    assert_eq!(output.status.code(), Some(2));
    let message = text(&output.stderr);
    assert!(
        message.contains("already exists") && message.contains("--force"),
        "{message}"
    );
    assert_eq!(read(folder.path(), "puzzles.jsonl"), before);
    generate_into(
        folder.path(),
        &[&arguments[..], &["--seed", "2", "--force"]].concat(),
    );
    assert_ne!(read(folder.path(), "puzzles.jsonl"), before);
    // Nothing but the batch's files is left behind (no temporary files).
    let mut names: Vec<String> = fs::read_dir(folder.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["batch.ron", "puzzles.jsonl", "puzzles.txt"]);
}

#[test]
fn resume_keeps_what_was_made_and_makes_the_rest() {
    let root = tempfile::tempdir().unwrap();
    let arguments = ["--preset", "sudoku-6", "--count", "8", "--seed", "5"];
    let whole = root.path().join("whole");
    generate_into(&whole, &arguments);
    let complete = read(&whole, "puzzles.jsonl");
    let lines: Vec<&str> = complete.lines().collect();

    // An interrupted batch: its manifest, records 5, 1 and 6 finished in that order (record
    // 1 marked so we can tell it was kept, not made again), and a line cut short.
    let resumed = root.path().join("resumed");
    fs::create_dir_all(&resumed).unwrap();
    fs::copy(whole.join("batch.ron"), resumed.join("batch.ron")).unwrap();
    let marked = lines[1].replace("\"attempts\":", "\"attempts\":4000");
    let partial = format!("{}\n{marked}\n{}\n{}", lines[5], lines[6], &lines[2][..40]);
    fs::write(resumed.join("puzzles.jsonl.partial"), partial).unwrap();
    generate_into(&resumed, &[&arguments[..], &["--resume"]].concat());
    let expected = complete.replacen(lines[1], &marked, 1);
    assert_eq!(read(&resumed, "puzzles.jsonl"), expected);
    assert_eq!(read(&resumed, "puzzles.txt"), read(&whole, "puzzles.txt"));
    assert!(!resumed.join("puzzles.jsonl.partial").exists());

    // Resuming a finished batch changes nothing; resuming with another seed is refused.
    generate_into(&resumed, &[&arguments[..], &["--resume"]].concat());
    assert_eq!(read(&resumed, "puzzles.jsonl"), expected);
    let out = resumed.to_str().unwrap();
    let output = sudokit(&[
        "generate", "--out", out, "--preset", "sudoku-6", "--count", "8", "--seed", "6", "--resume",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("another seed"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn presets_are_listed_one_line_each_and_flags_are_checked() {
    let output = sudokit(&["presets"]);
    assert!(output.status.success());
    let listing = text(&output.stdout);
    // the generator presets, then the book presets (issue 31)
    assert_eq!(
        listing.lines().count(),
        sudokit::preset::builtin_names().count()
            + sudokit::render::book_preset::builtin_names().count()
    );
    for name in sudokit::preset::builtin_names() {
        assert!(listing.lines().any(|line| line.starts_with(name)), "{name}");
    }
    let shown = sudokit(&["presets", "--show", "x-16"]);
    let preset = Preset::from_ron("x-16", &text(&shown.stdout)).unwrap();
    assert_eq!(preset, Preset::builtin("x-16").unwrap());

    for (arguments, expected) in [
        (&["--preset", "classic-nope"][..], "no preset named"),
        (&["--preset", "missing.ron"][..], "missing.ron"),
        (&["--preset", "sudoku-6", "--shard", "3/3"][..], "0 ≤ i < N"),
        (&["--preset", "sudoku-6", "--clues", "30-20"][..], "clues"),
        (
            &["--preset", "sudoku-6", "--level", "tricky"][..],
            "not a level",
        ),
        (
            &["--preset", "sudoku-6", "--symmetry", "spiral"][..],
            "unknown symmetry",
        ),
    ] {
        let folder = tempfile::tempdir().unwrap();
        let out = folder.path().to_str().unwrap();
        let output = sudokit(&[&["generate", "--out", out][..], arguments].concat());
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let message = text(&output.stderr);
        assert!(message.contains(expected), "{arguments:?}: {message}");
        assert!(!message.contains("panicked"), "{message}");
    }
}

#[test]
fn killer_flags_that_would_change_nothing_are_refused_and_records_claim_no_symmetry() {
    for flag in [
        &["--symmetry", "dihedral"][..],
        &["--clues", "10-12"][..],
        &["--minimal", "true"][..],
        &["--near-miss-steps", "5"][..],
    ] {
        let folder = tempfile::tempdir().unwrap();
        let out = folder.path().join("made");
        let output = sudokit(
            &[
                &["generate", "--preset", "killer-6", "--count", "1"][..],
                flag,
                &["--out", out.to_str().unwrap()][..],
            ]
            .concat(),
        );
        let message = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{flag:?}: {message}");
        assert!(message.contains(flag[0]), "{flag:?}: {message}");
        assert!(!out.exists(), "nothing written for {flag:?}");
    }
    // a killer preset that leaves the symmetry out (rotate-180 by default) keeps none
    let preset = Preset::from_ron(
        "own-killer",
        "Preset(variant: Killer, size: 6, cages: (sizes: [(2, 1), (3, 1)], max_size: 3))",
    )
    .unwrap();
    assert_eq!(preset.symmetry, Symmetry::Rotate180);
    let generated = generate::puzzle(&preset, 1, 0).unwrap();
    assert_eq!(Record::new(&preset, &generated).symmetry, "none");
}

#[test]
fn presets_can_target_a_sudoku_explainer_band() {
    let text = "Preset(size: 9, target: (se: Some((min: 2.5, max: 3.4))))";
    let preset = Preset::from_ron("se-band", text).unwrap();
    assert_eq!(
        Preset::from_ron("again", &preset.to_ron()).unwrap().target,
        preset.target
    );
    for index in 0..3 {
        let generated = generate::puzzle(&preset, 2, index).unwrap();
        let rating = sudokit::grade::explainer::rate_se(&generated.puzzle).unwrap();
        assert!(rating.solved && (25..=34).contains(&rating.er), "{rating}");
        let record = Record::new(&preset, &generated);
        let expected = rating.ed_text().replace("ED=", "");
        assert_eq!(record.se.as_deref(), Some(expected.as_str()));
    }
    let bad = [
        (
            "Preset(size: 9, variant: Killer, target: (se: Some((min: 2.0, max: 3.0))))",
            "SE band needs",
        ),
        (
            "Preset(size: 9, target: (se: Some((min: 4.0, max: 3.0))))",
            "is empty",
        ),
        (
            "Preset(size: 9, target: (se: Some((min: -1.0, max: 3.0))))",
            "outside",
        ),
    ];
    for (text, expected) in bad {
        let error = Preset::from_ron("bad", text).unwrap_err();
        assert!(error.to_string().contains(expected), "{text}: {error}");
    }
}

/// Issue 17: the hard killer and greater-killer presets keep only puzzles a person solves
/// without guessing, and say so in their records.
#[test]
fn hard_killer_presets_keep_only_puzzles_solved_without_trial() {
    for name in ["killer-hard", "greater-killer"] {
        let preset = Preset::builtin(name).unwrap();
        assert!(preset.target.no_trial, "{name}");
        let generator = generate::Generator::new(&preset).unwrap();
        for index in 0..3 {
            let generated = generator.puzzle(1, index).unwrap();
            let grading = generated.grading.as_ref().expect("killers are rated");
            assert_eq!(grading.trial_steps, 0, "{name} {index}");
            assert_eq!(Record::new(&preset, &generated).trial_steps, 0);
        }
    }
}

/// Issue 29: the killer presets' levels land where their names say: `killer-medium` is
/// Medium, `killer-hard` Hard or Unfair with a hardest step that is itself Hard or Unfair (not
/// a long path of Medium steps raised one level).
#[test]
fn killer_presets_make_the_levels_their_names_say() {
    let medium = Preset::builtin("killer-medium").unwrap();
    let hard = Preset::builtin("killer-hard").unwrap();
    for (preset, levels, step_levels) in [
        (
            &medium,
            vec![Level::Medium],
            vec![Level::Easy, Level::Medium],
        ),
        (
            &hard,
            vec![Level::Hard, Level::Unfair],
            vec![Level::Hard, Level::Unfair],
        ),
    ] {
        let generator = generate::Generator::new(preset).unwrap();
        for index in 0..2 {
            let generated = generator.puzzle(1, index).unwrap();
            let grading = generated.grading.as_ref().expect("killers are rated");
            let what = format!("{} {index}: {}", preset.name, grading.level_reason());
            assert!(levels.contains(&grading.level), "{what}");
            let reason = grading.reason.as_ref().expect("solved");
            assert!(step_levels.contains(&reason.step_level), "{what}");
        }
    }
}

/// Shards from a scheduler's environment, as separate processes: a Slurm job array starting
/// at 1 and a Kubernetes Indexed Job give the same files as `--shard` and, joined in order,
/// the one-machine batch; a shard that does not exist is refused with the variables named;
/// `merge` joins them into the one-machine folder and refuses a gap or a shard given twice.
#[test]
fn shards_come_from_slurm_and_kubernetes_environments() {
    let root = tempfile::tempdir().unwrap();
    let common = ["--preset", "sudoku-6", "--count", "6", "--seed", "9"];
    let one = root.path().join("one");
    generate_into(&one, &common);
    let run = |folder: &Path, variables: &[(&str, String)]| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"));
        command
            .args(["generate", "--out", folder.to_str().unwrap(), "--quiet"])
            .args(common)
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("JOB_COMPLETION_INDEX");
        for (name, value) in variables {
            command.env(name, value);
        }
        command.output().unwrap()
    };
    for name in ["puzzles.jsonl", "puzzles.txt"] {
        let mut slurm = String::new();
        let mut kubernetes = String::new();
        for index in 0..3u32 {
            let folder = root.path().join(format!("slurm-{index}"));
            if !folder.join(name).exists() {
                let output = run(
                    &folder,
                    &[
                        ("SLURM_ARRAY_TASK_ID", (index + 1).to_string()),
                        ("SLURM_ARRAY_TASK_MIN", "1".into()),
                        ("SLURM_ARRAY_TASK_COUNT", "3".into()),
                    ],
                );
                assert!(output.status.success(), "{}", text(&output.stderr));
            }
            slurm.push_str(&read(&folder, name));
            let folder = root.path().join(format!("kubernetes-{index}"));
            if !folder.join(name).exists() {
                let output = run(
                    &folder,
                    &[
                        ("JOB_COMPLETION_INDEX", index.to_string()),
                        ("SUDOKIT_SHARDS", "3".into()),
                    ],
                );
                assert!(output.status.success(), "{}", text(&output.stderr));
            }
            kubernetes.push_str(&read(&folder, name));
        }
        assert_eq!(slurm, read(&one, name), "{name} from Slurm shards");
        assert_eq!(
            kubernetes,
            read(&one, name),
            "{name} from Kubernetes shards"
        );
    }
    let missing = run(
        &root.path().join("none"),
        &[
            ("JOB_COMPLETION_INDEX", "3".into()),
            ("SUDOKIT_SHARDS", "3".into()),
        ],
    );
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("JOB_COMPLETION_INDEX/SUDOKIT_SHARDS: shard 3 of 3"));
    // merge joins the shards, given in any order, into the one-machine folder, byte for byte
    let merged = root.path().join("merged");
    let shard = |index: u32| root.path().join(format!("kubernetes-{index}"));
    let (first, second, third) = (shard(0), shard(1), shard(2));
    let paths = [
        third.to_str().unwrap(),
        first.to_str().unwrap(),
        second.to_str().unwrap(),
    ];
    let out = |name: &str| root.path().join(name).to_str().unwrap().to_string();
    let merge = |folder: &str, shards: &[&str]| {
        sudokit(&[&["merge", "--out", folder][..], shards].concat())
    };
    let output = merge(&out("merged"), &paths);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    for name in ["batch.ron", "puzzles.jsonl", "puzzles.txt"] {
        assert_eq!(read(&merged, name), read(&one, name), "merged {name}");
    }
    let gap = merge(&out("gap"), &paths[..2]);
    assert_eq!(gap.status.code(), Some(2));
    assert!(text(&gap.stderr).contains("a shard is missing"));
    let twice = merge(&out("twice"), &[paths[1], paths[1], paths[2], paths[0]]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(text(&twice.stderr).contains("given twice"));
    let no_count = run(
        &root.path().join("none"),
        &[("JOB_COMPLETION_INDEX", "0".into())],
    );
    assert_eq!(no_count.status.code(), Some(2));
    assert!(text(&no_count.stderr).contains("SUDOKIT_SHARDS"));
}

/// `grade --shard i/N` (or a scheduler's shard) rates a contiguous block of the puzzles read:
/// the shards' records, concatenated in order, are the whole run's, on both scales.
#[test]
fn grade_shards_join_into_the_whole_run() {
    let lines: Vec<String> = crate::helpers::read_data("classic/top1465.txt")
        .lines()
        .take(10)
        .map(String::from)
        .collect();
    let file = crate::helpers::file_with(lines.join("\n"), ".txt");
    let path = file.path().to_str().unwrap();
    for scale in ["hodoku", "se"] {
        let whole = sudokit(&["grade", "--scale", scale, "--json", path]);
        assert_eq!(whole.status.code(), Some(0), "{}", text(&whole.stderr));
        let mut joined = String::new();
        for shard in ["0/3", "1/3", "2/3"] {
            let part = sudokit(&["grade", "--scale", scale, "--json", "--shard", shard, path]);
            assert_eq!(part.status.code(), Some(0), "{}", text(&part.stderr));
            joined.push_str(&text(&part.stdout));
        }
        assert_eq!(joined, text(&whole.stdout), "{scale}");
        assert_eq!(joined.lines().count(), 10);
    }
}

/// A batch no candidate can fit says why the candidates fell short and what to change, and
/// `--timings` counts the failed attempts' work: a minimal 16×16 puzzle has far fewer than
/// `sudoku-16`'s 112 givens, so `--minimal true` alone asks for the impossible.
#[test]
fn a_target_no_candidate_can_meet_is_explained() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let folder = folder.path().to_str().expect("a UTF-8 path");
    let output = sudokit(&[
        "generate",
        "--preset",
        "sudoku-16",
        "--minimal",
        "true",
        "--count",
        "1",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--attempts",
        "3",
        "--timings",
        "--out",
        folder,
    ]);
    // none made: exit 2, as for a bad preset
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("puzzle 0: no candidate met the target in 3 attempts (0 graded); 3 never ended minimal with at least 112 givens"),
        "{stderr}"
    );
    assert!(
        stderr.contains("lower the clue range with `--clues`, or drop `--minimal`"),
        "{stderr}"
    );
    // on standard error, as every summary (issue 37): standard output holds records alone
    assert!(
        stderr.contains("this run: 3 candidates dug, 0 graded"),
        "{stderr}"
    );
    assert_eq!(text(&output.stdout), "");
    assert!(
        stderr.ends_with("error: no puzzle could be made (1 failure); nothing written\n"),
        "{stderr}"
    );
    let left: Vec<_> = std::fs::read_dir(folder).unwrap().collect();
    assert!(
        left.is_empty(),
        "no empty puzzle files, no manifest: {left:?}"
    );
}

#[test]
fn a_clue_range_below_what_one_solution_needs_is_refused_before_any_work() {
    let root = tempfile::tempdir().expect("temporary folder");
    for (preset, clues, expected) in [
        (
            "classic-easy",
            "5-16",
            "clues up to 16: no 9×9 puzzle of these rules with one solution has fewer than 17 givens",
        ),
        (
            "sudoku-6",
            "2-4",
            "clues up to 4: no 6×6 puzzle of these rules with one solution has fewer than 5 givens",
        ),
    ] {
        let out = root.path().join(preset);
        let output = sudokit(&[
            "generate",
            "--preset",
            preset,
            "--clues",
            clues,
            "--out",
            out.to_str().unwrap(),
        ]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
        assert!(!out.exists(), "nothing written for a refused preset");
    }
    // the floor itself is allowed: 17 givens is reachable for a plain 9×9
    let out = root.path().join("seventeen");
    let output = sudokit(&[
        "generate",
        "--preset",
        "classic-easy",
        "--clues",
        "17-40",
        "--count",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

#[test]
fn killer_shards_merge_into_the_whole_batch() {
    let root = tempfile::tempdir().unwrap();
    let common = ["--preset", "killer-6", "--count", "3", "--seed", "7"];
    let whole = root.path().join("whole");
    generate_into(&whole, &common);
    let mut shards = Vec::new();
    for shard in ["0/2", "1/2"] {
        let folder = root.path().join(shard.replace('/', "-of-"));
        generate_into(&folder, &[&common[..], &["--shard", shard]].concat());
        shards.push(folder);
    }
    // killer text: several lines a puzzle
    assert!(read(&whole, "puzzles.txt").lines().count() > 3);
    let merged = root.path().join("merged");
    let output = sudokit(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    for name in ["puzzles.jsonl", "puzzles.txt", "batch.ron"] {
        assert_eq!(read(&merged, name), read(&whole, name), "{name}");
    }
    // a shard whose puzzles.txt lost a puzzle is still refused
    let lines = shards[1].join("puzzles.txt");
    let kept: String = read(&shards[1], "puzzles.txt")
        .split_inclusive("\n\n")
        .skip(1)
        .collect();
    fs::write(&lines, kept).unwrap();
    let output = sudokit(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--out",
        root.path().join("again").to_str().unwrap(),
    ]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("puzzles in puzzles.txt, the shard holds"),
        "{stderr}"
    );
}

#[test]
fn merge_tells_a_missing_shard_file_from_an_unreadable_one() {
    let root = tempfile::tempdir().unwrap();
    let common = ["--preset", "sudoku-6", "--count", "2", "--seed", "3"];
    let (first, second) = (root.path().join("first"), root.path().join("second"));
    generate_into(&first, &[&common[..], &["--shard", "0/2"]].concat());
    generate_into(&second, &[&common[..], &["--shard", "1/2"]].concat());
    let merge = || {
        let out = root.path().join("whole");
        let output = sudokit(&[
            "merge",
            first.to_str().unwrap(),
            second.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(2));
        assert!(!out.exists(), "nothing merged");
        text(&output.stderr)
    };
    let lines = second.join("puzzles.txt");
    let mut damaged = fs::read(&lines).unwrap();
    damaged.push(0xff);
    fs::write(&lines, damaged).unwrap();
    let stderr = merge();
    assert!(stderr.contains("cannot read puzzles.txt"), "{stderr}");
    assert!(!stderr.contains("unfinished"), "{stderr}");
    fs::remove_file(&lines).unwrap();
    let stderr = merge();
    assert!(stderr.contains("unfinished (no puzzles.txt)"), "{stderr}");
}

#[test]
fn an_output_folder_that_is_a_file_is_reported_once() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("a-file");
    fs::write(&file, "not a folder").unwrap();
    let output = sudokit(&[
        "generate",
        "--preset",
        "sudoku-6",
        "--count",
        "1",
        "--out",
        file.to_str().unwrap(),
    ]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(stderr.matches("os error").count(), 1, "said once: {stderr}");
}

#[test]
fn a_batch_of_no_puzzles_is_refused_before_any_file_is_written() {
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("batch");
    let output = sudokit(&[
        "generate",
        "--preset",
        "sudoku-6",
        "--count",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("'--count <N>'"), "{stderr}");
    assert!(!out.exists());
}

/// A run that shards itself from a scheduler's variables says so on standard error (it does
/// only part of the work, and must not look like the whole).
#[test]
fn a_shard_taken_from_the_environment_is_said_on_standard_error() {
    let root = tempfile::tempdir().unwrap();
    let folder = root.path().join("kubernetes");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args([
            "generate", "--preset", "sudoku-6", "--count", "2", "--seed", "9",
        ])
        .args(["--out", folder.to_str().unwrap()])
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env("JOB_COMPLETION_INDEX", "1")
        .env("SUDOKIT_SHARDS", "2")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("shard 1/2 from a Kubernetes Indexed Job"),
        "{stderr}"
    );
    let puzzles = crate::helpers::file_with(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\
         ...8.1.....5.641...6.7...8.25....4.3.9.....7.4.6....12.1...9.2...257.9.....1.3...\n",
        ".txt",
    );
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["grade", puzzles.path().to_str().unwrap()])
        .env_remove("JOB_COMPLETION_INDEX")
        .env("SLURM_ARRAY_TASK_ID", "0")
        .env("SLURM_ARRAY_TASK_COUNT", "2")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("shard 0/2 from a Slurm job array"),
        "{stderr}"
    );
    // only the shard's puzzle is rated
    assert_eq!(
        text(&output.stdout).lines().count(),
        1,
        "{}",
        text(&output.stdout)
    );
}

/// Issue 32, point 1: jigsaw presets make puzzles on their own region maps (connected, n
/// cells each, half-turn symmetric, no region a row or column), unique under both engines,
/// minimal when asked, at their level; `puzzles.txt` reads back with `check`.
#[test]
fn jigsaw_puzzles_fit_their_presets_and_read_back() {
    for (name, count) in [
        ("jigsaw-easy", "3"),
        ("jigsaw-6", "3"),
        ("jigsaw-medium", "1"),
        ("jigsaw-8", "2"),
        ("jigsaw-16", "1"),
    ] {
        let folder = tempfile::tempdir().unwrap();
        generate_into(
            folder.path(),
            &["--preset", name, "--count", count, "--seed", "5"],
        );
        let preset = Preset::builtin(name).unwrap();
        let records = records(folder.path());
        let mut maps = std::collections::HashSet::new();
        for record in &records {
            assert_record_fits(record, &preset);
            let puzzle = record.to_puzzle().unwrap();
            let regions = puzzle.regions().expect("a jigsaw has regions");
            let size = usize::from(puzzle.size());
            let geometry = puzzle.geometry();
            assert!(!geometry.has_boxes());
            for house in regions.houses(geometry) {
                let cells = house.cells();
                assert_eq!(cells.len(), size);
                let same_row = cells.iter().all(|cell| cell.row() == cells[0].row());
                let same_column = cells.iter().all(|cell| cell.column() == cells[0].column());
                assert!(!same_row && !same_column, "{name}: a region is a line");
                // half-turn symmetric: the turned region is a region
                let turned: Vec<_> = cells
                    .iter()
                    .map(|cell| {
                        geometry
                            .cell(size - 1 - cell.row(), size - 1 - cell.column())
                            .unwrap()
                    })
                    .collect();
                let region = regions.region_of(turned[0]);
                assert!(turned.iter().all(|&cell| regions.region_of(cell) == region));
            }
            maps.insert(record.regions.clone());
        }
        assert_eq!(maps.len(), records.len(), "{name}: a new map per puzzle");
        let output = sudokit(&[
            "check",
            crate::helpers::path_text(&folder.path().join("puzzles.txt")),
        ]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        let answers = text(&output.stdout);
        assert_eq!(
            answers.matches(": unique").count(),
            records.len(),
            "{answers}"
        );
    }
}

/// Issue 41, point 2: the four 16×16 presets make puzzles 180° symmetric, unique under both
/// engines, graded inside their level on 16×16's bands without a trial step, with at most
/// 104 givens on average.
#[test]
fn sixteen_by_sixteen_presets_keep_their_level_without_trial() {
    for (name, level) in [
        ("sudoku-16-easy", Level::Easy),
        ("sudoku-16-medium", Level::Medium),
        ("sudoku-16-hard", Level::Hard),
        ("sudoku-16-expert", Level::Unfair),
    ] {
        let folder = tempfile::tempdir().unwrap();
        generate_into(
            folder.path(),
            &["--preset", name, "--count", "3", "--seed", "41"],
        );
        let preset = Preset::builtin(name).unwrap();
        assert_eq!(preset.symmetry, Symmetry::Rotate180);
        assert_eq!(preset.target.levels, [level]);
        let records = records(folder.path());
        assert_eq!(records.len(), 3, "{name}");
        for record in &records {
            assert_record_fits(record, &preset);
            assert_eq!(record.level, Some(level), "{name}");
            let grading = sudokit::grade::grade(&record.to_puzzle().unwrap());
            assert_eq!(grading.trial_steps, 0, "{name} #{}", record.index);
        }
        let givens: usize = records.iter().map(|record| record.clues).sum();
        assert!(givens <= 104 * records.len(), "{name}: {givens} givens");
    }
}

/// Issue 41, point 3: `--minimal true` makes minimal 16×16 puzzles (no given can go).
#[test]
fn minimal_sixteen_by_sixteen_puzzles_are_minimal() {
    let folder = tempfile::tempdir().unwrap();
    generate_into(
        folder.path(),
        &[
            "--preset",
            "sudoku-16",
            "--minimal",
            "true",
            "--clues",
            "0-256",
            "--count",
            "1",
            "--seed",
            "41",
        ],
    );
    let mut preset = Preset::builtin("sudoku-16").unwrap();
    preset.minimal = true;
    preset.clues = None;
    let records = records(folder.path());
    assert_eq!(records.len(), 1);
    assert_record_fits(&records[0], &preset);
}
