#!/usr/bin/env python3
"""Candidate documents for conformance.tsv (issue 38): small f-puzzles documents, a few dozen
per key, each rule drawn on a known grid (true of it, or at random, or at an edge case the
rules page names). Prints `key<TAB>name<TAB>json` lines; the `variant_engines` test
`write_conformance` (ignored) counts each with the test's own enumerator and keeps a
balanced dozen per key. Seeded: the same candidates every run.

    python3 tests/data/variants/make_conformance.py > target/conformance_candidates.tsv
"""
import json
import random

rng = random.Random(38)

S4 = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
S6 = [[1, 2, 3, 4, 5, 6], [4, 5, 6, 1, 2, 3], [2, 3, 1, 5, 6, 4],
      [5, 6, 4, 2, 3, 1], [3, 1, 2, 6, 4, 5], [6, 4, 5, 3, 1, 2]]
# published solutions (fpuzzles_variants.tsv): "Clipped" by glum_hippo, "Equal Sums" by Rangsk
S9 = [[int(c) for c in s[i * 9:i * 9 + 9]] for s in [
    "867452931342891675519763284984327156635918427721645398498536712276189543153274869",
    "146583972593672418728491536917836245632145789854927163465319827371258694289764351",
] for i in range(9)]
S9A, S9B = S9[:9], S9[9:]
BOX = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


def relabel(grid):
    n = len(grid)
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    out = [[digits[d - 1] for d in row] for row in grid]
    if rng.random() < 0.5 and n != 6:
        out = [list(col) for col in zip(*out)]
    return out


def name(r, c):
    return f"R{r + 1}C{c + 1}"


def region(n, r, c):
    rows, cols = BOX[n]
    return r // rows * (n // cols) + c // cols


def document(grid, fraction, rules, keep=()):
    n = len(grid)
    cells = []
    for r in range(n):
        row = []
        for c in range(n):
            if (r, c) in keep or rng.random() < fraction:
                row.append({"value": grid[r][c], "given": True})
            else:
                row.append({})
        cells.append(row)
    doc = {"size": n, "grid": cells}
    doc.update(rules)
    return doc


def walk(n, length, step=None, grid=None, ok=None):
    """A king's walk of `length` distinct cells; `ok(previous, next)` on digits if given."""
    for _ in range(200):
        r, c = rng.randrange(n), rng.randrange(n)
        path = [(r, c)]
        while len(path) < length:
            options = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                       if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
                       and (r + dr, c + dc) not in path]
            if ok is not None:
                options = [o for o in options if ok(grid[r][c], grid[o[0]][o[1]])]
            if not options:
                break
            r, c = rng.choice(options)
            path.append((r, c))
        if len(path) == length:
            return path
    return None


def values(grid, path):
    return [grid[r][c] for r, c in path]


