/*
 * buffers.c - a connection's I/O buffers, taken while it has bytes to move
 * and given back when it goes idle.
 *
 * TCP connections share one size; up to SAPPERD_SPARE_BUFFERS given-back
 * buffers are kept for the next connection that needs one, so a busy
 * server does not allocate on every request, and the rest are freed, so
 * ten thousand idle clients do not hold ten thousand buffers.  The stdio
 * session's buffers are larger and never kept.
 */
#include <stdlib.h>

#include "sapperd.h"

bool buffers_attach(struct conn *c)
{
    struct server *s = c->server;
    struct conn_buffers *b;

    if (c->buffers != NULL)
        return true;
    b = c->kind == CONN_STDIO ? NULL : s->spare;
    if (b != NULL) {
        s->spare = b->next_spare;
        s->spare_count--;
    } else {
        size_t in_cap = c->kind == CONN_STDIO ? SAPPERD_STDIO_IN_BYTES : SAPPERD_IN_BYTES;
        size_t out_cap = c->kind == CONN_STDIO ? SAPPERD_STDIO_OUT_BYTES : SAPPERD_OUT_BYTES;
        b = malloc(sizeof *b + in_cap + out_cap);
        if (b == NULL)
            return false;
        b->in_cap = in_cap;
        b->out_cap = out_cap;
        b->in = (char *)(b + 1);
        b->out = b->in + in_cap;
    }
    b->next_spare = NULL;
    b->in_pos = b->in_len = 0;
    b->out_len = b->out_sent = 0;
    c->buffers = b;
    return true;
}

void buffers_detach(struct conn *c)
{
    struct server *s = c->server;
    struct conn_buffers *b = c->buffers;

    if (b == NULL)
        return;
    c->buffers = NULL;
    if (s->spare_count < SAPPERD_SPARE_BUFFERS && b->in_cap == SAPPERD_IN_BYTES) {
        b->next_spare = s->spare;
        s->spare = b;
        s->spare_count++;
    } else {
        s->memory.freed_small += sizeof *b + b->in_cap + b->out_cap; /* malloc_trim */
        free(b);
    }
}

void buffers_free_spares(struct server *s)
{
    while (s->spare != NULL) {
        struct conn_buffers *b = s->spare;
        s->spare = b->next_spare;
        free(b);
    }
    s->spare_count = 0;
}
