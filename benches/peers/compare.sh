#!/usr/bin/env bash
# Measures sudoku-sat against its reference peers in one run, on this
# machine; each figure is the median of RUNS whole-process runs, and each
# comparison takes turns between the two sides.
#
#   benches/peers/compare.sh [RUNS]
#
# Needs: a release build (cargo build --release), g++, python3 with
# python-sat (pip install python-sat), and ../shared/data/sets beside the
# checkout. Puzzle subsets are drawn at random (a fresh permutation each
# time the script runs) so no result is tuned to a file's order.
#
# Optional: TDOKU_DIR pointing at a built tdoku checkout (its
# build/run_benchmark) adds tdoku's in-process figures for its
# SAT-style solver _tdev_dpll_triad and its own solver, tdoku, beside
# `sudoku-sat bench`'s on the same files, RUNS alternating runs
# (benches/peers/tdoku.sh, which says what each side does per puzzle).
# SPARSE=1 adds the sparse 25x25 puzzles against PySAT-CaDiCaL
# (minutes); BIG=1 the generated 36x36, 49x49 and 64x64 puzzles
# (benches/big_grids.py) with their peak memory.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${1:-5}
SETS=${SUDOKU_SAT_SETS:-../shared/data/sets}
BIN=target/release/sudoku-sat
[ -d "$SETS" ] || { echo "$SETS is absent: the public puzzle sets are needed" \
    "(set SUDOKU_SAT_SETS to their folder; see benches/README.md)" >&2; exit 2; }
[ -x "$BIN" ] || cargo build --release -q
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
g++ -O3 -march=native -o "$TMP/seed" benches/peers/seed_backtrack.cpp
# The static build (`cargo build-static`, .cargo/config.toml) starts each
# process about 0.3 ms sooner; on x86_64 Linux its `euler` rows come too.
STATIC=target/x86_64-unknown-linux-gnu/release/sudoku-sat
if [ "$(uname -m)" != x86_64 ] || ! cargo build-static -q 2>/dev/null; then STATIC=; fi

# us CMD...: runs CMD once, prints its wall time in µs. The clock is
# bash's own $EPOCHREALTIME: calling `date` would add a process start, about
# a millisecond, to every figure.
us() {
  local t0 t1
  t0=${EPOCHREALTIME/[.,]/}
  "$@" > /dev/null 2>&1 || true
  t1=${EPOCHREALTIME/[.,]/}
  echo $(( t1 - t0 ))
}

# median: the median of the numbers on stdin (µs), printed in ms.
median() {
  sort -n | awk '{a[NR]=$1} END {printf "%.2f", a[int((NR+1)/2)]/1000}'
}

# median_ms CMD...: runs CMD RUNS times, prints the median wall time in ms.
median_ms() {
  for _ in $(seq "$RUNS"); do us "$@"; done | median
}

