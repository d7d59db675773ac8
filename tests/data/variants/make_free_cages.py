#!/usr/bin/env python3
"""Conformance cases of killer cages that overlap or come in pieces (free cages, issue 38
point 4): `key<TAB>name<TAB>count<TAB>solution<TAB>json` lines for conformance.tsv. Each
document is built on a known grid; its count (0, 1, 2+) is found here by plain brute force
over the meaning in docs/rules.md (every cage's digits differ, a cage with a value adds up to
it, a cell may be in several cages, a cage's cells need not touch), and the variant_engines
test checks every count again with its own enumerator. Seeded: the same lines every run.

    python3 tests/data/variants/make_free_cages.py
"""
import json
import random

rng = random.Random(3804)
BOX = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
S4 = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
S6 = [[1, 2, 3, 4, 5, 6], [4, 5, 6, 1, 2, 3], [2, 3, 1, 5, 6, 4],
      [5, 6, 4, 2, 3, 1], [3, 1, 2, 6, 4, 5], [6, 4, 5, 3, 1, 2]]
# "Clipped" by glum_hippo (fpuzzles_variants.tsv)
S9 = [[int(c) for c in "867452931342891675519763284984327156635918427721645398498536712276189543153274869"[i * 9:i * 9 + 9]] for i in range(9)]


def cell(name):
    r, c = name.upper()[1:].split("C")
    return int(r) - 1, int(c) - 1


def count(n, givens, cages, limit=2):
    """Solutions (up to `limit`) of an n×n grid with boxes, givens and cages."""
    rows, cols = BOX[n]
    grid = [row[:] for row in givens]
    cage_cells = [([cell(x) for x in cage["cells"]], int(cage["value"]) if cage.get("value") else None) for cage in cages]
    on = {}
    for index, (cells, _) in enumerate(cage_cells):
        for place in cells:
            on.setdefault(place, []).append(index)
    found = []

    def fits(r, c, d):
        if any(grid[r][k] == d for k in range(n) if k != c):
            return False
        if any(grid[k][c] == d for k in range(n) if k != r):
            return False
        br, bc = r // rows * rows, c // cols * cols
        if any(grid[br + a][bc + b] == d for a in range(rows) for b in range(cols) if (br + a, bc + b) != (r, c)):
            return False
        for index in on.get((r, c), []):
            cells, total = cage_cells[index]
            values = [grid[a][b] for a, b in cells if (a, b) != (r, c)]
            if d in values:
                return False
            if total is not None:
                filled = [v for v in values if v]
                if len(filled) == len(cells) - 1 and sum(filled) + d != total:
                    return False
                if sum(filled) + d > total:
                    return False
        return True

    places = [(r, c) for r in range(n) for c in range(n)]

    def fill(at):
        if len(found) >= limit:
            return
        if at == len(places):
            found.append([v for row in grid for v in row])
            return
        r, c = places[at]
        if givens[r][c]:
            if fits(r, c, givens[r][c]):
                fill(at + 1)
            return
        for d in range(1, n + 1):
            if fits(r, c, d):
                grid[r][c] = d
                fill(at + 1)
                grid[r][c] = 0

    for r, c in places:
        if givens[r][c] and not fits(r, c, givens[r][c]):
            return []
    fill(0)
    return found


def case(name, solution, kept, cages):
    """A document of `solution`'s digits at `kept` cells (names) and the cages (cells, sum or
    None, or a sum taken from the solution when True)."""
    n = len(solution)
    givens = [[0] * n for _ in range(n)]
    for place in kept:
        r, c = cell(place)
        givens[r][c] = solution[r][c]
    entries = []
    for cells, total in cages:
        if total is True:
            total = sum(solution[r][c] for r, c in map(cell, cells))
        entry = {"cells": cells}
        if total is not None:
            entry["value"] = str(total)
        entries.append(entry)
    grid = [[{"value": givens[r][c], "given": True} if givens[r][c] else {} for c in range(n)] for r in range(n)]
    document = {"size": n, "grid": grid, "killercage": entries}
    found = count(n, givens, entries)
    word = {0: "0", 1: "1"}.get(len(found), "2+")
    only = "".join(map(str, found[0])) if len(found) == 1 else "-"
    print("\t".join(["killercage", name, word, only, json.dumps(document, separators=(",", ":"))]))


