/*
 * session_reply.c - what a request may do to the session (protocol.h):
 * build its short reply line, hold back an ERR until its last line, say
 * what it leaves for poll, and hold one block of memory.
 *
 * The short reply line lives in s->reply and nothing but these calls
 * writes it.  The request in progress is s->request, with s->stage saying
 * what poll still owes it; its one block (s->block) goes back when it ends,
 * whichever way it ends, so no request releases memory on its error paths.
 */
#include "protocol.h"

SAP_TEXT(err_prefix, "ERR ");

const char sap_reason_not_served[] SAP_ROM = "% is not in this build";
const char sap_reason_no_memory[] SAP_ROM = "not enough memory for this board";
const char sap_reason_not_a_number[] SAP_ROM = "% is not a number";

/* ---- the short reply line ------------------------------------------------ */

/* The line is built with the text helpers, which keep a NUL after the
 * text: the cap leaves room for the line end that replaces it. */
void sap_session_reply_start(struct session *s, const char *text)
{
    s->reply_length = 0;
    s->reply_sent = 0;
    sap_session_reply_add(s, text);
}

void sap_session_reply_add(struct session *s, const char *text)
{
    size_t len = s->reply_length;
    sap_text_add(s->reply, SAP_REPLY_MAX - 1, &len, text);
    s->reply_length = (uint16_t)len;
}

void sap_session_reply_add_ram(struct session *s, const char *text)
{
    size_t len = s->reply_length;
    sap_text_add_ram(s->reply, SAP_REPLY_MAX - 1, &len, text);
    s->reply_length = (uint16_t)len;
}

void sap_session_reply_add_u32(struct session *s, uint32_t value)
{
    size_t len = s->reply_length;
    sap_text_add_u32(s->reply, SAP_REPLY_MAX - 1, &len, value);
    s->reply_length = (uint16_t)len;
}

void sap_session_reply_end(struct session *s)
{
    s->reply[s->reply_length++] = '\n';
}

void sap_session_reply_line(struct session *s, const char *text)
{
    sap_session_reply_start(s, text);
    sap_session_reply_end(s);
}

void sap_session_reply_start_err(struct session *s)
{
    sap_session_reply_start(s, err_prefix);
}

void sap_session_reply_err(struct session *s, const char *reason)
{
    sap_session_reply_start_err(s);
    sap_session_reply_add(s, reason);
    sap_session_reply_end(s);
}

void sap_session_reply_add_format(struct session *s, const char *format,
                                  const uint32_t *numbers, const char *word, uint32_t length)
{
    size_t len = s->reply_length;
    sap_text_add_format(s->reply, SAP_REPLY_MAX - 1, &len, format, numbers, word, length);
    s->reply_length = (uint16_t)len;
}

SAP_ONCE void sap_session_reply_err_format(struct session *s, const char *format,
                                           const uint32_t *numbers, const char *word,
                                           uint32_t length)
{
    sap_session_reply_start_err(s);
    sap_session_reply_add_format(s, format, numbers, word, length);
    sap_session_reply_end(s);
}

SAP_ONCE void sap_session_reply_too_many_mines(struct session *s, uint32_t rows, uint32_t cols)
{
    uint32_t n[3];
    n[0] = rows;
    n[1] = cols;
    n[2] = rows * cols - 1u; /* sizes are checked: it fits */
    sap_session_reply_err_format(s, SAP_STR("too many mines: a # x # board holds at most #"), n,
                                 NULL, 0);
}

void sap_session_reply_numbers(struct session *s, const char *prefix, uint32_t a, uint32_t b,
                               uint32_t c)
{
    uint32_t n[3];
    n[0] = a;
    n[1] = b;
    n[2] = c;
    sap_session_reply_start(s, prefix);
    sap_session_reply_add_format(s, SAP_STR("# # #"), n, NULL, 0);
    sap_session_reply_end(s);
}

bool sap_session_reply_over(struct session *s)
{
    int state = sap_game_state(s->game);
    if (state == SAP_RUNNING)
        return false;
    sap_session_reply_start_err(s);
    sap_session_reply_add(s, state == SAP_WIN ? SAP_STR("the game is won")
                                              : SAP_STR("the game is lost"));
    sap_session_reply_add(s, SAP_STR(": NEW starts another"));
    sap_session_reply_end(s);
    return true;
}

void sap_session_reply_strerror(struct session *s, int err)
{
    sap_session_reply_err(s, sap_strerror(err));
}

char *sap_session_reply_room(struct session *s, size_t *room)
{
    *room = SAP_REPLY_MAX - 1u - s->reply_length;
    return s->reply + s->reply_length;
}

void sap_session_reply_grow(struct session *s, size_t length)
{
    s->reply_length = (uint16_t)(s->reply_length + length);
}

void sap_session_reply_defer(struct session *s)
{
    s->deferred_length = s->reply_length;
    s->reply_length = 0; /* not sent yet */
}

void sap_session_reply_defer_err(struct session *s, const char *reason)
{
    if (s->deferred_length != 0)
        return; /* the first mistake is the one told */
    sap_session_reply_err(s, reason);
    sap_session_reply_defer(s);
}

/* ---- the request in progress ----------------------------------------------- */

void sap_session_reply_expect_lines(struct session *s, uint32_t rows, uint32_t cols,
                                    uint32_t numbers)
{
    s->rows = rows;
    s->cols = cols;
    s->deferred_length = 0;
    s->item = 0;
    if (numbers > 0) {
        s->mode = MODE_NUMBERS;
        s->items_left = numbers;
    } else {
        s->mode = MODE_ROWS;
        s->items_left = rows;
    }
}

