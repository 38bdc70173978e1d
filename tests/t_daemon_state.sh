#!/usr/bin/env bash
# t_daemon_state.sh - games that outlive sapperd itself (--state-dir), over
# real TCP with the sanitized daemon (tests/tools/state_clients.py drives
# the clients, the signals and the restarts):
#
#   - 20 rounds: an expert game and a 250 x 250 board given row by row with
#     moves pipelined, a typed ANALYZE position (CELL, MINES, then right
#     clicks pipelined), a no-guess board in the middle of PLAY and a game
#     kept after its client left; sapperd killed with SIGKILL at a random
#     moment, started again on the same directory; each client resumes with
#     its token and finds every move whose reply it read, none it never
#     sent, and the SHOW and VIEW of its requests replayed (also with
#     --fsync always and no); then the same after SIGTERM, which answers
#     every move it read first
#   - a small journal cut at every byte, bytes changed at random, a head
#     from a build with other limits, a game past this build's limits, a
#     file that is no journal, an empty one: one log line, the daemon
#     serves, and what the whole records before the damage hold is back
#   - a second daemon on a directory in use is refused; the file rewrites
#     itself as it grows, and a record past --state-max-bytes gives way
#   - the options: --help lists them, bad values are refused
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

SEED=${STATE_SEED:-$RANDOM}
echo "seed $SEED (STATE_SEED=$SEED repeats this run's moments)"
TOOL="timeout 300 python3 tests/tools/state_clients.py"


run_mode() { # name mode args...
    local name=$1 mode=$2 out status
    shift 2
    mkdir -p "$DAEMON_TMP/$name"
    out=$($TOOL "$mode" "$SAPPERD" "$DAEMON_TMP/$name" "$@" 2>&1)
    status=$?
    while IFS= read -r line; do
        case $line in
        "ok   "*) check "${line#ok   }" 0 ;;
        "FAIL "*) check "${line%%: *}" 1 "${line#*: }" ;;
        *) echo "$line" ;;
        esac
    done <<< "$out"
    check "$name: the client tool ran to its end" "$status" "$(tail -n 5 <<< "$out")"
}

run_mode kill crash 16 "$SEED"
run_mode always crash 2 $((SEED + 1)) KILL --fsync always
run_mode nosync crash 2 $((SEED + 2)) KILL --fsync no
run_mode term crash 2 $((SEED + 3)) TERM
run_mode damage damage "$SEED"
run_mode compact compact

# ---- the options ----------------------------------------------------------------------------
help=$("$SAPPERD" --help)
for o in '--state-dir DIR' '--fsync always|everysec|no' '--state-max-bytes BYTES'; do
    grep -qF -- "$o" <<< "$help"
    check "--help lists $o" $?
done
says() { # stderr wanted, args...
    local want=$1 err status
    shift
    err=$(timeout 10 "$SAPPERD" "$@" 2>&1 </dev/null >/dev/null)
    status=$?
    check_eq "exit 2, said: $*" "$status $err" "2 sapperd: $want (try --help)"
}
says "--fsync needs always, everysec or no" --fsync sometimes
says "--fsync needs always, everysec or no" --fsync
says "--state-dir needs a directory" --state-dir=
says "--state-max-bytes needs a number of bytes, with K, M or G for KiB, MiB or GiB (e.g. 64M)" \
    --state-max-bytes 0
# A directory that cannot be made: exit 1, said.
err=$(echo HELP | timeout 10 "$SAPPERD" --stdin --state-dir /proc/no/such 2>&1 >/dev/null)
status=$?
[ "$status" -eq 1 ] && [[ "$err" == *"state: cannot make /proc/no/such"* ]]
check "a state directory that cannot be made: exit 1 ($err)" $?

summary t_daemon_state
