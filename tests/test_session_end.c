/*
 * test_session_end.c - where the replies of unfixed length stop: JUDGE,
 * HELP, VIEW, VIEW PROB and PLAY end with the line END, and a reply whose
 * first line is ERR is that line alone, also when the ERR comes from work
 * the request did after it was taken (core/PROTOCOL.md, "Replies that end
 * with END").  One table lists every path of each of those requests that
 * ends in an ERR, and a success of each, with the whole reply expected;
 * each row runs on a fresh session (after the requests that set it up),
 * polled 4096 bytes and 1 byte at a time, and at a budget of 7 steps a
 * call, and the next reply must start right after it.  The rule itself is
 * asserted on every reply.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"
#include "sapper.h"

/* ---- memory: WORK blocks granted a given number of times ---------------- */

#define GRANT_ALL UINT32_MAX

struct gate {
    struct sap_memory memory;
    struct session_memory heap; /* the blocks themselves, counted */
    uint32_t work_grants;       /* WORK blocks still granted */
};

static void *gate_acquire(void *context, size_t bytes, enum sap_memory_purpose purpose)
{
    struct gate *g = context;
    if (purpose == SAP_MEMORY_WORK) {
        if (g->work_grants == 0)
            return NULL;
        if (g->work_grants != GRANT_ALL)
            g->work_grants--;
    }
    return g->heap.memory.acquire(g->heap.memory.context, bytes, purpose);
}

static void gate_release(void *context, void *block, enum sap_memory_purpose purpose)
{
    struct gate *g = context;
    g->heap.memory.release(g->heap.memory.context, block, purpose);
}

static void gate_init(struct gate *g)
{
    session_memory_init(&g->heap);
    g->memory.acquire = gate_acquire;
    g->memory.release = gate_release;
    g->memory.context = g;
    g->work_grants = GRANT_ALL;
}

/* ---- the position too big to work out exactly --------------------------- */

/* 120 x 120: every cell of an odd row and an odd column (1-based) safe and
 * opened by a click, 30 % mines among the others.  Its unsettled cells
 * are past the deduction's workspace: PROB and VIEW PROB refuse it, HINT
 * names a move all the same. */
static char *too_big_position(void)
{
    enum { N = 120 };
    size_t cap = 64 + (size_t)N * (N + 1) + (size_t)(N / 2) * (N / 2) * 12, length = 0;
    char *text = malloc(cap);
    uint32_t state = 12345u, r, c;
    if (text == NULL)
        abort();
    length += (size_t)snprintf(text + length, cap - length, "NEW %d %d\n", N, N);
    for (r = 1; r <= N; r++) {
        for (c = 1; c <= N; c++) {
            bool safe;
            state = state * 1664525u + 1013904223u;
            safe = (r % 2u == 1u && c % 2u == 1u) || (state >> 8) % 100u >= 30u;
            text[length++] = safe ? '_' : '*';
        }
        text[length++] = '\n';
    }
    for (r = 1; r <= N; r += 2)
        for (c = 1; c <= N; c += 2)
            length += (size_t)snprintf(text + length, cap - length, "1 %u %u\n", (unsigned)r,
                                       (unsigned)c);
    text[length] = '\0';
    return text;
}

static char *big;

/* ---- the table ------------------------------------------------------------ */

#define BIG "(the position too big to work out)"

/* Row flags. */
#define NO_WORK 0x1u  /* no WORK block is granted (after the setup) */
#define ONE_WORK 0x2u /* one WORK block is granted, then none */
#define AT_EOF 0x4u   /* the input ends right after the request's lines */
#define TAIL 0x8u     /* `want` is how the reply ends (a long one) */

struct row {
    const char *request; /* the request, as the README names it */
    const char *path;    /* what happens */
    const char *setup;   /* lines sent first, their replies dropped; BIG */
    const char *input;   /* the request's lines, a JUDGE stream's with them */
    const char *want;    /* the whole reply (TAIL: its end) */
    uint32_t allowance;  /* steps a cell; 0: the session's default */
    unsigned flags;
};

static const char gave_up[] =
    "ERR gave up after its allowance of work (1 steps a cell); nothing changed\n";
static const char no_memory[] = "ERR not enough memory for this board\n";

