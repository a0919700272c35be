#!/usr/bin/env bash
# sudoku-sat's in-process throughput beside tdoku's benchmark harness, on
# the same puzzle files, in one run, taking turns.
#
#   TDOKU_DIR=/path/to/tdoku benches/peers/tdoku.sh [RUNS]
#
# TDOKU_DIR is a tdoku checkout whose harness is already built
# (build/run_benchmark, as tdoku's README describes, with its development
# solvers for _tdev_dpll_triad: CC=clang CXX=clang++ ./BUILD.sh
# run_benchmark -DTDEV=on); this project keeps none of tdoku's code. Needs a release build and ../shared/data/sets.
#
# Both sides solve each puzzle on one thread from a grid already in
# memory, and both decide uniqueness:
#   - tdoku's harness by default asks each solver for up to 2 solutions
#     (the search goes on after the first until the tree is exhausted or a
#     second is found) and validates nothing while it times; `-f` asks
#     for 1 (first solution only). It times whole passes over the set,
#     repeated for TDOKU_SECS seconds after a warm-up.
#   - `sudoku-sat bench` solves each puzzle once per configuration; its
#     row `sat extended (propagate)` is the default path (singles,
#     locked candidates and, on 9x9, probing; the reduced CNF on a fresh
#     varisat, the model decoded and validated, a blocking clause, a
#     second call that proves uniqueness), `backtracker` the native
#     oracle (up to two solutions).
#     No cross-check in either row.
#
# Three tdoku settings per file:
#   matched  -r0 -n N: exactly the file's N puzzles, as written;
#   first    the same with -f: first solution only, no uniqueness;
#   default  the harness's defaults (-r1, -n 100000): the file sampled or
#            repeated to 100,000 puzzles, each with its digits relabelled
#            and its rows and columns shuffled within and across bands
#            and stacks at random (tdoku's published figures use
#            -n 250000).
#
# The small files are repeated (top95 20 times, Project Euler's 50
# puzzles 100 times) for both sides: one pass over 50 puzzles lasts about
# 2 ms, short enough to slip between the other processes of a busy
# machine, while the harness's loop lasts seconds and gets only its share
# of a core; longer passes put both sides under the same load.
#
# Environment: SEED=n draws the random subsets reproducibly (otherwise
# fresh each run); TDOKU_SECS (default 3) is the harness's -t;
# TDOKU_SOLVERS (default _tdev_dpll_triad,tdoku) what it runs: solver
# names it does not know are skipped by the harness itself, so check its
# -h for the ones built.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${1:-5}
SETS=${SUDOKU_SAT_SETS:-../shared/data/sets}
BIN=target/release/sudoku-sat
SECS=${TDOKU_SECS:-3}
SOLVERS=${TDOKU_SOLVERS:-_tdev_dpll_triad,tdoku}
[ -n "${TDOKU_DIR:-}" ] || { echo "TDOKU_DIR is not set: it names a built tdoku checkout" >&2; exit 2; }
TDOKU=$TDOKU_DIR/build/run_benchmark
[ -x "$TDOKU" ] || { echo "$TDOKU: no such program; build tdoku's harness first (its README)" >&2; exit 2; }
[ -d "$SETS" ] || { echo "$SETS is absent: the public puzzle sets are needed" \
    "(set SUDOKU_SAT_SETS to their folder; see benches/README.md)" >&2; exit 2; }
[ -x "$BIN" ] || cargo build --release -q
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# draw N FILE: N random lines of FILE (the same ones for a given SEED).
draw() {
  if [ -n "${SEED:-}" ]; then
    shuf -n "$1" --random-source=<(yes "$SEED") "$2"
  else
    shuf -n "$1" "$2"
  fi
}

draw 2000 "$SETS/tdoku_17_clue_49158.txt" > "$TMP/17-clue-2000.txt"
draw 1000 "$SETS/tdoku_forum_hardest_1905_11plus.txt" > "$TMP/hardest-11plus-1000.txt"
cp "$SETS/tdoku_forum_hardest_1106.txt" "$TMP/hardest-1106.txt"
cp "$SETS/tdoku_magictour_top1465.txt" "$TMP/magictour-1465.txt"
for _ in $(seq 20); do cat "$SETS/norvig_top95.txt"; done > "$TMP/top95-x20.txt"
for _ in $(seq 100); do cat "$SETS/euler_p096_50.txt"; done > "$TMP/euler-50-x100.txt"
FILES=(17-clue-2000 hardest-11plus-1000 hardest-1106 magictour-1465 top95-x20 euler-50-x100)

# record FILE LABEL VALUE: keeps one run's puzzles/s.
record() {
  [[ $3 =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "no figure for $2 on $1: '$3'" >&2; exit 1; }
  echo "$3" >> "$TMP/$1.$2.rate"
}

# tdoku FILE SETTING FLAGS...: one harness run (CSV output), every
# solver's puzzles/s recorded as SOLVER:SETTING.
tdoku() {
  local file=$1 setting=$2 solver rate
  shift 2
  while IFS=, read -r _ _ _ _ solver rate _; do
    record "$file" "$solver:$setting" "$rate"
  done < <("$TDOKU" -c1 -v1 -w1 -t"$SECS" -s "$SOLVERS" "$@" "$TMP/$file.txt" | grep ,)
}

# ours FILE: one `sudoku-sat bench` run, its default path and backtracker.
ours() {
  local out
  out=$("$BIN" bench --first 0 "$TMP/$1.txt")
  # A row's figures are numbers: the legend above the table also starts
  # a line with "backtracker".
  record "$1" "sudoku-sat:default-path" \
    "$(awk '/^ *sat extended \(propagate\) +[0-9]/ {print $4}' <<< "$out")"
  record "$1" "sudoku-sat:backtracker" "$(awk '$1 == "backtracker" && $2 ~ /^[0-9]+$/ {print $2}' <<< "$out")"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "tdoku harness: $("$TDOKU" -h | grep 'build info')"
for run in $(seq "$RUNS"); do
  for file in "${FILES[@]}"; do
    n=$(grep -cv '^#' "$TMP/$file.txt")
    tdoku "$file" matched -r0 -n "$n"
    ours "$file"
    tdoku "$file" first -r0 -n "$n" -f
    tdoku "$file" default
  done
  echo "run $run of $RUNS done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done

# median FILE: the median of the numbers in FILE.
median() {
  sort -g "$1" | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]}'
}

echo
echo "puzzles/s, median of $RUNS runs; ratio = sudoku-sat's default path / _tdev_dpll_triad (matched)"
for file in "${FILES[@]}"; do
  echo "== $file ($(grep -cv '^#' "$TMP/$file.txt") puzzles)"
  for rate in "$TMP/$file".*.rate; do
    label=${rate#"$TMP/$file."}
    printf "  %-34s %10s\n" "${label%.rate}" "$(median "$rate")"
  done
  triad="$TMP/$file._tdev_dpll_triad:matched.rate"
  if [ -f "$triad" ]; then
    awk -v a="$(median "$TMP/$file.sudoku-sat:default-path.rate")" -v b="$(median "$triad")" \
      'BEGIN {printf "  ratio %.2fx\n", a / b}'
  fi
done
