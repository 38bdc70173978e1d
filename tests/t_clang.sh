#!/usr/bin/env bash
# tests/t_clang.sh - the portable host build: the library, sapperd (plain and
# ASan/UBSan), the freestanding check and the unit tests built with clang
# (make CC=clang BUILD=build/clang), then those unit tests and the daemon
# scripts that walk its requests and its hostile clients (CLANG_DAEMON_SCRIPTS)
# run against the clang builds.  The scripts about timers and limits (abuse,
# fair, memory, resume, share) test logic the compiler does not change and run
# once, against the gcc builds, which keeps `make test` inside CI's time; the
# layout script reads source only.  The ports keep their cross compilers;
# everything else in `make test` is built with gcc.
set -u
cd "$(dirname "$0")/.."
B=build/clang
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT

if ! command -v clang >/dev/null 2>&1; then
    fail "clang is not installed (tests/deps.sh installs it)"
    echo "t_clang: $passed passed, $failed failed"
    exit 1
fi

targets="$B/libsapper.a $B/sapperd $B/asan/sapperd $B/freestanding.ok"
for src in tests/test_*.c; do
    name=$(basename "$src" .c)
    targets="$targets $B/tests/$name $B/asan/tests/$name"
done
# shellcheck disable=SC2086
if make -s -j2 CC=clang BUILD="$B" $targets >"$log" 2>&1; then
    ok
    echo "ok   make CC=clang: the library, sapperd, the freestanding check, the unit tests"
else
    fail "make CC=clang: $(grep -E 'error|Error' "$log" | head -n 5)"
    echo "t_clang: $passed passed, $failed failed"
    exit 1
fi

# Adds a run's "N passed, M failed" line to the totals.
add_up() { # name, output file, exit status
    local line p f
    line=$(grep -E '([0-9]+) passed, ([0-9]+) failed' "$2" | tail -n 1)
    p=$(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
    f=$(echo "$line" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
    if [ -z "$line" ] || [ "$3" -ne 0 ] || [ "${f:-1}" -ne 0 ]; then
        fail "$1 (exit $3):"
        tail -n 20 "$2" | sed 's/^/    /'
        failed=$((failed + ${f:-0}))
    else
        echo "ok   $1 (clang): $p passed"
    fi
    passed=$((passed + ${p:-0}))
}

# The unit tests, by the runner (one a core at a time): its lines for each
# program (and what a failing one printed), then its total.
TESTS_BUILD=$B bash tests/run "$B/" >"$log" 2>&1
status=$?
grep -v '^\.\.\.  ' "$log" | grep -v '^total: '
add_up "the unit tests" "$log" $status
for name in ${CLANG_DAEMON_SCRIPTS:-cli judge play tcp view fuzz}; do
    s=tests/t_daemon_$name.sh
    SAPPERD=$B/asan/sapperd SAPPERD_PLAIN=$B/sapperd bash "$s" >"$log" 2>&1
    add_up "$s" "$log" $?
done

echo "t_clang: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
