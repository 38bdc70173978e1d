#!/usr/bin/env bash
# t_text_check.sh - the constant-text check of the sanitized core
# (SAP_TEXT_CHECK, core/internal.h) really fails: a probe program linked with
# build/asan/libsapper.a that hands run-time (RAM) text to a reader of
# constant text must die on the trap (SIGILL), while the same readers given
# the core's own constant text must not.  On AVR that mix-up would read
# flash where the text is in SRAM; here it is caught on the host.
set -u
cd "$(dirname "$0")/.."
lib=build/asan/libsapper.a
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok()   { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

if [ ! -f "$lib" ]; then
    echo "t_text_check: $lib is not built (make test-build)"
    echo "t_text_check: 0 passed, 1 failed"
    exit 1
fi

cat > "$tmp/probe.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include "internal.h"

/* argv[1] names a case; constant text must pass, RAM text must trap. */
int main(int argc, char **argv)
{
    static char buf[1 << 16];
    char ram[8];
    size_t len = 0;
    uint32_t offset = 0;
    struct sap_judge judge;
    const char *which = argc > 1 ? argv[1] : "";

    strcpy(ram, "boom");
    if (strcmp(which, "constant") == 0) {
        /* the core's own constant text through every kind of reader */
        sap_text_add(buf, sizeof buf, &len, sap_strerror(SAP_ERR_SIZE));
        sap_text_copy(buf, sizeof buf, sap_format_name(SAP_FORMAT_MASTER), 6, &offset);
        return sap_text_word_is(ram, 4, sap_format_name(SAP_FORMAT_BOOM)) && len > 0 ? 0 : 1;
    }
    if (strcmp(which, "text_add") == 0)
        sap_text_add(buf, sizeof buf, &len, ram);
    else if (strcmp(which, "word_is") == 0)
        sap_text_word_is("boom", 4, ram);
    else if (strcmp(which, "copy_text") == 0) /* runs past the end of the section */
        sap_text_copy(buf, sizeof buf, sap_format_name(SAP_FORMAT_NURIKABE), sizeof buf, &offset);
    else if (strcmp(which, "judge_fail") == 0) {
        sap_judge_init(&judge, SAP_FORMAT_BOOM, NULL);
        sap_judge_fail(&judge, SAP_ERR_SYNTAX, ram);
    }
    printf("not trapped\n");
    return 0;
}
EOF
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"
if ! ${CC:-cc} -std=c99 -g $SAN -Icore "$tmp/probe.c" "$lib" -o "$tmp/probe" 2> "$tmp/cc.err"; then
    fail "the probe does not build: $(head -c 300 "$tmp/cc.err")"
else
    if "$tmp/probe" constant > "$tmp/out" 2>&1; then
        ok "constant text passes every reader"
    else
        fail "constant text was refused: $(head -c 300 "$tmp/out")"
    fi
    for reader in text_add word_is copy_text judge_fail; do
        { "$tmp/probe" "$reader" > "$tmp/out" 2>&1; } 2> /dev/null
        rc=$?
        if [ "$rc" -eq 132 ]; then # 128 + SIGILL
            ok "RAM text given to $reader traps"
        else
            fail "RAM text given to $reader: exit status $rc, expected 132 (SIGILL) $(head -c 200 "$tmp/out")"
        fi
    done
fi
echo "t_text_check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
