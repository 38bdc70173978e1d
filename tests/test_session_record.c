/*
 * test_session_record.c - the record hook (sap_session_set_record), in
 * process, as sapperd's journal uses it:
 *
 *   - a game's start and its changes, heard by the hook and written back
 *     as request lines, make through a fresh session the same game: the
 *     same SHOW and VIEW, for a random board (its mines laid at the first
 *     click), a no-guess board (laid by the generator), a board given row
 *     by row, a position typed with ANALYZE and edited with CELL and MINES,
 *     and moves made by PLAY;
 *   - each move is heard before any byte of its reply is polled, also
 *     when the moves come pipelined in one chunk;
 *   - what changes nothing (an ERR, an INVALID click, a refused edit) is
 *     not heard; 0 and a new game end the record;
 *   - a session without a hook, and one whose hook is taken away, run as
 *     before.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/session_drive.h"

/* The hook's side: the game as request lines, and what had been polled
 * when each change was heard. */
struct recorder {
    const struct sap_session *session;
    char script[1 << 17];
    size_t length;
    int games, moves, ends, edits;
    size_t polled;       /* reply bytes polled so far (the driver counts) */
    size_t heard_at[64]; /* ... when each move was heard */
    int heard;
};

static void add(struct recorder *r, const char *format, unsigned a, unsigned b, unsigned c)
{
    int n = snprintf(r->script + r->length, sizeof r->script - r->length, format, a, b, c);
    if (n > 0)
        r->length += (size_t)n;
}

static void on_record(void *context, const struct sap_record *e)
{
    struct recorder *r = context;
    const sap_game *g = sap_session_game(r->session);
    unsigned rows, cols, row, col;
    static const char *const levels[] = { "", " CASUAL", " NOGUESS" };

    switch (e->kind) {
    case SAP_RECORD_GAME:
        r->games++;
        r->length = 0;
        rows = sap_game_rows(g);
        cols = sap_game_cols(g);
        if (!sap_game_mines_laid(g)) {
            r->length = (size_t)snprintf(r->script, sizeof r->script, "NEW %u %u %u %u%s\n",
                                         rows, cols, sap_game_mines(g), (unsigned)e->value,
                                         levels[e->op]);
            break;
        }
        if (sap_game_is_position(g))
            add(r, "ANALYZE %u %u %u\n", rows, cols, sap_game_mines(g));
        else
            add(r, "NEW %u %u\n", rows, cols, 0);
        for (row = 0; row < rows; row++) {
            for (col = 0; col < cols; col++)
                r->script[r->length++] = sap_game_is_position(g) ? sap_game_cell(g, row, col)
                                         : sap_game_mine_at(g, row, col) ? '*'
                                                                         : '_';
            r->script[r->length++] = '\n';
        }
        r->script[r->length] = '\0';
        break;
    case SAP_RECORD_MOVE:
        r->moves++;
        if (r->heard < 64)
            r->heard_at[r->heard++] = r->polled;
        add(r, "%u %u %u\n", (unsigned)e->op, e->x, e->y);
        break;
    case SAP_RECORD_CELL:
        r->edits++;
        add(r, "CELL %u %u %c\n", e->x, e->y, (unsigned char)e->seen);
        break;
    case SAP_RECORD_MINES:
        r->edits++;
        add(r, "MINES %u\n", e->value, 0, 0);
        break;
    default:
        r->ends++;
        r->length = 0;
        r->script[0] = '\0';
        break;
    }
}

static char reply[1 << 17];

static const char *ask(struct sap_session *s, struct recorder *r, const char *request)
{
    const char *got = session_ask(s, request, reply, sizeof reply);
    if (r != NULL)
        r->polled += strlen(got);
    return got;
}

/* SHOW then VIEW of the session's game, into out. */
static void picture(struct sap_session *s, char *out, size_t cap)
{
    snprintf(out, cap, "%s", ask(s, NULL, "SHOW\n"));
    snprintf(out + strlen(out), cap - strlen(out), "%s", ask(s, NULL, "VIEW\n"));
}

/* Plays `requests` (one a line) on a session with the hook; then the
 * recorded lines through a fresh session give the same picture. */
static void check_replays(const char *name, const char *requests, struct recorder *r)
{
    struct session_memory m;
    struct sap_session s, again;
    static char first[1 << 17], second[1 << 17], line[4096];
    const char *at = requests;

    session_memory_init(&m);
    memset(r, 0, sizeof *r);
    CHECK_EQ_INT(sap_session_init(&s, &m.memory), SAP_OK);
    r->session = &s;
    sap_session_set_record(&s, on_record, r);
    while (*at != '\0') {
        const char *end = strchr(at, '\n');
        size_t n = end != NULL ? (size_t)(end - at) + 1u : strlen(at);
        memcpy(line, at, n);
        line[n] = '\0';
        (void)ask(&s, r, line);
        at += n;
    }
    picture(&s, first, sizeof first);
    CHECK_EQ_INT(sap_session_init(&again, &m.memory), SAP_OK);
    (void)ask(&again, NULL, r->script);
    picture(&again, second, sizeof second);
    if (strcmp(first, second) != 0)
        printf("%s: the replay differs\n%s\n--- replayed ---\n%s\n", name, first, second);
    CHECK_EQ_STR(second, first);
    sap_session_release(&s);
    sap_session_release(&again);
    CHECK_EQ_INT((int)m.held_bytes, 0);
}

