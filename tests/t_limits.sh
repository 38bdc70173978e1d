#!/usr/bin/env bash
# t_limits.sh - a program compiled with other limits than the library it
# links is refused at run time, never lets the library write past its
# structs.  The program is built with ASan against the sanitized archive
# (build/asan/libsapper.a), its session on the heap at exactly the size it
# believes in and, a second time, between canary bytes.  A program with the
# library's own limits is served as usual (the control).
. "$(dirname "$0")/lib/script.sh"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}

cat > "$tmp/mixed.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sapper.h"

static void *acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    (void)context; (void)purpose;
    return malloc(bytes);
}
static void release(void *context, void *block, enum sap_memory_purpose purpose)
{
    (void)context; (void)purpose;
    free(block);
}
static const struct sap_memory heap = { acquire, release, NULL };

/* Sends HELP and a NEW board, polls every reply byte; returns the bytes. */
static size_t talk(struct sap_session *s, char *out, size_t cap)
{
    const char *in = "HELP\nNEW 2 2\n*_\n__\n1 2 2\n";
    size_t left = strlen(in), n = 0, got;
    int rounds = 0;
    while (left > 0 && rounds++ < 10000) {
        size_t took = sap_session_sink(s, in, left);
        in += took;
        left -= took;
        while ((got = sap_session_poll(s, out + n, cap - 1 - n)) > 0)
            n += got;
    }
    out[n] = '\0';
    return n;
}

int main(void)
{
    static char out[8192];
    struct guarded {
        unsigned char before[64];
        struct sap_session session;
        unsigned char after[64];
    } *g;
    struct sap_session *s = malloc(sizeof *s); /* ASan sees past its end */
    int err, i, bad = 0;
    size_t n;

    if (s == NULL || (g = malloc(sizeof *g)) == NULL)
        return 99;
    err = sap_session_init(s, &heap);
    n = talk(s, out, sizeof out);
#ifdef SAME_LIMITS
    if (err != SAP_OK || strstr(out, "OK 2 2 1\nRUNNING: [<2, 2, 1>]\n") == NULL) {
        printf("the control was not served: err %d, reply %s\n", err, out);
        return 1;
    }
#else
    if (err != SAP_ERR_LIMITS) {
        printf("init returned %d, not SAP_ERR_LIMITS (%d)\n", err, SAP_ERR_LIMITS);
        bad = 1;
    }
    if (n != 0 || !sap_session_closing(s) || sap_session_busy(s)) {
        printf("a refused session answered %zu bytes, closing %d busy %d\n", n,
               sap_session_closing(s), sap_session_busy(s));
        bad = 1;
    }
    if (strstr(sap_strerror(SAP_ERR_LIMITS), "limits") == NULL) {
        printf("sap_strerror says: %s\n", sap_strerror(SAP_ERR_LIMITS));
        bad = 1;
    }
#endif
    sap_session_release(s);
    free(s);

    memset(g->before, 0xa5, sizeof g->before);
    memset(g->after, 0x5a, sizeof g->after);
    sap_session_init(&g->session, &heap);
    talk(&g->session, out, sizeof out);
    sap_session_release(&g->session);
    for (i = 0; i < 64; i++)
        if (g->before[i] != 0xa5 || g->after[i] != 0x5a)
            bad = 1;
    if (bad)
        printf("a canary around the session changed, or a check above failed\n");
    free(g);
    return bad;
}
C

lib=${LIBSAPPER_ASAN:-build/asan/libsapper.a}
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
probe() { # name, flags...: builds and runs the program
    local name=$1; shift
    if ! cc -std=c99 -g $san -Icore "$@" "$tmp/mixed.c" "$lib" -o "$tmp/$name" 2>"$tmp/$name.log"; then
        fail "$name did not build: $(head -5 "$tmp/$name.log")"
        return
    fi
    if "$tmp/$name" >"$tmp/$name.out" 2>&1; then ok
    else fail "$name: $(head -20 "$tmp/$name.out")"; fi
}
probe same -DSAME_LIMITS
probe small_board -DSAP_MAX_ROWS=16u -DSAP_MAX_COLS=16u
probe big_board -DSAP_MAX_ROWS=1000u -DSAP_MAX_COLS=1040u
probe short_line -DSAP_LINE_MAX=64u
probe long_reply -DSAP_REPLY_MAX=512u
probe budget -DSAP_SESSION_BUDGET=100u
probe frontier -DSAP_DEDUCE_FRONTIER=64u
probe solvers -DSAP_SOLVERS=0u
probe work -DSAP_MAX_WORK_BYTES=4096u
probe shortcuts -DSAP_NEW_SHORTCUTS=0
probe person -DSAP_PERSON_EXTRAS=0

# The blocks the caller sizes with a limit-dependent macro are checked
# against the library's own size: a program that believes in a smaller
# deduction workspace is refused (SAP_ERR_NOMEM), not overrun.
cat > "$tmp/deduce.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include "sapper.h"
int main(void)
{
    size_t gbytes = SAP_GAME_BYTES(30, 40), dbytes = SAP_DEDUCE_BYTES(30, 40);
    void *gm = malloc(gbytes), *dm = malloc(dbytes);
    sap_game *game;
    sap_deduce *d;
    int err;
    if (gm == NULL || dm == NULL || sap_game_init(&game, gm, gbytes, 30, 40) != SAP_OK)
        return 99;
    err = sap_deduce_init(&d, dm, dbytes, game);
    free(gm);
    free(dm);
    if (err != SAP_ERR_NOMEM) {
        printf("sap_deduce_init with %zu bytes returned %d\n", dbytes, err);
        return 1;
    }
    return 0;
}
C
if cc -std=c99 -g $san -Icore -DSAP_DEDUCE_FRONTIER=64u "$tmp/deduce.c" "$lib" -o "$tmp/deduce" 2>"$tmp/deduce.log"; then
    "$tmp/deduce" >"$tmp/deduce.out" 2>&1 && ok || fail "small frontier: $(head -20 "$tmp/deduce.out")"
else
    fail "the deduce probe did not build: $(head -5 "$tmp/deduce.log")"
fi

finish t_limits
