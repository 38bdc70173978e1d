#!/usr/bin/env bash
# t_check_only.sh - CHECK_ONLY=name[,name...] (tests/check.h) runs only the
# tests so named and says so, and a name that is no test of the program
# fails it: on a probe program of four tests built here with
# tests/lib/check.c (one slow, one failing), then on build/tests/test_game.
. "$(dirname "$0")/lib/script.sh"

cat > "$tmp/probe.c" <<'EOF'
#include "check.h"

static void test_one(void)
{
    printf("ran test_one\n");
    CHECK(1);
}

static void test_two(void)
{
    printf("ran test_two\n");
    CHECK(1);
}

static void test_slow(void)
{
    printf("ran test_slow\n");
    CHECK(1);
}

static void test_fails(void)
{
    printf("ran test_fails\n");
    CHECK(0);
}

int main(void)
{
    RUN_TEST(test_one);
    RUN_TEST(test_two);
    RUN_SLOW_TEST(test_slow);
    RUN_TEST(test_fails);
    return check_summary("probe");
}
EOF

# probe STATUS STDOUT-WANTED [VAR=VALUE...]: runs the probe with the
# variables given (and no other CHECK_ variable), and wants that exit status
# and exactly that stdout; stderr is left in $tmp/err.
probe() {
    local want_status=$1 want_out=$2 status
    shift 2
    env -u CHECK_ONLY -u CHECK_QUICK "$@" "$tmp/probe" > "$tmp/out" 2> "$tmp/err"
    status=$?
    if [ "$status" -eq "$want_status" ] && [ "$(cat "$tmp/out")" = "$want_out" ]; then
        ok
    else
        fail "probe $*: exit $status (want $want_status), stdout:" "$(cat "$tmp/out")" \
            "-- want:" "$want_out" "-- stderr:" "$(cat "$tmp/err")"
    fi
}

if ! ${CC:-cc} -std=c99 -Wall -Wextra -Werror -Itests "$tmp/probe.c" tests/lib/check.c \
    -o "$tmp/probe" 2> "$tmp/cc.err"; then
    fail "the probe does not build: $(head -c 300 "$tmp/cc.err")"
    finish t_check_only
    exit 1
fi

all=$'ran test_one\nran test_two\nran test_slow\nran test_fails'
probe 1 "$all"$'\nprobe: 3 passed, 1 failed'
probe 1 $'ran test_one\nran test_two\nran test_fails\nprobe: 2 passed, 1 failed (1 slow left out: CHECK_QUICK=1)' \
    CHECK_QUICK=1
probe 1 "$all"$'\nprobe: 3 passed, 1 failed' CHECK_ONLY=

# One name: that test alone, and the summary says what was left out.
probe 0 $'ran test_two\nprobe: 1 passed, 0 failed (CHECK_ONLY=test_two: 3 other tests not run)' \
    CHECK_ONLY=test_two
[ ! -s "$tmp/err" ] && ok || fail "CHECK_ONLY=test_two wrote to stderr: $(cat "$tmp/err")"
probe 1 $'ran test_fails\nprobe: 0 passed, 1 failed (CHECK_ONLY=test_fails: 3 other tests not run)' \
    CHECK_ONLY=test_fails
grep -q '^FAIL test_fails (1 failed checks)$' "$tmp/err" && ok ||
    fail "CHECK_ONLY=test_fails: no FAIL line: $(cat "$tmp/err")"

# A list, spaces after its commas; a slow test named runs under CHECK_QUICK=1.
probe 0 $'ran test_one\nran test_slow\nprobe: 2 passed, 0 failed (CHECK_ONLY=test_slow, test_one: 2 other tests not run)' \
    CHECK_QUICK=1 "CHECK_ONLY=test_slow, test_one"

# A name that is no test: nothing runs, it fails, and stderr names it and
# the tests there are.
probe 1 $'probe: 0 passed, 1 failed (CHECK_ONLY=test_tow: 1 name no test here, 4 other tests not run)' \
    CHECK_ONLY=test_tow
grep -q "^probe: CHECK_ONLY names 'test_tow', which is no test of probe$" "$tmp/err" && ok ||
    fail "CHECK_ONLY=test_tow: stderr does not name it: $(cat "$tmp/err")"
grep -q '^probe: its tests: test_one test_two test_slow test_fails$' "$tmp/err" && ok ||
    fail "CHECK_ONLY=test_tow: stderr does not list the tests: $(cat "$tmp/err")"
# ... also beside a name that is one, or as a prefix of one.
probe 1 $'ran test_one\nprobe: 1 passed, 1 failed (CHECK_ONLY=test_one,test_tow: 1 name no test here, 3 other tests not run)' \
    CHECK_ONLY=test_one,test_tow
probe 1 $'probe: 0 passed, 1 failed (CHECK_ONLY=test_: 1 name no test here, 4 other tests not run)' \
    CHECK_ONLY=test_
probe 1 $'ran test_one\nprobe: 1 passed, 2 failed (CHECK_ONLY=test_one,,: 2 names no test here, 3 other tests not run)' \
    CHECK_ONLY=test_one,,

# A real test program, through the same check.c.
program=build/tests/test_game
if [ ! -x "$program" ]; then
    fail "$program is not built (make test-build)"
else
    CHECK_ONLY=test_chord "$program" > "$tmp/out" 2>&1
    status=$?
    [ "$status" -eq 0 ] &&
        grep -q '^test_game: 1 passed, 0 failed (CHECK_ONLY=test_chord: [0-9]* other tests not run)$' \
            "$tmp/out" && ok || fail "CHECK_ONLY=test_chord $program: exit $status, $(cat "$tmp/out")"
    CHECK_ONLY=test_chrod "$program" > "$tmp/out" 2>&1
    status=$?
    [ "$status" -eq 1 ] && grep -q "names 'test_chrod', which is no test of test_game" "$tmp/out" &&
        grep -q '^test_game: 0 passed, 1 failed' "$tmp/out" && ok ||
        fail "CHECK_ONLY=test_chrod $program: exit $status, $(cat "$tmp/out")"
fi

finish t_check_only
