"""Checks a batch of puzzles from Python and with the command line, and prints the CPU time
(user + system, every thread) and wall time of each, whole processes as /usr/bin/time sees
them: BENCHMARKS.md, "Issue 42".

    python python/benches/check_batch.py FILE [COUNT] [SUDOKIT_BINARY] [ROUNDS]

FILE holds one puzzle a line; its first COUNT puzzles (default 10 000) are written to a
temporary file that both sides read. Python checks it three ways: the file's path, a list of
its lines, and a pandas Series of them (when pandas is installed). The runs alternate for
ROUNDS rounds (default 5); the least and the median CPU time of each are printed (on a
shared machine the least is the steadiest measure of the work itself).
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
        rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
        times = {name: [] for name, _ in runs}
        for _ in range(rounds):
            for name, command in runs:
                times[name].append(measured(command))
        print(f"{count} puzzles of {source.name}, {os.cpu_count()} cores, {rounds} rounds")
        for name, measures in times.items():
            cpus = sorted(cpu for cpu, _ in measures)
            walls = sorted(wall for _, wall in measures)
            print(
                f"{name:40} cpu least {cpus[0]:6.2f} s  median {cpus[len(cpus) // 2]:6.2f} s"
                f"   wall median {walls[len(walls) // 2]:6.2f} s"
            )


if __name__ == "__main__":
    main()
