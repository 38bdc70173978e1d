#!/usr/bin/env bash
# t_doc_figures.sh - a measured figure is written in one place: the page's
# size and its files', how long make check, make test, CI's whole run and
# each tests/t_*.sh step take, each board image's flash and what the work
# allowance comes to are stated in tests/README.md's "Figures" and nowhere
# else, HINT's and PROB's cost after a move in its "Benchmarks" and nowhere
# else, and no two statements of one of them disagree (tests/lib/figures.py
# and figures_patterns.py say what they read as a statement).  The page is
# built (`make web`) and its files' sizes and their total must be within
# 5 % of the figures (a figure gone stale fails; one that moved a few bytes
# with a change does not).  `struct sap_session`'s size is a rule of the
# build, stated where it is used: every statement of the host build's must
# be what a program compiled against build/libsapper.a's header prints.
# Then the same check on scratch copies of the Markdown files with a figure
# planted where it does not belong, changed, stale or gone must fail.
. "$(dirname "$0")/lib/script.sh"

web=build/web
if nice make --no-print-directory -s web > "$tmp/make.log" 2>&1; then ok
else fail "make web: $(tail -n 5 "$tmp/make.log")"; fi

# The session's bytes as the build makes them: sap_session_init refuses a
# struct other than the library's, so the size printed is the library's.
cat > "$tmp/session_bytes.c" <<'EOF'
#include <stdio.h>
#include "sapper.h"
int main(void)
{
    static struct sap_session session;
    if (sap_session_init(&session, NULL) != SAP_OK)
        return 1;
    sap_session_release(&session);
    printf("%zu\n", sizeof session);
    return 0;
}
EOF
session_bytes=
if nice make --no-print-directory -s build/libsapper.a > "$tmp/make.log" 2>&1 \
    && "${CC:-cc}" -Icore "$tmp/session_bytes.c" build/libsapper.a -o "$tmp/session_bytes" \
        2>> "$tmp/make.log" \
    && session_bytes=$("$tmp/session_bytes") && [ -n "$session_bytes" ]; then ok
else fail "the session's bytes as built: $(tail -n 5 "$tmp/make.log")"; session_bytes=0; fi

out=$(python3 tests/lib/figures.py --built "$web" --session-bytes "$session_bytes" t_doc_figures 2>&1)
status=$?
while IFS= read -r line; do
    case $line in FAIL*) fail "${line#FAIL }" ;; esac
done <<< "$out"
summary=$(tail -n 1 <<< "$out")
if [ "$status" -eq 0 ] && [[ $summary =~ ^t_doc_figures:\ ([0-9]+)\ passed,\ 0\ failed$ ]] \
    && [ "${BASH_REMATCH[1]}" -gt 0 ]; then ok
else fail "tests/lib/figures.py: $summary (exit $status)"; fi

# scratch NAME: a fresh copy of every Markdown file in $tmp/NAME.
scratch() {
    rm -rf "$tmp/$1"
    mkdir -p "$tmp/$1"
    find . \( -path ./build -o -path ./.git \) -prune -o -name '*.md' -print0 \
        | xargs -0 cp --parents -t "$tmp/$1"
}
# planted NAME WHAT PATTERN: the check on $tmp/NAME fails, with a FAIL line
# matching PATTERN.
planted() {
    local got
    got=$(python3 tests/lib/figures.py --root "$tmp/$1" planted 2>&1)
    if [ $? -ne 0 ] && grep -qE -- "$3" <<< "$got"; then ok
    else fail "planted $2: the check did not fail as it should (wanted /$3/): $(tail -n 5 <<< "$got")"; fi
}

# The page's size in README.md again, and another one than the home's.
scratch page
printf '\n`make web` builds the page (`build/web/`: four static files, 136 KB).\n' \
    >> "$tmp/page/README.md"
planted page "the page's size in README.md" \
    "^FAIL README\.md:[0-9]+: the page's size: 136 KB stated outside its home .*disagree"

# The same figure, the same value, outside its home: still one place too many.
scratch same
home_fuzz=$(sed -n 's/^| `t_fuzz\.sh`[^|]*| \([0-9]* s\) |.*/\1/p' tests/README.md)
[ -n "$home_fuzz" ] && ok || fail "tests/README.md's Figures has no t_fuzz.sh row to plant from"
printf '\n`tests/t_fuzz.sh` took %s in the last CI run.\n' "$home_fuzz" >> "$tmp/same/fuzz/README.md"
planted same "t_fuzz.sh's time in fuzz/README.md" \
    "^FAIL fuzz/README\.md:[0-9]+: t_fuzz\.sh's time: .* stated outside its home"

# A figure changed in one place of its home and not the other: the Cortex-M3
# image's flash in make size's table against the bytes said below it.
scratch changed
sed -i 's/^| cortex-m3 | \([^|]*\) | [0-9.]* KiB |/| cortex-m3 | \1 | 49.9 KiB |/' "$tmp/changed/tests/README.md"
planted changed "a changed flash figure" \
    "^FAIL tests/README\.md:[0-9]+: cortex-m3 image's flash: .* disagrees with"

# make check's time in a sentence, as the docs used to give it.
scratch check
printf '\n- **After every change**, `make check`. On the 2-core machine it took\n  31 s, and 10 s when nothing needed building.\n' \
    >> "$tmp/check/README.md"
planted check "make check's time in README.md" \
    "^FAIL README\.md:[0-9]+: make check's time: 31 s stated outside its home"

# make size's output pasted into ports/README.md as it prints.
scratch size
printf '\n```text\nboard      emulator     flash        RAM\nriscv      qemu virt    60.1 KiB   393.0 KiB\n```\n' \
    >> "$tmp/size/ports/README.md"
