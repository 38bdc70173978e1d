/*
 * main.c - the one main loop of every board: UART bytes in, one protocol
 * session (core/sapper.h section 4), reply bytes out.
 *
 * All memory is static and sized at build time from the port's limits
 * (SAP_MAX_ROWS / SAP_MAX_COLS / SAP_MAX_CELLS / SAP_LINE_MAX /
 * SAP_REPLY_MAX, set with -D by the port's make fragment): the session
 * struct, and one pool for the blocks the session acquires: together
 * SAP_SESSION_MEMORY_BYTES of the largest board.  A request that does not
 * fit is refused, and the core answers it with its usual error, never by
 * corrupting memory.
 *
 * End of input is the byte BOARD_EOT (board.h).  After it, or after the
 * session asks to close (BYE, an over-long line), the remaining replies are
 * sent, the stack report goes to the side channel and the board exits.
 *
 * That is the emulator build.  The image for real hardware (BOARD_HARDWARE,
 * `make hex`) serves forever: there is no end of input (0x04 is a byte like
 * any other, which the session answers as such), and a session that closes
 * is followed by a fresh one, as for a new client.  Its sessions start with
 * echo on (SAP_TERMINAL_ECHO, core/sapper.h section 4), for a person at a
 * serial terminal (screen /dev/ttyACM0 115200): what they type comes back,
 * backspace edits the line, Enter (a lone '\r') ends it, and the replies
 * end "\r\n".  A program sends SET ECHO OFF first and gets the replies
 * as sapperd writes them.
 */
#include "sapper.h"
#include "board.h"
#include "port.h"

/* The session holds at most two blocks at once (core/sapper.h section 4):
 * the current game, and either the board a NEW is reading or a WORK block.
 * The first is at most SAP_GAME_BYTES of the largest board, the second at
 * most SAP_SESSION_SPARE_BYTES of it: SAP_SESSION_WORK_BYTES (which covers
 * a game too), or less where the port sets SAP_MAX_WORK_BYTES, past which
 * the session refuses a WORK board itself and ends the old game before
 * reading a NEW board.  So one pool of their sum never refuses a request
 * within the limits, if a block always goes to whichever end of the pool
 * is free: whatever block lives at the other end is at most the other
 * bound.  This keeps the host's semantics (a NEW whose rows turn out bad
 * leaves the old game playing: on every board that fits beside it) with
 * no more memory than SAP_SESSION_MEMORY_BYTES declares.  Every term of
 * both bounds grows with the cell count only, so a build limited by
 * SAP_MAX_CELLS is sized as a 1 x SAP_MAX_CELLS board. */
/* Blocks start 4-byte aligned (the core checks that even where uint32_t
 * needs less, as on AVR), so each bound is rounded up to 4. */
#define PORT_BLOCK_ALIGN 4u
#define PORT_ROUND_UP(n)                                                                       \
    (((size_t)(n) + PORT_BLOCK_ALIGN - 1u) & ~(size_t)(PORT_BLOCK_ALIGN - 1u))
#ifndef PORT_POOL_BYTES
#define PORT_POOL_BYTES                                                                        \
    (PORT_ROUND_UP(SAP_GAME_BYTES(1u, SAP_MAX_CELLS))                                          \
     + PORT_ROUND_UP(SAP_SESSION_SPARE_BYTES(1u, SAP_MAX_CELLS)))
#endif
#define PORT_POOL_WORDS ((PORT_POOL_BYTES + 3u) / 4u)

struct port_pool {
    size_t low_bytes;  /* the block at the start; 0 when none */
    size_t high_bytes; /* the block at the end; 0 when none */
    size_t peak;       /* most bytes held at once */
    size_t refused;    /* requests refused */
};

static uint32_t pool_words[PORT_POOL_WORDS] __attribute__((aligned(4)));
static struct port_pool pool;

#define POOL_BASE ((char *)pool_words)
#define POOL_BYTES (sizeof pool_words)

static void *port_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    void *block = NULL;
    size_t rounded = PORT_ROUND_UP(bytes);
    (void)context;
    (void)purpose;
    if (bytes == 0 || rounded < bytes || rounded > POOL_BYTES) {
        /* nothing fits */
    } else if (pool.low_bytes == 0 && rounded <= POOL_BYTES - pool.high_bytes) {
        pool.low_bytes = rounded;
        block = POOL_BASE;
    } else if (pool.high_bytes == 0 && rounded <= POOL_BYTES - pool.low_bytes) {
        pool.high_bytes = rounded;
        block = POOL_BASE + POOL_BYTES - rounded;
    }
    if (block == NULL)
        pool.refused++;
    else if (pool.low_bytes + pool.high_bytes > pool.peak)
        pool.peak = pool.low_bytes + pool.high_bytes;
    return block;
}

static void port_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    (void)context;
    (void)purpose;
    if (block == NULL)
        return;
    if (block == (void *)POOL_BASE && pool.low_bytes != 0)
        pool.low_bytes = 0;
    else if (pool.high_bytes != 0
             && block == (void *)(POOL_BASE + POOL_BYTES - pool.high_bytes))
        pool.high_bytes = 0;
}

