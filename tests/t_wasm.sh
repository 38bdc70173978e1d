#!/usr/bin/env bash
# tests/t_wasm.sh - the WebAssembly port (ports/wasm) under node, through
# the Session class of the page's own session.js (ports/wasm/run.mjs), fed the
# request streams the boards are fed (tests/data/ports/*.in, as
# tests/t_ports.sh runs them), the public judge inputs behind "JUDGE
# <format>", an ANALYZE session and a stream at the port's largest board
# (200 x 200), each compared byte for byte with what build/sapperd --stdin
# answers.  The host's answer is taken as the port gives it: a reason that
# names the build's limit names the port's (200 rows and columns, not
# 1000), and HELP has no RESUME line (the page is one session that never
# drops).  A NEW without a seed takes the host's randomness on both sides:
# those seeds are masked (play.in, play-deduce.in).  Random bytes end in a
# clean exit, and the pool never refuses a block.
source "$(dirname "$0")/lib/script.sh"

host=build/sapperd
log=$tmp/make.log
if ! nice make --no-print-directory -s "$host" web > "$log" 2>&1; then
    fail "make web: $(tail -n 5 "$log")"
    finish t_wasm
    exit 1
fi
ok
if ! command -v node > /dev/null 2>&1; then
    fail "node is not installed (tests/deps.sh installs it)"
    finish t_wasm
    exit 1
fi

# The host's answer as the port gives it.
as_port() { # file -> stdout
    sed -e '/^RESUME <token>: /d' \
        -e "/^ERR /s/limit of 1000 rows\$/limit of 200 rows/" \
        -e "/^ERR /s/limit of 1000 columns\$/limit of 200 columns/" "$1"
}
mask_seeds() { sed 's/ SEED [0-9][0-9]*$/ SEED s/'; }

check_stream() { # name input [mask]
    local name=$1 input=$2 mask=${3:-} out=$tmp/$1.out exp=$tmp/$1.exp rc
    timeout 60 "$host" --stdin < "$input" > "$exp.raw" 2> /dev/null
    as_port "$exp.raw" > "$exp"
    timeout 60 node ports/wasm/run.mjs --report < "$input" > "$out" 2> "$out.err"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        fail "$name: exit status $rc: $(head -c 300 "$out.err")"
    elif [ ! -s "$exp" ]; then
        fail "$name: the host answered nothing"
    elif [ -n "$mask" ] && ! cmp -s <(mask_seeds < "$out") <(mask_seeds < "$exp"); then
        fail "$name: differs from the host (seeds masked)"
        diff <(mask_seeds < "$exp") <(mask_seeds < "$out") | head -n 8 | sed 's/^/    /'
    elif [ -z "$mask" ] && ! cmp -s "$out" "$exp"; then
        fail "$name: differs from the host ($(wc -c < "$out") bytes, host $(wc -c < "$exp"))"
        diff <(head -c 4000 "$exp") <(head -c 4000 "$out") | head -n 8 | sed 's/^/    /'
    elif ! grep -q ' refused=0 ' "$out.err"; then
        fail "$name: the pool refused a block: $(cat "$out.err")"
    else
        ok
        echo "ok   $name ($(wc -c < "$out") bytes)"
    fi
}

for input in tests/data/ports/*.in; do
    name=$(basename "$input" .in)
    case "$name" in
        play | play-deduce) check_stream "$name" "$input" mask ;;
        *) check_stream "$name" "$input" ;;
    esac
done

# The public judge inputs, each as a JUDGE stream.
for pair in boom:BOOM mines:CASUAL gcj:MASTER nurikabe:NURIKABE; do
    dir=${pair%%:*} format=${pair#*:}
    for input in tests/data/"$dir"/*.in; do
        name=judge-$dir-$(basename "$input" .in)
        { echo "JUDGE $format"; cat "$input"; } > "$tmp/$name.in"
        check_stream "$name" "$tmp/$name.in"
    done
done

# ANALYZE, CELL and MINES (core/PROTOCOL.md's session), HINT, PROB and
# VIEW PROB of the position, the refusals.
cat > "$tmp/analyze.in" << 'EOF'
ANALYZE 6 8 7
1 # # # # # # # #
2 # # # # # # # #
3 # # # # # # 2 1
4 # # # # # # 2 .
5 # # # # # # 1 .
6 # # # # # # 1 .
VIEW PROB
HINT
PROB
CELL 2 8 1
HINT
2 2 7
VIEW PROB
VIEW
MINES 40
MINES 8
CELL 1 1 9
1 1 1
STATS
ANALYZE 2 2 1
3#
##
ANALYZE 16 30 99
##############################
##############################
####1.1#######################
####1.1#######################
####1..1######################
####11.1######################
#####1.2######################
#####1.1######################
######2#######################
##############################
##############################
##############################
##############################
##############################
##############################
##############################
HINT
PROB
EOF
check_stream analyze "$tmp/analyze.in"

# The largest board: a game, a NEW whose last row is bad while it plays
# (the old game plays on), HINT and PROB on it, a NURIKABE with a number in
# every cell (the largest WORK block), CASUAL and CASUALMAP, MASTER.
python3 - > "$tmp/largest.in" << 'PY'
import random
r = c = 200
rnd = random.Random(200)
def board(alphabet, share):
    return ["".join(alphabet[1] if rnd.random() < share else alphabet[0] for _ in range(c))
            for _ in range(r)]
out = [f"NEW {r} {c}"] + board("_*", 0.12)
out += [f"1 {rnd.randint(1, r)} {rnd.randint(1, c)}" for _ in range(6)] + ["2 1 1"]
out += [f"NEW {r} {c}"] + board("_*", 0.2)[:-1] + ["_" * (c - 1) + "x"]
out += ["SHOW", "HINT", f"NURIKABE {r} {c} {r * c}"]
out += [f"{i} {j} 1" for i in range(r) for j in range(c)] + ["." * c for _ in range(r)]
out += ["SHOW", f"CASUAL {r} {c}"] + board(".M", 0.15)
out += [f"CASUALMAP {r} {c}"] + board(".M", 0.1) + [f"MASTER {r} {c} {r * c // 3}", "0"]
print("\n".join(out))
PY
check_stream largest-200x200 "$tmp/largest.in"

# Hostile bytes end in a clean exit, whatever the replies.
head -c 8192 /dev/urandom > "$tmp/garbage.in"
if timeout 60 node ports/wasm/run.mjs < "$tmp/garbage.in" > /dev/null 2> "$tmp/garbage.err"; then
    ok
else
    fail "random bytes: exit status $?: $(head -c 300 "$tmp/garbage.err")"
fi

finish t_wasm
