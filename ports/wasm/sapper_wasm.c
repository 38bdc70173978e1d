/*
 * sapper_wasm.c - the seventh port: the core as WebAssembly, one protocol
 * session (core/sapper.h section 4) for a web page or node, built with
 * clang --target=wasm32 and wasm-ld, no C library (ports/libc_min.c
 * supplies the four mem* functions, as on the boards).
 *
 * All memory is static, as on the boards: the session struct, one pool for
 * the blocks a session holds at once (three slots, below), and two byte
 * buffers the caller reads and writes through the module's memory:
 * sapw_input() (SAPW_IO_BYTES) and sapw_output() (as many).  The limits
 * are set with -D by ports/wasm/wasm.mk.
 *
 * The caller's loop (ports/wasm/web/sapper.js's Session does it):
 *
 *     copy request bytes into sapw_input(), n of them, at most SAPW_IO_BYTES;
 *     done = 0;
 *     while (done < n) {
 *         done += sapw_sink(done, n - done);
 *         while ((k = sapw_poll()) > 0 || sapw_busy()) read k bytes of sapw_output();
 *         if (sapw_closing()) stop: the session takes no more input;
 *     }
 *     at the end of input: sapw_finish(), then poll until 0.
 *
 * A NEW without a seed takes one from the host: the import env.sapw_seed,
 * which the page answers with crypto.getRandomValues.
 */
#include "sapper.h"

#define SAPW_IO_BYTES 4096u

#define SAPW_ALIGN 8u
#define SAPW_ROUND_UP(n) (((size_t)(n) + SAPW_ALIGN - 1u) & ~(size_t)(SAPW_ALIGN - 1u))
/* The pool: three slots, two of a game's bound for the largest board and
 * one of the spare block's (SAP_SESSION_SPARE_BYTES: a NEW's second board
 * or a WORK block, whichever is larger): where ANALYZE is served, a
 * position being checked beside a current game holds three blocks (that
 * game, the position, the check's deduction), as SAP_SESSION_MEMORY_BYTES
 * counts (core/sapper.h section 4). */
#define SAPW_GAME_SLOT SAPW_ROUND_UP(SAP_GAME_BYTES(1u, SAP_MAX_CELLS))
#define SAPW_SPARE_SLOT SAPW_ROUND_UP(SAP_SESSION_SPARE_BYTES(1u, SAP_MAX_CELLS))
#define SAPW_SLOTS 3u
#define SAPW_POOL_BYTES (2u * SAPW_GAME_SLOT + SAPW_SPARE_SLOT)

static unsigned char pool[SAPW_POOL_BYTES] __attribute__((aligned(8)));
static const size_t slot_at[SAPW_SLOTS] = { 0, SAPW_GAME_SLOT, 2u * SAPW_GAME_SLOT };
static const size_t slot_bytes[SAPW_SLOTS] = { SAPW_GAME_SLOT, SAPW_GAME_SLOT,
                                               SAPW_SPARE_SLOT };
static bool slot_used[SAPW_SLOTS];
static uint32_t refused; /* blocks refused */
static uint32_t peak;    /* most slots held at once */

static void *pool_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    unsigned i, held = 0;
    void *block = NULL;
    (void)context;
    (void)purpose;
    for (i = 0; i < SAPW_SLOTS && bytes != 0; i++) {
        if (block == NULL && !slot_used[i] && bytes <= slot_bytes[i]) {
            slot_used[i] = true;
            block = pool + slot_at[i];
        }
        held += slot_used[i] ? 1u : 0u;
    }
    if (block == NULL)
        refused++;
    else if (held > peak)
        peak = held;
    return block;
}

static void pool_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    unsigned i;
    (void)context;
    (void)purpose;
    for (i = 0; i < SAPW_SLOTS; i++)
        if (block == (void *)(pool + slot_at[i]))
            slot_used[i] = false;
}

static const struct sap_memory pool_memory = { pool_acquire, pool_release, NULL };

static struct sap_session session;
static char input[SAPW_IO_BYTES];
static char output[SAPW_IO_BYTES];