def some(n, share, solution=None):
    """Cell names kept as givens: each with chance `share`."""
    return [f"R{r + 1}C{c + 1}" for r in range(n) for c in range(n) if rng.random() < share]


R = lambda *names: list(names)  # noqa: E731

# the how-to-play page's example (render/how_to_play/examples.rs)
E4 = [[4, 1, 3, 2], [3, 2, 4, 1], [2, 3, 1, 4], [1, 4, 2, 3]]
case("4x4 killercage overlapping another (sharing r1c2), sums true of the grid", E4, R("R3C3"),
     [(R("R1C1", "R1C2", "R2C1"), True), (R("R1C2", "R2C2", "R2C3"), True), (R("R3C1", "R4C4"), True)])
case("4x4 killercage in two pieces, a sum true of the grid", S4, R("R2C2", "R4C1"),
     [(R("R1C1", "R3C4"), True), (R("R1C3", "R1C4"), True)])
case("4x4 killercages overlapping, no sums", S4, R("R1C1", "R2C3", "R4C4"),
     [(R("R1C2", "R2C2", "R3C2"), None), (R("R3C2", "R3C3", "R3C4"), None)])
case("4x4 killercages sharing r1c2, each summing to 3: impossible (r1c1 = r1c3)", S4, R(),
     [(R("R1C1", "R1C2"), 3), (R("R1C2", "R1C3"), 3)])
case("4x4 killercage in pieces holding a given twice: impossible", S4, R("R1C1", "R4C4"),
     [(R("R1C1", "R4C4"), None)])
case("6x6 killercage in three pieces, a sum true of the grid", S6, some(6, 0.45),
     [(R("R1C1", "R3C4", "R6C6"), True)])
case("6x6 killercages overlapping in two cells, sums true of the grid", S6, some(6, 0.45),
     [(R("R2C2", "R2C3", "R3C2", "R3C3"), True), (R("R3C2", "R3C3", "R4C2", "R4C3"), True)])
case("6x6 the same killercage twice with different sums: impossible", S6, R(),
     [(R("R1C1", "R1C2"), 3), (R("R1C1", "R1C2"), 4)])
case("6x6 killercage in pieces without a sum, cages around it", S6, some(6, 0.4),
     [(R("R1C1", "R2C5"), None), (R("R1C2", "R1C3"), True), (R("R2C4", "R2C5"), True)])
case("9x9 killercages overlapping across a box border, sums true of the grid", S9, some(9, 0.55),
     [(R("R1C3", "R1C4", "R2C3"), True), (R("R2C3", "R2C4", "R3C4"), True)])
# in each row, the cell holding the row's number: nine cells, nine digits
NINE = [f"R{r + 1}C{S9[r].index(r + 1) + 1}" for r in range(9)]
case("9x9 killercage of nine cells in pieces, no sum (a ninth house)", S9, some(9, 0.4),
     [(NINE, None)])
case("9x9 killercage of nine cells in pieces repeating a digit, no sum: impossible", S9,
     some(9, 0.5), [(R("R1C1", "R2C4", "R3C7", "R4C2", "R5C5", "R6C8", "R7C3", "R8C6", "R9C9"), None)])
case("9x9 killercage in two pieces with a sum one too few: impossible", S9, some(9, 0.6),
     [(R("R1C1", "R9C9"), S9[0][0] + S9[8][8] - 1)])
case("9x9 killercages overlapping, sums true of the grid, few givens", S9, some(9, 0.45),
     [(R("R5C5", "R5C6", "R6C5"), True), (R("R5C5", "R4C5", "R4C4"), True), (R("R5C6", "R5C7", "R6C7"), True)])
case("6x6 killercages overlapping and in pieces, sums true of the grid, more givens", S6,
     some(6, 0.55), [(R("R1C1", "R1C2", "R5C6"), True), (R("R1C2", "R2C2"), True)])
