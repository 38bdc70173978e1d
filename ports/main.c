/*
 * main.c - the one main loop of every board: UART bytes in, one protocol
 * session (core/sapper.h section 9), reply bytes out.
 *
 * All memory is static and sized at build time from the port's limits
 * (SAP_MAX_ROWS / SAP_MAX_COLS / SAP_MAX_CELLS / SAP_LINE_MAX /
 * SAP_REPLY_MAX, set with -D by the port's make fragment): the session
 * struct, and one arena per memory purpose that the session's sap_memory
 * table hands out whole.  A port can shrink an arena below what its largest
 * board would need for every solver (PORT_WORK_BYTES on the ATmega328P);
 * requests that do not fit are then refused by the core with its usual
 * error, never by corrupting memory.
 *
 * End of input is the byte BOARD_EOT (board.h).  After it, or after the
 * session asks to close (BYE, an over-long line), the remaining replies are
 * sent, the stack report goes to the side channel and the board exits.
 */
#include "sapper.h"
#include "board.h"

/* Whole blocks for each purpose, as the core may ask for them. */
#ifndef PORT_GAME_BYTES
#define PORT_GAME_BYTES ((size_t)SAP_GAME_HEADER_BYTES + (size_t)SAP_MAX_CELLS)
#endif
#ifndef PORT_WORK_BYTES
#define PORT_WORK_BYTES ((size_t)SAP_CASUAL_HEADER_BYTES + (size_t)4u * SAP_MAX_CELLS)
#endif

/* Exit codes, beside 0 for a session that ended normally. */
enum {
    PORT_EXIT_STALLED = 3,      /* the session took no input and had no reply */
    PORT_EXIT_STACK = 4         /* the stack reached the bottom of its region */
};

/* The painted value; a byte that is still this was never written. */
#define PORT_STACK_PAINT 0xA5u

struct port_arena {
    uint32_t *block;
    size_t bytes;
    size_t peak;                /* largest request seen, granted or not */
    bool taken;
};

/* uint32_t storage keeps the blocks aligned as the core asks. */
static uint32_t game_block[(PORT_GAME_BYTES + 3u) / 4u];
static uint32_t work_block[(PORT_WORK_BYTES + 3u) / 4u];

static struct port_arena arenas[2] = {
    { game_block, sizeof game_block, 0, false },  /* SAP_MEMORY_GAME */
    { work_block, sizeof work_block, 0, false }   /* SAP_MEMORY_WORK */
};

static void *port_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    struct port_arena *arena;
    (void)context;
    if ((unsigned)purpose > 1u)
        return NULL;
    arena = &arenas[purpose];
    if (bytes > arena->peak)
        arena->peak = bytes;
    if (arena->taken || bytes > arena->bytes)
        return NULL;
    arena->taken = true;
    return arena->block;
}

static void port_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    (void)context;
    if ((unsigned)purpose <= 1u && block == arenas[purpose].block)
        arenas[purpose].taken = false;
}

static const struct sap_memory port_memory = { port_acquire, port_release, NULL };

static struct sap_session session;

/* Sends every reply byte the session has ready. */
static void send_replies(void)
{
    char out[32];
    size_t n, i;
    while ((n = sap_session_poll(&session, out, sizeof out)) > 0)
        for (i = 0; i < n; i++)
            board_uart_write_byte((uint8_t)out[i]);
}

/* Bytes of stack ever used: from the top down to the lowest byte that no
 * longer holds the paint. */
static size_t stack_used(void)
{
    const volatile char *p = __stack_limit;
    while (p < __stack_top && (uint8_t)*p == PORT_STACK_PAINT)
        p++;
    return (size_t)((uintptr_t)__stack_top - (uintptr_t)p);
}

static void report_text(const char *s)
{
    while (*s != '\0')
        board_report_write_byte((uint8_t)*s++);
}

static void report_number(const char *key, uint32_t value)
{
    char digits[10];
    int n = 0;
    report_text(key);
    do {
        digits[n++] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value > 0);
    while (n > 0)
        board_report_write_byte((uint8_t)digits[--n]);
}

/* One line on the side channel: what `make size` and the tests read. */
static void report(void)
{
    report_number("stack_used=", (uint32_t)stack_used());
    report_number(" stack_size=", (uint32_t)(__stack_top - __stack_limit));
    report_number(" session=", (uint32_t)sizeof session);
    report_number(" game_peak=", (uint32_t)arenas[SAP_MEMORY_GAME].peak);
    report_number(" game_arena=", (uint32_t)arenas[SAP_MEMORY_GAME].bytes);
    report_number(" work_peak=", (uint32_t)arenas[SAP_MEMORY_WORK].peak);
    report_number(" work_arena=", (uint32_t)arenas[SAP_MEMORY_WORK].bytes);
    report_number(" max_rows=", (uint32_t)SAP_MAX_ROWS);
    report_number(" max_cols=", (uint32_t)SAP_MAX_COLS);
    report_number(" max_cells=", (uint32_t)SAP_MAX_CELLS);
    report_text("\n");
}

BOARD_NORETURN static void finish(int code)
{
    send_replies();
    sap_session_release(&session);
    report();
    if (code == 0 && (uint8_t)*__stack_limit != PORT_STACK_PAINT)
        code = PORT_EXIT_STACK;
    board_exit(code);
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
        if (n == 0)
            finish(PORT_EXIT_STALLED);
        for (i = 0; i < n; i++)
            board_uart_write_byte((uint8_t)out[i]);
    }
    return true;
}

int main(void)
{
    volatile char here = 0;
    volatile char *paint = __stack_limit;
    /* Paint the free stack, from the bottom of the region to a little below
     * this frame, inline so that no callee frame is painted over.  volatile
     * keeps the compiler from making the loop a memset call. */
    while ((uintptr_t)paint < (uintptr_t)&here - 64u)
        *paint++ = (char)PORT_STACK_PAINT;
    board_init();
    sap_session_init(&session, &port_memory);
    for (;;) {
        int c;
        send_replies();
        if (sap_session_closing(&session))
            break;
        c = board_uart_read_byte();
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
