"""Every function answers what the command line's --json answers, record for record, on the
shared classic, killer and variant files."""

import json
import pathlib

import pytest

import sudokit


def same(python_records, cli_records):
    assert len(python_records) == len(cli_records) > 0
    # a comparison of refusals alone would prove little
    assert any(record.status != "error" for record in python_records)
    for ours, theirs in zip(python_records, cli_records):
        assert ours.to_dict() == theirs
    return python_records


@pytest.mark.parametrize(
    "kind",
    ["classic", "killer", "killer_text", "greater_killer", "variants", "thermometer", "sizes"],
)
def test_check_equals_the_cli(cli, files, kind):
    path = files[kind]
    records, _ = cli("check", "--json", path)
    answered = same(sudokit.check(pathlib.Path(path)), records)
    assert {record.status for record in answered} <= {"unique", "multiple", "none", "error"}


@pytest.mark.parametrize("kind", ["classic", "killer", "variants"])
def test_solve_equals_the_cli(cli, files, kind):
    path = files[kind]
    records, _ = cli("solve", "--json", path)
    answered = same(sudokit.solve(pathlib.Path(path)), records)
    assert all(record.solution for record in answered if record.status == "unique")


@pytest.mark.parametrize("kind", ["classic", "killer", "killer_text"])
def test_grade_on_hodokus_scale_equals_the_cli(cli, files, kind):
    path = files[kind]
    records, _ = cli("grade", "--json", path)
    answered = same(sudokit.grade(pathlib.Path(path)), records)
    rated = [record for record in answered if record.status == "rated"]
    assert rated and all(record.level and record.score > 0 for record in rated)


def test_grade_on_the_explainers_scale_with_steps_equals_the_cli(cli, files):
    path = files["classic"]
    records, _ = cli("grade", "--json", "--scale", "se", path)
    answered = same(sudokit.grade(pathlib.Path(path), scale="se"), records)
    assert all(record.er for record in answered if record.status == "rated")
    records, _ = cli("grade", "--json", "--explain", path)
    answered = same(sudokit.grade(pathlib.Path(path), explain=True), records)
    assert all(record.steps for record in answered if record.status == "rated")


@pytest.mark.parametrize("kind", ["classic", "greater_killer"])
def test_candidates_equal_the_cli(cli, files, kind):
    path = files[kind]
    records, _ = cli("check", "--candidates", "--json", path)
    answered = same(sudokit.candidates(pathlib.Path(path)), records)
    for record in answered:
        assert len(record.candidates) == record.size


@pytest.mark.parametrize("kind", ["classic", "killer", "variants"])
def test_link_equals_the_cli(cli, files, kind):
    path = files[kind]
    records, _ = cli("link", "--json", path)
    answered = same(sudokit.link(pathlib.Path(path)), records)
    assert all(record.fpuzzles.startswith("https://") for record in answered)


def test_generate_equals_the_cli(cli, tmp_path):
    cli(
        "generate",
        "--preset",
        "classic-easy",
        "--count",
        "3",
        "--seed",
        "7",
        "--out",
        tmp_path,
        records=False,
    )
    written = [
        json.loads(line)
        for line in (tmp_path / "puzzles.jsonl").read_text().splitlines()
        if line.strip()
    ]
    made = sudokit.generate("classic-easy", count=3, seed=7)
    assert [record.to_dict() for record in made] == written
    assert [record.index for record in made] == [0, 1, 2]


def test_a_puzzle_alone_answers_what_its_line_in_a_file_answers(cli, files):
    path = files["classic"]
    records, _ = cli("check", "--json", path)
    first_line = next(
        line for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")
    )
    alone = sudokit.check(first_line)
    assert alone.source == "puzzle:1"
    theirs = {key: value for key, value in records[0].items() if key not in ("source", "line")}
    ours = {key: value for key, value in alone.to_dict().items() if key not in ("source", "line")}
    assert ours == theirs
