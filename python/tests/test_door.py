"""The Python door's own promises: what it takes, errors as exceptions or `error` records,
the budget (work limit, timeout, Ctrl-C), the GIL released, stubs that match the records."""

import ast
import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import sudokit
from conftest import DATA, REPOSITORY

# Arto Inkala's "world's hardest" (top1465's first line): unique, rated Extreme on HoDoKu's scale
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
# the first puzzle with one given removed: several solutions
OPEN = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.........."
# two 4s in row 1
CLASH = "44..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_one_puzzle_gives_one_record_with_the_json_fields():
    record = sudokit.check(HARD)
    assert isinstance(record, sudokit.CheckRecord)
    assert record.status == "unique"
    assert record.solutions == 1
    assert len(record.solution) == 81
    assert record.second is None  # a field this record leaves out reads as None
    assert record.to_dict()["solution"] == record.solution
    assert sudokit.CheckRecord.fields() == sorted(sudokit.CheckRecord.fields())


def test_several_solutions_name_two_and_where_they_differ():
    record = sudokit.check(OPEN)
    assert record.status == "multiple"
    assert record.solution != record.second
    assert record.differences


def test_an_unknown_field_is_an_attribute_error_that_lists_the_fields():
    record = sudokit.check(HARD)
    with pytest.raises(AttributeError, match="has no field 'levle'.*solution"):
        record.levle


def test_a_bad_puzzle_alone_raises_the_command_lines_one_line(cli, tmp_path):
    path = tmp_path / "clash.txt"
    path.write_text(CLASH + "\n")
    _, stderr = cli("check", path, expect=(2,))
    cli_line = next(line for line in stderr.splitlines() if line.startswith("error: "))
    with pytest.raises(sudokit.PuzzleError) as raised:
        sudokit.check(CLASH)
    message = str(raised.value)
    # the same words, where and why; only the source's name differs
    assert message.startswith("puzzle:1: ")
    assert message.removeprefix("puzzle:1: ") == cli_line.removeprefix(f"error: {path}:1: ")
    assert "r1c" in message


def test_a_bad_record_in_a_batch_is_an_error_record_and_the_rest_is_answered():
    records = sudokit.check([HARD, CLASH, "not a puzzle", OPEN])
    assert [record.status for record in records] == ["unique", "error", "error", "multiple"]
    assert [record.source for record in records] == ["[0]:1", "[1]:1", "[2]:1", "[3]:1"]
    assert "r1c" in records[1].reason
    assert records[2].reason


def test_a_text_of_several_puzzles_alone_is_refused_with_what_to_do():
    with pytest.raises(sudokit.PuzzleError, match="holds 2 puzzles: pass them as a list"):
        sudokit.check(HARD + "\n" + OPEN + "\n")


