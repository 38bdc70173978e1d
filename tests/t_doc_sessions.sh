#!/usr/bin/env bash
# t_doc_sessions.sh - every protocol session marked "<!-- session -->" in
# the tree's Markdown files (core/PROTOCOL.md, the READMEs) is sent to
# build/sapperd --stdin and must get the replies shown, byte for byte;
# every command of a block marked "<!-- shell -->" (its "$ " lines) must
# print what the block shows after it.  The rules are in tests/lib/docs.py.
set -u
cd "$(dirname "$0")/.."
exec python3 tests/lib/docs.py sessions,shell t_doc_sessions
