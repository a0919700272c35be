#!/bin/sh
# Times the real variant puzzles of the shared corpus family by family,
# under every sum encoding: `sudoku-sat bench` on their f-puzzles links.
#
#   benches/variants.sh [CORPUS.tsv]
#
# The corpus (../shared/data/variants/corpus.tsv beside the project, one
# puzzle a line: id, constraints, size, payload, solution, source) stays
# where it is; this script reads it in place. Puzzles whose rules the tool
# does not implement are refused by name on stderr and left out of the
# timing; the count of those measured is printed.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-${SUDOKU_SAT_VARIANTS:-$here/../shared/data/variants}/corpus.tsv}
if [ ! -f "$corpus" ]; then
    echo "benches/variants.sh: $corpus is absent: it needs the shared variant puzzles" \
        "(set SUDOKU_SAT_VARIANTS to their folder; see benches/README.md)" >&2
    exit 2
fi
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
bin=$here/target/release/sudoku-sat
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
tail -n +2 "$corpus" | cut -f4 > "$work/payloads"
# convert refuses what it cannot read, by name, and writes the rest; its
# stderr also carries notes (drawings left out, solutions not copied),
# which are not refusals.
"$bin" convert --to fpuzzles "$work/payloads" > "$work/links" 2> "$work/stderr" || true
grep -v '^note: ' "$work/stderr" > "$work/refused" || true
echo "$(wc -l < "$work/links") of $(wc -l < "$work/payloads") corpus puzzles measured;" \
    "$(wc -l < "$work/refused") refused (rules not implemented)"
sed 's/^/  /' "$work/refused" | cut -c1-100
"$bin" bench --first 0 "$work/links"