#define USAGE_JUDGE "ERR usage: JUDGE BOOM|CASUAL|MASTER|NURIKABE\n"
#define RUNNING_300 /* the first click of NEW 300 300 36000 2 */                               \
    "RUNNING: [<2, 2, 3>, <2, 3, 2>, <2, 4, 3>, <3, 2, 1>, <3, 3, 0>, <3, 4, 1>, <4, 2, 2>, "  \
    "<4, 3, 2>, <4, 4, 2>]\n"
#define RUNNING_30 /* the first click of NEW 30 30 300 2 */                                    \
    "RUNNING: [<2, 2, 3>, <2, 3, 1>, <2, 4, 3>, <3, 2, 2>, <3, 3, 0>, <3, 4, 1>, <4, 2, 2>, "  \
    "<4, 3, 1>, <4, 4, 1>]\n"

static const struct row rows[] = {
    /* HELP */
    { "HELP", "a word after it", "", "HELP me\n", "ERR usage: HELP\n", 0, 0 },
    { "HELP", "the list", "", "HELP\n",
      "HELP: this list, then END\nBYE: close the session\n"
      "RESUME <token>: take over the game of a connection that dropped\nEND\n",
      0, TAIL },
    /* VIEW */
    { "VIEW", "no game", "", "VIEW\n", "ERR no game: start one with NEW\n", 0, 0 },
    { "VIEW", "a word but PROB", "NEW 2 2 1 1\n", "view x\n", "ERR usage: VIEW [PROB]\n", 0,
      0 },
    { "VIEW", "two words", "NEW 2 2 1 1\n", "VIEW PROB X\n", "ERR usage: VIEW [PROB]\n", 0, 0 },
    { "VIEW", "a game", "NEW 2 2 1 1\n", "VIEW\n",
      "  1 2\n1 # #\n2 # #\nmines left 1 of 1  clicks 0  not started\nEND\n", 0, 0 },
    { "VIEW", "a game over", "NEW 2 2\n*_\n__\n1 1 1\n", "VIEW\n",
      "  1 2\n1 @ #\n2 # #\nmines left 1 of 1  clicks 1  lost\nEND\n", 0, 0 },
    /* VIEW PROB */
    { "VIEW PROB", "no game", "", "VIEW PROB\n", "ERR no game: start one with NEW\n", 0, 0 },
    { "VIEW PROB", "the position too big to work out", BIG, "VIEW PROB\n",
      "ERR the position is too big to work out exactly\n", 0, 0 },
    { "VIEW PROB", "past its allowance", BIG, "VIEW PROB\n", gave_up, 1, 0 },
    { "VIEW PROB", "no memory for its deduction", "NEW 2 2\n*_\n__\n1 2 2\n", "VIEW PROB\n",
      no_memory, 0, NO_WORK },
    { "VIEW PROB", "before the first click", "NEW 2 2 1 1\n", "VIEW PROB\n",
      "   1  2\n1 ok ok\n2 ok ok\nmines left 1 of 1  clicks 0  not started\nEND\n", 0, 0 },
    { "VIEW PROB", "a game", "NEW 2 2\n*_\n__\n1 2 2\n", "VIEW PROB\n",
      "   1  2\n1 33 33\n2 33  1\nmines left 1 of 1  clicks 1  playing\nEND\n", 0, 0 },
    { "VIEW PROB", "a game won", "NEW 2 2\n*_\n__\n1 2 2\n1 1 2\n1 2 1\n", "VIEW PROB\n",
      "ERR the game is won: NEW starts another\n", 0, 0 },
    { "VIEW PROB", "a game lost", "NEW 2 2\n*_\n__\n1 1 1\n", "VIEW PROB\n",
      "ERR the game is lost: NEW starts another\n", 0, 0 },
    /* PLAY */
    { "PLAY", "no game", "", "PLAY\n", "ERR no game: start one with NEW\n", 0, 0 },
    { "PLAY", "n of 0", "NEW 2 2 1 1\n", "PLAY 0\n", "ERR usage: PLAY [<n>], n at least 1\n", 0,
      0 },
    { "PLAY", "n not a number", "NEW 2 2 1 1\n", "PLAY x\n", "ERR 'x' is not a number\n", 0,
      0 },
    { "PLAY", "n too large", "NEW 2 2 1 1\n", "PLAY 99999999999\n",
      "ERR '99999999999' is too large: numbers go up to 4294967295\n", 0, 0 },
    { "PLAY", "two words", "NEW 2 2 1 1\n", "PLAY 1 2\n", "ERR usage: PLAY [<n>]\n", 0, 0 },
    { "PLAY", "a game over", "NEW 2 2\n*_\n__\n1 1 1\n", "PLAY\n", "END\n", 0, 0 },
    { "PLAY", "the first move's HINT past its allowance", BIG, "PLAY\n", gave_up, 1, 0 },
    { "PLAY", "the first move's HINT past its allowance, after a click",
      "NEW 300 300 36000 2\n1 3 3\n", "PLAY\n", gave_up, 1, 0 },
    { "PLAY", "a later move's HINT past its allowance", "NEW 300 300 36000 2\n", "PLAY\n",
      "1 3 3\n" RUNNING_300 "ERR gave up after its allowance of work (1 steps a cell); nothing "
      "changed\nEND\n",
      1, 0 },
    { "PLAY", "no memory for the first move's HINT", "NEW 2 2\n*_\n__\n1 2 2\n", "PLAY\n",
      no_memory, 0, NO_WORK },
    { "PLAY", "no memory for a later move's HINT", "NEW 30 30 300 2\n", "PLAY\n",
      "1 3 3\n" RUNNING_30 "ERR not enough memory for this board\nEND\n", 0, NO_WORK },
    { "PLAY", "no memory for a no-guess layout", "NEW 9 9 10 1 NOGUESS\n", "PLAY\n",
      "1 3 3\nERR not enough memory for this board\nEND\n", 0, NO_WORK },
    { "PLAY", "no memory for a no-guess layout, its cell's flag cycled first",
      "NEW 9 9 10 1 NOGUESS\n2 3 3\n", "PLAY\n",
      "2 3 3\nRUNNING: [<3, 3, ?>]\n1 3 3\nERR not enough memory for this board\nEND\n", 0,
      NO_WORK },
    { "PLAY", "no no-guess layout found", "NEW 4 4 14 1 NOGUESS\n", "PLAY\n",
      "1 3 3\nERR no no-guess board found within 10000 tries; no mines laid (fewer mines may "
      "do)\nEND\n",
      0, 0 },
    { "PLAY", "no casual layout found", "NEW 4 4 14 1 CASUAL\n", "PLAY\n",
      "1 3 3\nERR no casual board found within 10000 tries; no mines laid (fewer mines may "
      "do)\nEND\n",
      0, 0 },
    { "PLAY", "a no-guess layout past its allowance", "NEW 300 300 100 1 NOGUESS\n", "PLAY\n",
      "1 3 3\nERR gave up after its allowance of work (1 steps a cell); nothing changed\nEND\n",
      1, 0 },
    { "PLAY", "n moves", "NEW 3 3\n___\n___\n__*\n2 1 3\n1 1 1\n", "PLAY 1\n",
      "2 1 3\nRUNNING: [<1, 3, ?>]\nEND\n", 0, 0 },
    { "PLAY", "to the game's end", "NEW 3 3\n___\n___\n__*\n2 1 3\n1 1 1\n", "PLAY\n",
      "2 1 3\nRUNNING: [<1, 3, ?>]\n1 1 3\nRUNNING: [<1, 3, 0>]\nWIN\nEND\n", 0, 0 },
    /* JUDGE: the request line */
    { "JUDGE", "no format", "", "JUDGE\n", USAGE_JUDGE, 0, 0 },
    { "JUDGE", "two words", "", "JUDGE BOOM CASUAL\n", USAGE_JUDGE, 0, 0 },
    { "JUDGE", "an unknown format", "", "JUDGE CHESS\n",
      "ERR unknown format 'CHESS': JUDGE BOOM|CASUAL|MASTER|NURIKABE\n", 0, 0 },
    /* JUDGE BOOM */
    { "JUDGE BOOM", "malformed at its first line, the rest of the line dropped", "",
      "JUDGE BOOM\nx HELP\n", "ERR boom line 1: expected a non-negative number\n", 0, 0 },
    { "JUDGE BOOM", "malformed before any output", "", "JUDGE BOOM\n1\n2 3\n_*_\n__\n",
      "ERR boom line 4: row 2 has 2 cells, fewer than the board's 3\n", 0, 0 },
    { "JUDGE BOOM", "malformed after output", "", "JUDGE BOOM\n1\n1 2\n_*\n1 1 1\n1 3 1\n",
      "RUNNING: [<1, 1, 1>]\nWIN\nERR boom line 5: x 3 is outside the board's 1 rows\nEND\n", 0,
      0 },
    { "JUDGE BOOM", "input ends before any output", "", "JUDGE BOOM\n1\n",
      "ERR boom line 2: input ended before the board size of game 1\n", 0, AT_EOF },
    { "JUDGE BOOM", "input ends after output", "", "JUDGE BOOM\n2\n1 1\n*\n1 1 1\n0\n",
      "LOSE\n==========\nERR boom line 6: input ended before the board size of game 2\nEND\n",
      0, AT_EOF },
    { "JUDGE BOOM", "no memory before any output", "", "JUDGE BOOM\n1\n2 2\n",
      "ERR boom line 2: not enough memory for this board\n", 0, NO_WORK },
    { "JUDGE BOOM", "no memory after output", "", "JUDGE BOOM\n2\n1 1\n_\n0\n1 1\n",
      "QUIT\n==========\nERR boom line 5: not enough memory for this board\nEND\n", 0,
      ONE_WORK },
    { "JUDGE BOOM", "no games", "", "JUDGE BOOM\n0\n", "END\n", 0, 0 },
    { "JUDGE BOOM", "a game", "", "JUDGE BOOM\n1\n1 1\n_\n1 1 1\n0\n",
      "RUNNING: [<1, 1, 0>]\nWIN\nEND\n", 0, 0 },
    /* JUDGE CASUAL */
    { "JUDGE CASUAL", "malformed at its first line", "", "JUDGE CASUAL\nx\n",
      "ERR casual line 1: expected a non-negative number\n", 0, 0 },
    { "JUDGE CASUAL", "malformed before any output", "", "JUDGE CASUAL\n2 2\n..\n.x\n",
      "ERR casual line 3: row 2 holds 'x': cells are 'M' or '.'\n", 0, 0 },
    { "JUDGE CASUAL", "malformed after output", "", "JUDGE CASUAL\n1 1\n.\n2 2\n.x\n",
      "0\nERR casual line 4: row 1 holds 'x': cells are 'M' or '.'\nEND\n", 0, 0 },
    { "JUDGE CASUAL", "input ends before any output", "", "JUDGE CASUAL\n2 2\n..\n",
      "ERR casual line 3: input ends after 1 rows of a board\n", 0, AT_EOF },
    { "JUDGE CASUAL", "input ends after output", "", "JUDGE CASUAL\n1 1\n.\n",
      "0\nERR casual line 3: input ends without the closing \"0 0\"\nEND\n", 0, AT_EOF },
    { "JUDGE CASUAL", "no memory before any output", "", "JUDGE CASUAL\n2 2\n",
      "ERR casual line 1: not enough memory for this board\n", 0, NO_WORK },
    { "JUDGE CASUAL", "no memory after output", "", "JUDGE CASUAL\n1 1\n.\n1 1\n",
      "0\nERR casual line 3: not enough memory for this board\nEND\n", 0, ONE_WORK },
    { "JUDGE CASUAL", "no boards", "", "JUDGE CASUAL\n0 0\n", "END\n", 0, 0 },
    { "JUDGE CASUAL", "a board", "", "JUDGE CASUAL\n1 2\n.M\n0 0\n", "0\nEND\n", 0, 0 },
    /* JUDGE MASTER */
    { "JUDGE MASTER", "malformed at its first line", "", "JUDGE MASTER\nx\n",
      "ERR master line 1: expected a non-negative number\n", 0, 0 },
    { "JUDGE MASTER", "malformed before any output", "", "JUDGE MASTER\n1\n0 3 1\n",
      "ERR master line 2: R must be at least 1\n", 0, 0 },
    { "JUDGE MASTER", "malformed after output", "", "JUDGE MASTER\n2\n1 1 0\n2 x 0\n",
      "Case #1:\nc\nERR master line 3: expected a non-negative number\nEND\n", 0, 0 },
    { "JUDGE MASTER", "input ends before any output", "", "JUDGE MASTER\n",
      "ERR master line 1: input ended before the number of cases T\n", 0, AT_EOF },
    { "JUDGE MASTER", "input ends after output", "", "JUDGE MASTER\n2\n1 1 0\n",
      "Case #1:\nc\nERR master line 3: input ended before case 2 was complete\nEND\n", 0,
      AT_EOF },
    { "JUDGE MASTER", "no cases", "", "JUDGE MASTER\n0\n", "END\n", 0, 0 },
    { "JUDGE MASTER", "a case", "", "JUDGE MASTER\n1\n1 2 1\n", "Case #1:\nc*\nEND\n", 0, 0 },
    /* JUDGE NURIKABE */
    { "JUDGE NURIKABE", "malformed at its first line", "", "JUDGE NURIKABE\nx\n",
      "ERR nurikabe line 1: expected a non-negative number\n", 0, 0 },
    { "JUDGE NURIKABE", "malformed before any output", "", "JUDGE NURIKABE\n1\n2 2 0\n..\n.x\n",
      "ERR nurikabe line 4: row 2 holds 'x': cells are '#' or '.'\n", 0, 0 },
    { "JUDGE NURIKABE", "malformed after output", "", "JUDGE NURIKABE\n2\n1 1 0\n#\n1 x\n",
      "solved\nERR nurikabe line 4: expected a non-negative number\nEND\n", 0, 0 },
    { "JUDGE NURIKABE", "input ends before any output", "", "JUDGE NURIKABE\n",
      "ERR nurikabe line 1: input ended before the number of grids t\n", 0, AT_EOF },
    { "JUDGE NURIKABE", "input ends after output", "", "JUDGE NURIKABE\n2\n1 1 0\n#\n",
      "solved\nERR nurikabe line 4: input ended before grid 2 was complete\nEND\n", 0, AT_EOF },
    { "JUDGE NURIKABE", "no memory before any output", "", "JUDGE NURIKABE\n1\n2 2 0\n",
      "ERR nurikabe line 2: not enough memory for this board\n", 0, NO_WORK },
    { "JUDGE NURIKABE", "no memory after output", "", "JUDGE NURIKABE\n2\n1 1 0\n#\n1 1 0\n",
      "solved\nERR nurikabe line 4: not enough memory for this board\nEND\n", 0, ONE_WORK },
    { "JUDGE NURIKABE", "no grids", "", "JUDGE NURIKABE\n0\n", "END\n", 0, 0 },
    { "JUDGE NURIKABE", "a grid", "", "JUDGE NURIKABE\n1\n1 1 0\n#\n", "solved\nEND\n", 0, 0 },
};

