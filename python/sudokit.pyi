# Type stubs of the sudokit extension module (python/src/*.rs): every function, its
# arguments, and every field of every record, for editors and type checkers.
"""Generate, verify and grade Sudoku puzzles (classic, n×n, X, killer, greater killer,
f-puzzles variants) with SAT-confirmed uniqueness and HoDoKu and Sudoku Explainer ratings."""

import os
from typing import Any, Iterable, Literal, Optional, Union, overload

__version__: str

Puzzle = str
"""One puzzle's text, in any notation the command line reads: line, grid, CSV, killer text
or TSV, RON, f-puzzles JSON or link, SudokuPad link."""

Batch = Union["os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]
"""A puzzle file (a `pathlib.Path`), or a list / tuple / pandas Series of puzzle texts and
paths: answered as a list of records, in input order."""

Engine = Literal["sat", "native", "both", "auto"]
Diagonals = Literal["both", "main", "anti"]

class PuzzleError(ValueError):
    """A puzzle could not be read or answered: the message says where (source:line, cell
    r3c7) and why, in the command line's words."""

class Record:
    """One answer: the fields of the command line's `--json` record as attributes, `None`
    for a field this record leaves out. Every record of a puzzle read has `source`
    (`file:line`, `puzzle:1` for a puzzle's text, `[i]:1` for item i of a list) and
    `status` (`error` with a `reason` for a puzzle that could not be read or answered)."""

    def to_dict(self) -> dict[str, Any]:
        """The record as a dict: the fields it has, as the command line's `--json` writes them."""
    def to_json(self) -> str:
        """The record as one line of JSON, the same as the command line's `--json` line."""
    @classmethod
    def fields(cls) -> list[str]:
        """Every field a record of this kind may have."""

class CheckRecord(Record):
    """`check`: how many solutions (`unique`, `multiple`, `none`, or `error`)."""

    all: Optional[list[str]]
    at_least: Optional[bool]
    author: Optional[str]
    comparisons: Optional[list[str]]
    differences: Optional[list[str]]
    line: Optional[int]
    name: Optional[str]
    published_solution_differs_at: Optional[list[str]]
    puzzle: Optional[str]
    reason: Optional[str]
    second: Optional[str]
    solution: Optional[str]
    solutions: Optional[int]
    source: str
    status: Literal["unique", "multiple", "none", "error"]
    suggest: Optional[dict[str, Any]]

class SolveRecord(Record):
    """`solve`: the solution (`unique`), two of several (`multiple`), `none`, or `error`."""

    all: Optional[list[str]]
    at_least: Optional[bool]
    author: Optional[str]
    comparisons: Optional[list[str]]
    differences: Optional[list[str]]
    line: Optional[int]
    name: Optional[str]
    published_solution_differs_at: Optional[list[str]]
    puzzle: Optional[str]
    reason: Optional[str]
    second: Optional[str]
    solution: Optional[str]
    solutions: Optional[int]
    source: str
    status: Literal["unique", "multiple", "none", "error"]
    suggest: Optional[dict[str, Any]]

class GradeRecord(Record):
    """`grade`: `rated` (or `beyond` when stopped early) with HoDoKu's `level` and `score`, or
    Sudoku Explainer's `er`/`ep`/`ed`; `multiple` or `none` (not rated); `error`."""

    all: Optional[list[str]]
    at_least: Optional[bool]
    author: Optional[str]
    bank: Optional[dict[str, Any]]
    comparisons: Optional[list[str]]
    differences: Optional[list[str]]
    ed: Optional[str]
    ep: Optional[str]
    er: Optional[str]
    fpuzzles: Optional[str]
    hardest: Optional[str]
    level: Optional[Literal["Easy", "Medium", "Hard", "Unfair", "Extreme"]]
    level_reason: Optional[str]
    line: Optional[int]
    name: Optional[str]
    published_solution_differs_at: Optional[list[str]]
    puzzle: Optional[str]
    reason: Optional[str]
    score: Optional[int]
    second: Optional[str]
    solution: Optional[str]
    solutions: Optional[int]
    solved: Optional[bool]
    source: str
    status: Literal["rated", "beyond", "unique", "multiple", "none", "error"]
    steps: Optional[list[dict[str, Any]]]
    stopped: Optional[str]
    suggest: Optional[dict[str, Any]]
    techniques: Optional[dict[str, int]]
    trial_steps: Optional[int]
    work: Optional[int]

class CandidatesRecord(Record):
    """`candidates`: each cell's true candidates, `candidates[row][column]`."""

    candidates: Optional[list[list[list[int]]]]
    complete: Optional[bool]
    line: Optional[int]
    name: Optional[str]
    reason: Optional[str]
    size: Optional[int]
    solutions: Optional[list[str]]
    solutions_found: Optional[int]
    source: str
    status: Literal["unique", "multiple", "none", "unknown", "beyond", "error"]
    stopped: Optional[str]
    work: Optional[int]

class LinkRecord(Record):
    """`link`: the f-puzzles and SudokuPad links, and the f-puzzles document."""

    document: Optional[dict[str, Any]]
    fpuzzles: Optional[str]
    line: Optional[int]
    name: Optional[str]
    reason: Optional[str]
    source: str
    status: Optional[Literal["error"]]
    sudokupad: Optional[str]

class PuzzleRecord(Record):
    """`read`: a puzzle as read; `ron` holds all of it and every function reads it back."""

    line: Optional[int]
    name: Optional[str]
    puzzle: Optional[str]
    reason: Optional[str]
    ron: Optional[str]
    size: Optional[int]
    solution: Optional[str]
    source: str
    status: Literal["read", "error"]

class GeneratedRecord(Record):
    """`generate`: one puzzle as `sudokit generate` writes it to `puzzles.jsonl`."""

    attempts: int
    box_columns: int
    box_rows: int
    cages: Optional[list[dict[str, Any]]]
    clues: int
    comparisons: Optional[list[dict[str, Any]]]
    fpuzzles: Optional[str]
    hardest: Optional[str]
    index: int
    level: Optional[Literal["Easy", "Medium", "Hard", "Unfair", "Extreme"]]
    preset: str
    puzzle: str
    regions: Optional[str]
    rules: Optional[list[str]]
    score: Optional[int]
    se: Optional[str]
    seed: int
    size: int
    solution: str
    symmetry: str
    techniques: dict[str, int]
    trial_steps: int
    unrated: Optional[str]
    variant: str

@overload
def check(
    puzzles: Puzzle,
    *,
    limit: Optional[int] = None,
    all: bool = False,
    suggest: bool = False,
    engine: Engine = "sat",
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
    jobs: Optional[int] = None,
    work_limit: Optional[int] = None,
    timeout: Optional[float] = None,
) -> CheckRecord: ...
@overload
def check(
    puzzles: Batch,
    *,
    limit: Optional[int] = None,
    all: bool = False,
    suggest: bool = False,
    engine: Engine = "sat",
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
    jobs: Optional[int] = None,
    work_limit: Optional[int] = None,
    timeout: Optional[float] = None,
) -> list[CheckRecord]:
    """How many solutions each puzzle has (up to `limit`, default 2): `status` `unique`,
    `multiple` or `none` with the `solution`, and for several a `second` one and the cells
    where they `differ`. The SAT engine answers by default. `all=True` lists every solution
    up to `limit` (default 100); `suggest=True` adds setter help.

    A puzzle's text gives one record (an unreadable puzzle raises `PuzzleError`); a path or
    a list gives a list, a bad puzzle an `error` record. `jobs` threads work without the
    GIL; `work_limit` (per puzzle) and `timeout` (seconds, the whole call) stop long work;
    Ctrl-C raises `KeyboardInterrupt`."""

@overload
def solve(
    puzzles: Puzzle,
    *,
    limit: Optional[int] = None,
    engine: Engine = "auto",
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
    jobs: Optional[int] = None,
    work_limit: Optional[int] = None,
    timeout: Optional[float] = None,
) -> SolveRecord: ...
@overload
def solve(
    puzzles: Batch,
    *,
    limit: Optional[int] = None,
    engine: Engine = "auto",
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
    jobs: Optional[int] = None,
    work_limit: Optional[int] = None,
    timeout: Optional[float] = None,
) -> list[SolveRecord]:
    """Each puzzle's solution (`unique`), two of several and where they differ (`multiple`,
    up to `limit` of them in `all`), `none`, or `error`. Arguments as in `check`."""

@overload
def grade(
    puzzles: Puzzle,
    scale: Literal["hodoku", "se", "se121"] = "hodoku",
    explain: bool = False,
    *,
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
    jobs: Optional[int] = None,
    work_limit: Optional[int] = None,
    timeout: Optional[float] = None,
) -> GradeRecord: ...
@overload
def grade(
    puzzles: Batch,
    scale: Literal["hodoku", "se", "se121"] = "hodoku",
    explain: bool = False,
    *,
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
    jobs: Optional[int] = None,
    work_limit: Optional[int] = None,
    timeout: Optional[float] = None,
) -> list[GradeRecord]:
    """Each puzzle's rating by the human techniques it needs: HoDoKu's `level`, `score`,
    `hardest`, `trial_steps`, `techniques` (`scale="hodoku"`), or Sudoku Explainer's
    `er`/`ep`/`ed` (`scale="se"`); `explain=True` adds the `steps`. `beyond` when stopped by
    `work_limit` (default 100 million per puzzle) or `timeout`. Arguments as in `check`."""

@overload
def candidates(
    puzzles: Puzzle,
    *,
    limit: Optional[int] = None,
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
    jobs: Optional[int] = None,
    work_limit: Optional[int] = None,
    timeout: Optional[float] = None,
) -> CandidatesRecord: ...
@overload
def candidates(
    puzzles: Batch,
    *,
    limit: Optional[int] = None,
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
    jobs: Optional[int] = None,
    work_limit: Optional[int] = None,
    timeout: Optional[float] = None,
) -> list[CandidatesRecord]:
    """Each puzzle's true candidates (the digits each cell takes in some solution), found by
    the SAT engine with at most `limit` solutions (default 1000). Arguments as in `check`."""

@overload
def link(
    puzzles: Puzzle,
    *,
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
) -> LinkRecord: ...
@overload
def link(
    puzzles: Batch,
    *,
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
) -> list[LinkRecord]:
    """Each puzzle's f-puzzles and SudokuPad links and the f-puzzles document."""

@overload
def read(
    puzzles: Puzzle,
    *,
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
) -> PuzzleRecord: ...
@overload
def read(
    puzzles: Batch,
    *,
    input_format: Optional[str] = None,
    diagonals: Optional[Diagonals] = None,
) -> list[PuzzleRecord]:
    """The puzzles as read: where, name, givens, the whole puzzle as `ron`, size, published
    solution."""

def generate(
    preset: Union[str, "os.PathLike[str]"],
    count: int = 1,
    seed: int = 1,
    *,
    jobs: Optional[int] = None,
    timeout: Optional[float] = None,
) -> list[GeneratedRecord]:
    """`count` puzzles from a shipped preset's name (or a RON preset's path) and `seed`: the
    records `sudokit generate` writes, the same for the same preset, seed and version."""
