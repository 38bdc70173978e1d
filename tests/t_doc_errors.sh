#!/usr/bin/env bash
# t_doc_errors.sh - every error table of the tree's Markdown files, between
# "<!-- errors: protocol -->" (or "<!-- errors: judge FORMAT -->") and
# "<!-- /errors -->", run through build/sapperd: each row's request or
# input must give exactly the ERR line (protocol) or the
# "sapperd: FORMAT: line N: reason" line and exit status 2 (judge mode)
# the row documents.  A failure names the row and what sapperd printed.
# The rules are in tests/lib/docs.py.
set -u
cd "$(dirname "$0")/.."
exec python3 tests/lib/docs.py errors t_doc_errors
