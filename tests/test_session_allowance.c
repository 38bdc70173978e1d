/*
 * test_session_allowance.c - a request's work allowance (sapper.h section 4,
 * sap_session_set_allowance): past it, a request that changes nothing until
 * it is done gives up with one ERR and leaves everything as it was; the
 * allowance grows with the request's board; an opening is never given up.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"

#define REPLY_CAP (1u << 20)

static char *reply;

static struct sap_session *session_new(struct session_memory *m, uint32_t budget,
                                       uint32_t allowance)
{
    struct sap_session *s = malloc(sizeof *s);
    if (s == NULL)
        abort();
    session_memory_init(m);
    CHECK_EQ_INT(sap_session_init(s, &m->memory), SAP_OK);
    sap_session_set_budget(s, budget);
    sap_session_set_allowance(s, allowance);
    return s;
}

static void session_end(struct sap_session *s, struct session_memory *m)
{
    sap_session_release(s);
    CHECK_EQ_INT(m->held_bytes, 0);
    free(s);
}

static const char *ask(struct sap_session *s, const char *request)
{
    return session_ask(s, request, reply, REPLY_CAP);
}

/* The ERR of a request past an allowance of `per_cell` steps a cell. */
static const char *gave_up(uint32_t per_cell)
{
    static char line[128];
    snprintf(line, sizeof line,
             "ERR gave up after its allowance of work (%u steps a cell); nothing changed\n",
             (unsigned)per_cell);
    return line;
}

/* Steps a request takes at `budget`: polls while busy, times the budget. */
static uint64_t steps_taken(struct sap_session *s, const char *request, uint32_t budget)
{
    char out[4096];
    uint64_t polls = 0;
    sap_session_set_allowance(s, 0);
    sap_session_set_budget(s, budget);
    (void)sap_session_sink(s, request, strlen(request));
    while (sap_session_busy(s)) {
        (void)sap_session_poll(s, out, sizeof out);
        polls++;
    }
    return polls * budget;
}

/* A no-guess board that takes seconds to make (or cannot be made) gives
 * up at its allowance: no mines are laid, the game goes on. */
static void test_generator_gives_up(void)
{
    struct session_memory m;
    struct sap_session *s = session_new(&m, 16384, 2);
    CHECK_EQ_STR(ask(s, "NEW 149 59 4407 1912984910 NOGUESS\n"), "OK 149 59 4407\n");
    CHECK_EQ_STR(ask(s, "1 10 9\n"), gave_up(2));
    CHECK_EQ_STR(ask(s, "STATS\n"),
                 "ERR no mines yet: a random board lays them at the first left click\n");
    CHECK_EQ_STR(ask(s, "2 1 1\n"), "RUNNING: [<1, 1, P>]\n");
    CHECK_EQ_STR(ask(s, "0\n"), "QUIT\n");
    /* a board within its allowance is made as ever */
    sap_session_set_allowance(s, SAP_SESSION_ALLOWANCE);
    CHECK_EQ_STR(ask(s, "NEW 9 9 10 1049 NOGUESS\n"), "OK 9 9 10\n");
    CHECK(strncmp(ask(s, "1 5 5\n"), "RUNNING: [", 10) == 0);
    session_end(s, &m);
}

/* A no-guess click at allowance `per_cell`, on a fresh session: true when
 * it was played; else it gave up, and then nothing may have changed: no
 * mines, and the same click, with no allowance, is played. */
static bool click_within(uint32_t per_cell)
{
    struct session_memory m;
    struct sap_session *s = session_new(&m, 1000, per_cell);
    bool played;
    CHECK_EQ_STR(ask(s, "NEW 300 300 9000 17 NOGUESS\n"), "OK 300 300 9000\n");
    played = strncmp(ask(s, "1 150 150\n"), "RUNNING: [", 10) == 0;
    if (!played) {
        CHECK_EQ_STR(reply, gave_up(per_cell));
        CHECK_EQ_STR(ask(s, "STATS\n"),
                     "ERR no mines yet: a random board lays them at the first left click\n");
        CHECK_EQ_STR(ask(s, "2 1 1\n"), "RUNNING: [<1, 1, P>]\n");
        CHECK_EQ_STR(ask(s, "2 1 1\n"), "RUNNING: [<1, 1, ?>]\n");
        CHECK_EQ_STR(ask(s, "2 1 1\n"), "RUNNING: [<1, 1, _>]\n");
        sap_session_set_allowance(s, 0);
        CHECK(strncmp(ask(s, "1 150 150\n"), "RUNNING: [", 10) == 0);
    }
    session_end(s, &m);
    return played;
}

/* A no-guess board is given up only while it is being made, never while
 * it is laid into the game (90,000 cells, a step each: a window one
 * allowance step wide, so the allowances around the least that plays
 * would catch a give-up half way). */
