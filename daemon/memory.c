/*
 * memory.c - the session's memory table on a host: malloc and free.
 *
 * A session asks for a block only when a request needs a board (a game, a
 * one-shot solver, a judge case) and gives it back when done, so an idle
 * connection holds no board memory.  No block may exceed what this build's
 * limits can ask for: a larger request is refused (the session reports it),
 * never passed to malloc.
 */
#include <stdlib.h>

#include "sapperd.h"

#define MAX2(a, b) ((a) > (b) ? (a) : (b))

size_t sapperd_block_max(void)
{
    size_t game = SAP_GAME_BYTES(SAP_MAX_ROWS, SAP_MAX_COLS);
    size_t work = SAP_SESSION_WORK_BYTES(SAP_MAX_ROWS, SAP_MAX_COLS);
    return MAX2(game, work);
}

static void *heap_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    (void)context;
    (void)purpose;
    if (bytes == 0 || bytes > sapperd_block_max())
        return NULL;
    return malloc(bytes);
}

static void heap_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    (void)context;
    (void)purpose;
    free(block);
}

const struct sap_memory sapperd_heap = { heap_acquire, heap_release, NULL };
