#!/usr/bin/env bash
# Measures sudoku-sat against its reference peers in one run, on this
# machine; each figure is the median of RUNS whole-process runs.
#
#   benches/peers/compare.sh [RUNS]
#
# Needs: a release build (cargo build --release), g++, python3 with
# python-sat (pip install python-sat), and ../shared/data/sets beside the
# checkout. Puzzle subsets are drawn at random (a fresh permutation each
# time the script runs) so no result is tuned to a file's order.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${1:-5}
SETS=../shared/data/sets
BIN=target/release/sudoku-sat
[ -d "$SETS" ] || { echo "no $SETS: the public puzzle sets are needed"; exit 1; }
[ -x "$BIN" ] || cargo build --release -q
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
g++ -O3 -o "$TMP/seed" benches/peers/seed_backtrack.cpp

# median_ms CMD...: runs CMD RUNS times, prints the median wall time in ms.
median_ms() {
  local times=()
  for _ in $(seq "$RUNS"); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" > /dev/null 2>&1 || true
    t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]/1000}'
}

shuf -n 2000 "$SETS/tdoku_17_clue_49158.txt" > "$TMP/17.txt"
shuf -n 2000 "$SETS/tdoku_forum_hardest_1905_11plus.txt" > "$TMP/11.txt"
shuf -n 5000 "$SETS/tdoku_17_clue_49158.txt" > "$TMP/17-5000.txt"

echo "== Project Euler 96, whole process"
seed=$(median_ms "$TMP/seed" data/p096_sudoku.txt)
ours=$(median_ms "$BIN" euler)
ours1=$(median_ms "$BIN" euler -j1)
echo "seed algorithm (C++ -O3, scan order)  ${seed} ms"
echo "sudoku-sat euler (all cores)          ${ours} ms"
echo "sudoku-sat euler -j1                  ${ours1} ms"

echo "== solve + uniqueness, one job, whole process (2,000 random puzzles)"
for set in 17 11; do
  py=$(median_ms python3 benches/peers/pysat_minisat.py "$TMP/$set.txt")
  us=$(median_ms "$BIN" solve -j1 -o line "$TMP/$set.txt")
  awk -v s="$set" -v p="$py" -v u="$us" 'BEGIN {
    printf "%-6s pysat-minisat %8.1f ms %7.0f/s   sudoku-sat -j1 %8.1f ms %7.0f/s   ratio %.2fx\n",
      s, p, 2000000/p, u, 2000000/u, p/u }'
done

echo "== --jobs 2 against one job (5,000 random 17-clue puzzles)"
one=$(median_ms "$BIN" solve -j1 -o line "$TMP/17-5000.txt")
two=$(median_ms "$BIN" solve -j2 -o line "$TMP/17-5000.txt")
awk -v a="$one" -v b="$two" 'BEGIN { printf "-j1 %.1f ms  -j2 %.1f ms  speed-up %.2fx\n", a, b, a/b }'

echo "== the whole 17-clue set streamed: peak resident memory"
/usr/bin/time -f "%e s, peak RSS %M KiB" "$BIN" solve -o line "$SETS/tdoku_17_clue_49158.txt" > /dev/null

echo "== the 25x25 set"
echo "sudoku-sat solve (4 puzzles)  $(median_ms "$BIN" solve -o line "$SETS/eliejaz_25x25.txt") ms"
echo "  without the cross-check     $(median_ms "$BIN" solve --no-cross-check -o line "$SETS/eliejaz_25x25.txt") ms"
