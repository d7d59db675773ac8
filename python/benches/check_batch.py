"""Checks a batch of puzzles from Python and with the command line, and prints the CPU time
(user + system, every thread) and wall time of each, whole processes as /usr/bin/time sees
them: BENCHMARKS.md, "Issue 42".

    python python/benches/check_batch.py FILE [COUNT] [SUDOKIT_BINARY]

FILE holds one puzzle a line; its first COUNT puzzles (default 10 000) are written to a
temporary file that both sides read. Python checks it three ways: the file's path, a list of
its lines, and a pandas Series of them (when pandas is installed).
"""

import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time


def cut(source: pathlib.Path, count: int, folder: pathlib.Path) -> pathlib.Path:
    lines = [line for line in source.read_text().splitlines() if line and not line.startswith("#")]
    target = folder / f"batch_{count}.txt"
    target.write_text("\n".join(lines[:count]) + "\n")
    return target


def measured(command: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system of the child and its threads) and wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


PYTHON = """
import pathlib, sys, sudokit
path = pathlib.Path(sys.argv[1])
how = sys.argv[2]
if how == "path":
    records = sudokit.check(path)
elif how == "list":
    records = sudokit.check(path.read_text().splitlines())
else:
    import pandas
    records = sudokit.check(pandas.Series(path.read_text().splitlines()))
assert len(records) > 0 and all(record.status != "error" for record in records)
"""


def main() -> None:
    source = pathlib.Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    binary = sys.argv[3] if len(sys.argv) > 3 else "target/release/sudokit"
    with tempfile.TemporaryDirectory() as folder:
        batch = cut(source, count, pathlib.Path(folder))
        runs = [("command line: check --json FILE", [binary, "check", "--json", str(batch)])]
        ways = ["path", "list"]
        try:
            import pandas  # noqa: F401

            ways.append("series")
        except ImportError:
            pass
        for way in ways:
            runs.append((f"python: sudokit.check({way})", [sys.executable, "-c", PYTHON, str(batch), way]))
        print(f"{count} puzzles of {source.name}, {os.cpu_count()} cores")
        for name, command in runs:
            cpu, wall = measured(command)
            print(f"{name:40} cpu {cpu:7.2f} s   wall {wall:7.2f} s")


if __name__ == "__main__":
    main()
