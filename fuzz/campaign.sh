#!/usr/bin/env bash
# fuzz/campaign.sh [-t SECONDS] [-j JOBS] [-n] [-c DIR] [-w DIR] [TARGET...]
# - a fuzzing campaign: each libFuzzer harness (every one of fuzz.mk's
# FUZZ_TARGETS unless named) fuzzes a scratch copy of its stored corpus
# with its dictionary for SECONDS (default 900), JOBS harnesses at a time
# (default 1), each one process on one core; then the inputs it found that
# add coverage are merged (libFuzzer's -merge=1) into its stored corpus.
#
#   -t SECONDS  fuzzing time per harness (default 900: 15 minutes)
#   -j JOBS     harnesses fuzzed at once, one core each (default 1)
#   -n          no merge: the stored corpora are left as they are
#   -c DIR      the stored corpora, DIR/<target>/ (default fuzz/corpus)
#   -w DIR      where the runs work (default build/fuzz/campaign)
#
# A finding (crash, timeout, out of memory, leak) does not end the harness's
# time: its artifact is kept in DIR/<target>/ and the harness starts again
# on its grown corpus with the time left, up to 5 findings.  At the end one
# line per harness: executions, executions per second (over the time it
# fuzzed), final coverage (cov: edges, ft: features), the stored corpus's
# size before and after the merge, and its findings; then every finding
# with the command that replays it.  The table is also in DIR/summary.txt.
# The exit status is 1 when anything was found.
#
# The harnesses are built first (make, as fuzz.mk builds them).  Commit the
# merged corpora after reading what they add (git status fuzz/corpus).
set -u
cd "$(dirname "$0")/.." || exit 2

seconds=900
jobs=1
merge=1
corpora=fuzz/corpus
root=build/fuzz/campaign
usage() {
    sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}
while getopts "t:j:nc:w:h" opt; do
    case $opt in
    t) seconds=$OPTARG ;;
    j) jobs=$OPTARG ;;
    n) merge=0 ;;
    c) corpora=$OPTARG ;;
    w) root=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
case "$seconds$jobs" in *[!0-9]*) usage ;; esac
if [ "$seconds" -lt 1 ] || [ "$jobs" -lt 1 ]; then usage; fi

# fuzz.mk's FUZZ_TARGETS, which may continue over several lines.
all=$(sed -n '/^FUZZ_TARGETS :=/,/[^\\]$/p' fuzz/fuzz.mk | sed 's/^FUZZ_TARGETS :=//; s/\\//' |
    tr -s ' \n' '  ' | sed 's/^ //; s/ $//')
targets=${*:-$all}
# shellcheck disable=SC2086
set -- $targets
for t in "$@"; do
    case " $all " in *" $t "*) ;; *)
        echo "campaign: no harness $t (fuzz.mk has: $all)" >&2
        exit 2
        ;;
    esac
done

bins=()
for t in "$@"; do bins+=("build/fuzz/$t-libfuzzer"); done
make --no-print-directory -j"$jobs" "${bins[@]}" >/dev/null || {
    echo "campaign: the libFuzzer harnesses did not build (make ${bins[*]})" >&2
    exit 2
}

FINDINGS_MAX=5 # runs of one harness: it stops at its fifth finding
# -timeout: one input taking seconds is a hang worth reporting;
# -rss_limit_mb: ASan's quarantine alone takes a few hundred MiB.
LIBFUZZER_FLAGS=(-timeout=10 -rss_limit_mb=2560 -max_len=4096)

count_files() {
    find "$1" -maxdepth 1 -type f 2>/dev/null | wc -l
}

# The executions of one run, from its final statistics (or, when it ended
# on a finding, its last status line).
run_execs() {
    local n
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$1" | tail -n 1)
    [ -n "$n" ] || n=$(grep -oE '^#[0-9]+' "$1" | tail -n 1 | tr -d '#')
    echo "${n:-0}"
}

findings() {
    find "$1" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \
        -o -name 'leak-*' \) | wc -l
}

# One harness: fuzz, then merge; its line of the table in $work/result.
campaign_one() {
    local t=$1 bin=build/fuzz/$1-libfuzzer work=$root/$1 dict=() start left run=0 rc
    local execs=0 fuzzed last cov ft before after
    rm -rf "$work"
    mkdir -p "$work/corpus"
    cp "$corpora/$t"/* "$work/corpus/" 2>/dev/null
    [ -f "fuzz/$t.dict" ] && dict=(-dict="fuzz/$t.dict")
    mkdir -p "$corpora/$t"
    before=$(count_files "$corpora/$t")
    start=$SECONDS
    left=$seconds
    # a run ends at its time, or at a finding: then again on the grown
    # corpus with the time left
    while [ "$left" -gt 0 ] && [ "$run" -lt "$FINDINGS_MAX" ]; do
        run=$((run + 1))
        "$bin" -max_total_time="$left" -print_final_stats=1 "${LIBFUZZER_FLAGS[@]}" "${dict[@]}" \
            -artifact_prefix="$work/" "$work/corpus" >"$work/log.$run" 2>&1
        rc=$?
        execs=$((execs + $(run_execs "$work/log.$run")))
        left=$((seconds - (SECONDS - start)))
        [ "$rc" -eq 0 ] && break
    done
    fuzzed=$((SECONDS - start > 0 ? SECONDS - start : 1))
    # the last run's last status line: the coverage the grown corpus reached
    last=$(grep -hE '^#[0-9]+.* cov: ' "$work/log.$run" | tail -n 1)
    cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    after=$before
    if [ "$merge" = 1 ]; then
        "$bin" -merge=1 "${LIBFUZZER_FLAGS[@]}" "$corpora/$t" "$work/corpus" \
            >"$work/merge.log" 2>&1 || echo "campaign: $t: the merge failed, see $work/merge.log" >&2
        after=$(count_files "$corpora/$t")
    fi
    printf '%-16s %10s %8s %7s %7s %7s %7s %8s\n' "$t" "$execs" "$((execs / fuzzed))" \
        "${cov:-?}" "${ft:-?}" "$before" "$after" "$(findings "$work")" >"$work/result"
    echo "campaign: $t done ($((SECONDS - start)) s)" >&2
}

mkdir -p "$root"
echo "campaign: $*; ${seconds}s each, $jobs at a time; $(uptime | sed 's/^ *//')"
running=0
for t in "$@"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    campaign_one "$t" &
    running=$((running + 1))
done
wait

{
    printf '%-16s %10s %8s %7s %7s %7s %7s %8s\n' target execs exec/s cov ft before after findings
    for t in "$@"; do
        cat "$root/$t/result" 2>/dev/null || printf '%-16s (no result: see %s)\n' "$t" "$root/$t"
    done
    echo "campaign: done; $(uptime | sed 's/^ *//')"
    for t in "$@"; do
        for a in "$root/$t"/crash-* "$root/$t"/timeout-* "$root/$t"/oom-* "$root/$t"/leak-*; do
            [ -e "$a" ] || continue
            echo "$t: $a"
            grep -hE 'oracle failed|ERROR: |SUMMARY: ' "$root/$t"/log.* 2>/dev/null | sort -u |
                head -n 3 | sed 's/^/    /'
            echo "    replay: build/fuzz/$t-libfuzzer $a (or $t-replay: the core's own limits)"
            echo "    keep:   cp $a $corpora/$t/crash-<what>"
        done
    done
} | tee "$root/summary.txt"
! grep -q '^    replay: ' "$root/summary.txt"
