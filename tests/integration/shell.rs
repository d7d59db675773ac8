//! Shell completions and manual pages, made from the same definitions as the commands.

use crate::helpers::sudokit;

#[test]
fn completions_name_every_command_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = sudokit(&["completions", shell]);
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for command in ["check", "grade", "generate", "book", "work-limit"] {
            assert!(script.contains(command), "{shell} script lacks {command}");
        }
    }
    let output = sudokit(&["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn man_pages_cover_every_command() {
    let page = sudokit(&["man"]);
    assert!(page.status.success());
    let page = String::from_utf8(page.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH sudokit 1"),
        "{page}"
    );
    let folder = tempfile::tempdir().unwrap();
    let output = sudokit(&["man", "--out", folder.path().to_str().unwrap()]);
    assert!(output.status.success());
    for command in [
        "sudokit",
        "sudokit-check",
        "sudokit-grade",
        "sudokit-solve",
        "sudokit-book",
    ] {
        let page = std::fs::read_to_string(folder.path().join(format!("{command}.1")))
            .unwrap_or_else(|error| panic!("{command}.1: {error}"));
        assert!(
            page.contains(&format!(".TH {command} 1")),
            "{command}: {page}"
        );
    }
    let check = std::fs::read_to_string(folder.path().join("sudokit-check.1")).unwrap();
    assert!(
        check.contains("Exit codes"),
        "the exit codes are in the page"
    );
}

/// The pages shipped in `man/` are the ones the binary writes: refreshed with `cargo run
/// --release -- man --out man` whenever a command or flag changes.
#[test]
fn the_shipped_man_pages_are_current() {
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let folder = tempfile::tempdir().unwrap();
    let output = sudokit(&["man", "--out", folder.path().to_str().unwrap()]);
    assert!(output.status.success());
    let mut written: Vec<String> = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    let mut in_repository: Vec<String> = std::fs::read_dir(&shipped)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    in_repository.sort();
    let refresh = "refresh with `cargo run --release -- man --out man`";
    assert_eq!(written, in_repository, "man/ holds other pages: {refresh}");
    for name in &written {
        let fresh = std::fs::read(folder.path().join(name)).unwrap();
        let kept = std::fs::read(shipped.join(name)).unwrap();
        assert!(fresh == kept, "man/{name} is out of date: {refresh}");
    }
}

#[test]
fn man_out_dash_is_refused_not_made_a_folder_named_dash() {
    let folder = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["man", "--out", "-"])
        .current_dir(folder.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: --out -:"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!folder.path().join("-").exists());
}
