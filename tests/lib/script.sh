# tests/lib/script.sh - sourced by the tests/t_*.sh scripts that count their
# own checks: run from the top of the tree, a scratch folder $tmp removed at
# exit, `ok` and `fail MESSAGE` to count, and `finish NAME` to print the
# "NAME: N passed, M failed" line tests/run adds up and set the status.
set -u
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok()   { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
finish() {
    echo "$1: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