/* ---- running a row -------------------------------------------------------- */

/* The reply to the row's lines on a fresh session set up by its setup
 * (then `after`, unless the row ends the input), polled `cap` bytes at a
 * time at `budget` steps a call (0: the default). */
static char *run(const struct row *r, const char *after, size_t cap, uint32_t budget)
{
    struct gate g;
    struct sap_session *s = malloc(sizeof *s);
    struct session_output o = { 0 };
    const char *setup = strcmp(r->setup, BIG) == 0 ? big : r->setup;
    size_t length = strlen(r->input) + strlen(after) + 1;
    char *input = malloc(length);
    bool eof = (r->flags & AT_EOF) != 0;
    if (s == NULL || input == NULL)
        abort();
    snprintf(input, length, "%s%s", r->input, eof ? "" : after);
    gate_init(&g);
    CHECK_EQ_INT(sap_session_init(s, &g.memory), SAP_OK);
    if (budget != 0)
        sap_session_set_budget(s, budget);
    if (r->allowance != 0)
        sap_session_set_allowance(s, r->allowance);
    CHECK_EQ_INT(session_drive(s, setup, strlen(setup), 0, 4096, false, &o), strlen(setup));
    CHECK(strstr(o.text.bytes, "ERR") == NULL); /* the setup is what it says */
    o.text.length = 0;
    g.work_grants = (r->flags & NO_WORK) ? 0u : (r->flags & ONE_WORK) ? 1u : GRANT_ALL;
    CHECK_EQ_INT(session_drive(s, input, strlen(input), 0, cap, eof, &o), strlen(input));
    CHECK(!o.stuck);
    sap_session_release(s);
    CHECK_EQ_INT(g.heap.held_bytes, 0);
    free(s);
    free(input);
    return o.text.bytes;
}

