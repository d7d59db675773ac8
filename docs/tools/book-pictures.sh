#!/usr/bin/env bash
# The README's book pictures (issue 31): a spread of two facing pages of each shipped book
# preset and a full-wrap cover, as grey PNG at 40 dpi. Needs poppler-utils and python3.
# Run from the repository root after `cargo build --release`.
set -euo pipefail
sudokit=target/release/sudokit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
spread() { # preset, left page, right page
    "$sudokit" book --preset "$1" --seed 1 --out "$work/$1" --force >/dev/null 2>&1
    pdftoppm -r 40 -gray -f "$2" -l "$3" "$work/$1/book.pdf" "$work/$1/page"
    python3 docs/tools/spread.py "docs/spread-$1.png" "$work/$1"/page-*.pgm
}
spread book-classic 4 5
spread book-killer 10 11
spread book-x 4 5
spread book-mixed 6 7
spread book-large-print 4 5
"$sudokit" book --preset book-classic --seed 1 --count 70 --cover --author "A. Setter" \
    --blurb "Two hundred and forty classic sudoku, from gentle warm-ups to puzzles that need a chain of reasoning. Every puzzle has exactly one solution, and the solutions are at the back." \
    --out "$work/cover" --force >/dev/null 2>&1
pdftoppm -r 40 -gray "$work/cover/cover.pdf" "$work/cover/sheet"
python3 docs/tools/spread.py docs/cover-book-classic.png "$work/cover"/sheet-*.pgm
