"""The README's "From Python" example runs as written, on a CSV of shared puzzles with a bad
row among them, and plots score against level."""

import csv
import os
import re

import pytest

from conftest import DATA, REPOSITORY


def readme_example() -> str:
    readme = (REPOSITORY / "README.md").read_text()
    section = readme.split("## From Python", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)


def test_the_readme_rates_a_csv_column_and_plots_score_against_level(tmp_path, monkeypatch):
    if os.environ.get("CI") == "true":
        import matplotlib  # noqa: F401  (CI installs it: the example must run there)
        import pandas  # noqa: F401
    else:
        pytest.importorskip("pandas")
        pytest.importorskip("matplotlib")
    os.environ.setdefault("MPLBACKEND", "Agg")
    puzzles = (DATA / "classic" / "top1465.txt").read_text().splitlines()[:30]
    puzzles.insert(5, "not a puzzle")
    monkeypatch.chdir(tmp_path)
    with open("puzzles.csv", "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["puzzle"])
        writer.writerows([puzzle] for puzzle in puzzles)
    scope = {}
    exec(compile(readme_example(), "README.md", "exec"), scope)
    frame = scope["frame"]
    assert len(frame) == 31
    assert list(frame["status"]).count("error") == 1
    assert frame["score"].notna().sum() >= 25
    assert (tmp_path / "score-by-level.png").stat().st_size > 1000
