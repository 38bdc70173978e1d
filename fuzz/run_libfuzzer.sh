#!/usr/bin/env bash
# fuzz/run_libfuzzer.sh SECONDS TARGET... - runs each libFuzzer harness for
# SECONDS on a scratch copy of its corpus (build/fuzz/run/<target>/), with
# its dictionary, and prints one line per harness: executions, executions
# per second, coverage (cov: edges, ft: features) and corpus size, read
# from libFuzzer's final statistics.  A finding is left in
# build/fuzz/run/<target>/ (crash-*, timeout-*, oom-*) with the command to
# reproduce it; the exit status is then 1.
#
# Environment: FUZZ_FLAGS (extra libFuzzer flags), FUZZ_QUIET=1 (no
# header).  The harnesses run one after another; fuzz/campaign.sh runs
# several at once and merges what they find into the stored corpora.
set -u
cd "$(dirname "$0")/.."

seconds=${1:?usage: run_libfuzzer.sh SECONDS TARGET...}
shift
status=0
[ "${FUZZ_QUIET:-0}" = 1 ] || printf '%-16s %10s %8s %7s %7s %8s  %s\n' \
    target execs exec/s cov ft corpus result

for t in "$@"; do
    bin=build/fuzz/$t-libfuzzer
    work=build/fuzz/run/$t
    rm -rf "$work"
    mkdir -p "$work/corpus"
    cp fuzz/corpus/"$t"/* "$work/corpus/" 2>/dev/null
    dict=()
    [ -f "fuzz/$t.dict" ] && dict=(-dict="fuzz/$t.dict")
    # -timeout: one input taking seconds is a hang worth reporting;
    # -rss_limit_mb: ASan's quarantine alone takes a few hundred MiB.
    # shellcheck disable=SC2086
    "$bin" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
        -rss_limit_mb=2560 -max_len=4096 "${dict[@]}" -artifact_prefix="$work/" \
        ${FUZZ_FLAGS:-} "$work/corpus" >"$work/log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log" | tail -n 1)
    last=$(grep -E '^#[0-9]+.* cov: ' "$work/log" | tail -n 1)
    cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p')
    if [ "$rc" -eq 0 ]; then
        result=clean
    else
        status=1
        artifact=$(ls "$work"/crash-* "$work"/timeout-* "$work"/oom-* "$work"/leak-* 2>/dev/null | head -n 1)
        result="FAILED (exit $rc): ${artifact:-see $work/log}"
    fi
    printf '%-16s %10s %8s %7s %7s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" \
        "${ft:-?}" "${corp:-?}" "$result"
    if [ "$rc" -ne 0 ]; then
        grep -E 'oracle failed|ERROR: |SUMMARY: |differs' "$work/log" | head -n 5 | sed 's/^/    /'
        echo "    reproduce: build/fuzz/$t-replay ${artifact:-<input>}"
        echo "    keep it:   cp ${artifact:-<input>} fuzz/corpus/$t/crash-<what>"
    fi
done
exit $status