/* The rule: a reply whose first line is ERR is that line alone; any other
 * ends with END. */
static bool follows_the_rule(const char *reply)
{
    size_t length = strlen(reply);
    if (strncmp(reply, "ERR ", 4) == 0)
        return strchr(reply, '\n') == reply + length - 1;
    return length >= 4 && strcmp(reply + length - 4, "END\n") == 0
           && (length == 4 || reply[length - 5] == '\n');
}

static bool reply_is(const struct row *r, const char *got)
{
    size_t length = strlen(got), want = strlen(r->want);
    if (r->flags & TAIL)
        return length >= want && strcmp(got + length - want, r->want) == 0;
    return strcmp(got, r->want) == 0;
}

/* Every row of `request`: its reply
 * whole, the rule, the same bytes polled a byte at a time and at a budget
 * of 7 steps a call, and the next request's reply right after it.  Returns
 * how many of them end in an ERR. */
static unsigned check_rows(const char *request)
{
    static const char after[] = "HELP me\n", after_reply[] = "ERR usage: HELP\n";
    unsigned errors = 0;
    size_t i;
    for (i = 0; i < sizeof rows / sizeof *rows; i++) {
        const struct row *r = &rows[i];
        bool eof = (r->flags & AT_EOF) != 0;
        char *got, *bytes;
        size_t length, tail = eof ? 0 : sizeof after_reply - 1;
        if (strcmp(r->request, request) != 0)
            continue;
        errors += strstr(r->want, "ERR ") != NULL;
        got = run(r, after, 4096, 0);
        length = strlen(got);
        if (!CHECK(length >= tail && strcmp(got + length - tail, eof ? "" : after_reply) == 0))
            fprintf(stderr, "    %s, %s: the next request's reply does not follow it\n",
                    r->request, r->path);
        got[length - tail] = '\0';
        if (!CHECK(reply_is(r, got)))
            fprintf(stderr, "    %s, %s:\n--- got ---\n%s--- expected ---\n%s", r->request,
                    r->path, got, r->want);
        if (!CHECK(follows_the_rule(got)))
            fprintf(stderr, "    %s, %s: breaks the rule\n", r->request, r->path);
        bytes = run(r, after, 1, 0);
        if (!CHECK(strlen(bytes) == length && strncmp(bytes, got, length - tail) == 0))
            fprintf(stderr, "    %s, %s: 1-byte polls differ\n", r->request, r->path);
        free(bytes);
        if (strcmp(r->setup, BIG) != 0) { /* (a budget of 7 on it: too slow) */
            bytes = run(r, after, 4096, 7);
            if (!CHECK(strlen(bytes) == length && strncmp(bytes, got, length - tail) == 0))
                fprintf(stderr, "    %s, %s: a budget of 7 differs\n", r->request, r->path);
            free(bytes);
        }
        free(got);
    }
    return errors;
}