LINE_CHECK = {
    "thermometer": lambda v, n, g, p: all(a < b for a, b in zip(v, v[1:])),
    "slowthermometer": lambda v, n, g, p: all(a <= b for a, b in zip(v, v[1:])),
    "palindrome": lambda v, n, g, p: v == v[::-1],
    "betweenline": lambda v, n, g, p: all(min(v[0], v[-1]) < x < max(v[0], v[-1]) for x in v[1:-1]),
    "renban": lambda v, n, g, p: sorted(v) == list(range(min(v), min(v) + len(v))),
    "whispers": lambda v, n, g, p: all(abs(a - b) >= (n + 1) // 2 for a, b in zip(v, v[1:])),
    "entropicline": lambda v, n, g, p: all((v[i] - 1) // (n // 3) != (v[j] - 1) // (n // 3)
                                           for i in range(len(v)) for j in range(i + 1, min(i + 3, len(v)))),
    "modularline": lambda v, n, g, p: all(v[i] % 3 != v[j] % 3
                                          for i in range(len(v)) for j in range(i + 1, min(i + 3, len(v)))),
    "zipperline": lambda v, n, g, p: len({v[i] + v[-1 - i] for i in range(len(v) // 2)}
                                         | ({v[len(v) // 2]} if len(v) % 2 else set())) == 1,
    "regionsumline": lambda v, n, g, p: len(set(segments(v, n, p))) == 1,
}


# rules modelled later (issue 38 point 4), drawn after every other case with their own seed so
# the earlier candidates stay as they were
LATER_LINE_CHECK = {
    "doublearrow": lambda v, n, g, p: len(v) < 3 or v[0] + v[-1] == sum(v[1:-1]),
    "lockout": lambda v, n, g, p: abs(v[0] - v[-1]) >= n // 2
    and all(x < min(v[0], v[-1]) or x > max(v[0], v[-1]) for x in v[1:-1]),
    "nabner": lambda v, n, g, p: all(abs(a - b) >= 2 for i, a in enumerate(v) for b in v[i + 1:]),
}


def segments(v, n, path):
    totals = [v[0]]
    for i in range(1, len(v)):
        if region(n, *path[i]) == region(n, *path[i - 1]):
            totals[-1] += v[i]
        else:
            totals.append(v[i])
    return totals


def line_entry(key, paths, extra=None):
    entry = {"lines": [[name(r, c) for r, c in p] for p in paths]}
    if extra:
        entry.update(extra)
    return {key: [entry]}


def grids():
    """Base grids with how many givens suit their size."""
    while True:
        yield relabel(S4), rng.choice([0.0, 0.1, 0.25])
        yield relabel(S6), rng.choice([0.35, 0.5])
        yield relabel(rng.choice([S9A, S9B])), rng.choice([0.62, 0.7])


def line_cases(key, out):
    source = grids()
    made = 0
    while made < 30:
        grid, fraction = next(source)
        n = len(grid)
        if key == "entropicline" and n % 3:
            continue
        length = rng.randint(2 if key != "betweenline" else 3, min(n, 6))
        check = LINE_CHECK.get(key) or LATER_LINE_CHECK[key]
        truthful = made % 2 == 0
        path = None
        for _ in range(300):
            candidate = walk(n, length)
            if candidate and (not truthful or check(values(grid, candidate), n, grid, candidate)):
                path = candidate
                break
        if path is None:
            continue
        extra = None
        if key == "whispers" and made % 5 == 1:
            extra = {"value": str(rng.randint(2, n // 2 + 1))}
        how = "true of the grid" if truthful else "drawn at random"
        out.append((key, f"{n}x{n} {key} of {len(path)} cells, {how}",
                    document(grid, fraction, line_entry(key, [path], extra))))
        made += 1


def edge_cases(out):
    g4 = S4
    # between line with equal ends: no digit lies strictly between
    p = [(0, 0), (1, 1), (2, 2)]
    out.append(("betweenline", "4x4 between line whose ends are given equal",
                document(g4, 0, line_entry("betweenline", [[(0, 0), (1, 0), (2, 1)]]),
                         keep=[])))
    out[-1][2]["grid"][0][0] = {"value": 2, "given": True}
    out[-1][2]["grid"][2][1] = {"value": 2, "given": True}
    # region sum line leaving a box and coming back (issue 38)
    for n, grid in [(9, S9A), (9, S9B)]:
        out.append(("regionsumline", f"{n}x{n} region sum line r1c3-r1c4-r2c3 (box 1, box 2, box 1)",
                    document(grid, 0.6, line_entry("regionsumline", [[(0, 2), (0, 3), (1, 2)]]))))
    # zipper of odd length: the centre is the total
    out.append(("zipperline", "6x6 zipper of 3 cells: the centre is each pair's total",
                document(S6, 0.4, line_entry("zipperline", [[(2, 0), (3, 1), (2, 2)]]))))
    # renban in any order
    out.append(("renban", "4x4 renban 3-1-2 in no order",
                document(g4, 0, line_entry("renban", [[(0, 2), (1, 2), (2, 1)]]))))
    # arrows: one-cell shaft, two-cell pill, three-cell pill
    out.append(("arrow", "4x4 arrow with a one-cell shaft: equal digits",
                document(g4, 0.2, {"arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R2C2"]]}]})))
    out.append(("arrow", "9x9 arrow with a two-cell pill: a two-digit number",
                document(S9A, 0.6, {"arrow": [{"cells": ["R1C1", "R1C2"],
                                               "lines": [["R1C2", "R2C3", "R3C4", "R4C5"]]}]})))
    out.append(("arrow", "6x6 arrow with a three-cell pill: no shaft reaches 123",
                document(S6, 0.3, {"arrow": [{"cells": ["R1C1", "R1C2", "R1C3"],
                                              "lines": [["R1C3", "R2C4", "R3C5", "R4C6"]]}]})))
    # sandwich 0 (1 and n side by side); X-sum counting the first cell
    out.append(("sandwichsum", "4x4 sandwich 0: 1 and 4 side by side",
                document(g4, 0, {"sandwichsum": [{"cell": "R0C1", "value": "0"}, {"cell": "R1C0", "value": "0"}]})))
    out.append(("xsum", "4x4 X-sum 1: only a first digit of 1 counts itself",
                document(g4, 0, {"xsum": [{"cell": "R1C0", "value": "1"}]})))
    out.append(("skyscraper", "4x4 skyscraper 4 and 1 on one row",
                document(g4, 0, {"skyscraper": [{"cell": "R1C0", "value": "4"}, {"cell": "R1C5", "value": "1"}]})))
    # quadruple with a repeated digit
    out.append(("quadruple", "4x4 quadruple 1,1: two 1s around the corner",
                document(g4, 0, {"quadruple": [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [1, 1]}]})))
    out.append(("quadruple", "4x4 quadruple 2,2 on cells of one row and one box: impossible",
                document(g4, 0, {"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [2, 2]}]})))
    # minimum/maximum side by side
    out.append(("maximum", "4x4 two maximum cells side by side",
                document(g4, 0.1, {"maximum": [{"cell": "R2C2"}, {"cell": "R2C3"}]})))
    out.append(("minimum", "4x4 two minimum cells side by side",
                document(g4, 0.1, {"minimum": [{"cell": "R3C2"}, {"cell": "R3C3"}]})))
    # Kropki exemption (issue 38): 1 beside 2 under a white dot with negative ratio
    for key, extra in [("difference", {"negative": ["ratio"]}), ("ratio", {"nonconsecutive": True})]:
        rules = {key: [{"cells": ["R1C1", "R1C2"]}]}
        rules.update(extra)
        out.append((key, f"4x4 1 beside 2 under a {key} dot with the other negative constraint",
                    document([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]], 0, rules,
                             keep=[(0, 0), (0, 1)])))
    # XV with and without the negative constraint
    out.append(("xv", "4x4 V on 1+4, no negative constraint",
                document(g4, 0, {"xv": [{"cells": ["R1C1", "R2C1"], "value": "V"}]})))
    out.append(("negative", "4x4 negative XV with no marks: no neighbours sum to 5",
                document(g4, 0, {"negative": ["xv"]})))
    # little killers in every direction from the frame
    for cell, direction in [("R0C0", "DR"), ("R5C5", "UL"), ("R0C5", "DL"), ("R5C0", "UR")]:
        out.append(("littlekillersum", f"4x4 little killer {direction} from {cell}: the long diagonal",
                    document(g4, 0.1, {"littlekillersum": [{"cell": cell, "direction": direction, "value": "10"}]})))
    # column indexer on 4x4
    out.append(("columnindexer", "4x4 column indexer in column 1",
                document(g4, 0, {"columnindexer": [{"cells": [name(r, 0) for r in range(4)]}]})))


def diagonal_sum(grid, cell, direction):
    n = len(grid)
    r, c = cell
    dr, dc = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}[direction]
    total, count = 0, 0
    while True:
        r, c = r + dr, c + dc
        if not (0 <= r < n and 0 <= c < n):
            return total, count
        total += grid[r][c]
        count += 1


def outside(grid, key, side, index):
    n = len(grid)
    if side == "top":
        cells, place = [grid[i][index] for i in range(n)], f"R0C{index + 1}"
    elif side == "bottom":
        cells, place = [grid[n - 1 - i][index] for i in range(n)], f"R{n + 1}C{index + 1}"
    elif side == "left":
        cells, place = grid[index][:], f"R{index + 1}C0"
    else:
        cells, place = grid[index][::-1], f"R{index + 1}C{n + 1}"
    if key == "sandwichsum":
        a, b = sorted([cells.index(1), cells.index(n)])
        value = sum(cells[a + 1:b])
    elif key == "xsum":
        value = sum(cells[:cells[0]])
    else:
        value, tallest = 0, 0
        for d in cells:
            if d > tallest:
                tallest, value = d, value + 1
    return place, value


def neighbours(n):
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                yield (r, c), (r, c + 1)
            if r + 1 < n:
                yield (r, c), (r + 1, c)


def cell_cases(key, out):
    source = grids()
    made = 0
    while made < 30:
        grid, fraction = next(source)
        n = len(grid)
        truthful = made % 2 == 0
        rules = None
        if key in ("odd", "even"):
            cells = rng.sample([(r, c) for r in range(n) for c in range(n)], rng.randint(1, n))
            if truthful:
                cells = [(r, c) for r, c in cells if (grid[r][c] % 2 == 0) == (key == "even")] or cells[:1]
            rules = {key: [{"cell": name(r, c)} for r, c in cells]}
        elif key in ("minimum", "maximum"):
            def extreme(r, c):
                around = [grid[r + dr][c + dc] for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                          if 0 <= r + dr < n and 0 <= c + dc < n]
                return all(grid[r][c] < a for a in around) if key == "minimum" else all(grid[r][c] > a for a in around)
            every = [(r, c) for r in range(n) for c in range(n)]
            cells = [x for x in every if extreme(*x)] if truthful else rng.sample(every, 2)
            cells = rng.sample(cells, min(len(cells), rng.randint(1, 3)))
            rules = {key: [{"cell": name(r, c)} for r, c in cells]}
        elif key in ("difference", "ratio", "xv", "nonconsecutive", "negative"):
            marks = {"difference": [], "ratio": [], "xv": []}
            for a, b in neighbours(n):
                x, y = grid[a[0]][a[1]], grid[b[0]][b[1]]
                cells = [name(*a), name(*b)]
                if abs(x - y) == 1 and rng.random() < 0.8:
                    marks["difference"].append({"cells": cells})
                elif (x == 2 * y or y == 2 * x) and rng.random() < 0.8:
                    marks["ratio"].append({"cells": cells})
                if x + y in (5, 10) and rng.random() < 0.8:
                    marks["xv"].append({"cells": cells, "value": "X" if x + y == 10 else "V"})
            if not truthful:
                a, b = rng.choice(list(neighbours(n)))
                marks[rng.choice(["difference", "ratio"])].append({"cells": [name(*a), name(*b)]})
            if key in ("difference", "ratio", "xv"):
                rules = {key: marks[key]}
                if made % 3 == 1:
                    rules["negative"] = ["xv"] if key == "xv" else ["ratio"]
                if key != "xv" and made % 3 == 2:
                    rules["nonconsecutive"] = True
            elif key == "nonconsecutive":
                rules = {"difference": marks["difference"], "nonconsecutive": True}
                if made % 2:
                    rules["ratio"] = marks["ratio"]
            else:
                choice = made % 3
                if choice == 0:
                    rules = {"difference": marks["difference"], "ratio": marks["ratio"], "negative": ["ratio"]}
                elif choice == 1:
                    rules = {"xv": marks["xv"], "negative": ["xv"]}
                else:
                    rules = {"difference": marks["difference"], "ratio": marks["ratio"],
                             "negative": ["ratio"], "nonconsecutive": True}
            fraction = fraction * 0.5
        elif key == "quadruple":
            r, c = rng.randrange(n - 1), rng.randrange(n - 1)
            cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            digits = sorted(grid[a][b] for a, b in cells)
            digits = rng.sample(digits, rng.randint(1, 4)) if truthful else [rng.randint(1, n) for _ in range(rng.randint(1, 3))]
            rules = {"quadruple": [{"cells": [name(*x) for x in cells], "values": sorted(digits)}]}
        elif key == "clone":
            every = [(r, c) for r in range(n) for c in range(n)]
            first = rng.choice(every)
            if truthful:
                same = [x for x in every if grid[x[0]][x[1]] == grid[first[0]][first[1]] and x != first]
                second = rng.choice(same)
            else:
                second = rng.choice([x for x in every if x != first])
            rules = {"clone": [{"cells": [name(*first)], "cloneCells": [name(*second)]}]}
        elif key == "arrow":
            length = rng.randint(2, min(n, 4))
            path = walk(n, length)
            if truthful:
                for _ in range(300):
                    path = walk(n, length)
                    if path and values(grid, path)[0] == sum(values(grid, path)[1:]):
                        break
                else:
                    continue
            rules = {"arrow": [{"cells": [name(*path[0])], "lines": [[name(*x) for x in path]]}]}
        elif key == "littlekillersum":
            direction = rng.choice(["UL", "UR", "DL", "DR"])
            dr, dc = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}[direction]
            frame = [(r, c) for r in range(-1, n + 1) for c in range(-1, n + 1)
                     if (r in (-1, n) or c in (-1, n)) and 0 <= r + dr < n and 0 <= c + dc < n]
            cell = rng.choice(frame)
            total, count = diagonal_sum(grid, cell, direction)
            value = total if truthful else rng.randint(count, count * n)
            rules = {"littlekillersum": [{"cell": name(*cell), "direction": direction, "value": str(value)}]}
        elif key in ("sandwichsum", "xsum", "skyscraper"):
            side = rng.choice(["top", "bottom", "left", "right"])
            place, value = outside(grid, key, side, rng.randrange(n))
            if not truthful:
                value = rng.randint(0 if key == "sandwichsum" else 1, {"sandwichsum": n * (n + 1) // 2 - 1 - n,
                                                                       "xsum": n * (n + 1) // 2, "skyscraper": n}[key])
            rules = {key: [{"cell": place, "value": str(value)}]}
            fraction = fraction * 0.6
        elif key == "columnindexer":
            if n == 9:
                continue
            column = rng.randrange(n)
            rules = {"columnindexer": [{"cells": [name(r, column) for r in range(n)]}]}
            fraction = 0.15 if n == 4 else 0.3
        elif key in ("rowindexer", "boxindexer", "partialcolumnindexer"):
            # indexer cells true of the grid (each pointing where its place stands) or at random
            def house(r, c):
                if key == "rowindexer":
                    return [(i, c) for i in range(n)]
                if key == "boxindexer":
                    return [x for x in ((i, j) for i in range(n) for j in range(n))
                            if region(n, *x) == region(n, r, c)]
                return [(r, j) for j in range(n)]

            def points_home(r, c):
                cells = house(r, c)
                target = cells[grid[r][c] - 1]
                return grid[target[0]][target[1]] == cells.index((r, c)) + 1

            every = [(r, c) for r in range(n) for c in range(n)]
            pool = [x for x in every if points_home(*x)] if truthful else every
            if key == "partialcolumnindexer":
                column = rng.randrange(n)
                pool = [x for x in pool if x[1] == column] or [(0, column)]
            if not pool:
                continue
            cells = sorted(rng.sample(pool, min(len(pool), rng.randint(1, n))))
            real = "columnindexer" if key == "partialcolumnindexer" else key
            rules = {real: [{"cells": [name(*x) for x in cells]}]}
            fraction = 0.1 if n == 4 else (0.3 if n == 6 else 0.6)
        elif key == "killercage":
            path = walk(n, rng.randint(1, 4), ok=lambda a, b: True, grid=grid)
            rows = {x[0] for x in path}
            total = sum(values(grid, path))
            if not truthful:
                total += rng.choice([-2, -1, 1, 2])
            cage = {"cells": [name(*x) for x in path]}
            if made % 4 != 3:
                cage["value"] = str(total)
            rules = {"killercage": [cage]}
        elif key in ("antiknight", "antiking", "disjointgroups", "diagonal+", "diagonal-"):
            rules = {key: True}
            fraction = fraction + 0.1 if n > 4 else 0.15
        elif key == "extraregion":
            every = [(r, c) for r in range(n) for c in range(n)]
            cells = rng.sample(every, rng.randint(2, n))
            rules = {"extraregion": [{"cells": [name(*x) for x in cells]}]}
        if rules is None:
            continue
        how = "true of the grid" if truthful else "drawn at random"
        if key == "partialcolumnindexer":
            out.append(("columnindexer", f"{n}x{n} column indexer on part of a column, {how}",
                        document(grid, fraction, rules)))
        else:
            out.append((key, f"{n}x{n} {key}, {how}", document(grid, fraction, rules)))
        made += 1


IRREGULAR_4 = [[0, 0, 0, 1], [2, 0, 1, 1], [2, 2, 3, 1], [2, 3, 3, 3]]
IRREGULAR_6 = [[0, 0, 0, 1, 1, 1], [0, 0, 2, 2, 1, 1], [0, 3, 2, 2, 2, 1],
               [3, 3, 3, 4, 2, 5], [3, 4, 4, 4, 5, 5], [3, 4, 4, 5, 5, 5]]


def region_cases(out):
    for made in range(30):
        layout = IRREGULAR_4 if made % 2 == 0 else IRREGULAR_6
        n = len(layout)
        doc = {"size": n, "grid": [[{"region": layout[r][c]} for c in range(n)] for r in range(n)]}
        for _ in range(rng.randint(0, n + n // 2)):
            r, c = rng.randrange(n), rng.randrange(n)
            doc["grid"][r][c]["value"] = rng.randint(1, n)
            doc["grid"][r][c]["given"] = True
        out.append(("region", f"{n}x{n} irregular regions, givens at random", doc))


def later_cases(out):
    """The rules modelled later: double arrows, lockout lines, row and box indexers, column
    indexers on part of a column, with edge cases."""
    rng.seed(3804)
    g4, g9 = S4, S9A
    out.append(("doublearrow", "4x4 double arrow of two cells (nothing between: no rule)",
                document(g4, 0, line_entry("doublearrow", [[(0, 0), (0, 1)]]))))
    out.append(("doublearrow", "4x4 double arrow whose circles are given 1 and 4 with one cell between",
                document(g4, 0, line_entry("doublearrow", [[(0, 0), (1, 1), (2, 2)]]), keep=[(0, 0), (2, 2)])))
    out.append(("lockout", "4x4 lockout line of two cells: the diamonds differ by 2 or more",
                document(g4, 0, line_entry("lockout", [[(0, 0), (0, 1)]]))))
    out.append(("lockout", "4x4 lockout line whose diamonds are given 1 and 4 (nothing fits between)",
                document(g4, 0, line_entry("lockout", [[(0, 0), (0, 1), (1, 1)]]), keep=[(0, 0), (1, 1)])))
    out.append(("lockout", "9x9 lockout line whose diamonds are given 2 apart (less than 4)",
                document(g9, 0.6, line_entry("lockout", [[(0, 0), (1, 0), (0, 1)]]), keep=[(0, 0), (0, 1)])))
    for key in ["doublearrow", "lockout"]:
        line_cases(key, out)
    for key in ["rowindexer", "boxindexer", "partialcolumnindexer"]:
        cell_cases(key, out)


def nabner_cases(out):
    """Nabner lines (modelled after the others, with their own seed): edge cases, then lines
    true of a grid or drawn at random."""
    rng.seed(3805)
    g4, g6, g9 = S4, S6, S9A
    out.append(("nabner", "4x4 nabner line of two cells given 2 and 3 (consecutive)",
                document(g4, 0, line_entry("nabner", [[(0, 1), (0, 2)]]), keep=[(0, 1), (0, 2)])))
    # r2c2 and r3c3 share no row, column or box, and hold 4 each in the grid: sudoku allows
    # the repeat, the line does not
    out.append(("nabner", "4x4 nabner line of two cells sharing no house, equal in the grid (no repeat)",
                document(g4, 0.5, line_entry("nabner", [[(1, 1), (2, 2)]]),
                         keep=[(0, 0), (0, 3), (3, 0), (3, 3)])))
    out.append(("nabner", "4x4 nabner line of three cells (at most two digits two apart fit)",
                document(g4, 0, line_entry("nabner", [[(0, 0), (1, 1), (2, 1)]]))))
    out.append(("nabner", "6x6 nabner line of four cells (at most three fit)",
                document(g6, 0.4, line_entry("nabner", [[(2, 0), (2, 1), (3, 2), (3, 3)]]))))
    # the ends are not neighbours on the line and still may not be consecutive
    out.append(("nabner", "6x6 nabner line whose ends are given 3 and 4, the middle free",
                document(g6, 0.3, line_entry("nabner", [[(0, 2), (1, 1), (1, 0)]]),
                         keep=[(0, 2), (1, 0)])))
    # five cells on 9x9 take 1 3 5 7 9, one each: a walk whose digits are 2 apart
    path = None
    while path is None:
        grid = relabel(S9A)
        path = walk(9, 5, grid=grid, ok=lambda a, b: abs(a - b) >= 2)
        if path and not LATER_LINE_CHECK["nabner"](values(grid, path), 9, grid, path):
            path = None
    out.append(("nabner", "9x9 nabner line of five cells (only the odd digits fit, once each)",
                document(grid, 0.62, line_entry("nabner", [path]))))
    out.append(("nabner", "9x9 nabner line of six cells (at most five fit)",
                document(g9, 0.62, line_entry("nabner", [[(0, 0), (0, 1), (1, 2), (2, 2), (2, 3), (2, 4)]]))))
    line_cases("nabner", out)


def main():
    out = []
    edge_cases(out)
    for key in LINE_CHECK:
        line_cases(key, out)
    for key in ["odd", "even", "minimum", "maximum", "difference", "ratio", "xv", "nonconsecutive",
                "negative", "quadruple", "clone", "arrow", "littlekillersum", "sandwichsum", "xsum",
                "skyscraper", "columnindexer", "killercage", "antiknight", "antiking",
                "disjointgroups", "diagonal+", "diagonal-", "extraregion"]:
        cell_cases(key, out)
    region_cases(out)
    later_cases(out)
    nabner_cases(out)
    for key, label, doc in out:
        print(f"{key}\t{label}\t{json.dumps(doc, separators=(',', ':'))}")


main()
