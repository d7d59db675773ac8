#!/usr/bin/env bash
# The book pictures of docs/printing.md: single pages at 60 dpi, a spread of two facing pages of each
# shipped book preset and a full-wrap cover (issue 31) as grey PNG at 40 dpi. Needs poppler-utils and python3.
# Run from the repository root after `cargo build --release`.
set -euo pipefail
sudokit=${SUDOKIT:-target/release/sudokit}
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
spread book-jigsaw 6 7
spread book-variety 16 17
page() { # preset, page, picture name
    pdftoppm -r 60 -png -singlefile -f "$2" -l "$2" "$work/$1/book.pdf" "docs/$3"
}
page book-classic 1 book-classic-title
page book-classic 2 book-classic-colophon
page book-classic 3 book-classic-rules
page book-classic 4 book-classic-page
page book-classic 20 book-classic-solutions
page book-killer 12 book-killer-page
page book-mixed 6 book-mixed-rules
page book-x 6 book-x-6x9-facing
page book-x 7 book-x-6x9-page
page book-large-print 4 book-large-print-page
"$sudokit" book --preset book-classic --seed 1 --count 70 --cover --author "A. Setter" \
    --blurb "Two hundred and eighty classic sudoku, from gentle warm-ups to puzzles that need a chain of reasoning. Every puzzle has exactly one solution, and the solutions are at the back." \
    --out "$work/cover" --force >/dev/null 2>&1
pdftoppm -r 40 -gray "$work/cover/cover.pdf" "$work/cover/sheet"
python3 docs/tools/spread.py docs/cover-book-classic.png "$work/cover"/sheet-*.pgm
