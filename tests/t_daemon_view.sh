#!/usr/bin/env bash
# t_daemon_view.sh - VIEW through sapperd over a real TCP socket, as a
# person at netcat sees it: an expert game drawn in 80 columns with its
# rulers, row numbers and status line, in colour and without, after every
# move under SET VIEW ON (and alone under SET VIEW ONLY), VIEW PROB, and a
# 1000 x 1000 board's 2 MB VIEW arriving whole.  Every reply is also
# exactly what an in-process session says to the same bytes (the transport
# changes nothing).
set -u
cd "$(dirname "$0")/.."
. tests/lib/daemon.sh

daemon_start view "$SAPPERD" || { check "daemon starts" 1; summary t_daemon_view; exit 1; }
A=$DAEMON_ADDR
# The daemon's VIEW ends its status line with the game's token (RESUME),
# which a session in process has none of: that is the one difference.
untoken() {
    sed -E 's/  game [0-9a-z]{16}$//'
}
nc_session() { # request bytes (printf format) -> the daemon's reply through netcat
    printf "$1" | timeout 20 nc -q 5 "${A%:*}" "${A#*:}"
}
send() { # request bytes (printf format) -> the daemon's reply through daemon_client
    printf "$1" | "$CLIENT" send "$A" 20000 | untoken
}
same_as_session() { # name, request bytes: over TCP exactly as in process
    local got want
    got=$(printf "$2" | "$CLIENT" send "$A" 20000 | untoken | md5sum)
    want=$(printf "$2" | "$CLIENT" transcript | md5sum)
    check_eq "$1: over TCP as in process" "$got" "$want"
}
strip_colour() {
    sed 's/\x1b\[[0-9;]*m//g'
}

# An expert game: VIEW before the first click, after it, in colour.
raw=$(nc_session 'NEW 16 30 99 7\nVIEW\n1 8 15\nVIEW\nSET COLOR ON\nVIEW\nBYE\n')
echo "$raw" | grep -Eq '^mines left 99 of 99  clicks 0  not started  game [0-9abcdefghjkmnpqrstvwxyz]{16}$'
check "VIEW's status line ends with the game's token, 16 letters" $? "$(echo "$raw" | grep '^mines')"
check_eq "the token is the session's: the same in every VIEW of it" \
    "$(echo "$raw" | grep -o 'game [0-9a-z]*$' | sort -u | wc -l)" "1"
out=$(echo "$raw" | untoken)
first=$(echo "$out" | sed -n '2,/^END$/p')
check_eq "VIEW: 2 rulers, 16 rows, the status, END" "$(echo "$first" | wc -l)" "20"
check_eq "VIEW: the ones' ruler" "$(echo "$first" | sed -n 2p)" \
    "   1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0"
check_eq "VIEW: the tens' ruler" "$(echo "$first" | sed -n 1p)" \
    "                     1 1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2 3"
