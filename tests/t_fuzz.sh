#!/usr/bin/env bash
# tests/t_fuzz.sh - fuzzing on every `make test`: for each harness whose core
# code has landed, (1) its stored corpus (seeds and every crash ever found,
# fuzz/corpus/<target>/) is replayed by the plain replay driver and by the
# ASan/UBSan one, (2) its libFuzzer build fuzzes for a few seconds from that
# corpus (FUZZ_SMOKE_SECONDS, default 4), (3) the AFL++ build of the game
# harness runs a few seconds, to keep that path working, and (4) the game
# harness finds the bug fuzz/planted_bug.sh plants in a copy of the engine
# (one trial, at most 60 s; it takes about a second), which also keeps the
# script's planting in step with game.c, and (5) fuzz/campaign.sh runs the
# game harness a few seconds on a scratch copy of its corpus and merges
# what it found back into that copy.
set -u
cd "$(dirname "$0")/.."

smoke=${FUZZ_SMOKE_SECONDS:-4}
targets="game casual master nurikabe session deduce generate judge_boom judge_casual judge_master judge_nurikabe"
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

check() { # name, command...
    local name=$1
    shift
    if "$@" >"$log" 2>&1; then
        passed=$((passed + 1))
        echo "ok   $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name"
        grep -E 'oracle failed|ERROR|SUMMARY|differs|FAILED|got|expected' "$log" | head -n 12 | sed 's/^/    /'
        tail -n 5 "$log" | sed 's/^/    /'
    fi
}

# The replay drivers must have run every stored file, and at least one.
# The files are dealt round among one driver a core, run at once: the
# session corpus alone is most of this script's time (fuzz/README.md).
jobs=$(nproc 2>/dev/null || echo 1)
replay() { # binary, corpus
    local files shard k i count=0 n status=0 pids=() outs=()
    mapfile -t files < <(find "$2" -maxdepth 1 -type f | sort)
    [ "${#files[@]}" -ge 1 ] || return 1
    for ((k = 0; k < jobs && k < ${#files[@]}; k++)); do
        shard=()
        for ((i = k; i < ${#files[@]}; i += jobs)); do
            shard+=("${files[i]}")
        done
        outs+=("$(mktemp)")
        "$1" "${shard[@]}" >"${outs[k]}" 2>&1 &
        pids+=($!)
    done
    for ((k = 0; k < ${#pids[@]}; k++)); do
        if wait "${pids[k]}"; then
            n=$(sed -n 's/^replayed \([0-9]*\) input.*/\1/p' "${outs[k]}")
            count=$((count + ${n:-0}))
        else
            tail -n 30 "${outs[k]}"
            status=1
        fi
        rm -f "${outs[k]}"
    done
    [ "$status" -eq 0 ] && [ "$count" -eq "${#files[@]}" ]
}

for t in $targets; do
    check "$t: corpus and dictionary present" test -s "fuzz/$t.dict" -a -d "fuzz/corpus/$t"
    check "$t: corpus replayed (plain)" replay "build/fuzz/$t-replay" "fuzz/corpus/$t"
    check "$t: corpus replayed (ASan/UBSan)" replay "build/fuzz/$t-replay-asan" "fuzz/corpus/$t"
    check "$t: libFuzzer smoke, ${smoke}s" env FUZZ_QUIET=1 bash fuzz/run_libfuzzer.sh "$smoke" "$t"
    grep -E "^$t " "$log" | sed 's/^/     /'
done

check "game: AFL++ smoke, ${smoke}s" bash fuzz/run_afl.sh game "$smoke"
sed 's/^/     /' "$log"
check "game: the planted bug found" bash fuzz/planted_bug.sh 1 60
grep -E '^trial' "$log" | sed 's/^/     /'

# A campaign's row: executions, exec/s, cov, ft, the corpus before and
# after the merge (never smaller), no finding.
campaign_smoke() { # scratch directory
    rm -rf "$1"
    mkdir -p "$1"
    cp -r fuzz/corpus/game "$1/game"
    bash fuzz/campaign.sh -t "$smoke" -c "$1" -w "$1/work" game || return 1
    grep -E '^game ' "$1/work/summary.txt" |
        awk '{ exit !(NF == 8 && $2 > 0 && $4 > 0 && $7 >= $6 && $8 == 0) }'
}
check "game: campaign.sh, ${smoke}s, merged into a scratch corpus" \
    campaign_smoke build/fuzz/t_campaign
grep -E '^(target|game) ' "$log" | sed 's/^/     /'

echo "t_fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
