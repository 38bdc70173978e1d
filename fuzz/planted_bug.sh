#!/usr/bin/env bash
# fuzz/planted_bug.sh [TRIALS] [SECONDS] - shows that the game harness
# finds a planted off-by-one.  It copies core/ into build/fuzz/planted/,
# changes the neighbour loop of the chord's opening in game.c from
# "chord_dir < 8" to "chord_dir < 7" (the middle click then never opens the
# bottom-right neighbour),
# builds the libFuzzer game harness against that copy, and runs it TRIALS
# times (default 3, each with another -seed, an empty corpus and no
# dictionary) for at most SECONDS (default 60), printing the time and the
# executions each trial needed to find it.  core/ itself is never touched.
set -u
cd "$(dirname "$0")/.."
trials=${1:-3}
seconds=${2:-60}
work=build/fuzz/planted
rm -rf "$work"
mkdir -p "$work/core"
cp core/*.c core/*.h "$work/core/"

# The chord's opening is the "while (g->chord_dir < 8)" loop inside
# "static bool chord_on(": plant the bug there.
awk '
    /^static bool chord_on\(/ { in_chord = 1 }
    in_chord && /^}/ { in_chord = 0 }
    in_chord && /while \(g->chord_dir < 8\)/ { last = NR }
    { line[NR] = $0 }
    END {
        for (i = 1; i <= NR; i++) {
            if (i == last) sub(/chord_dir < 8/, "chord_dir < 7", line[i])
            print line[i]
        }
    }' core/game.c >"$work/core/game.c"
changed=$(diff core/game.c "$work/core/game.c" | grep -c '^>')
if [ "$changed" -ne 1 ]; then
    echo "planted_bug: could not find the chord's opening loop in core/game.c" >&2
    exit 2
fi
echo "planted bug:"
diff core/game.c "$work/core/game.c" | sed 's/^/    /'

flags="-std=c99 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
objs=()
for src in "$work"/core/*.c; do
    obj=${src%.c}.o
    clang $flags -fsanitize=fuzzer-no-link -I"$work/core" -c "$src" -o "$obj" || exit 2
    objs+=("$obj")
done
# As fuzz.mk builds it: helpers and references with sanitizers only.
for src in fuzz/fuzz_common.c fuzz/fuzz_ref.c fuzz/fuzz_judge.c tests/lib/ref_*.c tests/lib/players.c; do
    obj=$work/$(basename "${src%.c}").o
    clang $flags -I"$work/core" -Ifuzz -Itests/lib -D_POSIX_C_SOURCE=200809L -c "$src" -o "$obj" \
        || exit 2
    objs+=("$obj")
done
clang $flags -fsanitize=fuzzer -I"$work/core" -Ifuzz -Itests/lib -D_POSIX_C_SOURCE=200809L \
    fuzz/main_libfuzzer.c fuzz/fuzz_game.c "${objs[@]}" -o "$work/game-libfuzzer" || exit 2

found=0
for i in $(seq 1 "$trials"); do
    rm -rf "$work/corpus" && mkdir -p "$work/corpus"
    start=$(date +%s.%N)
    "$work/game-libfuzzer" -seed="$i" -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$work/trial$i-" "$work/corpus" >"$work/trial$i.log" 2>&1
    rc=$?
    end=$(date +%s.%N)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/trial$i.log")
    took=$(echo "$end - $start" | bc)
    if [ "$rc" -ne 0 ] && grep -q 'oracle failed' "$work/trial$i.log"; then
        found=$((found + 1))
        printf 'trial %d (seed %d): found after %.1f s, %s executions: %s\n' "$i" "$i" "$took" \
            "${execs:-?}" "$(grep -m1 'oracle failed' "$work/trial$i.log" | sed 's/.*oracle failed: //')"
    else
        printf 'trial %d (seed %d): not found in %s s (exit %d)\n' "$i" "$i" "$seconds" "$rc"
    fi
done
echo "planted bug found in $found of $trials trials"
[ "$found" -eq "$trials" ]
