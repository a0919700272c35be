#!/bin/sh
# The tables of docs/teach/08-values.md: the size of the rules of an empty
# grid under each value encoding, and `rate`'s levels on real puzzles.
#
#   cargo build --release && sh benches/value_encodings.sh
#
# Reads the public sets in ../shared/data/sets in place, when present; the
# 17-clue sample is every 49th line of the 49,158, 1,000 lines in all.
set -eu
cd "$(dirname "$0")/.."
tool=target/release/sudoku-sat
sets=${SUDOKU_SAT_SETS:-../shared/data/sets}
values="direct support order log"

echo "| value encoding | 4x4 | 9x9 | 16x16 |"
echo "|---|--:|--:|--:|"
for v in $values; do
    row="| $v"
    for n in 4 9 16; do
        row="$row | $($tool stats --size $n --value-encoding $v -o json |
            python3 -c 'import json,sys; o=json.load(sys.stdin); print("{:,} / {:,}".format(o["variables"], o["clauses"]))')"
    done
    echo "$row |"
done
echo

sample=$(mktemp)
trap 'rm -f "$sample"' EXIT
if [ -d "$sets" ]; then
    awk 'NR % 49 == 1' "$sets/tdoku_17_clue_49158.txt" | head -1000 > "$sample"
else
    echo "note: $sets is absent; only the Euler file is rated (the public sets:" \
        "set SUDOKU_SAT_SETS to their folder; see benches/README.md)" >&2
fi

echo "| set | rules | value encoding | propagation | probing | search |"
echo "|---|---|---|--:|--:|--:|"
rate() { # NAME FILE RULES VALUE
    line=$($tool rate --encoding "$3" --value-encoding "$4" "$2" 2>/dev/null | tail -1)
    echo "$line" | python3 -c '
import re, sys
name, rules, value = sys.argv[1:4]
counts = dict(re.findall(r"(propagation|probing|search) (\d+)", sys.stdin.read()))
print("| {} | {} | {} | {} | {} | {} |".format(name, rules, value, counts["propagation"], counts["probing"], counts["search"]))
' "$1" "$3" "$4"
}
# Under efficient, search with probing at every node takes tens of
# milliseconds a puzzle, so the larger sets are rated under extended only.
for v in $values; do
    rate "PE96 (50)" data/p096_sudoku.txt efficient $v
done
for v in $values; do
    rate "PE96 (50)" data/p096_sudoku.txt extended $v
    if [ -d "$sets" ]; then
        rate "17-clue (every 49th, 1,000)" "$sample" extended $v
        rate "Norvig top95" "$sets/norvig_top95.txt" extended $v
        rate "forum hardest (375)" "$sets/tdoku_forum_hardest_1106.txt" extended $v
    fi
done
