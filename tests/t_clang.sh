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

# The unit tests and the daemon scripts, by the runner (the programs one a
# core at a time), against the clang builds: its line for each step (and
# what a failing one printed), then its total added to this script's.
scripts=()
for name in ${CLANG_DAEMON_SCRIPTS:-cli judge play tcp view fuzz}; do
    scripts+=("tests/t_daemon_$name.sh")
done
TESTS_BUILD=$B SAPPERD=$B/asan/sapperd SAPPERD_PLAIN=$B/sapperd \
    bash tests/run "$B/" "${scripts[@]}" >"$log" 2>&1
status=$?
grep -v '^\.\.\.  ' "$log" | grep -v '^total: '
total=$(grep -E '^total: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
p=$(echo "$total" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
f=$(echo "$total" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
passed=$((passed + ${p:-0}))
if [ -z "$total" ] || [ "$status" -ne 0 ]; then
    fail "tests/run against the clang builds (exit $status)"
    failed=$((failed + ${f:-0}))
fi

echo "t_clang: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