static void test_random_boards(void)
{
    struct recorder *r = calloc(1, sizeof *r);

    check_replays("random", "NEW 16 30 99 5\n1 8 15\n2 1 1\n2 1 1\n2 2 2\n1 8 15\n", r);
    CHECK_EQ_INT(r->games, 1);
    CHECK_EQ_INT(r->moves, 5);
    check_replays("no-guess and PLAY", "NEW 16 30 99 7 NOGUESS\n1 8 15\nPLAY 12\n2 16 30\n", r);
    CHECK_EQ_INT(r->moves, 14);
    check_replays("casual", "NEW 9 9 10 3 CASUAL\n2 5 5\n2 5 5\n1 5 5\n3 5 5\n", r);
    CHECK_EQ_INT(r->moves, 4);
    free(r);
}

static void test_given_boards(void)
{
    struct recorder *r = calloc(1, sizeof *r);

    check_replays("rows", "NEW 3 4\n*___\n____\n___*\n2 1 1\n1 3 1\n", r);
    CHECK_EQ_INT(r->games, 1);
    CHECK_EQ_INT(r->moves, 2);
    /* MINES 2 does not fit the numbers: refused, and not heard */
    check_replays("position",
                  "ANALYZE 3 3 1\n01_\n01_\n01_\nCELL 1 3 1\nMINES 2\nMINES 1\n2 3 3\n", r);
    CHECK_EQ_INT(r->edits, 2);
    CHECK_EQ_INT(r->moves, 1);
    free(r);
}

/* What changes nothing is not heard; 0 and a new game end the record. */
static void test_not_heard(void)
{
    struct recorder *r = calloc(1, sizeof *r);

    check_replays("errors", "NEW 3 3 1 1\n1 9 9\n2 x 1\nSHOW\nHINT\n1 1 1\n", r);
    CHECK_EQ_INT(r->moves, 1);
    check_replays("a refused edit", "ANALYZE 2 2 1\n1_\n__\nCELL 1 2 8\nMINES 3\nCELL 1 2 1\n",
                  r);
    CHECK_EQ_INT(r->edits, 1);
    check_replays("a game over", "NEW 1 2\n*_\n1 1 2\n1 1 1\n2 1 1\n", r);
    CHECK_EQ_INT(r->moves, 1); /* the winning click; the INVALID ones are not */
    check_replays("0", "NEW 3 3 1 1\n1 2 2\n0\n", r);
    CHECK_EQ_INT(r->ends, 1);
    CHECK_EQ_INT((int)r->length, 0);
    check_replays("a second NEW", "NEW 3 3 1 1\n1 2 2\nNEW 4 4 2 9\n2 1 1\n", r);
    CHECK_EQ_INT(r->games, 2);
    CHECK_EQ_INT(r->moves, 2);
    free(r);
}

/* Pipelined moves in one chunk: each is heard before its reply's first
 * byte is polled, so a server that writes its record when it hears it has
 * written it before the reply can leave. */
static void test_heard_before_reply(void)
{
    struct recorder *r = calloc(1, sizeof *r);
    struct session_memory m;
    struct sap_session s;
    const char *moves = "2 1 1\n2 1 2\n2 1 3\n2 1 4\n2 1 5\n2 1 6\n";
    char out[7];
    size_t at = 0, n, length = strlen(moves), cut[8] = { 0 }, replies = 0, i;

    session_memory_init(&m);
    CHECK_EQ_INT(sap_session_init(&s, &m.memory), SAP_OK);
    r->session = &s;
    sap_session_set_record(&s, on_record, r);
    (void)ask(&s, r, "NEW 5 9 3 1\n");
    r->polled = 0;
    cut[0] = 0;
    while (at < length || sap_session_busy(&s)) {
        at += sap_session_sink(&s, moves + at, length - at);
        while ((n = sap_session_poll(&s, out, sizeof out)) > 0) {
            for (i = 0; i < n; i++)
                if (out[i] == '\n' && replies < 7)
                    cut[++replies] = r->polled + i + 1u;
            r->polled += n;
        }
    }
    CHECK_EQ_INT(r->heard, 6);
    CHECK_EQ_INT((int)replies, 6);
    for (i = 0; i < 6 && i < (size_t)r->heard; i++)
        CHECK_EQ_INT((int)r->heard_at[i], (int)cut[i]); /* reply i starts after */
    sap_session_set_record(&s, NULL, NULL);
    (void)ask(&s, NULL, "2 2 2\n");
    CHECK_EQ_INT(r->heard, 6);
    sap_session_release(&s);
    CHECK_EQ_INT((int)m.held_bytes, 0);
    free(r);
}

int main(void)
{
    RUN_TEST(test_random_boards);
    RUN_TEST(test_given_boards);
    RUN_TEST(test_not_heard);
    RUN_TEST(test_heard_before_reply);
    return check_summary("test_session_record");
}
