#!/usr/bin/env bash
# tests/t_web.sh - the page of `make web` in a real browser: headless
# Chromium (Debian's) driven by npm's playwright-core (tests/deps.sh puts it
# in build/npm), with node as the runner (tests/web.mjs): a seeded expert
# game won by real mouse clicks following the page's own HINT, the board
# drawn checked against SHOW after every move, and a loss, each with its
# end panel (the 3BV solved of STATS's) and window.sapper.stats(); the
# overlay against PROB; a flag, a chord and a loss drawn as VIEW draws
# them; the keyboard, a tap, a press held to flag and to unflag; analysis
# mode from a painted position against ANALYZE typed to build/sapperd
# --stdin; the board links; a reload mid-game (SHOW before equals SHOW
# after); a shared link replaying a game; no hint outliving its game, a
# refused NEW's ERR; a new seed from N and the face, Enter in the seed box;
# a 100 x 100 click redrawing only what its reply changed; auto play; a
# 390 px phone; the zoom; no request but the page's own files; and the
# figures measured in the page (HINT's median, the overlay's redraw, the
# time to ready, the 100 x 100 click).  A failure saves a screenshot under
# build/web-test/.
source "$(dirname "$0")/lib/script.sh"

if ! nice make --no-print-directory -s build/sapperd web > "$tmp/make.log" 2>&1; then
    fail "make web: $(tail -n 5 "$tmp/make.log")"
    finish t_web
    exit 1
fi
for need in node "${CHROMIUM:-/usr/bin/chromium}" build/npm/node_modules/playwright-core/package.json; do
    if ! command -v "$need" > /dev/null 2>&1 && [ ! -e "$need" ]; then
        fail "$need is missing (tests/deps.sh test installs it)"
        finish t_web
        exit 1
    fi
done
timeout 240 nice node tests/web.mjs