/* The cells its allowance counts: the current game's for a request on it,
 * else the board its lines held; never fewer than SAP_ALLOWANCE_MIN_CELLS. */
static uint32_t allowance_cells(const struct session *s)
{
    uint8_t flags;
    uint32_t cells; /* rows * cols <= SAP_MAX_CELLS: it fits */
    REQUEST_FIELD(s->request, flags, flags);
    if ((flags & NEEDS_GAME) != 0 && s->game != NULL)
        cells = sap_game_rows(s->game) * sap_game_cols(s->game);
    else
        cells = s->rows * s->cols;
    return cells > SAP_ALLOWANCE_MIN_CELLS ? cells : SAP_ALLOWANCE_MIN_CELLS;
}

/* Whether this build serves a request whose work is bounded by something
 * else than its board (a no-guess board being made), or by a high power
 * of it (a CASUAL solve, a deduction, a NURIKABE walk); without one the
 * allowance has nothing to bound, and stays out of the image. */
#define ALLOWANCE_SERVED SERVES(SAP_SOLVER_DEDUCE | SAP_SOLVER_CASUAL | SAP_SOLVER_NURIKABE)

void sap_session_reply_leave_work(struct session *s)
{
    s->stage = STAGE_WORK;
    if (ALLOWANCE_SERVED) {
        s->work_cells = allowance_cells(s);
        s->work_per_cell = s->work_rest = 0;
    }
}

/* The steps given so far are work_per_cell * work_cells + work_rest, kept
 * so in 32-bit numbers: a 1000 x 1000 board's allowance is past 2^32, and
 * 64-bit arithmetic costs a small board's flash dearly.  What the calls
 * before this one were given is checked, then this call's budget counted:
 * a request done within one call (SAP_BUDGET_UNLIMITED) is never given up. */
bool sap_session_reply_give_up(struct session *s)
{
    uint32_t whole;
    bool over;
    if (!ALLOWANCE_SERVED)
        return false;
    over = s->allowance != 0
           && (s->work_per_cell > s->allowance
               || (s->work_per_cell == s->allowance && s->work_rest != 0));
    if (over) {
        sap_session_reply_start_err(s);
        sap_session_reply_add(s, SAP_STR("gave up after its allowance of work ("));
        sap_session_reply_add_u32(s, s->allowance);
        sap_session_reply_add(s, SAP_STR(" steps a cell); nothing changed"));
        sap_session_reply_end(s);
        return true;
    }
    whole = s->budget / s->work_cells;
    s->work_rest += s->budget % s->work_cells; /* both below 2^20: no wrap */
    if (s->work_rest >= s->work_cells) {
        s->work_rest -= s->work_cells;
        whole++;
    }
    s->work_per_cell = whole > UINT32_MAX - s->work_per_cell ? UINT32_MAX
                                                             : s->work_per_cell + whole;
    return false;
}

void sap_session_reply_stream(struct session *s)
{
    s->stage = STAGE_REPLY;
}

void sap_session_reply_end_request(struct session *s)
{
    sap_session_reply_release_block(s);
    s->request = NULL;
    s->stage = STAGE_NONE;
}

void sap_session_reply_abandon(struct session *s)
{
    sap_session_reply_end_request(s);
    s->deferred_length = 0;
}

void sap_session_reply_close(struct session *s)
{
    s->mode = MODE_CLOSED; /* for good: sap_session_closing() */
}

/* ---- memory ---------------------------------------------------------------- */

void *sap_session_reply_acquire(struct session *s, size_t bytes,
                                enum sap_memory_purpose purpose)
{
    if (s->memory == NULL || s->memory->acquire == NULL)
        return NULL;
    if (purpose == SAP_MEMORY_WORK && !sap_work_fits(bytes))
        return NULL; /* refused as a provider would: SAP_MAX_WORK_BYTES */
    return s->memory->acquire(s->memory->context, bytes, purpose);
}

void sap_session_reply_give_back(struct session *s, void **block,
                                 enum sap_memory_purpose purpose)
{
    if (*block != NULL && s->memory != NULL && s->memory->release != NULL)
        s->memory->release(s->memory->context, *block, purpose);
    *block = NULL;
}

void *sap_session_reply_acquire_block(struct session *s, size_t bytes,
                                      enum sap_memory_purpose purpose)
{
    sap_session_reply_release_live(s); /* one block besides the game, never two */
    s->block = sap_session_reply_acquire(s, bytes, purpose);
    s->block_purpose = (uint8_t)purpose;
    return s->block;
}

void sap_session_reply_release_block(struct session *s)
{
    sap_session_reply_give_back(s, &s->block, (enum sap_memory_purpose)s->block_purpose);
}

/* The blocks kept between requests: the current game's, and the WORK
 * block beside it (HINT's kept deduction, or ANALYZE's check).  The layers
 * above fill them and say when they go (session_game.c); they are given
 * back here, with the pointers into them, because the session's own calls
 * need them gone too (a request's block takes the kept one's place, a
 * JUDGE stream acquires its blocks itself, the game is taken out or the
 * session ends), and they call nothing above them. */
void sap_session_reply_release_live(struct session *s)
{
    sap_session_reply_give_back(s, &s->live_block, SAP_MEMORY_WORK);
    s->live = NULL;
}

void sap_session_reply_release_game(struct session *s)
{
    sap_session_reply_release_live(s); /* it was the game's */
    sap_session_reply_give_back(s, &s->game_block, SAP_MEMORY_GAME);
    s->game = NULL;
}
