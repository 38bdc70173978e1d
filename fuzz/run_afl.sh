#!/usr/bin/env bash
# fuzz/run_afl.sh TARGET SECONDS - one AFL++ run of build/fuzz/TARGET-afl,
# non-interactive, on a scratch copy of the corpus, then its statistics.
# Findings stay in build/fuzz/afl-run/TARGET/out/default/{crashes,hangs}/.
set -u
cd "$(dirname "$0")/.."

t=${1:?usage: run_afl.sh TARGET SECONDS}
seconds=${2:?usage: run_afl.sh TARGET SECONDS}
bin=build/fuzz/$t-afl
work=build/fuzz/afl-run/$t
rm -rf "$work"
mkdir -p "$work/in"
cp fuzz/corpus/"$t"/* "$work/in/" 2>/dev/null
[ -n "$(ls "$work/in")" ] || printf 'x' >"$work/in/empty"
dict=()
[ -f "fuzz/$t.dict" ] && dict=(-x "fuzz/$t.dict")

# The AFL++ build has no sanitizers; afl-fuzz refuses ASAN_OPTIONS without
# symbolize=0, and the test runner exports its own.
unset ASAN_OPTIONS UBSAN_OPTIONS

# No UI, no CPU frequency or core-dump-handler checks (shared machines and
# containers), no pinning to a core another engineer is using.
AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
AFL_NO_AFFINITY=1 AFL_SKIP_CRASHES=1 AFL_QUIET=1 \
    afl-fuzz -V "$seconds" -i "$work/in" -o "$work/out" "${dict[@]}" -t 2000 -- "$bin" \
    >"$work/log" 2>&1
rc=$?
stats=$work/out/default/fuzzer_stats
if [ ! -f "$stats" ]; then
    echo "$t: afl-fuzz did not start (exit $rc):"
    tail -n 20 "$work/log" | sed 's/^/    /'
    exit 1
fi
get() { sed -n "s/^$1 *: *//p" "$stats"; }
crashes=$(get saved_crashes)
hangs=$(get saved_hangs)
printf '%s: %s execs, %s exec/s, %s corpus, edges %s (%s of the map), %s crashes, %s hangs\n' \
    "$t" "$(get execs_done)" "$(get execs_per_sec)" "$(get corpus_count)" "$(get edges_found)" \
    "$(get bitmap_cvg)" "${crashes:-0}" "${hangs:-0}"
if [ "${crashes:-0}" != 0 ] || [ "${hangs:-0}" != 0 ]; then
    echo "    findings in $work/out/default/crashes and hangs; replay: build/fuzz/$t-replay FILE"
    exit 1
fi
exit 0
