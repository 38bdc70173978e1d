# tests/lib/daemon.sh - sourced by the sapperd test and bench scripts.
#
# Starts daemons on port 0 (the daemon picks a free port and logs it),
# remembers every process it starts and kills them all on exit, bounds
# every wait, and counts checks.  Needs: cd to the repository root first.

SAPPERD=${SAPPERD:-build/asan/sapperd}
SAPPERD_PLAIN=${SAPPERD_PLAIN:-build/sapperd}
CLIENT=build/tools/daemon_client
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

DAEMON_TMP=$(mktemp -d)
DAEMON_PIDS=""
CHECKS_PASSED=0
CHECKS_FAILED=0

daemon_cleanup() {
    local p
    for p in $DAEMON_PIDS; do
        kill -KILL "$p" 2>/dev/null
    done
    wait 2>/dev/null
    rm -rf "$DAEMON_TMP"
}
trap daemon_cleanup EXIT

# check NAME STATUS [DETAIL]: STATUS 0 passes.
check() {
    if [ "$2" -eq 0 ]; then
        CHECKS_PASSED=$((CHECKS_PASSED + 1))
        echo "ok   $1"
    else
        CHECKS_FAILED=$((CHECKS_FAILED + 1))
        echo "FAIL $1${3:+: $3}"
    fi
}

# check_eq NAME GOT WANT
check_eq() {
    if [ "$2" == "$3" ]; then
        check "$1" 0
    else
        check "$1" 1 "got [$(printf '%s' "$2" | head -c 300)] want [$(printf '%s' "$3" | head -c 300)]"
    fi
}

summary() {
    echo "$1: $CHECKS_PASSED passed, $CHECKS_FAILED failed"
    [ "$CHECKS_FAILED" -eq 0 ]
}

# track PID: killed on exit if still running.
track() {
    DAEMON_PIDS="$DAEMON_PIDS $1"
}

# daemon_start NAME BINARY ARGS...: starts BINARY --listen 127.0.0.1:0 ARGS
# with its log in $DAEMON_TMP/NAME.log; sets DAEMON_PID and DAEMON_ADDR.
# $DAEMON_WRAP, when set, is a command prefix that execs the daemon (taskset).
# Returns 1 if it does not log its port within 10 s.
daemon_start() {
    local name=$1 bin=$2 i port
    shift 2
    : > "$DAEMON_TMP/$name.log" # there before the loop below reads it
    # shellcheck disable=SC2086
    ${DAEMON_WRAP:-} "$bin" --listen 127.0.0.1:0 "$@" </dev/null 2>"$DAEMON_TMP/$name.log" &
    DAEMON_PID=$!
    track "$DAEMON_PID"
    for i in $(seq 1 100); do
        port=$(sed -n 's/^sapperd: listening on 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' \
               "$DAEMON_TMP/$name.log" | head -n 1)
        if [ -n "$port" ]; then
            DAEMON_ADDR=127.0.0.1:$port
            return 0
        fi
        kill -0 "$DAEMON_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "daemon $name did not start:" >&2
    cat "$DAEMON_TMP/$name.log" >&2
    return 1
}

# wait_exit PID SECONDS: the exit status, or 124 (and a KILL) on timeout.
wait_exit() {
    local pid=$1 limit=$(( $2 * 10 )) i
    for i in $(seq 1 "$limit"); do
        if ! kill -0 "$pid" 2>/dev/null; then
            wait "$pid"
            return $?
        fi
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return 124
}

# daemon_stop NAME PID: SIGTERM, then the exit status (bounded wait); a
# sanitizer report in the log counts as a failure (status 99).
daemon_stop() {
    local name=$1 pid=$2 status
    kill -TERM "$pid" 2>/dev/null
    wait_exit "$pid" 15
    status=$?
    if grep -qE 'Sanitizer|runtime error|LeakSanitizer' "$DAEMON_TMP/$name.log"; then
        echo "sanitizer report in $name.log:" >&2
        head -n 40 "$DAEMON_TMP/$name.log" >&2
        return 99
    fi
    return "$status"
}

# rss_kb PID: resident set size in KiB.
rss_kb() {
    awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null
}
