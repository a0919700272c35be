#!/usr/bin/env bash
# sudoku-sat against Interactive Sudoku Solver (ISS) on the shared variant
# puzzles, both in process, taking turns, in one run.
#
#   ISS_DIR=/path/to/Interactive-Sudoku-Solver benches/peers/iss.sh [ROUNDS]
#
# ISS_DIR is a checkout of github.com/sigh/Interactive-Sudoku-Solver (no
# build step: its modules are plain JavaScript, loaded by node); this
# project keeps none of its code and changes nothing in it. Needs node
# and ../shared/data/variants (or SUDOKU_SAT_VARIANTS): corpus.tsv,
# heldout.tsv and language.tsv.
#
# The driver is `cargo bench --bench iss` (benches/iss.rs), built with the
# release profile; ISS runs in one node process (benches/peers/iss.mjs)
# that the driver feeds puzzle by puzzle. ROUNDS (default 4) rounds, each
# puzzle on ISS, ours SAT only and ours default in turn, the order
# reversed every other round; medians over the rounds. See benches/iss.rs
# for what each time covers and docs/performance.md for the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${1:-4}
VARIANTS=${SUDOKU_SAT_VARIANTS:-../shared/data/variants}
[ -n "${ISS_DIR:-}" ] || { echo "ISS_DIR is not set: it names an Interactive-Sudoku-Solver checkout" >&2; exit 2; }
[ -f "$ISS_DIR/js/solver/sudoku_builder.js" ] || {
  echo "$ISS_DIR: no js/solver/sudoku_builder.js; is it an Interactive-Sudoku-Solver checkout?" >&2; exit 2; }
command -v node > /dev/null || { echo "node is not on PATH: ISS runs under node" >&2; exit 2; }
for f in corpus.tsv heldout.tsv language.tsv; do
  [ -f "$VARIANTS/$f" ] || { echo "$VARIANTS/$f is absent: the shared variant puzzles are needed" \
    "(set SUDOKU_SAT_VARIANTS to their folder; see benches/README.md)" >&2; exit 2; }
done
commit=$(git -C "$ISS_DIR" rev-parse HEAD 2> /dev/null || echo "unknown (not a git checkout)")
echo "ISS commit: $commit; node $(node --version)"
export ISS_DIR
cargo bench -q --bench iss -- "$ROUNDS"