static const struct sap_memory port_memory = { port_acquire, port_release, NULL };

static struct sap_session session;

#if SAP_NEW_SHORTCUTS
/* The seeds of the NEWs that name none (core/sapper.h section 4).  A
 * board's chance is the time between the bytes it receives, a person's
 * keystrokes above all: the board's clock (board_clock, a hardware counter,
 * which a board that sleeps while it waits keeps running) is read as each
 * byte arrives, and mixed with the byte into a 32-bit pool (a
 * multiply by an odd constant and a shift: nothing is lost).  Each seed
 * stirs the pool once more, so that two seeds differ even with no byte
 * between them. */
static uint32_t entropy;

static void stir(uint32_t value)
{
    entropy = (entropy ^ value) * 0x9E3779B1u;
    entropy ^= entropy >> 15;
}

static uint32_t next_seed(void *context)
{
    (void)context;
    stir(0x6D2B79F5u);
    return entropy;
}
#endif

/* Waits (asleep) for the next received byte; with the seeds, the time it
 * came goes into the pool. */
static int read_byte(void)
{
#if SAP_NEW_SHORTCUTS
    int c = board_uart_read_byte();
    stir(board_clock() ^ ((uint32_t)c << 24));
    return c;
#else
    return board_uart_read_byte();
#endif
}

/* A fresh session, with the seeds where the build has NEW's shortcuts. */
static void start_session(void)
{
    sap_session_init(&session, &port_memory);
#if SAP_NEW_SHORTCUTS
    sap_session_set_seeds(&session, next_seed, NULL);
#endif
}

/* Sends every reply byte the session has ready.  A heavy request is
 * worked off a budget per poll (core/sapper.h section 2): a poll may
 * return nothing while the session is still busy.  A board with a display
 * or buttons would serve them between two polls. */
static void check_stack(void);

static void send_replies(void)
{
    char out[32];
    size_t n, i;
    while ((n = sap_session_poll(&session, out, sizeof out)) > 0
           || sap_session_busy(&session)) {
        check_stack();
        for (i = 0; i < n; i++)
            board_uart_write_byte((uint8_t)out[i]);
    }
}

/* One line on the side channel: what `make size` and the tests read. */
static void report(void)
{
    port_report_stack();
    port_report_number(" session=", (uint32_t)sizeof session);
    port_report_number(" session_memory=",
                       (uint32_t)SAP_SESSION_MEMORY_BYTES(1u, SAP_MAX_CELLS));
    port_report_number(" pool_peak=", (uint32_t)pool.peak);
    port_report_number(" pool=", (uint32_t)POOL_BYTES);
    port_report_number(" refused=", (uint32_t)pool.refused);
    port_report_number(" max_rows=", (uint32_t)SAP_MAX_ROWS);
    port_report_number(" max_cols=", (uint32_t)SAP_MAX_COLS);
    port_report_number(" max_cells=", (uint32_t)SAP_MAX_CELLS);
    port_report_text("\n");
}

BOARD_NORETURN static void finish(int code)
{
    send_replies();
    sap_session_release(&session);
    report();
    if (code == 0 && port_stack_used() >= port_stack_size())
        code = PORT_EXIT_STACK;
    board_exit(code);
}

/* In the emulator build, a stack that reached the bottom of its region
 * ends the run at once (exit PORT_EXIT_STACK): past it, memory is
 * corrupt and the session may never finish.  The image for hardware has
 * no one to tell. */
static void check_stack(void)
{
#ifndef BOARD_HARDWARE
    if (port_stack_reached_bottom()) {
        report();
        board_exit(PORT_EXIT_STACK);
    }
#endif
}

/* Feeds one received byte, sending replies whenever the session holds the
 * byte back because replies are waiting.  False when the session will take
 * no more input. */
static bool feed(char byte)
{
    while (sap_session_sink(&session, &byte, 1) == 0) {
        char out[32];
        size_t n, i;
        if (sap_session_closing(&session))
            return false;
        n = sap_session_poll(&session, out, sizeof out);
        if (n == 0 && !sap_session_busy(&session))
            finish(PORT_EXIT_STALLED);
        for (i = 0; i < n; i++)
            board_uart_write_byte((uint8_t)out[i]);
    }
    return true;
}

#ifdef BOARD_HARDWARE
int main(void)
{
    port_stack_paint();
    board_init();
    for (;;) {
        start_session();
        sap_session_set_terminal(&session, SAP_TERMINAL_ECHO); /* a person types */
        for (;;) {
            send_replies();
            if (sap_session_closing(&session) || !feed((char)read_byte()))
                break;
        }
        send_replies();
        sap_session_release(&session); /* then a fresh session */
    }
}
#else
int main(void)
{
    port_stack_paint();
    board_init();
    start_session();
    for (;;) {
        int c;
        send_replies();
        if (sap_session_closing(&session))
            break;
        c = read_byte();
        if (c == BOARD_EOT) {
            sap_session_finish(&session);
            break;
        }
        if (!feed((char)c))
            break;
    }
    finish(0);
    return 0;
}
#endif