static void test_layout_is_never_given_up(void)
{
    uint32_t low = 0, high = 1u << 16, a; /* click_within(high), not (low) */
    CHECK(click_within(high));
    while (high - low > 1) {
        uint32_t mid = low + (high - low) / 2;
        if (click_within(mid))
            high = mid;
        else
            low = mid;
    }
    for (a = high > 2 ? high - 2 : 1; a <= high + 2; a++)
        CHECK_EQ_INT(click_within(a), a >= high);
}

/* The allowance is per cell of the request's board: a 400 x 400 CASUAL
 * board is answered with P steps a cell where P * 65,536 steps (what a
 * small board gets) would not do.  With no budget to speak of, a request
 * is done in one call, and never given up. */
static void test_allowance_grows_with_the_board(void)
{
    struct session_memory m;
    struct sap_session *s = session_new(&m, 1000, 0);
    static char board[400 * 401 + 32];
    char *at = board + sprintf(board, "CASUAL 400 400\n");
    uint32_t seed = 7, r, c, per_cell;
    uint64_t steps;
    for (r = 0; r < 400; r++) {
        for (c = 0; c < 400; c++) {
            seed = seed * 1664525u + 1013904223u;
            *at++ = (seed >> 24) % 7 == 0 ? 'M' : '.';
        }
        *at++ = '\n';
    }
    *at = '\0';
    steps = steps_taken(s, board, 1000);
    per_cell = (uint32_t)((steps + 159999u) / 160000u);
    /* given up once the calls before one have had more than the allowance:
     * a small board's allowance at per_cell would not do, one a cell not */
    CHECK((uint64_t)per_cell * SAP_ALLOWANCE_MIN_CELLS + 1000u < steps);
    CHECK(160000u + 1000u < steps);
    sap_session_set_allowance(s, per_cell);
    CHECK(strncmp(ask(s, board), "ERR", 3) != 0);
    sap_session_set_allowance(s, 1);
    CHECK_EQ_STR(ask(s, board), gave_up(1));
    CHECK_EQ_STR(ask(s, "CASUAL 1 2\nM.\n"), "0 1 2\n"); /* the session goes on */
    sap_session_set_budget(s, SAP_BUDGET_UNLIMITED);
    CHECK(strncmp(ask(s, board), "ERR", 3) != 0);
    session_end(s, &m);
}

/* HINT and PROB give up without a word changed; STATS too.  With no
 * allowance (0) the same requests are answered.  The first deduction on
 * a game reads the whole board into the deduction kept beside it, more
 * than a step a cell: HINT on one game, PROB on a second.  (Once the kept
 * one is made, PROB's pass over it costs a few steps an unsettled cell,
 * well inside the allowance.) */
static void test_deduction_gives_up(void)
{
    struct session_memory m;
    struct sap_session *s = session_new(&m, 64, 1);
    const char *requests[] = { "HINT\n", "PROB\n" };
    char *before;
    int i;
    for (i = 0; i < 2; i++) {
        CHECK_EQ_STR(ask(s, "NEW 300 300 13500 5\n"), "OK 300 300 13500\n");
        CHECK(strncmp(ask(s, "1 150 150\n"), "RUNNING: [", 10) == 0);
        before = strdup(ask(s, "SHOW\n"));
        CHECK(strncmp(ask(s, requests[i]), "ERR gave up after ", 18) == 0);
        CHECK(strncmp(ask(s, "STATS\n"), "ERR gave up after ", 18) == 0);
        CHECK_EQ_STR(ask(s, "SHOW\n"), before);
        free(before);
    }
    sap_session_set_allowance(s, 0);
    CHECK(strncmp(ask(s, "HINT\n"), "ERR", 3) != 0);
    CHECK(strncmp(ask(s, "PROB\n"), "ERR", 3) != 0);
    CHECK(strncmp(ask(s, "STATS\n"), "3BV ", 4) == 0);
    session_end(s, &m);
}

/* An opening spreading over a big board is never given up: its work is
 * bounded by the board, and stopping it half way would change the game. */
static void test_opening_is_never_given_up(void)
{
    struct session_memory m;
    struct sap_session *s = session_new(&m, 64, 1);
    const char *r;
    CHECK_EQ_STR(ask(s, "NEW 200 200 0 1\n"), "OK 200 200 0\n");
    r = ask(s, "1 1 1\n");
    CHECK(strncmp(r, "RUNNING: [<1, 1, 0>", 19) == 0);
    CHECK(strlen(r) > 5 && strcmp(r + strlen(r) - 5, "\nWIN\n") == 0);
    session_end(s, &m);
}

int main(void)
{
    reply = malloc(REPLY_CAP);
    if (reply == NULL)
        return 1;
    RUN_TEST(test_generator_gives_up);
    RUN_TEST(test_allowance_grows_with_the_board);
    RUN_TEST(test_deduction_gives_up);
    RUN_TEST(test_opening_is_never_given_up);
    RUN_TEST(test_layout_is_never_given_up);
    free(reply);
    return check_summary("test_session_allowance");
}
