#!/bin/bash
# The "Parallel jobs" figures of docs/performance.md: `solve -j1`, `solve
# -j2` and the reference, the file's two halves as two `-j1` processes at
# once, taking turns; medians of wall time, CPU time (user + system) and
# peak memory, with the load average before and after (the machine's other
# work shows there: compare ratios within one run).
#
#   cargo build --release && benches/jobs.sh [TURNS] [OTHER_BINARY...]
#
# TURNS defaults to 7. Other binaries (an older build, say) run in the same
# turns, each after target/release/sudoku-sat. Reads all 49,158 17-clue
# puzzles from the public sets (SUDOKU_SAT_SETS, ../shared/data/sets).
set -eu
cd "$(dirname "$0")/.."
sets=${SUDOKU_SAT_SETS:-../shared/data/sets}
file=$sets/tdoku_17_clue_49158.txt
if [ ! -f "$file" ]; then
    echo "benches/jobs.sh: $file is absent; set SUDOKU_SAT_SETS to the folder of the public sets" >&2
    exit 2
fi
turns=${1:-7}
shift || true
binaries=(target/release/sudoku-sat "$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lines=$(wc -l < "$file")
half=$(( (lines + 1) / 2 ))
head -n "$half" "$file" > "$tmp/half1.txt"
tail -n +"$((half + 1))" "$file" > "$tmp/half2.txt"

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$turns"); do
    for i in "${!binaries[@]}"; do
        bin=${binaries[$i]}
        for jobs in 1 2; do
            start=$(date +%s%N)
            /usr/bin/time -o "$tmp/t" -f "%U %S %M" "$bin" solve -j"$jobs" -o line "$file" > /dev/null
            end=$(date +%s%N)
            echo "$i j$jobs $(( (end - start) / 1000 )) $(cat "$tmp/t")" >> "$tmp/runs"
        done
        start=$(date +%s%N)
        /usr/bin/time -o "$tmp/t" -f "%U %S %M" bash -c \
            "'$bin' solve -j1 -o line '$tmp/half1.txt' > /dev/null &
             '$bin' solve -j1 -o line '$tmp/half2.txt' > /dev/null; wait"
        end=$(date +%s%N)
        echo "$i halves $(( (end - start) / 1000 )) $(cat "$tmp/t")" >> "$tmp/runs"
    done
done
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$tmp/runs" "${binaries[@]}" <<'EOF'
import collections, statistics, sys

runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    i, mode, wall, user, system, rss = line.split()
    # Wall time in microseconds (GNU time's %e has 10 ms steps).
    runs[(int(i), mode)].append((int(wall) / 1e6, float(user) + float(system), int(rss)))
for i, binary in enumerate(sys.argv[2:]):
    median = {m: [statistics.median(r[k] for r in runs[(i, m)]) for k in range(3)]
              for m in ("j1", "j2", "halves")}
    # The fastest turn: on a busy machine, the one least slowed by others.
    best = {m: min(r[0] for r in runs[(i, m)]) for m in ("j1", "j2", "halves")}
    one = median["j1"][0]
    print(f"{binary} ({len(runs[(i, 'j1')])} turns, medians; fastest turn)")
    for mode, name in (("j1", "solve -j1"), ("j2", "solve -j2"), ("halves", "halves at once")):
        wall, cpu, rss = median[mode]
        memory = f", peak {rss / 1024:.1f} MiB" if mode != "halves" else ""
        fastest = f"{best[mode]:.3f} s {best['j1'] / best[mode]:.2f}x"
        print(f"  {name:15} {wall:.3f} s  {one / wall:.2f}x  ({fastest})  CPU {cpu:.2f} s{memory}")
EOF