def test_a_file_name_as_text_is_refused_with_what_to_do(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pathlib.Path("mine.txt").write_text(HARD + "\n")
    with pytest.raises(ValueError, match=r"names a file: pass pathlib.Path\('mine.txt'\)"):
        sudokit.check("mine.txt")
    assert [record.status for record in sudokit.check(pathlib.Path("mine.txt"))] == ["unique"]
    # in a list, a file's name is the file
    assert [record.source for record in sudokit.check(["mine.txt"])] == ["mine.txt:1"]


def test_a_missing_file_is_an_error_record_naming_it():
    records = sudokit.check(pathlib.Path("/nonexistent/puzzles.txt"))
    assert [record.status for record in records] == ["error"]
    assert "cannot read" in records[0].reason


def test_bad_arguments_are_value_errors_that_say_what_is_taken():
    with pytest.raises(ValueError, match="invalid value 'hodoku2' for scale: give hodoku, se or se121"):
        sudokit.grade(HARD, scale="hodoku2")
    with pytest.raises(ValueError, match="0 threads cannot do any work"):
        sudokit.check(HARD, jobs=0)
    with pytest.raises(ValueError, match="below 2 cannot tell unique from multiple"):
        sudokit.check(HARD, limit=1)
    with pytest.raises(ValueError, match="diagonals"):
        sudokit.check(HARD, diagonals="sideways")
    with pytest.raises(ValueError, match="timeout"):
        sudokit.check(HARD, timeout=0)
    with pytest.raises(TypeError, match="a int is not a puzzle"):
        sudokit.check(42)


def test_grade_gives_level_score_hardest_and_trial_steps():
    record = sudokit.grade(HARD)
    assert record.status == "rated"
    assert record.level in ("Easy", "Medium", "Hard", "Unfair", "Extreme")
    assert record.score > 0 and record.hardest
    assert record.trial_steps >= 0
    se = sudokit.grade(HARD, scale="se")
    assert float(se.er) >= 1.0


def test_a_work_limit_stops_a_rating_as_beyond():
    record = sudokit.grade(HARD, work_limit=1000)
    assert record.status == "beyond"
    assert record.level is None and record.reason


def test_a_timeout_stops_the_batch_and_every_record_says_so():
    puzzles = [line for line in (DATA / "classic" / "top1465.txt").read_text().splitlines()][:400]
    started = time.monotonic()
    records = sudokit.grade(puzzles, timeout=0.2, jobs=2)
    assert time.monotonic() - started < 30
    assert len(records) == 400
    stopped = [record for record in records if record.status != "rated"]
    assert stopped, "400 hard ratings in 0.2 s: some must have stopped"
    assert all(record.status in ("beyond", "error") and record.reason for record in stopped)


def test_read_gives_the_puzzle_back_in_a_notation_every_function_reads(files):
    puzzles = sudokit.read(pathlib.Path(files["greater_killer"]))
    assert puzzles and all(record.status == "read" for record in puzzles)
    again = sudokit.check(puzzles[0].ron)
    original = sudokit.check(pathlib.Path(files["greater_killer"]))[0]
    assert again.status == original.status == "unique"
    assert again.solution == original.solution


def test_a_pandas_series_is_a_batch_and_a_missing_value_an_error_record():
    pandas = pytest.importorskip("pandas") if os.environ.get("CI") != "true" else __import__("pandas")
    column = pandas.Series([HARD, None, OPEN])
    records = sudokit.check(column)
    assert [record.status for record in records] == ["unique", "error", "multiple"]
    frame = pandas.DataFrame([record.to_dict() for record in sudokit.grade(column)])
    assert list(frame["status"]) == ["rated", "error", "multiple"]


def test_jobs_gives_the_same_answers_on_one_thread_as_on_all():
    puzzles = (DATA / "classic" / "top1465.txt").read_text().splitlines()[:40]
    one = [record.to_dict() for record in sudokit.grade(puzzles, jobs=1)]
    every = [record.to_dict() for record in sudokit.grade(puzzles)]
    assert one == every


def test_the_gil_is_released_while_a_batch_works():
    puzzles = (DATA / "classic" / "top1465.txt").read_text().splitlines()[:300]
    done = threading.Event()
    answered = []

    def work():
        answered.append(sudokit.grade(puzzles, jobs=1))
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert len(answered[0]) == 300
    # Python ran on this thread while the batch worked (the GIL held, it could not)
    assert ticks > 10


def test_ctrl_c_stops_a_long_batch_with_keyboard_interrupt():
    script = textwrap.dedent(
        f"""
        import sys, time, sudokit
        puzzles = open({str(DATA / "classic" / "top1465.txt")!r}).read().splitlines() * 20
        print("started", flush=True)
        started = time.monotonic()
        try:
            sudokit.grade(puzzles, jobs=1)
        except KeyboardInterrupt:
            print(f"interrupted after {{time.monotonic() - started:.2f}}", flush=True)
            sys.exit(3)
        sys.exit(0)
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout.readline().strip() == "started"
    time.sleep(1.0)
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 3, output
    assert output.startswith("interrupted after")


def test_generate_is_the_same_for_the_same_seed_and_varies_with_it():
    first = sudokit.generate("classic-easy", count=2, seed=11)
    again = sudokit.generate("classic-easy", count=2, seed=11)
    other = sudokit.generate("classic-easy", count=2, seed=12)
    assert [record.to_dict() for record in first] == [record.to_dict() for record in again]
    assert [record.puzzle for record in first] != [record.puzzle for record in other]
    for record in first:
        assert sudokit.check(record.puzzle).solution == record.solution
    with pytest.raises(ValueError, match="count=0"):
        sudokit.generate("classic-easy", count=0)
    with pytest.raises(ValueError, match="no-such-preset"):
        sudokit.generate("no-such-preset")


def test_to_json_is_the_command_lines_line_and_reads_back():
    import json

    record = sudokit.solve(HARD)
    assert json.loads(record.to_json()) == record.to_dict()


def stub_module():
    """The stub's classes (their annotated fields) and functions (each overload's arguments)."""
    stub = (pathlib.Path(__file__).resolve().parents[1] / "sudokit.pyi").read_text()
    classes = {}
    functions = {}
    for node in ast.parse(stub).body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                item.target.id for item in node.body if isinstance(item, ast.AnnAssign)
            }
        if isinstance(node, ast.FunctionDef):
            functions.setdefault(node.name, []).append(node.args)
    return classes, functions


def stub_classes():
    classes, functions = stub_module()
    return classes, set(functions)


def record_classes():
    """Every record class the module holds: what the stub must declare, found, not listed."""
    return sorted(
        name
        for name, value in vars(sudokit).items()
        if isinstance(value, type) and issubclass(value, sudokit.Record) and value is not sudokit.Record
    )


def module_functions():
    """Every function the module holds."""
    return sorted(
        name
        for name, value in vars(sudokit).items()
        if callable(value) and not isinstance(value, type) and not name.startswith("_")
    )


def test_the_records_and_functions_are_found_in_the_module():
    # the lists below are derived, not written out: they must find what is there
    assert {"CheckRecord", "GeneratedRecord"} <= set(record_classes())
    assert {"check", "generate"} <= set(module_functions())


@pytest.mark.parametrize("name", record_classes())
def test_the_stubs_declare_every_field_of_every_record(name):
    classes, _ = stub_classes()
    declared = classes[name] | classes["Record"]
    assert declared == set(getattr(sudokit, name).fields())


def stub_parameters(arguments):
    """An overload's parameters as (name, kind, default) in order, as `inspect` names kinds."""
    import inspect

    positional = arguments.posonlyargs + arguments.args
    defaults = [None] * (len(positional) - len(arguments.defaults)) + [
        ast.literal_eval(default) for default in arguments.defaults
    ]
    parameters = [
        (argument.arg, inspect.Parameter.POSITIONAL_OR_KEYWORD, default)
        for argument, default in zip(positional, defaults)
    ]
    parameters += [
        (
            argument.arg,
            inspect.Parameter.KEYWORD_ONLY,
            None if default is None else ast.literal_eval(default),
        )
        for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults)
    ]
    return parameters


@pytest.mark.parametrize("name", module_functions())
def test_every_stub_overload_takes_the_functions_arguments(name):
    # the arguments are written twice, in the #[pyo3(signature)] and in the stub: this
    # holds them equal, name, order, keyword-only or not, and default
    import inspect

    _, functions = stub_module()
    signature = inspect.signature(getattr(sudokit, name))
    actual = [
        (
            parameter.name,
            parameter.kind,
            None if parameter.default is inspect.Parameter.empty else parameter.default,
        )
        for parameter in signature.parameters.values()
    ]
    assert functions.get(name), f"{name} has no stub"
    for overload in functions[name]:
        assert stub_parameters(overload) == actual


def test_every_function_has_a_stub_and_a_docstring():
    _, functions = stub_classes()
    names = module_functions()
    assert set(names) <= functions
    for name in names:
        function = getattr(sudokit, name)
        assert function.__doc__ and len(function.__doc__) > 80, name
        assert "puzzles" in function.__text_signature__ or name == "generate"
