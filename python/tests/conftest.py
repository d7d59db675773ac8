"""Shared fixtures of the Python package's tests: the command line to compare with, the
shared puzzle files, and small cuts of them written to a temporary folder."""

import json
import os
import pathlib
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
DATA = REPOSITORY / "tests" / "data"


def cli_path() -> pathlib.Path:
    """The sudokit binary: $SUDOKIT_BIN, else the release build of this repository."""
    return pathlib.Path(
        os.environ.get("SUDOKIT_BIN", REPOSITORY / "target" / "release" / "sudokit")
    )


@pytest.fixture(scope="session")
def cli():
    """Runs the command line and hands back its --json records (one per line)."""
    binary = cli_path()
    if not binary.is_file():
        message = f"{binary}: no sudokit binary to compare with (build it: cargo build --release)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)

    def run(*arguments, expect=(0, 1, 2), records=True):
        done = subprocess.run(
            [str(binary), *map(str, arguments)],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode in expect, done.stderr
        if not records:
            return done.stdout, done.stderr
        answered = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
        return answered, done.stderr

    return run


def cut(source: pathlib.Path, folder: pathlib.Path, puzzles: int) -> pathlib.Path:
    """The first `puzzles` lines of a one-puzzle-a-line file (its comment lines kept), as a
    file of its own, so that a test answers a few puzzles of a large shared file."""
    kept = []
    count = 0
    for line in source.read_text().splitlines():
        is_puzzle = line.strip() and not line.startswith("#")
        if is_puzzle:
            if count == puzzles:
                break
            count += 1
        kept.append(line)
    target = folder / source.name
    target.write_text("\n".join(kept) + "\n")
    return target


def links(source: pathlib.Path, folder: pathlib.Path) -> pathlib.Path:
    """The f-puzzles links of the shared variants table (its third column), one a line, as
    the command line reads them."""
    rows = [line.split("\t") for line in source.read_text().splitlines()]
    target = folder / "fpuzzles_variants_links.txt"
    target.write_text("".join(row[2] + "\n" for row in rows if len(row) > 2 and not row[0].startswith("#")))
    return target


@pytest.fixture(scope="session")
def files(tmp_path_factory):
    """Small cuts of the shared classic, killer and variant files, by kind."""
    folder = tmp_path_factory.mktemp("data")
    return {
        "classic": cut(DATA / "classic" / "top1465.txt", folder, 25),
        "killer": cut(DATA / "killer" / "killer_krazydad_1000.tsv", folder, 12),
        "killer_text": DATA / "killer" / "killer_lisudoku.txt",
        "greater_killer": DATA / "killer" / "killer_greater_grilops.txt",
        "variants": links(DATA / "variants" / "fpuzzles_variants.tsv", folder),
        "thermometer": DATA / "fpuzzles" / "rule_thermometer.json",
        "sizes": DATA / "sizes" / "vu_kr_4x4.txt",
    }
