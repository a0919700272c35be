#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for a bounded time, one after another,
# and prints a table of what each did: executions, new corpus units, and
# the crash, leak, timeout or out-of-memory inputs it left in
# fuzz/artifacts/TARGET/ (none is the hoped-for answer).
#
#   benches/fuzz.sh [SECONDS]      (default 60 per target)
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`); cargo-fuzz passes
# nightly-only flags, which RUSTC_BOOTSTRAP=1 lets a stable toolchain take.
# Exit status: 0 when no target left a new crash, leak, timeout or
# out-of-memory input (slow units are listed, not counted), 1 when one
# did, 2 when the fuzzers cannot run.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs=${1:-60}
command -v cargo-fuzz >/dev/null || {
    echo "benches/fuzz.sh: cargo-fuzz is not installed (cargo install cargo-fuzz)" >&2
    exit 2
}
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O >/dev/null 2>&1 || {
    echo "benches/fuzz.sh: cargo fuzz build failed; run it in fuzz/ to see why" >&2
    exit 2
}
# The options each target needs (see fuzz/README.md).
options() {
    case $1 in
        parse|answer) echo "-malloc_limit_mb=64" ;;
        dimacs_round_trip) echo "-max_len=700" ;;
        language) echo "-malloc_limit_mb=256" ;;
        *) echo "" ;;
    esac
}
found=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "| Target | Seconds | Executions | New units | New artifacts |"
echo "|---|--:|--:|--:|---|"
for target in $(cargo fuzz list); do
    mkdir -p "artifacts/$target" "corpus/$target"
    before=$(ls "artifacts/$target" | wc -l)
    units=$(ls "corpus/$target" | wc -l)
    # A finding stops libFuzzer with a non-zero status; that is a result
    # to report, not a failure of this script.
    # shellcheck disable=SC2046
    cargo fuzz run -O "$target" -- -max_total_time="$secs" -print_final_stats=1 \
        $(options "$target") >"$log" 2>&1 || true
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    after=$(ls "artifacts/$target" | wc -l)
    grown=$(( $(ls "corpus/$target" | wc -l) - units ))
    new="none"
    if [ "$after" -gt "$before" ]; then
        new=$(ls -t "artifacts/$target" | head -$((after - before)) | tr '\n' ' ')
        # A slow unit is an input that took long on a busy machine, not a
        # wrong result: replay it to see its time. Anything else is a finding.
        if ls -t "artifacts/$target" | head -$((after - before)) | grep -qv '^slow-unit-'; then
            found=1
        fi
    fi
    echo "| \`$target\` | $secs | $runs | $grown | $new |"
done
exit $found