# pair_ms "CMD A" "CMD B" ...: runs the commands in turn, RUNS times each,
# and prints their medians in ms. Taking turns keeps a slow spell of this
# shared machine from falling on one side only, and every other round goes
# in reverse order, because a short process's time here depends on what
# ran just before it (`euler -j1`, medians of 21: 2.8 ms straight after
# another `euler`, 3.0 ms after the seed, 3.3 ms after a 30 ms pause).
pair_ms() {
  local i round out=()
  local -a times=() cmds=("$@")
  for round in $(seq "$RUNS"); do
    for ((k = 0; k < ${#cmds[@]}; k++)); do
      i=$(( round % 2 ? k : ${#cmds[@]} - 1 - k ))
      times[i]+="$(eval "us ${cmds[i]}") "
    done
  done
  for i in "${!times[@]}"; do
    out+=("$(printf '%s\n' ${times[i]} | median)")
  done
  echo "${out[*]}"
}

shuf -n 2000 "$SETS/tdoku_17_clue_49158.txt" > "$TMP/17.txt"
shuf -n 2000 "$SETS/tdoku_forum_hardest_1905_11plus.txt" > "$TMP/11.txt"
shuf -n 2000 "$SETS/tdoku_forum_hardest_1905_11plus.txt" > "$TMP/11b.txt"
shuf -n 5000 "$SETS/tdoku_17_clue_49158.txt" > "$TMP/17-5000.txt"

echo "== Project Euler 96, whole process"
read -r seed ours <<< "$(pair_ms "$TMP/seed data/p096_sudoku.txt" "$BIN euler")"
read -r seed1 ours1 <<< "$(pair_ms "$TMP/seed data/p096_sudoku.txt" "$BIN euler -j1")"
echo "seed algorithm (C++ -O3 -march=native)  ${seed} ms   sudoku-sat euler (all cores) ${ours} ms   ratio $(awk -v a="$seed" -v b="$ours" 'BEGIN {printf "%.1fx (ours/seed %.3f)", a/b, b/a}')"
echo "seed algorithm (C++ -O3 -march=native)  ${seed1} ms   sudoku-sat euler -j1         ${ours1} ms   ratio $(awk -v a="$seed1" -v b="$ours1" 'BEGIN {printf "%.1fx (ours/seed %.3f)", a/b, b/a}')"
if [ -n "$STATIC" ]; then
  read -r seed2 ours2 <<< "$(pair_ms "$TMP/seed data/p096_sudoku.txt" "$STATIC euler")"
  echo "seed algorithm (C++ -O3 -march=native)  ${seed2} ms   static build euler (all cores) ${ours2} ms   ratio $(awk -v a="$seed2" -v b="$ours2" 'BEGIN {printf "%.1fx (ours/seed %.3f)", a/b, b/a}')"
else
  echo "static build: not on this machine (x86_64 Linux with glibc's static libraries needed)"
fi

echo "== solve + uniqueness, one job, whole process (2,000 random puzzles; 11b: another draw)"
for set in 17 11 11b; do
  read -r py us <<< "$(pair_ms "python3 benches/peers/pysat_peer.py $TMP/$set.txt" "$BIN solve -j1 -o line $TMP/$set.txt")"
  awk -v s="$set" -v p="$py" -v u="$us" 'BEGIN {
    printf "%-6s pysat-minisat22 %8.1f ms %7.0f/s   sudoku-sat -j1 %8.1f ms %7.0f/s   ratio %.2fx\n",
      s, p, 2000000/p, u, 2000000/u, p/u }'
done

# halves: two -j1 processes at once, one on each half of the file: what
# the two cores give at the moment with nothing shared, the reference for
# -j2's speed-up. The two cores of this shared VM sometimes slow each
# other down, and then no program reaches 2x.
head -n 2500 "$TMP/17-5000.txt" > "$TMP/17-half1.txt"
tail -n +2501 "$TMP/17-5000.txt" > "$TMP/17-half2.txt"
halves() {
  "$BIN" solve -j1 -o line "$TMP/17-half1.txt" &
  "$BIN" solve -j1 -o line "$TMP/17-half2.txt"
  wait
}

echo "== --jobs 2 against one job (5,000 random 17-clue puzzles)"
read -r one two both <<< "$(pair_ms "$BIN solve -j1 -o line $TMP/17-5000.txt" "$BIN solve -j2 -o line $TMP/17-5000.txt" halves)"
awk -v a="$one" -v b="$two" -v c="$both" 'BEGIN {
  printf "-j1 %.1f ms  -j2 %.1f ms  speed-up %.2fx\n", a, b, a/b
  printf "reference: two -j1 processes on the halves at once %.1f ms, %.2fx", c, a/c
  if (a > c) printf "; -j2 gains %.0f%% of what they gain", 100*(a/b-1)/(a/c-1)
  printf "\n" }'

echo "== the whole 17-clue set streamed: peak resident memory"
/usr/bin/time -f "%e s, peak RSS %M KiB" "$BIN" solve -o line "$SETS/tdoku_17_clue_49158.txt" > /dev/null

echo "== the 25x25 set: the file, then five permuted copies (benches/peers/permute.py)"
for copy in 0 1 2 3 4 5; do
  if [ "$copy" = 0 ]; then
    file="$SETS/eliejaz_25x25.txt"
  else
    file="$TMP/25-$copy.txt"
    python3 benches/peers/permute.py "$SETS/eliejaz_25x25.txt" "$RANDOM" > "$file"
  fi
  printf "%-8s solve %6s ms   -j1 %6s ms   --no-cross-check %6s ms\n" \
    "$([ "$copy" = 0 ] && echo file || echo "copy $copy")" \
    "$(median_ms "$BIN" solve -o line "$file")" \
    "$(median_ms "$BIN" solve -j1 -o line "$file")" \
    "$(median_ms "$BIN" solve --no-cross-check -o line "$file")"
done

echo "== in process: sudoku-sat bench (default path, one thread) on the same subsets"
for set in 17 11; do
  "$BIN" bench --first 2000 "$TMP/$set.txt" 2>&1 | grep -E "extended \(propagate\)|puzzles" | sed "s/^/$set: /"
done
"$BIN" bench --first 0 data/p096_sudoku.txt 2>&1 | grep -E "extended \(propagate\)" | sed "s/^/euler: /"
if [ -n "${TDOKU_DIR:-}" ]; then
  echo "== tdoku's harness ($TDOKU_DIR) beside sudoku-sat bench, in process"
  benches/peers/tdoku.sh "$RUNS" || echo "tdoku left out (the line above says why)"
fi

if [ "${BIG:-0}" = 1 ]; then
  echo "== 36x36, 49x49, 64x64 (benches/big_grids.py, seed 7): solve + uniqueness + cross-check, -j1"
  for side in 36 49 64; do
    python3 benches/big_grids.py "$side" 2 7 0.65 "$BIN" > "$TMP/big-$side.txt"
    /usr/bin/time -f "$side: %e s for 2 puzzles, peak RSS %M KiB" \
      "$BIN" solve -j1 -o json "$TMP/big-$side.txt" 2>&1 >"$TMP/big-$side.json" | tail -1
    grep -o '"status":"[a-z]*"\|"cross_check":"[a-z]*"\|"timings_us":{[^}]*}' "$TMP/big-$side.json" | paste -sd' '
  done
fi

if [ "${SPARSE:-0}" = 1 ]; then
  echo "== sparse 25x25 (benches/data/sparse_25x25.txt): first model + uniqueness, one puzzle at a time"
  grep -v '^#' benches/data/sparse_25x25.txt > "$TMP/sparse.txt"
  i=0
  while read -r line; do
    i=$((i + 1))
    echo "$line" > "$TMP/sparse-$i.txt"
    read -r cad ours <<< "$(RUNS=1 pair_ms "timeout 600 python3 benches/peers/pysat_peer.py --solver cadical195 --size 25 --units $TMP/sparse-$i.txt" "$BIN solve -j1 --no-cross-check -o line $TMP/sparse-$i.txt")"
    echo "puzzle $i: pysat-cadical195 ${cad} ms   sudoku-sat ${ours} ms"
  done < "$TMP/sparse.txt"
fi
