# tests/lib/bench_summary.sh - sourced by the tests/bench_*.sh scripts:
# `bench_summary WORKLOAD SAPPER BASELINE RATIO TARGET` adds a row to the table
# tests/bench.sh prints at the end of `make bench` (when it runs them:
# BENCH_SUMMARY names the file the rows collect in).  Tools that print
# rows themselves start them with "summary<TAB>": `summary_from` passes a
# tool's other lines through and keeps those.
bench_summary() {
    [ -n "${BENCH_SUMMARY:-}" ] && printf '%s\t%s\t%s\t%s\t%s\n' "$@" >> "$BENCH_SUMMARY"
    return 0
}
summary_from() { # command... : runs it; its summary rows go to the table
    local status
    "$@" > >(while IFS= read -r line; do
                 case $line in
                 summary$'\t'*) [ -n "${BENCH_SUMMARY:-}" ] && printf '%s\n' "${line#summary	}" >> "$BENCH_SUMMARY" ;;
                 *) printf '%s\n' "$line" ;;
                 esac
             done)
    status=$?
    wait
    return $status
}
