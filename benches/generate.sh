#!/usr/bin/env bash
# Generating minimal unique classic 9x9 puzzles on one core: sudoku-sat
# generate against qqwing, the same number in the same run.
#
#   benches/generate.sh [COUNT] [SEED]      (defaults: 500 puzzles, seed 1)
#
# Prints, for sudoku-sat, the wall time and puzzles/s (each puzzle proved
# unique and minimal by SAT and re-checked by the backtracker, then rated),
# the distribution of givens and of `rate` levels, the same for
# `--no-cross-check`, and for qqwing (`apt-get install qqwing`) the wall
# time and puzzles/s of `qqwing --generate COUNT --one-line --symmetry none`, with the
# distribution of its puzzles' givens and their `rate` levels. qqwing's
# puzzles are rated and checked by sudoku-sat afterwards, outside the timing.
set -euo pipefail

count=${1:-500}
seed=${2:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/target/release/sudoku-sat"
CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1} cargo build --release --quiet --manifest-path "$root/Cargo.toml"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

seconds() { date +%s.%N; }

# One core: taskset pins the process when it is available.
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 0); fi

# Counts of each value on stdin, as "value xN" pairs on one line.
histogram() { sort -n | uniq -c | awk '{printf "%s x%s, ", $2, $1}' | sed 's/, $/\n/'; }

report() { # name, seconds, file of one-line puzzles
    local name=$1 took=$2 file=$3
    local n
    n=$(wc -l <"$file")
    printf '%-34s %5d puzzles in %6.2f s: %8.1f puzzles/s\n' "$name" "$n" "$took" \
        "$(echo "$n / $took" | bc -l)"
    printf '  givens: %s\n' "$(tr -d '\n' <"$file" | fold -w81 | awk '{print gsub(/[1-9]/, "")}' | histogram)"
    printf '  levels: %s\n' "$("$bin" rate "$file" 2>/dev/null | tail -1)"
}

for cross in "" "--no-cross-check"; do
    start=$(seconds)
    "${pin[@]}" "$bin" generate -n "$count" --seed "$seed" -o line --no-progress $cross \
        >"$out/sat.txt" 2>"$out/sat.err"
    took=$(echo "$(seconds) - $start" | bc -l)
    report "sudoku-sat generate ${cross:-(cross-checked)}" "$took" "$out/sat.txt"
done
"$bin" check "$out/sat.txt" -o json --no-cross-check | grep -c '"redundant":\[\]' |
    xargs printf '  check: %s of them have no redundant given\n'

if command -v qqwing >/dev/null; then
    start=$(seconds)
    "${pin[@]}" qqwing --generate "$count" --one-line --symmetry none >"$out/qq.raw"
    took=$(echo "$(seconds) - $start" | bc -l)
    grep -E '^[0-9.]{81}$' "$out/qq.raw" >"$out/qq.txt"
    report "qqwing --generate" "$took" "$out/qq.txt"
    "$bin" check "$out/qq.txt" -o json --no-cross-check | grep -c '"redundant":\[\]' |
        xargs printf '  check: %s of them have no redundant given (minimal)\n'
else
    echo "qqwing is not installed (apt-get install qqwing): no comparison"
fi