planted size "make size's output in ports/README.md" \
    "^FAIL ports/README\.md:[0-9]+: riscv image's flash: 60\.1 KiB stated outside its home"

# A figure gone stale: the page's size of an older build, 6 % smaller.
scratch stale
sed -i 's/^The page, `make web`.s `build\/web\/` (`-Oz`, as built): [0-9,]* bytes/The page, `make web`'"'"'s `build\/web\/` (`-Oz`, as built): 136,386 bytes/' \
    "$tmp/stale/tests/README.md"
grep -q '136,386 bytes' "$tmp/stale/tests/README.md" && ok || fail "could not plant a stale page size"
got=$(python3 tests/lib/figures.py --root "$tmp/stale" --built "$web" planted 2>&1)
if [ $? -ne 0 ] && grep -qE "^FAIL tests/README\.md:[0-9]+: the page's size: 136,386 bytes, but $web has [0-9]+ bytes" <<< "$got"
then ok; else fail "planted a stale page size: the check did not fail as it should: $(tail -n 5 <<< "$got")"; fi

# A home that no longer states a figure it must.
scratch gone
sed -i '/^| `sapper\.wasm` (`-Oz`, as built) |/d' "$tmp/gone/tests/README.md"
planted gone "the module's size gone from its home" \
    "^FAIL tests/README\.md, \"Figures\": states no figure for sapper\.wasm's size at -Oz"
sed -i '/^| 1000 × 1000 \/ 200,000 | 1, /d' "$tmp/gone/tests/README.md"
planted gone "HINT after a move on 1000 × 1000 gone from its home" \
    "^FAIL tests/README\.md, \"Benchmarks\": states no figure for HINT after a move's median on 1000 × 1000$"

# HINT's and PROB's cost after a move in daemon/README.md, as a sentence
# about the kept deduction would give them.
scratch after
cat >> "$tmp/after/daemon/README.md" <<'EOF'

A connection keeps HINT's deduction between requests, so HINT after a move
costs what the move changed (about 8 µs on a 1000 × 1000 board against 5 µs
on expert); PROB counts the whole frontier again, at 1.3 to 1.6 times what
writing its map costs on big boards.
EOF
planted after "HINT after a move's time in daemon/README.md" \
    "^FAIL daemon/README\.md:[0-9]+: HINT after a move's median on 1000 × 1000: 8 µs stated outside its home \(tests/README\.md, \"Benchmarks\"\)"
planted after "PROB after a move's ratio in daemon/README.md" \
    "^FAIL daemon/README\.md:[0-9]+: PROB after a move against writing its map: 1\.3 to 1\.6 times stated outside its home"

# A median changed in HINT's table and not in the sentence that compares
# it with expert's.
scratch median
sed -i 's/^\(| 1000 × 1000 \/ 200,000 | 1, [0-9,]* | \)[0-9.]* µs,/\19.5 µs,/' \
    "$tmp/median/tests/README.md"
grep -q '^| 1000 × 1000 / 200,000 | 1, [0-9,]* | 9\.5 µs,' "$tmp/median/tests/README.md" && ok \
    || fail "could not plant a changed HINT median"
planted median "a changed HINT median against its ratio to expert's" \
    "^FAIL tests/README\.md:[0-9]+: HINT after a move on 1000 × 1000 against expert: .* disagrees with"

# The work allowance's time in core/PROTOCOL.md.
scratch allowance
cat >> "$tmp/allowance/core/PROTOCOL.md" <<'EOF'

Past `--max-request-work` a request gives up: the default allowance is
about 5 s of a core for a board up to 256 × 256 and about 75 s for
1000 × 1000.
EOF
planted allowance "the allowance's time in core/PROTOCOL.md" \
    "^FAIL core/PROTOCOL\.md:[0-9]+: a 1000 × 1000 board's work allowance's CPU time: 75 s stated outside its home \(tests/README\.md, \"Figures\"\)"

# The session's bytes stated two ways; then one wrong value everywhere,
# which only the build can tell.
scratch session
printf '\nAn idle connection is one `struct sap_session` (1,608 bytes) and its handle.\n' \
    >> "$tmp/session/daemon/README.md"
planted session "the session's bytes two ways" \
    "^FAIL daemon/README\.md:[0-9]+: struct sap_session's bytes on the host build: 1,608 bytes disagrees with"
right=$(python3 -c "print(f'{$session_bytes:,}')")
wrong=$(python3 -c "print(f'{$session_bytes + 8:,}')")
scratch built
sed -i "s/^\(| host, 1000 × 1000 [^|]*| \)$right |/\1$wrong |/" "$tmp/built/core/README.md"
sed -i "s/\(\`struct sap_session\` (\)$right bytes/\1$wrong bytes/" "$tmp/built/daemon/README.md"
grep -q "^| host, 1000 × 1000 [^|]*| $wrong |" "$tmp/built/core/README.md" \
    && grep -qF "\`struct sap_session\` ($wrong bytes" "$tmp/built/daemon/README.md" && ok \
    || fail "could not plant one wrong session size in core/README.md and daemon/README.md"
got=$(python3 tests/lib/figures.py --root "$tmp/built" --session-bytes "$session_bytes" planted 2>&1)
if [ $? -ne 0 ] && ! grep -q "disagrees with" <<< "$got" \
    && grep -qE "^FAIL core/README\.md:[0-9]+: struct sap_session's bytes on the host build: $wrong bytes, but the build's sizeof\(struct sap_session\) is $session_bytes bytes" <<< "$got"
then ok; else fail "planted one wrong session size: the check did not fail as it should: $(tail -n 5 <<< "$got")"; fi

finish t_doc_figures