static void test_help(void)
{
    CHECK(check_rows("HELP") >= 1);
}

static void test_view_and_view_prob(void)
{
    CHECK(check_rows("VIEW") >= 3);
    CHECK(check_rows("VIEW PROB") >= 4);
}

static void test_play(void)
{
    CHECK(check_rows("PLAY") >= 10);
}

static void test_judge(void)
{
    CHECK(check_rows("JUDGE") >= 3);
    CHECK(check_rows("JUDGE BOOM") >= 5);
    CHECK(check_rows("JUDGE CASUAL") >= 5);
    CHECK(check_rows("JUDGE MASTER") >= 4);
    CHECK(check_rows("JUDGE NURIKABE") >= 5);
}

/* The too-big position is one: PROB refuses it as VIEW PROB does, HINT
 * names a move there. */
static void test_too_big_position(void)
{
    struct row r = { "PROB",
                     "the position too big to work out",
                     BIG,
                     "PROB\n",
                     "ERR the position is too big to work out exactly\n",
                     0,
                     0 };
    char *got = run(&r, "", 4096, 0);
    CHECK_EQ_STR(got, r.want);
    free(got);
    r.input = "HINT\n";
    got = run(&r, "", 4096, 0);
    CHECK(strncmp(got, "SAFE ", 5) == 0 || strncmp(got, "MINE ", 5) == 0);
    free(got);
}

int main(void)
{
    big = too_big_position();
    RUN_TEST(test_too_big_position);
    RUN_TEST(test_help);
    RUN_TEST(test_view_and_view_prob);
    RUN_TEST(test_play);
    RUN_TEST(test_judge);
    free(big);
    return check_summary("test_session_end");
}