/* The host's randomness (the page: crypto.getRandomValues). */
__attribute__((import_module("env"), import_name("sapw_seed"))) uint32_t sapw_seed(void);

static uint32_t next_seed(void *context)
{
    (void)context;
    return sapw_seed();
}

#define SAPW_EXPORT(name) __attribute__((export_name(#name), visibility("default")))

SAPW_EXPORT(sapw_init) int sapw_init(void);
SAPW_EXPORT(sapw_input) char *sapw_input(void);
SAPW_EXPORT(sapw_output) char *sapw_output(void);
SAPW_EXPORT(sapw_io_bytes) uint32_t sapw_io_bytes(void);
SAPW_EXPORT(sapw_sink) uint32_t sapw_sink(uint32_t offset, uint32_t length);
SAPW_EXPORT(sapw_poll) uint32_t sapw_poll(void);
SAPW_EXPORT(sapw_busy) int sapw_busy(void);
SAPW_EXPORT(sapw_closing) int sapw_closing(void);
SAPW_EXPORT(sapw_finish) void sapw_finish(void);
SAPW_EXPORT(sapw_max_rows) uint32_t sapw_max_rows(void);
SAPW_EXPORT(sapw_max_cols) uint32_t sapw_max_cols(void);
SAPW_EXPORT(sapw_max_cells) uint32_t sapw_max_cells(void);
SAPW_EXPORT(sapw_pool_bytes) uint32_t sapw_pool_bytes(void);
SAPW_EXPORT(sapw_session_bytes) uint32_t sapw_session_bytes(void);
SAPW_EXPORT(sapw_blocks_refused) uint32_t sapw_blocks_refused(void);
SAPW_EXPORT(sapw_blocks_peak) uint32_t sapw_blocks_peak(void);

/* A fresh session (the old one's blocks given back): 0, or the core's
 * error (SAP_ERR_LIMITS never, as the library and this file are one
 * build). */
int sapw_init(void)
{
    int err;
    sap_session_release(&session);
    err = sap_session_init(&session, &pool_memory);
    if (err == SAP_OK)
        sap_session_set_seeds(&session, next_seed, NULL);
    return err;
}

char *sapw_input(void)
{
    return input;
}

char *sapw_output(void)
{
    return output;
}

uint32_t sapw_io_bytes(void)
{
    return SAPW_IO_BYTES;
}

/* Sinks input[offset .. offset + length); returns the bytes taken (fewer
 * when a reply waits to be polled). */
uint32_t sapw_sink(uint32_t offset, uint32_t length)
{
    if (offset > SAPW_IO_BYTES || length > SAPW_IO_BYTES - offset)
        return 0;
    return (uint32_t)sap_session_sink(&session, input + offset, length);
}

/* Polls waiting reply bytes into output; returns their count. */
uint32_t sapw_poll(void)
{
    return (uint32_t)sap_session_poll(&session, output, SAPW_IO_BYTES);
}

int sapw_busy(void)
{
    return sap_session_busy(&session) ? 1 : 0;
}

int sapw_closing(void)
{
    return sap_session_closing(&session) ? 1 : 0;
}

void sapw_finish(void)
{
    sap_session_finish(&session);
}

/* The build's limits, for the page and run.mjs's report. */
uint32_t sapw_max_rows(void)
{
    return SAP_MAX_ROWS;
}

uint32_t sapw_max_cols(void)
{
    return SAP_MAX_COLS;
}

uint32_t sapw_max_cells(void)
{
    return SAP_MAX_CELLS;
}

uint32_t sapw_pool_bytes(void)
{
    return (uint32_t)sizeof pool;
}

uint32_t sapw_session_bytes(void)
{
    return (uint32_t)sizeof session;
}

/* How the pool has served: blocks refused so far, and the most slots held
 * at once (tests/t_wasm.sh: the pool must never refuse). */
uint32_t sapw_blocks_refused(void)
{
    return refused;
}

uint32_t sapw_blocks_peak(void)
{
    return peak;
}