check_eq "VIEW: every row numbered, right-aligned, all covered" \
    "$(echo "$first" | sed -n '3,18p' | awk '{ printf "%s|", substr($0, 1, 3); rest = substr($0, 3)
                                               if (length(rest) != 60 || gsub(/ #/, "", rest) != 30) bad = 1 }
                                             END { print bad + 0 }')" \
    " 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |10 |11 |12 |13 |14 |15 |16 |0"
check_eq "VIEW: 62 columns a line (80 fit)" \
    "$(echo "$first" | sed -n '1,18p' | awk '{ print length($0) }' | sort -u)" "62"
check_eq "VIEW: the status line" "$(echo "$first" | sed -n 19p)" \
    "mines left 99 of 99  clicks 0  not started"
second=$(echo "$out" | sed -n '/^RUNNING/,$p' | sed -n '2,/^END$/p')
check_eq "VIEW after a click: playing, 1 click" "$(echo "$second" | sed -n 19p)" \
    "mines left 99 of 99  clicks 1  playing"
echo "$second" | sed -n '3,18p' | grep -q '\.'
check "VIEW after a click: the opening drawn with dots" $?
coloured=$(echo "$out" | sed -n '/^OK$/,$p' | sed -n '2,/^END$/p')
check_eq "VIEW in colour: without its escapes, the same drawing" \
    "$(echo "$coloured" | strip_colour)" "$second"
echo "$coloured" | grep -q $'\x1b\\[0;94m1'
check "VIEW in colour: a 1 in blue" $?
check_eq "VIEW in colour: every line ends uncoloured" \
    "$(echo "$coloured" | grep -c $'\x1b\\[0;[0-9;]*m[^\x1b]*$')" "0"
same_as_session "an expert game's VIEWs" 'NEW 16 30 99 7\nVIEW\n1 8 15\nVIEW\nSET COLOR ON\nVIEW\n'

# SET VIEW ON: the boom lines as ever, then the VIEW.
out=$(send 'NEW 9 9 10 42\nSET VIEW ON\n1 5 5\n2 1 9\nSET VIEW OFF\n2 1 9\nBYE\n')
check_eq "SET VIEW ON: OK" "$(echo "$out" | sed -n 2p)" "OK"
check_eq "SET VIEW ON: a move's boom line first" "$(echo "$out" | sed -n 3p | cut -c1-10)" \
    "RUNNING: ["
check_eq "SET VIEW ON: then the VIEW (ruler, 9 rows, status, END)" \
    "$(echo "$out" | sed -n '4,15p' | sed -n '1p;11p;12p')" \
    "$(printf '  1 2 3 4 5 6 7 8 9\nmines left 10 of 10  clicks 1  playing\nEND')"
check_eq "SET VIEW ON: the flag's move, then its VIEW" \
    "$(echo "$out" | sed -n '16p;27p')" \
    "$(printf 'RUNNING: [<1, 9, P>]\nmines left 9 of 10  clicks 2  playing')"
check_eq "SET VIEW OFF: the boom line alone" "$(echo "$out" | tail -n 3)" \
    "$(printf 'OK\nRUNNING: [<1, 9, ?>]\nBYE')"
same_as_session "moves under SET VIEW ON" 'NEW 9 9 10 42\nSET VIEW ON\nSET COLOR ON\n1 5 5\n2 1 1\n3 5 5\n'

# SET VIEW ONLY: the VIEW alone, and SET VIEW ON's the same after its boom lines.
out=$(send 'NEW 9 9 10 42\nSET VIEW ONLY\n1 5 5\n2 1 9\n1 1 5\n1 2 2\nBYE\n')
check_eq "SET VIEW ONLY: no boom line" "$(echo "$out" | grep -c '^RUNNING\|^LOSE\|^INVALID')" "0"
check_eq "SET VIEW ONLY: a VIEW a move, each with its status" \
    "$(echo "$out" | grep '^mines left')" "mines left 10 of 10  clicks 1  playing
mines left 9 of 10  clicks 2  playing
mines left 9 of 10  clicks 3  lost
mines left 9 of 10  clicks 3  lost"
on=$(send 'NEW 9 9 10 42\nSET VIEW ON\n1 5 5\n2 1 9\n1 1 5\n1 2 2\nBYE\n')
check_eq "SET VIEW ONLY: SET VIEW ON's replies less their boom lines" "$out" \
    "$(echo "$on" | grep -v '^RUNNING\|^LOSE\|^INVALID')"
same_as_session "moves under SET VIEW ONLY" 'NEW 9 9 10 42\nSET VIEW ONLY\nSET COLOR ON\n1 5 5\n2 1 1\n3 5 5\n'

# VIEW PROB: fields of three columns, ok where PROB says 0%.
out=$(send 'NEW 9 9 10 1049 NOGUESS\n1 5 5\nPROB\nVIEW PROB\nBYE\n')
prob=$(echo "$out" | sed -n '3,11p')
view=$(echo "$out" | sed -n '12,/^END$/p')
check_eq "VIEW PROB: 28 columns a line" \
    "$(echo "$view" | sed -n '1,10p' | awk '{ print length($0) }' | sort -u)" "28"
check_eq "VIEW PROB: PROB's numbers in their fields" \
    "$(echo "$view" | sed -n '2,10p' | awk '{
        out = ""
        for (k = 1; k <= 9; k++) {
            f = substr($0, 3 * k, 2)
            if (f == "ok") t = "0%"
            else if (f == "**") t = "100%"
            else if (substr(f, 1, 1) == " ") t = substr(f, 2, 1) == "." ? "0" : substr(f, 2, 1)
            else t = (f + 0) "%"
            out = out (k > 1 ? " " : "") t
        }
        print out }')" \
    "$prob"
same_as_session "VIEW PROB" 'NEW 9 9 10 1049 NOGUESS\n1 5 5\nVIEW PROB\nSET COLOR ON\nVIEW PROB\n'

# A lost game: the mines, the hit one.
out=$(send 'NEW 2 2\n*_\n__\n2 2 2\n1 1 1\nVIEW\nBYE\n')
check_eq "VIEW of a lost game: the hit mine, a wrong flag" "$(echo "$out" | sed -n '4,8p')" \
    "$(printf '  1 2\n1 @ #\n2 # X\nmines left 0 of 1  clicks 2  lost\nEND')"

# The largest board: a 1000 x 1000 VIEW (4 rulers, 4-digit row numbers),
# its 2 MB streamed whole.
req='NEW 1000 1000 150000 3\n1 500 500\nVIEW\n'
out=$(printf "$req" | "$CLIENT" send "$A" 60000 | untoken | sed -n '/^  *1$/,$p')
check_eq "1000 x 1000: 4 rulers, 1000 rows, status, END" "$(echo "$out" | wc -l)" "1006"
check_eq "1000 x 1000: every line 2004 columns" \
    "$(echo "$out" | head -n 1004 | awk '{ print length($0) }' | sort -u)" "2004"
check_eq "1000 x 1000: the first and the last row numbers" \
    "$(echo "$out" | sed -n '5p;1004p' | cut -c1-5 | tr '\n' '|')" "   1 |1000 |"
same_as_session "1000 x 1000" "$req"

daemon_stop view "$DAEMON_PID"
check "the daemon stops cleanly" $?
summary t_daemon_view
